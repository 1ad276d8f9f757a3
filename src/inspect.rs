//! One text read for proofreading: every game with the place in the text
//! of each move read and of each finding, and the edits that fix them.
//!
//! The proofreading page (`scoresheet serve`) shows a text beside the
//! games read from it; it needs what the converter writes (the verified
//! PGN, the findings, the audit rows) and also where each of them stands
//! in the text. [`inspect`] splits a text into games, converts each with
//! a [`Converter`] exactly as `scoresheet convert` does, reads it again
//! with [`game::read`] for the spans of its moves, and turns each
//! finding's suggestion into [`Fix`]es: replacements of a byte range of
//! the text, written in the text's own notation and letters.
//!
//! Every span is given twice: in bytes of the UTF-8 text (`span`) and in
//! UTF-16 code units (`at`), which is how a browser counts.
//!
//! ```
//! use scoresheet::inspect::{inspect, Options};
//!
//! let text = "1. e4 e5 2. Hf3 Hc6 3. F65 a6 4. Fa4 Hf6 5. O-O Fe7 *";
//! let reading = inspect(text, &Options::default());
//! let game = &reading.games[0];
//! assert_eq!(game.moves[0].san, "e4");
//! assert_eq!(&text[game.moves[2].span[0]..game.moves[2].span[1]], "Hf3");
//! let misprint = game.findings.iter().find(|f| f.written == "F65").unwrap();
//! assert_eq!(misprint.fixes[0].replacement, "Fb5");
//! ```

use std::time::Instant;

use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use crate::audit::{Finding, ReportWriter, Row, Severity};
use crate::convert::{Converted, Converter};
use crate::engine::origins::Origins;
use crate::engine::render::{MoveStyle, append_move};
use crate::game::{self, Game, Letters, ReadOptions};
use crate::lang::Language;
use crate::model::Location;
use crate::notation::Notation;
use crate::output::Format;
use crate::pgn::lexer::TokenKind;
use crate::pgn::split::Splitter;
use crate::repair;

/// How to read the text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// The notation of the moves; `None` detects it per game.
    pub notation: Option<Notation>,
    /// The piece letters.
    pub letters: Letters<'a>,
    /// No game is started after this instant: the games after it are
    /// left unread and [`Reading::unread`] says so.
    pub deadline: Option<Instant>,
    /// The file name written in the report's `file` column.
    pub file: &'a str,
}

/// A text read.
#[derive(Debug, Clone, Serialize)]
pub struct Reading {
    /// The games, in the order of the text.
    pub games: Vec<GameView>,
    /// Why some games were not read, if they were not.
    pub unread: Option<String>,
    /// The audit report of every game, as `scoresheet audit` writes it.
    pub csv: String,
}

/// One game of the text.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// 1 for the first game.
    pub index: u64,
    /// Its bytes in the text.
    pub span: [usize; 2],
    /// The same in UTF-16 code units.
    pub at: [usize; 2],
    /// Its tags, as written.
    pub tags: Vec<[String; 2]>,
    /// The White tag.
    pub white: String,
    /// The Black tag.
    pub black: String,
    /// The notation it was read in (`san`, `descriptive`, `iccf`).
    pub notation: &'static str,
    /// The letter set it was read with (`en`, `hu`, `de/sv`, …).
    pub letters: String,
    /// `clean`, `warning` (written, with findings) or `rejected`.
    pub status: &'static str,
    /// The verified PGN; `None` when the game is rejected.
    pub pgn: Option<String>,
    /// The position the game starts from, as FEN.
    pub start_fen: String,
    /// The main line's moves as read, up to the first mistake and past
    /// it where one edit explains it.
    pub moves: Vec<MoveView>,
    /// The half-move where reading failed, if it did.
    pub stopped_at: Option<u32>,
    /// Commentary: the spans of the text that are no moves.
    pub comments: Vec<Place>,
    /// Every finding, in the order of the text.
    pub findings: Vec<FindingView>,
}

/// A byte range of the text and the same in UTF-16 code units.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Place {
    /// Bytes.
    pub span: [usize; 2],
    /// UTF-16 code units.
    pub at: [usize; 2],
}

/// One half-move of the main line.
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    /// Half-moves from the start, 1 for the first.
    pub ply: u32,
    /// Its full-move number.
    pub number: u32,
    /// `white` or `black`.
    pub side: &'static str,
    /// The move as the text writes it.
    pub written: String,
    /// The move in English SAN.
    pub san: String,
    /// The move in UCI (`e2e4`), for drawing it.
    pub uci: String,
    /// The position after it, as FEN.
    pub fen: String,
    /// Its bytes in the text.
    pub span: [usize; 2],
    /// The same in UTF-16 code units.
    pub at: [usize; 2],
    /// `clean`, `info`, `warning` or `error`: the worst finding on it.
    pub severity: &'static str,
    /// Whether it was read only after an earlier mistake was fixed.
    pub after_fix: bool,
}

