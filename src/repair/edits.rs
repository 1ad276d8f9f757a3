//! The texts one small edit away from a written move, each with the kind
//! of slip that would explain it.
//!
//! Edits are made on characters, so they serve every notation alike: an
//! OCR confusion (`S`↔`5`, `O`↔`0`, `l`/`I`↔`1`, `b`↔`6`, `B`↔`8`), a
//! piece letter from another language, origin and destination swapped
//! (`f3g1`), a descriptive square counted from the other side (`K4` for
//! `K5`), any one character changed, dropped, added or two swapped, and
//! a move along a file or rank made on another one (ICCF `2223` for
//! `4243`, where both squares' file changes).
//! Which of them name a legal move is for the caller to find out.
//!
//! ```
//! use scoresheet::lang::Language;
//! use scoresheet::notation::Notation;
//! use scoresheet::repair::edits::{Slip, variants};
//!
//! let all = variants("N5f3", Notation::San, Language::english());
//! assert!(all.contains(&("Nf3".to_owned(), Slip::OneCharacter)));
//! let ocr = variants("Sf3", Notation::San, Language::english());
//! assert!(ocr.contains(&("5f3".to_owned(), Slip::Ocr)));
//! ```

use std::collections::HashSet;

use shakmaty::{File, Rank, Square};

use crate::lang::{Language, roles};
use crate::notation::Notation;

/// What kind of slip an edit undoes, most likely first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Slip {
    /// The move was right but several legal moves fit it.
    Ambiguous,
    /// A character misread by OCR.
    Ocr,
    /// A piece letter of another language.
    Letters,
    /// Origin and destination swapped.
    SwappedSquares,
    /// A descriptive square counted from the other player's side.
    OtherSide,
    /// One character changed, dropped, added, or two swapped.
    OneCharacter,
    /// The same move made on another file or rank (`2223` for `4243`,
    /// `b2-b3` for `d2-d3`): the writer's eye on the wrong pawn.
    OtherLine,
    /// A move too damaged for one edit, read from the squares still
    /// legible in it (`IíbS—c6`: from the b-file to c6).
    Legible,
    /// A move too damaged for one edit, read from its destination alone:
    /// too little of it is left to repair it.
    LegibleDestination,
    /// A move past every edit, read from the moves after it alone
    /// (`hxgx` for `cxb5`).
    Illegible,
    /// Two half-moves written in each other's place.
    SwappedMoves,
    /// A half-move left out.
    DroppedMove,
    /// A half-move written that is not in the game.
    ExtraMove,
}

impl Slip {
    /// Whether undoing the slip changes more than one character of what
    /// is written, or drops a written move, while leaving little of it
    /// that agrees: such an edit explains, but is never sure enough to
    /// repair. A move read from two legible squares (its destination and
    /// its origin's file) keeps enough of what was written.
    pub fn is_loose(self) -> bool {
        matches!(
            self,
            Slip::OtherLine | Slip::LegibleDestination | Slip::Illegible | Slip::ExtraMove
        )
    }

    /// The slip, for people.
    pub fn describe(self) -> &'static str {
        match self {
            Slip::Ambiguous => "the move is ambiguous as written",
            Slip::Ocr => "a character misread (OCR confusion)",
            Slip::Letters => "a piece letter of another language",
            Slip::SwappedSquares => "origin and destination swapped",
            Slip::OtherSide => "a square counted from the other side",
            Slip::OneCharacter => "one character wrong, missing or extra",
            Slip::OtherLine => "the same move on another file or rank",
            Slip::Legible => "read from its legible squares",
            Slip::LegibleDestination => "read from its destination, the rest illegible",
            Slip::Illegible => "past reading, read from the moves after it",
            Slip::SwappedMoves => "two half-moves swapped",
            Slip::DroppedMove => "a half-move missing",
            Slip::ExtraMove => "a half-move too many",
        }
    }
}

/// Characters that OCR takes for one another.
const OCR: &[(char, char)] = &[
    ('S', '5'),
    ('O', '0'),
    ('o', '0'),
    ('l', '1'),
    ('I', '1'),
    ('i', '1'),
    ('b', '6'),
    ('B', '8'),
    ('g', '9'),
    ('Z', '2'),
    ('z', '2'),
    ('G', '6'),
    ('e', 'c'),
    ('h', 'b'),
    ('f', 't'),
    ('Q', 'O'),
];

/// Letters that OCR reads as two (`li` for `h`, `II` for `H`, `rn` for
/// `m`), and the other way.
const OCR_PAIRS: &[(&str, &str)] = &[
    ("li", "h"),
    ("II", "H"),
    ("rn", "m"),
    ("ii", "n"),
    ("cl", "d"),
];

