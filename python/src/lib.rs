//! The Python module `scoresheet._scoresheet`: the library's
//! [`Reader`](scoresheet::Reader) and its records, with the GIL released
//! while games are read. `scoresheet/__init__.py` is the face Python users
//! see; this module only wraps.

// Python functions take their options as keyword arguments.
#![allow(clippy::too_many_arguments)]

mod columns;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyIOError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use scoresheet::{Format, GameRecord, Letters, MoveRecord, Notation, Reader, ReconcileOptions};

/// A move of a game's main line (a view into its game).
#[pyclass(module = "scoresheet", name = "Move", frozen)]
struct PyMove {
    game: Arc<GameRecord>,
    index: usize,
}

impl PyMove {
    fn record(&self) -> &MoveRecord {
        &self.game.moves()[self.index]
    }
}

#[pymethods]
impl PyMove {
    /// The move in English SAN.
    #[getter]
    fn san(&self) -> String {
        self.record().san()
    }

    /// The move in UCI.
    #[getter]
    fn uci(&self) -> String {
        self.record().uci()
    }

    /// Half-move number, from 1.
    #[getter]
    fn ply(&self) -> u32 {
        self.record().ply
    }

    /// The move as written in the text.
    #[getter]
    fn written(&self) -> &str {
        &self.record().written
    }

    /// Line of the input where it is written, from 1.
    #[getter]
    fn line(&self) -> u32 {
        self.record().location.line
    }

    /// Column, from 1.
    #[getter]
    fn column(&self) -> u32 {
        self.record().location.column
    }

    /// The position before the move, as FEN.
    fn fen_before(&self) -> String {
        self.record().fen_before()
    }

    fn __repr__(&self) -> String {
        format!("<Move {} ({})>", self.record().san(), self.record().uci())
    }
}

/// Something the audit found in a game.
#[pyclass(module = "scoresheet", name = "Finding", frozen, get_all)]
struct PyFinding {
    /// `illegal`, `ambiguous`, `wrong-check-mark`, … (the report's kinds).
    kind: String,
    /// `info`, `warning` or `error`.
    severity: String,
    /// Half-move (0: the game as a whole).
    ply: u32,
    /// Line of the input, from 1.
    line: u32,
    /// Column, from 1.
    column: u32,
    /// The text as written.
    written: String,
    /// What is wrong, for people.
    message: String,
    /// The legal moves a minimal edit would give, English SAN.
    suggestions: Vec<String>,
    /// The position before the move, as FEN (empty for the whole game).
    fen_before: String,
}

#[pymethods]
impl PyFinding {
    fn __repr__(&self) -> String {
        format!(
            "<Finding {} at ply {}: {}>",
            self.kind, self.ply, self.message
        )
    }
}

/// One game read, verified and audited.
#[pyclass(module = "scoresheet", name = "Game", frozen)]
struct PyGame(Arc<GameRecord>);

