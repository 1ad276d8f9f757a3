//! Language tables: the piece letters and marks of each language.
//!
//! Tables are data: one TOML file per language in `grammars/`, embedded in
//! the binary and parsed once, and users can load their own with
//! [`Language::from_toml`]. A table lists, for every piece, the letters
//! read (the first is the one written), extra check, mate and en-passant
//! marks, and examples that the tests replay.
//!
//! ```
//! use scoresheet::lang::Language;
//! use shakmaty::{Color, Role};
//!
//! let hu = Language::builtin("hu").unwrap();
//! assert_eq!(hu.piece_prefix("Fb5"), Some((Role::Bishop, 1)));
//! assert_eq!(hu.letter(Role::Rook), "B");
//! ```

use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;
use shakmaty::{Color, Role};

/// The built-in tables, in the order auto-detection prefers them when two
/// readings replay equally far.
const BUILTIN: &[(&str, &str)] = &[
    ("en", include_str!("../grammars/en.toml")),
    ("de", include_str!("../grammars/de.toml")),
    ("sv", include_str!("../grammars/sv.toml")),
    ("fr", include_str!("../grammars/fr.toml")),
    ("es", include_str!("../grammars/es.toml")),
    ("it", include_str!("../grammars/it.toml")),
    ("nl", include_str!("../grammars/nl.toml")),
    ("hu", include_str!("../grammars/hu.toml")),
    ("fi", include_str!("../grammars/fi.toml")),
    ("pl", include_str!("../grammars/pl.toml")),
    ("cs", include_str!("../grammars/cs.toml")),
    ("ru", include_str!("../grammars/ru.toml")),
    ("pt", include_str!("../grammars/pt.toml")),
    ("is", include_str!("../grammars/is.toml")),
    ("uk", include_str!("../grammars/uk.toml")),
    ("bg", include_str!("../grammars/bg.toml")),
    ("sr", include_str!("../grammars/sr.toml")),
    ("ro", include_str!("../grammars/ro.toml")),
    ("tr", include_str!("../grammars/tr.toml")),
    ("el", include_str!("../grammars/el.toml")),
    ("et", include_str!("../grammars/et.toml")),
    ("lt", include_str!("../grammars/lt.toml")),
    ("lv", include_str!("../grammars/lv.toml")),
    ("zh", include_str!("../grammars/zh.toml")),
    ("figurine", include_str!("../grammars/figurine.toml")),
];

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// A language table that could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageError {
    /// Where the table came from (a file name or `builtin:xx`).
    pub source: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for LanguageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.message)
    }
}

impl std::error::Error for LanguageError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    code: String,
    name: String,
    pieces: RawPieces,
    #[serde(default)]
    marks: RawMarks,
    #[serde(default)]
    descriptive: Option<Descriptive>,
    #[serde(default)]
    sides: Sides,
    #[serde(default)]
    examples: Vec<Example>,
}

/// The words a language names the sides with (`Weiß`, `Schwarz`), lower
/// case: in a sentence (`Schwarz gab auf`), over a column, and leading a
/// piece list (`Weiß: Kg1, Bc6`).
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// Words for White.
    #[serde(default)]
    pub white: Vec<String>,
    /// Words for Black.
    #[serde(default)]
    pub black: Vec<String>,
}

/// How a language writes descriptive notation: files are named after the
/// pieces that start on them, with a wing word (`QN` = queen's knight's
/// file, Hungarian `VH`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Descriptive {
    /// The king's-side word (`K`); the first is written.
    pub king_wing: Vec<String>,
    /// The queen's-side word (`Q`, Hungarian `V`); the first is written.
    pub queen_wing: Vec<String>,
    /// Whether the wing word follows the piece (Spanish `AD`, alfil de dama).
    #[serde(default)]
    pub wing_after: bool,
    /// Words for castling (`Castles`), followed or not by a side.
    #[serde(default)]
    pub castles: Vec<String>,
    /// Whether a square is written rank first and joined to the piece
    /// without a dash (Spanish `C3AR`, caballo a tercera de alfil de rey).
    #[serde(default)]
    pub rank_first: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPieces {
    king: Vec<String>,
    queen: Vec<String>,
    rook: Vec<String>,
    bishop: Vec<String>,
    knight: Vec<String>,
    #[serde(default)]
    pawn: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawMarks {
    #[serde(default)]
    check: Vec<String>,
    #[serde(default)]
    mate: Vec<String>,
    #[serde(default)]
    en_passant: Vec<String>,
}

/// A game text and the English SAN it must read as; the tests replay these.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The notation of `text`: `san` (the default) or `descriptive`.
    #[serde(default)]
    pub notation: Option<String>,
    /// Movetext as written in the language.
    pub text: String,
    /// The same moves in English SAN.
    pub san: String,
}

