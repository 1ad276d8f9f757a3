//! Reading by synthesis: the position says what could have been printed.
//!
//! At each point of a game there are some thirty legal moves, and each
//! can be written in a bounded set of ways in the notation family being
//! read: every disambiguation, with or without its capture mark, short
//! and long algebraic, the captured piece named, each of the language's
//! letters; in descriptive notation every qualified spelling, written
//! out with `to` and `sq` or not. [`Forms`] renders them all and puts
//! them in a *key*: without blanks, stops, brackets, dashes
//! and marks, `0` read as `o`. A span of text is put in the same key and
//! weighed against every form by an edit distance whose cheap edits are
//! the known slips: characters that print or write alike (`S`/`5`,
//! `l`/`1`, `c`/`e`, `ß`/`B`), two printed for one (`II` for `H`, `rn`
//! for `m`), a capture mark left out or added, and a
//! few characters left over at the end (a footnote marker, an
//! evaluation sign, a novelty's `N`).
//!
//! A text scanned by one machine misprints alike throughout (every `K`
//! an `X`: `P to X 4`, `Xt to X B 3`). The first reading's misprints
//! show it; [`Habits`] learned from them weigh nothing in a second
//! reading, which reads such moves as printed and leaves the real
//! misprints standing out.
//!
//! A form matched with nothing but such leftovers is a *variant* of the
//! move (`d4=`, `Ne6+/–`, `P-K5(c)`, `Cf1-c4` with its squares both
//! right): the move as printed. A form matched with real edits is a
//! *misreading*: the move the text most likely meant, reported as such.
//!
//! ```
//! use scoresheet::document::synthesis::Forms;
//! use scoresheet::lang::Language;
//! use scoresheet::notation::Notation;
//! use shakmaty::Chess;
//!
//! let forms = Forms::new(&Chess::default(), Notation::San, Language::english());
//! let read = forms.matches("Sf3");
//! assert_eq!(read[0].mv.to().to_string(), "f3");
//! assert!(read[0].is_variant());
//! let misread = forms.matches("Nf5");
//! assert!(!misread.is_empty() && !misread[0].is_variant());
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, File, Move, Position, Role, Square};

use crate::engine::moves::destination;
use crate::engine::origins::Origins;
use crate::lang::Language;
use crate::notation::Notation;
use crate::document::spans::vocabulary;
use crate::notation::descriptive::write::{file_names, spellings_from};

/// The cost of one ordinary edit; the others are fractions of it.
pub const EDIT: u32 = 10;
/// A character replaced by one printed or written like it.
const CONFUSED: u32 = 4;
/// A letter in the other case (`Bxc6` for `bxc6`).
const CASE: u32 = 3;
/// A capture mark left out or added where no form has it that way.
const CAPTURE_MARK: u32 = EDIT / 2;
/// Leftover characters after the move that a variant may carry.
const VARIANT_TAIL: usize = 3;
/// The cost of each leftover character after the move.
const TAIL: u32 = 2;
/// At most this many moves are returned for one span, or
/// [`MOST_TIED`] where more are as near as the last of them.
const MOST: usize = 4;
/// At most this many moves are returned for one span whose readings tie.
const MOST_TIED: usize = 8;

/// Pairs of characters (in key form) that print, scan or are written
/// alike.
const CONFUSIONS: &[(char, char)] = &[
    ('s', '5'),
    ('s', '8'),
    ('l', '1'),
    ('i', '1'),
    ('i', 'l'),
    ('o', 'q'),
    ('b', '6'),
    ('b', '8'),
    ('b', 'h'),
    ('\u{7f}', 'b'),
    ('g', '9'),
    ('g', '6'),
    ('g', 'a'),
    ('g', 'q'),
    ('z', '2'),
    ('x', 'k'),
    ('t', 'f'),
    ('t', 'l'),
    ('e', 'c'),
    ('e', 'o'),
    ('c', 'o'),
    ('a', 'd'),
    ('6', '5'),
    ('6', '7'),
    ('1', '7'),
    ('1', '4'),
    ('3', '8'),
    ('3', '5'),
    ('4', 'a'),
    ('n', 'h'),
    ('n', 'r'),
    ('n', 'u'),
    ('r', 'k'),
    ('f', 'e'),
];

/// Pairs of characters (in key form, lower case) that print or scan
/// like one: `II` for `H`, `rn` for `m`, `It` for `R`.
const CONFUSED_PAIRS: &[([char; 2], char)] = &[
    (['i', 'i'], 'h'),
    (['l', 'i'], 'h'),
    (['i', 'l'], 'h'),
    (['r', 'n'], 'm'),
    (['c', 'l'], 'd'),
    (['v', 'v'], 'w'),
    (['i', 't'], 'r'),
    (['l', 't'], 'r'),
];

/// Every legal move of a position, each in every form the notation
/// family may print it, keyed.
pub struct Forms {
    moves: Vec<Move>,
    /// (index in `moves`, key, the cost of the slip it is) for every
    /// distinct form: zero for a form as the notation writes it.
    forms: Vec<(usize, Vec<char>, u32)>,
    /// The fingerprint of each form as written (slip zero), as far as it
    /// is weighed ([`WEIGHED_CHARS`]), with the form's index in `forms`,
    /// in fingerprint order: a text printed as a form is found without
    /// weighing any.
    written: Vec<(u64, usize)>,
    /// What each text read as, by its key.
    read: RefCell<HashMap<Vec<char>, Vec<Match>>>,
    /// The text's own habits of print, which weigh nothing.
    habits: Habits,
}

/// Characters a text prints for others throughout, as a scanner that
/// reads every `K` as `X` leaves them: (as printed, as meant), in key
/// form, learned from the text's own misprints ([`Habits::learn`]).
/// Read with its habits, such a text's moves are its moves as printed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Habits(Vec<(char, char)>);

impl Habits {
    /// The misprints met at least [`HABIT`] times in `slips` (each
    /// misprinted move's slips, from [`Forms::slips`]), with how often:
    /// those the text makes at least as often as it prints the character
    /// meant right (`printed_right`). A few slips among many characters
    /// printed right are slips, not a habit.
    pub fn learn<'a>(
        slips: impl IntoIterator<Item = &'a [(char, char)]>,
        printed_right: impl Fn(char) -> usize,
    ) -> Vec<((char, char), usize)> {
        let mut counts: HashMap<(char, char), usize> = HashMap::new();
        for move_slips in slips {
            let mut seen: Vec<(char, char)> = move_slips.to_vec();
            seen.sort_unstable();
            seen.dedup();
            for pair in seen {
                *counts.entry(pair).or_default() += 1;
            }
        }
        let mut learned: Vec<_> = counts
            .into_iter()
            .filter(|&((_, meant), n)| n >= HABIT && n >= printed_right(meant))
            .collect();
        learned.sort_unstable();
        learned
    }

    /// The habits of `pairs`.
    pub fn new(pairs: impl IntoIterator<Item = (char, char)>) -> Habits {
        let mut pairs: Vec<(char, char)> = pairs.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup();
        Habits(pairs)
    }

    /// `text` with its capitals, the letters of pieces and squares, as
    /// these habits mean them (`P to X 4` with `X` for `K`: `P to K 4`);
    /// the words around them (`to`, `Kt`) as printed.
    pub fn as_meant(&self, text: &str) -> String {
        text.chars()
            .map(|c| {
                let meant = c
                    .is_uppercase()
                    .then(|| self.0.iter().find(|&&(printed, _)| printed == lower(c)))
                    .flatten();
                meant.map_or(c, |&(_, m)| m.to_uppercase().next().unwrap_or(m))
            })
            .collect()
    }

    fn has(&self, printed: char, meant: char) -> bool {
        self.0.contains(&(printed, meant))
    }
}

