//! The joint search: one game through both copies' boxes at once.
//!
//! A state is a position and, for each copy, the box it has come to.
//! A step plays a legal move and consumes a box of each copy, costing
//! what each box's words take to read as that move: nothing for a box
//! written as the move, a little for one that fits it among others, the
//! synthesis reader's weighted edit distance
//! ([`Forms::nearness`](crate::document::synthesis::Forms::nearness))
//! for one misread, a fixed cost for an empty box. A step may also
//! consume one copy's box alone, at the cost of a move missing from the
//! other, so that a box skipped in one copy does not shift the rest; and
//! once a copy has run out of boxes, the other's are played alone at no
//! cost to it. Two of a copy's moves written in each other's boxes (the
//! box two further on written as this move exactly) are read in their
//! order at the cost of one slip. The moves tried at each step are those either box reads
//! as and the few nearest to both, and a beam of the cheapest states is
//! kept from step to step; the cheapest state that has consumed every
//! box is the game.
//!
//! Because the whole of both sheets is weighed at once, a slip in one
//! copy costs the edit that makes it the other's move, and the other
//! copy settles it before any move is guessed; where both copies read as
//! legal moves, the boxes after them decide.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use crate::document::synthesis::{EDIT, Forms, Habits, Moves};
use crate::engine::origins::Origins;
use crate::engine::resolve::{Resolution, resolve_readings};

use super::sheet::Sheet;

/// A box that reads as several legal moves, the move among them.
const AMBIGUOUS: u32 = EDIT / 3;
/// An empty box, whatever the move.
const EMPTY: u32 = EDIT;
/// A box no nearer the move than this: as good as unreadable.
pub const FAR: u32 = 3 * EDIT;
/// A move that one copy has no box for, while it has boxes after it.
const MISSING: u32 = 2 * EDIT + EDIT / 2;
/// Two of a copy's moves written in each other's boxes, two boxes apart.
const SWAP: u32 = EDIT;
/// A box left over after the game has ended (mate or stalemate).
const LEFT_OVER: u32 = MISSING;
/// The moves tried at a step besides those the boxes read as exactly:
/// the nearest to both boxes.
const NEAREST: usize = 4;
/// The moves tried, the nearest to the one copy's box, where the other
/// copy has no box for the move.
const NEAREST_ALONE: usize = 2;
/// A state further behind the best of its step than this is dropped: it
/// has been misread for several moves running.
const BEHIND: u32 = 6 * EDIT;
/// States kept from step to step.
pub const BEAM: usize = 32;
/// States kept from step to step while they are within an edit of the
/// best: after a move neither copy has a word for, every legal move is
/// as good as the next until the boxes after it tell them apart.
const WIDE: usize = 1024;
/// [`WIDE`] in a thorough search.
const THOROUGH_WIDE: usize = 4 * BEAM;

/// What a box reads as, exactly, in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// A box with no move in it.
    Empty,
    /// Not a move in the copy's notation.
    NotAMove,
    /// A move, but no legal one.
    Illegal,
    /// One legal move.
    Unique(Move),
    /// Several legal moves.
    Several(Vec<Move>),
}

/// One move of the game and the boxes it consumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The move.
    pub mv: Move,
    /// The box of each copy it consumed; `None` where that copy has no
    /// box for it.
    pub boxes: [Option<usize>; 2],
    /// The box of each copy whose words were read for it: the box it
    /// consumed, or, where two moves are written in each other's boxes,
    /// the other one.
    pub words: [Option<usize>; 2],
    /// What each copy's box cost, read as the move.
    pub costs: [u32; 2],
}

/// A state of the search.
#[derive(Debug, Clone)]
pub struct State {
    /// The position.
    pub pos: Chess,
    /// Where its pieces started, for descriptive copies.
    origins: Option<Origins>,
    /// The next box of each copy.
    pub at: [usize; 2],
    /// The half-moves played.
    pub ply: usize,
    /// For each copy, where two of its moves were read from each other's
    /// boxes: the box still to be consumed, and the box to read for it.
    swap: Swaps,
    /// The cost so far.
    pub cost: u32,
    trail: Option<Rc<Trail>>,
}

/// The steps to a state, newest first, shared between the states that
/// have them in common.
#[derive(Debug)]
struct Trail {
    step: Step,
    before: Option<Rc<Trail>>,
}

