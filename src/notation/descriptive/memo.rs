//! The readings of the moves read so far, per thread: those that are not
//! among the [common moves](super::common) (wing words, qualifiers,
//! castling, marks), about one move in fourteen of a real game.
//!
//! Descriptive notation has few distinct moves: squares are counted from
//! the mover's side, so both sides open `P-K4`, and 2,000 games hold under
//! 3,000 distinct moves and sides. Reading a move takes several hundred
//! instructions, finding it here about a hundred.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use shakmaty::Color;

use crate::model::Readings;
use crate::notation::SyntaxError;

/// Moves remembered at most; then the table starts again, so that it
/// stays under 1 MB whatever the input (22,000 TCEC games hold about
/// 6,000 distinct moves and sides, most of them rare).
const MOST: usize = 4096;
/// Longer moves (rare: old print, long qualifiers) are read each time.
const LONGEST: usize = 16;

/// A move's text (up to [`LONGEST`] bytes, as two words), its side
/// and the built-in table that reads it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    text: [u64; 2],
    len: u8,
    table: u8,
    white: bool,
}

impl Key {
    fn new(token: &str, table: usize, turn: Color) -> Option<Key> {
        let bytes = token.as_bytes();
        if bytes.len() > LONGEST {
            return None;
        }
        let mut text = [0; 2];
        for (i, &b) in bytes.iter().enumerate() {
            text[i / 8] |= u64::from(b) << (8 * (i % 8));
        }
        Some(Key {
            text,
            len: bytes.len() as u8,
            table: u8::try_from(table).ok()?,
            white: turn == Color::White,
        })
    }
}

impl Hash for Key {
    // Three words, where the derived hash would write the text byte
    // by byte.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let tag = u64::from(self.len) | u64::from(self.table) << 8 | u64::from(self.white) << 16;
        state.write_u64(self.text[0]);
        state.write_u64(self.text[1]);
        state.write_u64(tag);
    }
}

/// A multiplicative hash of whole words, much cheaper than the
/// default hasher for keys this short (as in rustc's `FxHasher`).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }

    fn finish(&self) -> u64 {
        // The product's high bits are the well mixed ones; the table
        // indexes by the low ones.
        self.0.rotate_left(26)
    }
}

type Table = HashMap<Key, Result<Readings, SyntaxError>, BuildHasherDefault<WordHasher>>;

thread_local! {
    static TABLE: RefCell<Table> =
        const { RefCell::new(HashMap::with_hasher(BuildHasherDefault::new())) };
}

/// The readings of `token` for `turn` in built-in table `table`, read
/// by `read` unless remembered.
pub(super) fn recall(
    token: &str,
    table: usize,
    turn: Color,
    read: impl FnOnce() -> Result<Readings, SyntaxError>,
) -> Result<Readings, SyntaxError> {
    let Some(key) = Key::new(token, table, turn) else {
        return read();
    };
    if let Some(readings) = TABLE.with_borrow(|table| table.get(&key).cloned()) {
        return readings;
    }
    let readings = read();
    TABLE.with_borrow_mut(|table| {
        if table.len() >= MOST {
            table.clear();
        }
        table.insert(key, readings.clone());
    });
    readings
}
