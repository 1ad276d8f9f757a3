//! Games printed in columns, as the eye reads them rather than as the
//! text runs.
//!
//! Old books print a game in two columns, and OCR or a copy made line by
//! line reads across them. Two layouts come out of that:
//!
//! - **side by side**: each line holds move `n` on the left and move
//!   `n + d` on the right (`1. e2—e4 c7—c5 18. Rg4—f2 Bc8—b7`); the game
//!   reads down the left halves, then down the right ones;
//! - **staggered**: White's column and Black's, each numbered, Black's
//!   set a line lower, so that each line holds White's move `n` and
//!   Black's `n - 1` (`2. Kt. to K. B. 3rd      1. P. to K. 4th`); each
//!   line reads right half first;
//! - **one column after the other**: White's moves under their numbers,
//!   then Black's under the same numbers (`WHITE. 1. P to K 4 2. P to K B
//!   4 … BLACK. 1. P to K 4 2. P takes P …`); the game takes one move from
//!   each in turn.
//!
//! Texts that set a game out as a table print it **across the page**: a
//! row of move numbers, White's moves under them and Black's under
//! those, each move in its number's column, in blocks that wrap
//! (`      1       2` / `White e4      Nf3` / `Black e5      Nc6`). The
//! rows may open with a label (`White`, `W`, `Weiß`, a player's name) or
//! none, the columns be ruled with bars (`| 1 | 2 |`), or the number
//! row be left out and the block's first number open White's row
//! (`1. e4   Nf3` / `   e5   Nc6`). A move stands under the number
//! nearest its first character, counted in characters, so that
//! figurines and Cyrillic letters keep their columns; the game reads
//! column by column.
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

use shakmaty::Color;

