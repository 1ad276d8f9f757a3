//! Findings: what the tool found wrong or noteworthy, and the CSV report.
//!
//! A [`Finding`] belongs to one game and carries where it is (byte offset
//! in the game, ply, move number), what was written, what is wrong, the
//! position before the move and the legal move(s) a minimal edit would
//! give. Findings of [`Severity::Error`] reject the game; the others
//! annotate a game that is still written.
//!
//! The report has one row per finding with exactly these columns:
//! `file,game,line,column,byte_offset,white,black,ply,move_number,side,written,kind,message,fen_before,suggestion`.
//!
//! A game lists at most [`MAX_FINDINGS`] findings, so that a game of a
//! few megabytes with a finding every few bytes (hundreds of thousands of
//! duplicate tags) is read in bounded memory. Past that, each kind gets
//! one more finding that stands for those of its kind not listed, where
//! the first of them stands, with their number in
//! [`Finding::unlisted`]; counts by kind ([`Finding::tally`]) stay whole.

use std::fmt;
use std::io;

use serde::Serialize;
use shakmaty::{Chess, Color, Position};

use crate::notation::fen;
use crate::model::Location;

/// Findings listed for one game at most; the rest are counted by kind.
/// The longest games have about 600 half-moves, and a damaged one a
/// finding or two at each: a real game stays well under it.
pub const MAX_FINDINGS: usize = 2_000;

/// The kind of a finding, as written in the report's `kind` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Kind {
    /// A token that is no move in the notation and language read.
    Unparseable,
    /// A move that no legal move matches.
    Illegal,
    /// A move that several legal moves match.
    Ambiguous,
    /// A check mark on a move that gives no check, or a check not marked.
    WrongCheckMark,
    /// A mate mark on a move that does not mate, or a mate not marked.
    WrongMateMark,
    /// A capture or en-passant mark on a move that does not capture so.
    WrongCaptureMark,
    /// Moves seem to be missing.
    MissingMoves,
    /// The result contradicts the final position or the Result tag.
    ResultMismatch,
    /// The game has no result.
    MissingResult,
    /// A malformed or invalid tag.
    BadTag,
    /// Bytes that were not valid in the input's encoding.
    Encoding,
    /// A move was repaired.
    Repaired,
    /// The game was read with national piece letters.
    LetterSet,
    /// The game has no moves.
    NoMoves,
    /// Broken structure: an unterminated comment, unbalanced parentheses.
    Syntax,
    /// A game too large to read, passed on unread.
    TooLarge,
    /// A legal move that the rest of the game contradicts.
    WrongMoveLegal,
    /// Two half-moves written in each other's place.
    SwappedMoves,
    /// Two ways a text writes one position disagree.
    PositionConflict,
}

impl Kind {
    /// Whether a finding of this kind is about one half-move (where it
    /// stands, what it should be): the kinds a damaged move is found by.
    pub fn is_about_a_move(self) -> bool {
        matches!(
            self,
            Kind::Illegal
                | Kind::Unparseable
                | Kind::Ambiguous
                | Kind::MissingMoves
                | Kind::WrongMoveLegal
                | Kind::SwappedMoves
                | Kind::Repaired
                | Kind::WrongCheckMark
                | Kind::WrongMateMark
                | Kind::WrongCaptureMark
                // At a half-move: a piece letter unlike the rest of the game's.
                | Kind::LetterSet
        )
    }

    /// The name used in the report.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Unparseable => "unparseable",
            Kind::Illegal => "illegal",
            Kind::Ambiguous => "ambiguous",
            Kind::WrongCheckMark => "wrong-check-mark",
            Kind::WrongMateMark => "wrong-mate-mark",
            Kind::WrongCaptureMark => "wrong-capture-mark",
            Kind::MissingMoves => "missing-moves",
            Kind::ResultMismatch => "result-mismatch",
            Kind::MissingResult => "missing-result",
            Kind::BadTag => "bad-tag",
            Kind::Encoding => "encoding",
            Kind::Repaired => "repaired",
            Kind::LetterSet => "letter-set",
            Kind::NoMoves => "no-moves",
            Kind::Syntax => "syntax",
            Kind::TooLarge => "too-large",
            Kind::WrongMoveLegal => "wrong-move-legal",
            Kind::SwappedMoves => "swapped-moves",
            Kind::PositionConflict => "position-conflict",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; the game is clean.
    Info,
    /// Something is wrong, but the game is still written.
    Warning,
    /// The game cannot be converted; it goes to the rejects.
    Error,
}

