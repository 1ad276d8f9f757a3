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

fn convert_with_rejects(text: &[u8]) -> (String, String, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    std::fs::write(&input, text).unwrap();
    let rejects = dir.path().join("rejects.pgn");
    let out = Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .arg(&input)
        .arg("--rejects")
        .arg(&rejects)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        std::fs::read(&rejects).unwrap_or_default(),
    )
}

#[test]
fn a_comment_holding_a_blank_line_and_a_tag_like_line_stays_in_its_game() {
    let text =
        "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {a note\n\n[Note \"this\"] more} e5 2. Nf3 *\n";
    let (out, stderr, _) = convert_with_rejects(text.as_bytes());
    assert!(
        stderr.contains("1 games read: 1 converted, 0 rejected"),
        "{stderr}"
    );
    assert!(out.contains("1... e5 2. Nf3 *"), "{out}");
}

#[test]
fn a_tag_value_too_large_to_read_rejects_its_game_whole_and_only_it() {
    let game = format!(
        "[Event \"a\"]\n[Annotator \"{}\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n",
        "x".repeat(5 << 20)
    );
    let next = "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    let (out, stderr, rejects) = convert_with_rejects(format!("{game}{next}").as_bytes());
    assert!(
        stderr.contains("2 games read: 1 converted, 1 rejected"),
        "{stderr}"
    );
    assert!(stderr.contains("too-large 1"), "{stderr}");
    assert!(out.contains("1. d4 d5 *"), "{out}");
    assert_eq!(rejects, game.as_bytes());
}

#[test]
fn endless_paragraphs_after_a_game_are_passed_on_not_held() {
    // No result: the paragraphs might yet be this game's commentary.
    let mut text = "1. e4 e5 2. Nf3 Nc6\n\n".to_owned();
    let prose = "Not a move in sight, only words about the weather.\n\n";
    text.push_str(&prose.repeat((6 << 20) / prose.len()));
    let (out, stderr, rejects) = convert_with_rejects(text.as_bytes());
    assert!(out.contains("2. Nf3 Nc6 *"), "{out}");
    assert!(stderr.contains("2 games read"), "{stderr}");
    assert!(stderr.contains(" read: 1 converted, "), "{stderr}");
    assert!(stderr.contains("too-large 1"), "{stderr}");
    assert_eq!(rejects, text.as_bytes()["1. e4 e5 2. Nf3 Nc6\n\n".len()..]);
}

#[test]
fn a_hundred_thousand_tags_take_linear_time() {
    let mut text = String::from("[Event \"x\"]\n");
    for i in 0..100_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("[T7 \"again\"]\n\n1. e4 e5 *\n");
    let started = std::time::Instant::now();
    let (out, stderr, _) = convert_with_rejects(text.as_bytes());
    assert!(out.contains("[T99999 \"v\"]"), "{stderr}");
    assert!(stderr.contains("duplicate T7 tag"), "{stderr}");
    // Quadratic checks took half a minute here.
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}
