//! The document reader: finds a game's score in running text — book
//! pages with their commentary, newspaper columns, web pages, scoresheets.
//!
//! Whether a word of running text is a move depends on the position and
//! on the numbering around it, not on its letters, so nothing here sorts
//! lines into prose and moves. The text is cut into [`words`]; every run
//! of words that a notation parser reads is a candidate move
//! ([`spans`]); the [`path`] search picks the main line, the path through
//! the candidates that follows the move numbers and replays legally
//! furthest. Everything off the path is commentary and is kept, in
//! order, as comments between the moves.
//!
//! ```
//! use scoresheet::document::{self, Tolerance};
//! use scoresheet::game::ReadOptions;
//! use shakmaty::Chess;
//!
//! let text = "After 1. e4 e5 2. Nf3 the usual reply is 2... Nc6, but \
//!             Black may also defend with 2... d6 (Philidor).";
//! let doc = document::read(text, &Chess::default(), &ReadOptions::default(), Tolerance::Misprints);
//! assert_eq!(doc.replay.main_plies, 4);
//! assert!(!doc.replay.failed);
//! ```

pub mod columns;
pub mod diagrams;
pub mod odds;
pub mod path;
pub mod positions;
pub mod resync;
pub mod spans;
pub mod swaps;
pub mod synthesis;
pub mod words;

use std::cmp::Reverse;
use std::collections::HashMap;

use shakmaty::{Chess, Color, Position};

use crate::audit::{Finding, Kind, Severity};
use crate::engine::origins::Origins;
use crate::notation::san::san;
use crate::replay::{Event, PLAIN_CAPTURE, Replay, WordedEnd, is_plain_pawn_capture, side_name};
use crate::game::{ReadOptions, tables_for};
use crate::lang::{Language, side_named};
use crate::notation::Notation;
use crate::notation::evaluation;
use crate::pgn::lexer::{Lexed, Token, TokenKind, standard_result};

use path::{Found, Layout, MainLine, Spans, StopKind, main_line};
pub use path::Tolerance;
use synthesis::{Forms, Habits, Moves};
use words::{Word, WordKind};

/// A game read from running text, in the shapes the PGN reader gives.
#[derive(Debug, Clone)]
pub struct Document {
    /// Its tokens: comments for the commentary, words for the moves, and
    /// the result.
    pub lexed: Lexed,
    /// The main line and its findings.
    pub replay: Replay,
    /// The notation the moves were read in.
    pub notation: Notation,
    /// The letter set's name (empty for ICCF).
    pub letters: String,
    /// The move numbers printed wrong on the main line.
    pub misnumbered: Vec<Misnumber>,
}

/// A move number printed wrong (`5 Kt-Q B 3` for White's third move):
/// a slip the text is seen to make, and so likelier elsewhere in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misnumber {
    /// The number as printed.
    pub printed: String,
    /// The number of the move it leads.
    pub meant: u32,
}

/// Reads the main line of `text` from `start`, trying the notations and
/// letter sets `options` allow, reading misprints and, as `tolerance`
/// allows, guessing moves past reading; the reading that gets furthest
/// wins.
pub fn read(
    text: &str,
    start: &Chess,
    options: &ReadOptions<'_>,
    tolerance: Tolerance,
) -> Document {
    let words = words::words(text);
    let tables = readings(text, &words, options);
    let doc = read_in(text, &words, start, &tables, tolerance);
    match renumbered(text, &words, start, &tables, tolerance) {
        Some(other) if other.replay.main_plies > doc.replay.main_plies => other,
        _ => doc,
    }
}

/// A game from a position whose text numbers its moves from one of its
/// own (a puzzle's solution, `1...Bd6 2.Rg4 Rf1+`, from a position at
/// move 35): read under the text's numbers, its positions and findings
/// then numbered as the position is. `None` from the first position,
/// and where the text's first move number is the position's.
fn renumbered(
    text: &str,
    words: &[Word],
    start: &Chess,
    tables: &[(Notation, &Language, &str)],
    tolerance: Tolerance,
) -> Option<Document> {
    // A game from the first position keeps its numbers.
    if *start == Chess::default() {
        return None;
    }
    let black = start.turn() == Color::Black;
    let first = words.iter().find_map(|w| match w.kind {
        WordKind::Number { n, black: b, dotted: true } if b == black => Some(n),
        _ => None,
    })?;
    let own = start.fullmoves().get();
    if first == own {
        return None;
    }
    let at = |n: u32, pos: &Chess| {
        let setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
        let setup = shakmaty::Setup {
            fullmoves: std::num::NonZeroU32::new(n)?,
            ..setup
        };
        setup.position::<Chess>(shakmaty::CastlingMode::Standard).ok()
    };
    let shift = |n: u32| u32::try_from(i64::from(n) + i64::from(own) - i64::from(first)).ok();
    let shifted = at(first, start)?;
    let mut doc = read_in(text, words, &shifted, tables, tolerance);
    doc.replay.end = at(shift(doc.replay.end.fullmoves().get())?, &doc.replay.end)?;
    for f in &mut doc.replay.findings {
        if f.move_number > 0 {
            f.move_number = shift(f.move_number)?;
        }
        if let Some((fields, number)) = f.fen_before.rsplit_once(' ')
            && let Ok(n) = number.parse::<u32>()
        {
            f.fen_before = format!("{fields} {}", shift(n)?);
        }
    }
    Some(doc)
}

/// Reads the main line of `text` from `start` in one notation and
/// letter set, as the repair search does for each edit it tries: as
/// printed, no move read as a misprint, so that the search's many
/// readings stay fast and each edit is judged by the text it makes.
pub fn read_with(
    text: &str,
    start: &Chess,
    notation: Notation,
    lang: &Language,
) -> (Lexed, Replay) {
    let words = words::words(text);
    let doc = read_in(text, &words, start, &[(notation, lang, "")], Tolerance::AsPrinted);
    (doc.lexed, doc.replay)
}

/// The best of the readings of `words` of `text` under each of `tables`.
fn read_in(
    text: &str,
    words: &[Word],
    start: &Chess,
    tables: &[(Notation, &Language, &str)],
    tolerance: Tolerance,
) -> Document {
    // The text as printed and, when its numbers show columns, as the
    // columns read; the readings of both compete alike.
    let reordered = columns::reorder(text, words);
    let reordered_words = reordered.as_ref().map(|r| words::words(r.text()));
    let mut orders = vec![(text, words, None)];
    if let (Some(r), Some(w)) = (&reordered, &reordered_words) {
        orders.push((r.text(), w.as_slice(), Some(r)));
    }
    // Pairs of moves printed without a space, cut in two.
    let pairs = words::split_pairs(text, words);
    if let Some(w) = &pairs {
        orders.push((text, w.as_slice(), None));
    }
    let mut best: Option<Best<'_>> = None;
    let none = Habits::default();
    read_orders(&orders, start, tables, tolerance, &none, None, &mut best);
    // A second reading, with the habits of print the first one's
    // misprints show, where they show any: in the first one's notation,
    // letters and order alone.
    let mut learned = match &best {
        Some(first) if tolerance != Tolerance::AsPrinted => {
            let (text, words, _) = orders[first.order];
            habits_of(text, words, &first.line, start, first.notation, first.lang)
        }
        _ => Vec::new(),
    };
    if let Some(first) = &best
        && !learned.is_empty()
    {
        let habits = Habits::new(learned.iter().map(|&(pair, _)| pair));
        let (only, order) = ([(first.notation, first.lang, first.name)], first.order);
        if !read_orders(&orders, start, &only, tolerance, &habits, Some(order), &mut best) {
            learned.clear();
        }
    }
    let switched = match &mut best {
        Some(b) if tolerance != Tolerance::AsPrinted => {
            read_on_in_another_notation(&orders, start, tables, tolerance, b)
        }
        _ => None,
    };
    let Some(Best {
        line,
        notation,
        lang,
        name,
        order,
        ..
    }) = best
    else {
        return Document {
            lexed: Lexed::default(),
            replay: Replay::empty(start),
            notation: Notation::San,
            letters: "en".into(),
            misnumbered: Vec::new(),
        };
    };
    let (text, words, reordered) = orders[order];
    let mut tokens = Assembly {
        text,
        reordered,
        lexed: Lexed::default(),
    };
    let mut replay = tokens.assemble(words, &line, start, notation, lang);
    // Guessing, a page that stops where no move fits reads on from
    // number to number for the moves past reading after it.
    if tolerance == Tolerance::Guesses && line.stop.is_some() {
        let habits = Habits::new(learned.iter().map(|&(pair, _)| pair));
        let mut rows = past_the_stop(text, words, &line, &replay.end, (notation, lang, &habits));
        if let Some(r) = reordered {
            for f in &mut rows {
                f.offset = f.offset.map(|o| r.original(o));
            }
        }
        replay.findings.extend(rows);
    }
    if let Some((at, before, letters)) = switched
        && let Some(found) = line.moves.get(at)
    {
        let span = found.span(words);
        let written = &text[span.start as usize..span.end as usize];
        let message = format!(
            "the score changes notation at half-move {}: {} with the {letters} letters before it, {} with the {name} letters from \"{written}\" on",
            at + 1,
            spelled(before),
            spelled(notation),
        );
        let mut there = start.clone();
        for earlier in &line.moves[..at] {
            there.play_unchecked(earlier.mv);
        }
        let finding = Finding::game(Kind::LetterSet, Severity::Info, message)
            .at(span.start, written)
            .before_move(&there, at as u32 + 1);
        replay.findings.push(finding);
    }
    if !learned.is_empty() {
        let habits: Vec<String> = learned
            .iter()
            .map(|((printed, meant), n)| format!("\"{printed}\" for \"{meant}\" ({n} moves)"))
            .collect();
        let message = format!(
            "read with the text's own habits of print, taken as meant throughout: {}",
            habits.join(", ")
        );
        replay.findings.insert(0, Finding::game(Kind::LetterSet, Severity::Info, message));
    }
    let mut before = start.clone();
    let mut misnumbered = Vec::new();
    for found in &line.moves {
        if let Some(q) = misnumber(words, found, &before) {
            misnumbered.push(Misnumber {
                printed: words[q].text(text).to_owned(),
                meant: before.fullmoves().get(),
            });
        }
        before.play_unchecked(found.mv);
    }
    Document {
        lexed: tokens.lexed,
        replay,
        notation,
        letters: name.to_owned(),
        misnumbered,
    }
}

