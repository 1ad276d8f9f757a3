//! Descriptive notation (English `P-K4`, `N-KB3`, `BxN`; Hungarian
//! `G-K4`, `H-KF3`, `FxH`), driven by the language table.
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
    /// A square or rank written after it: `R(Q1)`, `R/1`, `P(Q4)`.
    squares: Bitboard,
}

/// Parses one descriptive move written by `turn`.
///
/// # Errors
///
/// Returns what was expected where the token stops making sense.
pub fn parse(token: &str, lang: &Language, turn: Color) -> Result<Readings, SyntaxError> {
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
    if let Some(side) = castles(&normal, desc) {
        pattern.role = Some(Role::King);
        pattern.castle = Some(side);
        return Ok(Readings::one(pattern));
    }
    let r = Reader { lang, desc, turn };
    let (mover, rest) = r.named(&normal).ok_or(err("a piece"))?;
    let (rest, captured) = if let Some(rest) = rest.strip_prefix('-') {
        let (to, rest) = r.square(rest).ok_or(err("a square after \"-\""))?;
        pattern.to = to;
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
    // Each wing word reads two ways: the piece that began on that wing,
    // or the one that stands there now.
    if mover.wing.is_none() && captured.is_none_or(|t| t.wing.is_none()) {
        return Ok(Readings::one(pattern));
    }
    let mut readings: Vec<MovePattern> = vec![pattern];
    if let Some(wing) = mover.wing {
        readings = readings
            .into_iter()
            .flat_map(|p| {
                [
                    MovePattern {
                        origin: r.start_squares(mover.role, wing),
                        ..p
                    },
                    MovePattern {
                        from: p.from & wing_files(wing),
                        ..p
                    },
                ]
            })
            .collect();
    }
    if let Some(wing) = captured.and_then(|t| t.wing.map(|w| (t.role, w))) {
        readings = readings
            .into_iter()
            .flat_map(|p| {
                [
                    MovePattern {
                        captured_origin: r.start_squares(wing.0, wing.1),
                        ..p
                    },
                    MovePattern {
                        captured_on: p.captured_on & wing_files(wing.1),
                        ..p
                    },
                ]
            })
            .collect();
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
    if !core
        .chars()
        .any(|c| c.is_whitespace() || matches!(c, '—' | '–' | '×' | ':'))
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

/// `Castles`, `Castles(K)`, `CastlesQR`, `O-O`, `0-0-0`.
fn castles(text: &str, desc: &Descriptive) -> Option<CastlingSide> {
    if text.starts_with(['O', '0']) {
        let marks = text.bytes().filter(|b| *b != b'-');
        let (count, all_o) = marks.fold((0, true), |(n, all), b| {
            (n + 1, all && (b == b'O' || b == b'0'))
        });
        match (all_o, count) {
            (true, 2) => return Some(CastlingSide::KingSide),
            (true, 3) => return Some(CastlingSide::QueenSide),
            _ => {}
        }
    }
    let rest = desc
        .castles
        .iter()
        .find_map(|w| text.strip_prefix(w.as_str()))?;
    let side = rest.trim_start_matches('(').trim_end_matches(')');
    let wing = |w: &Vec<String>| w.iter().any(|k| side.starts_with(k.as_str()));
    if side.is_empty() || wing(&desc.king_wing) {
        Some(CastlingSide::KingSide)
    } else if wing(&desc.queen_wing) {
        Some(CastlingSide::QueenSide)
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

/// At most `N` items, kept without allocating: the readings of a word
/// are few and read for every move.
struct Few<T, const N: usize> {
    items: [Option<T>; N],
    len: usize,
}

impl<T, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few {
            items: std::array::from_fn(|_| None),
            len: 0,
        }
    }
}

impl<T, const N: usize> Few<T, N> {
    fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = Some(item);
            self.len += 1;
        }
    }
}

impl<T, const N: usize> IntoIterator for Few<T, N> {
    type Item = T;
    type IntoIter = std::iter::Flatten<std::array::IntoIter<Option<T>, N>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().flatten()
    }
}

struct Reader<'a> {
    lang: &'a Language,
    desc: &'a Descriptive,
    turn: Color,
}

