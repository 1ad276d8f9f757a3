//! Games printed in columns, as the eye reads them rather than as the
//! text runs.
//!
//! Old books print a game in two columns, and OCR or a copy made line by
//! line reads across them. Two layouts come out of that:
//!
//! - **side by side**: each line holds move `n` on the left and move
//!   `n + d` on the right (`1. e2—e4 c7—c5 18. Rg4—f2 Bc8—b7`); the game
//!   reads down the left halves, then down the right ones;
//! - **one column after the other**: White's moves under their numbers,
//!   then Black's under the same numbers (`WHITE. 1. P to K 4 2. P to K B
//!   4 … BLACK. 1. P to K 4 2. P takes P …`); the game takes one move from
//!   each in turn.
//!
//! [`reorder`] gives the text in the order the game reads, made of the
//! original's pieces, with the map back to the original's offsets. The
//! reader reads it beside the text as printed and keeps the reading that
//! gets further; nothing here decides what is a move.
//!
//! ```
//! use scoresheet::document::{columns, words};
//!
//! let text = "1. e4 e5 4. Bc4 Nf6\n2. Nf3 Nc6 5. d3 d6\n3. Bb5 a6 6. O-O Be7\n";
//! let read = columns::reorder(text, &words::words(text)).unwrap();
//! assert!(read.text().starts_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"));
//! assert_eq!(read.original(read.text().find("4. Bc4").unwrap() as u32), 9);
//! ```

use std::ops::Range;

use super::words::{Word, WordKind};

/// Numbered lines or moves a column must hold at least: fewer are no
/// evidence of a layout.
const MIN_RUN: usize = 3;

/// A text in the order its game reads, made of pieces of the original.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reordered {
    text: String,
    /// Each piece: where it starts in `text`, and its range in the
    /// original. A line break stands between pieces that need one.
    pieces: Vec<(u32, Range<u32>)>,
    /// Whether the lines themselves show the columns (side by side),
    /// evidence strong enough that the columns' reading is taken unless
    /// the text as printed reads more moves.
    pub lines_show_it: bool,
}

impl Reordered {
    /// The text in reading order.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The piece that holds `offset` of the reordered text (the next one
    /// for a line break put between two pieces).
    fn piece(&self, offset: u32) -> Option<&(u32, Range<u32>)> {
        let i = self.pieces.partition_point(|(at, _)| *at <= offset);
        let (at, range) = self.pieces.get(i.checked_sub(1)?)?;
        if offset < at + (range.end - range.start) {
            self.pieces.get(i - 1)
        } else {
            self.pieces.get(i)
        }
    }

    /// The offset in the original text of `offset` in the reordered one.
    pub fn original(&self, offset: u32) -> u32 {
        match self.piece(offset) {
            Some((at, range)) => {
                range.start + offset.saturating_sub(*at).min(range.end - range.start)
            }
            None => self.pieces.last().map_or(offset, |(_, r)| r.end),
        }
    }

    /// The ranges of the original text that `range` of the reordered one
    /// covers, in reading order.
    pub fn originals(&self, range: Range<u32>) -> Vec<Range<u32>> {
        self.pieces
            .iter()
            .filter_map(|(at, piece)| {
                let end = at + (piece.end - piece.start);
                let (from, to) = (range.start.max(*at), range.end.min(end));
                (from < to).then(|| piece.start + (from - at)..piece.start + (to - at))
            })
            .collect()
    }

    fn push(&mut self, original: &str, range: Range<u32>) {
        if range.start >= range.end {
            return;
        }
        if self.text.chars().last().is_some_and(|c| !c.is_whitespace()) {
            self.text.push('\n');
        }
        self.pieces.push((self.text.len() as u32, range.clone()));
        self.text
            .push_str(&original[range.start as usize..range.end as usize]);
    }
}

