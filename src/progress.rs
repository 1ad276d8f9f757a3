//! Progress of a run, reported as it goes.
//!
//! The library never draws anything: [`pipeline::run`](crate::pipeline::run)
//! calls a [`Progress`] with what it has done since the last call (input
//! bytes read, games finished, findings among them), and the caller shows
//! it however it likes. Every method has a no-op default, so an
//! implementation overrides only what it needs.
//!
//! Calls come from the thread that called the pipeline, in this order:
//! [`start`](Progress::start) once, then for each input
//! [`input`](Progress::input) followed by any number of
//! [`bytes`](Progress::bytes) and [`games`](Progress::games), then
//! [`finish`](Progress::finish) once.
//!
//! ```
//! use scoresheet::progress::Progress;
//!
//! /// Counts what the pipeline reports.
//! #[derive(Default)]
//! struct Tally {
//!     bytes: u64,
//!     games: u64,
//!     findings: u64,
//! }
//!
//! impl Progress for Tally {
//!     fn bytes(&mut self, delta: u64) {
//!         self.bytes += delta;
//!     }
//!     fn games(&mut self, games: u64, findings: u64) {
//!         self.games += games;
//!         self.findings += findings;
//!     }
//! }
//! ```
//!
//! [`pipeline::run_with_progress`]: crate::pipeline::run_with_progress

/// Receives the progress of a run. All methods do nothing by default.
pub trait Progress {
    /// The run starts; `total_bytes` is the size of all inputs together,
    /// or `None` when one of them has no known size (standard input).
    fn start(&mut self, total_bytes: Option<u64>) {
        let _ = total_bytes;
    }

    /// Reading of the input named `name` (a path, or `-`) starts.
    fn input(&mut self, name: &str) {
        let _ = name;
    }

    /// `delta` more bytes of input were read (as stored, before decoding).
    fn bytes(&mut self, delta: u64) {
        let _ = delta;
    }

    /// `games` more games were finished, with `findings` findings among
    /// them.
    fn games(&mut self, games: u64, findings: u64) {
        let _ = (games, findings);
    }

    /// The run is over.
    fn finish(&mut self) {}
}