#[pymethods]
impl PyGame {
    /// The tag pairs, in the order written.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        tag_dict(py, &self.0)
    }

    /// The main line's moves, as far as they replay.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        (0..self.0.moves().len())
            .map(|index| PyMove {
                game: Arc::clone(&self.0),
                index,
            })
            .collect()
    }

    /// Everything the audit found.
    #[getter]
    fn findings(&self) -> Vec<PyFinding> {
        self.0
            .findings()
            .map(|(f, at)| PyFinding {
                kind: f.kind.as_str().to_owned(),
                severity: f.severity.as_str().to_owned(),
                ply: f.ply,
                line: at.line,
                column: at.column,
                written: f.written.clone(),
                message: f.message.clone(),
                suggestions: f
                    .suggestion
                    .split(' ')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
                fen_before: f.fen_before.clone(),
            })
            .collect()
    }

    /// The result written.
    #[getter]
    fn result(&self) -> &str {
        self.0.result()
    }

    /// The game's number in its input, from 1.
    #[getter]
    fn index(&self) -> u64 {
        self.0.index()
    }

    /// Whether the game could not be converted (nor repaired).
    #[getter]
    fn rejected(&self) -> bool {
        self.0.is_rejected()
    }

    /// Whether the game was written with repairs made.
    #[getter]
    fn repaired(&self) -> bool {
        self.0.is_repaired()
    }

    /// The notation the moves were read in.
    #[getter]
    fn notation(&self) -> &str {
        self.0.notation()
    }

    /// The letter set the moves were read with.
    #[getter]
    fn letters(&self) -> &str {
        self.0.letters()
    }

    /// The final position as FEN.
    fn fen(&self) -> String {
        self.0.fen()
    }

    /// The game as written out (PGN unless asked otherwise); `None` when
    /// it is rejected.
    fn output(&self) -> Option<&str> {
        self.0.output()
    }

    /// The game as PGN (as `read_games(to=...)` asked); raises
    /// `ValueError` when the game is rejected.
    fn to_pgn(&self) -> PyResult<String> {
        self.0.output().map(str::to_owned).ok_or_else(|| {
            let errors: Vec<String> = self
                .0
                .findings()
                .filter(|(f, _)| f.severity == scoresheet::Severity::Error)
                .map(|(f, _)| f.message.clone())
                .collect();
            PyValueError::new_err(format!(
                "game {} was rejected: {}",
                self.0.index(),
                errors.join("; ")
            ))
        })
    }

    /// The game as a `chess.pgn.Game` (needs python-chess).
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.to_pgn()?;
        let buffer = py.import("io")?.getattr("StringIO")?.call1((text,))?;
        py.import("chess.pgn")?.call_method1("read_game", (buffer,))
    }

    /// The audit report's rows for the game, as dicts.
    fn report_rows<'py>(&self, py: Python<'py>, file: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .report_rows(file)
            .into_iter()
            .map(|row| row_dict(py, row))
            .collect()
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.0.tag(name).unwrap_or("?");
        format!(
            "<Game {} {} - {} {} ({} moves)>",
            self.0.index(),
            tag("White"),
            tag("Black"),
            self.0.result(),
            self.0.moves().len()
        )
    }
}

/// `row` as a dict with the report's columns, in the report's order.
fn row_dict<'py>(py: Python<'py>, row: scoresheet::ReportRow) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("file", row.file)?;
    dict.set_item("game", row.game)?;
    dict.set_item("line", row.line)?;
    dict.set_item("column", row.column)?;
    dict.set_item("byte_offset", row.byte_offset)?;
    dict.set_item("white", row.white)?;
    dict.set_item("black", row.black)?;
    dict.set_item("ply", row.ply)?;
    dict.set_item("move_number", row.move_number)?;
    dict.set_item("side", row.side)?;
    dict.set_item("written", row.written)?;
    dict.set_item("kind", row.kind)?;
    dict.set_item("message", row.message)?;
    dict.set_item("fen_before", row.fen_before)?;
    dict.set_item("suggestion", row.suggestion)?;
    Ok(dict)
}

/// `record`'s tags as a dict, the first of two with one name kept.
fn tag_dict<'py>(py: Python<'py>, record: &GameRecord) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in record.tags() {
        if !dict.contains(name)? {
            dict.set_item(name, value)?;
        }
    }
    Ok(dict)
}

/// The reader the options describe.
fn reader(
    notation: Option<&str>,
    lang: Option<&str>,
    encoding: Option<&str>,
    repair: bool,
    to: &str,
    to_lang: &str,
) -> PyResult<Reader> {
    let value = |e: scoresheet::Error| PyValueError::new_err(e.to_string());
    let notation = notation_option(notation)?;
    let format = format_named(to)?;
    Reader::new()
        .notation(notation)
        .repair(repair)
        .letters(lang.unwrap_or("auto"))
        .and_then(|r| r.encoding(encoding.unwrap_or("auto")))
        .and_then(|r| r.write(format, to_lang))
        .map_err(value)
}

/// The notation `name` asks for; `None` (or `auto`) detects it.
fn notation_option(name: Option<&str>) -> PyResult<Option<Notation>> {
    match name {
        None | Some("auto") => Ok(None),
        Some("san" | "lan" | "coord" | "uci") => Ok(Some(Notation::San)),
        Some("iccf") => Ok(Some(Notation::Iccf(Default::default()))),
        Some("descriptive") => Ok(Some(Notation::Descriptive)),
        Some(other) => Err(PyValueError::new_err(format!(
            "unknown notation {other:?}: auto, san, lan, coord, iccf or descriptive"
        ))),
    }
}

