//! The main line: the path through a text's move-like spans that follows
//! the move numbers and replays legally.
//!
//! A beam search over half-moves. From each state (a position and the
//! word after its last move) the next half-move may be read at:
//!
//! * a word after the right move number (`12.` for White's twelfth,
//!   `12...` for Black's), anywhere later in the text;
//! * for Black, the first word after White's move once separators,
//!   annotation glyphs and a bracketed remark are passed
//!   (`3. F-H5 (csak egy futó…), G-VB3.`), or after White's own move
//!   number again, as two-column tables print it (`| 1. P4R | P4R |`).
//!
//! Every span there that parses and resolves to a legal move makes a new
//! state; an ambiguous one makes one state per legal move, so look-ahead
//! reaches as far as the text goes. The main line is the path that gets
//! furthest; among equal ones, the one with the least *cost*: skipping a
//! legal candidate for an earlier one (notes quote alternatives *after*
//! the move they discuss), a move inside brackets, a mark the move
//! contradicts. Layout is evidence too: once a game's moves have opened
//! their lines several times in a row, a move numbered in the middle of a
//! paragraph is a quotation, not the game. A result, or a word of
//! resignation right after a move, ends the game there.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::audit::Kind;
use crate::document::spans::{
    announces_mate, ends_game, is_win_word, opens_sentence, short_text, spans, vocabulary,
};
use crate::document::synthesis::{self, Forms, Habits, Moves};
use crate::document::words::{Word, WordKind};
use crate::engine::origins::Origins;
use crate::pgn::lexer::{is_numbered_heading, is_prose_word};
use crate::engine::resolve::{Resolution, resolve_readings};
use crate::lang::{Language, side_named};
use crate::model::{Claims, MovePattern, Readings};
use crate::notation::Notation;
use crate::notation::evaluation;

/// States kept from one half-move to the next.
const BEAM: usize = 48;
/// Places with legal moves tried from one state for one half-move.
const CANDIDATES: usize = 12;
/// Places looked at from one state for one half-move, the nearest first:
/// the reading's work stays in proportion to the text.
const MOST_PLACES: usize = 64;
/// Numbered moves in a row that opened their line, after which a move
/// numbered mid-paragraph is taken for a quotation.
const STYLE_RUN: u32 = 3;
/// The main line's last numbers that tell whether its numbers open
/// their lines.
const STYLE_SAMPLE: usize = 8;
/// The cost of a move read where a note quotes it, the game's move
/// standing under its number printed again (see [`Search::extend`]).
const QUOTE_COST: u32 = SKIP_COST + 1;
/// The cost of a move read inside brackets.
const BRACKET_COST: u32 = 8;
/// The cost of each legal candidate passed over for a later one.
const SKIP_COST: u32 = 3;
/// The cost of a check, mate or capture mark the move contradicts.
const MARK_COST: u32 = 2;
/// The cost of reading fewer words at a place than a longer reading
/// there takes (`Q x P` where `Q x P (Q 2)` is written).
const SHORT_COST: u32 = 1;
/// The cost of a move its words leave ambiguous.
const AMBIGUOUS_COST: u32 = 1;
/// The cost of a move read after a move number that is not its own.
const MISNUMBER_COST: u32 = 6;
/// The cost of a move read as a misprint of what stands at its place,
/// and of each [`MISREAD_PER_COST`] of its edits' cost.
const MISREAD_COST: u32 = 1;
const MISREAD_PER_COST: u32 = synthesis::EDIT / 2;
/// Places, the first in the text, where a half-move may be read as a
/// misprint, and the states of the beam, the cheapest, that may read one.
const MISPRINT_PLACES: usize = 3;
const MISPRINT_STATES: usize = 6;
/// Misprints in a row, the longest run that nothing after it may leave
/// unconfirmed.
const UNCONFIRMED_RUN: u32 = 2;
/// The cost of a move read where no number leads it (see
/// [`Lead::Unnumbered`]).
const UNNUMBERED_COST: u32 = 3;
/// The cost of Black's move read under White's number printed again,
/// away from White's move.
const REPEATED_COST: u32 = 1;
/// The cost of passing over what stands for a half-move, to read on.
const BRIDGE_COST: u32 = 5;
/// Lines that may guess a damaged move at each half-move.
const GUESSES: usize = 8;
/// Moves kept as guesses at one place, the nearest to what is printed.
const MOST_GUESSES: usize = 6;
/// The edit cost of a move guessed where its words are past reading.
const GUESSED: u32 = 4 * synthesis::EDIT;
/// The cost of a move read into a box left bare (see [`is_bare_box`]),
/// or of passing over an empty box: less than a half-move is worth,
/// for the box says a half-move stood there.
const BOX_COST: u32 = PLY_WORTH as u32 - 1;
/// Lines, the cheapest first, that may pass over such a place at each
/// half-move.
const BRIDGES: usize = 2;
/// Words between White's move and the next move number that are taken
/// for Black's move, legible or not.
const SLOT_WORDS: usize = 6;
/// Words that may stand between the last move and the word that ends
/// the game, naming who gave up (`Il Nero si arrende.`).
const END_AFTER_WORDS: usize = 3;
/// Words of a bracketed remark passed over between White's and Black's
/// moves, at most.
const REMARK_WORDS: usize = 40;
/// Lines after a remark where Black's move may stand.
const NEXT_LINES: usize = 2;
/// The game's numbers in a row after the last move read that show the
/// game goes on there (see [`Search::numbers_go_on`]).
const GOING_ON: u32 = 3;
/// The game's next numbers, at most, that may be damaged past reading
/// before those that show it goes on.
const DAMAGED_NUMBERS: u32 = 2;

/// How far a reading goes beyond the moves as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tolerance {
    /// Moves as printed only: the repair search judges each edit by the
    /// text it makes.
    AsPrinted,
    /// A misprinted move is read as the legal move it is nearest to, in
    /// the cheapest lines.
    Misprints,
    /// Also, in every line, a move printed past reading is guessed from
    /// the moves after it (see [`Search::bridge`]): a page damaged
    /// throughout read to its end.
    Guesses,
}

impl Tolerance {
    /// The states of the beam, the cheapest, that may read a misprint.
    fn misprint_states(self) -> usize {
        match self {
            Tolerance::AsPrinted => 0,
            Tolerance::Misprints => MISPRINT_STATES,
            // A page damaged throughout leaves many readings open for
            // long, until the moves after them settle which was meant.
            Tolerance::Guesses => BEAM / 2,
        }
    }
}

/// One half-move of the main line, where it was found.
#[derive(Debug, Clone)]
pub struct Found {
    /// The legal move.
    pub mv: Move,
    /// Index of its first word.
    pub first: usize,
    /// Index of the word after its last.
    pub end: usize,
    /// Index of its move number's word, when one leads it.
    pub number: Option<usize>,
    /// What its text says: marks, annotation glyph, draw offer.
    pub pattern: MovePattern,
    /// The legal moves its text allowed, when there were several and
    /// look-ahead chose among them (empty otherwise).
    pub choices: Vec<Move>,
    /// Where the words read as the move end, when a bracket they opened
    /// goes on with words that are no part of it (`Castles (K E)` read
    /// from `Castles (K`); `end` is then after the bracket.
    pub read_to: Option<usize>,
    /// Where no parser read the words as a legal move and synthesis read
    /// them as a misprint of this one: the cost of the edits, in
    /// [`synthesis::EDIT`]s.
    pub misread: Option<u32>,
    /// Misread, the other moves its words are as near to: readings the
    /// text alone does not rank below this one.
    pub rivals: Vec<Move>,
    /// Whether, misread, its words parse as a move as printed (one that
    /// is illegal here) rather than as none.
    pub legible: bool,
    /// Whether, misread, its words read as printed as a legal move, one
    /// after which the next move is illegal.
    pub contradicted: bool,
    /// Whether, misread, its words are past reading as any move and the
    /// moves after it chose it (see [`Tolerance::Guesses`]).
    pub guessed: bool,
    /// Whether nothing is printed for it: a half-move left out, guessed
    /// from the moves after it; `first` and `end` are then the word
    /// before which it is missing.
    pub missing: bool,
}

/// Where the main line stopped although the text goes on.
#[derive(Debug, Clone)]
pub struct Stop {
    /// Index of the first word of what stands where the move should be,
    /// or, for a gap, of the later move that follows it.
    pub first: usize,
    /// Index of the word after the longest span there that parses (the
    /// first word alone when none does).
    pub end: usize,
    /// What is wrong there.
    pub kind: StopKind,
}

/// Why the main line stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopKind {
    /// What is written where the move belongs is legible but illegal.
    Illegal,
    /// What is written where the move belongs is no move.
    Unreadable,
    /// Nothing is written for the move; a later move number follows.
    Gap,
}

/// The main line found in a text.
#[derive(Debug, Clone)]
pub struct MainLine {
    /// Its half-moves in order.
    pub moves: Vec<Found>,
    /// Index of the result or resignation word that ended it.
    pub ended: Option<usize>,
    /// Its cost (see the module's documentation).
    pub cost: u32,
    /// Where it stopped with the text still going on, if it did.
    pub stop: Option<Stop>,
}

impl Found {
    /// Whether the move was read as printed: not a misprint, a guess or
    /// a half-move left out.
    pub fn as_printed(&self) -> bool {
        self.misread.is_none() && !self.missing
    }

    /// The bytes of its words in the text; for a move left out, the
    /// empty span before the word it is missing before.
    pub fn span(&self, words: &[Word]) -> std::ops::Range<u32> {
        if self.missing {
            let at = words.get(self.first).map_or(0, |w| w.start);
            return at..at;
        }
        words[self.first].start..words[self.end - 1].end
    }
}

impl MainLine {
    /// Moves read with a written pawn letter.
    pub fn pawn_letters(&self) -> usize {
        self.moves.iter().filter(|f| f.pattern.pawn_letter).count()
    }
}

/// How the words of the next move read in a position.
#[derive(Debug, PartialEq)]
enum Next {
    /// As a legal move.
    Legal,
    /// As a move, and as no legal one.
    Illegal,
    /// As no move, or there are none.
    Unread,
}

/// A legal move read at a place.
struct Fit {
    mv: Move,
    /// The word after its span.
    end: usize,
    pattern: MovePattern,
    /// The legal moves its span allowed, when several.
    choices: Vec<Move>,
    /// Whether a longer span at the same place reads another move.
    cut_short: bool,
    /// See [`Found::read_to`].
    read_to: Option<usize>,
    /// See [`Found::misread`].
    misread: Option<u32>,
    /// See [`Found::rivals`].
    rivals: Vec<Move>,
    /// See [`Found::legible`].
    legible: bool,
    /// See [`Found::contradicted`].
    contradicted: bool,
}

impl State {
    /// The position after `mv` from this state, and where each piece
    /// started then (when the notation needs it).
    fn played(&self, mv: Move) -> (Chess, Option<Origins>) {
        let mut pos = self.pos.clone();
        pos.play_unchecked(mv);
        let mut origins = self.origins.clone();
        if let Some(o) = origins.as_mut() {
            o.play(mv);
        }
        (pos, origins)
    }

    /// Nothing read yet, from `start`.
    fn at_start(start: &Chess, notation: Notation) -> State {
        State {
            pos: start.clone(),
            origins: notation.needs_origins().then(|| Origins::new(start)),
            next: 0,
            last: None,
            plies: 0,
            cost: 0,
            style_run: 0,
            white_number: None,
            ended: None,
            bridged: None,
            unconfirmed: 0,
        }
    }

    /// `read`, moves of `layout`'s words, played from `start`.
    fn after(start: &Chess, notation: Notation, read: &[Found], layout: &Layout<'_>) -> State {
        let mut state = State::at_start(start, notation);
        for found in read {
            state.white_number = match found.number.map(|q| layout.words[q].kind) {
                Some(WordKind::Number { n, .. }) if state.pos.turn() == Color::White => Some(n),
                _ => None,
            };
            state.pos.play_unchecked(found.mv);
            if let Some(origins) = &mut state.origins {
                origins.play(found.mv);
            }
            state.next = found.end;
            state.plies += 1;
            state.last = Some(Rc::new(Node {
                found: found.clone(),
                prev: state.last.take(),
            }));
        }
        state
    }

    /// The misprints read last that nothing bears out: none when the
    /// game ends after them or a long run of them is the game's own
    /// damaged text; a few of them after its last move read as printed
    /// are words after the game.
    fn unconfirmed(&self) -> u32 {
        if self.ended.is_some() || self.unconfirmed > UNCONFIRMED_RUN {
            0
        } else {
            self.unconfirmed
        }
    }
}

struct Node {
    found: Found,
    prev: Option<Rc<Node>>,
}

