//! # scoresheet
//!
//! Reads chess game scores in any common notation and language, replays
//! every game on a legal-move engine to prove it, and writes standard PGN
//! or FEN together with an audit of every illegal, ambiguous or
//! inconsistent move.
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
//! * [`audit`]: findings and the CSV report;
//! * [`paths`]: no file both read and written, or written twice;
//! * [`pipeline`]: many inputs, in parallel, in order, reporting its
//!   [`progress`] to the caller.
//!
//! Converting one text is one call:
//!
//! ```
//! let pgn = scoresheet::convert_str("1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 *").unwrap();
//! assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"));
//! ```

#![warn(missing_docs)]

pub mod audit;
pub mod convert;
pub mod decode;
pub mod document;
pub mod engine;
pub mod game;
pub mod input;
pub mod lang;
mod lang_evidence;
pub mod model;
pub mod notation;
pub mod output;
pub mod paths;
pub mod pgn;
pub mod pipeline;
pub mod progress;
pub mod repair;

pub use convert::{Converter, convert_str};
pub use output::Format;
