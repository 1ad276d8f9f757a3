//! One parser per notation family; each turns a token into the
//! [`Readings`] of a move: one or more [`MovePattern`]s.
//!
//! Parsers only read text: they know nothing of the position beyond whose
//! move it is (descriptive squares are counted from the mover's side).
//! The [resolver](crate::engine::resolve) gives the patterns their meaning.
//!
//! | notation | module | reads |
//! |---|---|---|
//! | [`Notation::San`] | [`san`] | standard algebraic, and long algebraic and coordinates (`Ng1-f3`, `e2e4`) |
//! | [`Notation::Iccf`] | [`iccf`] | ICCF numeric (`5254`, `57581`, `5751`) |
//! | [`Notation::Descriptive`] | [`descriptive`] | English and Hungarian descriptive (`N-KB3`, `H-KF3`) |

pub mod descriptive;
pub mod fen;
pub mod iccf;
pub mod san;

use shakmaty::Color;

use crate::lang::Language;
use crate::model::{MovePattern, Readings};

pub use san::SyntaxError;

/// A notation family that games can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Notation {
    /// Standard algebraic, which also reads long algebraic and coordinate
    /// moves written with a full origin square.
    #[default]
    San,
    /// ICCF numeric, with promotion digits in the given convention.
    Iccf(iccf::Promotion),
    /// Descriptive, in the language's words.
    Descriptive,
}

impl Notation {
    /// Parses one move token written by `turn`.
    ///
    /// # Errors
    ///
    /// Returns where and what was expected when the token is not a move.
    pub fn parse(self, token: &str, lang: &Language, turn: Color) -> Result<Readings, SyntaxError> {
        match self {
            Notation::San => san::parse(token, lang).map(Readings::one),
            Notation::Iccf(convention) => iccf::parse(token, convention, turn),
            Notation::Descriptive => descriptive::parse(token, lang, turn),
        }
    }

    /// Reads a token made only of marks that belong to the previous move.
    pub fn parse_marks(self, token: &str, lang: &Language) -> Option<MovePattern> {
        san::parse_marks(token, lang)
    }

    /// Whether reading needs to know where each piece started.
    pub fn needs_origins(self) -> bool {
        self == Notation::Descriptive
    }

    /// Whether piece letters matter, so that letter sets are told apart.
    pub fn has_letters(self) -> bool {
        !matches!(self, Notation::Iccf(_))
    }

    /// The short name used in reports: `san`, `iccf`, `descriptive`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Iccf(iccf::Promotion::Iccf) => "iccf",
            Notation::Iccf(iccf::Promotion::Hungarian) => "iccf-hu",
            Notation::Descriptive => "descriptive",
        }
    }
}
