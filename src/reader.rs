//! Reading games from files, streams and strings: the library's entry
//! point.
//!
//! A [`Reader`] holds the options (notation, letters, encoding, ICCF
//! promotion digits, repairs, what to write); [`Reader::read_path`],
//! [`Reader::read`] and [`Reader::read_str`] give an iterator of
//! [`GameRecord`]s, one per game, read, verified and audited as the
//! input streams in.
//!
//! ```
//! use scoresheet::Reader;
//!
//! let text = "[White \"Morphy\"]\n\n1. e4 e5 2. Hf3 d6 3. d4 Fg4 *\n";
//! for game in Reader::new().read_str(text) {
//!     let game = game.unwrap();
//!     assert_eq!(game.tag("White"), Some("Morphy"));
//!     assert_eq!(game.letters(), "hu");
//!     let last = game.moves().last().unwrap();
//!     assert_eq!((last.san(), last.location.line), ("Bg4".to_owned(), 3));
//!     assert!(game.output().unwrap().contains("2. Nf3 d6 3. d4 Bg4"));
//! }
//! ```

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::convert::{Converter, letters_for};
use crate::decode::{self, EncodingChoice, TextEncoding};
use crate::error::{Error, ErrorKind};
use crate::lang::Language;
use crate::model::Location;
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::output::Format;
use crate::pgn::split::{RawGame, Splitter};
use crate::record::{GameRecord, locate};

/// What to read and how; see the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Reader {
    converter: Converter<'static>,
    encoding: EncodingChoice,
}

impl Default for Reader {
    fn default() -> Self {
        Reader::new()
    }
}

impl Reader {
    /// Any notation and letters, detected per game; any encoding,
    /// detected; English PGN written.
    pub fn new() -> Reader {
        Reader {
            converter: Converter::new().record(true),
            encoding: EncodingChoice::Auto,
        }
    }

    /// Reads moves in `notation` only (`None`: detected per game).
    pub fn notation(mut self, notation: Option<Notation>) -> Reader {
        self.converter = self.converter.from(notation);
        self
    }

    /// Reads piece letters of the set `code` (`en`, `hu`, `de`, …, or
    /// `auto`).
    ///
    /// # Errors
    ///
    /// Fails when no letter set has that code.
    pub fn letters(mut self, code: &str) -> Result<Reader, Error> {
        let letters = letters_for(code).ok_or_else(|| ErrorKind::UnknownLetters(code.into()))?;
        self.converter = self.converter.letters(letters);
        Ok(self)
    }

    /// Decodes input with the encoding labelled `label` (`utf-8`,
    /// `windows-1250`, `cp852`, …, or `auto`).
    ///
    /// # Errors
    ///
    /// Fails when no encoding has that label.
    pub fn encoding(mut self, label: &str) -> Result<Reader, Error> {
        self.encoding = match label {
            "auto" => EncodingChoice::Auto,
            label if TextEncoding::for_label(label).is_some() => {
                EncodingChoice::Label(label.to_owned())
            }
            label => return Err(ErrorKind::UnknownEncoding(label.into()).into()),
        };
        Ok(self)
    }

    /// Numbers ICCF promotions as `convention` says.
    pub fn iccf_promotion(mut self, convention: Promotion) -> Reader {
        self.converter = self.converter.iccf_promotion(convention);
        self
    }

    /// Repairs a game whose mistakes each have one sure fix.
    pub fn repair(mut self, repair: bool) -> Reader {
        self.converter = self.converter.repair(repair);
        self
    }

    /// Writes each game (its [`GameRecord::output`]) as `format`, in
    /// the letters of the set `code`.
    ///
    /// # Errors
    ///
    /// Fails when no letter set has that code, or the format cannot be
    /// written in those letters (FEN in figurines).
    pub fn write(mut self, format: Format, code: &str) -> Result<Reader, Error> {
        let lang = Language::builtin(code).ok_or_else(|| ErrorKind::UnknownLetters(code.into()))?;
        let converter = self.converter.to(format).to_lang(lang);
        if converter.validate().is_err() {
            return Err(ErrorKind::UnknownLetters(code.into()).into());
        }
        self.converter = converter;
        Ok(self)
    }

