//! A split of an input read straight into Arrow columns, for Spark.
//!
//! A cluster's task reads its split a batch of games at a time: the
//! games are converted on all cores with the GIL released, and their
//! values written into buffers laid out as Arrow lays them out (offsets
//! and bytes for a string column, little-endian integers for a number
//! column, offsets into key and value strings for a map), still without
//! the GIL. Python gets a few `bytes` objects per column, which pyarrow
//! wraps without looking at a value (`pyarrow.Array.from_buffers`), so
//! that no Python object is made per game, per tag or per move; and the
//! next batch is converted, on a thread of the split's own, while Spark
//! takes in the one before. The games table ends with offsets into the
//! findings table, so that Python can nest each game's findings in its
//! row.
//!
//! ```text
//! file range ──▶ Games::next_batch ──▶ Table (games) + Table (findings)
//!                 (all cores)             │ bytes, offsets, bitmaps
//!                                         ▼
//!                         Python: pyarrow.Array.from_buffers ──▶ Spark
//! ```

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::sync::{Mutex, mpsc};

use pyo3::exceptions::{PyIOError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use scoresheet::{Format, GameRecord, Games, Reader};

/// A column of UTF-8 strings as Arrow lays it out: `len + 1` offsets
/// into `data`, and a validity bitmap once a null has been pushed.
struct Strings {
    offsets: Vec<i32>,
    data: Vec<u8>,
    validity: Option<Vec<u8>>,
}

impl Strings {
    fn new() -> Strings {
        Strings {
            offsets: vec![0],
            data: Vec::new(),
            validity: None,
        }
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Ends the value whose bytes were appended to `data`.
    fn end_value(&mut self) {
        // The batch is cut before `data` reaches `i32::MAX`
        // (see [`TABLE_BYTES`]), so that the offset fits.
        self.offsets.push(self.data.len() as i32);
        let index = self.len() - 1;
        if let Some(bits) = &mut self.validity {
            set_bit(bits, index, true);
        }
    }

    fn push(&mut self, value: &str) {
        self.data.extend_from_slice(value.as_bytes());
        self.end_value();
    }

    fn push_option(&mut self, value: Option<&str>) {
        match value {
            Some(value) => self.push(value),
            None => {
                let index = self.len();
                let bits = self.validity.get_or_insert_with(|| {
                    let mut bits = Vec::new();
                    for i in 0..index {
                        set_bit(&mut bits, i, true);
                    }
                    bits
                });
                set_bit(bits, index, false);
                self.offsets.push(self.data.len() as i32);
            }
        }
    }

    /// `(validity or None, offsets, data)`.
    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let validity = self.validity.map(|bits| PyBytes::new(py, &bits));
        (
            validity,
            ints(py, &self.offsets)?,
            PyBytes::new(py, &self.data),
        )
            .into_pyobject(py)
    }
}

/// The bytes of the largest of `columns`.
fn largest(columns: &[&Strings]) -> usize {
    columns.iter().map(|s| s.data.len()).max().unwrap_or(0)
}

fn set_bit(bits: &mut Vec<u8>, index: usize, value: bool) {
    if bits.len() <= index / 8 {
        bits.resize(index / 8 + 1, 0);
    }
    if value {
        bits[index / 8] |= 1 << (index % 8);
    } else {
        bits[index / 8] &= !(1 << (index % 8));
    }
}

/// Integers as Arrow's little-endian buffer.
fn ints<'py, T: Copy + IntoLe>(py: Python<'py>, values: &[T]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * T::SIZE, |out| {
        for (chunk, value) in out.chunks_exact_mut(T::SIZE).zip(values) {
            value.write_le(chunk);
        }
        Ok(())
    })
}

trait IntoLe {
    const SIZE: usize;
    fn write_le(self, out: &mut [u8]);
}

impl IntoLe for i32 {
    const SIZE: usize = 4;
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
}

impl IntoLe for i64 {
    const SIZE: usize = 8;
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
}

/// A column of a [`Table`].
enum Column {
    Strings(Strings),
    Int32(Vec<i32>),
    Int64(Vec<i64>),
    /// `map<string,string>`: per row, offsets into the keys and values.
    Map {
        offsets: Vec<i32>,
        keys: Strings,
        values: Strings,
    },
}

