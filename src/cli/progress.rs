//! The progress bar of `convert` and `audit`.
//!
//! Drawn on standard error, and only when standard error is a terminal and
//! `-q` was not given: input bytes read of the total (a spinner when the
//! total is unknown, as for standard input), bytes and games per second,
//! findings so far and the time left, over all inputs together. It is
//! cleared when the run ends, before the one-line summary is printed.

use std::io::{self, IsTerminal};
use std::time::Duration;

use crate::progress::Progress;
use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the bar is redrawn even when nothing is reported, so that a
/// slow input still shows the run is alive.
const TICK: Duration = Duration::from_millis(200);

/// Fits an 80-column terminal: the bar takes what the rest leaves.
const WITH_TOTAL: &str =
    "{spinner} [{wide_bar}] {binary_bytes}/{binary_total_bytes}, {msg}, ETA {eta}";
const WITHOUT_TOTAL: &str = "{spinner} {elapsed} {binary_bytes} ({binary_bytes_per_sec}), {msg}";

/// The bar: a hidden one when nothing may be drawn.
pub struct Bar {
    bar: ProgressBar,
    games: u64,
    findings: u64,
}

impl Bar {
    /// A bar on standard error, hidden when `quiet` or when standard error
    /// is not a terminal.
    pub fn on_stderr(quiet: bool) -> Bar {
        let bar = if !quiet && io::stderr().is_terminal() {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        Bar {
            bar,
            games: 0,
            findings: 0,
        }
    }

    /// Something that prints a line on standard error without tearing the
    /// bar.
    pub fn printer(&self) -> Printer {
        Printer(self.bar.clone())
    }

    fn message(&self) -> String {
        let seconds = self.bar.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 {
            self.games as f64 / seconds
        } else {
            0.0
        };
        format!(
            "{} games ({}/s), {} findings",
            HumanCount(self.games),
            HumanCount(rate as u64),
            HumanCount(self.findings)
        )
    }
}

impl Progress for Bar {
    fn start(&mut self, total_bytes: Option<u64>) {
        if self.bar.is_hidden() {
            return;
        }
        let template = match total_bytes {
            Some(total) => {
                self.bar.set_length(total);
                WITH_TOTAL
            }
            None => WITHOUT_TOTAL,
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            self.bar.set_style(style.progress_chars("=> "));
        }
        self.bar.set_message(self.message());
        self.bar.enable_steady_tick(TICK);
    }

    fn bytes(&mut self, delta: u64) {
        self.bar.inc(delta);
    }

    fn games(&mut self, games: u64, findings: u64) {
        self.games += games;
        self.findings += findings;
        if !self.bar.is_hidden() {
            self.bar.set_message(self.message());
        }
    }

    fn finish(&mut self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Bar {
    /// A run that stopped on an error leaves no bar behind either.
    fn drop(&mut self) {
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}

/// Prints lines on standard error around the bar.
pub struct Printer(ProgressBar);

impl Printer {
    /// Prints `line`, the bar hidden meanwhile.
    pub fn eprintln(&self, line: &dyn std::fmt::Display) {
        self.0.suspend(|| super::say(line));
    }
}