use super::words::{Word, WordKind};
use crate::lang::side_named;

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

    /// The range of the original text that holds `range` of the
    /// reordered one: from where it begins to the furthest end of the
    /// pieces it covers (words of two cells read as one stand apart in
    /// the original, the second maybe before the first).
    pub fn original_range(&self, range: Range<u32>) -> Range<u32> {
        let start = self.original(range.start);
        let end = self
            .originals(range)
            .iter()
            .map(|piece| piece.end)
            .max()
            .unwrap_or(start);
        start..end.max(start)
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
    let (order, lines_show_it) = match across(text)
        .or_else(|| side_by_side(text, words).map(|order| (order, true)))
        .or_else(|| staggered(text, words).map(|order| (order, true)))
    {
        Some(found) => found,
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

/// Whether `text` prints a game across the page, in a table of move
/// numbers with the moves under them (see [`reorder`]).
pub fn is_across(text: &str) -> bool {
    across(text).is_some()
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

/// The words of each line, as ranges of `words`.
fn word_lines(words: &[Word]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let first = i;
        if first >= words.len() {
            return None;
        }
        i += 1;
        while i < words.len() && !words[i].line_start {
            i += 1;
        }
        Some(first..i)
    })
}

/// Lines that each open with move `n` and hold move `n + d` further on
/// (and `n + 2d`, … where three or more columns stand side by side), `n`
/// counting up line by line: the left column, then each one to its
/// right. The last lines may hold fewer columns, the right ones run out.
fn side_by_side(text: &str, words: &[Word]) -> Option<Vec<Range<u32>>> {
    // Each line's start and number, and where each further number it
    // holds starts, with that number; `None` for other lines.
    let mut lines: Vec<Option<Columns>> = Vec::new();
    for Range { start: first, end: i } in word_lines(words) {
        // A column to the right opens with a number past the one before,
        // dotted unless none is (`34 Hcl` closing a column); a table's
        // bar may open the line (`|  1. d4  d5  | 18. Ra2  Le7 |`).
        let head = (first..i).find(|&k| words[k].kind != WordKind::Separator).unwrap_or(first);
        let split = white_number(&words[head]).and_then(|n| {
            let mut splits = Vec::new();
            let (mut from, mut last) = (head, n);
            loop {
                let later = |number: fn(&Word) -> Option<u32>| {
                    (from + 2..i).find_map(|q| number(&words[q]).filter(|&m| m > last + 1).map(|m| (q, m)))
                };
                let Some((q, m)) = later(dotted_number).or_else(|| later(white_number)) else {
                    break;
                };
                splits.push((words[q].start, m));
                (from, last) = (q, m);
            }
            (!splits.is_empty()).then(|| (words[first].start, n, splits))
        });
        lines.push(split);
    }
    // The longest block of adjacent lines that count up together.
    let goes_on = |a: &Columns, b: &Columns| {
        b.1 == a.1 + 1 && b.2.len() <= a.2.len() && b.2.iter().zip(&a.2).all(|(y, x)| y.1 == x.1 + 1)
    };
    let mut best: Option<Range<usize>> = None;
    let mut from = 0;
    for j in 1..=lines.len() {
        let on = j < lines.len() && matches!((&lines[j - 1], &lines[j]), (Some(a), Some(b)) if goes_on(a, b));
        if !on {
            if j - from >= MIN_RUN && best.as_ref().is_none_or(|b| j - from > b.len()) {
                best = Some(from..j);
            }
            from = j;
        }
    }
    let block: Vec<Columns> = lines[best?].iter().flatten().cloned().collect();
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
    let (mut n, mut end) = (last.1, line_end(last.2.last()?.0));
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
    let columns = first.2.len() + 1;
    let mut order = Vec::with_capacity(columns * block.len() + 2 * left_tail.len() + 2);
    order.push(0..first.0);
    for c in 0..columns {
        for (start, _, splits) in &block {
            let from = if c == 0 { Some(*start) } else { splits.get(c - 1).map(|s| s.0) };
            let to = splits.get(c).map_or_else(|| from.map(line_end), |s| Some(s.0));
            order.extend(from.zip(to).map(|(from, to)| from..to));
        }
        if c == 0 {
            order.append(&mut left_tail);
        }
    }
    order.extend(right_tail);
    order.push(end..text.len() as u32);
    Some(order)
}

/// A line of columns side by side: where it starts, its first move
/// number, and where each column to the right starts, with its number.
type Columns = (u32, u32, Vec<(u32, u32)>);

/// Two columns, White's and Black's, each with its own numbers, Black's
/// set a line lower (`2. Kt. to K. B. 3rd      1. P. to K. 4th`): each
/// line holds White's move `n` and, to its right, Black's move `n - 1`,
/// which the game plays first. In every run of at least [`MIN_RUN`]
/// such lines, each line reads right half first.
fn staggered(text: &str, words: &[Word]) -> Option<Vec<Range<u32>>> {
    // Each line's start, White's number there and where Black's number
    // (one less, with a stop) starts; `None` for other lines.
    let mut lines: Vec<Option<(u32, u32, u32)>> = Vec::new();
    for Range { start: first, end: i } in word_lines(words) {
        let split = white_number(&words[first]).and_then(|n| {
            let q = (first + 2..i).find(|&q| dotted_number(&words[q]).is_some_and(|m| m + 1 == n))?;
            Some((words[first].start, n, words[q].start))
        });
        lines.push(split);
    }
    let line_end = |at: u32| text[at as usize..].find('\n').map_or(text.len() as u32, |e| at + e as u32);
    let mut order = Vec::new();
    let mut cursor = 0;
    let mut from = 0;
    for j in 1..=lines.len() {
        let goes_on =
            j < lines.len() && matches!((lines[j - 1], lines[j]), (Some(a), Some(b)) if b.1 == a.1 + 1);
        if goes_on {
            continue;
        }
        let run: Vec<(u32, u32, u32)> = lines[from..j].iter().flatten().copied().collect();
        if run.len() >= MIN_RUN {
            for &(start, _, right) in &run {
                order.push(cursor..start);
                order.push(right..line_end(right));
                order.push(start..right);
                cursor = line_end(right);
            }
        }
        from = j;
    }
    if order.is_empty() {
        return None;
    }
    order.push(cursor..text.len() as u32);
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
    let mut numbers: Vec<(usize, u32)> = words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| number(w).map(|n| (i, n)))
        .collect();
    // A number inside a move, a scanner's misreading of a letter
    // (`4. Q. 13. to Q. Kt. 2nd.` for `Q. B.`), between two that count
    // up by one, is no move number.
    let mut k = 1;
    while k + 1 < numbers.len() {
        if numbers[k].1 != numbers[k - 1].1 + 1 && numbers[k + 1].1 == numbers[k - 1].1 + 1 {
            numbers.remove(k);
        } else {
            k += 1;
        }
    }
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

/// A line of the text: its byte range, without its line break.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: u32,
    end: u32,
}

