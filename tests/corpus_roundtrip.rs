//! Every game of the two 1 MB corpus samples, written by the tool in each
//! language's SAN, reads back to identical moves (main line and
//! variations), with the language given and with detection.

mod common;

use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::pgn::split::Splitter;
use scoresheet::pgn::writer::write_pgn;

fn round_trip(file: &str) {
    let Some(path) = common::corpus(file) else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = 0;
    for raw in Splitter::new(text.as_bytes()) {
        let raw = raw.unwrap();
        let game = read(&raw.text, &ReadOptions::default());
        assert!(
            !game.is_rejected(),
            "{file} game {}: {:?}",
            raw.index,
            game.findings
        );
        let want = common::moves(&raw.text, Letters::Auto).unwrap();
        for lang in Language::all() {
            let mut written = String::new();
            write_pgn(&mut written, &game, lang);
            let fixed = common::moves(&written, Letters::Fixed(lang));
            assert_eq!(
                fixed.as_ref(),
                Ok(&want),
                "{file} game {} in {}:\n{written}",
                raw.index,
                lang.code
            );
            let detected = common::moves(&written, Letters::Auto);
            assert_eq!(
                detected.as_ref(),
                Ok(&want),
                "{file} game {} in {}, detected:\n{written}",
                raw.index,
                lang.code
            );
        }
        games += 1;
    }
    assert!(games > 400, "{file}: only {games} games");
}

#[test]
fn lichess_sample_round_trips_through_every_language() {
    round_trip("lichess-2025-05-sample.pgn");
}

#[test]
fn twic_sample_round_trips_through_every_language() {
    round_trip("twic1599-sample.pgn");
}