#[derive(Clone)]
struct State {
    pos: Chess,
    origins: Option<Origins>,
    /// The word after the last move.
    next: usize,
    last: Option<Rc<Node>>,
    plies: u32,
    cost: u32,
    /// Numbered moves in a row whose number opened its line.
    style_run: u32,
    /// The number of the last move, when it was White's and numbered.
    white_number: Option<u32>,
    ended: Option<usize>,
    /// Misprints read last, with no move read as printed after them:
    /// nothing bears them out yet.
    unconfirmed: u32,
    /// Where the line passed over what stood for a half-move (see
    /// [`Search::bridge`]): its half-moves and cost before it, and the
    /// place.
    bridged: Option<(u32, u32, Stop)>,
}

/// How a candidate place was reached.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lead {
    /// After a move number (its word index).
    Number(usize),
    /// After the next move number, which is not this move's (a misprint
    /// or misread digit, `5` for `3`).
    Misnumbered(usize),
    /// Right after White's move.
    Adjacent,
    /// After White's move number printed again for Black's move.
    Repeated(usize),
    /// Right after the last move, or after one short word there (a move
    /// number damaged past reading, `n` for `5`, `«` for `6`), where the
    /// game's numbering leads nowhere.
    Unnumbered,
    /// Black's move opening a line after a remark on lines of its own,
    /// White's move having ended its line (`5 Nc3` / `This loses time.` /
    /// `h6`).
    NextLine,
}

/// The spans at one word, shared: each with its length in words and
/// its text in a reading's short form (see [`spans`]).
pub type Spans = Rc<[(usize, String)]>;

/// A text's words and what is known of them before any search.
pub struct Layout<'t> {
    text: &'t str,
    words: &'t [Word],
    /// Bracket depth at each word; a blank line closes every bracket.
    depth: Vec<u8>,
    /// Whether each word opens its line (only separators before it).
    opens: Vec<bool>,
    /// Index of the first result at depth 0 at or after each word.
    result_after: Vec<usize>,
    /// The empty boxes of a scoresheet (see [`is_empty_box`]) at depth 0
    /// before each word.
    boxes_before: Vec<u32>,
    /// Words led by White's move number `n`, and by Black's.
    /// (each with the index of its number).
    white_at: HashMap<u32, Vec<(usize, usize)>>,
    black_at: HashMap<u32, Vec<(usize, usize)>>,
    /// The spans at each word asked about, the same in every reading.
    spans: RefCell<HashMap<usize, Spans>>,
    /// Where the notes printed after the score begin (see
    /// [`notes_after_score`]): no move of the game stands from there on.
    notes_from: usize,
}

