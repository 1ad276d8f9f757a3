//! Damage for the mutation benchmark and test: one slip of a known kind
//! made in a clean game's text at a known half-move, and a check of what
//! the audit (with `--repair`) says about it.

#![allow(dead_code)]

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use scoresheet::audit::{Kind, Severity};
use scoresheet::convert::{Converted, Converter};
use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::Notation;
use scoresheet::notation::iccf::Promotion;
use scoresheet::notation::san::san;
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

/// Several damages made in one game.
pub struct DamagedSeveral {
    /// The damaged text.
    pub text: String,
    /// Each damage's half-move and true move, in order.
    pub places: Vec<Damaged>,
}

/// Half-moves at least between two damages of one game, so that each is
/// a mistake of its own.
pub const DAMAGE_GAP: usize = 4;

impl Source {
    /// `kind` of damage at a random place, or `None` when the game has no
    /// place for it.
    pub fn damage(&self, kind: Damage, rng: &mut impl Rng) -> Option<Damaged> {
        let (text, spans) = match kind {
            Damage::IccfDigit => (&self.iccf, &self.iccf_moves),
            _ => (&self.pgn, &self.pgn_moves),
        };
        let (text, index) = damage_in(text, spans, 0..spans.len(), kind, rng)?;
        Some(Damaged {
            text,
            ply: index as u32 + 1,
            true_san: self.sans[index].clone(),
        })
    }

    /// One damage of each of `kinds` in the game (all ICCF digits, or
    /// none), in that order through the game, [`DAMAGE_GAP`] half-moves
    /// apart at least; `None` when the game is too short for them. Each
    /// place also carries the game with its damage alone.
    pub fn damage_several(&self, kinds: &[Damage], seed: u64) -> Option<DamagedSeveral> {
        self.damage_some(kinds, seed, &vec![true; kinds.len()])
    }

    /// [`Source::damage_several`] with only the damages `made` says made
    /// in its text (the others still drawn, so each stays the same).
    pub fn damage_some(
        &self,
        kinds: &[Damage],
        seed: u64,
        made: &[bool],
    ) -> Option<DamagedSeveral> {
        let iccf = kinds.contains(&Damage::IccfDigit);
        let (original, spans) = if iccf {
            (&self.iccf, &self.iccf_moves)
        } else {
            (&self.pgn, &self.pgn_moves)
        };
        let part = spans.len() / kinds.len();
        if part < DAMAGE_GAP + 3 {
            return None;
        }
        // The game cut into equal parts, one damage in each, made from the
        // last so that the earlier moves' spans still hold; each damage
        // drawn alike alone and with the others.
        let mut text = original.clone();
        let mut places = Vec::new();
        for (k, &kind) in kinds.iter().enumerate().rev() {
            let lo = k * part + usize::from(k > 0) * DAMAGE_GAP;
            let within = lo..(k + 1) * part - 2;
            let rng = || StdRng::seed_from_u64(seed ^ (k as u64) << 32);
            let (alone, index) = damage_in(original, spans, within.clone(), kind, &mut rng())?;
            if made[k] {
                text = damage_in(&text, spans, within, kind, &mut rng())?.0;
            }
            places.push(Damaged {
                text: alone,
                ply: index as u32 + 1,
                true_san: self.sans[index].clone(),
            });
        }
        places.reverse();
        Some(DamagedSeveral { text, places })
    }
}

