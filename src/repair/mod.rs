//! Suggestions and repairs: the smallest edits of a broken game's text
//! under which the whole rest of the game replays legally.
//!
//! When replay stops at half-move N (a move that is illegal, unreadable
//! or ambiguous), [`suggest`] tries, at N and at the half-moves just
//! before it, every edit of one written move that [`edits::variants`]
//! knows (OCR confusions, another language's letter, swapped squares, a
//! descriptive square counted from the wrong side, one character), every
//! half-move that could have been dropped there, the half-move written
//! there being one too many, and two half-moves swapped. An edit counts
//! only if the edited text, read again with the same notation and
//! letters, replays to its end. An edit before N means the move written
//! there was legal but wrong: the record only breaks later.
//!
//! [`Suggestion::apply`] makes the one surviving edit, leaving the original
//! text in a comment beside the move, so that nothing is hidden.
//!
//! ```
//! use scoresheet::game::{read, ReadOptions};
//! use scoresheet::repair::{suggest, edits::Slip};
//!
//! // White's bishop move is printed with an OCR "8" for the "B".
//! let text = "1. e4 e5 2. Nf3 Nc6 3. 8b5 a6 4. Ba4 Nf6 *";
//! let options = ReadOptions::default();
//! let game = read(text, &options);
//! let found = suggest(&game, &options);
//! assert_eq!(found[0].ply, 5);
//! assert_eq!(found[0].slip, Slip::Ocr);
//! assert_eq!(found[0].moves, "Bb5");
//! ```

pub mod earlier;
pub mod edits;

use std::cell::Cell;
use std::ops::Range;

use shakmaty::{Chess, Color, Move, Position};

use crate::audit::{Finding, Kind, Severity};
use crate::document;
use crate::engine::origins::Origins;
use crate::notation::san::san;
use crate::notation::write::{MoveStyle, append_move};
use crate::replay::{Event, replay};
use crate::engine::resolve::{Resolution, resolve_readings};
use crate::game::{Game, ReadOptions};
use crate::lang::Language;
use crate::model::Readings;
use crate::notation::{Notation, SyntaxError};
use crate::pgn::lexer::{TokenKind, lex};
use edits::{Slip, variants};

/// How many half-moves before the one that fails are searched.
pub const WINDOW: u32 = 20;
/// Half-moves that must follow an edit, and replay, before a repair is
/// made: near the end of a game almost any edit lets the rest replay.
pub const CONFIRMING: u32 = 6;
/// Half-moves an edit's reading must get past the mistake it explains:
/// [`CONFIRMING`] in movetext; in running text, read with its layout,
/// which rules out most wrong edits, getting past the mistake is enough.
pub fn confirming(running_text: bool) -> u32 {
    if running_text { 1 } else { CONFIRMING }
}

/// Half-moves before the failure that are searched at all, when nothing
/// nearer works.
pub const MAX_BACK: usize = 100;
/// Replays of edited text at most per game, and bytes of text replayed
/// at most: the search must stay cheap however long or broken the game.
const MAX_REPLAYS: u32 = 400;
const MAX_REPLAYED_BYTES: usize = 8 << 20;
/// Longest word edited: no move is written longer.
const MAX_WORD: usize = 16;
/// Whether `text` is move number `n` as printed (`10`, `10.`, `10)`).
fn is_number_of(text: &str, n: u32) -> bool {
    text.trim_end_matches(['.', ')']).parse::<u32>().ok() == Some(n)
}

/// The edit cost, in [`document::synthesis::EDIT`]s, within which a word
/// in a gap of running text is taken for the missing move misread.
const STRAY_REACH: u32 = 2 * document::synthesis::EDIT;
/// Longest move edited in running text, where a move may be written in
/// words (`K. Kt. to B.'s 3rd.`).
const MAX_RUNNING_WORD: usize = 32;
/// Suggestions kept at most per game.
const MAX_SUGGESTIONS: usize = 16;

/// One edit of a game's text under which the whole game replays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The half-move the edit is at (for a dropped half-move, the ply the
    /// missing move gets).
    pub ply: u32,
    /// The slip the edit undoes.
    pub slip: Slip,
    /// The replacements, in the game's text, in order.
    pub edits: Vec<(Range<u32>, String)>,
    /// The text replaced, as written (empty for an insertion).
    pub written: String,
    /// The move(s) the edit gives there, in English SAN.
    pub moves: String,
    /// The position before the edited half-move.
    pub before: Chess,
    /// How far the game reads with the edit made: the half-move where it
    /// stops at the next mistake, or `u32::MAX` when it reads to its end.
    pub reach: u32,
    /// Where several moves fit a gap (and `edits` is empty), one
    /// suggestion for each: guesses to read on with, never repairs.
    pub choices: Vec<Suggestion>,
    /// For two half-moves swapped, the later one's ply and the position
    /// before it.
    pub partner: Option<(u32, Chess)>,
    /// The half-move the search for this edit set out from: where the
    /// game stopped, or in running text the first move read as a
    /// misprint. The rows after it are read again with the edit made.
    pub failed_at: u32,
}

impl Suggestion {
    /// The kind of finding this suggestion explains at its own ply.
    pub fn kind(&self, failed_at: u32) -> Kind {
        match self.slip {
            Slip::DroppedMove | Slip::ExtraMove => Kind::MissingMoves,
            Slip::SwappedMoves => Kind::SwappedMoves,
            _ if self.ply < failed_at => Kind::WrongMoveLegal,
            _ => Kind::Illegal,
        }
    }

