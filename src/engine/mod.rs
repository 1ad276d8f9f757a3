//! The board: patterns resolved to legal moves, and what writing and
//! reading need to know of pieces and squares.
//!
//! Move generation is shakmaty's; this module adds what no library has:
//! one resolver for every notation ([`resolve`]), where each piece
//! started ([`origins`], for descriptive notation), and the squares a
//! move lands on and takes on ([`moves`]).

pub mod moves;
pub mod origins;
pub mod resolve;

/// The standard-chess position of `fen`, for tests.
#[cfg(test)]
pub(crate) fn position(fen: &str) -> shakmaty::Chess {
    use shakmaty::{CastlingMode, fen::Fen};
    fen.parse::<Fen>()
        .expect("a test FEN")
        .into_position(CastlingMode::Standard)
        .expect("a legal test position")
}
