//! Two copies of one scoresheet read as one game: each kind of
//! disagreement between the copies, settled by the other copy, by the
//! moves after it, or left unsettled.

use scoresheet::{Disagreement, ReconcileOptions, Reconciliation, Right, reconcile};

/// The Breyer Variation of the Ruy Lopez, a line a pair at a time.
const GAME: [&str; 10] = [
    "e4 e5", "Nf3 Nc6", "Bb5 a6", "Ba4 Nf6", "O-O Be7", "Re1 b5", "Bb3 d6", "c3 O-O", "h3 Nb8",
    "d4 Nbd7",
];

/// The game's movetext as the reader writes it.
const MOVETEXT: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
                        7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7";

/// A copy of the game, a numbered pair a line, with `changes` made:
/// (move number, what that line holds instead).
fn copy(changes: &[(usize, &str)]) -> String {
    let mut out = String::new();
    for (i, pair) in GAME.iter().enumerate() {
        let line = changes
            .iter()
            .find(|(n, _)| *n == i + 1)
            .map_or(*pair, |(_, changed)| changed);
        out.push_str(&format!("{}. {line}\n", i + 1));
    }
    out
}

fn joined(a: &str, b: &str) -> Reconciliation {
    match reconcile(a, b, &ReconcileOptions::default()) {
        Ok(joined) => joined,
        Err(e) => panic!("the copies were not read: {e}"),
    }
}

/// The game's moves, one line.
fn movetext(joined: &Reconciliation) -> String {
    let pgn = joined.game.output().unwrap_or_default();
    let moves = pgn.lines().filter(|l| !l.starts_with('[') && !l.is_empty());
    moves.collect::<Vec<_>>().join(" ")
}

/// The only disagreement.
fn only(joined: &Reconciliation) -> &Disagreement {
    assert_eq!(joined.disagreements.len(), 1, "{:#?}", joined.disagreements);
    &joined.disagreements[0]
}

#[test]
fn identical_copies_agree_and_give_the_game() {
    let joined = joined(&copy(&[]), &copy(&[]));
    assert!(joined.agrees());
    assert!(joined.disagreements.is_empty());
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
}

