//! One module per notation family, owning its parser and its writer.
//!
//! A parser turns a token into the [`Readings`] of a move: one or more
//! [`MovePattern`]s. Parsers only read text: they know nothing of the
//! position beyond whose move it is (descriptive squares are counted from
//! the mover's side). The [resolver](crate::engine::resolve) gives the
//! patterns their meaning. A writer turns a legal move in its position
//! into text; [`write`] picks the writer of each output style.
//!
//! | notation | module | reads | writes |
//! |---|---|---|---|
//! | [`Notation::San`] | [`san`] | standard algebraic, and long algebraic and coordinates (`Ng1-f3`, `e2e4`) | SAN, long algebraic, UCI |
//! | [`Notation::Iccf`] | [`iccf`] | ICCF numeric (`5254`, `57581`, `5751`) | the same |
//! | [`Notation::Descriptive`] | [`descriptive`] | English and Hungarian descriptive (`N-KB3`, `H-KF3`) | the same, qualified only as needed |
//! | | [`spoken`] | | German as spoken to blind players |
//! | | [`fen`] | FEN and piece lists, in any letters | FEN in any letters |

pub mod evaluation;
pub mod descriptive;
pub mod fen;
pub mod iccf;
pub mod san;
pub mod spoken;
pub mod write;

use shakmaty::Color;

use crate::lang::Language;
use crate::model::{MovePattern, Readings};

pub use san::SyntaxError;

/// A notation family that games can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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
    #[inline]
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
