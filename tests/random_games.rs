//! Property test: seeded random legal games, written in every language
//! with the spelling variants real texts use (capture marks, castling,
//! promotion and check styles, move numbers), read back to the same moves.

mod common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::san::write::translate_san;
use scoresheet::output::{Style, render};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

/// A random legal game of at most `plies` half-moves.
fn random_game(rng: &mut StdRng, plies: usize) -> Vec<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut game = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(&m) = moves.choose(rng) else { break };
        game.push((pos.clone(), m));
        pos.play_unchecked(m);
    }
    game
}

/// SAN of `m` in `lang`, spelt in one of the ways real texts spell it.
fn spell(rng: &mut StdRng, pos: &Chess, m: Move, lang: &Language) -> String {
    let san = translate_san(&SanPlus::from_move(pos.clone(), m).to_string(), lang);
    let mate_marks: &[&str] = if ["hu", "fi"].contains(&lang.code.as_str()) {
        &["#", "‡", "++"]
    } else {
        &["#", "‡", "mate"]
    };
    let mut out = san.clone();
    if let Some(rest) = out.strip_suffix('#') {
        out = format!("{rest}{}", mate_marks.choose(rng).unwrap());
    } else if let Some(rest) = out.strip_suffix('+') {
        out = format!("{rest}{}", ["+", "ch", "†"].choose(rng).unwrap());
    }
    if out.starts_with("O-O") {
        let style = *["O-O", "0-0", "0–0", "OO"].choose(rng).unwrap();
        let long = out.starts_with("O-O-O");
        let base = if long { "O-O-O" } else { "O-O" };
        let spelt = match style {
            "0-0" => base.replace('O', "0"),
            "0–0" => base.replace('O', "0").replace('-', "–"),
            "OO" => base.replace('-', ""),
            _ => base.to_owned(),
        };
        out = format!("{spelt}{}", &out[base.len()..]);
    }
    if let Some(i) = out.find('=') {
        let style = *["=", "", "/", "("].choose(rng).unwrap();
        let piece_end = i + 1 + out[i + 1..].chars().next().map_or(0, char::len_utf8);
        let piece = &out[i + 1..piece_end];
        let spelt = if style == "(" {
            format!("({piece})")
        } else {
            format!("{style}{piece}")
        };
        out = format!("{}{spelt}{}", &out[..i], &out[piece_end..]);
    }
    if out.contains('x') {
        out = out.replace('x', ["x", ":", "×"].choose(rng).unwrap());
    }
    out
}

fn write(rng: &mut StdRng, game: &[(Chess, Move)], lang: &Language) -> String {
    let mut text = String::new();
    for (i, (pos, m)) in game.iter().enumerate() {
        let number = pos.fullmoves();
        match pos.turn() {
            Color::White => text.push_str(&format!(
                "{number}{} ",
                [".", ". ", ")"].choose(rng).unwrap()
            )),
            Color::Black if i == 0 => text.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        text.push_str(&spell(rng, pos, *m, lang));
        text.push(' ');
    }
    text.push('*');
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_read_back_in_every_notation(seed: u64, plies in 1usize..160) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, plies);
        let want: Vec<Move> = game.iter().map(|(_, m)| *m).collect();
        let english = write(&mut rng, &game, Language::english());
        let read_game = read(&english, &ReadOptions::default());
        for (format, lang, iccf, notation) in common::forms() {
            let style = Style { lang, iccf, every_ply: false };
            let written = render(&read_game, format, &style);
            let given = ReadOptions { notation: Some(notation), letters: Letters::Fixed(lang), iccf_promotion: iccf, start: None };
            let got = common::moves_with(&written, &given);
            prop_assert_eq!(got.as_ref(), Ok(&want), "{:?} in {}: {}", format, lang.code, written);
        }
    }

    #[test]
    fn random_games_read_back_in_every_language(seed: u64, plies in 1usize..160) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, plies);
        let want: Vec<Move> = game.iter().map(|(_, m)| *m).collect();
        for lang in Language::all() {
            let text = write(&mut rng, &game, lang);
            let got = common::moves(&text, Letters::Fixed(lang));
            prop_assert_eq!(got.as_ref(), Ok(&want), "{}: {}", lang.code, text);
            if rng.random_bool(0.25) {
                // A short text can read legally in several letter sets
                // (`Sh3` is a Czech bishop and an English knight): detection
                // must find a whole reading, and when it names the writer's
                // letter set, the very same moves.
                let game = read(&text, &ReadOptions::default());
                prop_assert!(!game.is_rejected(), "{} detected: {}: {:?}", lang.code, text, game.findings);
                if game.letters.split('/').any(|code| code == lang.code) {
                    let detected = common::moves(&text, Letters::Auto);
                    prop_assert_eq!(detected.as_ref(), Ok(&want), "{} detected: {}", lang.code, text);
                }
            }
        }
    }
}
