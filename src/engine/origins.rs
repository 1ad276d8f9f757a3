//! Where each piece started the game.
//!
//! Descriptive notation names pieces by where they began ("the king's
//! knight" is the one that started on g1 or g8), so replay tracks, for
//! every occupied square, the square its piece stood on at the start.
//!
//! ```
//! use scoresheet::engine::origins::Origins;
//! use shakmaty::{Chess, Move, Role, Square};
//!
//! let pos = Chess::default();
//! let mut origins = Origins::new(&pos);
//! origins.play(Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None });
//! assert_eq!(origins.start_of(Square::F3), Some(Square::G1));
//! assert_eq!(origins.start_of(Square::G1), None);
//! ```

use shakmaty::{Chess, Move, Position, Square};

use crate::engine::moves::destination;

/// For each square, the starting square of the piece on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origins([Option<Square>; 64]);

impl Origins {
    /// Every piece of `pos` starts where it stands.
    pub fn new(pos: &Chess) -> Origins {
        let mut squares = [None; 64];
        for sq in pos.board().occupied() {
            squares[sq as usize] = Some(sq);
        }
        Origins(squares)
    }

    /// Where the piece on `square` started, if a piece stands there.
    pub fn start_of(&self, square: Square) -> Option<Square> {
        self.0[square as usize]
    }

    /// Follows `m` (legal in the position these origins describe).
    pub fn play(&mut self, m: Move) {
        match m {
            Move::Castle { king, rook } => {
                let (k, r) = (self.0[king as usize].take(), self.0[rook as usize].take());
                let king_to = destination(&m);
                let rook_to = Square::from_coords(
                    if king_to.file() > king.file() {
                        shakmaty::File::F
                    } else {
                        shakmaty::File::D
                    },
                    king.rank(),
                );
                self.0[king_to as usize] = k;
                self.0[rook_to as usize] = r;
            }
            Move::EnPassant { from, to } => {
                self.0[Square::from_coords(to.file(), from.rank()) as usize] = None;
                self.0[to as usize] = self.0[from as usize].take();
            }
            Move::Normal { from, to, .. } => {
                self.0[to as usize] = self.0[from as usize].take();
            }
            Move::Put { to, .. } => self.0[to as usize] = Some(to),
        }
    }
}
