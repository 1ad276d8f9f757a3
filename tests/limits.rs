//! The limits the tool keeps, and says it keeps: the size of a language
//! table, the worker threads, the largest game, the FEN counters; and a
//! promotion to a king, which no letter set makes legal.

use std::fs;
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// Runs `scoresheet` with `args`: exit status, standard output, standard
/// error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("scoresheet")
        .unwrap()
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_promotion_to_k_is_illegal_in_every_letter_set() {
    let dir = tempfile::tempdir().unwrap();
    let untagged = dir.path().join("untagged.txt");
    fs::write(
        &untagged,
        "1. a4 h5 2. a5 h4 3. a6 h3 4. axb7 hxg2 5. bxa8=K *\n",
    )
    .unwrap();
    let tagged = dir.path().join("tagged.pgn");
    fs::write(
        &tagged,
        "[Event \"k\"]\n[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. a8=K *\n",
    )
    .unwrap();
    for (path, token) in [(&untagged, "bxa8=K"), (&tagged, "a8=K")] {
        let (status, stdout, stderr) = run(&["convert", path.to_str().unwrap()]);
        assert_eq!(status, 1, "{stderr}");
        assert!(!stdout.contains("=N"), "{stdout}");
        assert!(
            stderr.contains(&format!("unparseable move \"{token}\"")),
            "{stderr}"
        );
        assert!(stderr.contains("1 rejected"), "{stderr}");
        assert!(stderr.contains("letters: en 1"), "{stderr}");
    }
}

#[test]
fn a_language_table_larger_than_a_mebibyte_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("huge.toml");
    fs::write(&table, "#".repeat((1 << 20) + 1)).unwrap();
    let game = dir.path().join("g.pgn");
    fs::write(&game, "1. e4 e5 *\n").unwrap();
    let (status, _, stderr) = run(&[
        "convert",
        game.to_str().unwrap(),
        "--lang",
        table.to_str().unwrap(),
    ]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("larger than 1 MiB"), "{stderr}");
}

#[test]
fn thousands_of_threads_asked_for_are_cut_to_a_few_per_core() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn");
    fs::write(&game, "1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
    let started = Instant::now();
    let (status, stdout, stderr) = run(&["convert", game.to_str().unwrap(), "-j", "100000"]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout.matches("[Event").count(), 2);
    assert!(
        stderr.contains("-j 100000 is more threads than help"),
        "{stderr}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_game_of_exactly_the_largest_size_is_read() {
    const MAX: usize = 4 << 20;
    let head = "[Event \"largest\"]\n[Result \"*\"]\n\n1. e4 e5 {";
    let tail = "} *\n";
    let mut game = String::from(head);
    while game.len() + 80 + tail.len() <= MAX {
        game.push_str(&"x".repeat(79));
        game.push('\n');
    }
    game.push_str(&"x".repeat(MAX - game.len() - tail.len()));
    game.push_str(tail);
    assert_eq!(game.len(), MAX);
    let dir = tempfile::tempdir().unwrap();
    // Followed by a blank line and a game, by a game at once, or last.
    for (name, after) in [
        ("blank", "\n[Event \"next\"]\n\n1. d4 *\n"),
        ("tag", "[Event \"next\"]\n\n1. d4 *\n"),
        ("last", ""),
    ] {
        let path = dir.path().join(format!("{name}.pgn"));
        fs::write(&path, format!("{game}{after}")).unwrap();
        let (status, stdout, stderr) = run(&["convert", path.to_str().unwrap()]);
        assert_eq!(status, 0, "{name}: {stderr}");
        assert!(stdout.contains("[Event \"largest\"]"), "{name}: {stderr}");
        assert!(!stderr.contains("larger than"), "{name}: {stderr}");
    }
    // A byte more is too large.
    let path = dir.path().join("over.pgn");
    fs::write(&path, format!("{}x{}", &game[..MAX - tail.len()], tail)).unwrap();
    let (status, _, stderr) = run(&["convert", path.to_str().unwrap()]);
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("larger than 4 MiB"), "{stderr}");
}

#[test]
fn a_fen_move_number_too_large_to_keep_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fen.pgn");
    fs::write(
        &path,
        "[Event \"f\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 99999999999\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let (_, _, stderr) = run(&["convert", path.to_str().unwrap()]);
    assert!(
        stderr.contains("FEN tag's move number 99999999999 is read as 4294967295"),
        "{stderr}"
    );
    assert!(
        stderr.contains("FEN tag's half-move clock 99999999999 is read as 4294967295"),
        "{stderr}"
    );
    // Counters as written say nothing.
    fs::write(
        &path,
        "[Event \"f\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let (status, _, stderr) = run(&["convert", path.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    assert!(!stderr.contains("is read as"), "{stderr}");
}
