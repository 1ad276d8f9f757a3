//! The common move model: what every notation parser produces.
//!
//! A written move is a set of *constraints* on a legal move (which piece,
//! where from, where to, what it captures, what it promotes to) plus
//! *claims* that are verified after the move is known (check, mate,
//! capture, en passant). Every notation family turns its tokens into a
//! [`MovePattern`]; one resolver ([`crate::engine::resolve`]) turns a
//! pattern and a position into a move.
//!
//! ```
//! use scoresheet::model::MovePattern;
//! use shakmaty::{Role, Square};
//!
//! let nf3 = MovePattern::piece_to(Role::Knight, Square::F3);
//! assert_eq!(nf3.role, Some(Role::Knight));
//! ```

use shakmaty::{Bitboard, CastlingSide, Role, Square};

/// What a written move says about the piece it captures.
///
/// A capture is a *hard* constraint only when the notation names the
/// captured piece instead of a square (descriptive `PxP`); a bare capture
/// mark (`x`, `:`) is a [`Claims::capture`] that is checked afterwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Captured {
    /// Nothing is required of the captured piece.
    #[default]
    Unconstrained,
    /// The move must capture a piece of this kind.
    Piece(Role),
    /// The move must capture nothing: descriptive notation names the
    /// piece taken, so a move written to a square (`Q-B5`) takes none.
    Nothing,
}

/// Claims a written move makes that are verified once the move is known.
///
/// A wrong claim is a warning, never a reason to reject the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Claims {
    /// A capture mark was written.
    pub capture: bool,
    /// A check mark was written.
    pub check: bool,
    /// A mate mark was written.
    pub mate: bool,
    /// An en-passant mark was written.
    pub en_passant: bool,
}

impl Claims {
    /// Merges the claims of `other` into `self`.
    pub fn merge(&mut self, other: Claims) {
        self.capture |= other.capture;
        self.check |= other.check;
        self.mate |= other.mate;
        self.en_passant |= other.en_passant;
    }
}

/// Board-free description of a written move, in any notation.
///
/// Squares are constraints as bitboards: `from` is [`Bitboard::FULL`] when
/// the text says nothing about the origin, a file or a rank when it gives
/// one, a single square when it gives the square; `to` may also be a set
/// (a pawn capture written with two files, `ed`, or a descriptive `B3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovePattern {
    /// The moving piece, when the notation says (coordinate notation
    /// does not).
    pub role: Option<Role>,
    /// Squares the piece may come from.
    pub from: Bitboard,
    /// Squares the piece may have started the game on (descriptive
    /// notation's "king's knight" is the one that began on g1 or g8).
    pub origin: Bitboard,
    /// Squares the piece may go to.
    pub to: Bitboard,
    /// Constraint on the captured piece.
    pub captured: Captured,
    /// Squares the captured piece may stand on (`NxP(Q4)`, `PxKP`).
    pub captured_on: Bitboard,
    /// Squares the captured piece may have started on (`BxKN`).
    pub captured_origin: Bitboard,
    /// Promotion piece, if one is written.
    pub promotion: Option<Role>,
    /// The move must not promote (a four-digit numeric move whose other
    /// reading is the promotion).
    pub no_promotion: bool,
    /// Castling side, for castling written as such (`O-O`).
    pub castle: Option<CastlingSide>,
    /// Claims to verify after resolution.
    pub claims: Claims,
    /// Annotation glyph written with the move, as a NAG (`!` = 1 …).
    pub nag: Option<u8>,
    /// A draw offer `(=)` was written with the move.
    pub draw_offer: bool,
    /// A pawn letter was written (`Pe4`). SAN rarely writes one, so
    /// letter-set detection prefers readings that need none.
    pub pawn_letter: bool,
}

impl MovePattern {
    /// A pattern with no constraint at all.
    pub const ANY: MovePattern = MovePattern {
        role: None,
        from: Bitboard::FULL,
        origin: Bitboard::FULL,
        to: Bitboard::FULL,
        captured: Captured::Unconstrained,
        captured_on: Bitboard::FULL,
        captured_origin: Bitboard::FULL,
        promotion: None,
        no_promotion: false,
        castle: None,
        claims: Claims {
            capture: false,
            check: false,
            mate: false,
            en_passant: false,
        },
        nag: None,
        draw_offer: false,
        pawn_letter: false,
    };

    /// The pattern of a piece moving to a square (`Nf3`).
    pub fn piece_to(role: Role, to: Square) -> MovePattern {
        MovePattern {
            role: Some(role),
            to: Bitboard::from_square(to),
            ..MovePattern::ANY
        }
    }

    /// The pattern of castling on `side`.
    pub fn castle(side: CastlingSide) -> MovePattern {
        MovePattern {
            role: Some(Role::King),
            castle: Some(side),
            ..MovePattern::ANY
        }
    }
}

/// Every reading of one written move: most notations give one pattern;
/// descriptive wing names (by origin or by current side) and four-digit
/// numeric promotions give more, and resolution keeps what is legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readings {
    /// The first reading.
    pub first: MovePattern,
    /// Further readings, if any (no allocation when there are none).
    pub more: Vec<MovePattern>,
}

impl Readings {
    /// One reading.
    pub fn one(pattern: MovePattern) -> Readings {
        Readings {
            first: pattern,
            more: Vec::new(),
        }
    }

    /// Every reading, the first first.
    pub fn iter(&self) -> impl Iterator<Item = &MovePattern> {
        std::iter::once(&self.first).chain(&self.more)
    }
}

/// A position in the original input, counted as the audit report counts:
/// `line` and `column` from 1, `byte` from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord)]
pub struct Location {
    /// Byte offset from the start of the input (after decoding to UTF-8).
    pub byte: u64,
    /// Line number, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_stays_small() {
        // Patterns are built for every token of every game in the hot path.
        assert!(std::mem::size_of::<MovePattern>() <= 64);
    }
}
