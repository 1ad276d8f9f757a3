//! Line ends: LF, CRLF, CR alone (classic Mac files) and LF-CR (`\n\r`,
//! written by some old tools) split games the same way, report the same
//! lines, and reject games byte for byte.

use std::fs;

use assert_cmd::Command;

const GAME: &str = "[Event \"e\"]\n[White \"Kovács\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6\n3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const TAGLESS: &str = "1. e4 e5 2. Hf3 Hc6\n3. Fb5 a6 *\n\n";
const BAD: &str = "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Ke3 *\n\n";

#[test]
fn cr_lf_crlf_and_lf_cr_line_ends_split_thirty_games_alike() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for _ in 0..14 {
        text.push_str(GAME);
        text.push_str(TAGLESS);
    }
    text.push_str(BAD);
    text.push_str(GAME);
    // LF-CR once split each game at every line, into 17 games of one
    // line each, all "converted".
    for (name, end) in [
        ("lf", "\n"),
        ("crlf", "\r\n"),
        ("cr", "\r"),
        ("lfcr", "\n\r"),
    ] {
        let input = dir.path().join(format!("{name}.pgn"));
        let bytes = text.replace('\n', end);
        fs::write(&input, &bytes).unwrap();
        let rejects = dir.path().join(format!("{name}.rejects"));
        let report = dir.path().join(format!("{name}.csv"));
        let run = Command::cargo_bin("scoresheet")
            .unwrap()
            .arg("convert")
            .arg(&input)
            .arg("--rejects")
            .arg(&rejects)
            .arg("--report")
            .arg(&report)
            .assert()
            .code(1)
            .stderr(predicates::str::contains(
                "30 games read: 29 converted, 1 rejected",
            ));
        let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
        assert_eq!(out.matches("4. Qxf7# 1-0").count(), 15, "{name}");
        assert_eq!(out.matches("[White \"Kovács\"]").count(), 15, "{name}");
        let bad = BAD.replace('\n', end);
        let rejected = fs::read(&rejects).unwrap();
        assert!(rejected.starts_with(bad.as_bytes()), "{name}: {rejected:?}");
        // The illegal move is on the game's fifth line, column 4, at the
        // same byte as in the file, whatever the line ends.
        let report = fs::read_to_string(&report).unwrap();
        let row = report.lines().find(|l| l.contains(",illegal,")).unwrap();
        let byte = bytes.find("Ke3").unwrap();
        let line = 14 * (GAME.lines().count() + TAGLESS.lines().count()) + 5;
        assert!(
            row.contains(&format!(",29,{line},4,{byte},")),
            "{name}: {row}"
        );
    }
}