/// The cheapest way through both copies found from a state.
#[derive(Debug, Clone)]
pub struct Found {
    /// Its cost, that of the steps before the state included.
    pub cost: u32,
    /// Its steps from the state on.
    pub steps: Vec<Step>,
}

/// Which moves the first step of a search may play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// Any.
    Any,
    /// Any but this one.
    Not(Move),
    /// This one only.
    Only(Move),
}

/// For each copy, the box still to be read from another (see
/// [`State`]).
type Swaps = [Option<(usize, usize)>; 2];

/// What each box costs read as each legal move, by the position's hash,
/// the copy and the box.
type Costs = HashMap<(u64, usize, usize), Rc<[u32]>>;

/// The two copies being searched through, with what their boxes cost in
/// the positions met so far.
pub struct Search<'s, 'a> {
    copies: [&'s Sheet<'a>; 2],
    /// The half-moves (from 0) whose steps weigh the moves near the
    /// boxes even where the boxes agree (see [`Search::thorough`]).
    thorough: std::ops::Range<usize>,
    /// The most states kept while they are within an edit of the best.
    wide: usize,
    costs: RefCell<Costs>,
}

impl<'s, 'a> Search<'s, 'a> {
    /// A search through copies `a` and `b`.
    pub fn new(a: &'s Sheet<'a>, b: &'s Sheet<'a>) -> Search<'s, 'a> {
        Search {
            copies: [a, b],
            thorough: 0..0,
            wide: WIDE,
            costs: RefCell::new(HashMap::new()),
        }
    }

    /// This search, weighing at the half-moves `plies` (from 0) the moves
    /// near the boxes as well as the one they agree on: slower, but it
    /// finds a game where both copies wrote the same wrong move, or one
    /// copy a wrong move where the other's box is empty, which the quick
    /// search follows until the boxes after it read as no legal move.
    /// It keeps fewer states alike: it looks for a slip, not for moves
    /// neither copy has.
    pub fn thorough(mut self, plies: std::ops::Range<usize>) -> Self {
        self.thorough = plies;
        self.wide = THOROUGH_WIDE;
        self
    }

    /// The state before any move, from `start`.
    pub fn start(&self, start: Chess) -> State {
        let descriptive = self.copies.iter().any(|c| c.notation.needs_origins());
        State {
            origins: descriptive.then(|| Origins::new(&start)),
            pos: start,
            at: [0, 0],
            ply: 0,
            swap: [None, None],
            cost: 0,
            trail: None,
        }
    }

    /// `state` after `step`, which is one of its moves.
    pub fn after(&self, state: &State, step: Step) -> State {
        let mut next = state.clone();
        next.pos.play_unchecked(step.mv);
        if let Some(origins) = &mut next.origins {
            origins.play(step.mv);
        }
        for copy in 0..2 {
            let Some(consumed) = step.boxes[copy] else {
                continue;
            };
            next.at[copy] += 1;
            match step.words[copy] {
                Some(read) if read == consumed + 2 => next.swap[copy] = Some((read, consumed)),
                _ if state.swap[copy].is_some_and(|(at, _)| at == consumed) => next.swap[copy] = None,
                _ => {}
            }
        }
        next.cost += step.costs[0] + step.costs[1];
        next.ply += 1;
        next.trail = Some(Rc::new(Trail {
            step,
            before: state.trail.clone(),
        }));
        next
    }

    /// The cheapest way from `from` through every box left, its first
    /// move as `first` allows, costing at most `most`; `None` when there
    /// is none.
    pub fn run(&self, from: State, first: First, most: u32) -> Option<Found> {
        let depth_of = |s: &State| s.trail.as_ref().map_or(0, depth);
        let from_depth = depth_of(&from);
        let mut layer = vec![from];
        let mut done: Option<State> = None;
        let mut step = 0;
        while !layer.is_empty() {
            let mut next: Vec<State> = Vec::new();
            for state in &layer {
                if self.is_done(state) {
                    keep_cheaper(&mut done, state.clone());
                    continue;
                }
                let rule = if step == 0 { first } else { First::Any };
                match self.expand(state, rule) {
                    Some(children) => next.extend(children),
                    None if step == 0 && rule != First::Any => return None,
                    None => keep_cheaper(&mut done, self.left_over(state)),
                }
            }
            let ceiling = done.as_ref().map_or(most.saturating_add(1), |d| d.cost);
            layer = prune(next, ceiling, self.wide);
            step += 1;
        }
        let done = done.filter(|d| d.cost <= most)?;
        let mut steps = Vec::new();
        let mut trail = done.trail.as_ref();
        while let Some(t) = trail
            && depth(t) > from_depth
        {
            steps.push(t.step);
            trail = t.before.as_ref();
        }
        steps.reverse();
        Some(Found {
            cost: done.cost,
            steps,
        })
    }

