//! Games that are not standard chess: other variants are rejected with a
//! finding that says so, not replayed as standard chess; null moves are
//! read and written as PGN tools write them.

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
fn null_moves_are_read_and_written_as_pgn_has_them() {
    let run = Command::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "-q"])
        .write_stdin("1. e4 -- 2. d4 Z0 3. Nf3 e5 (3... d5 4. --) 4. Nxe5 *\n")
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(
        out.contains("1. e4 -- 2. d4 -- 3. Nf3 e5 (3... d5 4. --) 4. Nxe5 *"),
        "{out}"
    );
    // What is written reads back the same.
    Command::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "-q"])
        .write_stdin(out.clone())
        .assert()
        .success()
        .stdout(out);
    Command::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "-q", "--to", "uci"])
        .write_stdin("1. e4 -- 2. d4 *\n")
        .assert()
        .success()
        .stdout("1. e2e4 0000 2. d2d4 *\n\n");
    // The positions after a null move: Black passed, White moves again.
    Command::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "-q", "--to", "fen"])
        .write_stdin("1. e4 -- 2. d4 *\n")
        .assert()
        .success()
        .stdout("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2\n");
}

#[test]
fn a_null_move_in_check_is_illegal() {
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin("1. e4 f5 2. Qh5+ -- *\n")
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "null move \"--\" with black in check: a side in check cannot pass",
        ));
}