impl Severity {
    /// The name people read: `info`, `warning`, `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What kind of finding.
    pub kind: Kind,
    /// How much it matters.
    pub severity: Severity,
    /// Byte offset in the game's text, when it is about one place.
    pub offset: Option<u32>,
    /// Half-move from the game's start (0: the game as a whole).
    pub ply: u32,
    /// Full-move number of the move (0: the game as a whole).
    pub move_number: u32,
    /// Side to move, when it is about a move.
    pub side: Option<Color>,
    /// The token as it stands in the source.
    pub written: String,
    /// What is wrong, for people.
    pub message: String,
    /// The position before the move, as standard FEN.
    pub fen_before: String,
    /// Legal move(s) a minimal edit would give, in English SAN.
    pub suggestion: String,
    /// 0 for a finding listed. Past 2,000 findings in one game, the
    /// finding that stands for the others of its kind, not listed: how
    /// many they are (it is placed where the first of them stands).
    pub unlisted: u32,
}

impl Finding {
    /// A finding about the game as a whole.
    pub fn game(kind: Kind, severity: Severity, message: impl Into<String>) -> Finding {
        Finding {
            kind,
            severity,
            offset: None,
            ply: 0,
            move_number: 0,
            side: None,
            written: String::new(),
            message: message.into(),
            fen_before: String::new(),
            suggestion: String::new(),
            unlisted: 0,
        }
    }

    /// How many findings this one counts for: 1, or for one standing for
    /// findings not listed, their number.
    pub fn tally(&self) -> u64 {
        u64::from(self.unlisted.max(1))
    }

    /// The finding that stands for `count` findings of `first`'s kind not
    /// listed, placed where `first` stands, as severe as the worst of
    /// them.
    fn unlisted_from(first: &Finding, count: u32, severity: Severity) -> Finding {
        Finding {
            ply: first.ply,
            move_number: first.move_number,
            side: first.side,
            offset: first.offset,
            unlisted: count,
            ..Finding::game(
                first.kind,
                severity,
                format!(
                    "{count} more {} finding(s) from here on, not listed (at most {MAX_FINDINGS} findings are listed for one game)",
                    first.kind
                ),
            )
        }
    }

    /// Places the finding at `offset` in the game, with what was written there.
    pub fn at(mut self, offset: u32, written: impl Into<String>) -> Finding {
        self.offset = Some(offset);
        self.written = written.into();
        self
    }

    /// The same finding, about the half-move `ply` played from `before`.
    pub fn before_move(mut self, before: &Chess, ply: u32) -> Finding {
        self.ply = ply;
        self.move_number = before.fullmoves().get();
        self.side = Some(before.turn());
        self.fen_before = fen::standard(before);
        self
    }
}

/// Adds `finding` to a game's `findings`, unless [`MAX_FINDINGS`] are
/// there already: then it is counted in the finding that stands for
/// those of its kind not listed. Such findings go after the first
/// [`MAX_FINDINGS`], one a kind, so that adding stays constant in time;
/// [`cap`] writes their final message, and puts a list made of several
/// in order.
pub fn push_capped(findings: &mut Vec<Finding>, finding: Finding) {
    if findings.len() < MAX_FINDINGS {
        findings.push(finding);
        return;
    }
    match findings[MAX_FINDINGS..]
        .iter_mut()
        .find(|f| f.unlisted > 0 && f.kind == finding.kind)
    {
        Some(standing) => {
            standing.unlisted = standing.unlisted.saturating_add(finding.unlisted.max(1));
            standing.severity = standing.severity.max(finding.severity);
        }
        None => {
            let severity = finding.severity;
            findings.push(Finding::unlisted_from(&finding, finding.unlisted.max(1), severity));
        }
    }
}

