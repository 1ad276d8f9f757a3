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
use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, EnPassantMode, Piece, Role, Square};

use crate::lang::{Language, Letters, side_named};
use crate::pgn::lexer::truncate;

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
    let candidates = letters.tables();
    let mut first_error: Option<String> = None;
    for (lang, name) in candidates {
        let result = translate(text, lang).and_then(|standard| legal(&standard));
        match result {
            Ok(fen) => {
                return Ok(FenReading {
                    fen,
                    letters: name.to_owned(),
                });
            }
            // A reason about the position beats one about the letters.
            Err(e) => {
                let better = e.starts_with("not a legal position")
                    && !first_error
                        .as_deref()
                        .is_some_and(|f| f.starts_with("not a legal position"));
                if first_error.is_none() || better {
                    first_error = Some(e);
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

/// Reads a piece list as problem columns print it, `White: Kg1, Qe2, a3;
/// Black: Kg8, h7` (or `világos: Kg1, Ve2; sötét: Kg8`), with `turn` to
/// move, into a legal standard FEN.
///
/// # Errors
///
/// Fails on an unknown side word or piece, two pieces on one square, a
/// side without a king, or an illegal position.
pub fn parse_piece_list(
    text: &str,
    letters: Letters<'_>,
    turn: Color,
) -> Result<FenReading, FenError> {
    let fail = |message: String| FenError {
        message: format!("piece list {:?}: {message}", truncate(text, 60)),
    };
    // The letters of the language whose words lead the lists (`Bílý:`
    // is Czech, whose `V` is a rook) are tried first.
    let named: Vec<&Language> = list_parts(text)
        .iter()
        .filter_map(|part| side_named(part.split(':').next()?).map(|(_, lang)| lang))
        .collect();
    let mut candidates = letters.tables();
    candidates.sort_by_key(|(lang, _)| !named.iter().any(|n| n.same_letters(lang)));
    let mut first_error = None;
    for (lang, name) in candidates {
        match board_from_list(text, lang).and_then(|board| {
            let color = if turn == Color::White { "w" } else { "b" };
            let castling = castling_at_home(&board);
            legal(&format!("{} {color} {castling} - 0 1", board.board_fen()))
        }) {
            Ok(fen) => {
                return Ok(FenReading {
                    fen,
                    letters: name.to_owned(),
                });
            }
            Err(e) => {
                // Letters that do not fit are tried further; a position
                // that is wrong whatever the letters is reported at once.
                if !e.contains("is no piece") {
                    return Err(fail(e));
                }
                first_error.get_or_insert(e);
            }
        }
    }
    Err(fail(first_error.unwrap_or_else(|| "no letters".into())))
}

/// The side that `word` names where it leads a piece list: a side's word
/// in any language (`White`, `Schwarz`), or its initial (`W:`, `B:`).
fn list_side(word: &str) -> Option<Color> {
    match word.trim_matches(|c: char| !c.is_alphanumeric()) {
        "w" | "W" => Some(Color::White),
        "b" | "B" => Some(Color::Black),
        _ => side_named(word).map(|(side, _)| side),
    }
}

/// The castling a position's pieces allow: a king and a rook on their
/// squares of the usual start may castle, as problems take it unless they
/// say otherwise (`KQkq`, or `-` where none may).
fn castling_at_home(board: &Board) -> String {
    use shakmaty::Square::{A1, A8, E1, E8, H1, H8};
    let mut rights = String::new();
    for (king, rooks) in [(E1, [(H1, 'K'), (A1, 'Q')]), (E8, [(H8, 'k'), (A8, 'q')])] {
        let Some(k) = board.piece_at(king).filter(|p| p.role == Role::King) else {
            continue;
        };
        for (square, right) in rooks {
            if board.piece_at(square) == Some(Piece { color: k.color, role: Role::Rook }) {
                rights.push(right);
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    rights
}

/// The parts of a piece list, one for each side's word and colon: cut at
/// `;` and before a side's word that opens a list after another side's
/// (`White: Kg1, h2.` on one line, `Black: Kg8.` on the next).
fn list_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    for part in text.split(';') {
        let mut from = 0;
        for (colon, _) in part.match_indices(':') {
            let before = &part[..colon];
            let word_start = before
                .trim_end()
                .rfind(|c: char| c.is_whitespace() || c == ',' || c == '.')
                .map_or(0, |i| i + 1);
            if list_side(&before[word_start..]).is_some() && word_start > from {
                parts.push(&part[from..word_start]);
                from = word_start;
            }
        }
        parts.push(&part[from..]);
    }
    parts.into_iter().map(str::trim).filter(|p| !p.is_empty()).collect()
}

fn board_from_list(text: &str, lang: &Language) -> Result<Board, String> {
    let mut board = Board::empty();
    let mut kings = [false; 2];
    for part in list_parts(text) {
        let (side, pieces) = part
            .split_once(':')
            .ok_or_else(|| format!("{part:?} has no \"side:\" before its pieces"))?;
        let color = list_side(side)
            .ok_or_else(|| format!("{:?} is neither White nor Black", side.trim()))?;
        // `pawns a2, b2`, `and h7`: words between the pieces say nothing.
        for item in pieces
            .split([',', ' ', '\n', '\r', '\t'])
            .map(|i| i.trim().trim_end_matches('.'))
            .filter(|i| !i.is_empty() && !is_word(i))
        {
            let (role, rest) = match lang.piece_prefix(item) {
                Some((role, len)) => (role, &item[len..]),
                None => (Role::Pawn, item),
            };
            let square: Square = rest
                .parse()
                .map_err(|_| format!("{item:?} is no piece and square in {}", lang.name))?;
            if let Some(there) = board.piece_at(square) {
                return Err(format!(
                    "two pieces on {square}: {} and {item}",
                    there.char()
                ));
            }
            kings[color as usize] |= role == Role::King;
            board.set_piece_at(square, Piece { color, role });
        }
    }
    if let Some(color) = [Color::Black, Color::White]
        .into_iter()
        .find(|c| !kings[*c as usize])
    {
        return Err(format!(
            "{} has no king",
            if color == Color::White {
                "White"
            } else {
                "Black"
            }
        ));
    }
    Ok(board)
}

/// Whether `item` of a piece list is a word of the sentence (`pawns`,
/// `and`), letters only, more than a piece's two, or a count of the
/// pieces (`(2)`): not a piece.
fn is_word(item: &str) -> bool {
    let count = item
        .strip_prefix('(')
        .and_then(|i| i.strip_suffix(')'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    count || (item.chars().count() > 2 && item.chars().all(char::is_alphabetic))
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

/// The standard FEN of `pos` (English letters; an en-passant square only
/// when a capture there is legal).
pub fn standard(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// A national-letter FEN needs one character per piece and colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenLettersError {
    /// The language whose letters do not fit.
    pub language: String,
}

impl std::fmt::Display for FenLettersError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {} letters cannot write a FEN: a piece has no single, distinct letter",
            self.language
        )
    }
}

impl std::error::Error for FenLettersError {}

/// The FEN of `pos`, with `lang`'s piece letters on the board.
///
/// # Errors
///
/// Fails when the language lacks a one-character letter per piece (Dutch
/// has no pawn letter; Russian writes the king `Кр`).
pub fn write(pos: &Chess, lang: &Language) -> Result<String, FenLettersError> {
    let standard = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    if lang.code == "en" {
        return Ok(standard);
    }
    let letters = fen_letters(lang).ok_or_else(|| FenLettersError {
        language: lang.name.clone(),
    })?;
    let (board, rest) = standard.split_once(' ').unwrap_or((&standard, ""));
    let mut out = String::with_capacity(standard.len() + 8);
    for c in board.chars() {
        match Role::from_char(c.to_ascii_lowercase()) {
            Some(role) => {
                let (white, black) = letters[role as usize - 1];
                out.push(if c.is_ascii_uppercase() { white } else { black });
            }
            None => out.push(c),
        }
    }
    let _ = write!(out, " {rest}");
    Ok(out)
}

/// White and black FEN characters per role, if the language has them.
fn fen_letters(lang: &Language) -> Option<[(char, char); 6]> {
    let mut letters = [(' ', ' '); 6];
    for role in crate::lang::roles() {
        let written = lang.letter(role);
        let mut chars = written.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        let upper = c.to_uppercase().next()?;
        let lower = c.to_lowercase().next()?;
        letters[role as usize - 1] = if upper != lower {
            (upper, lower)
        } else {
            // Figurines: the second symbol of the table is the black one.
            (c, lang.black_symbol(role)?)
        };
    }
    let mut all: Vec<char> = letters.iter().flat_map(|(w, b)| [*w, *b]).collect();
    all.sort_unstable();
    all.dedup();
    (all.len() == 12).then_some(letters)
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
    fn piece_lists_in_english_and_hungarian() {
        let en = parse_piece_list(
            "White: Kg1, Qe2, Rc1, a3, b2; Black: Kg8, Rd8, h7",
            Letters::Auto,
            Color::White,
        )
        .unwrap();
        assert_eq!(en.fen, "3r2k1/7p/8/8/8/P7/1P2Q3/2R3K1 w - - 0 1");
        let hu = parse_piece_list(
            "világos: Kg1, Ve2, Bc1, a3, b2; sötét: Kg8, Bd8, h7",
            Letters::Auto,
            Color::White,
        )
        .unwrap();
        assert_eq!(
            (hu.fen.as_str(), hu.letters.as_str()),
            (en.fen.as_str(), "hu")
        );
    }

    #[test]
    fn a_list_in_sentences_gives_each_side_and_its_castling() {
        // The sides on lines of their own, without `;`, words between
        // the pieces, a stop after the last; kings and rooks at home.
        let text = "White: Ke1, Rh1, pawns a2 and b2.\nBlack: Ke8, Ra8, Rh8, pawn h7.";
        let r = parse_piece_list(text, Letters::Auto, Color::Black).unwrap();
        assert_eq!(r.fen, "r3k2r/7p/8/8/8/8/PP6/4K2R b Kkq - 0 1");
    }

    #[test]
    fn broken_piece_lists_are_explained() {
        let two = parse_piece_list("White: Kg1, Qg1; Black: Kg8", Letters::Auto, Color::White)
            .unwrap_err();
        assert!(two.message.contains("two pieces on g1"), "{two}");
        let kingless =
            parse_piece_list("White: Qe2; Black: Kg8", Letters::Auto, Color::White).unwrap_err();
        assert!(kingless.message.contains("White has no king"), "{kingless}");
        let side = parse_piece_list("Red: Kg1", Letters::Auto, Color::White).unwrap_err();
        assert!(side.message.contains("neither White nor Black"), "{side}");
    }

    #[test]
    fn impossible_positions_are_explained() {
        let e = parse_fen("kkkk4/8/8/8/8/8/8/K7 w - - 0 1", Letters::Auto).unwrap_err();
        assert!(e.message.contains("not a legal position"), "{e}");
    }

    #[test]
    fn hungarian_board_of_the_notations_page() {
        let fen_en = "2rrbbk1/pp3p1p/2n1pnp1/q7/3P4/P1N1BN2/1P2QPPP/1BRR2K1 w - - 0 1";
        let pos: Chess = fen_en
            .parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(
            write(&pos, hu).unwrap(),
            "2bbffk1/gg3g1g/2h1ghg1/v7/3G4/G1H1FH2/1G2VGGG/1FBB2K1 w - - 0 1"
        );
    }

    #[test]
    fn languages_without_fen_letters() {
        let pos = Chess::default();
        assert!(write(&pos, Language::builtin("nl").unwrap()).is_err());
        assert!(write(&pos, Language::builtin("ru").unwrap()).is_err());
        let fig = write(&pos, Language::builtin("figurine").unwrap()).unwrap();
        assert!(
            fig.starts_with("♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ w"),
            "{fig}"
        );
    }
}
