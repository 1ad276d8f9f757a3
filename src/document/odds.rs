//! Games at odds: the start a text states in words, and the odds a user
//! names.
//!
//! Old books print an odds game after a heading that says which piece the
//! stronger player gave: `(Remove Black's K. B's P.)`, `Remove White's
//! Q. Kt.`, `at the odds of pawn and move`, `Queen's Knight odds`. A
//! person sets up the board so before reading the moves; so does
//! [`find`]. The same odds by name are what `--odds` takes ([`named`]).
//!
//! ```
//! use scoresheet::document::odds::{find, named};
//!
//! let found = find("(Remove Black's K. B's P.) WHITE. BLACK. 1. P. to K's 4th.").unwrap();
//! assert_eq!(found.fen, "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(named("knight").unwrap().fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
//! ```

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, File, Position, Rank, Role, Square};

use crate::document::positions::Written;

/// Odds by name: the name `--odds` takes, the words a text states them
/// in, and the squares of the pieces given (the giver's, on White's side
/// of the board; a giver of Black has them mirrored).
struct Named {
    name: &'static str,
    phrases: &'static [&'static str],
    /// Whether the giver plays Black (pawn and move: the receiver has
    /// White and the first move).
    giver_black: bool,
    removed: &'static [Square],
}

const NAMED: &[Named] = &[
    Named {
        name: "pawn-and-move",
        phrases: &["pawn and move", "p. and move", "pawn and the move"],
        giver_black: true,
        removed: &[Square::F2],
    },
    Named {
        name: "pawn",
        phrases: &["pawn odds", "odds of a pawn", "odds of the pawn"],
        giver_black: false,
        removed: &[Square::F2],
    },
    Named {
        name: "knight",
        phrases: &[
            "knight odds",
            "odds of the knight",
            "odds of a knight",
            "queen's knight odds",
            "odds of the queen's knight",
        ],
        giver_black: false,
        removed: &[Square::B1],
    },
    Named {
        name: "rook",
        phrases: &[
            "rook odds",
            "odds of the rook",
            "odds of a rook",
            "queen's rook odds",
            "odds of the queen's rook",
        ],
        giver_black: false,
        removed: &[Square::A1],
    },
    Named {
        name: "queen",
        phrases: &[
            "queen odds",
            "odds of the queen",
            "sin la dama",
            "sin dama",
            "ohne dame",
        ],
        giver_black: false,
        removed: &[Square::D1],
    },
];

/// The names [`named`] takes, for help texts and errors.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMED.iter().map(|n| n.name)
}

/// The start of a game at the odds called `name` (`pawn-and-move`,
/// `pawn`, `knight`, `rook`, `queen`): the giver's pieces taken off,
/// White to move.
pub fn named(name: &str) -> Option<Written> {
    let odds = NAMED.iter().find(|n| n.name.eq_ignore_ascii_case(name))?;
    let giver = if odds.giver_black {
        Color::Black
    } else {
        Color::White
    };
    let squares = odds.removed.iter().map(|&sq| on_side(sq, giver));
    Some(Written {
        fen: without(squares)?,
        at: 0,
        written: odds.name.to_owned(),
    })
}

/// The odds `text` states before its first move, as a start position.
pub fn find(text: &str) -> Option<Written> {
    let heading = &text[..first_move(text)];
    removed_in_words(heading).or_else(|| named_in_text(heading))
}

/// Where the first move's number (`1.`, `1)`, `1.e4`) stands, or the end.
fn first_move(text: &str) -> usize {
    let mut at = 0;
    for word in text.split_inclusive(char::is_whitespace) {
        let w = word.trim_start_matches('(');
        if let Some(rest) = w.strip_prefix('1')
            && rest.starts_with(['.', ')'])
            && !rest.starts_with("..")
        {
            return at;
        }
        at += word.len();
    }
    text.len()
}

/// `Remove Black's K. B's P.`: the piece a text says to take off.
fn removed_in_words(text: &str) -> Option<Written> {
    let at = find_ignoring_case(text, "remove ").next()?;
    let rest = &text[at + "remove ".len()..];
    let mut words = rest.split_whitespace();
    let colour = match words
        .next()?
        .to_lowercase()
        .trim_end_matches(['\'', '’', 's'])
    {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return None,
    };
    // The piece's name: its words, up to the bracket that closes the
    // statement or the first word that names no piece.
    let mut name = Vec::new();
    for word in words.take(4) {
        let Some(part) = name_part(word) else { break };
        name.push(part);
        if word.contains(')') {
            break;
        }
    }
    let square = named_square(&name, colour)?;
    let end = rest.find(')').unwrap_or_else(|| rest.len().min(40));
    Some(Written {
        fen: without([square])?,
        at: at as u32,
        written: text[at..at + "remove ".len() + end].trim_end().to_owned(),
    })
}

/// One word of a piece's name as old books print it (`K.`, `B's`,
/// `Kt.`, `P.)`, a scan's `Bos`): its letter, `Kt` for the knight.
fn name_part(word: &str) -> Option<&'static str> {
    let bare = word.trim_end_matches(['.', ')', ',', ';']);
    let bare = bare
        .strip_suffix("'s")
        .or_else(|| bare.strip_suffix("’s"))
        .unwrap_or(bare);
    let (letter, rest) = bare.split_at_checked(1)?;
    let part = match (letter, rest) {
        ("K", "t" | "ts" | "nt" | "night") | ("N", "" | "t") => "Kt",
        ("K", _) => "K",
        ("Q", _) => "Q",
        ("R", _) => "R",
        ("B", _) => "B",
        ("P", _) => "P",
        _ => return None,
    };
    // A letter and a few scanned marks at most (`Bos` for `B's`).
    (rest.len() <= 2 || part == "Kt").then_some(part)
}

