//! Reading games from files, streams and strings: the library's entry
//! point, [`Reader`].

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::convert::Converter;
use crate::decode::{self, EncodingChoice, TextEncoding};
use crate::error::{Error, ErrorKind};
use crate::input;
use crate::lang::{Language, Letters};
use crate::model::Location;
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::output::Format;
use crate::pgn::split::{RawGame, Splitter};
use crate::place::{Locator, SourceMap};
use crate::record::GameRecord;

/// What to read and how.
///
/// A [`Reader`] holds the options (notation, letters, encoding, ICCF
/// promotion digits, repairs, what to write); [`Reader::read_path`],
/// [`Reader::read`] and [`Reader::read_str`] give an iterator of
/// [`GameRecord`]s, one per game, read, verified and audited as the
/// input streams in.
///
/// ```
/// use scoresheet::Reader;
///
/// let text = "[White \"Morphy\"]\n\n1. e4 e5 2. Hf3 d6 3. d4 Fg4 *\n";
/// for game in Reader::new().read_str(text) {
///     let game = game.unwrap();
///     assert_eq!(game.tag("White"), Some("Morphy"));
///     assert_eq!(game.letters(), "hu");
///     let last = game.moves().last().unwrap();
///     assert_eq!((last.san(), last.location.line), ("Bg4".to_owned(), 3));
///     assert!(game.output().unwrap().contains("2. Nf3 d6 3. d4 Bg4"));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Reader {
    options: Options,
    encoding: EncodingChoice,
}

/// How games are read and written: the converter's options, and the
/// caller's own letter tables, if any, which the converter borrows.
#[derive(Debug, Clone)]
struct Options {
    converter: Converter<'static>,
    read_table: Option<Arc<Language>>,
    write_table: Option<Arc<Language>>,
}

