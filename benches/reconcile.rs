//! The two-copies benchmark: real games of the corpus written on two
//! handwritten scoresheets (`tests/common/handwritten.rs`), one by each
//! player, each with its own slips (the two sheets drawn from different
//! seeds), and read together by `scoresheet::reconcile`. Reports how
//! many pairs give exactly the game played, the half-moves reported as
//! disagreements against those where the copies truly differ (where a
//! slip is in either copy), and the time taken.
//!
//!   cargo bench --bench reconcile                    200 pairs
//!   PAIRS=50 SEED=7 cargo bench --bench reconcile
//!   SLIPS=2 cargo bench --bench reconcile            up to two slips a copy
//!   cargo bench --bench reconcile -- failures        what went wrong
//!   cargo bench --bench reconcile -- show 7          pair 7 and its reading
//!
//! The report seed is 2001; tune on others. The corpus is read from
//! `../shared/corpus/`.

#[path = "../tests/common/handwritten.rs"]
mod handwritten;
#[path = "../tests/common/print_style.rs"]
mod print_style;

use std::collections::BTreeSet;
use std::time::Instant;

use handwritten::{Sheet, write_sheet};
use print_style::{TrueGame, corpus_dir, sample_games};
use scoresheet::{ReconcileOptions, Reconciliation, reconcile};
use shakmaty::CastlingMode;

/// The report seed.
const REPORT_SEED: u64 = 2001;
/// Games drawn from the corpus.
const GAMES: usize = 400;
/// The most slips in one copy, unless `SLIPS` says.
const MOST_SLIPS: usize = 6;

fn main() {
    let seed = env_number("SEED").unwrap_or(REPORT_SEED);
    let pairs = env_number("PAIRS").unwrap_or(200);
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
            let pair = pair(&games, seed, i, slips);
            println!("A:\n{}\nB:\n{}", pair.a.text, pair.b.text);
            match reconcile(&pair.a.text, &pair.b.text, &ReconcileOptions::default()) {
                Ok(joined) => println!("{}", explain(&pair, &joined)),
                Err(e) => println!("error: {e}"),
            }
        }
        Some("failures") => run(&games, seed, pairs, slips, true),
        _ => run(&games, seed, pairs, slips, false),
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Two copies of one game and the game they record.
struct Pair {
    a: Sheet,
    b: Sheet,
    game: TrueGame,
}

impl Pair {
    /// Whether both copies slipped at one half-move: the same wrong move
    /// in both, or a box empty in both, which no reading of the two can
    /// always tell.
    fn slipped_alike(&self) -> bool {
        let plies: BTreeSet<u32> = self.a.slips.iter().map(|(_, d)| d.ply).collect();
        self.b.slips.iter().any(|(_, d)| plies.contains(&d.ply))
    }

    /// The half-moves where a slip stands in either copy.
    fn differing(&self) -> BTreeSet<u32> {
        self.a
            .slips
            .iter()
            .chain(&self.b.slips)
            .map(|(_, d)| d.ply)
            .collect()
    }
}

/// Pair `i`: a game, and two copies of it as long as each other, each
/// from its own seed.
fn pair(games: &[TrueGame], seed: u64, i: u64, most_slips: usize) -> Pair {
    let seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
    let game = &games[(seed % games.len() as u64) as usize];
    let (seed_a, seed_b) = (seed.wrapping_mul(2), seed.wrapping_mul(2).wrapping_add(1));
    // A sheet is as long as its writer kept it: the shorter of the two
    // draws, written again by the other writer to that length.
    let a = write_sheet(game, seed_a, most_slips);
    let b = write_sheet(&game.cut(a.plies), seed_b, most_slips);
    let a = if b.plies < a.plies {
        write_sheet(&game.cut(b.plies), seed_a, most_slips)
    } else {
        a
    };
    let game = game.cut(b.plies);
    Pair { a, b, game }
}

/// What one pair came to.
#[derive(Default)]
struct Tally {
    exact: bool,
    differing: usize,
    reported: usize,
    found: usize,
    unsettled: usize,
}