impl Column {
    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Column::Strings(s) => s.into_py(py)?.into_any(),
            Column::Int32(v) => ints(py, &v)?.into_any(),
            Column::Int64(v) => ints(py, &v)?.into_any(),
            Column::Map {
                offsets,
                keys,
                values,
            } => (ints(py, &offsets)?, keys.into_py(py)?, values.into_py(py)?)
                .into_pyobject(py)?
                .into_any(),
        })
    }
}

/// Rows as columns, in the order `scoresheet.spark` declares them.
struct Table {
    rows: usize,
    columns: Vec<Column>,
}

impl Table {
    /// `(rows, [column, …])`, each column as [`Column::into_py`] gives it.
    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let columns = PyList::empty(py);
        for column in self.columns {
            columns.append(column.into_py(py)?)?;
        }
        (self.rows, columns).into_pyobject(py)
    }
}

/// Where a split starts in its input: numbers and places of its games
/// are counted from there.
#[derive(Clone)]
struct Place {
    name: String,
    first_game: u64,
    first_line: u32,
    first_byte: u64,
}

impl Place {
    fn game(&self, record: &GameRecord) -> u64 {
        self.first_game + record.index() - 1
    }
}

/// What became of a game: `rejected`, `repaired`, `warnings` or `clean`.
pub(crate) fn status(record: &GameRecord) -> &'static str {
    if record.is_rejected() {
        "rejected"
    } else if record.is_repaired() {
        "repaired"
    } else if record.has_problems() {
        "warnings"
    } else {
        "clean"
    }
}

/// The games table, a row per game: file, game, white, black, result,
/// tags, movetext, plies, final_fen, status, notation, letters, pgn; and
/// last, `rows + 1` offsets: game `i`'s findings are rows
/// `offsets[i]..offsets[i + 1]` of the findings table built with it.
struct GamesTable {
    file: Strings,
    game: Vec<i64>,
    white: Strings,
    black: Strings,
    result: Strings,
    tag_offsets: Vec<i32>,
    tag_names: Strings,
    tag_values: Strings,
    movetext: Strings,
    plies: Vec<i32>,
    final_fen: Strings,
    status: Strings,
    notation: Strings,
    letters: Strings,
    pgn: Strings,
    finding_offsets: Vec<i32>,
}

impl GamesTable {
    fn new() -> GamesTable {
        GamesTable {
            file: Strings::new(),
            game: Vec::new(),
            white: Strings::new(),
            black: Strings::new(),
            result: Strings::new(),
            tag_offsets: vec![0],
            tag_names: Strings::new(),
            tag_values: Strings::new(),
            movetext: Strings::new(),
            plies: Vec::new(),
            final_fen: Strings::new(),
            status: Strings::new(),
            notation: Strings::new(),
            letters: Strings::new(),
            pgn: Strings::new(),
            finding_offsets: vec![0],
        }
    }

    fn push(&mut self, record: &GameRecord, place: &Place) {
        self.file.push(&place.name);
        self.game.push(place.game(record) as i64);
        self.white.push(record.tag("White").unwrap_or(""));
        self.black.push(record.tag("Black").unwrap_or(""));
        self.result.push(record.result());
        // As a dict would: the first of two tags with one name is kept.
        let tags = record.tags();
        for (i, (name, value)) in tags.iter().enumerate() {
            if !tags[..i].iter().any(|(seen, _)| seen == name) {
                self.tag_names.push(name);
                self.tag_values.push(value);
            }
        }
        self.tag_offsets.push(self.tag_names.len() as i32);
        self.movetext
            .data
            .extend_from_slice(record.san_movetext().as_bytes());
        self.movetext.end_value();
        self.plies.push(record.plies() as i32);
        self.final_fen.push(&record.fen());
        self.status.push(status(record));
        self.notation.push(record.notation());
        self.letters.push(record.letters());
        self.pgn.push_option(record.output());
    }

    /// The largest string buffer.
    fn bytes(&self) -> usize {
        largest(&[
            &self.white,
            &self.black,
            &self.tag_names,
            &self.tag_values,
            &self.movetext,
            &self.pgn,
        ])
    }

    fn finish(self) -> Table {
        Table {
            rows: self.game.len(),
            columns: vec![
                Column::Strings(self.file),
                Column::Int64(self.game),
                Column::Strings(self.white),
                Column::Strings(self.black),
                Column::Strings(self.result),
                Column::Map {
                    offsets: self.tag_offsets,
                    keys: self.tag_names,
                    values: self.tag_values,
                },
                Column::Strings(self.movetext),
                Column::Int32(self.plies),
                Column::Strings(self.final_fen),
                Column::Strings(self.status),
                Column::Strings(self.notation),
                Column::Strings(self.letters),
                Column::Strings(self.pgn),
                Column::Int32(self.finding_offsets),
            ],
        }
    }
}