impl Options {
    fn converter(&self) -> Converter<'_> {
        let mut converter = self.converter;
        if let Some(table) = &self.read_table {
            converter = converter.letters(Letters::Fixed(table));
        }
        if let Some(table) = &self.write_table {
            converter = converter.to_lang(table);
        }
        converter
    }
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
            options: Options {
                converter: Converter::new().record(true),
                read_table: None,
                write_table: None,
            },
            encoding: EncodingChoice::Auto,
        }
    }

    /// Reads moves in `notation` only (`None`: detected per game).
    pub fn notation(mut self, notation: Option<Notation>) -> Reader {
        self.options.converter = self.options.converter.from(notation);
        self
    }

    /// Reads piece letters of the set `code` (`en`, `hu`, `de`, …, or
    /// `auto`).
    ///
    /// # Errors
    ///
    /// Fails when no letter set has that code.
    pub fn letters(mut self, code: &str) -> Result<Reader, Error> {
        let letters = Letters::from_code(code).ok_or_else(|| ErrorKind::UnknownLetters(code.into()))?;
        self.options.converter = self.options.converter.letters(letters);
        self.options.read_table = None;
        Ok(self)
    }

    /// Reads piece letters of `table`, the caller's own (made with
    /// [`Language::from_toml`]).
    ///
    /// ```
    /// use scoresheet::{Language, Reader};
    ///
    /// let table = Language::from_toml(
    ///     "code = \"xx\"\nname = \"Mine\"\n[pieces]\nking = [\"R\"]\nqueen = [\"W\"]\n\
    ///      rook = [\"T\"]\nbishop = [\"O\"]\nknight = [\"P\"]\npawn = []\n",
    ///     "mine.toml",
    /// )?;
    /// let reader = Reader::new().with_letters(table);
    /// let game = reader.read_str("1. e4 e5 2. Pf3 Pc6 3. Ob5 *").next().unwrap()?;
    /// assert_eq!(game.moves()[4].san(), "Bb5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_letters(mut self, table: Language) -> Reader {
        self.options.read_table = Some(Arc::new(table));
        self
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
        self.options.converter = self.options.converter.iccf_promotion(convention);
        self
    }

    /// With `false`, each game's main line is kept as SAN text only
    /// ([`GameRecord::san_movetext`]) and [`GameRecord::moves`] is empty:
    /// for tables of games, where a record per move (its position, its
    /// text as written, its place) is not wanted.
    ///
    /// ```
    /// let mut games = scoresheet::Reader::new().moves(false).read_str("1. e4 e5 2. Sf3 *");
    /// let game = games.next().unwrap()?;
    /// assert_eq!((game.san_movetext().as_ref(), game.plies()), ("e4 e5 Nf3", 3));
    /// assert!(game.moves().is_empty());
    /// # Ok::<(), scoresheet::Error>(())
    /// ```
    pub fn moves(mut self, keep: bool) -> Reader {
        self.options.converter = self.options.converter.record_moves(keep);
        self
    }

    /// Repairs a game whose mistakes each have one sure fix.
    pub fn repair(mut self, repair: bool) -> Reader {
        self.options.converter = self.options.converter.repair(repair);
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
        let converter = self.options.converter.to(format).to_lang(lang);
        converter
            .validate()
            .map_err(|e| ErrorKind::Unwritable(e.to_string()))?;
        self.options.converter = converter;
        self.options.write_table = None;
        Ok(self)
    }

    /// Writes each game as `format` in the letters of `table`, the
    /// caller's own.
    ///
    /// # Errors
    ///
    /// Fails when the format cannot be written in those letters.
    pub fn write_in(mut self, format: Format, table: Language) -> Result<Reader, Error> {
        self.options
            .converter
            .to(format)
            .to_lang(&table)
            .validate()
            .map_err(|e| ErrorKind::Unwritable(e.to_string()))?;
        self.options.converter = self.options.converter.to(format);
        self.options.write_table = Some(Arc::new(table));
        Ok(self)
    }

    /// The games of the file at `path`, decompressed when it is gzip,
    /// zstd, bzip2 or xz (told by its first bytes).
    ///
    /// # Errors
    ///
    /// Fails when the file cannot be opened or its start read. A
    /// compressed file that is damaged, cut short, grows past 100 times
    /// its compressed size and 400 MiB, or asks for a decoder of more
    /// than 256 MiB ends its games with an error saying where: the games
    /// before it may hold damaged text, since gzip, for one, checks its
    /// data only at a member's end.
    pub fn read_path(&self, path: impl AsRef<Path>) -> Result<Games, Error> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| Error::io(Some(path.into()), None, e))?;
        self.stream(file, Some(path.into()))
    }

    /// The games of `input`, decompressed when it is compressed.
    ///
    /// # Errors
    ///
    /// Fails when the start of the input cannot be read; a damaged
    /// compressed input ends its games with an error, as with
    /// [`read_path`](Reader::read_path).
    pub fn read(&self, input: impl Read + Send + 'static) -> Result<Games, Error> {
        self.stream(input, None)
    }

    /// The games of `text`.
    pub fn read_str(&self, text: &str) -> Games {
        Games {
            splitter: Splitter::new(Box::new(io::Cursor::new(text.as_bytes().to_vec()))),
            options: self.options.clone(),
            path: None,
            source: SourceMap::new(TextEncoding::Standard(encoding_rs::UTF_8), 0),
            failed: false,
        }
    }

    fn stream(
        &self,
        input: impl Read + Send + 'static,
        path: Option<PathBuf>,
    ) -> Result<Games, Error> {
        let error = |e| Error::io(path.clone(), None, e);
        let (_, input) = input::decompress(input).map_err(error)?;
        let decoded = decode::decode(input, &self.encoding).map_err(error)?;
        Ok(Games {
            splitter: Splitter::new(decoded.reader),
            options: self.options.clone(),
            path,
            source: SourceMap::new(decoded.encoding, decoded.bom_len),
            failed: false,
        })
    }
}

/// The games of one input, in order; see [`Reader`].
pub struct Games {
    splitter: Splitter<Box<dyn io::BufRead + Send>>,
    options: Options,
    path: Option<PathBuf>,
    /// Where each game stands in the input's own bytes.
    source: SourceMap,
    failed: bool,
}

impl Iterator for Games {
    type Item = Result<GameRecord, Error>;

    fn next(&mut self) -> Option<Result<GameRecord, Error>> {
        if self.failed {
            return None;
        }
        match self.splitter.next()? {
            Ok(raw) => {
                let start = self.source.game_start(&raw);
                Some(Ok(record(&self.options.converter(), &raw, &self.source, start)))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(Error::io(self.path.clone(), None, e)))
            }
        }
    }
}