    /// Whether every box of both copies is consumed.
    fn is_done(&self, state: &State) -> bool {
        (0..2).all(|c| state.at[c] >= self.copies[c].boxes.len())
    }

    /// `state` ended where the game has ended: the boxes left cost
    /// [`LEFT_OVER`] each, empty ones nothing.
    fn left_over(&self, state: &State) -> State {
        let mut ended = state.clone();
        for (copy, sheet) in self.copies.iter().enumerate() {
            let rest = sheet.boxes.get(state.at[copy]..).unwrap_or_default();
            let written = rest.iter().filter(|w| !Sheet::is_empty_box(w)).count() as u32;
            ended.cost += written * LEFT_OVER;
            ended.at[copy] = sheet.boxes.len();
        }
        ended
    }

    /// The states a step from `state` leads to; `None` when the game has
    /// ended there or `first` allows no move.
    fn expand(&self, state: &State, first: First) -> Option<Vec<State>> {
        let legal: Vec<Move> = state.pos.legal_moves().into_iter().collect();
        if legal.is_empty() {
            return None;
        }
        let boxes = [0, 1].map(|c| self.copies[c].boxes.get(state.at[c]).map(|_| state.at[c]));
        let words = [0, 1].map(|c| {
            boxes[c].map(|i| match state.swap[c] {
                Some((at, read)) if at == i => read,
                _ => i,
            })
        });
        if first == First::Any
            && !self.thorough.contains(&state.ply)
            && let Some(step) = self.agreed(state, boxes, words)
        {
            return Some(vec![self.after(state, step)]);
        }
        let costs = [0, 1].map(|c| words[c].map(|i| self.costs(c, i, state, &legal)));
        let cost_of = |j: usize, c: usize| costs[c].as_ref().map_or(0, |v| v[j]);
        let mut steps: Vec<Step> = Vec::new();
        let allowed = |m: &Move| match first {
            First::Any => true,
            First::Not(not) => *m != not,
            First::Only(only) => *m == only,
        };
        // Both copies' boxes for the move.
        for j in nearest(legal.len(), NEAREST, |j| cost_of(j, 0) + cost_of(j, 1)) {
            steps.push(Step { mv: legal[j], boxes, words, costs: [cost_of(j, 0), cost_of(j, 1)] });
        }
        steps.extend(self.swaps(state, boxes, words, &legal, cost_of));
        // One copy with no box for a move the other's box reads as.
        if let [Some(_), Some(_)] = boxes {
            for lacking in 0..2 {
                let other = 1 - lacking;
                for j in nearest(legal.len(), NEAREST_ALONE, |j| cost_of(j, other)) {
                    if cost_of(j, other) > EDIT {
                        continue;
                    }
                    let (mut used, mut read) = (boxes, words);
                    used[lacking] = None;
                    read[lacking] = None;
                    let mut paid = [0, 0];
                    paid[lacking] = MISSING;
                    paid[other] = cost_of(j, other);
                    steps.push(Step { mv: legal[j], boxes: used, words: read, costs: paid });
                }
            }
        }
        if let First::Only(only) = first
            && !steps.iter().any(|s| s.mv == only)
            && let Some(j) = legal.iter().position(|m| *m == only)
        {
            steps.push(Step { mv: only, boxes, words, costs: [cost_of(j, 0), cost_of(j, 1)] });
        }
        steps.retain(|s| allowed(&s.mv));
        (!steps.is_empty()).then(|| steps.into_iter().map(|s| self.after(state, s)).collect())
    }