    /// The suggestion as told at each half-move it changes: two half-moves
    /// swapped are two rows, each with the move its own box holds.
    pub fn at_each_ply(&self) -> Vec<Suggestion> {
        let Some((ply, before)) = &self.partner else {
            return vec![self.clone()];
        };
        let (Some((first, second)), [a, b]) = (self.moves.split_once(','), self.edits.as_slice())
        else {
            return vec![self.clone()];
        };
        let part = |ply: u32, edit: &(Range<u32>, String), written: &str, moves: &str, before: &Chess| {
            Suggestion {
                ply,
                edits: vec![edit.clone()],
                written: written.to_owned(),
                moves: moves.to_owned(),
                before: before.clone(),
                partner: None,
                ..self.clone()
            }
        };
        vec![
            part(self.ply, a, &b.1, first, &self.before),
            part(*ply, b, &a.1, second, before),
        ]
    }

    /// The one character the edit puts in place of another, as (printed,
    /// meant), when that is all it does.
    pub fn confusion(&self) -> Option<(char, char)> {
        match self.edits.as_slice() {
            [(_, edited)] => edits::substitution(&self.written, edited),
            _ => None,
        }
    }

    /// The row telling of the edit at `offset` of the text: what is
    /// written there, the position before it, and the move(s) it gives
    /// as the suggestion.
    pub fn finding(&self, kind: Kind, severity: Severity, message: String, offset: u32) -> Finding {
        let mut finding = Finding::game(kind, severity, message)
            .at(offset, self.written.clone())
            .before_move(&self.before, self.ply);
        finding.suggestion = self.moves.clone();
        finding
    }

    /// What the edit does, for people: `"Nf5" → "Nf3"`.
    pub fn describe(&self) -> String {
        match self.slip {
            Slip::DroppedMove if !self.written.is_empty() => format!(
                "\"{}\" read as {} (a move misread as no move)",
                self.written, self.moves
            ),
            Slip::DroppedMove => format!("{} inserted ({})", self.moves, self.slip.describe()),
            Slip::ExtraMove => format!("\"{}\" removed ({})", self.written, self.slip.describe()),
            Slip::SwappedMoves if self.partner.is_some() => {
                format!("{} ({})", self.moves, self.slip.describe())
            }
            _ => format!(
                "\"{}\" read as {} ({})",
                self.written,
                self.moves,
                self.slip.describe()
            ),
        }
    }

    /// The game's text with the edit made and, beside it, a comment that
    /// keeps what was written.
    pub fn apply(&self, text: &str) -> Repair {
        let mut edits = self.edits.clone();
        if let Some((_, last)) = edits.last_mut() {
            last.push_str(&format!(" {{repaired: {}}}", self.describe()));
            if self.slip != Slip::DroppedMove {
                last.push(' ');
            }
        }
        let (text, shifts) = splice(text, &edits);
        Repair { text, shifts }
    }
}

/// An edit's span in the original text and in the edited one.
type Shift = (Range<u32>, Range<u32>);

/// Where `offset` of the original text is after the edits of `shifts`.
fn shifted(offset: u32, shifts: &[Shift]) -> u32 {
    let mut delta: i64 = 0;
    for (old, new) in shifts {
        if old.start > offset {
            break;
        }
        if offset < old.end {
            return new.start;
        }
        delta = i64::from(new.end) - i64::from(old.end);
    }
    (i64::from(offset) + delta).max(0) as u32
}

/// `text` with each range replaced; with each edit's span in the
/// original text and in the new one, in the text's order. A game read
/// in columns has its moves out of the text's order, so edits come in
/// any order; one that overlaps an earlier one is left out.
fn splice(text: &str, edits: &[(Range<u32>, String)]) -> (String, Vec<Shift>) {
    let mut ordered: Vec<&(Range<u32>, String)> = edits.iter().collect();
    ordered.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len() + 64);
    let mut last = 0;
    let mut shifts = Vec::with_capacity(edits.len());
    for (range, replacement) in ordered {
        if (range.start as usize) < last {
            continue;
        }
        out.push_str(&text[last..range.start as usize]);
        let start = out.len() as u32;
        out.push_str(replacement);
        shifts.push((range.clone(), start..out.len() as u32));
        last = range.end as usize;
    }
    out.push_str(&text[last..]);
    (out, shifts)
}

/// A repaired game's text and where its edits lie.
#[derive(Debug, Clone)]
pub struct Repair {
    /// The repaired text.
    pub text: String,
    /// Each edit: its span in the original text and in the repaired one.
    shifts: Vec<Shift>,
}

impl Repair {
    /// The offset in the original text of `offset` in the repaired one:
    /// inside an edit, the edit's start.
    pub fn original_offset(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for (old, new) in &self.shifts {
            if offset < new.start {
                break;
            }
            if offset < new.end {
                return old.start;
            }
            delta = i64::from(old.end) - i64::from(new.end);
        }
        (i64::from(offset) + delta).max(0) as u32
    }
}