/// One language's piece letters and marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Language {
    /// Short code (`hu`), used on the command line and in reports.
    pub code: String,
    /// English name of the language.
    pub name: String,
    /// Letters read, longest first so that `Кр` wins over `К`.
    pieces: Vec<(String, Role)>,
    /// The letters of more than one byte, longest first: tried first.
    long_letters: Vec<(String, Role)>,
    /// One-byte letters by byte: the common case, one lookup.
    byte_letters: [Option<Role>; 128],
    /// Letters as listed, indexed by `Role as usize - 1`; the first is written.
    letters: [Vec<String>; 6],
    /// Extra check marks beyond the universal ones.
    pub check_marks: Vec<String>,
    /// Extra mate marks beyond the universal ones (`++` in Hungarian).
    pub mate_marks: Vec<String>,
    /// Extra en-passant marks beyond the universal ones (`o.l.`).
    pub en_passant_marks: Vec<String>,
    /// Descriptive notation, for languages that have it.
    pub descriptive: Option<Descriptive>,
    /// The words that name the sides.
    pub sides: Sides,
    /// Examples to replay in tests.
    pub examples: Vec<Example>,
}

impl Language {
    /// Parses a table from TOML text; `source` names it in errors.
    ///
    /// # Errors
    ///
    /// Fails when the TOML is malformed, a piece has no letter, a letter
    /// is empty, or one letter stands for two pieces.
    pub fn from_toml(text: &str, source: &str) -> Result<Language, LanguageError> {
        let err = |message: String| LanguageError {
            source: source.to_owned(),
            message,
        };
        let raw: RawTable = toml::from_str(text).map_err(|e| {
            // Where the TOML went wrong: its line and column, from 1.
            let place = e.span().map(|span| {
                let before = text.get(..span.start).unwrap_or(text);
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                format!("line {line}, column {column}: ")
            });
            err(format!("{}{}", place.unwrap_or_default(), e.message()))
        })?;
        let lists = [
            (Role::King, raw.pieces.king),
            (Role::Queen, raw.pieces.queen),
            (Role::Rook, raw.pieces.rook),
            (Role::Bishop, raw.pieces.bishop),
            (Role::Knight, raw.pieces.knight),
            (Role::Pawn, raw.pieces.pawn),
        ];
        let mut pieces: Vec<(String, Role)> = Vec::new();
        let mut by_role: [Vec<String>; 6] = Default::default();
        for (role, letters) in lists {
            if letters.is_empty() && role != Role::Pawn {
                return Err(err(format!("no letter for the {}", role_name(role))));
            }
            for letter in letters {
                if letter.is_empty() || letter.chars().any(char::is_whitespace) {
                    return Err(err(format!(
                        "the {} has an empty letter or one with spaces: {letter:?}",
                        role_name(role)
                    )));
                }
                if let Some((_, other)) = pieces.iter().find(|(l, _)| *l == letter) {
                    return Err(err(format!(
                        "letter {letter:?} stands for both the {} and the {}",
                        role_name(*other),
                        role_name(role)
                    )));
                }
                by_role[role as usize - 1].push(letter.clone());
                pieces.push((letter, role));
            }
        }
        pieces.sort_by_key(|(letter, _)| std::cmp::Reverse(letter.len()));
        let mut byte_letters = [None; 128];
        for (letter, role) in &pieces {
            if let [b] = letter.as_bytes()
                && b.is_ascii()
            {
                byte_letters[usize::from(*b)] = Some(*role);
            }
        }
        let long_letters = pieces
            .iter()
            .filter(|(l, _)| l.len() > 1)
            .cloned()
            .collect();
        Ok(Language {
            long_letters,
            byte_letters,
            code: raw.code,
            name: raw.name,
            pieces,
            letters: by_role,
            check_marks: raw.marks.check,
            mate_marks: raw.marks.mate,
            en_passant_marks: raw.marks.en_passant,
            descriptive: raw.descriptive,
            sides: Sides {
                white: raw.sides.white.iter().map(|w| w.to_lowercase()).collect(),
                black: raw.sides.black.iter().map(|w| w.to_lowercase()).collect(),
            },
            examples: raw.examples,
        })
    }

