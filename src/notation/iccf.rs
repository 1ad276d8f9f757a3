//! ICCF numeric notation: every square is two digits (a1 = 11, h8 = 88),
//! a move is origin then destination (`5254` = e2-e4), castling is the
//! king's move (`5171`).
//!
//! Promotions come in two forms, both read: five digits with a piece
//! digit (`57581` = e7-e8=Q), and the four-digit form of Hungarian texts,
//! origin, destination file, piece (`5751`). A four-digit token is thus
//! either a move or such a promotion; both readings are returned and the
//! position decides (one piece stands on the origin, so at most one fits).
//! The piece digits follow the [`Promotion`] convention chosen.
//!
//! ```
//! use scoresheet::notation::iccf::{parse, Promotion};
//! use shakmaty::{Bitboard, Color, Role, Square};
//!
//! let r = parse("57581", Promotion::Iccf, Color::White).unwrap();
//! assert_eq!(r.first.from, Bitboard::from_square(Square::E7));
//! assert_eq!(r.first.promotion, Some(Role::Queen));
//! ```

use shakmaty::{Bitboard, Color, File, Move, Rank, Role, Square};

use crate::engine::moves::destination;
use crate::lang::Language;
use crate::model::{MovePattern, Readings};
use crate::notation::SyntaxError;
use crate::notation::san::strip_marks;

/// How promotion pieces are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Promotion {
    /// ICCF: 1 = queen, 2 = rook, 3 = bishop, 4 = knight.
    #[default]
    Iccf,
    /// Hungarian texts: 1 = queen, 2 = rook, 3 = knight, 4 = bishop.
    Hungarian,
}

impl Promotion {
    /// The piece a digit stands for.
    pub fn piece(self, digit: u8) -> Option<Role> {
        Some(match (self, digit) {
            (_, 1) => Role::Queen,
            (_, 2) => Role::Rook,
            (Promotion::Iccf, 3) | (Promotion::Hungarian, 4) => Role::Bishop,
            (Promotion::Iccf, 4) | (Promotion::Hungarian, 3) => Role::Knight,
            _ => return None,
        })
    }

    /// The digit for a promotion piece.
    pub fn digit(self, role: Role) -> u8 {
        match (self, role) {
            (_, Role::Queen) => 1,
            (_, Role::Rook) => 2,
            (Promotion::Iccf, Role::Bishop) | (Promotion::Hungarian, Role::Knight) => 3,
            _ => 4,
        }
    }
}

/// Parses one numeric move.
///
/// # Errors
///
/// Fails unless the token is four or five digits naming squares 1–8 (and
/// a piece 1–4).
pub fn parse(token: &str, convention: Promotion, turn: Color) -> Result<Readings, SyntaxError> {
    let mut pattern = MovePattern::ANY;
    // No mark ends in a digit, and numeric moves mostly do: marks are
    // looked for only after something else, which saves a call per move.
    let core = if token.as_bytes().last().is_some_and(u8::is_ascii_digit) {
        token
    } else {
        strip_marks(token, Language::english(), &mut pattern)
    };
    let err = |offset, expected| SyntaxError { offset, expected };
    // The digits' values, on the stack: this runs for every move.
    let (squares, piece) = match *core.as_bytes() {
        [a, b, c, d] => ([a, b, c, d], None),
        [a, b, c, d, e] => ([a, b, c, d], Some(e)),
        _ => return Err(err(0, "four or five digits")),
    };
    let digits = squares.map(|b| b.wrapping_sub(b'0'));
    let piece = piece.map(|b| b.wrapping_sub(b'0'));
    if digits.iter().chain(&piece).any(|d| *d > 9) {
        return Err(err(0, "four or five digits"));
    }
    if let Some(i) = digits.iter().position(|d| !(1..=8).contains(d)) {
        return Err(err(i, "a file or rank digit 1–8"));
    }
    let square = |file: u8, rank: u8| {
        Square::from_coords(
            File::new(u32::from(file - 1)),
            Rank::new(u32::from(rank - 1)),
        )
    };
    pattern.from = Bitboard::from_square(square(digits[0], digits[1]));
    pattern.to = Bitboard::from_square(square(digits[2], digits[3]));
    if let Some(piece) = piece {
        pattern.promotion = Some(
            convention
                .piece(piece)
                .ok_or(err(4, "a promotion digit 1–4"))?,
        );
        return Ok(Readings::one(pattern));
    }
    // Four digits may also be origin, destination file and piece.
    let promotion_rank = match (turn, digits[1]) {
        (Color::White, 7) => Some(8),
        (Color::Black, 2) => Some(1),
        _ => None,
    };
    let more = match (promotion_rank, convention.piece(digits[3])) {
        (Some(rank), Some(piece)) => {
            // Then the move read plainly cannot be a promotion: it would
            // lack its piece.
            pattern.no_promotion = true;
            vec![MovePattern {
                role: Some(Role::Pawn),
                to: Bitboard::from_square(square(digits[2], rank)),
                promotion: Some(piece),
                no_promotion: false,
                ..pattern
            }]
        }
        _ => Vec::new(),
    };
    Ok(Readings {
        first: pattern,
        more,
    })
}

