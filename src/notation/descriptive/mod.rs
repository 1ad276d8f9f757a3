//! Descriptive notation (English `P-K4`, `N-KB3`, `BxN`; Hungarian
//! `G-K4`, `H-KF3`, `FxH`; Spanish, squares rank first, `P4R`, `C3AR`),
//! driven by the language table; read here, written by [`describe`].
//!
//! Files are named after the pieces that start on them (`QR QN QB Q K KB
//! KN KR`; Hungarian `VB VH VF V K KF KH KB`), squares are counted from
//! the mover's side, a square may be written short (`B3` = QB3 or KB3),
//! captures name the captured piece, and a wing word before a piece
//! (`KN`) means either the piece that began on that wing or the one that
//! stands there now: both readings are returned, and resolution keeps the
//! legal one. Old print (`P—K 4`, `Kt—K B 3`, `B x P`) is read once the
//! replay has joined its pieces into one token.
//!
//! ```
//! use scoresheet::lang::Language;
//! use scoresheet::notation::descriptive;
//! use shakmaty::{Bitboard, Color, Role, Square};
//!
//! let en = Language::english();
//! let readings = descriptive::parse("N-KB3", en, Color::White).unwrap();
//! assert_eq!(readings.first.role, Some(Role::Knight));
//! assert_eq!(readings.first.to, Bitboard::from_square(Square::F3));
//! let black = descriptive::parse("P-K4", en, Color::Black).unwrap();
//! assert_eq!(black.first.to, Bitboard::from_square(Square::E5));
//! ```

use shakmaty::{Bitboard, CastlingSide, Color, File, Rank, Role, Square};

use crate::lang::{Descriptive, Language};
use crate::model::{Captured, MovePattern, Readings};
use crate::notation::SyntaxError;
use crate::notation::san::strip_marks;

/// Which side of the board a wing word names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wing {
    King,
    Queen,
}

/// A named piece: the mover or the captured one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Named {
    role: Role,
    /// Files the piece stands on (pawns named by file: `KBP`).
    files: Bitboard,
    /// A wing word before a piece (`KN`): by origin or by current side.
    wing: Option<Wing>,
    /// A square, rank or file written after it: `R(Q1)`, `R/1`, `P(Q4)`,
    /// `N(QB)`.
    squares: Bitboard,
}

/// Parses one descriptive move written by `turn`. With a built-in table,
/// the common moves are read in advance, once, and the others are
/// remembered, per thread, and not read again.
///
/// # Errors
///
/// Returns what was expected where the token stops making sense.
pub fn parse(token: &str, lang: &Language, turn: Color) -> Result<Readings, SyntaxError> {
    // Only the built-in tables are read in advance or remembered: they
    // never change, where the public fields of a table loaded at run time
    // could.
    match Language::all().iter().position(|l| std::ptr::eq(l, lang)) {
        Some(table) => match common::of(table).and_then(|common| common.get(token, turn)) {
            Some(pattern) => Ok(Readings::one(pattern)),
            None => memo::recall(token, table, turn, || read(token, lang, turn)),
        },
        None => read(token, lang, turn),
    }
}

