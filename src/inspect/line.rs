//! The main line of a game as the text places it: its moves up to the
//! first mistake, and past it, read again with the edit that explains
//! each mistake made, their offsets mapped back to the text as printed.

use shakmaty::{Color, Position};

use super::fixes::{fixes, write_style};
use super::{MoveView, Place, fen};
use crate::audit::Severity;
use crate::convert::Converted;
use crate::game::{self, Game, ReadOptions};
use crate::lang::Language;
use crate::notation::san;
use crate::pgn::lexer::TokenKind;
use crate::repair;
use crate::replay::walk::walk_main_line;

/// Mistakes read past at most in a game: each needs a new reading.
const MAX_ROUNDS: usize = 16;

/// The main line as read, each move with the worst finding on it, and
/// the commentary around it. Where reading stops at a mistake that one
/// edit explains, the edit is made and the moves after it are read too,
/// up to [`MAX_ROUNDS`] times.
pub(super) fn main_line(
    first: &Game<'_>,
    searched: &[repair::Suggestion],
    converted: &Converted,
    options: &ReadOptions<'_>,
    start: usize,
) -> (Vec<MoveView>, Vec<Place>) {
    let mut out = Vec::new();
    collect_moves(first, &|o| o, false, start, &mut out);
    let mut comments = commentary(first, &|o| o, start);
    let options = ReadOptions {
        notation: Some(first.notation),
        letters: options.letters.named(&first.letters),
        ..*options
    };
    let mut edit = first
        .replay
        .failed
        .then(|| next_edit(first, searched))
        .flatten();
    let mut current = first.text.to_owned();
    // Each edit made: its range in the text before it, and where it ends
    // in the text after it.
    let mut shifts: Vec<(usize, usize, usize)> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let Some(edits) = edit.take() else {
            break;
        };
        // Made from the last to the first, each edit's range still holds
        // in the text when it is made.
        let fits = |[from, to]: [usize; 2], text: &str| {
            from <= to && text.is_char_boundary(from) && text.is_char_boundary(to)
        };
        let overlapping = edits.windows(2).any(|w| w[0].0[1] > w[1].0[0]);
        if overlapping || !edits.iter().all(|(r, _)| fits(*r, &current)) {
            break;
        }
        for ([from, to], replacement) in edits.iter().rev() {
            current.replace_range(*from..*to, replacement);
            shifts.push((*from, *to, from + replacement.len()));
        }
        let game = game::read(&current, &options);
        let known = out.len();
        let mut read = Vec::new();
        collect_moves(&game, &|o| original(&shifts, o), true, start, &mut read);
        out.extend(read.into_iter().skip(known));
        comments = commentary(&game, &|o| original(&shifts, o), start);
        if !game.replay.failed {
            break;
        }
        edit = next_edit(&game, &repair::suggest(&game, &options));
    }
    for m in &mut out {
        let local = [m.span[0] - start, m.span[1] - start];
        // A move read after an edit is shown as the text writes it.
        if let Some(written) = first.text.get(local[0]..local[1]) {
            m.written = written.to_owned();
        }
        m.severity = converted
            .findings
            .iter()
            .filter(|f| {
                f.offset.is_some_and(|o| {
                    (o as usize) >= local[0] && (o as usize) < local[1].max(local[0] + 1)
                })
            })
            .map(|f| f.severity)
            .max()
            .map_or("clean", Severity::as_str);
    }
    (out, comments)
}

/// The spans of `game`'s commentary, mapped to the original text by `map`.
fn commentary(game: &Game<'_>, map: &dyn Fn(usize) -> usize, start: usize) -> Vec<Place> {
    game.lexed
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::Comment | TokenKind::LineComment))
        .map(|t| Place {
            span: [
                start + map(t.span.start as usize),
                start + map(t.span.end as usize),
            ],
            at: [0, 0],
        })
        .collect()
}

/// The replacements that let `game` read on past the mistake it stops
/// at: the likeliest edit the search found (it may be at an earlier
/// half-move, or insert a dropped one), or else the first suggested move
/// written in place of the failing one; in the text's order.
fn next_edit(game: &Game<'_>, found: &[repair::Suggestion]) -> Option<Vec<([usize; 2], String)>> {
    if let Some(s) = found.iter().find(|s| !s.edits.is_empty()) {
        let mut edits: Vec<([usize; 2], String)> = s
            .edits
            .iter()
            .map(|(r, t)| ([r.start as usize, r.end as usize], t.clone()))
            .collect();
        edits.sort_by_key(|(r, _)| r[0]);
        return Some(edits);
    }
    let failure = game
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)?;
    let fix = fixes(game.text, failure, found, &write_style(game))
        .into_iter()
        .next()?;
    Some(fix.edits)
}

/// Where `offset` of the text after the edits of `shifts` is in the
/// original text: inside an edit, the edit's start.
fn original(shifts: &[(usize, usize, usize)], offset: usize) -> usize {
    shifts
        .iter()
        .rev()
        .fold(offset, |o, &(from, to, edited_end)| {
            if o >= edited_end {
                o - edited_end + to
            } else if o >= from {
                from
            } else {
                o
            }
        })
}

/// Appends the main-line moves of `game` to `out`, their offsets mapped
/// to the original text by `map`.
fn collect_moves(
    game: &Game<'_>,
    map: &dyn Fn(usize) -> usize,
    after_fix: bool,
    start: usize,
    out: &mut Vec<MoveView>,
) {
    let mut ply = 0u32;
    walk_main_line(&game.replay.events, &game.start, |mv, token, before, after| {
        let Some(token) = game.lexed.tokens.get(token as usize) else {
            return;
        };
        ply += 1;
        let (from, to) = (token.span.start as usize, token.span.end as usize);
        let (from, to) = (map(from), map(to));
        out.push(MoveView {
            ply,
            number: before.fullmoves().get(),
            side: match before.turn() {
                Color::White => "white",
                Color::Black => "black",
            },
            written: token.text(game.text).to_owned(),
            san: san::san(before, mv, Language::english()),
            uci: san::uci(before, mv),
            fen: fen(after),
            span: [start + from, start + to.max(from)],
            at: [0, 0],
            severity: "clean",
            after_fix,
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_back_through_edits() {
        // "F65" (4..7) became "Fb5", then "x" (0..1) became "yy".
        let shifts = [(4, 7, 7), (0, 1, 2)];
        assert_eq!(original(&shifts, 0), 0);
        assert_eq!(original(&shifts, 1), 0);
        assert_eq!(original(&shifts, 2), 1);
        assert_eq!(original(&shifts, 5), 4);
        assert_eq!(original(&shifts, 9), 8);
    }
}
