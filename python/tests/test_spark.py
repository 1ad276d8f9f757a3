"""Spark local mode: the same games and findings as the command line."""

import csv
import os
import shutil
import subprocess
import sys

import pytest

import scoresheet
import scoresheet.spark

pyspark = pytest.importorskip("pyspark", reason="skipped: pyspark is not installed")


@pytest.fixture(scope="module")
def spark():
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("skipped: no Java for Spark")
    from pyspark.sql import SparkSession

    # The workers run this interpreter, and so import the package under test.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("scoresheet-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_reads_the_corpus_as_the_command_line_does(spark, corpus, root, tmp_path):
    binary = root / "target" / "release" / "scoresheet"
    if not binary.exists():
        pytest.skip(f"skipped: {binary} not built")
    files = [str(corpus / "lichess-2025-05-sample.pgn"), str(corpus / "twic1599-sample.pgn")]
    # Small splits, so that every file is cut into several.
    games, findings = scoresheet.spark.read(files, spark, split_bytes=200_000)
    report = tmp_path / "report.csv"
    subprocess.run([str(binary), "audit", "-q", *files, "--report", str(report)], check=False)
    with open(report, newline="", encoding="utf-8") as f:
        expected = sorted(
            (r["file"], int(r["game"]), int(r["line"]), int(r["ply"]), r["kind"], r["suggestion"])
            for r in csv.DictReader(f)
        )
    got = sorted(
        (r.file, r.game, r.line, r.ply, r.kind, r.suggestion)
        for r in findings.collect()
    )
    assert got == expected
    read = sum(1 for _ in scoresheet.read_games(files[0])) + sum(1 for _ in scoresheet.read_games(files[1]))
    assert games.count() == read
    assert games.select("file", "game").distinct().count() == read
    one = games.where("file like '%twic%' and game = 1").collect()[0]
    first = next(scoresheet.read_games(files[1]))
    assert one.movetext == " ".join(m.san for m in first.moves)
    assert one.final_fen == first.fen()
    assert one.pgn is None


def test_spark_reads_a_compressed_file_whole(spark, corpus, tmp_path):
    import gzip

    plain = corpus / "twic1599-sample.pgn"
    # Stored, not packed: the games stand in the compressed bytes as they
    # are, where cutting the file into splits by its bytes would find them.
    packed = tmp_path / "twic.pgn.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes(), compresslevel=0))
    games, findings = scoresheet.spark.read(str(packed), spark, split_bytes=100_000)
    plain_games, plain_findings = scoresheet.spark.read(str(plain), spark, split_bytes=100_000)

    def rows(frame, *columns):
        return sorted(tuple(r) for r in frame.select(*columns).collect())

    assert games.count() == plain_games.count() > 0
    assert rows(games, "game", "movetext", "status") == rows(plain_games, "game", "movetext", "status")
    finding = ("game", "line", "ply", "kind", "suggestion")
    assert rows(findings, *finding) == rows(plain_findings, *finding)


def test_spark_reads_a_dataframe_of_texts(spark):
    frame = spark.createDataFrame(
        [("a", "1. e4 e5 2. Hf3 Hc6 *"), ("b", "1. e4 e5 2. Ke3 *")], schema="name string, text string"
    )
    games, findings = scoresheet.spark.read(frame, name_column="name")
    rows = {r.file: r for r in games.collect()}
    assert rows["a"].movetext == "e4 e5 Nf3 Nc6" and rows["a"].status == "clean"
    assert rows["b"].status == "rejected"
    assert findings.where("file = 'b' and kind = 'illegal'").count() == 1


def test_spark_writes_pgn_when_asked(spark):
    frame = spark.createDataFrame([("a", "1. e4 e5 2. Hf3 Hc6 *")], schema="name string, text string")
    games, _ = scoresheet.spark.read(frame, name_column="name", pgn=True)
    (row,) = games.collect()
    assert "1. e4 e5 2. Nf3 Nc6 *" in row.pgn
    assert row.tags == {}
