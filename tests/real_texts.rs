//! The real printed texts of `../shared/real` (book pages, newspaper
//! columns, web pages, handbook samples), read by the built command as a
//! user runs it, scored as `../shared/real/score.py` scores them:
//!
//! * clean cases: `convert` writes the intended main line exactly;
//! * errata cases: `audit` reports each real mistake at its half-move
//!   (found) and names the intended move (suggested); `convert --repair`
//!   writes the intended game (repaired);
//! * the position case: `convert` gives the intended board and `audit`
//!   names the square where the ways of writing it disagree.
//!
//! The figures are printed; the test fails when one falls below the floor
//! recorded here, which is raised as the reader improves. Without the
//! folder (a fresh clone) it says that it skipped.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::san::san;
use scoresheet::pgn::split::Splitter;
use shakmaty::{Chess, Move, Position};

/// The figures this build must reach at least.
const FLOOR: Figures = Figures {
    clean: 32,
    found: 57,
    suggested: 43,
    repaired: 12,
    positions: 1,
};

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Figures {
    clean: u32,
    found: u32,
    suggested: u32,
    repaired: u32,
    positions: u32,
}

/// Kinds of real mistakes that damage the moves (others are marks).
const DAMAGE: [&str; 4] = ["illegal", "missing-move", "ocr-damage", "wrong-move-legal"];

fn real_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/real");
    if dir.is_dir() {
        Some(dir)
    } else {
        say(&format!(
            "skipped: real texts not found at {}",
            dir.display()
        ));
        None
    }
}

