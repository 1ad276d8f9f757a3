//! The whole path, `Converter::convert_game`, for several input
//! notations and letter sets and every output format: no panic. Then the
//! round trip: a game that converts to PGN converts again (letters and
//! notation detected) to the very same PGN, and its SAN in another
//! language, read back with that language fixed, gives that PGN too.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::Converter;
use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;
use scoresheet::output::{Format, Style, render};
use scoresheet::pgn::split::Splitter;

mod common;
#[path = "common/convert_options.rs"]
mod convert_options;

use convert_options::convert_options;

const FORMATS: &[Format] = &[
    Format::Pgn,
    Format::San,
    Format::Lan,
    Format::Uci,
    Format::Iccf,
    Format::Descriptive,
    Format::Figurine,
    Format::Spoken,
    Format::Fen,
    Format::Epd,
    Format::Json,
    Format::None,
];

fuzz_target!(|data: &[u8]| {
    let Some((config, text)) = common::config_and_text(data) else {
        return;
    };
    let (notation, letters, to_lang) = convert_options(config);
    let reader = Converter::new().from(notation).letters(letters);
    for raw in Splitter::new(text.as_bytes()).take(4) {
        let Ok(raw) = raw else { return };
        if raw.oversized.is_some() {
            continue;
        }
        let game_text = raw.text.as_str();
        // Every format, in the letters chosen, from one reading.
        let options = ReadOptions {
            notation,
            letters,
            iccf_promotion: Promotion::Iccf,
            start: None,
        };
        let game = read(game_text, &options);
        let style = Style {
            lang: to_lang,
            ..Style::default()
        };
        for &format in FORMATS {
            if format.check(&style).is_ok() {
                let _ = render(&game, format, &style);
            }
        }
        let converted = reader.convert_game(game_text);
        assert_eq!(
            converted.rejected,
            game.is_rejected(),
            "{game_text:?}: convert_game and read disagree"
        );
        let Some(pgn) = converted.output else {
            continue;
        };
        let again = Converter::new().convert_game(&pgn);
        assert!(
            !again.rejected,
            "{game_text:?} gives PGN that is rejected:\n{pgn}\n{:?}",
            again.findings
        );
        assert_eq!(
            again.output.as_deref(),
            Some(pgn.as_str()),
            "{game_text:?}: its PGN converts to another PGN"
        );
        let san = reader
            .to(Format::San)
            .to_lang(to_lang)
            .convert_game(game_text)
            .output
            .unwrap_or_else(|| panic!("{game_text:?} converts to PGN but not to SAN"));
        let back = Converter::new()
            .from(Some(Notation::San))
            .letters(Letters::Fixed(to_lang))
            .convert_game(&san);
        assert!(
            !back.rejected,
            "{game_text:?}: its SAN in {} is rejected:\n{san}\n{:?}",
            to_lang.code, back.findings
        );
        assert_eq!(
            back.output.as_deref(),
            Some(pgn.as_str()),
            "{game_text:?}: its SAN in {} reads back as another game:\n{san}",
            to_lang.code
        );
    }
});