impl Games {
    /// The encoding the input was read in, found or as asked for:
    /// `UTF-8`, `windows-1250`, `IBM852`, `UTF-16LE`…
    pub fn encoding(&self) -> &'static str {
        self.source.encoding.name()
    }

    /// Every game left, converted on all cores (rayon's pool), in input
    /// order; games are read a batch at a time, so that all cores work
    /// while the input streams in.
    ///
    /// ```
    /// let text = "1. e4 e5 *\n\n1. d4 Kd5 *\n";
    /// let games = scoresheet::Reader::new().read_str(text).collect_parallel();
    /// let rejected: Vec<bool> = games.iter().flatten().map(|g| g.is_rejected()).collect();
    /// assert_eq!(rejected, [false, true]);
    /// ```
    pub fn collect_parallel(mut self) -> Vec<Result<GameRecord, Error>> {
        let mut out = Vec::new();
        loop {
            let batch = self.next_batch(BATCH);
            let last = batch.len() < BATCH || batch.last().is_some_and(Result::is_err);
            out.extend(batch);
            if last {
                return out;
            }
        }
    }

    /// The next `size` games at most, converted on all cores, in input
    /// order: fewer only at the end of the input or after an error,
    /// which comes last.
    pub fn next_batch(&mut self, size: usize) -> Vec<Result<GameRecord, Error>> {
        use rayon::prelude::*;
        if self.failed {
            return Vec::new();
        }
        let mut batch = Vec::with_capacity(size);
        let mut error = None;
        for raw in self.splitter.by_ref().take(size) {
            match raw {
                Ok(raw) => batch.push(raw),
                Err(e) => {
                    self.failed = true;
                    error = Some(Error::io(self.path.clone(), None, e));
                    break;
                }
            }
        }
        let starts: Vec<u64> = batch.iter().map(|raw| self.source.game_start(raw)).collect();
        let converter = self.options.converter();
        let source = &self.source;
        let mut out: Vec<Result<GameRecord, Error>> = batch
            .par_iter()
            .zip(starts)
            .map(|(raw, start)| Ok(record(&converter, raw, source, start)))
            .collect();
        out.extend(error.map(Err));
        out
    }
}

/// Games converted together by [`Games::collect_parallel`].
const BATCH: usize = 256;

