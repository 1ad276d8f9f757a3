//! One game as the library hands it to its users: tags, the verified
//! moves with their places in the text, findings, result, positions, and
//! the game written out.
//!
//! A [`GameRecord`] owns everything it holds, so it outlives the text it
//! was read from; [`crate::Reader`] yields one per game.
//!
//! ```
//! let games: Vec<_> = scoresheet::Reader::new()
//!     .read_str("1. e4 e5 2. Hf3 Hc6 *")
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! let sans: Vec<String> = games[0].moves().iter().map(|m| m.san()).collect();
//! assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
//! assert_eq!(games[0].moves()[2].uci(), "g1f3");
//! ```

use shakmaty::{Chess, Move};

use crate::audit::{Finding, Row, Severity};
use crate::notation::{fen, san};
use crate::replay::walk::walk_main_line;
use crate::game::Game;
use crate::lang::Language;
use crate::model::Location;

/// A move of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    /// Half-move from the game's start, from 1.
    pub ply: u32,
    /// The move as written in the text.
    pub written: String,
    /// Where it is written.
    pub location: Location,
    /// The move itself.
    pub mv: Move,
    /// The position before it.
    pub before: Chess,
}

impl MoveRecord {
    /// The move in English SAN, with its check or mate mark.
    pub fn san(&self) -> String {
        san::san(&self.before, self.mv, Language::english())
    }

    /// The move in UCI (castling as the king's move, or in Chess960 as
    /// the king taking its rook).
    pub fn uci(&self) -> String {
        san::uci(&self.before, self.mv)
    }

    /// The position before the move, as standard FEN.
    pub fn fen_before(&self) -> String {
        fen::standard(&self.before)
    }
}

/// One game read, verified and audited.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub(crate) index: u64,
    pub(crate) location: Location,
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) moves: Vec<MoveRecord>,
    /// The main line in SAN, when it was written instead of `moves`.
    pub(crate) san_line: Option<String>,
    pub(crate) plies: u32,
    pub(crate) start: Chess,
    pub(crate) end: Chess,
    pub(crate) result: String,
    pub(crate) findings: Vec<Finding>,
    pub(crate) finding_locations: Vec<Location>,
    pub(crate) output: Option<String>,
    pub(crate) rejected: bool,
    pub(crate) repaired: bool,
    pub(crate) notation: &'static str,
    pub(crate) letters: String,
}

impl GameRecord {
    /// A game not read (too large): nothing but where it is.
    pub(crate) fn unread(location: Location) -> GameRecord {
        GameRecord {
            index: 0,
            location,
            tags: Vec::new(),
            moves: Vec::new(),
            san_line: None,
            plies: 0,
            start: Chess::default(),
            end: Chess::default(),
            result: String::new(),
            findings: Vec::new(),
            finding_locations: Vec::new(),
            output: None,
            rejected: true,
            repaired: false,
            notation: "",
            letters: String::new(),
        }
    }

    /// The game's number in its input, from 1.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// Where the game starts in its input.
    pub fn location(&self) -> Location {
        self.location
    }

