//! The scoresheet benchmark: real games of the corpus written on
//! handwritten tournament scoresheets (`tests/common/handwritten.rs`),
//! clean and with the slips players make, read back as
//! `convert --repair` reads a text file. For clean sheets: how many read
//! back exactly. For sheets with slips: for each kind of slip, how many
//! the audit finds at their half-move and names the true move of, and
//! how many sheets are repaired to exactly the game played, and how many
//! are written as another game (a wrong repair).
//!
//!   cargo bench --bench scoresheets                  200 sheets each way
//!   SHEETS=50 SEED=7 cargo bench --bench scoresheets
//!   SLIPS=1 cargo bench --bench scoresheets      one slip a sheet
//!   cargo bench --bench scoresheets -- failures      what went wrong
//!   cargo bench --bench scoresheets -- show 7        sheet 7 and its reading
//!
//! The seeds here (the report seeds) are not those of the test
//! (`tests/scoresheets.rs`, the tune seeds). The corpus is read from
//! `../shared/corpus/`.

#[path = "../tests/common/handwritten.rs"]
mod handwritten;
#[path = "../tests/common/print_style.rs"]
mod print_style;

use std::time::Instant;

use handwritten::{Sheet, Slip, write_sheet};
use print_style::{TrueGame, corpus_dir, judge_damages, main_record, read_page, sample_games};
use scoresheet::GameRecord;

/// The first report seed.
const REPORT_SEED: u64 = 2001;
/// Games drawn from the corpus.
const GAMES: usize = 400;
/// The most slips on one sheet, unless `SLIPS` says.
const MOST_SLIPS: usize = 6;

fn main() {
    let seed = env_number("SEED").unwrap_or(REPORT_SEED);
    let sheets = env_number("SHEETS").unwrap_or(200);
    let slips = env_number("SLIPS").map_or(MOST_SLIPS, |n| n as usize);
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let games = sample_games(&corpus_dir(), GAMES, 20..=usize::MAX, seed);
    if games.is_empty() {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    }
    match args.first().map(String::as_str) {
        Some("show") => {
            let i = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(0);
            let (sheet, game) = sheet(&games, seed, i, slips);
            println!("{}", sheet.text);
            let records = read_page(&sheet.text, true);
            println!("{}", explain(&sheet, &game, &records));
        }
        Some("failures") => run(&games, seed, sheets, slips, true),
        _ => run(&games, seed, sheets, slips, false),
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Sheet `i` and the game it records, cut where the sheet ends.
fn sheet(games: &[TrueGame], seed: u64, i: u64, most_slips: usize) -> (Sheet, TrueGame) {
    let seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
    let game = &games[(seed % games.len() as u64) as usize];
    let sheet = write_sheet(game, seed, most_slips);
    let cut = game.cut(sheet.plies);
    (sheet, cut)
}

fn run(games: &[TrueGame], seed: u64, sheets: u64, most_slips: usize, failures: bool) {
    println!("scoresheet benchmark, seed {seed}: {sheets} sheets each way");
    let started = Instant::now();
    let clean = (0..sheets)
        .filter(|&i| {
            let (sheet, game) = sheet(games, seed, i, 0);
            let records = read_page(&sheet.text, false);
            let exact = judge_damages(&[], &game, &records).exact;
            if failures && !exact {
                println!("clean sheet {i}:\n{}", explain(&sheet, &game, &records));
            }
            exact
        })
        .count();
    println!(
        "clean sheets read exactly: {clean}/{sheets} ({:.1} %)",
        percent(clean, sheets as usize)
    );
    let mut by_kind = [(0usize, 0usize, 0usize); Slip::ALL.len()];
    let (mut repaired, mut wrong, mut slipped) = (0, 0, 0);
    for i in 0..sheets {
        let (sheet, game) = sheet(games, seed, i, most_slips);
        let records = read_page(&sheet.text, true);
        let verdict = judge_damages(&sheet.damages(), &game, &records);
        slipped += 1;
        repaired += usize::from(verdict.exact);
        wrong += usize::from(verdict.wrong);
        for (kind, damage) in &sheet.slips {
            let one = judge_damages(std::slice::from_ref(damage), &game, &records);
            let row = &mut by_kind[Slip::ALL.iter().position(|k| k == kind).unwrap_or(0)];
            row.0 += 1;
            row.1 += one.found as usize;
            row.2 += one.suggested as usize;
        }
        if failures && (verdict.found < verdict.damages || verdict.wrong) {
            println!("sheet {i}:\n{}", explain(&sheet, &game, &records));
        }
    }
    println!();
    println!("| slip | made | found at its ply | true move suggested |");
    println!("|---|---:|---:|---:|");
    let mut total = (0, 0, 0);
    for (kind, (made, found, suggested)) in Slip::ALL.iter().zip(by_kind) {
        println!(
            "| {} | {made} | {found} ({:.0} %) | {suggested} ({:.0} %) |",
            kind.name(),
            percent(found, made),
            percent(suggested, made)
        );
        total = (total.0 + made, total.1 + found, total.2 + suggested);
    }
    println!(
        "| all | {} | {} ({:.1} %) | {} ({:.1} %) |",
        total.0,
        total.1,
        percent(total.1, total.0),
        total.2,
        percent(total.2, total.0)
    );
    println!(
        "\nsheets with slips repaired to the game played: {repaired}/{slipped} ({:.1} %)",
        percent(repaired, slipped)
    );
    println!(
        "sheets with slips written as another game: {wrong}/{slipped} ({:.1} %)",
        percent(wrong, slipped)
    );
    println!("read in {:.1} s", started.elapsed().as_secs_f64());
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The sheet's slips, what was read, and the findings.
fn explain(sheet: &Sheet, game: &TrueGame, records: &[GameRecord]) -> String {
    let mut out = format!("[{}]\n", sheet.habits.join("; "));
    let Some(record) = main_record(records) else {
        return out + "no game read\n";
    };
    let read: Vec<String> = record.moves().iter().map(|m| m.san()).collect();
    let differs = read
        .iter()
        .zip(&game.sans)
        .position(|(a, b)| a != b.trim_end_matches(['+', '#']) && a != b)
        .or((read.len() != game.sans.len()).then(|| read.len().min(game.sans.len())));
    out.push_str(&format!(
        "read {} half-moves of {} (rejected: {}), differs at ply {:?}\n",
        read.len(),
        game.sans.len(),
        record.is_rejected(),
        differs.map(|i| i + 1)
    ));
    for (kind, d) in &sheet.slips {
        out.push_str(&format!(
            "  slip ply {} {}: {:?} -> {:?} (true {})\n",
            d.ply,
            kind.name(),
            d.printed,
            d.damaged,
            d.true_san
        ));
    }
    for (f, _) in record.findings() {
        out.push_str(&format!(
            "  finding ply {} {} {:?}: {} (suggests {:?})\n",
            f.ply, f.kind, f.written, f.message, f.suggestion
        ));
    }
    out
}
