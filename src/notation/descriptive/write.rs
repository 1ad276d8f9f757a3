//! Writes moves in descriptive notation, qualified as a careful editor
//! would: no more than the position needs.
//!
//! Candidate spellings are tried from the shortest (`N-B3`, `PxP`) to the
//! fully qualified (`N(KN1)-KB3`, `PxP(Q4)`), and the first that the
//! descriptive reader resolves to exactly this move, under every reading
//! of its wing words, is written. Reading it back therefore always gives
//! the same move.
//!
//! ```
//! use scoresheet::notation::descriptive::write::describe;
//! use scoresheet::lang::Language;
//! use shakmaty::{Chess, Move, Role, Square};
//!
//! let pos = Chess::default();
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None };
//! assert_eq!(describe(Language::english(), &pos, nf3, None), "N-KB3");
//! ```

use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::engine::moves::captured_square;
use crate::engine::origins::Origins;
use crate::engine::resolve::{Resolution, resolve_readings};
use crate::lang::{Descriptive, Language};
use super::parse;

/// Appends `m` (from `before` to `after`) in `lang`'s descriptive
/// notation, with its check or mate mark.
pub fn append(
    out: &mut String,
    lang: &Language,
    before: &Chess,
    m: Move,
    after: &Chess,
    origins: Option<&Origins>,
) {
    out.push_str(&describe(lang, before, m, origins));
    if after.is_check() {
        let english = lang.code == "en";
        out.push_str(match (after.is_checkmate(), english) {
            (true, true) => " mate",
            (false, true) => " ch",
            (true, false) if lang.mate_marks.iter().any(|m| m == "++") => "++",
            (true, false) => "#",
            (false, false) => "+",
        });
    }
}

/// `m` in `pos`, without check marks, in the shortest spelling that reads
/// back as exactly `m`.
pub fn describe(lang: &Language, pos: &Chess, m: Move, origins: Option<&Origins>) -> String {
    let mut candidates = spellings_from(lang, pos, origins, m, pos.turn());
    candidates.sort_by_key(|c| c.chars().count());
    let fits = |text: &str| {
        parse(text, lang, pos.turn())
            .is_ok_and(|r| matches!(resolve_readings(pos, &r, origins), Resolution::Unique(found) if found == m))
    };
    let fallback = candidates.last().cloned().unwrap_or_default();
    candidates.into_iter().find(|c| fits(c)).unwrap_or(fallback)
}

/// Every spelling of `m` in `lang`'s descriptive notation that names it
/// truly, from the shortest to the fully qualified, whether or not the
/// position leaves it unique, its squares counted from `side`'s end of
/// the board (from the other side: the slip of a writer who counts them
/// as the opponent sees them): what a printer may have set, for the
/// document reader's synthesis. Castling is `O-O` and `O-O-O`.
pub fn spellings_from(lang: &Language, pos: &Chess, origins: Option<&Origins>, m: Move, side: Color) -> Vec<String> {
    match m.castling_side() {
        Some(CastlingSide::KingSide) => return vec!["O-O".into()],
        Some(CastlingSide::QueenSide) => return vec!["O-O-O".into()],
        None => {}
    }
    let Some(desc) = lang.descriptive.as_ref() else {
        return Vec::new();
    };
    let namer = Namer {
        lang,
        desc,
        turn: side,
        origins,
    };
    namer.candidates(pos, m)
}

/// The names of `file` in `lang`'s descriptive words, short and full
/// (`B`, `KB`; the centre files `Q` and `K` once), as a pawn on it is
/// named (`KBP`).
pub fn file_names(lang: &Language, file: File) -> Vec<String> {
    let Some(desc) = lang.descriptive.as_ref() else {
        return Vec::new();
    };
    let namer = Namer {
        lang,
        desc,
        turn: Color::White,
        origins: None,
    };
    let mut names = vec![namer.file(file, true), namer.file(file, false)];
    names.dedup();
    names
}

struct Namer<'a> {
    lang: &'a Language,
    desc: &'a Descriptive,
    turn: Color,
    /// Where the pieces started, when known: a piece is then named only
    /// by the wing it began on.
    origins: Option<&'a Origins>,
}

