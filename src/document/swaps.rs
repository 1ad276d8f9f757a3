//! Two of a side's moves written in each other's places: a hand's slip
//! on a scoresheet that the reading takes for a misprint.
//!
//! Where the main line read a move as a misprint (its words illegal as
//! printed), the words of the same side's move before or after it may be
//! the move meant there, and its own words the move meant in that other
//! place: `22. Nc4 … 23. Na5` for `22. Na5 … 23. Nc4`. Or the other
//! side's moves on either side of it were swapped, the first of them
//! legal where it stands and the misread move the first they contradict
//! (`10. Bf2 e6 11. dxe5 fxe5` for `10. Bf2 fxe5 11. dxe5 e6`). The swap
//! explains both when, with the two written the other way round, both
//! read as legal moves as printed and so do the words of a few moves after
//! them (or all to the game's end), as many as the main line reads
//! without another misprint.

use shakmaty::{Chess, Move, Position};

use crate::document::path::{Found, MainLine};
use crate::document::words::Word;
use crate::engine::origins::Origins;
use crate::engine::resolve::{Resolution, resolve_readings};
use crate::lang::Language;
use crate::model::Readings;
use crate::notation::Notation;

/// Half-moves read as printed after a swap, at least, that bear it out
/// (unless the game ends sooner).
const CONFIRMING: usize = 4;

/// Two half-moves (indices into the main line) written in each other's
/// places, with the move each place holds when they are read the other
/// way round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    pub first: usize,
    pub second: usize,
    pub moves: [Move; 2],
    /// The position before the second, read so.
    pub before_second: Chess,
}

/// The position and the pieces' first squares (where the notation needs
/// them) before each half-move of `line`.
pub type Befores = Vec<(Chess, Option<Origins>)>;

/// [`Befores`] of `line` from `start`.
pub fn befores(line: &MainLine, start: &Chess, notation: Notation) -> Befores {
    let mut out = Vec::with_capacity(line.moves.len());
    let mut walk = Walk::new(start, None, notation, Language::english());
    walk.origins = notation.needs_origins().then(|| Origins::new(start));
    for f in &line.moves {
        out.push((walk.pos.clone(), walk.origins.clone()));
        walk.play(f.mv);
    }
    out
}

/// The swaps that explain the main line's misprints, with the positions
/// before its half-moves.
pub fn swaps(
    text: &str,
    words: &[Word],
    line: &MainLine,
    before: &Befores,
    notation: Notation,
    lang: &Language,
) -> Vec<Swap> {
    let moves = &line.moves;
    let written = |f: &Found| {
        let span = f.span(words);
        &text[span.start as usize..span.end as usize]
    };
    let mut out: Vec<Swap> = Vec::new();
    for k in (0..moves.len()).filter(|&k| moves[k].misread.is_some() && !moves[k].missing) {
        for (a, b) in [(k.wrapping_sub(2), k), (k, k + 2), (k.wrapping_sub(1), k + 1)] {
            let (Some(fa), Some(fb)) = (moves.get(a), moves.get(b)) else {
                continue;
            };
            if fa.missing || fb.missing || out.iter().any(|s| s.first == a || s.second == b) {
                continue;
            }
            // Between them, the other side's move must read as printed
            // (the main line may have misread it after its misreading).
            let between = &moves[a + 1];
            let (pos, origins) = &before[a];
            let mut walk = Walk::new(pos, origins.as_ref(), notation, lang);
            let Some(ma) = walk.written(written(fb)) else {
                continue;
            };
            if !walk.again(between, written(between)) {
                continue;
            }
            let before_second = walk.pos.clone();
            let Some(mb) = walk.written(written(fa)) else {
                continue;
            };
            // Borne out by the words after them, read again as printed: a
            // few moves at least, or all to the game's end; and as far as
            // the main line reads them without another misprint, else the
            // misprint is the better reading.
            let rest = &moves[b + 1..];
            let read = rest
                .iter()
                .take_while(|f| walk.again(f, written(f)))
                .count();
            let main_read = rest.iter().take_while(|f| f.misread.is_none()).count();
            let borne_out = read >= CONFIRMING.min(rest.len()) && read >= main_read;
            if borne_out && (ma, mb) != (fa.mv, fb.mv) {
                out.push(Swap {
                    first: a,
                    second: b,
                    moves: [ma, mb],
                    before_second,
                });
            }
        }
    }
    out
}

/// A replay of words other than the main line's.
pub struct Walk<'l> {
    pos: Chess,
    origins: Option<Origins>,
    notation: Notation,
    lang: &'l Language,
}

