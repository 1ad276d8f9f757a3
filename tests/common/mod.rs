//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

use scoresheet::engine::replay::Event;
use scoresheet::game::{Letters, ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;
use scoresheet::output::Format;
use shakmaty::Move;

/// A file of the shared corpus, or `None` (with a note) when the corpus is
/// not beside the repository, as in a fresh clone.
pub fn corpus(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: corpus file {} not found", path.display());
        None
    }
}

/// Every move of a game's text (main line and variations, in order), read
/// with `letters` in any notation; `Err` with the findings when the game
/// is rejected.
pub fn moves(text: &str, letters: Letters<'_>) -> Result<Vec<Move>, String> {
    moves_with(
        text,
        &ReadOptions {
            letters,
            ..ReadOptions::default()
        },
    )
}

/// Every move of a game's text read with `options`.
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

/// Each written form: format, letters, and how to read it back.
pub fn forms() -> Vec<(Format, &'static Language, Promotion, Notation)> {
    let mut forms = Vec::new();
    for lang in Language::all() {
        forms.push((Format::Pgn, lang, Promotion::Iccf, Notation::San));
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
    for convention in [Promotion::Iccf, Promotion::Hungarian] {
        forms.push((Format::Iccf, en, convention, Notation::Iccf(convention)));
    }
    forms
}
