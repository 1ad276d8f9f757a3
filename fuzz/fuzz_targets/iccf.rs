//! `notation::iccf::parse` in both promotion conventions and for both
//! sides: no panic; a token that parses parses identically twice, names
//! single squares, and `iccf::write` of its first reading's origin,
//! destination and promotion parses back to the same reading (marks
//! aside, which `write` does not write).

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::model::{Claims, MovePattern};
use scoresheet::notation::iccf::{self, Promotion};
use shakmaty::{Color, Rank, Role};

fuzz_target!(|token: &str| {
    for convention in [Promotion::Iccf, Promotion::Hungarian] {
        for turn in [Color::White, Color::Black] {
            let readings = iccf::parse(token, convention, turn);
            assert_eq!(
                readings,
                iccf::parse(token, convention, turn),
                "{token:?} parses two ways"
            );
            let Ok(readings) = readings else { continue };
            let why = |what: &str| {
                format!("{token:?} ({convention:?}, {turn:?}) gives {readings:?}: {what}")
            };
            for p in readings.iter() {
                assert!(
                    p.from.single_square().is_some(),
                    "{}",
                    why("origin is not one square")
                );
                assert!(
                    p.to.single_square().is_some(),
                    "{}",
                    why("destination is not one square")
                );
                if let Some(role) = p.promotion {
                    assert!(
                        matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight),
                        "{}",
                        why("promotion to a king or a pawn")
                    );
                    assert!(
                        !p.no_promotion,
                        "{}",
                        why("a promotion that must not promote")
                    );
                }
            }
            if !readings.more.is_empty() {
                assert!(
                    readings.first.no_promotion,
                    "{}",
                    why("two readings, the plain one may promote")
                );
            }
            let first = readings.first;
            let (Some(from), Some(to)) = (first.from.single_square(), first.to.single_square())
            else {
                continue;
            };
            let written = iccf::write(from, to, first.promotion, convention);
            let back = iccf::parse(&written, convention, turn).unwrap_or_else(|e| {
                panic!(
                    "{}",
                    why(&format!(
                        "written back as {written:?}, which does not parse: {e:?}"
                    ))
                )
            });
            let want = MovePattern {
                claims: Claims::default(),
                nag: None,
                draw_offer: false,
                ..first
            };
            match first.promotion {
                // Hungarian texts write a promotion as origin, destination
                // file and piece: it comes back as the second reading, and
                // only for a pawn's step or capture onto the last rank.
                Some(_) if convention == Promotion::Hungarian => {
                    let (seventh, eighth) = match turn {
                        Color::White => (Rank::Seventh, Rank::Eighth),
                        Color::Black => (Rank::Second, Rank::First),
                    };
                    let pawn_move = from.rank() == seventh
                        && to.rank() == eighth
                        && from.file().distance(to.file()) <= 1;
                    if pawn_move {
                        assert!(
                            back.iter().any(|p| p.from == want.from
                                && p.to == want.to
                                && p.promotion == want.promotion),
                            "{}",
                            why(&format!(
                                "written back as {written:?}, which reads as {back:?}"
                            ))
                        );
                    }
                }
                _ => assert_eq!(
                    back.first,
                    want,
                    "{}",
                    why(&format!(
                        "written back as {written:?}, which reads as {back:?}"
                    ))
                ),
            }
        }
    }
});
