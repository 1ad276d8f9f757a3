//! # scoresheet
//!
//! Reads chess game scores in any common notation and language, replays
//! every game on a legal-move engine to prove it, and writes standard PGN
//! or FEN together with an audit of every illegal, ambiguous or
//! inconsistent move.
//!
//! ## Start here
//!
//! * [`Reader`]: what to read (notation, letters, encoding, repairs) and
//!   from where (a path, a stream, a string); it yields a
//!   [`GameRecord`] per game.
//! * [`GameRecord`]: a game's tags, its verified [`MoveRecord`]s (SAN,
//!   UCI, the position before, where each is written), its findings
//!   ([`Finding`], each with its [`Location`]), its result and final
//!   position, and the game written out ([`Format`]).
//! * [`Error`]: what stops a read, with the input and game it happened in.
//! * [`convert_str`]: one text to English PGN in one call.
//!
//! ```
//! use scoresheet::Reader;
//!
//! let text = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *";
//! for game in Reader::new().read_str(text) {
//!     let game = game?;
//!     assert_eq!(game.letters(), "de/sv");
//!     assert_eq!(game.moves()[4].san(), "Bb5");
//!     assert!(game.output().unwrap().contains("3. Bb5 a6 *"));
//! }
//! # Ok::<(), scoresheet::Error>(())
//! ```
//!
//! ```
//! let pgn = scoresheet::convert_str("1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 *").unwrap();
//! assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"));
//! ```
//!
//! The engine's types (positions, moves) are [`shakmaty`]'s, re-exported.
//!
//! ## Features
//!
//! * `cli` (default): the `scoresheet` command, [`cli`]; brings clap,
//!   indicatif, ctrlc and walkdir.
//! * `serve` (default, needs `cli`): the command's proofreading page;
//!   brings axum and tokio.
//!
//! A library user needs neither: `default-features = false`.
//!
//! ## Inside
//!
//! Data flows through the crate's inner modules in this order: `input`
//! (files, directories, standard input, decompressed), `decode` (bytes in
//! any encoding → UTF-8), `pgn::split` (a stream → one game's text at a
//! time), `pgn::lexer` (tags and tokens), `document` (running text → the
//! main line among its words), `engine` (a move pattern resolved on the
//! board), `notation` (a token → a move pattern, and a move → text, in a
//! [`Language`]'s letters), `replay` (a game's tokens played, and the one
//! walk every writer takes through them), `game` (one game, letters
//! detected), `convert` and `output` (what is written), `audit` and
//! `repair` (findings, suggestions, repairs), then `reader` and `record`
//! (the façade above) and `pipeline` (many inputs in parallel, in order).
//! They are the crate's own; the `internals` feature makes them public,
//! hidden from this documentation and without any promise of stability,
//! for the crate's tests, benchmarks and fuzz targets.

#![warn(missing_docs)]

/// Declares the inner modules: the crate's own, or, with the `internals`
/// feature, public but hidden from the documentation.
macro_rules! inner_modules {
    ($($(#[$attr:meta])* $name:ident;)*) => {$(
        $(#[$attr])*
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        mod $name;
    )*};
}

inner_modules! {
    audit;
    convert;
    decode;
    document;
    engine;
    error;
    game;
    input;
    #[cfg(feature = "serve")]
    inspect;
    lang;
    lang_evidence;
    model;
    notation;
    output;
    #[cfg(feature = "cli")]
    paths;
    pgn;
    #[cfg(feature = "cli")]
    pipeline;
    place;
    #[cfg(feature = "cli")]
    progress;
    reader;
    reconcile;
    record;
    replay;
    repair;
    #[cfg(feature = "serve")]
    serve;
}

#[cfg(feature = "cli")]
pub mod cli;

pub use audit::{Finding, Kind, ReportWriter, Row as ReportRow, Severity};
pub use convert::{Converted, Converter, RejectedGames, convert_str, start_fen};
pub use error::{Error, ErrorKind};
pub use lang::{Language, LanguageError, Letters};
pub use model::Location;
pub use notation::Notation;
pub use notation::iccf::Promotion;
pub use output::Format;
pub use reader::{Games, Reader, game_splits};
pub use reconcile::{
    Disagreement, ReconcileOptions, Reconciliation, Right, TagConflict, reconcile,
};
pub use record::{GameRecord, MoveRecord};
/// The chess engine's types the façade hands out (positions, moves).
pub use shakmaty;