/// The text in the order its columns read, when its move numbers show a
/// layout in columns; `None` when they do not.
pub fn reorder(text: &str, words: &[Word]) -> Option<Reordered> {
    let (order, lines_show_it) = match side_by_side(text, words) {
        Some(order) => (order, true),
        None => (
            one_after_the_other(text, words, dotted_number)
                .or_else(|| one_after_the_other(text, words, white_number))?,
            false,
        ),
    };
    let mut out = Reordered {
        text: String::with_capacity(text.len() + 64),
        pieces: Vec::new(),
        lines_show_it,
    };
    for range in order {
        out.push(text, range);
    }
    Some(out)
}

/// White's move number `n` of a word, if it is one.
fn white_number(word: &Word) -> Option<u32> {
    match word.kind {
        WordKind::Number {
            n, black: false, ..
        } => Some(n),
        _ => None,
    }
}

/// White's move number of a word with a dot or bracket after it (`12.`):
/// a bare digit may be a rank (`P to K 4`).
fn dotted_number(word: &Word) -> Option<u32> {
    match word.kind {
        WordKind::Number {
            n,
            black: false,
            dotted: true,
        } => Some(n),
        _ => None,
    }
}

/// Lines that each open with move `n` and hold move `n + d` further on,
/// `n` counting up line by line: the left halves, then the right ones.
fn side_by_side(text: &str, words: &[Word]) -> Option<Vec<Range<u32>>> {
    // Each line's start, its number, and where the second number it
    // holds starts, with that number; `None` for other lines.
    let mut lines: Vec<Option<(u32, u32, u32, u32)>> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let first = i;
        i += 1;
        while i < words.len() && !words[i].line_start {
            i += 1;
        }
        // The right half opens with a number past the left's, dotted
        // unless none is (`34 Hcl` closing a column).
        let split = white_number(&words[first]).and_then(|n| {
            let later = |number: fn(&Word) -> Option<u32>| {
                (first + 2..i)
                    .find_map(|q| number(&words[q]).filter(|&m| m > n + 1).map(|m| (q, m)))
            };
            let (q, m) = later(dotted_number).or_else(|| later(white_number))?;
            Some((words[first].start, n, words[q].start, m))
        });
        lines.push(split);
    }
    // The longest block of adjacent lines that count up together.
    let mut best: Option<Range<usize>> = None;
    let mut from = 0;
    for j in 1..=lines.len() {
        let goes_on = j < lines.len()
            && matches!((lines[j - 1], lines[j]), (Some(a), Some(b)) if b.1 == a.1 + 1 && b.3 == a.3 + 1);
        if !goes_on {
            if j - from >= MIN_RUN && best.as_ref().is_none_or(|b| j - from > b.len()) {
                best = Some(from..j);
            }
            from = j;
        }
    }
    let block: Vec<(u32, u32, u32, u32)> = lines[best?].iter().flatten().copied().collect();
    let line_end = |at: u32| {
        text[at as usize..]
            .find('\n')
            .map_or(text.len() as u32, |e| at + e as u32 + 1)
    };
    let (first, last) = (block.first()?, block.last()?);
    // The left column may run a line or more longer than the right one
    // (`14 f2 f4 14 K e5 g6` under the last line of both); the words
    // after such a line's last move stand where the right column ends
    // and are the right's (`czarne wygrywają.`, the result under its
    // last move).
    let (mut left_tail, mut right_tail) = (Vec::new(), Vec::new());
    let (mut n, mut end) = (last.1, line_end(last.2));
    while let Some(at) = words.iter().position(|w| w.start >= end)
        && words[at].line_start
        && white_number(&words[at]) == Some(n + 1)
    {
        let next = line_end(words[at].start);
        let line = &words[at..];
        let len = line.iter().take_while(|w| w.start < next).count();
        let right = line[..len]
            .iter()
            .rposition(|w| {
                let word = &text[w.start as usize..w.end as usize];
                word.contains(|c: char| c.is_ascii_digit())
            })
            .and_then(|last| line[..len].get(last + 1))
            .map_or(next, |w| w.start);
        left_tail.push(end..right);
        right_tail.push(right..next);
        end = next;
        n += 1;
    }
    let mut order = Vec::with_capacity(2 * block.len() + 2 * left_tail.len() + 2);
    order.push(0..first.0);
    order.extend(block.iter().map(|l| l.0..l.2));
    order.extend(left_tail);
    order.extend(block.iter().map(|l| l.2..line_end(l.2)));
    order.extend(right_tail);
    order.push(end..text.len() as u32);
    Some(order)
}

