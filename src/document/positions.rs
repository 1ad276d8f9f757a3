//! Positions written in running text: a FEN in any letters
//! (`2bbffk1/gg3g1g/…`) and a piece list as problem columns print it
//! (`White: Kg1, Qe2, …; Black: Kg8, …`, `világos: …; sötét: …`).
//!
//! A text that gives a position starts its game there; a text that gives
//! it twice is checked against itself, and where the two disagree the
//! squares are named.
//!
//! ```
//! use scoresheet::document::positions::find;
//!
//! let text = "White: Kg1, Qd1, a2; Black: Kg8, h7. Or in short: 6k1/7p/8/8/8/8/P7/3Q2K1.";
//! let found = find(text);
//! assert!(found.fen.is_some());
//! assert!(found.conflict.is_none());
//! ```

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Square};

use crate::document::odds;
use crate::document::words::{self, WordKind};
use crate::lang::{Letters, side_named};
use crate::engine::resolve::{Resolution, resolve_with};
use crate::notation::fen::{FenReading, parse_fen, parse_piece_list};
use crate::notation::san;

/// A position read from the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Standard FEN.
    pub fen: String,
    /// Byte offset where it is written.
    pub at: u32,
    /// The text as written.
    pub written: String,
}

/// What the text says where the ways it writes the position disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// Byte offset of the piece list.
    pub at: u32,
    /// The piece list as written.
    pub written: String,
    /// What disagrees, for people (names the squares).
    pub message: String,
}

/// The positions of a text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Positions {
    /// The position the game starts from: the FEN's, or else the piece
    /// list's.
    pub fen: Option<Written>,
    /// Where a piece list and a FEN of the text disagree, or a piece list
    /// is no position.
    pub conflict: Option<Conflict>,
}

/// The positions `text` writes.
pub fn find(text: &str) -> Positions {
    let fen = fen_word(text);
    let list = piece_list(text);
    let mut out = Positions::default();
    match (fen, list) {
        (Some(fen), None) => out.fen = Some(fen),
        (None, Some(Ok(list))) => out.fen = Some(list),
        // A game at odds, stated in words before its moves.
        (None, Some(Err(_))) | (None, None) => out.fen = odds::find(text),
        (Some(fen), Some(list)) => {
            let message = match list {
                Ok(list) => {
                    let squares = differing(&fen.fen, &list.fen);
                    (!squares.is_empty())
                        .then(|| {
                            format!(
                                "the piece list and the FEN {:?} disagree on {}; the FEN is taken",
                                fen.written,
                                squares.join(", ")
                            )
                        })
                        .map(|m| (list.at, list.written, m))
                }
                Err((at, written, why)) => Some((
                    at,
                    written,
                    format!(
                        "the piece list is no position ({why}); the FEN {:?} is taken",
                        fen.written
                    ),
                )),
            };
            out.conflict = message.map(|(at, written, message)| Conflict {
                at,
                written,
                message,
            });
            out.fen = Some(fen);
        }
    }
    out
}

/// The first word of eight ranks that reads as a FEN in some letters,
/// with the fields that follow it (`w - - 0 1`) when they are written.
fn fen_word(text: &str) -> Option<Written> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut at = 0;
    for (i, word) in words.iter().enumerate() {
        let start = text[at..].find(word).map_or(at, |j| at + j);
        at = start + word.len();
        // (`(FEN: 3bR3/…/2R5 w - - 1 43)`: brackets round it are no part.)
        let board = word.trim_start_matches(['(', '[']).trim_end_matches(['.', ',', ';', ')', ']']);
        if board.matches('/').count() != 7
            || !board.chars().all(|c| c == '/' || c.is_alphanumeric())
        {
            continue;
        }
        let fields: Vec<&str> = words[i + 1..]
            .iter()
            .take(5)
            .map(|f| f.trim_end_matches(['.', ',', ';', ')', ']']))
            .take_while(|f| is_fen_field(f))
            .collect();
        let whole = std::iter::once(board)
            .chain(fields.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        if let Ok(reading) =
            parse_fen(&whole, Letters::Auto).or_else(|_| parse_fen(board, Letters::Auto))
        {
            return Some(Written {
                fen: reading.fen,
                at: start as u32,
                written: board.to_owned(),
            });
        }
    }
    None
}

