//! The common moves of a built-in descriptive table, read in advance.
//!
//! Most moves of a real game have one of two shapes: a piece letter, `-`
//! and a square (`P-K4`, `N-KB3`, `K-N2`), or a piece letter, `x` and a
//! piece letter (`PxP`, `BxN`). A table has only a few hundred such
//! moves, so the general rules read every one of them, for both sides,
//! the first time the table is used. They are kept as small entries in
//! one open-addressed table of 16-byte entries, which stays in the
//! processor's cache: a move found there costs a hash and a compare
//! instead of a reading, and reads exactly as the general rules read it.
//! A move they read as more than a piece, its destination and the piece
//! it takes (wing readings, qualifiers) is not kept.

use std::sync::OnceLock;

use shakmaty::{Bitboard, Color, Role};

use crate::lang::{Language, roles};
use crate::model::{Captured, MovePattern, Readings};

/// Longest move kept, in bytes: a move is its own key.
const LONGEST: usize = 8;

/// One kept move: its text as a number (0: an empty slot), the squares
/// it goes to when White moves, and its pieces (`Role as u8`; 0 for no
/// piece taken). Sixteen bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    to: Squares,
    role: u8,
    captured: u8,
}

/// Destination squares on one rank, or anywhere (a capture).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Squares {
    /// File `a` is bit 0.
    files: u8,
    /// 0 to 7; [`Squares::ANYWHERE`] for every square.
    rank: u8,
}

impl Squares {
    const ANYWHERE: u8 = 8;

    fn of(squares: Bitboard) -> Option<Squares> {
        if squares == Bitboard::FULL {
            return Some(Squares {
                files: 0xff,
                rank: Squares::ANYWHERE,
            });
        }
        let rank = u8::try_from(squares.0.trailing_zeros() / 8).ok()?;
        let files = u8::try_from(squares.0.checked_shr(8 * u32::from(rank))?).ok()?;
        let found = Squares { files, rank };
        (found.bitboard() == squares).then_some(found)
    }

    fn bitboard(self) -> Bitboard {
        match self.rank {
            Squares::ANYWHERE => Bitboard::FULL,
            rank => Bitboard(u64::from(self.files) << (8 * rank)),
        }
    }
}

/// The common moves of one table.
pub(super) struct Common {
    /// A power of two long, at most half full.
    slots: Box<[Entry]>,
}

/// The common moves of built-in table number `table`, read on first use.
pub(super) fn of(table: usize) -> Option<&'static Common> {
    static TABLES: OnceLock<Vec<OnceLock<Common>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Language::all().iter().map(|_| OnceLock::new()).collect());
    let lang = Language::all().get(table)?;
    Some(tables.get(table)?.get_or_init(|| Common::build(lang)))
}

/// `token` as a number, if it is short enough to be kept.
fn key(token: &str) -> Option<u64> {
    let bytes = token.as_bytes();
    if bytes.is_empty() || bytes.len() > LONGEST {
        return None;
    }
    Some(
        bytes
            .iter()
            .rev()
            .fold(0, |key, &b| key << 8 | u64::from(b)),
    )
}

/// The pattern of a move with nothing but a piece, its destination
/// squares and the piece it takes.
fn simple(role: Role, to: Bitboard, captured: Option<Role>) -> MovePattern {
    let mut pattern = MovePattern {
        role: Some(role),
        to,
        ..MovePattern::ANY
    };
    match captured {
        Some(captured) => {
            pattern.captured = Captured::Piece(captured);
            pattern.claims.capture = true;
        }
        None => pattern.captured = Captured::Nothing,
    }
    pattern
}

impl Common {
    /// Reads every move of the two shapes with `read`, keeping those it
    /// reads as [`simple`] patterns for both sides.
    fn build(lang: &Language) -> Common {
        let mut kept: Vec<Entry> = Vec::new();
        for token in candidates(lang) {
            let Some(key) = key(&token) else { continue };
            let read = |turn| super::read(&token, lang, turn);
            let (Ok(white), Ok(black)) = (read(Color::White), read(Color::Black)) else {
                continue;
            };
            let (Some(role), true) = (white.first.role, white.more.is_empty()) else {
                continue;
            };
            let captured = match white.first.captured {
                Captured::Piece(role) => Some(role),
                Captured::Nothing => None,
                Captured::Unconstrained => continue,
            };
            let to = white.first.to;
            let Some(squares) = Squares::of(to) else {
                continue;
            };
            if white != Readings::one(simple(role, to, captured))
                || black != Readings::one(simple(role, to.flip_vertical(), captured))
            {
                continue;
            }
            kept.push(Entry {
                key,
                to: squares,
                role: role as u8,
                captured: captured.map_or(0, |r| r as u8),
            });
        }
        let mut common = Common {
            slots: vec![Entry::default(); (2 * kept.len()).next_power_of_two().max(2)]
                .into_boxed_slice(),
        };
        for entry in kept {
            let mut slot = common.slot(entry.key);
            while common.slots[slot].key != 0 && common.slots[slot].key != entry.key {
                slot = (slot + 1) & (common.slots.len() - 1);
            }
            common.slots[slot] = entry;
        }
        common
    }