/// The square of `colour`'s piece named by `parts` on the usual start
/// (`K B P` is the king's bishop's pawn, `Q Kt` the queen's knight).
fn named_square(parts: &[&str], colour: Color) -> Option<Square> {
    let (&piece, qualifiers) = parts.split_last()?;
    let role = role_of(piece)?;
    let file = match (role, qualifiers) {
        (Role::King, []) => File::E,
        (Role::Queen, []) => File::D,
        (Role::Pawn, [wing, file]) => wing_file(wing, role_of(file)?)?,
        (Role::Pawn, [centre]) => match *centre {
            "K" => File::E,
            "Q" => File::D,
            _ => return None,
        },
        (Role::Knight | Role::Bishop | Role::Rook, [wing]) => wing_file(wing, role)?,
        _ => return None,
    };
    let rank = match (role, colour) {
        (Role::Pawn, Color::White) => Rank::Second,
        (Role::Pawn, Color::Black) => Rank::Seventh,
        (_, Color::White) => Rank::First,
        (_, Color::Black) => Rank::Eighth,
    };
    Some(Square::from_coords(file, rank))
}

fn role_of(letter: &str) -> Option<Role> {
    Some(match letter {
        "K" => Role::King,
        "Q" => Role::Queen,
        "R" => Role::Rook,
        "B" => Role::Bishop,
        "Kt" => Role::Knight,
        "P" => Role::Pawn,
        _ => return None,
    })
}

/// The file of the king's or queen's (`wing`) bishop, knight or rook.
fn wing_file(wing: &str, role: Role) -> Option<File> {
    let king_side = match wing {
        "K" => true,
        "Q" => false,
        _ => return None,
    };
    Some(match (role, king_side) {
        (Role::Bishop, true) => File::F,
        (Role::Bishop, false) => File::C,
        (Role::Knight, true) => File::G,
        (Role::Knight, false) => File::B,
        (Role::Rook, true) => File::H,
        (Role::Rook, false) => File::A,
        _ => return None,
    })
}

/// Odds a text names in words (`at the odds of pawn and move`).
fn named_in_text(text: &str) -> Option<Written> {
    NAMED.iter().find_map(|odds| {
        let at = odds.phrases.iter().find_map(|p| {
            find_ignoring_case(text, p).find(|&at| {
                // Whole words only: not `pawn and moves on`.
                let after = text[at + p.len()..].chars().next();
                !after.is_some_and(char::is_alphanumeric)
            })
        })?;
        let found = named(odds.name)?;
        Some(Written {
            at: at as u32,
            written: text[at..].chars().take(30).collect(),
            ..found
        })
    })
}

/// Where `phrase` (lower case) stands in `text`, its ASCII letters in
/// either case.
fn find_ignoring_case<'a>(text: &'a str, phrase: &'a str) -> impl Iterator<Item = usize> + 'a {
    let (bytes, phrase) = (text.as_bytes(), phrase.as_bytes());
    (0..bytes.len().saturating_sub(phrase.len() - 1)).filter(move |&i| {
        text.is_char_boundary(i)
            && text.is_char_boundary(i + phrase.len())
            && bytes[i..i + phrase.len()].eq_ignore_ascii_case(phrase)
    })
}

/// `sq` on `colour`'s side of the board.
fn on_side(sq: Square, colour: Color) -> Square {
    match colour {
        Color::White => sq,
        Color::Black => sq.flip_vertical(),
    }
}

/// The usual start without the pieces on `squares`, as FEN: castling
/// rights go with a rook taken off.
fn without(squares: impl IntoIterator<Item = Square>) -> Option<String> {
    let mut setup = Chess::default().to_setup(EnPassantMode::Legal);
    for sq in squares {
        setup.board.remove_piece_at(sq)?;
    }
    let pos: Chess = match setup.position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e.ignore_invalid_castling_rights().ok()?,
    };
    Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(text: &str) -> Option<String> {
        find(text).map(|w| w.fen)
    }

    #[test]
    fn removed_pieces_in_words() {
        assert_eq!(
            fen("(Remove Black's K. Bos P.) WHITE.").as_deref(),
            Some("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        assert_eq!(
            fen("Remove White's Q. Kt. 1. P. to K's 4th.").as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1")
        );
        // The rook taken off takes its castling right with it.
        assert_eq!(
            fen("Remove White's Q. R.").as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1")
        );
        assert_eq!(fen("Remove the board from the table."), None);
        assert_eq!(fen("Remove White's P."), None);
    }

    #[test]
    fn odds_named_in_words() {
        assert_eq!(
            fen("A game at the odds of pawn and move.").as_deref(),
            Some("rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        assert_eq!(
            fen("Partida sin la dama").as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
        );
        assert_eq!(fen("1. e4 e5 2. Nf3"), None);
        // Letters whose lower case is longer do not shift the places.
        assert!(fen("İİİ Remove White's Q. R.").is_some());
        assert!(fen("İİİ SIN LA DAMA").is_some());
    }

    #[test]
    fn every_name_is_a_position() {
        for name in names() {
            assert!(named(name).is_some(), "{name}");
        }
        assert!(named("bishop-and-a-half").is_none());
    }
}
