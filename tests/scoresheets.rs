//! Property test: real games of the corpus written on handwritten
//! scoresheets (`tests/common/handwritten.rs`) read back as
//! `convert --repair` reads a text file. Clean sheets, short forms
//! (`BxN`, `dxc`) and their writers' habits included, must all read back
//! to the game played; on sheets with slips the audit must find at least
//! [`FOUND_AT_LEAST`] of the slips at their half-move and name the true
//! move of [`SUGGESTED_AT_LEAST`] (what it does today, raised as it
//! improves).
//!
//! Sheets are drawn from the tune seeds; the benchmark
//! (`benches/scoresheets.rs`) reports on other seeds. Without
//! `../shared/corpus` (a fresh clone) the test says that it skipped.

#[path = "common/handwritten.rs"]
mod handwritten;
#[path = "common/print_style.rs"]
mod print_style;

use handwritten::{Slip, write_sheet};
use print_style::{corpus_dir, judge_damages, read_page, sample_games};

/// The seeds the sheets of the test are drawn from.
const TUNE_SEEDS: [u64; 3] = [11, 12, 13];
/// Sheets drawn from each seed.
const SHEETS: u64 = 12;
/// The most slips on one sheet.
const MOST_SLIPS: usize = 6;
/// Shares of the slips found at their half-move, and with the true move
/// named, at least.
const FOUND_AT_LEAST: f64 = 0.75;
const SUGGESTED_AT_LEAST: f64 = 0.58;
/// Of the legal but wrong moves, the share found at their half-move at
/// least: they show only in the moves after them. (2 of the 12 on these
/// sheets; 1 without the edit of an earlier move, `repair/earlier.rs`.)
const LEGAL_BUT_WRONG_FOUND_AT_LEAST: f64 = 1.0 / 6.0;

#[test]
fn handwritten_sheets_read_back_and_their_slips_are_found() {
    let dir = corpus_dir();
    if !dir.is_dir() {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    }
    let (mut clean, mut clean_exact) = (0, 0);
    let (mut slips, mut found, mut suggested) = (0, 0, 0);
    let (mut legal_but_wrong, mut legal_but_wrong_found) = (0, 0);
    for seed in TUNE_SEEDS {
        let games = sample_games(&dir, 40, 20..=60, seed);
        assert!(!games.is_empty(), "no games drawn from {}", dir.display());
        for i in 0..SHEETS {
            let game = &games[i as usize % games.len()];
            let sheet_seed = seed * 1000 + i;
            let sheet = write_sheet(game, sheet_seed, 0);
            let truth = game.cut(sheet.plies);
            clean += 1;
            if judge_damages(&[], &truth, &read_page(&sheet.text, false)).exact {
                clean_exact += 1;
            } else {
                eprintln!("clean sheet {sheet_seed} not read back:\n{}", sheet.text);
            }
            let sheet = write_sheet(game, sheet_seed, MOST_SLIPS);
            let truth = game.cut(sheet.plies);
            let records = read_page(&sheet.text, true);
            let verdict = judge_damages(&sheet.damages(), &truth, &records);
            for (_, damage) in sheet
                .slips
                .iter()
                .filter(|(kind, _)| *kind == Slip::LegalButWrong)
            {
                legal_but_wrong += 1;
                legal_but_wrong_found +=
                    judge_damages(std::slice::from_ref(damage), &truth, &records).found;
            }
            slips += verdict.damages;
            found += verdict.found;
            suggested += verdict.suggested;
        }
    }
    let share = |n: u32| f64::from(n) / f64::from(slips.max(1));
    eprintln!(
        "clean sheets read back: {clean_exact}/{clean}; slips found {found}/{slips} ({:.1} %), true move named {suggested} ({:.1} %); legal but wrong found {legal_but_wrong_found}/{legal_but_wrong}",
        100.0 * share(found),
        100.0 * share(suggested)
    );
    assert_eq!(clean_exact, clean, "clean sheets not read back");
    assert!(
        share(found) >= FOUND_AT_LEAST,
        "slips found: {found}/{slips}"
    );
    assert!(
        share(suggested) >= SUGGESTED_AT_LEAST,
        "true moves named: {suggested}/{slips}"
    );
    assert!(
        f64::from(legal_but_wrong_found)
            >= LEGAL_BUT_WRONG_FOUND_AT_LEAST * f64::from(legal_but_wrong),
        "legal but wrong moves found: {legal_but_wrong_found}/{legal_but_wrong}"
    );
}
