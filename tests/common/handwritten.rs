//! Handwritten tournament scoresheets for the scoresheet test and
//! benchmark: real games of the corpus written box by box as players
//! write them in a hurry, transcribed one numbered pair a line with `...`
//! for an empty box, and the slips of a hand made at known half-moves.
//!
//! A sheet has its writer's habits (check marks or none, `O-O` or `0-0`,
//! captures marked or not, short forms such as `dxc` or `BxN` where they
//! name one move) and, when slips are asked for, a few slips of the kinds
//! players make: a letter or digit the hand confuses (`c`/`e`, `g`/`a`,
//! `b`/`h`, `6`/`7`, a capital for a small letter), an empty box or a few
//! in a row, a square that is not on the board, a legal move one stroke
//! from the one played, the same wrong square over an exchange, and two
//! of a side's moves written in each other's boxes. Every slip keeps the
//! half-move it is at and the true move, as a [`Damage`], so that
//! [`crate::print_style::judge_damages`] judges what the library read.

#![allow(dead_code)]

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::san::san;
use shakmaty::{Chess, Move, Position, Role};

use crate::print_style::{Damage, TrueGame};

/// The kinds of slip a hand makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slip {
    /// A letter or digit written as one the hand confuses it with.
    LookAlike,
    /// A piece's capital written small, or a pawn's file as a capital.
    Case,
    /// A box left empty.
    EmptyBox,
    /// Two to four boxes in a row left empty.
    EmptyBoxes,
    /// A square that is not on the board (`e9`, `i4`, `e11`).
    OffTheBoard,
    /// A legal move one stroke from the move played.
    LegalButWrong,
    /// The same wrong square over the moves of an exchange.
    SameWrongSquare,
    /// Two of a side's moves written in each other's boxes.
    Swapped,
}

impl Slip {
    /// Every kind, in the order reports print them.
    pub const ALL: [Slip; 8] = [
        Slip::LookAlike,
        Slip::Case,
        Slip::EmptyBox,
        Slip::EmptyBoxes,
        Slip::OffTheBoard,
        Slip::LegalButWrong,
        Slip::SameWrongSquare,
        Slip::Swapped,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Slip::LookAlike => "look-alike letter or digit",
            Slip::Case => "capital for small letter",
            Slip::EmptyBox => "empty box",
            Slip::EmptyBoxes => "empty boxes in a row",
            Slip::OffTheBoard => "square off the board",
            Slip::LegalButWrong => "legal but wrong",
            Slip::SameWrongSquare => "same wrong square",
            Slip::Swapped => "two moves swapped",
        }
    }

    /// How often a hand makes each kind, out of the sum.
    fn weight(self) -> u32 {
        match self {
            Slip::LookAlike => 30,
            Slip::Case => 8,
            Slip::EmptyBox => 14,
            Slip::EmptyBoxes => 5,
            Slip::OffTheBoard => 5,
            Slip::LegalButWrong => 14,
            Slip::SameWrongSquare => 8,
            Slip::Swapped => 8,
        }
    }
}

/// Letters and digits a hand writes alike, both ways.
const LOOK_ALIKES: [(char, char); 9] = [
    ('c', 'e'),
    ('g', 'a'),
    ('b', 'h'),
    ('a', 'd'),
    ('6', '7'),
    ('1', '7'),
    ('3', '5'),
    ('4', '9'),
    ('2', '3'),
];

/// A handwritten sheet.
pub struct Sheet {
    pub text: String,
    /// The sheet's habits, for reports.
    pub habits: Vec<String>,
    /// The line (from 0) each half-move is written on.
    pub move_lines: Vec<usize>,
    /// The slips made, each at its half-move, in the order of the game.
    pub slips: Vec<(Slip, Damage)>,
    /// Half-moves the sheet holds.
    pub plies: usize,
}

impl Sheet {
    /// The slips as damage, for the judge.
    pub fn damages(&self) -> Vec<Damage> {
        self.slips.iter().map(|(_, d)| d.clone()).collect()
    }
}

/// The habits of one writer.
struct Habits {
    checks: bool,
    zero_castling: bool,
    captures: bool,
    short_forms: bool,
}

