//! The command line: exit status, output, rejects, report, and every
//! subcommand, run as a user would.

use std::fs;

use assert_cmd::Command;
use predicates::prelude::*;

fn scoresheet() -> Command {
    let mut cmd = Command::cargo_bin("scoresheet").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

const GOOD: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const BAD: &str = "[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
const HUNGARIAN: &str = "[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 4. Fa4 Hf6 5. 0-0 Fe7 *\n\n";

#[test]
fn the_readme_example_converts_cleanly() {
    scoresheet()
        .args(["convert", "examples/national-letters.pgn"])
        .assert()
        .success()
        .stdout(predicate::str::contains("17. Rd8# 1-0"))
        .stderr(predicate::str::contains(
            "3 games read: 3 converted, 0 rejected",
        ));
}

#[test]
fn bad_game_is_rejected_verbatim_and_the_others_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{GOOD}{BAD}{HUNGARIAN}")).unwrap();
    let rejects = dir.path().join("rejects.pgn");
    let report = dir.path().join("report.csv");
    let out = scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("--rejects")
        .arg(&rejects)
        .arg("--report")
        .arg(&report)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "3 games read: 2 converted, 1 rejected",
        ))
        .stderr(predicate::str::contains(
            "game 2, ply 3 (line 11, column 13): illegal move \"Ke3\"",
        ))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("[Event ").count(), 2);
    assert!(out.contains("2. Nf3 Nc6 3. Bb5 a6"));
    assert_eq!(fs::read_to_string(&rejects).unwrap(), BAD);
    let report = fs::read_to_string(&report).unwrap();
    let mut lines = report.lines();
    assert_eq!(
        lines.next(),
        Some(
            "file,game,line,column,byte_offset,white,black,ply,move_number,side,written,kind,message,fen_before,suggestion"
        )
    );
    let illegal = lines.find(|l| l.contains(",illegal,")).unwrap();
    let name = input.display().to_string();
    assert_eq!(
        illegal,
        format!(
            "{name},2,11,13,{},C,D,3,2,white,Ke3,illegal,\"illegal move \"\"Ke3\"\" (white to move); the rest of the game is legal with \"\"Ke3\"\" read as Ke2 (one character wrong, missing or extra)\",rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2,Ke2",
            GOOD.len() + 50
        )
    );
}