    /// The tag pairs, in the order written.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The main line's moves, as far as they replay (none when the
    /// reader was asked for the SAN only: [`Reader::moves`](crate::Reader::moves)).
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// The main line's moves in SAN, separated by spaces, as far as they
    /// replay: `e4 e5 Nf3`.
    pub fn san_movetext(&self) -> std::borrow::Cow<'_, str> {
        match &self.san_line {
            Some(line) => line.as_str().into(),
            None => {
                let sans: Vec<String> = self.moves.iter().map(MoveRecord::san).collect();
                sans.join(" ").into()
            }
        }
    }

    /// How many half-moves of the main line replay.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The starting position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The position after the last move read.
    pub fn end(&self) -> &Chess {
        &self.end
    }

    /// The final position as standard FEN.
    pub fn fen(&self) -> String {
        fen::standard(&self.end)
    }

    /// The result written (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn result(&self) -> &str {
        &self.result
    }

    /// Everything the audit found, each with where it is in the input.
    pub fn findings(&self) -> impl Iterator<Item = (&Finding, Location)> + '_ {
        self.findings
            .iter()
            .zip(self.finding_locations.iter().copied())
    }

    /// The game written in the reader's output format; `None` when it is
    /// rejected.
    pub fn output(&self) -> Option<&str> {
        self.output.as_deref()
    }

    /// Whether the game could not be converted as written (nor repaired).
    pub fn is_rejected(&self) -> bool {
        self.rejected
    }

    /// Whether the game was written with repairs made.
    pub fn is_repaired(&self) -> bool {
        self.repaired
    }

    /// Whether anything worse than information was found.
    pub fn has_problems(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity >= Severity::Warning)
    }

    /// The game's findings as rows of the audit report, for the input
    /// named `file`.
    pub fn report_rows(&self, file: &str) -> Vec<Row> {
        let players = (
            self.tag("White").unwrap_or(""),
            self.tag("Black").unwrap_or(""),
        );
        self.findings()
            .map(|(finding, at)| Row::new(file, self.index, at, players, finding))
            .collect()
    }

    /// The notation the moves were read in (`san`, `descriptive`, …).
    pub fn notation(&self) -> &str {
        self.notation
    }

    /// The letter set the moves were read with (`en`, `hu`, …).
    pub fn letters(&self) -> &str {
        &self.letters
    }
}

/// The main line of `game`, as records placed in the text that starts at
/// `origin` in its input; `original` maps an offset of the game's text as
/// read to the text as written (they differ once repairs are made).
pub(crate) fn moves(
    game: &Game<'_>,
    written: &str,
    origin: Location,
    original: impl Fn(u32) -> u32,
) -> Vec<MoveRecord> {
    let mut out = Vec::with_capacity(game.replay.main_plies as usize);
    // Moves mostly come in the text's order: each is placed from the one
    // before, not from the game's start.
    let mut last = (0u32, origin);
    walk_main_line(&game.replay.events, &game.start, |mv, token, before, _| {
        let span = game
            .lexed
            .tokens
            .get(token as usize)
            .map_or(0..0, |t| t.span.clone());
        let at = original(span.start).min(written.len() as u32);
        let end = (at + (span.end - span.start)).min(written.len() as u32);
        let text = written.get(at as usize..end as usize).unwrap_or("");
        let location = match written.get(last.0 as usize..at as usize) {
            Some(between) => step_over(last.1, between),
            None => locate(written, origin, at),
        };
        last = (at, location);
        out.push(MoveRecord {
            ply: out.len() as u32 + 1,
            written: text.to_owned(),
            location,
            mv,
            before: before.clone(),
        });
    });
    out
}

/// The first `limit` moves of the main line of `game` in English SAN,
/// separated by spaces, with how many they are and the position after
/// them.
pub(crate) fn san_line(game: &Game<'_>, limit: usize) -> (String, u32, Chess) {
    let mut line = String::with_capacity(game.replay.main_plies as usize * 5);
    let (mut plies, mut end) = (0u32, game.start.clone());
    walk_main_line(&game.replay.events, &game.start, |mv, _, before, after| {
        if plies as usize >= limit {
            return;
        }
        if plies > 0 {
            line.push(' ');
        }
        san::append_san(&mut line, before, mv, after, Language::english());
        plies += 1;
        end.clone_from(after);
    });
    (line, plies, end)
}

/// Where the text after `between`, which starts at `from`, is.
fn step_over(from: Location, between: &str) -> Location {
    let bytes = between.as_bytes();
    let newlines = memchr::memchr_iter(b'\n', bytes).count() as u32;
    let column = match memchr::memrchr(b'\n', bytes) {
        Some(i) => between[i + 1..].chars().count() as u32 + 1,
        None => from.column + between.chars().count() as u32,
    };
    Location {
        byte: from.byte + bytes.len() as u64,
        line: from.line + newlines,
        column,
    }
}

/// Where `offset` of a game's `text`, which starts at `origin`, is.
pub(crate) fn locate(text: &str, origin: Location, offset: u32) -> Location {
    // An offset inside a character counts from that character's start.
    let mut offset = (offset as usize).min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    step_over(origin, &text[..offset])
}
