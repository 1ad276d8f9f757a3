//! The print-style benchmark: real games of the corpus printed the ways
//! books, newspapers and web pages print game scores, and read back as
//! `convert` reads a text file. For each style, at no damage and with 1 %
//! of the moves' characters damaged as OCR damages them (read then with
//! `--repair`): how many pages read back to exactly the game printed, how
//! many damaged moves the audit finds at their half-move and names the
//! true move of, how many pages are written with moves other than the game
//! printed, and how fast pages are read. Then a book of about 1 MB
//! of such pages, in random styles, read whole.
//!
//!   cargo bench --bench print_styles                 40 pages a style
//!   PAGES=100 SEED=7 cargo bench --bench print_styles
//!   STYLE=algebraic cargo bench --bench print_styles -- damaged
//!                                   one style only
//!   cargo bench --bench print_styles -- show         a page of each style
//!   cargo bench --bench print_styles -- failures     pages not read exactly
//!   cargo bench --bench print_styles -- damaged      the same, damaged pages
//!   OCR=0.05 cargo bench --bench print_styles -- damaged
//!                                   5 % of the characters damaged
//!   cargo bench --bench print_styles -- book         the 1 MB book only
//!   cargo bench --bench print_styles -- show-page two 7
//!                                   page 7 of "two columns", and its reading
//!                                   (a style by its first word or by its
//!                                   name with dashes: descriptive-in-words;
//!                                   DAMAGED=1: the damaged page)
//!   SCAN=1 cargo bench --bench print_styles
//!                                   the descriptive styles as scanned
//!                                   newspaper columns, 10 % of the moves
//!                                   confused (OCR=0.2: 20 %; OCR=0 with
//!                                   `-- failures`: the page's misreadings
//!                                   alone), all read with --repair
//!
//! The seeds here (the report seeds) are not those of the property test
//! (`tests/print_styles.rs`, the tune seeds). The corpus is read from
//! `../shared/corpus/`.

