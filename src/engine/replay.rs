//! Replays a game's tokens on the board, main line and variations.
//!
//! Each move token is parsed in the given notation and language and
//! resolved in the current position; each variation is replayed from the
//! position before the move it replaces. The result is a flat list of
//! [`Event`]s (the shape PGN itself has), the findings, and how far the
//! game got, which is what letter-set detection compares. Variations are
//! kept on an explicit stack, so deep nesting cannot overflow the call
//! stack.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::audit::{Finding, Kind, Severity};
use crate::engine::resolve::{Resolution, resolve};
use crate::lang::Language;
use crate::model::{Claims, MovePattern};
use crate::notation::{Notation, san};
use crate::pgn::lexer::{Lexed, TokenKind};

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
}

/// A move whose marks may still grow (`exd6 e.p.`) before they are verified.
struct Pending {
    mv: Move,
    claims: Claims,
    token: u32,
}

/// What a game's marks said about checks, to find unmarked ones.
#[derive(Default)]
struct MarkUse {
    marks_checks: bool,
    unmarked: Vec<Finding>,
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
            findings: Vec::new(),
            end: start.clone(),
            main_plies: 0,
            resolved: 0,
            pawn_letters: 0,
            failed: false,
            result: None,
        },
        stack: Vec::new(),
        line: Line {
            before: None,
            pos: start.clone(),
            ply: 0,
            opened_at: 0,
        },
        pending: None,
        marks: MarkUse::default(),
    };
    r.run();
    r.out
}

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
}

impl Replayer<'_> {
    fn run(&mut self) {
        let mut next = 0;
        while let Some(token) = self.lexed.tokens.get(next) {
            let index = next as u32;
            next += 1;
            let word = token.text(self.text);
            match token.kind {
                TokenKind::Word => {
                    if self.out.result.is_some() && self.stack.is_empty() {
                        self.fail(Kind::Syntax, index, "text after the game's result (a missing blank line between two games?)");
                    } else {
                        next += usize::from(self.word(word, index));
                    }
                }
                TokenKind::MoveNumber => {}
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
            self.out.findings.append(&mut self.marks.unmarked);
        }
        self.out.end = self.line.pos.clone();
        self.out.main_plies = self.line.ply;
    }

    /// Reads one word; returns whether it also took the next token, as
    /// a move split by a stray space (`dx e5`) does.
    fn word(&mut self, word: &str, index: u32) -> bool {
        if let Some(marks) = self.notation.parse_marks(word, self.lang) {
            self.marks_for_last_move(&marks, index);
            return false;
        }
        self.settle();
        let mut joined = false;
        let pattern = match self.notation.parse(word, self.lang) {
            Ok(p) => p,
            Err(_) if let Some(p) = self.joined_with_next(word, index) => {
                joined = true;
                p
            }
            Err(e) => {
                let mut message = format!("unparseable move \"{word}\": expected {}", e.expected);
                if e.offset > 0 {
                    message.push_str(&format!(" after \"{}\"", &word[..e.offset.min(word.len())]));
                }
                if san::looks_numeric(word) {
                    message.push_str(" (this looks like ICCF numeric notation)");
                }
                self.fail(Kind::Unparseable, index, &message);
                return false;
            }
        };
        match resolve(&self.line.pos, &pattern) {
            Resolution::Unique(mv) => self.play(mv, &pattern, index),
            Resolution::Illegal => {
                let message = format!(
                    "illegal move \"{word}\" ({} to move)",
                    side_name(self.line.pos.turn())
                );
                self.fail(Kind::Illegal, index, &message);
            }
            Resolution::Ambiguous(moves) => {
                let sans: Vec<String> = moves
                    .iter()
                    .map(|m| San::from_move(&self.line.pos, *m).to_string())
                    .collect();
                let message = format!("ambiguous move \"{word}\": {} legal moves fit", moves.len());
                self.fail(Kind::Ambiguous, index, &message);
                if let Some(f) = self.out.findings.last_mut() {
                    f.suggestion = sans.join(" ");
                }
            }
        }
        joined
    }

    /// The pattern of `word` joined to the next token, if that is a word
    /// separated by blanks only and the two make a move together.
    fn joined_with_next(&self, word: &str, index: u32) -> Option<MovePattern> {
        let this = &self.lexed.tokens[index as usize];
        let next = self.lexed.tokens.get(index as usize + 1)?;
        let gap = self
            .text
            .get(this.span.end as usize..next.span.start as usize)?;
        if next.kind != TokenKind::Word || !gap.chars().all(|c| c == ' ' || c == '\t') {
            return None;
        }
        let joined = format!("{word}{}", next.text(self.text));
        self.notation.parse(&joined, self.lang).ok()
    }

    fn play(&mut self, mv: Move, pattern: &MovePattern, index: u32) {
        let before = self.line.pos.clone();
        self.line.pos.play_unchecked(mv);
        self.line.before = Some(before);
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
        let pos = &self.line.pos;
        let check = pos.is_check();
        let mate = check && pos.is_checkmate();
        let said = |message: &str| message.to_owned();
        let mut problems: Vec<(Kind, String)> = Vec::new();
        if claims.mate && !mate {
            problems.push((
                Kind::WrongMateMark,
                said(if check {
                    "marked as mate but only gives check"
                } else {
                    "marked as mate but gives no check"
                }),
            ));
        } else if claims.check && !check {
            problems.push((
                Kind::WrongCheckMark,
                said("marked as check but gives no check"),
            ));
        } else if claims.check && mate {
            problems.push((
                Kind::WrongMateMark,
                said("gives mate but is marked only as check"),
            ));
        }
        if claims.capture && !mv.is_capture() {
            problems.push((
                Kind::WrongCaptureMark,
                said("marked as a capture but captures nothing"),
            ));
        }
        if claims.en_passant && !mv.is_en_passant() {
            problems.push((
                Kind::WrongCaptureMark,
                said("marked en passant but is not an en-passant capture"),
            ));
        }
        self.marks.marks_checks |= claims.check || claims.mate;
        if check && !claims.check && !claims.mate {
            let (kind, message) = if mate {
                (Kind::WrongMateMark, "gives mate but has no mate mark")
            } else {
                (Kind::WrongCheckMark, "gives check but has no check mark")
            };
            let finding = self.move_finding(kind, Severity::Warning, token, message);
            self.marks.unmarked.push(finding);
        }
        for (kind, message) in problems {
            let finding = self.move_finding(kind, Severity::Warning, token, &message);
            self.out.findings.push(finding);
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
        Finding {
            ply,
            move_number: pos.fullmoves().get(),
            side: Some(pos.turn()),
            fen_before: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
            ..Finding::game(kind, severity, message).at(token.span.start, token.text(self.text))
        }
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
        self.out.findings.push(finding);
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
        self.out.findings.push(finding);
    }
}

/// `white` or `black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::lexer::lex;

    fn run(text: &str, lang: &str) -> Replay {
        replay(
            text,
            &lex(text),
            &Chess::default(),
            Notation::San,
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