/// Which legal moves a [`Forms`] renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Moves {
    /// Every legal move.
    All,
    /// Those a move printed in words alone can be (`K P two`, `R
    /// interposes`): a pawn's advance, a piece put between a checking
    /// piece and the king. Far fewer to render where a page in words is
    /// read in many positions.
    InWords,
}

/// Whether `m` may be printed in words alone: a pawn's advance (`K P
/// two`), or a piece put between a checking piece and the king (`R
/// interposes`).
fn in_words(pos: &Chess, m: &Move) -> bool {
    !m.is_capture() && (m.role() == Role::Pawn || pos.is_check() && m.role() != Role::King)
}

/// Moves misprinted alike, the fewest that make a habit of the text.
pub const HABIT: usize = 3;

/// A legal move that a span of text reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    /// The move.
    pub mv: Move,
    /// The cost of the edits that make the span the move's form, in
    /// [`EDIT`]s; zero for a variant.
    pub cost: u32,
}

impl Match {
    /// Whether the span is the move as printed, in a variant spelling.
    pub fn is_variant(&self) -> bool {
        self.cost == 0
    }
}

impl Forms {
    /// The forms of `pos`'s legal moves in `notation` with `lang`'s
    /// letters. ICCF numbers have no spellings to vary: none.
    pub fn new(pos: &Chess, notation: Notation, lang: &Language) -> Forms {
        Forms::of(pos, None, notation, lang, Moves::All)
    }

    /// [`Forms::new`] of the legal moves `which` says; with `origins`, a
    /// descriptive piece is named by the wing it started on (`KR` is the
    /// rook that began on the king's side, wherever it stands now).
    fn of(pos: &Chess, origins: Option<&Origins>, notation: Notation, lang: &Language, which: Moves) -> Forms {
        let moves: Vec<Move> = match notation {
            Notation::Iccf(_) => Vec::new(),
            _ => pos
                .legal_moves()
                .into_iter()
                .filter(|m| which == Moves::All || in_words(pos, m))
                .collect(),
        };
        let mut forms = Vec::with_capacity(moves.len() * 16);
        for (i, &m) in moves.iter().enumerate() {
            let (written, slips) = match notation {
                Notation::Descriptive => (
                    descriptive_forms(lang, pos, origins, m, pos.turn()),
                    // Squares counted from the other side: a slip, and
                    // no move printed in words alone is read as one.
                    if which == Moves::All {
                        descriptive_forms(lang, pos, origins, m, !pos.turn())
                    } else {
                        Vec::new()
                    },
                ),
                _ => (algebraic_forms(lang, m), Vec::new()),
            };
            let mut keys: Vec<(Vec<char>, u32)> = written
                .iter()
                .map(|f| (key(f), 0))
                .chain(slips.iter().map(|f| (key(f), CONFUSED)))
                .collect();
            keys.sort_unstable();
            keys.dedup_by(|a, b| a.0 == b.0);
            forms.extend(
                keys.into_iter()
                    .filter(|(k, _)| !k.is_empty())
                    .map(|(k, slip)| (i, k, slip)),
            );
        }
        let mut written: Vec<(u64, usize)> = forms
            .iter()
            .enumerate()
            .filter(|(_, (_, _, slip))| *slip == 0)
            .map(|(f, (_, form, _))| (fingerprint(weighed_part(form)), f))
            .collect();
        written.sort_unstable();
        Forms {
            moves,
            forms,
            written,
            read: RefCell::new(HashMap::new()),
            habits: Habits::default(),
        }
    }

    /// These forms, weighed with a text's `habits`.
    pub fn with_habits(mut self, habits: &Habits) -> Forms {
        self.habits = habits.clone();
        self
    }

    /// [`Forms::new`] of the moves `which` says, with the pieces named
    /// by where they began when `origins` are known, kept for the
    /// positions met lately on this thread: a text is read again and
    /// again as the audit tries its edits, and meets the same positions
    /// each time.
    pub fn cached(
        pos: &Chess,
        origins: Option<&Origins>,
        notation: Notation,
        lang: &Language,
        habits: &Habits,
        which: Moves,
    ) -> Rc<Forms> {
        /// Positions kept; the cache starts afresh when it is full.
        const KEPT: usize = 4096;
        type Cache = HashMap<(u64, Option<Origins>, Moves, Notation, String, Habits), Rc<Forms>>;
        thread_local! {
            static CACHE: RefCell<Cache> = RefCell::new(HashMap::new());
        }
        let hash = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        // Only descriptive notation names a piece by where it started.
        let origins = origins.filter(|_| notation == Notation::Descriptive);
        let id = (hash, origins.cloned(), which, notation, lang.code.clone(), habits.clone());
        CACHE.with_borrow_mut(|cache| {
            if let Some(forms) = cache.get(&id) {
                return forms.clone();
            }
            if cache.len() >= KEPT {
                cache.clear();
            }
            let forms = Rc::new(Forms::of(pos, origins, notation, lang, which).with_habits(habits));
            cache.insert(id, forms.clone());
            forms
        })
    }

    /// The legal moves that `written` (a span in the reader's short
    /// form) reads as, the nearest first: those within a misreading's
    /// reach, and near the best.
    pub fn matches(&self, written: &str) -> Vec<Match> {
        let text = key(written);
        if let Some(read) = self.read.borrow().get(&text) {
            return read.clone();
        }
        let read = self.weigh_all(&text);
        self.read.borrow_mut().insert(text, read.clone());
        read
    }

    /// [`Forms::matches`] of a text's key.
    fn weigh_all(&self, text: &[char]) -> Vec<Match> {
        // A move names a square or a piece taken, or castles; a word
        // of prose is none of them.
        let movelike = text.iter().any(char::is_ascii_digit)
            || text.contains(&'x')
            || matches!(text.get(..2), Some(['o' | 'O', 'o' | 'O']))
            || text[glued_number(text)..].first().is_some_and(|c| c.is_uppercase()) && text.len() <= 8
            || text.len() >= 4 && text[..4].iter().map(|&c| lower(c)).eq("cast".chars());
        if text.len() < 2 || self.moves.is_empty() {
            return Vec::new();
        }
        if !movelike {
            // Only a move's own words (`R interposes`, `K P two`).
            let mut exact: Vec<usize> = self
                .forms
                .iter()
                .filter(|(_, form, slip)| *slip == 0 && form.as_slice() == text)
                .map(|&(i, _, _)| i)
                .collect();
            exact.dedup();
            return exact
                .into_iter()
                .map(|i| Match { mv: self.moves[i], cost: 0 })
                .collect();
        }
        let by_squares = self.by_squares(text);
        // Printed as a form, the move is read as printed, and only the
        // moves so printed are near the best.
        if let Some(variants) = self.variants(text, by_squares) {
            return variants;
        }
        let mut best: Vec<Option<u32>> = vec![None; self.moves.len()];
        if let Some((found, cost)) = by_squares {
            best[found] = Some(cost);
        }
        self.weighed(text, best, &[])
    }