#[path = "../tests/common/print_style.rs"]
mod print_style;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use print_style::{
    MIN_PLIES, Page, SCANNED_STYLES, Style, TrueGame, Verdict, corpus_dir, explain, judge,
    judge_damages, page_seed, read_page, render, render_scanned, sample_games,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use scoresheet::GameRecord;

/// The first report seed: pages of the benchmark are drawn from it.
const REPORT_SEED: u64 = 1001;
/// The share of the moves' characters damaged in the damaged run,
/// unless `OCR` gives another (`OCR=0.05` for heavy damage).
const OCR_RATE: f64 = 0.01;
/// The share of moves (and move numbers and note marks) confused on
/// scanned pages, unless `OCR` gives another.
const SCAN_RATE: f64 = 0.1;
/// Games drawn from the corpus for the pages.
const GAMES: usize = 300;
/// The book's size, about.
const BOOK_BYTES: usize = 1_000_000;

fn main() {
    let seed = env_number("SEED").unwrap_or(REPORT_SEED);
    let pages = env_number("PAGES").unwrap_or(40);
    let what = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let games = sample_games(&corpus_dir(), GAMES, MIN_PLIES..=usize::MAX, seed);
    if games.is_empty() {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    }
    if scanned() && what.is_none() {
        println!(
            "print-style benchmark, scanned columns, seed {seed}: {pages} pages a style, games drawn from {} of the corpus",
            games.len()
        );
        styles(&games, seed, pages, ocr_rate(), false);
        return;
    }
    match what.as_deref() {
        Some("show") => show(&games, seed),
        Some("failures") => styles(&games, seed, pages, 0.0, true),
        Some("damaged") => styles(&games, seed, pages, ocr_rate(), true),
        Some("book") => book(&games, seed),
        Some("show-page") => show_page(&games, seed),
        _ => {
            println!(
                "print-style benchmark, seed {seed}: {pages} pages a style, games drawn from {} of the corpus",
                games.len()
            );
            styles(&games, seed, pages, 0.0, false);
            styles(&games, seed, pages, ocr_rate(), false);
            book(&games, seed);
        }
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Whether pages are scanned newspaper columns (`SCAN=1`).
fn scanned() -> bool {
    env_number("SCAN").is_some_and(|n| n > 0)
}

/// The styles of the run: the descriptive ones on scanned pages.
fn run_styles() -> &'static [Style] {
    if scanned() {
        &SCANNED_STYLES
    } else {
        &Style::ALL
    }
}

/// Whether a page damaged at `rate` is read with `--repair`: damaged
/// pages and scanned ones, whose OCR misreads letters throughout.
fn repair(rate: f64) -> bool {
    rate > 0.0 || scanned()
}

/// The damage rate of damaged pages: `OCR`, or [`SCAN_RATE`] on scanned
/// pages and [`OCR_RATE`] on others.
fn ocr_rate() -> f64 {
    std::env::var("OCR")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|r: &f64| (0.0..1.0).contains(r))
        .unwrap_or(if scanned() { SCAN_RATE } else { OCR_RATE })
}

/// Page `i` of `style`, and the game it prints.
fn page(games: &[TrueGame], seed: u64, style: Style, i: u64, rate: f64) -> (Page, &TrueGame) {
    let seed = page_seed(seed, style, i);
    let game = &games[(seed % games.len() as u64) as usize];
    if scanned() {
        return (render_scanned(game, style, seed, rate), game);
    }
    (render(game, style, seed, rate), game)
}

fn show(games: &[TrueGame], seed: u64) {
    for &style in run_styles() {
        let (page, _) = page(games, seed, style, 0, 0.0);
        println!("===== {} ({})", style.name(), page.details.join("; "));
        println!("{}", page.text);
    }
}

/// Prints the page named by the arguments after `show-page`: a style's
/// name (or its first word) and the page's number, with what was read.
fn show_page(games: &[TrueGame], seed: u64) {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let name = args.get(1).map_or("", String::as_str);
    let number: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(0);
    let rate = if env_number("DAMAGED").is_some() {
        ocr_rate()
    } else {
        0.0
    };
    // A name with its spaces as dashes (`descriptive-in-words`) or its
    // first word.
    let named = |s: &Style| s.name().replace(' ', "-") == name;
    let Some(style) = Style::ALL
        .into_iter()
        .find(named)
        .or_else(|| Style::ALL.into_iter().find(|s| s.name().starts_with(name)))
    else {
        eprintln!("no style named {name:?}");
        return;
    };
    let (page, game) = page(games, seed, style, number, rate);
    println!("{}", page.text);
    let started = Instant::now();
    let records = read_page(&page.text, repair(rate));
    println!("read in {:.2} s", started.elapsed().as_secs_f64());
    println!(
        "{}",
        explain(&page, game, &records, &judge(&page, game, &records))
    );
}

/// One page read and judged, and how long reading took.
struct Read {
    page: u64,
    verdict: Verdict,
    /// The verdict on the moves changed by a scanned page's misreadings
    /// alone, and on the others.
    systematic: Verdict,
    confused: Verdict,
    time: Duration,
    bytes: usize,
}

/// The verdicts on a page's moves changed by its misreadings alone and
/// on its other damaged moves.
fn split(page: &Page, game: &TrueGame, records: &[GameRecord]) -> (Verdict, Verdict) {
    let (systematic, confused): (Vec<_>, Vec<_>) = page
        .damages
        .iter()
        .cloned()
        .partition(|d| page.systematic.contains(&d.ply));
    (
        judge_damages(&systematic, game, records),
        judge_damages(&confused, game, records),
    )
}

impl Read {
    fn ms_per_kb(&self) -> f64 {
        self.time.as_secs_f64() * 1000.0 / (self.bytes as f64 / 1024.0)
    }
}

/// The table of every style at one damage rate.
fn styles(games: &[TrueGame], seed: u64, pages: u64, rate: f64, failures: bool) {
    println!();
    if scanned() {
        println!(
            "scanned newspaper columns, {:.0} % of the moves confused, read with --repair:",
            rate * 100.0
        );
    } else if rate > 0.0 {
        println!(
            "{:.0} % of the moves' characters damaged, read with --repair:",
            rate * 100.0
        );
    } else {
        println!("no damage, read as `convert` reads:");
    }
    println!();
    println!(
        "| style | pages | exact | damaged moves | harmless | found at their ply | true move suggested | KB/s | slowest page, ms/KB (× median) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut all = Vec::new();
    let mut slowest = Vec::new();
    let only = std::env::var("STYLE").ok();
    let mut scans = Vec::new();
    for &style in run_styles() {
        if only.as_deref().is_some_and(|name| name != style.name()) {
            continue;
        }
        let reads: Vec<Read> = (0..pages)
            .map(|i| {
                let (page, game) = page(games, seed, style, i, rate);
                let started = Instant::now();
                let records = read_page(&page.text, repair(rate));
                let time = started.elapsed();
                let verdict = judge(&page, game, &records);
                if failures && !verdict.exact {
                    println!("page {i}: {}", explain(&page, game, &records, &verdict));
                }
                let (systematic, confused) = split(&page, game, &records);
                Read {
                    page: i,
                    verdict,
                    systematic,
                    confused,
                    time,
                    bytes: page.text.len(),
                }
            })
            .collect();
        row(style.name(), &reads);
        scans.push(scan_row(style.name(), &reads));
        if let Some(slow) = reads
            .iter()
            .max_by(|a, b| a.ms_per_kb().total_cmp(&b.ms_per_kb()))
        {
            slowest.push(format!(
                "{}: page {} ({} bytes) read in {:.2} s",
                style.name(),
                slow.page,
                slow.bytes,
                slow.time.as_secs_f64()
            ));
        }
        all.extend(reads);
    }
    row("all", &all);
    let wrong = all.iter().filter(|r| r.verdict.wrong).count() as u32;
    println!(
        "\npages written with moves other than the game printed: {}",
        percent(wrong, all.len() as u32)
    );
    if scanned() {
        scan_table(&scans, &all);
    }
    println!();
    println!("slowest page of each style (`-- show-page STYLE N` prints it):");
    for line in slowest {
        println!("  {line}");
    }
}

fn row(name: &str, reads: &[Read]) {
    let count = |f: fn(&Verdict) -> u32| reads.iter().map(|r| f(&r.verdict)).sum::<u32>();
    let exact = reads.iter().filter(|r| r.verdict.exact).count() as u32;
    let damaged = count(|v| v.damages);
    let harmless = count(|v| v.harmless);
    let to_find = damaged - harmless;
    let bytes: usize = reads.iter().map(|r| r.bytes).sum();
    let time: f64 = reads.iter().map(|r| r.time.as_secs_f64()).sum();
    let mut per_kb: Vec<f64> = reads.iter().map(Read::ms_per_kb).collect();
    per_kb.sort_by(f64::total_cmp);
    let median = per_kb[per_kb.len() / 2];
    let slowest = per_kb[per_kb.len() - 1];
    println!(
        "| {name} | {} | {} | {damaged} | {harmless} | {} | {} | {:.0} | {slowest:.2} ({:.1} ×) |",
        reads.len(),
        percent(exact, reads.len() as u32),
        percent(count(|v| v.found), to_find),
        percent(count(|v| v.suggested), to_find),
        bytes as f64 / 1024.0 / time,
        slowest / median,
    );
}

/// The scanned pages' table: pages with damage read exactly (repaired),
/// and the damaged moves apart, those changed by the page's
/// misreadings alone and those confused one by one.
fn scan_table(rows: &[String], all: &[Read]) {
    println!();
    println!(
        "| style | pages with damage | repaired | misread by the page only | harmless | found at their ply | true move suggested | confused | harmless | found at their ply | true move suggested |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for line in rows {
        println!("{line}");
    }
    println!("{}", scan_row("all", all));
}

/// A row of the scanned pages' table.
fn scan_row(name: &str, reads: &[Read]) -> String {
    let damaged: Vec<&Read> = reads.iter().filter(|r| r.verdict.damages > 0).collect();
    let repaired = damaged.iter().filter(|r| r.verdict.exact).count() as u32;
    let figures = |pick: fn(&Read) -> &Verdict| {
        let sum = |f: fn(&Verdict) -> u32| reads.iter().map(|r| f(pick(r))).sum::<u32>();
        let (damages, harmless) = (sum(|v| v.damages), sum(|v| v.harmless));
        format!(
            "{damages} | {harmless} | {} | {}",
            percent(sum(|v| v.found), damages - harmless),
            percent(sum(|v| v.suggested), damages - harmless)
        )
    };
    format!(
        "| {name} | {} | {} | {} | {} |",
        damaged.len(),
        percent(repaired, damaged.len() as u32),
        figures(|r| &r.systematic),
        figures(|r| &r.confused)
    )
}

fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        return "–".to_owned();
    }
    format!(
        "{part} ({:.1} %)",
        100.0 * f64::from(part) / f64::from(whole)
    )
}