impl Namer<'_> {
    fn wing_word(&self, king_side: bool) -> &str {
        let words = if king_side {
            &self.desc.king_wing
        } else {
            &self.desc.queen_wing
        };
        words.first().map_or("", String::as_str)
    }

    fn with_wing(&self, letter: &str, king_side: bool) -> String {
        let wing = self.wing_word(king_side);
        if self.desc.wing_after {
            format!("{letter}{wing}")
        } else {
            format!("{wing}{letter}")
        }
    }

    /// The file's name: `KB` (full) or `B` (short); `K` and `Q` either way.
    fn file(&self, file: File, short: bool) -> String {
        let role = match file {
            File::A | File::H => Role::Rook,
            File::B | File::G => Role::Knight,
            File::C | File::F => Role::Bishop,
            File::D => return self.wing_word(false).to_owned(),
            File::E => return self.wing_word(true).to_owned(),
        };
        let letter = self.lang.letter(role);
        if short {
            letter.to_owned()
        } else {
            self.with_wing(letter, file >= File::E)
        }
    }

    fn square(&self, sq: Square, short: bool) -> String {
        let rank = match self.turn {
            Color::White => sq.rank() as u32 + 1,
            Color::Black => 8 - sq.rank() as u32,
        };
        let file = self.file(sq.file(), short);
        if self.desc.rank_first {
            format!("{rank}{file}")
        } else {
            format!("{file}{rank}")
        }
    }

    /// Names of a piece of `role` on `sq`: plain, with a wing, by square.
    fn names(&self, role: Role, sq: Square) -> Vec<String> {
        let letter = self.lang.letter(role);
        if role == Role::Pawn {
            return vec![
                letter.to_owned(),
                format!("{}{letter}", self.file(sq.file(), true)),
                format!("{}{letter}", self.file(sq.file(), false)),
                format!("{letter}({})", self.square(sq, false)),
            ];
        }
        let mut names = vec![letter.to_owned()];
        if matches!(role, Role::Rook | Role::Knight | Role::Bishop) {
            // A piece that began on its own square of the back rank is
            // named by that wing alone; any other (a promoted piece, or
            // one whose start is unknown) by either.
            let home = |start: Square| {
                start.rank() == Rank::First || start.rank() == Rank::Eighth
            };
            match self.origins.and_then(|o| o.start_of(sq)).filter(|&s| home(s)) {
                Some(start) => names.push(self.with_wing(letter, start.file() >= File::E)),
                None => {
                    names.push(self.with_wing(letter, true));
                    names.push(self.with_wing(letter, false));
                }
            }
        }
        names.push(format!("{letter}({})", self.square(sq, false)));
        names
    }

    fn candidates(&self, pos: &Chess, m: Move) -> Vec<String> {
        let (Some(from), to) = (m.from(), m.to()) else {
            return Vec::new();
        };
        let movers = self.names(m.role(), from);
        let promotion = m
            .promotion()
            .map_or(String::new(), |r| format!("={}", self.lang.letter(r)));
        let ends: Vec<String> = match (captured_square(&m), m.capture()) {
            (Some(at), Some(role)) => {
                let role = if m.is_en_passant() { Role::Pawn } else { role };
                let _ = pos;
                self.names(role, at)
                    .into_iter()
                    .map(|t| format!("x{t}"))
                    .collect()
            }
            _ => {
                let dash = if self.desc.rank_first { "" } else { "-" };
                vec![
                    format!("{dash}{}", self.square(to, true)),
                    format!("{dash}{}", self.square(to, false)),
                ]
            }
        };
        let mut out = Vec::with_capacity(movers.len() * ends.len());
        for mover in &movers {
            for end in &ends {
                out.push(format!("{mover}{end}{promotion}"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position as pos;
    use shakmaty::fen::Fen;
    use shakmaty::EnPassantMode;


    fn every_move_reads_back(pos: &Chess, lang: &Language) {
        let origins = Origins::new(pos);
        for m in pos.legal_moves() {
            let text = describe(lang, pos, m, Some(&origins));
            let readings = parse(&text, lang, pos.turn()).unwrap();
            match resolve_readings(pos, &readings, Some(&origins)) {
                Resolution::Unique(found) => assert_eq!(
                    found,
                    m,
                    "{text} in {}",
                    Fen::from_position(pos, EnPassantMode::Legal)
                ),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn short_where_the_position_allows() {
        let start = Chess::default();
        let en = Language::english();
        let e4 = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            to: Square::E4,
            capture: None,
            promotion: None,
        };
        assert_eq!(describe(en, &start, e4, None), "P-K4");
        let p = pos("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4");
        let bxc6 = Move::Normal {
            role: Role::Bishop,
            from: Square::B5,
            to: Square::C6,
            capture: Some(Role::Knight),
            promotion: None,
        };
        assert_eq!(describe(en, &p, bxc6, None), "BxN");
    }

    #[test]
    fn every_legal_move_reads_back_in_english_hungarian_and_spanish() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            for lang in ["en", "hu", "es"] {
                every_move_reads_back(&pos(fen), Language::builtin(lang).unwrap());
            }
        }
    }
}