/// Adds what `found` explains to a failed game's findings: the edits at
/// the failing half-move become its suggestions; an edit earlier in the
/// game (a legal but wrong move, a missing, extra or swapped half-move) a
/// finding of its own, at its own half-move, which replaces the
/// move-number check's guess. The half-moves in `misreads`, read as
/// misprints, are mistakes already settled, not the failure, unless the
/// edits found set out from one (see [`Suggestion::failed_at`]).
pub fn annotate(findings: &mut Vec<Finding>, found: &[Suggestion], misreads: &[u32]) {
    // The move the search set out from: where the game stopped, or the
    // first move read as a misprint, when the edits found explain it.
    let set_out = |s: &Suggestion| {
        findings
            .iter()
            .position(|f| f.severity == Severity::Error && f.ply == s.failed_at)
    };
    let failure = found
        .first()
        .filter(|s| misreads.contains(&s.failed_at))
        .and_then(set_out)
        .or_else(|| {
            findings
                .iter()
                .position(|f| f.severity == Severity::Error && !misreads.contains(&f.ply))
        })
        .or_else(|| findings.iter().position(|f| is_mark(f.kind) && f.ply > 0));
    let Some(failure) = failure else {
        return;
    };
    let mut failing = findings.remove(failure);
    let failed_at = failing.ply;
    let at_failure = |s: &&Suggestion| s.ply == failed_at;
    let here: Vec<&Suggestion> = found
        .iter()
        .filter(at_failure)
        .filter(|s| s.slip < Slip::SwappedMoves)
        .collect();
    // With no edit of the failing move, the explanations at its own
    // half-move (a move missing before it, two moves swapped) are told
    // on its row: one mistake, one row.
    let folded: Vec<&Suggestion> = if here.is_empty() {
        found.iter().filter(at_failure).collect()
    } else {
        Vec::new()
    };
    let told = if here.is_empty() { &folded } else { &here };
    if let Some(first) = told.first() {
        if here.is_empty() {
            failing.kind = first.kind(failed_at);
            // A misread move in the gap is where the mistake is.
            if first.slip == Slip::DroppedMove
                && !first.written.is_empty()
                && let Some((range, _)) = first.edits.first()
            {
                failing.offset = Some(range.start);
                failing.written = first.written.clone();
            }
        }
        let own: Vec<Suggestion> = told
            .iter()
            .flat_map(|s| s.at_each_ply())
            .filter(|s| s.ply == failed_at)
            .collect();
        failing.suggestion = join_unique(own.iter().map(|s| s.moves.as_str()));
        failing.message.push_str(&format!(
            "; the rest of the game is legal with {}",
            or_list(told.iter().map(|s| s.describe()))
        ));
    }
    let mut added: Vec<Finding> = Vec::new();
    // Two half-moves swapped at the failing one: the other box's row.
    let partners = told
        .iter()
        .flat_map(|s| s.at_each_ply())
        .filter(|s| s.ply != failed_at);
    for s in found
        .iter()
        .filter(|s| s.ply != failed_at || !told.contains(s))
        .flat_map(Suggestion::at_each_ply)
        .chain(partners)
    {
        let kind = s.kind(failed_at);
        if let Some(same) = added.iter_mut().find(|f| f.kind == kind && f.ply == s.ply) {
            same.suggestion = join_unique([same.suggestion.as_str(), s.moves.as_str()]);
            continue;
        }
        let mut message = match kind {
            Kind::WrongMoveLegal => format!(
                "legal move \"{}\" that the rest of the game contradicts (the record goes wrong at ply {failed_at}); the rest is legal with {}",
                s.written,
                s.describe()
            ),
            Kind::SwappedMoves => format!(
                "half-moves written in each other's place (the record goes wrong at ply {failed_at}): {}",
                s.describe()
            ),
            _ => format!(
                "the record goes wrong at ply {failed_at}; the rest is legal with {}",
                s.describe()
            ),
        };
        // With an edit at the failing move itself, the earlier ones are
        // other explanations, worth knowing but not the likeliest.
        let severity = if here.is_empty() {
            Severity::Warning
        } else {
            message.insert_str(0, "possibly: ");
            Severity::Info
        };
        // A gap that several moves fit is where each would be inserted.
        let edit = s.edits.first().or_else(|| s.choices.first()?.edits.first());
        let offset = edit.map_or(0, |(r, _)| r.start);
        added.push(s.finding(kind, severity, message, offset));
    }
    // The search's gaps replace the move-number check's guess.
    if found
        .iter()
        .any(|s| s.kind(failed_at) == Kind::MissingMoves)
    {
        findings.retain(|f| f.kind != Kind::MissingMoves);
    }
    findings.push(failing);
    findings.append(&mut added);
    findings.sort_by_key(|f| f.offset.unwrap_or(0));
}

/// Where a game stops being right: its failure (an illegal, unreadable
/// or ambiguous move), or else the first wrong check, mate or capture
/// mark in a game that otherwise replays.
fn anchor<'f>(game: &'f Game<'_>) -> Option<&'f Finding> {
    if game.replay.failed {
        game.findings.iter().find(|f| {
            f.severity == Severity::Error
                && matches!(f.kind, Kind::Illegal | Kind::Unparseable | Kind::Ambiguous)
                && !game.replay.misreads.contains(&f.ply)
        })
    } else {
        game.findings.iter().find(|f| is_mark(f.kind) && f.ply > 0)
    }
}

/// Whether `kind` is about a move's marks.
fn is_mark(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::WrongCheckMark | Kind::WrongMateMark | Kind::WrongCaptureMark
    )
}

