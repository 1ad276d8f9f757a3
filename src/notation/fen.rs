//! FEN written with any language's piece letters, read into standard FEN.
//!
//! Upper case is White and lower case Black, as in standard FEN; the
//! figurine table reads its white and black symbols. With automatic
//! letters, each letter set is tried in preference order and the first
//! that gives a legal position wins.
//!
//! ```
//! use scoresheet::game::Letters;
//! use scoresheet::notation::fen::parse_fen;
//!
//! let hu = "2bbffk1/gg3g1g/2h1ghg1/v7/3G4/G1H1FH2/1G2VGGG/1FBB2K1 w - - 0 1";
//! let reading = parse_fen(hu, Letters::Auto).unwrap();
//! assert_eq!(reading.fen, "2rrbbk1/pp3p1p/2n1pnp1/q7/3P4/P1N1BN2/1P2QPPP/1BRR2K1 w - - 0 1");
//! assert_eq!(reading.letters, "hu");
//! ```

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Piece};

use crate::game::Letters;
use crate::lang::{Language, LetterSet};

/// A FEN read into standard form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenReading {
    /// The standard FEN.
    pub fen: String,
    /// The letter set it was read with.
    pub letters: String,
}

/// Why a FEN could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// What is wrong, for people.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FenError {}

/// Reads `text`, a FEN with any letters, as a legal standard position.
///
/// # Errors
///
/// Fails when no letter set gives a legal position; the message is the
/// English reading's reason, or the first set's that could read the
/// letters.
pub fn parse_fen(text: &str, letters: Letters<'_>) -> Result<FenReading, FenError> {
    let text = text.trim();
    let candidates: Vec<(&Language, String)> = match letters {
        Letters::Fixed(lang) => vec![(lang, lang.code.clone())],
        Letters::Auto => LetterSet::builtin()
            .iter()
            .map(|s| (s.reader(), s.name()))
            .collect(),
    };
    let mut first_error: Option<String> = None;
    for (lang, name) in candidates {
        let result = translate(text, lang).and_then(|standard| legal(&standard));
        match result {
            Ok(fen) => return Ok(FenReading { fen, letters: name }),
            Err(e) => {
                if first_error.is_none() || e.starts_with("not a legal position") {
                    first_error.get_or_insert(e);
                }
            }
        }
    }
    Err(FenError {
        message: format!(
            "FEN {text:?}: {}",
            first_error.unwrap_or_else(|| "no letters".into())
        ),
    })
}

/// The board of `text` with `lang`'s letters replaced by English ones.
fn translate(text: &str, lang: &Language) -> Result<String, String> {
    let (board, rest) = text
        .split_once(char::is_whitespace)
        .unwrap_or((text, "w - - 0 1"));
    let mut out = String::with_capacity(text.len());
    for c in board.chars() {
        if c.is_ascii_digit() || c == '/' {
            out.push(c);
            continue;
        }
        let piece =
            piece(c, lang).ok_or_else(|| format!("{c:?} is no {} piece letter", lang.name))?;
        out.push(piece.char());
    }
    out.push(' ');
    out.push_str(rest.trim());
    Ok(out)
}

fn piece(c: char, lang: &Language) -> Option<Piece> {
    let mut buf = [0u8; 4];
    let upper: String = c.to_uppercase().collect();
    let lower: String = c.to_lowercase().collect();
    for candidate in [
        c.encode_utf8(&mut buf) as &str,
        upper.as_str(),
        lower.as_str(),
    ] {
        if let Some((role, _)) = lang
            .piece_prefix(candidate)
            .filter(|(_, len)| *len == candidate.len())
        {
            let color = if upper == lower {
                // Symbols have no case: the black one is listed second.
                if lang.black_symbol(role) == Some(c) {
                    Color::Black
                } else {
                    Color::White
                }
            } else if c.is_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            return Some(Piece { color, role });
        }
    }
    None
}

fn legal(standard: &str) -> Result<String, String> {
    let fen: Fen = standard.parse().map_err(|e| format!("not a FEN: {e}"))?;
    let pos: Chess = fen
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("not a legal position: {e}"))?;
    Ok(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_fen_stays() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(parse_fen(start, Letters::Auto).unwrap().letters, "en");
    }

    #[test]
    fn german_and_figurine_boards() {
        let de = "tsldklst/bbbbbbbb/8/8/8/8/BBBBBBBB/TSLDKLST w KQkq - 0 1";
        let r = parse_fen(de, Letters::Auto).unwrap();
        assert_eq!(
            r.fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(r.letters, "de/sv");
        let fig = "♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ w KQkq - 0 1";
        assert_eq!(parse_fen(fig, Letters::Auto).unwrap().fen, r.fen);
    }

    #[test]
    fn impossible_positions_are_explained() {
        let e = parse_fen("kkkk4/8/8/8/8/8/8/K7 w - - 0 1", Letters::Auto).unwrap_err();
        assert!(e.message.contains("not a legal position"), "{e}");
    }
}