/// Whether `f` may be a FEN field after the board: side, castling, en
/// passant square, or a count.
fn is_fen_field(f: &str) -> bool {
    matches!(f, "w" | "b" | "-")
        || (!f.is_empty() && f.chars().all(|c| "KQkq".contains(c)))
        || (f.len() == 2 && matches!(f.as_bytes(), [b'a'..=b'h', b'3' | b'6']))
        || (!f.is_empty() && f.len() <= 3 && f.bytes().all(|b| b.is_ascii_digit()))
}

/// The first piece list: from a side's word and colon to the end of the
/// sentence that holds the other side's.
fn piece_list(text: &str) -> Option<Result<Written, (u32, String, String)>> {
    let lower = text.to_lowercase();
    // Lower-casing keeps byte offsets only where it keeps lengths.
    if lower.len() != text.len() {
        return None;
    }
    let mut heads = list_heads(text);
    let start = heads.next()?;
    let second = heads.next()?;
    // The list ends at its sentence's end, a blank line, or a line
    // that opens with a move number, whichever comes first; else at its
    // line's end.
    let rest = &text[second..];
    let numbered_line = rest
        .match_indices('\n')
        .find(|(i, _)| rest[i + 1..].trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|(i, _)| i);
    // A line ends the list unless it ends with a comma or semicolon or
    // the next goes on with a piece (`Black: Kg8, Rd8, h7` / `g6, f7.`).
    let line_end = rest
        .match_indices('\n')
        .find(|(i, _)| {
            !rest[..*i].trim_end().ends_with([',', ';'])
                && !rest[i + 1..].split_whitespace().next().is_some_and(is_piece_on_square)
        })
        .map(|(i, _)| i);
    let end = [rest.find(". "), rest.find(".\n"), rest.find("\n\n"), numbered_line, line_end]
        .into_iter()
        .flatten()
        .min()
        .or_else(|| rest.find('\n'))
        .map_or(text.len(), |i| second + i);
    let written = text[start..end].to_owned();
    let stated = turn_in_words(&lower);
    Some(
        match parse_piece_list(&written, Letters::Auto, stated.unwrap_or(Color::White)) {
            Ok(reading) => {
                let fen = match stated {
                    Some(_) => reading.fen,
                    None => turn_by_moves(&reading, &text[end..]).unwrap_or(reading.fen),
                };
                Ok(Written {
                    fen,
                    at: start as u32,
                    written,
                })
            }
            Err(e) => Err((start as u32, written, e.message)),
        },
    )
}

/// The FEN of a piece list whose words leave the side to move unsaid
/// (`Svart drar och vinner.`), with the side for which the first move
/// written after it is legal (`23...Lxh4!`: Black), and that move's
/// number where it has one; `None` when no move tells. Moves under a
/// number are asked first, then any word that reads as a move; a move
/// legal for both sides is the side's its number marks (`23...`), else
/// White's.
fn turn_by_moves(list: &FenReading, after: &str) -> Option<String> {
    let (lang, _) = Letters::Auto.tables().into_iter().find(|(_, name)| *name == list.letters)?;
    let fields: Vec<&str> = list.fen.split(' ').collect();
    let [board, _, castling, en_passant, clock, _] = fields[..] else {
        return None;
    };
    let fen = |side: &str, number: u32| format!("{board} {side} {castling} {en_passant} {clock} {number}");
    let position = |side: &str| fen(side, 1).parse::<Fen>().ok()?.into_position::<Chess>(CastlingMode::Standard).ok();
    let sides = [position("w"), position("b")];
    let legal = |word: &str, side: &Option<Chess>| {
        side.as_ref().is_some_and(|pos| {
            san::parse(word, lang)
                .is_ok_and(|pattern| matches!(resolve_with(pos, &pattern, None), Resolution::Unique(_)))
        })
    };
    let words = words::words(after);
    let words = &words[..words.len().min(WORDS_ASKED)];
    // (number, written with Black's dots, move)
    let numbered = words.windows(2).filter_map(|pair| match (pair[0].kind, pair[1].kind) {
        (WordKind::Number { n, black, .. }, WordKind::Text) => Some((Some(n), black, pair[1].text(after))),
        _ => None,
    });
    let any = words
        .iter()
        .filter(|w| w.kind == WordKind::Text)
        .map(|w| (None, false, w.text(after)));
    numbered.chain(any).find_map(|(number, black, word)| {
        let word = word.trim_end_matches(['.', ',', ';', ')']);
        let side = match (legal(word, &sides[0]), legal(word, &sides[1])) {
            (false, false) => return None,
            (true, true) if !black => "w",
            (true, false) => "w",
            _ => "b",
        };
        Some(fen(side, number.unwrap_or(1).max(1)))
    })
}

