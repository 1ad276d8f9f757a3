//! Reading on where the position is lost.
//!
//! When a page is damaged past guessing, the main line stops: from there
//! no position says which moves could have been printed. A person goes on
//! all the same, from move number to move number, and notes every move
//! that cannot be read at all (`V to X 4`, `KttoQS`, `Kfc takes Xt`):
//! each is a mistake of the page, whatever the position. [`unreadable_after`]
//! does so, placing each such move at the half-move the numbers give,
//! until the score ends (a result, a resignation) or prose begins.

use shakmaty::Color;

use crate::document::spans::{ends_game, short_text, spans, vocabulary};
use crate::document::synthesis::{Habits, with_paired_look_alikes};
use crate::document::words::{Word, WordKind};
use crate::lang::Language;
use crate::notation::Notation;

/// Words of an unreadable move, at most.
const MOVE_WORDS: usize = 6;
/// Words inside a bracket passed over as a note's mark (`(c)`, `(/i)`).
const MARK_WORDS: usize = 2;
/// Letters of the shortest word taken for prose rather than a damaged
/// move (`adopts`, `VOTES`).
const PROSE_LETTERS: usize = 5;

/// A move past reading after the main line stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Its half-move, as the move numbers place it.
    pub ply: u32,
    /// Index of its first word.
    pub first: usize,
    /// Index of the word after its last.
    pub end: usize,
}

/// Where a half-move stands in the game: its number and side.
#[derive(Debug, Clone, Copy)]
struct Place {
    ply: u32,
    number: u32,
    turn: Color,
}

impl Place {
    fn next(self) -> Place {
        Place {
            ply: self.ply + 1,
            number: self.number + u32::from(self.turn == Color::Black),
            turn: !self.turn,
        }
    }

    /// The place of `number`'s move by `turn`, counted from this one.
    fn at(self, number: u32, turn: Color) -> Place {
        let index = |n: u32, c: Color| 2 * i64::from(n) + i64::from(c == Color::Black);
        let ahead = index(number, turn) - index(self.number, self.turn);
        Place {
            ply: u32::try_from(i64::from(self.ply) + ahead).unwrap_or(self.ply),
            number,
            turn,
        }
    }
}

/// The moves from word `from` on that no parser reads in `notation`
/// with `lang`'s letters and the text's `habits`, each at the half-move
/// the move numbers give; the first word stands for half-move `ply`,
/// move `number` by `turn`.
pub fn unreadable_after(
    text: &str,
    words: &[Word],
    from: usize,
    (ply, number, turn): (u32, u32, Color),
    (notation, lang, habits): (Notation, &Language, &Habits),
) -> Vec<Unreadable> {
    let mut out = Vec::new();
    let mut place = Place { ply, number, turn };
    // The number last printed, so that Black's, printed again, is known.
    let mut printed: Option<u32> = (from.saturating_sub(MOVE_WORDS * 2)..from)
        .rev()
        .find_map(|j| match words[j].kind {
            WordKind::Number { n, .. } if !is_rank_after_letters(text, words, j) => Some(n),
            _ => None,
        });
    let mut i = from;
    while let Some(w) = words.get(i) {
        match w.kind {
            WordKind::Result => break,
            // Numbers set the place where they are the game's own, the
            // move's or the next one's; others are misprints.
            WordKind::Number { n, black, .. } => {
                let turn = if black || printed == Some(n) { Color::Black } else { Color::White };
                // One half-move behind is the place read one too far
                // (a mark taken for a move).
                let target = place.at(n, turn);
                if target.ply + 1 >= place.ply && target.ply <= place.ply + 2 {
                    place = target;
                }
                printed = Some(n);
                i += 1;
            }
            // A note's mark in brackets (`(c)`, `(/i)`) is no move.
            WordKind::Open => {
                i += (1..=MARK_WORDS + 1)
                    .find(|&k| words.get(i + k).is_some_and(|c| c.kind == WordKind::Close))
                    .map_or(1, |k| k + 1);
            }
            WordKind::Close | WordKind::Separator | WordKind::Dots => i += 1,
            WordKind::Text => {
                let word = w.text(text);
                if ends_game(text, words, i) {
                    break;
                }
                // A move number damaged past reading (`2'i`, `2?`, `•11`).
                if is_damaged_number(word) {
                    i += 1;
                    continue;
                }
                let read = spans(text, words, i)
                    .iter()
                    .map(|&(len, _)| len)
                    .filter(|&len| {
                        let raw = &text[w.start as usize..words[i + len - 1].end as usize];
                        let span = short_text(&with_paired_look_alikes(&habits.as_meant(raw)));
                        notation.parse(&span, lang, place.turn).is_ok()
                    })
                    .max();
                let end = match read {
                    Some(len) => i + len,
                    None => {
                        let end = (i + 1..words.len().min(i + MOVE_WORDS))
                            .find(|&j| ends_move(text, words, j))
                            .unwrap_or(words.len().min(i + MOVE_WORDS));
                        if (i..end).any(|j| is_prose(words[j].text(text))) {
                            break;
                        }
                        // A letter or two alone is a mark left over (`eh`
                        // for `ch`, `O)` of a note's mark), no move.
                        if end == i + 1 && word.chars().count() <= 2 {
                            i = end;
                            continue;
                        }
                        out.push(Unreadable {
                            ply: place.ply,
                            first: i,
                            end,
                        });
                        end
                    }
                };
                place = place.next();
                i = end;
            }
        }
    }
    out
}