/// Every text one edit away from `written` (other than itself), with the
/// most likely slip that explains it; each text once.
pub fn variants(written: &str, notation: Notation, lang: &Language) -> Vec<(String, Slip)> {
    let chars: Vec<char> = written.chars().collect();
    let mut seen: HashSet<String> = HashSet::from([written.to_owned()]);
    let mut out = Vec::new();
    let mut add = |text: String, slip: Slip| {
        if !text.is_empty() && seen.insert(text.clone()) {
            out.push((text, slip));
        }
    };
    // The likeliest first, so that a text reached two ways keeps the
    // likelier explanation.
    for (i, &c) in chars.iter().enumerate() {
        for &(a, b) in OCR {
            let other = if c == a {
                b
            } else if c == b {
                a
            } else {
                continue;
            };
            add(replaced(&chars, i, Some(other)), Slip::Ocr);
        }
    }
    // One confusion made throughout the move (`Ddl—el`: both `1`s).
    for &(a, b) in OCR {
        for (from, to) in [(a, b), (b, a)] {
            if chars.iter().filter(|&&c| c == from).count() > 1 {
                add(written.replace(from, &to.to_string()), Slip::Ocr);
            }
        }
    }
    for &(two, one) in OCR_PAIRS {
        for (at, _) in written.match_indices(two) {
            add(
                format!("{}{one}{}", &written[..at], &written[at + two.len()..]),
                Slip::Ocr,
            );
        }
        for (at, _) in written.match_indices(one) {
            add(
                format!("{}{two}{}", &written[..at], &written[at + one.len()..]),
                Slip::Ocr,
            );
        }
    }
    if notation.has_letters() {
        for (text, slip) in letter_swaps(written, lang) {
            add(text, slip);
        }
    }
    let squares = two_squares(&chars, notation);
    if let Some((a, b)) = squares {
        let mut swapped = chars.clone();
        swapped[a..a + 2].copy_from_slice(&chars[b..b + 2]);
        swapped[b..b + 2].copy_from_slice(&chars[a..a + 2]);
        add(swapped.into_iter().collect(), Slip::SwappedSquares);
    }
    if notation == Notation::Descriptive {
        for (i, &c) in chars.iter().enumerate() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                let mirrored = char::from_digit(9 - d, 10).unwrap_or(c);
                add(replaced(&chars, i, Some(mirrored)), Slip::OtherSide);
            }
        }
    }
    let alphabet = alphabet(notation, lang);
    for i in 0..chars.len() {
        add(replaced(&chars, i, None), Slip::OneCharacter);
        for &c in &alphabet {
            add(replaced(&chars, i, Some(c)), Slip::OneCharacter);
        }
        if i + 1 < chars.len() {
            let mut swapped = chars.clone();
            swapped.swap(i, i + 1);
            add(swapped.into_iter().collect(), Slip::OneCharacter);
        }
    }
    for i in 0..=chars.len() {
        for &c in &alphabet {
            let mut inserted = chars.clone();
            inserted.insert(i, c);
            add(inserted.into_iter().collect(), Slip::OneCharacter);
        }
    }
    if let Some((a, b)) = squares {
        for (text, slip) in other_lines(&chars, a, b, notation) {
            add(text, slip);
        }
    }
    out
}

/// The character `edited` has in place of one of `written`'s, as
/// (printed, meant): `("Kt-B 5", "Kt-B 3")` gives `('5', '3')`. `None`
/// unless the two differ in exactly one character.
pub fn substitution(written: &str, edited: &str) -> Option<(char, char)> {
    if written.chars().count() != edited.chars().count() {
        return None;
    }
    let mut differ = written.chars().zip(edited.chars()).filter(|(a, b)| a != b);
    match (differ.next(), differ.next()) {
        (Some(pair), None) => Some(pair),
        _ => None,
    }
}

/// The squares still legible in a damaged algebraic move: its
/// destination (the last square written) and the file of its origin,
/// when a file letter stands before the destination (`IíbS—c6`: `c6`,
/// the b-file).
pub fn legible_squares(written: &str) -> Option<(Square, Option<File>)> {
    let chars: Vec<char> = written.chars().collect();
    let file = |c: char| {
        ('a'..='h')
            .contains(&c)
            .then(|| File::new(c as u32 - 'a' as u32))
    };
    let rank = |c: char| {
        ('1'..='8')
            .contains(&c)
            .then(|| Rank::new(c as u32 - '1' as u32))
    };
    let at = (0..chars.len().saturating_sub(1))
        .rev()
        .find(|&i| file(chars[i]).is_some() && rank(chars[i + 1]).is_some())?;
    let to = Square::from_coords(file(chars[at])?, rank(chars[at + 1])?);
    let from = chars[..at].iter().rev().find_map(|&c| file(c));
    Some((to, from))
}

/// `chars` with the one at `i` replaced by `with`, or dropped.
fn replaced(chars: &[char], i: usize, with: Option<char>) -> String {
    chars
        .iter()
        .enumerate()
        .filter_map(|(j, &c)| if j == i { with } else { Some(c) })
        .collect()
}

/// The characters a move in `notation` and `lang` is written with.
fn alphabet(notation: Notation, lang: &Language) -> Vec<char> {
    let mut out: Vec<char> = match notation {
        Notation::Iccf(_) => "0123456789".chars().collect(),
        Notation::San => "abcdefgh12345678x-=+#:O0".chars().collect(),
        Notation::Descriptive => "12345678x-=()/KQRBNPt".chars().collect(),
    };
    if notation.has_letters() {
        for role in roles() {
            out.extend(lang.letter(role).chars());
        }
        if let Some(d) = &lang.descriptive {
            for word in d.king_wing.iter().chain(&d.queen_wing) {
                out.extend(word.chars());
            }
        }
    }
    let mut seen = HashSet::new();
    out.retain(|c| seen.insert(*c));
    out
}