    /// The moves nearest to `written` other than `printed`, the legal
    /// moves it reads as: what else a legal move that the moves after it
    /// contradict may have been meant as. Each costs at least an edit.
    pub fn matches_other(&self, written: &str, printed: &[Move]) -> Vec<Match> {
        let text = key(written);
        if text.len() < 2 {
            return Vec::new();
        }
        self.weighed(&text, vec![None; self.moves.len()], printed)
    }

    /// The moves `text` (a key) is the nearest to, weighed form by form
    /// from the costs found so far, `best`, leaving out `skipped`.
    fn weighed(&self, text: &[char], mut best: Vec<Option<u32>>, skipped: &[Move]) -> Vec<Match> {
        let budget = self.habits.0.is_empty().then(|| Budget::of(text));
        // Past the nearest so far by more than an edit, a reading is not
        // among those kept ([`nearest`]).
        let mut floor = best.iter().flatten().min().copied();
        for (i, form, slip) in &self.forms {
            if best[*i] == Some(0) || skipped.contains(&self.moves[*i]) {
                continue;
            }
            let reach = (form.len() as u32 * 4)
                .min(3 * EDIT)
                .min(floor.map_or(u32::MAX, |f| f + EDIT));
            if !within_reach(text, form, reach) || budget.as_ref().is_some_and(|b| b.floor(form, reach) > reach) {
                continue;
            }
            if let Some(cost) = weigh(text, form, reach, &self.habits)
                && (*slip == 0 || cost == 0)
                && (skipped.is_empty() || cost + slip > 0)
                && best[*i].is_none_or(|b| cost + slip < b)
            {
                best[*i] = Some(cost + slip);
                floor = Some(floor.map_or(cost + slip, |f| f.min(cost + slip)));
            }
        }
        let out: Vec<Match> = best
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|cost| Match { mv: self.moves[i], cost }))
            .collect();
        nearest(out)
    }

    /// The moves `text` (a key) is printed as, at no cost, found without
    /// weighing: a form as written followed by a short tail of letters
    /// at most, or long algebraic read by its squares (`by_squares`).
    /// `None` where none is, or where the text's habits or its length
    /// leave only weighing to tell.
    fn variants(&self, text: &[char], by_squares: Option<(usize, u32)>) -> Option<Vec<Match>> {
        if !self.habits.0.is_empty() || text.is_empty() || text.len() > WEIGHED_CHARS {
            return None;
        }
        let mut found: Vec<usize> = by_squares.filter(|&(_, cost)| cost == 0).map(|(i, _)| i).into_iter().collect();
        for tail in 0..=VARIANT_TAIL.min(text.len() - 1) {
            let (printed, rest) = text.split_at(text.len() - tail);
            if rest.iter().any(char::is_ascii_digit) {
                break;
            }
            let id = fingerprint(printed);
            let from = self.written.partition_point(|&(f, _)| f < id);
            found.extend(
                self.written[from..]
                    .iter()
                    .take_while(|&&(f, _)| f == id)
                    .filter(|&&(_, form)| weighed_part(&self.forms[form].1) == printed)
                    .map(|&(_, form)| self.forms[form].0),
            );
        }
        if found.is_empty() {
            return None;
        }
        found.sort_unstable();
        found.dedup();
        Some(nearest(found.into_iter().map(|i| Match { mv: self.moves[i], cost: 0 }).collect()))
    }

    /// [`Forms::matches`] of a span read two ways, each move at the nearer:
    /// as the reader's short form has it, and as its words are printed.
    /// A damaged word may make a wrong short form (`K. P. to.`, a `two`
    /// with its `w` lost, is `KP-` in short) that the printed words, one
    /// letter from the move's form, are not.
    pub fn matches_either(&self, short: &str, printed: &str) -> Vec<Match> {
        let mut all = self.matches(short);
        // Read in short form as printed or nearly, the span needs no
        // second reading.
        if all.first().is_some_and(|m| m.cost < EDIT) || key(printed) == key(short) {
            return all;
        }
        for m in self.matches(printed) {
            match all.iter_mut().find(|f| f.mv == m.mv) {
                Some(f) => f.cost = f.cost.min(m.cost),
                None => all.push(m),
            }
        }
        nearest(all)
    }

    /// How near `written` is to each of `moves`, for a move printed past
    /// the reach of [`Forms::matches`]: the cost of the edits that make
    /// it the move's nearest form, at most `most` (in [`EDIT`]s).
    pub fn nearness(&self, written: &str, moves: &[Move], most: u32) -> Vec<u32> {
        let text = key(written);
        let mut best = vec![most; moves.len()];
        for (i, form, slip) in &self.forms {
            let Some(at) = moves.iter().position(|m| *m == self.moves[*i]) else {
                continue;
            };
            if let Some(cost) = weigh(&text, form, best[at], &self.habits) {
                best[at] = best[at].min(cost + slip);
            }
        }
        best
    }

    /// Long algebraic with both squares right reads as its move whatever
    /// language's letter names its piece (`Cf1-c4` transliterated,
    /// `Kpe1-f1`, `K g1 f3` with a knight's old letter) or the captured
    /// piece it names (`Ce4xCf6`): the index of that move, as printed; a
    /// letter of no such piece makes it a misprint of that move. Where the
    /// origin's rank is a look-alike of a digit (`IíbS—c6`: `S` for `8`)
    /// and one move fits, it is that move misread.
    fn by_squares(&self, text: &[char]) -> Option<(usize, u32)> {
        // The destination: a square right, after the origin's file and
        // a rank or its look-alike.
        let found = (1..text.len().saturating_sub(1)).rev().find_map(|b| {
            let to = square_at(text, b)?;
            (0..b.saturating_sub(1)).rev().find_map(|a| {
                let file = "abcdefgh".find(text[a])?;
                let ranks = rank_readings(text[a + 1]);
                (!ranks.is_empty()).then_some((a, file, ranks, b, to))
            })
        });
        let (a, file, ranks, b, to) = found?;
        // Letters before, between (a capture mark, the captured piece)
        // and after (a promotion) the squares, a few at most.
        let letters = |r: std::ops::Range<usize>| text[r].iter().all(|c| c.is_alphabetic());
        if a > 2 || b < a + 2 || b > a + 4 || text.len() > b + 3 || !letters(0..a) {
            return None;
        }
        let from_fits = |sq: Square| {
            sq.file() == File::new(file as u32) && ranks.iter().any(|&(r, _)| sq.rank().char() == r)
        };
        let mut fits = self
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.from().is_some_and(from_fits) && destination(m) == to);
        let (i, m) = fits.next()?;
        // Promotions differ in their piece alone: the letter says which.
        if m.promotion().is_some() || fits.next().is_some() {
            return None;
        }
        let cost = ranks
            .iter()
            .find(|&&(r, _)| m.from().is_some_and(|sq| sq.rank().char() == r))
            .map_or(0, |&(_, cost)| cost);
        // A letter that names the piece in no language (`JIe1—g1`, the
        // scanner's `Л`; `Qf1-e1` for a rook) is a misprint of it.
        let letter: String = text[..a].iter().collect();
        let names_it = letter.is_empty()
            || Language::all()
                .iter()
                .any(|lang| lang.piece_prefix(&letter) == Some((m.role(), letter.len())));
        Some((i, cost + if names_it { 0 } else { EDIT }))
    }
}

