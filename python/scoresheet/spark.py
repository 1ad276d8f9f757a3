"""Archives beyond one machine: scoresheet on Apache Spark.

:func:`read` turns PGN or text files (or a DataFrame of texts) into two
DataFrames: the games, verified, and the audit's findings, with the same
columns as the command line's report. Files are cut into splits where a
game starts, never inside one, so that a large archive is read by every
executor; each split is a task of ``mapInArrow``. The Rust reader inside
releases the GIL, converts a batch of games on the executor's cores and
lays their values out as Arrow columns itself, so that Python only wraps
a few buffers per batch and makes no object per game. Games and findings
come from one pass, cached: the first action on either computes both.

>>> games, findings = scoresheet.spark.read("archive/*.pgn", spark)  # doctest: +SKIP
>>> findings.groupBy("kind").count().show()                           # doctest: +SKIP
"""

from __future__ import annotations

import concurrent.futures
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
    # A row per game, its findings nested in it: a game with none (most
    # of them) costs the JVM one null, not a row of its own with the
    # game's columns null.
    finding = ", ".join(f"`{name}`: {kind}" for name, kind in FINDING_COLUMNS)
    return _schema(GAME_COLUMNS + [("findings", f"array<struct<{finding}>>")])


_ARROW = {"string": "string", "long": "int64", "int": "int32"}


def _arrow_type(kind: str):
    import pyarrow as pa

    if kind == "map<string,string>":
        return pa.map_(pa.string(), pa.string())
    return pa.type_for_alias(_ARROW[kind])


def _findings_type():
    import pyarrow as pa

    return pa.list_(pa.struct([pa.field(name, _arrow_type(kind)) for name, kind in FINDING_COLUMNS]))


def _arrow_schema():
    import pyarrow as pa

    fields = [pa.field(name, _arrow_type(kind)) for name, kind in GAME_COLUMNS]
    return pa.schema(fields + [pa.field("findings", _findings_type())])


def _array(kind: str, rows: int, column):
    """A column as the Rust reader builds it (buffers laid out as Arrow
    lays them out) wrapped as an Arrow array, values untouched."""
    import pyarrow as pa

    if kind == "string":
        validity, offsets, data = column
        buffers = [validity and pa.py_buffer(validity), pa.py_buffer(offsets), pa.py_buffer(data)]
        return pa.Array.from_buffers(pa.string(), rows, buffers)
    if kind in ("long", "int"):
        return pa.Array.from_buffers(_arrow_type(kind), rows, [None, pa.py_buffer(column)])
    offsets, keys, values = column
    entries = len(keys[1]) // 4 - 1
    return pa.MapArray.from_arrays(
        pa.Array.from_buffers(pa.int32(), rows + 1, [None, pa.py_buffer(offsets)]),
        _array("string", entries, keys),
        _array("string", entries, values),
    )


def _findings(rows: int, offsets, findings):
    """Each game's findings as a list (null where it has none): rows
    ``offsets[i]..offsets[i + 1]`` of the ``findings`` table."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if findings is None or findings[0] == 0:
        return pa.nulls(rows, _findings_type())
    count, columns = findings
    values = pa.StructArray.from_arrays(
        [_array(kind, count, column) for (_, kind), column in zip(FINDING_COLUMNS, columns)],
        names=[name for name, _ in FINDING_COLUMNS],
    )
    offsets = pa.Array.from_buffers(pa.int32(), rows + 1, [None, pa.py_buffer(offsets)])
    none = pc.equal(pc.subtract(offsets.slice(1), offsets.slice(0, rows)), 0)
    return pa.ListArray.from_arrays(offsets, values, mask=none)


def _batches(pairs: Iterable) -> Iterator:
    """Record batches of :func:`_arrow_schema` (a row per game, with its
    findings) from the Rust reader's pairs of tables."""
    import pyarrow as pa

    schema = _arrow_schema()
    for games, findings in pairs:
        if games is None or games[0] == 0:
            continue
        rows, columns = games
        arrays = [_array(kind, rows, column) for (_, kind), column in zip(GAME_COLUMNS, columns)]
        arrays.append(_findings(rows, columns[len(GAME_COLUMNS)], findings))
        yield pa.RecordBatch.from_arrays(arrays, schema=schema)


def _read_splits(splits: Sequence[Tuple[str, int, int, int, int]], pgn: bool):
    # The splits travel with the function (a few dozen bytes each), so
    # that a task's input is only the split's number: no Python worker
    # is needed to build the input, and each split is a task of its own.
    def read(batches: Iterable) -> Iterator:
        """mapInArrow over ``spark.range``: each split (path, start, end,
        first game, first line) read, its games and findings numbered
        and placed in the whole file."""
        from scoresheet import _scoresheet

        for batch in batches:
            for i in batch.column(0).to_pylist():
                path, start, end, first, line = splits[i]
                yield from _batches(_scoresheet.read_file_split(path, start, end, first, line, pgn=pgn))

    return read


def _read_texts(column: str, name_column: Optional[str], pgn: bool):
    def read(batches: Iterable) -> Iterator:
        """mapInArrow over a DataFrame of texts: an input batch's texts
        read together, on all cores."""
        from scoresheet import _scoresheet

        count = 0
        for batch in batches:
            texts = batch.column(column).to_pylist()
            if name_column:
                names = [str(n) for n in batch.column(name_column).to_pylist()]
            else:
                names = [str(count + i) for i in range(len(texts))]
            count += len(texts)
            yield from _batches(_scoresheet.read_texts(texts, names, pgn=pgn))

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
    pgn: bool = False,
):
    """The games and the findings of ``source``: a path, a glob or a list
    of them (files every executor can read), or a DataFrame with a
    column ``text_column`` of game texts (``name_column`` names each
    text in the findings' ``file`` column). A file is cut into splits of
    about ``split_bytes`` where games start; a compressed file is one
    split, since its bytes can only be read from the start.

    Returns ``(games, findings)``: ``games`` has a row per game (file,
    game number, players, result, tags, verified SAN movetext, number of
    half-moves, final FEN, status: clean, warnings, repaired or
    rejected, notation, letters, and with ``pgn=True`` the game written as
    PGN, comments kept); ``findings`` has the columns of the command
    line's audit report.

    Both come from one cached DataFrame: the first action on either reads
    the input once for both, later ones read the cache
    (``spark.catalog.clearCache()`` frees it).
    """
    from pyspark.sql import DataFrame, SparkSession

    import scoresheet

    if isinstance(source, DataFrame):
        spark = spark or source.sparkSession
        both = source.select(
            *([text_column] + ([name_column] if name_column else []))
        ).mapInArrow(_read_texts(text_column, name_column, pgn), schema=_both_schema())
    else:
        spark = spark or SparkSession.builder.getOrCreate()
        paths = _paths(source)
        # Each file is cut on a thread of its own (the cutting releases
        # the GIL): the driver reads every byte once before any task runs.
        with concurrent.futures.ThreadPoolExecutor() as pool:
            cuts = pool.map(lambda path: scoresheet.game_splits(path, split_bytes), paths)
            splits = [(path, *split) for path, cut in zip(paths, cuts) for split in cut]
        frame = spark.range(0, len(splits), 1, numPartitions=len(splits))
        both = frame.mapInArrow(_read_splits(splits, pgn), schema=_both_schema())
    both = both.cache()
    games = both.select(*[name for name, _ in GAME_COLUMNS])
    findings = both.selectExpr("inline(findings)")
    return games, findings
