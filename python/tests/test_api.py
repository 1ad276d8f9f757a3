"""The Python face: reading, converting, auditing."""

import io
import subprocess

import pytest

import scoresheet

MORPHY = "1. e4, e5. 2. Hf3, d6. 3. d4, Fg4. 4. d:e5, F:f3. 5. V:f3, d:e5. *"


def test_read_games_from_a_text_reads_national_letters():
    game = next(scoresheet.read_games(MORPHY))
    assert [m.san for m in game.moves][:6] == ["e4", "e5", "Nf3", "d6", "d4", "Bg4"]
    assert game.moves[2].uci == "g1f3"
    assert game.moves[2].written == "Hf3,"  # the token as it stands, its comma too
    assert game.letters == "hu"
    assert game.result == "*"
    assert not game.rejected
    assert game.moves[0].fen_before() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_every_kind_of_source_gives_the_same_games(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(MORPHY, encoding="utf-8")
    sources = [MORPHY, MORPHY.encode(), str(path), path, io.StringIO(MORPHY), io.BytesIO(MORPHY.encode())]
    moves = [[m.san for m in next(scoresheet.read_games(s)).moves] for s in sources]
    assert all(m == moves[0] for m in moves)


def test_headers_fen_and_pgn(root):
    games = list(scoresheet.read_games(root / "examples" / "national-letters.pgn"))
    assert len(games) == 3
    first = games[0]
    assert first.headers["White"] == "Morphy, Paul"
    assert first.fen().startswith("1n1Rkb1r/")
    assert "17. Rd8# 1-0" in first.to_pgn()


def test_a_rejected_game_says_why():
    game = next(scoresheet.read_games("1. e4 e5 2. Ke3 *"))
    assert game.rejected
    assert [m.san for m in game.moves] == ["e4", "e5"]
    (error,) = [f for f in game.findings if f.severity == "error"]
    assert (error.kind, error.ply, error.line, error.column) == ("illegal", 3, 1, 13)
    with pytest.raises(ValueError, match="rejected"):
        game.to_pgn()


def test_a_misprint_is_suggested_and_repaired():
    text = "1. e4 e5 2. Nf3 Nc6 3. B65 a6 *"
    game = next(scoresheet.read_games(text))
    (finding,) = [f for f in game.findings if f.severity == "error"]
    assert finding.suggestions == ["Bb5"]
    repaired = next(scoresheet.read_games(text, repair=True))
    assert repaired.repaired and [m.san for m in repaired.moves][4] == "Bb5"


def test_convert_writes_other_notations_and_refuses_broken_games():
    assert scoresheet.convert("1. e4 e5 2. Nf3 *", to="uci").split()[:4] == ["1.", "e2e4", "e7e5", "2."]
    assert "2. Hf3" in scoresheet.convert("1. e4 e5 2. Nf3 *", to_lang="hu")
    with pytest.raises(ValueError, match="could not be converted"):
        scoresheet.convert("1. e4 e5 2. Ke3 *")
    with pytest.raises(ValueError, match="unknown output"):
        scoresheet.convert("1. e4 *", to="xml")
    with pytest.raises(ValueError, match="unknown letter set"):
        scoresheet.convert("1. e4 *", lang="xx")


def test_audit_rows_match_the_command_line(root, tmp_path):
    source = root / "examples" / "national-letters.pgn"
    rows = scoresheet.audit(str(source))
    report = tmp_path / "report.csv"
    binary = root / "target" / "release" / "scoresheet"
    if not binary.exists():
        pytest.skip(f"skipped: {binary} not built")
    subprocess.run([str(binary), "audit", "-q", str(source), "--report", str(report)], check=False)
    import csv

    with open(report, newline="", encoding="utf-8") as f:
        expected = list(csv.DictReader(f))
    assert [{k: str(v) for k, v in r.items()} for r in rows] == expected


def test_to_chess_gives_a_python_chess_game():
    chess = pytest.importorskip("chess")
    game = next(scoresheet.read_games(MORPHY)).to_chess()
    assert game.end().board().fen() == chess.Board("rn1qkbnr/ppp2ppp/8/4p3/4P3/5Q2/PPP2PPP/RNB1KB1R w KQkq - 0 6").fen()


def test_convert_many_works_in_parallel():
    texts = [MORPHY] * 50 + ["1. e4 e5 2. Ke3 *"]
    out = scoresheet.convert_many(texts)
    assert len(out) == 51
    assert all(rejected == 0 and "2. Nf3 d6" in pgn for pgn, rejected in out[:50])
    assert out[50] == ("", 1)


def test_the_corpus_reads_like_python_chess(corpus):
    chess_pgn = pytest.importorskip("chess.pgn")
    path = corpus / "twic1599-sample.pgn"
    ours = [[m.uci for m in g.moves] for g in scoresheet.read_games(path)]
    theirs = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess_pgn.read_game(f)) is not None:
            theirs.append([m.uci() for m in game.mainline_moves()])
    assert len(ours) == len(theirs)
    assert ours == theirs


