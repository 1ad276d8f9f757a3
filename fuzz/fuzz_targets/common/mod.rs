//! Helpers shared by the fuzz targets.

#![allow(dead_code)]

mod forms;

// Each target uses some of these.
#[allow(unused_imports)]
pub use forms::{forms, moves_with, options};

use scoresheet::model::MovePattern;
use shakmaty::Bitboard;

/// `pattern` with every square constraint mirrored top to bottom, as
/// the other side counts descriptive squares.
pub fn mirrored(pattern: &MovePattern) -> MovePattern {
    let flip = |b: Bitboard| b.flip_vertical();
    MovePattern {
        from: flip(pattern.from),
        origin: flip(pattern.origin),
        to: flip(pattern.to),
        captured_on: flip(pattern.captured_on),
        captured_origin: flip(pattern.captured_origin),
        ..*pattern
    }
}

/// The first byte of `data` as a choice, and the rest as text.
pub fn config_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (&config, rest) = data.split_first()?;
    Some((config, std::str::from_utf8(rest).ok()?))
}
