//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

use scoresheet::engine::replay::Event;
use scoresheet::game::{Letters, ReadOptions, read};
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
/// with `letters`; `Err` with the findings when the game is rejected.
pub fn moves(text: &str, letters: Letters<'_>) -> Result<Vec<Move>, String> {
    let game = read(
        text,
        &ReadOptions {
            letters,
            ..ReadOptions::default()
        },
    );
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
