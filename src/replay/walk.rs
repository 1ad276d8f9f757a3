//! The one walk through a replayed game: its [`Event`]s in order, each
//! move with the positions it is played between. Every writer (PGN and
//! movetext in any notation, JSON, FEN and EPD per half-move, the
//! library's move records, the proofreading page) reads a game through
//! it, so that where a variation starts and what a null move does are
//! decided once.
//!
//! ```
//! use scoresheet::game::{read, ReadOptions};
//! use scoresheet::replay::walk::{Step, walk};
//!
//! let game = read("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", &ReadOptions::default());
//! let mut main = Vec::new();
//! walk(&game.replay.events, &game.start, false, |step, depth| {
//!     if let (Step::Move { mv, .. }, 0) = (step, depth) {
//!         main.push(mv.to_string());
//!     }
//! });
//! assert_eq!(main, ["e2-e4", "e7-e5", "Ng1-f3"]);
//! ```

use shakmaty::{Chess, Move, Position};

use super::{Event, null_move};
use crate::engine::origins::Origins;

/// One event of a game as [`walk`] hands it on.
#[derive(Debug, Clone, Copy)]
pub enum Step<'a> {
    /// A move, played from `before` to `after`; `origins` are the pieces'
    /// starting squares in `before`, when asked for.
    Move {
        /// The legal move.
        mv: Move,
        /// Index of its token in the game's tokens.
        token: u32,
        /// The position it is played in.
        before: &'a Chess,
        /// The position after it.
        after: &'a Chess,
        /// Where each piece of `before` started.
        origins: Option<&'a Origins>,
    },
    /// A null move: the side to move passes (in check it cannot, and the
    /// position stays as it is).
    Null {
        /// The position it is played in.
        before: &'a Chess,
        /// The position after it.
        after: &'a Chess,
    },
    /// A numeric annotation glyph.
    Nag(u8),
    /// A comment: index of its token.
    Comment(u32),
    /// A draw offer `(=)` after the previous move.
    DrawOffer,
    /// A variation starts: moves played instead of the last move, from
    /// the position before it.
    Begin,
    /// The variation ends; play goes on after the move it replaced.
    End,
}

/// A position and, when asked for, where its pieces started.
#[derive(Clone)]
struct Cursor {
    pos: Chess,
    origins: Option<Origins>,
}

/// Calls `visit` with every event of `events`, replayed from `start`, and
/// how many variations deep it is (0 on the main line; `Begin` and `End`
/// come at the depth outside their variation). With `with_origins`,
/// moves carry where each piece started (what descriptive notation
/// needs).
#[inline]
pub fn walk(
    events: &[Event],
    start: &Chess,
    with_origins: bool,
    mut visit: impl FnMut(&Step<'_>, usize),
) {
    // `at` is the position now; `prev` the one before the last move, from
    // which a variation starts (when there is a last move).
    let mut at = Cursor {
        pos: start.clone(),
        origins: with_origins.then(|| Origins::new(start)),
    };
    let mut prev = at.clone();
    let mut has_prev = false;
    let mut stack: Vec<(Option<Cursor>, Cursor)> = Vec::new();
    for event in events {
        let depth = stack.len();
        match *event {
            Event::Move { mv, token } => {
                prev.clone_from(&at);
                has_prev = true;
                at.pos.play_unchecked(mv);
                if let Some(origins) = &mut at.origins {
                    origins.play(mv);
                }
                let step = Step::Move {
                    mv,
                    token,
                    before: &prev.pos,
                    after: &at.pos,
                    origins: prev.origins.as_ref(),
                };
                visit(&step, depth);
            }
            Event::Null { .. } => {
                prev.clone_from(&at);
                has_prev = true;
                if let Some(next) = null_move(&at.pos) {
                    at.pos = next;
                }
                let step = Step::Null {
                    before: &prev.pos,
                    after: &at.pos,
                };
                visit(&step, depth);
            }
            Event::Nag(n) => visit(&Step::Nag(n), depth),
            Event::Comment(token) => visit(&Step::Comment(token), depth),
            Event::DrawOffer => visit(&Step::DrawOffer, depth),
            Event::Begin => {
                visit(&Step::Begin, depth);
                let from = if has_prev { prev.clone() } else { at.clone() };
                stack.push((has_prev.then(|| prev.clone()), std::mem::replace(&mut at, from)));
                has_prev = false;
            }
            Event::End => {
                if let Some((before, after)) = stack.pop() {
                    has_prev = before.is_some();
                    if let Some(before) = before {
                        prev = before;
                    }
                    at = after;
                }
                visit(&Step::End, stack.len());
            }
        }
    }
}

/// The main line's moves (null moves skipped), each with its token and
/// the positions before and after it.
#[inline]
pub fn walk_main_line(
    events: &[Event],
    start: &Chess,
    mut visit: impl FnMut(Move, u32, &Chess, &Chess),
) {
    walk(events, start, false, |step, depth| match *step {
        Step::Move {
            mv,
            token,
            before,
            after,
            ..
        } if depth == 0 => visit(mv, token, before, after),
        _ => {}
    });
}

/// The positions of the main line: the start, then the one after each
/// half-move.
pub fn main_positions(events: &[Event], start: &Chess, mut visit: impl FnMut(&Chess)) {
    visit(start);
    walk(events, start, false, |step, depth| match step {
        Step::Move { after, .. } | Step::Null { after, .. } if depth == 0 => visit(after),
        _ => {}
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ReadOptions, read};

    #[test]
    fn variations_start_before_the_move_they_replace_and_play_resumes_after() {
        let game = read(
            "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 -- 3. d4 *",
            &ReadOptions::default(),
        );
        let mut seen = Vec::new();
        walk(&game.replay.events, &game.start, false, |step, depth| {
            let text = match step {
                Step::Move { mv, before, after, .. } => {
                    let mut played = (*before).clone();
                    played.play_unchecked(*mv);
                    assert_eq!(played.board(), after.board());
                    format!("{}{}", before.fullmoves(), mv.to())
                }
                Step::Null { before, after, .. } => {
                    assert_ne!(before.turn(), after.turn());
                    "--".to_owned()
                }
                Step::Begin => "(".to_owned(),
                Step::End => ")".to_owned(),
                _ => return,
            };
            seen.push(format!("{depth}:{text}"));
        });
        assert_eq!(
            seen,
            [
                "0:1e4", "0:1e5", "0:(", "1:1c5", "1:2f3", "1:(", "2:2c3", "1:)", "1:2d6",
                "0:)", "0:2f3", "0:--", "0:3d4"
            ]
        );
    }

    #[test]
    fn main_positions_skip_variations() {
        let game = read("1. e4 (1. d4 d5) 1... e5 *", &ReadOptions::default());
        let mut fens = Vec::new();
        main_positions(&game.replay.events, &game.start, |pos| {
            fens.push(pos.board().to_string());
        });
        assert_eq!(fens.len(), 3);
        assert_eq!(fens[2], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    }
}