/// A word of a line in a table: its byte range and the column (in
/// characters, tabs to the next multiple of eight) it starts at.
#[derive(Debug, Clone, Copy)]
struct Cell {
    start: u32,
    end: u32,
    col: usize,
}

/// The lines of `text`.
fn lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        out.push(Line {
            start: at as u32,
            end: (at + body.len()) as u32,
        });
        at += line.len();
    }
    out
}

/// The words of `line`, split at white space and, where `bars`, at
/// `|` too (the bars themselves left out).
fn cells(text: &str, line: Line, bars: bool) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut col = 0;
    let mut open: Option<Cell> = None;
    for (i, c) in text[line.start as usize..line.end as usize].char_indices() {
        let at = line.start + i as u32;
        if c.is_whitespace() || (bars && c == '|') {
            out.extend(open.take());
        } else {
            let cell = open.get_or_insert(Cell {
                start: at,
                end: at,
                col,
            });
            cell.end = at + c.len_utf8() as u32;
        }
        col = if c == '\t' { (col / 8 + 1) * 8 } else { col + 1 };
    }
    out.extend(open);
    out
}

/// The move number a word of a table is (`7`, `7.`, `7)`), if it is one.
fn table_number(word: &str) -> Option<u32> {
    let digits = word.strip_suffix(['.', ')']).unwrap_or(word);
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

/// Initials that label a table's rows (`W`, `Bl`, `Ч`): a side's in
/// one language and the other's in another (`B` is Black in English and
/// White in Spanish), so they name no side.
const INITIALS: &[&str] = &["w", "wh", "bl", "b", "bk", "s", "n", "ч"];

/// The side a row's label names: `Some(true)` White, `Some(false)`
/// Black, `Some(None)` for an initial, `None` for a word that is no
/// label.
fn label_side(word: &str) -> Option<Option<bool>> {
    if let Some((color, _)) = side_named(word) {
        return Some(Some(color == Color::White));
    }
    let initial = word.trim_end_matches([':', '.']).to_lowercase();
    INITIALS.contains(&initial.as_str()).then_some(None)
}

/// Whether a table's row can hold moves: none of its words is a bare
/// number (the next block's numbers, a crosstable's points), one holds
/// a letter, and no more than half are words of prose (four lower-case
/// letters or more: `draw`, `round`).
fn moves_row(text: &str, cells: &[Cell]) -> bool {
    let word = |c: &Cell| &text[c.start as usize..c.end as usize];
    let prose = |w: &str| {
        let w = w.trim_end_matches(['.', ',', ';', ':', '!', '?']);
        w.chars().count() >= 4 && w.chars().all(char::is_lowercase)
    };
    !cells.is_empty()
        && cells.iter().all(|c| table_number(word(c)).is_none())
        && cells.iter().any(|c| word(c).chars().any(char::is_alphabetic))
        && 2 * cells.iter().filter(|c| prose(word(c))).count() <= cells.len()
}

/// One block of a table across the page: the move numbers' pieces (or
/// the first number alone) and White's and Black's cells under each.
struct Block {
    /// Its first move number.
    first: u32,
    /// The lines it takes.
    lines: std::ops::Range<usize>,
    /// Each column's number piece, where the number is printed.
    numbers: Vec<Option<Range<u32>>>,
    /// Each column's cell, one row for each side, in the order they
    /// read.
    rows: Vec<Vec<Option<Range<u32>>>>,
    /// Pieces of the block that are no cell (words beyond the last
    /// column), read after it.
    rest: Vec<Range<u32>>,
}

/// A game printed across the page: a line of move numbers, and under
/// it White's moves and then Black's, each under its number, in blocks
/// that wrap (`1 2 3` / `White e4 Nf3 Bb5` / `Black e5 Nc6 a6`); or
/// ruled with bars (`| 1 | 2 |` / `| e4 | Nf3 |`); or with the block's
/// first number only, opening White's row. Column by column: the
/// number, then each side's move. Whether a line of numbers shows the
/// table, beside the order.
fn across(text: &str) -> Option<(Vec<Range<u32>>, bool)> {
    let lines = lines(text);
    let mut blocks: Vec<Block> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let block = numbered_columns(text, &lines, i)
            .or_else(|| ruled(text, &lines, i))
            .or_else(|| numbered_rows(text, &lines, i));
        match block {
            Some(block) => {
                i = block.lines.end;
                blocks.push(block);
            }
            None => i += 1,
        }
    }
    // A block with its first number only shows no table on its own: it
    // needs a block before or after it whose numbering it continues, or
    // a run of moves in both rows.
    let first_only = |b: &Block| b.numbers.iter().skip(1).all(Option::is_none);
    let continues = |a: &Block, b: &Block| a.first + a.numbers.len() as u32 == b.first;
    let stands: Vec<bool> = (0..blocks.len())
        .map(|k| {
            let b = &blocks[k];
            !first_only(b)
                || (k > 0 && continues(&blocks[k - 1], b))
                || blocks.get(k + 1).is_some_and(|next| continues(b, next))
                || b.rows.iter().all(|r| r.iter().flatten().count() >= MIN_RUN)
        })
        .collect();
    let shown = blocks.iter().any(|b| !first_only(b));
    let mut order = Vec::new();
    let mut cursor = 0;
    for block in blocks.iter().zip(&stands).filter(|(_, s)| **s).map(|(b, _)| b) {
        let (Some(first), Some(last)) =
            (lines.get(block.lines.start), lines.get(block.lines.end - 1))
        else {
            continue;
        };
        order.push(cursor..first.start);
        for (k, number) in block.numbers.iter().enumerate() {
            order.extend(number.clone());
            order.extend(block.rows.iter().filter_map(|row| row.get(k).cloned().flatten()));
        }
        order.extend(block.rest.iter().cloned());
        cursor = last.end;
    }
    if order.is_empty() {
        return None;
    }
    order.push(cursor..text.len() as u32);
    Some((order, shown))
}

