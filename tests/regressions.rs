//! Every input that fuzzing once found failing, kept in
//! `fixtures/regressions/`, checked for the property it broke.

mod common;

use std::fs;
use std::path::Path;

use scoresheet::convert::Converter;
use scoresheet::game::{Letters, ReadOptions};
use scoresheet::lang::Language;
use scoresheet::notation::{descriptive, san};
use scoresheet::output::{Style, render};
use shakmaty::Color;

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
            Some("convert") => {
                // The first byte chose the options; a game that converts
                // to PGN converts again to the very same PGN.
                let game = &text[1..];
                let converter = Converter::new();
                if let Some(pgn) = converter.convert_game(game).output {
                    let again = converter.convert_game(&pgn);
                    assert_eq!(again.output.as_deref(), Some(pgn.as_str()), "{name}");
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