    /// The move both copies' boxes read as exactly, or one copy's where
    /// the other's box is empty or its boxes have run out: the one step
    /// a quick search tries.
    fn agreed(&self, state: &State, boxes: [Option<usize>; 2], words: [Option<usize>; 2]) -> Option<Step> {
        let [a, b] = [0, 1].map(|c| words[c].map(|i| self.strict(c, i, state)));
        let silent = |r: &Option<Reading>| match r {
            None => Some(0),
            Some(Reading::Empty) => Some(EMPTY),
            _ => None,
        };
        let (mv, costs) = match (&a, &b) {
            (Some(Reading::Unique(m)), Some(Reading::Unique(n))) if m == n => (*m, [0, 0]),
            (Some(Reading::Unique(m)), other) => (*m, [0, silent(other)?]),
            (other, Some(Reading::Unique(m))) => (*m, [silent(other)?, 0]),
            _ => return None,
        };
        Some(Step { mv, boxes, words, costs })
    }

    /// The steps that read a copy's move from its box two further on,
    /// as written there exactly, where two of its moves are written in
    /// each other's boxes; the box skipped is read two moves later.
    fn swaps(
        &self,
        state: &State,
        boxes: [Option<usize>; 2],
        words: [Option<usize>; 2],
        legal: &[Move],
        cost_of: impl Fn(usize, usize) -> u32,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        for copy in 0..2 {
            let Some(i) = boxes[copy].filter(|&i| words[copy] == Some(i) && state.swap[copy].is_none())
            else {
                continue;
            };
            if i + 2 >= self.copies[copy].boxes.len() {
                continue;
            }
            let Reading::Unique(m) = self.strict(copy, i + 2, state) else {
                continue;
            };
            let Some(j) = legal.iter().position(|l| *l == m) else {
                continue;
            };
            let mut read = words;
            read[copy] = Some(i + 2);
            let mut costs = [cost_of(j, 0), cost_of(j, 1)];
            costs[copy] = SWAP;
            steps.push(Step { mv: m, boxes, words: read, costs });
        }
        steps
    }

    /// What box `i` of copy `copy` reads as exactly in `state`'s
    /// position: as the copy's notation parses it, or, where it does not,
    /// as the synthesis reader reads a variant form of a move (`dxc`,
    /// `BxN`).
    pub fn reading(&self, copy: usize, i: usize, state: &State) -> Reading {
        match self.strict(copy, i, state) {
            reading @ (Reading::NotAMove | Reading::Illegal) => {
                let legal: Vec<Move> = state.pos.legal_moves().into_iter().collect();
                let costs = self.costs(copy, i, state, &legal);
                let variants: Vec<Move> = legal
                    .iter()
                    .zip(costs.iter())
                    .filter(|(_, cost)| **cost == 0)
                    .map(|(m, _)| *m)
                    .collect();
                match variants.as_slice() {
                    [] => reading,
                    [m] => Reading::Unique(*m),
                    _ => Reading::Several(variants),
                }
            }
            reading => reading,
        }
    }

    /// What box `i` of copy `copy` reads as in `state`'s position as
    /// the copy's notation parses it.
    fn strict(&self, copy: usize, i: usize, state: &State) -> Reading {
        let sheet = self.copies[copy];
        let Some(written) = sheet.boxes.get(i).filter(|w| !Sheet::is_empty_box(w)) else {
            return Reading::Empty;
        };
        let pos = &state.pos;
        match sheet.notation.parse(written, sheet.lang, pos.turn()) {
            Ok(readings) => match resolve_readings(pos, &readings, state.origins.as_ref()) {
                Resolution::Unique(m) => Reading::Unique(m),
                Resolution::Ambiguous(moves) => Reading::Several(moves),
                Resolution::Illegal => Reading::Illegal,
            },
            Err(_) => Reading::NotAMove,
        }
    }

    /// What box `i` of copy `copy` costs read as each of `legal`, the
    /// legal moves of `state`'s position, in their order.
    fn costs(&self, copy: usize, i: usize, state: &State, legal: &[Move]) -> Rc<[u32]> {
        let id = (state.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0, copy, i);
        if let Some(costs) = self.costs.borrow().get(&id) {
            return costs.clone();
        }
        let sheet = self.copies[copy];
        let written = &sheet.boxes[i];
        let near = || {
            Forms::cached(&state.pos, state.origins.as_ref(), sheet.notation, sheet.lang, &Habits::default(), Moves::All)
                .nearness(written, legal, FAR)
        };
        let costs: Rc<[u32]> = match self.strict(copy, i, state) {
            Reading::Empty => vec![EMPTY; legal.len()].into(),
            Reading::Unique(m) => legal
                .iter()
                .zip(near())
                .map(|(l, near)| if *l == m { 0 } else { near.max(1) })
                .collect(),
            Reading::Several(moves) => legal
                .iter()
                .zip(near())
                .map(|(l, near)| if moves.contains(l) { AMBIGUOUS } else { near.max(AMBIGUOUS) })
                .collect(),
            Reading::NotAMove | Reading::Illegal => near().into(),
        };
        self.costs.borrow_mut().insert(id, costs.clone());
        costs
    }
}

