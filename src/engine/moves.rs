//! Facts about a legal move that every part of the engine asks: where
//! the moving piece lands, and which square's piece it takes.
//!
//! ```
//! use scoresheet::engine::moves::{captured_square, destination};
//! use shakmaty::{Move, Square};
//!
//! // White castles short: the king lands on g1, whatever the rook does.
//! let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
//! assert_eq!(destination(&castle), Square::G1);
//! assert_eq!(captured_square(&castle), None);
//! let en_passant = Move::EnPassant { from: Square::E5, to: Square::D6 };
//! assert_eq!(captured_square(&en_passant), Some(Square::D5));
//! ```

use shakmaty::{CastlingSide, Move, Square};

/// The square of the piece `m` captures, if any.
pub fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

/// Where the moving piece lands: for castling, the king's square.
pub fn destination(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Square::from_coords(side.king_to_file(), king.rank())
        }
        _ => m.to(),
    }
}