/// The distinct words of `parts`, space-separated, in order.
fn join_unique<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out: Vec<&str> = Vec::new();
    for word in parts.into_iter().flat_map(str::split_whitespace) {
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out.join(" ")
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The letter table `game` was read with.
fn language_of<'g>(game: &Game<'_>, options: &ReadOptions<'g>) -> &'g Language {
    options
        .letters
        .tables()
        .into_iter()
        .find(|(_, name)| *name == game.letters)
        .map_or(Language::english(), |(lang, _)| lang)
}

/// Parses `text` as a move of `turn` in `game`'s notation; in running
/// text, its words are first joined as the document reader joins them.
fn parse_move(
    game: &Game<'_>,
    lang: &Language,
    turn: Color,
    text: &str,
) -> Result<Readings, SyntaxError> {
    if game.running_text {
        let short = document::spans::short_text(text);
        game.notation.parse(&short, lang, turn)
    } else {
        game.notation.parse(text, lang, turn)
    }
}

/// Whether the capture, check and mate marks of `readings` fit `m`,
/// played from `before`.
fn fits_marks(readings: &Readings, before: &Chess, m: Move) -> bool {
    let claims = readings.first.claims;
    if (claims.capture && !m.is_capture()) || (claims.en_passant && !m.is_en_passant()) {
        return false;
    }
    if !claims.check && !claims.mate {
        return true;
    }
    let mut after = before.clone();
    after.play_unchecked(m);
    after.is_check() && (after.is_checkmate() == claims.mate)
}

/// One half-move of the main line up to the failure.
struct Step {
    /// Index of its token.
    token: usize,
    /// The position before it, and where each piece started.
    before: Chess,
    origins: Option<Origins>,
    /// The move played, `None` at the failure.
    played: Option<Move>,
}

/// The edits that make `game`'s whole text replay, likeliest first; none
/// when the game replays, or fails inside a variation or before its
/// moves.
pub fn suggest(game: &Game<'_>, options: &ReadOptions<'_>) -> Vec<Suggestion> {
    if let Some((found, _)) = earlier_causes(game, options, false) {
        return found;
    }
    Search::new(game, options).map_or_else(Vec::new, |s| s.run(false))
}

/// The edits [`suggest`] finds, looked for everywhere even when the
/// failing move is only ambiguous; `None` when the search had to stop
/// before it was done (a very long game), so that no edit is known to be
/// the only one. A repair is made only when exactly one edit exists.
pub fn suggest_all(game: &Game<'_>, options: &ReadOptions<'_>) -> Option<Vec<Suggestion>> {
    if let Some((found, done)) = earlier_causes(game, options, true) {
        return done.then_some(found);
    }
    let Some(search) = Search::new(game, options) else {
        return Some(Vec::new());
    };
    let found = search.run(true);
    (search.replays_left.get() > 0).then_some(found)
}

/// In running text, the edits found from the first move read as a
/// misprint that find its cause elsewhere (an earlier move, a half-move
/// left out or two swapped; an edit of the move itself is what the
/// reading made of it), and whether the search was done; `None` when
/// there are none.
fn earlier_causes(game: &Game<'_>, options: &ReadOptions<'_>, everywhere: bool) -> Option<(Vec<Suggestion>, bool)> {
    let search = Search::at_first_misread(game, options)?;
    let mut found = search.run(everywhere);
    found.retain(|s| s.ply < s.failed_at || s.slip >= Slip::SwappedMoves);
    (!found.is_empty()).then(|| (found, search.replays_left.get() > 0))
}

struct Search<'g> {
    game: &'g Game<'g>,
    lang: &'g Language,
    /// The main line's half-moves, the failing one last.
    steps: Vec<Step>,
    /// Main-line move words after the failing one (for swaps).
    after: Vec<usize>,
    /// Main-line half-moves before the first step.
    first: usize,
    /// Replays the search may still make.
    replays_left: Cell<u32>,
    /// In running text, the moves the reading took for misprints,
    /// written as the notation writes them: every replay is of the text
    /// with them settled, so that an edit further on is judged by what
    /// it does there.
    settled: Vec<(Range<u32>, String)>,
}