/// A cell's piece: its words and the blanks after them on its line, so
/// that pieces read one after the other as they are.
fn piece(text: &str, line: Line, start: u32, end: u32) -> Range<u32> {
    let after = &text[end as usize..line.end as usize];
    let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
    start..end + blanks as u32
}

/// The lines of a block's moves from `from`: one or two lines, up to a
/// blank line.
fn move_lines(text: &str, lines: &[Line], from: usize) -> Vec<(usize, Vec<Cell>)> {
    (from..lines.len().min(from + 2))
        .map(|k| (k, cells(text, lines[k], false)))
        .take_while(|(_, cells)| !cells.is_empty())
        .collect()
}

/// The side a row's first word names, and the row without it where it
/// is a label: a side's name, a word ending in a colon, or a word with
/// no digit standing left of the first column (`Kasp.` before `e4`).
fn unlabel<'c>(text: &str, row: &'c [Cell], first_col: Option<usize>) -> (Option<bool>, &'c [Cell]) {
    let Some((head, rest)) = row.split_first() else {
        return (None, row);
    };
    let word = &text[head.start as usize..head.end as usize];
    if let Some(side) = label_side(word) {
        return (side, rest);
    }
    let left = first_col.is_some_and(|c| head.col + 1 < c)
        && !word.contains(|c: char| c.is_ascii_digit())
        && rest.first().is_some_and(|next| first_col.is_some_and(|c| next.col + 2 >= c));
    if word.ends_with(':') || left {
        return (None, rest);
    }
    (None, row)
}

/// Puts the rows in the order they read: Black's first only where its
/// label says so and White's says the other.
fn sides_in_order(rows: &mut [Vec<Option<Range<u32>>>], sides: &[Option<bool>]) {
    if rows.len() == 2 && sides == [Some(false), Some(true)] {
        rows.swap(0, 1);
    }
}