/// Appends `m` in ICCF digits (castling as the king's move).
pub fn append(out: &mut String, m: Move, convention: Promotion) {
    let from = m.from().unwrap_or(m.to());
    out.push_str(&write(from, destination(&m), m.promotion(), convention));
}

/// The ICCF digits of a move from `from` to `to` (castling as the king's
/// move), with the promotion piece in `convention`'s form.
pub fn write(from: Square, to: Square, promotion: Option<Role>, convention: Promotion) -> String {
    let digit = |n: u32| char::from(b'1' + n as u8);
    let mut out = String::with_capacity(5);
    out.push(digit(from.file() as u32));
    out.push(digit(from.rank() as u32));
    out.push(digit(to.file() as u32));
    match (promotion, convention) {
        (Some(role), Promotion::Hungarian) => out.push(char::from(b'0' + convention.digit(role))),
        (Some(role), Promotion::Iccf) => {
            out.push(digit(to.rank() as u32));
            out.push(char::from(b'0' + convention.digit(role)));
        }
        (None, _) => out.push(digit(to.rank() as u32)),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_castling() {
        let r = parse("5254", Promotion::Iccf, Color::White).unwrap();
        assert_eq!(r.first.from, Bitboard::from_square(Square::E2));
        assert_eq!(r.first.to, Bitboard::from_square(Square::E4));
        assert!(r.more.is_empty());
        assert_eq!(
            parse("5171", Promotion::Iccf, Color::White)
                .unwrap()
                .first
                .to,
            Bitboard::from_square(Square::G1)
        );
    }

    #[test]
    fn both_promotion_forms_and_conventions() {
        assert_eq!(
            parse("57583", Promotion::Iccf, Color::White)
                .unwrap()
                .first
                .promotion,
            Some(Role::Bishop)
        );
        assert_eq!(
            parse("57583", Promotion::Hungarian, Color::White)
                .unwrap()
                .first
                .promotion,
            Some(Role::Knight)
        );
        let r = parse("5753", Promotion::Hungarian, Color::White).unwrap();
        assert_eq!(r.more[0].to, Bitboard::from_square(Square::E8));
        assert_eq!(r.more[0].promotion, Some(Role::Knight));
        let r = parse("2223", Promotion::Iccf, Color::Black).unwrap();
        assert_eq!(r.more[0].to, Bitboard::from_square(Square::B1));
        assert_eq!(r.more[0].promotion, Some(Role::Bishop));
    }

    #[test]
    fn written_forms_read_back() {
        for convention in [Promotion::Iccf, Promotion::Hungarian] {
            let text = write(Square::E7, Square::E8, Some(Role::Knight), convention);
            let r = parse(&text, convention, Color::White).unwrap();
            let promoted: Vec<_> = r.iter().filter_map(|p| p.promotion).collect();
            assert_eq!(promoted, [Role::Knight], "{text}");
        }
        assert_eq!(write(Square::G1, Square::F3, None, Promotion::Iccf), "7163");
    }

    #[test]
    fn not_numeric() {
        for token in ["e2e4", "525", "525400", "5294", "0254", "57585"] {
            assert!(
                parse(token, Promotion::Iccf, Color::White).is_err(),
                "{token}"
            );
        }
    }
}
