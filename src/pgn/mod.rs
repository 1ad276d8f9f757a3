//! PGN and plain scoresheet text: finding games, cutting them into tags
//! and tokens, and writing them back out.

pub mod lexer;
pub mod split;
pub mod writer;