/// Words after a piece list among which its first move is looked for.
const WORDS_ASKED: usize = 80;

/// Whether `word` reads as an item of a piece list: a square, after at
/// most two letters of a piece (`g6,`, `Kb6`, `Ktf3.`).
fn is_piece_on_square(word: &str) -> bool {
    let item = word.trim_end_matches([',', ';', '.']);
    let Some(piece) = item.len().checked_sub(2).and_then(|n| item.get(..n)) else {
        return false;
    };
    matches!(item.as_bytes()[piece.len()..], [b'a'..=b'h', b'1'..=b'8'])
        && piece.chars().count() <= 2
        && piece.chars().all(char::is_alphabetic)
}

/// The side to move that a text in lower case names in words (`Black to
/// play`); `None` where it names none.
fn turn_in_words(lower: &str) -> Option<Color> {
    const BLACK_MOVES: &[&str] = &[
        "black to move",
        "black to play",
        "schwarz am zug",
        "schwarz am zuge",
        "schwarz zieht",
        "les noirs jouent",
        "trait aux noirs",
        "juegan las negras",
        "juegan negras",
        "sötét lép",
        "sötét indul",
    ];
    BLACK_MOVES
        .iter()
        .any(|words| lower.contains(words))
        .then_some(Color::Black)
}

/// Where the words that lead a side's list (`White:`, `Schwarz:`,
/// `Белые:`) start in `text`, in order.
fn list_heads(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.match_indices(':').filter_map(|(colon, _)| {
        let before = &text[..colon];
        let start = before
            .rfind(|c: char| !c.is_alphanumeric())
            .map_or(0, |i| i + before[i..].chars().next().map_or(1, char::len_utf8));
        (start < colon && side_named(&before[start..]).is_some()).then_some(start)
    })
}