/// Reads one move, as [`parse`] does, without remembering it.
fn read(token: &str, lang: &Language, turn: Color) -> Result<Readings, SyntaxError> {
    let desc = lang.descriptive.as_ref().ok_or(SyntaxError {
        offset: 0,
        expected: "a language with descriptive notation",
    })?;
    let mut pattern = MovePattern::ANY;
    let core = strip_marks(token, lang, &mut pattern);
    let normal = normalise(core);
    let err = |expected| SyntaxError {
        offset: 0,
        expected,
    };
    if let Some((side, either)) = castles(&normal, desc, lang.letter(Role::Rook)) {
        pattern.role = Some(Role::King);
        pattern.castle = Some(side);
        // `Castles` alone names no side: the position tells which.
        let more = if either {
            vec![MovePattern {
                castle: Some(CastlingSide::QueenSide),
                ..pattern
            }]
        } else {
            Vec::new()
        };
        return Ok(Readings {
            first: pattern,
            more,
        });
    }
    let r = Reader {
        lang,
        desc,
        wings: Wings::of(desc),
        turn,
    };
    let (mover, rest) = r.named(&normal).ok_or(err("a piece"))?;
    let to_square = rest
        .strip_prefix('-')
        .or_else(|| r.rank_joined(rest).then_some(rest));
    let (rest, captured) = if let Some(rest) = to_square {
        let (to, rest) = r.square(rest).ok_or(err("a square after \"-\""))?;
        pattern.to = to;
        pattern.captured = Captured::Nothing;
        (rest, None)
    } else if let Some(rest) = rest.strip_prefix('x') {
        let (target, rest) = r.named(rest).ok_or(err("a piece after \"x\""))?;
        pattern.claims.capture = true;
        (rest, Some(target))
    } else {
        return Err(err("\"-\" or \"x\" after the piece"));
    };
    let (rest, promotion) = r.promotion(rest);
    if !rest.is_empty() {
        return Err(err("the end of the move"));
    }
    pattern.role = Some(mover.role);
    pattern.from = mover.files & mover.squares;
    if pattern.from.is_empty() {
        return Err(err("a square on the piece's own file"));
    }
    pattern.promotion = promotion;
    if let Some(target) = captured {
        pattern.captured = Captured::Piece(target.role);
        pattern.captured_on = target.files & target.squares;
    }
    // A bishop keeps the colour of the square it began on: its wing word
    // names that colour, wherever it stands now (`QB-N5` from KB4).
    let (mut mover, mut captured) = (mover, captured);
    if mover.role == Role::Bishop
        && let Some(wing) = mover.wing.take()
    {
        pattern.from &= bishop_squares(wing, turn);
    }
    if let Some(target) = &mut captured
        && target.role == Role::Bishop
        && let Some(wing) = target.wing.take()
    {
        pattern.captured_on &= bishop_squares(wing, !turn);
    }
    // Each wing word reads two ways: the piece that began on that wing,
    // or the one that stands there now.
    if mover.wing.is_none() && captured.is_none_or(|t| t.wing.is_none()) {
        return Ok(Readings::one(pattern));
    }
    let by_wing;
    let movers: &[MovePattern] = match mover.wing {
        Some(wing) => {
            by_wing = [
                MovePattern {
                    origin: r.start_squares(mover.role, wing),
                    ..pattern
                },
                MovePattern {
                    from: pattern.from & wing_files(wing),
                    ..pattern
                },
            ];
            &by_wing
        }
        None => std::slice::from_ref(&pattern),
    };
    let mut readings = Vec::with_capacity(2 * movers.len());
    for &p in movers {
        match captured.and_then(|t| t.wing.map(|w| (t.role, w))) {
            Some((role, wing)) => readings.extend([
                MovePattern {
                    captured_origin: r.start_squares(role, wing),
                    ..p
                },
                MovePattern {
                    captured_on: p.captured_on & wing_files(wing),
                    ..p
                },
            ]),
            None => readings.push(p),
        }
    }
    let first = readings.remove(0);
    Ok(Readings {
        first,
        more: readings,
    })
}

/// Old print's long dashes, spaced letters and `×` become `-`, nothing
/// and `x`; a capture written `:` becomes `x`.
fn normalise(core: &str) -> std::borrow::Cow<'_, str> {
    // Every character to change is a space, `:` or not ASCII: one pass
    // over the bytes clears the common token without decoding it.
    if !core
        .bytes()
        .any(|b| b <= b' ' || b == b':' || !b.is_ascii())
    {
        return std::borrow::Cow::Borrowed(core);
    }
    core.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '—' | '–' => '-',
            '×' | ':' => 'x',
            c => c,
        })
        .collect::<String>()
        .into()
}

/// `text` without `word` at its start, if it starts so. Words are a
/// letter or two and are tried several times for every move: comparing
/// bytes in place is cheaper than a call to compare memory, and most
/// words fail on their first byte.
fn strip_word<'t>(text: &'t str, word: &str) -> Option<&'t str> {
    let (t, w) = (text.as_bytes(), word.as_bytes());
    let starts = match (w.first(), t.first()) {
        (Some(a), Some(b)) if a != b => false,
        _ => w.len() <= t.len() && w.iter().zip(t).all(|(a, b)| a == b),
    };
    // Equal bytes up to the end of `word` end on a character boundary.
    starts.then(|| &text[w.len()..])
}

