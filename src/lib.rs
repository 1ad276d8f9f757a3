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
//! ## Inside
//!
//! Data flows through the modules in this order:
//!
//! * [`input`]: files, directories and standard input, decompressed;
//! * [`decode`]: bytes in any encoding → UTF-8;
//! * [`pgn::split`]: a stream → one game's text at a time;
//! * [`pgn::lexer`]: a game → tags and tokens;
//! * [`document`]: running text (book pages, columns, web pages) → the
//!   main line found among its words, the rest kept as comments;
//! * [`notation`]: a move token → a [`model::MovePattern`], using a
//!   [`lang::Language`] table;
//! * [`engine`]: patterns resolved and replayed on the board, then
//!   rendered in any language;
//! * [`game`]: the above for one game, with letter-set detection;
//! * [`convert`] and [`pgn::writer`]: what is written for a game;
//! * [`audit`] and [`repair`]: findings, explanations, repairs and the
//!   CSV report;
//! * [`reader`] and [`record`]: the façade above;
//! * [`paths`]: no file both read and written, or written twice;
//! * [`pipeline`]: many inputs, in parallel, in order, reporting its
//!   [`progress`] to the caller (what the command line runs).

#![warn(missing_docs)]

pub mod audit;
pub mod convert;
pub mod decode;
pub mod document;
pub mod engine;
pub mod error;
pub mod game;
pub mod input;
pub mod inspect;
pub mod lang;
mod lang_evidence;
pub mod model;
pub mod notation;
pub mod output;
pub mod paths;
pub mod pgn;
pub mod pipeline;
pub mod progress;
pub mod reader;
pub mod record;
pub mod repair;
#[cfg(feature = "serve")]
pub mod serve;

pub use audit::{Finding, Kind, Severity};
pub use convert::{Converter, convert_str};
pub use error::{Error, ErrorKind};
pub use model::Location;
pub use notation::Notation;
pub use output::Format;
pub use reader::{Games, Reader};
pub use record::{GameRecord, MoveRecord};
/// The chess engine's types the façade hands out (positions, moves).
pub use shakmaty;