impl<'g> Search<'g> {
    fn new(game: &'g Game<'g>, options: &ReadOptions<'g>) -> Option<Search<'g>> {
        Search::from(game, options, anchor(game)?, false)
    }

    /// In running text that fails, the search from the first move the
    /// reading took for a misprint, as if the text stopped there: a
    /// legal but wrong move before it, a half-move left out or two
    /// swapped, shows first there, and the misprints read after it are
    /// guesses that the one mistake set off.
    fn at_first_misread(game: &'g Game<'g>, options: &ReadOptions<'g>) -> Option<Search<'g>> {
        if !game.running_text || !game.replay.failed {
            return None;
        }
        let first = *game.replay.misreads.iter().min()?;
        let anchor = game.findings.iter().find(|f| {
            f.ply == first
                && f.severity == Severity::Error
                && matches!(f.kind, Kind::Illegal | Kind::Unparseable | Kind::Ambiguous)
        })?;
        Search::from(game, options, anchor, true)
    }

    /// The search for edits that make the text read past `anchor`'s
    /// move: the move that stopped the game, or with `misread` one the
    /// reading took for a misprint (the moves from it on are not
    /// played), or, in a game that replays, the move whose mark is wrong.
    fn from(game: &'g Game<'g>, options: &ReadOptions<'g>, anchor: &Finding, misread: bool) -> Option<Search<'g>> {
        let marks = !game.replay.failed;
        let tokens = &game.lexed.tokens;
        let offset = anchor.offset?;
        // Tokens come in reading order, which is the text's order unless
        // the game was read in columns.
        let failing = tokens
            .iter()
            .position(|t| t.kind == TokenKind::Word && t.span.start == offset)
            .unwrap_or_else(|| tokens.partition_point(|t| t.span.start < offset));
        if tokens.get(failing)?.kind != TokenKind::Word {
            return None;
        }
        let lang = language_of(game, options);
        let mut main = game.replay.main_line()?;
        if marks {
            // The move with the wrong mark is the last one searched.
            main.truncate(anchor.ply as usize);
        } else if misread {
            main.truncate(anchor.ply.saturating_sub(1) as usize);
        }
        let mut pos = game.start.clone();
        let mut origins = game.notation.needs_origins().then(|| Origins::new(&pos));
        let mut steps = Vec::new();
        let first = main.len().saturating_sub(MAX_BACK);
        for (i, &(token, mv)) in main.iter().enumerate() {
            if i >= first {
                steps.push(Step {
                    token: token as usize,
                    before: pos.clone(),
                    origins: origins.clone(),
                    played: Some(mv),
                });
            }
            pos.play_unchecked(mv);
            if let Some(o) = &mut origins {
                o.play(mv);
            }
        }
        if !marks {
            steps.push(Step {
                token: failing,
                before: pos,
                origins,
                played: None,
            });
        }
        let failing = steps.last()?.token;
        let after = tokens[failing + 1..]
            .iter()
            .enumerate()
            .take_while(|(_, t)| !matches!(t.kind, TokenKind::Open | TokenKind::Result))
            .filter(|(_, t)| t.kind == TokenKind::Word)
            .map(|(i, _)| failing + 1 + i)
            .take(2)
            .collect();
        let mut search = Search {
            game,
            lang,
            steps,
            after,
            first,
            replays_left: Cell::new(
                MAX_REPLAYS.min((MAX_REPLAYED_BYTES / game.text.len().max(1)) as u32),
            ),
            settled: Vec::new(),
        };
        if game.running_text {
            search.settled = (0..search.steps.len())
                .filter(|&i| game.replay.misreads.contains(&search.ply(i)))
                .filter_map(|i| {
                    let step = &search.steps[i];
                    Some((search.span(step.token), search.write(step, step.played?)))
                })
                .collect();
        }
        Some(search)
    }

    /// Whether the game replays and only its marks are wrong: then an
    /// edit must also make every mark right.
    fn marks(&self) -> bool {
        !self.game.replay.failed
    }

    /// The half-move the search sets out from: its last step's.
    fn failed_at(&self) -> u32 {
        self.ply(self.steps.len() - 1)
    }

    /// The ply of step `i`: half-moves from the game's start, as the
    /// replay's findings count them.
    fn ply(&self, i: usize) -> u32 {
        (self.first + i + 1) as u32
    }

    fn span(&self, token: usize) -> Range<u32> {
        self.game.lexed.tokens[token].span.clone()
    }

    fn word(&self, token: usize) -> &'g str {
        self.game.lexed.tokens[token].text(self.game.text)
    }

    fn run(&self, everywhere: bool) -> Vec<Suggestion> {
        let mut found = Vec::new();
        let last = self.steps.len() - 1;
        // A move that fits several legal moves, one of which lets the
        // game go on, was most likely written right, only not fully.
        if !self.marks() && self.token_edits(last, &mut found) && !everywhere {
            return found;
        }
        if self.marks() {
            self.token_edits(last, &mut found);
        }
        // Text whose first word is no move at all may be no game (or one
        // in a notation not read): only that word is edited.
        if last == 0 && self.first == 0 && !self.marks() && !self.readable(0) {
            return found;
        }
        let window = self.steps.len().saturating_sub(WINDOW as usize + 1);
        for i in (window..self.steps.len()).rev() {
            if i < last {
                self.token_edits(i, &mut found);
            }
            if !self.marks() {
                self.dropped(i, &mut found);
                self.extra(i, &mut found);
            }
            self.swapped(i, &mut found);
        }
        // A word past every edit where the game stopped is read from the
        // moves after it, when one in its place lets the game read on.
        if found.is_empty() && !self.marks() && self.game.lexed.tokens[self.steps[last].token].kind == TokenKind::Word {
            self.replaced(last, &mut found);
        }
        // A mark that stopped fitting before the window points at the
        // mistake: the moves around it are searched too.
        if !self.marks() {
            let marked: Vec<usize> = self
                .game
                .findings
                .iter()
                .filter(|f| is_mark(f.kind) && f.ply > 0)
                .filter_map(|f| (f.ply as usize).checked_sub(self.first + 1))
                .filter(|&i| i < window)
                .collect();
            for i in marked.iter().flat_map(|&m| m.saturating_sub(2)..=m).rev() {
                self.token_edits(i, &mut found);
                self.swapped(i, &mut found);
                self.dropped(i, &mut found);
                self.extra(i, &mut found);
            }
        }
        // A legal but wrong move may show only much later: with nothing
        // near but loose readings, every earlier move is tried.
        if found.iter().all(|s| s.slip.is_loose()) && !self.marks() {
            for i in (0..window).rev() {
                self.token_edits(i, &mut found);
            }
        }
        // The explanations under which the text reads to its end; when
        // none does, another mistake lies further on, and a wrong edit may
        // happen to fit it: all that read well past this one stay.
        let furthest = found.iter().map(|s| s.reach).max().unwrap_or(0);
        let failed_at = self.ply(last);
        let enough = if furthest == u32::MAX {
            furthest
        } else {
            furthest.min(failed_at + 2 * CONFIRMING)
        };
        found.retain(|s| s.reach >= enough);
        found.sort_by_key(|s| (s.slip, std::cmp::Reverse(s.ply)));
        found.truncate(MAX_SUGGESTIONS);
        found
    }

    /// Whether step `i`'s word reads as a move in the game's notation.
    fn readable(&self, i: usize) -> bool {
        let step = &self.steps[i];
        self.parse(step, self.word(step.token)).is_ok()
    }

    fn parse(&self, step: &Step, text: &str) -> Result<Readings, SyntaxError> {
        parse_move(self.game, self.lang, step.before.turn(), text)
    }

    /// The main line's moves when the text with `edits` made replays to
    /// its end.
    fn replays(&self, edits: &[(Range<u32>, String)]) -> Option<(Vec<Move>, u32)> {
        let left = self.replays_left.get();
        if left == 0 {
            return None;
        }
        self.replays_left.set(left - 1);
        let overlaps = |r: &Range<u32>| edits.iter().any(|(e, _)| e.start < r.end && r.start < e.end.max(e.start + 1));
        let mut all = edits.to_vec();
        all.extend(self.settled.iter().filter(|(r, _)| !overlaps(r)).cloned());
        let (text, shifts) = splice(self.game.text, &all);
        let r = if self.game.running_text {
            let (lexed, r) =
                document::read_with(&text, &self.game.start, self.game.notation, self.lang);
            // In running text the reader may find another path through the
            // words: the edit counts only if the main line now reads the
            // word where it stopped (or the edit itself stands there).
            let moved = shifted(self.span(self.steps.last()?.token).start, &shifts);
            let read_there = r.events.iter().any(|e| match e {
                Event::Move { token, .. } => lexed.tokens.get(*token as usize).is_some_and(|t| {
                    t.span.start <= moved && moved < t.span.end.max(t.span.start + 1)
                }),
                _ => false,
            });
            if !read_there {
                return None;
            }
            r
        } else {
            replay(
                &text,
                &lex(&text),
                &self.game.start,
                self.game.notation,
                self.lang,
            )
        };
        // The move where the game stopped, where it stands now.
        let failing = self.steps.last().map(|s| self.span(s.token));
        let stopped = failing.map(|f| shifted(f.start, &shifts)..shifted(f.end, &shifts));
        let edited: Vec<Range<u32>> = shifts.into_iter().map(|(_, new)| new).chain(stopped).collect();
        // An edited move must fit its own marks (`Nxd7` is no reading of
        // a knight's quiet move), and so must the move that stopped the
        // game, which the edit makes read (`10) Nxb5` after Black's move
        // put in where it was left out); with marks searched, every mark
        // must.
        let in_edit = |f: &Finding| {
            f.offset
                .is_some_and(|o| edited.iter().any(|e| e.contains(&o)))
        };
        if r.findings
            .iter()
            .any(|f| is_mark(f.kind) && (self.marks() || in_edit(f)))
        {
            return None;
        }
        let reach = if r.failed {
            r.findings
                .iter()
                .find(|f| f.severity == Severity::Error)
                .map_or(0, |f| f.ply)
        } else {
            u32::MAX
        };
        // Another mistake further on does not refute this edit when the
        // game reads on well past the one it explains.
        let margin = confirming(self.game.running_text);
        if r.failed && (self.marks() || reach < self.ply(self.steps.len() - 1) + margin) {
            return None;
        }
        r.main_line()
            .map(|main| (main.into_iter().map(|(_, m)| m).collect(), reach))
    }

    /// The English SAN of `moves[from..to]` (main-line indices), played
    /// from the start.
    /// The position before half-move `at` (from 0) of `moves`.
    fn position(&self, moves: &[Move], at: usize) -> Chess {
        let mut pos = self.game.start.clone();
        for &m in moves.iter().take(at) {
            pos.play_unchecked(m);
        }
        pos
    }

    fn sans(&self, moves: &[Move], from: usize, to: usize) -> String {
        let mut pos = self.game.start.clone();
        let mut out = Vec::new();
        for (i, &m) in moves.iter().enumerate().take(to) {
            if i >= from {
                out.push(san(&pos, m, Language::english()));
            }
            pos.play_unchecked(m);
        }
        out.join(" ")
    }

    /// Step's word, and in running text, where the reader took more
    /// words for the failing move than a move has (`Nc3 c6` where
    /// Black's move is missing), each of its shorter runs of first words
    /// that parses, the longest first.
    fn move_words(&self, step: &Step) -> Vec<&'g str> {
        let written = self.word(step.token);
        let mut out = vec![written];
        if self.game.running_text {
            let mut ends: Vec<usize> = written
                .char_indices()
                .filter(|&(_, c)| c.is_whitespace())
                .map(|(at, _)| at)
                .collect();
            ends.reverse();
            out.extend(
                ends.into_iter()
                    .map(|end| written[..end].trim_end())
                    .filter(|words| self.parse(step, words).is_ok()),
            );
        }
        out
    }

    fn resolve(&self, step: &Step, word: &str) -> Resolution {
        match self.parse(step, word) {
            Ok(readings) => resolve_readings(&step.before, &readings, step.origins.as_ref()),
            Err(_) => Resolution::Illegal,
        }
    }

    /// One written move edited; whether it was ambiguous and one of its
    /// readings works.
    fn token_edits(&self, i: usize, found: &mut Vec<Suggestion>) -> bool {
        let step = &self.steps[i];
        let written = self.word(step.token);
        let longest = if self.game.running_text {
            MAX_RUNNING_WORD
        } else {
            MAX_WORD
        };
        if written.len() > longest {
            return false;
        }
        let span = self.span(step.token);
        let mut tried: Vec<Move> = step.played.into_iter().collect();
        let mut candidates: Vec<(String, Slip, Move)> = Vec::new();
        if step.played.is_none()
            && let Resolution::Ambiguous(moves) = self.resolve(step, written)
        {
            for m in moves {
                candidates.push((self.write(step, m), Slip::Ambiguous, m));
                tried.push(m);
            }
        }
        // A move that fits several legal moves was written right: other
        // edits are only looked for when none of those moves works.
        let ambiguous = !candidates.is_empty();
        let before = found.len();
        self.verify(i, &span, written, candidates, found);
        if ambiguous && found.len() > before {
            return true;
        }
        let mut candidates = Vec::new();
        for (text, slip) in variants(written, self.game.notation, self.lang) {
            // A text whose marks do not fit its move is no reading of it;
            // another text may still give that move.
            if let Resolution::Unique(m) = self.resolve(step, &text)
                && !tried.contains(&m)
                && self.fits_marks(step, &text, m)
            {
                candidates.push((text, slip, m));
            }
        }
        let before = found.len();
        self.verify(i, &span, written, candidates, found);
        // A failing move too damaged for one edit: the legal moves its
        // legible squares allow.
        if step.played.is_none()
            && found.len() == before
            && self.game.notation == Notation::San
            && let Some((to, file)) = edits::legible_squares(written)
        {
            let candidates = step
                .before
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.to() == to && file.is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
                })
                .filter(|m| !tried.contains(m))
                .map(|m| {
                    let slip = if file.is_some() {
                        Slip::Legible
                    } else {
                        Slip::LegibleDestination
                    };
                    (self.write(step, m), slip, m)
                })
                .collect();
            self.verify(i, &span, written, candidates, found);
        }
        false
    }

    fn fits_marks(&self, step: &Step, text: &str, m: Move) -> bool {
        self.parse(step, text)
            .is_ok_and(|readings| fits_marks(&readings, &step.before, m))
    }

    /// The `candidates` for step `i`'s word under which the game replays.
    fn verify(
        &self,
        i: usize,
        span: &Range<u32>,
        written: &str,
        candidates: Vec<(String, Slip, Move)>,
        found: &mut Vec<Suggestion>,
    ) {
        let step = &self.steps[i];
        let mut done: Vec<Move> = Vec::new();
        for (text, slip, m) in candidates {
            // Each move once; a second text only if the first failed (its
            // check mark missing where the game marks checks).
            if done.contains(&m) {
                continue;
            }
            if let Some((_, reach)) = self.replays(&[(span.clone(), text.clone())]) {
                done.push(m);
                found.push(Suggestion {
                    ply: self.ply(i),
                    slip,
                    edits: vec![(span.clone(), text)],
                    written: written.to_owned(),
                    moves: san(&step.before, m, Language::english()),
                    before: step.before.clone(),
                    reach,
                    choices: Vec::new(),
                    partner: None,
                    failed_at: self.failed_at(),
                });
            }
        }
    }

    /// A half-move missing before step `i`'s move.
    fn dropped(&self, i: usize, found: &mut Vec<Suggestion>) {
        let step = &self.steps[i];
        let readings = self.move_words(step);
        // In running text, Black's move goes right after White's, where
        // the reader looks for it; elsewhere before the move that follows.
        // White's moves there are led by their numbers: one is not
        // dropped alone.
        let (at, lead) = match i.checked_sub(1) {
            _ if !self.game.running_text => (self.span(step.token).start, ""),
            Some(previous) if step.before.turn() == Color::Black => {
                (self.span(self.steps[previous].token).end, " ")
            }
            _ => return,
        };
        // What stands in the gap and is no move (`65` for `b5`, taken for
        // a move number; `hxgx`) is the move, misread: it is replaced.
        // In running text, a word there is the move only when near one of
        // the moves that fit (`5` for `b5`, not `Better`).
        let stray = self.stray_before(i, step).filter(|span| {
            !self.game.running_text || !self.nearest_to(step, self.text(span), &step.before.legal_moves()).is_empty()
        });
        let (at, lead, gap_written) = match &stray {
            Some(span) => (span.clone(), "", self.text(span).to_owned()),
            None => (at..at, lead, String::new()),
        };
        let mut fitting = Vec::new();
        for m in step.before.legal_moves() {
            // The written move must now fit the other side.
            let mut after = step.before.clone();
            after.play_unchecked(m);
            let next = Step {
                token: step.token,
                origins: step.origins.clone().map(|mut o| {
                    o.play(m);
                    o
                }),
                before: after,
                played: None,
            };
            if readings
                .iter()
                .all(|words| matches!(self.resolve(&next, words), Resolution::Illegal))
            {
                continue;
            }
            let inserted = if stray.is_some() {
                self.write(step, m)
            } else if lead.is_empty() {
                format!("{} ", self.write(step, m))
            } else {
                format!("{lead}{}", self.write(step, m))
            };
            if let Some((_, reach)) = self.replays(&[(at.clone(), inserted.clone())]) {
                fitting.push((m, inserted, reach));
            }
        }
        if self.game.running_text && stray.is_some() {
            let moves: Vec<Move> = fitting.iter().map(|f| f.0).collect();
            let near = self.nearest_to(step, &gap_written, &moves);
            fitting.retain(|f| near.contains(&f.0));
        }
        self.fit_gap(i, (at, &gap_written, Slip::DroppedMove), fitting, found);
    }

    /// Step `i`'s move, past every edit, read from the moves after it:
    /// each legal move in its place under which the text reads on
    /// (`hxgx` for `cxb5`).
    fn replaced(&self, i: usize, found: &mut Vec<Suggestion>) {
        let step = &self.steps[i];
        let at = self.span(step.token);
        let fitting = step
            .before
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let written = self.write(step, m);
                let (_, reach) = self.replays(&[(at.clone(), written.clone())])?;
                Some((m, written, reach))
            })
            .collect();
        self.fit_gap(i, (at, self.word(step.token), Slip::Illegible), fitting, found);
    }

    /// The suggestion, of `slip`, for a place at step `i`, `at` in the
    /// text (where `written` stands, if anything): of the moves
    /// `fitting` it, each with its text and how far the text reads with
    /// it, those that read furthest.
    fn fit_gap(
        &self,
        i: usize,
        (at, written, slip): (Range<u32>, &str, Slip),
        mut fitting: Vec<(Move, String, u32)>,
        found: &mut Vec<Suggestion>,
    ) {
        let step = &self.steps[i];
        let furthest = fitting.iter().map(|f| f.2).max().unwrap_or(0);
        fitting.retain(|f| f.2 == furthest);
        // One suggestion per gap: the moves that fit are its choices.
        let mut choices: Vec<Suggestion> = fitting
            .iter()
            .map(|(m, inserted, reach)| Suggestion {
                ply: self.ply(i),
                slip,
                edits: vec![(at.clone(), inserted.clone())],
                written: written.to_owned(),
                moves: san(&step.before, *m, Language::english()),
                before: step.before.clone(),
                reach: *reach,
                choices: Vec::new(),
                partner: None,
                failed_at: self.failed_at(),
            })
            .collect();
        match choices.len() {
            0 => {}
            1 => found.append(&mut choices),
            _ => {
                let mut gap = choices[0].clone();
                gap.edits = Vec::new();
                gap.moves = join_unique(choices.iter().map(|c| c.moves.as_str()));
                gap.choices = choices;
                found.push(gap);
            }
        }
    }

    /// Of `moves`, those `written` is the nearest misreading of, within
    /// [`STRAY_REACH`]; none when it is no move's.
    fn nearest_to(&self, step: &Step, written: &str, moves: &[Move]) -> Vec<Move> {
        let forms = document::synthesis::Forms::new(&step.before, self.game.notation, self.lang);
        let near = forms.nearness(written, moves, STRAY_REACH);
        let floor = near.iter().copied().min().unwrap_or(STRAY_REACH);
        if floor >= STRAY_REACH {
            return Vec::new();
        }
        moves
            .iter()
            .zip(near)
            .filter(|&(_, cost)| cost == floor)
            .map(|(&m, _)| m)
            .collect()
    }

    /// What stands between step `i`'s move and the main line's move
    /// before it and is no move, when one token does: a number that is
    /// not the move's number, or a word the replay or the lexer passed
    /// over; in running text, the word before the move's own number
    /// (`5` of `Bg5 5 10) Nxb5`). Its span.
    fn stray_before(&self, i: usize, step: &Step) -> Option<Range<u32>> {
        let from = i.checked_sub(1).map_or(0, |p| self.steps[p].token + 1);
        let tokens = &self.game.lexed.tokens;
        let number = step.before.fullmoves().get();
        let mut strays = (from..step.token).filter_map(|t| match tokens[t].kind {
            TokenKind::MoveNumber => {
                let text = self.word(t);
                (text.bytes().all(|b| b.is_ascii_digit()) && text.parse::<u32>().ok() != Some(number))
                    .then(|| self.span(t))
            }
            TokenKind::Word => Some(self.span(t)),
            // A word the lexer kept as a comment, unbraced (`hxgx`).
            TokenKind::Comment => {
                let span = self.span(t);
                let braced = self.game.text[..span.start as usize].ends_with('{');
                let text = self.word(t);
                let word = match text.split_once(char::is_whitespace) {
                    Some((word, rest)) if self.game.running_text && is_number_of(rest.trim(), number + 1) => word,
                    Some(_) => return None,
                    // The game's own number is no move misread.
                    None if self.game.running_text && (is_number_of(text, number) || is_number_of(text, number + 1)) => {
                        return None;
                    }
                    None => text,
                };
                (!braced && word.len() <= MAX_WORD).then(|| span.start..span.start + word.len() as u32)
            }
            _ => None,
        });
        let stray = strays.next()?;
        strays.next().is_none().then_some(stray)
    }

    /// The text of `span`.
    fn text(&self, span: &Range<u32>) -> &'g str {
        &self.game.text[span.start as usize..span.end as usize]
    }

    /// Step `i`'s move written but not played.
    fn extra(&self, i: usize, found: &mut Vec<Suggestion>) {
        let step = &self.steps[i];
        let span = self.span(step.token);
        // A move written twice is reported at its second writing.
        let next = self
            .steps
            .get(i + 1)
            .map(|s| s.token)
            .or(self.after.first().copied());
        if next.is_some_and(|n| self.word(n) == self.word(step.token)) {
            return;
        }
        if let Some((_, reach)) = self.replays(&[(span.clone(), String::new())]) {
            found.push(Suggestion {
                ply: self.ply(i),
                slip: Slip::ExtraMove,
                edits: vec![(span, String::new())],
                written: self.word(step.token).to_owned(),
                moves: String::new(),
                before: step.before.clone(),
                reach,
                choices: Vec::new(),
                partner: None,
                failed_at: self.failed_at(),
            });
        }
    }

    /// Step `i`'s move swapped with the next one or the one after (the
    /// same side's next move).
    fn swapped(&self, i: usize, found: &mut Vec<Suggestion>) {
        let tokens: Vec<usize> = self.steps[i..]
            .iter()
            .map(|s| s.token)
            .chain(self.after.iter().copied())
            .collect();
        for gap in [1, 2] {
            let (Some(&a), Some(&b)) = (tokens.first(), tokens.get(gap)) else {
                continue;
            };
            let (wa, wb) = (self.word(a), self.word(b));
            if wa == wb {
                continue;
            }
            let edits = vec![(self.span(a), wb.to_owned()), (self.span(b), wa.to_owned())];
            if let Some((moves, reach)) = self.replays(&edits) {
                let later = self.first + i + gap;
                let partner = Some((later as u32 + 1, self.position(&moves, later)));
                let moves = [self.first + i, later].map(|j| self.sans(&moves, j, j + 1));
                found.push(Suggestion {
                    ply: self.ply(i),
                    slip: Slip::SwappedMoves,
                    edits,
                    written: format!("{wa} … {wb}"),
                    moves: moves.join(","),
                    before: self.steps[i].before.clone(),
                    reach,
                    choices: Vec::new(),
                    partner,
                    failed_at: self.failed_at(),
                });
            }
        }
    }

    /// `m` as the game's notation and letters write it.
    fn write(&self, step: &Step, m: Move) -> String {
        let style = match self.game.notation {
            Notation::San => MoveStyle::San(self.lang),
            Notation::Iccf(p) => MoveStyle::Iccf(p),
            Notation::Descriptive => MoveStyle::Descriptive(self.lang),
        };
        let mut after = step.before.clone();
        after.play_unchecked(m);
        let mut out = String::new();
        append_move(
            &mut out,
            style,
            &step.before,
            m,
            &after,
            step.origins.as_ref(),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::read;

    #[test]
    fn offsets_after_a_repair_point_into_the_original_text() {
        let text = "1. e4 e5 2. Nf5 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
        let options = ReadOptions::default();
        let game = read(text, &options);
        let found = suggest(&game, &options);
        let edit = found
            .iter()
            .find(|s| s.moves == "Nf3")
            .expect("Nf3 suggested");
        let repair = edit.apply(text);
        assert!(repair.text.starts_with("1. e4 e5 2. Nf3 {repaired: "));
        // Before the edit, inside it, and after it.
        assert_eq!(repair.original_offset(3), 3);
        assert_eq!(repair.original_offset(13), 12);
        let after = repair.text.find("Nc6").unwrap() as u32;
        assert_eq!(
            repair.original_offset(after),
            text.find("Nc6").unwrap() as u32
        );
    }

    #[test]
    fn a_dropped_half_move_is_found_at_its_gap() {
        // Black's 2... Nc6 is missing: every later move falls to the other side.
        let text = "1. e4 e5 2. Nf3 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
        let options = ReadOptions::default();
        let game = read(text, &options);
        let found = suggest(&game, &options);
        let gap = found
            .iter()
            .find(|s| s.slip == Slip::DroppedMove)
            .expect("a dropped move");
        assert_eq!(gap.ply, 4);
        assert!(gap.moves.split(' ').any(|m| m == "Nc6"), "{}", gap.moves);
    }
}
