"""Archives beyond one machine: scoresheet on Apache Spark.

:func:`read` turns PGN or text files (or a DataFrame of texts) into two
DataFrames: the games, verified, and the audit's findings, with the same
columns as the command line's report. Files are cut into splits where a
game starts, never inside one, so that a large archive is read by every
executor; each split is read with ``mapInArrow``, and the Rust reader
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


_ARROW = {"string": "string", "long": "int64", "int": "int32"}


def _arrow_schema():
    import pyarrow as pa

    fields = [pa.field("row", pa.string())]
    seen = set()
    for name, kind in GAME_COLUMNS + FINDING_COLUMNS:
        if name in seen:
            continue
        seen.add(name)
        if kind == "map<string,string>":
            fields.append(pa.field(name, pa.map_(pa.string(), pa.string())))
        else:
            fields.append(pa.field(name, pa.type_for_alias(_ARROW[kind])))
    return pa.schema(fields)


def _batches(games: dict, findings: dict) -> Iterator:
    """Two record batches of the combined schema: the games, the findings."""
    import pyarrow as pa

    schema = _arrow_schema()
    for kind, columns in (("game", games), ("finding", findings)):
        size = len(next(iter(columns.values()), []))
        if size == 0:
            continue
        data = {"row": [kind] * size}
        for field in schema:
            if field.name == "row":
                continue
            values = columns.get(field.name)
            if field.name == "tags" and values is not None:
                values = [list(t.items()) for t in values]
            data[field.name] = values if values is not None else [None] * size
        yield pa.RecordBatch.from_pydict(data, schema=schema)


def _read_splits(pgn: bool):
    def read(batches: Iterable) -> Iterator:
        """mapInArrow: each split (path, start, end, first game, first
        line) read, its games and findings numbered and placed in the
        whole file."""
        import scoresheet

        for batch in batches:
            for path, start, end, first, line in zip(*(c.to_pylist() for c in batch.columns)):
                with open(path, "rb") as f:
                    f.seek(start)
                    data = f.read(end - start)
                yield from _batches(*scoresheet._scoresheet.read_split(data, path, first, line, start, pgn))

    return read


def _read_texts(column: str, name_column: Optional[str], pgn: bool):
    def read(batches: Iterable) -> Iterator:
        import scoresheet

        count = 0
        for batch in batches:
            texts = batch.column(column).to_pylist()
            names = batch.column(name_column).to_pylist() if name_column else None
            for i, text in enumerate(texts):
                name = str(names[i]) if names else str(count)
                count += 1
                data = (text or "").encode("utf-8")
                yield from _batches(*scoresheet._scoresheet.read_split(data, name, 1, 1, 0, pgn))

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
    text in the findings' ``file`` column).

    Returns ``(games, findings)``: ``games`` has a row per game (file,
    game number, players, result, tags, verified SAN movetext, number of
    half-moves, final FEN, status: clean, warnings, repaired or
    rejected, notation, letters, and with ``pgn=True`` the game written as
    PGN, comments kept); ``findings`` has the columns of the command
    line's audit report.
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
        splits = [
            (path, start, end, first, line)
            for path in _paths(source)
            for start, end, first, line in scoresheet.game_splits(path, split_bytes)
        ]
        frame = spark.sparkContext.parallelize(splits, max(1, len(splits))).toDF(
            "path string, start long, end long, first long, line long"
        )
        both = frame.mapInArrow(_read_splits(pgn), schema=_both_schema())
    both = both.cache()
    games = both.where("row = 'game'").select(*[name for name, _ in GAME_COLUMNS])
    findings = both.where("row = 'finding'").select(*[name for name, _ in FINDING_COLUMNS])
    return games, findings
