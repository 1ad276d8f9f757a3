//! Archives as they are found: directories with links, pipes, binaries
//! and hidden files in them, files reached by two paths, entries that
//! cannot be read; compressed files; a run's own output inside the
//! directory it reads.

#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Command as Process;
use std::time::Duration;

use assert_cmd::Command;

const GAME_A: &str =
    "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const GAME_B: &str = "[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";

fn scoresheet() -> Command {
    let mut cmd = Command::cargo_bin("scoresheet").unwrap();
    // A walk that loops or a pipe that blocks must fail the test, not
    // hang it.
    cmd.timeout(Duration::from_secs(60));
    cmd
}

fn events(pgn: &str) -> Vec<&str> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("[Event \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

#[test]
fn a_new_output_inside_the_walked_directory_is_never_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.pgn"), GAME_A).unwrap();
    fs::write(dir.path().join("b.pgn"), GAME_B).unwrap();
    fs::create_dir(dir.path().join("out")).unwrap();
    let out = dir.path().join("out/all.pgn");
    scoresheet()
        .arg("convert")
        .arg(dir.path())
        .arg("-o")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicates::str::contains("2 games read: 2 converted"));
    assert_eq!(events(&fs::read_to_string(&out).unwrap()), ["a", "b"]);
    // The second run would read the first one's output and replace it:
    // refused, and the output stays as it was.
    scoresheet()
        .arg("convert")
        .arg(dir.path())
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "all.pgn: an input and the output would be the same file",
        ));
    assert_eq!(events(&fs::read_to_string(&out).unwrap()), ["a", "b"]);
}

#[test]
fn an_output_over_a_game_file_the_walk_reads_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    fs::create_dir(&d).unwrap();
    fs::write(d.join("a.pgn"), GAME_A).unwrap();
    fs::write(d.join("b.pgn"), GAME_B).unwrap();
    let link = dir.path().join("link-to-a.pgn");
    symlink(d.join("a.pgn"), &link).unwrap();
    let (d_s, a, b) = (
        d.to_str().unwrap(),
        d.join("a.pgn").display().to_string(),
        d.join("b.pgn").display().to_string(),
    );
    let link = link.to_str().unwrap();
    let out = dir.path().join("out.pgn").display().to_string();
    for (args, message) in [
        (
            vec!["convert", d_s, "-o", &a],
            "a.pgn: an input and the output would be the same file",
        ),
        (
            vec!["convert", d_s, "-o", link],
            "an input and the output would be the same file",
        ),
        (
            vec!["convert", d_s, "-o", &out, "--rejects", &b],
            "b.pgn: an input and the rejects would be the same file",
        ),
        (
            vec!["convert", d_s, "-o", &out, "--report", &a],
            "a.pgn: an input and the report would be the same file",
        ),
        (
            vec!["convert", d_s, "-o", &out, "--summary", &b],
            "b.pgn: an input and the summary would be the same file",
        ),
        (
            vec!["audit", d_s, "--report", &a],
            "a.pgn: an input and the report would be the same file",
        ),
    ] {
        scoresheet()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message))
            .stderr(predicates::str::contains("nothing was written"));
        assert_eq!(
            fs::read_to_string(d.join("a.pgn")).unwrap(),
            GAME_A,
            "{args:?}"
        );
        assert_eq!(
            fs::read_to_string(d.join("b.pgn")).unwrap(),
            GAME_B,
            "{args:?}"
        );
        assert!(!Path::new(&out).exists(), "{args:?}");
    }
}