    /// The games of the file at `path`.
    ///
    /// # Errors
    ///
    /// Fails when the file cannot be opened or its start read.
    pub fn read_path(&self, path: impl AsRef<Path>) -> Result<Games, Error> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| Error::io(Some(path.into()), None, e))?;
        self.stream(file, Some(path.into()))
    }

    /// The games of `input`.
    ///
    /// # Errors
    ///
    /// Fails when the start of the input cannot be read.
    pub fn read(&self, input: impl Read + Send + 'static) -> Result<Games, Error> {
        self.stream(input, None)
    }

    /// The games of `text`.
    pub fn read_str(&self, text: &str) -> Games {
        Games {
            splitter: Splitter::new(Box::new(io::Cursor::new(text.as_bytes().to_vec()))),
            converter: self.converter,
            path: None,
            failed: false,
        }
    }

    fn stream(
        &self,
        input: impl Read + Send + 'static,
        path: Option<PathBuf>,
    ) -> Result<Games, Error> {
        let decoded =
            decode::decode(input, &self.encoding).map_err(|e| Error::io(path.clone(), None, e))?;
        Ok(Games {
            splitter: Splitter::new(decoded.reader),
            converter: self.converter,
            path,
            failed: false,
        })
    }
}

/// The games of one input, in order; see [`Reader`].
pub struct Games {
    splitter: Splitter<Box<dyn io::BufRead + Send>>,
    converter: Converter<'static>,
    path: Option<PathBuf>,
    failed: bool,
}

impl Iterator for Games {
    type Item = Result<GameRecord, Error>;

    fn next(&mut self) -> Option<Result<GameRecord, Error>> {
        if self.failed {
            return None;
        }
        match self.splitter.next()? {
            Ok(raw) => Some(Ok(record(&self.converter, &raw))),
            Err(e) => {
                self.failed = true;
                Some(Err(Error::io(self.path.clone(), None, e)))
            }
        }
    }
}

impl Games {
    /// Every game left, converted on all cores (rayon's pool), in input
    /// order; games are read a batch at a time, so that all cores work
    /// while the input streams in.
    pub fn collect_parallel(mut self) -> Vec<Result<GameRecord, Error>> {
        use rayon::prelude::*;
        const BATCH: usize = 256;
        let mut out = Vec::new();
        loop {
            let mut batch = Vec::with_capacity(BATCH);
            let mut error = None;
            for raw in self.splitter.by_ref().take(BATCH) {
                match raw {
                    Ok(raw) => batch.push(raw),
                    Err(e) => {
                        error = Some(Error::io(self.path.clone(), None, e));
                        break;
                    }
                }
            }
            let last = batch.len() < BATCH || error.is_some();
            let converter = self.converter;
            out.par_extend(batch.par_iter().map(|raw| Ok(record(&converter, raw))));
            if let Some(e) = error {
                out.push(Err(e));
            }
            if last {
                return out;
            }
        }
    }
}

/// Byte ranges of the file at `path`, each of about `size` bytes and cut
/// only where a game starts, with the number (from 1) of the first game
/// in each and the line it starts on: splits that readers on several
/// machines read apart and that together hold every game once. A UTF-16
/// file is one split.
///
/// # Errors
///
/// Fails when the file cannot be read.
pub fn game_splits(path: &Path, size: u64) -> Result<Vec<(u64, u64, u64, u32)>, Error> {
    let io_error = |e| Error::io(Some(path.into()), None, e);
    let file = File::open(path).map_err(io_error)?;
    let total = file.metadata().map_err(io_error)?.len();
    let mut input = io::BufReader::new(file);
    let head = io::BufRead::fill_buf(&mut input).map_err(io_error)?;
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return Ok(vec![(0, total, 1, 1)]);
    }
    let mut splits = Vec::new();
    let (mut start, mut first, mut line) = (0u64, 1u64, 1u32);
    for raw in Splitter::new(input) {
        let raw = raw.map_err(io_error)?;
        if raw.byte >= start + size.max(1) {
            splits.push((start, raw.byte, first, line));
            (start, first, line) = (raw.byte, raw.index, raw.line);
        }
    }
    if start < total || splits.is_empty() {
        splits.push((start, total, first, line));
    }
    Ok(splits)
}

/// `raw` converted, as a record placed in its input.
fn record(converter: &Converter<'_>, raw: &RawGame) -> GameRecord {
    let converted = if raw.oversized.is_some() {
        crate::convert::Converted::too_large()
    } else {
        converter.convert_game(&raw.text)
    };
    let origin = Location {
        byte: raw.byte,
        line: raw.line,
        column: 1,
    };
    let mut record = converted
        .record
        .unwrap_or_else(|| GameRecord::unread(origin));
    record.index = raw.index;
    record.location = origin;
    for m in &mut record.moves {
        m.location = shifted(m.location, origin);
    }
    record.finding_locations = converted
        .findings
        .iter()
        .map(|f| locate(&raw.text, origin, f.offset.unwrap_or(0)))
        .collect();
    record.findings = converted.findings;
    record.output = converted.output;
    record.rejected = converted.rejected;
    record.repaired = converted.repaired;
    record
}

/// `at`, placed in a game's text, placed in the input that holds the
/// game at `origin`.
fn shifted(at: Location, origin: Location) -> Location {
    Location {
        byte: origin.byte + at.byte,
        line: origin.line + at.line - 1,
        column: at.column,
    }
}
