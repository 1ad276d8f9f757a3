//! Golden fixtures: every input under `fixtures/` is converted by the
//! command-line tool and compared with the expectations beside it.
//!
//! For an input `fixtures/<family>/<case>.txt` (or `.pgn`):
//!
//! * `<case>.args`, optional: extra arguments, one per line;
//! * `<case>.expected.pgn`: the output must match;
//! * `<case>.audit.csv`: the report must match;
//! * `<case>.rejects`: the rejects file must match;
//! * `<case>.status`, optional: the exit status (0 when absent).
//!
//! `BLESS=1 cargo test --test golden` rewrites the expectations from what
//! the tool does now; review the diff before committing it.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "regressions" {
            inputs(&path, out);
        } else if path.is_dir() {
            // Fuzzing inputs are not games to convert: tests/regressions.rs.
        } else if (name.ends_with(".txt") || name.ends_with(".pgn"))
            && !name.ends_with(".expected.pgn")
        {
            out.push(path);
        }
    }
}

fn sibling(input: &Path, suffix: &str) -> PathBuf {
    let stem = input.file_stem().unwrap().to_string_lossy();
    input.with_file_name(format!("{stem}{suffix}"))
}

#[test]
fn fixtures_match_their_expectations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("BLESS").is_some();
    let mut cases = Vec::new();
    inputs(&root.join("fixtures"), &mut cases);
    assert!(!cases.is_empty(), "no fixtures found");
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for input in &cases {
        let relative = input.strip_prefix(root).unwrap();
        let report = scratch.path().join("report.csv");
        let rejects = scratch.path().join("rejects.txt");
        let mut cmd = Command::cargo_bin("scoresheet").unwrap();
        cmd.current_dir(root)
            .arg("convert")
            .arg(relative)
            .arg("--report")
            .arg(&report)
            .arg("--rejects")
            .arg(&rejects)
            .arg("-q");
        if let Ok(args) = fs::read_to_string(sibling(input, ".args")) {
            cmd.args(args.lines().map(str::trim).filter(|l| !l.is_empty()));
        }
        let output = cmd.output().unwrap();
        let status = output.status.code().unwrap_or(-1).to_string();
        let actual = [
            (
                ".expected.pgn",
                String::from_utf8_lossy(&output.stdout).into_owned(),
            ),
            (
                ".audit.csv",
                fs::read_to_string(&report).unwrap_or_default(),
            ),
            (".rejects", fs::read_to_string(&rejects).unwrap_or_default()),
            (".status", format!("{status}\n")),
        ];
        for (suffix, got) in actual {
            let path = sibling(input, suffix);
            if bless {
                let boring = match suffix {
                    ".status" => got == "0\n",
                    ".rejects" => got.is_empty(),
                    _ => false,
                };
                if boring {
                    let _ = fs::remove_file(&path);
                } else {
                    fs::write(&path, &got).unwrap();
                }
                continue;
            }
            let want = match (suffix, fs::read_to_string(&path)) {
                (_, Ok(want)) => want,
                (".status", Err(_)) => "0\n".into(),
                (".rejects", Err(_)) => String::new(),
                (_, Err(_)) => {
                    failures.push(format!(
                        "{}: missing (run with BLESS=1 to create it)",
                        path.display()
                    ));
                    continue;
                }
            };
            if got != want {
                failures.push(format!(
                    "{}: differs\n--- expected\n{want}\n--- actual\n{got}\n--- stderr\n{}",
                    path.strip_prefix(root).unwrap().display(),
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
