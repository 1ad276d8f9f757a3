//! Hostile inputs: none may crash the tool, hang it, or lose a game.
//!
//! Each case writes a file of one kind of hostile text between two good
//! games, converts it with the command-line tool, and checks that the
//! tool ended normally (exit 0 or 1, no panic), that both good games were
//! written, that the counts add up, and that every rejected game is in the
//! rejects file byte for byte. The sizes here keep the suite quick; the
//! script `benches/hostile.sh` runs the full sizes and measures memory
//! and time (RELIABILITY.md).

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use scoresheet::convert::Converter;
use scoresheet::pgn::split::Splitter;

const GOOD_1: &str =
    "[Event \"good one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const GOOD_2: &str = "[Event \"good two\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";

/// What a run did, as its summary line and files say.
struct Run {
    status: i32,
    stderr: String,
    output: String,
    rejects: Vec<u8>,
}

fn convert(dir: &Path, name: &str, hostile: &[u8], args: &[&str]) -> Run {
    let input = dir.join(name);
    let mut bytes = GOOD_1.as_bytes().to_vec();
    bytes.extend_from_slice(hostile);
    if !hostile.ends_with(b"\n\n") {
        bytes.extend_from_slice(b"\n\n");
    }
    bytes.extend_from_slice(GOOD_2.as_bytes());
    fs::write(&input, &bytes).unwrap();
    let rejects = dir.join(format!("{name}.rejects"));
    let out = Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("convert")
        .arg(&input)
        .arg("--rejects")
        .arg(&rejects)
        .arg("--report")
        .arg(dir.join(format!("{name}.csv")))
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let run = Run {
        status: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        output: String::from_utf8_lossy(&out.stdout).into_owned(),
        rejects: fs::read(&rejects).unwrap_or_default(),
    };
    check(name, &bytes, &run);
    run
}

/// The checks every hostile input must pass.
fn check(name: &str, input: &[u8], run: &Run) {
    assert!(
        matches!(run.status, 0 | 1),
        "{name}: exit {}\n{}",
        run.status,
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{name}: {}", run.stderr);
    assert!(
        run.output.contains("[Event \"good one\"]"),
        "{name}: first good game lost\n{}",
        run.stderr
    );
    assert!(
        run.output.contains("[Event \"good two\"]"),
        "{name}: last good game lost\n{}",
        run.stderr
    );
    let summary = run
        .stderr
        .lines()
        .rev()
        .find(|l| l.contains("games read"))
        .unwrap_or_else(|| panic!("{name}: no summary\n{}", run.stderr));
    let number = |word: &str| -> u64 {
        let before = summary.split(word).next().unwrap_or("");
        before
            .split_whitespace()
            .last()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: {summary}"))
    };
    let (read, converted, rejected) = (
        number(" games read"),
        number(" converted"),
        number(" rejected"),
    );
    assert_eq!(read, converted + rejected, "{name}: {summary}");
    assert_eq!(
        run.output.matches("[Event ").count() as u64,
        converted,
        "{name}: {summary}"
    );
    // Every byte of every rejected game is in the rejects file, in order.
    let mut at = 0;
    for piece in rejected_pieces(input) {
        let found = find(&run.rejects[at..], &piece)
            .unwrap_or_else(|| panic!("{name}: a rejected game is not in the rejects file"));
        at += found + piece.len();
    }
}

/// The bytes of each game the library rejects, as the splitter cut them.
fn rejected_pieces(input: &[u8]) -> Vec<Vec<u8>> {
    let converter = Converter::new();
    let mut pieces = Vec::new();
    let utf8 = std::str::from_utf8(input).is_ok();
    for game in Splitter::new(input) {
        let game = game.unwrap();
        match &game.oversized {
            Some(piece) => pieces.push(piece.bytes().to_vec()),
            // Text decoded from another encoding cannot be compared as bytes.
            None if utf8 && converter.convert_game(&game.text).rejected => {
                pieces.push(game.text.into_bytes())
            }
            None => {}
        }
    }
    pieces
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn random_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = vec![0u8; 256 * 1024];
    StdRng::seed_from_u64(1).fill_bytes(&mut bytes);
    convert(dir.path(), "random.bin", &bytes, &["--encoding", "utf-8"]);
}

#[test]
fn nul_bytes_and_invalid_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let run = convert(
        dir.path(),
        "nul.pgn",
        b"[Event \"nul\"]\n\n1. e4\0 e5 2. Nf3 \xff\xfe Nc6 *\n\n",
        &[],
    );
    assert!(
        run.stderr.contains("encoding") || run.stderr.contains("unparseable"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_latin_1_name_in_a_utf_8_file_keeps_its_letters() {
    // Past the first 64 KiB, which say UTF-8: a game pasted from a Latin-1
    // file (`Lékó`, `Péter` with one byte a letter). Its bytes become
    // the letters they are there, not U+FFFD, and the report says so at
    // the first of them, its byte in the file.
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = GOOD_1.repeat(1200).into_bytes();
    let game = b"[Event \"pasted\"]\n[White \"L\xe9k\xf3, P\xe9ter\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    let at = GOOD_1.len() + hostile.len() + b"[Event \"pasted\"]\n[White \"L".len();
    hostile.extend_from_slice(game);
    let run = convert(dir.path(), "pasted.pgn", &hostile, &[]);
    assert!(
        run.output.contains("[White \"Lékó, Péter\"]"),
        "{}",
        run.stderr
    );
    assert!(!run.output.contains('\u{fffd}'));
    let report = fs::read_to_string(dir.path().join("pasted.pgn.csv")).unwrap();
    let row = report.lines().find(|l| l.contains(",encoding,")).unwrap();
    assert!(row.contains("3 byte(s) not valid UTF-8"), "{row}");
    assert!(row.contains(&format!(",{at},")), "{row}");
    assert_eq!(run.status, 1, "a warning: {}", run.stderr);
}

#[test]
fn invalid_bytes_in_every_encoding() {
    let dir = tempfile::tempdir().unwrap();
    for label in [
        "utf-8",
        "utf-16le",
        "windows-1250",
        "iso-8859-2",
        "cp852",
        "cp437",
        "shift_jis",
    ] {
        let name = format!("enc-{label}.pgn");
        let hostile = b"[Event \"bad bytes\"]\n\n1. e4 \x80\x81\xfe\xff\xc3 e5 *\n\n";
        let dir = dir.path().join(label);
        fs::create_dir_all(&dir).unwrap();
        let input = dir.join(&name);
        let mut bytes = GOOD_1.as_bytes().to_vec();
        bytes.extend_from_slice(hostile);
        bytes.extend_from_slice(GOOD_2.as_bytes());
        fs::write(&input, &bytes).unwrap();
        let out = Command::cargo_bin("scoresheet")
            .unwrap()
            .arg("convert")
            .arg(&input)
            .args(["--encoding", label])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0..=2)),
            "{label}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{label}: {stderr}");
    }
}

#[test]
fn a_line_longer_than_a_game_may_be() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"long line\"]\n\n1. e4 {".to_vec();
    hostile.extend(std::iter::repeat_n(
        b'x',
        scoresheet::pgn::split::MAX_GAME_BYTES + 1000,
    ));
    let run = convert(dir.path(), "long-line.pgn", &hostile, &[]);
    assert!(run.stderr.contains("larger than"), "{}", run.stderr);
}

#[test]
fn deeply_nested_variations() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"nested\"]\n\n1. e4 ".to_vec();
    for _ in 0..100_000 {
        hostile.extend_from_slice(b"(1. d4 ");
    }
    hostile.extend_from_slice(b" *\n\n");
    let run = convert(dir.path(), "nested.pgn", &hostile, &[]);
    assert!(run.stderr.contains("nested deeper than"), "{}", run.stderr);
}