/// The moves past reading after `line`'s stop, where the game stands at
/// `end` (see [`resync`]): a finding for each, at its half-move.
fn past_the_stop(
    text: &str,
    words: &[Word],
    line: &MainLine,
    end: &Chess,
    reading: (Notation, &Language, &Habits),
) -> Vec<Finding> {
    let (Some(_), Some(last)) = (&line.stop, line.moves.last()) else {
        return Vec::new();
    };
    // From the last move read, where the numbers are in step still; the
    // stop has its row already.
    let turn = end.turn();
    let lost = line.moves.len() as u32 + 1;
    let number = end.fullmoves().get() - u32::from(turn == Color::White);
    let from = last.number.unwrap_or(last.first);
    resync::unreadable_after(text, words, from, (lost - 1, number, !turn), reading)
        .into_iter()
        .filter(|u| u.ply > lost)
        .map(|u| {
            let span = words[u.first].start..words[u.end - 1].end;
            let written = &text[span.start as usize..span.end as usize];
            let later = u.ply - lost;
            let side = if later.is_multiple_of(2) { turn } else { !turn };
            let message = format!(
                "unreadable move \"{written}\" ({} to move): no move is read from it, and with the game lost from half-move {lost} on no move can be suggested",
                side_name(side)
            );
            let mut finding = Finding::game(Kind::Unparseable, Severity::Error, message).at(span.start, written);
            finding.ply = u.ply;
            finding.side = Some(side);
            finding.move_number = end.fullmoves().get() + (later + u32::from(turn == Color::Black)) / 2;
            finding
        })
        .collect()
}

/// A text as one reading takes it: the text, its words, and the map
/// back to the original when it is the text's columns reordered.
type Order<'t> = (&'t str, &'t [Word], Option<&'t columns::Reordered>);

/// What ranks a reading: the moves read as printed, the line's score,
/// a stop at a legible move, the numbered places its letters read, the
/// pawn letters it needs (fewer first), the order (the text as printed
/// first).
type Key = (usize, i64, bool, usize, Reverse<usize>, Reverse<usize>);

/// The best reading so far.
struct Best<'a> {
    line: MainLine,
    notation: Notation,
    lang: &'a Language,
    name: &'a str,
    /// Index of the order of the text it read.
    order: usize,
    key: Key,
}

/// Reads each of `orders` (or only the one at `only`) under each of
/// `tables` with the text's `habits`, keeping in `best` the best
/// reading; whether one of them was better.
fn read_orders<'a>(
    orders: &[Order<'_>],
    start: &Chess,
    tables: &[(Notation, &'a Language, &'a str)],
    tolerance: Tolerance,
    habits: &Habits,
    only: Option<usize>,
    best: &mut Option<Best<'a>>,
) -> bool {
    let weigh_letters = tables.len() > 1;
    let mut improved = false;
    for (order, &(text, words, reordered)) in orders.iter().enumerate() {
        if only.is_some_and(|o| o != order) {
            continue;
        }
        let layout = Layout::new(text, words);
        // The spans of the numbered places, the same in every reading.
        let numbered: Vec<Spans> = if weigh_letters {
            layout.numbered().map(|first| layout.spans(first)).collect()
        } else {
            Vec::new()
        };
        // The letters that read the most numbered places first: where
        // one of them reads the whole text as printed, letters that read
        // fewer cannot be the text's (see [`is_whole`]).
        let mut ranked: Vec<(usize, (Notation, &Language, &str))> = tables
            .iter()
            .map(|&(notation, lang, name)| (legible(&numbered, notation, lang), (notation, lang, name)))
            .collect();
        ranked.sort_by_key(|&(legible, _)| Reverse(legible));
        for (legible, (notation, lang, name)) in ranked {
            if best.as_ref().is_some_and(|b| legible < b.key.3 && is_whole(&b.line)) {
                continue;
            }
            // A text read whole as printed needs no misprint looked for.
            let as_printed = main_line(&layout, start, notation, lang, Tolerance::AsPrinted, habits);
            let line = if tolerance == Tolerance::AsPrinted || is_whole(&as_printed) {
                as_printed
            } else {
                main_line(&layout, start, notation, lang, tolerance, habits)
            };
            // Moves read as printed are the evidence for a reading's
            // letters and order; misprints only tell readings apart that
            // read as many.
            let misprints = line.moves.iter().filter(|f| f.misread.is_some()).count();
            let key = (
                line.moves.len() - misprints,
                path::score(line.moves.len(), line.ended.is_some(), line.cost),
                // A reading that stops at a legible move got half a move further.
                line.stop
                    .as_ref()
                    .is_some_and(|s| s.kind != StopKind::Unreadable),
                // Letters under damage: an early slip stops every reading
                // alike, and the letters that read the rest of the text win.
                legible,
                Reverse(line.pawn_letters()),
                // The text as printed, where the columns read no better.
                Reverse(order),
            );
            // Lines that show their columns are read so, unless the text as
            // printed reads more moves.
            let shown = |b: &Best<'_>| {
                b.order == 0
                    && only.is_none()
                    && reordered.is_some_and(|r| r.lines_show_it)
                    && line.moves.len() >= b.line.moves.len()
            };
            if best.as_ref().is_none_or(|b| shown(b) || key > b.key) {
                *best = Some(Best {
                    line,
                    notation,
                    lang,
                    name,
                    order,
                    key,
                });
                improved = true;
            }
        }
    }
    improved
}

/// A notation's name in a sentence.
fn spelled(notation: Notation) -> &'static str {
    match notation {
        Notation::San => "algebraic",
        Notation::Descriptive => "descriptive",
        Notation::Iccf(_) => "numeric",
    }
}

/// Half-moves a notation must read as printed, before and after the
/// place where a score changes notation, for the change to be read.
const SWITCH_RUN: usize = 4;

/// A score that changes notation part-way (algebraic for the opening,
/// then descriptive from a player's sheet): where `best` stops reading
/// the text as printed, the reading in another notation that reads on
/// furthest as printed from there, if it reads on.
fn read_on_in_another_notation<'a>(
    orders: &[Order<'_>],
    start: &Chess,
    tables: &[(Notation, &'a Language, &'a str)],
    tolerance: Tolerance,
    best: &mut Best<'a>,
) -> Option<(usize, Notation, &'a str)> {
    let line = &best.line;
    let at = line.moves.iter().position(|f| !f.as_printed()).unwrap_or(line.moves.len());
    if at < SWITCH_RUN || (at == line.moves.len() && line.stop.is_none()) {
        return None;
    }
    let printed = |moves: &[Found]| moves.iter().filter(|f| f.as_printed()).count();
    let mut most = printed(&line.moves[at..]).max(SWITCH_RUN - 1);
    let (text, words, _) = orders[best.order];
    let layout = Layout::new(text, words);
    let none = Habits::default();
    let mut switched = None;
    for &(notation, lang, name) in tables.iter().filter(|t| t.0 != best.notation) {
        let read = &line.moves[..at];
        let on = path::main_line_after(&layout, start, read, (notation, lang), Tolerance::AsPrinted, &none);
        if printed(&on.moves[at..]) <= most {
            continue;
        }
        let on = path::main_line_after(&layout, start, read, (notation, lang), tolerance, &none);
        let n = printed(&on.moves[at..]);
        if n > most {
            most = n;
            switched = Some((on, notation, lang, name));
        }
    }
    let (line, notation, lang, name) = switched?;
    let before = (at, best.notation, best.name);
    *best = Best {
        line,
        notation,
        lang,
        name,
        ..*best
    };
    Some(before)
}

/// Whether `line` read every move of its text as printed, to its end:
/// letters that read fewer of the text's numbered places read no more.
fn is_whole(line: &MainLine) -> bool {
    !line.moves.is_empty() && line.stop.is_none() && line.moves.iter().all(Found::as_printed)
}

/// The habits of print that `line`'s misprints show, each with how
/// many moves show it (see [`Habits::learn`]): the characters each
/// misprinted move prints for others (read as the nearest form of the
/// move the line took it for), weighed against how often the moves read
/// as printed print each character right.
fn habits_of(
    text: &str,
    words: &[Word],
    line: &MainLine,
    start: &Chess,
    notation: Notation,
    lang: &Language,
) -> Vec<((char, char), usize)> {
    let mut before = start.clone();
    let mut slips = Vec::new();
    let mut printed = HashMap::new();
    for found in &line.moves {
        if found.missing {
            before.play_unchecked(found.mv);
            continue;
        }
        let last = found.read_to.unwrap_or(found.end).saturating_sub(1);
        if let (Some(first), Some(last)) = (words.get(found.first), words.get(last)) {
            let written = &text[first.start as usize..last.end.max(first.start) as usize];
            if found.misread.is_some() {
                let forms = Forms::cached(&before, None, notation, lang, &Habits::default(), Moves::All);
                slips.push(forms.slips(written, found.mv));
            } else {
                for c in synthesis::key(written) {
                    *printed.entry(c.to_lowercase().next().unwrap_or(c)).or_default() += 1;
                }
            }
        }
        before.play_unchecked(found.mv);
    }
    Habits::learn(slips.iter().map(Vec::as_slice), |c| {
        printed.get(&c).copied().unwrap_or(0)
    })
}