/// A block whose line `at` holds its move numbers, counting up by one,
/// each standing over its column (`      1       2       3`), with the
/// rows of moves under it.
fn numbered_columns(text: &str, lines: &[Line], at: usize) -> Option<Block> {
    let line = *lines.get(at)?;
    let mut heads = cells(text, line, false);
    // The numbers' row may be labelled as the moves' rows are (`Drag`,
    // `Zug`, `No.`): a word with no digit before the first number.
    if heads.len() > 2
        && !text[heads[0].start as usize..heads[0].end as usize].contains(|c: char| c.is_ascii_digit())
        && table_number(&text[heads[1].start as usize..heads[1].end as usize]).is_some()
    {
        heads.remove(0);
    }
    let numbers: Vec<u32> = heads
        .iter()
        .map(|c| table_number(&text[c.start as usize..c.end as usize]))
        .collect::<Option<_>>()?;
    if numbers.len() < 2 || numbers.windows(2).any(|w| w[1] != w[0] + 1) {
        return None;
    }
    let cols: Vec<usize> = heads.iter().map(|c| c.col).collect();
    let rows = move_lines(text, lines, at + 1);
    let mut block = Block {
        first: numbers[0],
        lines: at..at + 1,
        numbers: heads.iter().map(|c| Some(piece(text, line, c.start, c.end))).collect(),
        rows: Vec::new(),
        rest: Vec::new(),
    };
    let mut sides = Vec::new();
    for (k, row) in &rows {
        let (side, row) = unlabel(text, row, cols.first().copied());
        if !moves_row(text, row) {
            break;
        }
        sides.push(side);
        block.rows.push(under(text, lines[*k], row, &cols));
        block.lines.end = k + 1;
    }
    // A block needs a move under its numbers.
    block.rows.first()?.iter().flatten().next()?;
    sides_in_order(&mut block.rows, &sides);
    Some(block)
}

/// The cells of `row` under the columns starting at `cols`: each word
/// under the column nearest its start, words under one column making
/// one cell. Where the row stands shifted against the numbers (a label
/// wider than the numbers' indent), its words are matched as shifted so
/// that its first word stands under the first number, when that puts
/// them nearer their columns.
fn under(text: &str, line: Line, row: &[Cell], cols: &[usize]) -> Vec<Option<Range<u32>>> {
    let place = |shift: isize| {
        let mut cost = 0;
        let mut columns = Vec::with_capacity(row.len());
        for cell in row {
            let at = cell.col as isize + shift;
            let (k, distance) = cols
                .iter()
                .enumerate()
                .map(|(k, &c)| (k, (c as isize - at).unsigned_abs()))
                .min_by_key(|&(_, d)| d)
                .unwrap_or((0, 0));
            // Two words far apart under one column: the row is not
            // placed right.
            if columns.last().is_some_and(|&(last, end): &(usize, usize)| last == k && cell.col > end + 1) {
                cost += 8;
            }
            cost += distance;
            let end = cell.col + text[cell.start as usize..cell.end as usize].chars().count();
            columns.push((k, end));
        }
        (cost, columns)
    };
    let shift = match (row.first(), cols.first()) {
        (Some(cell), Some(&col)) => col as isize - cell.col as isize,
        _ => 0,
    };
    let (plain, shifted) = (place(0), place(shift));
    let (_, columns) = if shifted.0 < plain.0 { shifted } else { plain };
    let mut out: Vec<Option<Range<u32>>> = vec![None; cols.len()];
    for (cell, (k, _)) in row.iter().zip(columns) {
        let slot = &mut out[k];
        let start = slot.as_ref().map_or(cell.start, |r| r.start);
        *slot = Some(piece(text, line, start, cell.end));
    }
    out
}