/// The findings table: the audit report's columns, each finding
/// numbered and placed in the whole input.
struct FindingsTable {
    file: Strings,
    game: Vec<i64>,
    line: Vec<i64>,
    column: Vec<i64>,
    byte_offset: Vec<i64>,
    white: Strings,
    black: Strings,
    ply: Vec<i64>,
    move_number: Vec<i64>,
    side: Strings,
    written: Strings,
    kind: Strings,
    message: Strings,
    fen_before: Strings,
    suggestion: Strings,
}

impl FindingsTable {
    fn new() -> FindingsTable {
        FindingsTable {
            file: Strings::new(),
            game: Vec::new(),
            line: Vec::new(),
            column: Vec::new(),
            byte_offset: Vec::new(),
            white: Strings::new(),
            black: Strings::new(),
            ply: Vec::new(),
            move_number: Vec::new(),
            side: Strings::new(),
            written: Strings::new(),
            kind: Strings::new(),
            message: Strings::new(),
            fen_before: Strings::new(),
            suggestion: Strings::new(),
        }
    }

    fn push(&mut self, record: &GameRecord, place: &Place) {
        for row in record.report_rows(&place.name) {
            self.file.push(&row.file);
            self.game.push(place.game(record) as i64);
            self.line
                .push(i64::from(row.line) + i64::from(place.first_line) - 1);
            self.column.push(i64::from(row.column));
            self.byte_offset
                .push((row.byte_offset + place.first_byte) as i64);
            self.white.push(&row.white);
            self.black.push(&row.black);
            self.ply.push(i64::from(row.ply));
            self.move_number.push(i64::from(row.move_number));
            self.side.push(&row.side);
            self.written.push(&row.written);
            self.kind.push(&row.kind);
            self.message.push(&row.message);
            self.fen_before.push(&row.fen_before);
            self.suggestion.push(&row.suggestion);
        }
    }

    /// The largest string buffer.
    fn bytes(&self) -> usize {
        largest(&[
            &self.file,
            &self.white,
            &self.black,
            &self.side,
            &self.written,
            &self.kind,
            &self.message,
            &self.fen_before,
            &self.suggestion,
        ])
    }

    fn rows(&self) -> usize {
        self.game.len()
    }

    fn finish(self) -> Table {
        Table {
            rows: self.game.len(),
            columns: vec![
                Column::Strings(self.file),
                Column::Int64(self.game),
                Column::Int64(self.line),
                Column::Int64(self.column),
                Column::Int64(self.byte_offset),
                Column::Strings(self.white),
                Column::Strings(self.black),
                Column::Int64(self.ply),
                Column::Int64(self.move_number),
                Column::Strings(self.side),
                Column::Strings(self.written),
                Column::Strings(self.kind),
                Column::Strings(self.message),
                Column::Strings(self.fen_before),
                Column::Strings(self.suggestion),
            ],
        }
    }
}

/// The tables asked for, built a game at a time.
struct Tables {
    games: Option<GamesTable>,
    findings: Option<FindingsTable>,
}

/// A pair of tables as Python gets it: `(games, findings)`, each
/// `(rows, columns)` or `None` when not asked for.
type Pair = (Option<Table>, Option<Table>);

impl Tables {
    fn new(want: (bool, bool)) -> Tables {
        Tables {
            games: want.0.then(GamesTable::new),
            findings: want.1.then(FindingsTable::new),
        }
    }

    fn push(&mut self, record: &GameRecord, place: &Place) {
        if let Some(findings) = &mut self.findings {
            findings.push(record, place);
        }
        if let Some(games) = &mut self.games {
            games.push(record, place);
            // The findings table's rows offsets are `i32`, as its
            // strings' are (see [`TABLE_BYTES`]).
            let end = self.findings.as_ref().map_or(0, FindingsTable::rows);
            games.finding_offsets.push(end as i32);
        }
    }

    /// Whether the tables' strings near Arrow's limit, so that the next
    /// game must go into new ones.
    fn full(&self) -> bool {
        let bytes = self.games.as_ref().map_or(0, GamesTable::bytes)
            + self.findings.as_ref().map_or(0, FindingsTable::bytes);
        bytes > TABLE_BYTES
    }