/// How many steps a trail holds.
fn depth(trail: &Rc<Trail>) -> usize {
    let mut n = 1;
    let mut at = trail.before.as_ref();
    while let Some(t) = at {
        n += 1;
        at = t.before.as_ref();
    }
    n
}

/// Keeps `state` in `done` when it is cheaper than what `done` holds;
/// the first found wins a tie.
fn keep_cheaper(done: &mut Option<State>, state: State) {
    if done.as_ref().is_none_or(|d| state.cost < d.cost) {
        *done = Some(state);
    }
}

/// The indices below `len` of the `most` least `cost`s, and of every
/// other within an edit of the least, in order of cost (ties in index
/// order): a move one slip from a box is always tried.
fn nearest(len: usize, most: usize, cost: impl Fn(usize) -> u32) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by_key(|&j| cost(j));
    let least = order.first().map_or(0, |&j| cost(j));
    let close = order.iter().take_while(|&&j| cost(j) <= least + EDIT).count();
    order.truncate(most.max(close));
    order
}

/// The states of one step worth going on with: one per position and
/// boxes reached (the cheapest, the first found of a tie), none costing
/// `ceiling` or more (a finished reading at least as cheap is known) or
/// far behind the best, at most [`BEAM`] or, as long as they are within
/// an edit of the best, `wide`.
fn prune(mut states: Vec<State>, ceiling: u32, wide: usize) -> Vec<State> {
    states.sort_by_key(|s| s.cost);
    let best = states.first().map_or(0, |s| s.cost);
    let mut seen: HashMap<(u64, [usize; 2], Swaps), ()> = HashMap::new();
    states.retain(|s| {
        s.cost < ceiling
            && s.cost <= best.saturating_add(BEHIND)
            && seen
                .insert((s.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0, s.at, s.swap), ())
                .is_none()
    });
    let close = states.iter().take_while(|s| s.cost <= best + EDIT).count();
    states.truncate(BEAM.max(close.min(wide)));
    states
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ReadOptions;

    fn sheet(text: &str) -> Sheet<'static> {
        Sheet::read(text, &ReadOptions::default())
    }

    fn sans(found: &Found) -> Vec<String> {
        let mut pos = Chess::default();
        found
            .steps
            .iter()
            .map(|s| {
                let san = shakmaty::san::San::from_move(&pos, s.mv).to_string();
                pos.play_unchecked(s.mv);
                san
            })
            .collect()
    }

    #[test]
    fn the_nearest_are_the_cheapest_and_all_within_an_edit_of_the_cheapest() {
        let costs = [15, 0, 3, 0, 30, 9];
        assert_eq!(nearest(costs.len(), 2, |j| costs[j]), [1, 3, 2, 5]);
        assert_eq!(nearest(costs.len(), 5, |j| costs[j]), [1, 3, 2, 5, 0]);
    }

    #[test]
    fn a_slip_in_one_copy_is_read_as_the_other_copy_has_it() {
        let (a, b) = (sheet("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), sheet("1. e4 e5 2. Nf5 Nc6 3. Bb5 a6"));
        let search = Search::new(&a, &b);
        let found = search.run(search.start(Chess::default()), First::Any, u32::MAX);
        let found = found.expect("a game");
        assert_eq!(sans(&found), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert!(found.cost > 0 && found.cost <= EDIT);
    }

    #[test]
    fn a_box_one_copy_skipped_does_not_shift_the_rest() {
        let (a, b) = (sheet("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4"), sheet("1. d4 Nf6 2. c4 3. Nc3 Bb4"));
        assert_eq!(b.boxes.len(), 6);
        let skipped = sheet("1. d4 Nf6 2. c4 Nc3 3. Bb4");
        let search = Search::new(&a, &skipped);
        let found = search.run(search.start(Chess::default()), First::Any, u32::MAX).expect("a game");
        assert_eq!(sans(&found), ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"]);
        assert_eq!(found.steps[3].boxes, [Some(3), None]);
    }
}
