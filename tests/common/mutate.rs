//! Damage for the mutation benchmark and test: one slip of a known kind
//! made in a clean game's text at a known half-move, and a check of what
//! the audit (with `--repair`) says about it.

#![allow(dead_code)]

use rand::Rng;
use rand::seq::IndexedRandom;
use scoresheet::audit::{Kind, Severity};
use scoresheet::convert::{Converted, Converter};
use scoresheet::engine::render::san;
use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;
use scoresheet::output::{Format, Style, render};
use shakmaty::{Chess, Move, Position};

/// The kinds of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    /// A half-move left out.
    Drop,
    /// One character of a move changed.
    OneCharacter,
    /// Two half-moves swapped (the same side's two moves, or a move pair).
    Swap,
    /// A character OCR confuses (`B`→`8`, `b`→`6`, `1`→`l`, `5`→`S`, …).
    Ocr,
    /// A piece letter of another language.
    Letters,
    /// One digit of an ICCF move changed.
    IccfDigit,
}

impl Damage {
    /// Every kind, in the order the benchmark prints them.
    pub const ALL: [Damage; 6] = [
        Damage::Drop,
        Damage::OneCharacter,
        Damage::Swap,
        Damage::Ocr,
        Damage::Letters,
        Damage::IccfDigit,
    ];

    /// The damage's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Damage::Drop => "drop a half-move",
            Damage::OneCharacter => "change one character",
            Damage::Swap => "swap two half-moves",
            Damage::Ocr => "OCR confusion",
            Damage::Letters => "wrong-language letter",
            Damage::IccfDigit => "one ICCF digit",
        }
    }

    /// Whether the damage is one edit of one written move.
    pub fn is_single_edit(self) -> bool {
        !matches!(self, Damage::Drop | Damage::Swap)
    }
}

/// A clean game ready to be damaged.
pub struct Source {
    /// Its PGN and the byte spans of its main-line moves there.
    pgn: String,
    pgn_moves: Spans,
    /// The same in ICCF numeric notation.
    iccf: String,
    iccf_moves: Spans,
    /// The main line's moves and their English SAN.
    pub moves: Vec<Move>,
    sans: Vec<String>,
}

/// A damaged game.
pub struct Damaged {
    /// The damaged text.
    pub text: String,
    /// The half-move the damage is at (1 = White's first move).
    pub ply: u32,
    /// The true move there, in English SAN.
    pub true_san: String,
}

/// Byte spans of moves in a text.
type Spans = Vec<(usize, usize)>;

/// The main-line moves of a game text read with `options`, with their
/// token spans; `None` unless the game replays cleanly from the usual start.
fn main_line(text: &str, options: &ReadOptions<'_>) -> Option<(Vec<Move>, Spans)> {
    let game = read(text, options);
    if game.is_rejected() || game.tag("FEN").is_some() {
        return None;
    }
    let (mut moves, mut spans) = (Vec::new(), Vec::new());
    for (token, mv) in game.replay.main_line()? {
        let span = &game.lexed.tokens[token as usize].span;
        moves.push(mv);
        spans.push((span.start as usize, span.end as usize));
    }
    Some((moves, spans))
}

/// A game of at least four half-moves, as the tool writes it in PGN and
/// ICCF, or `None` when it is not clean.
pub fn source(text: &str) -> Option<Source> {
    let game = read(text, &ReadOptions::default());
    if game.is_rejected() || game.tag("FEN").is_some() {
        return None;
    }
    let style = Style::default();
    let pgn = render(&game, Format::Pgn, &style);
    let iccf = render(&game, Format::Iccf, &style);
    let (moves, pgn_moves) = main_line(&pgn, &ReadOptions::default())?;
    let iccf_options = ReadOptions {
        notation: Some(Notation::Iccf(Promotion::Iccf)),
        ..ReadOptions::default()
    };
    let (iccf_line, iccf_moves) = main_line(&iccf, &iccf_options)?;
    if moves.len() < 4 || iccf_line != moves {
        return None;
    }
    let mut pos = Chess::default();
    let sans = moves
        .iter()
        .map(|&m| {
            let s = san(&pos, m, Language::english());
            pos.play_unchecked(m);
            s
        })
        .collect();
    Some(Source {
        pgn,
        pgn_moves,
        iccf,
        iccf_moves,
        moves,
        sans,
    })
}

/// Characters OCR confuses, as damage makes them.
const OCR: &[(char, char)] = &[
    ('B', '8'),
    ('8', 'B'),
    ('b', '6'),
    ('6', 'b'),
    ('1', 'l'),
    ('5', 'S'),
    ('O', '0'),
    ('0', 'O'),
    ('g', '9'),
    ('e', 'c'),
];