#[test]
fn exit_status_two_for_missing_files_and_unknown_languages() {
    scoresheet()
        .args(["convert", "no/such/file.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.pgn"));
    scoresheet()
        .args(["convert", "--lang", "xx", "examples/national-letters.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown language \"xx\""));
    scoresheet()
        .args([
            "convert",
            "--to",
            "fen",
            "--to-lang",
            "ru",
            "examples/national-letters.pgn",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write a FEN"));
}

#[test]
fn standard_input_to_standard_output() {
    scoresheet()
        .arg("convert")
        .write_stdin("1. e4 e5 2. Sf3 Sf6 3. Lc4 Lc5 *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("2. Nf3 Nf6 3. Bc4 Bc5 *"));
}

#[test]
fn fen_in_national_letters() {
    scoresheet()
        .args(["convert", "--to", "fen", "--to-lang", "hu"])
        .write_stdin("1. e4 e5 2. Nf3 *\n")
        .assert()
        .success()
        .stdout("bhfvkfhb/gggg1ggg/8/4g3/4G3/5H2/GGGG1GGG/BHFVKF1B b KQkq - 1 2\n");
    scoresheet()
        .args([
            "fen",
            "2bbffk1/gg3g1g/2h1ghg1/v7/3G4/G1H1FH2/1G2VGGG/1FBB2K1 w - - 0 1",
        ])
        .assert()
        .success()
        .stdout("2rrbbk1/pp3p1p/2n1pnp1/q7/3P4/P1N1BN2/1P2QPPP/1BRR2K1 w - - 0 1\n");
    scoresheet()
        .args(["fen", "kk6/8/8/8/8/8/8/K7 w - - 0 1"])
        .assert()
        .code(1);
}

#[test]
fn san_written_in_any_language_reads_back() {
    let english = scoresheet()
        .args(["convert", "examples/national-letters.pgn"])
        .output()
        .unwrap()
        .stdout;
    for lang in [
        "hu", "fi", "pl", "de", "fr", "es", "ru", "cs", "nl", "figurine",
    ] {
        let written = scoresheet()
            .args([
                "convert",
                "examples/national-letters.pgn",
                "--to",
                "pgn",
                "--to-lang",
                lang,
            ])
            .output()
            .unwrap()
            .stdout;
        let back = scoresheet()
            .args(["convert", "--lang", lang, "-q"])
            .write_stdin(written)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&back.stdout),
            String::from_utf8_lossy(&english),
            "{lang}"
        );
    }
    scoresheet()
        .args(["convert", "--to", "san", "--to-lang", "hu"])
        .write_stdin("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *\n")
        .assert()
        .success()
        .stdout("1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 4. Fa4 Hf6 5. O-O Fe7 6. Be1 b5 *\n\n");
}

#[test]
fn a_users_own_table() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("pt.toml");
    fs::write(
        &table,
        "code = \"pt\"\nname = \"Portuguese\"\n[pieces]\nking = [\"R\"]\nqueen = [\"D\"]\nrook = [\"T\"]\nbishop = [\"B\"]\nknight = [\"C\"]\npawn = [\"P\"]\n",
    )
    .unwrap();
    scoresheet()
        .arg("convert")
        .arg("--lang")
        .arg(&table)
        .write_stdin("1. e4 e5 2. Cf3 Cc6 3. Bb5 a6 *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("2. Nf3 Nc6 3. Bb5 a6 *"));
    fs::write(&table, "code = \"x\"\nname = \"X\"\n[pieces]\nking = [\"K\"]\nqueen = [\"K\"]\nrook = [\"R\"]\nbishop = [\"B\"]\nknight = [\"N\"]\n").unwrap();
    scoresheet()
        .arg("convert")
        .arg("--lang")
        .arg(&table)
        .write_stdin("1. e4 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "letter \"K\" stands for both the king and the queen",
        ));
    // Malformed TOML: the message says where.
    fs::write(&table, "code = \"x\"\nname = \"X\"\n[pieces]\nking = K\n").unwrap();
    scoresheet()
        .arg("convert")
        .arg("--lang")
        .arg(&table)
        .write_stdin("1. e4 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("pt.toml: line 4, column 8: "));
}

#[test]
fn output_file_is_complete_or_absent() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.pgn");
    scoresheet()
        .args(["convert", "examples/national-letters.pgn", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert!(fs::read_to_string(&out).unwrap().ends_with("{(=)} *\n\n"));
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
}

#[test]
fn audit_writes_csv_to_standard_output() {
    scoresheet()
        .arg("audit")
        .write_stdin(
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Be2 Bc5\n",
        )
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("file,game,line,column"))
        .stdout(predicate::str::contains(
            "-,1,1,72,71,,,13,7,white,Be2,illegal,",
        ));
}

#[test]
fn every_subcommand_has_an_example_in_its_help() {
    for sub in ["convert", "audit", "fen", "languages"] {
        scoresheet()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Example"));
    }
    scoresheet()
        .arg("languages")
        .assert()
        .success()
        .stdout(predicate::str::contains("de/sv").and(predicate::str::contains("es/it")));
}

#[test]
fn json_keeps_comments_and_variations_and_positions_say_game_and_ply() {
    let text = "[White \"A\"]\n\n1. e4 {[%clk 0:59:58]} e5 $2 (1... c5) 2. Nf3 *\n\n1. d4 d5 *\n";
    let out = scoresheet()
        .args(["convert", "-q", "--to", "json"])
        .write_stdin(text)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[0]["moves"][0]["clock"], "0:59:58");
    assert_eq!(lines[0]["moves"][1]["nags"][0], 2);
    assert_eq!(lines[0]["moves"][1]["variations"][0][0]["san"], "c5");
    scoresheet()
        .args(["convert", "-q", "--to", "fen", "--every-ply"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2\t2\trnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n",
        ));
    scoresheet()
        .args(["convert", "-q", "--to", "epd", "--every-ply"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id \"game 2 ply 2\";\n",
        ));
}

