//! How moves are written: one [`MoveStyle`] per output notation, each
//! written by the notation's own module ([`san`](super::san) for SAN,
//! long algebraic and UCI; [`iccf`](super::iccf);
//! [`descriptive`](super::descriptive); [`spoken`](super::spoken)).
//!
//! ```
//! use scoresheet::notation::write::{MoveStyle, append_move};
//! use scoresheet::lang::Language;
//! use shakmaty::{Chess, Move, Position, Role, Square};
//!
//! let before = Chess::default();
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None };
//! let after = before.clone().play(nf3).unwrap();
//! let mut out = String::new();
//! append_move(&mut out, MoveStyle::San(Language::builtin("hu").unwrap()), &before, nf3, &after, None);
//! assert_eq!(out, "Hf3");
//! ```

use shakmaty::{Chess, Move};

use crate::engine::origins::Origins;
use crate::lang::Language;
use crate::notation::iccf::{self, Promotion};
use crate::notation::{descriptive, san, spoken};

/// How moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStyle<'a> {
    /// Standard algebraic in the language's letters (figurine too).
    San(&'a Language),
    /// Long algebraic: `Ng1-f3`, `e2-e4`, `Bb5xc6`.
    Lan(&'a Language),
    /// UCI coordinates: `e2e4`, `e7e8q`, castling `e1g1`.
    Uci,
    /// ICCF numeric, promotions in the convention given.
    Iccf(Promotion),
    /// Descriptive in the language's words, qualified only as needed.
    Descriptive(&'a Language),
    /// Spoken, as announced to blind players: `Springer Felix drei`.
    Spoken,
}

impl MoveStyle<'_> {
    /// Whether writing needs to know where each piece started.
    pub fn needs_origins(self) -> bool {
        matches!(self, MoveStyle::Descriptive(_))
    }

    /// A null move as this style writes it: `0000` in UCI, else `--`.
    pub fn null_move(self) -> &'static str {
        match self {
            MoveStyle::Uci => "0000",
            _ => "--",
        }
    }
}

/// Appends `m`, played from `before` to `after`, in `style`. `origins`
/// are the pieces' starting squares in `before`, needed for descriptive.
pub fn append_move(
    out: &mut String,
    style: MoveStyle<'_>,
    before: &Chess,
    m: Move,
    after: &Chess,
    origins: Option<&Origins>,
) {
    match style {
        MoveStyle::San(lang) => san::append_san(out, before, m, after, lang),
        MoveStyle::Lan(lang) => san::append_lan(out, m, after, lang),
        MoveStyle::Uci => san::append_uci(out, before, m),
        MoveStyle::Iccf(convention) => iccf::append(out, m, convention),
        MoveStyle::Descriptive(lang) => {
            descriptive::append(out, lang, before, m, after, origins);
        }
        MoveStyle::Spoken => spoken::append(out, before, m, after),
    }
}
