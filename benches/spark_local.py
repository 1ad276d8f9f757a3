#!/usr/bin/env python3
"""Spark local mode against the command line on one PGN file.

    python3 benches/spark_local.py FILE [CORES] [SPLIT_MB]

Times scoresheet.spark.read on FILE with local[CORES] (default 2; the
games and findings counted, so that every split is read), and the
release binary's `audit -j CORES` and `convert -j CORES` (which, like
the games DataFrame, writes every move's SAN) on the same file; prints games per
second per core for both and their ratio. The Spark session is started
before the clock runs. Needs the package, pyspark, pandas and pyarrow,
and target/release/scoresheet.
"""

import os
import subprocess
import sys
import time

from pyspark.sql import SparkSession

import scoresheet
import scoresheet.spark

path = sys.argv[1]
cores = int(sys.argv[2]) if len(sys.argv) > 2 else 2
split = int(sys.argv[3]) << 20 if len(sys.argv) > 3 else scoresheet.spark.SPLIT_BYTES
binary = os.path.join(os.path.dirname(__file__), "..", "target", "release", "scoresheet")

spark = (
    SparkSession.builder.master(f"local[{cores}]")
    .config("spark.ui.enabled", "false")
    .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    .getOrCreate()
)
spark.range(1).count()

started = time.perf_counter()
games, findings = scoresheet.spark.read(path, spark, split_bytes=split)
n_games, n_findings = games.count(), findings.count()
t_spark = time.perf_counter() - started
spark.stop()

def timed(*args):
    started = time.perf_counter()
    subprocess.run([binary, *args], check=False)
    return time.perf_counter() - started


t_cli = timed("audit", "-q", "-j", str(cores), path, "--report", "/dev/null")
t_convert = timed("convert", "-q", "-j", str(cores), path, "-o", "/dev/null")

print(f"file: {path}, {cores} cores")
print(f"spark local[{cores}]: {n_games} games, {n_findings} findings in {t_spark:.2f} s = {n_games / t_spark / cores:,.0f} games/s per core")
print(f"scoresheet audit -j {cores}: {t_cli:.2f} s = {n_games / t_cli / cores:,.0f} games/s per core")
print(f"scoresheet convert -j {cores}: {t_convert:.2f} s = {n_games / t_convert / cores:,.0f} games/s per core")
print(f"overhead: {t_spark / t_cli:.1f}x against audit, {t_spark / t_convert:.1f}x against convert")