/// `Castles`, `Castles(K)`, `CastlesQR`, `O-O`, `0-0-0`: the side, and
/// whether the text leaves it open (`Castles` alone, king's side first).
fn castles(text: &str, desc: &Descriptive, rook: &str) -> Option<(CastlingSide, bool)> {
    if text.starts_with(['O', '0']) {
        let marks = text.bytes().filter(|b| *b != b'-');
        let (count, all_o) = marks.fold((0, true), |(n, all), b| {
            (n + 1, all && (b == b'O' || b == b'0'))
        });
        match (all_o, count) {
            (true, 2) => return Some((CastlingSide::KingSide, false)),
            (true, 3) => return Some((CastlingSide::QueenSide, false)),
            _ => {}
        }
    }
    // Most moves share no first byte with a castling word: that is
    // checked first, as this runs for every move.
    let first = text.as_bytes().first();
    if !desc
        .castles
        .iter()
        .any(|w| w.as_bytes().first() == first || w.is_empty())
    {
        return None;
    }
    let rest = desc.castles.iter().find_map(|w| strip_word(text, w))?;
    let side = rest.trim_start_matches('(').trim_end_matches(')');
    // `K`, `QR`, `KR`: a wing, and at most the rook's letter after it.
    let wing = |w: &Vec<String>| {
        w.iter().any(|k| {
            side.strip_prefix(k.as_str())
                .is_some_and(|after| after.is_empty() || after == rook)
        })
    };
    if side.is_empty() {
        Some((CastlingSide::KingSide, true))
    } else if wing(&desc.king_wing) {
        Some((CastlingSide::KingSide, false))
    } else if wing(&desc.queen_wing) {
        Some((CastlingSide::QueenSide, false))
    } else {
        None
    }
}

fn wing_files(wing: Wing) -> Bitboard {
    let files = match wing {
        Wing::King => [File::E, File::F, File::G, File::H],
        Wing::Queen => [File::A, File::B, File::C, File::D],
    };
    files
        .into_iter()
        .fold(Bitboard::EMPTY, |bb, f| bb | Bitboard::from_file(f))
}

/// Whether `role` names files: rook, knight and bishop (`QR`, `KN`, `B`).
fn names_files(role: Role) -> bool {
    matches!(role, Role::Rook | Role::Knight | Role::Bishop)
}

/// The file a piece begins on, on `wing` (rook, knight, bishop).
fn home_file(role: Role, wing: Wing) -> Option<File> {
    let (king_side, queen_side) = match role {
        Role::Rook => (File::H, File::A),
        Role::Knight => (File::G, File::B),
        Role::Bishop => (File::F, File::C),
        _ => return None,
    };
    Some(match wing {
        Wing::King => king_side,
        Wing::Queen => queen_side,
    })
}

/// The squares of the colour `side`'s bishop of `wing` began on.
fn bishop_squares(wing: Wing, side: Color) -> Bitboard {
    let file = if wing == Wing::King { File::F } else { File::C };
    let home = Square::from_coords(file, side.fold_wb(Rank::First, Rank::Eighth));
    if home.is_dark() {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    }
}

/// The files of `role` on `wing`, or on both wings (a short `B` or `N`).
fn home_files(role: Role, wing: Option<Wing>) -> Bitboard {
    let file = |wing| home_file(role, wing).map_or(Bitboard::EMPTY, Bitboard::from_file);
    match wing {
        Some(wing) => file(wing),
        None => file(Wing::King) | file(Wing::Queen),
    }
}