impl Reader<'_> {
    fn wing<'t>(&self, text: &'t str) -> Option<(Wing, &'t str)> {
        let strip = |words: &Vec<String>| words.iter().find_map(|w| text.strip_prefix(w.as_str()));
        strip(&self.desc.king_wing)
            .map(|rest| (Wing::King, rest))
            .or_else(|| strip(&self.desc.queen_wing).map(|rest| (Wing::Queen, rest)))
    }

    /// A rook, knight or bishop letter: the pieces that name files.
    fn file_piece<'t>(&self, text: &'t str) -> Option<(Role, &'t str)> {
        let (role, len) = self.lang.piece_prefix(text)?;
        matches!(role, Role::Rook | Role::Knight | Role::Bishop).then(|| (role, &text[len..]))
    }

    /// A file name: `KB`, `QR`, `K`, `Q`, or short `B` (both wings).
    /// Returns the files and the rest; wing-before or wing-after order as
    /// the language writes it.
    fn file_names<'t>(&self, text: &'t str) -> Few<(Bitboard, &'t str), 3> {
        let mut out = Few::default();
        let both = |role: Role| {
            [Wing::King, Wing::Queen]
                .into_iter()
                .filter_map(|w| home_file(role, w))
                .fold(Bitboard::EMPTY, |bb, f| bb | Bitboard::from_file(f))
        };
        let one = |role: Role, wing: Wing| {
            home_file(role, wing).map_or(Bitboard::EMPTY, Bitboard::from_file)
        };
        if self.desc.wing_after {
            if let Some((role, rest)) = self.file_piece(text) {
                if let Some((wing, rest2)) = self.wing(rest) {
                    out.push((one(role, wing), rest2));
                }
                out.push((both(role), rest));
            }
        } else if let Some((wing, rest)) = self.wing(text)
            && let Some((role, rest2)) = self.file_piece(rest)
        {
            out.push((one(role, wing), rest2));
        }
        if let Some((wing, rest)) = self.wing(text) {
            let file = match wing {
                Wing::King => File::E,
                Wing::Queen => File::D,
            };
            out.push((Bitboard::from_file(file), rest));
        }
        if !self.desc.wing_after
            && let Some((role, rest)) = self.file_piece(text)
        {
            out.push((both(role), rest));
        }
        out
    }

    fn rank<'t>(&self, text: &'t str) -> Option<(Rank, &'t str)> {
        // Old print writes the first rank `sq` (square): `R-Q sq`.
        if let Some(rest) = text.strip_prefix("sq") {
            let rank = self.turn.fold_wb(Rank::First, Rank::Eighth);
            return Some((rank, rest));
        }
        let digit = text.chars().next().filter(|c| ('1'..='8').contains(c))?;
        let rank = Rank::new(digit as u32 - '1' as u32);
        let rank = match self.turn {
            Color::White => rank,
            Color::Black => rank.flip_vertical(),
        };
        Some((rank, &text[1..]))
    }

    /// A square from the mover's side: file name and rank (`KB3`, `B3`).
    fn square<'t>(&self, text: &'t str) -> Option<(Bitboard, &'t str)> {
        self.file_names(text).into_iter().find_map(|(files, rest)| {
            let (rank, rest) = self.rank(rest)?;
            Some((files & Bitboard::from_rank(rank), rest))
        })
    }

    /// `(Q4)`, `(4)`, `/7`, `/Q4` after a piece.
    fn qualifier<'t>(&self, text: &'t str) -> Option<(Bitboard, &'t str)> {
        let (inner, rest, closed) = if let Some(rest) = text.strip_prefix('(') {
            let end = rest.find(')')?;
            (&rest[..end], &rest[end + 1..], true)
        } else {
            let rest = text.strip_prefix('/')?;
            (rest, "", false)
        };
        let parsed = self.square(inner).or_else(|| {
            self.rank(inner)
                .map(|(r, rest)| (Bitboard::from_rank(r), rest))
        })?;
        match (closed, parsed.1) {
            (true, "") => Some((parsed.0, rest)),
            (false, after) => Some((parsed.0, after)),
            _ => None,
        }
    }

    /// A piece as descriptive names it, with its qualifier: `P`, `KBP`,
    /// `NP`, `KN`, `R(Q1)`, `R/1`, `Q`.
    fn named<'t>(&self, text: &'t str) -> Option<(Named, &'t str)> {
        let plain = |role, files, wing, rest| {
            (
                Named {
                    role,
                    files,
                    wing,
                    squares: Bitboard::FULL,
                },
                rest,
            )
        };
        let mut forms: Few<(Named, &'t str), 5> = Few::default();
        // A pawn named by its file: KBP, QP, NP.
        for (files, rest) in self.file_names(text) {
            if let Some((Role::Pawn, len)) = self.lang.piece_prefix(rest) {
                forms.push(plain(Role::Pawn, files, None, &rest[len..]));
            }
        }
        // A wing and a piece: KN, QR, QB (or NK when the wing follows).
        if self.desc.wing_after {
            if let Some((role, rest)) = self.file_piece(text)
                && let Some((wing, rest)) = self.wing(rest)
            {
                forms.push(plain(role, Bitboard::FULL, Some(wing), rest));
            }
        } else if let Some((wing, rest)) = self.wing(text)
            && let Some((role, rest)) = self.file_piece(rest)
        {
            forms.push(plain(role, Bitboard::FULL, Some(wing), rest));
        }
        if let Some((role, len)) = self.lang.piece_prefix(text) {
            forms.push(plain(role, Bitboard::FULL, None, &text[len..]));
        }
        // The first form that leaves a separator, a qualifier or nothing.
        forms.into_iter().find_map(|(mut named, rest)| {
            let rest = match self.qualifier(rest) {
                Some((squares, after)) => {
                    named.squares = squares;
                    after
                }
                None => rest,
            };
            let fits = rest.is_empty()
                || rest.starts_with(['-', 'x', '(', '=', '/'])
                || self.lang.piece_prefix(rest).is_some();
            fits.then_some((named, rest))
        })
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
    fn not_descriptive() {
        for token in ["e4", "Nf3", "P-K9", "PxQ5", "X-K4", "P-", "QRP(K4)-K5"] {
            assert!(
                parse(token, Language::english(), Color::White).is_err(),
                "{token}"
            );
        }
    }
}