#[test]
fn an_unterminated_comment_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"open comment\"]\n\n1. e4 { never closed\n".to_vec();
    for _ in 0..20_000 {
        hostile.extend_from_slice(b"more words of a comment that never ends\n");
    }
    let run = convert(dir.path(), "open-comment.pgn", &hostile, &[]);
    assert!(run.stderr.contains("games read"));
}

#[test]
fn move_numbers_and_no_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"numbers\"]\n\n".to_vec();
    for n in 1..300_000 {
        hostile.extend_from_slice(format!("{n}. ").as_bytes());
    }
    hostile.extend_from_slice(b"*\n\n");
    convert(dir.path(), "numbers.pgn", &hostile, &[]);
}

#[test]
fn a_huge_tag_value() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"".to_vec();
    hostile.extend(std::iter::repeat_n(b'a', 3 << 20));
    hostile.extend_from_slice(b"\"]\n\n1. d4 d5 *\n\n");
    let run = convert(dir.path(), "big-tag.pgn", &hostile, &[]);
    assert_eq!(
        run.output.matches("1. d4 d5 *").count(),
        1,
        "{}",
        run.stderr
    );
}

#[test]
fn a_game_of_a_hundred_thousand_plies() {
    let dir = tempfile::tempdir().unwrap();
    let mut hostile = b"[Event \"long game\"]\n\n".to_vec();
    for n in 0..25_000 {
        hostile.extend_from_slice(
            format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n + 1, 2 * n + 2).as_bytes(),
        );
    }
    hostile.extend_from_slice(b"1/2-1/2\n\n");
    let run = convert(dir.path(), "long-game.pgn", &hostile, &[]);
    assert!(
        run.output.contains("50000. Ng1 Ng8 1/2-1/2"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_fen_with_twenty_kings() {
    let dir = tempfile::tempdir().unwrap();
    let hostile =
        b"[Event \"kings\"]\n[FEN \"kkkkkkkk/kkkkkkkk/8/8/8/8/KKKK4/8 w - - 0 1\"]\n\n1. Kb3 *\n\n";
    let run = convert(dir.path(), "kings.pgn", hostile, &[]);
    assert!(run.stderr.contains("FEN tag"), "{}", run.stderr);
}

/// A rejected game goes to the rejects as its bytes stood in the input,
/// whatever the encoding: not decoded, not re-encoded as UTF-8, invalid
/// bytes kept.
#[test]
fn rejects_are_byte_exact_in_every_encoding() {
    const GOOD: &str = "[Event \"jó\"]\n[White \"Szűcs, Győző\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Vh5 Hc6 3. Fc4 Hf6 4. Vxf7# 1-0\n\n";
    const BAD: &str = "[Event \"rossz\"]\n[White \"Świerż, Michał\"]\n[Black \"Ligčti\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    let latin2 = |s: &str| encoding_rs::ISO_8859_2.encode(s).0.into_owned();
    let utf16 = |s: &str| -> Vec<u8> { s.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    let cp852 = |s: &str| -> Vec<u8> {
        s.chars()
            .map(|c| match c {
                'ű' => 0xfb,
                'ő' => 0x8b,
                'ó' => 0xa2,
                'Ś' => 0x97,
                'ż' => 0xbe,
                'ł' => 0x88,
                'č' => 0x9f,
                c => u8::try_from(c).unwrap(),
            })
            .collect()
    };
    let invalid = {
        let mut bad = BAD.as_bytes().to_vec();
        // A lone continuation byte and an overlong form in a name.
        bad.splice(24..24, *b"\x80\xc0\xaf");
        bad
    };
    // Name, a good game, the bad one, the encoding to name.
    type Case<'a> = (&'a str, Vec<u8>, Vec<u8>, Option<&'a str>);
    let cases: Vec<Case> = vec![
        ("latin2", latin2(GOOD), latin2(BAD), Some("iso-8859-2")),
        ("cp852", cp852(GOOD), cp852(BAD), Some("cp852")),
        ("utf16", utf16(GOOD), utf16(BAD), None),
        ("invalid-utf8", GOOD.as_bytes().to_vec(), invalid, None),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, good, bad, label) in cases {
        let mut input = Vec::new();
        if name == "utf16" {
            input.extend_from_slice(b"\xff\xfe");
        }
        input.extend_from_slice(&good);
        input.extend_from_slice(&bad);
        input.extend_from_slice(&good);
        let path = dir.path().join(format!("{name}.pgn"));
        fs::write(&path, &input).unwrap();
        let rejects = dir.path().join(format!("{name}.rejects"));
        let mut cmd = Command::cargo_bin("scoresheet").unwrap();
        cmd.arg("convert").arg(&path).arg("--rejects").arg(&rejects);
        if let Some(label) = label {
            cmd.args(["--encoding", label]);
        }
        cmd.assert().code(1).stderr(predicates::str::contains(
            "3 games read: 2 converted, 1 rejected",
        ));
        assert_eq!(fs::read(&rejects).unwrap(), bad, "{name}");
    }
}

/// A game with a finding every few bytes keeps at most `MAX_FINDINGS`
/// of them, whichever stage finds them (the tags read, the tags
/// compared, the moves played), and counts the rest: one more finding
/// a kind says how many, and every count by kind stays whole.
#[test]
fn findings_past_the_bound_are_counted_not_kept() {
    use scoresheet::audit::{Finding, Kind, MAX_FINDINGS};
    let tally = |findings: &[Finding], kind: Kind| -> u64 {
        findings
            .iter()
            .filter(|f| f.kind == kind)
            .map(Finding::tally)
            .sum()
    };
    let converter = Converter::new();
    let n = 3 * MAX_FINDINGS;
    // Tags given twice, tags that are no tags, moves marked check that
    // give none.
    let duplicates = format!(
        "[Event \"d\"]\n{}\n1. e4 e5 *\n",
        "[A \"\"]\n".repeat(n + 1)
    );
    let malformed = format!("[Event \"m\"]\n{}\n1. e4 e5 *\n", "[A \n".repeat(n));
    let mut checks = String::from("[Event \"c\"]\n\n");
    for k in 0..n / 4 {
        checks.push_str(&format!(
            "{}. Nf3+ Nf6+ {}. Ng1+ Ng8+ ",
            2 * k + 1,
            2 * k + 2
        ));
    }
    checks.push_str("*\n");
    for (text, kind) in [
        (duplicates, Kind::BadTag),
        (malformed, Kind::BadTag),
        (checks, Kind::WrongCheckMark),
    ] {
        let converted = converter.convert_game(&text);
        let findings = &converted.findings;
        assert!(findings.len() <= MAX_FINDINGS + 3, "{}", findings.len());
        assert_eq!(tally(findings, kind), n as u64, "{kind}");
        let standing: Vec<&Finding> = findings.iter().filter(|f| f.unlisted > 0).collect();
        assert_eq!(standing.len(), 1, "{kind}");
        assert!(
            standing[0]
                .message
                .starts_with(&format!("{} more {kind} finding(s)", standing[0].unlisted)),
            "{}",
            standing[0].message
        );
    }

    // On the command line: the report lists the bound and one row more,
    // the summary counts them all.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("tags.pgn");
    fs::write(
        &input,
        format!(
            "[Event \"d\"]\n{}\n1. e4 e5 *\n",
            "[A \"\"]\n".repeat(n + 1)
        ),
    )
    .unwrap();
    let summary = dir.path().join("summary.json");
    let out = Command::cargo_bin("scoresheet")
        .unwrap()
        .arg("audit")
        .arg(&input)
        .arg("--summary")
        .arg(&summary)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let report = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = report.lines().skip(1).collect();
    assert_eq!(rows.len(), MAX_FINDINGS + 1);
    let more = n - MAX_FINDINGS;
    assert!(
        rows[MAX_FINDINGS].contains(&format!(",bad-tag,\"{more} more bad-tag finding(s)")),
        "{}",
        rows[MAX_FINDINGS]
    );
    // Placed where the first finding not listed stands: the tag after
    // the last listed, on line 2 + MAX_FINDINGS + 1.
    assert!(
        rows[MAX_FINDINGS].starts_with(&format!("{},1,{},1,", input.display(), MAX_FINDINGS + 3)),
        "{}",
        rows[MAX_FINDINGS]
    );
    let summary = fs::read_to_string(&summary).unwrap();
    assert!(summary.contains(&format!("\"bad-tag\": {n}")), "{summary}");
}