/// White's moves under numbers `k..=m`, then Black's under the same
/// numbers: one move of each in turn. Every such pair of runs in the
/// text is interleaved. The numbers are those `number` reads: dotted
/// ones first, bare ones (`1 K. P. two.`) where none are.
fn one_after_the_other(
    text: &str,
    words: &[Word],
    number: fn(&Word) -> Option<u32>,
) -> Option<Vec<Range<u32>>> {
    let numbers: Vec<(usize, u32)> = words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| number(w).map(|n| (i, n)))
        .collect();
    // Runs of numbers counting up by one.
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut from = 0;
    for j in 1..=numbers.len() {
        if j == numbers.len() || numbers[j].1 != numbers[j - 1].1 + 1 {
            runs.push(from..j);
            from = j;
        }
    }
    let start = |j: usize| words[numbers[j].0].start;
    let after = |j: usize| words[numbers[j].0].end;
    let mut order = Vec::new();
    let mut cursor = 0u32;
    let mut pair = 0;
    while pair + 1 < runs.len() {
        let (white, black) = (&runs[pair], &runs[pair + 1]);
        // A game that White ends has one move more in White's column.
        let same = (white.len() == black.len() || white.len() == black.len() + 1)
            && black.len() >= MIN_RUN
            && numbers[white.start].1 == numbers[black.start].1;
        if !same {
            pair += 1;
            continue;
        }
        order.push(cursor..start(white.start));
        // Black's column runs to the next number, or to the end.
        let black_end = numbers
            .get(black.end)
            .map_or(text.len() as u32, |&(i, _)| words[i].start);
        // White's last move ends where its words stop looking like the
        // column's: what follows it before Black's column (`White gives
        // BLACK. Herr Kieseritzki.`) is read after Black's last move.
        let cut = column_end(text, words, &numbers[white.clone()], numbers[black.start].0);
        // Where White's column is the longer, Black's last move ends
        // as White's does, and what follows it comes after White's last.
        let black_cut = if white.len() > black.len() {
            let next = numbers.get(black.end).map_or(words.len(), |&(i, _)| i);
            column_end(text, words, &numbers[black.clone()], next)
        } else {
            black_end
        };
        for (k, w) in white.clone().enumerate() {
            let white_to = if w + 1 < white.end { start(w + 1) } else { cut };
            order.push(start(w)..white_to);
            let b = black.start + k;
            if b < black.end {
                let black_to = if b + 1 < black.end {
                    start(b + 1)
                } else {
                    black_cut
                };
                // Black's number is White's: it is left out.
                order.push(after(b)..black_to);
            }
        }
        order.push(cut..start(black.start));
        order.push(black_cut..black_end);
        cursor = black_end;
        pair += 2;
    }
    if order.is_empty() {
        return None;
    }
    order.push(cursor..text.len() as u32);
    Some(order)
}