/// A finding, placed in the text.
#[derive(Debug, Clone, Serialize)]
pub struct FindingView {
    /// The report's kind (`illegal`, `ambiguous`, …).
    pub kind: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
    /// Its half-move (0: the game as a whole).
    pub ply: u32,
    /// What the text writes there.
    pub written: String,
    /// Where in the text, if it is about one place.
    pub place: Option<Place>,
    /// The legal move(s) a small edit gives, in English SAN.
    pub suggestion: String,
    /// The position before the move, as FEN.
    pub fen_before: String,
    /// Edits of the text that make each suggestion.
    pub fixes: Vec<Fix>,
}

/// An edit of the text: replacements of ranges, made together.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Fix {
    /// What it does, for people.
    pub label: String,
    /// The move it gives, in English SAN.
    pub san: String,
    /// The range replaced (the first, when there are several).
    pub place: Place,
    /// Its replacement.
    pub replacement: String,
    /// Every replacement, bytes of the text and new text, in order.
    pub edits: Vec<([usize; 2], String)>,
}

/// Half-moves read past mistakes at most: each needs a new reading.
const MAX_ROUNDS: usize = 16;

/// Reads every game of `text` as [`Options`] say.
pub fn inspect(text: &str, options: &Options<'_>) -> Reading {
    let converter = Converter::new()
        .from(options.notation)
        .letters(options.letters)
        .to(Format::Pgn);
    let read_options = ReadOptions {
        notation: options.notation,
        letters: options.letters,
        ..ReadOptions::default()
    };
    let mut games = Vec::new();
    let mut unread = None;
    let mut csv = Vec::new();
    let mut report = ReportWriter::new(&mut csv);
    let mut rows = false;
    for raw in Splitter::new(text.as_bytes()) {
        let Ok(raw) = raw else {
            unread = Some("the text could not be split into games".to_owned());
            break;
        };
        if options.deadline.is_some_and(|d| Instant::now() > d) {
            unread = Some(format!(
                "time is up: the games from game {} on were not read",
                raw.index
            ));
            break;
        }
        let start = raw.byte as usize;
        let converted = if raw.oversized.is_some() {
            Converted::too_large()
        } else {
            converter.convert_game(&raw.text)
        };
        for finding in &converted.findings {
            let offset = finding.offset.unwrap_or(0) as usize;
            let row = Row::new(
                options.file,
                raw.index,
                locate(text, start, raw.line, offset),
                (&converted.white, &converted.black),
                finding,
            );
            rows |= report.write(&row).is_ok();
        }
        games.push(view(&raw.text, raw.index, start, &converted, &read_options));
    }
    // Writing to memory cannot fail.
    let _ = report.finish(rows);
    let mut reading = Reading {
        games,
        unread,
        csv: String::from_utf8_lossy(&csv).into_owned(),
    };
    Utf16::new(text).fill(&mut reading);
    reading
}

/// Where `offset` of a game that starts at `start` (on line `line`) is.
fn locate(text: &str, start: usize, line: u32, offset: usize) -> Location {
    let end = (start + offset).min(text.len());
    let game = text.get(start..end).unwrap_or("");
    let lines = game.matches('\n').count() as u32;
    let line_start = game.rfind('\n').map_or(0, |i| i + 1);
    Location {
        byte: end as u64,
        line: line + lines,
        column: game[line_start..].chars().count() as u32 + 1,
    }
}

