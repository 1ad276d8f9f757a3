//! The written forms that read back, and reading a game's moves: shared
//! by the fuzz targets and the integration tests (`tests/common`).

use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;
use scoresheet::output::Format;
use scoresheet::replay::Event;
use shakmaty::Move;

/// Every move of a game's text (main line and variations, in order), or
/// the findings when the game is rejected.
pub fn moves_with(text: &str, options: &ReadOptions<'_>) -> Result<Vec<Move>, String> {
    let game = read(text, options);
    if game.is_rejected() {
        return Err(format!("{:?}", game.findings));
    }
    Ok(game
        .replay
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move { mv, .. } => Some(*mv),
            _ => None,
        })
        .collect())
}

/// Each written form that reads back: format, letters, ICCF digits, and
/// the notation to read it with.
pub fn forms() -> Vec<(Format, &'static Language, Promotion, Notation)> {
    let mut forms = Vec::new();
    for lang in Language::all() {
        forms.push((Format::Pgn, lang, Promotion::Iccf, Notation::San));
        forms.push((Format::San, lang, Promotion::Iccf, Notation::San));
        forms.push((Format::Lan, lang, Promotion::Iccf, Notation::San));
        if lang.descriptive.is_some() {
            forms.push((
                Format::Descriptive,
                lang,
                Promotion::Iccf,
                Notation::Descriptive,
            ));
        }
    }
    let en = Language::english();
    forms.push((Format::Uci, en, Promotion::Iccf, Notation::San));
    if let Some(figurine) = Language::builtin("figurine") {
        forms.push((Format::Figurine, figurine, Promotion::Iccf, Notation::San));
    }
    for convention in [Promotion::Iccf, Promotion::Hungarian] {
        forms.push((Format::Iccf, en, convention, Notation::Iccf(convention)));
    }
    forms
}

/// Reading options for a form.
pub fn options(lang: &Language, iccf: Promotion, notation: Notation) -> ReadOptions<'_> {
    ReadOptions {
        notation: Some(notation),
        letters: Letters::Fixed(lang),
        iccf_promotion: iccf,
        start: None,
    }
}