    /// The side that `word`, in lower case, names in this language.
    pub fn side_named(&self, word: &str) -> Option<Color> {
        if self.sides.white.iter().any(|w| w == word) {
            Some(Color::White)
        } else if self.sides.black.iter().any(|w| w == word) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// A built-in table by code (`en`, `hu`, …, `figurine`).
    pub fn builtin(code: &str) -> Option<&'static Language> {
        builtins().iter().find(|l| l.code == code)
    }

    /// Every built-in table, in auto-detection preference order.
    pub fn all() -> &'static [Language] {
        builtins()
    }

    /// English, the language of PGN.
    pub fn english() -> &'static Language {
        &builtins()[0]
    }

    /// The piece letter at the start of `text`, with its length in bytes.
    pub fn piece_prefix(&self, text: &str) -> Option<(Role, usize)> {
        let first = *text.as_bytes().first()?;
        // Whole letters are compared only when the first byte begins one.
        if let Some((letter, role)) = self
            .long_letters
            .iter()
            .filter(|(l, _)| l.as_bytes()[0] == first)
            .find(|(l, _)| text.starts_with(l.as_str()))
        {
            return Some((*role, letter.len()));
        }
        self.byte_letters
            .get(usize::from(first))
            .copied()
            .flatten()
            .map(|role| (role, 1))
    }

    /// Every letter read for `role`, the written one first.
    pub fn letters(&self, role: Role) -> &[String] {
        &self.letters[role as usize - 1]
    }

    /// The letter written for `role` (empty for a pawn with no letter).
    pub fn letter(&self, role: Role) -> &str {
        self.letters[role as usize - 1]
            .first()
            .map_or("", String::as_str)
    }

    /// The second symbol listed for `role`, when it is one character: the
    /// black figurine where the first is the white one.
    pub fn black_symbol(&self, role: Role) -> Option<char> {
        let second = self.letters[role as usize - 1].get(1)?;
        let mut chars = second.chars();
        chars.next().filter(|_| chars.next().is_none())
    }

    /// Whether `self` reads every piece letter and mark exactly as `other`
    /// does, so that detection cannot tell them apart.
    pub fn same_letters(&self, other: &Language) -> bool {
        let mut a = self.pieces.clone();
        let mut b = other.pieces.clone();
        a.sort();
        b.sort();
        a == b
            && self.check_marks == other.check_marks
            && self.mate_marks == other.mate_marks
            && self.en_passant_marks == other.en_passant_marks
    }
}

/// The side that `word` names in one of the built-in languages (`Black
/// resigned`, `Weiß gewinnt`, a column headed `Белые`), read without its
/// punctuation and case, and the language that names it so.
///
/// ```
/// use scoresheet::lang::side_named;
/// use shakmaty::Color;
///
/// assert_eq!(side_named("Schwarz").map(|(side, _)| side), Some(Color::Black));
/// assert_eq!(side_named("(Bílý)").map(|(side, lang)| (side, lang.code.as_str())), Some((Color::White, "cs")));
/// assert_eq!(side_named("red"), None);
/// ```
pub fn side_named(word: &str) -> Option<(Color, &'static Language)> {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    builtins().iter().find_map(|lang| lang.side_named(&word).map(|side| (side, lang)))
}

/// `text` with each Cyrillic letter that looks like a Latin one (`С`,
/// `К`, `Р`) written as that Latin letter: how a letter looks on paper.
pub fn as_printed(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'А' => 'A',
            'В' => 'B',
            'С' => 'C',
            'Е' => 'E',
            'К' => 'K',
            'М' => 'M',
            'Н' => 'H',
            'О' => 'O',
            'Р' => 'P',
            'Т' => 'T',
            'Х' => 'X',
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            'о' => 'o',
            'р' => 'p',
            'х' => 'x',
            c => c,
        })
        .collect()
}

/// The English name of `role`.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

fn builtins() -> &'static [Language] {
    static TABLES: OnceLock<Vec<Language>> = OnceLock::new();
    TABLES.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(code, text)| {
                Language::from_toml(text, &format!("builtin:{code}"))
                    .unwrap_or_else(|e| panic!("built-in language table is broken: {e}"))
            })
            .collect()
    })
}

/// Languages that share one set of letters, reported together (`de/sv`).
#[derive(Debug, Clone)]
pub struct LetterSet {
    /// The languages, in preference order; the first one reads the moves.
    pub languages: Vec<&'static Language>,
    name: String,
}