/// The ranks `c` may be, printed as a square's rank: itself, or the
/// digits it is a look-alike of, each with the cost of so reading it.
fn rank_readings(c: char) -> Vec<(char, u32)> {
    if ('1'..='8').contains(&c) {
        return vec![(c, 0)];
    }
    if c.is_ascii_digit() {
        return Vec::new();
    }
    ('1'..='8')
        .filter(|&d| confused(lower(c), d))
        .map(|d| (d, CONFUSED))
        .collect()
}

impl Forms {
    /// The characters `written` prints for others when read as `mv`'s
    /// nearest form: (as printed, as meant), in key form, letters in
    /// lower case; none where it is no form of `mv` within reach.
    pub fn slips(&self, written: &str, mv: Move) -> Vec<(char, char)> {
        let text = key(written);
        let Some(i) = self.moves.iter().position(|&m| m == mv) else {
            return Vec::new();
        };
        self.forms
            .iter()
            .filter(|(j, _, slip)| *j == i && *slip == 0)
            .filter_map(|(_, form, _)| {
                let reach = (form.len() as u32 * 4).min(3 * EDIT);
                weigh(&text, form, reach, &self.habits).map(|cost| (cost, form))
            })
            .min_by_key(|&(cost, _)| cost)
            .map(|(_, form)| substitutions(&text, form))
            .unwrap_or_default()
    }
}

