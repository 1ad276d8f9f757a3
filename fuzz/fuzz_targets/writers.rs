//! The writers: for a legal game built from the fuzz bytes (each byte
//! chooses the next move among the legal ones, from the usual start or
//! from positions rich in promotions, castling and en passant), every
//! notation `output::render` writes reads back to the same moves (a
//! quarter of the notations and languages per input, chosen by its first
//! byte); and
//! move by move, `notation::san::san`, `notation::descriptive::describe` and
//! `iccf::write` give text that the parsers resolve to that very move.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::notation::descriptive::write::describe;
use scoresheet::engine::origins::Origins;
use scoresheet::engine::moves::destination;
use scoresheet::engine::resolve::{Resolution, resolve_readings, resolve_with};
use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::iccf::{self, Promotion};
use scoresheet::notation::{descriptive, san};
use scoresheet::output::{Style, render as render_game};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

mod common;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pPpp1ppp/8/3Pp3/8/8/PpPP1PPP/R3K2R w KQkq e6 0 1",
    "r1b1k2r/1P3pp1/2n5/8/8/5N2/1p3PP1/R1B1K2R b KQkq - 0 20",
    "8/PPP2PPP/3k4/8/8/3K4/ppp2ppp/8 w - - 0 40",
    "1n2k1n1/P6P/8/2pP4/8/8/p6p/1N2K1N1 w - c6 0 30",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "2b1kb2/8/8/2N1N3/8/2N1N3/8/R3K2R w KQ - 0 1",
];

fn start(index: u8) -> (Chess, Option<&'static str>) {
    let fen = STARTS[usize::from(index) % STARTS.len()];
    let pos = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_else(|| panic!("start position {fen:?} is not legal"));
    (pos, (index as usize % STARTS.len() != 0).then_some(fen))
}

fn check_move(pos: &Chess, m: Move, origins: &Origins) {
    for lang in Language::all() {
        let written = san::san(pos, m, lang);
        let pattern = san::parse(&written, lang).unwrap_or_else(|e| {
            panic!(
                "{}: {m:?} written {written:?} does not parse: {e:?}",
                lang.code
            )
        });
        match resolve_with(pos, &pattern, None) {
            Resolution::Unique(got) if got == m => {}
            other => panic!(
                "{}: {m:?} in {} written {written:?} resolves to {other:?}",
                lang.code,
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            ),
        }
        if lang.descriptive.is_some() {
            let written = describe(lang, pos, m, Some(origins));
            let readings = descriptive::parse(&written, lang, pos.turn()).unwrap_or_else(|e| {
                panic!(
                    "{}: {m:?} described {written:?} does not parse: {e:?}",
                    lang.code
                )
            });
            match resolve_readings(pos, &readings, Some(origins)) {
                Resolution::Unique(got) if got == m => {}
                other => panic!(
                    "{}: {m:?} in {} described {written:?} resolves to {other:?}",
                    lang.code,
                    Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
                ),
            }
        }
    }
    for convention in [Promotion::Iccf, Promotion::Hungarian] {
        let from = m.from().expect("a move on the board");
        let written = iccf::write(from, destination(&m), m.promotion(), convention);
        let readings = iccf::parse(&written, convention, pos.turn()).unwrap_or_else(|e| {
            panic!("{m:?} written {written:?} ({convention:?}) does not parse: {e:?}")
        });
        match resolve_readings(pos, &readings, None) {
            Resolution::Unique(got) if got == m => {}
            other => panic!("{m:?} written {written:?} ({convention:?}) resolves to {other:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let (mut pos, fen) = start(first);
    let mut origins = Origins::new(&pos);
    let mut text = String::new();
    if let Some(fen) = fen {
        text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n"));
    }
    let mut want = Vec::new();
    for (i, &choice) in choices.iter().take(300).enumerate() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(choice) % legal.len()];
        check_move(&pos, m, &origins);
        match pos.turn() {
            Color::White => text.push_str(&format!("{}. ", pos.fullmoves())),
            Color::Black if i == 0 => text.push_str(&format!("{}... ", pos.fullmoves())),
            Color::Black => {}
        }
        text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        text.push(' ');
        origins.play(m);
        want.push(m);
    }
    if want.is_empty() {
        // A game without moves is rejected by design.
        return;
    }
    text.push('*');
    let english = common::moves_with(&text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("the game as written does not read: {text}\n{e}"));
    assert_eq!(
        english, want,
        "the game as written reads as other moves: {text}"
    );
    let game = read(&text, &ReadOptions::default());
    // A quarter of the written forms per input, chosen by the first byte,
    // keeps each run fast; the move-by-move checks cover every language.
    let share = usize::from(first) / STARTS.len() % 4;
    let forms = common::forms()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 4 == share);
    for (_, (format, lang, iccf, notation)) in forms {
        let style = Style {
            lang,
            iccf,
            every_ply: false,
        };
        let written = render_game(&game, format, &style);
        let got = common::moves_with(&written, &common::options(lang, iccf, notation))
            .unwrap_or_else(|e| {
                panic!(
                    "{format:?} in {}: {written}\ndoes not read back: {e}",
                    lang.code
                )
            });
        if got != want {
            let ply = got
                .iter()
                .zip(&want)
                .position(|(g, w)| g != w)
                .unwrap_or(got.len().min(want.len()));
            panic!(
                "{format:?} in {}: {written}\nreads back as other moves: ply {} is {:?}, read as {:?} ({} moves written, {} read)",
                lang.code,
                ply + 1,
                want.get(ply),
                got.get(ply),
                want.len(),
                got.len()
            );
        }
    }
});
