//! Two copies, one game: both players of a tournament game keep a
//! scoresheet of it, and each copy's slips are where the other copy
//! disagrees.
//!
//! Each copy is read box by box ([`sheet`]); a joint search ([`search`])
//! finds the one game that both copies' boxes read as most nearly, a
//! slip in one copy settled by the other before any move is guessed and
//! a legal but wrong move settled by the boxes after it in both copies.
//! Every half-move where the copies disagree is a [`Disagreement`]: what
//! each copy wrote, the move chosen, which copy was right and why; where
//! two moves fit both copies equally well, it is left unsettled, with
//! both.
//!
//! ```
//! let a = "[White \"Anand\"]\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n";
//! let b = "[Black \"Carlsen\"]\n1. e4 e5\n2. Nf3 Nc6\n3. Bb9 a6\n";
//! let joined = scoresheet::reconcile(a, b, &scoresheet::ReconcileOptions::default())?;
//! assert!(joined.game.output().unwrap().contains("3. Bb5 a6"));
//! assert_eq!(joined.game.tag("White"), Some("Anand"));
//! assert_eq!(joined.game.tag("Black"), Some("Carlsen"));
//! let row = &joined.disagreements[0];
//! assert_eq!((row.ply, row.b_written.as_str(), row.chosen.as_str()), (5, "Bb9", "Bb5"));
//! assert_eq!(row.right, scoresheet::Right::A);
//! # Ok::<(), scoresheet::Error>(())
//! ```

pub mod search;
pub mod sheet;

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::error::Error;
use crate::game::ReadOptions;
use crate::lang::{Language, Letters};
use crate::notation::Notation;
use crate::notation::san::san;
use crate::reader::Reader;
use crate::record::GameRecord;

use search::{First, Found, Reading, Search, State, Step};
use sheet::Sheet;

/// How the two copies are read.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReconcileOptions<'a> {
    /// The notation both copies are written in; `None` detects each
    /// copy's.
    pub notation: Option<Notation>,
    /// The piece letters; [`Letters::Auto`] detects each copy's.
    pub letters: Letters<'a>,
}

/// The one game two copies of a scoresheet record, and where they
/// disagree.
#[derive(Debug, Clone)]
pub struct Reconciliation {
    /// The game, its tags taken from both copies, written as the
    /// [`Reader`] writes a game ([`GameRecord::output`]).
    pub game: GameRecord,
    /// Every half-move where the copies disagree, in order.
    pub disagreements: Vec<Disagreement>,
    /// Every tag the copies give different values; the game has A's.
    pub tag_conflicts: Vec<TagConflict>,
}

impl Reconciliation {
    /// Whether the copies agree on every move and tag.
    pub fn agrees(&self) -> bool {
        self.disagreements.is_empty() && self.tag_conflicts.is_empty()
    }

    /// The half-moves neither copy settles.
    pub fn unsettled(&self) -> impl Iterator<Item = &Disagreement> {
        self.disagreements.iter().filter(|d| !d.is_settled())
    }
}

/// Which copy had a move right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Right {
    /// The first copy.
    A,
    /// The second copy.
    B,
    /// Neither: the move chosen is the nearest to both, or unsettled.
    Neither,
}

impl fmt::Display for Right {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Right::A => "A",
            Right::B => "B",
            Right::Neither => "neither",
        })
    }
}

/// A half-move the copies disagree on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The half-move, from 1.
    pub ply: u32,
    /// Its move number.
    pub move_number: u32,
    /// The side that played it.
    pub side: Color,
    /// What the first copy wrote in its box: empty where it has no box
    /// for the move.
    pub a_written: String,
    /// What the second copy wrote.
    pub b_written: String,
    /// The move chosen, in English SAN.
    pub chosen: String,
    /// Which copy had it right.
    pub right: Right,
    /// Why.
    pub reason: String,
    /// Where two or more moves fit both copies equally well, all of them
    /// (in SAN, the chosen first); empty where the move is settled.
    pub candidates: Vec<String>,
}