/// A book of about 1 MB of undamaged pages in random styles, each game
/// after its heading, read whole: how long, and how many of its games
/// read back exactly.
fn book(games: &[TrueGame], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed ^ 0xB00C);
    let mut text = String::new();
    let mut printed = Vec::new();
    let mut i = 0u64;
    while text.len() < BOOK_BYTES {
        let style = Style::random(&mut rng);
        let (page, game) = page(games, seed ^ 0xB00C, style, i, 0.0);
        text.push_str(&page.text);
        text.push_str("\n\n");
        printed.push(game);
        i += 1;
    }
    // `BOOK_TEXT=FILE` keeps the book, to profile its reading alone.
    if let Ok(path) = std::env::var("BOOK_TEXT")
        && let Err(e) = std::fs::write(&path, &text)
    {
        eprintln!("{path}: {e}");
    }
    let started = Instant::now();
    let records = read_page(&text, false);
    let time = started.elapsed().as_secs_f64();
    let with_moves = records.iter().filter(|r| !r.moves().is_empty()).count();
    let exact = exact_games(&printed, &records);
    println!();
    println!(
        "1 MB book: {} pages, {} bytes, read in {time:.2} s ({:.0} KB/s); {with_moves} games with moves read, {} of the {} games printed read exactly",
        printed.len(),
        text.len(),
        text.len() as f64 / 1024.0 / time,
        percent(exact, printed.len() as u32),
        printed.len()
    );
}

/// How many of the games printed were read, unrejected, with exactly
/// their moves.
fn exact_games(printed: &[&TrueGame], records: &[GameRecord]) -> u32 {
    let key = |moves: &mut dyn Iterator<Item = String>| moves.collect::<Vec<_>>().join(" ");
    let mut wanted: HashMap<String, u32> = HashMap::new();
    for game in printed {
        *wanted
            .entry(key(&mut game.moves.iter().map(|m| format!("{m:?}"))))
            .or_default() += 1;
    }
    let mut exact = 0;
    for record in records.iter().filter(|r| !r.is_rejected()) {
        let read = key(&mut record.moves().iter().map(|m| format!("{:?}", m.mv)));
        if let Some(left) = wanted.get_mut(&read).filter(|n| **n > 0) {
            *left -= 1;
            exact += 1;
        }
    }
    exact
}