/// A block ruled with bars: a row of move numbers (`| 1 | 2 | 3 |`,
/// perhaps under a label cell), then the rows of moves, cell for cell
/// (`| e4 | Nf3 | Bb5 |`), a rule of dashes between them left out.
fn ruled(text: &str, lines: &[Line], at: usize) -> Option<Block> {
    let line = *lines.get(at)?;
    let bar_cells = |line: Line| -> Option<Vec<Option<Cell>>> {
        let body = &text[line.start as usize..line.end as usize];
        let trimmed = body.trim();
        // A row's label may stand before its first bar (`White | e4 |`).
        let open = usize::from(trimmed.starts_with('|'));
        if open == 0 && !trimmed.contains('|') {
            return None;
        }
        let mut out = Vec::new();
        let mut from = line.start + (body.len() - body.trim_start().len() + open) as u32;
        for part in trimmed[open..].split('|') {
            let inner = Line {
                start: from,
                end: from + part.len() as u32,
            };
            let words = cells(text, inner, false);
            out.push(match (words.first(), words.last()) {
                (Some(a), Some(b)) => Some(Cell {
                    start: a.start,
                    end: b.end,
                    col: a.col,
                }),
                _ => None,
            });
            from = inner.end + 1;
        }
        // What follows the last bar is no cell.
        if trimmed.ends_with('|') {
            out.pop();
        }
        Some(out)
    };
    let word = |c: &Cell| &text[c.start as usize..c.end as usize];
    let heads = bar_cells(line)?;
    let labelled = heads.first()?.is_none_or(|c| table_number(word(&c)).is_none());
    let heads = &heads[usize::from(labelled)..];
    let numbers: Vec<u32> = heads
        .iter()
        .map(|c| c.and_then(|c| table_number(word(&c))))
        .collect::<Option<_>>()?;
    if numbers.len() < 2 || numbers.windows(2).any(|w| w[1] != w[0] + 1) {
        return None;
    }
    let rule = |line: Line| {
        let body = &text[line.start as usize..line.end as usize];
        body.contains('-') && body.chars().all(|c| matches!(c, '|' | '-' | ':' | '+' | '=' | ' ' | '\t'))
    };
    let mut next = at + 1;
    while lines.get(next).is_some_and(|&l| rule(l)) {
        next += 1;
    }
    let mut block = Block {
        first: numbers[0],
        lines: at..next,
        numbers: heads
            .iter()
            .map(|c| c.map(|c| piece(text, line, c.start, c.end)))
            .collect(),
        rows: Vec::new(),
        rest: Vec::new(),
    };
    let mut sides = Vec::new();
    while block.rows.len() < 2
        && let Some(&row_line) = lines.get(next)
        && let Some(row) = bar_cells(row_line)
    {
        let skip = usize::from(labelled || row.len() > numbers.len());
        let label = row.first().copied().flatten().filter(|_| skip == 1);
        let row = row.get(skip..).unwrap_or_default();
        let words: Vec<Cell> = row.iter().flatten().copied().collect();
        if !moves_row(text, &words) {
            break;
        }
        sides.push(label.and_then(|c| label_side(word(&c)).flatten()));
        let cell = |c: &Option<Cell>| c.map(|c| piece(text, row_line, c.start, c.end));
        block.rows.push(row.iter().take(numbers.len()).map(cell).collect());
        block.rest.extend(row.iter().skip(numbers.len()).filter_map(cell));
        next += 1;
        block.lines.end = next;
    }
    // A block needs a move under its numbers.
    block.rows.first()?.iter().flatten().next()?;
    sides_in_order(&mut block.rows, &sides);
    Some(block)
}

