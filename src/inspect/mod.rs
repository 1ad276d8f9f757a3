//! One text read for proofreading: every game with the place in the text
//! of each move read and of each finding, and the edits that fix them.
//!
//! The proofreading page (`scoresheet serve`) shows a text beside the
//! games read from it; it needs what the converter writes (the verified
//! PGN, the findings, the audit rows) and also where each of them stands
//! in the text. [`inspect_each`] splits a text into games, converts each
//! with a [`Converter`] exactly as `scoresheet convert` does, reads it
//! again with [`game::read`] for the spans of its moves, turns each
//! finding's suggestion into [`Fix`]es (replacements of a byte range of
//! the text, written in the text's own notation and letters), and hands
//! the game on before it reads the next, so that a large text's games are
//! never all held at once. `inspect` gathers them, for the tests.
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

mod fixes;
mod line;
mod units;

use std::time::Instant;

use serde::Serialize;
use shakmaty::Chess;

use crate::audit::{ReportWriter, Row};
use crate::convert::{Converted, Converter};
use crate::game::{self, Letters, ReadOptions};
use crate::decode::TextEncoding;
use crate::notation::Notation;
use crate::output::Format;
use crate::pgn::split::{Splitter, lone_cr_to_lf};
use crate::place::{Locator, SourceMap};
use crate::repair;
use fixes::{fixes, write_style};
use line::main_line;
use units::Utf16;

/// How to read the text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// The notation of the moves; `None` detects it per game.
    pub notation: Option<Notation>,
    /// The piece letters.
    pub letters: Letters<'a>,
    /// No game is started after this instant: the games after it are
    /// left unread and [`Rest::unread`] says so.
    pub deadline: Option<Instant>,
    /// The file name written in the report's `file` column.
    pub file: &'a str,
}

/// A text read.
#[cfg(any(test, feature = "internals"))]
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

/// Reads every game of `text` as [`Options`] say.
#[cfg(any(test, feature = "internals"))]
pub fn inspect(text: &str, options: &Options<'_>) -> Reading {
    let mut games = Vec::new();
    let Ok(Rest { unread, csv }) = inspect_each(text, options, |game| {
        games.push(game);
        Ok::<(), std::convert::Infallible>(())
    });
    Reading { games, unread, csv }
}

/// What a reading holds besides its games.
#[derive(Debug, Clone)]
pub struct Rest {
    /// Why some games were not read, if they were not.
    pub unread: Option<String>,
    /// The audit report of every game, as `scoresheet audit` writes it.
    pub csv: String,
}

/// Reads every game of `text` as [`Options`] say, handing each to `each`
/// as soon as it is read, so that only one game's view is held at a
/// time: what [`inspect`] gathers, for a caller that writes it out.
///
/// # Errors
///
/// Stops at the first error of `each`, and returns it.
pub fn inspect_each<E>(
    text: &str,
    options: &Options<'_>,
    mut each: impl FnMut(GameView) -> Result<(), E>,
) -> Result<Rest, E> {
    let converter = Converter::new()
        .from(options.notation)
        .letters(options.letters)
        .to(Format::Pgn);
    let read_options = ReadOptions {
        notation: options.notation,
        letters: options.letters,
        ..ReadOptions::default()
    };
    let mut units = Utf16::new(text);
    let mut unread = None;
    let mut csv = Vec::new();
    let mut report = ReportWriter::new(&mut csv);
    let mut rows = false;
    let mut source = SourceMap::new(TextEncoding::Standard(encoding_rs::UTF_8), 0);
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
        let converted = converter.convert_raw(&raw);
        let start = source.game_start(&raw);
        let mut locator = Locator::new(&raw, &source, start);
        for finding in &converted.findings {
            let row = Row::new(
                options.file,
                raw.index,
                locator.locate(finding.offset.map_or(0, u64::from)),
                (&converted.white, &converted.black),
                finding,
            );
            rows |= report.write(&row).is_ok();
        }
        // Read as the converter read it: lone CRs as line ends (one byte
        // for one, so places in the text stay).
        let game_text = lone_cr_to_lf(&raw.text);
        let mut game = view(&game_text, raw.index, raw.byte as usize, &converted, &read_options);
        units.fill(&mut game);
        each(game)?;
    }
    // Writing to memory cannot fail.
    let _ = report.finish(rows);
    Ok(Rest {
        unread,
        csv: String::from_utf8_lossy(&csv).into_owned(),
    })
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
            severity: f.severity.as_str(),
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
        view.fixes = fixes(text, finding, &searched, &style)
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

fn fen(pos: &Chess) -> String {
    crate::notation::fen::standard(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_mac_line_ends_and_a_cut_game_read_as_the_converter_reads_them() {
        let text = "[Event \"a\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r[Result \"1-0\"]\r\r1. d4 d5 2. c";
        let reading = inspect(text, &Options::default());
        assert_eq!(reading.games.len(), 2);
        let second = &reading.games[1];
        let [from, to] = second.moves[1].span;
        assert_eq!(&text[from..to], "d5");
        assert!(second.findings.iter().any(|f| f.message.contains("cut short")));
    }

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
        // Read past each misprint as the legal move it is nearest to.
        assert_eq!(game.moves[4].san, "Bb5");
        assert_eq!(game.moves[12].san, "Bb3");
        assert_eq!(game.moves[19].san, "Nbd7");
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
        let finding = game
            .findings
            .iter()
            .find(|f| f.kind != "letter-set")
            .unwrap();
        assert_eq!(
            (finding.kind, finding.suggestion.as_str()),
            ("illegal", "Nf3")
        );
        let fix = &finding.fixes[0];
        assert_eq!(fix.replacement, "N-KB3");
        let [from, to] = fix.place.span;
        assert_eq!(&text[from..to], "Kt-K B 5");
        let fixed = format!("{}{}{}", &text[..from], fix.replacement, &text[to..]);
        let game = &inspect(&fixed, &Options::default()).games[0];
        assert_ne!(game.status, "rejected", "{:?}", game.findings);
        assert_eq!(game.moves.len(), 10);
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
