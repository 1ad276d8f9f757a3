//! What is written for a converted game, in every output format.
//!
//! Move notations (SAN, LAN, UCI, ICCF, descriptive, figurine, spoken)
//! write the game as a scoresheet: the tags it was read with, numbered
//! movetext with its comments and variations, the result. PGN writes the
//! export format. FEN and EPD write the final position, or one per ply.
//! JSON writes one object per line.
//!
//! ```
//! use scoresheet::game::{read, ReadOptions};
//! use scoresheet::output::{render, Format, Style};
//!
//! let game = read("1. e4 e5 2. Nf3 *", &ReadOptions::default());
//! let iccf = render(&game, Format::Iccf, &Style::default());
//! assert_eq!(iccf, "1. 5254 5755 2. 7163 *\n\n");
//! ```

use serde_json::{Map, Value, json};
use shakmaty::fen::Epd;
use shakmaty::{Chess, EnPassantMode};

use crate::notation::write::MoveStyle;
use crate::notation::{fen, san};
use crate::replay::walk::{Step, main_positions, walk};
use crate::game::Game;
use crate::lang::Language;
use crate::notation::iccf::Promotion;
use crate::pgn::writer;

/// An output format. With the `cli` feature these are the values of
/// `--to`, described by these lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Format {
    /// PGN export format.
    #[default]
    Pgn,
    /// Standard algebraic, as a scoresheet (--to-lang for the letters).
    San,
    /// Long algebraic (`Ng1-f3`).
    Lan,
    /// UCI coordinates (`g1f3`).
    Uci,
    /// ICCF numeric (`7163`; --iccf-promotion for promotions).
    Iccf,
    /// Descriptive (`N-KB3`; --to-lang hu for Hungarian).
    Descriptive,
    /// Figurine algebraic (`♘f3`).
    Figurine,
    /// Spoken German for blind players (`Springer Felix drei`).
    Spoken,
    /// The final position as FEN (--every-ply for every position).
    Fen,
    /// The final position as EPD (--every-ply for every position).
    Epd,
    /// One JSON object per game: its number, tags, moves with comments,
    /// NAGs, clocks and variations, final FEN, findings.
    Json,
    /// Nothing: only findings (auditing).
    #[cfg_attr(feature = "cli", value(skip))]
    None,
}

/// How moves and positions are spelt in the output.
#[derive(Debug, Clone, Copy)]
pub struct Style<'a> {
    /// Letters for SAN, LAN, descriptive and national FEN.
    pub lang: &'a Language,
    /// Digits for ICCF promotions.
    pub iccf: Promotion,
    /// FEN and EPD for every ply instead of the final position.
    pub every_ply: bool,
}

impl Default for Style<'_> {
    fn default() -> Self {
        Style {
            lang: Language::english(),
            iccf: Promotion::Iccf,
            every_ply: false,
        }
    }
}

impl Format {
    /// The format `--to` names `name` (`pgn`, `san`, `lan`, `uci`,
    /// `iccf`, `descriptive`, `figurine`, `spoken`, `fen`, `epd`, `json`).
    pub fn named(name: &str) -> Option<Format> {
        Some(match name {
            "pgn" => Format::Pgn,
            "san" => Format::San,
            "lan" => Format::Lan,
            "uci" => Format::Uci,
            "iccf" => Format::Iccf,
            "descriptive" => Format::Descriptive,
            "figurine" => Format::Figurine,
            "spoken" => Format::Spoken,
            "fen" => Format::Fen,
            "epd" => Format::Epd,
            "json" => Format::Json,
            _ => return None,
        })
    }

    /// The move style of a notation format.
    fn moves<'a>(self, style: &Style<'a>) -> Option<MoveStyle<'a>> {
        Some(match self {
            Format::Pgn | Format::San => MoveStyle::San(style.lang),
            Format::Lan => MoveStyle::Lan(style.lang),
            Format::Uci => MoveStyle::Uci,
            Format::Iccf => MoveStyle::Iccf(style.iccf),
            Format::Descriptive => MoveStyle::Descriptive(style.lang),
            Format::Figurine => {
                MoveStyle::San(Language::builtin("figurine").unwrap_or(Language::english()))
            }
            Format::Spoken => MoveStyle::Spoken,
            Format::Fen | Format::Epd | Format::Json | Format::None => return None,
        })
    }

    /// Why `style` cannot write this format, if it cannot.
    pub fn check(self, style: &Style<'_>) -> Result<(), String> {
        match self {
            Format::Fen | Format::Epd => fen::write(&Chess::default(), style.lang)
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Format::Descriptive if style.lang.descriptive.is_none() => Err(format!(
                "the {} table has no descriptive notation (a [descriptive] section)",
                style.lang.name
            )),
            _ => Ok(()),
        }
    }
}

