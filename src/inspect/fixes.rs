//! The edits that fix a finding, written as the text writes its moves:
//! those the repair search found, or else each suggested move put in place
//! of what is written.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move, Position};

use super::{Fix, Place};
use crate::audit::Finding;
use crate::engine::origins::Origins;
use crate::notation::write::{MoveStyle, append_move};
use crate::game::{Game, Letters};
use crate::lang::Language;
use crate::notation::Notation;
use crate::repair;

/// How moves of `game` are written, for edits that read like the text:
/// its notation and letters, and the moves it was read as, which tell
/// where each piece started (a descriptive capture names a knight by
/// its wing of origin).
pub(super) struct WriteStyle {
    notation: Notation,
    lang: &'static Language,
    start: Chess,
    played: Vec<Move>,
}

pub(super) fn write_style(game: &Game<'_>) -> WriteStyle {
    let lang = Letters::Auto
        .tables()
        .into_iter()
        .find(|(_, name)| *name == game.letters)
        .map_or(Language::english(), |(lang, _)| lang);
    WriteStyle {
        notation: game.notation,
        lang,
        start: game.start.clone(),
        played: game.replay.main_moves().map(|(_, mv)| mv).collect(),
    }
}

impl WriteStyle {
    /// Where each piece of `before`, the position before half-move
    /// `ply`, started: as the game's moves took it there, or, for a
    /// position they do not reach, where it stands.
    fn origins(&self, ply: u32, before: &Chess) -> Origins {
        let mut pos = self.start.clone();
        let mut origins = Origins::new(&pos);
        for &mv in self.played.iter().take(ply.saturating_sub(1) as usize) {
            pos.play_unchecked(mv);
            origins.play(mv);
        }
        if pos.board() == before.board() && pos.turn() == before.turn() {
            origins
        } else {
            Origins::new(before)
        }
    }
}

/// The edits that make `finding`'s suggestions: those the repair search
/// found at its half-move, or else each suggested move written in the
/// text's notation in place of what is written.
pub(super) fn fixes(
    text: &str,
    finding: &Finding,
    searched: &[repair::Suggestion],
    style: &WriteStyle,
) -> Vec<Fix> {
    let mut out: Vec<Fix> = Vec::new();
    let at = finding.offset.map(|o| o as usize);
    let here = |s: &&repair::Suggestion| {
        s.ply == finding.ply
            && s.edits.first().is_some_and(|(r, _)| {
                at.is_none_or(|at| (r.start as usize) <= at && at <= r.end as usize)
            })
    };
    for s in searched.iter().filter(here) {
        let inside = s
            .edits
            .iter()
            .all(|(r, _)| (r.end as usize) <= text.len() && r.start <= r.end);
        if !inside {
            continue;
        }
        let edits: Vec<([usize; 2], String)> = s
            .edits
            .iter()
            .map(|(r, t)| ([r.start as usize, r.end as usize], t.clone()))
            .collect();
        let Some((first, replacement)) = edits.first().cloned() else {
            continue;
        };
        out.push(Fix {
            label: s.describe(),
            san: s.moves.clone(),
            place: Place {
                span: first,
                at: [0, 0],
            },
            replacement,
            edits,
        });
    }
    if !out.is_empty() || finding.suggestion.is_empty() {
        return out;
    }
    let (Some(at), false) = (at, finding.written.is_empty()) else {
        return out;
    };
    if !text
        .get(at..)
        .is_some_and(|t| t.starts_with(&finding.written))
    {
        return out;
    }
    let Ok(before) = finding
        .fen_before
        .parse::<Fen>()
        .map_err(|_| ())
        .and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|_| ())
        })
    else {
        return out;
    };
    let span = [at, at + finding.written.len()];
    let origins = style.origins(finding.ply, &before);
    for word in finding.suggestion.split_whitespace() {
        let Some(mv) = word
            .parse::<San>()
            .ok()
            .and_then(|san| san.to_move(&before).ok())
        else {
            continue;
        };
        let replacement = write_move(&before, mv, style, &origins);
        if replacement.is_empty() || replacement == finding.written {
            continue;
        }
        out.push(Fix {
            label: format!("\"{}\" read as {word}", finding.written),
            san: word.to_owned(),
            place: Place { span, at: [0, 0] },
            replacement: replacement.clone(),
            edits: vec![(span, replacement)],
        });
    }
    out
}

/// `mv` written as the text writes its moves.
fn write_move(before: &Chess, mv: Move, style: &WriteStyle, origins: &Origins) -> String {
    let mut after = before.clone();
    after.play_unchecked(mv);
    let move_style = match style.notation {
        Notation::Descriptive if style.lang.descriptive.is_some() => {
            MoveStyle::Descriptive(style.lang)
        }
        Notation::Iccf(promotion) => MoveStyle::Iccf(promotion),
        _ => MoveStyle::San(style.lang),
    };
    let mut out = String::new();
    append_move(&mut out, move_style, before, mv, &after, Some(origins));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ReadOptions, read};
    use shakmaty::Square;

    #[test]
    fn a_fix_is_written_with_where_the_games_pieces_started() {
        // Black's king's knight stands on the queen's wing and its
        // queen's knight beside it: a descriptive capture names them by
        // where they started, not by where they stand.
        let game = read("1. P-K4 N-KB3 2. P-K5 N-Q4 3. P-Q4 N-QB3 4. P-QB4", &ReadOptions::default());
        let style = write_style(&game);
        let mut before = game.start.clone();
        for &mv in &style.played[..6] {
            before.play_unchecked(mv);
        }
        let origins = style.origins(7, &before);
        assert_eq!(origins.start_of(Square::D5), Some(Square::G8));
        assert_eq!(origins.start_of(Square::C6), Some(Square::B8));
        // A position the game does not reach: each piece where it stands.
        let elsewhere = style.origins(3, &before);
        assert_eq!(elsewhere.start_of(Square::D5), Some(Square::D5));
    }
}
