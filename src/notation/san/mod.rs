//! Standard (short) algebraic notation in any language's letters, read
//! here and written by [`san()`] (also long algebraic, [`append_lan`],
//! and UCI coordinates, [`uci()`]).
//!
//! Reads every variant of NOTATIONS.md §3: capture marks `x`, `×`, `:`
//! (also after the square, `Fc6:`), pawn captures with no mark (`de5`) or
//! shortened to two files (`ed`), promotion as `e8Q`, `e8=Q`, `e8/Q`,
//! `e8(Q)`, castling with `O` or `0` and any dash, the check, mate,
//! en-passant and glyph marks of the language. Origin squares written in
//! full (`Ng1f3`, `e2-e4`) are read as well, so long algebraic and
//! coordinate moves come out of the same grammar.
//!
//! ```
//! use scoresheet::lang::Language;
//! use scoresheet::notation::san;
//! use shakmaty::{Role, Square, Bitboard};
//!
//! let hu = Language::builtin("hu").unwrap();
//! let p = san::parse("Fc6:", hu).unwrap();
//! assert_eq!(p.role, Some(Role::Bishop));
//! assert_eq!(p.to, Bitboard::from_square(Square::C6));
//! assert!(p.claims.capture);
//! ```

use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{eof, opt, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use shakmaty::{Bitboard, CastlingSide, File, Rank, Role, Square};

use crate::lang::Language;
use crate::model::{Captured, MovePattern};

pub mod write;

pub(crate) use write::suffix;
pub use write::{append_lan, append_san, append_uci, san, uci};

/// Why a token is not a move in this notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset in the token where reading stopped.
    pub offset: usize,
    /// What was expected there.
    pub expected: &'static str,
}

/// What a mark at the end of a move means.
#[derive(Clone, Copy)]
enum Mark {
    Check,
    Mate,
    EnPassant,
    Capture,
    Nag(u8),
    DrawOffer,
    Punctuation,
}

/// Marks every language reads, longest first within each shared suffix.
const UNIVERSAL_MARKS: &[(&str, Mark)] = &[
    ("(=)", Mark::DrawOffer),
    ("e. p.", Mark::EnPassant),
    ("e.p.", Mark::EnPassant),
    ("e.p", Mark::EnPassant),
    ("ep.", Mark::EnPassant),
    ("ep", Mark::EnPassant),
    ("mate", Mark::Mate),
    ("dis", Mark::Check),
    ("dbl", Mark::Check),
    ("ch", Mark::Check),
    ("++", Mark::Check),
    ("+", Mark::Check),
    ("†", Mark::Check),
    ("#", Mark::Mate),
    ("‡", Mark::Mate),
    ("!!", Mark::Nag(3)),
    ("??", Mark::Nag(4)),
    ("!?", Mark::Nag(5)),
    ("?!", Mark::Nag(6)),
    ("!", Mark::Nag(1)),
    ("?", Mark::Nag(2)),
    (":", Mark::Capture),
    (",", Mark::Punctuation),
    (".", Mark::Punctuation),
    // A footnote's number set high after the move (`f5¹`, `Kh8²`).
    ("¹", Mark::Punctuation),
    ("²", Mark::Punctuation),
    ("³", Mark::Punctuation),
    ("⁴", Mark::Punctuation),
    ("⁵", Mark::Punctuation),
    ("⁶", Mark::Punctuation),
    ("⁷", Mark::Punctuation),
    ("⁸", Mark::Punctuation),
    ("⁹", Mark::Punctuation),
    ("⁰", Mark::Punctuation),
];

/// The bytes that start one of [`UNIVERSAL_MARKS`].
const MARK_STARTS: [bool; 256] = {
    let mut starts = [false; 256];
    let mut i = 0;
    while i < UNIVERSAL_MARKS.len() {
        starts[UNIVERSAL_MARKS[i].0.as_bytes()[0] as usize] = true;
        i += 1;
    }
    starts
};

/// Parses one SAN token (with its marks) into a pattern.
///
/// # Errors
///
/// Returns where and what was expected when `token` is not a move.
pub fn parse(token: &str, lang: &Language) -> Result<MovePattern, SyntaxError> {
    match quick(token, lang) {
        Some(pattern) => Ok(pattern),
        None => parse_full(token, lang),
    }
}

