//! Renders resolved moves and positions in any language's letters.
//!
//! SAN is computed by shakmaty (minimal disambiguation, `+` and `#`) and
//! its English piece letters are replaced by the language's. FEN boards
//! can be written with national letters, upper case for White.
//!
//! ```
//! use scoresheet::engine::render::{san, fen};
//! use scoresheet::lang::Language;
//! use shakmaty::{Chess, Move, Role, Square};
//!
//! let hu = Language::builtin("hu").unwrap();
//! let pos = Chess::default();
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None };
//! assert_eq!(san(&pos, nf3, hu), "Hf3");
//! assert!(fen(&pos, hu).unwrap().starts_with("bhfvkfhb/gggggggg/8/8/8/8/GGGGGGGG/BHFVKFHB w"));
//! ```

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, EnPassantMode, Move, Position, Role};

use crate::engine::describe;
use crate::engine::moves::destination;
use crate::engine::origins::Origins;
use crate::engine::resolve::{is_checkmate, legal_origins, piece_origins};
use crate::lang::Language;
use crate::notation::iccf::{self, Promotion};

/// How moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStyle<'a> {
    /// Standard algebraic in the language's letters (figurine too).
    San(&'a Language),
    /// Long algebraic: `Ng1-f3`, `e2-e4`, `Bb5xc6`.
    Lan(&'a Language),
    /// UCI coordinates: `e2e4`, `e7e8q`, castling `e1g1`.
    Uci,
    /// ICCF numeric, promotions in the convention given.
    Iccf(Promotion),
    /// Descriptive in the language's words, qualified only as needed.
    Descriptive(&'a Language),
    /// Spoken, as announced to blind players: `Springer Felix drei`.
    Spoken,
}

impl MoveStyle<'_> {
    /// Whether writing needs to know where each piece started.
    pub fn needs_origins(self) -> bool {
        matches!(self, MoveStyle::Descriptive(_))
    }

    /// A null move as this style writes it: `0000` in UCI, else `--`.
    pub fn null_move(self) -> &'static str {
        match self {
            MoveStyle::Uci => "0000",
            _ => "--",
        }
    }
}

/// Appends `m`, played from `before` to `after`, in `style`. `origins`
/// are the pieces' starting squares in `before`, needed for descriptive.
pub fn append_move(
    out: &mut String,
    style: MoveStyle<'_>,
    before: &Chess,
    m: Move,
    after: &Chess,
    origins: Option<&Origins>,
) {
    match style {
        MoveStyle::San(lang) => append_san(out, before, m, after, lang),
        MoveStyle::Lan(lang) => append_lan(out, m, after, lang),
        MoveStyle::Uci => {
            // Chess960 castling is the king taking its own rook (`d8b8`),
            // which no king move can be mistaken for.
            let _ = write!(out, "{}", m.to_uci(before.castles().mode()));
        }
        MoveStyle::Iccf(convention) => {
            let from = m.from().unwrap_or(m.to());
            out.push_str(&iccf::write(
                from,
                destination(&m),
                m.promotion(),
                convention,
            ));
        }
        MoveStyle::Descriptive(lang) => describe::append(out, lang, before, m, after, origins),
        MoveStyle::Spoken => append_spoken(out, before, m, after),
    }
}

/// The SAN of `m` in `pos`, disambiguated against the legal moves of its
/// rivals found from attack tables (shakmaty's `San::from_move` builds a
/// list of candidate moves; this is the hot path of writing).
pub fn san_of(pos: &Chess, m: Move) -> San {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return San::from_move(pos, m);
    };
    let (file, rank) = match role {
        Role::Pawn => (capture.is_some().then_some(from.file()), None),
        Role::King => (None, None),
        _ => {
            let rivals = legal_origins(pos, piece_origins(pos, role, to), to).without(from);
            if rivals.is_empty() {
                (None, None)
            } else if (rivals & Bitboard::from_file(from.file())).is_empty() {
                (Some(from.file()), None)
            } else if (rivals & Bitboard::from_rank(from.rank())).is_empty() {
                (None, Some(from.rank()))
            } else {
                (Some(from.file()), Some(from.rank()))
            }
        }
    };
    San::Normal {
        role,
        file,
        rank,
        capture: capture.is_some(),
        to,
        promotion,
    }
}

/// `+` or `#` when the position after a move is check or mate.
fn suffix(after: &Chess) -> &'static str {
    if !after.is_check() {
        ""
    } else if is_checkmate(after) {
        "#"
    } else {
        "+"
    }
}

fn append_lan(out: &mut String, m: Move, after: &Chess, lang: &Language) {
    match m.castling_side() {
        Some(CastlingSide::KingSide) => out.push_str("O-O"),
        Some(CastlingSide::QueenSide) => out.push_str("O-O-O"),
        None => {
            if m.role() != Role::Pawn {
                out.push_str(lang.letter(m.role()));
            }
            let from = m.from().unwrap_or(m.to());
            let _ = write!(
                out,
                "{from}{}{}",
                if m.is_capture() { 'x' } else { '-' },
                m.to()
            );
            if let Some(role) = m.promotion() {
                let _ = write!(out, "={}", lang.letter(role));
            }
        }
    }
    out.push_str(suffix(after));
}