impl Disagreement {
    /// Whether the copies, read together, settle the move.
    pub fn is_settled(&self) -> bool {
        self.candidates.is_empty()
    }

    /// `white` or `black`: the side that played the half-move.
    pub fn side_name(&self) -> &'static str {
        crate::replay::side_name(self.side)
    }
}

/// A tag the copies give different values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagConflict {
    /// The tag's name.
    pub name: String,
    /// Its value in the first copy.
    pub a: String,
    /// Its value in the second copy.
    pub b: String,
}

/// The copies' names in messages.
const NAMES: [&str; 2] = ["A", "B"];

/// Reads two copies of one game's scoresheet as one game: the moves both
/// copies' boxes read as most nearly, the tags of both, and every
/// half-move where they disagree.
///
/// # Errors
///
/// None in practice: the game put together is read back as a
/// [`GameRecord`], and reading a text held in memory does not fail.
pub fn reconcile(a: &str, b: &str, options: &ReconcileOptions<'_>) -> Result<Reconciliation, Error> {
    let read = ReadOptions {
        notation: options.notation,
        letters: options.letters,
        ..ReadOptions::default()
    };
    let copies = [Sheet::read(a, &read), Sheet::read(b, &read)];
    let (tags, tag_conflicts) = merged_tags(&copies);
    let start = start_of(&tags);
    let (search, found) = best_game(&copies, &start);
    let first = search.start(start.clone());
    let disagreements = Explainer {
        search: &search,
        copies: &copies,
        found: &found,
    }
    .disagreements(first);
    let result = copies[0].result.or(copies[1].result).unwrap_or("*");
    let pgn = pgn_text(&tags, &start, &found.steps, result);
    let game = match Reader::new().read_str(&pgn).next() {
        Some(game) => game?,
        None => return Err(Error::from(crate::ErrorKind::Unwritable("no game to write".into()))),
    };
    Ok(Reconciliation {
        game,
        disagreements,
        tag_conflicts,
    })
}

/// The search through both copies and the cheapest game it finds: the
/// quick search's, or, where it has moves that neither copy's box reads
/// as and one of them has a word for, the thorough search's over the
/// half-moves before them ([`LOOK_BACK`]), if cheaper.
fn best_game<'s, 'a>(copies: &'s [Sheet<'a>; 2], start: &Chess) -> (Search<'s, 'a>, Found) {
    let none = Found {
        cost: 0,
        steps: Vec::new(),
    };
    let quick = Search::new(&copies[0], &copies[1]);
    let found = quick
        .run(quick.start(start.clone()), First::Any, u32::MAX)
        .unwrap_or(none);
    let misread = |step: &Step| {
        step.costs.iter().all(|c| *c > 0)
            && (0..2).any(|c| {
                step.boxes[c].is_some_and(|i| !Sheet::is_empty_box(&copies[c].boxes[i]))
            })
    };
    let mut plies = found.steps.iter().enumerate().filter(|(_, s)| misread(s)).map(|(i, _)| i);
    let Some(first) = plies.next() else {
        return (quick, found);
    };
    let last = plies.next_back().unwrap_or(first);
    let thorough = Search::new(&copies[0], &copies[1]).thorough(first.saturating_sub(LOOK_BACK)..last + 1);
    match thorough.run(thorough.start(start.clone()), First::Any, found.cost) {
        Some(better) if better.cost < found.cost => (thorough, better),
        _ => (quick, found),
    }
}

/// How many half-moves before a move neither copy reads as the thorough
/// search looks for the slip that led to it.
const LOOK_BACK: usize = 40;

