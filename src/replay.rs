//! Replays a game's tokens on the board, main line and variations.
//!
//! Each move token is parsed in the given notation and language and
//! resolved in the current position; each variation is replayed from the
//! position before the move it replaces. The result is a flat list of
//! [`Event`]s (the shape PGN itself has), the findings, and how far the
//! game got, which is what letter-set detection compares. Variations are
//! kept on an explicit stack, so deep nesting cannot overflow the call
//! stack.

pub mod walk;

use shakmaty::san::San;
use shakmaty::{Chess, Color, FromSetup, Move, Position, Role};

use crate::audit::{Finding, Kind, Severity, push_capped};
use crate::engine::origins::Origins;
use crate::notation::san;
use crate::engine::resolve::{Resolution, is_checkmate, resolve_readings};
use crate::lang::Language;
use crate::model::{Claims, MovePattern, Readings};
use crate::notation::Notation;
use crate::pgn::lexer::{Lexed, TokenKind, move_number_parts};

/// Deepest variation nesting that is replayed.
pub const MAX_DEPTH: usize = 256;

/// One step of a replayed game, in the order written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A move, with the index of the token it was read from.
    Move {
        /// The legal move.
        mv: Move,
        /// Index of its token in [`Lexed::tokens`].
        token: u32,
    },
    /// A null move (`--`, `Z0`): the side to move passes, as analysis
    /// writes it; with the index of its token.
    Null {
        /// Index of its token in [`Lexed::tokens`].
        token: u32,
    },
    /// A numeric annotation glyph (from `$n` or `!`, `?`, …).
    Nag(u8),
    /// A comment: index of its token in [`Lexed::tokens`].
    Comment(u32),
    /// A draw offer `(=)` written after the previous move.
    DrawOffer,
    /// A variation starts.
    Begin,
    /// The current variation ends.
    End,
}

/// How words after a game's last move end it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordedEnd {
    /// This side gave up (`Resigns.`, `Black resigned`).
    Resigned(shakmaty::Color),
    /// The game was drawn (`Drawn.`, `Partie nulle.`).
    Drawn,
    /// This side won (`and wins.`, `White wins.`).
    Won(shakmaty::Color),
    /// No end after the moves, and the heading over them gives the
    /// result (`Smith – Jones, 1-0`), in PGN's spelling.
    Heading(&'static str),
}

/// What replaying a game gave.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game's events; complete only when the replay did not fail.
    pub events: Vec<Event>,
    /// Findings, in the order found.
    pub findings: Vec<Finding>,
    /// The final position of the main line.
    pub end: Chess,
    /// Half-moves of the main line.
    pub main_plies: u32,
    /// Moves resolved in all lines: how far the reading got.
    pub resolved: u32,
    /// Moves read with a written pawn letter.
    pub pawn_letters: u32,
    /// Whether a move could not be read or played.
    pub failed: bool,
    /// Index of the termination marker's token, if any.
    pub result: Option<u32>,
    /// The half-moves read as misprints of legal moves (the document
    /// reader's synthesis): each has an error finding, and the game reads
    /// on past it.
    pub misreads: Vec<u32>,
    /// Of those, the half-moves the text does not decide: empty boxes of
    /// a scoresheet that several moves fit, misprints that two swapped
    /// half-moves explain as well. A game with one is never written as
    /// repaired.
    pub undecided: Vec<u32>,
    /// How words after the last move end the game (`Resigns.`, `Black
    /// resigned`, `Drawn.`), where no result is written.
    pub ended_in_words: Option<WordedEnd>,
}

impl Replay {
    /// A replay that has read nothing yet, from `start`.
    pub fn empty(start: &Chess) -> Replay {
        Replay {
            events: Vec::new(),
            findings: Vec::new(),
            end: start.clone(),
            main_plies: 0,
            resolved: 0,
            pawn_letters: 0,
            failed: false,
            result: None,
            misreads: Vec::new(),
            undecided: Vec::new(),
            ended_in_words: None,
        }
    }