/// `game` in `format`; empty for [`Format::None`].
pub fn render(game: &Game<'_>, format: Format, style: &Style<'_>) -> String {
    let mut out = String::new();
    match format {
        Format::Pgn => writer::write_pgn(&mut out, game, MoveStyle::San(style.lang)),
        Format::Fen | Format::Epd => positions(&mut out, game, format, style),
        Format::Json => {
            out.push_str(&json(game).to_string());
            out.push('\n');
        }
        Format::None => {}
        _ => {
            if let Some(moves) = format.moves(style) {
                writer::write_text(&mut out, game, moves);
            }
        }
    }
    out
}

/// The main line's final position, or every position from the start
/// with `every_ply` (then a blank line ends the game).
fn positions(out: &mut String, game: &Game<'_>, format: Format, style: &Style<'_>) {
    let mut write = |pos: &Chess| {
        let text = match format {
            Format::Epd => Epd::from_position(pos, EnPassantMode::Legal).to_string(),
            _ => fen::write(pos, style.lang)
                .unwrap_or_else(|_| fen::standard(pos)),
        };
        out.push_str(&text);
        out.push('\n');
    };
    if !style.every_ply {
        write(&game.replay.end);
        return;
    }
    main_positions(&game.replay.events, &game.start, write);
    out.push('\n');
}

/// One game as JSON: tags, moves in SAN and UCI with their NAGs,
/// comments, clock times and variations, final FEN, result, the notation
/// and letters read, and the findings.
///
/// Each move is `{"san", "uci"}` with, when written, `"nags"` (numbers),
/// `"comments"` (texts after the move), `"clock"` (the `[%clk …]` of a
/// comment), `"draw_offer"`, and `"variations"`: lines, each a list of
/// such moves, played instead of this move. Comments before the first
/// move are the game's `"comments"`.
pub fn json(game: &Game<'_>) -> Value {
    let tags: Map<String, Value> = game
        .lexed
        .tags
        .iter()
        .map(|t| (t.name.clone(), Value::String(t.value.clone())))
        .collect();
    let (moves, comments) = json_moves(game);
    let findings: Vec<Value> = game
        .findings
        .iter()
        .map(|f| {
            json!({
                "kind": f.kind.as_str(),
                "ply": f.ply,
                "written": f.written,
                "message": f.message,
                "fen_before": f.fen_before,
                "suggestion": f.suggestion,
            })
        })
        .collect();
    let mut value = json!({
        "tags": tags,
        "notation": game.notation.name(),
        "letters": game.letters,
        "start": fen::standard(&game.start),
        "moves": moves,
        "result": game.result(),
        "fen": fen::standard(&game.replay.end),
        "findings": findings,
    });
    if !comments.is_empty() {
        value["comments"] = Value::from(comments);
    }
    value
}

/// The main line's moves, their variations within them; with the
/// comments written before the first move.
fn json_moves(game: &Game<'_>) -> (Vec<Value>, Vec<String>) {
    // The lines being written: the main line, then each variation open.
    let mut lines: Vec<Vec<Value>> = vec![Vec::new()];
    let mut before_first = Vec::new();
    walk(&game.replay.events, &game.start, false, |step, depth| {
        let Some(moves) = lines.last_mut() else {
            return;
        };
        match *step {
            Step::Move { mv, before, .. } => moves.push(json!({
                "san": san::san(before, mv, Language::english()),
                "uci": san::uci(before, mv),
            })),
            Step::Null { .. } => moves.push(json!({ "san": "--", "uci": "0000", "null": true })),
            Step::Nag(n) => push(moves, "nags", Value::from(n)),
            Step::Comment(token) => {
                let text = game.lexed.tokens[token as usize].text(game.text).trim();
                match moves.last_mut() {
                    Some(last) => {
                        if let Some(clock) = clock(text) {
                            last["clock"] = Value::from(clock);
                        }
                        push(moves, "comments", Value::from(text));
                    }
                    // Before the first move of the game (a variation's
                    // first comment has no move to go with either).
                    None if depth == 0 => before_first.push(text.to_owned()),
                    None => {}
                }
            }
            Step::DrawOffer => {
                if let Some(last) = moves.last_mut() {
                    last["draw_offer"] = Value::Bool(true);
                }
            }
            Step::Begin => lines.push(Vec::new()),
            Step::End => close_variation(&mut lines),
        }
    });
    // Variations left open (a game cut short) close where it stops.
    while lines.len() > 1 {
        close_variation(&mut lines);
    }
    (lines.pop().unwrap_or_default(), before_first)
}