fn format_named(name: &str) -> PyResult<Format> {
    Format::named(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown output {name:?}: pgn, san, lan, uci, iccf, descriptive, figurine, spoken, fen, epd or json"
        ))
    })
}

/// The games of one input, read as Python asks for them: a batch at a
/// time, converted on all cores with the GIL released, so that memory
/// stays bounded however large the input.
#[pyclass(module = "scoresheet", name = "GameIterator")]
struct PyGames {
    games: Mutex<scoresheet::Games>,
    ready: std::collections::VecDeque<Result<GameRecord, scoresheet::Error>>,
}

/// Games converted in one batch.
const BATCH: usize = 512;

#[pymethods]
impl PyGames {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        if self.ready.is_empty() {
            let games = &self.games;
            let batch = py.detach(|| match games.lock() {
                Ok(mut games) => games.next_batch(BATCH),
                Err(_) => Vec::new(),
            });
            self.ready.extend(batch);
        }
        match self.ready.pop_front() {
            Some(Ok(game)) => Ok(Some(PyGame(Arc::new(game)))),
            Some(Err(e)) => Err(PyIOError::new_err(e.to_string())),
            None => Ok(None),
        }
    }
}

/// The games a reader opened, or why it could not.
fn games(opened: Result<scoresheet::Games, scoresheet::Error>) -> PyResult<PyGames> {
    opened
        .map(iterate)
        .map_err(|e| PyIOError::new_err(e.to_string()))
}

fn iterate(games: scoresheet::Games) -> PyGames {
    PyGames {
        games: Mutex::new(games),
        ready: std::collections::VecDeque::new(),
    }
}

/// The games of the file at `path`.
#[pyfunction]
#[pyo3(signature = (path, notation=None, lang=None, encoding=None, repair=false, to="pgn", to_lang="en"))]
fn read_path(
    path: std::path::PathBuf,
    notation: Option<&str>,
    lang: Option<&str>,
    encoding: Option<&str>,
    repair: bool,
    to: &str,
    to_lang: &str,
) -> PyResult<PyGames> {
    games(reader(notation, lang, encoding, repair, to, to_lang)?.read_path(&path))
}

/// The games of `data`, bytes in any encoding.
#[pyfunction]
#[pyo3(signature = (data, notation=None, lang=None, encoding=None, repair=false, to="pgn", to_lang="en"))]
fn read_bytes(
    data: Vec<u8>,
    notation: Option<&str>,
    lang: Option<&str>,
    encoding: Option<&str>,
    repair: bool,
    to: &str,
    to_lang: &str,
) -> PyResult<PyGames> {
    games(reader(notation, lang, encoding, repair, to, to_lang)?.read(std::io::Cursor::new(data)))
}

/// A Python file object (binary or text) read as a byte stream, a chunk
/// at a time, so that a large file streams as a path does.
struct PyFile {
    file: Py<PyAny>,
    /// Bytes of the last chunk not yet handed on (a text chunk's UTF-8
    /// may be longer than asked for).
    pending: Vec<u8>,
    at: usize,
}

/// Bytes (or characters) asked of a Python file object at a time.
const FILE_CHUNK: usize = 1 << 20;

