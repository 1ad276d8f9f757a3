//! Every input that fuzzing once found failing, kept in
//! `fixtures/regressions/`, checked for the property it broke.

mod common;
#[path = "../fuzz/fuzz_targets/common/convert_options.rs"]
mod convert_options;

use convert_options::convert_options;

use std::fs;
use std::path::Path;

use scoresheet::convert::Converter;
use scoresheet::document::{self, Tolerance};
use scoresheet::game::{Letters, ReadOptions};
use scoresheet::lang::Language;
use scoresheet::notation::{Notation, descriptive, san};
use scoresheet::output::Format;
use scoresheet::output::{Style, render};
use scoresheet::pgn::split::Splitter;
use scoresheet::replay::Event;
use shakmaty::{Chess, Color, Position};

#[test]
fn fuzzing_regressions_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/regressions");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".txt") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        match name.split('-').next() {
            Some("san") => {
                // A token that reads must be one some move could meet.
                for lang in Language::all() {
                    if let Ok(p) = san::parse(text.trim_end(), lang) {
                        assert!(
                            !p.from.is_empty() && !p.to.is_empty() && p.from != p.to,
                            "{name} in {}",
                            lang.code
                        );
                        assert!(
                            !matches!(
                                p.promotion,
                                Some(shakmaty::Role::King | shakmaty::Role::Pawn)
                            ),
                            "{name}"
                        );
                        let marked = format!("{}!", text.trim_end());
                        assert_eq!(
                            san::parse(&marked, lang).map(|m| m.to),
                            Ok(p.to),
                            "{name}: the two readers differ"
                        );
                    }
                }
            }
            Some("descriptive") => {
                for lang in ["en", "hu"] {
                    let lang = Language::builtin(lang).unwrap();
                    for turn in [Color::White, Color::Black] {
                        if let Ok(r) = descriptive::parse(text.trim_end(), lang, turn) {
                            assert!(
                                r.iter().all(|p| !p.from.is_empty() && !p.to.is_empty()),
                                "{name}"
                            );
                        }
                    }
                }
            }
            Some("document") => {
                // The document reader's main line replays legally, one
                // event a half-move, as many as it says, guessing or not.
                let start = Chess::default();
                for tolerance in [Tolerance::Misprints, Tolerance::Guesses] {
                    let doc = document::read(&text, &start, &ReadOptions::default(), tolerance);
                    let mut pos = start.clone();
                    let mut plies = 0;
                    for event in &doc.replay.events {
                        if let Event::Move { mv, .. } = event {
                            assert!(pos.is_legal(*mv), "{name}: an illegal move");
                            pos.play_unchecked(*mv);
                            plies += 1;
                        }
                    }
                    assert_eq!(plies, doc.replay.main_plies, "{name}");
                }
            }
            Some("convert") => {
                // The first byte chose the options, as in the fuzz target.
                let config = text.as_bytes()[0];
                for raw in Splitter::new(&text.as_bytes()[1..]) {
                    let raw = raw.unwrap();
                    convert_round_trips(&name, config, raw.text.as_str());
                }
            }
            Some("writers") => {
                let lang = if name.contains("-ru-") { "ru" } else { "en" };
                let letters = Letters::Fixed(Language::builtin(lang).unwrap());
                let want = common::moves(&text, letters).unwrap_or_else(|e| panic!("{name}: {e}"));
                let game = scoresheet::game::read(
                    &text,
                    &ReadOptions {
                        letters,
                        ..ReadOptions::default()
                    },
                );
                for (format, lang, iccf, notation) in common::forms() {
                    let written = render(
                        &game,
                        format,
                        &Style {
                            lang,
                            iccf,
                            every_ply: false,
                        },
                    );
                    let back = ReadOptions {
                        notation: Some(notation),
                        letters: Letters::Fixed(lang),
                        iccf_promotion: iccf,
                        start: None,
                    };
                    assert_eq!(
                        common::moves_with(&written, &back).as_ref(),
                        Ok(&want),
                        "{name} as {format:?} in {}",
                        lang.code
                    );
                }
            }
            _ => panic!("{name}: unknown kind of regression"),
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} regressions");
}

/// The `convert` target's property: a game that converts to PGN converts
/// again to the very same PGN, and so does its SAN in another language
/// read back with that language.
fn convert_round_trips(name: &str, config: u8, game: &str) {
    let (notation, letters, to_lang) = convert_options(config);
    let reader = Converter::new().from(notation).letters(letters);
    let Some(pgn) = reader.convert_game(game).output else {
        return;
    };
    let again = Converter::new().convert_game(&pgn);
    assert_eq!(again.output.as_deref(), Some(pgn.as_str()), "{name}");
    let san = reader
        .to(Format::San)
        .to_lang(to_lang)
        .convert_game(game)
        .output
        .unwrap_or_else(|| panic!("{name}: converts to PGN but not to SAN"));
    let back = Converter::new()
        .from(Some(Notation::San))
        .letters(Letters::Fixed(to_lang))
        .convert_game(&san);
    assert_eq!(
        back.output.as_deref(),
        Some(pgn.as_str()),
        "{name}: its SAN in {} reads back as another game:\n{san}",
        to_lang.code
    );
}
