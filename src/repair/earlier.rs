//! A legal but wrong move that shows only later, as misprints.
//!
//! The document reader reads a move that is illegal where it stands as
//! the legal move it is nearest to, and reads on. When a player wrote
//! `Qe1` for `Re1`, every later move of the queen is illegal from `e1`
//! and each is read as some other queen move: the one slip shows as a
//! run of misprints. [`misreads_explained`] looks for the one edit of an
//! earlier, legal move under which later moves read as written: made, the
//! game reads with at least [`EXPLAINED`] fewer misprints.

use std::ops::Range;

use shakmaty::{Chess, Move, Position};

use super::edits::{Slip, variants};
use super::{MAX_RUNNING_WORD, Suggestion, WINDOW, fits_marks, language_of, parse_move, splice};
use crate::audit::{Finding, Kind, Severity};
use crate::engine::origins::Origins;
use crate::engine::resolve::{Resolution, resolve_readings};
use crate::game::{Game, ReadOptions, read};
use crate::lang::Language;
use crate::notation::san::san;
use crate::replay::walk::{Step, walk};

/// Misprints an earlier edit must take away, net of itself being one
/// mistake, before it is believed over the misprints it replaces.
pub const EXPLAINED: usize = 2;
/// Half-moves before a misprint among which the legal but wrong one is
/// looked for: a piece put on the wrong square shows only when it next
/// moves or is taken, often many moves on.
const LOOKED_BACK: usize = 2 * WINDOW as usize;
/// Misprinted half-moves, from the first, whose earlier moves are tried.
const MISREADS_TRIED: usize = 8;
/// Edits read in full at most: those under which the misprinted move
/// reads as written.
const MOST_READ: usize = 16;

/// The position before each half-move of `game`'s main line, with where
/// each piece started when the notation needs it.
struct Line {
    /// (token, move) of each half-move.
    main: Vec<(u32, Move)>,
    before: Vec<(Chess, Option<Origins>)>,
}

impl Line {
    fn new(game: &Game<'_>) -> Option<Line> {
        // (No null move on it, no variation left open.)
        game.replay.main_line()?;
        let (mut main, mut before) = (Vec::new(), Vec::new());
        walk(&game.replay.events, &game.start, game.notation.needs_origins(), |step, depth| {
            if let (Step::Move { mv, token, before: pos, origins, .. }, 0) = (step, depth) {
                main.push((*token, *mv));
                before.push((Chess::clone(pos), origins.cloned()));
            }
        });
        Some(Line { main, before })
    }
}