impl LetterSet {
    /// The language used to read moves.
    pub fn reader(&self) -> &'static Language {
        self.languages[0]
    }

    /// The name reported for this set: the codes joined by `/`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The built-in letter sets in detection preference order.
    pub fn builtin() -> &'static [LetterSet] {
        static SETS: OnceLock<Vec<LetterSet>> = OnceLock::new();
        SETS.get_or_init(|| {
            let mut groups: Vec<Vec<&'static Language>> = Vec::new();
            for lang in builtins() {
                match groups.iter_mut().find(|g| g[0].same_letters(lang)) {
                    Some(group) => group.push(lang),
                    None => groups.push(vec![lang]),
                }
            }
            groups
                .into_iter()
                .map(|languages| LetterSet {
                    name: languages
                        .iter()
                        .map(|l| l.code.as_str())
                        .collect::<Vec<_>>()
                        .join("/"),
                    languages,
                })
                .collect()
        })
    }
}

/// Every role, king first, as tables list them.
pub fn roles() -> [Role; 6] {
    ROLES
}

/// Which piece letters to read.
#[derive(Debug, Clone, Copy, Default)]
pub enum Letters<'a> {
    /// Try every built-in letter set; the one that replays furthest wins,
    /// ties going to the earlier in the order `scoresheet languages` lists.
    #[default]
    Auto,
    /// Read with this table only.
    Fixed(&'a Language),
}

impl Letters<'static> {
    /// The letters `code` names: `auto`, or a built-in set's code (`en`,
    /// `hu`, `de`, …); `None` for an unknown code.
    ///
    /// ```
    /// use scoresheet::Letters;
    ///
    /// assert!(matches!(Letters::from_code("auto"), Some(Letters::Auto)));
    /// assert!(matches!(Letters::from_code("hu"), Some(Letters::Fixed(_))));
    /// assert!(Letters::from_code("xx").is_none());
    /// ```
    pub fn from_code(code: &str) -> Option<Letters<'static>> {
        match code {
            "auto" => Some(Letters::Auto),
            code => Language::builtin(code).map(Letters::Fixed),
        }
    }
}

impl<'a> Letters<'a> {
    /// The table of the letter set named `name` among those these
    /// letters offer (the set a game was read with, to read it again the
    /// same way), or these letters themselves.
    pub fn named(self, name: &str) -> Letters<'a> {
        self.tables()
            .into_iter()
            .find(|(_, n)| *n == name)
            .map_or(self, |(lang, _)| Letters::Fixed(lang))
    }

    /// The tables worth trying on `text` in SAN, in order: under
    /// detection, a table that reads none of the letters leading the
    /// text's piece moves is left out, and so is one that reads each of
    /// the text's letters as an earlier table does, since neither can
    /// read a move further than the tables before it. Each table added
    /// costs a text only where its letters are printed. The first table
    /// always stays: a text of pawn moves, or one whose only capitals
    /// stand in its headers (`Vajolet2`), reads with it. A promotion's
    /// letter alone calls for no table: `bxa8=K` is no Turkish rook in a
    /// text with no Turkish move.
    pub fn tables_for_text(self, text: &str) -> Vec<(&'a Language, &'a str)> {
        let all = self.tables();
        if matches!(self, Letters::Fixed(_)) {
            return all;
        }
        let words = piece_words(text);
        let mut kept: Vec<(&'a Language, &'a str)> = all.first().copied().into_iter().collect();
        for (i, &(lang, name)) in all.iter().enumerate().skip(1) {
            let reads_some = words
                .iter()
                .any(|&(w, leads)| leads && lang.piece_prefix(w).is_some());
            let as_before = all[..i]
                .iter()
                .any(|(earlier, _)| read_alike(lang, earlier, &words));
            if reads_some && !as_before {
                kept.push((lang, name));
            }
        }
        kept
    }

    /// The tables to try, in order, each with the name reported for it.
    pub fn tables(self) -> Vec<(&'a Language, &'a str)> {
        match self {
            Letters::Fixed(lang) => vec![(lang, lang.code.as_str())],
            Letters::Auto => LetterSet::builtin()
                .iter()
                .map(|s| (s.reader(), s.name()))
                .collect(),
        }
    }
}

