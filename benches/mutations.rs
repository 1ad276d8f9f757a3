//! The mutation benchmark: damage every game of the corpus samples once
//! with each kind of slip, audit it with `--repair`, and count how often
//! the finding is at the damaged half-move, the true move is suggested,
//! and a repair is right or wrong. Then the TCEC archive: no finding on
//! the clean games, and every game of a 1 % damaged copy found.
//!
//!   cargo bench --bench mutations                 both samples and TCEC
//!   cargo bench --bench mutations -- samples      the samples only
//!   SEED=7 cargo bench --bench mutations          another draw of damage
//!
//! The corpus is read from `../shared/corpus/`.

#[path = "../tests/common/mutate.rs"]
mod mutate;

use std::fs;
use std::path::Path;
use std::time::Instant;

use mutate::{Damage, Source, Verdict, judge};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use scoresheet::audit::Severity;
use scoresheet::convert::Converter;
use scoresheet::pgn::split::Splitter;

const CORPUS: &str = "../shared/corpus";

fn main() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if only.as_deref().is_none_or(|o| o == "samples") {
        samples(seed);
    }
    if only.as_deref().is_none_or(|o| o == "tcec") {
        tcec(seed);
    }
}

/// Every game's text in `bytes`.
fn games(bytes: &[u8]) -> Vec<String> {
    Splitter::new(bytes)
        .filter_map(Result::ok)
        .filter(|g| g.oversized.is_none())
        .map(|g| g.text)
        .collect()
}

fn samples(seed: u64) {
    let mut texts = Vec::new();
    for name in ["lichess-2025-05-sample.pgn", "twic1599-sample.pgn"] {
        let path = Path::new(CORPUS).join(name);
        let Ok(bytes) = fs::read(&path) else {
            eprintln!("{} not found: skipped", path.display());
            return;
        };
        texts.extend(games(&bytes));
    }
    let started = Instant::now();
    let sources: Vec<Source> = texts.par_iter().filter_map(|t| mutate::source(t)).collect();
    println!(
        "mutation benchmark, seed {seed}: {} games read, {} clean games of 4+ half-moves damaged",
        texts.len(),
        sources.len()
    );
    println!();
    println!(
        "| damage | damaged | detectable | at the damaged ply | true move suggested | repaired right | repaired wrong | declined |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut all = Tally::default();
    let mut single = Tally::default();
    for (k, kind) in Damage::ALL.into_iter().enumerate() {
        let verdicts: Vec<Verdict> = sources
            .par_iter()
            .enumerate()
            .filter_map(|(i, source)| {
                let mut rng = StdRng::seed_from_u64(seed ^ ((i as u64) << 8) ^ k as u64);
                let damaged = source.damage(kind, &mut rng)?;
                Some(judge(source, &damaged))
            })
            .collect();
        let tally = Tally::of(&verdicts);
        tally.row(kind.name());
        all.add(&tally);
        if kind.is_single_edit() {
            single.add(&tally);
        }
    }
    all.row("all");
    println!();
    println!(
        "single-edit damages (one character, OCR, letter, ICCF digit): true move suggested in {}",
        percent(single.suggested, single.detectable)
    );
    println!("time: {:.1} s", started.elapsed().as_secs_f64());
    println!();
    several(seed, &sources);
}

/// Games damaged two and three times, each damage in its own part of
/// the game: how many of the damages the audit finds at their half-move
/// and names the true move of, and how many games it repairs right or
/// wrong.
fn several(seed: u64, sources: &[Source]) {
    let started = Instant::now();
    println!(
        "| damages a game | games | damages | detectable alone | at the damaged ply | true move suggested | games repaired right | games repaired wrong |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let pgn_kinds: Vec<Damage> = Damage::ALL
        .into_iter()
        .filter(|k| *k != Damage::IccfDigit)
        .collect();
    for count in [2, 3] {
        for iccf in [false, true] {
            let results: Vec<(Vec<Verdict>, bool, bool)> = sources
                .par_iter()
                .enumerate()
                .filter_map(|(i, source)| {
                    let game_seed = seed ^ ((i as u64) << 8) ^ (count << 4) ^ u64::from(iccf);
                    let mut rng = StdRng::seed_from_u64(game_seed);
                    let kinds: Vec<Damage> = (0..count)
                        .map(|_| {
                            if iccf {
                                Damage::IccfDigit
                            } else {
                                pgn_kinds[rng.random_range(0..pgn_kinds.len())]
                            }
                        })
                        .collect();
                    mutate::judge_several(source, &kinds, game_seed)
                })
                .collect();
            let verdicts: Vec<Verdict> = results.iter().flat_map(|r| r.0.clone()).collect();
            let tally = Tally::of(&verdicts);
            let right = results.iter().filter(|r| r.1).count();
            let wrong = results.iter().filter(|r| r.2).count();
            let what = if iccf { "ICCF digits" } else { "mixed kinds" };
            println!(
                "| {count}, {what} | {} | {} | {} | {} | {} | {right} | {wrong} |",
                results.len(),
                tally.damaged,
                tally.detectable,
                percent(tally.located, tally.detectable),
                percent(tally.suggested, tally.detectable),
            );
        }
    }
    println!("time: {:.1} s", started.elapsed().as_secs_f64());
    println!();
}

#[derive(Default)]
struct Tally {
    damaged: u64,
    detectable: u64,
    located: u64,
    suggested: u64,
    right: u64,
    wrong: u64,
}

impl Tally {
    fn of(verdicts: &[Verdict]) -> Tally {
        let count = |f: fn(&Verdict) -> bool| verdicts.iter().filter(|v| f(v)).count() as u64;
        Tally {
            damaged: verdicts.len() as u64,
            detectable: count(|v| v.detectable),
            located: count(|v| v.detectable && v.located),
            suggested: count(|v| v.detectable && v.suggested),
            right: count(|v| v.repaired_right),
            wrong: count(|v| v.repaired_wrong),
        }
    }

    fn add(&mut self, other: &Tally) {
        self.damaged += other.damaged;
        self.detectable += other.detectable;
        self.located += other.located;
        self.suggested += other.suggested;
        self.right += other.right;
        self.wrong += other.wrong;
    }

    fn row(&self, name: &str) {
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} |",
            self.damaged,
            self.detectable,
            percent(self.located, self.detectable),
            percent(self.suggested, self.detectable),
            self.right,
            self.wrong,
            self.detectable - self.right - self.wrong
        );
    }
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "–".to_owned();
    }
    format!("{part} ({:.1} %)", 100.0 * part as f64 / whole as f64)
}