#[test]
fn a_start_stated_by_the_user() {
    // Queen's knight odds: the game only replays without White's b1 knight
    // when a move needs the square empty (here castling long).
    let moves = "1. d4 d5 2. Bf4 Bf5 3. Qd2 e6 4. O-O-O *\n";
    scoresheet()
        .args(["convert", "--odds", "knight"])
        .write_stdin(moves)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1\"]",
        ))
        .stdout(predicate::str::contains("4. O-O-O *"));
    scoresheet()
        .arg("convert")
        .write_stdin(moves)
        .assert()
        .code(1);
    // A FEN in national letters, as `scoresheet fen` reads it.
    scoresheet()
        .args([
            "convert",
            "--start",
            "bhfvkfhb/gggggggg/8/8/8/8/GGGGGGGG/B1FVKFHB w KQkq - 0 1",
        ])
        .write_stdin(moves)
        .assert()
        .success()
        .stdout(predicate::str::contains("4. O-O-O *"));
    // A start the text states itself is kept.
    scoresheet()
        .args(["convert", "--odds", "queen"])
        .write_stdin("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]",
        ));
}

#[test]
fn a_start_that_is_no_position_is_refused() {
    scoresheet()
        .args(["convert", "--odds", "bishop"])
        .write_stdin("1. e4 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "known: pawn-and-move, pawn, knight, rook, queen",
        ));
    scoresheet()
        .args(["audit", "--start", "rnbqkbnr/pppppppp/8/8 w - - 0 1"])
        .write_stdin("1. e4 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--start"));
    scoresheet()
        .args([
            "audit",
            "--start",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--odds",
            "rook",
        ])
        .write_stdin("1. e4 *\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give one"));
}