/// What the words of the language make of the start of a text, each read
/// once: the grammar tries a wing word and a piece letter at the same
/// place in several rules (`K` is the king or the king's side, `B` the
/// bishop or the bishop's file).
struct Start<'t> {
    /// A wing word (`K`, `Q`) and the rest.
    wing: Option<(Wing, &'t str)>,
    /// A piece letter (`N`, `Kt`, `P`) and the rest.
    piece: Option<(Role, &'t str)>,
    /// A rook, knight or bishop with its wing in the language's order
    /// (`KN`; `NK` when the wing follows), and the rest.
    winged: Option<(Role, Wing, &'t str)>,
}

impl Named {
    /// A piece with no square given yet.
    fn new(role: Role, files: Bitboard, wing: Option<Wing>) -> Named {
        Named {
            role,
            files,
            wing,
            squares: Bitboard::FULL,
        }
    }
}

/// The wing words. The common table has one word of one byte a side
/// (`K`, `Q`): those are kept as bytes, as wing words are looked for
/// several times in every move.
#[derive(Clone, Copy)]
enum Wings<'a> {
    Bytes {
        king: u8,
        queen: u8,
    },
    Lists {
        king: &'a [String],
        queen: &'a [String],
    },
}

impl<'a> Wings<'a> {
    fn of(desc: &'a Descriptive) -> Wings<'a> {
        match (desc.king_wing.as_slice(), desc.queen_wing.as_slice()) {
            ([king], [queen]) if king.len() == 1 && queen.len() == 1 => Wings::Bytes {
                king: king.as_bytes()[0],
                queen: queen.as_bytes()[0],
            },
            (king, queen) => Wings::Lists { king, queen },
        }
    }
}

struct Reader<'a> {
    lang: &'a Language,
    desc: &'a Descriptive,
    wings: Wings<'a>,
    turn: Color,
}

impl Reader<'_> {
    // The word readers are inlined: they are small and run several times
    // per move, and inlined their results stay out of memory.
    #[inline(always)]
    fn wing<'t>(&self, text: &'t str) -> Option<(Wing, &'t str)> {
        match self.wings {
            Wings::Bytes { king, queen } => {
                // A one-byte word is ASCII: the rest starts after it.
                let wing = match *text.as_bytes().first()? {
                    b if b == king => Wing::King,
                    b if b == queen => Wing::Queen,
                    _ => return None,
                };
                Some((wing, &text[1..]))
            }
            Wings::Lists { king, queen } => {
                let strip = |words: &[String]| words.iter().find_map(|w| strip_word(text, w));
                strip(king)
                    .map(|rest| (Wing::King, rest))
                    .or_else(|| strip(queen).map(|rest| (Wing::Queen, rest)))
            }
        }
    }

    #[inline(always)]
    fn piece<'t>(&self, text: &'t str) -> Option<(Role, &'t str)> {
        let (role, len) = self.lang.piece_prefix(text)?;
        Some((role, &text[len..]))
    }

    #[inline(always)]
    fn start<'t>(&self, text: &'t str) -> Start<'t> {
        let wing = self.wing(text);
        let piece = self.piece(text);
        let winged = if self.desc.wing_after {
            piece
                .filter(|&(role, _)| names_files(role))
                .and_then(|(role, rest)| self.wing(rest).map(|(wing, rest)| (role, wing, rest)))
        } else {
            wing.and_then(|(wing, rest)| {
                self.piece(rest)
                    .filter(|&(role, _)| names_files(role))
                    .map(|(role, rest)| (role, wing, rest))
            })
        };
        Start {
            wing,
            piece,
            winged,
        }
    }

    /// The first of the file names at `start` for which `then` gives
    /// something: `KB`, `QR`, `K`, `Q`, or short `B` (both wings), each
    /// with the rest, in the order the language tries them.
    #[inline(always)]
    fn first_file_name<'t, T>(
        &self,
        start: &Start<'t>,
        mut then: impl FnMut(Bitboard, &'t str) -> Option<T>,
    ) -> Option<T> {
        if let Some((role, wing, rest)) = start.winged
            && let Some(found) = then(home_files(role, Some(wing)), rest)
        {
            return Some(found);
        }
        let king_or_queen = start.wing.map(|(wing, rest)| {
            let file = match wing {
                Wing::King => File::E,
                Wing::Queen => File::D,
            };
            (Bitboard::from_file(file), rest)
        });
        let both = match start.piece {
            Some((role, rest)) if names_files(role) => Some((home_files(role, None), rest)),
            _ => None,
        };
        let (second, third) = if self.desc.wing_after {
            (both, king_or_queen)
        } else {
            (king_or_queen, both)
        };
        // Written out rather than iterated: this runs for every move.
        if let Some((files, rest)) = second
            && let Some(found) = then(files, rest)
        {
            return Some(found);
        }
        let (files, rest) = third?;
        then(files, rest)
    }

    fn rank<'t>(&self, text: &'t str) -> Option<(Rank, &'t str)> {
        let rank = match text.as_bytes().first() {
            Some(digit @ b'1'..=b'8') => Rank::new(u32::from(digit - b'1')),
            // Old print writes the first rank `sq` (square): `R-Q sq`.
            _ => {
                let rest = text.strip_prefix("sq")?;
                return Some((self.turn.fold_wb(Rank::First, Rank::Eighth), rest));
            }
        };
        let rank = match self.turn {
            Color::White => rank,
            Color::Black => rank.flip_vertical(),
        };
        Some((rank, &text[1..]))
    }

    /// Whether `rest` is a square joined to the piece with no dash, as
    /// tables that write the rank first have it (Spanish `C3AR`).
    fn rank_joined(&self, rest: &str) -> bool {
        self.desc.rank_first && rest.starts_with(|c: char| c.is_ascii_digit())
    }

    /// A square from the mover's side: file name and rank (`KB3`, `B3`),
    /// or rank and file name where the table says so (`3AR`, `5C`).
    fn square<'t>(&self, text: &'t str) -> Option<(Bitboard, &'t str)> {
        if self.desc.rank_first {
            let (rank, rest) = self.rank(text)?;
            return self.first_file_name(&self.start(rest), |files, rest| {
                Some((files & Bitboard::from_rank(rank), rest))
            });
        }
        self.first_file_name(&self.start(text), |files, rest| {
            let (rank, rest) = self.rank(rest)?;
            Some((files & Bitboard::from_rank(rank), rest))
        })
    }

    /// `(Q4)`, `(4)`, `/7`, `/Q4`, or a file alone, `(R)`, `(QB)`, after
    /// a piece.
    fn qualifier<'t>(&self, text: &'t str) -> Option<(Bitboard, &'t str)> {
        let (inner, rest, closed) = if let Some(rest) = text.strip_prefix('(') {
            let end = rest.find(')')?;
            (&rest[..end], &rest[end + 1..], true)
        } else {
            let rest = text.strip_prefix('/')?;
            (rest, "", false)
        };
        let parsed = self
            .square(inner)
            .or_else(|| {
                self.rank(inner)
                    .map(|(r, rest)| (Bitboard::from_rank(r), rest))
            })
            .or_else(|| self.first_file_name(&self.start(inner), |files, rest| Some((files, rest))))?;
        match (closed, parsed.1) {
            (true, "") => Some((parsed.0, rest)),
            (false, after) => Some((parsed.0, after)),
            _ => None,
        }
    }

    /// `named` with its qualifier, if what follows leaves a separator, a
    /// qualifier or nothing.
    #[inline(always)]
    fn qualified<'t>(&self, mut named: Named, rest: &'t str) -> Option<(Named, &'t str)> {
        // Only `(` and `/` open a qualifier: most pieces have none.
        let qualifier = match rest.as_bytes().first() {
            Some(b'(' | b'/') => self.qualifier(rest),
            _ => None,
        };
        let rest = match qualifier {
            Some((squares, after)) => {
                named.squares = squares;
                after
            }
            None => rest,
        };
        let fits = rest.is_empty()
            || self.rank_joined(rest)
            || rest.starts_with(['-', 'x', '(', '=', '/'])
            || self.lang.piece_prefix(rest).is_some();
        fits.then_some((named, rest))
    }

    /// A piece as descriptive names it, with its qualifier: `P`, `KBP`,
    /// `NP`, `KN`, `R(Q1)`, `R/1`, `Q`. The first form that fits wins.
    fn named<'t>(&self, text: &'t str) -> Option<(Named, &'t str)> {
        let start = self.start(text);
        // A pawn named by its file: KBP, QP, NP.
        let pawn = self.first_file_name(&start, |files, rest| match self.piece(rest) {
            Some((Role::Pawn, rest)) => self.qualified(Named::new(Role::Pawn, files, None), rest),
            _ => None,
        });
        if pawn.is_some() {
            return pawn;
        }
        // Where the wing follows, so does the pawn's file: PR, PAR, PTD.
        if self.desc.wing_after
            && let Some((Role::Pawn, rest)) = start.piece
            && let Some(found) = self.first_file_name(&self.start(rest), |files, rest| {
                self.qualified(Named::new(Role::Pawn, files, None), rest)
            })
        {
            return Some(found);
        }
        // A wing and a piece: KN, QR, QB (or NK when the wing follows).
        if let Some((role, wing, rest)) = start.winged
            && let Some(found) = self.qualified(Named::new(role, Bitboard::FULL, Some(wing)), rest)
        {
            return Some(found);
        }
        let (role, rest) = start.piece?;
        self.qualified(Named::new(role, Bitboard::FULL, None), rest)
    }

    fn promotion<'t>(&self, text: &'t str) -> (&'t str, Option<Role>) {
        let inner = text
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .or_else(|| text.strip_prefix(['=', '/']))
            .unwrap_or(text);
        match self.lang.piece_prefix(inner) {
            Some((role, len)) if len == inner.len() && role != Role::King && role != Role::Pawn => {
                ("", Some(role))
            }
            _ => (text, None),
        }
    }

    /// Squares the `wing` piece of `role` began on, for either side.
    fn start_squares(&self, role: Role, wing: Wing) -> Bitboard {
        let Some(file) = home_file(role, wing) else {
            return Bitboard::FULL;
        };
        Bitboard::from_square(Square::from_coords(file, Rank::First))
            | Bitboard::from_square(Square::from_coords(file, Rank::Eighth))
    }
}