/// How many of the numbered places (each with its spans) read as a move
/// in `notation` with `lang`'s letters, whichever side they are for.
fn legible(numbered: &[Spans], notation: Notation, lang: &Language) -> usize {
    numbered
        .iter()
        .filter(|spans| {
            [shakmaty::Color::White, shakmaty::Color::Black]
                .iter()
                .any(|&turn| {
                    spans
                        .iter()
                        .any(|(_, span)| notation.parse(span, lang, turn).is_ok())
                })
        })
        .count()
}

/// The readings to try: notation, the table that reads it, the letter
/// set's name. ICCF only when the text holds a word of four or five
/// digits.
fn readings<'a>(
    text: &str,
    words: &[Word],
    options: &ReadOptions<'a>,
) -> Vec<(Notation, &'a Language, &'a str)> {
    let iccf = Notation::Iccf(options.iccf_promotion);
    let numeric = words
        .iter()
        .any(|w| w.kind == WordKind::Text && crate::notation::san::looks_numeric(w.text(text)));
    let notations = match options.notation {
        Some(n) => vec![n],
        None if numeric => vec![Notation::San, Notation::Descriptive, iccf],
        None => vec![Notation::San, Notation::Descriptive],
    };
    tables_for(&notations, options.letters, text)
}

/// Whether `found` was read for an empty box of a scoresheet (`...`,
/// or White's number with the dots apart: `13. ...`).
fn is_box(words: &[Word], found: &path::Found) -> bool {
    found.misread.is_some() && matches!(words[found.first].kind, WordKind::Dots | WordKind::Number { .. })
}

/// Whether the words of `rest`, moves read as printed, still read as
/// legal moves after `mv` is played from `before` (with `origins`, the
/// pieces' first squares, where the notation needs them).
fn replays_after(
    before: &Chess,
    origins: Option<&Origins>,
    mv: shakmaty::Move,
    rest: &[path::Found],
    (notation, lang): (Notation, &Language),
) -> bool {
    let mut walk = swaps::Walk::new(before, origins, notation, lang);
    walk.play(mv);
    rest.iter().all(|f| walk.pattern(f))
}

/// Whether, with `mv` played from `before`, every move read after it
/// stays legal: the rest of the game as read goes on from either.
fn continues(before: &Chess, mv: shakmaty::Move, rest: &[path::Found]) -> bool {
    let mut pos = before.clone();
    pos.play_unchecked(mv);
    rest.iter().all(|f| {
        let legal = pos.is_legal(f.mv);
        if legal {
            pos.play_unchecked(f.mv);
        }
        legal
    })
}

/// What a main-line move's reading says beyond its marks, each with the
/// move read as its suggestion: a number that is another move's, a
/// bracket read in part, several legal moves that its words fit.
fn reading_findings(
    text: &str,
    words: &[Word],
    found: &path::Found,
    before: &Chess,
    ply: u32,
    reading: (Notation, &Language),
) -> Vec<Finding> {
    let span = found.span(words);
    let written = &text[span.start as usize..span.end as usize];
    let chosen = san(before, found.mv, Language::english());
    let mut out = Vec::new();
    let mut tell = |kind: Kind, message: String, at: u32, suggestion: String| {
        let mut finding = Finding::game(kind, Severity::Warning, message)
            .at(at, &text[at as usize..span.end as usize])
            .before_move(before, ply);
        finding.suggestion = suggestion;
        out.push(finding);
    };
    // A move read under another move's number (`9. —o— Re5—d3` for
    // Black's eighth): the number is misprinted, nothing is missing.
    if let Some(q) = misnumber(words, found, before) {
        let message = format!(
            "move number \"{}\" but the game is at move {}; read as {chosen}, the number misprinted",
            words[q].text(text),
            before.fullmoves()
        );
        tell(Kind::MissingMoves, message, words[q].start, chosen.clone());
    }
    // `Castles (K E)` read from `Castles (K`: the rest of the qualifier
    // is damaged, though the move is known.
    if let Some(read_to) = found.read_to {
        let read = &text[span.start as usize..words[read_to - 1].end as usize];
        let rest = &text[words[read_to].start as usize..words[found.end - 1].start as usize];
        let message = format!(
            "\"{written}\" read as {chosen} from \"{read}\": \"{}\" in its bracket is no part of a move",
            rest.trim()
        );
        tell(Kind::Unparseable, message, span.start, chosen.clone());
    }
    // Words no parser reads as a legal move, read by synthesis as the
    // nearest legal move's form: a misprint, reported with the moves
    // that fit it as well.
    if found.misread.is_some() {
        let mut all = vec![chosen.clone()];
        all.extend(
            found
                .choices
                .iter()
                .filter(|m| **m != found.mv)
                .map(|m| san(before, *m, Language::english())),
        );
        let (kind, what) = if found.contradicted {
            (
                Kind::WrongMoveLegal,
                format!("legal move \"{written}\" after which the next move is illegal"),
            )
        } else if found.legible {
            (
                Kind::Illegal,
                format!(
                    "illegal move \"{written}\" ({} to move)",
                    side_name(before.turn())
                ),
            )
        } else {
            (
                Kind::Unparseable,
                unreadable(written, reading.0, reading.1, before.turn()),
            )
        };
        // `12. Nf3 ...`, `13. ... Nf6`: a box of a scoresheet left empty.
        if is_box(words, found) {
            let fits = match all.len() {
                1 => "the only legal move after which the rest of the game replays".to_owned(),
                n => format!("one of {n} legal moves after which the rest of the game replays: the sheet does not tell which"),
            };
            let message = format!(
                "{}'s box is empty; read as {chosen}, {fits}",
                side_name(before.turn())
            );
            let mut finding = Finding::game(Kind::MissingMoves, Severity::Error, message)
                .at(span.start, "...")
                .before_move(before, ply);
            finding.suggestion = all.join(" ");
            out.push(finding);
            return out;
        }
        let message = if found.missing {
            let next = words.get(found.first).map_or("", |w| w.text(text));
            let message = format!(
                "{}'s move is missing before \"{next}\"; guessed as {chosen}: of the legal moves after which the rest of the game reads on",
                side_name(before.turn())
            );
            let mut finding = Finding::game(Kind::MissingMoves, Severity::Error, message)
                .at(span.start, written)
                .before_move(before, ply);
            finding.suggestion = all.join(" ");
            out.push(finding);
            return out;
        } else if found.guessed {
            format!(
                "{what}; guessed as {chosen}: of the legal moves after which the rest of the game reads on, the nearest to what is printed"
            )
        } else if found.contradicted {
            format!("{what}; read as {chosen}, after which it is legal, and the rest of the game reads on from it")
        } else {
            format!(
                "{what}; read as {chosen}, the legal move it is nearest to, and the rest of the game reads on from it"
            )
        };
        let mut finding = Finding::game(kind, Severity::Error, message)
            .at(span.start, written)
            .before_move(before, ply);
        finding.suggestion = all.join(" ");
        out.push(finding);
        return out;
    }
    // The moves the text allows: a check or capture mark may leave only
    // one of the moves its words fit.
    let fits_marks = |m: &shakmaty::Move| {
        let mut after = before.clone();
        after.play_unchecked(*m);
        path::wrong_marks(m, &found.pattern.claims, &after)
            .next()
            .is_none()
    };
    let mut choices: Vec<&shakmaty::Move> = found.choices.iter().collect();
    if fits_marks(&found.mv) {
        choices.retain(|m| fits_marks(m));
    }
    if choices.len() > 1 {
        let mut all = vec![chosen.clone()];
        all.extend(
            choices
                .iter()
                .filter(|m| ***m != found.mv)
                .map(|m| san(before, **m, Language::english())),
        );
        let message = format!(
            "ambiguous move \"{written}\": {} legal moves fit; {chosen} is read, as the moves after it bear out or, where they do not, as the likelier",
            choices.len()
        );
        tell(Kind::Ambiguous, message, span.start, all.join(" "));
    }
    out
}

/// The number word that leads `found` from `before` with another move's
/// number, if it does.
fn misnumber(words: &[Word], found: &path::Found, before: &Chess) -> Option<usize> {
    let q = found.number?;
    let WordKind::Number { n, .. } = words[q].kind else {
        return None;
    };
    (n != before.fullmoves().get()).then_some(q)
}

/// The main line as tokens and replay events, in the text as printed:
/// the text between moves becomes comments, nothing of it is dropped.
struct Assembly<'t> {
    /// The text the main line was read in.
    text: &'t str,
    /// Its order, when it is the printed text's columns reordered.
    reordered: Option<&'t columns::Reordered>,
    /// The tokens made, with spans in the printed text.
    lexed: Lexed,
}