/// The main lines of the games of a PGN text.
fn main_lines(pgn: &str) -> Vec<(Chess, Vec<Move>)> {
    Splitter::new(pgn.as_bytes())
        .filter_map(Result::ok)
        .map(|raw| {
            let game = read(&raw.text, &ReadOptions::default());
            let moves = game
                .replay
                .main_line()
                .unwrap_or_default()
                .into_iter()
                .map(|(_, m)| m)
                .collect();
            (game.start, moves)
        })
        .collect()
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .expect("the command runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The report's rows, as maps from column to value.
fn report(input: &Path, dir: &Path) -> Vec<csv::StringRecord> {
    let path = dir.join("report.csv");
    run(&[
        "audit",
        input.to_str().unwrap(),
        "--report",
        path.to_str().unwrap(),
    ]);
    let Ok(mut reader) = csv::Reader::from_path(&path) else {
        return Vec::new();
    };
    reader.records().filter_map(Result::ok).collect()
}

#[test]
fn real_texts_score_at_least_the_floor_or_skip_without_them() {
    let Some(dir) = real_dir() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut got = Figures::default();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("meta.toml").is_file())
        .collect();
    cases.sort();
    for case in &cases {
        let meta: toml::Table = std::fs::read_to_string(case.join("meta.toml"))
            .unwrap()
            .parse()
            .unwrap();
        let expected = main_lines(&std::fs::read_to_string(case.join("expected.pgn")).unwrap());
        let (start, want) = expected.into_iter().next().expect("an expected game");
        let input = case.join("input.txt");
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let errors: Vec<&toml::Table> = meta
            .get("expected_errors")
            .and_then(|e| e.as_array())
            .map(|a| a.iter().filter_map(|e| e.as_table()).collect())
            .unwrap_or_default();
        let damage: Vec<&&toml::Table> = errors
            .iter()
            .filter(|e| {
                e.get("kind")
                    .and_then(|k| k.as_str())
                    .is_some_and(|k| DAMAGE.contains(&k))
            })
            .collect();
        let notation = meta.get("notation").and_then(|n| n.as_str()).unwrap_or("");
        if notation.starts_with("position") {
            let out = main_lines(&run(&["convert", input.to_str().unwrap()]));
            let board = |pos: &Chess| pos.board().clone();
            let board_right = out.iter().any(|(s, _)| board(s) == board(&start));
            let squares: Vec<String> = errors
                .iter()
                .filter_map(|e| e.get("written").and_then(|w| w.as_str()))
                .map(|w| {
                    w.chars()
                        .rev()
                        .take(2)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .collect()
                })
                .collect();
            let rows = report(&input, tmp.path());
            let conflict = rows.iter().any(|r| {
                squares
                    .iter()
                    .any(|sq| r.get(12).unwrap_or("").contains(sq.as_str()))
            });
            let ok = board_right && conflict;
            got.positions += u32::from(ok);
            eprintln!(
                "{} position {name}: board {board_right}, conflict {conflict}",
                mark(ok)
            );
        } else if damage.is_empty() {
            let out = main_lines(&run(&["convert", "--to", "pgn", input.to_str().unwrap()]));
            let ok = out.iter().any(|(_, moves)| *moves == want);
            got.clean += u32::from(ok);
            eprintln!("{} clean    {name}", mark(ok));
        } else {
            let rows = report(&input, tmp.path());
            let mut pos = start.clone();
            let sans: Vec<String> = want
                .iter()
                .map(|m| {
                    let s = san(&pos, *m, Language::english());
                    pos.play_unchecked(*m);
                    s.trim_end_matches(['+', '#']).to_owned()
                })
                .collect();
            let (mut found, mut suggested) = (0, 0);
            for e in &damage {
                let ply = e.get("ply").and_then(|p| p.as_integer()).unwrap_or(0) as usize;
                let at: Vec<&csv::StringRecord> = rows
                    .iter()
                    .filter(|r| r.get(7) == Some(ply.to_string().as_str()))
                    .filter(|r| !is_mark_kind(r.get(11).unwrap_or("")))
                    .collect();
                let intended = ply.checked_sub(1).and_then(|i| sans.get(i));
                let hit = at.iter().any(|r| {
                    r.get(14)
                        .unwrap_or("")
                        .split_whitespace()
                        .any(|s| Some(&s.trim_end_matches(['+', '#']).to_owned()) == intended)
                });
                found += u32::from(!at.is_empty());
                suggested += u32::from(hit);
            }
            let out = main_lines(&run(&[
                "convert",
                "--repair",
                "--to",
                "pgn",
                input.to_str().unwrap(),
            ]));
            let repaired = out.iter().any(|(_, moves)| *moves == want);
            got.found += found;
            got.suggested += suggested;
            got.repaired += u32::from(repaired);
            let ok = found == suggested && suggested as usize == damage.len();
            eprintln!(
                "{} errata   {name}: found {found}/{n}, suggested {suggested}/{n}, repaired {repaired}",
                mark(ok),
                n = damage.len()
            );
        }
    }
    say(&format!(
        "real: clean {}, errata found {}, suggested {}, repaired {}, positions {} ({} cases)",
        got.clean,
        got.found,
        got.suggested,
        got.repaired,
        got.positions,
        cases.len()
    ));
    for (what, got, floor) in [
        ("clean", got.clean, FLOOR.clean),
        ("found", got.found, FLOOR.found),
        ("suggested", got.suggested, FLOOR.suggested),
        ("repaired", got.repaired, FLOOR.repaired),
        ("positions", got.positions, FLOOR.positions),
    ] {
        assert!(
            got >= floor,
            "real texts: {what} {got} fell below the floor {floor}"
        );
    }
}

/// Writes `line` where `cargo test` shows it whether the test passes or
/// not: straight to standard error, past the harness's capture of
/// `eprintln!`.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

fn mark(ok: bool) -> &'static str {
    if ok { "ok  " } else { "FAIL" }
}

/// Kinds about marks and the game as a whole, which the errata figures
/// leave out (as the scorer does).
fn is_mark_kind(kind: &str) -> bool {
    matches!(
        kind,
        "wrong-check-mark"
            | "wrong-mate-mark"
            | "wrong-capture-mark"
            | "missing-result"
            | "result-mismatch"
            | "bad-tag"
            | "encoding"
            | "letter-set"
            | "no-moves"
            | "repaired"
    )
}