    fn finish(self) -> Pair {
        (
            self.games.map(GamesTable::finish),
            self.findings.map(FindingsTable::finish),
        )
    }
}

fn pair_into_py<'py>(py: Python<'py>, (games, findings): Pair) -> PyResult<Bound<'py, PyTuple>> {
    let games = games.map(|t| t.into_py(py)).transpose()?;
    let findings = findings.map(|t| t.into_py(py)).transpose()?;
    (games, findings).into_pyobject(py)
}

/// Games in one pair of tables at most: a record batch for Spark. Each
/// batch costs pyarrow and the JVM a fixed amount per column, so that
/// parts of 1,024 games read four copies of TCEC 3-8 % faster than
/// parts of 256.
const PART: usize = 1024;

/// Games converted at a time: a part for every core, so that a batch's
/// tables are built on every core, few enough that Spark takes in one
/// batch while the next is converted.
fn batch_size() -> usize {
    PART * rayon::current_num_threads()
}

/// A table's largest string buffer at most (Arrow's offsets are `i32`):
/// a batch of large games is cut into several tables.
const TABLE_BYTES: usize = 256 << 20;

/// The games of one split as tables, a batch at a time; see the
/// [module documentation](self).
#[pyclass(module = "scoresheet", name = "SplitReader")]
pub(crate) struct PySplit {
    /// `None` once the end or an error has been received.
    receiver: Mutex<Option<mpsc::Receiver<Message>>>,
}

/// What a split's thread sends: a pair of tables, then `Ok(None)` at the
/// end of the split, or an error. A channel closed before either means
/// the thread panicked, which must not pass for the end of the split.
type Message = Result<Option<Pair>, scoresheet::Error>;

/// Pairs of tables a split's thread may have ready before Python asks
/// for them.
const AHEAD: usize = 2;

struct State {
    games: Games,
    place: Place,
    /// Which tables to build: games, findings.
    want: (bool, bool),
    done: bool,
}

impl State {
    /// The tables of the next batch of games, `None` at the end.
    fn next(&mut self) -> Result<Option<Vec<Pair>>, scoresheet::Error> {
        use rayon::prelude::*;
        if self.done {
            return Ok(None);
        }
        let size = batch_size();
        let batch = self.games.next_batch(size);
        self.done = batch.len() < size;
        let records = batch.into_iter().collect::<Result<Vec<_>, _>>()?;
        if records.is_empty() {
            return Ok(None);
        }
        // Each part's tables built (and its records dropped) on a core of
        // its own: SAN and FEN are written out here.
        let (place, want) = (&self.place, self.want);
        let tables = records
            .into_par_iter()
            .chunks(PART)
            .flat_map_iter(|part| tables_of(&part, place, want))
            .collect();
        Ok(Some(tables))
    }
}

/// The tables of `records`: one pair, or more when the strings of one
/// pair would near Arrow's limit.
fn tables_of(records: &[GameRecord], place: &Place, want: (bool, bool)) -> Vec<Pair> {
    let mut pairs = Vec::new();
    let mut tables = Tables::new(want);
    for record in records {
        tables.push(record, place);
        if tables.full() {
            pairs.push(std::mem::replace(&mut tables, Tables::new(want)).finish());
        }
    }
    pairs.push(tables.finish());
    pairs
}

impl PySplit {
    /// Starts the thread that reads the split a batch ahead of Python.
    fn new(games: Games, place: Place, want: (bool, bool)) -> PySplit {
        let (sender, receiver) = mpsc::sync_channel(AHEAD);
        let mut state = State {
            games,
            place,
            want,
            done: false,
        };
        std::thread::spawn(move || {
            // A failed send: the reader was dropped, its task is over.
            loop {
                match state.next() {
                    Ok(Some(pairs)) => {
                        for pair in pairs {
                            if sender.send(Ok(Some(pair))).is_err() {
                                return;
                            }
                        }
                    }
                    last => {
                        let _ = sender.send(last.map(|_| None));
                        return;
                    }
                }
            }
        });
        PySplit {
            receiver: Mutex::new(Some(receiver)),
        }
    }
}

