//! Writing moves in standard and long algebraic notation and UCI
//! coordinates: what [`parse`](super::parse) reads.
//!
//! SAN is computed from shakmaty's attack tables (minimal
//! disambiguation, `+` and `#`) and its English piece letters are
//! replaced by the language's.
//!
//! ```
//! use scoresheet::lang::Language;
//! use scoresheet::notation::san::san;
//! use shakmaty::{Chess, Move, Role, Square};
//!
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None };
//! assert_eq!(san(&Chess::default(), nf3, Language::builtin("hu").unwrap()), "Hf3");
//! ```

use std::fmt::Write as _;

use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Move, Position, Role};

use crate::engine::resolve::{is_checkmate, legal_origins, piece_origins};
use crate::lang::Language;

/// The SAN of `m` in `pos`, disambiguated against the legal moves of its
/// rivals found from attack tables (shakmaty's `San::from_move` builds a
/// list of candidate moves; this is the hot path of writing).
pub fn san_of(pos: &Chess, m: Move) -> San {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return San::from_move(pos, m);
    };
    let (file, rank) = match role {
        Role::Pawn => (capture.is_some().then_some(from.file()), None),
        Role::King => (None, None),
        _ => {
            let rivals = legal_origins(pos, piece_origins(pos, role, to), to).without(from);
            if rivals.is_empty() {
                (None, None)
            } else if (rivals & Bitboard::from_file(from.file())).is_empty() {
                (Some(from.file()), None)
            } else if (rivals & Bitboard::from_rank(from.rank())).is_empty() {
                (None, Some(from.rank()))
            } else {
                (Some(from.file()), Some(from.rank()))
            }
        }
    };
    San::Normal {
        role,
        file,
        rank,
        capture: capture.is_some(),
        to,
        promotion,
    }
}

/// `+` or `#` when the position after a move is check or mate.
pub(crate) fn suffix(after: &Chess) -> &'static str {
    if !after.is_check() {
        ""
    } else if is_checkmate(after) {
        "#"
    } else {
        "+"
    }
}

/// Appends `m` in long algebraic notation (`Ng1-f3`, `e2-e4`, `Bb5xc6`)
/// in `lang`'s letters.
pub fn append_lan(out: &mut String, m: Move, after: &Chess, lang: &Language) {
    match m.castling_side() {
        Some(CastlingSide::KingSide) => out.push_str("O-O"),
        Some(CastlingSide::QueenSide) => out.push_str("O-O-O"),
        None => {
            if m.role() != Role::Pawn {
                out.push_str(lang.letter(m.role()));
            }
            let from = m.from().unwrap_or(m.to());
            let _ = write!(
                out,
                "{from}{}{}",
                if m.is_capture() { 'x' } else { '-' },
                m.to()
            );
            if let Some(role) = m.promotion() {
                let _ = write!(out, "={}", lang.letter(role));
            }
        }
    }
    out.push_str(suffix(after));
}

/// Appends `m` as UCI coordinates played from `before`: `e2e4`, `e7e8q`;
/// castling is the king's move (`e1g1`), or in Chess960 the king taking
/// its own rook (`d8b8`), which no king move can be mistaken for.
pub fn append_uci(out: &mut String, before: &Chess, m: Move) {
    let _ = write!(out, "{}", m.to_uci(before.castles().mode()));
}

/// `m` as UCI coordinates played from `before`.
pub fn uci(before: &Chess, m: Move) -> String {
    let mut out = String::with_capacity(5);
    append_uci(&mut out, before, m);
    out
}

/// The move `m` in `pos` as SAN with `lang`'s letters, check and mate marks.
pub fn san(pos: &Chess, m: Move, lang: &Language) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mut out = String::new();
    append_san(&mut out, pos, m, &after, lang);
    out
}

/// Appends the SAN of `m`, played from `before` to `after`, in `lang`'s
/// letters. Only the moved piece's rivals are generated to disambiguate,
/// and legal moves only when the move gives check, to tell mate.
pub fn append_san(out: &mut String, before: &Chess, m: Move, after: &Chess, lang: &Language) {
    let san = san_of(before, m);
    let suffix = suffix(after);
    if lang.code == "en" {
        san.append_to_string(out);
        out.push_str(suffix);
    } else {
        out.push_str(&translate_san(&san.to_string(), lang));
        out.push_str(suffix);
    }
}

/// Replaces the English piece letters of a SAN string with `lang`'s.
pub fn translate_san(english: &str, lang: &Language) -> String {
    if lang.code == "en" {
        return english.to_owned();
    }
    let mut out = String::with_capacity(english.len() + 2);
    for (i, c) in english.char_indices() {
        let is_piece = i == 0 || english[..i].ends_with('=');
        match Role::from_char(c.to_ascii_lowercase()).filter(|_| is_piece && c.is_ascii_uppercase())
        {
            Some(role) => out.push_str(lang.letter(role)),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, EnPassantMode};
    use shakmaty::fen::Fen;

    #[test]
    fn san_from_attack_tables_matches_shakmaty() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..100 {
            let mut pos = Chess::default();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                for m in &moves {
                    assert_eq!(
                        san_of(&pos, *m),
                        San::from_move(&pos, *m),
                        "{}",
                        Fen::from_position(&pos, EnPassantMode::Legal)
                    );
                }
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn promotion_letters_are_translated() {
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(translate_san("exd8=Q+", hu), "exd8=V+");
        assert_eq!(translate_san("Bxb5", hu), "Fxb5");
        assert_eq!(translate_san("O-O-O#", hu), "O-O-O#");
        assert_eq!(
            translate_san("b8=N", Language::builtin("figurine").unwrap()),
            "b8=♘"
        );
        let _ = Chess::default().legal_moves();
    }

    #[test]
    fn castling_is_the_kings_move_and_in_chess960_the_king_taking_its_rook() {
        let castles = |fen: &str, mode| {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(mode)
                .unwrap();
            let mut moves: Vec<String> = pos
                .legal_moves()
                .iter()
                .filter(|m| m.is_castle())
                .map(|m| uci(&pos, *m))
                .collect();
            moves.sort();
            moves
        };
        let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(castles(standard, CastlingMode::Standard), ["e1c1", "e1g1"]);
        let chess960 = "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1";
        assert_eq!(castles(chess960, CastlingMode::Chess960), ["b1a1", "b1h1"]);
    }
}
