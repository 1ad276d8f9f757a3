//! What the README and `--help` show is what the tool does: every
//! `$ printf … | scoresheet …` example prints the lines shown, every
//! example file named in `--help` exists, every finding kind is listed.

use std::path::Path;

use assert_cmd::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The examples of the README: the command after `$ ` and the lines shown
/// below it up to the end of the block.
fn readme_examples() -> Vec<(String, Vec<String>)> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut examples = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ ") else {
            continue;
        };
        let shown: Vec<String> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .map(str::to_owned)
            .collect();
        examples.push((command.to_owned(), shown));
    }
    examples
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let examples = readme_examples();
    assert!(examples.len() >= 3, "{examples:?}");
    let binary = assert_cmd::cargo::cargo_bin("scoresheet");
    let dir = binary.parent().unwrap().to_str().unwrap().to_owned();
    for (command, shown) in examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .env(
                "PATH",
                format!("{dir}:{}", std::env::var("PATH").unwrap_or_default()),
            )
            .current_dir(root())
            .output()
            .unwrap();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for line in shown {
            // `…` stands for what the README leaves out.
            for piece in line.split('…').filter(|p| !p.is_empty()) {
                assert!(
                    printed.contains(piece),
                    "{command}\nshown: {piece}\nprinted: {printed}"
                );
            }
        }
    }
}

#[test]
fn example_files_named_in_help_exist() {
    for sub in ["convert", "audit", "fen", "languages", "reconcile"] {
        let out = Command::cargo_bin("scoresheet")
            .unwrap()
            .args([sub, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8_lossy(&out.stdout).into_owned();
        for word in help.split_whitespace() {
            if word.starts_with("examples/") {
                assert!(root().join(word).exists(), "{sub} --help names {word}");
            }
        }
    }
}

#[test]
fn every_finding_kind_is_documented() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for kind in [
        "unparseable",
        "illegal",
        "ambiguous",
        "wrong-check-mark",
        "wrong-mate-mark",
        "wrong-capture-mark",
        "missing-moves",
        "result-mismatch",
        "missing-result",
        "bad-tag",
        "encoding",
        "repaired",
        "letter-set",
        "no-moves",
        "syntax",
        "too-large",
        "wrong-move-legal",
        "swapped-moves",
        "position-conflict",
    ] {
        assert!(
            readme.contains(&format!("`{kind}`")),
            "{kind} is not in README.md"
        );
    }
}