/// [`parse`] by the full grammar. Kept out of line, so that the quick
/// path, which reads nearly every move, does not pay for its frame.
#[inline(never)]
fn parse_full(token: &str, lang: &Language) -> Result<MovePattern, SyntaxError> {
    let mut pattern = MovePattern::ANY;
    let core = strip_marks(token, lang, &mut pattern);
    if core.is_empty() {
        return Err(SyntaxError {
            offset: 0,
            expected: "a move",
        });
    }
    let at = |rest: &str| offset_in(token, rest);
    if core.starts_with(['O', '0', 'o'])
        && let Ok((_, side)) = castling(core)
    {
        pattern.role = Some(Role::King);
        pattern.castle = Some(side);
        return Ok(pattern);
    }
    let (rest, role) = match lang.piece_prefix(core) {
        Some((role, len)) => (&core[len..], Some(role)),
        None => (core, None),
    };
    if let Some(role) = role
        && let Some(captured) = captured_piece(rest, lang)
    {
        pattern.role = Some(role);
        pattern.captured = Captured::Piece(captured);
        pattern.claims.capture = true;
        return Ok(pattern);
    }
    if role.is_none() && rest.starts_with(['x', '×', ':']) {
        return Err(SyntaxError {
            offset: at(rest),
            expected: "a piece letter or a file before the capture mark",
        });
    }
    let (rest, elems) = body(rest).map_err(|_| SyntaxError {
        offset: at(rest),
        expected: "a square",
    })?;
    let (mut rest, mut promotion) = promotion(rest, lang);
    if role.is_none() && promotion.is_none() {
        // UCI writes the promotion piece in lower case, in every language.
        if let Some(role) = rest
            .chars()
            .next()
            .and_then(|c| Role::from_char(c).filter(|_| "qrbn".contains(c)))
        {
            promotion = Some(role);
            rest = &rest[1..];
        }
    }
    if !rest.is_empty() {
        return Err(SyntaxError {
            offset: at(rest),
            expected: if promotion.is_some() {
                "the end of the move"
            } else {
                "a square, a promotion piece or a mark"
            },
        });
    }
    pattern.promotion = promotion;
    pattern.pawn_letter = role == Some(Role::Pawn);
    pattern.claims.capture |= elems.capture;
    interpret(&elems, role, &mut pattern).map_err(|expected| SyntaxError {
        offset: at(core),
        expected,
    })?;
    Ok(pattern)
}

/// The piece a move names as captured in place of a square, as
/// handwritten scoresheets shorten a capture the position settles
/// (`BxN`, `QxQ`, `RxP`): a capture mark and a capital piece letter that
/// end the move.
fn captured_piece(rest: &str, lang: &Language) -> Option<Role> {
    let letter = rest.strip_prefix(['x', '×', ':'])?;
    if !letter.starts_with(|c: char| c.is_uppercase()) {
        return None;
    }
    let (role, len) = lang.piece_prefix(letter)?;
    (len == letter.len() && role != Role::King).then_some(role)
}

