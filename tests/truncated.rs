//! Input that stops inside a game: the game is rejected byte for byte,
//! never written as if whole; a final position that is mate gives the
//! result even where `*` was written.

use std::fs;

use assert_cmd::Command;

const WHOLE: &str =
    "[Event \"whole\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const CUT: &str = "[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5";

#[test]
fn a_game_cut_off_at_the_end_of_the_input_is_rejected_not_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cut.pgn");
    fs::write(&input, format!("{WHOLE}{CUT}")).unwrap();
    let rejects = dir.path().join("rejects.pgn");
    let run = Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .arg(&input)
        .arg("--rejects")
        .arg(&rejects)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "2 games read: 1 converted, 1 rejected",
        ))
        .stderr(predicates::str::contains("the input ends inside this game"));
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(!out.contains("cut"), "{out}");
    let rejected = fs::read_to_string(&rejects).unwrap();
    assert!(rejected.starts_with(CUT), "{rejected:?}");
}

#[test]
fn a_file_without_a_final_line_end_is_whole_when_its_game_ends_with_a_result() {
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin(WHOLE.trim_end())
        .assert()
        .success()
        .stdout(predicates::str::contains("4. Qxf7# 1-0"));
}

#[test]
fn a_final_mate_gives_the_result_where_an_unknown_one_is_written() {
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin("[Event \"m\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n")
        .assert()
        .code(1)
        .stdout(predicates::str::contains("[Result \"0-1\"]"))
        .stdout(predicates::str::contains("2. g4 Qh4# 0-1"));
}

#[test]
fn a_game_cut_at_a_line_end_is_rejected_when_its_result_tag_says_it_was_played_out() {
    let cut = "[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6\n";
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin(format!("{WHOLE}{cut}"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "2 games read: 1 converted, 1 rejected",
        ))
        .stderr(predicates::str::contains("the input ends inside this game"));
    // A game in progress (`*`) may simply stop: written.
    let open = "[Event \"open\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6\n";
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .write_stdin(format!("{WHOLE}{open}"))
        .assert()
        .success()
        .stderr(predicates::str::contains(
            "2 games read: 2 converted, 0 rejected",
        ));
}