    /// The main line's moves with their token indices, variations left
    /// out; `None` when the replay stopped inside a variation, or when
    /// the main line holds a null move (its moves would not follow one
    /// another).
    pub fn main_line(&self) -> Option<Vec<(u32, Move)>> {
        let mut depth = 0i64;
        let mut null = false;
        for e in &self.events {
            match e {
                Event::Begin => depth += 1,
                Event::End => depth = (depth - 1).max(0),
                Event::Null { .. } if depth == 0 => null = true,
                _ => {}
            }
        }
        (depth == 0 && !null).then(|| self.main_moves().collect())
    }

    /// The main line's moves as [`Replay::main_line`] gives them, without
    /// gathering them, and whether or not every variation closed.
    pub fn main_moves(&self) -> impl Iterator<Item = (u32, Move)> + '_ {
        let mut depth = 0usize;
        self.events.iter().filter_map(move |e| match e {
            Event::Begin => {
                depth += 1;
                None
            }
            Event::End => {
                depth = depth.saturating_sub(1);
                None
            }
            Event::Move { mv, token } if depth == 0 => Some((*token, *mv)),
            _ => None,
        })
    }
}

/// One line of play being replayed.
#[derive(Clone)]
struct Line {
    /// Position before the last move of this line, if it has one.
    before: Option<Chess>,
    pos: Chess,
    /// Half-moves from the game's start to `pos`.
    ply: u32,
    /// Token index of the `(` that opened this line (0 for the main line).
    opened_at: u32,
    /// Where each piece started, when the notation needs it, for `pos`
    /// and for `before`.
    origins: Option<Origins>,
    before_origins: Option<Origins>,
}

/// A move whose marks may still grow (`exd6 e.p.`) before they are verified.
#[derive(Clone)]
struct Pending {
    mv: Move,
    claims: Claims,
    token: u32,
}

/// What a game's marks said about checks, to find unmarked ones.
#[derive(Default)]
struct MarkUse {
    marks_checks: bool,
    /// Checks written without a mark, reported only if the game marks
    /// checks elsewhere; kept without the finding's text until then
    /// (games that never mark checks, as ICCF ones, have many).
    unmarked: Vec<Unmarked>,
}

/// A check or mate written without its mark.
struct Unmarked {
    kind: Kind,
    message: &'static str,
    token: u32,
    before: Chess,
    ply: u32,
}

/// Replays `lexed` (the tokens of `text`) from `start`.
pub fn replay(
    text: &str,
    lexed: &Lexed,
    start: &Chess,
    notation: Notation,
    lang: &Language,
) -> Replay {
    let mut r = Replayer {
        text,
        lexed,
        notation,
        lang,
        out: Replay {
            events: Vec::with_capacity(lexed.tokens.len()),
            ..Replay::empty(start)
        },
        stack: Vec::new(),
        line: Line {
            before: None,
            pos: start.clone(),
            ply: 0,
            opened_at: 0,
            origins: notation.needs_origins().then(|| Origins::new(start)),
            before_origins: None,
        },
        pending: None,
        marks: MarkUse::default(),
        lookahead: LOOKAHEAD_DEPTH,
        number: None,
        numbers_off: false,
    };
    r.run(0, lexed.tokens.len());
    r.finish();
    r.out
}

/// Whether `word` is a null move as PGN tools write it: `--` (ChessBase,
/// pgn-extract), `Z0`, or UCI's `0000`.
pub fn is_null_move(word: &str) -> bool {
    matches!(word, "--" | "Z0" | "z0" | "0000")
}

/// The position after the side to move passes: the other side to move,
/// no en-passant square, the clocks run on. `None` when the side to move
/// is in check (or the position would otherwise be illegal).
pub fn null_move(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Always);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    Chess::from_setup(setup, mode).ok()
}

/// How many ambiguities deep look-ahead may nest.
const LOOKAHEAD_DEPTH: u8 = 3;
/// Tokens look-ahead reads past an ambiguous move.
const LOOKAHEAD_TOKENS: usize = 80;
/// Tokens at most joined to a word that is no move alone (`Kt—K B 3`).
const MAX_JOINED: usize = 4;