/// The common case in one pass over the bytes: an ASCII piece letter or
/// none, a destination square after a file, a rank or a square of origin
/// or nothing, one `x` (or a `-` after a square of origin), `=` and a
/// one-byte promotion letter, one `+` or `#`. Anything else (castling, other marks, multi-byte letters, pawn
/// captures written with two files, errors) is left to the full grammar,
/// which reads these the same way.
///
/// Every move of a game goes through here, so the squares are turned
/// into the pattern as they are read, without the general `Body` and
/// `interpret`.
fn quick(text: &str, lang: &Language) -> Option<MovePattern> {
    let mut pattern = MovePattern::ANY;
    let mut token = text.as_bytes();
    match token {
        [rest @ .., b'+'] => (token, pattern.claims.check) = (rest, true),
        [rest @ .., b'#'] => (token, pattern.claims.mate) = (rest, true),
        _ => {}
    }
    if !token.is_ascii() {
        return None;
    }
    // All ASCII: any byte index is a character boundary.
    if let [rest @ .., b'=', _] = token {
        pattern.promotion = Some(promotion_piece(
            &text[rest.len() + 1..token.len()],
            lang,
        )?);
        token = rest;
    }
    // Ending in a rank: no other mark can hide there (`ch` would read as
    // two files).
    let (&rank, token) = token.split_last()?;
    let (&file, token) = token.split_last()?;
    if !matches!((file, rank), (b'a'..=b'h', b'1'..=b'8')) {
        return None;
    }
    let to = Square::from_coords(
        File::new(u32::from(file - b'a')),
        Rank::new(u32::from(rank - b'1')),
    );
    // The letter is read as the full grammar reads it, from the whole
    // move: a longer letter may not run into the destination.
    let (role, origin) = match lang.piece_prefix(text) {
        Some((role, len)) => (Some(role), token.get(len..)?),
        None => (None, token),
    };
    // The capture mark ends what is written of the origin; with no piece
    // letter it must follow a file or a square.
    // A dash may join a full origin square to the destination, as long
    // algebraic writes it (`Ng1-f3`, `e2-e4`).
    let origin = match origin {
        [rest @ .., b'x'] if role.is_some() || !rest.is_empty() => {
            pattern.claims.capture = true;
            rest
        }
        [square @ .., b'-'] if square.len() == 2 => square,
        _ => origin,
    };
    let coordinates = match origin {
        [] => {
            pattern.from = Bitboard::FULL;
            false
        }
        [f @ b'a'..=b'h'] => {
            pattern.from = Bitboard::from_file(File::new(u32::from(f - b'a')));
            false
        }
        [r @ b'1'..=b'8'] => {
            pattern.from = Bitboard::from_rank(Rank::new(u32::from(r - b'1')));
            false
        }
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            let from = Square::from_coords(
                File::new(u32::from(f - b'a')),
                Rank::new(u32::from(r - b'1')),
            );
            if from == to {
                return None;
            }
            pattern.from = Bitboard::from_square(from);
            true
        }
        _ => return None,
    };
    pattern.to = Bitboard::from_square(to);
    pattern.role = match role {
        Some(role) => Some(role),
        // A full origin square and no letter: coordinate notation, any piece.
        None if coordinates => None,
        None => Some(Role::Pawn),
    };
    pattern.pawn_letter = role == Some(Role::Pawn);
    promotion_fits(&pattern).ok()?;
    Some(pattern)
}

/// Byte offset of `rest`, a subslice of `token`, within `token`.
fn offset_in(token: &str, rest: &str) -> usize {
    (rest.as_ptr() as usize).saturating_sub(token.as_ptr() as usize)
}

/// Reads a token made only of marks (`e.p.`, `ch`, `!?`, `(=)`) that
/// stands apart from the move it belongs to.
pub fn parse_marks(token: &str, lang: &Language) -> Option<MovePattern> {
    // An evaluation set apart from its move (`Rc7 +/=`).
    if let Some(nag) = super::evaluation::sign_nag(token) {
        return Some(MovePattern {
            nag: Some(nag),
            ..MovePattern::ANY
        });
    }
    // No mark ends in a digit; most moves do.
    if token.as_bytes().last().is_none_or(u8::is_ascii_digit) {
        return None;
    }
    // Marks alone start as their first mark does; the moves that end in a
    // mark (`Nf3+`) or a letter (`O-O`) mostly do not, and are told apart
    // here without stripping their marks.
    let first = token.as_bytes()[0];
    let starts_mark =
        |marks: &Vec<String>| marks.iter().any(|m| m.as_bytes().first() == Some(&first));
    if !MARK_STARTS[usize::from(first)]
        && !starts_mark(&lang.mate_marks)
        && !starts_mark(&lang.check_marks)
        && !starts_mark(&lang.en_passant_marks)
    {
        return None;
    }
    let mut pattern = MovePattern::ANY;
    let core = strip_marks(token, lang, &mut pattern);
    (core.is_empty() && pattern != MovePattern::ANY).then_some(pattern)
}

