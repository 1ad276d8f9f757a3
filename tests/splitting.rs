//! Where games start and end in archives as they are: games run
//! together, huge tags and comments, paragraphs without end.

use assert_cmd::Command;

#[test]
fn games_run_together_after_a_result_are_read_apart() {
    let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n1. d4 d5 2. c4 e6 *\n[Event \"c\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let run = Command::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "-q"])
        .write_stdin(text)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert_eq!(out.matches("[Event ").count(), 3, "{out}");
    assert!(out.contains("1. d4 d5 2. c4 e6 *"), "{out}");
}
