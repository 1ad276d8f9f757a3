//! Games that are not standard chess: other variants are rejected with a
//! finding that says so, not replayed as standard chess; null moves are
//! named for what they are.

use assert_cmd::Command;

#[test]
fn an_atomic_game_is_rejected_with_a_clear_finding() {
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin("[Variant \"Atomic\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 *\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains(
            "variant \"Atomic\" is not replayed: only standard chess and Chess960 are",
        ))
        .stderr(predicates::str::contains(
            "1 games read: 0 converted, 1 rejected",
        ));
}

#[test]
fn a_null_move_is_named_as_such() {
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin("1. e4 -- 2. d4 *\n")
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "ply 2 (line 1, column 7): null move \"--\" (a side passing its turn)",
        ));
}
