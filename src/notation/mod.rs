//! One parser per notation family; each turns a token into a
//! [`MovePattern`].
//!
//! Parsers only read text: they know nothing of the position. The
//! [resolver](crate::engine::resolve) gives the pattern its meaning.

pub mod fen;
pub mod san;

use crate::lang::Language;
use crate::model::MovePattern;

pub use san::SyntaxError;

/// A notation family that games can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Notation {
    /// Standard algebraic, which also reads long algebraic and coordinate
    /// moves written with a full origin square.
    #[default]
    San,
}

impl Notation {
    /// Parses one move token.
    ///
    /// # Errors
    ///
    /// Returns where and what was expected when the token is not a move.
    pub fn parse(self, token: &str, lang: &Language) -> Result<MovePattern, SyntaxError> {
        match self {
            Notation::San => san::parse(token, lang),
        }
    }

    /// Reads a token made only of marks that belong to the previous move.
    pub fn parse_marks(self, token: &str, lang: &Language) -> Option<MovePattern> {
        match self {
            Notation::San => san::parse_marks(token, lang),
        }
    }
}