/// A block whose White row opens with the number of its first move and
/// no other (`1. e4   Nf3   Bb5` / `   e5   Nc6   a6`), Black's row under
/// it word for word.
fn numbered_rows(text: &str, lines: &[Line], at: usize) -> Option<Block> {
    let rows = move_lines(text, lines, at);
    let [(_, white), (_, black)] = rows.as_slice() else {
        return None;
    };
    let (white_side, white) = unlabel(text, white, None);
    let (head, white) = white.split_first()?;
    let n = table_number(&text[head.start as usize..head.end as usize])?;
    let (black_side, mut black) = unlabel(text, black, None);
    // Black's row may repeat the number.
    if let Some((first, rest)) = black.split_first()
        && table_number(&text[first.start as usize..first.end as usize]) == Some(n)
    {
        black = rest;
    }
    if white.len() < 2 || !moves_row(text, white) || !moves_row(text, black) || black.len() > white.len() {
        return None;
    }
    // Every word of Black's stands under one of White's.
    let cols: Vec<usize> = white.iter().map(|c| c.col).collect();
    if !black.iter().all(|b| cols.iter().any(|&c| c.abs_diff(b.col) <= 1)) {
        return None;
    }
    let (white_line, black_line) = (lines[at], lines[at + 1]);
    let mut numbers = vec![None; white.len()];
    numbers[0] = Some(piece(text, white_line, head.start, head.end));
    let mut rows = vec![
        white
            .iter()
            .map(|c| Some(piece(text, white_line, c.start, c.end)))
            .collect(),
        under(text, black_line, black, &cols),
    ];
    sides_in_order(&mut rows, &[white_side, black_side]);
    Some(Block {
        first: n,
        lines: at..at + 2,
        numbers,
        rows,
        rest: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::words::words;

    fn read(text: &str) -> Option<String> {
        reorder(text, &words(text)).map(|r| r.text().to_owned())
    }

    #[test]
    fn a_misread_letter_inside_a_column_breaks_no_run() {
        let text = "WHITE. 1. P to K 4 2. B. to B 4 3. Q. 13. to K 2 BLACK. 1. P to K 4 2. B to B 4 3. Kt to B 3";
        let read = reorder(text, &words(text)).unwrap();
        assert_eq!(read.text(), "WHITE. 1. P to K 4  P to K 4 2. B. to B 4  B to B 4 3. Q. 13. to K 2  Kt to B 3\nBLACK. ");
    }

    #[test]
    fn side_by_side_columns_ruled_with_bars() {
        let text = "|  1. e4   e5   |  4. Ba4  Nf6  |\n|  2. Nf3  Nc6  |  5. O-O  Be7  |\n|  3. Bb5  a6   |  6. Re1  b5   |\n";
        let read = reorder(text, &words(text)).unwrap();
        let moves: Vec<&str> = read.text().split_whitespace().filter(|w| *w != "|").collect();
        assert_eq!(
            moves,
            ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "3.", "Bb5", "a6", "4.", "Ba4", "Nf6", "5.", "O-O", "Be7", "6.", "Re1", "b5"]
        );
    }

    #[test]
    fn words_of_two_cells_map_to_a_range_that_holds_the_first() {
        // `Nf3` and `Nc6` stand one above the other; read in turn, the
        // second comes after the first but stands before its end nowhere.
        let text = "1. e4 e5 4. Ba4 Nf6\n2. Nf3 Nc6 5. O-O Be7\n3. Bb5 a6 6. Re1 b5\n";
        let read = reorder(text, &words(text)).unwrap();
        let at = |word: &str| read.text().find(word).unwrap() as u32;
        for (from, to) in [("e5", "Nf3"), ("a6", "Ba4"), ("Nf6", "O-O"), ("b5", "b5")] {
            let range = read.original_range(at(from)..at(to) + to.len() as u32);
            assert!(range.start <= range.end, "{from}..{to}: {range:?}");
            assert!(text[range.start as usize..].starts_with(from), "{from}..{to}");
        }
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
    fn three_columns_side_by_side_read_one_after_another() {
        let text = "1. e4 e5    4. Bc4 Nf6   7. Nc3 Nd4\n2. Nf3 Nc6  5. d3 d6     8. Nd5 c6\n\
                    3. Bb5 a6   6. O-O Be7   9. Bb3 O-O\n";
        assert_eq!(
            read(text).as_deref(),
            Some("1. e4 e5    2. Nf3 Nc6  3. Bb5 a6   4. Bc4 Nf6   5. d3 d6     6. O-O Be7   7. Nc3 Nd4\n8. Nd5 c6\n9. Bb3 O-O\n")
        );
        // The right column may run out a line before the others.
        let text = "1. e4 e5    4. Bc4 Nf6   7. Nc3 Nd4\n2. Nf3 Nc6  5. d3 d6     8. Nd5 c6\n\
                    3. Bb5 a6   6. O-O Be7\n";
        let read = read(text).unwrap_or_default();
        assert!(read.contains("6. O-O Be7\n7. Nc3 Nd4\n8. Nd5 c6"), "{read:?}");
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
    #[test]
    fn a_table_across_reads_column_by_column() {
        let text = "Spassky - Fischer\n\n      1       2       3\nWhite c4      Nf3     Nc3\n\
                    Black e6      d5      Nf6\n\n      4       5\nWhite d4      Bg5\nBlack Be7\n\nNotes.";
        assert_eq!(
            read(text).as_deref(),
            Some(
                "Spassky - Fischer\n\n1       c4      e6      2       Nf3     d5      3\nNc3\nNf6\n\n\n\
                 4       d4      Be7\n5\nBg5\n\n\nNotes."
            )
        );
    }

    #[test]
    fn cells_go_under_the_nearest_number_counted_in_characters() {
        // A label wider than the numbers' indent, figurines and Cyrillic
        // letters of more than one byte.
        let text = "   1.     2.\nWeiß ♘f3   c4\nSchwarz ♘f6  e6\n";
        assert_eq!(read(text).as_deref(), Some("1.     ♘f3   ♘f6  2.\nc4\ne6\n\n"));
        let text = "        1     2\nБелые  e4    Кf3\nЧерные e5    Кc6\n";
        assert_eq!(read(text).as_deref(), Some("1     e4    e5    2\nКf3\nКc6\n\n"));
        // Two moves to a cell.
        let text = "1        2          3\ne4 e5    Nf3 Nc6    Bb5 a6\n";
        assert_eq!(read(text).as_deref(), Some("1        e4 e5    2          Nf3 Nc6    3\nBb5 a6\n\n"));
    }

    #[test]
    fn black_labelled_first_reads_second() {
        let text = "    1     2\nBlack e5    Nc6\nWhite e4    Nf3\n";
        assert_eq!(read(text).as_deref(), Some("1     e4    e5    2\nNf3\nNc6\n\n"));
    }

    #[test]
    fn a_table_ruled_with_bars_reads_cell_by_cell() {
        let text = "| 1 | 2 | 3 |\n| e4 | Nf3 | Bb5 |\n| e5 | Nc6 | a6 |\n\n\
                    |   | 4 | 5 |\n|---|---|---|\n| White | Ba4 | O-O |\n| Black | Nf6 | |\n";
        assert_eq!(
            read(text).as_deref(),
            Some("1 e4 e5 2 Nf3 Nc6 3 Bb5 a6 \n\n4 Ba4 Nf6 5 O-O \n")
        );
    }

    #[test]
    fn rows_numbered_at_their_start_read_column_by_column() {
        let text = "1. e4   Nf3   Bb5   Ba4\n   e5   Nc6   a6    Nf6\n5. O-O  Re1   Bb3\n   Be7  b5    d6\n";
        assert_eq!(
            read(text).as_deref(),
            Some("1. e4   e5   Nf3   Nc6   Bb5   a6    Ba4\nNf6\n\n5. O-O  Be7  Re1   b5    Bb3\nd6\n\n")
        );
    }

    #[test]
    fn lines_of_numbers_over_no_moves_are_no_table() {
        // A crosstable: points under the numbers.
        assert_eq!(read("    1   2   3\nA   x   1   0\nB   0   x   1\n"), None);
        // Prose under the numbers.
        assert_eq!(read("1 2\nthe game was drawn soon\n"), None);
        // Rows numbered at their start, with nothing to show a table.
        assert_eq!(read("12. Qh5 g6\n    Qe5+ Kd8\n"), None);
    }

    #[test]
    fn a_table_across_maps_back_to_the_original() {
        let text = "    1    2    3\nW   e4   Nf3  Bb5\nB   e5   Nc6  a6\n";
        let r = reorder(text, &words(text)).unwrap();
        for needle in ["2", "Nf3", "Nc6", "a6"] {
            let at = r.text().find(needle).unwrap() as u32;
            assert_eq!(r.original(at) as usize, text.find(needle).unwrap());
        }
        assert!(r.lines_show_it);
    }
}