/// `game` written on a sheet by a writer drawn from `seed`, with up to
/// `most_slips` slips (none when 0).
pub fn write_sheet(game: &TrueGame, seed: u64, most_slips: usize) -> Sheet {
    let mut rng = StdRng::seed_from_u64(seed);
    let habits = Habits {
        checks: rng.random_bool(0.6),
        zero_castling: rng.random_bool(0.3),
        captures: rng.random_bool(0.85),
        short_forms: rng.random_bool(0.3),
    };
    let plies = game.moves.len().min(rng.random_range(20..=70));
    let clean: Vec<String> = (0..plies)
        .map(|i| write_move(&game.positions[i], game.moves[i], &habits, &mut rng))
        .collect();
    let mut boxes = clean.clone();
    let mut slips = Vec::new();
    let count = if most_slips == 0 {
        0
    } else {
        rng.random_range(1..=most_slips)
    };
    for _ in 0..count * 4 {
        if slips.len() >= count {
            break;
        }
        let kind = pick_slip(&mut rng);
        let ply = rng.random_range(0..plies);
        let taken = |i: usize| {
            slips
                .iter()
                .any(|(_, d): &(Slip, Damage)| d.ply as usize == i + 1)
        };
        let made = make_slip(kind, game, &boxes, ply, &mut rng);
        if made.is_empty() || made.iter().any(|(i, _)| taken(*i)) {
            continue;
        }
        // A slip that leaves a legal game (alone on the sheet) is one no
        // reader of one sheet can see: only the other player's copy
        // tells it.
        if !matches!(kind, Slip::EmptyBox | Slip::EmptyBoxes) {
            let mut tried = clean.clone();
            for (i, written) in &made {
                tried[*i] = written.clone();
            }
            if replays(&tried) {
                continue;
            }
        }
        for (i, written) in made {
            slips.push((
                kind,
                Damage {
                    ply: i as u32 + 1,
                    true_san: game.sans[i].clone(),
                    printed: boxes[i].clone(),
                    damaged: written.clone(),
                },
            ));
            boxes[i] = written;
        }
    }
    slips.sort_by_key(|(_, d)| d.ply);
    let (text, move_lines) = transcribe(&boxes);
    let mut described = vec![
        format!("{plies} half-moves"),
        format!("{} slips", slips.len()),
    ];
    for (on, name) in [
        (habits.checks, "check marks"),
        (habits.zero_castling, "0-0"),
        (!habits.captures, "captures unmarked"),
        (habits.short_forms, "short forms"),
    ] {
        if on {
            described.push(name.to_owned());
        }
    }
    Sheet {
        text,
        habits: described,
        move_lines,
        slips,
        plies,
    }
}

/// The sheet's boxes transcribed one numbered pair a line, and the line
/// each half-move is on.
fn transcribe(boxes: &[String]) -> (String, Vec<usize>) {
    let mut text = String::from("Scoresheet (transcribed box by box)\n");
    let mut move_lines = Vec::new();
    for (number, pair) in boxes.chunks(2).enumerate() {
        move_lines.extend(pair.iter().map(|_| number + 1));
        text.push_str(&format!("{}. {}\n", number + 1, pair.join(" ")));
    }
    (text, move_lines)
}

/// Whether the boxes as written replay as a legal game.
fn replays(boxes: &[String]) -> bool {
    !read(&transcribe(boxes).0, &ReadOptions::default()).is_rejected()
}

fn pick_slip(rng: &mut StdRng) -> Slip {
    let total: u32 = Slip::ALL.iter().map(|s| s.weight()).sum();
    let mut pick = rng.random_range(0..total);
    for slip in Slip::ALL {
        if pick < slip.weight() {
            return slip;
        }
        pick -= slip.weight();
    }
    Slip::LookAlike
}

/// Move `m` as the writer writes it in its box.
fn write_move(before: &Chess, m: Move, habits: &Habits, rng: &mut StdRng) -> String {
    let full = san(before, m, Language::english());
    if habits.short_forms
        && rng.random_bool(0.5)
        && let Some(short) = short_form(before, m)
    {
        return short;
    }
    let mut written = full;
    if !habits.checks || rng.random_bool(0.15) {
        written.retain(|c| c != '+');
    }
    if !habits.captures {
        written.retain(|c| c != 'x');
    }
    if habits.zero_castling {
        written = written.replace('O', "0");
    }
    written
}

/// A short form that names `m` alone among the legal moves: a pawn's
/// capture by files (`dxc`), a piece taking a piece (`BxN`).
fn short_form(before: &Chess, m: Move) -> Option<String> {
    let captured = m.capture()?;
    let from = m.from()?;
    let alike = |o: &Move| {
        if m.role() == Role::Pawn {
            o.role() == Role::Pawn
                && o.is_capture()
                && o.from().map(|s| s.file()) == Some(from.file())
                && o.to().file() == m.to().file()
        } else {
            o.role() == m.role() && o.capture() == Some(captured)
        }
    };
    if m.promotion().is_some() || before.legal_moves().iter().filter(|o| alike(o)).count() != 1 {
        return None;
    }
    Some(if m.role() == Role::Pawn {
        format!("{}x{}", from.file().char(), m.to().file().char())
    } else {
        format!("{}x{}", m.role().upper_char(), captured.upper_char())
    })
}