impl Assembly<'_> {
    /// A token of `kind` for `span` of the text read, its index.
    fn token(&mut self, kind: TokenKind, span: std::ops::Range<u32>) -> u32 {
        let span = match self.reordered {
            Some(r) => r.original_range(span),
            None => span,
        };
        self.lexed.tokens.push(Token { kind, span });
        self.lexed.tokens.len() as u32 - 1
    }

    /// The text between `from` and `to`, as comments: one, or one for
    /// each piece of the printed text it is made of.
    fn comment(&mut self, replay: &mut Replay, from: u32, to: u32) {
        let (mut from, mut to) = trimmed(self.text, from, to);
        // A remark in braces, as PGN writes a comment (a repair's note):
        // its words are the comment.
        let inner = self.text.get(from as usize + 1..(to as usize).saturating_sub(1));
        if self.text[from as usize..to as usize].starts_with('{')
            && self.text[from as usize..to as usize].ends_with('}')
            && inner.is_some_and(|t| !t.contains(['{', '}']))
        {
            (from, to) = trimmed(self.text, from + 1, to - 1);
        }
        if from >= to {
            return;
        }
        // `Nf3 +/= Nc6`: an evaluation sign set apart from its move.
        let after_move = matches!(replay.events.last(), Some(Event::Move { .. } | Event::Nag(_)));
        if after_move
            && let Some(nag) = evaluation::sign_nag(&self.text[from as usize..to as usize])
        {
            replay.events.push(Event::Nag(nag));
            return;
        }
        let pieces = match self.reordered {
            Some(r) => r.originals(from..to),
            None => std::iter::once(from..to).collect(),
        };
        for piece in pieces {
            replay
                .events
                .push(Event::Comment(self.lexed.tokens.len() as u32));
            self.lexed.tokens.push(Token {
                kind: TokenKind::Comment,
                span: piece,
            });
        }
    }

    fn assemble(
        &mut self,
        words: &[Word],
        line: &MainLine,
        start: &Chess,
        notation: Notation,
        lang: &Language,
    ) -> Replay {
        let text = self.text;
        let mut replay = Replay::empty(start);
        let mut cursor = 0u32;
        let mut pos = start.clone();
        // The positions before each half-move, wanted only where a move was
        // read otherwise than printed (an empty box, a misprint).
        let befores = if line.moves.iter().any(|f| f.misread.is_some()) {
            swaps::befores(line, start, notation)
        } else {
            Vec::new()
        };
        let swapped = swaps::swaps(text, words, line, &befores, notation, lang);
        for (i, found) in line.moves.iter().enumerate() {
            let mut lead = found.number.unwrap_or(found.first);
            // `(12)`: the bracket glued to the number is the number's.
            if lead > 0
                && words[lead - 1].kind == WordKind::Open
                && words[lead - 1].end == words[lead].start
            {
                lead -= 1;
            }
            // `11. f3 Cxg3 Cxg3 12. hxg3`: the last half-move printed
            // again before this one is no move; the text keeps it as a
            // remark, and the audit says so.
            let between = trimmed(text, cursor, words[lead].start.max(cursor));
            if let Some(previous) = i.checked_sub(1).map(|p| &line.moves[p]) {
                let span = previous.span(words);
                let again = &text[between.0 as usize..between.1 as usize];
                if !again.is_empty() && again == &text[span.start as usize..span.end as usize] {
                    let message = format!("\"{again}\" printed twice: the second is no move, and is kept as a remark");
                    replay.findings.push(
                        Finding::game(Kind::MissingMoves, Severity::Warning, message)
                            .at(between.0, again)
                            .before_move(&pos, i as u32 + 1),
                    );
                }
            }
            self.comment(&mut replay, cursor, words[lead].start.max(cursor));
            let span = found.span(words);
            let token = self.token(TokenKind::Word, span.clone());
            replay.events.push(Event::Move {
                mv: found.mv,
                token,
            });
            let before = pos.clone();
            pos.play_unchecked(found.mv);
            let ply = i as u32 + 1;
            let written = &text[span.start as usize..span.end as usize];
            for kind in path::wrong_marks(&found.mv, &found.pattern.claims, &pos) {
                let message = mark_message(kind);
                replay.findings.push(
                    Finding::game(kind, Severity::Warning, format!("{message} \"{written}\""))
                        .at(span.start, written)
                        .before_move(&before, ply),
                );
            }
            // `6. e3` for `fxe3`: a pawn's capture written as a plain
            // square, reported as movetext reports it.
            let plain_capture =
                notation == Notation::San && found.misread.is_none() && is_plain_pawn_capture(&found.mv, written);
            if plain_capture {
                let message = format!("{PLAIN_CAPTURE} \"{written}\"");
                let mut finding = Finding::game(Kind::WrongCaptureMark, Severity::Warning, message)
                    .at(span.start, written)
                    .before_move(&before, ply);
                finding.suggestion = san(&before, found.mv, Language::english());
                replay.findings.push(finding);
            }
            if let Some(n) = found.pattern.nag {
                replay.events.push(Event::Nag(n));
            }
            if found.pattern.draw_offer {
                replay.events.push(Event::DrawOffer);
            }
            // An empty box: the moves that fit it are those after which
            // the moves read as printed after it replay (up to the next
            // one read otherwise); filled only when one does.
            let boxed = is_box(words, found).then(|| {
                let rest = &line.moves[i + 1..];
                let rest = &rest[..rest.iter().position(|f| f.misread.is_some()).unwrap_or(rest.len())];
                let origins = befores.get(i).and_then(|(_, o)| o.as_ref());
                let mut fits = vec![found.mv];
                fits.extend(
                    found
                        .choices
                        .iter()
                        .copied()
                        .filter(|&m| m != found.mv && replays_after(&before, origins, m, rest, (notation, lang))),
                );
                path::Found {
                    choices: if fits.len() > 1 { fits } else { Vec::new() },
                    ..found.clone()
                }
            });
            if boxed.as_ref().is_some_and(|b| !b.choices.is_empty()) {
                replay.undecided.push(ply);
            }
            let found = boxed.as_ref().unwrap_or(found);
            if found.misread.is_some() {
                replay.misreads.push(ply);
            }
            replay
                .findings
                .extend(reading_findings(
                    text,
                    words,
                    found,
                    &before,
                    ply,
                    (notation, lang),
                ));
            // A misprint that another move its words are as near to (and
            // whose marks it fits as well), or two swapped half-moves,
            // explain as well, the moves after it replaying either way:
            // the text fits two games, and neither is written as repaired.
            let wrong_marks = |m: &shakmaty::Move| {
                let mut after = before.clone();
                after.play_unchecked(*m);
                path::wrong_marks(m, &found.pattern.claims, &after).count()
            };
            let rivalled = || {
                found.rivals.iter().any(|&m| {
                    wrong_marks(&m) <= wrong_marks(&found.mv) && continues(&before, m, &line.moves[i + 1..])
                })
            };
            let swap = || swapped.iter().any(|s| s.first == i || s.second == i);
            if found.misread.is_some() && !replay.undecided.contains(&ply) && (swap() || rivalled()) {
                replay.undecided.push(ply);
            }
            for swap in swapped.iter().filter(|s| s.first == i || s.second == i) {
                let (other, mv, before) = if swap.first == i {
                    (swap.second, swap.moves[0], &before)
                } else {
                    (swap.first, swap.moves[1], &swap.before_second)
                };
                let meant = san(before, mv, Language::english());
                // Another explanation of a misprint already told.
                let message = format!(
                    "possibly: half-moves written in each other's place: \"{written}\" is the move of ply {}, and {meant} the one here; read so, both are legal and the moves after them read on",
                    other + 1
                );
                let mut finding = Finding::game(Kind::SwappedMoves, Severity::Warning, message)
                    .at(span.start, written)
                    .before_move(before, ply);
                finding.suggestion = meant;
                replay.findings.push(finding);
            }
            cursor = span.end;
        }
        let closing = || (line.stop.is_none() && !pos.is_game_over()).then(|| closing_sentence(text, words, cursor)).flatten();
        if let Some(end) = line.ended.or_else(closing) {
            let w = &words[end];
            if w.kind == WordKind::Result {
                self.comment(&mut replay, cursor, w.start);
                let span = w.start..w.start + result_text_len(w.text(text));
                replay.result = Some(self.token(TokenKind::Result, span));
                cursor = w.end;
            } else {
                replay.ended_in_words = Some(if spans::is_draw_word(w.text(text)) {
                    WordedEnd::Drawn
                } else if spans::is_win_word(w.text(text)) || spans::announces_mate(text, words, end) {
                    // `White wins`, or the side that moved.
                    WordedEnd::Won(named_side(text, words, end, !pos.turn()))
                } else {
                    WordedEnd::Resigned(named_side(text, words, end, pos.turn()))
                });
            }
        } else if line.stop.is_none() {
            replay.ended_in_words = heading_result(text, words).map(WordedEnd::Heading);
        }
        if let Some(stop) = &line.stop {
            let first = &words[stop.first];
            let span = first.start..words[stop.end - 1].end;
            let written = &text[span.start as usize..span.end as usize];
            let side = side_name(pos.turn());
            let (kind, message) = match stop.kind {
                StopKind::Illegal => (
                    Kind::Illegal,
                    format!("illegal move \"{written}\" ({side} to move)"),
                ),
                StopKind::Unreadable => (
                    Kind::Unparseable,
                    unreadable(written, notation, lang, pos.turn()),
                ),
                StopKind::Gap => (
                    Kind::Illegal,
                    format!(
                        "{side}'s move is missing: the text goes on with \"{written}\", which is illegal here"
                    ),
                ),
            };
            self.comment(&mut replay, cursor, span.start);
            self.token(TokenKind::Word, span.clone());
            cursor = span.end;
            replay.findings.push(
                Finding::game(kind, Severity::Error, message)
                    .at(span.start, written)
                    .before_move(&pos, line.moves.len() as u32 + 1),
            );
            replay.failed = true;
        }
        self.comment(&mut replay, cursor, text.len() as u32);
        if let Some(r) = self.reordered {
            for f in &mut replay.findings {
                f.offset = f.offset.map(|o| r.original(o));
            }
        }
        replay.main_plies = line.moves.len() as u32;
        replay.resolved = replay.main_plies;
        replay.pawn_letters = line.pawn_letters() as u32;
        replay.end = pos;
        replay
    }
}