/// `kind` of damage made in `text` at a move of `within` (indices into
/// `spans`, the moves' byte spans, which must hold up to the end of
/// `within` and one move after it): the damaged text and the index of
/// the damaged move.
fn damage_in(
    text: &str,
    spans: &Spans,
    within: std::ops::Range<usize>,
    kind: Damage,
    rng: &mut impl Rng,
) -> Option<(String, usize)> {
    if within.is_empty() {
        return None;
    }
    let word = |i: usize| &text[spans[i].0..spans[i].1];
    let replace = |i: usize, with: &str| {
        let (start, end) = spans[i];
        format!("{}{with}{}", &text[..start], &text[end..])
    };
    let pick = |rng: &mut dyn rand::RngCore| rng.random_range(within.clone());
    Some(match kind {
        Damage::Drop => {
            let i = pick(rng);
            let (start, mut end) = spans[i];
            if text[end..].starts_with(' ') {
                end += 1;
            }
            (format!("{}{}", &text[..start], &text[end..]), i)
        }
        Damage::Swap => {
            let gap = rng.random_range(1..=2);
            let i = pick(rng);
            if i + gap >= spans.len() || word(i) == word(i + gap) {
                return None;
            }
            let (a, b) = (spans[i], spans[i + gap]);
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
            let i = pick(rng);
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
            let places: Vec<(usize, usize, char)> = within
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
            let pieces: Vec<usize> = within
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
    })
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

/// Whether `converted` has a finding about a move at `damaged`'s
/// half-move, and whether one names its true move.
fn seen(converted: &Converted, damaged: &Damaged) -> (bool, bool) {
    let at_ply = |f: &&scoresheet::audit::Finding| f.ply == damaged.ply && f.kind.is_about_a_move();
    let located = converted.findings.iter().any(|f| at_ply(&f));
    let suggested = converted.findings.iter().filter(at_ply).any(|f| {
        f.suggestion
            .split([' ', ','])
            .any(|s| s == damaged.true_san)
    });
    (located, suggested)
}

/// Audits the game damaged several times with `--repair`: for each
/// damage, whether alone it shows and whether the audit of the whole
/// finds it at its half-move and names its true move; and whether the
/// game was repaired right or wrong. Right is the game with only the
/// damages that do not show alone: no audit can undo those.
pub fn judge_several(
    source: &Source,
    kinds: &[Damage],
    seed: u64,
) -> Option<(Vec<Verdict>, bool, bool)> {
    let damaged = source.damage_several(kinds, seed)?;
    let converter = Converter::new().repair(true);
    let converted = converter.convert_game(&damaged.text);
    let mut verdicts: Vec<Verdict> = damaged
        .places
        .iter()
        .map(|place| {
            let (located, suggested) = seen(&converted, place);
            Verdict {
                detectable: shows(&converter.convert_game(&place.text)),
                located,
                suggested,
                ..Verdict::default()
            }
        })
        .collect();
    let silent: Vec<bool> = verdicts.iter().map(|v| !v.detectable).collect();
    let target = source.damage_some(kinds, seed, &silent)?;
    let target = main_line(&target.text, &ReadOptions::default()).map(|(moves, _)| moves);
    // Right: the whole game as it can be known; wrong: a repair that
    // gives a move other than the true one (a damage left, reported but
    // not repaired, is neither).
    let (right, wrong) = match (converted.repaired, target) {
        (true, Some(target)) => {
            let mut pos = Chess::default();
            let sans: Vec<String> = target
                .iter()
                .map(|&m| {
                    let s = san(&pos, m, Language::english());
                    pos.play_unchecked(m);
                    s
                })
                .collect();
            let wrong = converted
                .findings
                .iter()
                .filter(|f| f.kind == Kind::Repaired)
                .any(|f| {
                    let made = f.suggestion.split([' ', ',']).next().unwrap_or("");
                    sans.get(f.ply as usize - 1).is_none_or(|s| s != made)
                });
            (repaired_to(&converted).as_ref() == Some(&target), wrong)
        }
        // The silent damages together no longer replay: not judged.
        _ => (false, false),
    };
    for v in &mut verdicts {
        v.repaired_right = right;
        v.repaired_wrong = wrong;
    }
    let missed = verdicts.iter().any(|v| v.detectable && !v.located);
    if std::env::var_os("SHOW_SEVERAL").is_some() && (missed || wrong) {
        let places: Vec<_> = damaged
            .places
            .iter()
            .map(|p| (p.ply, &p.true_san))
            .collect();
        let found: Vec<_> = converted
            .findings
            .iter()
            .filter(|f| f.ply > 0)
            .map(|f| (f.ply, f.kind.as_str(), &f.written, &f.suggestion))
            .collect();
        eprintln!(
            "several ({}): damages {places:?}\nfound {found:?}\n{}\n",
            if wrong { "wrong repair" } else { "missed" },
            damaged.text
        );
    }
    Some((verdicts, right, wrong))
}

/// Whether the audit's result shows that something is wrong.
fn shows(converted: &Converted) -> bool {
    converted.rejected
        || converted.repaired
        || converted
            .findings
            .iter()
            .any(|f| f.severity >= Severity::Warning)
}

/// The main line `converted` was written with.
fn repaired_to(converted: &Converted) -> Option<Vec<Move>> {
    let pgn = converted.output.as_deref()?;
    main_line(pgn, &ReadOptions::default()).map(|(moves, _)| moves)
}

/// Whether `converted` was repaired to the source's moves, or to others.
fn repaired(source: &Source, converted: &Converted) -> (bool, bool) {
    if !converted.repaired {
        return (false, false);
    }
    let right = repaired_to(converted).as_ref() == Some(&source.moves);
    (right, !right)
}

/// Audits `damaged` with `--repair` and judges the result against the
/// source.
pub fn judge(source: &Source, damaged: &Damaged) -> Verdict {
    let converted: Converted = Converter::new().repair(true).convert_game(&damaged.text);
    let (located, suggested) = seen(&converted, damaged);
    if std::env::var_os("SHOW_MISSED").is_some() && !located && !converted.findings.is_empty() {
        eprintln!(
            "missed: damage at ply {} (true {}):\n{}\n{:#?}",
            damaged.ply, damaged.true_san, damaged.text, converted.findings
        );
    }
    let (right, wrong) = repaired(source, &converted);
    if wrong && std::env::var_os("SHOW_WRONG").is_some() {
        let repairs: Vec<_> = converted
            .findings
            .iter()
            .filter(|f| f.kind == Kind::Repaired)
            .map(|f| (f.ply, &f.message))
            .collect();
        eprintln!(
            "wrong repair: damage at ply {} (true {}), {} moves; {repairs:?}\n{}",
            damaged.ply,
            damaged.true_san,
            source.moves.len(),
            damaged.text
        );
    }
    Verdict {
        detectable: shows(&converted),
        located,
        suggested,
        repaired_right: right,
        repaired_wrong: wrong,
    }
}