/// Strips marks from the end of `token` into `pattern`; returns the rest.
pub(crate) fn strip_marks<'a>(
    token: &'a str,
    lang: &Language,
    pattern: &mut MovePattern,
) -> &'a str {
    let mut rest = token;
    'strip: loop {
        // No mark ends in a digit, and most moves do (`e4`, `Nf3`).
        if rest.as_bytes().last().is_none_or(u8::is_ascii_digit) {
            return rest;
        }
        for (marks, mark) in [
            (&lang.mate_marks, Mark::Mate),
            (&lang.check_marks, Mark::Check),
            (&lang.en_passant_marks, Mark::EnPassant),
        ] {
            for m in marks {
                if rest.ends_with(m.as_str()) {
                    rest = &rest[..rest.len() - m.len()];
                    apply(mark, pattern);
                    continue 'strip;
                }
            }
        }
        for (m, mark) in UNIVERSAL_MARKS {
            if rest.ends_with(m) {
                rest = &rest[..rest.len() - m.len()];
                apply(*mark, pattern);
                continue 'strip;
            }
        }
        return rest;
    }
}

fn apply(mark: Mark, pattern: &mut MovePattern) {
    let claims = &mut pattern.claims;
    match mark {
        Mark::Check => claims.check = true,
        Mark::Mate => claims.mate = true,
        Mark::EnPassant => claims.en_passant = true,
        Mark::Capture => claims.capture = true,
        Mark::Nag(n) => pattern.nag = pattern.nag.or(Some(n)),
        Mark::DrawOffer => pattern.draw_offer = true,
        Mark::Punctuation => {}
    }
}

fn castling(input: &str) -> IResult<&str, CastlingSide> {
    let o = || one_of("O0o");
    let dash = || opt(one_of("-–—"));
    let long = value(
        CastlingSide::QueenSide,
        (o(), dash(), o(), dash(), o(), eof),
    );
    let short = value(CastlingSide::KingSide, (o(), dash(), o(), eof));
    alt((long, short)).parse(input)
}

/// One piece of a move's body.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Elem {
    File(File),
    Rank(Rank),
    Capture,
    Dash,
}

/// The squares part of a move: at most a full origin and a destination.
#[derive(Default, Debug)]
struct Body {
    coords: [Option<Elem>; 4],
    len: usize,
    overflow: bool,
    capture: bool,
    /// A dash with nothing after it (`Nf3-`, `Kt to` cut short): a move
    /// not finished.
    dangling_dash: bool,
}

/// One element, dispatched on its first byte: this rule runs for every
/// character of every move, so it avoids trying alternatives in turn.
fn elem(input: &str) -> IResult<&str, Elem> {
    let elem = match input.as_bytes().first() {
        Some(b @ b'a'..=b'h') => Some((1, Elem::File(File::new(u32::from(b - b'a'))))),
        Some(b @ b'1'..=b'8') => Some((1, Elem::Rank(Rank::new(u32::from(b - b'1'))))),
        Some(b'x' | b':') => Some((1, Elem::Capture)),
        Some(b'-') => Some((1, Elem::Dash)),
        _ if input.starts_with('×') => Some(('×'.len_utf8(), Elem::Capture)),
        _ if input.starts_with('–') => Some(('–'.len_utf8(), Elem::Dash)),
        _ => None,
    };
    match elem {
        Some((len, elem)) => Ok((&input[len..], elem)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::OneOf,
        ))),
    }
}

/// One or more elements (at most eight are taken).
fn body(input: &str) -> IResult<&str, Body> {
    let (mut rest, first) = elem(input)?;
    let mut body = Body::default();
    let mut next = Some(first);
    let mut taken = 0;
    while let Some(e) = next.take() {
        body.dangling_dash = matches!(e, Elem::Dash);
        match e {
            Elem::Capture => body.capture = true,
            Elem::Dash => {}
            _ if body.len == body.coords.len() => body.overflow = true,
            _ => {
                body.coords[body.len] = Some(e);
                body.len += 1;
            }
        }
        taken += 1;
        if taken < 8
            && let Ok((after, e)) = elem(rest)
        {
            // After a full origin and destination a letter is UCI's
            // promotion piece (`h2h1b`), not a file.
            if body.len == body.coords.len() && matches!(e, Elem::File(_)) {
                break;
            }
            rest = after;
            next = Some(e);
        }
    }
    Ok((rest, body))
}