const SPOKEN_FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const SPOKEN_RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];

fn spoken_piece(role: Role) -> &'static str {
    match role {
        Role::King => "König",
        Role::Queen => "Dame",
        Role::Rook => "Turm",
        Role::Bishop => "Läufer",
        Role::Knight => "Springer",
        Role::Pawn => "Bauer",
    }
}

/// Spoken German as the FIDE Laws prescribe for blind players: piece,
/// the SAN disambiguation, `schlägt` for captures, the square as file
/// name and rank numeral, then promotion, `Schach` or `Matt`.
fn append_spoken(out: &mut String, before: &Chess, m: Move, after: &Chess) {
    let mut words: Vec<&str> = Vec::with_capacity(8);
    match San::from_move(before, m) {
        San::Castle(CastlingSide::KingSide) => words.push("Kurze Rochade"),
        San::Castle(CastlingSide::QueenSide) => words.push("Lange Rochade"),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                words.push(spoken_piece(role));
            }
            if let Some(file) = file {
                words.push(SPOKEN_FILES[file as usize]);
            }
            if let Some(rank) = rank {
                words.push(SPOKEN_RANKS[rank as usize]);
            }
            if capture {
                words.push("schlägt");
            }
            words.push(SPOKEN_FILES[to.file() as usize]);
            words.push(SPOKEN_RANKS[to.rank() as usize]);
            if m.is_en_passant() {
                words.push("en passant");
            }
            if let Some(role) = promotion {
                words.push(spoken_piece(role));
            }
        }
        San::Put { .. } | San::Null => {}
    }
    match suffix(after) {
        "+" => words.push("Schach"),
        "#" => words.push("Matt"),
        _ => {}
    }
    out.push_str(&words.join(" "));
}

/// The move `m` in `pos` as SAN with `lang`'s letters, check and mate marks.
pub fn san(pos: &Chess, m: Move, lang: &Language) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mut out = String::new();
    append_san(&mut out, pos, m, &after, lang);
    out
}

/// Appends the SAN of `m`, played from `before` to `after`, in `lang`'s
/// letters. Only the moved piece's rivals are generated to disambiguate,
/// and legal moves only when the move gives check, to tell mate.
pub fn append_san(out: &mut String, before: &Chess, m: Move, after: &Chess, lang: &Language) {
    let san = san_of(before, m);
    let suffix = suffix(after);
    if lang.code == "en" {
        san.append_to_string(out);
        out.push_str(suffix);
    } else {
        out.push_str(&translate_san(&san.to_string(), lang));
        out.push_str(suffix);
    }
}

/// Replaces the English piece letters of a SAN string with `lang`'s.
pub fn translate_san(english: &str, lang: &Language) -> String {
    if lang.code == "en" {
        return english.to_owned();
    }
    let mut out = String::with_capacity(english.len() + 2);
    for (i, c) in english.char_indices() {
        let is_piece = i == 0 || english[..i].ends_with('=');
        match Role::from_char(c.to_ascii_lowercase()).filter(|_| is_piece && c.is_ascii_uppercase())
        {
            Some(role) => out.push_str(lang.letter(role)),
            None => out.push(c),
        }
    }
    out
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
pub fn fen(pos: &Chess, lang: &Language) -> Result<String, FenLettersError> {
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
    fn hungarian_board_of_the_notations_page() {
        let fen_en = "2rrbbk1/pp3p1p/2n1pnp1/q7/3P4/P1N1BN2/1P2QPPP/1BRR2K1 w - - 0 1";
        let pos: Chess = fen_en
            .parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(
            fen(&pos, hu).unwrap(),
            "2bbffk1/gg3g1g/2h1ghg1/v7/3G4/G1H1FH2/1G2VGGG/1FBB2K1 w - - 0 1"
        );
    }

    #[test]
    fn languages_without_fen_letters() {
        let pos = Chess::default();
        assert!(fen(&pos, Language::builtin("nl").unwrap()).is_err());
        assert!(fen(&pos, Language::builtin("ru").unwrap()).is_err());
        let fig = fen(&pos, Language::builtin("figurine").unwrap()).unwrap();
        assert!(
            fig.starts_with("♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ w"),
            "{fig}"
        );
    }

    #[test]
    fn san_from_attack_tables_matches_shakmaty() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..100 {
            let mut pos = Chess::default();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                for m in &moves {
                    assert_eq!(
                        san_of(&pos, *m),
                        San::from_move(&pos, *m),
                        "{}",
                        Fen::from_position(&pos, EnPassantMode::Legal)
                    );
                }
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn promotion_letters_are_translated() {
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(translate_san("exd8=Q+", hu), "exd8=V+");
        assert_eq!(translate_san("Bxb5", hu), "Fxb5");
        assert_eq!(translate_san("O-O-O#", hu), "O-O-O#");
        assert_eq!(
            translate_san("b8=N", Language::builtin("figurine").unwrap()),
            "b8=♘"
        );
        let _ = Chess::default().legal_moves();
    }
}
