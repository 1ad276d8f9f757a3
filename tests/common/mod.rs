//! Helpers shared by the integration tests.

#![allow(dead_code)]

#[path = "../../fuzz/fuzz_targets/common/forms.rs"]
mod forms;

// Each test crate uses some of these.
#[allow(unused_imports)]
pub use forms::{forms, moves_with, options};

use std::io::Write;
use std::path::PathBuf;

use scoresheet::game::{Letters, ReadOptions};
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
        // Written past the test harness's capture, so that `cargo test`
        // shows it even when the test passes.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: corpus file {} not found",
            path.display()
        );
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