#[test]
fn letters_that_stop_sooner_do_not_replace_those_that_read_further() {
    // Pawn moves written `P-e4` read as knight moves in Dutch letters;
    // English letters read 32 half-moves before a word no notation
    // reads. The game is reported as read in English, at that word.
    let text = "1) P-e4, P-c5 2) N-f3, P-d6 3) P-d4, Pxd4 4)\n\
                Nxd4, N-f6 5) N-c3, P-a6 6) P-f3, P-e5 7) N-b3,\n\
                B-e6 8) B-e3, B-e7 9) Q-d2, Nb8-d7 10) P-g4, P-b5\n\
                11) P-a4, Pxa4 12) Rxa4, O–O 13) P-g5, N-h5 14)\n\
                N-a5, Q-c7 15) N-d5, Bxd5 16) Pxd5, B-d8 17)\n\
                p.281\n\
                N-c6, P-a5 18) P-b4, N-f4 19) Pxa5, Bxg5 20)\n\
                P-h4, B-f6 21) R-c4, N-b8 22) B-b6, Q-b7 23)\n\
                B-d3, N-d7 24) R-b4\n\
                \n\
                If 24) Q-e2, Nxd5, the attack comes too late.\n\
                \n\
                24) ... Nxb6 25) Rxb6, Q-c7 26) Q-b4, B-d8 27)\n\
                R-b5, Nxd5 28) Rxd5, Qxc6 29) R-b5, Qxf3 30)\n\
                R-f1, Q-g3+ 31) K-d1, Qxh4 32) Qxh4, Bxh4 33)\n\
                B-e4, R-a7? 34) B-b7, B-d8 35) P-a6, P-h5 36)\n\
                K-e2, P-g5 37) R-a1, P-f5 38) B-d5+, K-g7 39)\n\
                R-b7+, Rxb7 40) Bxb7, B-b6 41) B-d5, B-a7 0:1\n";
    scoresheet()
        .args(["convert", "-"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("ply 33"))
        .stderr(predicate::str::contains("p.281"))
        .stderr(predicate::str::contains("letters: en 1"));
}

#[test]
fn moves_after_a_semicolon_in_text_without_tags_are_moves() {
    // PGN reads `;` as a comment to the line's end; books print it
    // between moves.
    scoresheet()
        .args(["convert", "-"])
        .write_stdin("1. e4, c5; 2. Nf3, e6; 3. d4, cxd4; 4. Nxd4, a6; 5. Nc3, d6 1-0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("4. Nxd4 a6 5. Nc3 d6 1-0"));
}

#[test]
fn many_findings_in_one_game_are_each_placed_where_they_stand() {
    // Thousands of duplicate tags in one game, CRLF line ends and a
    // two-byte letter before them: every row still gives its own line
    // and byte, placed in one reading of the game.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("tags.pgn");
    let head = "[Event \"é\"]\r\n";
    let tag = "[A \"\"]\r\n";
    let tags = 3000;
    fs::write(
        &input,
        format!("{head}{}\r\n1. e4 e5 *\r\n", tag.repeat(tags)),
    )
    .unwrap();
    let out = scoresheet()
        .arg("audit")
        .arg(&input)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let report = String::from_utf8(out).unwrap();
    let rows: Vec<Vec<&str>> = report
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // Past the bound on findings kept for one game, one row stands for
    // the rest, placed where the first of them is.
    let listed = scoresheet::audit::MAX_FINDINGS;
    assert_eq!(rows.len(), listed + 1);
    assert_eq!(rows[listed][2], (listed + 3).to_string());
    assert!(
        rows[listed][12].starts_with(&format!("\"{} more bad-tag", tags - 1 - listed)),
        "{:?}",
        rows[listed]
    );
    for (k, row) in rows[..listed].iter().enumerate() {
        // The first duplicate is the second tag, on line 3.
        let line = k + 3;
        let byte = head.len() + (k + 1) * tag.len();
        assert_eq!(
            (row[2], row[3], row[4]),
            (line.to_string().as_str(), "1", byte.to_string().as_str()),
            "row {k}"
        );
        assert_eq!(row[11], "bad-tag");
    }
}

#[test]
fn dev_stdout_as_output_writes_to_the_stream_the_shell_opened() {
    // `-o /dev/stdout >> log`: the games are appended after what the log
    // held, not written over it from its start.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GOOD).unwrap();
    let log = dir.path().join("log");
    fs::write(&log, "earlier run\n").unwrap();
    let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("scoresheet"))
        .args(["convert", "-q", "-o", "/dev/stdout"])
        .arg(&input)
        .stdout(appending)
        .status()
        .unwrap();
    assert!(status.success());
    let written = fs::read_to_string(&log).unwrap();
    assert!(written.starts_with("earlier run\n[Event "), "{written}");
    assert!(written.contains("4. Qxf7# 1-0"), "{written}");
}

#[test]
fn a_summary_that_cannot_be_written_replaces_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{GOOD}{BAD}")).unwrap();
    let (out, rejects, report) = (
        dir.path().join("out.pgn"),
        dir.path().join("rejects.pgn"),
        dir.path().join("report.csv"),
    );
    for file in [&out, &rejects, &report] {
        fs::write(file, "kept\n").unwrap();
    }
    let missing = dir.path().join("no such folder").join("summary.json");
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .arg("--rejects")
        .arg(&rejects)
        .arg("--report")
        .arg(&report)
        .arg("--summary")
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("summary.json"));
    for file in [&out, &rejects, &report] {
        assert_eq!(
            fs::read_to_string(file).unwrap(),
            "kept\n",
            "{}",
            file.display()
        );
    }
    // Nothing unfinished is left beside them.
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".partial")), "{names:?}");
    // The audit keeps its report so too.
    scoresheet()
        .arg("audit")
        .arg(&input)
        .arg("--report")
        .arg(&report)
        .arg("--summary")
        .arg(&missing)
        .assert()
        .code(2);
    assert_eq!(fs::read_to_string(&report).unwrap(), "kept\n");
    // A summary that can be written is, with every output.
    let summary = dir.path().join("summary.json");
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .arg("--summary")
        .arg(&summary)
        .assert()
        .code(1);
    assert!(fs::read_to_string(&out).unwrap().contains("Qxf7#"));
    assert!(fs::read_to_string(&summary).unwrap().contains("rejected"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_left_unfinished_by_a_killed_run_is_removed_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GOOD).unwrap();
    // A run killed outright leaves `.out.pgn.PID.partial` beside its
    // target; a process that has ended has a PID no running one has.
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    let pid = ended.id();
    ended.wait().unwrap();
    let left = dir.path().join(format!(".out.pgn.{pid}.partial"));
    fs::write(&left, "half a game").unwrap();
    // One of a running process (this test's) is another run's, at work.
    let running = dir
        .path()
        .join(format!(".out.pgn.{}.partial", std::process::id()));
    fs::write(&running, "being written").unwrap();
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.pgn"))
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            ".out.pgn.{pid}.partial, left unfinished by a run that was killed"
        )));
    assert!(!left.exists());
    assert!(running.exists());
}