impl std::io::Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            self.pending = Python::attach(|py| {
                let chunk = self.file.bind(py).call_method1("read", (FILE_CHUNK,))?;
                match chunk.extract::<String>() {
                    Ok(text) => Ok(text.into_bytes()),
                    Err(_) => chunk.extract::<Vec<u8>>(),
                }
            })
            .map_err(|e: PyErr| std::io::Error::other(e.to_string()))?;
            self.at = 0;
        }
        let n = (self.pending.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The games of an open Python file, read as it is consumed.
#[pyfunction]
#[pyo3(signature = (file, notation=None, lang=None, encoding=None, repair=false, to="pgn", to_lang="en"))]
fn read_file(
    file: Py<PyAny>,
    notation: Option<&str>,
    lang: Option<&str>,
    encoding: Option<&str>,
    repair: bool,
    to: &str,
    to_lang: &str,
) -> PyResult<PyGames> {
    let file = PyFile {
        file,
        pending: Vec::new(),
        at: 0,
    };
    games(reader(notation, lang, encoding, repair, to, to_lang)?.read(file))
}

/// How often `convert_many` looks for a signal (Ctrl-C) while the texts
/// are converted.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Each text of `texts` converted, on all cores with the GIL released:
/// for each, the games written out and the number of games rejected. A
/// signal (Ctrl-C) stops the work between two games and raises
/// `KeyboardInterrupt` at once.
#[pyfunction]
#[pyo3(signature = (texts, notation=None, lang=None, repair=false, to="pgn", to_lang="en"))]
fn convert_many(
    py: Python<'_>,
    texts: Vec<String>,
    notation: Option<&str>,
    lang: Option<&str>,
    repair: bool,
    to: &str,
    to_lang: &str,
) -> PyResult<Vec<(String, usize)>> {
    let reader = reader(notation, lang, None, repair, to, to_lang)?;
    let stop = AtomicBool::new(false);
    let convert = |text: &String| {
        let mut out = String::new();
        let mut rejected = 0;
        if stop.load(Ordering::Relaxed) {
            return (out, rejected);
        }
        for game in reader.read_str(text).flatten() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            match game.output() {
                Some(written) => out.push_str(written),
                None => rejected += 1,
            }
        }
        (out, rejected)
    };
    // The work runs beside this thread, which keeps the GIL only to look
    // for signals between short sleeps.
    std::thread::scope(|scope| {
        let work = scope.spawn(|| texts.par_iter().map(convert).collect::<Vec<_>>());
        loop {
            if work.is_finished() {
                return work
                    .join()
                    .map_err(|_| PyRuntimeError::new_err("converting the texts failed"));
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = py.detach(|| work.join());
                return Err(signal);
            }
            py.detach(|| std::thread::sleep(SIGNAL_POLL));
        }
    })
}

/// Byte ranges of the file at `path`, each about `size` bytes and cut
/// only where a game starts, with the number of the first game in each
/// and the line it starts on: the splits a cluster reads in parallel.
#[pyfunction]
fn game_splits(
    py: Python<'_>,
    path: std::path::PathBuf,
    size: u64,
) -> PyResult<Vec<(u64, u64, u64, u32)>> {
    py.detach(|| scoresheet::game_splits(&path, size))
        .map_err(|e| PyIOError::new_err(e.to_string()))
}

/// A half-move two copies of a scoresheet disagree on.
#[pyclass(module = "scoresheet", name = "Disagreement", frozen, get_all)]
struct PyDisagreement {
    /// The half-move, from 1.
    ply: u32,
    /// Its move number.
    move_number: u32,
    /// `white` or `black`.
    side: String,
    /// What copy A wrote in its box (empty: no box for the move).
    a_written: String,
    /// What copy B wrote.
    b_written: String,
    /// The move chosen, English SAN.
    chosen: String,
    /// `A`, `B` or `neither`.
    right: String,
    /// Why, for people.
    reason: String,
    /// Where two or more moves fit both copies equally well, all of them
    /// (the chosen first); empty where the move is settled.
    candidates: Vec<String>,
}

#[pymethods]
impl PyDisagreement {
    /// Whether the copies, read together, settle the move.
    #[getter]
    fn settled(&self) -> bool {
        self.candidates.is_empty()
    }

    /// The fields as a dict (the columns of `scoresheet reconcile --report`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("ply", self.ply)?;
        dict.set_item("move_number", self.move_number)?;
        dict.set_item("side", &self.side)?;
        dict.set_item("a_written", &self.a_written)?;
        dict.set_item("b_written", &self.b_written)?;
        dict.set_item("chosen", &self.chosen)?;
        dict.set_item("right", &self.right)?;
        dict.set_item("reason", &self.reason)?;
        dict.set_item("candidates", self.candidates.clone())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Disagreement at ply {}: A {:?} B {:?} -> {} ({} right)>",
            self.ply, self.a_written, self.b_written, self.chosen, self.right
        )
    }
}