#[test]
fn a_file_reached_by_two_paths_is_read_once_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    fs::create_dir_all(d.join("2024")).unwrap();
    fs::write(d.join("a.pgn"), GAME_A).unwrap();
    fs::write(d.join("2024/b.pgn"), GAME_B).unwrap();
    // A link to a directory, a symbolic and a hard link to a file.
    symlink("2024", d.join("latest")).unwrap();
    symlink("a.pgn", d.join("z.pgn")).unwrap();
    fs::hard_link(d.join("a.pgn"), d.join("hard.pgn")).unwrap();
    let run = scoresheet()
        .arg("convert")
        // Named as well: read as named, not again in the walk.
        .arg(d.join("latest/b.pgn"))
        .arg(&d)
        .assert()
        .success()
        .stderr(predicates::str::contains("2 games read: 2 converted"));
    let output = run.get_output();
    assert_eq!(events(&String::from_utf8_lossy(&output.stdout)), ["b", "a"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let path = |p: &str| d.join(p).display().to_string();
    for note in [
        format!(
            "{}: skipped, the same directory as {}",
            path("latest"),
            path("2024")
        ),
        format!(
            "{}: skipped, the same file as {}",
            path("z.pgn"),
            path("a.pgn")
        ),
        format!(
            "{}: skipped, the same file as {}",
            path("hard.pgn"),
            path("a.pgn")
        ),
        format!(
            "{}: skipped, the same file as {}",
            path("2024/b.pgn"),
            path("latest/b.pgn")
        ),
    ] {
        assert!(stderr.contains(&note), "no {note:?} in {stderr}");
    }
}

#[test]
fn a_walk_entry_that_cannot_be_read_fails_the_run_and_the_rest_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    fs::create_dir(&d).unwrap();
    fs::write(d.join("a.pgn"), GAME_A).unwrap();
    // A file past the system's longest path: each directory wrapped in a
    // new one by renaming, as no path can name the deepest whole.
    let name = "x".repeat(200);
    let mut deepest = d.join("t0");
    fs::create_dir(&deepest).unwrap();
    fs::write(deepest.join("deep.pgn"), GAME_B).unwrap();
    for i in 1..=25 {
        let parent = d.join(format!("t{i}"));
        fs::create_dir(&parent).unwrap();
        fs::rename(&deepest, parent.join(&name)).unwrap();
        deepest = parent;
    }
    symlink("nowhere.pgn", d.join("dangling.pgn")).unwrap();
    let out = dir.path().join("out.pgn");
    let run = scoresheet()
        .arg("convert")
        .arg(&d)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("1 games read: 1 converted"))
        .stderr(predicates::str::contains("2 input(s) unreadable"));
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        stderr.contains("dangling.pgn: a symbolic link that leads nowhere"),
        "{stderr}"
    );
    // The path is named, cut short as every message cuts a long word.
    assert!(stderr.contains(&format!("t25/{}", &name[..20])), "{stderr}");
    assert_eq!(events(&fs::read_to_string(&out).unwrap()), ["a"]);
    // The summary lists them among the inputs that could not be read.
    let summary = dir.path().join("summary.json");
    scoresheet()
        .arg("audit")
        .arg(&d)
        .arg("--report")
        .arg("/dev/null")
        .arg("--summary")
        .arg(&summary)
        .assert()
        .code(2);
    let summary = fs::read_to_string(&summary).unwrap();
    assert!(
        summary.contains("dangling.pgn: a symbolic link that leads nowhere"),
        "{summary}"
    );
}

