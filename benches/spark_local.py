#!/usr/bin/env python3
"""Spark local mode against the command line on one PGN file.

    python3 benches/spark_local.py FILE [CORES] [SPLIT_MB] [REPEAT] [WARMUP]

Times scoresheet.spark.read on FILE with local[CORES] (default 2; the
games and findings counted, so that every split is read), and the
release binary's `audit -j CORES` and `convert -j CORES` (which, like
the games DataFrame, writes every move's SAN) on the same file; prints
games per second per core for each and the ratios.

The Spark session is started before the clock runs. The end-to-end
figure is the session's first read: it pays for starting the Python
workers and for the JVM's first Arrow and Python work. The steady-state
figure is the median of REPEAT (default 5) further reads in the same
session, the result's cache dropped before each, taken after WARMUP
(default 30) reads more: what a read costs once the JVM has compiled
Spark's planning, Arrow and cache code (on TCEC, the first ten reads of
a session went from 1.9 s down to 1.0 s, a read at a time, and reads
after the twentieth took 0.9 s). The
command line's times are medians of REPEAT runs, taken between the
Spark runs. Each figure comes with the processor
seconds it took (the JVM and the Python workers for Spark), which depend
much less than wall time on what else the machine runs. Spark's Python
workers run this interpreter (PYSPARK_PYTHON), so that they import the
same build of the package as this script. Needs the package, pyspark and pyarrow, and
target/release/scoresheet.
"""

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from pyspark.sql import SparkSession  # noqa: E402

import scoresheet  # noqa: E402
import scoresheet.spark  # noqa: E402
from proc_cpu import tree_cpu  # noqa: E402

path = sys.argv[1]
cores = int(sys.argv[2]) if len(sys.argv) > 2 else 2
split = int(float(sys.argv[3]) * (1 << 20)) if len(sys.argv) > 3 else scoresheet.spark.SPLIT_BYTES
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 5
warmup = int(sys.argv[5]) if len(sys.argv) > 5 else 30
binary = os.path.join(os.path.dirname(__file__), "..", "target", "release", "scoresheet")


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


print(f"file: {path}, {cores} cores; package: {os.path.dirname(scoresheet.__file__)}")
print(f"load average before: {load()}")

spark = (
    SparkSession.builder.master(f"local[{cores}]")
    .config("spark.ui.enabled", "false")
    .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    .getOrCreate()
)
spark.range(1).count()


def spark_read():
    spark.catalog.clearCache()
    started, used = time.perf_counter(), tree_cpu()
    games, findings = scoresheet.spark.read(path, spark, split_bytes=split)
    counts = games.count(), findings.count()
    return (time.perf_counter() - started, tree_cpu() - used), counts


def timed(*args):
    started, used = time.perf_counter(), tree_cpu()
    subprocess.run([binary, *args], check=False)
    return time.perf_counter() - started, tree_cpu() - used


first, (n_games, n_findings) = spark_read()
warming = [spark_read()[0][0] for _ in range(warmup)]
warm, audit, convert = [], [], []
for _ in range(repeat):
    audit.append(timed("audit", "-q", "-j", str(cores), path, "--report", "/dev/null"))
    warm.append(spark_read()[0])
    convert.append(timed("convert", "-q", "-j", str(cores), path, "-o", "/dev/null"))
spark.stop()
# Medians of wall seconds and of processor seconds, each on its own.
t_warm, t_audit, t_convert = (
    tuple(statistics.median(t[i] for t in times) for i in (0, 1)) for times in (warm, audit, convert)
)


def rate(times):
    seconds, used = times
    return f"{seconds:.2f} s = {n_games / seconds / cores:,.0f} games/s per core; processor {used:.2f} s"


def ratios(times):
    return (
        f"{times[0] / t_audit[0]:.1f}x against audit, {times[0] / t_convert[0]:.1f}x against convert "
        f"(processor seconds: {times[1] / t_audit[1]:.1f}x, {times[1] / t_convert[1]:.1f}x)"
    )


print(f"spark local[{cores}]: {n_games} games, {n_findings} findings")
print(f"  end to end (first read of the session): {rate(first)}")
print(f"  warming up ({warmup} reads): [{', '.join(f'{t:.2f}' for t in warming)}]")
print(f"  steady state (median of {repeat}): {rate(t_warm)}  [{', '.join(f'{t[0]:.2f}' for t in warm)}]")
print(f"scoresheet audit -j {cores} (median of {repeat}): {rate(t_audit)}")
print(f"scoresheet convert -j {cores} (median of {repeat}): {rate(t_convert)}")
print(f"overhead end to end: {ratios(first)}")
print(f"overhead steady state: {ratios(t_warm)}")
print(f"load average after: {load()}")
