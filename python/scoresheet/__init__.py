"""Chess game scores in any notation and language, replayed and verified.

``scoresheet`` reads PGN archives, book pages, newspaper columns and
scoresheets in algebraic (any piece letters), figurine, long algebraic,
coordinate, ICCF numeric and descriptive notation; it replays every game
on a legal-move engine and gives each game's verified moves, the audit's
findings, and the game written out as PGN (or another notation).

>>> import scoresheet
>>> game = next(scoresheet.read_games("1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 *"))
>>> [m.san for m in game.moves]
['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']
>>> game.letters
'hu'
"""

from __future__ import annotations

import os
from typing import IO, Iterator, List, Optional, Union

from ._scoresheet import (
    Disagreement,
    Finding,
    Game,
    GameIterator,
    Move,
    Reconciliation,
    TagConflict,
    convert_many,
    game_splits,
    read_bytes,
    read_file,
    read_path,
)
from ._scoresheet import reconcile as _reconcile

__all__ = [
    "Disagreement",
    "Finding",
    "Game",
    "GameIterator",
    "Move",
    "Reconciliation",
    "TagConflict",
    "audit",
    "convert",
    "convert_many",
    "game_splits",
    "read_games",
    "reconcile",
    "to_chess",
]

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]


def _looks_like_path(source: object) -> bool:
    if isinstance(source, os.PathLike):
        return True
    return (
        isinstance(source, str)
        and "\n" not in source
        and len(source) < 4096
        and os.path.isfile(source)
    )


def read_games(
    source: Source,
    notation: Optional[str] = None,
    lang: Optional[str] = None,
    *,
    encoding: Optional[str] = None,
    repair: bool = False,
    to: str = "pgn",
    to_lang: str = "en",
) -> Iterator[Game]:
    """The games of a path, an open file, bytes or a text, in order.

    ``notation`` is ``None`` (detected per game) or one of ``san``,
    ``lan``, ``coord``, ``iccf``, ``descriptive``; ``lang`` the input's
    piece letters (``en``, ``hu``, ``de``, …; detected when ``None``);
    ``encoding`` a label such as ``windows-1250`` (detected when
    ``None``). With ``repair``, a game whose every mistake has one sure
    fix is written repaired. ``to`` and ``to_lang`` choose what
    :meth:`Game.output` holds. Games are read as the iterator is
    consumed, a batch at a time converted on all cores with the GIL
    released, so that an archive of any size streams through.
    """
    options = dict(notation=notation, lang=lang, encoding=encoding, repair=repair, to=to, to_lang=to_lang)
    if _looks_like_path(source):
        games = read_path(os.fspath(source), **options)
    elif isinstance(source, (bytes, bytearray)):
        games = read_bytes(bytes(source), **options)
    elif isinstance(source, str):
        games = read_bytes(source.encode("utf-8"), **options)
    elif hasattr(source, "read"):
        # Streamed a chunk at a time, as a path is.
        games = read_file(source, **options)
    else:
        raise TypeError(f"read_games takes a path, a file, bytes or a text, not {type(source).__name__}")
    return games


def convert(
    text: str,
    to: str = "pgn",
    to_lang: str = "en",
    *,
    notation: Optional[str] = None,
    lang: Optional[str] = None,
    repair: bool = False,
) -> str:
    """Every game of ``text`` written in ``to`` (``pgn``, ``san``,
    ``lan``, ``uci``, ``iccf``, ``descriptive``, ``figurine``, ``fen``,
    ``epd``, ``json``) with the piece letters of ``to_lang``.

    Raises ``ValueError`` naming the mistakes when a game cannot be
    converted.
    """
    games = list(read_games(text, notation, lang, repair=repair, to=to, to_lang=to_lang))
    rejected = [g for g in games if g.rejected]
    if rejected:
        problems = "; ".join(
            f"game {g.index}, ply {f.ply}: {f.message}"
            for g in rejected
            for f in g.findings
            if f.severity == "error"
        )
        raise ValueError(f"{len(rejected)} game(s) could not be converted: {problems}")
    return "".join(g.output() or "" for g in games)


def audit(source: Source, *, notation: Optional[str] = None, lang: Optional[str] = None) -> List[dict]:
    """The audit report of ``source`` as rows (dicts with the report's
    columns: file, game, line, column, byte_offset, white, black, ply,
    move_number, side, written, kind, message, fen_before, suggestion),
    ready for ``pandas.DataFrame``."""
    name = os.fspath(source) if _looks_like_path(source) else "-"
    rows: List[dict] = []
    for game in read_games(source, notation, lang):
        rows.extend(game.report_rows(name))
    return rows


def reconcile(a: str, b: str, *, notation: Optional[str] = None, lang: Optional[str] = None) -> Reconciliation:
    """Two copies of one game's scoresheet (both players' texts) read as
    the one game both record most nearly, as ``scoresheet reconcile``
    reads them, with the GIL released.

    ``notation`` and ``lang`` are as :func:`read_games` takes them
    (detected for each copy when ``None``). The answer has ``game`` (a
    :class:`Game`, its tags from both copies), ``pgn``,
    ``disagreements`` (one :class:`Disagreement` per half-move where the
    copies differ: ply, move_number, side, a_written, b_written, chosen,
    right ``A``/``B``/``neither``, reason, candidates; ``to_dict()`` for
    a row), ``tag_conflicts`` (:class:`TagConflict`: name, a, b; the
    game keeps A's) and ``agrees``.
    """
    for name, text in (("a", a), ("b", b)):
        if not isinstance(text, str):
            raise TypeError(f"reconcile takes two texts; {name} is {type(text).__name__}")
    return _reconcile(a, b, notation=notation, lang=lang)


def to_chess(game: Game):
    """``game`` as a ``chess.pgn.Game`` (needs python-chess)."""
    return game.to_chess()