impl<'t> Layout<'t> {
    /// What the search needs to know of `words`.
    pub fn new(text: &'t str, words: &'t [Word]) -> Layout<'t> {
        let mut depth = Vec::with_capacity(words.len());
        let mut opens = Vec::with_capacity(words.len());
        let mut only_separators = true;
        // The brackets open, each with whether it is a parenthesis.
        let mut open: Vec<bool> = Vec::new();
        let mut white_at: HashMap<u32, Vec<(usize, usize)>> = HashMap::new();
        let mut black_at: HashMap<u32, Vec<(usize, usize)>> = HashMap::new();
        for (i, w) in words.iter().enumerate() {
            if w.paragraph {
                open.clear();
            }
            if w.line_start {
                only_separators = true;
            }
            match w.kind {
                WordKind::Open => open.push(w.text(text) == "("),
                WordKind::Close => {
                    open.pop();
                }
                // `R (Q 2) - K 2`, `(8) ...`: a rank or a move number
                // closes the parenthesis it is in.
                WordKind::Number { .. } if open.last() == Some(&true) && w.text(text).contains(')') => {
                    open.pop();
                }
                _ => {}
            }
            depth.push(u8::try_from(open.len()).unwrap_or(u8::MAX));
            opens.push(only_separators);
            // `(12) P-d4`: a bracket around the number opens no remark;
            // `13. ........ 13. B-Kt5`: White's move left out, and Black's
            // number opens the line still.
            only_separators &= match w.kind {
                WordKind::Separator | WordKind::Dots => true,
                WordKind::Open => words.get(i + 1).is_some_and(Word::is_number),
                WordKind::Number { .. } => words
                    .get(i + 1)
                    .is_some_and(|n| n.kind == WordKind::Dots || n.is_number()),
                WordKind::Text => is_placeholder(w.text(text)),
                _ => false,
            };
            // `13. ... Nf6` on a scoresheet: White's box left empty, for
            // a line that has not read White's thirteenth (one that has
            // reads the dots as Black's move following).
            if let WordKind::Number { n, black: true, .. } = w.kind
                && is_white_box(text, words, i)
            {
                white_at.entry(n).or_default().push((i, i));
            }
            if let Some(q) = number_before(text, words, i)
                && let WordKind::Number { n, black, .. } = words[q].kind
                && !is_rank(text, words, q)
            {
                // After White's number and a placeholder, Black's move.
                let black = black || words[q + 1..i].iter().any(|w| is_empty_mark(text, w));
                let at = if black { &mut black_at } else { &mut white_at };
                at.entry(n).or_default().push((i, q));
            }
        }
        let heading = heading_end(text, words);
        // A result before the first move number to open a line is a
        // header's (`Result: 1-0` over the moves), no end of the game;
        // a number alone on its line (a page's, `97`) opens no moves.
        let first_number = (0..words.len())
            .find(|&i| words[i].is_number() && opens[i] && words.get(i + 1).is_some_and(|w| !w.line_start))
            .unwrap_or(words.len());
        let mut result_after = vec![usize::MAX; words.len() + 1];
        // A result alone in brackets is the game's too (`Svart vann
        // (0-1).`, `White resigned (1-0)`).
        let bracketed = |i: usize| {
            depth[i] == 1
                && i > 0
                && words[i - 1].kind == WordKind::Open
                && words.get(i + 1).is_some_and(|w| w.kind == WordKind::Close)
        };
        for i in (0..words.len()).rev() {
            result_after[i] = if words[i].kind == WordKind::Result
                && (depth[i] == 0 || bracketed(i))
                && i >= heading
                && i > first_number
            {
                i
            } else {
                result_after[i + 1]
            };
        }
        let mut boxes_before = Vec::with_capacity(words.len() + 1);
        let mut boxes = 0;
        for (i, &d) in depth.iter().enumerate() {
            boxes_before.push(boxes);
            boxes += u32::from(d == 0 && is_empty_box(words, i));
        }
        boxes_before.push(boxes);
        Layout {
            text,
            words,
            depth,
            opens,
            result_after,
            boxes_before,
            white_at,
            black_at,
            spans: RefCell::new(HashMap::new()),
            notes_from: notes_after_score(text, words),
        }
    }

    /// Whether word `i` names a side at the head of a column (`White.`,
    /// `Black.  White.`): it opens its line, or follows such a name.
    fn is_column_heading(&self, i: usize) -> bool {
        let side = |j: usize| crate::lang::side_named(self.words[j].text(self.text)).is_some();
        side(i) && (self.opens[i] || (i > 0 && !self.words[i].line_start && self.is_column_heading(i - 1)))
    }

    /// The spans at word `first` (see [`spans`]), each a reading's short
    /// form of one to a few words.
    pub fn spans(&self, first: usize) -> Spans {
        if let Some(known) = self.spans.borrow().get(&first) {
            return known.clone();
        }
        let found: Spans = spans(self.text, self.words, first).into();
        self.spans.borrow_mut().insert(first, found.clone());
        found
    }

    /// The first words of the lines after a remark that begins a line
    /// at `adjacent`, right after White's move `n`: where Black's move
    /// stands when moves are printed one to a line. Only lines before
    /// White's next number opening a line, at most [`NEXT_LINES`].
    fn lines_after_remark(&self, adjacent: Option<usize>, n: u32) -> impl Iterator<Item = usize> + '_ {
        // (A remark may begin with a number, quoting a side line: `24 Rg1
        // Rd8 25 Bf1 was also possible.`)
        let remark = adjacent.filter(|&a| {
            self.opens[a]
                && self.depth[a] == 0
                && matches!(self.words[a].kind, WordKind::Text | WordKind::Number { .. })
        });
        remark
            .into_iter()
            .flat_map(move |a| a + 1..self.words.len().min(a + REMARK_WORDS))
            .take_while(move |&j| {
                !(self.opens[j]
                    && self.depth[j] == 0
                    && matches!(self.words[j].kind, WordKind::Number { n: m, .. } if m > n))
            })
            .filter(|&j| {
                self.opens[j] && self.depth[j] == 0 && self.words[j].kind == WordKind::Text
            })
            .take(NEXT_LINES)
    }

    /// The words led by a move number, in text order.
    pub fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.words.len()).filter(|&i| number_before(self.text, self.words, i).is_some())
    }

    /// Whether word `i` carries nothing between two half-moves: a
    /// separator, dots, or punctuation and annotation glyphs.
    fn is_filler(&self, i: usize) -> bool {
        let w = &self.words[i];
        match w.kind {
            WordKind::Separator | WordKind::Dots => true,
            // A bracket closed where none is open is a stray mark.
            WordKind::Close => self.depth[i] == 0 && self.depth.get(i.wrapping_sub(1)) == Some(&0),
            WordKind::Text => !w.text(self.text).chars().any(char::is_alphanumeric),
            _ => false,
        }
    }

    /// Whether word `i` is a number in brackets of its own (`(3)`).
    fn is_note_mark(&self, i: usize) -> bool {
        let w = &self.words[i];
        w.is_number()
            && w.text(self.text).ends_with(')')
            && i.checked_sub(1).is_some_and(|o| {
                let open = &self.words[o];
                open.kind == WordKind::Open && open.end == w.start
            })
    }

    /// The first word at or after `from` that is not filler or inside a
    /// bracketed remark, on the same paragraph.
    fn adjacent(&self, from: usize) -> Option<usize> {
        let mut i = from;
        while let Some(w) = self.words.get(i) {
            if i > from && w.paragraph {
                return None;
            }
            // `(12)`: a bracket around a number opens no remark.
            let numbered = w.text(self.text) == "("
                && self.words.get(i + 1).is_some_and(|n| {
                    n.is_number() && n.start == w.end && n.text(self.text).ends_with(')')
                });
            if w.kind == WordKind::Open && !numbered {
                i = self.after_remark(i)?;
                continue;
            }
            if !self.is_filler(i) && !numbered {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The word after the bracketed remark opened at `open`, when it
    /// closes within the paragraph and [`REMARK_WORDS`].
    fn after_remark(&self, open: usize) -> Option<usize> {
        // The bracket closes where the depth falls below its own: at a
        // closing bracket, or at the number or rank that closes a
        // parenthesis (`(8. ... P-B 4 9.Q Kt-Q 2 10.B-Q 3)`).
        let inside = self.depth[open];
        for (i, w) in self.words.iter().enumerate().skip(open + 1).take(REMARK_WORDS) {
            if w.paragraph {
                return None;
            }
            if self.depth[i] < inside {
                return Some(i + 1);
            }
        }
        None
    }

    /// The first move number after `from` (before `limit`), when it is
    /// not `n` but near it or one misread digit away (`5` for `3`, `17`
    /// for `12`), outside brackets and followed by a word.
    fn misnumbered(&self, from: usize, n: u32, limit: usize) -> Option<usize> {
        let q = (from..limit.min(self.words.len())).find(|&q| self.words[q].is_number())?;
        let WordKind::Number {
            n: m, black: false, ..
        } = self.words[q].kind
        else {
            return None;
        };
        let near = m != n && (m.abs_diff(n) <= 2 || one_digit_apart(m, n));
        let followed = self
            .words
            .get(q + 1)
            .is_some_and(|w| w.kind == WordKind::Text);
        (near && followed && self.depth[q] == 0).then_some(q)
    }

    /// Whether word `i` says the side that moved wins, ending its
    /// sentence (`and wins.`, `und gewinnt`), not `wins the exchange`,
    /// or announces a mate (`announced mate in ten moves`).
    pub fn wins_at(&self, i: usize) -> bool {
        let w = &self.words[i];
        let word = w.text(self.text);
        let ends_sentence = word.ends_with(['.', '!'])
            || self.words.get(i + 1).is_none_or(|n| {
                n.paragraph || !matches!(n.kind, WordKind::Text | WordKind::Number { .. })
            });
        is_win_word(word) && ends_sentence || announces_mate(self.text, self.words, i)
    }

    /// The result or resignation word that opens a paragraph after a
    /// remark on lines of its own after a move ending before `end`
    /// (`23. Tc5 Dg3!!` / `Einer der berühmtesten Züge … nach 24. Dxg3
    /// Se2+ …` / `Weiß gab auf.`): the remark's sentences open with two
    /// words of prose, whatever moves they quote.
    fn end_after_remark(&self, end: usize) -> Option<usize> {
        let first = (end..self.words.len()).find(|&i| !self.is_filler(i))?;
        // A capital word of letters alone, and prose among the words after it.
        let prose = |i: usize| {
            let word = |j: usize| self.words.get(j).filter(|w| w.kind == WordKind::Text).map(|w| w.text(self.text));
            word(i).is_some_and(|w| {
                let bare = w.trim_end_matches(['.', ',', ':', ';']);
                bare.starts_with(char::is_uppercase) && bare.chars().all(char::is_alphabetic)
            }) && (i + 1..i + 4).any(|j| word(j).is_some_and(is_sentence_word))
        };
        if !self.words[first].line_start || !prose(first) {
            return None;
        }
        let mut paragraph = first;
        for _ in 0..REMARK_PARAGRAPHS {
            paragraph = (paragraph + 1..self.words.len()).find(|&i| self.words[i].paragraph)?;
            if let Some(end) = self.game_end(paragraph) {
                return Some(end);
            }
            if !prose(paragraph) {
                return None;
            }
        }
        None
    }

    /// The result or resignation word right after a move ending before
    /// `end`, if one is there: after at most [`END_AFTER_WORDS`] words
    /// (`Il Nero si arrende.`).
    fn game_end(&self, end: usize) -> Option<usize> {
        let mut i = end;
        let mut words = 0;
        let mut paragraphs = 0;
        while let Some(w) = self.words.get(i) {
            // `Agreed drawn.` under a table: the paragraph right after
            // the last move may open with the end; a later one may not.
            if w.paragraph {
                paragraphs += 1;
                if i > end && (words > 0 || paragraphs > 1) {
                    return None;
                }
            }
            match w.kind {
                WordKind::Result => return Some(i),
                // `Black resigned. 1-0`: the result, when it follows.
                WordKind::Text if ends_game(self.text, self.words, i) || self.wins_at(i) => {
                    let result = (i + 1..self.words.len())
                        .take(3)
                        .take_while(|&j| !self.words[j].paragraph)
                        .find(|&j| self.words[j].kind == WordKind::Result);
                    return Some(result.unwrap_or(i));
                }
                // A word with a digit is the next move, not a remark.
                WordKind::Text if !self.is_filler(i) => {
                    words += 1;
                    let digit = w.text(self.text).bytes().any(|b| b.is_ascii_digit());
                    if words > END_AFTER_WORDS || digit {
                        return None;
                    }
                }
                // `(41) Resigns.`: the next move's number, and no move.
                WordKind::Number { .. } => {
                    let next = self.words.get(i + 1)?;
                    let resigns = next.kind == WordKind::Text && !next.paragraph && ends_game(self.text, self.words, i + 1);
                    return resigns.then_some(i + 1);
                }
                // `5. O-O [5...Be7 6. Re1] 1-0`: a side line in brackets
                // between the last move and the end is passed over.
                WordKind::Open => {
                    let inside = self.depth[i];
                    while i + 1 < self.words.len() && self.depth[i + 1] >= inside {
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }
}

/// At most this many moves settle a legal move the next contradicts
/// ([`Search::settling`]); more tell nothing.
const MOST_SETTLING: usize = 3;
/// The cost of reading a place as a move that settles the next one,
/// however far from what it prints.
const SETTLING_COST: u32 = 3 * synthesis::EDIT;

/// Remarks after the last move that [`Layout::end_after_remark`] passes
/// over before the game's end, at most.
const REMARK_PARAGRAPHS: usize = 2;

/// Whether `word` is a word of a sentence, not of a move in long form
/// (`fine`, `pretas`; not `takes`, `to`).
fn is_sentence_word(word: &str) -> bool {
    let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
    is_prose_word(bare) && !vocabulary().long_form.contains_key(bare.to_lowercase().as_str())
}

/// Where the heading over a game ends: at its first move number that
/// opens no numbered heading (`1. F. M. Teed – E. Delmar`). A result in
/// the heading (`Smith – Jones, 1-0`) ends no game; it is the game's
/// result where the moves end without one.
pub fn heading_end(text: &str, words: &[Word]) -> usize {
    words
        .iter()
        .position(|w| {
            w.is_number() && {
                let line = &text[w.start as usize..];
                !is_numbered_heading(&line[..line.find('\n').unwrap_or(line.len())])
            }
        })
        .unwrap_or(0)
}

/// Finds the main line of `layout`'s text from `start`, read in
/// `notation` with `lang`'s letters; on the `misprints` cheapest lines
/// of the beam, words that no parser reads as a legal move may be read
/// by synthesis, the text's `habits` taken as meant.
pub fn main_line(
    layout: &Layout<'_>,
    start: &Chess,
    notation: Notation,
    lang: &Language,
    tolerance: Tolerance,
    habits: &Habits,
) -> MainLine {
    main_line_after(layout, start, &[], (notation, lang), tolerance, habits)
}

/// [`main_line`] going on after the moves `read` (of the same words,
/// read in another notation or letters: a score that changes notation
/// part-way).
pub fn main_line_after(
    layout: &Layout<'_>,
    start: &Chess,
    read: &[Found],
    (notation, lang): (Notation, &Language),
    tolerance: Tolerance,
    habits: &Habits,
) -> MainLine {
    let mut search = Search::new(layout, notation, lang, tolerance, habits);
    let first = State::after(start, notation, read, layout);
    let mut best = first.clone();
    let mut beam = vec![first];
    while !beam.is_empty() {
        let mut next: Vec<State> = Vec::new();
        let mut bridges = 0;
        for (rank, state) in beam.iter().enumerate() {
            let before = next.len();
            if state.ended.is_none() {
                let misprints = rank < search.misprints;
                search.extend(state, misprints, &mut next);
            }
            // Where the line reads on, the first place it does so.
            // Guessing, only a move read as printed counts: a damaged
            // place read as its nearest form may be guessed better by
            // what follows.
            let reads_at = next[before..]
                .iter()
                .filter_map(|s| s.last.as_ref().map(|n| &n.found))
                .filter(|f| !search.guesses || f.misread.is_none())
                .map(|f| f.first)
                .min();
            // A line read on only by misprints may end here.
            let confirmed = next[before..].iter().any(|s| s.unconfirmed == 0);
                if !confirmed && better(state, &best) {
                best = state.clone();
            }
            if state.ended.is_none() && state.bridged.is_none() && bridges < search.bridges() {
                bridges += search.bridge(state, reads_at, &mut next);
            }
        }
        next.sort_by_key(|s| (s.cost, s.next));
        let mut seen = std::collections::HashSet::new();
        next.retain(|s| {
            seen.insert((
                s.next,
                s.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal),
                s.ended.is_some(),
            ))
        });
        next.truncate(BEAM);
        beam = next;
    }
    let mut moves = Vec::with_capacity(best.plies as usize);
    let mut node = best.last.as_ref();
    while let Some(n) = node {
        moves.push(n.found.clone());
        node = n.prev.as_ref();
    }
    moves.reverse();
    // Misprints that no move read as printed bears out are no moves:
    // the line ends before them, and reads on from there if it can.
    // (A bridged line is cut back to its bridge below.)
    let unconfirmed = best.unconfirmed();
    if unconfirmed > 0 && best.bridged.is_none() {
        moves.truncate(moves.len() - unconfirmed as usize);
        best.plies -= unconfirmed;
        best.pos = start.clone();
        for f in &moves {
            best.pos.play_unchecked(f.mv);
        }
        best.next = moves.last().map_or(0, |f| f.end);
        best.ended = None;
        for _ in 0..unconfirmed {
            best.last = best.last.and_then(|n| n.prev.clone());
        }
        best.unconfirmed = 0;
    }
    // A line that read on past a place it could not read stops there.
    if let Some((plies, cost, stop)) = best.bridged.take() {
        moves.truncate(plies as usize);
        best.pos = start.clone();
        for f in &moves {
            best.pos.play_unchecked(f.mv);
        }
        best.ended = None;
        return MainLine {
            moves,
            ended: None,
            cost,
            stop: Some(stop),
        };
    }
    let stop = if best.ended.is_none() && !best.pos.is_game_over() {
        search.stop(&best).or_else(|| search.numbers_go_on(&best))
    } else {
        None
    };
    // A result printed after the last move's commentary is the game's.
    if best.ended.is_none() && stop.is_none() && best.plies > 0 {
        best.ended = Some(layout.result_after[best.next.min(layout.words.len())])
            .filter(|&r| r < layout.words.len());
    }
    MainLine {
        moves,
        ended: best.ended,
        cost: best.cost,
        stop,
    }
}

/// What a half-move of the main line is worth against its cost: a move
/// read inside brackets costs more than it brings, so a path that ends
/// at a resignation beats one that goes on through a bracketed note.
const PLY_WORTH: i64 = 4;
/// Half-moves of a side line, at most, that a note may read on past
/// the place where the game goes on (see [`better`]).
const SIDE_LINE: u32 = 8;
/// What an end by a result or resignation word is worth.
const END_WORTH: i64 = 3;

/// How good a main line is: its half-moves and its end, less its cost.
pub fn score(plies: usize, ended: bool, cost: u32) -> i64 {
    PLY_WORTH * plies as i64 + if ended { END_WORTH } else { 0 } - i64::from(cost)
}

/// Whether `a` is a better main line than `b` (ties: the cheaper). A line
/// that ends the game where the text ends it beats one a few half-moves
/// longer that stops earlier in the text with the game unfinished: those
/// half-moves were a note's side line, and the game went on under its
/// own number again (`Better was 15… Nd7 16. Kf1 Bb4. 15… Qb2 ½-½`).
fn better(a: &State, b: &State) -> bool {
    let rejoins = |x: &State, y: &State| {
        x.ended.is_some_and(|end| end.max(x.next) > y.next)
            && y.ended.is_none()
            && y.plies > x.plies
            && y.plies - x.plies <= SIDE_LINE
    };
    if rejoins(a, b) {
        return true;
    }
    if rejoins(b, a) {
        return false;
    }
    let key = |s: &State| {
        (
            score(
                (s.plies - s.unconfirmed()) as usize,
                s.ended.is_some(),
                s.cost,
            ),
            std::cmp::Reverse(s.cost),
        )
    };
    key(a) > key(b)
}

struct Search<'a, 't> {
    layout: &'a Layout<'t>,
    notation: Notation,
    lang: &'a Language,
    /// The states of the beam, the cheapest, that may read a misprint.
    misprints: usize,
    /// Whether moves past reading are guessed.
    guesses: bool,
    habits: &'a Habits,
    parsed: HashMap<(usize, usize, bool), Option<Readings>>,
    /// [`Search::move_span`] of each word asked about.
    move_spans: RefCell<HashMap<usize, Option<usize>>>,
    /// Whether the search only probes whether a line reads on: an empty
    /// box then fits every legal move, unweighed.
    probing: bool,
}

impl<'a, 't> Search<'a, 't> {
    fn new(
        layout: &'a Layout<'t>,
        notation: Notation,
        lang: &'a Language,
        tolerance: Tolerance,
        habits: &'a Habits,
    ) -> Search<'a, 't> {
        Search {
            layout,
            notation,
            lang,
            misprints: tolerance.misprint_states(),
            guesses: tolerance == Tolerance::Guesses,
            habits,
            parsed: HashMap::new(),
            move_spans: RefCell::new(HashMap::new()),
            probing: false,
        }
    }
}

impl Search<'_, '_> {
    /// Lines that may pass over a place they cannot read at each
    /// half-move: more where damaged moves are guessed.
    fn bridges(&self) -> usize {
        if self.guesses { GUESSES } else { BRIDGES }
    }

    /// The places where the half-move after `state` may be written, in
    /// text order, and whether each keeps the game's layout.
    fn places(&self, state: &State) -> Vec<(usize, Lead)> {
        let l = self.layout;
        let n = state.pos.fullmoves().get();
        let limit = l.result_after[state.next.min(l.words.len())];
        let mut out: Vec<(usize, Lead)> = Vec::new();
        let numbered = match state.pos.turn() {
            Color::White => l.white_at.get(&n),
            Color::Black => {
                // `12. Nf3 ...`: Black's box left empty.
                if let Some(d) = (state.next..l.words.len()).find(|&d| l.words[d].kind != WordKind::Separator)
                    && is_empty_box(l.words, d)
                    && l.depth[d] == 0
                {
                    out.push((d, Lead::Adjacent));
                }
                let adjacent = l.adjacent(state.next);
                if let Some(a) = adjacent {
                    match l.words[a].kind {
                        WordKind::Text => out.push((a, Lead::Adjacent)),
                        // `11. O-O-O (3) Bxg3`: a note's mark in the
                        // bracket of a move number, neither this move's
                        // number nor the next one's.
                        WordKind::Number { n: m, .. } if m != n && m != n + 1 && l.is_note_mark(a) => {
                            if let Some(b) = l.adjacent(a + 1).filter(|&b| l.words[b].kind == WordKind::Text) {
                                out.push((b, Lead::Adjacent));
                            }
                        }
                        // White's number printed again for Black, or
                        // misprinted so (`13 B to R 2  1 KR to Q sq`), its
                        // digits split apart or not (`1 1` for `14`).
                        WordKind::Number {
                            n: m, black: false, ..
                        } if state.white_number == Some(n) => {
                            let (m, at) = match l.words.get(a + 1).map(|w| w.kind) {
                                Some(WordKind::Number {
                                    n: d, dotted: false, ..
                                }) if m < 10 && d < 10 => (m * 10 + d, a + 2),
                                _ => (m, a + 1),
                            };
                            let misprinted = m != n + 1 && one_digit_apart(m, n);
                            if (m == n || misprinted)
                                && l.words.get(at).is_some_and(|w| w.kind == WordKind::Text)
                            {
                                out.push((at, if at == a + 1 && m == n { Lead::Number(a) } else { Lead::Misnumbered(a) }));
                            }
                        }
                        _ => {}
                    }
                }
                out.extend(l.lines_after_remark(adjacent, n).map(|j| (j, Lead::NextLine)));
                l.black_at.get(&n)
            }
        };
        if let Some(at) = numbered {
            let from = at.partition_point(|&(j, _)| j < state.next);
            // White's empty box (the number itself) only opening the line
            // right after the line's last move: in print, `18. ... Rg8`
            // after a note is Black's move following White's printed
            // before it, and a note's `1. ... g5` quotes a move.
            let adjacent = l.adjacent(state.next);
            out.extend(
                at[from..]
                    .iter()
                    .filter(|&&(j, q)| j != q || (adjacent == Some(j) && l.opens[j]))
                    .map(|&(j, q)| (j, Lead::Number(q))),
            );
        }
        // Black's move under White's number again, as columns print it
        // after a note (`8          B to Kt2`).
        if state.pos.turn() == Color::Black
            && let Some(at) = l.white_at.get(&n)
        {
            let from = at.partition_point(|&(j, _)| j < state.next);
            out.extend(
                at[from..]
                    .iter()
                    // (Not White's empty box, which is the number itself.)
                    .filter(|&&(j, q)| l.opens[q] && j != q)
                    .map(|&(j, q)| (j, Lead::Repeated(q))),
            );
        }
        if state.pos.turn() == Color::White
            && let Some(q) = l.misnumbered(state.next, n, limit)
        {
            out.push((q + 1, Lead::Misnumbered(q)));
        }
        // Black's move under the next number, when that is not its own
        // but one off (`9. —o— Re5—d3` for Black's eighth).
        if state.pos.turn() == Color::Black
            && let Some(q) = (state.next..limit.min(l.words.len()))
                .find(|&q| l.words[q].is_number() && l.depth[q] == 0)
            && let WordKind::Number { n: m, .. } = l.words[q].kind
            && m != n
            && (m.abs_diff(n) <= 1 || (n >= 10 && one_digit_apart(m, n)))
            && let Some(&(j, _)) = l
                .black_at
                .get(&m)
                .and_then(|at| at.iter().find(|e| e.1 == q))
        {
            out.push((j, Lead::Misnumbered(q)));
        }
        if state.plies > 0
            && let Some(a) = l.adjacent(state.next)
            && l.depth[a] == 0
        {
            let w = &l.words[a];
            let followed = l.words.get(a + 1).is_some_and(|n| {
                n.kind == WordKind::Text && !n.paragraph && l.depth[a + 1] == 0
            });
            if w.kind == WordKind::Text && state.pos.turn() == Color::White {
                out.push((a, Lead::Unnumbered));
            }
            // A number damaged past reading is short, and not a word
            // (`n`, `«`, `l5`; not `If`).
            let t = w.text(l.text);
            let damaged_number = w.kind == WordKind::Text
                && t.chars().count() <= 3
                && (t.chars().count() == 1 || !t.chars().all(char::is_alphabetic));
            if followed && damaged_number {
                out.push((a + 1, Lead::Unnumbered));
            }
        }
        if state.plies == 0 {
            out.extend(self.unnumbered_starts(state.next).map(|j| (j, Lead::Unnumbered)));
        }
        out.retain(|&(j, _)| j < limit && j < l.notes_from);
        out.sort_by_key(|&(j, _)| j);
        out.dedup_by_key(|&mut (j, _)| j);
        // Layout: a game printed a move to a line keeps doing so.
        if state.style_run >= STYLE_RUN {
            let adjacent = l.adjacent(state.next);
            // But Black's move under its number after a remark in words
            // run on from White's on its line (`14. Rd1 A quiet move. 14
            // ... Qe6`).
            let remark = || {
                adjacent.is_some_and(|a| l.words[a].kind == WordKind::Text && self.move_span(a).is_none())
            };
            let resumes = |q: usize| {
                state.pos.turn() == Color::Black
                    && matches!(l.words[q].kind, WordKind::Number { black: true, .. })
                    && q < state.next + REMARK_WORDS
                    && !l.words[q].line_start
                    && l.words[state.next.min(q)..q]
                        .iter()
                        .all(|w| !w.line_start && !w.is_number())
                    && remark()
            };
            out.retain(|&(j, lead)| match lead {
                Lead::Number(q) => l.opens[q] || adjacent == Some(q) || resumes(q),
                Lead::Misnumbered(q) | Lead::Repeated(q) => {
                    l.opens[q] || adjacent == Some(q)
                }
                Lead::Unnumbered => l.opens[j] || l.opens[j - 1],
                Lead::Adjacent | Lead::NextLine => true,
            });
        }
        // A text that prints one number over and over (`2. Qz9` on every
        // line) gives no more places than a page of notes quoting it.
        out.truncate(MOST_PLACES);
        out
    }

    /// Where a game printed without move numbers may begin, from word
    /// `from` on: a line that opens with two moves in a row, as a post
    /// pastes a game (`e2e4 d7d6 d2d4 g8f6` under a line of chat).
    fn unnumbered_starts(&self, from: usize) -> impl Iterator<Item = usize> + '_ {
        let l = self.layout;
        (from..l.words.len()).filter(move |&j| {
            let w = &l.words[j];
            l.opens[j]
                && l.depth[j] == 0
                && w.kind == WordKind::Text
                && self.move_span(j).is_some_and(|len| {
                    l.words.get(j + len).is_some_and(|n| {
                        n.kind == WordKind::Text && !n.line_start && self.move_span(j + len).is_some()
                    })
                })
        })
    }

    /// The legal moves the spans at word `first` give in `state`, each
    /// once, with its longest span.
    /// Where none does and `misprints` allows, the moves they are
    /// printed or misprinted forms of (see [`synthesis`]).
    fn moves_at(&mut self, state: &State, first: usize, misprints: bool) -> Vec<Fit> {
        if matches!(self.layout.words[first].kind, WordKind::Dots | WordKind::Number { .. }) {
            return self.box_fills(state, first);
        }
        let turn = state.pos.turn();
        let spans = self.layout.spans(first);
        let mut out: Vec<Fit> = Vec::new();
        for &(len, ref span) in spans.iter() {
            let key = (first, len, turn == Color::White);
            let readings = self
                .parsed
                .entry(key)
                .or_insert_with(|| parse_signed(self.notation, span, len == 1, self.lang, turn))
                .clone();
            let Some(readings) = readings else {
                continue;
            };
            let moves = match resolve_readings(&state.pos, &readings, state.origins.as_ref()) {
                Resolution::Unique(m) => vec![m],
                Resolution::Ambiguous(mut moves) => {
                    // Where nothing later settles it, the likelier first.
                    moves.sort_by_key(unlikeliness);
                    moves
                }
                Resolution::Illegal => continue,
            };
            let choices = if moves.len() > 1 {
                moves.clone()
            } else {
                Vec::new()
            };
            for &mv in &moves {
                let fit = Fit {
                    mv,
                    end: first + len,
                    pattern: readings.first,
                    choices: choices.clone(),
                    cut_short: false,
                    read_to: None,
                    misread: None,
                    rivals: Vec::new(),
                    legible: true,
                    contradicted: false,
                };
                match out.iter_mut().find(|f| f.mv == mv) {
                    Some(f) => *f = fit,
                    None => out.push(fit),
                }
            }
        }
        // `c5 d4` where moves go from square to square: the first square
        // read alone as a pawn's move may be half a misprinted move.
        let half_a_move = || {
            spans.iter().any(|(len, s)| *len == 2 && is_square_pair(s))
                && out.iter().all(|f| f.end == first + 1)
        };
        if misprints && (out.is_empty() || half_a_move()) {
            for fit in self.synthesize(state, first, &spans, false) {
                if !out.iter().any(|f| f.mv == fit.mv) {
                    out.push(fit);
                }
            }
        } else if misprints && self.next_illegal(state, &out) {
            // `Qxh7 d6` where the queen's capture gives check: a legal
            // move after which the next one is illegal may be the
            // misprint, read as a move near it, at the cost of one more
            // edit than a misprint of an illegal move.
            let near = self.contradicted(state, first, &spans, &out);
            let settling = self.settling(state, &out);
            out.extend(near);
            for fit in settling {
                if !out.iter().any(|f| f.mv == fit.mv) {
                    out.push(fit);
                }
            }
        } else if out.is_empty() && spans.iter().any(|(_, s)| in_words_only(s)) {
            // `K. P. two.`, `R interposes`: moves printed in words that
            // no parser reads but that are forms of the move as printed.
            out.extend(
                self.synthesize(state, first, &spans, true)
                    .into_iter()
                    .filter(|f| f.misread.is_none()),
            );
        }
        // `Q x P (Q 2)`: a move that the longer span rules out is a
        // reading of the text cut short.
        let longest = out.iter().map(|f| f.end).max().unwrap_or(0);
        for f in &mut out {
            f.cut_short = f.end < longest;
            if let Some(close) = open_bracket_closed(self.layout.words, first, f.end) {
                f.read_to = Some(f.end);
                f.end = close + 1;
            }
            self.absorb_marks(f);
        }
        out
    }

    /// An empty box at word `first` (`...`): a half-move written
    /// nowhere, so any legal move may be it; those after which the text
    /// reads on at once are its choices, the likelier (the next move
    /// cheaper to read) first. Where none reads on, as before another
    /// empty box, every legal move is.
    fn box_fills(&mut self, state: &State, first: usize) -> Vec<Fit> {
        if self.probing {
            return state.pos.legal_moves().iter().map(|&mv| Fit { choices: Vec::new(), ..fill_box(mv, first) }).collect();
        }
        let mut reads_on: Vec<(u32, Move)> = Vec::new();
        let legal = state.pos.legal_moves();
        for &mv in &legal {
            let (pos, origins) = state.played(mv);
            let one = State {
                pos,
                origins,
                next: first + 1,
                last: None,
                plies: state.plies + 1,
                cost: 0,
                ended: None,
                bridged: None,
                unconfirmed: 0,
                ..state.clone()
            };
            let mut probe = Vec::new();
            self.probing = true;
            self.extend(&one, false, &mut probe);
            self.probing = false;
            if let Some(cost) = probe.iter().map(|s| s.cost).min() {
                reads_on.push((cost, mv));
            }
        }
        reads_on.sort_by_key(|&(cost, _)| cost);
        let moves: Vec<Move> = if reads_on.is_empty() {
            legal.to_vec()
        } else {
            reads_on.into_iter().map(|(_, mv)| mv).collect()
        };
        let choices = if moves.len() > 1 { moves.clone() } else { Vec::new() };
        moves
            .into_iter()
            .map(|mv| Fit {
                choices: choices.clone(),
                ..fill_box(mv, first)
            })
            .collect()
    }

    /// Whether after each of `fits`, read as printed at a place, the
    /// next move's words read as a move, and as no legal one: one of
    /// them is wrong, this move or that.
    fn next_illegal(&mut self, state: &State, fits: &[Fit]) -> bool {
        !fits.is_empty()
            && fits.iter().all(|f| {
                let (pos, origins) = state.played(f.mv);
                self.next_reading(&pos, origins.as_ref(), f.end) == Next::Illegal
            })
    }

    /// How the words of the move after word `from` read in `pos`.
    fn next_reading(&mut self, pos: &Chess, origins: Option<&Origins>, from: usize) -> Next {
        let words = self.layout.words;
        // A number that is not the next side's (`12. ...` after White's
        // move: Black's box, then White's, is empty) is no place for its
        // move.
        let next = (from..words.len()).find(|&j| match words[j].kind {
            WordKind::Number { black, .. } => black != (pos.turn() == Color::Black),
            WordKind::Separator => false,
            _ => true,
        });
        let Some(next) = next.filter(|&j| words[j].kind == WordKind::Text) else {
            return Next::Unread;
        };
        let white = pos.turn() == Color::White;
        let mut parsed = false;
        for (len, span) in self.layout.spans(next).iter() {
            let readings = self
                .parsed
                .entry((next, *len, white))
                .or_insert_with(|| parse_signed(self.notation, span, *len == 1, self.lang, pos.turn()));
            if let Some(readings) = readings {
                parsed = true;
                if !matches!(resolve_readings(pos, readings, origins), Resolution::Illegal) {
                    return Next::Legal;
                }
            }
        }
        if parsed { Next::Illegal } else { Next::Unread }
    }

    /// The legal moves other than `fits`, read as printed at a place,
    /// after which the next move's words read as a legal move where
    /// after `fits` they read as none (`6. d4 b5 7. Nxd4`: only a capture
    /// on d4 lets the knight take there, `exd4`): what the place must
    /// have been, however far from what it prints, when few moves are.
    fn settling(&mut self, state: &State, fits: &[Fit]) -> Vec<Fit> {
        let Some(end) = fits.iter().map(|f| f.end).max() else {
            return Vec::new();
        };
        let mut moves = Vec::new();
        for &mv in &state.pos.legal_moves() {
            if fits.iter().any(|f| f.mv == mv) {
                continue;
            }
            let (pos, origins) = state.played(mv);
            if self.next_reading(&pos, origins.as_ref(), end) == Next::Legal {
                moves.push(mv);
                if moves.len() > MOST_SETTLING {
                    return Vec::new();
                }
            }
        }
        let choices = if moves.len() > 1 { moves.clone() } else { Vec::new() };
        moves
            .into_iter()
            .map(|mv| Fit {
                mv,
                end,
                pattern: MovePattern::ANY,
                choices: choices.clone(),
                cut_short: false,
                read_to: None,
                misread: Some(SETTLING_COST),
                rivals: choices.iter().copied().filter(|&m| m != mv).collect(),
                legible: true,
                contradicted: true,
            })
            .collect()
    }

    /// The moves near the words at `first` other than those they read
    /// as printed, `fits`: readings of a legal move the next one
    /// contradicts, each at the cost of one edit more than its misprint.
    fn contradicted(&self, state: &State, first: usize, spans: &[(usize, String)], fits: &[Fit]) -> Vec<Fit> {
        let forms = Forms::cached(&state.pos, state.origins.as_ref(), self.notation, self.lang, self.habits, Moves::All);
        let printed: Vec<Move> = fits.iter().map(|f| f.mv).collect();
        let mut out: Vec<Fit> = Vec::new();
        for (len, span) in spans.iter().filter(|(len, _)| fits.iter().any(|f| f.end == first + len)) {
            for m in forms.matches_other(span, &printed) {
                if out.iter().any(|f| f.mv == m.mv) {
                    continue;
                }
                out.push(Fit {
                    mv: m.mv,
                    end: first + len,
                    pattern: MovePattern {
                        nag: evaluation::evaluation_nag(span),
                        ..MovePattern::ANY
                    },
                    choices: Vec::new(),
                    cut_short: false,
                    read_to: None,
                    misread: Some(m.cost + synthesis::EDIT),
                    rivals: Vec::new(),
                    legible: true,
                    contradicted: true,
                });
            }
        }
        if out.len() > 1 {
            let readings: Vec<(Move, Option<u32>)> = out.iter().map(|f| (f.mv, f.misread)).collect();
            for f in &mut out {
                f.choices = readings.iter().map(|&(m, _)| m).collect();
                f.rivals = readings
                    .iter()
                    .filter(|&&(m, cost)| m != f.mv && cost == f.misread)
                    .map(|&(m, _)| m)
                    .collect();
            }
        }
        out
    }

    /// The legal moves that the spans at `first` are printed or
    /// misprinted forms of, where no parser read one: each once, at its
    /// cheapest span (the longest among equals); `in_words`, only among
    /// the moves printed in words alone ([`Moves::InWords`]).
    fn synthesize(&mut self, state: &State, first: usize, spans: &[(usize, String)], in_words: bool) -> Vec<Fit> {
        let which = if in_words { Moves::InWords } else { Moves::All };
        let forms = Forms::cached(&state.pos, state.origins.as_ref(), self.notation, self.lang, self.habits, which);
        let white = state.pos.turn() == Color::White;
        let legible = spans
            .iter()
            .any(|&(len, _)| matches!(self.parsed.get(&(first, len, white)), Some(Some(_))));
        let mut out: Vec<Fit> = Vec::new();
        let words = self.layout.words;
        for (len, span) in spans {
            let found = if self.dangles(span, first + len) {
                let printed = &self.layout.text[words[first].start as usize..words[first + len - 1].end as usize];
                forms.matches_either(span, printed)
            } else {
                forms.matches(span)
            };
            // A misprint's near readings are all suggestions; a variant's
            // ties are for the moves after it to settle.
            let misprint = found.first().is_some_and(|m| !m.is_variant());
            let choices: Vec<Move> = if found.len() > 1 && (misprint || found[0].cost == found[1].cost) {
                found.iter().filter(|m| misprint || m.cost == found[0].cost).map(|m| m.mv).collect()
            } else {
                Vec::new()
            };
            let pattern = MovePattern {
                nag: evaluation::evaluation_nag(span),
                claims: trailing_claims(span, self.lang),
                ..MovePattern::ANY
            };
            for m in &found {
                let rivals = if m.is_variant() {
                    Vec::new()
                } else {
                    found.iter().filter(|o| o.mv != m.mv && o.cost == m.cost).map(|o| o.mv).collect()
                };
                let fit = Fit {
                    mv: m.mv,
                    end: first + len,
                    pattern,
                    choices: choices.clone(),
                    cut_short: false,
                    read_to: None,
                    misread: (!m.is_variant()).then_some(m.cost),
                    rivals,
                    legible,
                    contradicted: false,
                };
                match out.iter_mut().find(|f| f.mv == m.mv) {
                    // The shortest span that reads it: what follows is the
                    // next move; but a misprint takes what is left of its
                    // place (`P to Q B i 2`: the `i` is no move), unless
                    // that is a move of its own (`5. 3D P3D`: White's `P`
                    // lost, Black's move whole).
                    Some(f)
                        if (f.misread.unwrap_or(0) > m.cost
                            || f.misread == Some(m.cost)
                                && !self.closes_place(f.end)
                                && self.closes_place(fit.end))
                            && self.move_span(f.end).is_none() =>
                    {
                        *f = fit
                    }
                    Some(_) => {}
                    None => out.push(fit),
                }
            }
        }
        out
    }

    /// Whether a span ending before word `end` is cut off at a connector
    /// (`K. P. to.`: a dash with no square after it) where a place ends
    /// or another move begins: a damaged word read as the connector
    /// (`two` with its `w` lost) may be the move's last.
    fn dangles(&self, short: &str, end: usize) -> bool {
        let l = self.layout;
        short.trim_end().ends_with(['-', 'x'])
            && (self.closes_place(end)
                || self.move_span(end).is_some()
                || l.spans(end).iter().any(|(_, s)| in_words_only(s)))
    }

    /// Whether the word at `end` closes the place of a move before it:
    /// a number, a bracket, a separator, a new paragraph, the end.
    fn closes_place(&self, end: usize) -> bool {
        self.layout.words.get(end).is_none_or(|w| w.paragraph || w.kind != WordKind::Text)
    }

    /// Takes into `fit` the marks written after its span, a comma apart
    /// at most (`R-Q 8, mate.`).
    fn absorb_marks(&self, fit: &mut Fit) {
        let words = self.layout.words;
        let mut at = fit.end;
        if words
            .get(at)
            .is_some_and(|w| w.kind == WordKind::Separator && w.text(self.layout.text) == ",")
        {
            at += 1;
        }
        // `(ch.)`: a mark in parentheses.
        let bracketed = words.get(at).is_some_and(|w| w.kind == WordKind::Open)
            && words.get(at + 2).is_some_and(|w| w.kind == WordKind::Close);
        let word = if bracketed { at + 1 } else { at };
        let Some(w) = words
            .get(word)
            .filter(|w| w.kind == WordKind::Text && !w.paragraph)
            .filter(|_| bracketed || !opens_sentence(words, word, self.layout.text))
        else {
            return;
        };
        let short = short_text(w.text(self.layout.text));
        if let Some(marks) = self.notation.parse_marks(&short, self.lang) {
            fit.pattern.claims.merge(marks.claims);
            fit.pattern.nag = fit.pattern.nag.or(marks.nag);
            fit.end = word + 1 + usize::from(bracketed);
        }
    }

    /// Whether a move read up to word `end` under the number at word
    /// `number` is a note's quotation and not the game's: the moves from
    /// it run into prose that no span reads as a move (`33 ... Rc8 was
    /// better.`, `After 4... Nf6 5. h3 Bxf3 Black is worse`), or,
    /// standing in a sentence, its number not opening the line, to the
    /// end of the paragraph (`Better was 33 ... Rc8.`, `Better was 3.b4,
    /// e5 4.b5.`; not White's move alone).
    fn quotes(&self, number: usize, end: usize) -> bool {
        /// Half-moves a quotation runs on at most: more are the game's.
        const QUOTED_LINE: usize = 8;
        let l = self.layout;
        let WordKind::Number { n, black, .. } = l.words[number].kind else {
            return false;
        };
        let mut at = end;
        for _ in 0..QUOTED_LINE {
            let Some(a) = l.adjacent(at).filter(|&a| !l.words[a].paragraph) else {
                // (White's move alone may end a paragraph that Black's
                // answers, as columns read across print it.)
                return (black || at > end) && !l.opens[number];
            };
            if let WordKind::Number { n: m, black: b, .. } = l.words[a].kind {
                // A number that does not go on from the move's starts
                // another line (`24 a4 / 24 Rg1 Rd8 was also possible`).
                if m < n || m == n && (black || !b) {
                    return false;
                }
                at = a + 1;
                continue;
            }
            match self.move_span(a) {
                Some(len) => at = a + len,
                // A column's heading over the moves after it (`Black.
                // White.`) is no prose after a quoted move.
                None if l.is_column_heading(a) => at = a + 1,
                None => return l.words[a].kind == WordKind::Text,
            }
        }
        false
    }

    /// The words of the longest span at word `first` that some parser
    /// reads as a move of either side, legal or not.
    fn move_span(&self, first: usize) -> Option<usize> {
        if let Some(&known) = self.move_spans.borrow().get(&first) {
            return known;
        }
        let l = self.layout;
        let found = l.spans(first).iter().rev().find_map(|(len, span)| {
            [Color::White, Color::Black]
                .into_iter()
                .any(|turn| parse_signed(self.notation, span, *len == 1, self.lang, turn).is_some())
                .then_some(*len)
        });
        self.move_spans.borrow_mut().insert(first, found);
        found
    }

    /// Whether `state`'s line has read a move of the side to move under
    /// the number of word `q`, one of Black's behind the game: the number
    /// printed again leads the game on after a note's side line (`Better
    /// was 15… Nd7 16. Kf1. 15… Qb2`), never the side line on. (A bare
    /// number may be a misprint of the game's.)
    fn read_under(&self, state: &State, q: usize) -> bool {
        let words = self.layout.words;
        let WordKind::Number { n, black: true, .. } = words[q].kind else {
            return false;
        };
        if n >= state.pos.fullmoves().get() {
            return false;
        }
        let mut node = state.last.as_ref();
        // The side to move played every other half-move back.
        let mut own = false;
        while let Some(found) = node.map(|n| &n.found) {
            if own
                && let Some(p) = found.number
                && matches!(words[p].kind, WordKind::Number { n: m, .. } if m == n)
            {
                return true;
            }
            own = !own;
            node = node.and_then(|n| n.prev.as_ref());
        }
        false
    }

    /// Pushes every state one half-move after `state` onto `out`.
    /// Misprints are read only where `misprints` allows (the cheapest
    /// states of the beam).
    fn extend(&mut self, state: &State, misprints: bool, out: &mut Vec<State>) {
        let l = self.layout;
        let mut skipped = 0;
        let mut tried = 0;
        let places = self.places(state);
        // A misprint is looked for where the move is expected: at the
        // first places, until one reads as printed, not in every note
        // that quotes the move's number further on.
        let mut read_before = false;
        // But the first place under the move's own number opening a line
        // is where the game's move stands when a note before it quotes
        // the move's number in a side line (`Better was 2 ... d5 3 Qb3.`
        // / `3 Sf d6`).
        let mut opening_seen = false;
        // Nor where the text gives the move as printed at a later place,
        // under its own number opening a line as the game's do.
        let misprints = misprints
            && !places.iter().take(CANDIDATES).any(|&(first, lead)| {
                matches!(lead, Lead::Number(q) | Lead::Repeated(q) if l.opens[q])
                    && !self.moves_at(state, first, false).is_empty()
            });
        // A note before the game's move may quote another under the
        // move's own number (`Better was 33 ... Rc8.`), the game going on
        // at a line's start (`33 ... Re4 34 Ne6+`, Black's move alone on
        // the next line): a reading before that from which the text does
        // not go on is the quotation.
        let restated = places.iter().rposition(|&(j, lead)| match lead {
            // (Not White's empty box, which is the number itself.)
            Lead::Number(q) | Lead::Repeated(q) => l.opens[q] && j != q,
            Lead::NextLine => self.move_span(j).is_some(),
            Lead::Adjacent | Lead::Unnumbered | Lead::Misnumbered(_) => false,
        });
        for (i, (first, lead)) in places.into_iter().enumerate() {
            if let Lead::Misnumbered(q) = lead
                && self.read_under(state, q)
            {
                continue;
            }
            let quoting = match lead {
                Lead::Number(q) | Lead::Repeated(q) if restated.is_some_and(|r| i < r) => Some(q),
                _ => None,
            };
            let mut quoted = false;
            let opening = matches!(lead, Lead::Number(q) if l.opens[q]) && !opening_seen;
            opening_seen |= opening;
            let misprint_here = misprints && i < MISPRINT_PLACES && (!read_before || opening);
            let moves = self.moves_at(state, first, misprint_here);
            read_before |= moves.iter().any(|f| f.misread.is_none());
            if moves.is_empty() {
                continue;
            }
            let bracketed = l.depth[first] > 0;
            // Boxes left empty and passed over, under another move's
            // number, are half-moves passed over: no cheaper than read
            // into (`3. ... ... 4. ... ... 5. d3`; not `2. c4 ....` /
            // `2. .... e6`, Black's move given under its number again).
            let from = state.next.min(first);
            let mut boxes_passed = l.boxes_before[first] - l.boxes_before[from];
            let n = state.pos.fullmoves().get();
            if boxes_passed > 0
                && !l.words[from..first]
                    .iter()
                    .any(|w| matches!(w.kind, WordKind::Number { n: m, .. } if m != n))
            {
                boxes_passed = 0;
            }
            for Fit {
                mv,
                end,
                pattern,
                choices,
                cut_short,
                read_to,
                misread,
                rivals,
                legible,
                contradicted,
            } in moves
            {
                let mut pos = state.pos.clone();
                pos.play_unchecked(mv);
                let quotation = quoting.is_some_and(|q| self.quotes(q, end));
                quoted |= quotation;
                let mut cost = state.cost
                    + boxes_passed * BOX_COST
                    + SKIP_COST * skipped
                    + u32::from(quotation) * QUOTE_COST
                    + mark_cost(&mv, &pattern.claims, &pos)
                    + u32::from(cut_short) * SHORT_COST;
                if bracketed {
                    cost += BRACKET_COST;
                }
                match misread {
                    Some(_) if is_bare_box(l.words, first, state.pos.fullmoves().get()) => cost += BOX_COST,
                    Some(edits) => cost += MISREAD_COST + edits / MISREAD_PER_COST,
                    // A printer names the piece that moves: a line where
                    // the print leaves it open is the less likely.
                    None if !choices.is_empty() => cost += AMBIGUOUS_COST,
                    None => {}
                }
                let number = match lead {
                    Lead::Number(q) | Lead::Misnumbered(q) | Lead::Repeated(q) => Some(q),
                    Lead::Adjacent | Lead::Unnumbered | Lead::NextLine => None,
                };
                cost += match lead {
                    Lead::Unnumbered | Lead::NextLine => UNNUMBERED_COST,
                    Lead::Repeated(_) => REPEATED_COST,
                    _ => 0,
                };
                if let Lead::Misnumbered(q) = lead {
                    cost += MISNUMBER_COST;
                    // A number behind the game's, after a note that read
                    // on under the game's numbers, is more likely the
                    // game's own move printed again than a misprint.
                    let behind = match l.words[q].kind {
                        WordKind::Number { n, .. } => n < state.pos.fullmoves().get(),
                        _ => false,
                    };
                    if behind {
                        cost += MISNUMBER_COST;
                    }
                }
                let style_run = match number {
                    Some(q) if l.opens[q] => state.style_run + 1,
                    Some(q) if l.adjacent(state.next) == Some(q) => state.style_run,
                    Some(_) => 0,
                    None => state.style_run,
                };
                let mut origins = state.origins.clone();
                if let Some(o) = origins.as_mut() {
                    o.play(mv);
                }
                let white_number = match (state.pos.turn(), lead) {
                    (Color::White, Lead::Number(q)) => match l.words[q].kind {
                        WordKind::Number { n, .. } => Some(n),
                        _ => None,
                    },
                    // White's number misprinted, or damaged past reading
                    // (`(3 R to K sq 6 P to Q Kt 4`): Black's under it may
                    // repeat the number White's stood for.
                    (Color::White, Lead::Misnumbered(_)) => Some(state.pos.fullmoves().get()),
                    (Color::White, Lead::Unnumbered)
                        if first.checked_sub(1).is_some_and(|b| l.words[b].is_damaged_number(l.text)) =>
                    {
                        Some(state.pos.fullmoves().get())
                    }
                    _ => None,
                };
                let adjacent_end = l.game_end(end);
                let remark_end = adjacent_end.is_none().then(|| l.end_after_remark(end)).flatten();
                let ended = adjacent_end.or(remark_end);
                // `45. P4C, PxP; ½–½`, `30 PxNP RPxP White resigns.`: the
                // words before the game's end may be a remark (`Qh5 wins.
                // 1-0`) or the last move, for the lines to settle; not
                // when they say who gave up (`Black resigned rather than
                // see …`, `Las negras abandonan.`, but `QPxB White
                // resigns.`), nor, before a win, anything but a move
                // (`and wins.`, `White wins.`).
                let remark_or_move = ended.is_some_and(|r| {
                    l.adjacent(end).is_some_and(|a| {
                        let named = l.wins_at(r)
                            || l.words[a..r].iter().any(|w| side_named(w.text(l.text)).is_some());
                        a < r
                            && l.words[a].kind == WordKind::Text
                            && !ends_game(l.text, l.words, a)
                            && (!named || self.move_span(a).is_some())
                    })
                });
                let found = Found {
                    mv,
                    first,
                    end,
                    number,
                    pattern,
                    choices,
                    read_to,
                    misread,
                    rivals,
                    legible,
                    contradicted,
                    guessed: false,
                    missing: false,
                };
                let next = State {
                    pos,
                    origins,
                    next: end,
                    last: Some(Rc::new(Node {
                        found,
                        prev: state.last.clone(),
                    })),
                    plies: state.plies + 1,
                    cost,
                    style_run,
                    white_number,
                    ended,
                    bridged: state.bridged.clone(),
                    unconfirmed: if misread.is_some() {
                        state.unconfirmed + 1
                    } else {
                        0
                    },
                };
                // The game may go on in the remark, or after it.
                if remark_or_move || remark_end.is_some() {
                    out.push(State {
                        ended: None,
                        ..next.clone()
                    });
                }
                out.push(next);
            }
            if !bracketed && !quoted {
                skipped += 1;
            }
            tried += 1;
            if tried >= CANDIDATES {
                break;
            }
        }
    }

    /// Where `state`'s line cannot go on at the place the text gives its
    /// next half-move (a damaged move, a dropped one), though it may read
    /// on later or not at all, the states one half-move past that place:
    /// one for each legal move after which the text reads on at once
    /// (returns 1 when it tried). A line that gets further so is the game, damaged there; one
    /// that would instead jump to a note's quotation is not. The search
    /// reports the place as its stop, so the move is never guessed.
    fn bridge(&mut self, state: &State, reads_at: Option<usize>, out: &mut Vec<State>) -> usize {
        // Most lines read on at their first place: no need to look there.
        let first = self.places(state).first().map(|&(p, _)| p);
        if reads_at.is_some_and(|at| first.is_some_and(|p| at <= p)) {
            return 0;
        }
        let Some(stop) = self.stop(state) else {
            return 0;
        };
        // A line that reads on from where it stands needs no bridge; a
        // move quoted in brackets is a note's, not the game's.
        if reads_at.is_some_and(|at| at <= stop.first) || self.layout.depth[stop.first] > 0 {
            return 0;
        }
        let next = match stop.kind {
            StopKind::Gap => state.next,
            StopKind::Illegal | StopKind::Unreadable => stop.end,
        };
        // Guessing, a move written past reading at its own place, or left
        // out, is read as a legal move after which the text reads on, as
        // a person reads a damaged page.
        let guess = self.guesses;
        let missing = stop.kind == StopKind::Gap;
        let before = self.missing_before(&stop);
        let turn = state.pos.turn();
        let mut bridged: Vec<(u32, State)> = Vec::new();
        for mv in state.pos.legal_moves() {
            let (pos, origins) = state.played(mv);
            // Weighed against what is printed by `weigh_guesses`.
            let guessed = || Found {
                mv,
                first: if missing { before } else { stop.first },
                end: if missing { before } else { next },
                number: None,
                pattern: MovePattern::ANY,
                choices: Vec::new(),
                read_to: None,
                misread: Some(GUESSED),
                rivals: Vec::new(),
                legible: stop.kind == StopKind::Illegal,
                contradicted: false,
                guessed: true,
                missing,
            };
            let one = State {
                pos,
                origins,
                next,
                last: if guess {
                    Some(Rc::new(Node {
                        found: guessed(),
                        prev: state.last.clone(),
                    }))
                } else {
                    state.last.clone()
                },
                plies: state.plies + 1,
                cost: state.cost + BRIDGE_COST,
                style_run: state.style_run,
                white_number: (turn == Color::White).then(|| state.pos.fullmoves().get()),
                ended: None,
                bridged: (!guess).then(|| (state.plies, state.cost, stop.clone())),
                unconfirmed: state.unconfirmed + u32::from(guess),
            };
            let mut probe = Vec::new();
            self.extend(&one, false, &mut probe);
            if let Some(next) = probe.iter().map(|s| s.cost).min() {
                bridged.push((next, one));
            }
        }
        // The moves after which the next reads best first: among guesses
        // as near to what is printed, the likelier (`10) Nxb5` after a
        // Black move left out bears out `b5`).
        bridged.sort_by_key(|(next, _)| *next);
        let mut bridged: Vec<State> = bridged.into_iter().map(|(_, s)| s).collect();
        if guess && !bridged.is_empty() {
            self.weigh_guesses(state, &stop, &mut bridged);
        }
        out.extend(bridged);
        1
    }

    /// Keeps of the `guessed` states, one for each legal move after which
    /// the text reads on past `stop`, those whose moves are nearest to
    /// what is printed there, each costing as far as it is; they are each
    /// other's choices.
    fn weigh_guesses(&mut self, state: &State, stop: &Stop, guessed: &mut Vec<State>) {
        let moves: Vec<Move> = guessed.iter().filter_map(|s| s.last.as_ref().map(|n| n.found.mv)).collect();
        let forms = Forms::cached(&state.pos, state.origins.as_ref(), self.notation, self.lang, self.habits, Moves::All);
        // Each move weighed against the span of the place nearest to it.
        let written = match stop.kind {
            StopKind::Gap => self.gap_spans(state, stop),
            StopKind::Illegal | StopKind::Unreadable => self.place_spans(stop),
        };
        let mut near = vec![GUESSED; moves.len()];
        for span in &written {
            for (best, cost) in near.iter_mut().zip(forms.nearness(span, &moves, GUESSED)) {
                *best = (*best).min(cost);
            }
        }
        let floor = near.iter().copied().min().unwrap_or(GUESSED);
        let mut kept: Vec<(u32, State)> = near
            .into_iter()
            .zip(guessed.drain(..))
            .filter(|(cost, _)| *cost <= floor + synthesis::EDIT)
            .collect();
        kept.sort_by_key(|(cost, _)| *cost);
        // Nothing printed tells the moves that fit a gap apart: the moves
        // after it must, so every one is kept.
        if stop.kind != StopKind::Gap {
            kept.truncate(MOST_GUESSES);
        }
        let choices: Vec<Move> = kept
            .iter()
            .filter_map(|(_, s)| s.last.as_ref().map(|n| n.found.mv))
            .collect();
        for (cost, mut s) in kept {
            if let Some(node) = s.last.take() {
                let mut found = node.found.clone();
                found.misread = Some(cost);
                if choices.len() > 1 {
                    found.choices = choices.clone();
                }
                s.cost = state.cost + MISREAD_COST + cost / MISREAD_PER_COST;
                s.last = Some(Rc::new(Node {
                    found,
                    prev: node.prev.clone(),
                }));
            }
            guessed.push(s);
        }
    }

    /// The word before which a half-move is left out at `stop`: the later
    /// move's number, or its first word.
    fn missing_before(&self, stop: &Stop) -> usize {
        match stop.first.checked_sub(1) {
            Some(q) if stop.kind == StopKind::Gap && self.layout.words[q].is_number() => q,
            _ => stop.first,
        }
    }

    /// What stands for a half-move left out after `state`'s line, before
    /// the later move at `stop`, when a few words do (`19) Sb1 5 20) Le5`:
    /// the `5` of `g5`); else nothing is printed.
    fn gap_spans(&self, state: &State, stop: &Stop) -> Vec<String> {
        let l = self.layout;
        let printed: Vec<usize> = (state.next..self.missing_before(stop))
            .filter(|&i| !l.is_filler(i))
            .collect();
        match (printed.first(), printed.last()) {
            (Some(&a), Some(&b)) if printed.len() <= SLOT_WORDS && printed.iter().all(|&i| l.depth[i] == 0) => {
                vec![short_text(&l.text[l.words[a].start as usize..l.words[b].end as usize])]
            }
            _ => Vec::new(),
        }
    }

    /// The spans of the words that stand at `stop` for a half-move: from
    /// its first word, the span it was stopped at and the longer ones
    /// before the next move number, bracket or paragraph.
    fn place_spans(&self, stop: &Stop) -> Vec<String> {
        let l = self.layout;
        let place_end = (stop.first + 1..l.words.len().min(stop.first + SLOT_WORDS))
            .find(|&i| {
                let w = &l.words[i];
                w.paragraph || !matches!(w.kind, WordKind::Text) && !is_rank(l.text, l.words, i)
            })
            .unwrap_or(l.words.len().min(stop.first + SLOT_WORDS));
        l.spans(stop.first)
            .iter()
            .filter(|&&(len, _)| stop.first + len == stop.end || stop.first + len <= place_end)
            .map(|(_, span)| span.clone())
            .collect()
    }

    /// What stands where the half-move after `state` should be, when the
    /// text goes on with it: a numbered place, or a word right after
    /// White's move that parses as a move.
    /// Whether word `i` opens a sentence after the moves: a short word
    /// with a capital at a line's start, a word of prose after it (`A
    /// fine game.`, `As pretas abandonaram.`), where a move's letter
    /// would have its square.
    fn opens_sentence(&self, i: usize) -> bool {
        let l = self.layout;
        let word = l.words[i].text(l.text);
        l.words[i].line_start
            && word.chars().count() <= 2
            && word.chars().next().is_some_and(char::is_uppercase)
            && word.chars().all(char::is_alphabetic)
            && l.words
                .get(i + 1)
                .is_some_and(|next| next.kind == WordKind::Text && is_sentence_word(next.text(l.text)))
    }

    fn stop(&mut self, state: &State) -> Option<Stop> {
        let l = self.layout;
        let turn = state.pos.turn();
        for (first, lead) in self.places(state) {
            // A place no number leads is no place the text gives; White's
            // number printed again before what Black cannot play is more
            // likely an alternative to White's move (`7. Ld2 … 7. Pc3`).
            if matches!(lead, Lead::Unnumbered | Lead::Repeated(_) | Lead::NextLine) {
                continue;
            }
            let parsing = self.longest_parse(first, turn);
            // Black's slot: the few words before White's next number
            // (`18 P x B E-Q R 6! ! 19 P x P ch`) stand for Black's move.
            let slot = match lead {
                Lead::Adjacent => self.slot(state, first),
                _ => None,
            };
            let clear_place = match lead {
                Lead::Number(q) | Lead::Misnumbered(q) | Lead::Repeated(q) => {
                    matches!(l.words[q].kind, WordKind::Number { dotted: true, .. })
                        || l.opens[q]
                        || !self.numbers_dotted(state)
                }
                Lead::Adjacent => {
                    !self.opens_sentence(first)
                        && l.spans(first)
                            .iter()
                            .take_while(|(len, _)| *len <= slot.unwrap_or(2))
                            .any(|(_, s)| is_move_fragment(s))
                }
                Lead::Unnumbered | Lead::NextLine => false,
            };
            if parsing.is_some() || clear_place {
                // An unreadable move is its slot, or its first word, or
                // the first few where the first alone is no fragment of
                // one (`Q-R 41`).
                let joined = l.spans(first)
                    .iter()
                    .take(3)
                    .find(|(_, s)| is_move_fragment(s))
                    .map(|(len, _)| first + len);
                let slot_end = slot.map(|len| {
                    (first + 1..first + len)
                        .rev()
                        .find(|&i| !l.is_filler(i))
                        .map_or(first + 1, |i| i + 1)
                });
                return Some(Stop {
                    first,
                    end: parsing.or(slot_end).or(joined).unwrap_or(first + 1),
                    kind: if parsing.is_some() {
                        StopKind::Illegal
                    } else {
                        StopKind::Unreadable
                    },
                });
            }
        }
        self.gap(state)
    }

    /// Where the text goes on under the game's own numbers after
    /// `state`'s last move although nothing there reads as its next
    /// half-move (`15 § c1 f4 … 16 C g3 f5 … 17 …` in letters that read
    /// none of them, or moves past reading): a stop at what stands
    /// before the next number, or a gap where nothing does, so that the
    /// line does not end there unremarked and what follows is reported.
    fn numbers_go_on(&self, state: &State) -> Option<Stop> {
        let l = self.layout;
        if state.plies == 0 {
            return None;
        }
        let n = state.pos.fullmoves().get();
        let limit = l.result_after[state.next.min(l.words.len())]
            .min(l.words.len())
            .min(l.notes_from);
        // Numbers in the layout the line kept (see [`STYLE_RUN`]): a
        // note's numbered line in mid-paragraph is no game going on. A
        // line whose own numbers mostly stood mid-line is a paragraph
        // (`2l. Le3 Sd7 22. Sc3 Sc5 23. Lxc5`): the lines it opened
        // with a number were only where lines happened to break.
        let mut own = Vec::new();
        let mut node = state.last.as_deref();
        while let Some(n) = node
            && own.len() < STYLE_SAMPLE
        {
            own.extend(n.found.number);
            node = n.prev.as_deref();
        }
        let paragraph = 2 * own.iter().filter(|&&q| l.opens[q]).count() < own.len();
        let styled = |q: usize| state.style_run < STYLE_RUN || l.opens[q] || paragraph;
        let numbers = || {
            (state.next..limit)
                .filter(|&q| l.depth[q] == 0 && l.words[q].is_number() && !is_rank(l.text, l.words, q))
        };
        // From the next number on, or from one a little further where the
        // scan damaged the next ones past reading (`2O.`, `2l.`).
        let run_from = |first: u32| {
            let mut numbers = numbers();
            let mut run = Vec::new();
            for want in first..first + GOING_ON {
                run.push(numbers.find(
                    |&q| matches!(l.words[q].kind, WordKind::Number { n: m, black: false, .. } if m == want),
                )?);
            }
            run.iter().all(|&q| styled(q)).then(|| run[0])
        };
        let next = (n + 1..=n + DAMAGED_NUMBERS + 1).find_map(run_from)?;
        let written = (state.next..next).find(|&i| l.words[i].kind == WordKind::Text);
        Some(match written {
            Some(first) => Stop {
                first,
                end: first + 1,
                kind: StopKind::Unreadable,
            },
            None => Stop {
                first: next + 1,
                end: next + 2,
                kind: StopKind::Gap,
            },
        })
    }

    /// How many words stand between `first`, right after White's move,
    /// and White's next move number, when they are few.
    fn slot(&self, state: &State, first: usize) -> Option<usize> {
        let l = self.layout;
        let q = (first..l.words.len().min(first + SLOT_WORDS + 1))
            .find(|&q| l.words[q].is_number() && !is_rank(l.text, l.words, q))?;
        let next = state.pos.fullmoves().get() + 1;
        matches!(l.words[q].kind, WordKind::Number { n, black: false, .. } if n == next)
            .then_some(q - first)
    }

    /// Whether the game's own numbers have stops (`12.`) or not (`12`),
    /// as the last numbered move of `state`'s line has it.
    fn numbers_dotted(&self, state: &State) -> bool {
        let mut node = state.last.as_ref();
        while let Some(n) = node {
            if let Some(q) = n.found.number {
                return matches!(
                    self.layout.words[q].kind,
                    WordKind::Number { dotted: true, .. }
                );
            }
            node = n.prev.as_ref();
        }
        true
    }

    /// The word after the longest span at `first` that parses.
    fn longest_parse(&self, first: usize, turn: Color) -> Option<usize> {
        let l = self.layout;
        l.spans(first)
            .iter()
            .filter(|(_, s)| self.notation.parse(s, self.lang, turn).is_ok())
            .map(|(len, _)| first + *len)
            .max()
    }

    /// A later move, numbered as this game numbers its moves, that
    /// follows with nothing written for the half-move after `state`.
    fn gap(&self, state: &State) -> Option<Stop> {
        // In the layout the line kept, else on the same line: a game that
        // goes on there under its own numbers never ends unremarked.
        self.gap_in(state, true).or_else(|| self.gap_in(state, false))
    }

    /// [`Self::gap`] where `in_style`: at numbers that open their line
    /// where the line's moves have kept doing so. Else on the rest of the
    /// line only, whatever the layout.
    fn gap_in(&self, state: &State, in_style: bool) -> Option<Stop> {
        let l = self.layout;
        let n = state.pos.fullmoves().get();
        let mut limit = l.result_after[state.next.min(l.words.len())]
            .min(l.words.len())
            .min(l.notes_from);
        if !in_style {
            limit = (state.next + 1..limit)
                .find(|&q| l.words[q].line_start)
                .unwrap_or(limit);
        }
        let numbers_dotted = self.numbers_dotted(state);
        for q in state.next..limit {
            let WordKind::Number {
                n: m,
                black,
                dotted,
            } = l.words[q].kind
            else {
                continue;
            };
            let later = match state.pos.turn() {
                Color::White => m > n || (m == n && black),
                Color::Black => m > n,
            };
            let styled = !in_style || state.style_run < STYLE_RUN || l.opens[q];
            let numbered_so = dotted || l.opens[q] || !numbers_dotted;
            if !later || m > n + 2 || l.depth[q] > 0 || !numbered_so || !styled {
                continue;
            }
            let first = q + 1;
            let turn = if black { Color::Black } else { Color::White };
            if let Some(end) = self.longest_parse(first, turn) {
                return Some(Stop {
                    first,
                    end,
                    kind: StopKind::Gap,
                });
            }
        }
        None
    }
}

/// How unlikely a writer would leave `mv` ambiguous: a piece that
/// crosses to the other wing (`R to Kt 8` from KB8 is KKt8, not QKt8),
/// and a long move, are named more fully when meant.
fn unlikeliness(mv: &Move) -> (bool, u32) {
    let to = mv.to();
    mv.from().map_or((false, 0), |from| {
        let wing = |sq: shakmaty::Square| sq.file() >= shakmaty::File::E;
        (wing(from) != wing(to), from.distance(to))
    })
}

/// Where the notes printed after a score begin: the second `(a)`, its
/// note's label, where the score marked `(b)` before it and no letter
/// is first met after it (`17 P to Q 5 (a) … 22 R takes Kt ch (b) …
/// (a) This breaks up … (b) The Rook is immune. If 22 … Q takes R …`).
/// A note there may go on under the game's numbers (a finish shown
/// after the game ended); a score that goes on between its notes marks
/// its later moves with new letters. `usize::MAX` where there is none.
fn notes_after_score(text: &str, words: &[Word]) -> usize {
    // Each note letter's places: `(a)` as three words, or glued to a
    // move (`P-K5(c)`).
    let letter = |t: &str| {
        let mut chars = t.chars();
        chars.next().filter(|c| c.is_ascii_lowercase() && chars.next().is_none())
    };
    let mut places: Vec<(char, usize)> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let found = match w.kind {
            WordKind::Open if w.text(text) == "(" => words
                .get(i + 2)
                .filter(|c| c.kind == WordKind::Close && c.text(text) == ")")
                .and_then(|_| letter(words[i + 1].text(text))),
            WordKind::Text => {
                let b = w.text(text).as_bytes();
                let n = b.len();
                (n > 3 && b[n - 1] == b')' && b[n - 3] == b'(' && b[n - 2].is_ascii_lowercase())
                    .then(|| char::from(b[n - 2]))
            }
            _ => None,
        };
        if let Some(c) = found {
            places.push((c, i));
        }
    }
    let mut first_at = [usize::MAX; 26];
    for &(c, i) in places.iter().rev() {
        first_at[usize::from(c as u8 - b'a')] = i;
    }
    let first = |c: char| first_at[usize::from(c as u8 - b'a')];
    let Some(label) = places.iter().filter(|p| p.0 == 'a').nth(1).map(|p| p.1) else {
        return usize::MAX;
    };
    let marked_before = first('b') < label;
    let no_new_marks = places.iter().filter(|p| p.1 > label).all(|p| first(p.0) < label);
    if marked_before && no_new_marks { label } else { usize::MAX }
}

/// The move number that leads text word `i`: the word before it, or the
/// one before a comma glued to it (`12, Kt-Q 4`).
fn number_before(text: &str, words: &[Word], i: usize) -> Option<usize> {
    if words[i].kind != WordKind::Text || is_placeholder(words[i].text(text)) {
        return None;
    }
    let q = i.checked_sub(1)?;
    if words[q].is_number() {
        return Some(q);
    }
    let p = q.checked_sub(1)?;
    if words[q].text(text) == "," && words[q].start == words[p].end && words[p].is_number() {
        return Some(p);
    }
    // `| 12 | e4 | e5 |`: a table's number in a column of its own;
    // `9. —o— Re5—d3`, `(8) ... Kt-e4`, `| 2 | .... | e6 |`: White's
    // move left out; `15 § c1 f4`, `15, Bxf4`: a mark the print or the
    // scan left. A table's bars and one placeholder or mark at most lie
    // between the number and the move.
    let mut placeholders = 0;
    for j in (0..=q).rev() {
        let w = &words[j];
        if w.is_number() {
            return Some(j);
        }
        let bar = w.text(text) == "|";
        placeholders += u32::from(!bar);
        if placeholders > 1 || !bar && !is_empty_mark(text, w) && w.kind != WordKind::Separator {
            return None;
        }
    }
    None
}

/// Whether word `w` stands for a move left out: dots alone or a
/// placeholder (`—o—`).
fn is_empty_mark(text: &str, w: &Word) -> bool {
    w.kind == WordKind::Dots || w.kind == WordKind::Text && is_placeholder(w.text(text))
}

/// `span` read by the strict parser of `notation`; where it is no move
/// as it stands, without the evaluation signs and annotation glyphs
/// glued to its end (`Pxc4∞`, `TR1AR=/+`, `Kt-f3!? ±`), the last
/// printed kept as the move's NAG; a novelty's `N` only where the span
/// is `one_word` (`17.c5N`; in `h3 N` the `N` is a move cut short).
fn parse_signed(notation: Notation, span: &str, one_word: bool, lang: &Language, turn: Color) -> Option<Readings> {
    let mut core = span;
    let mut nag = None;
    loop {
        // Castling in words (`4. Castles Nf6`) in any notation: the word
        // is the same in every one of them.
        let parsed = notation.parse(core, lang, turn).or_else(|e| match notation {
            Notation::Descriptive => Err(e),
            _ => Notation::Descriptive
                .parse(core, lang, turn)
                .ok()
                .filter(|r| r.first.castle.is_some())
                .ok_or(e),
        });
        if let Ok(mut readings) = parsed {
            for pattern in std::iter::once(&mut readings.first).chain(&mut readings.more) {
                pattern.nag = pattern.nag.or(nag);
            }
            return Some(readings);
        }
        let (rest, sign) = evaluation::split_annotation(core)
            .or_else(|| one_word.then(|| evaluation::split_novelty(core)).flatten())?;
        core = rest;
        nag = nag.or(Some(sign));
    }
}

/// Whether a span in short form ends in a word that only a move printed
/// in words has (`KPtwo`, `Rinterposes`): a pawn's steps or a piece put
/// between a checking piece and its king.
fn in_words_only(span: &str) -> bool {
    let span = span.trim_end_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let v = vocabulary();
    v.steps.iter().chain(&v.interpose).any(|w| span.ends_with(w.as_str()))
}

/// Whether word `i`, a number with dots apart (`13. ...`), is White's
/// box left empty on a scoresheet, for a line that has not read White's
/// thirteenth (one that has reads it as Black's number): a move or the
/// line's end follows.
fn is_white_box(text: &str, words: &[Word], i: usize) -> bool {
    let w = &words[i];
    w.text(text).contains(char::is_whitespace)
        && words
            .get(i + 1)
            .is_none_or(|n| n.line_start || matches!(n.kind, WordKind::Text | WordKind::Dots))
}

/// Move `mv` read for the empty box at word `first`: nothing written,
/// as far from what is written as a guess.
fn fill_box(mv: Move, first: usize) -> Fit {
    Fit {
        mv,
        end: first + 1,
        pattern: MovePattern::ANY,
        choices: Vec::new(),
        cut_short: false,
        read_to: None,
        misread: Some(GUESSED),
        rivals: Vec::new(),
        legible: false,
        contradicted: false,
    }
}

/// Whether word `i` is a box of a scoresheet left empty: dots alone
/// after a move number, a move or another empty box, and before the next
/// number, another empty box, or the line's end (`12. Nf3 ...`,
/// `13. ... ...`, `14. ... Nf6`).
fn is_empty_box(words: &[Word], i: usize) -> bool {
    let w = &words[i];
    if w.kind != WordKind::Dots {
        return false;
    }
    // A table's bars (`| 12 | Nf3 | .... |`) stand between the boxes.
    let after = words[i + 1..]
        .iter()
        .find(|n| n.line_start || n.kind != WordKind::Separator);
    let ends_box = after.is_none_or(|n| {
        n.line_start || n.is_number() || n.kind == WordKind::Dots || n.kind == WordKind::Text
    });
    let before = words[..i].iter().rposition(|p| p.kind != WordKind::Separator);
    let opens_box = before.is_some_and(|p| {
        !words[p + 1..=i].iter().any(|w| w.line_start)
            && matches!(words[p].kind, WordKind::Number { .. } | WordKind::Text | WordKind::Dots)
    });
    ends_box && opens_box
}

/// Whether word `i`, a box of a scoresheet for a half-move of move `n`,
/// is left empty with nothing after it but another box or the next
/// move's number (`3. ... ... 4. ... ...`, `| 2 | c4 | .... |` / `| 3 |`):
/// a half-move the sheet says was played. Dots before words or under
/// the move's own number again (`2. f4, ... A strong start.` /
/// `2 ..., exf4`) more often say that the move comes after a note.
fn is_bare_box(words: &[Word], i: usize, n: u32) -> bool {
    let box_word = matches!(words[i].kind, WordKind::Dots | WordKind::Number { .. });
    let after = words[i + 1..].iter().find(|w| w.kind != WordKind::Separator);
    box_word
        && after.is_none_or(|w| match w.kind {
            WordKind::Dots => true,
            WordKind::Number { n: m, .. } => m == n + 1,
            _ => false,
        })
}

/// Whether `word` stands for a move left out, as some columns print
/// White's move before Black's given alone (`9. —o— Re5—d3`).
fn is_placeholder(word: &str) -> bool {
    // Not castling (`0-0`, `o-o`, `o—o`): a long dash, or dashes alone.
    let long_dash = word.contains(['—', '–']);
    let dashes = word.chars().all(|c| matches!(c, '—' | '–' | '-'));
    let bare = word.trim_end_matches('.');
    let castling = bare.starts_with('o') && bare.ends_with('o');
    !castling
        && word.chars().count() <= 5
        && (long_dash || dashes)
        && word
            .chars()
            .all(|c| matches!(c, '—' | '–' | '-' | 'o' | '.' | '…'))
}

/// The word that closes a bracket opened in words `first..end` and left
/// open there, when it follows within a few words.
fn open_bracket_closed(words: &[Word], first: usize, end: usize) -> Option<usize> {
    let mut depth = 0i32;
    for w in &words[first..end] {
        match w.kind {
            WordKind::Open => depth += 1,
            WordKind::Close => depth -= 1,
            _ => {}
        }
    }
    if depth <= 0 {
        return None;
    }
    (end..words.len().min(end + 3)).find(|&i| words[i].kind == WordKind::Close)
}

/// Whether the bare number at word `q` is the rank of a spaced move
/// before it (`Q B 3` in `Kt - Q B 3 Kt - K B 3`) rather than the number
/// of the move after it: a digit from 1 to 8 without a stop, set apart by
/// blanks, after a word that ends in a file's or piece's letter.
/// Whether `span` is two squares and nothing else (`c5 d4`), as long
/// algebraic prints a move without its dash.
fn is_square_pair(span: &str) -> bool {
    let chars: Vec<char> = span.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    let square = |c: &[char]| ('a'..='h').contains(&c[0]) && ('1'..='8').contains(&c[1]);
    chars.len() == 4 && square(&chars[..2]) && square(&chars[2..])
}

fn is_rank(text: &str, words: &[Word], q: usize) -> bool {
    let WordKind::Number {
        n,
        black: false,
        dotted: false,
    } = words[q].kind
    else {
        return false;
    };
    // No move runs on across a blank line (`Smith - Jones` / (blank) /
    // `1 P - Q 4`).
    if words[q].paragraph {
        return false;
    }
    let glued = words.get(q + 1).is_some_and(|w| w.start == words[q].end);
    // The destination of a dash move still wants its rank: `P-Q 4`,
    // `Kt-Q B 3`, `Kt - K B 3`; a capture (`Q x K P`) is whole.
    // Castling (`O-O 7`) is whole too.
    let open_end = q.checked_sub(1).map(|p| &words[p]).is_some_and(|w| {
        let t = w.text(text);
        w.kind == WordKind::Text && t.ends_with(char::is_alphabetic) && !is_castling(t)
    });
    let mut dash = false;
    for p in (q.saturating_sub(4)..q).rev() {
        let w = &words[p];
        if w.kind != WordKind::Text {
            break;
        }
        let t = w.text(text);
        if t.contains(['x', '×', 'X']) || is_castling(t) {
            return false;
        }
        if t.contains(['-', '—', '–']) {
            dash = true;
            break;
        }
    }
    (1..=8).contains(&n) && !glued && open_end && dash
}

/// Whether `word` reads as castling (`O-O`, `o–o–o`), marks after it or
/// not.
fn is_castling(word: &str) -> bool {
    // (`Castles`, `castles.` in words.)
    word.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("castle"))
        || crate::notation::san::parse(word, Language::english()).is_ok_and(|p| p.castle.is_some())
}

/// Whether the number `a` printed is `b` misprinted by one digit: as
/// many digits, one different (`19` for `13`), or one dropped (`1` for
/// `13`).
fn one_digit_apart(a: u32, b: u32) -> bool {
    let (a, b) = (a.to_string(), b.to_string());
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // The digits before the first difference agree; after it, `a` goes
    // on with `b`'s next digit (one dropped) or its own (one wrong).
    let same = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    match b.len().checked_sub(a.len()) {
        Some(0) => same < a.len() && a[same + 1..] == b[same + 1..],
        Some(1) => a[same..] == b[same + 1..],
        _ => false,
    }
}

/// Whether a word that no notation reads is still a broken move rather
/// than a word of prose: a lone capital (`N`, cut off) or a word with a
/// digit (`Nf`, `5f3`, `Rg9`).
fn is_move_fragment(word: &str) -> bool {
    let word = word.trim_end_matches(['.', ',', ';', ':', '!', '?']);
    let lone_capital = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
    let digit = word.chars().any(|c| c.is_ascii_digit()) && word.chars().count() <= 8;
    lone_capital || digit
}

/// The kinds of the marks of `mv` that the position `after` it
/// contradicts: a mate mark that mates not (or else a check mark that
/// checks not), a capture or en-passant mark on a move that is none.
pub fn wrong_marks(mv: &Move, claims: &Claims, after: &Chess) -> impl Iterator<Item = Kind> {
    let check = after.is_check();
    let mate = claims.mate && !(check && after.is_checkmate());
    [
        (mate, Kind::WrongMateMark),
        (!mate && claims.check && !check, Kind::WrongCheckMark),
        (
            (claims.capture && !mv.is_capture()) || (claims.en_passant && !mv.is_en_passant()),
            Kind::WrongCaptureMark,
        ),
    ]
    .into_iter()
    .filter_map(|(wrong, kind)| wrong.then_some(kind))
}

/// The check and mate marks that end a misprinted move's words
/// (`P-KRl ch`, `TBR+`): the misprint is read as a move they fit.
fn trailing_claims(words: &str, lang: &Language) -> Claims {
    let mut marks = MovePattern::ANY;
    crate::notation::san::strip_marks(words, lang, &mut marks);
    Claims {
        capture: false,
        ..marks.claims
    }
}

/// The cost of the marks of a move that contradict it.
fn mark_cost(mv: &Move, claims: &Claims, after: &Chess) -> u32 {
    MARK_COST * wrong_marks(mv, claims, after).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_ending_a_misprint_are_claims_its_reading_must_fit() {
        let english = Language::english();
        let check = |words: &str| trailing_claims(words, english).check;
        assert!(check("P-KRl ch") && check("TBR+"));
        assert!(trailing_claims("Qxf0#", english).mate);
        assert!(!check("Kt to K S") && !check("BxhS") && !check("g2-g"));
        // A capture is the move's, not a mark after it.
        assert!(!trailing_claims("Bxh+", english).capture);
    }

    #[test]
    fn a_number_printed_on_every_line_gives_a_bounded_number_of_places() {
        // Each place is tried for every state: unbounded, the reading's
        // work grew with the square of the text.
        let text = format!("1. e4 e5\n{}", "2. Qz9 xx\n".repeat(500));
        let words = crate::document::words::words(&text);
        let layout = Layout::new(&text, &words);
        let habits = Habits::default();
        let search = Search::new(&layout, Notation::San, Language::english(), Tolerance::AsPrinted, &habits);
        let mut pos = Chess::default();
        for san in ["e4", "e5"] {
            let m = san.parse::<shakmaty::san::San>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        let state = State {
            pos,
            next: 6,
            plies: 2,
            ..State::at_start(&Chess::default(), Notation::San)
        };
        let places = search.places(&state);
        assert!(places.len() > 1, "{} places", places.len());
        assert!(places.len() <= MOST_PLACES, "{} places", places.len());
    }

    #[test]
    fn a_number_misprinted_by_one_digit() {
        // printed, meant
        for (a, b) in [(19, 13), (1, 13), (3, 13), (1, 14), (8, 9)] {
            assert!(one_digit_apart(a, b), "{a} for {b}");
        }
        for (a, b) in [(13, 13), (31, 13), (2, 13), (113, 13), (5, 125), (24, 42)] {
            assert!(!one_digit_apart(a, b), "{a} for {b}");
        }
    }
}