/// The boxes `slip` rewrites at or from half-move `ply` (from 0), with
/// what they hold then; none when the slip cannot be made there.
fn make_slip(
    slip: Slip,
    game: &TrueGame,
    boxes: &[String],
    ply: usize,
    rng: &mut StdRng,
) -> Vec<(usize, String)> {
    let written = &boxes[ply];
    let before = &game.positions[ply];
    let one = |s: Option<String>| s.map(|s| vec![(ply, s)]).unwrap_or_default();
    match slip {
        Slip::LookAlike => {
            one(look_alike(written, rng).filter(|s| !reads_as(before, s, game.moves[ply])))
        }
        Slip::Case => one(case_slip(written)),
        Slip::EmptyBox => vec![(ply, "...".to_owned())],
        Slip::EmptyBoxes => {
            let run = rng.random_range(2..=4).min(boxes.len() - ply);
            (ply..ply + run).map(|i| (i, "...".to_owned())).collect()
        }
        Slip::OffTheBoard => one(off_the_board(written, rng)),
        Slip::LegalButWrong => one(legal_but_wrong(before, game.moves[ply], rng)),
        Slip::SameWrongSquare => same_wrong_square(game, boxes, ply, rng),
        Slip::Swapped => {
            let other = ply + 2;
            if other >= boxes.len() || boxes[ply] == boxes[other] {
                return Vec::new();
            }
            vec![(ply, boxes[other].clone()), (other, boxes[ply].clone())]
        }
    }
}

/// Whether `text` is written SAN of `m` itself, slips aside.
fn reads_as(before: &Chess, text: &str, m: Move) -> bool {
    let bare = |s: &str| s.replace(['+', '#', 'x'], "");
    bare(text) == bare(&san(before, m, Language::english()))
}

/// One character of `written` swapped for its look-alike.
fn look_alike(written: &str, rng: &mut StdRng) -> Option<String> {
    let places: Vec<(usize, char)> = written
        .char_indices()
        .filter_map(|(i, c)| {
            LOOK_ALIKES.iter().find_map(|&(a, b)| {
                if c == a {
                    Some((i, b))
                } else if c == b {
                    Some((i, a))
                } else {
                    None
                }
            })
        })
        .collect();
    let &(at, by) = places.choose(rng)?;
    let mut out = written.to_owned();
    out.replace_range(at..at + 1, &by.to_string());
    Some(out)
}

/// A bishop's `B` written small, or a pawn's `b` file as a capital.
fn case_slip(written: &str) -> Option<String> {
    if let Some(rest) = written.strip_prefix('B') {
        Some(format!("b{rest}"))
    } else {
        written.strip_prefix('b').map(|rest| format!("B{rest}"))
    }
}

/// The move's last rank written as one that is not on the board.
fn off_the_board(written: &str, rng: &mut StdRng) -> Option<String> {
    let at = written.rfind(|c: char| c.is_ascii_digit())?;
    let digit = written[at..].chars().next()?;
    let by = match rng.random_range(0..3) {
        0 => "9".to_owned(),
        1 => "0".to_owned(),
        _ => format!("{digit}1"),
    };
    let mut out = written.to_owned();
    out.replace_range(at..at + 1, &by);
    Some(out)
}

/// A legal move other than `played` whose SAN is one character from it.
fn legal_but_wrong(before: &Chess, played: Move, rng: &mut StdRng) -> Option<String> {
    let bare = |m: Move| {
        san(before, m, Language::english())
            .chars()
            .filter(|c| !matches!(c, '+' | '#'))
            .collect::<Vec<char>>()
    };
    let true_san = bare(played);
    let near: Vec<Vec<char>> = before
        .legal_moves()
        .iter()
        .filter(|&&m| m != played)
        .map(|&m| bare(m))
        .filter(|s| {
            s.len() == true_san.len()
                && s.iter().zip(&true_san).filter(|(a, b)| a != b).count() == 1
        })
        .collect();
    near.choose(rng).map(|s| s.iter().collect())
}

/// The moves of an exchange on one square, from half-move `ply` on, all
/// written with another square.
fn same_wrong_square(
    game: &TrueGame,
    boxes: &[String],
    ply: usize,
    rng: &mut StdRng,
) -> Vec<(usize, String)> {
    let square = game.moves[ply].to();
    let run = (ply..boxes.len())
        .take_while(|&i| game.moves[i].to() == square)
        .count();
    if run < 2 {
        return Vec::new();
    }
    let name = square.to_string();
    let Some(wrong) = look_alike(&name, rng) else {
        return Vec::new();
    };
    (ply..ply + run)
        .filter(|&i| boxes[i].contains(&name))
        .map(|i| (i, boxes[i].replace(&name, &wrong)))
        .collect()
}
