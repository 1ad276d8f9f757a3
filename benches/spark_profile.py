#!/usr/bin/env python3
"""Where scoresheet.spark.read's time goes, in Spark local mode.

    python3 benches/spark_profile.py FILE [CORES] [REPEAT]

One session of local[CORES] (default 2), started before any clock runs.
First, in this order, the costs paid once per session: a mapInArrow job
that only passes its input on (Spark's own first Arrow job: Python
workers started, the JVM's Arrow and Python runners loaded), the same
job again (a job's fixed cost once all is warm), and a read of a small
file twice (the first time the workers import the package). Then, on
FILE, each stage of a read added to the one before, as medians of REPEAT
(default 3) runs with the result's cache dropped before each:

  splits      the driver cutting FILE where games start
  bytes       a job whose tasks read their split's bytes, nothing returned
  rust        ... and convert them into Arrow buffers, thrown away
  arrow       ... and hand them to the JVM as record batches (counted)
  cache       ... through cache(), as read() does: games.count()
  findings    findings.count() afterwards, from the cache
  read        read() with both counts: cache + findings

and the release binary's `audit` and `convert` on FILE for scale. Each
line gives wall seconds and processor seconds (this process and all its
descendants: the JVM, the Python workers), the latter steadier when
the machine is shared.
Needs the package, pyspark and pyarrow, and target/release/scoresheet.
"""

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from pyspark.sql import SparkSession  # noqa: E402

import scoresheet  # noqa: E402
import scoresheet.spark as ss  # noqa: E402
from proc_cpu import tree_cpu  # noqa: E402

path = sys.argv[1]
cores = int(sys.argv[2]) if len(sys.argv) > 2 else 2
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
binary = os.path.join(root, "target", "release", "scoresheet")
small = os.path.join(root, "..", "shared", "corpus", "twic1599-sample.pgn")


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


print(f"file: {path}, {cores} cores; package: {os.path.dirname(scoresheet.__file__)}")
print(f"load average before: {load()}")
spark = SparkSession.builder.master(f"local[{cores}]").config("spark.ui.enabled", "false").getOrCreate()
spark.range(1).count()


def once(action, clear=True):
    if clear:
        spark.catalog.clearCache()
    started, used = time.perf_counter(), tree_cpu()
    action()
    return time.perf_counter() - started, tree_cpu() - used


def show(label, times, note=""):
    seconds, used = times
    print(f"{label:58s} {seconds:6.2f} s  cpu {used:6.2f} s {note}")


def passed_on(batches):
    yield from batches


def trivial():
    spark.range(0, cores, 1, numPartitions=cores).mapInArrow(passed_on, "id long").count()


def read_both(source):
    games, findings = ss.read(source, spark)
    games.count()
    findings.count()


show("trivial mapInArrow job, first of the session", once(trivial))
show("trivial mapInArrow job, again", once(trivial))
if os.path.isfile(small):
    show("read() of a 2 MB file, first (workers import the package)", once(lambda: read_both(small)))
    show("read() of a 2 MB file, again", once(lambda: read_both(small)))

splits = [(path, *s) for s in scoresheet.game_splits(path, ss.SPLIT_BYTES)]
frame = spark.range(0, len(splits), 1, numPartitions=len(splits))


def bytes_only(batches):
    import pyarrow as pa

    size = 0
    for batch in batches:
        for i in batch.column(0).to_pylist():
            name, start, end, _, _ = splits[i]
            with open(name, "rb") as f:
                f.seek(start)
                size += len(f.read(end - start))
    yield pa.RecordBatch.from_arrays([pa.array([size], pa.int64())], names=["n"])


def rust_only(batches):
    import pyarrow as pa

    from scoresheet import _scoresheet

    tables = 0
    for batch in batches:
        for i in batch.column(0).to_pylist():
            tables += sum(1 for _ in _scoresheet.read_file_split(*splits[i]))
    yield pa.RecordBatch.from_arrays([pa.array([tables], pa.int64())], names=["n"])


def cached():
    games, findings = ss.read(path, spark)
    games.count()
    return findings


def medians(times):
    walls = [t[0] for t in times]
    median = (statistics.median(walls), statistics.median(t[1] for t in times))
    return median, f"[{', '.join(f'{t:.2f}' for t in walls)}]"


def stage(action, clear=True):
    return medians([once(action, clear) for _ in range(repeat)])


def from_cache():
    times = []
    for _ in range(repeat):
        findings = cached()
        times.append(once(findings.count, False))
    return medians(times)


def cli(*args):
    def run():
        subprocess.run([binary, *args], check=False)

    return run


both = frame.mapInArrow(ss._read_splits(splits, False), schema=ss._both_schema())
show(
    f"splits: game_splits on the driver ({len(splits)} splits)",
    *stage(lambda: scoresheet.game_splits(path, ss.SPLIT_BYTES), False),
)
show("driver: read() itself, no action", *stage(lambda: ss.read(path, spark)))
show("bytes: tasks read their splits", *stage(lambda: frame.mapInArrow(bytes_only, "n long").count()))
show("rust: ... converted into Arrow buffers", *stage(lambda: frame.mapInArrow(rust_only, "n long").count()))
show("arrow: ... handed to the JVM, rows counted", *stage(lambda: both.count()))
show("cache: ... through cache(), games.count()", *stage(cached))
show("findings: findings.count() from the cache", *from_cache())
show("read: read() and both counts", *stage(lambda: read_both(path)))
spark.stop()
show(f"audit -j {cores}", *stage(cli("audit", "-q", "-j", str(cores), path, "--report", "/dev/null"), False))
show(f"convert -j {cores}", *stage(cli("convert", "-q", "-j", str(cores), path, "-o", "/dev/null"), False))
print(f"load average after: {load()}")