/// The characters replaced when `text` is read as `form` at the least
/// cost (an alignment of the two), letters in lower case.
fn substitutions(text: &[char], form: &[char]) -> Vec<(char, char)> {
    let (n, m) = (text.len(), form.len());
    let ins = |c: char| if c == 'x' { CAPTURE_MARK } else { EDIT };
    // Case apart: a slip is a character read as another.
    let sub = |t: char, f: char| match substitution(t, lower(t), f, lower(f), &Habits::default()) {
        CASE => 0,
        cost => cost,
    };
    let mut cost = vec![vec![0u32; m + 1]; n + 1];
    for j in 1..=m {
        cost[0][j] = cost[0][j - 1] + ins(form[j - 1]);
    }
    for i in 1..=n {
        cost[i][0] = cost[i - 1][0] + ins(text[i - 1]);
        for j in 1..=m {
            cost[i][j] = (cost[i - 1][j - 1] + sub(text[i - 1], form[j - 1]))
                .min(cost[i - 1][j] + ins(text[i - 1]))
                .min(cost[i][j - 1] + ins(form[j - 1]));
        }
    }
    // The form against the best prefix of the text; the rest is a tail.
    let Some(mut i) = (0..=n).min_by_key(|&i| cost[i][m] + TAIL * (n - i) as u32) else {
        return Vec::new();
    };
    let mut j = m;
    let mut out = Vec::new();
    while i > 0 && j > 0 {
        let (t, f) = (text[i - 1], form[j - 1]);
        if cost[i][j] == cost[i - 1][j - 1] + sub(t, f) {
            if lower(t) != lower(f) {
                out.push((lower(t), lower(f)));
            }
            i -= 1;
            j -= 1;
        } else if cost[i][j] == cost[i - 1][j] + ins(t) {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    out.reverse();
    out
}

/// The square whose file and rank start at `text[i]`.
fn square_at(text: &[char], i: usize) -> Option<Square> {
    let file = "abcdefgh".find(*text.get(i)?)?;
    let rank = "12345678".find(*text.get(i + 1)?)?;
    Some(Square::from_coords(
        shakmaty::File::new(file as u32),
        shakmaty::Rank::new(rank as u32),
    ))
}

/// The forms of `m` in algebraic notation: short with each way of
/// naming the origin, long, with or without the capture mark, the
/// captured piece named, each of `lang`'s letters.
fn algebraic_forms(lang: &Language, m: Move) -> Vec<String> {
    if let Some(side) = m.castling_side() {
        let mut out = vec![match side {
            CastlingSide::KingSide => "O-O".to_owned(),
            CastlingSide::QueenSide => "O-O-O".to_owned(),
        }];
        // Written as the king's move (`e1g1`, `Ke1-g1`), as coordinates
        // and long algebraic write it.
        if let Some(from) = m.from() {
            let to = Square::from_coords(side.king_to_file(), from.rank());
            out.push(format!("{from}{to}"));
            out.extend(lang.letters(Role::King).iter().map(|k| format!("{k}{from}{to}")));
        }
        return out;
    }
    let Some(from) = m.from() else {
        return Vec::new();
    };
    let to = destination(&m).to_string();
    let promotions: Vec<&str> = match m.promotion() {
        // A promotion to `K` is to a king in every letter set (see
        // `notation::san`), even where `K` names another piece.
        Some(role) => lang
            .letters(role)
            .iter()
            .map(String::as_str)
            .filter(|&letter| letter != "K")
            .collect(),
        None => vec![""],
    };
    let letters: Vec<&str> = if m.role() == Role::Pawn {
        std::iter::once("")
            .chain(lang.letters(Role::Pawn).iter().map(String::as_str))
            .collect()
    } else {
        lang.letters(m.role()).iter().map(String::as_str).collect()
    };
    let file = from.file().char().to_string();
    let rank = from.rank().char().to_string();
    let origins: Vec<String> = if m.role() == Role::Pawn {
        if m.is_capture() {
            vec![file.clone(), from.to_string()]
        } else {
            vec![String::new(), from.to_string()]
        }
    } else {
        vec![String::new(), file.clone(), rank, from.to_string()]
    };
    // The captured piece named in long algebraic (`Ce4xCf6`).
    let captured: Vec<&str> = match m.capture() {
        Some(role) => std::iter::once("")
            .chain(lang.letters(role).iter().map(String::as_str))
            .collect(),
        None => vec![""],
    };
    // A capture with its mark or without, as informal texts print it.
    let marks: &[&str] = if m.is_capture() { &["x", ""] } else { &[""] };
    let mut out = Vec::new();
    for letter in &letters {
        for origin in &origins {
            for mark in marks {
                for taken in &captured {
                    for promo in &promotions {
                        out.push(format!("{letter}{origin}{mark}{taken}{to}{promo}"));
                    }
                }
            }
        }
    }
    // `ed`, `exd`: a pawn capture by its files alone.
    if m.role() == Role::Pawn && m.is_capture() {
        let target = destination(&m).file().char();
        out.push(format!("{file}{target}"));
        out.push(format!("{file}x{target}"));
    }
    out
}

/// The forms of `m` in descriptive notation, its squares counted from
/// `side`'s end of the board: every spelling, written
/// short (`R-B1`) and out in words run together as print and scans
/// leave them (`RtoB1`, `RtoBsq`, `RtakesP`), and a pawn's advance by
/// its steps (`KPtwo`).
fn descriptive_forms(lang: &Language, pos: &Chess, origins: Option<&Origins>, m: Move, side: Color) -> Vec<String> {
    let spelled = spellings_from(lang, pos, origins, m, side);
    let mut out = Vec::new();
    // The words the vocabulary writes out for a dash, a capture and a
    // first rank (`to`, `takes`, `sq`).
    let words = |mark: &str| -> Vec<&str> {
        let mut w: Vec<&str> = vocabulary()
            .long_form
            .iter()
            .filter(|(_, m)| m.as_str() == mark)
            .map(|(w, _)| w.as_str())
            .collect();
        w.sort_unstable();
        w
    };
    let (dashes, takes, firsts) = (words("-"), words("x"), words("1"));
    for s in with_other_letters(lang, spelled.clone()) {
        if let Some((mover, to)) = s.split_once('-') {
            for dash in &dashes {
                out.push(format!("{mover}{dash}{to}"));
                if let Some(file) = to.strip_suffix('1') {
                    for first in &firsts {
                        out.push(format!("{mover}{dash}{file}{first}"));
                        out.push(format!("{mover}{file}{first}"));
                    }
                }
            }
        } else if let Some((mover, taken)) = s.split_once('x') {
            out.extend(takes.iter().map(|t| format!("{mover}{t}{taken}")));
        }
        out.push(s);
    }
    if let (Some(side), Some(desc)) = (m.castling_side(), lang.descriptive.as_ref()) {
        let wing = match side {
            CastlingSide::KingSide => &desc.king_wing,
            CastlingSide::QueenSide => &desc.queen_wing,
        };
        let rook = lang.letter(Role::Rook);
        for word in desc.castles.iter().take(1) {
            out.push(word.clone());
            out.extend(wing.iter().take(1).map(|w| format!("{word}{w}{rook}")));
        }
    }
    // A piece put between a checking piece and the king, named alone
    // (`R interposes`).
    if pos.is_check() && m.role() != Role::King && !m.is_capture() {
        for s in &with_other_letters(lang, spelled.clone()) {
            if let Some((mover, _)) = s.split_once('-') {
                out.extend(vocabulary().interpose.iter().map(|w| format!("{mover}{w}")));
            }
        }
    }
    // A pawn's advance by its steps, the pawn named as in its spellings
    // (`KBP two`, `P one`), in the words the vocabulary gives.
    if m.role() == Role::Pawn
        && !m.is_capture()
        && let Some(from) = m.from()
    {
        let steps = from.rank().distance(destination(&m).rank()) as usize;
        if let Some(word) = vocabulary().steps.get(steps.wrapping_sub(1)) {
            out.extend(pawn_names(lang, from.file()).iter().map(|pawn| format!("{pawn}{word}")));
        }
    }
    out
}

/// A pawn on `file` as descriptive names it: `P`, and by its file's
/// piece short and with its wing (`BP`, `KBP`, `KtP`, `KKtP`, `QP`).
fn pawn_names(lang: &Language, file: File) -> Vec<String> {
    let pawn = lang.letter(Role::Pawn);
    let named = file_names(lang, file)
        .into_iter()
        .map(|name| format!("{name}{pawn}"));
    with_other_letters(lang, std::iter::once(pawn.to_owned()).chain(named).collect())
}

/// `spellings` and each of them with the other letters of a piece
/// whose language has several (`Kt` and `S` beside `N`).
fn with_other_letters(lang: &Language, spellings: Vec<String>) -> Vec<String> {
    let mut out = spellings.clone();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        let [first, others @ ..] = lang.letters(role) else {
            continue;
        };
        for other in others {
            out.extend(
                spellings
                    .iter()
                    .filter(|s| s.contains(first.as_str()))
                    .map(|s| s.replace(first.as_str(), other)),
            );
        }
    }
    out
}

/// The characters of a text or a form that [`weigh`] compares; those
/// after them are not weighed.
const WEIGHED_CHARS: usize = 24;

/// The part of `form` that [`weigh`] compares.
fn weighed_part(form: &[char]) -> &[char] {
    &form[..form.len().min(WEIGHED_CHARS)]
}

/// `text` as forms are compared: letters and digits only, `0` as `o`,
/// `×`, `:` and `X` as the capture mark `x`, figurines in White's
/// colour, marks and brackets gone.
pub fn key(text: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '0' => out.push('O'),
            '×' | ':' | 'X' => out.push('x'),
            // The scanner's `ß` for `B`: kept apart, to be weighed as a
            // look-alike of `b`.
            'ß' => out.push('\u{7f}'),
            // A figurine is kept, in one colour: `♕c3` is not the pawn's
            // `c3`, nor the letters' `Qc3`.
            '♔'..='♙' => out.push(c),
            '♚'..='♟' => out.push(char::from_u32(c as u32 - 6).unwrap_or(c)),
            c if c.is_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    out
}

/// The length of a move number glued before a move, its digits
/// misread or not (`iPtoQj` for `1 P to Q 4`), at most two characters.
fn glued_number(text: &[char]) -> usize {
    let len = text
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit() || matches!(c, 'i' | 'l' | 'I'))
        .count();
    // Before a piece's letter: a digit before a pawn's square is more
    // likely a letter misread (`5f3` for `Sf3`).
    if text.get(len).is_some_and(|c| c.is_uppercase()) {
        len
    } else {
        0
    }
}

/// A 64-bit fingerprint of a key.
fn fingerprint(key: &[char]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    key.iter()
        .fold(0xcbf2_9ce4_8422_2325, |h: u64, &c| (h ^ u64::from(c)).wrapping_mul(PRIME))
}

/// Of the moves a span reads as, the nearest first, those near the
/// best: a variant is the move as printed, and a misreading near it is
/// not; a misreading by look-alikes is nearer than any other; where the
/// nearest takes a real edit, others as far off are as likely.
fn nearest(mut out: Vec<Match>) -> Vec<Match> {
    out.sort_by_key(|m| m.cost);
    let floor = out.first().map_or(0, |m| m.cost);
    let near = match floor {
        0 => 0,
        f if f < EDIT => (f + CONFUSED).max(EDIT),
        f => f + EDIT,
    };
    out.retain(|m| m.cost <= near);
    // Past the nearest few, only those as near as the last kept: what
    // is printed does not tell them apart, the moves after them may.
    if let Some(last) = out.get(MOST - 1).map(|m| m.cost) {
        let tied = out.iter().take_while(|m| m.cost <= last).count();
        out.truncate(tied.min(MOST_TIED));
    }
    out
}

