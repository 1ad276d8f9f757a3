//! Every game of the two 1 MB corpus samples, written by the tool in
//! every notation and language it reads, reads back to identical moves
//! (main line and variations): with the notation and language given, and
//! with both detected.

mod common;

use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::output::{Style, render};
use scoresheet::pgn::split::Splitter;

fn round_trip(file: &str) {
    let Some(path) = common::corpus(file) else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let forms = common::forms();
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
        for (format, lang, iccf, notation) in &forms {
            let style = Style {
                lang,
                iccf: *iccf,
                every_ply: false,
            };
            let written = render(&game, *format, &style);
            let letters = Letters::Fixed(lang);
            let given = ReadOptions {
                notation: Some(*notation),
                letters,
                iccf_promotion: *iccf,
                start: None,
            };
            let what = format!("{file} game {} as {format:?} in {}", raw.index, lang.code);
            assert_eq!(
                common::moves_with(&written, &given).as_ref(),
                Ok(&want),
                "{what}:\n{written}"
            );
            let detected = ReadOptions {
                iccf_promotion: *iccf,
                ..ReadOptions::default()
            };
            assert_eq!(
                common::moves_with(&written, &detected).as_ref(),
                Ok(&want),
                "{what}, detected:\n{written}"
            );
        }
        games += 1;
    }
    assert!(games > 400, "{file}: only {games} games");
}

#[test]
fn lichess_sample_round_trips_through_every_notation_and_language_or_skips_without_the_corpus() {
    round_trip("lichess-2025-05-sample.pgn");
}

#[test]
fn twic_sample_round_trips_through_every_notation_and_language_or_skips_without_the_corpus() {
    round_trip("twic1599-sample.pgn");
}