/// A leading piece letter that is another language's, replaced by each
/// of `lang`'s letters.
fn letter_swaps(written: &str, lang: &Language) -> Vec<(String, Slip)> {
    if lang.piece_prefix(written).is_some() {
        return Vec::new();
    }
    let foreign = Language::all()
        .iter()
        .filter_map(|other| other.piece_prefix(written).map(|(_, len)| len))
        .max();
    let Some(len) = foreign else {
        return Vec::new();
    };
    roles()
        .into_iter()
        .map(|role| {
            let letter = lang.letter(role);
            (format!("{letter}{}", &written[len..]), Slip::Letters)
        })
        .collect()
}

/// Where the two squares of a written move start (`g1f3`, `Nf3-g1`,
/// ICCF `7163`), when it names two.
fn two_squares(chars: &[char], notation: Notation) -> Option<(usize, usize)> {
    let is_square: fn(&[char]) -> bool = match notation {
        Notation::Iccf(_) => |w| w.iter().all(|c| ('1'..='8').contains(c)),
        Notation::San => |w| ('a'..='h').contains(&w[0]) && ('1'..='8').contains(&w[1]),
        Notation::Descriptive => return None,
    };
    let square_at =
        |from: usize| (from..chars.len().saturating_sub(1)).find(|&i| is_square(&chars[i..i + 2]));
    let a = square_at(0)?;
    let b = square_at(a + 2)?;
    Some((a, b))
}

/// A move along a file or rank (squares at `a` and `b` of `chars`) made
/// on each other file or rank: both squares' file (rank) changed alike.
fn other_lines(chars: &[char], a: usize, b: usize, notation: Notation) -> Vec<(String, Slip)> {
    let files: Vec<char> = match notation {
        Notation::Iccf(_) => ('1'..='8').collect(),
        _ => ('a'..='h').collect(),
    };
    let ranks: Vec<char> = ('1'..='8').collect();
    let mut out = Vec::new();
    for (at, line) in [(0, &files), (1, &ranks)] {
        if chars[a + at] != chars[b + at] {
            continue;
        }
        for &c in line.iter().filter(|&&c| c != chars[a + at]) {
            let mut moved = chars.to_vec();
            moved[a + at] = c;
            moved[b + at] = c;
            out.push((moved.into_iter().collect(), Slip::OtherLine));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::iccf::Promotion;

    fn slip_of(written: &str, want: &str, notation: Notation, lang: &str) -> Option<Slip> {
        let lang = Language::builtin(lang).unwrap();
        variants(written, notation, lang)
            .into_iter()
            .find(|(t, _)| t == want)
            .map(|(_, s)| s)
    }

    #[test]
    fn each_slip_is_named() {
        let san = Notation::San;
        for (written, want, notation, lang, slip) in [
            ("N5f3", "Nf3", san, "en", Slip::OneCharacter),
            ("Nf", "Nf3", san, "en", Slip::OneCharacter),
            ("5f3", "Sf3", san, "de", Slip::Ocr),
            ("O-0", "O-O", san, "en", Slip::Ocr),
            ("8b5", "Bb5", san, "en", Slip::Ocr),
            ("Nfb", "Nf6", san, "en", Slip::Ocr),
            ("Ddl—el", "Dd1—e1", san, "is", Slip::Ocr),
            ("Lb5", "Bb5", san, "en", Slip::Letters),
            ("Hf3", "Nf3", san, "en", Slip::Letters),
            ("f3g1", "g1f3", san, "en", Slip::SwappedSquares),
            ("Nf3-g1", "Ng1-f3", san, "en", Slip::SwappedSquares),
            (
                "7163",
                "6371",
                Notation::Iccf(Promotion::Iccf),
                "en",
                Slip::SwappedSquares,
            ),
            (
                "2223",
                "4243",
                Notation::Iccf(Promotion::Iccf),
                "en",
                Slip::OtherLine,
            ),
            ("b2-b3", "d2-d3", san, "en", Slip::OtherLine),
            (
                "5254",
                "5284",
                Notation::Iccf(Promotion::Iccf),
                "en",
                Slip::OneCharacter,
            ),
            ("P-K5", "P-K4", Notation::Descriptive, "en", Slip::OtherSide),
            (
                "PK4",
                "P-K4",
                Notation::Descriptive,
                "en",
                Slip::OneCharacter,
            ),
        ] {
            assert_eq!(
                slip_of(written, want, notation, lang),
                Some(slip),
                "{written} → {want}"
            );
        }
    }

    #[test]
    fn the_written_text_is_no_variant() {
        let all = variants("e4", Notation::San, Language::english());
        assert!(all.iter().all(|(t, _)| t != "e4" && !t.is_empty()));
        let unique: HashSet<&String> = all.iter().map(|(t, _)| t).collect();
        assert_eq!(unique.len(), all.len());
    }
}
