"""Type stubs of the compiled module; see ``scoresheet`` for the docs."""

from os import PathLike
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

class Move:
    @property
    def san(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def ply(self) -> int: ...
    @property
    def written(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    def fen_before(self) -> str: ...

class Finding:
    kind: str
    severity: str
    ply: int
    line: int
    column: int
    written: str
    message: str
    suggestions: List[str]
    fen_before: str

class Game:
    @property
    def headers(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def result(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def rejected(self) -> bool: ...
    @property
    def repaired(self) -> bool: ...
    @property
    def notation(self) -> str: ...
    @property
    def letters(self) -> str: ...
    def fen(self) -> str: ...
    def output(self) -> Optional[str]: ...
    def to_pgn(self) -> str: ...
    def to_chess(self) -> Any: ...
    def report_rows(self, file: str) -> List[Dict[str, Any]]: ...

class GameIterator(Iterator[Game]):
    def __iter__(self) -> "GameIterator": ...
    def __next__(self) -> Game: ...

def read_path(
    path: Union[str, PathLike[str]],
    notation: Optional[str] = ...,
    lang: Optional[str] = ...,
    encoding: Optional[str] = ...,
    repair: bool = ...,
    to: str = ...,
    to_lang: str = ...,
) -> GameIterator: ...
def read_file(
    file: Any,
    notation: Optional[str] = ...,
    lang: Optional[str] = ...,
    encoding: Optional[str] = ...,
    repair: bool = ...,
    to: str = ...,
    to_lang: str = ...,
) -> GameIterator: ...
def read_bytes(
    data: bytes,
    notation: Optional[str] = ...,
    lang: Optional[str] = ...,
    encoding: Optional[str] = ...,
    repair: bool = ...,
    to: str = ...,
    to_lang: str = ...,
) -> GameIterator: ...
def convert_many(
    texts: List[str],
    notation: Optional[str] = ...,
    lang: Optional[str] = ...,
    repair: bool = ...,
    to: str = ...,
    to_lang: str = ...,
) -> List[Tuple[str, int]]: ...
class Disagreement:
    ply: int
    move_number: int
    side: str
    a_written: str
    b_written: str
    chosen: str
    right: str
    reason: str
    candidates: List[str]
    @property
    def settled(self) -> bool: ...
    def to_dict(self) -> Dict[str, Any]: ...

class TagConflict:
    name: str
    a: str
    b: str

class Reconciliation:
    game: Game
    disagreements: List[Disagreement]
    tag_conflicts: List[TagConflict]
    @property
    def pgn(self) -> str: ...
    @property
    def agrees(self) -> bool: ...

def reconcile(
    a: str,
    b: str,
    notation: Optional[str] = ...,
    lang: Optional[str] = ...,
) -> Reconciliation: ...
def game_splits(path: Union[str, PathLike[str]], size: int) -> List[Tuple[int, int, int, int]]: ...

# Used by scoresheet.spark: a table is (rows, columns), each column as
# Arrow lays it out: (validity or None, offsets, data) for strings,
# little-endian bytes for numbers, (offsets, keys, values) for a map.
_Table = Tuple[int, List[Any]]
_Pair = Tuple[Optional[_Table], Optional[_Table]]

class SplitReader(Iterator[_Pair]):
    def __iter__(self) -> "SplitReader": ...
    def __next__(self) -> _Pair: ...

def read_file_split(
    path: Union[str, PathLike[str]],
    start: int,
    end: int,
    first_game: int,
    first_line: int,
    tables: str = ...,
    pgn: bool = ...,
) -> SplitReader: ...
def read_texts(
    texts: List[Optional[str]],
    names: List[str],
    tables: str = ...,
    pgn: bool = ...,
) -> List[_Pair]: ...