/// Both copies' tags: A's in its order, then those B alone has; and the
/// tags they give different values (A's kept), results written after the
/// moves counting as the `Result` tag.
fn merged_tags(copies: &[Sheet<'_>; 2]) -> (Vec<(String, String)>, Vec<TagConflict>) {
    let with_result = |sheet: &Sheet<'_>| {
        let mut tags: Vec<(String, String)> =
            sheet.tags.iter().filter(|(name, _)| name != "Result").cloned().collect();
        if let Some(result) = sheet.result {
            tags.push(("Result".to_owned(), result.to_owned()));
        }
        tags
    };
    let (mut tags, theirs) = (with_result(&copies[0]), with_result(&copies[1]));
    let mut conflicts = Vec::new();
    for (name, value) in theirs {
        match tags.iter().find(|(n, _)| *n == name) {
            None => tags.push((name, value)),
            Some((_, ours)) if *ours != value => conflicts.push(TagConflict {
                a: ours.clone(),
                name,
                b: value,
            }),
            Some(_) => {}
        }
    }
    (tags, conflicts)
}

/// The start the `FEN` tag gives, or the standard one.
fn start_of(tags: &[(String, String)]) -> Chess {
    tags.iter()
        .find(|(name, _)| name == "FEN")
        .and_then(|(_, fen)| Fen::from_ascii(fen.as_bytes()).ok())
        .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
        .unwrap_or_default()
}

/// The game as PGN: `tags`, then the moves of `steps` from `start`.
fn pgn_text(tags: &[(String, String)], start: &Chess, steps: &[Step], result: &str) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    let mut pos = start.clone();
    for (i, step) in steps.iter().enumerate() {
        if i == 0 || pos.turn() == Color::White {
            let dots = if pos.turn() == Color::White { "." } else { "..." };
            out.push_str(&format!("{}{dots} ", pos.fullmoves()));
        }
        out.push_str(&san(&pos, step.mv, Language::english()));
        out.push(' ');
        pos.play_unchecked(step.mv);
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// Says where and why the copies disagree along the game found.
struct Explainer<'e, 's, 'a> {
    search: &'e Search<'s, 'a>,
    copies: &'e [Sheet<'a>; 2],
    found: &'e Found,
}

/// What a copy has for a move of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Held {
    /// No box: its boxes have run out.
    Ended,
    /// No box, with boxes after it.
    NoBox,
    /// A box that reads as this.
    Box(Reading),
    /// The move, written in the box two further on (`2`) or two back
    /// (`-2`): two moves written in each other's boxes.
    Swapped(i8),
}