/// Keeps the first [`MAX_FINDINGS`] findings listed, in their order, and
/// after them one finding a kind for all the others, those that stood
/// for findings not listed included; a list within the bound is left as
/// it is.
pub fn cap(findings: &mut Vec<Finding>) {
    if findings.len() <= MAX_FINDINGS && findings.iter().all(|f| f.unlisted == 0) {
        return;
    }
    let all = std::mem::take(findings);
    let mut standing: Vec<Finding> = Vec::new();
    let mut listed = 0;
    for finding in all {
        if finding.unlisted == 0 && listed < MAX_FINDINGS {
            listed += 1;
            findings.push(finding);
            continue;
        }
        match standing.iter_mut().find(|f| f.kind == finding.kind) {
            Some(s) => {
                s.unlisted = s.unlisted.saturating_add(finding.unlisted.max(1));
                s.severity = s.severity.max(finding.severity);
                // Placed at the first of them in the text.
                if finding.offset < s.offset {
                    s.offset = finding.offset;
                    s.ply = finding.ply;
                    s.move_number = finding.move_number;
                    s.side = finding.side;
                }
            }
            None => {
                standing.push(Finding::unlisted_from(
                    &finding,
                    finding.unlisted.max(1),
                    finding.severity,
                ));
            }
        }
    }
    standing.sort_by_key(|f| (f.offset, f.kind));
    for s in &mut standing {
        *s = Finding::unlisted_from(s, s.unlisted, s.severity);
    }
    findings.append(&mut standing);
}

/// A finding placed in its input, ready for the report.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Row {
    /// Input file name (`-` for standard input).
    pub file: String,
    /// Game number in the file, from 1.
    pub game: u64,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// Byte offset, from 0.
    pub byte_offset: u64,
    /// White player, from the tags.
    pub white: String,
    /// Black player, from the tags.
    pub black: String,
    /// Half-move from the start (0: the game as a whole).
    pub ply: u32,
    /// Full-move number (0: the game as a whole).
    pub move_number: u32,
    /// `white`, `black` or empty.
    pub side: String,
    /// The token as written.
    pub written: String,
    /// The finding's kind.
    pub kind: String,
    /// What is wrong.
    pub message: String,
    /// Standard FEN before the move.
    pub fen_before: String,
    /// Suggested legal move(s), English SAN.
    pub suggestion: String,
}

impl Row {
    /// Places `finding` of game number `game` in `file`, at `location`.
    pub fn new(
        file: &str,
        game: u64,
        location: Location,
        players: (&str, &str),
        finding: &Finding,
    ) -> Row {
        Row {
            file: file.to_owned(),
            game,
            line: location.line,
            column: location.column,
            byte_offset: location.byte,
            white: players.0.to_owned(),
            black: players.1.to_owned(),
            ply: finding.ply,
            move_number: finding.move_number,
            side: match finding.side {
                Some(Color::White) => "white".into(),
                Some(Color::Black) => "black".into(),
                None => String::new(),
            },
            written: finding.written.clone(),
            kind: finding.kind.as_str().to_owned(),
            message: finding.message.clone(),
            fen_before: finding.fen_before.clone(),
            suggestion: finding.suggestion.clone(),
        }
    }
}

impl fmt::Display for Row {
    /// One line for people: `file: game 12, ply 37 (line 4410, column 9): message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: game {}", self.file, self.game)?;
        if self.ply > 0 {
            write!(f, ", ply {}", self.ply)?;
        }
        write!(
            f,
            " (line {}, column {}): {}",
            self.line, self.column, self.message
        )?;
        if !self.suggestion.is_empty() {
            write!(f, " [suggestion: {}]", self.suggestion)?;
        }
        Ok(())
    }
}

/// Writes report rows as CSV, header first: the audit report of
/// `scoresheet audit`.
///
/// ```
/// use scoresheet::{Reader, ReportWriter};
///
/// let mut bytes = Vec::new();
/// let mut csv = ReportWriter::new(&mut bytes);
/// let mut wrote = false;
/// for game in Reader::new().read_str("1. e4 e5 2. Nf3 Nf3 *") {
///     for row in game?.report_rows("games.pgn") {
///         csv.write(&row)?;
///         wrote = true;
///     }
/// }
/// csv.finish(wrote)?;
/// let report = String::from_utf8(bytes)?;
/// assert!(report.starts_with("file,game,line,"));
/// assert!(report.lines().skip(1).all(|row| row.starts_with("games.pgn,1,")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ReportWriter<W: io::Write> {
    csv: csv::Writer<W>,
}