#[test]
fn a_walk_entry_without_permission_fails_the_run() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    fs::create_dir_all(d.join("closed")).unwrap();
    fs::write(d.join("a.pgn"), GAME_A).unwrap();
    fs::write(d.join("locked.pgn"), GAME_B).unwrap();
    fs::write(d.join("closed/c.pgn"), GAME_B).unwrap();
    fs::set_permissions(d.join("locked.pgn"), fs::Permissions::from_mode(0o000)).unwrap();
    fs::set_permissions(d.join("closed"), fs::Permissions::from_mode(0o000)).unwrap();
    // The superuser reads whatever the permissions say: the run is then
    // made as the unprivileged `nobody` (uid 65534), where `setpriv` can
    // do so, since tests are often run as root (in containers, in CI).
    let bypassed = fs::read(d.join("locked.pgn")).is_ok();
    let mut cmd = scoresheet();
    if bypassed {
        let setpriv = Process::new("setpriv").arg("--version").output();
        if !setpriv.is_ok_and(|o| o.status.success()) {
            fs::set_permissions(d.join("closed"), fs::Permissions::from_mode(0o755)).unwrap();
            return;
        }
        // The temporary folder is the superuser's alone until opened.
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(&d, fs::Permissions::from_mode(0o755)).unwrap();
        cmd = Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(assert_cmd::cargo::cargo_bin("scoresheet"))
            .timeout(Duration::from_secs(60));
    }
    cmd.arg("convert")
        .arg(&d)
        .arg("-o")
        .arg("/dev/null")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("locked.pgn: Permission denied"))
        .stderr(predicates::str::contains("closed: Permission denied"))
        .stderr(predicates::str::contains("1 games read: 1 converted"));
    fs::set_permissions(d.join("closed"), fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_directory_walk_skips_loops_pipes_binaries_and_hidden_files_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("archive");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::write(root.join("a.pgn"), GAME_A).unwrap();
    fs::write(root.join("sub/b.pgn.gz"), gzip(GAME_B.as_bytes())).unwrap();
    fs::write(root.join(".hidden.pgn"), GAME_A).unwrap();
    fs::write(
        root.join("README.md"),
        "Games of the 1911 club championship.\n",
    )
    .unwrap();
    fs::write(
        root.join("picture.png"),
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
    )
    .unwrap();
    symlink(&root, root.join("sub/loop")).unwrap();
    symlink(root.join("sub"), root.join("sub/loop2")).unwrap();
    let made = Process::new("mkfifo")
        .arg(root.join("pipe.pgn"))
        .status()
        .unwrap();
    assert!(made.success());
    let run = scoresheet()
        .arg("convert")
        .arg(&root)
        .assert()
        .success()
        .stderr(predicates::str::contains("2 games read: 2 converted"));
    let output = run.get_output();
    assert_eq!(events(&String::from_utf8_lossy(&output.stdout)), ["a", "b"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    for note in [
        "pipe.pgn: skipped, not a regular file",
        "picture.png: skipped, neither text nor a compressed file",
        "loop: skipped, a symbolic link that loops",
        "loop2: skipped, a symbolic link that loops",
        ".hidden.pgn: skipped, hidden",
        "README.md: skipped, a README, licence or changelog",
        // The summary counts them.
        "2 converted, 0 rejected; letters: en 2; 6 file(s) skipped",
    ] {
        assert!(stderr.contains(note), "no {note:?} in {stderr}");
    }
}

#[test]
fn a_named_pipe_given_by_name_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("in.pgn");
    let made = Process::new("mkfifo").arg(&pipe).status().unwrap();
    assert!(made.success());
    let writer = {
        let pipe = pipe.clone();
        std::thread::spawn(move || fs::write(pipe, GAME_A).unwrap())
    };
    scoresheet()
        .arg("convert")
        .arg(&pipe)
        .assert()
        .success()
        .stdout(predicates::str::contains("4. Qxf7# 1-0"));
    writer.join().unwrap();
}

/// The games in every compressed format, each packed by its own crate.
fn packed() -> Vec<(&'static str, Vec<u8>)> {
    let text = format!("{GAME_A}{GAME_B}");
    let bytes = text.as_bytes();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(bytes).unwrap();
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 1);
    xz.write_all(bytes).unwrap();
    // gzip in two members, as `cat a.gz b.gz` makes.
    let mut two_members = gzip(GAME_A.as_bytes());
    two_members.extend(gzip(GAME_B.as_bytes()));
    vec![
        ("games.pgn.gz", two_members),
        ("games.pgn.zst", zstd::encode_all(bytes, 1).unwrap()),
        ("games.pgn.bz2", bz.finish().unwrap()),
        ("games.pgn.xz", xz.finish().unwrap()),
        // Told by the bytes, not the name.
        ("games.pgn", gzip(bytes)),
    ]
}