/// Ends the innermost variation of `lines`: it goes to the variations of
/// the last move of the line around it. The main line stays.
fn close_variation(lines: &mut Vec<Vec<Value>>) {
    if lines.len() > 1 {
        let line = lines.pop().unwrap_or_default();
        if let Some(moves) = lines.last_mut() {
            push(moves, "variations", Value::from(line));
        }
    }
}

/// Adds `value` to the list `key` of the last move.
fn push(moves: &mut [Value], key: &str, value: Value) {
    if let Some(Value::Object(last)) = moves.last_mut() {
        match last.get_mut(key) {
            Some(Value::Array(list)) => list.push(value),
            _ => {
                last.insert(key.to_owned(), Value::Array(vec![value]));
            }
        }
    }
}

/// The time of a `[%clk 1:23:45]` command in a comment.
fn clock(comment: &str) -> Option<&str> {
    let start = comment.find("[%clk")? + "[%clk".len();
    let rest = &comment[start..];
    let end = rest.find(']')?;
    Some(rest[..end].trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ReadOptions, read};

    fn out(text: &str, format: Format, lang: &str) -> String {
        let game = read(text, &ReadOptions::default());
        let style = Style {
            lang: Language::builtin(lang).unwrap(),
            ..Style::default()
        };
        render(&game, format, &style)
    }

    #[test]
    fn every_move_notation() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 *";
        assert_eq!(
            out(text, Format::Lan, "en"),
            "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5xc6 d7xc6 5. O-O f7-f6 *\n\n"
        );
        assert_eq!(
            out(text, Format::Uci, "en"),
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1 f7f6 *\n\n"
        );
        assert_eq!(
            out(text, Format::Iccf, "en"),
            "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2536 4736 5. 5171 6766 *\n\n"
        );
        assert_eq!(
            out(text, Format::Descriptive, "en"),
            "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3 4. BxN QPxB 5. O-O P-B3 *\n\n"
        );
        assert_eq!(
            out(text, Format::Descriptive, "hu"),
            "1. G-K4 G-K4 2. H-KF3 H-VF3 3. F-H5 G-VB3 4. FxH VGxF 5. O-O G-F3 *\n\n"
        );
        assert_eq!(
            out(text, Format::Figurine, "en"),
            "1. e4 e5 2. ♘f3 ♘c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O f6 *\n\n"
        );
        let spoken = out(text, Format::Spoken, "en").replace('\n', " ");
        assert!(
            spoken.starts_with("1. Eva vier Eva fünf 2. Springer Felix drei"),
            "{spoken}"
        );
        assert!(
            spoken
                .contains("Läufer schlägt Cesar sechs David schlägt Cesar sechs 5. Kurze Rochade"),
            "{spoken}"
        );
    }

    #[test]
    fn positions_and_json() {
        let text = "[White \"A\"]\n1. e4 e5 *";
        assert_eq!(
            out(text, Format::Epd, "en"),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n"
        );
        let game = read(text, &ReadOptions::default());
        let every = render(
            &game,
            Format::Fen,
            &Style {
                every_ply: true,
                ..Style::default()
            },
        );
        assert_eq!(every.lines().count(), 4);
        let value: Value = serde_json::from_str(out(text, Format::Json, "en").trim()).unwrap();
        assert_eq!(value["tags"]["White"], "A");
        assert_eq!(value["moves"][1]["uci"], "e7e5");
    }

    #[test]
    fn json_keeps_comments_nags_clocks_and_variations() {
        let text = "[White \"A\"]\n{opening} 1. e4 {[%clk 0:59:58] best} $1 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) d6) 2. Nf3 *";
        let game = read(text, &ReadOptions::default());
        let value = json(&game);
        assert_eq!(value["comments"][0], "opening");
        let e4 = &value["moves"][0];
        assert_eq!(e4["san"], "e4");
        assert_eq!(e4["clock"], "0:59:58");
        assert_eq!(e4["comments"][0], "[%clk 0:59:58] best");
        assert_eq!(e4["nags"][0], 1);
        let e5 = &value["moves"][1];
        let sicilian = &e5["variations"][0];
        assert_eq!(sicilian[0]["san"], "c5");
        assert_eq!(sicilian[0]["comments"][0], "Sicilian");
        assert_eq!(sicilian[1]["san"], "Nf3");
        assert_eq!(sicilian[1]["variations"][0][0]["san"], "c3");
        assert_eq!(sicilian[2]["san"], "d6");
        assert_eq!(value["moves"][2]["san"], "Nf3");
    }
}