impl Explainer<'_, '_, '_> {
    /// The disagreements along the game, from `start`.
    fn disagreements(&self, start: State) -> Vec<Disagreement> {
        let mut state = start;
        let mut out = Vec::new();
        for (i, step) in self.found.steps.iter().enumerate() {
            let held = [0, 1].map(|c| self.held(c, step, &state));
            let agreed = held.iter().all(|h| *h == Held::Box(Reading::Unique(step.mv)));
            if !agreed {
                out.push(self.disagreement(i, *step, &held, &state));
            }
            state = self.search.after(&state, *step);
        }
        out
    }

    /// What copy `copy` has for `step`, played in `state`.
    fn held(&self, copy: usize, step: &Step, state: &State) -> Held {
        match (step.boxes[copy], step.words[copy]) {
            (Some(i), Some(w)) if w > i => Held::Swapped(2),
            (Some(i), Some(w)) if w < i => Held::Swapped(-2),
            (Some(i), _) => Held::Box(self.search.reading(copy, i, state)),
            (None, _) if state.at[copy] >= self.copies[copy].boxes.len() => Held::Ended,
            (None, _) => Held::NoBox,
        }
    }

    /// The row for the `i`th step of the game, played in `state`, whose
    /// copies hold `held`.
    fn disagreement(&self, i: usize, step: Step, held: &[Held; 2], state: &State) -> Disagreement {
        let pos = &state.pos;
        let written = |c: usize| {
            step.boxes[c].map_or_else(String::new, |b| self.copies[c].boxes[b].clone())
        };
        let chosen = san(pos, step.mv, Language::english());
        let exact = |c: usize| held[c] == Held::Box(Reading::Unique(step.mv));
        let right = match (exact(0), exact(1)) {
            (true, _) => Right::A,
            (_, true) => Right::B,
            _ => Right::Neither,
        };
        // A game as good that does not play this move here.
        let tied = self
            .search
            .run(state.clone(), First::Not(step.mv), self.found.cost)
            .and_then(|o| o.steps.first().copied())
            .map(|s| san(pos, s.mv, Language::english()));
        let mut reasons: Vec<String> = (0..2)
            .filter(|&c| !exact(c))
            .map(|c| self.why_not(c, &written(c), &held[c], step, state))
            .collect();
        if right == Right::Neither && held.iter().any(|h| matches!(h, Held::Box(r) if *r != Reading::Empty)) {
            let read = if (0..2).all(|c| matches!(&held[c], Held::Box(r) if *r != Reading::Empty)) {
                "both copies misread"
            } else {
                "one copy misread, the other silent"
            };
            reasons.push(format!("{read}: {chosen} is the nearest legal move to what is written"));
        }
        let candidates = match &tied {
            Some(alternative) => {
                reasons.push(format!(
                    "unsettled: {chosen} and {alternative} fit both copies equally well"
                ));
                vec![chosen.clone(), alternative.clone()]
            }
            None => Vec::new(),
        };
        Disagreement {
            ply: i as u32 + 1,
            move_number: pos.fullmoves().get(),
            side: pos.turn(),
            a_written: written(0),
            b_written: written(1),
            chosen,
            right: if candidates.is_empty() { right } else { Right::Neither },
            reason: if reasons.is_empty() {
                "the copies differ".to_owned()
            } else {
                reasons.join("; ")
            },
            candidates,
        }
    }

    /// Why copy `copy`'s `written` box (holding `held`) is not `step`'s
    /// move, played in `state`.
    fn why_not(&self, copy: usize, written: &str, held: &Held, step: Step, state: &State) -> String {
        let name = NAMES[copy];
        match held {
            Held::Swapped(2) => format!(
                "{name} wrote this move two boxes further on, and that box's move here (two moves swapped)"
            ),
            Held::Swapped(_) => format!(
                "{name} wrote this move two boxes back, and that box's move here (two moves swapped)"
            ),
            Held::Ended => format!("{name}'s copy ends before this move"),
            Held::NoBox => format!("{name} has no box for this move (its later moves stand one box earlier)"),
            Held::Box(Reading::Empty) => format!("{name}'s box is empty"),
            Held::Box(Reading::NotAMove) => format!("{name}'s \"{written}\" is not a move"),
            Held::Box(Reading::Illegal) => format!("{name}'s move \"{written}\" is illegal here"),
            Held::Box(Reading::Several(moves)) if moves.contains(&step.mv) => {
                let sans: Vec<String> = moves.iter().map(|m| san(&state.pos, *m, Language::english())).collect();
                format!("{name}'s \"{written}\" fits several moves ({})", sans.join(", "))
            }
            Held::Box(Reading::Several(_)) => format!("{name}'s \"{written}\" fits several moves, none of them this one"),
            Held::Box(Reading::Unique(m)) => self.why_not_legal(name, written, *m, step, state),
        }
    }

    /// Why copy `name`'s `written`, legal here as `m`, is not `step`'s
    /// move: the boxes after it, or the other copy's box.
    fn why_not_legal(&self, name: &str, written: &str, m: Move, step: Step, state: &State) -> String {
        // What the boxes after the move cost, the game going on from it.
        let rest = |found: &Found, first: &Step| found.cost.saturating_sub(state.cost + first.costs[0] + first.costs[1]);
        let chosen_rest = rest(self.found, &step);
        // Only a rest as cheap as the chosen one's matters: no dearer
        // game is looked for than one whose first move costs all a box can.
        let most = self.found.cost.saturating_add(2 * search::FAR);
        let written_rest = self
            .search
            .run(state.clone(), First::Only(m), most)
            .and_then(|w| w.steps.first().map(|first| rest(&w, first)));
        if written_rest.is_none_or(|cost| cost > chosen_rest) {
            format!("{name}'s move \"{written}\" is legal but the rest of both sheets does not replay after it")
        } else {
            let chosen = san(&state.pos, step.mv, Language::english());
            format!("{name}'s move \"{written}\" is legal but the other copy's box is nearer {chosen}")
        }
    }
}