/// A tag two copies give different values.
#[pyclass(module = "scoresheet", name = "TagConflict", frozen, get_all)]
struct PyTagConflict {
    /// The tag's name.
    name: String,
    /// Its value in copy A (the value kept).
    a: String,
    /// Its value in copy B.
    b: String,
}

#[pymethods]
impl PyTagConflict {
    fn __repr__(&self) -> String {
        format!("<TagConflict {}: A {:?} B {:?}>", self.name, self.a, self.b)
    }
}

/// The one game two copies of a scoresheet record, and where they
/// disagree.
#[pyclass(module = "scoresheet", name = "Reconciliation", frozen, get_all)]
struct PyReconciliation {
    /// The game, its tags taken from both copies.
    game: Py<PyGame>,
    /// Every half-move where the copies disagree, in order.
    disagreements: Vec<Py<PyDisagreement>>,
    /// Every tag the copies give different values (the game has A's).
    tag_conflicts: Vec<Py<PyTagConflict>>,
}

#[pymethods]
impl PyReconciliation {
    /// The game as PGN.
    #[getter]
    fn pgn(&self) -> String {
        self.game.get().0.output().unwrap_or_default().to_owned()
    }

    /// Whether the copies agree on every move and tag.
    #[getter]
    fn agrees(&self) -> bool {
        self.disagreements.is_empty() && self.tag_conflicts.is_empty()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Reconciliation {} disagreement(s), {} tag conflict(s)>",
            self.disagreements.len(),
            self.tag_conflicts.len()
        )
    }
}

/// Two copies of one game's scoresheet read as one game, with the GIL
/// released while they are searched together.
#[pyfunction]
#[pyo3(signature = (a, b, notation=None, lang=None))]
fn reconcile(
    py: Python<'_>,
    a: String,
    b: String,
    notation: Option<&str>,
    lang: Option<&str>,
) -> PyResult<PyReconciliation> {
    let notation = notation_option(notation)?;
    let code = lang.unwrap_or("auto");
    let letters = Letters::from_code(code).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown letters {code:?}; `scoresheet languages` lists them"
        ))
    })?;
    let options = ReconcileOptions { notation, letters };
    let joined = py
        .detach(|| scoresheet::reconcile(&a, &b, &options))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let disagreements = joined
        .disagreements
        .into_iter()
        .map(|d| {
            Py::new(
                py,
                PyDisagreement {
                    ply: d.ply,
                    move_number: d.move_number,
                    side: d.side_name().to_owned(),
                    right: d.right.to_string(),
                    a_written: d.a_written,
                    b_written: d.b_written,
                    chosen: d.chosen,
                    reason: d.reason,
                    candidates: d.candidates,
                },
            )
        })
        .collect::<PyResult<_>>()?;
    let tag_conflicts = joined
        .tag_conflicts
        .into_iter()
        .map(|t| {
            Py::new(
                py,
                PyTagConflict {
                    name: t.name,
                    a: t.a,
                    b: t.b,
                },
            )
        })
        .collect::<PyResult<_>>()?;
    Ok(PyReconciliation {
        game: Py::new(py, PyGame(Arc::new(joined.game)))?,
        disagreements,
        tag_conflicts,
    })
}

#[pymodule]
fn _scoresheet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyFinding>()?;
    m.add_class::<PyGames>()?;
    m.add_function(wrap_pyfunction!(read_path, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(convert_many, m)?)?;
    m.add_function(wrap_pyfunction!(game_splits, m)?)?;
    m.add_class::<PyDisagreement>()?;
    m.add_class::<PyTagConflict>()?;
    m.add_class::<PyReconciliation>()?;
    m.add_function(wrap_pyfunction!(reconcile, m)?)?;
    m.add_class::<columns::PySplit>()?;
    m.add_function(wrap_pyfunction!(columns::read_file_split, m)?)?;
    m.add_function(wrap_pyfunction!(columns::read_texts, m)?)?;
    Ok(())
}
