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

/// What one edit of an earlier, legal move says of the moves `game`'s
/// reading took for misprints.
#[derive(Default)]
pub struct EarlierSlips {
    /// The edit under which the text reads with at least [`EXPLAINED`]
    /// fewer misprints, when exactly one edit does best, or exactly one
    /// of those that do leaves no other fault.
    pub explained: Option<Suggestion>,
    /// Where none does, the edits that explain a misprint as well as the
    /// misprint does: with the edit made, that move reads as written,
    /// the moves after it read on, and as many misprints are left as the
    /// edit is mistakes (`19. Tfd1 … 25. Tca1`: `Tfc1` at the 19th, or
    /// `Tda1` at the 25th). Each with the half-move of the misprint it
    /// explains; the text then fits two games. A misprint only in a
    /// square of origin written in full (`Cc4-b3` for the bishop's
    /// `Ca4-b3`), its piece and destination read as printed, has none: a
    /// long move's origin says again what its piece and destination say,
    /// and a slip there is told by the move itself.
    pub rivals: Vec<(Suggestion, u32)>,
}

/// The [`EarlierSlips`] of `game`; none for a game without misprints.
///
/// A game that fails after its misprints counts its failure as one
/// more: an edit explains it when, made, the game reads to its end with
/// at least [`EXPLAINED`] fewer misprints and none after the edit
/// (`12.Dd2` for the bishop's `Fd2`: the queen's `14.Dxf5` and the
/// bishop's later moves taken for misprints, and the game failing); it
/// is believed when no other does as well, and never left as a rival.
pub fn earlier_slips(game: &Game<'_>, options: &ReadOptions<'_>) -> EarlierSlips {
    let none = EarlierSlips::default();
    if game.replay.misreads.is_empty() {
        return none;
    }
    let lang = language_of(game, options);
    let Some(line) = Line::new(game) else {
        return none;
    };
    let mut edits = earlier_edits(game, options, lang, &line);
    // A game that failed is explained only by an edit after which
    // every later move reads as written: on a page damaged throughout,
    // an edit that merely reads further is one guess among many.
    if game.replay.failed {
        edits.retain(|e| e.after_read);
    }
    // Of edits that take away as many misprints, the only one under
    // which the text has no other fault left (a capture mark on a move
    // that takes nothing, a move two pieces could make) does best.
    let gain = edits.iter().map(|e| e.gain).max().unwrap_or(0);
    let tied: Vec<&Weighed> = edits.iter().filter(|e| e.gain == gain).collect();
    let flawless: Vec<&&Weighed> = tied.iter().filter(|e| e.faults == 0).collect();
    let best = match (tied.as_slice(), flawless.as_slice()) {
        ([only], _) => Some(*only),
        (_, [only]) => Some(**only),
        _ => None,
    };
    if gain >= EXPLAINED
        && let Some(best) = best
    {
        return EarlierSlips {
            explained: Some(best.suggestion.clone()),
            rivals: Vec::new(),
        };
    }
    if game.replay.failed {
        return none;
    }
    let in_origin_only = |ply: u32| {
        let i = ply as usize - 1;
        let (Some(&(token, mv)), Some((before, _))) = (line.main.get(i), line.before.get(i)) else {
            return false;
        };
        let written = game.lexed.tokens[token as usize].text(game.text);
        parse_move(game, lang, before.turn(), written).is_ok_and(|r| {
            let p = &r.first;
            p.from.count() == 1 && p.role == Some(mv.role()) && p.to.contains(mv.to())
        })
    };
    EarlierSlips {
        explained: None,
        rivals: edits
            .into_iter()
            .filter(|e| e.gain >= 1 && !in_origin_only(e.explains))
            .map(|e| (e.suggestion, e.explains))
            .collect(),
    }
}