/// Whether word `j` ends an unreadable move before it: a number that is
/// no rank, a bracket, a new paragraph, or a damaged number.
fn ends_move(text: &str, words: &[Word], j: usize) -> bool {
    let w = &words[j];
    w.paragraph
        || match w.kind {
            WordKind::Text => is_damaged_number(w.text(text)),
            WordKind::Number { .. } => !is_rank_after_letters(text, words, j),
            _ => true,
        }
}

/// Whether number word `j` is a rank after a square's letters (`B 4`),
/// not a move number.
fn is_rank_after_letters(text: &str, words: &[Word], j: usize) -> bool {
    matches!(words[j].kind, WordKind::Number { n, dotted: false, black: false } if n <= 8)
        && j.checked_sub(1)
            .is_some_and(|p| words[p].text(text).chars().last().is_some_and(char::is_alphabetic))
}

/// Whether `word` is a move number damaged past reading: a digit among
/// at most three characters, no letter of a move after it (`2'i`, `2?`,
/// `2-3`, `•11`; not `e4`, `Q4`).
fn is_damaged_number(word: &str) -> bool {
    let mut chars = word.chars();
    word.chars().count() <= 3 && chars.next().is_some_and(|c| c.is_ascii_digit() || !c.is_alphanumeric())
        && word.chars().any(|c| c.is_ascii_digit())
}

/// Whether `word`, in a move that no parser reads, is prose: a long
/// word of letters, all capitals (a heading) or none after the first,
/// that is no word of a move, nor a piece and such a word run together
/// (`adopts`, `NOTES.`; not `takes`, `Qtoltßch`).
fn is_prose(word: &str) -> bool {
    let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
    let lower = bare.to_lowercase();
    let tail_lower = bare.chars().skip(1).all(char::is_lowercase);
    let capitals = bare.chars().all(char::is_uppercase);
    let long_form = &vocabulary().long_form;
    // `Qtoltßch`, `Kllto`: a piece and the word for a move or a capture.
    let glued_move = long_form
        .iter()
        .filter(|(_, mark)| matches!(mark.as_str(), "-" | "x"))
        .any(|(long, _)| lower.find(long.as_str()).is_some_and(|at| (1..=3).contains(&at)));
    bare.chars().count() >= PROSE_LETTERS
        && bare.chars().all(char::is_alphabetic)
        && (capitals || tail_lower)
        && !glued_move
        && !long_form.contains_key(lower.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::words::words;

    fn unreadable(text: &str, habits: &Habits) -> Vec<(u32, String)> {
        let words = words(text);
        unreadable_after(
            text,
            &words,
            0,
            (39, 20, Color::White),
            (Notation::Descriptive, Language::english(), habits),
        )
        .into_iter()
        .map(|u| {
            let span = words[u.first].start as usize..words[u.end - 1].end as usize;
            (u.ply, text[span].to_owned())
        })
        .collect()
    }

    #[test]
    fn each_move_past_reading_is_placed_by_the_numbers() {
        // One number to each half-move, some damaged, a note's mark, a
        // misprinted number (`21` for `24`), `X` for `K` throughout, `It`
        // for `R`.
        let text = "20 Q to B 4 (c) 20 Kfc to B 4 21 P to X Kt 4 2'i V to X 4 \
            22 QtoQS 22 It takes P 21 B takes R 23 Q to X 2 ch 24 Resigns. NOTES. (a) 3 Kt to B 3 is better.";
        let habits = Habits::new([('x', 'k')]);
        assert_eq!(
            unreadable(text, &habits),
            [(40, "Kfc to B 4".to_owned()), (42, "V to X 4".to_owned()), (43, "QtoQS".to_owned())]
        );
    }

    #[test]
    fn prose_ends_the_score() {
        let text = "20 Q to B 4 20 P to K 4 The remaining moves were not recorded 21 V to K 4";
        assert_eq!(unreadable(text, &Habits::default()), []);
    }
}
