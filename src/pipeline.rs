//! The pipeline: inputs → decode → split → parallel conversion → ordered
//! output, rejects and report.
//!
//! Games are read in batches; each batch is converted on the rayon pool
//! and written in input order, so output is identical for every thread
//! count. Only a few batches are held at a time. Each game is counted once:
//! written, rejected, or (auditing) checked, and the [`Summary`] adds up.
//!
//! One thread reads, decodes and splits while the rayon pool converts the
//! batch before, and the calling thread writes the batch before that and
//! reports [`Progress`]: input bytes counted as they are read, games and
//! findings as each batch is written.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use rayon::prelude::*;

use crate::audit::{Finding, ReportWriter, Row, Severity};
use crate::convert::{Converted, Converter};
use crate::decode::{EncodingChoice, decode, encode};
pub use crate::input::collect::Input;
use crate::input::{Broken, Limit, Limits, decompress_with};
use crate::output::Format;
use crate::pgn::split::{Oversized, RawGame, Splitter};
use crate::place::{Locator, SourceMap};
use crate::progress::Progress;

/// Games converted together on the pool.
const BATCH_GAMES: usize = 1024;
/// Bytes of game text per batch, at most (roughly).
const BATCH_BYTES: usize = 4 * 1024 * 1024;
/// Batches read ahead of the one being converted.
const IN_FLIGHT: usize = 2;

/// Where results go.
pub struct Sinks<'a> {
    /// Converted games.
    pub output: Option<Box<dyn Write + 'a>>,
    /// Rejected games, verbatim.
    pub rejects: Option<Box<dyn Write + 'a>>,
    /// The CSV report.
    pub report: Option<ReportWriter<Box<dyn Write + 'a>>>,
    /// Called with each warning or error.
    pub on_problem: OnProblem<'a>,
}

/// Called with a warning or error, and how many findings it stands for
/// ([`Finding::tally`]).
pub type OnProblem<'a> = Box<dyn FnMut(&Row, u64) + 'a>;

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games written (or, auditing, that would be).
    pub converted: u64,
    /// Games rejected.
    pub rejected: u64,
    /// Games with a warning but still converted.
    pub with_warnings: u64,
    /// Games converted with nothing to report (information aside).
    pub clean: u64,
    /// Games converted after a repair.
    pub repaired: u64,
    /// Findings by kind.
    pub findings: BTreeMap<String, u64>,
    /// Games by letter set.
    pub letter_sets: BTreeMap<String, u64>,
    /// Games by notation.
    pub notations: BTreeMap<String, u64>,
    /// Inputs by encoding.
    pub encodings: BTreeMap<String, u64>,
    /// Inputs that could not be read, with why.
    pub input_errors: Vec<String>,
    /// Files a directory walk left out, with why (filled by the caller,
    /// which walks the directories).
    pub skipped: Vec<String>,
    /// The compressed input found damaged or past a limit, which ended
    /// the run: nothing written may be kept.
    pub stopped: Option<Stop>,
    /// Inputs read to their end that held no game (an empty file).
    pub empty_inputs: Vec<String>,
}

/// Why a run ended before its inputs did: compressed data found damaged
/// or past one of its limits. The text decoded before it may be garbage
/// (gzip checks its data only at a member's end), so nothing the run
/// wrote is to be kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// The input's name and what was found, where.
    pub message: String,
    /// The limit passed, if it was one.
    pub limit: Option<Limit>,
    /// Games read from that input before.
    pub games: u64,
}

impl Summary {
    /// The summary as one JSON object: games read, clean, repaired,
    /// rejected; findings by kind; letter sets, notations and encodings
    /// detected; inputs that could not be read; files skipped; inputs
    /// with no game.
    pub fn to_json(&self) -> String {
        let value = serde_json::json!({
            "games_read": self.games,
            "converted": self.converted,
            "clean": self.clean,
            "with_warnings": self.with_warnings,
            "repaired": self.repaired,
            "rejected": self.rejected,
            "findings": self.findings,
            "letter_sets": self.letter_sets,
            "notations": self.notations,
            "encodings": self.encodings,
            "input_errors": self.input_errors,
            "skipped": self.skipped,
            "empty_inputs": self.empty_inputs,
        });
        format!("{value:#}\n")
    }

    /// Whether any game had a warning or was rejected.
    pub fn has_problems(&self) -> bool {
        self.rejected > 0 || self.with_warnings > 0
    }
}