/// An edit of an earlier move, weighed.
struct Weighed {
    suggestion: Suggestion,
    /// Moves taken for misprints that it leaves read as written.
    gain: usize,
    /// The half-move of the misprint that reads as written with it.
    explains: u32,
    /// Findings left, made, other than misprints and notes.
    faults: usize,
    /// Whether, made, every move after it reads as written.
    after_read: bool,
}

/// Each edit of a legal move within [`LOOKED_BACK`] half-moves before a
/// misprint under which that misprint reads as written and the game
/// reads on, with how many misprints it takes away.
fn earlier_edits(game: &Game<'_>, options: &ReadOptions<'_>, lang: &Language, line: &Line) -> Vec<Weighed> {
    let misreads = &game.replay.misreads;
    let word = |i: usize| {
        let token = &game.lexed.tokens[line.main[i].0 as usize];
        (token.span.clone(), token.text(game.text))
    };
    let mut candidates: Vec<(usize, String, Slip, Move, usize)> = Vec::new();
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
                if reads_as_written(game, lang, line, p, v, m, word(m).1) {
                    candidates.push((p, text, slip, v, m));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (p, text, slip, v, m) in candidates.into_iter().take(MOST_READ) {
        let (span, written) = word(p);
        let Some((left, faults)) = misreads_left(game, options, &span, &text) else {
            continue;
        };
        let before = line.before[p].0.clone();
        out.push(Weighed {
            gain: (misreads.len() + usize::from(game.replay.failed)).saturating_sub(left.len()),
            faults,
            after_read: left.iter().all(|&ply| ply as usize <= p + 1),
            explains: m as u32 + 1,
            suggestion: Suggestion {
                ply: p as u32 + 1,
                slip,
                moves: san(&before, v, Language::english()),
                edits: vec![(span, text)],
                written: written.to_owned(),
                before,
                reach: u32::MAX,
                choices: Vec::new(),
                partner: None,
                failed_at: p as u32 + 1,
            },
        });
    }
    out
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

/// The row of a legal move that `edit` finds possibly wrong: the
/// misprint at half-move `explains` reads as written with it.
pub fn rival_finding(edit: &Suggestion, explains: u32) -> Finding {
    let message = format!(
        "possibly: legal move \"{}\" that the rest of the game contradicts: with {}, half-move {explains} reads as written rather than as a misprint; the text fits either",
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
    for &(token, mv) in &line.main[p + 1..m] {
        // The same move may take what the edit put in its way, where
        // the text says it takes (`Qxf6+` of a queen `Dh6` had moved
        // away from f6).
        let claims = || game.lexed.tokens[token as usize].text(game.text).contains(['x', ':', '×']);
        let Some(mv) = pos.legal_moves().into_iter().find(|l| {
            l.from() == mv.from()
                && l.to() == mv.to()
                && l.role() == mv.role()
                && l.promotion() == mv.promotion()
                && (l.is_capture() == mv.is_capture() || l.is_capture() && claims())
        }) else {
            return false;
        };
        play(&mut pos, mv);
    }
    legal_reading(game, lang, &(pos, origins), written).is_some()
}

/// The half-moves `game`'s text, with `range` replaced by `text`, reads
/// as misprints, and how many other faults it then has; `None` when it
/// then fails or reads fewer half-moves.
fn misreads_left(
    game: &Game<'_>,
    options: &ReadOptions<'_>,
    range: &Range<u32>,
    text: &str,
) -> Option<(Vec<u32>, usize)> {
    let (edited, _) = splice(game.text, &[(range.clone(), text.to_owned())]);
    let options = ReadOptions {
        notation: Some(game.notation),
        letters: options.letters.named(&game.letters),
        ..*options
    };
    let again = read(&edited, &options);
    let misreads = &again.replay.misreads;
    let faults = again
        .findings
        .iter()
        .filter(|f| f.severity != Severity::Info && f.ply > 0 && !misreads.contains(&f.ply))
        .count();
    (!again.replay.failed && again.replay.main_plies >= game.replay.main_plies).then(|| (misreads.clone(), faults))
}
