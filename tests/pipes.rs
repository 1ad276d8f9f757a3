//! Behaviour in pipelines: a reader that goes away (`| head`), a standard
//! error that cannot be written, `-` for standard output, `-j 0`.

#![cfg(unix)]

use std::fs;
use std::io::Read;
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;
use assert_cmd::cargo::CommandCargoExt;

const GOOD: &str =
    "[Event \"good\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const BAD: &str = "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";

fn many(n: usize) -> String {
    GOOD.repeat(n)
}

/// Runs `args` on a big input, reads a little of standard output and
/// closes it; returns the exit code and standard error.
fn closed_early(args: &[&str], text: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("big.pgn");
    fs::write(&input, text).unwrap();
    let mut child = Process::cargo_bin("scoresheet")
        .unwrap()
        .args(args)
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut head = [0u8; 100];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

#[test]
fn convert_into_a_closed_pipe_ends_quietly() {
    let (code, stderr) = closed_early(&["convert", "-q"], &format!("{BAD}{}", many(20_000)));
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The rejected game was seen before the pipe closed.
    assert_eq!(code, Some(1), "{stderr}");
}

#[test]
fn audit_into_a_closed_pipe_ends_quietly() {
    let (code, stderr) = closed_early(&["audit"], &BAD.repeat(20_000));
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(code, Some(1), "{stderr}");
}

/// The exit status of `convert INPUT -o OUT` with `stderr` as its
/// standard error.
fn convert_with_stderr(
    input: &std::path::Path,
    out: &std::path::Path,
    stderr: impl Into<Stdio>,
) -> std::process::ExitStatus {
    Process::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .arg(input)
        .arg("-o")
        .arg(out)
        .stderr(stderr)
        .status()
        .unwrap()
}

#[test]
fn an_unwritable_standard_error_loses_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{GOOD}{BAD}")).unwrap();
    let out = dir.path().join("out.pgn");
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = convert_with_stderr(&input, &out, full);
    assert_eq!(status.code(), Some(1));
    assert!(fs::read_to_string(&out).unwrap().contains("4. Qxf7# 1-0"));
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        2,
        "a partial file stayed"
    );
    // An error message that cannot be printed still gives its status.
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = Process::cargo_bin("scoresheet")
        .unwrap()
        .args(["convert", "no/such/file.pgn"])
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn a_closed_pipe_as_standard_error_loses_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    // Enough problems to fill a pipe's buffer many times over.
    fs::write(&input, format!("{}{GOOD}", BAD.repeat(3000))).unwrap();
    let out = dir.path().join("out.pgn");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let status = convert_with_stderr(&input, &out, writer);
    assert_eq!(status.code(), Some(1));
    assert!(fs::read_to_string(&out).unwrap().contains("4. Qxf7# 1-0"));
}

#[test]
fn a_dash_means_standard_output_for_the_report_and_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{GOOD}{BAD}")).unwrap();
    let out = dir.path().join("out.pgn");
    let run = Command::cargo_bin("scoresheet")
        .unwrap()
        .current_dir(dir.path())
        .arg("convert")
        .arg(&input)
        .args(["-q", "--report", "-", "-o"])
        .arg(&out)
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(stdout.starts_with("file,game,line,column"), "{stdout}");
    let run = Command::cargo_bin("scoresheet")
        .unwrap()
        .current_dir(dir.path())
        .arg("audit")
        .arg(&input)
        .args(["--report", "findings.csv", "--summary", "-"])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(stdout.contains("\"games_read\": 2"), "{stdout}");
    assert!(!dir.path().join("-").exists(), "a file named - was made");
}

#[test]
fn jobs_zero_means_all_cores_and_gives_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{}{BAD}{}", many(50), many(50))).unwrap();
    let run = |jobs: &str| {
        Command::cargo_bin("scoresheet")
            .unwrap()
            .args(["convert", "-q", "-j", jobs])
            .arg(&input)
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone()
    };
    assert_eq!(run("0"), run("1"));
}

/// Types `text` and one Ctrl-D at `scoresheet convert -` on a terminal
/// (a pseudo-terminal made by Python's `pty`); returns whether the run
/// ended within five seconds, and all it printed there.
fn typed_at_a_terminal(text: &str) -> Option<(bool, String)> {
    const SCRIPT: &str = r#"
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "convert", "-"])
time.sleep(0.5)
os.write(fd, sys.argv[2].encode() + b"\n")
time.sleep(0.3)
os.write(fd, b"\x04")
out, ended, deadline = b"", False, time.time() + 5
while time.time() < deadline and not ended:
    if select.select([fd], [], [], 0.1)[0]:
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        out += data
        ended = not data
    ended = ended or os.waitpid(pid, os.WNOHANG)[0] != 0
if not ended:
    os.kill(pid, 9)
sys.stdout.write(("ended\n" if ended else "waiting\n") + out.decode("utf-8", "replace"))
"#;
    let bin = assert_cmd::cargo::cargo_bin("scoresheet");
    let out = Process::new("python3")
        .args(["-c", SCRIPT])
        .arg(bin)
        .arg(text)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let (state, printed) = out.split_once('\n')?;
    Some((state == "ended", printed.to_owned()))
}

#[test]
fn typed_input_ends_at_one_ctrl_d_with_no_spinner_over_it() {
    let Some((ended, printed)) = typed_at_a_terminal("1. e4 e5 2. Nf3 Nc6 *") else {
        eprintln!("SKIPPED: python3 with pty is needed to type at a terminal");
        return;
    };
    // A terminal says end of input once; reading on waited for a second.
    assert!(ended, "still waiting after one Ctrl-D: {printed}");
    assert!(printed.contains("2. Nf3 Nc6"), "{printed}");
    // The spinner (`N games (N/s), N findings`) would draw over the text.
    assert!(!printed.contains("/s)"), "{printed}");
}