    /// Where the search for `key` starts.
    fn slot(&self, key: u64) -> usize {
        let hash = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The pattern of `token` written by `turn`, if it is a kept move.
    pub(super) fn get(&self, token: &str, turn: Color) -> Option<MovePattern> {
        let key = key(token)?;
        let mut slot = self.slot(key);
        loop {
            let entry = self.slots[slot];
            if entry.key == key {
                let to = entry.to.bitboard();
                return Some(simple(
                    role_of(entry.role)?,
                    turn.fold_wb(to, to.flip_vertical()),
                    role_of(entry.captured),
                ));
            }
            if entry.key == 0 {
                return None;
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
    }
}

fn role_of(code: u8) -> Option<Role> {
    roles().into_iter().find(|&r| r as u8 == code)
}

/// Every text of the two shapes in `lang`'s words: each piece letter
/// before `-` and a square named by a wing word, a piece letter or both
/// (either way round) and a rank (a rank and then the name, with no dash,
/// where the table writes the rank first), or before `x` and a piece
/// letter.
fn candidates(lang: &Language) -> Vec<String> {
    let Some(desc) = &lang.descriptive else {
        return Vec::new();
    };
    let letters: Vec<&str> = roles()
        .into_iter()
        .flat_map(|role| lang.letters(role))
        .map(String::as_str)
        .collect();
    let wings: Vec<&str> = desc
        .king_wing
        .iter()
        .chain(&desc.queen_wing)
        .map(String::as_str)
        .collect();
    let mut files: Vec<String> = Vec::new();
    for &word in wings.iter().chain(&letters) {
        files.push(word.to_string());
    }
    for &wing in &wings {
        for &letter in &letters {
            files.push(format!("{wing}{letter}"));
            files.push(format!("{letter}{wing}"));
        }
    }
    let mut tokens = Vec::new();
    for &mover in &letters {
        for file in &files {
            for rank in '1'..='8' {
                tokens.push(if desc.rank_first {
                    format!("{mover}{rank}{file}")
                } else {
                    format!("{mover}-{file}{rank}")
                });
            }
        }
        for &captured in &letters {
            tokens.push(format!("{mover}x{captured}"));
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(code: &str) -> (&'static Language, &'static Common) {
        let index = Language::all()
            .iter()
            .position(|l| l.code == code)
            .expect("a built-in table");
        (
            &Language::all()[index],
            of(index).expect("its common moves"),
        )
    }

    #[test]
    fn kept_moves_read_as_the_general_rules_read_them() {
        for code in ["en", "hu", "es"] {
            let (lang, common) = table(code);
            let mut kept = 0;
            for token in candidates(lang) {
                for turn in [Color::White, Color::Black] {
                    if let Some(pattern) = common.get(&token, turn) {
                        kept += 1;
                        assert_eq!(
                            super::super::read(&token, lang, turn),
                            Ok(Readings::one(pattern)),
                            "{token} in {code}"
                        );
                    }
                }
            }
            assert!(kept > 500, "{kept} moves kept in {code}");
        }
    }

    #[test]
    fn the_common_shapes_are_kept_and_the_rest_is_not() {
        let (en, common) = table("en");
        for token in [
            "P-K4", "N-KB3", "Kt-KB3", "N-B3", "K-N2", "R-Q1", "PxP", "BxN", "KtxP",
        ] {
            assert!(common.get(token, Color::Black).is_some(), "{token}");
        }
        // Wing words read two ways, qualifiers, castling, marks, old
        // print: the general rules.
        for token in [
            "KN-B3",
            "N(KN1)-B3",
            "O-O",
            "Castles",
            "P-K4ch",
            "P—K4",
            "P-K8(Q)",
        ] {
            assert!(common.get(token, Color::White).is_none(), "{token}");
        }
        let p = common.get("P-K4", Color::Black).expect("kept");
        assert_eq!(p.to, Bitboard::from_square(shakmaty::Square::E5));
        assert!(en.descriptive.is_some());
        let (_, hu) = table("hu");
        for token in ["G-K4", "H-KF3", "FxH", "V-V2"] {
            assert!(hu.get(token, Color::White).is_some(), "{token}");
        }
        let (_, es) = table("es");
        for token in ["P4R", "C3AR", "A5C", "PxP", "AxC"] {
            assert!(es.get(token, Color::White).is_some(), "{token}");
        }
    }
}