fn judge(pair: &Pair, joined: &Reconciliation) -> Tally {
    let read: Vec<String> = joined.game.moves().iter().map(|m| m.uci()).collect();
    let played: Vec<String> = pair
        .game
        .moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    let differing = pair.differing();
    let reported: BTreeSet<u32> = joined.disagreements.iter().map(|d| d.ply).collect();
    Tally {
        exact: read == played,
        differing: differing.len(),
        reported: reported.len(),
        found: reported.intersection(&differing).count(),
        unsettled: joined.unsettled().count(),
    }
}

fn run(games: &[TrueGame], seed: u64, pairs: u64, most_slips: usize, failures: bool) {
    println!("two-copies benchmark, seed {seed}: {pairs} pairs, up to {most_slips} slips a copy");
    let mut total = Tally::default();
    let (mut exact, mut errors) = (0, 0);
    let (mut alike, mut alike_exact) = (0, 0);
    let (mut seconds, mut slowest) = (0.0, (0.0, 0));
    for i in 0..pairs {
        let pair = pair(games, seed, i, most_slips);
        let started = Instant::now();
        let joined = reconcile(&pair.a.text, &pair.b.text, &ReconcileOptions::default());
        let took = started.elapsed().as_secs_f64();
        seconds += took;
        if took > slowest.0 {
            slowest = (took, i);
        }
        let joined = match joined {
            Ok(joined) => joined,
            Err(e) => {
                errors += 1;
                println!("pair {i}: error {e}");
                continue;
            }
        };
        let tally = judge(&pair, &joined);
        exact += usize::from(tally.exact);
        if pair.slipped_alike() {
            alike += 1;
            alike_exact += usize::from(tally.exact);
        }
        if failures
            && (!tally.exact || tally.found < tally.differing || tally.reported > tally.found)
        {
            println!("pair {i}:\n{}", explain(&pair, &joined));
        }
        total.differing += tally.differing;
        total.reported += tally.reported;
        total.found += tally.found;
        total.unsettled += tally.unsettled;
    }
    println!(
        "pairs read as exactly the game played: {exact}/{pairs} ({:.1} %)",
        percent(exact, pairs as usize)
    );
    let apart = pairs as usize - alike;
    println!(
        "  of them with no half-move slipped in both copies: {}/{apart} ({:.1} %); with one: {alike_exact}/{alike}",
        exact - alike_exact,
        percent(exact - alike_exact, apart)
    );
    println!(
        "half-moves where the copies truly differ: {}; reported: {} ({} at such a half-move, {:.1} % of them found; {} elsewhere); unsettled: {}",
        total.differing,
        total.reported,
        total.found,
        percent(total.found, total.differing),
        total.reported - total.found,
        total.unsettled
    );
    if errors > 0 {
        println!("errors: {errors}");
    }
    println!(
        "reconciled in {seconds:.1} s ({:.1} ms a pair; the slowest, pair {}, {:.0} ms)",
        1000.0 * seconds / pairs.max(1) as f64,
        slowest.1,
        1000.0 * slowest.0
    );
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The pair's slips, the game read against the game played, and the
/// disagreements reported.
fn explain(pair: &Pair, joined: &Reconciliation) -> String {
    let mut out = format!(
        "[A: {}] [B: {}]\n",
        pair.a.habits.join("; "),
        pair.b.habits.join("; ")
    );
    let read: Vec<String> = joined.game.moves().iter().map(|m| m.san()).collect();
    let differs = read
        .iter()
        .zip(&pair.game.sans)
        .position(|(r, t)| r != t.trim_end_matches(['+', '#']) && r != t)
        .or((read.len() != pair.game.sans.len()).then(|| read.len().min(pair.game.sans.len())));
    out.push_str(&format!(
        "read {} half-moves of {}, differs at ply {:?}\n",
        read.len(),
        pair.game.sans.len(),
        differs.map(|i| i + 1)
    ));
    for (copy, sheet) in [("A", &pair.a), ("B", &pair.b)] {
        for (kind, d) in &sheet.slips {
            out.push_str(&format!(
                "  {copy} slip ply {} {}: {:?} -> {:?} (true {})\n",
                d.ply,
                kind.name(),
                d.printed,
                d.damaged,
                d.true_san
            ));
        }
    }
    for d in &joined.disagreements {
        out.push_str(&format!(
            "  row ply {} A {:?} B {:?} chosen {} right {}: {} {:?}\n",
            d.ply, d.a_written, d.b_written, d.chosen, d.right, d.reason, d.candidates
        ));
    }
    out
}