/// Where the last entry of a column of `numbers` (word index, number)
/// ends, before the word at `next`: after its first word, at the first
/// word longer than a square that no other entry of the column uses.
fn column_end(text: &str, words: &[Word], numbers: &[(usize, u32)], next: usize) -> u32 {
    let key = |w: &Word| w.text(text).trim_matches('.').to_lowercase();
    let entries = numbers.windows(2).flat_map(|pair| pair[0].0 + 1..pair[1].0);
    let known: std::collections::HashSet<String> = entries.map(|i| key(&words[i])).collect();
    let Some(&(last, _)) = numbers.last() else {
        return words.get(next).map_or(text.len() as u32, |w| w.start);
    };
    (last + 2..next)
        .find(|&i| {
            let word = key(&words[i]);
            word.chars().count() > 2 && !known.contains(&word)
        })
        .or(Some(next))
        .and_then(|i| words.get(i))
        .map_or(text.len() as u32, |w| w.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::words::words;

    fn read(text: &str) -> Option<String> {
        reorder(text, &words(text)).map(|r| r.text().to_owned())
    }

    #[test]
    fn side_by_side_columns_read_down_the_left_then_the_right() {
        let text = "Game.\n1. e4 e5 4. Bc4 Nf6\n2. Nf3 Nc6 5. d3 d6\n3. Bb5 a6 6. O-O Be7\nNotes.";
        assert_eq!(
            read(text).as_deref(),
            Some("Game.\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc4 Nf6\n5. d3 d6\n6. O-O Be7\nNotes.")
        );
    }

    #[test]
    fn a_left_column_a_line_longer_ends_before_the_right_one_begins() {
        let text = "1 e2 e4 1 e7 e5 5 d2 d3 5 d7 d6\n2 g1 f3 2 b8 c6 6 c1 g5 6 h7 h6\n\
                    3 c2 c3 3 f8 c5 7 g5 h4 7 g7 g5\n4 f1 c4 4 g8 f6 White wins.";
        assert_eq!(
            read(text).as_deref(),
            Some(
                "1 e2 e4 1 e7 e5 2 g1 f3 2 b8 c6 3 c2 c3 3 f8 c5 4 f1 c4 4 g8 f6 5 d2 d3 5 d7 d6\n\
                 6 c1 g5 6 h7 h6\n7 g5 h4 7 g7 g5\nWhite wins."
            )
        );
    }

    #[test]
    fn one_column_after_the_other_takes_a_move_of_each_in_turn() {
        let text = "WHITE. 1. P to K 4 2. Kt to K B 3 3. B to Kt 5 BLACK. 1. P to K 4 2. Kt to Q B 3 3. P to Q R 3 Notes.";
        assert_eq!(
            read(text).as_deref(),
            Some(
                "WHITE. 1. P to K 4  P to K 4 2. Kt to K B 3  Kt to Q B 3 3. B to Kt 5  P to Q R 3 Notes.\nBLACK. "
            )
        );
    }

    #[test]
    fn whites_column_a_move_longer_ends_the_game() {
        let text = "White\n1. e4 2. Nf3 3. Bb5 4. Ba4\nBlack\n1. e5 2. Nc6 3. a6\n1-0\n";
        assert_eq!(
            read(text).as_deref(),
            Some("White\n1. e4  e5 2. Nf3  Nc6 3. Bb5  a6\n4. Ba4\nBlack\n1-0\n")
        );
    }

    #[test]
    fn columns_under_bare_numbers_one_after_the_other() {
        let text = "WHITE.\n1 K. P. two. 2 K. Kt. to B.'s 3rd. 3 Q. P. two.\n\
                    BLACK.\n1 K. P. two. 2 Q. Kt. to B.'s 3rd. 3 P. takes P.\n";
        assert_eq!(
            read(text).as_deref(),
            Some(
                "WHITE.\n1 K. P. two.  K. P. two. 2 K. Kt. to B.'s 3rd.  Q. Kt. to B.'s 3rd. \
                 3 Q. P. two.\n P. takes P.\nBLACK.\n"
            )
        );
    }

    #[test]
    fn a_game_printed_across_is_left_as_it_is() {
        assert_eq!(read("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6"), None);
        assert_eq!(read("1. e4 e5 2. Nf3\n\nWhite may also play 2. f4."), None);
    }

    #[test]
    fn offsets_map_back_to_the_original() {
        let text = "1. e4 e5 4. Bc4 Nf6\n2. Nf3 Nc6 5. d3 d6\n3. Bb5 a6 6. O-O Be7\n";
        let r = reorder(text, &words(text)).unwrap();
        for needle in ["2. Nf3", "5. d3", "Be7"] {
            let at = r.text().find(needle).unwrap() as u32;
            assert_eq!(r.original(at) as usize, text.find(needle).unwrap());
        }
        let whole: usize = r
            .originals(0..r.text().len() as u32)
            .iter()
            .map(|p| p.len())
            .sum();
        assert_eq!(whole, text.len());
    }
}