/// What the notation expected of a word that is no move.
fn unreadable(written: &str, notation: Notation, lang: &Language, turn: shakmaty::Color) -> String {
    let short = spans::short_text(written);
    let mut message = format!("unparseable move \"{written}\"");
    if let Err(e) = notation.parse(&short, lang, turn) {
        message.push_str(&format!(": expected {}", e.expected));
        if e.offset > 0 {
            message.push_str(&format!(
                " after \"{}\"",
                short.get(..e.offset).unwrap_or(&short)
            ));
        }
    }
    if crate::notation::san::looks_numeric(&short) && notation.has_letters() {
        message.push_str(" (this looks like ICCF numeric notation)");
    }
    message
}

/// The side the end word `at` speaks of: the one a colour word just
/// before it names (`Black resigned`, `White wins`), else `implied` (the
/// side to move resigns: `55 … P to B7 / Resigns.`; the side that moved
/// wins: `R takes P, and wins.`).
fn named_side(text: &str, words: &[Word], at: usize, implied: Color) -> Color {
    words[at.saturating_sub(2)..at]
        .iter()
        .rev()
        .take_while(|w| w.kind == WordKind::Text)
        .find_map(|w| side_named(w.text(text)).map(|(side, _)| side))
        .unwrap_or(implied)
}

/// The result a heading gives (`Sivuk – Vakhidov, 1–0`; see
/// [`path::heading_end`]), in PGN's spelling.
fn heading_result(text: &str, words: &[Word]) -> Option<&'static str> {
    words[..path::heading_end(text, words)]
        .iter()
        .find(|w| w.kind == WordKind::Result)
        .and_then(|w| standard_result(w.text(text).trim_end_matches('.')))
        .filter(|&r| r != "*")
}

/// Words a closing sentence may have at most.
const CLOSING_WORDS: usize = 6;

/// The word that ends the game in the text's last paragraph, after the
/// notes that follow the last move (`And Black resigned.`), when that
/// paragraph is a short sentence that says so of a side it names (a
/// bare `Drawn.` so far on may be another game's) and nothing after
/// `from` reads as a result.
fn closing_sentence(text: &str, words: &[Word], from: u32) -> Option<usize> {
    let after = words.partition_point(|w| w.start < from);
    if words[after..].iter().any(|w| w.kind == WordKind::Result) {
        return None;
    }
    let last = words.iter().rposition(|w| w.paragraph)?.max(after);
    let sentence = &words[last..];
    let names_a_side = || sentence.iter().any(|w| crate::lang::side_named(w.text(text)).is_some());
    if sentence.len() > CLOSING_WORDS || sentence.iter().any(|w| w.kind != WordKind::Text) || !names_a_side() {
        return None;
    }
    (last..words.len()).find(|&i| spans::ends_game(text, words, i))
}

/// `1-0.` is written `1-0`.
fn result_text_len(word: &str) -> u32 {
    word.trim_end_matches('.').len() as u32
}

/// `text[from..to]` without the blanks and separators at its ends, nor
/// the dots that stood for a move at its start.
fn trimmed(text: &str, from: u32, to: u32) -> (u32, u32) {
    let Some(s) = text.get(from as usize..to as usize) else {
        return (from, from);
    };
    let lead = |c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|' | '.' | '…');
    let tail = |c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|');
    let start = s.len() - s.trim_start_matches(lead).len();
    let end = s.trim_end_matches(tail).len().max(start);
    (from + start as u32, from + end as u32)
}

