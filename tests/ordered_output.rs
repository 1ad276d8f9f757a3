//! Output does not depend on the number of threads: the same input
//! converted (and audited) with `-j 1` and `-j 2` gives byte-identical
//! games, rejects and report.
//!
//! The input is the TWIC sample of the shared corpus (1,110 games, more
//! than one batch) when it is beside the repository, else seeded random
//! legal games; either way some games are broken on purpose so that the
//! rejects file and the report have rows whose order matters.

mod common;

use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::Path;

use assert_cmd::Command;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use scoresheet::pgn::split::Splitter;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Position};

/// Games in the generated input: more than one batch of the pipeline.
const GENERATED: usize = 1200;

/// Seeded random legal games as PGN.
fn generated_games() -> String {
    let mut rng = StdRng::seed_from_u64(1599);
    let mut out = String::new();
    for index in 1..=GENERATED {
        let mut pos = Chess::default();
        let mut movetext = String::new();
        let plies = rng.random_range(1..120);
        for ply in 0..plies {
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            if ply % 2 == 0 {
                write!(movetext, "{}. ", ply / 2 + 1).unwrap();
            }
            write!(
                movetext,
                "{} ",
                SanPlus::from_move_and_play_unchecked(&mut pos, m)
            )
            .unwrap();
        }
        write!(
            out,
            "[Event \"Random {index}\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n{movetext}*\n\n"
        )
        .unwrap();
    }
    out
}

/// `text` with every 37th game given an unreadable move, every 41st a
/// check mark on its first move and every 43rd a wrong result.
fn with_broken_games(text: &str) -> String {
    let mut out = String::new();
    for raw in Splitter::new(text.as_bytes()) {
        let raw = raw.unwrap();
        let mut game = raw.text;
        if raw.index % 37 == 0 {
            game = game.replacen("1. ", "1. Zz9 ", 1);
        }
        if raw.index % 41 == 0 {
            game = game
                .replacen("1. e4 ", "1. e4+ ", 1)
                .replacen("1. d4 ", "1. d4+ ", 1);
        }
        if raw.index % 43 == 0 {
            game = game.replacen("[Result \"", "[Result \"0-1", 1);
        }
        out.push_str(game.trim_end());
        out.push_str("\n\n");
    }
    out
}

/// The input: the corpus sample, or generated games when it is absent.
fn input() -> String {
    let text = match common::corpus("twic1599-sample.pgn") {
        Some(path) => fs::read_to_string(path).unwrap(),
        None => {
            // Past the harness's capture, so that `cargo test` shows it.
            let _ = writeln!(
                std::io::stderr(),
                "using {GENERATED} generated games instead"
            );
            generated_games()
        }
    };
    with_broken_games(&text)
}

/// Output, rejects and report of `command` (`convert` or `audit`) with
/// `jobs` threads.
fn run(dir: &Path, command: &str, jobs: &str) -> [Vec<u8>; 3] {
    let out = dir.join(format!("{command}-{jobs}.pgn"));
    let rejects = dir.join(format!("{command}-{jobs}.rejects"));
    let report = dir.join(format!("{command}-{jobs}.csv"));
    let mut cmd = Command::cargo_bin("scoresheet").unwrap();
    cmd.arg(command)
        .arg(dir.join("input.pgn"))
        .arg("--report")
        .arg(&report)
        .args(["-j", jobs, "-q"]);
    if command == "convert" {
        cmd.arg("-o").arg(&out).arg("--rejects").arg(&rejects);
    }
    let status = cmd.output().unwrap().status.code();
    assert_eq!(
        status,
        Some(1),
        "{command} -j {jobs}: the broken games are problems"
    );
    let read = |path: &Path| fs::read(path).unwrap_or_default();
    [read(&out), read(&rejects), read(&report)]
}

#[test]
fn one_and_two_threads_give_identical_output_and_report() {
    let dir = tempfile::tempdir().unwrap();
    let text = input();
    fs::write(dir.path().join("input.pgn"), &text).unwrap();
    for command in ["convert", "audit"] {
        let one = run(dir.path(), command, "1");
        let two = run(dir.path(), command, "2");
        for (what, (a, b)) in ["output", "rejects", "report"]
            .iter()
            .zip(one.iter().zip(&two))
        {
            assert!(
                a == b,
                "{command}: {what} differs between -j 1 and -j 2 ({} vs {} bytes)",
                a.len(),
                b.len()
            );
        }
        let [output, rejects, report] = one;
        let rows = report.iter().filter(|&&b| b == b'\n').count();
        assert!(rows > 20, "{command}: only {rows} report lines");
        if command == "convert" {
            assert!(output.len() > text.len() / 2, "convert wrote too little");
            assert!(!rejects.is_empty(), "no game was rejected");
        }
    }
}
