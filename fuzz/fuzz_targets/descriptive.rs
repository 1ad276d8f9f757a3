//! `notation::descriptive::parse` in English and Hungarian for both
//! sides: no panic; a token parses identically twice; it parses for
//! White exactly when it parses for Black, and Black's readings are
//! White's mirrored (squares are counted from the mover's side); some
//! reading has an origin and a destination.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::lang::Language;
use scoresheet::model::Readings;
use scoresheet::notation::descriptive;
use shakmaty::Color;

mod common;

fn mirror(readings: &Readings) -> Readings {
    Readings {
        first: common::mirrored(&readings.first),
        more: readings.more.iter().map(common::mirrored).collect(),
    }
}

fuzz_target!(|token: &str| {
    for code in ["en", "hu"] {
        let Some(lang) = Language::builtin(code) else {
            continue;
        };
        let white = descriptive::parse(token, lang, Color::White);
        let black = descriptive::parse(token, lang, Color::Black);
        assert_eq!(
            white,
            descriptive::parse(token, lang, Color::White),
            "{code}: {token:?} parses two ways"
        );
        assert_eq!(
            black,
            descriptive::parse(token, lang, Color::Black),
            "{code}: {token:?} parses two ways"
        );
        match (&white, &black) {
            (Ok(w), Ok(b)) => {
                // A wing word gives readings by origin and by side; one of
                // them may be impossible, but not all.
                assert!(
                    w.iter()
                        .any(|p| !p.from.is_empty() && (!p.to.is_empty() || p.castle.is_some())),
                    "{code}: {token:?} gives {w:?}: no reading has an origin and a destination"
                );
                assert_eq!(
                    &mirror(w),
                    b,
                    "{code}: {token:?}: Black's readings are not White's mirrored"
                );
            }
            (Err(_), Err(_)) => {}
            _ => panic!(
                "{code}: {token:?} reads for one side only: White {white:?}, Black {black:?}"
            ),
        }
    }
});
