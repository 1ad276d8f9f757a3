"""Archives beyond one machine: scoresheet on Apache Spark.

:func:`read` turns PGN or text files (or a DataFrame of texts) into two
DataFrames: the games, verified, and the audit's findings, with the same
columns as the command line's report. Files are cut into splits where a
game starts, never inside one, so that a large archive is read by every
executor; each split is read with ``mapInPandas``, and the Rust reader
inside releases the GIL and uses the executor's cores.

>>> games, findings = scoresheet.spark.read("archive/*.pgn", spark)  # doctest: +SKIP
>>> findings.groupBy("kind").count().show()                           # doctest: +SKIP
"""

from __future__ import annotations

import glob as _glob
import os
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple, Union

GAME_COLUMNS = [
    ("file", "string"),
    ("game", "long"),
    ("white", "string"),
    ("black", "string"),
    ("result", "string"),
    ("tags", "map<string,string>"),
    ("movetext", "string"),
    ("plies", "int"),
    ("final_fen", "string"),
    ("status", "string"),
    ("notation", "string"),
    ("letters", "string"),
    ("pgn", "string"),
]

FINDING_COLUMNS = [
    ("file", "string"),
    ("game", "long"),
    ("line", "long"),
    ("column", "long"),
    ("byte_offset", "long"),
    ("white", "string"),
    ("black", "string"),
    ("ply", "long"),
    ("move_number", "long"),
    ("side", "string"),
    ("written", "string"),
    ("kind", "string"),
    ("message", "string"),
    ("fen_before", "string"),
    ("suggestion", "string"),
]

#: Bytes a split holds at most (games are never cut).
SPLIT_BYTES = 16 << 20


def _schema(columns: Sequence[Tuple[str, str]]) -> str:
    return ", ".join(f"`{name}` {kind}" for name, kind in columns)


def _both_schema() -> str:
    # One stream of rows, each a game or a finding, told apart by `row`.
    names = {}
    for name, kind in GAME_COLUMNS + FINDING_COLUMNS:
        names.setdefault(name, kind)
    return _schema([("row", "string")] + list(names.items()))


def _status(game) -> str:
    if game.rejected:
        return "rejected"
    if game.repaired:
        return "repaired"
    kinds = {f.severity for f in game.findings}
    return "warnings" if "warning" in kinds else "clean"


def _rows(name: str, games) -> Iterator[dict]:
    for game in games:
        headers = game.headers
        moves = game.moves
        yield {
            "row": "game",
            "file": name,
            "game": game.index,
            "white": headers.get("White", ""),
            "black": headers.get("Black", ""),
            "result": game.result,
            "tags": dict(headers),
            "movetext": " ".join(m.san for m in moves),
            "plies": len(moves),
            "final_fen": game.fen(),
            "status": _status(game),
            "notation": game.notation,
            "letters": game.letters,
            "pgn": game.output(),
        }
        for finding in game.report_rows(name):
            yield {"row": "finding", **finding}


def _frame(rows: List[dict]):
    import pandas as pd

    columns = ["row"] + list(dict.fromkeys(n for n, _ in GAME_COLUMNS + FINDING_COLUMNS))
    # Every cell given, None where a row has no such column: a missing one
    # would be NaN, which a map or string column cannot take.
    frame = pd.DataFrame([[row.get(c) for c in columns] for row in rows], columns=columns, dtype=object)
    for name, kind in GAME_COLUMNS + FINDING_COLUMNS:
        if kind in ("long", "int"):
            frame[name] = frame[name].astype("Int64")
    return frame


def _read_splits(batches: Iterable) -> Iterator:
    """mapInPandas: each split (path, start, end, first game, first line)
    read, its games and findings numbered and placed in the whole file."""
    import scoresheet

    for batch in batches:
        for path, start, end, first, line in batch.itertuples(index=False):
            with open(path, "rb") as f:
                f.seek(start)
                data = f.read(end - start)
            rows = []
            for row in _rows(path, scoresheet.read_games(data)):
                row["game"] += first - 1
                if row["row"] == "finding":
                    row["line"] += line - 1
                    row["byte_offset"] += start
                rows.append(row)
            yield _frame(rows)


def _read_texts(column: str, name_column: Optional[str]):
    def read(batches: Iterable) -> Iterator:
        import scoresheet

        for batch in batches:
            rows = []
            for i, record in enumerate(batch.to_dict("records")):
                name = str(record[name_column]) if name_column else str(i)
                rows.extend(_rows(name, scoresheet.read_games(record[column].encode("utf-8"))))
            yield _frame(rows)

    return read


def _paths(patterns: Union[str, Sequence[str]]) -> List[str]:
    if isinstance(patterns, (str, os.PathLike)):
        patterns = [os.fspath(patterns)]
    out: List[str] = []
    for pattern in patterns:
        found = sorted(_glob.glob(pattern, recursive=True)) or ([pattern] if os.path.isfile(pattern) else [])
        out.extend(p for p in found if os.path.isfile(p))
    if not out:
        raise FileNotFoundError(f"no file matches {list(patterns)}")
    return out


def read(
    source,
    spark=None,
    *,
    text_column: str = "text",
    name_column: Optional[str] = None,
    split_bytes: int = SPLIT_BYTES,
):
    """The games and the findings of ``source``: a path, a glob or a list
    of them (files every executor can read), or a DataFrame with a
    column ``text_column`` of game texts (``name_column`` names each
    text in the findings' ``file`` column).

    Returns ``(games, findings)``: ``games`` has a row per game (file,
    game number, players, result, tags, verified SAN movetext, number of
    half-moves, final FEN, status: clean, warnings, repaired or
    rejected, notation, letters, the PGN written); ``findings`` has the
    columns of the command line's audit report.
    """
    from pyspark.sql import DataFrame, SparkSession

    import scoresheet

    if isinstance(source, DataFrame):
        spark = spark or source.sparkSession
        both = source.select(
            *([text_column] + ([name_column] if name_column else []))
        ).mapInPandas(_read_texts(text_column, name_column), schema=_both_schema())
    else:
        spark = spark or SparkSession.builder.getOrCreate()
        splits = [
            (path, start, end, first, line)
            for path in _paths(source)
            for start, end, first, line in scoresheet.game_splits(path, split_bytes)
        ]
        frame = spark.createDataFrame(
            splits, schema="path string, start long, end long, first long, line long"
        ).repartition(max(1, len(splits)))
        both = frame.mapInPandas(_read_splits, schema=_both_schema())
    both = both.cache()
    games = both.where("row = 'game'").select(*[name for name, _ in GAME_COLUMNS])
    findings = both.where("row = 'finding'").select(*[name for name, _ in FINDING_COLUMNS])
    return games, findings