impl Summary {
    /// The summary line with `rejected`, where the rejected games went
    /// (or why they went nowhere), said after their count when there are
    /// any.
    pub fn line<'a>(&'a self, rejected: Option<&'a str>) -> SummaryLine<'a> {
        SummaryLine {
            summary: self,
            rejected,
        }
    }
}

/// The one line a run ends with: see [`Summary::line`].
pub struct SummaryLine<'a> {
    summary: &'a Summary,
    rejected: Option<&'a str>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.line(None).fmt(f)
    }
}

impl fmt::Display for SummaryLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.summary;
        write!(
            f,
            "{} games read: {} converted, {} rejected",
            s.games, s.converted, s.rejected
        )?;
        if let Some(rejected) = self.rejected.filter(|_| s.rejected > 0) {
            write!(f, " ({rejected})")?;
        }
        if s.repaired > 0 {
            write!(f, " ({} converted after a repair)", s.repaired)?;
        }
        let join = |map: &BTreeMap<String, u64>| {
            map.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !s.findings.is_empty() {
            write!(f, "; findings: {}", join(&s.findings))?;
        }
        if !s.letter_sets.is_empty() {
            write!(f, "; letters: {}", join(&s.letter_sets))?;
        }
        if !s.input_errors.is_empty() {
            write!(f, "; {} input(s) unreadable", s.input_errors.len())?;
        }
        if !s.skipped.is_empty() {
            write!(f, "; {} file(s) skipped", s.skipped.len())?;
        }
        if !s.empty_inputs.is_empty() {
            write!(f, "; {} input(s) with no game", s.empty_inputs.len())?;
        }
        Ok(())
    }
}

/// Runs `converter` over `inputs` in order, telling `progress` how far
/// it got as it goes.
///
/// A file that cannot be opened is recorded in the summary and the run
/// goes on. A compressed input that is damaged or passes one of `limits`
/// ends the run, recorded as the summary's [`Stop`]: what was written
/// before it is not to be kept.
///
/// # Errors
///
/// Fails only when writing output, rejects or report fails.
pub fn run(
    inputs: &[Input],
    converter: &Converter<'_>,
    encoding: &EncodingChoice,
    limits: Limits,
    sinks: &mut Sinks<'_>,
    progress: &mut dyn Progress,
) -> io::Result<Summary> {
    let total = inputs
        .iter()
        .map(Input::size)
        .try_fold(0u64, |sum, size| size.map(|s| sum + s));
    progress.start(total);
    // JSON and per-ply positions say which game (and ply) they are.
    let label_as = match converter.format() {
        Format::Json => Some((Format::Json, false)),
        f @ (Format::Fen | Format::Epd) if converter.is_every_ply() => Some((f, true)),
        _ => None,
    };
    let mut summary = Summary::default();
    let mut wrote_rows = false;
    for input in inputs {
        let (games_at_start, errors_at_start) = (summary.games, summary.input_errors.len());
        let name = input.name();
        progress.input(&name);
        let read = Arc::new(AtomicU64::new(0));
        let mut reported = 0;
        let mut report_bytes = |progress: &mut dyn Progress| {
            let now = read.load(Ordering::Relaxed);
            if now > reported {
                progress.bytes(now - reported);
                reported = now;
            }
        };
        let counted = |r: Box<dyn Read + Send>| Counted {
            inner: r,
            count: Arc::clone(&read),
        };
        let decoded = match input
            .open_raw()
            .and_then(|r| decompress_with(counted(r), limits))
            .and_then(|(_, r)| decode(r, encoding))
        {
            Ok(d) => d,
            Err(e) => {
                report_bytes(progress);
                if let Some(broken) = Broken::of(&e) {
                    summary.stopped = Some(stop(&name, broken, 0));
                    break;
                }
                summary.input_errors.push(format!("{name}: {e}"));
                continue;
            }
        };
        *summary
            .encodings
            .entry(decoded.encoding.name().to_owned())
            .or_default() += 1;
        // One thread reads and splits; another hands each batch to the
        // pool and passes the results on, so that the pool converts the
        // next batch while this thread writes the one before. At most
        // `IN_FLIGHT` batches wait to be converted, and one to be written.
        let (send_raw, receive_raw) = mpsc::sync_channel(IN_FLIGHT);
        let (send_done, receive_done) = mpsc::sync_channel(1);
        let mut source = SourceMap::new(decoded.encoding, decoded.bom_len);
        let mut splitter = Splitter::new(decoded.reader);
        let outcome = std::thread::scope(|scope| -> io::Result<()> {
            scope.spawn(move || {
                loop {
                    let (batch, read_error) = next_batch(&mut splitter);
                    let last = batch.is_empty() || read_error.is_some();
                    if send_raw.send((batch, read_error)).is_err() || last {
                        break;
                    }
                }
            });
            scope.spawn(move || {
                for (batch, read_error) in receive_raw {
                    let results: Vec<Converted> = batch
                        .par_iter()
                        .map(|g| converter.convert_raw(g))
                        .collect();
                    if send_done.send((batch, results, read_error)).is_err() {
                        break;
                    }
                }
            });
            for (batch, results, read_error) in receive_done {
                let (games_before, mut findings) = (summary.games, 0);
                for (raw, converted) in batch.iter().zip(&results) {
                    wrote_rows |= record(
                        &name,
                        &mut source,
                        raw,
                        converted,
                        sinks,
                        &mut summary,
                        label_as,
                    )?;
                    findings += converted.findings.iter().map(Finding::tally).sum::<u64>();
                }
                report_bytes(progress);
                // Counted as `record` counts them: an oversized game once.
                progress.games(summary.games - games_before, findings);
                match read_error.as_ref().map(|e| (e, Broken::of(e))) {
                    Some((_, Some(broken))) => {
                        let games = summary.games - games_at_start;
                        summary.stopped = Some(stop(&name, broken, games));
                    }
                    Some((e, None)) => summary.input_errors.push(format!("{name}: {e}")),
                    None => {}
                }
            }
            Ok(())
        });
        outcome?;
        report_bytes(progress);
        if summary.stopped.is_some() {
            break;
        }
        if summary.games == games_at_start && summary.input_errors.len() == errors_at_start {
            summary.empty_inputs.push(name);
        }
    }
    progress.finish();
    if let Some(report) = sinks.report.take() {
        report.finish(wrote_rows)?;
    }
    if let Some(out) = sinks.output.as_mut() {
        out.flush()?;
    }
    if let Some(rejects) = sinks.rejects.as_mut() {
        rejects.flush()?;
    }
    Ok(summary)
}

