//! `notation::san::parse` in every language table: no panic; a token
//! that parses parses identically twice and gives a pattern whose
//! constraints some move could meet; the one-pass reader of common moves
//! and the full grammar agree (a trailing `!` sends a token to the full
//! grammar and must change nothing but the glyph).

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::lang::Language;
use scoresheet::model::{Captured, MovePattern};
use scoresheet::notation::san;
use shakmaty::{Bitboard, Rank, Role};

fn check_consistent(token: &str, lang: &Language, p: &MovePattern) {
    let why = |what: &str| format!("{what} ({}: {token:?} gives {p:?})", lang.code);
    assert!(!p.from.is_empty(), "{}", why("no origin square"));
    assert!(!p.to.is_empty(), "{}", why("no destination square"));
    assert_eq!(
        p.origin,
        Bitboard::FULL,
        "{}",
        why("SAN constrains no starting square")
    );
    assert_eq!(
        p.captured,
        Captured::Unconstrained,
        "{}",
        why("SAN names no captured piece")
    );
    assert_eq!(
        p.captured_on,
        Bitboard::FULL,
        "{}",
        why("SAN names no captured square")
    );
    if p.castle.is_some() {
        assert_eq!(
            p.role,
            Some(Role::King),
            "{}",
            why("castling without the king")
        );
        assert!(
            p.promotion.is_none(),
            "{}",
            why("castling with a promotion")
        );
    }
    if p.pawn_letter {
        assert_eq!(
            p.role,
            Some(Role::Pawn),
            "{}",
            why("a pawn letter for another piece")
        );
    }
    if let Some(promoted) = p.promotion {
        assert!(
            !p.no_promotion,
            "{}",
            why("a promotion that must not promote")
        );
        assert!(
            matches!(
                promoted,
                Role::Queen | Role::Rook | Role::Bishop | Role::Knight
            ),
            "{}",
            why("promotion to a king or a pawn")
        );
        assert!(
            matches!(p.role, None | Some(Role::Pawn)),
            "{}",
            why("a piece other than a pawn promotes")
        );
        let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
        assert!(
            !(p.to & back_ranks).is_empty(),
            "{}",
            why("a promotion away from the last rank")
        );
    }
    if let (Some(from), Some(to)) = (p.from.single_square(), p.to.single_square()) {
        assert!(from != to, "{}", why("a move to its own square"));
    }
}

fuzz_target!(|token: &str| {
    for lang in Language::all() {
        let first = san::parse(token, lang);
        let second = san::parse(token, lang);
        assert_eq!(first, second, "{}: {token:?} parses two ways", lang.code);
        let _ = san::parse_marks(token, lang);
        let Ok(pattern) = first else { continue };
        check_consistent(token, lang, &pattern);
        if pattern.nag.is_none() && !token.ends_with(['!', '?']) {
            let marked = format!("{token}!");
            let with_glyph = san::parse(&marked, lang).unwrap_or_else(|e| {
                panic!(
                    "{}: {token:?} parses but {marked:?} does not: {e:?}",
                    lang.code
                )
            });
            assert_eq!(
                with_glyph,
                MovePattern {
                    nag: Some(1),
                    ..pattern
                },
                "{}: {token:?} and {marked:?} read differently",
                lang.code
            );
        }
    }
});