fn tcec(seed: u64) {
    let path = Path::new(CORPUS).join("tcec-nocomments.pgn.zst");
    let Ok(compressed) = fs::read(&path) else {
        eprintln!("{} not found: skipped", path.display());
        return;
    };
    let bytes = zstd::decode_all(&compressed[..]).expect("the TCEC corpus decompresses");
    let texts = games(&bytes);
    let started = Instant::now();
    let converter = Converter::new();
    let clean: Vec<u64> = texts
        .par_iter()
        .map(|t| {
            converter
                .convert_game(t)
                .findings
                .iter()
                .filter(|f| f.severity >= Severity::Warning)
                .count() as u64
        })
        .collect();
    println!(
        "TCEC: {} games audited, {} warnings or errors found ({:.1} s)",
        texts.len(),
        clean.iter().sum::<u64>(),
        started.elapsed().as_secs_f64()
    );
    // Every hundredth game damaged, the kind of damage in turn.
    let started = Instant::now();
    let results: Vec<(Damage, bool, bool)> = texts
        .par_iter()
        .enumerate()
        .filter(|(i, _)| i % 100 == 0)
        .filter_map(|(i, text)| {
            let source = mutate::source(text)?;
            let mut rng = StdRng::seed_from_u64(seed ^ i as u64);
            let kind = Damage::ALL[rng.random_range(0..Damage::ALL.len())];
            let damaged = source.damage(kind, &mut rng)?;
            let verdict = judge(&source, &damaged);
            Some((kind, verdict.detectable, verdict.repaired_wrong))
        })
        .collect();
    let found = results.iter().filter(|r| r.1).count();
    let wrong = results.iter().filter(|r| r.2).count();
    println!(
        "TCEC, 1 % damaged: {} games damaged, {found} found, {wrong} wrong repairs ({:.1} s)",
        results.len(),
        started.elapsed().as_secs_f64()
    );
    for kind in Damage::ALL {
        let missed = results.iter().filter(|r| r.0 == kind && !r.1).count();
        if missed > 0 {
            println!("  not found: {missed} × {}", kind.name());
        }
    }
}