fn stop(name: &str, broken: &Broken, games: u64) -> Stop {
    Stop {
        message: format!("{name}: {broken}"),
        limit: broken.limit(),
        games,
    }
}

/// A reader that counts the bytes read through it, for progress; the
/// count is read on another thread.
struct Counted {
    inner: Box<dyn Read + Send>,
    count: Arc<AtomicU64>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn next_batch<R: io::BufRead>(splitter: &mut Splitter<R>) -> (Vec<RawGame>, Option<io::Error>) {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
        match splitter.next() {
            Some(Ok(game)) => {
                bytes += game.text.len() + game.oversized.as_ref().map_or(0, |o| o.bytes().len());
                batch.push(game);
            }
            Some(Err(e)) => return (batch, Some(e)),
            None => break,
        }
    }
    (batch, None)
}

/// Writes one converted game where it belongs; returns whether a report
/// row was written.
fn record(
    file: &str,
    source: &mut SourceMap,
    raw: &RawGame,
    converted: &Converted,
    sinks: &mut Sinks<'_>,
    summary: &mut Summary,
    label_as: Option<(Format, bool)>,
) -> io::Result<bool> {
    // A game too large to read goes to the rejects piece by piece; its
    // first piece counts it.
    if let Some(Oversized::Rest(bytes)) = &raw.oversized {
        source.game_start(raw);
        if let Some(rejects) = sinks.rejects.as_mut() {
            rejects.write_all(&source.original_bytes(bytes))?;
        }
        return Ok(false);
    }
    summary.games += 1;
    let start = source.game_start(raw);
    if let Some(Oversized::Start(bytes)) = &raw.oversized {
        summary.rejected += 1;
        if let Some(rejects) = sinks.rejects.as_mut() {
            rejects.write_all(&source.original_bytes(bytes))?;
        }
    } else if converted.rejected {
        summary.rejected += 1;
        if let Some(rejects) = sinks.rejects.as_mut() {
            // The bytes as they stood in the input, whatever its encoding.
            match &raw.original {
                Some(bytes) => rejects.write_all(bytes)?,
                None => rejects.write_all(&encode(source.encoding, &raw.text))?,
            }
            rejects.write_all(&encode(source.encoding, separator(&raw.text)))?;
        }
    } else {
        summary.converted += 1;
        summary.with_warnings += u64::from(converted.has_problems());
        summary.clean += u64::from(!converted.has_problems());
        summary.repaired += u64::from(converted.repaired);
        if let (Some(out), Some(text)) = (sinks.output.as_mut(), &converted.output) {
            match label_as {
                Some((format, every_ply)) => {
                    out.write_all(label(text, format, every_ply, raw.index).as_bytes())?;
                }
                None => out.write_all(text.as_bytes())?,
            }
        }
    }
    if !converted.notation.is_empty() {
        *summary
            .notations
            .entry(converted.notation.to_owned())
            .or_default() += 1;
    }
    if !converted.letters.is_empty() {
        *summary
            .letter_sets
            .entry(converted.letters.clone())
            .or_default() += 1;
    }
    let mut locator = Locator::new(raw, source, start);
    for finding in &converted.findings {
        *summary
            .findings
            .entry(finding.kind.as_str().to_owned())
            .or_default() += finding.tally();
        let row = Row::new(
            file,
            raw.index,
            locator.locate(finding.offset.map_or(0, u64::from)),
            (&converted.white, &converted.black),
            finding,
        );
        if finding.severity >= Severity::Warning {
            (sinks.on_problem)(&row, finding.tally());
        }
        if let Some(report) = sinks.report.as_mut() {
            report.write(&row)?;
        }
    }
    Ok(!converted.findings.is_empty() && sinks.report.is_some())
}