impl<'l> Walk<'l> {
    /// A walk from `pos`, with the pieces' first squares where the
    /// notation needs them.
    pub fn new(pos: &Chess, origins: Option<&Origins>, notation: Notation, lang: &'l Language) -> Walk<'l> {
        Walk {
            pos: pos.clone(),
            origins: origins.cloned(),
            notation,
            lang,
        }
    }

    /// Plays `mv`.
    pub fn play(&mut self, mv: Move) {
        self.pos.play_unchecked(mv);
        if let Some(o) = self.origins.as_mut() {
            o.play(mv);
        }
    }

    /// Plays the words `written` as printed, if they are one legal move
    /// (or several, of which the first is taken).
    fn written(&mut self, written: &str) -> Option<Move> {
        let readings = self.notation.parse(written, self.lang, self.pos.turn()).ok()?;
        self.resolve(&readings, None)
    }

    /// Plays `found`, its words `written`, read again here: as the line
    /// read them where it read them as printed, else the words themselves
    /// (a misreading may follow from an earlier one); whether they read.
    fn again(&mut self, found: &Found, written: &str) -> bool {
        if found.as_printed() {
            self.pattern(found)
        } else {
            !found.missing && self.written(written).is_some()
        }
    }

    /// Plays what `found`'s words say, read again here; whether they read.
    pub fn pattern(&mut self, found: &Found) -> bool {
        let readings = Readings {
            first: found.pattern,
            more: Vec::new(),
        };
        self.resolve(&readings, Some(found.mv)).is_some()
    }

    fn resolve(&mut self, readings: &Readings, likely: Option<Move>) -> Option<Move> {
        let m = match resolve_readings(&self.pos, readings, self.origins.as_ref()) {
            Resolution::Unique(m) => m,
            Resolution::Ambiguous(moves) => moves.iter().copied().find(|&m| Some(m) == likely).unwrap_or(moves[0]),
            Resolution::Illegal => return None,
        };
        self.play(m);
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::Kind;
    use crate::game::{Letters, ReadOptions, read};
    use crate::lang::Language;

    /// The half-moves of `text` reported as swapped, each with its
    /// suggestion.
    fn swap_rows(text: &str, options: &ReadOptions<'_>) -> Vec<(u32, String)> {
        read(text, options)
            .findings
            .iter()
            .filter(|f| f.kind == Kind::SwappedMoves)
            .map(|f| (f.ply, f.suggestion.clone()))
            .collect()
    }

    #[test]
    fn a_misprint_that_two_swapped_moves_explain_gets_a_row_at_each() {
        // Black's twelfth and thirteenth written in each other's boxes:
        // no knight reaches c4 at the twelfth; read the other way round,
        // both are legal and the sheet reads on.
        let sheet = "Sheet\n1. e4 d6\n2. d4 g6\n3. Nc3 Bg7\n4. Be3 a6\n5. g4 Nf6\n6. h3 O-O\n\
            7. Bg2 e5\n8. Nge2 Nc6\n9. f4 exd4\n10. Nxd4 Bd7\n11. O-O Re8\n12. Nde2 Nc4\n\
            13. Ng3 Na5\n14. Bc1 Bc6\n15. g5 Qd7\n16. f5 Nh5\n17. Nge2 h5\n";
        let options = ReadOptions {
            letters: Letters::Fixed(Language::english()),
            ..ReadOptions::default()
        };
        assert_eq!(swap_rows(sheet, &options), [(24, "Na5".into()), (26, "Nc4".into())]);
    }

    #[test]
    fn a_swap_is_found_where_the_move_between_was_misread_after_it() {
        // White's ninth and tenth printed in each other's cells: no
        // knight reaches c3 at the ninth, and the main line, reading
        // another knight move there, misreads Black's check after it.
        let grid = "      1      2      3      4      5      6      7\n\
            White d4     c4     Nc3    Nf3    h4     e4     d5\n\
            Black Nf6    g6     d5     Bg7    dxc4   c5     b5\n\n\
            \x20     8      9      10     11     12     13\n\
            White h5     Nc3    Nxb5   Bd2    Rb1    Be2\n\
            Black Nxh5   Qa5+   Nd7    Rb8    Ba6    O-O\n";
        let options = ReadOptions {
            letters: Letters::Fixed(Language::english()),
            ..ReadOptions::default()
        };
        let rows = swap_rows(grid, &options);
        assert!(rows.contains(&(17, "Nxb5".into())) && rows.contains(&(19, "Nc3".into())), "{rows:?}");
    }

    #[test]
    fn a_swap_of_the_other_sides_moves_around_a_misread_move_is_found() {
        // Black's tenth and eleventh in each other's rows: `10 … e6` is
        // legal, and it is White's `11. dxe5` (onto White's own pawn) that
        // cannot be read; the swap on either side of it explains both.
        let rows = [
            "d4 g6", "e4 Lg7", "Sc3 c6", "h3 d5", "e5 f6", "f4 Sh6", "Sf3 O-O", "Le3 Sa6", "Dd2 Sf5", "Lf2 e6",
            "dxe5 fxe5", "g4 Se7", "h4 d4", "Lxd4 Sd5", "Lxa6 bxa6", "Lc5 Tf7", "Se2 Lf8", "Lxf8 Dxf8", "Sg5 Tb7",
            "c4 Sb6", "b3 Td7", "De3 Td8", "h5",
        ];
        let table: String = rows.iter().enumerate().map(|(i, r)| format!("{:>2}.  {r}\n", i + 1)).collect();
        let text = format!("Potez  Bijeli   Crni\n{table}\nCrni predaje (1:0).\n");
        let rows = swap_rows(&text, &ReadOptions::default());
        assert!(rows.contains(&(20, "fxe5".into())) && rows.contains(&(22, "e6".into())), "{rows:?}");
    }
}