/// The letters a text may name pieces with: in each of its words that
/// holds a rank digit (a move, glued to its number or not), every run of
/// characters that are neither files, digits nor ASCII marks (`N` and
/// `x` of `Nxe5`, `Кр` of `14.Крf2`, `Q` of `e8=Q`, `♘`), each told
/// whether a file or a capture's colon follows it, as one that leads a
/// piece move does (`С:c3`).
fn piece_words(text: &str) -> Vec<(&str, bool)> {
    let mark = |c: char| c.is_ascii_digit() || ('a'..='h').contains(&c) || c.is_ascii_punctuation();
    let mut runs: Vec<(&str, bool)> = Vec::new();
    for word in text.split_whitespace() {
        if !word.bytes().any(|b| (b'1'..=b'8').contains(&b)) {
            continue;
        }
        let mut start = None;
        for (i, c) in word.char_indices().chain([(word.len(), ' ')]) {
            match (start, i < word.len() && !mark(c)) {
                (None, true) => start = Some(i),
                (Some(from), false) => {
                    runs.push((&word[from..i], ('a'..='h').contains(&c) || c == ':'));
                    start = None;
                }
                _ => {}
            }
        }
    }
    runs.sort_unstable();
    runs.dedup();
    runs
}

/// Whether `a` and `b` read every word of `words` as the same piece and
/// share their marks: the one reads a text's moves as the other does.
fn read_alike(a: &Language, b: &Language, words: &[(&str, bool)]) -> bool {
    a.check_marks == b.check_marks
        && a.mate_marks == b.mate_marks
        && a.en_passant_marks == b.en_passant_marks
        && words.iter().all(|(w, _)| a.piece_prefix(w) == b.piece_prefix(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_table_loads() {
        assert_eq!(Language::all().len(), BUILTIN.len());
        for (code, _) in BUILTIN {
            assert!(Language::builtin(code).is_some(), "{code}");
        }
    }

    #[test]
    fn longest_letter_wins() {
        let ru = Language::builtin("ru").unwrap();
        assert_eq!(ru.piece_prefix("Крe2"), Some((Role::King, "Кр".len())));
        assert_eq!(ru.piece_prefix("Кf3"), Some((Role::Knight, "К".len())));
        let en = Language::english();
        assert_eq!(en.piece_prefix("Ktf3"), Some((Role::Knight, 2)));
    }

    #[test]
    fn shared_letter_sets_are_grouped() {
        let names: Vec<String> = LetterSet::builtin()
            .iter()
            .map(|s| s.name().to_owned())
            .collect();
        assert!(names.contains(&"de/sv".to_owned()), "{names:?}");
        assert!(names.contains(&"es/it".to_owned()), "{names:?}");
        assert_eq!(names[0], "en");
    }

    fn names(tables: &[(&Language, &str)]) -> Vec<String> {
        tables.iter().map(|(_, name)| (*name).to_owned()).collect()
    }

    #[test]
    fn a_text_is_tried_only_with_tables_that_read_its_letters() {
        let polish = names(&Letters::Auto.tables_for_text("1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Ga4 Sf6"));
        assert_eq!(polish[0], "en", "{polish:?}");
        assert!(polish.iter().any(|n| n.split('/').any(|c| c == "pl")), "{polish:?}");
        assert!(polish.len() < LetterSet::builtin().len(), "{polish:?}");
    }

    #[test]
    fn the_first_table_stays_for_a_text_without_piece_moves() {
        // The only capitals beside a file stand in a header: a game of
        // pawn moves reads in English, not with the letters of `V`.
        let text = "[White \"Vajolet2 2.6\"]\n\n1. e4 e6 2. d4 d5 0-1";
        assert_eq!(names(&Letters::Auto.tables_for_text(text))[0], "en");
        assert_eq!(names(&Letters::Auto.tables_for_text("")), ["en"]);
    }

    #[test]
    fn fixed_letters_are_their_one_table() {
        let hu = Language::builtin("hu").unwrap();
        assert_eq!(names(&Letters::Fixed(hu).tables_for_text("1. Hf3")), ["hu"]);
    }

    #[test]
    fn one_letter_for_two_pieces_is_refused() {
        let text = r#"
code = "xx"
name = "Broken"
[pieces]
king = ["K"]
queen = ["K"]
rook = ["R"]
bishop = ["B"]
knight = ["N"]
"#;
        let err = Language::from_toml(text, "broken.toml").unwrap_err();
        assert_eq!(err.source, "broken.toml");
        assert!(err.message.contains("both the king and the queen"), "{err}");
    }

    #[test]
    fn missing_piece_is_refused() {
        let text = "code = \"xx\"\nname = \"X\"\n[pieces]\nking = []\nqueen = [\"Q\"]\nrook = [\"R\"]\nbishop = [\"B\"]\nknight = [\"N\"]\n";
        let err = Language::from_toml(text, "x.toml").unwrap_err();
        assert!(err.message.contains("no letter for the king"), "{err}");
    }
}