/// What follows a rejected game so that the next one starts after a
/// blank line, in the game's own line ends.
fn separator(text: &str) -> &'static str {
    // CRLF before LF and LF-CR before CR: each also ends in the other.
    for end in ["\r\n", "\n\r", "\r", "\n"] {
        if let Some(before) = text.strip_suffix(end) {
            return if before.ends_with(end) { "" } else { end };
        }
    }
    "\n\n"
}

/// `text`, rendered for the `game`-th game of its input, with that number
/// added where the format can carry it: every line of FEN or EPD written
/// for every ply gets the game and the ply (FEN as `game<TAB>ply<TAB>FEN`,
/// EPD with an `id` operation), and a JSON object a `"game"` member.
pub fn label(text: &str, format: Format, every_ply: bool, game: u64) -> String {
    match format {
        Format::Json => match text.strip_prefix('{') {
            Some(rest) if rest.starts_with('}') => format!("{{\"game\":{game}{rest}"),
            Some(rest) => format!("{{\"game\":{game},{rest}"),
            None => text.to_owned(),
        },
        Format::Fen | Format::Epd if every_ply => {
            let mut out = String::with_capacity(text.len() + 16 * text.lines().count());
            for (ply, line) in text.lines().enumerate() {
                if line.is_empty() {
                    out.push('\n');
                } else if format == Format::Fen {
                    out.push_str(&format!("{game}\t{ply}\t{line}\n"));
                } else {
                    out.push_str(&format!("{line} id \"game {game} ply {ply}\";\n"));
                }
            }
            out
        }
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_say_the_game_and_the_ply() {
        assert_eq!(
            label("a\nb\n\n", Format::Fen, true, 3),
            "3\t0\ta\n3\t1\tb\n\n"
        );
        assert_eq!(
            label("x w - -\n", Format::Epd, true, 2),
            "x w - - id \"game 2 ply 0\";\n"
        );
        assert_eq!(
            label("x w - - 0 1\n", Format::Fen, false, 2),
            "x w - - 0 1\n"
        );
        assert_eq!(
            label("{\"a\":1}\n", Format::Json, false, 7),
            "{\"game\":7,\"a\":1}\n"
        );
    }

    #[test]
    fn a_rejected_game_is_followed_by_a_blank_line_in_its_own_line_ends() {
        for (text, want) in [
            ("1. e4 *\n", "\n"),
            ("1. e4 *\n\n", ""),
            ("1. e4 *\r\n", "\r\n"),
            ("1. e4 *\r\n\r\n", ""),
            ("1. e4 *\r", "\r"),
            ("1. e4 *\r\r", ""),
            // Before, a lone CR: `*\n\r\r`, a line end of another kind.
            ("1. e4 *\n\r", "\n\r"),
            ("1. e4 *\n\r\n\r", ""),
            ("1. e4 *", "\n\n"),
        ] {
            assert_eq!(separator(text), want, "{text:?}");
        }
    }
}
