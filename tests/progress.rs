//! The pipeline reports its progress: the total size up front, every byte
//! of input read, every game and finding, across several inputs, and the
//! start and finish once each.

use std::fs;

use scoresheet::Format;
use scoresheet::convert::Converter;
use scoresheet::decode::EncodingChoice;
use scoresheet::input::Limits;
use scoresheet::pipeline::{Input, Sinks, run};
use scoresheet::progress::Progress;

#[derive(Default)]
struct Tally {
    starts: Vec<Option<u64>>,
    inputs: Vec<String>,
    bytes: u64,
    games: u64,
    findings: u64,
    finishes: u32,
}

impl Progress for Tally {
    fn start(&mut self, total_bytes: Option<u64>) {
        self.starts.push(total_bytes);
    }
    fn input(&mut self, name: &str) {
        self.inputs.push(name.to_owned());
    }
    fn bytes(&mut self, delta: u64) {
        assert!(delta > 0, "empty byte report");
        self.bytes += delta;
    }
    fn games(&mut self, games: u64, findings: u64) {
        self.games += games;
        self.findings += findings;
    }
    fn finish(&mut self) {
        self.finishes += 1;
    }
}

fn sinks<'a>() -> Sinks<'a> {
    Sinks {
        output: None,
        rejects: None,
        report: None,
        on_problem: Box::new(|_, _| {}),
    }
}

#[test]
fn bytes_games_and_findings_add_up_over_all_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pgn");
    let b = dir.path().join("b.txt");
    let mut text = String::new();
    for _ in 0..3000 {
        text.push_str(
            "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
        );
    }
    fs::write(&a, &text).unwrap();
    // Two findings: a wrong check mark and a missing result.
    fs::write(&b, "1. e4+ e5 2. Nf3 Nc6\n").unwrap();
    let size = fs::metadata(&a).unwrap().len() + fs::metadata(&b).unwrap().len();
    let inputs = [Input::Path(a), Input::Path(b)];
    let converter = Converter::new().to(Format::None);
    let mut tally = Tally::default();
    let summary = run(
        &inputs,
        &converter,
        &EncodingChoice::Auto,
        Limits::default(),
        &mut sinks(),
        &mut tally,
    )
    .unwrap();
    assert_eq!(tally.starts, [Some(size)]);
    assert_eq!(tally.inputs, [inputs[0].name(), inputs[1].name()]);
    assert_eq!(tally.bytes, size);
    assert_eq!(tally.games, 3001);
    assert_eq!(tally.games, summary.games);
    assert_eq!(tally.findings, summary.findings.values().sum::<u64>());
    assert!(tally.findings >= 2, "{:?}", summary.findings);
    assert_eq!(tally.finishes, 1);
}

#[test]
fn standard_input_and_pipes_have_no_size() {
    assert_eq!(Input::Stdin.size(), None);
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(Input::Path(dir.path().to_owned()).size(), None);
    assert_eq!(Input::Path(dir.path().join("absent")).size(), None);
}