#[test]
fn the_summary_says_where_rejected_games_went() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, format!("{GOOD}{BAD}")).unwrap();
    // Without --rejects they are in no file: the line names the options
    // that keep or mend them.
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.pgn"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "2 games read: 1 converted, 1 rejected (not written; --rejects FILE keeps them, --repair mends those one small edit makes legal)",
        ));
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.pgn"))
        .arg("--repair")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "1 rejected (not written; --rejects FILE keeps them)",
        ));
    let rejects = dir.path().join("rejects.pgn");
    scoresheet()
        .arg("convert")
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.pgn"))
        .arg("--rejects")
        .arg(&rejects)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "1 rejected (written to {})",
            rejects.display()
        )));
    // Nothing rejected, nothing said.
    scoresheet()
        .arg("convert")
        .arg("-")
        .write_stdin(GOOD)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "1 games read: 1 converted, 0 rejected; ",
        ));
}

#[test]
fn an_input_or_directory_with_no_game_is_noted_and_is_no_failure() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.pgn");
    fs::write(&empty, "").unwrap();
    let folder = dir.path().join("folder");
    fs::create_dir(&folder).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&empty)
        .arg(&folder)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{}: no game in it",
            empty.display()
        )))
        .stderr(predicate::str::contains(format!(
            "{}: no file to read in this directory",
            folder.display()
        )))
        .stderr(predicate::str::contains(
            "0 games read: 0 converted, 0 rejected; 1 input(s) with no game",
        ));
    scoresheet()
        .args(["audit", "-"])
        .write_stdin("")
        .assert()
        .success()
        .stderr(predicate::str::contains("standard input: no game in it"));
    // Quiet runs stay quiet.
    scoresheet()
        .args(["convert", "-q", "-"])
        .write_stdin("\n\n")
        .assert()
        .success()
        .stderr("");
}

#[test]
fn a_dos_central_european_file_is_read_as_cp852() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("dos.pgn");
    let bytes = b"[White \"Szab\xa2 L\xa0szl\xa2\"]\n[Black \"Kov\xa0cs P\x82ter\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    fs::write(&input, bytes).unwrap();
    scoresheet()
        .arg("convert")
        .arg(&input)
        .assert()
        .success()
        .stdout(predicate::str::contains("[White \"Szabó László\"]"))
        .stdout(predicate::str::contains("[Black \"Kovács Péter\"]"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, GOOD.repeat(2000)).unwrap();
    for args in [
        vec!["-o", "/dev/full"],
        vec!["-o", "/dev/null", "--report", "/dev/full"],
    ] {
        scoresheet()
            .arg("convert")
            .arg(&input)
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "/dev/full: No space left on device",
            ));
    }
}

#[test]
fn messages_escape_control_characters_of_input_and_file_names() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(&input, "[White \"A\"]\n\n1. e4 e5 2. K\x1b[2J\x00x *\n\n").unwrap();
    let out = scoresheet().arg("convert").arg(&input).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains(['\x1b', '\0']), "{stderr:?}");
    assert!(stderr.contains("\"K\\u{1b}\""), "{stderr}");
    assert!(stderr.contains("\\0x"), "{stderr}");
    let missing = dir.path().join("gone\x1b[2J.pgn");
    let out = scoresheet().arg("convert").arg(&missing).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("gone\\u{1b}[2J.pgn"), "{stderr}");
}