def test_read_games_streams(root):
    games = scoresheet.read_games(root / "examples" / "national-letters.pgn")
    assert iter(games) is games
    assert next(games).index == 1
    assert [g.index for g in games] == [2, 3]
    with pytest.raises(StopIteration):
        next(games)


# A handwritten sheet with empty boxes: slow enough to read (the document
# reader weighs every move that fits a box) that many of them keep both
# cores busy for a good while.
SHEET = (
    "Club championship, round 3\n1. e4 e5\n2. Nf3 d6\n3. d4 Bg4\n4. dxe5 Bxf3\n"
    "5. Qxf3 dxe5\n6. Bc4 ...\n7. Qb3 Qe7\n8. ... c6\n9. Bg5 b5\n10. Nxb5 cxb5\n"
    "11. Bxb5+ Nbd7\n12. O-O-O Rd8\n13. Rxd7 Rxd7\n14. Rd1 Qc6\n15. Bxd7+ Nxd7\n"
    "16. Qb8+ Nxb8\n17. Rd8#\n\n"
)


def test_convert_many_stops_at_ctrl_c():
    import signal
    import sys
    import time

    code = (
        "import scoresheet, sys\n"
        f"texts = [{SHEET * 4!r}] * 2000\n"
        "print('started', flush=True)\n"
        "scoresheet.convert_many(texts)\n"
        "print('finished', flush=True)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        _, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert time.monotonic() - sent < 3, "convert_many went on after Ctrl-C"
    assert "KeyboardInterrupt" in err


def test_an_open_file_streams_as_a_path_does(tmp_path):
    # A file of many games read through its file object: the games come as
    # the file is read, not after the whole file is in memory.
    path = tmp_path / "many.pgn"
    game = "[Event \"e\"]\n\n" + MORPHY + "\n\n"
    path.write_text(game * 60000, encoding="utf-8")

    class Counting(io.FileIO):
        read_bytes = 0

        def read(self, n=-1):
            data = super().read(n)
            Counting.read_bytes += len(data)
            return data

    size = path.stat().st_size
    with Counting(path, "rb") as f:
        first = next(scoresheet.read_games(f))
        assert [m.san for m in first.moves][:3] == ["e4", "e5", "Nf3"]
        assert Counting.read_bytes < size / 2, (Counting.read_bytes, size)
    with open(path, encoding="utf-8") as f:
        assert sum(1 for _ in scoresheet.read_games(f)) == 60000


def test_reconcile_merges_two_copies_and_says_who_was_right(root):
    a = (root / "examples" / "copy-white.txt").read_text(encoding="utf-8")
    b = (root / "examples" / "copy-black.txt").read_text(encoding="utf-8")
    joined = scoresheet.reconcile(a, b)
    rows = [(d.ply, d.move_number, d.side, d.a_written, d.b_written, d.chosen, d.right) for d in joined.disagreements]
    assert rows == [
        (7, 4, "white", "dxe6", "dxe5", "dxe5", "B"),
        (14, 7, "black", "Qe7", "Qd7", "Qe7", "A"),
        (20, 10, "black", "...", "cxb5", "cxb5", "B"),
        (24, 12, "black", "Rd8", "Rd9", "Rd8", "A"),
    ]
    assert all(d.settled and d.candidates == [] for d in joined.disagreements)
    assert "illegal" in joined.disagreements[0].reason
    assert joined.disagreements[3].to_dict()["b_written"] == "Rd9"
    ((tag,),) = [[(t.name, t.a, t.b) for t in joined.tag_conflicts]]
    assert tag == ("White", "Paul Morphy", "Morphy")
    assert not joined.agrees
    game = joined.game
    assert game.headers["White"] == "Paul Morphy"
    assert game.headers["Site"] == "Paris, Italian Opera"
    assert len(game.moves) == 33 and game.moves[-1].san == "Rd8#"
    assert "4. dxe5 Bxf3" in joined.pgn and "7. Qb3 Qe7" in joined.pgn
    assert joined.pgn == game.to_pgn()


def test_reconcile_of_two_equal_copies_agrees_and_refuses_bad_options():
    text = "1. e4 e5\n2. Hf3 Hc6\n"
    joined = scoresheet.reconcile(text, text, lang="hu")
    assert joined.agrees and joined.disagreements == [] and joined.tag_conflicts == []
    assert [m.san for m in joined.game.moves] == ["e4", "e5", "Nf3", "Nc6"]
    with pytest.raises(ValueError, match="letters"):
        scoresheet.reconcile(text, text, lang="xx")
    with pytest.raises(ValueError, match="notation"):
        scoresheet.reconcile(text, text, notation="cuneiform")
    with pytest.raises(TypeError):
        scoresheet.reconcile(text.encode(), text)