#[test]
fn compressed_files_and_standard_input_are_read_by_their_magic_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in packed() {
        let path = dir.path().join(name);
        fs::write(&path, &bytes).unwrap();
        let out = scoresheet()
            .arg("convert")
            .arg(&path)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert_eq!(events(&String::from_utf8_lossy(&out)), ["a", "b"], "{name}");
        let out = scoresheet()
            .arg("convert")
            .write_stdin(bytes)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert_eq!(
            events(&String::from_utf8_lossy(&out)),
            ["a", "b"],
            "stdin {name}"
        );
    }
}

#[test]
fn a_truncated_compressed_file_stops_the_run_and_says_it_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    let mut many = String::new();
    for _ in 0..200 {
        many.push_str(GAME_A);
    }
    let packed = gzip(many.as_bytes());
    let path = dir.path().join("cut.pgn.gz");
    fs::write(&path, &packed[..packed.len() / 2]).unwrap();
    let run = scoresheet().arg("convert").arg(&path).assert().code(2);
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(stderr.contains("cut.pgn.gz: damaged gzip data"), "{stderr}");
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn an_output_through_a_symbolic_link_replaces_the_file_it_leads_to_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GAME_A).unwrap();
    let real = dir.path().join("real.pgn");
    fs::write(&real, "old\n").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.pgn");
    symlink(&real, &link).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&link)
        .assert()
        .success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&real).unwrap().contains("4. Qxf7# 1-0"));
    assert_eq!(mode(&real), 0o640);
}

#[test]
fn an_output_through_a_link_to_nowhere_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GAME_A).unwrap();
    let link = dir.path().join("link.pgn");
    symlink(dir.path().join("nowhere/x.pgn"), &link).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&link)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "a symbolic link that leads nowhere",
        ));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_missing_input_leaves_an_existing_output_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.pgn");
    fs::write(&out, "precious\n").unwrap();
    scoresheet()
        .arg("convert")
        .arg(dir.path().join("missing.pgn"))
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("missing.pgn"));
    assert_eq!(fs::read_to_string(&out).unwrap(), "precious\n");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn no_two_outputs_and_no_input_share_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GAME_A).unwrap();
    let x = dir.path().join("x.pgn");
    fs::write(&x, "precious\n").unwrap();
    let link = dir.path().join("link-to-in.pgn");
    symlink(&input, &link).unwrap();
    let x = x.to_str().unwrap();
    let input_s = input.to_str().unwrap();
    let link = link.to_str().unwrap();
    for (args, message) in [
        (
            vec!["convert", input_s, "--rejects", x, "-o", x],
            "the output and the rejects would be the same file",
        ),
        (
            vec!["convert", input_s, "-o", x, "--summary", x],
            "the output and the summary would be the same file",
        ),
        (
            vec!["convert", input_s, "-o", x, "--report", x],
            "the output and the report would be the same file",
        ),
        (
            vec!["convert", input_s, "-o", input_s],
            "an input and the output would be the same file",
        ),
        (
            vec!["convert", input_s, "-o", link],
            "an input and the output would be the same file",
        ),
        (
            vec!["audit", input_s, "--report", link],
            "an input and the report would be the same file",
        ),
        (
            vec!["convert", input_s, "--report", "-"],
            "the output and the report would both go to standard output",
        ),
        (
            vec!["audit", input_s, "--summary", "-"],
            "the report and the summary would both go to standard output",
        ),
    ] {
        scoresheet()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message));
        assert_eq!(fs::read_to_string(x).unwrap(), "precious\n", "{args:?}");
        assert_eq!(fs::read_to_string(&input).unwrap(), GAME_A, "{args:?}");
    }
    // Devices take any number of outputs.
    scoresheet()
        .args([
            "convert",
            input_s,
            "-o",
            "/dev/null",
            "--rejects",
            "/dev/null",
        ])
        .assert()
        .success();
}