#[test]
fn a_megabyte_token_is_shortened_in_messages() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    let token = "Qx".repeat(512 * 1024);
    fs::write(
        &input,
        format!("[White \"A\"]\n\n1. e4 e5 2. {token} *\n\n"),
    )
    .unwrap();
    let out = scoresheet().arg("convert").arg(&input).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.len() < 10_000, "{} bytes of messages", stderr.len());
    assert!(stderr.contains("Q… (10485"), "{stderr}");
}

#[test]
fn control_characters_in_tag_values_are_dropped_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    fs::write(
        &input,
        "[White \"A\x00B\x1b[2JC\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n",
    )
    .unwrap();
    let out = scoresheet().arg("convert").arg(&input).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stdout.contains("[White \"AB[2JC\"]"), "{stdout}");
    assert!(!stdout.contains(['\x1b', '\0']), "{stdout:?}");
    assert!(
        stderr.contains("White tag holds control characters"),
        "{stderr}"
    );
}

#[test]
fn reconcile_writes_the_one_game_and_lists_where_the_copies_disagree() {
    scoresheet()
        .args(["reconcile", "examples/copy-white.txt", "examples/copy-black.txt"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7",
        ))
        .stdout(predicate::str::contains("[Site \"Paris, Italian Opera\"]"))
        .stdout(predicate::str::contains("17. Rd8# 1-0"))
        .stderr(predicate::str::contains(
            "4. A \"dxe6\" B \"dxe5\" → dxe5 (B right): A's move \"dxe6\" is illegal here",
        ))
        .stderr(predicate::str::contains(
            "7... A \"Qe7\" B \"Qd7\" → Qe7 (A right): B's move \"Qd7\" is legal but the rest of both sheets does not replay after it",
        ))
        .stderr(predicate::str::contains(
            "tag White: A \"Paul Morphy\", B \"Morphy\" (A's kept)",
        ))
        .stderr(predicate::str::contains(
            "the copies disagree at 4 (4 settled, 0 unsettled) and on 1 tag(s)",
        ));
}

#[test]
fn reconcile_report_is_csv_and_the_game_goes_to_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let (game, report) = (dir.path().join("game.pgn"), dir.path().join("report.csv"));
    scoresheet()
        .args([
            "reconcile",
            "examples/copy-white.txt",
            "examples/copy-black.txt",
            "-q",
        ])
        .arg("-o")
        .arg(&game)
        .arg("--report")
        .arg(&report)
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    assert!(
        fs::read_to_string(&game)
            .unwrap()
            .contains("10. Nxb5 cxb5 11. Bxb5+ Nbd7")
    );
    let report = fs::read_to_string(&report).unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(
        lines,
        [
            "ply,move_number,side,a_written,b_written,chosen,right,reason,candidates",
            "7,4,white,dxe6,dxe5,dxe5,B,\"A's move \"\"dxe6\"\" is illegal here\",",
            "14,7,black,Qe7,Qd7,Qe7,A,\"B's move \"\"Qd7\"\" is legal but the rest of both sheets does not replay after it\",",
            "20,10,black,...,cxb5,cxb5,B,A's box is empty,",
            "24,12,black,Rd8,Rd9,Rd8,A,\"B's \"\"Rd9\"\" is not a move\",",
            "0,0,,Paul Morphy,Morphy,Paul Morphy,,the copies differ on the tag White; A's value is kept,",
        ]
    );
}

#[test]
fn reconcile_of_identical_copies_exits_zero_and_of_a_missing_copy_two() {
    scoresheet()
        .args([
            "reconcile",
            "examples/copy-white.txt",
            "examples/copy-white.txt",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "4. A \"dxe6\" B \"dxe6\" → dxe5 (neither right)",
        ));
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean.txt");
    fs::write(
        &clean,
        "[White \"Morphy\"]\n\n1. e4 e5\n2. Nf3 d6\n3. d4 Bg4\n",
    )
    .unwrap();
    scoresheet()
        .arg("reconcile")
        .arg(&clean)
        .arg(&clean)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1. e4 e5 2. Nf3 d6 3. d4 Bg4 *"))
        .stderr("scoresheet: the copies agree on all 6 half-moves\n");
    scoresheet()
        .args([
            "reconcile",
            "examples/copy-white.txt",
            "examples/no-such-copy.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("examples/no-such-copy.txt"));
}