struct Replayer<'a> {
    text: &'a str,
    lexed: &'a Lexed,
    notation: Notation,
    lang: &'a Language,
    out: Replay,
    stack: Vec<Line>,
    line: Line,
    pending: Option<Pending>,
    marks: MarkUse,
    /// How many more nested look-aheads an ambiguity may start.
    lookahead: u8,
    /// The last move number written and not yet followed by a move:
    /// number, whether it had black's dots, token index.
    number: Option<(u32, bool, u32)>,
    /// Whether the numbering was already found off (reported once).
    numbers_off: bool,
}

impl Replayer<'_> {
    /// Replays tokens `from..until`, stopping at the first failure.
    fn run(&mut self, from: usize, until: usize) {
        let mut next = from;
        while next < until {
            let Some(token) = self.lexed.tokens.get(next) else {
                break;
            };
            let index = next as u32;
            next += 1;
            let word = token.text(self.text);
            match token.kind {
                TokenKind::Word => {
                    if self.out.result.is_some() && self.stack.is_empty() {
                        self.fail(Kind::Syntax, index, "text after the game's result (a missing blank line between two games?)");
                    } else {
                        next += self.word(word, index);
                    }
                }
                TokenKind::MoveNumber => self.move_number(word, index),
                TokenKind::Comment | TokenKind::LineComment => {
                    self.out.events.push(Event::Comment(index))
                }
                TokenKind::Nag => match word[1..].parse::<u8>() {
                    Ok(n) => self.out.events.push(Event::Nag(n)),
                    Err(_) => self.warn(
                        Kind::Syntax,
                        index,
                        "NAG out of range (0–255); kept as a comment",
                        Event::Comment(index),
                    ),
                },
                TokenKind::Open => self.open(index),
                TokenKind::Close => self.close(index),
                TokenKind::Result => {
                    self.settle();
                    if self.stack.is_empty() {
                        self.out.result = Some(index);
                    } else {
                        self.warn_only(
                            Kind::Syntax,
                            index,
                            "termination marker inside a variation; ignored",
                        );
                    }
                }
            }
            if self.out.failed {
                return;
            }
        }
    }

    /// Ends the game: verifies the last marks, closes open variations.
    fn finish(&mut self) {
        if self.out.failed {
            return;
        }
        self.settle();
        if !self.stack.is_empty() {
            // Reported at the outermost "(" left open.
            let outermost = self
                .stack
                .get(1)
                .map_or(self.line.opened_at, |l| l.opened_at);
            let message = format!(
                "{} variation(s) not closed; closed at the end of the game",
                self.stack.len()
            );
            self.warn_only(Kind::Syntax, outermost, &message);
            while let Some(line) = self.stack.pop() {
                self.line = line;
                self.out.events.push(Event::End);
            }
        }
        if self.marks.marks_checks {
            for u in std::mem::take(&mut self.marks.unmarked) {
                let finding = self.finding_at(
                    u.kind,
                    Severity::Warning,
                    u.token,
                    u.message,
                    &u.before,
                    u.ply,
                );
                push_capped(&mut self.out.findings, finding);
            }
        }
        self.out.end = self.line.pos.clone();
        self.out.main_plies = self.line.ply;
    }

    /// Reads one word; returns how many of the following tokens it took
    /// too, as a move split by stray spaces (`dx e5`, `Kt—K B 3`) does.
    fn word(&mut self, word: &str, index: u32) -> usize {
        if let Some(marks) = self.notation.parse_marks(word, self.lang) {
            self.marks_for_last_move(&marks, index);
            return 0;
        }
        self.settle();
        let turn = self.line.pos.turn();
        let (readings, joined) = match self.notation.parse(word, self.lang, turn) {
            Ok(readings) => (readings, 0),
            // A bare number leads a move in old print (`4 ........ PxP`).
            Err(_) if word.len() <= 3 && word.bytes().all(|b| b.is_ascii_digit()) => {
                self.move_number(word, index);
                return 0;
            }
            Err(e) => match self.joined_with_following(word, index) {
                Some(found) => found,
                None if is_null_move(word) => {
                    self.play_null(word, index);
                    return 0;
                }
                None => {
                    let mut message =
                        format!("unparseable move \"{word}\": expected {}", e.expected);
                    if e.offset > 0 {
                        message
                            .push_str(&format!(" after \"{}\"", &word[..e.offset.min(word.len())]));
                    }
                    if san::looks_numeric(word) && self.notation.has_letters() {
                        message.push_str(" (this looks like ICCF numeric notation)");
                    }
                    self.fail(Kind::Unparseable, index, &message);
                    return 0;
                }
            },
        };
        self.check_number();
        let mut resolution =
            resolve_readings(&self.line.pos, &readings, self.line.origins.as_ref());
        let (mut readings, mut joined) = (readings, joined);
        // `Castles QR`: a move that reads alone may need the next word,
        // and castling that names no side may be followed by its side.
        let open_castling = readings.first.castle.is_some() && !readings.more.is_empty();
        if (matches!(resolution, Resolution::Illegal) || open_castling)
            && joined == 0
            && let Some((longer, taken)) = self.joined_with_following(word, index)
        {
            let longer_resolution =
                resolve_readings(&self.line.pos, &longer, self.line.origins.as_ref());
            if !matches!(longer_resolution, Resolution::Illegal) {
                (readings, joined, resolution) = (longer, taken, longer_resolution);
            }
        }
        match resolution {
            Resolution::Unique(mv) => self.play(mv, &readings.first, index),
            Resolution::Illegal => {
                let written = self.written(index, joined).to_owned();
                let message = format!("illegal move \"{written}\" ({} to move)", side_name(turn));
                self.fail(Kind::Illegal, index, &message);
                self.last_written(written);
            }
            Resolution::Ambiguous(moves) => {
                let written = self.written(index, joined).to_owned();
                let sans: Vec<String> = moves
                    .iter()
                    .map(|m| San::from_move(&self.line.pos, *m).to_string())
                    .collect();
                let chosen = match self.notation {
                    Notation::Descriptive => self
                        .by_check_mark(&moves, &readings.first, index as usize + joined + 1)
                        .or_else(|| self.look_ahead(&moves, &readings.first, index, joined)),
                    _ => None,
                };
                match chosen {
                    Some(mv) => {
                        let message = format!(
                            "ambiguous move \"{written}\": {} legal moves fit; {} is the only one under which the game goes on",
                            moves.len(),
                            San::from_move(&self.line.pos, mv)
                        );
                        let mut finding = self.finding_at(
                            Kind::Ambiguous,
                            Severity::Warning,
                            index,
                            &message,
                            &self.line.pos,
                            self.line.ply + 1,
                        );
                        finding.suggestion = sans.join(" ");
                        finding.written = written;
                        push_capped(&mut self.out.findings, finding);
                        self.play(mv, &readings.first, index);
                    }
                    None => {
                        let message = format!(
                            "ambiguous move \"{written}\": {} legal moves fit",
                            moves.len()
                        );
                        self.fail(Kind::Ambiguous, index, &message);
                        self.last_written(written);
                        if let Some(f) = self.out.findings.last_mut() {
                            f.suggestion = sans.join(" ");
                        }
                    }
                }
            }
        }
        joined
    }

    /// Puts the whole written move (several tokens in old print) in the
    /// last finding.
    fn last_written(&mut self, written: String) {
        if let Some(finding) = self.out.findings.last_mut() {
            finding.written = written;
        }
    }

    /// The source text of token `index` and the `joined` tokens after it.
    fn written(&self, index: u32, joined: usize) -> &str {
        let tokens = &self.lexed.tokens;
        let start = tokens[index as usize].span.start as usize;
        let end = tokens[index as usize + joined].span.end as usize;
        &self.text[start..end]
    }

    /// `word` joined with up to [`MAX_JOINED`] following words on the
    /// same line, the fewest that make a move; with how many it took.
    fn joined_with_following(&self, word: &str, index: u32) -> Option<(Readings, usize)> {
        let turn = self.line.pos.turn();
        let mut joined = word.to_owned();
        let mut end = self.lexed.tokens[index as usize].span.end as usize;
        let mut first_parse = None;
        for taken in 1..=MAX_JOINED {
            let Some(next) = self.lexed.tokens.get(index as usize + taken) else {
                break;
            };
            let gap = self.text.get(end..next.span.start as usize).unwrap_or("\n");
            if next.kind != TokenKind::Word || !gap.chars().all(|c| c == ' ' || c == '\t') {
                break;
            }
            joined.push_str(next.text(self.text));
            end = next.span.end as usize;
            if let Ok(readings) = self.notation.parse(&joined, self.lang, turn) {
                // `Kt × Kt P`: `Kt×Kt` reads, but only `Kt×KtP` is legal.
                if !matches!(
                    resolve_readings(&self.line.pos, &readings, self.line.origins.as_ref()),
                    Resolution::Illegal
                ) {
                    return Some((readings, taken));
                }
                first_parse.get_or_insert((readings, taken));
            }
        }
        first_parse
    }

    /// The one of `moves` that fits a check or mate mark written with the
    /// move or in the words after it (`B × P ch`), if one alone does.
    fn by_check_mark(&self, moves: &[Move], pattern: &MovePattern, next: usize) -> Option<Move> {
        let mut claims = pattern.claims;
        for token in self.lexed.tokens.iter().skip(next) {
            match (
                token.kind,
                self.notation.parse_marks(token.text(self.text), self.lang),
            ) {
                (TokenKind::Word, Some(marks)) => claims.merge(marks.claims),
                _ => break,
            }
        }
        if !claims.check && !claims.mate {
            return None;
        }
        let fitting: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = self.line.pos.clone();
                after.play_unchecked(m);
                after.is_check() && (!claims.mate || after.is_checkmate())
            })
            .collect();
        match fitting.as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }

    /// Tries each of `moves` on a copy of the replay for the tokens that
    /// follow; the one move under which the game goes furthest, if only
    /// one does.
    fn look_ahead(
        &self,
        moves: &[Move],
        pattern: &MovePattern,
        index: u32,
        joined: usize,
    ) -> Option<Move> {
        if self.lookahead == 0 {
            return None;
        }
        let from = index as usize + joined + 1;
        let until = (from + LOOKAHEAD_TOKENS).min(self.lexed.tokens.len());
        let progress: Vec<(u32, Move)> = moves
            .iter()
            .map(|&mv| {
                let mut copy = Replayer {
                    out: Replay {
                        result: self.out.result,
                        ..Replay::empty(&self.out.end)
                    },
                    stack: self.stack.clone(),
                    line: self.line.clone(),
                    pending: None,
                    marks: MarkUse::default(),
                    lookahead: self.lookahead - 1,
                    number: None,
                    numbers_off: true,
                    ..*self
                };
                copy.play(mv, pattern, index);
                copy.run(from, until);
                (copy.out.resolved, mv)
            })
            .collect();
        let best = progress.iter().map(|(p, _)| *p).max()?;
        match progress
            .iter()
            .filter(|(p, _)| *p == best)
            .collect::<Vec<_>>()
            .as_slice()
        {
            [(_, mv)] => Some(*mv),
            _ => None,
        }
    }

    /// Notes a move number (`12.`, `12...`, or dots alone after one) to
    /// compare with the next move.
    fn move_number(&mut self, word: &str, index: u32) {
        let (number, dots) = move_number_parts(word);
        let black = dots.starts_with("..") || dots.starts_with('…');
        match number {
            Some(n) => self.number = Some((n, black, index)),
            // `3. ... a6`: the dots belong to the number before them.
            None => {
                if let Some(number) = &mut self.number {
                    number.1 = true;
                }
            }
        }
    }

    /// The first move whose written number does not fit the position: a
    /// half-move is missing (or one too many) before it. Called for every
    /// move: the check is inlined, the finding made out of line.
    #[inline]
    fn check_number(&mut self) {
        let Some((n, black, index)) = self.number.take() else {
            return;
        };
        let pos = &self.line.pos;
        let fits = n == pos.fullmoves().get() && (!black || pos.turn() == Color::Black);
        if !fits && !self.numbers_off {
            self.number_off(n, black, index);
        }
    }

    #[cold]
    fn number_off(&mut self, n: u32, black: bool, index: u32) {
        self.numbers_off = true;
        let pos = &self.line.pos;
        let dots = if black { "..." } else { "." };
        let message = format!(
            "move number {n}{dots} but the game is at move {} with {} to move: a half-move is missing or one too many before here",
            pos.fullmoves(),
            side_name(pos.turn())
        );
        let finding = self.finding_at(
            Kind::MissingMoves,
            Severity::Warning,
            index,
            &message,
            pos,
            self.line.ply + 1,
        );
        push_capped(&mut self.out.findings, finding);
    }

    fn play(&mut self, mv: Move, pattern: &MovePattern, index: u32) {
        self.line.before = Some(self.line.pos.clone());
        self.line.pos.play_unchecked(mv);
        if let Some(origins) = &mut self.line.origins {
            self.line.before_origins = Some(origins.clone());
            origins.play(mv);
        }
        self.line.ply += 1;
        self.out.resolved += 1;
        self.out.pawn_letters += u32::from(pattern.pawn_letter);
        self.out.events.push(Event::Move { mv, token: index });
        self.push_annotations(pattern);
        self.pending = Some(Pending {
            mv,
            claims: pattern.claims,
            token: index,
        });
    }

    /// A null move: the side to move passes, unless it is in check.
    fn play_null(&mut self, word: &str, index: u32) {
        self.check_number();
        let Some(next) = null_move(&self.line.pos) else {
            let message = format!(
                "null move \"{word}\" with {} in check: a side in check cannot pass",
                side_name(self.line.pos.turn())
            );
            self.fail(Kind::Illegal, index, &message);
            return;
        };
        self.line.before = Some(std::mem::replace(&mut self.line.pos, next));
        if let Some(origins) = &self.line.origins {
            self.line.before_origins = Some(origins.clone());
        }
        self.line.ply += 1;
        self.out.resolved += 1;
        self.out.events.push(Event::Null { token: index });
        self.pending = None;
    }

    fn push_annotations(&mut self, pattern: &MovePattern) {
        if let Some(nag) = pattern.nag {
            self.out.events.push(Event::Nag(nag));
        }
        if pattern.draw_offer {
            self.out.events.push(Event::DrawOffer);
        }
    }

    /// Marks written apart from their move (`e.p.`, `ch`, `!`, `(=)`).
    fn marks_for_last_move(&mut self, marks: &MovePattern, index: u32) {
        match &mut self.pending {
            Some(pending) => {
                pending.claims.merge(marks.claims);
                self.push_annotations(marks);
            }
            None => self.warn_only(Kind::Syntax, index, "mark with no move before it; ignored"),
        }
    }

    /// Verifies the marks of the last move once no more can follow.
    fn settle(&mut self) {
        let Some(Pending { mv, claims, token }) = self.pending.take() else {
            return;
        };
        let plain_capture = self.notation == Notation::San
            && is_plain_pawn_capture(&mv, self.lexed.tokens[token as usize].text(self.text));
        if plain_capture {
            let message = PLAIN_CAPTURE;
            let mut finding =
                self.move_finding(Kind::WrongCaptureMark, Severity::Warning, token, message);
            if let Some(before) = &self.line.before {
                finding.suggestion = san::san(before, mv, Language::english());
            }
            push_capped(&mut self.out.findings, finding);
        }
        let pos = &self.line.pos;
        let check = pos.is_check();
        // Most moves give no check and claim nothing but, at most, the
        // capture they make: nothing to verify.
        let nothing_to_verify = !(check
            || claims.check
            || claims.mate
            || claims.en_passant
            || (claims.capture && !mv.is_capture()));
        if nothing_to_verify {
            return;
        }
        let mate = check && is_checkmate(pos);
        let mut problems: Vec<(Kind, &str)> = Vec::new();
        if claims.mate && !mate {
            problems.push((
                Kind::WrongMateMark,
                if check {
                    "marked as mate but only gives check"
                } else {
                    "marked as mate but gives no check"
                },
            ));
        } else if claims.check && !check {
            problems.push((Kind::WrongCheckMark, "marked as check but gives no check"));
        } else if claims.check && mate {
            problems.push((
                Kind::WrongMateMark,
                "gives mate but is marked only as check",
            ));
        }
        if claims.capture && !mv.is_capture() {
            problems.push((
                Kind::WrongCaptureMark,
                "marked as a capture but captures nothing",
            ));
        }
        if claims.en_passant && !mv.is_en_passant() {
            problems.push((
                Kind::WrongCaptureMark,
                "marked en passant but is not an en-passant capture",
            ));
        }
        self.marks.marks_checks |= claims.check || claims.mate;
        if check && !claims.check && !claims.mate {
            let (kind, message) = if mate {
                (Kind::WrongMateMark, "gives mate but has no mate mark")
            } else {
                (Kind::WrongCheckMark, "gives check but has no check mark")
            };
            let before = self.line.before.as_ref().unwrap_or(&self.line.pos).clone();
            self.marks.unmarked.push(Unmarked {
                kind,
                message,
                token,
                before,
                ply: self.line.ply,
            });
        }
        for (kind, message) in problems {
            let finding = self.move_finding(kind, Severity::Warning, token, message);
            push_capped(&mut self.out.findings, finding);
        }
    }

    fn open(&mut self, index: u32) {
        self.settle();
        let Some(before) = self.line.before.clone() else {
            self.fail(
                Kind::Syntax,
                index,
                "a variation must follow the move it replaces",
            );
            return;
        };
        if self.stack.len() >= MAX_DEPTH {
            let message = format!("variations nested deeper than {MAX_DEPTH}");
            self.fail(Kind::Syntax, index, &message);
            return;
        }
        let variation = Line {
            before: None,
            pos: before,
            ply: self.line.ply - 1,
            opened_at: index,
            origins: self.line.before_origins.clone(),
            before_origins: None,
        };
        self.stack
            .push(std::mem::replace(&mut self.line, variation));
        self.out.events.push(Event::Begin);
    }

    fn close(&mut self, index: u32) {
        self.settle();
        match self.stack.pop() {
            Some(line) => {
                self.line = line;
                self.out.events.push(Event::End);
            }
            None => self.warn_only(Kind::Syntax, index, "\")\" closes no variation; ignored"),
        }
    }

    /// A finding about the move read from token `index`, made after it
    /// was played: the position before it is the line's `before`.
    fn move_finding(&self, kind: Kind, severity: Severity, index: u32, message: &str) -> Finding {
        let before = self.line.before.as_ref().unwrap_or(&self.line.pos);
        self.finding_at(kind, severity, index, message, before, self.line.ply)
    }

    fn finding_at(
        &self,
        kind: Kind,
        severity: Severity,
        index: u32,
        message: &str,
        pos: &Chess,
        ply: u32,
    ) -> Finding {
        let token = &self.lexed.tokens[index as usize];
        Finding::game(kind, severity, message)
            .at(token.span.start, token.text(self.text))
            .before_move(pos, ply)
    }

    /// A finding at a token that is not played (the next ply).
    fn fail(&mut self, kind: Kind, index: u32, message: &str) {
        let finding = self.finding_at(
            kind,
            Severity::Error,
            index,
            message,
            &self.line.pos,
            self.line.ply + 1,
        );
        push_capped(&mut self.out.findings, finding);
        self.out.failed = true;
    }

    fn warn(&mut self, kind: Kind, index: u32, message: &str, event: Event) {
        self.warn_only(kind, index, message);
        self.out.events.push(event);
    }

    fn warn_only(&mut self, kind: Kind, index: u32, message: &str) {
        let token = &self.lexed.tokens[index as usize];
        let finding = Finding {
            ply: self.line.ply,
            ..Finding::game(kind, Severity::Warning, message)
                .at(token.span.start, token.text(self.text))
        };
        push_capped(&mut self.out.findings, finding);
    }
}