impl<W: io::Write> ReportWriter<W> {
    /// A report on `out`; the header is written with the first row or on
    /// [`ReportWriter::finish`].
    pub fn new(out: W) -> ReportWriter<W> {
        ReportWriter {
            csv: csv::WriterBuilder::new().has_headers(true).from_writer(out),
        }
    }

    /// Writes one row.
    ///
    /// # Errors
    ///
    /// Fails when the underlying writer fails.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        self.csv.serialize(row).map_err(io::Error::other)
    }

    /// Writes the header if no row was written, and flushes.
    ///
    /// # Errors
    ///
    /// Fails when the underlying writer fails.
    pub fn finish(mut self, wrote_rows: bool) -> io::Result<()> {
        if !wrote_rows {
            self.csv.write_record(HEADER).map_err(io::Error::other)?;
        }
        self.csv.flush()
    }
}

/// The report's columns.
pub const HEADER: [&str; 15] = [
    "file",
    "game",
    "line",
    "column",
    "byte_offset",
    "white",
    "black",
    "ply",
    "move_number",
    "side",
    "written",
    "kind",
    "message",
    "fen_before",
    "suggestion",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_matches_row_fields() {
        let mut out = Vec::new();
        let mut w = ReportWriter::new(&mut out);
        let finding = Finding::game(Kind::MissingResult, Severity::Warning, "no result");
        w.write(&Row::new(
            "a.pgn",
            3,
            Location {
                byte: 10,
                line: 2,
                column: 1,
            },
            ("A", "B"),
            &finding,
        ))
        .unwrap();
        w.finish(true).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(HEADER.join(",").as_str()));
        assert_eq!(
            lines.next(),
            Some("a.pgn,3,2,1,10,A,B,0,0,,,missing-result,no result,,")
        );
    }

    #[test]
    fn empty_report_has_header() {
        let mut out = Vec::new();
        ReportWriter::new(&mut out).finish(false).unwrap();
        assert_eq!(String::from_utf8(out).unwrap().trim_end(), HEADER.join(","));
    }
}

#[cfg(test)]
mod cap_tests {
    use super::*;

    fn tag(offset: u32) -> Finding {
        Finding::game(Kind::BadTag, Severity::Warning, "duplicate A tag").at(offset, "")
    }

    #[test]
    fn findings_past_the_bound_are_counted_by_kind_in_one_finding_each() {
        let mut findings = Vec::new();
        for i in 0..MAX_FINDINGS as u32 + 500 {
            push_capped(&mut findings, tag(i));
        }
        push_capped(
            &mut findings,
            Finding::game(Kind::Illegal, Severity::Error, "illegal").at(9_999_999, "Ke3"),
        );
        assert_eq!(findings.len(), MAX_FINDINGS + 2);
        cap(&mut findings);
        assert_eq!(findings.len(), MAX_FINDINGS + 2);
        let tally: u64 = findings.iter().map(Finding::tally).sum();
        assert_eq!(tally, MAX_FINDINGS as u64 + 501);
        let more = &findings[MAX_FINDINGS];
        assert_eq!((more.kind, more.unlisted, more.offset), (Kind::BadTag, 500, Some(MAX_FINDINGS as u32)));
        assert!(more.message.starts_with("500 more bad-tag finding(s)"), "{}", more.message);
        // The error stays an error: the game is still rejected.
        let last = &findings[MAX_FINDINGS + 1];
        assert_eq!((last.kind, last.severity, last.unlisted), (Kind::Illegal, Severity::Error, 1));

        // Capped again with more added: still one finding a kind, counts whole.
        findings.extend((0..10).map(|i| tag(20_000_000 + i)));
        cap(&mut findings);
        assert_eq!(findings.len(), MAX_FINDINGS + 2);
        let tally: u64 = findings.iter().map(Finding::tally).sum();
        assert_eq!(tally, MAX_FINDINGS as u64 + 511);
        assert!(findings[..MAX_FINDINGS].iter().all(|f| f.unlisted == 0));
    }

    #[test]
    fn a_list_within_the_bound_is_left_alone() {
        let mut findings: Vec<Finding> = (0..10).map(tag).collect();
        let before = findings.clone();
        cap(&mut findings);
        assert_eq!(findings, before);
    }
}