#[test]
fn an_illegal_move_in_one_copy_is_settled_by_the_other() {
    let joined = joined(&copy(&[(4, "Ba5 Nf6")]), &copy(&[]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let row = only(&joined);
    assert_eq!((row.ply, row.move_number), (7, 4));
    assert_eq!(
        (row.a_written.as_str(), row.b_written.as_str()),
        ("Ba5", "Ba4")
    );
    assert_eq!((row.chosen.as_str(), row.right), ("Ba4", Right::B));
    assert_eq!(row.reason, "A's move \"Ba5\" is illegal here");
    assert!(row.is_settled());
}

#[test]
fn a_legal_but_wrong_move_is_settled_by_the_moves_after_it() {
    // Nc3 is legal, but with the knight still on g1 White cannot castle
    // at move 5: the rest of both copies shows that A has it right.
    let joined = joined(&copy(&[]), &copy(&[(2, "Nc3 Nc6")]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let row = only(&joined);
    assert_eq!(
        (row.ply, row.chosen.as_str(), row.right),
        (3, "Nf3", Right::A)
    );
    assert_eq!(
        row.reason,
        "B's move \"Nc3\" is legal but the rest of both sheets does not replay after it"
    );
}

#[test]
fn both_copies_wrong_at_the_same_move_give_the_nearest_legal_move() {
    let joined = joined(&copy(&[(5, "O-O Be9")]), &copy(&[(5, "O-O Bc7")]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let row = only(&joined);
    assert_eq!(
        (row.ply, row.chosen.as_str(), row.right),
        (10, "Be7", Right::Neither)
    );
    assert!(row.reason.contains("both copies misread"), "{}", row.reason);
    assert!(row.is_settled());
}

#[test]
fn two_legal_moves_that_fit_equally_well_are_left_unsettled() {
    // After a5 or a6 alike, every later move of both copies replays.
    let joined = joined(&copy(&[(3, "Bb5 a5")]), &copy(&[]));
    let row = only(&joined);
    assert_eq!(row.ply, 6);
    assert!(!row.is_settled());
    assert_eq!(row.right, Right::Neither);
    let mut candidates = row.candidates.clone();
    candidates.sort();
    assert_eq!(candidates, ["a5", "a6"]);
    assert!(row.reason.contains("unsettled"), "{}", row.reason);
    assert_eq!(joined.unsettled().count(), 1);
}

#[test]
fn a_box_missing_from_one_copy_does_not_shift_the_rest() {
    // B forgot 4... Nf6 and wrote every later move a box early.
    let shifted = "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 O-O\n5. Be7 Re1\n6. b5 Bb3\n\
                   7. d6 c3\n8. O-O h3\n9. Nb8 d4\n10. Nbd7\n";
    let joined = joined(&copy(&[]), shifted);
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let row = only(&joined);
    assert_eq!(
        (row.ply, row.chosen.as_str(), row.right),
        (8, "Nf6", Right::A)
    );
    assert_eq!(row.b_written, "");
    assert!(
        row.reason.contains("B has no box for this move"),
        "{}",
        row.reason
    );
}

#[test]
fn an_empty_box_in_one_copy_is_filled_from_the_other() {
    let joined = joined(&copy(&[(8, "c3 ...")]), &copy(&[]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let row = only(&joined);
    assert_eq!(
        (row.ply, row.chosen.as_str(), row.right),
        (16, "O-O", Right::B)
    );
    assert_eq!(row.a_written, "...");
    assert_eq!(row.reason, "A's box is empty");
}

#[test]
fn tags_of_either_copy_are_kept_and_differing_ones_reported() {
    let a = format!("[White \"Kasparov\"]\n[Event \"Linares\"]\n\n{}", copy(&[]));
    let b = format!(
        "[White \"Kasparov, G.\"]\n[Black \"Karpov\"]\n\n{}1-0\n",
        copy(&[])
    );
    let joined = joined(&a, &b);
    assert_eq!(joined.game.tag("White"), Some("Kasparov"));
    assert_eq!(joined.game.tag("Black"), Some("Karpov"));
    assert_eq!(joined.game.tag("Event"), Some("Linares"));
    assert_eq!(joined.game.result(), "1-0");
    assert!(joined.disagreements.is_empty());
    assert_eq!(joined.tag_conflicts.len(), 1);
    let conflict = &joined.tag_conflicts[0];
    assert_eq!(
        (conflict.name.as_str(), conflict.a.as_str()),
        ("White", "Kasparov")
    );
    assert_eq!(conflict.b, "Kasparov, G.");
    assert!(!joined.agrees());
}

#[test]
fn copies_in_different_letters_agree() {
    let hungarian = copy(&[
        (2, "Hf3 Hc6"),
        (3, "Fb5 a6"),
        (4, "Fa4 Hf6"),
        (5, "O-O Fe7"),
        (6, "Be1 b5"),
        (7, "Fb3 d6"),
        (9, "h3 Hb8"),
        (10, "d4 Hbd7"),
    ]);
    let joined = joined(&copy(&[]), &hungarian);
    assert!(
        joined.disagreements.is_empty(),
        "{:#?}",
        joined.disagreements
    );
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
}

#[test]
fn a_copy_that_stops_early_is_completed_by_the_other() {
    let short: String = copy(&[])
        .lines()
        .take(8)
        .map(|l| format!("{l}\n"))
        .collect();
    let joined = joined(&short, &copy(&[]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let plies: Vec<u32> = joined.disagreements.iter().map(|d| d.ply).collect();
    assert_eq!(plies, [17, 18, 19, 20]);
    assert!(joined.disagreements.iter().all(|d| d.right == Right::B));
    assert_eq!(
        joined.disagreements[0].reason,
        "A's copy ends before this move"
    );
}

#[test]
fn two_moves_written_in_each_others_boxes_are_read_in_their_order() {
    // A wrote 3. Bb5 and 4. Ba4 each in the other's box.
    let joined = joined(&copy(&[(3, "Ba4 a6"), (4, "Bb5 Nf6")]), &copy(&[]));
    assert_eq!(movetext(&joined), format!("{MOVETEXT} *"));
    let plies: Vec<(u32, &str, Right)> = joined
        .disagreements
        .iter()
        .map(|d| (d.ply, d.chosen.as_str(), d.right))
        .collect();
    assert_eq!(plies, [(5, "Bb5", Right::B), (7, "Ba4", Right::B)]);
    assert_eq!(
        joined.disagreements[0].reason,
        "A wrote this move two boxes further on, and that box's move here (two moves swapped)"
    );
    assert!(joined.unsettled().next().is_none());
}