impl Source {
    /// `kind` of damage at a random place, or `None` when the game has no
    /// place for it.
    pub fn damage(&self, kind: Damage, rng: &mut impl Rng) -> Option<Damaged> {
        let (text, spans) = match kind {
            Damage::IccfDigit => (&self.iccf, &self.iccf_moves),
            _ => (&self.pgn, &self.pgn_moves),
        };
        let n = spans.len();
        let word = |i: usize| &text[spans[i].0..spans[i].1];
        let replace = |i: usize, with: &str| {
            let (start, end) = spans[i];
            format!("{}{with}{}", &text[..start], &text[end..])
        };
        let (text, index) = match kind {
            Damage::Drop => {
                let i = rng.random_range(0..n);
                let (start, mut end) = spans[i];
                if text[end..].starts_with(' ') {
                    end += 1;
                }
                (format!("{}{}", &text[..start], &text[end..]), i)
            }
            Damage::Swap => {
                let gap = rng.random_range(1..=2);
                let i = rng.random_range(0..n - gap);
                let (a, b) = (spans[i], spans[i + gap]);
                if word(i) == word(i + gap) {
                    return None;
                }
                let swapped = format!(
                    "{}{}{}{}{}",
                    &text[..a.0],
                    word(i + gap),
                    &text[a.1..b.0],
                    word(i),
                    &text[b.1..]
                );
                (swapped, i)
            }
            Damage::OneCharacter | Damage::IccfDigit => {
                let i = rng.random_range(0..n);
                let chars: Vec<char> = word(i).chars().collect();
                let at = rng.random_range(0..chars.len());
                let alphabet: Vec<char> = if kind == Damage::IccfDigit {
                    "12345678".chars().collect()
                } else {
                    "abcdefgh12345678KQRBNx".chars().collect()
                };
                let with = **alphabet
                    .iter()
                    .filter(|&&c| c != chars[at])
                    .collect::<Vec<_>>()
                    .choose(rng)?;
                let mut damaged = chars.clone();
                damaged[at] = with;
                (replace(i, &damaged.into_iter().collect::<String>()), i)
            }
            Damage::Ocr => {
                let places: Vec<(usize, usize, char)> = (0..n)
                    .flat_map(|i| {
                        word(i).char_indices().filter_map(move |(at, c)| {
                            OCR.iter()
                                .find(|(from, _)| *from == c)
                                .map(|(_, to)| (i, at, *to))
                        })
                    })
                    .collect();
                let &(i, at, to) = places.choose(rng)?;
                let w = word(i);
                let damaged = format!("{}{to}{}", &w[..at], &w[at + 1..]);
                (replace(i, &damaged), i)
            }
            Damage::Letters => {
                let english = Language::english();
                let pieces: Vec<usize> = (0..n)
                    .filter(|&i| {
                        english
                            .piece_prefix(word(i))
                            .is_some_and(|(r, _)| r != shakmaty::Role::Pawn)
                    })
                    .collect();
                let &i = pieces.choose(rng)?;
                let (role, len) = english.piece_prefix(word(i))?;
                let foreign: Vec<&str> = Language::all()
                    .iter()
                    .map(|l| l.letter(role))
                    .filter(|l| !l.is_empty() && *l != english.letter(role) && l.is_ascii())
                    .collect();
                let letter = foreign.choose(rng)?;
                (replace(i, &format!("{letter}{}", &word(i)[len..])), i)
            }
        };
        Some(Damaged {
            text,
            ply: index as u32 + 1,
            true_san: self.sans[index].clone(),
        })
    }
}

/// What the audit said about one damaged game.
#[derive(Debug, Default, Clone, Copy)]
pub struct Verdict {
    /// The damage shows: the game is rejected, repaired or has a warning.
    pub detectable: bool,
    /// A finding about a move is at the damaged half-move.
    pub located: bool,
    /// The true move is among that finding's suggestions.
    pub suggested: bool,
    /// Repaired, to the original moves.
    pub repaired_right: bool,
    /// Repaired, to other moves.
    pub repaired_wrong: bool,
}

/// Finding kinds about a move.
const MOVE_KINDS: &[Kind] = &[
    Kind::Illegal,
    Kind::Unparseable,
    Kind::Ambiguous,
    Kind::MissingMoves,
    Kind::WrongMoveLegal,
    Kind::SwappedMoves,
    Kind::Repaired,
    Kind::WrongCheckMark,
    Kind::WrongMateMark,
    Kind::WrongCaptureMark,
];

/// Audits `damaged` with `--repair` and judges the result against the
/// source.
pub fn judge(source: &Source, damaged: &Damaged) -> Verdict {
    let converted: Converted = Converter::new().repair(true).convert_game(&damaged.text);
    let at_ply =
        |f: &&scoresheet::audit::Finding| f.ply == damaged.ply && MOVE_KINDS.contains(&f.kind);
    let located = converted.findings.iter().any(|f| at_ply(&f));
    let suggested = converted.findings.iter().filter(at_ply).any(|f| {
        f.suggestion
            .split([' ', ','])
            .any(|s| s == damaged.true_san)
    });
    if std::env::var_os("SHOW_MISSED").is_some() && !located && !converted.findings.is_empty() {
        eprintln!(
            "missed: damage at ply {} (true {}):\n{}\n{:#?}",
            damaged.ply, damaged.true_san, damaged.text, converted.findings
        );
    }
    let (mut right, mut wrong) = (false, false);
    if converted.repaired {
        let moves = converted
            .output
            .as_deref()
            .and_then(|pgn| main_line(pgn, &ReadOptions::default()))
            .map(|(moves, _)| moves);
        if moves.as_ref() == Some(&source.moves) {
            right = true;
        } else {
            wrong = true;
            if std::env::var_os("SHOW_WRONG").is_some() {
                let repaired = converted.findings.iter().find(|f| f.kind == Kind::Repaired);
                eprintln!(
                    "wrong repair: damage at ply {} (true {}), {} moves; {:?}",
                    damaged.ply,
                    damaged.true_san,
                    source.moves.len(),
                    repaired.map(|f| (f.ply, &f.message))
                );
            }
        }
    }
    Verdict {
        detectable: converted.rejected
            || converted.repaired
            || converted
                .findings
                .iter()
                .any(|f| f.severity >= Severity::Warning),
        located,
        suggested,
        repaired_right: right,
        repaired_wrong: wrong,
    }
}