/// Byte ranges of the file at `path`, each of about `size` bytes and cut
/// only where a game starts, with the number (from 1) of the first game
/// in each and the line it starts on: splits that readers on several
/// machines read apart and that together hold every game once. A
/// compressed file is one split (its bytes can only be read from the
/// start), and so is a UTF-16 file.
///
/// ```
/// let path = std::env::temp_dir().join("scoresheet-splits-example.pgn");
/// std::fs::write(&path, "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *\n")?;
/// let splits = scoresheet::game_splits(&path, 12)?;
/// // (start byte, end byte, first game, its line)
/// assert_eq!(splits, [(0, 12, 1, 1), (12, 24, 2, 3), (24, 35, 3, 5)]);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    if head.starts_with(&[0xFF, 0xFE])
        || head.starts_with(&[0xFE, 0xFF])
        || input::Compression::sniff(head).is_some()
    {
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

/// `raw` converted, as a record placed in its input, which holds it at
/// byte `start` (see [`SourceMap::game_start`]).
fn record(converter: &Converter<'_>, raw: &RawGame, source: &SourceMap, start: u64) -> GameRecord {
    let converted = converter.convert_raw(raw);
    let origin = Location {
        byte: start,
        line: raw.line,
        column: 1,
    };
    let mut record = converted
        .record
        .unwrap_or_else(|| GameRecord::unread(origin));
    record.index = raw.index;
    record.location = origin;
    let mut moves = Locator::new(raw, source, start);
    for m in &mut record.moves {
        m.location = moves.locate(m.location.byte);
    }
    let mut findings = Locator::new(raw, source, start);
    record.finding_locations = converted
        .findings
        .iter()
        .map(|f| findings.locate(f.offset.map_or(0, u64::from)))
        .collect();
    record.findings = converted.findings;
    record.output = converted.output;
    record.rejected = converted.rejected;
    record.repaired = converted.repaired;
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE: &str = "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 Ke3 *\n";

    #[test]
    fn a_compressed_file_is_one_split_read_whole() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn.gz");
        // Stored, not packed: the games stand in the compressed bytes as
        // they are, where a split would be cut at the tags of one.
        let text = "[Event \"?\"]\n\n1. e4 e5 *\n\n".repeat(3000);
        let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::none());
        packed.write_all(text.as_bytes()).unwrap();
        std::fs::write(&path, packed.finish().unwrap()).unwrap();
        let size = std::fs::metadata(&path).unwrap().len();
        // Cut by its bytes, the stream would break at every split.
        assert_eq!(game_splits(&path, 1000).unwrap(), [(0, size, 1, 1)]);
        let games = Reader::new().read_path(&path).unwrap().collect_parallel();
        assert_eq!(games.len(), 3000);
        assert!(games.iter().all(|g| g.as_ref().is_ok_and(|g| !g.is_rejected())));
    }

    #[test]
    fn batches_keep_the_input_order_and_end_empty() {
        let mut games = Reader::new().read_str(THREE);
        let first: Vec<u64> = games
            .next_batch(2)
            .iter()
            .flatten()
            .map(|g| g.index())
            .collect();
        assert_eq!(first, [1, 2]);
        let rest = games.next_batch(2);
        assert_eq!(rest.len(), 1);
        let last = rest[0].as_ref().unwrap();
        assert!(last.is_rejected());
        assert_eq!(last.moves().len(), 1);
        assert!(games.next_batch(2).is_empty());
    }

    #[test]
    fn every_game_is_placed_in_its_input() {
        let all = Reader::new().read_str(THREE).collect_parallel();
        let places: Vec<(u64, u32)> = all
            .iter()
            .flatten()
            .map(|g| (g.location().byte, g.location().line))
            .collect();
        assert_eq!(places, [(0, 1), (12, 3), (24, 5)]);
        let (finding, at) = all[2]
            .as_ref()
            .unwrap()
            .findings()
            .find(|(f, _)| f.severity == crate::audit::Severity::Error)
            .unwrap();
        assert_eq!((finding.ply, at.line, at.column, at.byte), (2, 5, 7, 30));
    }

    #[test]
    fn unknown_options_are_errors() {
        assert!(matches!(
            Reader::new().encoding("klingon").unwrap_err().kind(),
            ErrorKind::UnknownEncoding(label) if label == "klingon"
        ));
        let missing = Reader::new()
            .read_path("/nonexistent/games.pgn")
            .err()
            .unwrap();
        assert!(missing.to_string().starts_with("/nonexistent/games.pgn: "));
    }

    #[test]
    fn findings_and_moves_are_placed_in_the_bytes_of_a_single_byte_file() {
        // ISO-8859-2: each of `Łódź` takes one byte in the file and two in
        // the text as decoded; the misprinted move stands at byte 32 of the file.
        let text = "[White \"Łódź\"]\n\n1. e4 e5 2. Nf3 Ke9 *\n";
        let (bytes, _, _) = encoding_rs::ISO_8859_2.encode(text);
        let at = bytes.windows(3).position(|w| w == b"Ke9").unwrap() as u64;
        assert_eq!(at, 32);
        for batched in [false, true] {
            let mut games = Reader::new()
                .encoding("iso-8859-2")
                .unwrap()
                .read(io::Cursor::new(bytes.to_vec()))
                .unwrap();
            let game = if batched {
                games.next_batch(8).remove(0).unwrap()
            } else {
                games.next().unwrap().unwrap()
            };
            let (_, place) = game.findings().find(|(f, _)| f.ply == 4).unwrap();
            assert_eq!((place.byte, place.line, place.column), (at, 3, 17));
            let third = game.moves().get(2).map(|m| (m.location.byte, m.location.column));
            assert_eq!(third, Some((at - 4, 13)));
        }
    }

    #[test]
    fn compressed_classic_mac_and_cut_inputs_read_as_the_command_reads_them() {
        use std::io::Write;
        // Classic Mac line ends, gzip-compressed, the last game cut short
        // inside its last line.
        let text = format!("{THREE}\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n")
            .replace('\n', "\r");
        let cut = &text[..text.len() - 4];
        let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        packed.write_all(cut.as_bytes()).unwrap();
        let packed = packed.finish().unwrap();
        let games = Reader::new().read(io::Cursor::new(packed)).unwrap();
        assert_eq!(games.encoding(), "UTF-8");
        let games: Vec<GameRecord> = games.map(Result::unwrap).collect();
        assert_eq!(games.len(), 4);
        assert_eq!(games[1].moves().len(), 2);
        assert!(games[3].is_rejected());
        assert!(
            games[3]
                .findings()
                .any(|(f, _)| f.message.contains("cut short"))
        );
    }

    #[test]
    fn a_callers_own_table_writes_and_an_unwritable_output_says_why() {
        let mut table = Language::builtin("hu").unwrap().clone();
        table.code = "hu-own".into();
        let game = Reader::new()
            .write_in(Format::San, table)
            .unwrap()
            .read_str("1. e4 e5 2. Nf3 *")
            .next()
            .unwrap()
            .unwrap();
        assert!(game.output().unwrap().contains("2. Hf3"));
        // Dutch has no pawn letter: no FEN in its letters.
        let dutch = Language::builtin("nl").unwrap().clone();
        let fen = Reader::new().write_in(Format::Fen, dutch);
        assert!(matches!(fen.unwrap_err().kind(), ErrorKind::Unwritable(_)));
        assert!(Reader::new().write(Format::San, "nl").is_ok());
    }
}
