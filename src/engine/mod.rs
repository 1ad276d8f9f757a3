//! The engine: resolving patterns to legal moves, replaying games, and
//! rendering resolved moves and positions.
//!
//! Move generation is shakmaty's; this module adds what no library has:
//! one resolver for every notation, replay with findings, and rendering
//! in any language.

pub mod describe;
pub mod moves;
pub mod origins;
pub mod render;
pub mod replay;
pub mod resolve;