/// A game converted, placed in the text.
fn view(
    text: &str,
    index: u64,
    start: usize,
    converted: &Converted,
    options: &ReadOptions<'_>,
) -> GameView {
    let game = game::read(text, options);
    let place = |from: usize, to: usize| Place {
        span: [start + from, start + to],
        at: [0, 0],
    };
    let mut findings: Vec<FindingView> = converted
        .findings
        .iter()
        .map(|f| FindingView {
            kind: f.kind.as_str(),
            severity: severity_name(f.severity),
            message: f.message.clone(),
            ply: f.ply,
            written: f.written.clone(),
            place: f.offset.map(|o| {
                let o = (o as usize).min(text.len());
                let end = if text.get(o..).is_some_and(|t| t.starts_with(&f.written)) {
                    o + f.written.len()
                } else {
                    o
                };
                place(o, end)
            }),
            suggestion: f.suggestion.clone(),
            fen_before: f.fen_before.clone(),
            fixes: Vec::new(),
        })
        .collect();
    let style = write_style(&game);
    let searched = if game.replay.failed {
        repair::suggest(&game, options)
    } else {
        Vec::new()
    };
    for (view, finding) in findings.iter_mut().zip(&converted.findings) {
        view.fixes = fixes(text, finding, &searched, style)
            .into_iter()
            .map(|mut fix| {
                for edit in &mut fix.edits {
                    edit.0 = [edit.0[0] + start, edit.0[1] + start];
                }
                fix.place = place(fix.place.span[0], fix.place.span[1]);
                fix
            })
            .collect();
    }
    let (moves, comments) = main_line(&game, &searched, converted, options, start);
    let status = if converted.rejected {
        "rejected"
    } else if converted.has_problems() {
        "warning"
    } else {
        "clean"
    };
    GameView {
        index,
        span: [start, start + text.len()],
        at: [0, 0],
        tags: game
            .lexed
            .tags
            .iter()
            .map(|t| [t.name.clone(), t.value.clone()])
            .collect(),
        white: converted.white.clone(),
        black: converted.black.clone(),
        notation: converted.notation,
        letters: converted.letters.clone(),
        status,
        pgn: converted.output.clone(),
        start_fen: fen(&game.start),
        stopped_at: game.stopped_at(),
        moves,
        comments,
        findings,
    }
}

/// The main line as read, each move with the worst finding on it, and
/// the commentary around it. Where reading stops at a mistake that one
/// edit explains, the edit is made and the moves after it are read too,
/// up to [`MAX_ROUNDS`] times.
fn main_line(
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
        letters: letters_named(&first.letters, options.letters),
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
            .map_or("clean", severity_name);
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
    let fix = fixes(game.text, failure, found, write_style(game))
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
    let mut pos = game.start.clone();
    for (ply, (token, mv)) in game.replay.main_moves().enumerate() {
        let Some(token) = game.lexed.tokens.get(token as usize) else {
            break;
        };
        let (from, to) = (token.span.start as usize, token.span.end as usize);
        let (from, to) = (map(from), map(to));
        let number = pos.fullmoves().get();
        let side = match pos.turn() {
            Color::White => "white",
            Color::Black => "black",
        };
        let san = San::from_move(&pos, mv).to_string();
        let uci = mv.to_uci(CastlingMode::Standard).to_string();
        pos.play_unchecked(mv);
        let suffix = if pos.is_checkmate() {
            "#"
        } else if pos.is_check() {
            "+"
        } else {
            ""
        };
        out.push(MoveView {
            ply: ply as u32 + 1,
            number,
            side,
            written: token.text(game.text).to_owned(),
            san: format!("{san}{suffix}"),
            uci,
            fen: fen(&pos),
            span: [start + from, start + to.max(from)],
            at: [0, 0],
            severity: "clean",
            after_fix,
        });
    }
}

/// How moves of `game` are written, for edits that read like the text.
#[derive(Clone, Copy)]
struct WriteStyle {
    notation: Notation,
    lang: &'static Language,
}

fn write_style(game: &Game<'_>) -> WriteStyle {
    let lang = Letters::Auto
        .tables()
        .into_iter()
        .find(|(_, name)| *name == game.letters)
        .map_or(Language::english(), |(lang, _)| lang);
    WriteStyle {
        notation: game.notation,
        lang,
    }
}

/// The table of the letter set named `name` among those `letters` offers,
/// or `letters` itself.
fn letters_named<'a>(name: &str, letters: Letters<'a>) -> Letters<'a> {
    letters
        .tables()
        .into_iter()
        .find(|(_, n)| *n == name)
        .map_or(letters, |(lang, _)| Letters::Fixed(lang))
}

