//! Output files are complete or untouched: an interrupted run (SIGTERM,
//! SIGINT) or a failing device leaves the previous file as it was, no
//! half-written file, and says so.

use std::fs;
use std::process::{Command, Stdio};
use std::time::Duration;

const GAME: &str =
    "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";

fn interrupt_with(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big.pgn");
    fs::write(&input, GAME.repeat(300_000)).unwrap();
    let out = dir.path().join("out.pgn");
    fs::write(&out, "previous\n").unwrap();
    let child = Command::new(assert_cmd::cargo::cargo_bin("scoresheet"))
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .args(["-j", "1", "-q"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(400));
    let _ = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let content = fs::read_to_string(&out).unwrap();
    match output.status.code() {
        Some(130) => {
            assert_eq!(content, "previous\n", "{signal}");
            assert!(
                stderr.contains("interrupted;") && stderr.contains("left as it was"),
                "{stderr}"
            );
        }
        // Finished before the signal came: then the new file is whole.
        Some(0) => assert!(
            content.ends_with("4. Qxf7# 1-0\n\n") && content.matches("[Event").count() == 300_000
        ),
        other => panic!("{signal}: exit {other:?}: {stderr}"),
    }
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{signal}: {leftovers:?}");
}

#[test]
fn sigterm_leaves_the_previous_file() {
    interrupt_with("TERM");
}

#[test]
fn sigint_leaves_the_previous_file() {
    interrupt_with("INT");
}

#[test]
fn a_full_device_is_reported() {
    let output = Command::new(assert_cmd::cargo::cargo_bin("scoresheet"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "convert",
            "examples/national-letters.pgn",
            "-o",
            "/dev/full",
            "-q",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
}

/// SIGTERM sent the moment `-o` is replaced, while the rejects are still
/// to be put in place: before, the run stopped there, with `-o` from this
/// run and the rejects from the one before. The outputs of a run are
/// renamed together once all are written; a signal then waits for them.
#[test]
fn a_signal_while_the_outputs_are_put_in_place_never_mixes_two_runs() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pgn");
    // Games over 4 MiB go to the rejects unread: a large rejects file,
    // whose writing to disk takes a while, made quickly.
    let large = format!(
        "[Event \"large\"]\n\n1. e4 {{{}}} *\n\n",
        "x".repeat(5 << 20)
    );
    fs::write(&input, format!("{GAME}{}", large.repeat(8))).unwrap();
    let out = dir.path().join("out.pgn");
    let rejects = dir.path().join("rejects.pgn");
    let mut signalled_any = false;
    for attempt in 0..3 {
        fs::write(&out, "previous output\n").unwrap();
        fs::write(&rejects, "previous rejects\n").unwrap();
        let before = fs::metadata(&out).unwrap().ino();
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("scoresheet"))
            .arg("convert")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .arg("--rejects")
            .arg(&rejects)
            .arg("-q")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut signalled = false;
        while child.try_wait().unwrap().is_none() {
            if fs::metadata(&out).is_ok_and(|m| m.ino() != before) {
                let _ = Command::new("kill")
                    .arg("-TERM")
                    .arg(child.id().to_string())
                    .status();
                signalled = true;
                break;
            }
        }
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let new_out = fs::read_to_string(&out).unwrap() != "previous output\n";
        let new_rejects = fs::metadata(&rejects).unwrap().len() > 40 << 20;
        assert_eq!(
            new_out,
            new_rejects,
            "attempt {attempt}, signalled {signalled}, exit {:?}: {stderr}",
            output.status.code()
        );
        if new_out {
            // Put in place whole: the run's own status, not 130.
            assert_eq!(output.status.code(), Some(1), "{stderr}");
        }
        signalled_any |= signalled;
    }
    assert!(signalled_any, "the run ended before -o was seen replaced");
}
