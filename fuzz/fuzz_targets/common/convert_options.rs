//! How the `convert` fuzz target reads its first byte, shared with
//! `tests/regressions.rs`, which replays the inputs it once failed on.

use scoresheet::game::Letters;
use scoresheet::lang::Language;
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;

/// The notation read, the letters read and the language the SAN is
/// written in, chosen by `config`.
pub fn convert_options(config: u8) -> (Option<Notation>, Letters<'static>, &'static Language) {
    let notation = match config % 5 {
        0 => None,
        1 => Some(Notation::San),
        2 => Some(Notation::Iccf(Promotion::Iccf)),
        3 => Some(Notation::Iccf(Promotion::Hungarian)),
        _ => Some(Notation::Descriptive),
    };
    let fixed = |code| Language::builtin(code).map_or(Letters::Auto, Letters::Fixed);
    let letters = match (config / 5) % 6 {
        0 | 1 => Letters::Auto,
        2 => Letters::Fixed(Language::english()),
        3 => fixed("hu"),
        4 => fixed("de"),
        _ => fixed("ru"),
    };
    let to_lang = ["de", "hu", "ru", "figurine", "fi", "pl", "en"][usize::from(config / 30) % 7];
    let to_lang = Language::builtin(to_lang).unwrap_or(Language::english());
    (notation, letters, to_lang)
}
