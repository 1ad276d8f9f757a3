"""The Arrow record batches Spark gets, built from the Rust reader's
buffers: the same values as the games and findings read one by one."""

import pytest

import scoresheet
from scoresheet import _scoresheet

pa = pytest.importorskip("pyarrow", reason="skipped: pyarrow is not installed")
spark = pytest.importorskip("scoresheet.spark")

TWO_WHITES = '[White "A"]\n[White "B"]\n[Black "C"]\n\n1. e4 e5 2. Hf3 Hc6 *\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n'


def rows(pairs):
    """The batches' games, each followed by its findings, as
    ``("game", row)`` and ``("finding", row)``."""
    out = []
    for batch in spark._batches(pairs):
        assert batch.schema == spark._arrow_schema()
        batch.validate(full=True)
        for row in batch.to_pylist():
            findings = row.pop("findings")
            assert findings is None or findings  # none is null, not empty
            out.append(("game", row))
            out.extend(("finding", finding) for finding in findings or [])
    return out


def test_game_columns_hold_what_the_games_hold():
    got = rows(_scoresheet.read_texts([TWO_WHITES], ["t"]))
    games = [r for kind, r in got if kind == "game"]
    read = list(scoresheet.read_games(TWO_WHITES))
    assert [g["game"] for g in games] == [1, 2, 3]
    for row, game in zip(games, read):
        assert row["file"] == "t"
        assert row["movetext"] == " ".join(m.san for m in game.moves)
        assert row["plies"] == len(game.moves)
        assert row["final_fen"] == game.fen()
        assert row["result"] == game.result
        assert row["letters"] == game.letters
        assert row["pgn"] is None
    # A map keeps the first of two tags with one name, as a dict does.
    assert dict(games[0]["tags"]) == {"White": "A", "Black": "C"}
    assert games[0]["white"] == "A" and games[1]["white"] == ""
    assert [g["status"] for g in games] == ["warnings", "rejected", "clean"]  # a tag twice is a warning


def test_findings_are_numbered_and_placed_in_the_whole_file(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text("1. e4 e5 *\n\n" + TWO_WHITES, encoding="utf-8")
    start = len("1. e4 e5 *\n\n")
    split = _scoresheet.read_file_split(str(path), start, path.stat().st_size, 2, 3)
    findings = [r for kind, r in rows(split) if kind == "finding"]
    whole = [r for kind, r in rows(_scoresheet.read_texts([path.read_text(encoding="utf-8")], [str(path)])) if kind == "finding"]
    assert findings and findings == whole
    illegal = [f for f in findings if f["kind"] == "illegal"]
    assert [(f["game"], f["line"]) for f in illegal] == [(3, 9)]
    assert illegal[0]["byte_offset"] == path.read_bytes().index(b"Ke3")


def test_pgn_is_null_only_where_a_game_is_rejected():
    got = rows(_scoresheet.read_texts([TWO_WHITES, None, "1. d4 d5 *"], ["a", "b", "c"], pgn=True))
    games = [r for kind, r in got if kind == "game"]
    assert [(g["file"], g["game"]) for g in games] == [("a", 1), ("a", 2), ("a", 3), ("c", 1)]
    assert [g["pgn"] is None for g in games] == [False, True, False, False]
    assert "2. Nf3 Nc6 *" in games[0]["pgn"]


def test_a_split_reader_gives_batches_until_the_split_ends(tmp_path):
    path = tmp_path / "many.pgn"
    path.write_text("1. e4 e5 *\n\n" * 2500, encoding="utf-8")
    split = _scoresheet.read_file_split(str(path), 0, path.stat().st_size, 1, 1, tables="games")
    tables = [games for games, findings in split]
    assert next(split, "ended") == "ended"  # and stays ended
    assert all(findings is None for _, findings in _scoresheet.read_file_split(str(path), 0, 100, 1, 1, tables="games"))
    assert len(tables) > 1
    assert sum(rows for rows, _ in tables) == 2500
    with pytest.raises(ValueError):
        _scoresheet.read_file_split(str(path), 0, 100, 1, 1, tables="moves")
    with pytest.raises(OSError, match="missing.pgn"):
        _scoresheet.read_file_split(str(tmp_path / "missing.pgn"), 0, 100, 1, 1)