/// `c` in lower case, when that is one character.
fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Whether `a` and `b` print or are written alike.
fn confused(a: char, b: char) -> bool {
    look_alikes(a) >> ascii(b) & 1 == 1
}

/// The characters that print or are written like `c`, as a set of
/// ASCII codes; none for a character outside ASCII.
fn look_alikes(c: char) -> u128 {
    static TABLE: OnceLock<[u128; 128]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u128; 128];
        for &(x, y) in CONFUSIONS {
            let (x, y) = (ascii(x), ascii(y));
            t[x] |= 1 << y;
            t[y] |= 1 << x;
        }
        t[0] = 0;
        t
    });
    table[ascii(c)]
}

/// A text's characters as a budget for reading it as a form: how many
/// of each it holds (in lower case), and which characters a look-alike
/// or a pair of characters in it could stand for. What a form needs
/// beyond them sets a floor under what [`weigh`] finds, at a fraction
/// of its cost.
struct Budget {
    count: [u8; 128],
    near: u128,
}

impl Budget {
    fn of(text: &[char]) -> Budget {
        let text = weighed_part(text);
        let mut count = [0u8; 128];
        let mut near = 0u128;
        for (i, &c) in text.iter().enumerate() {
            let l = lower(c);
            if l.is_ascii() {
                count[l as usize] = count[l as usize].saturating_add(1);
            }
            near |= look_alikes(l);
            if let Some(m) = i.checked_sub(1).and_then(|p| confused_pair_meaning([lower(text[p]), l])) {
                near |= 1 << ascii(m);
            }
        }
        Budget { count, near }
    }

    /// A floor under the cost of reading the text as `form`, without
    /// habits: each of the form's characters the text lacks is read from
    /// a look-alike at best, or else left out; counted to past `reach`.
    fn floor(&self, form: &[char], reach: u32) -> u32 {
        let mut left = self.count;
        let mut cost = 0;
        for &f in weighed_part(form) {
            let l = lower(f);
            if !l.is_ascii() {
                continue;
            }
            let i = l as usize;
            if left[i] > 0 {
                left[i] -= 1;
                continue;
            }
            cost += if self.near >> i & 1 == 1 {
                CONFUSED
            } else if l == 'x' {
                CAPTURE_MARK
            } else {
                EDIT
            };
            if cost > reach {
                break;
            }
        }
        cost
    }
}

/// The character that the two characters `printed` print like.
/// `text` with each word of two capital-led characters that print as
/// one piece letter read as it (`It takes P`: `R takes P`).
pub fn with_paired_look_alikes(text: &str) -> String {
    text.split_inclusive(char::is_whitespace)
        .map(|word| {
            let bare = word.trim_end();
            let chars: Vec<char> = bare.chars().collect();
            let meant = match chars.as_slice() {
                [a, b] if a.is_uppercase() => confused_pair_meaning([lower(*a), lower(*b)]),
                _ => None,
            };
            meant.map_or_else(
                || word.to_owned(),
                |m| format!("{}{}", m.to_uppercase(), &word[bare.len()..]),
            )
        })
        .collect()
}

fn confused_pair_meaning(printed: [char; 2]) -> Option<char> {
    CONFUSED_PAIRS.iter().find(|&&(p, _)| p == printed).map(|&(_, m)| m)
}

/// `c` as an index of the confusion table; any non-ASCII character 0.
fn ascii(c: char) -> usize {
    match c {
        c if c.is_ascii() => c as usize,
        _ => 0,
    }
}

/// The cost of reading `t` (`tl` in lower case) where a form has `f`
/// (`fl`): nothing for the same character or one of the text's
/// `habits`, a case's or a look-alike's share, else an edit.
fn substitution(t: char, tl: char, f: char, fl: char, habits: &Habits) -> u32 {
    if t == f {
        0
    } else if tl == fl {
        CASE
    } else if !habits.0.is_empty() && habits.has(tl, fl) {
        0
    } else if confused(tl, fl) {
        CONFUSED
    } else {
        EDIT
    }
}

/// Whether the lengths of `text` and `form` alone leave reading one as
/// the other within `reach`: each of the form's characters missing costs
/// an edit (a capture mark less), each left over after it a tail's share.
fn within_reach(text: &[char], form: &[char], reach: u32) -> bool {
    let marks = form.iter().filter(|&&c| c == 'x').count();
    let missing = (form.len() - marks).saturating_sub(text.len()) as u32;
    let over = text.len().saturating_sub(form.len()) as u32;
    missing * EDIT <= reach && over.saturating_sub(VARIANT_TAIL as u32) * TAIL <= reach
}