/// `white` or `black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}


/// What a row says of a pawn's capture written as a plain square.
pub(crate) const PLAIN_CAPTURE: &str = "a pawn's capture written as a plain square";

/// Whether `written`, read in algebraic notation as `mv`, is a pawn's
/// capture written as a plain square: a pawn that captures names its
/// file first, and `e5` for `dxe5` does not.
pub(crate) fn is_plain_pawn_capture(mv: &Move, written: &str) -> bool {
    mv.role() == Role::Pawn && mv.is_capture() && written.as_bytes().first() == Some(&(b'a' + mv.to().file() as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::lexer::lex;

    fn run(text: &str, lang: &str) -> Replay {
        run_in(text, lang, Notation::San)
    }

    fn run_in(text: &str, lang: &str, notation: Notation) -> Replay {
        replay(
            text,
            &lex(text),
            &Chess::default(),
            notation,
            Language::builtin(lang).unwrap(),
        )
    }

    #[test]
    fn main_line_and_variations() {
        let r = run(
            "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 Nc6 *",
            "en",
        );
        assert!(!r.failed, "{:?}", r.findings);
        assert_eq!(r.main_plies, 4);
        assert_eq!(r.resolved, 8);
        assert_eq!(r.events.iter().filter(|e| **e == Event::Begin).count(), 2);
    }

    #[test]
    fn illegal_move_has_position_and_ply() {
        let r = run("1. e4 e5 2. Ke3", "en");
        assert!(r.failed);
        let f = &r.findings[0];
        assert_eq!(
            (f.kind, f.ply, f.move_number, f.side),
            (Kind::Illegal, 3, 2, Some(Color::White))
        );
        assert_eq!(
            f.fen_before,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(f.offset, Some(12));
    }

    #[test]
    fn wrong_marks_are_warnings() {
        let r = run("1. e4+ e5 2. Nxf3 Nc6", "en");
        assert!(!r.failed);
        let kinds: Vec<Kind> = r.findings.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [Kind::WrongCheckMark, Kind::WrongCaptureMark]);
        assert_eq!(r.findings[1].ply, 3);
    }

    #[test]
    fn move_numbers_show_a_dropped_half_move() {
        let r = run("1. e4 e5 2. Nf3 3. Bc4 Nf6 *", "en");
        let missing: Vec<(Kind, u32)> = r.findings.iter().map(|f| (f.kind, f.ply)).collect();
        assert_eq!(missing, [(Kind::MissingMoves, 4), (Kind::Illegal, 4)]);
        let r = run(
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 3... a6 4. Ba4 {x} 4... Nf6 *",
            "en",
        );
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        let r = run("1. e4 1... e5 2. Nf3 2. Nc6 *", "en");
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }

    #[test]
    fn a_move_split_by_a_space_is_joined() {
        let r = run("1. e4 d5 2. ex d5 Qx d5 3. Nc3", "en");
        assert!(!r.failed, "{:?}", r.findings);
        assert_eq!(r.main_plies, 5);
        let r = run("1. e4 d5 2. ex\nd5", "en");
        assert!(r.failed);
    }

    #[test]
    fn separate_marks_join_their_move() {
        let r = run("1. e4 Nf6 2. e5 d5 3. exd6 e.p. Nc6 4. Bb5 (=)", "en");
        assert!(!r.failed);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        assert!(r.events.contains(&Event::DrawOffer));
        let r = run("1. e4 d5 2. exd5 e.p.", "en");
        assert_eq!(r.findings[0].kind, Kind::WrongCaptureMark);
    }

    #[test]
    fn mate_marks() {
        let r = run("1. f3 e5 2. g4 Qh4+", "en");
        assert_eq!(r.findings[0].kind, Kind::WrongMateMark);
        let r = run("1. f3 e5 2. g4 Vh4++", "hu");
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }
}