/// The piece a promotion letter names, `letter` being all of it.
fn promotion_piece(letter: &str, lang: &Language) -> Option<Role> {
    match lang.piece_prefix(letter)? {
        (role, len) if len == letter.len() => Some(promoted_role(letter, role, lang)),
        _ => None,
    }
}

/// A promotion to the Latin letter `K` is a promotion to a king, which is
/// illegal, in every letter set that does not write `K` for another piece:
/// a table that only reads `K` as another piece (Russian's look-alike of
/// `К`, a knight) reads it so only in piece moves, so that `a8=K` is
/// never made legal by a look-alike; Turkish, which writes its rook `K`,
/// promotes to a rook so.
fn promoted_role(letter: &str, role: Role, lang: &Language) -> Role {
    if letter == "K" && lang.letter(role) != "K" {
        Role::King
    } else {
        role
    }
}

fn promotion<'a>(input: &'a str, lang: &Language) -> (&'a str, Option<Role>) {
    let letter = |i: &'a str| -> IResult<&'a str, Role> {
        match lang.piece_prefix(i) {
            Some((role, len)) => Ok((&i[len..], promoted_role(&i[..len], role, lang))),
            None => Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Tag,
            ))),
        }
    };
    let parsed = alt((
        preceded(one_of("=/"), letter),
        delimited(char('('), letter, char(')')),
        letter,
    ))
    .parse(input);
    match parsed {
        Ok((rest, role)) => (rest, Some(role)),
        Err(_) => (input, None),
    }
}

/// Turns the body's files and ranks into origin and destination.
fn interpret(body: &Body, role: Option<Role>, p: &mut MovePattern) -> Result<(), &'static str> {
    if body.overflow {
        return Err("at most an origin square and a destination square");
    }
    if body.dangling_dash && p.promotion.is_none() {
        return Err("a square after the dash");
    }
    let mut coords = [Elem::Dash; 4];
    for (slot, c) in coords.iter_mut().zip(body.coords.iter().flatten()) {
        *slot = *c;
    }
    let (origin, dest) = match &coords[..body.len] {
        [rest @ .., Elem::File(f), Elem::Rank(r)] => {
            (rest, Bitboard::from_square(Square::from_coords(*f, *r)))
        }
        // A pawn capture shortened to two files (`ed`).
        [Elem::File(from), Elem::File(to)]
            if matches!(role, None | Some(Role::Pawn)) && from != to =>
        {
            p.role = Some(Role::Pawn);
            p.from = Bitboard::from_file(*from);
            p.to = Bitboard::from_file(*to);
            p.claims.capture = true;
            return promotion_fits(p);
        }
        _ => return Err("a destination square"),
    };
    p.to = dest;
    p.from = match origin {
        [] => Bitboard::FULL,
        [Elem::File(f)] => Bitboard::from_file(*f),
        [Elem::Rank(r)] => Bitboard::from_rank(*r),
        [Elem::File(f), Elem::Rank(r)] => Bitboard::from_square(Square::from_coords(*f, *r)),
        _ => return Err("an origin file, rank or square"),
    };
    p.role = match (role, origin) {
        (Some(role), _) => Some(role),
        // A full origin square and no letter: coordinate notation, any piece.
        (None, [_, _]) => None,
        (None, _) => Some(Role::Pawn),
    };
    if p.from == p.to {
        return Err("a destination other than the origin");
    }
    promotion_fits(p)
}

/// A promotion only by a pawn, onto the last rank, to a piece.
fn promotion_fits(p: &MovePattern) -> Result<(), &'static str> {
    if let Some(promoted) = p.promotion {
        let last_rank = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
        if matches!(promoted, Role::King | Role::Pawn) {
            return Err("a promotion to a queen, rook, bishop or knight");
        }
        if p.role.is_some_and(|r| r != Role::Pawn) || !p.to.intersects(last_rank) {
            return Err("a promotion only where a pawn reaches the last rank");
        }
    }
    Ok(())
}

