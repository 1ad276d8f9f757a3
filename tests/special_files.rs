//! Output and report paths that are not regular files (`/dev/null`, a
//! named pipe, `/dev/stdout`) are written in place, never replaced by a
//! renamed temporary file. Tested on a named pipe, which is as special as
//! `/dev/null` and harmless to get wrong.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;

fn fifo(path: &Path) {
    let made = Process::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo failed");
}

#[test]
fn a_named_pipe_stays_a_pipe_and_gets_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.txt");
    fs::write(&input, "1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 *\n").unwrap();
    let pipe = dir.path().join("out.pgn");
    fifo(&pipe);
    let reader = {
        let pipe = pipe.clone();
        // Opening a pipe blocks until the writer opens it too; were the
        // pipe replaced, this thread would wait forever, so it is joined
        // only once the pipe is known to be intact.
        std::thread::spawn(move || fs::read_to_string(pipe).unwrap())
    };
    Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&pipe)
        .arg("-q")
        .assert()
        .success();
    let kind = fs::symlink_metadata(&pipe).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced: {kind:?}");
    let written = reader.join().unwrap();
    assert!(
        written.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"),
        "{written}"
    );
    let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 2, "a temporary file was left behind");
}
