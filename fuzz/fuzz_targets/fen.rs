//! `notation::fen::parse_fen` and `parse_piece_list` with automatic or
//! fixed letters: no panic; a FEN they return is standard, parses back
//! with shakmaty to a legal position that writes the very same FEN, and
//! reads back unchanged with English letters.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::game::Letters;
use scoresheet::lang::Language;
use scoresheet::notation::fen::{parse_fen, parse_piece_list};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

mod common;

fn check(input: &str, fen: &str, what: &str) -> Chess {
    let parsed: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("{what} {input:?} gives {fen:?}, not a FEN: {e}"));
    let pos: Chess = parsed
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{what} {input:?} gives {fen:?}, not a legal position: {e}"));
    let again = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    assert_eq!(
        again, fen,
        "{what} {input:?}: the FEN is not shakmaty's own"
    );
    let english = parse_fen(fen, Letters::Fixed(Language::english())).unwrap_or_else(|e| {
        panic!("{what} {input:?} gives {fen:?}, which does not read back: {e}")
    });
    assert_eq!(
        english.fen, fen,
        "{what} {input:?}: the FEN reads back as another"
    );
    pos
}

fuzz_target!(|data: &[u8]| {
    let Some((config, text)) = common::config_and_text(data) else {
        return;
    };
    let all = Language::all();
    let letters = match usize::from(config & 0x7f) % (all.len() + 1) {
        0 => Letters::Auto,
        i => Letters::Fixed(&all[i - 1]),
    };
    let turn = if config & 0x80 == 0 {
        Color::White
    } else {
        Color::Black
    };
    if let Ok(reading) = parse_fen(text, letters) {
        check(text, &reading.fen, "FEN");
    }
    if let Ok(reading) = parse_piece_list(text, letters, turn) {
        let pos = check(text, &reading.fen, "piece list");
        assert_eq!(pos.turn(), turn, "piece list {text:?}: wrong side to move");
    }
});