#[pymethods]
impl PySplit {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// `(games, findings)`: each `(rows, columns)`, or `None` when not
    /// asked for.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let receiver = &self.receiver;
        let next = py.detach(|| {
            let mut receiver = receiver.lock().ok()?;
            let message = receiver.as_ref().map(mpsc::Receiver::recv);
            if !matches!(message, Some(Ok(Ok(Some(_))))) {
                *receiver = None;
            }
            Some(message)
        });
        let message = match next {
            Some(Some(Ok(message))) => message,
            Some(None) => return Ok(None),
            Some(Some(Err(_))) | None => {
                return Err(PyRuntimeError::new_err(
                    "the split's reader stopped before the end of the split",
                ));
            }
        };
        match message.map_err(|e| PyIOError::new_err(e.to_string()))? {
            Some(pair) => Ok(Some(pair_into_py(py, pair)?)),
            None => Ok(None),
        }
    }
}

/// The reader of a split: PGN written when `pgn`, nothing otherwise; the
/// main line kept as SAN text, with no record per move.
fn split_reader(pgn: bool) -> PyResult<Reader> {
    let format = if pgn { Format::Pgn } else { Format::None };
    Reader::new()
        .moves(false)
        .write(format, "en")
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn wanted(tables: &str) -> PyResult<(bool, bool)> {
    match tables {
        "both" => Ok((true, true)),
        "games" => Ok((true, false)),
        "findings" => Ok((false, true)),
        other => Err(PyValueError::new_err(format!(
            "unknown tables {other:?}: both, games or findings"
        ))),
    }
}

/// The games of bytes `start..end` of the file at `path` (a split
/// starting with game number `first_game` on line `first_line`), read a
/// batch at a time as Arrow buffers; `tables` says which of the games
/// and the findings to build (`both`, `games`, `findings`); with `pgn`,
/// each game is written as PGN too.
#[pyfunction]
#[pyo3(signature = (path, start, end, first_game, first_line, tables="both", pgn=false))]
pub(crate) fn read_file_split(
    py: Python<'_>,
    path: std::path::PathBuf,
    start: u64,
    end: u64,
    first_game: u64,
    first_line: u32,
    tables: &str,
    pgn: bool,
) -> PyResult<PySplit> {
    let reader = split_reader(pgn)?;
    let want = wanted(tables)?;
    let name = path.to_string_lossy().into_owned();
    let games = py
        .detach(|| {
            let mut file = File::open(&path)?;
            file.seek(SeekFrom::Start(start))?;
            reader
                .read(file.take(end.saturating_sub(start)))
                .map_err(std::io::Error::other)
        })
        .map_err(|e| PyIOError::new_err(format!("{}: {e}", path.display())))?;
    let place = Place {
        name,
        first_game,
        first_line,
        first_byte: start,
    };
    Ok(PySplit::new(games, place, want))
}

/// The games of each text of `texts` (named by `names`, each text's
/// games numbered from 1), converted on all cores with the GIL
/// released, as a list of `(games, findings)` pairs like those a
/// [`PySplit`] gives (one but for very large texts). A text that is
/// `None` has no games.
#[pyfunction]
#[pyo3(signature = (texts, names, tables="both", pgn=false))]
pub(crate) fn read_texts<'py>(
    py: Python<'py>,
    texts: Vec<Option<String>>,
    names: Vec<String>,
    tables: &str,
    pgn: bool,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    use rayon::prelude::*;
    if texts.len() != names.len() {
        return Err(PyValueError::new_err(format!(
            "{} texts but {} names",
            texts.len(),
            names.len()
        )));
    }
    let reader = split_reader(pgn)?;
    let want = wanted(tables)?;
    let pairs = py
        .detach(|| {
            let read: Vec<Result<Vec<GameRecord>, scoresheet::Error>> = texts
                .into_par_iter()
                .map(|text| {
                    let bytes = text.map(String::into_bytes).unwrap_or_default();
                    reader.read(std::io::Cursor::new(bytes))?.collect()
                })
                .collect();
            let mut pairs = Vec::new();
            let mut tables = Tables::new(want);
            for (records, name) in read.into_iter().zip(names) {
                let place = Place {
                    name,
                    first_game: 1,
                    first_line: 1,
                    first_byte: 0,
                };
                for record in &records? {
                    tables.push(record, &place);
                    if tables.full() {
                        pairs.push(std::mem::replace(&mut tables, Tables::new(want)).finish());
                    }
                }
            }
            pairs.push(tables.finish());
            Ok::<_, scoresheet::Error>(pairs)
        })
        .map_err(|e| PyIOError::new_err(e.to_string()))?;
    pairs
        .into_iter()
        .map(|pair| pair_into_py(py, pair))
        .collect()
}