/// Whether `token` looks like an ICCF numeric move (`5254`, `57581`).
pub fn looks_numeric(token: &str) -> bool {
    (4..=5).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_digit())
        && token.bytes().take(4).all(|b| (b'1'..=b'8').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    fn en(token: &str) -> MovePattern {
        parse(token, Language::english()).unwrap_or_else(|e| panic!("{token}: {e:?}"))
    }

    fn sq(s: Square) -> Bitboard {
        Bitboard::from_square(s)
    }

    #[test]
    fn a_capture_may_name_the_piece_taken_instead_of_its_square() {
        for (token, role, captured) in [
            ("BxN", Role::Bishop, Role::Knight),
            ("QxQ+", Role::Queen, Role::Queen),
            ("R:P", Role::Rook, Role::Pawn),
        ] {
            let p = en(token);
            assert_eq!(
                (p.role, p.captured, p.to, p.claims.capture),
                (Some(role), Captured::Piece(captured), Bitboard::FULL, true),
                "{token}"
            );
        }
        let de = Language::builtin("de").expect("German letters");
        let p = parse("LxS", de).expect("LxS");
        assert_eq!(p.captured, Captured::Piece(Role::Knight));
        // A small letter is a file, and a king is never taken.
        for token in ["Bxb", "QxK"] {
            assert!(parse(token, Language::english()).is_err(), "{token}");
        }
    }

    #[test]
    fn piece_moves_and_disambiguation() {
        for (token, role, from, to) in [
            ("Nf3", Role::Knight, Bitboard::FULL, sq(F3)),
            ("Ngf3", Role::Knight, Bitboard::from_file(File::G), sq(F3)),
            (
                "N5f3",
                Role::Knight,
                Bitboard::from_rank(Rank::Fifth),
                sq(F3),
            ),
            ("Nd4xf3", Role::Knight, sq(D4), sq(F3)),
            ("Ng1-f3", Role::Knight, sq(G1), sq(F3)),
            ("Qh4xe1", Role::Queen, sq(H4), sq(E1)),
        ] {
            let p = en(token);
            assert_eq!((p.role, p.from, p.to), (Some(role), from, to), "{token}");
        }
    }

    #[test]
    fn pawn_captures_in_every_form() {
        for token in ["dxe5", "d×e5", "d:e5", "de5", "dxe5:", "de5:"] {
            let p = en(token);
            assert_eq!(p.role, Some(Role::Pawn), "{token}");
            assert_eq!(p.from, Bitboard::from_file(File::D), "{token}");
            assert_eq!(p.to, sq(E5), "{token}");
        }
        let p = en("ed");
        assert_eq!(p.to, Bitboard::from_file(File::D));
        assert!(p.claims.capture);
        let p = en("ed:");
        assert_eq!(p.from, Bitboard::from_file(File::E));
    }

    #[test]
    fn promotion_forms() {
        for token in ["e8Q", "e8=Q", "e8/Q", "e8(Q)", "exd8=Q+", "e8Q#"] {
            assert_eq!(en(token).promotion, Some(Role::Queen), "{token}");
        }
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(parse("g1B", hu).unwrap().promotion, Some(Role::Rook));
        assert_eq!(parse("d8V", hu).unwrap().promotion, Some(Role::Queen));
    }

    #[test]
    fn a_promotion_to_k_is_to_a_king_in_every_letter_set() {
        // Every set but one that writes `K` for another piece (Turkish).
        let writes_k = |l: &Language| crate::lang::roles().into_iter().any(|r| r != Role::King && l.letter(r) == "K");
        for lang in Language::all().iter().filter(|l| !writes_k(l)) {
            for token in ["a8=K", "bxa8=K", "a8K", "a8(K)", "h1=K+"] {
                assert!(parse(token, lang).is_err(), "{token} in {}", lang.code);
            }
        }
        // Russian's Cyrillic letter and its Latin look-alike in a piece
        // move are a knight still.
        let ru = Language::builtin("ru").unwrap();
        assert_eq!(parse("a8=К", ru).unwrap().promotion, Some(Role::Knight));
        assert_eq!(parse("Kf3", ru).unwrap().role, Some(Role::Knight));
        assert_eq!(en("a8=Kt").promotion, Some(Role::Knight));
        // Turkish writes its rook K.
        let tr = Language::builtin("tr").unwrap();
        assert_eq!(parse("a8=K", tr).unwrap().promotion, Some(Role::Rook));
    }

    #[test]
    fn a_dash_with_no_square_after_it_is_no_move() {
        // `Nf3 to` cut short (a sentence after the move that begins
        // with "To") is not `Nf3`; a dash between squares still reads.
        for token in ["Nf3-", "e4-", "Ng1-", "Wb7-"] {
            assert!(parse(token, Language::builtin("pl").unwrap()).is_err(), "{token}");
            assert!(parse(token, Language::builtin("en").unwrap()).is_err(), "{token}");
        }
        assert_eq!(en("Ng1-f3").to, sq(F3));
        assert_eq!(en("e2-e4+").to, sq(E4));
    }

    #[test]
    fn castling_forms() {
        for (token, side) in [
            ("O-O", CastlingSide::KingSide),
            ("0-0", CastlingSide::KingSide),
            ("0–0", CastlingSide::KingSide),
            ("OO", CastlingSide::KingSide),
            ("O-O-O", CastlingSide::QueenSide),
            ("0-0-0+", CastlingSide::QueenSide),
            ("000", CastlingSide::QueenSide),
        ] {
            assert_eq!(en(token).castle, Some(side), "{token}");
        }
    }

    #[test]
    fn marks() {
        let p = en("Qe3ch");
        assert!(p.claims.check && !p.claims.mate);
        assert!(en("Qh7mate").claims.mate);
        assert!(en("Qh7#").claims.mate);
        assert!(en("Qh7‡").claims.mate);
        assert!(en("Qe3†").claims.check);
        assert!(en("exd6e.p.").claims.en_passant);
        assert_eq!(en("Nf3!?").nag, Some(5));
        assert_eq!(en("e5.").to, sq(E5));
        assert_eq!(en("f5¹").to, sq(F5));
        assert!(en("Kh8²⁰").role == Some(Role::King));
        assert_eq!(en("e4,").to, sq(E4));
        assert!(en("Kb1(=)").draw_offer);
        // "++" is a check elsewhere but mate in Hungarian and Finnish.
        assert!(!en("Qh7++").claims.mate);
        let hu = Language::builtin("hu").unwrap();
        assert!(parse("Vh7++", hu).unwrap().claims.mate);
        let fi = Language::builtin("fi").unwrap();
        assert!(parse("Dh7X", fi).unwrap().claims.mate);
        assert!(parse("exd6o.l.", fi).unwrap().claims.en_passant);
    }

    #[test]
    fn marks_alone_are_told_by_their_first_byte_as_by_stripping() {
        for lang in Language::all() {
            let mut marks: Vec<&str> = UNIVERSAL_MARKS.iter().map(|(m, _)| *m).collect();
            for list in [&lang.mate_marks, &lang.check_marks, &lang.en_passant_marks] {
                marks.extend(list.iter().map(String::as_str));
            }
            let mut tokens: Vec<String> = Vec::new();
            for a in &marks {
                for b in marks.iter().chain(&[""]) {
                    tokens.push(format!("{a}{b}"));
                    for word in ["Nf3", "O-O", "exd6", "x", "e", "K"] {
                        tokens.push(format!("{word}{a}{b}"));
                    }
                }
            }
            for token in &tokens {
                let mut pattern = MovePattern::ANY;
                let core = strip_marks(token, lang, &mut pattern);
                let stripped = (core.is_empty() && pattern != MovePattern::ANY).then_some(pattern);
                assert_eq!(
                    parse_marks(token, lang),
                    stripped,
                    "{token} in {}",
                    lang.code
                );
            }
        }
    }

    #[test]
    fn standalone_marks() {
        let en = Language::english();
        assert!(parse_marks("e.p.", en).unwrap().claims.en_passant);
        assert!(parse_marks("e. p.", en).unwrap().claims.en_passant);
        assert!(parse_marks("ch", en).unwrap().claims.check);
        assert!(parse_marks("(=)", en).unwrap().draw_offer);
        assert_eq!(parse_marks("!?", en).unwrap().nag, Some(5));
        // An evaluation set apart from its move.
        let plus_equal = parse_marks("+/=", en).unwrap();
        assert_eq!((plus_equal.nag, plus_equal.claims.check), (Some(14), false));
        assert_eq!(parse_marks("±", en).unwrap().nag, Some(16));
        assert!(parse_marks("Nf3", en).is_none());
    }

    #[test]
    fn coordinate_moves_leave_the_piece_open() {
        let p = en("g1f3");
        assert_eq!((p.role, p.from, p.to), (None, sq(G1), sq(F3)));
        assert_eq!(en("e7e8Q").promotion, Some(Role::Queen));
        assert_eq!(en("e7e8q").promotion, Some(Role::Queen));
        assert_eq!(en("c7d8n").promotion, Some(Role::Knight));
        assert_eq!(en("h2h1b").promotion, Some(Role::Bishop));
    }

    #[test]
    fn impossible_moves_are_no_moves() {
        for token in [
            "c3c3", "Ne8=Q", "e4=Q", "e8=K", "e8=P", "Nf3f3", "dxcK", "dcK",
        ] {
            assert!(parse(token, Language::english()).is_err(), "{token}");
        }
    }

    #[test]
    fn letters_of_other_languages_are_not_pawn_moves() {
        for token in [
            "Lf4", "Hf3", "Vd1", "5254", "Nf", "N", "xe4", "e9", "Nf3e4g5",
        ] {
            assert!(parse(token, Language::english()).is_err(), "{token}");
        }
    }

    /// The full grammar alone, to compare the quick path with.
    fn slow(token: &str, lang: &Language) -> Option<MovePattern> {
        let mut pattern = MovePattern::ANY;
        let core = strip_marks(token, lang, &mut pattern);
        let (rest, role) = match lang.piece_prefix(core) {
            Some((role, len)) => (&core[len..], Some(role)),
            None => (core, None),
        };
        if role.is_none() && rest.starts_with(['x', '×', ':']) {
            return None;
        }
        let (rest, elems) = body(rest).ok()?;
        let (rest, promotion) = promotion(rest, lang);
        if !rest.is_empty() {
            return None;
        }
        pattern.promotion = promotion;
        pattern.pawn_letter = role == Some(Role::Pawn);
        pattern.claims.capture |= elems.capture;
        interpret(&elems, role, &mut pattern).ok()?;
        Some(pattern)
    }

    #[test]
    fn quick_path_reads_as_the_full_grammar() {
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        use rand::{Rng, SeedableRng};
        use shakmaty::{Chess, Position};
        let mut rng = StdRng::seed_from_u64(11);
        let alphabet: Vec<char> = "abcdefgh12345678xX=+#NBRQKPSTLDHFVGCAJ-:".chars().collect();
        let mut tokens: Vec<String> = Vec::new();
        for _ in 0..40 {
            let mut pos = Chess::default();
            for _ in 0..100 {
                let moves = pos.legal_moves();
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                tokens.push(shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string());
                let (from, to) = (m.from().unwrap_or(m.to()), m.to());
                let joint = if m.is_capture() { 'x' } else { '-' };
                let piece = m.role().upper_char();
                tokens.push(format!("{piece}{from}{joint}{to}"));
                tokens.push(format!("{from}{joint}{to}"));
                pos.play_unchecked(m);
            }
        }
        for _ in 0..20_000 {
            let len = rng.random_range(1..7);
            tokens.push(
                (0..len)
                    .map(|_| *alphabet.choose(&mut rng).unwrap())
                    .collect(),
            );
        }
        for lang in Language::all() {
            for token in &tokens {
                if let Some(fast) = quick(token, lang) {
                    assert_eq!(Some(fast), slow(token, lang), "{token} in {}", lang.code);
                }
            }
        }
    }

    #[test]
    fn numeric_tokens_are_recognised() {
        assert!(looks_numeric("5254"));
        assert!(looks_numeric("57581"));
        assert!(!looks_numeric("1990"));
        assert!(!looks_numeric("12"));
    }
}
