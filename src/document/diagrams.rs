//! Diagrams set in type: a board drawn row by row, as books, magazines
//! and web pages print one beside a game (`8 | r . b q k . . r |`,
//! `..bbffk.`, `-- SB SB SF --`), with its frame and its file letters.
//!
//! A diagram shows a position; its rows are no moves, and their rank
//! digits no move numbers. The word reader leaves them out, so that the
//! game read before a diagram goes on after it.
//!
//! ```
//! use scoresheet::document::diagrams::diagram_lines;
//!
//! let text = "21.e4 Td7\n  +-----------------+\n8 | . t . . . . . . |\n7 | . p d t f r p . |\n\
//!             6 | p . p . p c p . |\n5 | . . P . p . . . |\n4 | . . D P P . . . |\n\
//!             3 | . . C . . . P . |\n2 | P . . . . P . P |\n1 | . T F T . . R . |\n\
//!               +-----------------+\n    a b c d e f g h\n22.f4! exd4";
//! let lines = diagram_lines(text);
//! assert_eq!(lines.len(), 1);
//! assert!(text[lines[0].clone()].starts_with("  +---"));
//! assert!(text[lines[0].clone()].ends_with("g h"));
//! ```

use std::ops::Range;

/// Rows a drawn board needs, at least, to be taken for one: a few rows
/// of dots may be a table's empty cells.
const ROWS: usize = 6;

/// What one line of a diagram is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// A row of eight squares.
    Row,
    /// A frame: `+--------+`, `========`.
    Frame,
    /// The file letters: `a b c d e f g h`.
    Files,
}

/// The byte ranges of `text` that diagrams take, each from the start of
/// its first line to the end of its last.
pub fn diagram_lines(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    // The current run of diagram lines: where it starts and ends, and its
    // rows.
    let mut run: Option<(usize, usize, usize)> = None;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.trim_end().len();
        match (line_kind(line), &mut run) {
            (Some(kind), Some((_, last, rows))) => {
                *last = end;
                *rows += usize::from(kind == Line::Row);
            }
            (Some(kind), None) => run = Some((start, end, usize::from(kind == Line::Row))),
            (None, _) => {
                if let Some((from, to, rows)) = run.take()
                    && rows >= ROWS
                {
                    out.push(from..to);
                }
            }
        }
        start += line.len();
    }
    if let Some((from, to, rows)) = run
        && rows >= ROWS
    {
        out.push(from..to);
    }
    out
}

/// What `line` is in a diagram, if it may be part of one.
fn line_kind(line: &str) -> Option<Line> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    if line.chars().count() >= 8 && line.chars().all(|c| matches!(c, '+' | '-' | '=' | '_' | '|' | ' ' | '—' | '─')) {
        return Some(Line::Frame);
    }
    let files: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    if files.eq_ignore_ascii_case("abcdefgh") {
        return Some(Line::Files);
    }
    is_row(line).then_some(Line::Row)
}

/// Whether `line` (trimmed) draws eight squares: its rank digit and
/// frame on either side allowed, the squares a piece's letter or an
/// empty square's mark, one or two characters each, apart (`. t . .`,
/// `-- SB SB`) or run together where empty squares show (`..bbffk.`).
fn is_row(line: &str) -> bool {
    let inner = line
        .trim_start_matches(|c: char| matches!(c, '1'..='8'))
        .trim_start()
        .trim_start_matches('|')
        .trim_end_matches(|c: char| matches!(c, '1'..='8'))
        .trim_end()
        .trim_end_matches('|')
        .trim();
    let cells: Vec<&str> = inner.split_whitespace().collect();
    let square = |c: char| c.is_alphabetic() || is_empty_mark(c);
    if cells.len() == 8 {
        return cells
            .iter()
            .all(|cell| (1..=2).contains(&cell.chars().count()) && cell.chars().all(square));
    }
    cells.len() == 1
        && inner.chars().count() == 8
        && inner.chars().all(square)
        && inner.chars().any(is_empty_mark)
}

/// A mark printed on an empty square.
fn is_empty_mark(c: char) -> bool {
    matches!(c, '.' | '-' | '_' | '*' | '#' | '+' | '·' | '□' | '■')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_of_every_drawing_are_found_and_moves_are_not() {
        let compact = "..bbffk.\ngg...g.g\n..h.ghg.\nv.......\n...G....\nG.H.FH..\n.G..VGGG\n.FBB..K.\n";
        assert_eq!(diagram_lines(compact), vec![Range { start: 0, end: compact.len() - 1 }]);
        let pairs = "-- -- SB SB SF SF SK --\ngg -- -- -- SG -- SG SG\n-- -- SH -- SG SH SG --\n\
                     SV -- -- -- -- -- -- --\n-- -- -- VG -- -- -- --\nVG -- VH -- VF VH -- --\n";
        assert_eq!(diagram_lines(pairs).len(), 1);
        // Moves, a table of moves and a few rows of a table's empty cells
        // are no board.
        for text in [
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7 6. Re1 b5 7. Bb3 d6\n",
            "| 1 | e4 | e5 |\n| 2 | Nf3 | .... |\n| 3 | Bb5 | a6 |\n",
            ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n",
            "Steinitz\nZukertor\nAnderson\nMarshall\nCapablan\nAlekhine\n",
        ] {
            assert!(diagram_lines(text).is_empty(), "{text}");
        }
    }
}