mod common;
mod memo;
pub mod write;

pub use write::append;

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    fn en(token: &str, turn: Color) -> Readings {
        parse(token, Language::english(), turn).unwrap_or_else(|e| panic!("{token}: {e:?}"))
    }

    fn sq(s: Square) -> Bitboard {
        Bitboard::from_square(s)
    }

    #[test]
    fn squares_from_the_movers_side() {
        assert_eq!(en("P-K4", Color::White).first.to, sq(E4));
        assert_eq!(en("P-K4", Color::Black).first.to, sq(E5));
        assert_eq!(en("N-QB3", Color::Black).first.to, sq(C6));
        assert_eq!(en("B-N5", Color::White).first.to, sq(B5) | sq(G5));
        assert_eq!(en("Kt-KB3", Color::White).first.to, sq(F3));
        assert_eq!(en("Q-R4", Color::White).first.to, sq(A4) | sq(H4));
    }

    #[test]
    fn captures_name_the_piece() {
        let p = en("BxN", Color::White).first;
        assert_eq!(
            (p.role, p.captured),
            (Some(Role::Bishop), Captured::Piece(Role::Knight))
        );
        let p = en("PxKP", Color::White).first;
        assert_eq!(p.captured_on, Bitboard::from_file(File::E));
        let p = en("NxP(Q4)", Color::Black).first;
        assert_eq!(p.captured_on, sq(D5));
        let p = en("RxP/7", Color::White).first;
        assert_eq!(p.captured_on, Bitboard::from_rank(Rank::Seventh));
        let p = en("QPxB", Color::Black).first;
        assert_eq!(
            (p.role, p.from),
            (Some(Role::Pawn), Bitboard::from_file(File::D))
        );
    }

    #[test]
    fn wings_read_two_ways() {
        let r = en("KN-B3", Color::White);
        assert_eq!(r.more.len(), 1);
        assert_eq!(r.first.origin, sq(G1) | sq(G8));
        assert_eq!(r.more[0].from, wing_files(Wing::King));
        let r = en("R(Q1)-Q2", Color::White);
        assert_eq!(r.first.from, sq(D1));
        assert_eq!(
            en("R/1-Q2", Color::White).first.from,
            Bitboard::from_rank(Rank::First)
        );
    }

    #[test]
    fn a_bishops_wing_names_the_colour_it_began_on() {
        // The queen's bishop on the king's side, the king's bishop on the
        // queen's: `QB-N5` is the one that began on c1, wherever it stands.
        let r = en("QB-N5", Color::White);
        assert!(r.more.is_empty());
        assert_eq!(r.first.from, Bitboard::DARK_SQUARES);
        assert_eq!(en("KB-N5", Color::Black).first.from, Bitboard::DARK_SQUARES);
        assert_eq!(en("QB-N5", Color::Black).first.from, Bitboard::LIGHT_SQUARES);
        let r = en("NxKB", Color::White);
        assert!(r.more.is_empty());
        assert_eq!(r.first.captured_on, Bitboard::DARK_SQUARES);
    }

    #[test]
    fn a_move_to_a_square_takes_nothing() {
        assert_eq!(en("Q-B5", Color::White).first.captured, Captured::Nothing);
        assert_eq!(en("QxP", Color::White).first.captured, Captured::Piece(Role::Pawn));
    }

    #[test]
    fn a_qualifier_may_name_the_file_alone() {
        let files = |f: &[File]| f.iter().fold(Bitboard::EMPTY, |b, &f| b | Bitboard::from_file(f));
        assert_eq!(en("N(QB)-Q1", Color::White).first.from, files(&[File::C]));
        assert_eq!(en("R(R)-Q1", Color::White).first.from, files(&[File::A, File::H]));
        assert_eq!(en("R(KR)-K1", Color::Black).first.from, files(&[File::H]));
        assert_eq!(en("R(R)-Q1", Color::Black).first.to, sq(D8));
    }

    #[test]
    fn old_print_castling_and_promotion() {
        assert_eq!(en("P—K4", Color::White).first.to, sq(E4));
        assert_eq!(
            en("Castles(QR)", Color::White).first.castle,
            Some(CastlingSide::QueenSide)
        );
        assert_eq!(
            en("Castles (Q R)", Color::White).first.castle,
            Some(CastlingSide::QueenSide)
        );
        assert_eq!(en("R-Qsq", Color::Black).first.to, sq(D8));
        assert_eq!(en("Kt—KB3", Color::Black).first.to, sq(F6));
        assert_eq!(
            en("B×P", Color::White).first.captured,
            Captured::Piece(Role::Pawn)
        );
        assert_eq!(
            en("Castles", Color::White).first.castle,
            Some(CastlingSide::KingSide)
        );
        assert_eq!(
            en("CastlesQR", Color::White).first.castle,
            Some(CastlingSide::QueenSide)
        );
        assert_eq!(
            en("Castles(K)", Color::White).first.castle,
            Some(CastlingSide::KingSide)
        );
        for token in ["P-K8(Q)", "P-K8=Q", "P-K8Q", "P-K8/Q"] {
            assert_eq!(
                en(token, Color::White).first.promotion,
                Some(Role::Queen),
                "{token}"
            );
        }
        assert_eq!(
            en("P-R8=Kt", Color::White).first.promotion,
            Some(Role::Knight)
        );
        assert!(en("QxP ch", Color::White).first.claims.check);
    }

    #[test]
    fn hungarian_files() {
        let hu = Language::builtin("hu").unwrap();
        let r = parse("H-KF3", hu, Color::White).unwrap();
        assert_eq!((r.first.role, r.first.to), (Some(Role::Knight), sq(F3)));
        let r = parse("G-VB3", hu, Color::Black).unwrap();
        assert_eq!((r.first.role, r.first.to), (Some(Role::Pawn), sq(A6)));
        let r = parse("VGxF", hu, Color::Black).unwrap();
        assert_eq!(r.first.from, Bitboard::from_file(File::D));
    }

    #[test]
    fn remembered_readings_are_the_readings() {
        let english = Language::english();
        // A copy is not a built-in table: it is read every time.
        let copy = english.clone();
        for token in [
            "P-K4",
            "QN-K2",
            "BxQN",
            "PxP",
            "Castles",
            "N(KN1)-R3",
            "X-K4",
            "P-K9",
        ] {
            for turn in [Color::White, Color::Black] {
                let first = parse(token, english, turn);
                assert_eq!(parse(token, english, turn), first, "{token}");
                assert_eq!(parse(token, &copy, turn), first, "{token}");
            }
        }
        assert_eq!(en("P-K4", Color::White).first.to, sq(E4));
        assert_eq!(en("P-K4", Color::Black).first.to, sq(E5));
    }

    #[test]
    fn spanish_squares_rank_first() {
        let es = Language::builtin("es").unwrap();
        let es = |token: &str, turn| parse(token, es, turn).unwrap().first;
        assert_eq!(es("P4R", Color::White).to, sq(E4));
        assert_eq!(es("P4R", Color::Black).to, sq(E5));
        assert_eq!(es("C3AR", Color::White).to, sq(F3));
        assert_eq!(es("C3AD", Color::Black).to, sq(C6));
        assert_eq!(es("A5C", Color::White).to, sq(B5) | sq(G5));
        let p = es("AxC", Color::White);
        assert_eq!(
            (p.role, p.captured),
            (Some(Role::Bishop), Captured::Piece(Role::Knight))
        );
        let p = es("T(1TD)2D", Color::White);
        assert_eq!((p.from, p.to), (sq(A1), sq(D2)));
        // A dash is read too; a file written first is not Spanish.
        assert_eq!(es("P-4R", Color::White).to, sq(E4));
        assert!(parse("P-R4", Language::builtin("es").unwrap(), Color::White).is_err());
    }

    #[test]
    fn not_descriptive() {
        for token in ["e4", "Nf3", "P-K9", "PxQ5", "X-K4", "P-", "QRP(K4)-K5"] {
            assert!(
                parse(token, Language::english(), Color::White).is_err(),
                "{token}"
            );
        }
    }
}