/// The squares where the boards of two FENs differ.
fn differing(a: &str, b: &str) -> Vec<String> {
    let board = |fen: &str| {
        fen.parse::<Fen>()
            .map(|f| f.as_setup().board.clone())
            .unwrap_or_else(|_| Board::empty())
    };
    let (a, b) = (board(a), board(b));
    Square::ALL
        .iter()
        .filter(|&&sq| a.piece_at(sq) != b.piece_at(sq))
        .map(|sq| sq.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_list_that_puts_two_pieces_on_a_square_is_named() {
        let text = "világos: Kg1, Hf3, Ff3, a3; sötét: Kg8, h7. The same: 6k1/7p/8/8/8/P3BN2/8/6K1";
        let found = find(text);
        let conflict = found.conflict.expect("a conflict");
        assert!(conflict.message.contains("f3"), "{}", conflict.message);
        assert!(found.fen.is_some());
    }

    #[test]
    fn a_list_and_a_fen_that_disagree_name_the_squares() {
        let text = "White: Kg1, Ra1; Black: Kg8. Diagram: 6k1/8/8/8/8/8/8/1R4K1";
        let conflict = find(text).conflict.expect("a conflict");
        assert!(conflict.message.contains("a1") && conflict.message.contains("b1"));
    }

    #[test]
    fn a_piece_list_ends_before_the_moves_after_it() {
        for text in [
            "White: Kg1, Qd1; Black: Kg8\n\n1. Qd5+ Kh8 2. Qd8+",
            "White: Kg1, Qd1; Black: Kg8\n1. Qd5+ Kh8 2. Qd8+",
        ] {
            let found = find(text).fen.map(|w| w.fen);
            assert_eq!(found.as_deref(), Some("6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1"), "{text:?}");
        }
    }

    #[test]
    fn a_piece_list_takes_the_side_to_move_from_the_text() {
        let text = "White: Kg1, Qd1.\nBlack: Kg8, h7.\nBlack to play and draw.";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("6k1/7p/8/8/8/8/8/3Q2K1 b - - 0 1"));
    }

    #[test]
    fn a_piece_list_takes_the_side_to_move_from_its_first_legal_move() {
        // The caption's `23.dxe5` was played to reach the list; the
        // solution's first move is Black's, numbered as the game's.
        let text = "Vit: Kg1, Dd3, Sh4, e5.\nSvart: Kg8, Le7, d5.\n\n\
                    Ställningen efter 23.dxe5. Svart drar och vinner.\n\n23...Lxh4! 24.Dh3 Lg5";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("6k1/4b3/8/3pP3/7N/3Q4/8/6K1 b - - 0 23"));
        // Where the first move is White's, White moves, under its number.
        let text = "White: Kg1, Qd3, Nh4, e5.\nBlack: Kg8, Be7, d5.\n\n12.Nf5 Bf8 13.Qxd5";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("6k1/4b3/8/3pP3/7N/3Q4/8/6K1 w - - 0 12"));
    }

    #[test]
    fn a_piece_list_ends_with_its_line_and_counts_no_pieces() {
        let text = "Weiß: Kb6, Bc6 (2)\nSchwarz: Ka1, Td5 (2)\nWeiß am Zuge gewinnt.\n\n1. c7 Td6+";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("8/8/1KP5/3r4/8/8/8/k7 w - - 0 1"));
    }

    #[test]
    fn a_piece_list_goes_on_where_its_line_wraps() {
        let text = "White: Kg1, Rd1, a2, b2\nc3, f2.\nBlack: Kg8, Rd8, h7\ng6, f7.\nWhite to play.\n\n1. Rd7 Rxd7";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("3r2k1/5p1p/6p1/8/8/2P5/PP3P2/3R2K1 w - - 0 1"));
    }

    #[test]
    fn a_piece_list_is_read_with_the_letters_of_its_side_words() {
        // Czech `V` is a rook (Hungarian reads it as a queen); Russian
        // lists lead with `Белые:`.
        for text in ["Bílý: Kb6, c6\nČerný: Ka1, Vd5\n\n1. c7", "Белые: Крb6, пc6\nЧерные: Крa1, Лd5\n\n1. c7"] {
            let found = find(text).fen.map(|w| w.fen);
            assert_eq!(found.as_deref(), Some("8/8/1KP5/3r4/8/8/8/k7 w - - 0 1"), "{text}");
        }
    }

    #[test]
    fn a_fen_in_brackets_keeps_its_fields() {
        let text = "Diagram (FEN: 3bR3/kpp5/2n1Q3/3p4/N5p1/P4qP1/KP1r4/2R5 w - - 1 43)\n\n43.Txc6!! bxc6";
        let found = find(text).fen.map(|w| w.fen);
        assert_eq!(found.as_deref(), Some("3bR3/kpp5/2n1Q3/3p4/N5p1/P4qP1/KP1r4/2R5 w - - 1 43"));
    }

    #[test]
    fn prose_without_positions_has_none() {
        assert_eq!(
            find("1. e4 e5 2. Nf3: the usual move."),
            Positions::default()
        );
    }
}