/// The edit of one earlier, legal move under which `game`'s text reads
/// with at least [`EXPLAINED`] fewer moves taken for misprints, when
/// exactly one edit does best; `None` for a game that fails, has fewer
/// misprints, or where no such edit, or more than one, is found.
pub fn misreads_explained(game: &Game<'_>, options: &ReadOptions<'_>) -> Option<Suggestion> {
    let misreads = &game.replay.misreads;
    if game.replay.failed || misreads.len() < EXPLAINED {
        return None;
    }
    let lang = language_of(game, options);
    let line = Line::new(game)?;
    let word = |i: usize| {
        let token = &game.lexed.tokens[line.main[i].0 as usize];
        (token.span.clone(), token.text(game.text))
    };
    let mut candidates: Vec<(usize, String, Slip, Move)> = Vec::new();
    let misread_at: Vec<usize> = misreads
        .iter()
        .filter_map(|&ply| (ply as usize).checked_sub(1))
        .filter(|&i| i < line.main.len())
        .take(MISREADS_TRIED)
        .collect();
    for &m in &misread_at {
        for p in (m.saturating_sub(LOOKED_BACK)..m).rev() {
            if misread_at.contains(&p) {
                continue;
            }
            let (_, written) = word(p);
            if written.len() > MAX_RUNNING_WORD {
                continue;
            }
            for (text, slip) in variants(written, game.notation, lang) {
                let Some(v) = legal_reading(game, lang, &line.before[p], &text) else {
                    continue;
                };
                if v == line.main[p].1 || candidates.iter().any(|c| c.0 == p && c.3 == v) {
                    continue;
                }
                if reads_as_written(game, lang, &line, p, v, m, word(m).1) {
                    candidates.push((p, text, slip, v));
                }
            }
        }
    }
    let mut best: Option<(usize, (usize, String, Slip, Move))> = None;
    let mut tied = false;
    for (p, text, slip, v) in candidates.into_iter().take(MOST_READ) {
        let (span, _) = word(p);
        let Some(left) = misreads_left(game, options, &span, &text) else {
            continue;
        };
        let gain = misreads.len().saturating_sub(left);
        match &best {
            Some((g, _)) if gain < *g => {}
            Some((g, _)) if gain == *g => tied = true,
            _ => {
                best = Some((gain, (p, text, slip, v)));
                tied = false;
            }
        }
    }
    let (gain, (p, text, slip, v)) = best?;
    if tied || gain < EXPLAINED {
        return None;
    }
    let (span, written) = word(p);
    let before = line.before[p].0.clone();
    Some(Suggestion {
        ply: p as u32 + 1,
        slip,
        edits: vec![(span, text)],
        written: written.to_owned(),
        moves: san(&before, v, Language::english()),
        before,
        reach: u32::MAX,
        choices: Vec::new(),
        partner: None,
        failed_at: p as u32 + 1,
    })
}

/// The row of the legal move `edit` finds wrong, at its half-move.
pub fn finding(edit: &Suggestion) -> Finding {
    let message = format!(
        "legal move \"{}\" that the rest of the game contradicts: later moves read as written, not as misprints, with {}",
        edit.written,
        edit.describe()
    );
    let at = edit.edits.first().map_or(0, |(range, _)| range.start);
    edit.finding(Kind::WrongMoveLegal, Severity::Warning, message, at)
}

/// The one legal move `text` names from `before`, its marks fitting it.
fn legal_reading(
    game: &Game<'_>,
    lang: &Language,
    (before, origins): &(Chess, Option<Origins>),
    text: &str,
) -> Option<Move> {
    let readings = parse_move(game, lang, before.turn(), text).ok()?;
    match resolve_readings(before, &readings, origins.as_ref()) {
        Resolution::Unique(m) if fits_marks(&readings, before, m) => Some(m),
        _ => None,
    }
}

/// Whether, with `v` played at half-move `p` (from 0) instead, the moves
/// read up to half-move `m` stay legal and the word written at `m` then
/// reads as a legal move.
fn reads_as_written(
    game: &Game<'_>,
    lang: &Language,
    line: &Line,
    p: usize,
    v: Move,
    m: usize,
    written: &str,
) -> bool {
    let (mut pos, mut origins) = line.before[p].clone();
    let mut play = |pos: &mut Chess, mv: Move| {
        pos.play_unchecked(mv);
        if let Some(o) = &mut origins {
            o.play(mv);
        }
    };
    play(&mut pos, v);
    for &(_, mv) in &line.main[p + 1..m] {
        if !pos.is_legal(mv) {
            return false;
        }
        play(&mut pos, mv);
    }
    legal_reading(game, lang, &(pos, origins), written).is_some()
}

/// How many moves `game`'s text, with `range` replaced by `text`, reads
/// as misprints; `None` when it then fails or reads fewer half-moves.
fn misreads_left(
    game: &Game<'_>,
    options: &ReadOptions<'_>,
    range: &Range<u32>,
    text: &str,
) -> Option<usize> {
    let (edited, _) = splice(game.text, &[(range.clone(), text.to_owned())]);
    let options = ReadOptions {
        notation: Some(game.notation),
        letters: options.letters.named(&game.letters),
        ..*options
    };
    let again = read(&edited, &options);
    (!again.replay.failed && again.replay.main_plies >= game.replay.main_plies)
        .then_some(again.replay.misreads.len())
}