/// The cost of reading `text` as `form`, when within `reach`: the
/// weighted edit distance of `form` to a prefix of `text`, plus what is
/// left over after it. Zero only when the form is printed as it stands,
/// with at most [`VARIANT_TAIL`] leftover characters.
fn weigh(text: &[char], form: &[char], reach: u32, habits: &Habits) -> Option<u32> {
    const MAX: usize = WEIGHED_CHARS;
    let (n, m) = (text.len().min(MAX), form.len().min(MAX));
    let text = &text[..n];
    let form = &form[..m];
    // Both in lower case once, not at every cell.
    let mut lowered = ['\0'; MAX];
    let mut form_lowered = ['\0'; MAX];
    for (l, &c) in lowered.iter_mut().zip(text) {
        *l = lower(c);
    }
    for (l, &c) in form_lowered.iter_mut().zip(form) {
        *l = lower(c);
    }
    // row[j]: cost of text[..i] against form[..j].
    let mut before_prev = [0u32; MAX + 1];
    let mut prev = [0u32; MAX + 1];
    let mut row = [0u32; MAX + 1];
    let ins = |c: char| if c == 'x' { CAPTURE_MARK } else { EDIT };
    for j in 1..=m {
        prev[j] = prev[j - 1] + ins(form[j - 1]);
    }
    let mut best = prev[m] + TAIL * n as u32 + EDIT * u32::from(n > VARIANT_TAIL);
    // A move number glued before the move, its digits misread or not
    // (`iPtoQj` for `1 P to Q 4`): a leftover at the start.
    let glued_number = glued_number(text);
    for i in 1..=n {
        let (t, tl) = (text[i - 1], lowered[i - 1]);
        // What the last two characters print like, taken as one.
        let pair_meant = (i >= 2)
            .then(|| confused_pair_meaning([lowered[i - 2], tl]))
            .flatten();
        row[0] = prev[0] + if i <= glued_number { TAIL } else { ins(t) };
        for j in 1..=m {
            let (f, fl) = (form[j - 1], form_lowered[j - 1]);
            let sub = substitution(t, tl, f, fl, habits);
            row[j] = (prev[j - 1] + sub)
                .min(prev[j] + ins(t))
                .min(row[j - 1] + ins(f));
            if pair_meant == Some(fl) {
                row[j] = row[j].min(before_prev[j - 1] + CONFUSED);
            }
        }
        let left = n - i;
        // A tail of letters is a footnote's or a novelty's; a digit in
        // it is part of a move.
        let short_tail = left <= VARIANT_TAIL && !text[i..].iter().any(char::is_ascii_digit);
        let tail = TAIL * left as u32 + if short_tail { 0 } else { EDIT };
        let core = row[m];
        // A variant: the form exactly, and a short tail.
        let cost = if core == 0 && short_tail {
            0
        } else {
            core + tail
        };
        best = best.min(cost);
        // No cell of a later row costs less than this row's cheapest.
        if best > reach && row[..=m].iter().all(|&c| c > reach) {
            return None;
        }
        before_prev = prev;
        std::mem::swap(&mut prev, &mut row);
    }
    (best <= reach).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position as pos;
    use shakmaty::san::San;

    fn read(fen: &str, notation: Notation, lang: &str, text: &str) -> Vec<(String, bool)> {
        let p = pos(fen);
        let lang = Language::builtin(lang).unwrap();
        Forms::new(&p, notation, lang)
            .matches(text)
            .into_iter()
            .map(|m| (San::from_move(&p, m.mv).to_string(), m.is_variant()))
            .collect()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_letter_dropped_is_as_near_as_a_look_alike() {
        // `c5` with no pawn to go there: `e5` misread, or `Bc5` with its
        // letter lost; the moves after it tell which.
        let fen = "rnbqkbnr/pp1p1ppp/4p3/8/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1";
        let read: Vec<String> = read(fen, Notation::San, "en", "c5").into_iter().map(|(m, _)| m).collect();
        assert!(read.contains(&"e5".to_owned()) && read.contains(&"Bc5".to_owned()), "{read:?}");
    }

    #[test]
    fn a_six_scanned_as_g_reads_as_six() {
        // `Q. to K. Kt. Gth.` (as its span is keyed) with the queen able
        // to reach g6 and g5.
        let fen = "6k1/5ppp/8/8/6Q1/8/5PPP/6K1 w - - 0 1";
        let read: Vec<String> = read(fen, Notation::Descriptive, "en", "Q-KKtGth").into_iter().map(|(m, _)| m).collect();
        assert_eq!(read.first().map(String::as_str), Some("Qg6"), "{read:?}");
    }

    #[test]
    fn signs_glued_to_a_move_leave_it_as_printed() {
        for text in ["d4=", "d4+/-", "d4!?", "d4N", "d4(c)", "P-Q4(c)"] {
            let notation = if text.starts_with('P') {
                Notation::Descriptive
            } else {
                Notation::San
            };
            assert_eq!(read(START, notation, "en", text), [("d4".into(), true)], "{text}");
        }
    }

    #[test]
    fn long_algebraic_reads_by_its_squares_whatever_the_letter() {
        assert_eq!(read(START, Notation::San, "en", "Kg1-f3"), [("Nf3".into(), true)]);
        assert_eq!(read(START, Notation::San, "en", "Кb1c3"), [("Nc3".into(), true)]);
    }

    #[test]
    fn long_algebraic_with_a_letter_of_no_such_piece_is_misread() {
        // No language writes a knight `Q` or `JI` (the scanner's `Л`).
        for text in ["Qg1-f3", "JIg1—f3"] {
            let got = read(START, Notation::San, "en", text);
            assert_eq!(got.first(), Some(&("Nf3".into(), false)), "{text}: {got:?}");
        }
    }

    #[test]
    fn scanning_slips_are_misreadings_of_the_nearest_move() {
        let got = read(START, Notation::San, "en", "5f3");
        assert_eq!(got[0], ("Nf3".into(), false), "{got:?}");
        let got = read(START, Notation::Descriptive, "en", "Xt to K B 3");
        assert_eq!(got[0], ("Nf3".into(), false), "{got:?}");
    }

    #[test]
    fn moves_as_near_as_the_last_kept_are_kept_too() {
        // `R1` with its file lost: seven rook moves, each one letter off.
        let got = read("4k3/8/8/8/8/8/K7/R7 w - - 0 1", Notation::San, "en", "R1");
        let mut moves: Vec<&str> = got.iter().map(|(m, _)| m.as_str()).collect();
        moves.sort_unstable();
        assert_eq!(moves, ["Rb1", "Rc1", "Rd1", "Re1", "Rf1", "Rg1", "Rh1"]);
    }

    #[test]
    fn a_figurine_is_its_piece_and_a_bare_square_a_pawn_move() {
        // No pawn reaches c3; the queen and the bishop do. `c3` is a
        // misprint of the pawn's `e3`, not the queen's move as printed.
        let fen = "4k3/8/8/8/2P5/8/1BQ1P3/4K3 w - - 0 1";
        let got = read(fen, Notation::San, "figurine", "c3");
        assert!(got.iter().all(|(_, variant)| !variant), "{got:?}");
        assert_eq!(got[0].0, "e3", "{got:?}");
        let got = read(fen, Notation::San, "figurine", "♕c3");
        assert_eq!(got, [("Qc3".to_owned(), true)]);
    }

    #[test]
    fn a_legal_move_contradicted_later_is_weighed_against_the_other_moves_near_it() {
        // `Qxh7` is legal (and gives check); were Black's next move
        // illegal after it, `Qxh3` is what it may have meant, one edit
        // away. The move printed is never among the others.
        let fen = "r4rk1/3pqppp/p1n1p3/2p4Q/Np6/2P3Pb/PP1P1P1P/R1B1R1K1 w - - 2 14";
        let p: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let forms = Forms::cached(&p, None, Notation::San, Language::english(), &Habits::default(), Moves::All);
        let printed: Vec<Move> = forms.matches("Qxh7").iter().map(|m| m.mv).collect();
        assert_eq!(printed.len(), 1);
        let others = forms.matches_other("Qxh7", &printed);
        let sans: Vec<String> = others.iter().map(|m| crate::notation::san::san(&p, m.mv, Language::english())).collect();
        assert!(sans.contains(&"Qxh3".to_owned()), "{sans:?}");
        assert!(others.iter().all(|m| m.cost > 0 && !printed.contains(&m.mv)), "{sans:?}");
    }

    #[test]
    fn a_damaged_move_naming_a_piece_by_its_wing_is_the_piece_that_began_there() {
        // After castling the king's rook stands on f1; `K R o Q sq` (the
        // `to` damaged) is its move to d1, not the queen's rook's.
        let mut p = Chess::default();
        let mut origins = Origins::new(&p);
        for san in "e4 e5 Nf3 Nc6 Be2 Nf6 d3 Be7 O-O O-O Nc3 d6 Be3 Be6 Qd2 Qd7".split(' ') {
            let m = san.parse::<San>().unwrap().to_move(&p).unwrap();
            origins.play(m);
            p.play_unchecked(m);
        }
        let forms = Forms::cached(
            &p,
            Some(&origins),
            Notation::Descriptive,
            Language::english(),
            &Habits::default(),
            Moves::All,
        );
        let read = forms.matches(&crate::document::spans::short_text("K. R. o Q.'s sq"));
        assert_eq!(read[0].mv.from(), Some(Square::F1), "{read:?}");
        // Without the origins either rook may be the king's.
        let forms = Forms::new(&p, Notation::Descriptive, Language::english());
        let read = forms.matches(&crate::document::spans::short_text("K. R. o Q.'s sq"));
        assert_eq!(read[0].cost, read[1].cost, "{read:?}");
    }

    #[test]
    fn a_damaged_word_is_weighed_as_printed_where_its_short_form_misleads() {
        // `two` with its `w` lost reads as `to`, a dash in short form.
        let p = pos(START);
        let forms = Forms::new(&p, Notation::Descriptive, Language::english());
        let printed = "K. P. to.";
        let short = crate::document::spans::short_text(printed);
        assert!(forms.matches(&short).is_empty(), "{short}");
        let read = forms.matches_either(&short, printed);
        assert_eq!(San::from_move(&p, read[0].mv).to_string(), "e4", "{read:?}");
        assert!(!read[0].is_variant());
    }

    #[test]
    fn descriptive_written_out_and_run_together() {
        assert_eq!(read(START, Notation::Descriptive, "en", "PtoK4"), [("e4".into(), true)]);
        assert_eq!(read(START, Notation::Descriptive, "en", "KPtwo"), [("e4".into(), true)]);
        let got = read(START, Notation::Descriptive, "en", "QBPone");
        assert_eq!(got, [("c3".into(), true)]);
    }

    #[test]
    fn a_habit_of_print_is_learned_and_then_read_as_meant() {
        let p = pos(START);
        let forms = Forms::new(&p, Notation::Descriptive, Language::english());
        let nf3 = forms.matches("Kt to K B 3")[0].mv;
        assert_eq!(forms.slips("Xt to X B 3", nf3), [('x', 'k'), ('x', 'k')]);
        // Learned where moves enough print it so, each counted once.
        let slips = [vec![('x', 'k'), ('x', 'k')], vec![('x', 'k')], vec![('5', '3')], vec![('x', 'k')]];
        let learned = Habits::learn(slips.iter().map(Vec::as_slice), |_| 2);
        assert_eq!(learned, [(('x', 'k'), 3)]);
        // Not where the text prints the letter meant right more often.
        assert!(Habits::learn(slips.iter().map(Vec::as_slice), |_| 4).is_empty());
        let habits = Habits::new(learned.iter().map(|&(pair, _)| pair));
        let read = Forms::new(&p, Notation::Descriptive, Language::english())
            .with_habits(&habits)
            .matches("Xt to X B 3");
        assert!(read[0].mv == nf3 && read[0].is_variant(), "{read:?}");
        // Without the habit the same words are a misreading.
        assert!(!forms.matches("Xt to X B 3")[0].is_variant());
    }

    #[test]
    fn a_move_number_glued_before_a_piece_is_left_over() {
        let got = read(START, Notation::Descriptive, "en", "iPtoQ4");
        assert_eq!(got[0].0, "d4");
        // Before a pawn's square a digit is a letter misread.
        let got = read(START, Notation::San, "en", "5f3");
        assert_eq!(got[0], ("Nf3".into(), false), "{got:?}");
    }

    #[test]
    fn two_characters_scanned_for_one_are_a_look_alike() {
        // The Hungarian knight `H` scanned as `II`.
        assert_eq!(read(START, Notation::San, "hu", "IIf3"), [("Nf3".into(), false)]);
    }

    #[test]
    fn long_algebraic_reads_by_its_squares_with_a_rank_misread() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let got = read(after_e4, Notation::San, "en", "IíbS—c6");
        assert_eq!(got[0], ("Nc6".into(), false), "{got:?}");
    }

    #[test]
    fn prose_is_no_move() {
        for text in ["the", "However", "would have been", "Black"] {
            let got = read(START, Notation::San, "en", text);
            assert!(got.iter().all(|(_, v)| !v), "{text}: {got:?}");
        }
    }

    /// Positions with many kinds of move: castling both ways, captures,
    /// promotions, checks.
    const BUSY: [&str; 3] = [
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/P1PBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/2P5/8/8/8/8/5k1p/K7 b - - 0 1",
    ];

    /// `form` with up to three characters replaced, dropped or put in,
    /// and a tail, as `seed` picks them.
    fn damaged(form: &[char], seed: u64) -> Vec<char> {
        const ALPHABET: &[char] = &['a', 'e', 'k', 'x', 'P', 'K', 'B', 'Q', '1', '4', '5', '8', 'o', 't', 'h'];
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut out = form.to_vec();
        for _ in 0..next(4) {
            let c = ALPHABET[next(ALPHABET.len())];
            let at = next(out.len() + 1);
            match next(3) {
                0 if at < out.len() => out[at] = c,
                1 if at < out.len() => {
                    out.remove(at);
                }
                _ => out.insert(at, c),
            }
        }
        for _ in 0..next(3) {
            out.push(ALPHABET[next(ALPHABET.len())]);
        }
        out
    }

    #[test]
    fn the_budget_is_a_floor_under_every_weighing() {
        for (fen, notation) in BUSY.iter().flat_map(|f| [(f, Notation::San), (f, Notation::Descriptive)]) {
            let forms = Forms::new(&pos(fen), notation, Language::english());
            for (n, (_, form, _)) in forms.forms.iter().enumerate().step_by(3) {
                for seed in 0..4 {
                    let text = damaged(form, (n * 4 + seed) as u64);
                    let floor = Budget::of(&text).floor(form, u32::MAX);
                    if let Some(cost) = weigh(&text, form, u32::MAX / 2, &Habits::default()) {
                        let (t, f): (String, String) = (text.iter().collect(), form.iter().collect());
                        assert!(floor <= cost, "{t} as {f}: floor {floor} over cost {cost}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_move_printed_as_a_form_is_found_as_weighing_finds_it() {
        for (fen, notation) in BUSY.iter().flat_map(|f| [(f, Notation::San), (f, Notation::Descriptive)]) {
            let forms = Forms::new(&pos(fen), notation, Language::english());
            for (n, (_, form, _)) in forms.forms.iter().enumerate().step_by(5) {
                // The form as printed, with a mark or a footnote after it,
                // and damaged.
                let texts = [form.clone(), [form.as_slice(), &['c']].concat(), damaged(form, n as u64)];
                for text in texts {
                    let weighed: Vec<Move> = forms
                        .forms
                        .iter()
                        .filter(|(_, f, slip)| {
                            *slip == 0 && weigh(&text, f, 3 * EDIT, &Habits::default()) == Some(0)
                        })
                        .map(|&(i, _, _)| forms.moves[i])
                        .chain(forms.by_squares(&text).filter(|&(_, c)| c == 0).map(|(i, _)| forms.moves[i]))
                        .collect();
                    let found = forms.variants(&text, forms.by_squares(&text)).unwrap_or_default();
                    let t: String = text.iter().collect();
                    assert!(found.iter().all(|m| weighed.contains(&m.mv)), "{t}: {found:?} not all in {weighed:?}");
                    assert!(
                        weighed.iter().all(|m| found.iter().any(|f| f.mv == *m)) || found.len() == MOST_TIED,
                        "{t}: {weighed:?} not all in {found:?}"
                    );
                }
            }
        }
    }
}
