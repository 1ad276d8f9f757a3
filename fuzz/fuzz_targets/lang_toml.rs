//! `lang::Language::from_toml` of any text: no panic; a table it accepts
//! can be used for everything a built-in one is used for (reading SAN,
//! descriptive and FEN, writing every notation, detecting letter sets)
//! without panicking.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use scoresheet::notation::san::write::translate_san;
use scoresheet::game::{Game, Letters, ReadOptions, read};
use scoresheet::lang::{Language, roles};
use scoresheet::notation::fen::{parse_fen, parse_piece_list};
use scoresheet::notation::{Notation, descriptive, san};
use scoresheet::output::{Format, Style, render};
use shakmaty::Color;

const GAME: &str = "[Event \"t\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 \
    6. Bf4 e6 7. h3 Bxf3 8. Qxf3 Bb4 9. Be2 Nd7 10. a3 O-O-O 11. axb4 Qxa1+ 12. Kd2 Qxh1 \
    13. Qxc6+ bxc6 14. Ba6# 1-0\n";

fn game() -> &'static Game<'static> {
    static GAME_READ: OnceLock<Game<'static>> = OnceLock::new();
    GAME_READ.get_or_init(|| {
        let game = read(GAME, &ReadOptions::default());
        assert!(!game.is_rejected(), "{:?}", game.findings);
        game
    })
}

fuzz_target!(|text: &str| {
    let Ok(lang) = Language::from_toml(text, "fuzz.toml") else {
        return;
    };
    for role in roles() {
        let letter = lang.letter(role);
        let _ = lang.piece_prefix(letter);
        let _ = lang.black_symbol(role);
    }
    let _ = lang.same_letters(Language::english());
    for token in [
        "Nf3", "e8=Q", "exd6", "O-O-O", "Kxe2+", "P-K4", "NxP(Q4)", "Q-KR5 ch",
    ] {
        let translated = translate_san(token, &lang);
        let _ = san::parse(token, &lang);
        let _ = san::parse(&translated, &lang);
        let _ = descriptive::parse(token, &lang, Color::White);
        let _ = descriptive::parse(&translated, &lang, Color::Black);
    }
    let _ = parse_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Letters::Fixed(&lang),
    );
    let _ = parse_piece_list(
        "White: Kg1, Qe2, a3; Black: Kg8, h7",
        Letters::Fixed(&lang),
        Color::White,
    );
    let game = game();
    let style = Style {
        lang: &lang,
        ..Style::default()
    };
    for format in [
        Format::Pgn,
        Format::San,
        Format::Lan,
        Format::Descriptive,
        Format::Fen,
        Format::Json,
    ] {
        if format.check(&style).is_err() {
            continue;
        }
        let written = render(game, format, &style);
        if matches!(
            format,
            Format::Pgn | Format::San | Format::Lan | Format::Descriptive
        ) {
            let notation = match format {
                Format::Descriptive => Notation::Descriptive,
                _ => Notation::San,
            };
            let options = ReadOptions {
                notation: Some(notation),
                letters: Letters::Fixed(&lang),
                ..ReadOptions::default()
            };
            let _ = read(&written, &options);
        }
    }
});