/// What a wrong mark of `kind` is, for people.
fn mark_message(kind: Kind) -> &'static str {
    match kind {
        Kind::WrongMateMark => "mate mark on a move that does not mate:",
        Kind::WrongCheckMark => "check mark on a move that gives no check:",
        _ => "capture mark on a move that captures nothing:",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The main line read from running `text`, from the first position.
    fn read_plain(text: &str) -> Document {
        read(text, &Chess::default(), &ReadOptions::default(), Tolerance::Misprints)
    }

    /// The half-moves of the main line read from running `text`.
    fn main_plies(text: &str) -> u32 {
        read_plain(text).replay.main_plies
    }

    fn sans(text: &str) -> String {
        sans_from(text, &Chess::default())
    }

    /// The main line read from `text` on `start`, in SAN.
    fn sans_from(text: &str, start: &Chess) -> String {
        let doc = read(text, start, &ReadOptions::default(), Tolerance::Misprints);
        let mut pos = start.clone();
        let mut out = Vec::new();
        for (_, mv) in doc.replay.main_moves() {
            out.push(shakmaty::san::San::from_move(&pos, mv).to_string());
            pos.play_unchecked(mv);
        }
        out.join(" ")
    }

    #[test]
    fn notes_that_quote_later_moves_are_commentary() {
        let text = "1. e4 e5 2. Nf3\n\nWhite could also play 2. f4 here.\n\n2... Nc6 3. Bb5";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5");
    }

    #[test]
    fn a_misprint_under_its_own_number_beats_a_note_before_it_that_quotes_the_number() {
        // The note's side line gives White's third move as printed; the
        // game's own third move, opening its line, is misprinted (`D4`
        // for `d4`), and only it lets the game read on.
        let text = "1. e4 e5\n2. Nf3 d6\n\nBetter was 2... Nc6 3. Bb5 a6.\n\n\
            3. D4 Bg4\n4. dxe5 Bxf3\n5. Qxf3 dxe5\n6. Bc4 Nf6\n7. Qb3 Qe7\n";
        assert_eq!(sans(text), "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7");
    }

    #[test]
    fn a_mark_between_a_number_and_its_move_is_passed_over() {
        let text = "1. e4 e5 2. Nf3 Nc6\n3. § Bb5 a6 4. , Ba4 Nf6";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
    }

    #[test]
    fn a_game_whose_numbers_go_on_past_what_is_read_stops_there() {
        // White's 4th past reading, and the letters of the moves after it
        // read by none of the tables: the game does not end unremarked.
        let text = "Game\n\n1 e4 e5 2 Nf3 Nc6 3 Bb5 a6 4 (???) Ww Zz\n5 Zz Ww 6 Ww Zz 7 Zz Ww\n";
        let doc = read_plain(text);
        assert_eq!(doc.replay.main_plies, 6);
        assert!(
            doc.replay.findings.iter().any(|f| f.ply == 7 && f.kind == Kind::Unparseable),
            "{:?}",
            doc.replay.findings
        );
    }

    #[test]
    fn a_column_table_reads_across() {
        let text = "| 1. P. to K.'s 4th. | 1. P. to K.'s 4th. |\n| 2. K. Kt. to B.'s 3rd. | 2. Q. Kt. to B.'s 3rd. |";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6");
    }

    #[test]
    fn a_game_printed_across_the_page_reads_column_by_column() {
        let text = "Lodz 1907\n\n     1     2     3     4\nWhite d4    Nf3   e3    c4\n\
                    Black d5    e6    c5    Nc6\n\n     5     6\nWhite Nc3   dxc5\nBlack Nf6\n";
        assert_eq!(sans(text), "d4 d5 Nf3 e6 e3 c5 c4 Nc6 Nc3 Nf6 dxc5");
    }

    #[test]
    fn a_short_closing_sentence_after_the_notes_ends_the_game() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n\n\
                    (a) A quiet move; 5 ... b5 was usual.\n\nAnd White resigned.\n";
        let doc = read_plain(text);
        assert_eq!(doc.replay.ended_in_words, Some(WordedEnd::Resigned(Color::White)));
        // A sentence of the notes that says so is no end.
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n\n\
                    Had White played 6 d4 instead, Black would soon have resigned.\n";
        let doc = read_plain(text);
        assert_eq!(doc.replay.ended_in_words, None);
    }

    #[test]
    fn a_solution_numbered_from_one_reads_from_a_position_later_in_the_game() {
        let start: Chess = "5r1k/2p4p/2R5/8/Nb6/1P4R1/P4r1P/6K1 b - - 1 35"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let text = "Black to play.\n\n1...Bd6! 2.Rg4? Rf1+ 3.Kg2 R8f2+ 4.Kh3 Rxh2#\n";
        assert_eq!(sans_from(text, &start), "Bd6 Rg4 Rf1 Kg2 R8f2 Kh3 Rxh2");
        let doc = read(text, &start, &ReadOptions::default(), Tolerance::Misprints);
        // Numbered as the position is, not as the text.
        assert_eq!(doc.replay.end.fullmoves().get(), 39);
    }

    #[test]
    fn castling_written_as_the_kings_move_is_read_through_a_misprint() {
        // `e1gl`: the scan's `l` for `1` in the king's move.
        let text = "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1gl f8c5 5. d2d3 d7d6\n";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Bc5 d3 d6");
    }

    #[test]
    fn a_page_number_over_the_heading_leaves_its_result_the_headings() {
        let text = "                    97\nAPPENDIX\n\nSmith - Jones, adjudicated 1-0\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6");
    }

    #[test]
    fn a_table_across_with_its_numbers_row_labelled_reads_column_by_column() {
        let text = "Zug     1     2     3     4\nWeiß    d4    Sf3   c4    Sc3\n\
                    Schwarz d5    Sf6   e6    Le7\n";
        assert_eq!(sans(text), "d4 d5 Nf3 Nf6 c4 e6 Nc3 Be7");
    }

    #[test]
    fn a_result_alone_in_brackets_after_the_moves_is_the_games() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\nSort opgav (1-0).\n";
        let doc = read_plain(text);
        let result = doc.replay.result.map(|r| doc.lexed.tokens[r as usize].text(text).to_owned());
        assert_eq!(result.as_deref(), Some("1-0"));
        // Inside a remark with other words, it is the remark's.
        let text = "1. e4 e5 2. Nf3 Nc6 (won 1-0 in 1901) 3. Bb5 a6\n";
        let doc = read_plain(text);
        assert!(doc.replay.result.is_none());
    }

    #[test]
    fn a_result_in_the_header_over_the_moves_ends_nothing() {
        // Prose that quotes numbers (`a = 1 … h = 8`), then the header's
        // result, then the moves in numeric notation.
        let text = "Each square is two digits (a = 1 ... h = 8), so e2-e4 is 5254.\n\n\
                    White: A\nResult: 1-0\n\n 1. 7163 4745    2. 7273 2847\n1-0\n";
        assert_eq!(main_plies(text), 4);
    }

    #[test]
    fn a_verb_that_gives_up_only_with_its_particle_ends_no_game_without_it() {
        let text = "Partie 23\n\n1.e4 c5 2.Sf3 Sc6 3.Lb5 d6 4.0-0 Ld7 5.Te1 Sf6\n\n\
                    Schwarz gibt das Läuferpaar freiwillig ab.\n\n6.c3 a6 7.Lf1 Lg4 Weiß gibt auf.\n";
        assert_eq!(main_plies(text), 14);
    }

    #[test]
    fn a_side_line_in_brackets_after_the_last_move_is_no_move_of_the_game() {
        for note in ["[5...Be7 6.Re1 bzw. 5...b5 6.Bb3 +=]", "(5...Be7 6.Re1 or 5...b5 6.Bb3)"] {
            let text = format!("Eine Partie aus Novi Sad.\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O\n{note}\n1-0\n");
            assert_eq!(main_plies(&text), 9, "{note}");
        }
    }

    #[test]
    fn a_game_pasted_without_numbers_is_read_from_its_line() {
        // A date with numbers in it over the chat (`1` is no move number
        // here), the moves on lines of their own, a single move quoted
        // after them.
        for moves in ["e2e4 c7c5 g1f3 d7d6\nd2d4 c5d4", "e4 c5 Nf3 d6\nd4 cxd4"] {
            let text = format!("Posted 1 May 2025, 11:42\n\nhi all, I had white.\n\n{moves}\n\nwas d2d4 right?\n");
            assert_eq!(main_plies(&text), 6, "{moves}");
        }
    }

    #[test]
    fn a_misprint_in_a_game_printed_across_is_found_where_it_is_printed() {
        // Black's fourth printed `Nc7` for `Nc6`: the finding points at
        // the printed move, not at its place in the order the game reads.
        let text = "     1     2     3     4     5\nWhite d4    Nf3   e3    c4    Nc3\n\
                    Black d5    e6    c5    Nc7   Nf6\n";
        let doc = read_plain(text);
        let misprint = doc
            .replay
            .findings
            .iter()
            .find(|f| f.written == "Nc7")
            .expect("a finding for the misprint");
        assert_eq!(misprint.offset, text.find("Nc7").map(|at| at as u32));
        assert_eq!(misprint.ply, 8);
        assert_eq!(sans(text), "d4 d5 Nf3 e6 e3 c5 c4 Nc6 Nc3 Nf6");
    }

    #[test]
    fn a_table_with_bracketed_numbers_in_both_cells_reads_across() {
        let text = "| White | Black |\n| (1) P to K4 | (1) P to QB4 |\n\
                    | (2) Kt to KB3 | (2) P to K3 |\n| (3) P to Q4 | (3) P takes P |";
        assert_eq!(sans(text), "e4 c5 Nf3 e6 d4 cxd4");
        // A note in square brackets that opens with a number stays a note.
        let text = "1) d3 [1) ... b6 2) b3, Nf6 3) h4] 1) ... d5. 2) Bd2, e6. 3) e3, Nc6. 4) Be2";
        assert_eq!(sans(text), "d3 d5 Bd2 e6 e3 Nc6 Be2");
    }

    #[test]
    fn castling_in_small_letters_with_a_long_dash_is_a_move_not_a_gap() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o—o, Nf6 5. d3 o—o.";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O");
    }

    #[test]
    fn a_parenthesis_closed_by_its_last_rank_is_passed_over_whole() {
        // The note after Black's eighth closes with the rank of its last
        // move, `10.B-Q 3)`; White's ninth comes right after it.
        let text = "1.P-K 4, P-K 3. 2.P-K B 4, B-B 4. 3.P-K 5, Kt-Q B 3.\n\
                    4.Kt-K B 3, K Kt-K 2. 5.P-Q 4, B-Kt 3. 6.B-B 4, Kt-Q 4. 7.0-0, 0-0.\n\
                    8.P-B 3\n\nBetter was 8.Q-K 1.\n\n\
                    8. ... P-Q R 3 ?!. (8. ... P-B 4 9.Q Kt-Q 2, Kt (Q B 3)-K 2 10.B-Q\n\
                    3) 9.B x Kt, P x B. 10.B-K 3, P-Q 3. 11.Q Kt-Q 2, P x P!! (2).";
        assert_eq!(
            sans(text),
            "e4 e6 f4 Bc5 e5 Nc6 Nf3 Nge7 d4 Bb6 Bc4 Nd5 O-O O-O c3 a6 Bxd5 exd5 Be3 d6 Nbd2 dxe5"
        );
    }

    #[test]
    fn a_move_damaged_past_reading_stops_the_game_where_it_goes_on() {
        // Lines open with numbers, then a run-in line holds Black's sixth
        // damaged to a digit: the moves after it are the game's, not
        // words after its end.
        let text = "Game.\n\n1. e4, c5;\n2. Nf3, e6;\n3. d4, cxd4;\n4. Nxd4, a6;\n\
                    5. Bd3, Bc5; 6. Nb3, 5; 7. Qe2, Ne7; 8. e5, d6 1-0";
        let doc = read_plain(text);
        assert!(doc.replay.failed);
        assert_eq!(doc.replay.main_plies, 11);
    }

    #[test]
    fn a_bare_number_after_castling_is_the_next_move_number() {
        let text = "Game.\n\n1 Sg1–f3 d7–d5 2 g2–g3 Sg8–f6 3 Lf1–g2 c7–c5 4 O-O e7–e6 \
                    5 d2–d3 Lf8–e7 6 Sb1–d2 O-O 7 e2–e4 Sb8–c6 8 e4–e5 Sf6–d7";
        assert_eq!(
            sans(text),
            "Nf3 d5 g3 Nf6 Bg2 c5 O-O e6 d3 Be7 Nbd2 O-O e4 Nc6 e5 Nd7"
        );
        // Nor is it a rank when a move stands between it and castling.
        let text = "Game.\n\n1 P4R P4R\n2 C3AR C3AD\n3 A5C P3TD\n4 A4T C3A\n\
                    5 O-O A4A\n6 P3AD O-O\n7 P4D";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Bc5 c3 O-O d4");
    }

    #[test]
    fn blacks_number_printed_again_may_be_misprinted() {
        // Each side's move under the same number; two of Black's numbers
        // are misprinted, one a digit wrong and one with its digits set
        // apart.
        let text = "Ruy Lopez.\n\n1 P to K 4 1 P to K 4 2 Kt to K B 3 2 Kt to Q B 3 \
                    3 B to Kt 5 3 P to Q R 3 4 B to R 4 1 Kt to B 3 5 Castles 5 B to K 2 \
                    6 R to K sq 6 P to Q Kt 4 7 B to Kt 3 7 P to Q 3 8 P to B 3 8 Castles \
                    9 P to K R 3 9 Kt to Q Kt sq 10 P to Q 4 10 Q Kt to Q 2 \
                    11 Q Kt to Q 2 1 1 B to Kt 2 12 B to B 2 12 R to K sq";
        assert_eq!(
            sans(text),
            "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 Bc2 Re8"
        );
        // The next move's number is no misprint of Black's: after it
        // stands White's next move (`8. axb4 … 9. —o— Nd3`).
        let text = "1. d4 Nf6 2. c4 e5 3. dxe5 Ng4 4. Nf3 Nc6 5. Bf4 Bb4+ 6. Nbd2 Qe7 \
                    7. a3 Ngxe5 8. axb4 9. —o— Nd3#";
        assert!(sans(text).ends_with("axb4 Nd3"), "{}", sans(text));
    }

    #[test]
    fn the_game_goes_on_under_its_own_number_after_a_side_line() {
        // The note's line reads two half-moves further than the game, and
        // stops where the game goes on under Black's eighth number again.
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
                    7. Bb3 d6 8. c3\nBetter was 8… Na5 9. Bc2 c5 10. d4 Qc7.\n\
                    8… O-O 9. h3 Nb8 ½-½";
        assert!(sans(text).ends_with("c3 O-O h3 Nb8"), "{}", sans(text));
    }

    #[test]
    fn a_pawn_moved_by_its_steps_is_read_as_printed_past_a_note_on_the_move() {
        // The note gives Black another sixth move under the same number;
        // the game's own sixth move names the pawn and its steps, a form
        // no parser reads, and must still beat the note's move.
        let text = "1. K. P. two. K. P. two.\n2. K. Kt. to B.'s 3rd. Q. Kt. to B.'s 3rd.\n\
                    3. B. to Kt.'s 5th. Q. R. P. one.\n4. B. to R.'s 4th. K. Kt. to B.'s 3rd.\n\
                    5. Castles. B. to K.'s 2nd.\n6. R. to K.'s sq.\n\n\
                    6... P. to Q.'s 3rd was also possible.\n\n\
                    6... Q. Kt. P. two.\n7. B. to Kt.'s 3rd. Castles.\n8. Q. B. P. one. Q. P. two.";
        assert!(sans(text).ends_with("Re1 b5 Bb3 O-O c3 d5"), "{}", sans(text));
    }

    #[test]
    fn a_last_move_without_a_digit_before_the_result_is_the_games() {
        // `PxP` has no square to tell it from a remark before the result
        // (`Qh5 wins. 1-0`): it was dropped without a word.
        assert_eq!(sans("1. P4R, P4R; 2. P4AR, PxP; ½–½"), "e4 e5 f4 exf4");
        assert_eq!(sans("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# wins nicely. 1-0"), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
        // Moves after a resignation are what the loser saw coming.
        let resigned = "1. e4 e5 2. Qh5 Nc6 3. Bc4 g6 4. Qf3 Nf6 5. g4 Black resigned \
                        rather than see 5... Nxg4 6. Qxf7#. 1-0";
        assert_eq!(sans(resigned), "e4 e5 Qh5 Nc6 Bc4 g6 Qf3 Nf6 g4");
        // Before a resignation or a draw in words, too.
        assert!(sans("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. BxKt QPxB\nWhite resigns.")
            .ends_with("Bxc6 dxc6"));
        assert_eq!(sans("1. P-K4 P-K4 2. K-K 2 K-K 2\nDrawn."), "e4 e5 Ke2 Ke7");
        // Who gave up may come after a word that is no move.
        let spanish = "1. e2-e4 e7-e5\n2. Cg1-f3 Cb8-c6\n3. Af1-b5 a7-a6\n4. Ab5xc6 d7xc6\n\
                       5. 0-0 Dd8-f6\n6. d2-d4 e5xd4\n7. Ac1-g5 Df6-g6\n8. Dd1xd4 Ac8-e6\n\
                       9. Cb1-c3 Af8-d6\n10. e4-e5\nLas negras abandonan.\n";
        assert!(sans(spanish).ends_with("Nc3 Bd6 e5"), "{}", sans(spanish));
    }

    #[test]
    fn a_note_mark_between_whites_move_and_blacks_is_passed_over() {
        // `(1)`, `(2)` point to notes below the score; they are no move
        // numbers, and Black's move follows them on the same line.
        let text = "1. Nf3 d5\n2. g3 Nc6\n3. d4 Bf5\n4. Bg2 Nb4\n5. Na3 e6\n6. O-O Be7\n\
                    7. c3 Nc6 (1)\n8. Qb3 Rb8\n9. Ne5 Nf6\n10. Nxc6 bxc6\n11. Qa4 Qd7\n\
                    12. Nc4 c5\n13. Qxa7 ?? (2) Qc8\n14. Qa4+ Qd7\n";
        assert!(sans(text).ends_with("Qxa7 Qc8 Qa4 Qd7"), "{}", sans(text));
    }

    #[test]
    fn a_table_gives_blacks_move_under_its_number_again_after_placeholders() {
        let text = "| 1 | d4 | d5 |\n| 2 | c4 | .... |\n| 2 | .... | e6 |\n| 3 | Nf3 | Nf6 |\n";
        assert_eq!(sans(text), "d4 d5 c4 e6 Nf3 Nf6");
    }

    #[test]
    fn castling_in_words_reads_in_every_notation() {
        assert_eq!(
            sans("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Castles Nf6 5. d3 d6"),
            "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 d6"
        );
        // The wing said in words, as old books print it.
        let opening = "1. P. to K. 4th. 1. P. to Q. B. 3rd.\n2. P. to Q. 4th. 2. P. to Q. 4th.\n\
                       3. Kt. to Q. B. 3rd. 3. P. takes P.\n4. Kt. takes P. 4. Kt. to B. 3rd.\n\
                       5. Q. to Q. 3rd. 5. P. to K. 4th.\n6. P. takes P. 6. Q. to R. 4th. (ch.)\n\
                       7. B. to Q. 2nd. 7. Q. takes K. P.\n";
        for castles in ["Castles on Q. side.", "Castles (Q. side)."] {
            let text = format!("{opening}8. {castles} 8. Kt. takes Kt.");
            assert!(sans(&text).ends_with("Bd2 Qxe5 O-O-O Nxe4"), "{castles}: {}", sans(&text));
        }
    }

    #[test]
    fn a_stop_scanned_as_a_comma_inside_a_move_in_words_joins_it() {
        let text = "1. P. to K. 4th.      1. P. to K. 4th.\n\
                    2. K. Kt, to B. 3rd.  2. Q. Kt. to B. 3rd.\n\
                    3. K. B. to Kt. 5th.  3. P. to Q. R. 3rd.\n";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6");
    }

    #[test]
    fn a_block_of_empty_boxes_is_read_box_by_box() {
        // Four half-moves left unwritten: each box is a half-move, not a
        // misprinted number five read as three.
        let text = "1. e4 e5\n2. Nf3 Nc6\n3. ... ...\n4. ... ...\n5. d3 d6\n6. Be3 Be6\n";
        let moves = sans(text);
        assert_eq!(moves.split(' ').count(), 12, "{moves}");
        assert!(moves.starts_with("e4 e5 Nf3 Nc6 ") && moves.ends_with(" d3 d6 Be3 Be6"), "{moves}");
    }

    #[test]
    fn blacks_move_in_a_table_row_whose_white_box_is_empty() {
        // White's move stands before a note; the row after it repeats the
        // number with White's box left empty.
        let text = "| 1 P. to K.'s 4th | 1 P. to K.'s 4th |\n\
                    | 2 Kt. to K. B.'s 3rd |  |\n\nA quiet move.\n\n\
                    | 2  | Kt. to Q. B.'s 3rd |\n| 3 B. to Kt.'s 5th | 3 P. to Q. R.'s 3rd |";
        assert!(sans(text).ends_with("Nf3 Nc6 Bb5 a6"), "{}", sans(text));
    }

    #[test]
    fn a_bracket_that_nothing_closes_takes_no_moves_with_it() {
        // Each side numbered, a number and a note's mark damaged into
        // brackets that never close: the moves after them are the game's.
        let opening = "1 P to K 4 1 P to K 4 2 Kt to K B 3 2 Kt to Q B 3 3 B to Kt 5 3 P to Q R 3 \
                       4 B to R 4 4 Kt to B 3 5 Castles 5 B to K 2";
        let game = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O";
        for damaged in ["(3 R to K sq 6", "6 R to K sq (O 6", "6 R to K sq ( 6"] {
            let text = format!("{opening} {damaged} P to Q Kt 4 7 B to Kt 3 7 P to Q 3 8 P to B 3 8 Castles");
            assert_eq!(sans(&text), game, "{damaged}");
        }
    }

    #[test]
    fn a_game_ended_in_words_gives_its_result() {
        let ended = |text: &str| {
            read_plain(text)
                .replay
                .ended_in_words
        };
        assert_eq!(ended("1. e4 e5 2. Nf3 Nc6 Drawn."), Some(WordedEnd::Drawn));
        assert_eq!(ended("1. e4 e5 2. Nf3 Partie nulle."), Some(WordedEnd::Drawn));
        assert_eq!(
            ended("1. e4 e5 2. Nf3 Nc6 Black resigns."),
            Some(WordedEnd::Resigned(Color::Black))
        );
        assert_eq!(
            ended("1. e4 e5 2. Nf3 Nc6 Resigns."),
            Some(WordedEnd::Resigned(Color::White))
        );
        assert_eq!(ended("1. e4 e5 2. Nf3 Nc6 Then the draw came."), None);
        // The side that moved wins, or the side named.
        assert_eq!(
            ended("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 mate, and wins."),
            Some(WordedEnd::Won(Color::White))
        );
        assert_eq!(ended("1. e4 e5 2. Nf3 Nc6 Black wins."), Some(WordedEnd::Won(Color::Black)));
        // A sentence after White's last move that opens with a short
        // word is no move of Black's.
        assert_eq!(sans("1.e4 e5 2.Nf3 Nc6 3.Bb5\nA fine game. 1-0"), "e4 e5 Nf3 Nc6 Bb5");
        let long_form = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 Kt-B3 4. Kt-Kt5 P-Q4 5. P takes P\nKt takes P. 6. Kt takes BP";
        assert_eq!(sans(long_form), "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7");
        // Who gave up, in the languages' own words.
        for gave_up in [
            "Schwarz gab auf.",
            "Zwart gaf op.",
            "Svart gav upp.",
            "Il Nero si arrende.",
            "As pretas abandonaram.",
            "Черните се предадоха.",
            "Чорні здалися.",
            "Crni se predaje.",
            "Negrul abandonează.",
            "Siyah terk etti.",
            "Τα μαύρα παραιτήθηκαν.",
            "Must loobus.",
            "Juodieji pasidavė.",
            "Melnie padevās.",
        ] {
            let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bb5\n{gave_up}");
            assert_eq!(ended(&text), Some(WordedEnd::Resigned(Color::Black)), "{gave_up}");
        }
        assert_eq!(ended("1. e4 e5 2. Nf3 and wins a pawn. 2... Nc6"), None);
        for drawn in ["Реми.", "Нічия.", "Remiză.", "Berabere.", "Ισοπαλία.", "Viik.", "Lygiosios.", "Neizšķirts.", "和棋。"] {
            assert_eq!(ended(&format!("1. e4 e5 2. Nf3 Nc6\n{drawn}")), Some(WordedEnd::Drawn), "{drawn}");
        }
        // A mate announced is a win, for the side named or that moved.
        let announced = "1. e4 e5 2. Nf3 Nc6 3. Bb5\n\nand White announced mate in ten moves.";
        assert_eq!(ended(announced), Some(WordedEnd::Won(Color::White)));
        assert_eq!(ended("1. e4 e5 2. Nf3 Nc6 announces mate in four."), Some(WordedEnd::Won(Color::Black)));
        assert_eq!(ended("1. e4 e5 2. Nf3 Nc6 3. Bb5 announced."), None);
        // A sentence opening the next line with a mark's word is no mark.
        let follows = "1.e4 e5 2.Nf3 Nc6 3.Bb5\nCheckmate follows. 1-0";
        assert_eq!(sans(follows), "e4 e5 Nf3 Nc6 Bb5");
        let doc = read_plain(follows);
        assert!(doc.replay.findings.iter().all(|f| f.kind != Kind::WrongMateMark), "{:?}", doc.replay.findings);
        // A note after the end that quotes how the game would go on.
        let noted = "1. e4 e5 2. Nf3 Nc6 3. Bc4, and wins. (a)\n\n(a) Then 3. ... Nf6 4. Ng5 d5 \
                     5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3.";
        assert_eq!(sans(noted), "e4 e5 Nf3 Nc6 Bc4");
        // Under a table, in the paragraph after it; not in a later one.
        let table = "| 1 | e4 | e5 |\n| 2 | Nf3 | Nc6 |\n\n";
        assert_eq!(ended(&format!("{table}Agreed drawn.")), Some(WordedEnd::Drawn));
        // After a remark of its own, as after a game's last move.
        assert_eq!(ended(&format!("{table}A fine game.\n\nDrawn.")), Some(WordedEnd::Drawn));
        let far = format!("{table}A fine game.\n\nThe round went on.\n\nThe last game ended.\n\nDrawn.");
        assert_eq!(ended(&far), None);
        // Not after the moves, but over them.
        let headed = format!("Sivuk – Vakhidov, 1–0\n\n{table}");
        assert_eq!(sans(&headed), "e4 e5 Nf3 Nc6");
        assert_eq!(ended(&headed), Some(WordedEnd::Heading("1-0")));
        // A heading that opens with the game's number in a collection.
        let numbered = "2. A. Gibaud – F. Lazard\nParis 1924 · 0–1\n\n1.d4 Nf6 2.Nd2 e5";
        assert_eq!(sans(numbered), "d4 Nf6 Nd2 e5");
        assert_eq!(ended(numbered), Some(WordedEnd::Heading("0-1")));
    }

    #[test]
    fn a_remark_after_the_last_move_that_quotes_lines_on_is_no_part_of_the_game() {
        // The game ends at Black's 6th; the remark after it quotes two
        // lines from White's 7th, and the resignation follows it.
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Bxf7+ Ke7 6. O-O Qxe5\n\
                    A famous trap. After 7. Bxg8 Rxg8 8. c3 Qxe4 White is lost, after 7. c3 Kxf7 \
                    8. cxd4 Qxe4 he is a piece down.\n\nWhite resigned.";
        let doc = read_plain(text);
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Bxf7 Ke7 O-O Qxe5");
        assert!(!doc.replay.failed, "{:?}", doc.replay.findings);
        assert_eq!(doc.replay.ended_in_words, Some(WordedEnd::Resigned(Color::White)));
        // The game goes on in the remark's paragraph when it is read on
        // there to the end.
        let on = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4\nA trap. 4. Nxe5 Qg5 5. Bxf7+ Ke7\n\nWhite resigned.";
        assert_eq!(sans(on), "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Bxf7 Ke7");
    }

    #[test]
    fn a_heading_with_a_dash_lends_no_rank_to_the_first_move_number() {
        // `Smith - Jones` reads like `R - Q` wanting its rank; the `1`
        // after a blank line is the first move's number.
        let text = "Smith - Jones\n\n1 P - Q 4    Kt - K B 3\n2 B - Kt 5    P - K 3\n3 P - K 4    P - K R 3\n";
        assert_eq!(sans(text), "d4 Nf6 Bg5 e6 e4 h6");
    }

    #[test]
    fn a_legal_move_the_next_contradicts_is_read_as_the_move_that_lets_it_be_legal() {
        // `3... b5` is legal, but only a capture on d4 lets the knight
        // take there: the place was `exd4`, however far from its print.
        let text = "1. e4 e5 2. Nf3 Nc6 3. d4 b5 4. Nxd4 Nf6 5. Nc3 Bb4 6. Nxc6 dxc6 7. Qxd8+ Kxd8 1-0";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nc3 Bb4 Nxc6 dxc6 Qxd8 Kxd8");
        let doc = read_plain(text);
        let row = doc.replay.findings.iter().find(|f| f.ply == 6).expect("a row at b5");
        assert_eq!((row.kind, row.written.as_str()), (Kind::WrongMoveLegal, "b5"));
        assert!(row.suggestion.split(' ').any(|s| s == "exd4"), "{row:?}");
        assert!(doc.replay.findings.iter().all(|f| f.ply == 6), "{:?}", doc.replay.findings);
    }

    #[test]
    fn a_pawns_capture_printed_as_a_plain_square_is_reported() {
        let text = "Game.\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 Nf6 5. Be3 Bxe3 6. e3 d6 *";
        let doc = read_plain(text);
        let row = doc.replay.findings.iter().find(|f| f.ply == 11).expect("a row at e3");
        assert_eq!((row.kind, row.written.as_str(), row.suggestion.as_str()), (Kind::WrongCaptureMark, "e3", "fxe3"));
    }

    #[test]
    fn a_half_move_printed_twice_is_kept_as_a_remark_and_reported() {
        let text = "Partita.\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ \
                    7. Bd2 Bxd2+ Bxd2+ 8. Nbxd2 d5 *";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4 Bd2 Bxd2 Nbxd2 d5");
        let doc = read_plain(text);
        let row = doc.replay.findings.iter().find(|f| f.kind == Kind::MissingMoves).expect("a row");
        assert_eq!((row.ply, row.written.as_str(), row.severity), (15, "Bxd2+", Severity::Warning));
    }

    #[test]
    fn a_score_may_change_notation_part_way() {
        // Algebraic for the opening, then Spanish descriptive.
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O A2R 6. T1R P4CD 7. A3C P3D 8. P3A O-O";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O");
        let doc = read_plain(text);
        let told = doc.replay.findings.iter().find(|f| f.message.contains("changes notation"));
        assert_eq!(told.map(|f| (f.ply, f.written.as_str())), Some((10, "A2R")));
        // Placed before the move, as every finding at a half-move is.
        assert_eq!(told.map(|f| (f.move_number, f.side)), Some((5, Some(Color::Black))));
        assert!(told.is_some_and(|f| f.fen_before.ends_with("b kq - 3 5")), "{told:?}");
        // A misprint in one notation is no change of notation.
        assert_eq!(sans("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Bc7 6. Re1 b5"), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5");
    }

    #[test]
    fn a_promotion_in_words_names_its_piece() {
        let start: Chess = "8/P5k1/8/8/8/8/8/6K1 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
            .expect("a legal position");
        for (text, line) in [
            ("1. P. to R. 8th, becoming a Knight.  1. K. to B. 3rd.", "a8=N Kf6"),
            ("1. P. to R. 8th (becomes a Bishop) 1. K. to B. 3rd.", "a8=B Kf6"),
            ("1. P. to R. 8th, queening.  1. K. to B. 3rd.", "a8=Q Kf6"),
        ] {
            assert_eq!(sans_from(text, &start), line, "{text}");
        }
    }

    #[test]
    fn a_remark_on_its_own_lines_between_whites_and_blacks_moves_is_passed_over() {
        // Moves one to a line: Black's goes on under the remark, and a
        // remark may open with White's number again.
        let text = "Smith,J - Jones,K (Club ch 1990)\n1. e4\nc5\n2. Nf3\n\
                    A strong move, fixing the weak pawn.\nd6\n3. d4\n\
                    3. c3 d5 was also possible.\ncxd4\n4. Nxd4\nNf6\n5. Nc3";
        assert_eq!(sans(text), "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3");
    }

    #[test]
    fn an_evaluation_set_apart_between_two_half_moves_is_passed_over() {
        let text = "Game.\n\n1 e2–e4 e7–e5 2 Sg1–f3 +/= Sb8–c6 3 Lf1–b5 a7–a6";
        assert_eq!(sans(text), "e4 e5 Nf3 Nc6 Bb5 a6");
    }
}