/// The edits that make `finding`'s suggestions: those the repair search
/// found at its half-move, or else each suggested move written in the
/// text's notation in place of what is written.
fn fixes(
    text: &str,
    finding: &Finding,
    searched: &[repair::Suggestion],
    style: WriteStyle,
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
    for word in finding.suggestion.split_whitespace() {
        let Some(mv) = word
            .parse::<San>()
            .ok()
            .and_then(|san| san.to_move(&before).ok())
        else {
            continue;
        };
        let replacement = write_move(&before, mv, style);
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
fn write_move(before: &Chess, mv: Move, style: WriteStyle) -> String {
    let mut after = before.clone();
    after.play_unchecked(mv);
    let origins = Origins::new(before);
    let move_style = match style.notation {
        Notation::Descriptive if style.lang.descriptive.is_some() => {
            MoveStyle::Descriptive(style.lang)
        }
        Notation::Iccf(promotion) => MoveStyle::Iccf(promotion),
        _ => MoveStyle::San(style.lang),
    };
    let mut out = String::new();
    append_move(&mut out, move_style, before, mv, &after, Some(&origins));
    out
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Info => "info",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

/// Byte offsets of a text turned into UTF-16 code units, all at once:
/// the offsets are gathered, sorted and met in one pass over the text.
struct Utf16<'t> {
    text: &'t str,
}

impl<'t> Utf16<'t> {
    fn new(text: &'t str) -> Utf16<'t> {
        Utf16 { text }
    }

    /// Sets every `at` of `reading` from its `span`.
    fn fill(&self, reading: &mut Reading) {
        let mut wanted: Vec<usize> = Vec::new();
        visit(reading, &mut |span, _| wanted.extend_from_slice(span));
        wanted.sort_unstable();
        wanted.dedup();
        let mut units = Vec::with_capacity(wanted.len());
        let (mut byte, mut unit) = (0usize, 0usize);
        let mut chars = self.text.chars();
        for &w in &wanted {
            while byte < w {
                let Some(c) = chars.next() else { break };
                byte += c.len_utf8();
                unit += c.len_utf16();
            }
            units.push(unit);
        }
        let find = |b: usize| {
            wanted
                .binary_search(&b)
                .map_or(0, |i| units.get(i).copied().unwrap_or(0))
        };
        visit(reading, &mut |span, at| {
            *at = [find(span[0]), find(span[1])];
        });
    }
}

/// Calls `f` with every span of `reading` and its UTF-16 twin.
fn visit(reading: &mut Reading, f: &mut dyn FnMut(&[usize; 2], &mut [usize; 2])) {
    for game in &mut reading.games {
        f(&game.span, &mut game.at);
        for m in &mut game.moves {
            f(&m.span, &mut m.at);
        }
        for c in &mut game.comments {
            f(&c.span, &mut c.at);
        }
        for finding in &mut game.findings {
            if let Some(p) = &mut finding.place {
                f(&p.span, &mut p.at);
            }
            for fix in &mut finding.fixes {
                f(&fix.place.span, &mut fix.place.at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_after_two_misprints_are_placed_in_the_text_as_printed() {
        let text = "1. e4 e5 2. Hf3 Hc6 3. F65 a6 4. Fa4 Hf6 5. O-O Fe7 6. Be1 b5 \
                    7. Fb8 d6 8. c3 O-O 9. h3 Hb8 10. d4 Hbd7 *";
        let game = &inspect(text, &Options::default()).games[0];
        let written: Vec<&str> = game
            .moves
            .iter()
            .map(|m| &text[m.span[0]..m.span[1]])
            .collect();
        assert_eq!(written.len(), 20, "{written:?}");
        assert_eq!(written[4], "F65");
        assert_eq!(written[12], "Fb8");
        assert_eq!(written[19], "Hbd7");
        assert_eq!(game.moves[12].san, "Bb3");
        assert!(game.moves[13].after_fix);
        let errors: Vec<&str> = game
            .findings
            .iter()
            .filter(|f| f.severity == "error")
            .map(|f| f.written.as_str())
            .collect();
        assert_eq!(errors, ["F65", "Fb8"]);
    }

    #[test]
    fn a_fix_in_descriptive_notation_is_written_as_the_text_writes() {
        let text = "RUY LOPEZ.\n\nWhite. Black.\n1. P-K 4 P-K 4\n2. Kt-K B 5 Kt-Q B 3\n\
                    3. B-Kt 5 P-Q R 3\n4. B-R 4 Kt-B 3\n5. Castles B-K 2\n";
        let game = &inspect(text, &Options::default()).games[0];
        assert_eq!(game.notation, "descriptive");
        let finding = &game.findings[0];
        assert_eq!(
            (finding.kind, finding.suggestion.as_str()),
            ("illegal", "Nf3")
        );
        let fix = &finding.fixes[0];
        assert_eq!(fix.replacement, "Kt-K B 3");
        let [from, to] = fix.place.span;
        assert_eq!(&text[from..to], "Kt-K B 5");
        let fixed = format!("{}{}{}", &text[..from], fix.replacement, &text[to..]);
        let game = &inspect(&fixed, &Options::default()).games[0];
        assert_ne!(game.status, "rejected", "{:?}", game.findings);
        assert_eq!(game.moves.len(), 10);
    }

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

    #[test]
    fn spans_count_utf16_units_after_wide_characters() {
        let text = "Világos: Kovács — „Sötét”\n1. e4 e5 2. Hf3 Hc6 *";
        let reading = inspect(text, &Options::default());
        let m = &reading.games[0].moves[2];
        assert_eq!(&text[m.span[0]..m.span[1]], "Hf3");
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(String::from_utf16_lossy(&units[m.at[0]..m.at[1]]), "Hf3");
    }
}
