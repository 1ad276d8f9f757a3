//! Printed pages for the print-style test and benchmark: real games of
//! the corpus set the ways books, newspapers and web pages print game
//! scores, and a judge of what the library reads back from them.
//!
//! A page is one game in one [`Style`]: numbered pairs of algebraic moves
//! in a dozen languages' letters or in figurines, long algebraic,
//! English descriptive (short, typeset with spaces, or in the words of
//! nineteenth-century books), Spanish descriptive, two columns under
//! `White` and `Black`, one move a line, or annotated text with
//! evaluation signs, footnote markers, comments and side lines. Every
//! page has a heading with the players and the event and a result at the
//! end, and now and then a page number or running head between its
//! lines. The details within a style (letters, capture and castling
//! marks, move numbers, line width, where notes fall) are drawn at random
//! from the page's seed.
//!
//! [`render_scanned`] prints a page as a newspaper column of the
//! nineteenth century comes out of OCR: the two columns of descriptive
//! moves run into one paragraph, letters misread throughout the page
//! (`X` for `K`), spaces dropped, and moves, move numbers and note
//! marks confused one by one as the OCR of old newsprint confuses them.
//!
//! Each [`Page`] keeps the line each half-move is printed on and, when
//! OCR damage is asked for, every damaged half-move and its true move;
//! [`judge`] compares what the library read with the true game.

#![allow(dead_code)]

use std::fs;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, IteratorRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use scoresheet::audit::{Finding, Severity};
use scoresheet::engine::origins::Origins;
use scoresheet::game::{ReadOptions, read};
use scoresheet::lang::Language;
use scoresheet::notation::descriptive::write::describe;
use scoresheet::notation::san::san;
use scoresheet::notation::write::{MoveStyle, append_move};
use scoresheet::pgn::split::Splitter;
use scoresheet::{GameRecord, Reader};
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

/// The corpus files games are drawn from: master games and online games.
pub const CORPUS_FILES: [&str; 2] = ["twic1599-sample.pgn", "lichess-2025-05-sample.pgn"];

/// Half-moves a game needs at least to be printed.
pub const MIN_PLIES: usize = 20;

/// The shared corpus beside the repository.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

// ---------------------------------------------------------------------
// The true games
// ---------------------------------------------------------------------

/// A real game from the usual start, as the corpus gives it.
#[derive(Clone)]
pub struct TrueGame {
    pub white: String,
    pub black: String,
    pub event: String,
    pub year: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    pub moves: Vec<Move>,
    /// Each move in English SAN, with its check or mate mark.
    pub sans: Vec<String>,
    /// The position before each move, and the last one.
    pub positions: Vec<Chess>,
    /// Where each piece started, before each move.
    origins: Vec<Origins>,
}

impl TrueGame {
    /// The game's first `plies` half-moves.
    pub fn cut(&self, plies: usize) -> TrueGame {
        let mut cut = self.clone();
        cut.moves.truncate(plies);
        cut.sans.truncate(plies);
        cut.positions.truncate(plies + 1);
        cut.origins.truncate(plies + 1);
        cut
    }
}

/// `count` games from the usual start with a number of half-moves in
/// `plies` (at least [`MIN_PLIES`]), drawn from the corpus files in `dir`
/// in an order shuffled by `seed`; fewer when the files are missing.
pub fn sample_games(
    dir: &Path,
    count: usize,
    plies: RangeInclusive<usize>,
    seed: u64,
) -> Vec<TrueGame> {
    let mut texts = Vec::new();
    for name in CORPUS_FILES {
        if let Ok(bytes) = fs::read(dir.join(name)) {
            let games = Splitter::new(&bytes[..]).filter_map(Result::ok);
            texts.extend(games.map(|g| g.text));
        }
    }
    texts.shuffle(&mut StdRng::seed_from_u64(seed));
    texts
        .iter()
        .filter_map(|t| true_game(t))
        .filter(|g| plies.contains(&g.moves.len()))
        .take(count)
        .collect()
}

/// The game of a PGN text, when it replays from the usual start and is
/// long enough.
fn true_game(text: &str) -> Option<TrueGame> {
    let game = read(text, &ReadOptions::default());
    if game.is_rejected() || game.tag("FEN").is_some() {
        return None;
    }
    let moves: Vec<Move> = game
        .replay
        .main_line()?
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    if moves.len() < MIN_PLIES {
        return None;
    }
    let tag = |name: &str| {
        let value = game.tag(name).unwrap_or("").trim();
        if value == "?" { "" } else { value }.to_owned()
    };
    let mut pos = Chess::default();
    let mut origins = Origins::new(&pos);
    let (mut positions, mut starts, mut sans) = (Vec::new(), Vec::new(), Vec::new());
    for &m in &moves {
        positions.push(pos.clone());
        starts.push(origins.clone());
        sans.push(san(&pos, m, Language::english()));
        origins.play(m);
        pos.play_unchecked(m);
    }
    positions.push(pos);
    starts.push(origins);
    let result = match tag("Result").as_str() {
        r @ ("1-0" | "0-1" | "1/2-1/2") => r.to_owned(),
        _ => "*".to_owned(),
    };
    Some(TrueGame {
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        year: tag("Date")
            .chars()
            .take(4)
            .filter(char::is_ascii_digit)
            .collect(),
        result,
        moves,
        sans,
        positions,
        origins: starts,
    })
}

// ---------------------------------------------------------------------
// Styles and pages
// ---------------------------------------------------------------------

/// The ways a page prints its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Modern algebraic in numbered pairs (`1. e4 e5 2. Nf3 Nc6`), in
    /// one of a dozen languages' letters or in figurines, run in or a
    /// pair a line, with now and then a note and Black's move resumed
    /// after it (`12... Nf6`).
    Algebraic,
    /// Long algebraic (`1. e2-e4 e7-e5 2. Ng1-f3`), with `x`, `:`, `×`
    /// or a spaced `X` for captures, dashes of every length; now and then
    /// the reformed English hybrid of books of the 1910s (`P-d4`,
    /// `Ktb8-d7`) or the squares only spaced apart (`K g1 f3`).
    LongAlgebraic,
    /// English descriptive in its modern short form (`P-K4`, `N-KB3`,
    /// `BxP`) or typeset with spaces as older books set it (`P—K 4`,
    /// `Kt—K B 3`, `Q × P ch`); Hungarian descriptive now and then.
    Descriptive,
    /// English descriptive in the words and abbreviations of
    /// nineteenth-century books (`P. to K.'s 4th.`, `K. Kt. to B. 3rd`,
    /// `Q. takes P. (ch.)`, `K to B sq`, `Castles`, `K. P. two`).
    OldDescriptive,
    /// Spanish descriptive (`P4R`, `C3AR`, `PxP`), or Portuguese.
    SpanishDescriptive,
    /// Two columns under `White` and `Black` in the page's language, one
    /// line a move number, aligned with spaces; any notation.
    TwoColumns,
    /// Every half-move on a line of its own.
    MovePerLine,
    /// Annotated text: evaluation signs glued or spaced, footnote
    /// markers with their notes after the game, comments between moves
    /// and parenthesised side lines.
    Annotated,
}

impl Style {
    /// Every style, in the order the test and the benchmark print them.
    pub const ALL: [Style; 8] = [
        Style::Algebraic,
        Style::LongAlgebraic,
        Style::Descriptive,
        Style::OldDescriptive,
        Style::SpanishDescriptive,
        Style::TwoColumns,
        Style::MovePerLine,
        Style::Annotated,
    ];

    /// The style's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Style::Algebraic => "algebraic",
            Style::LongAlgebraic => "long algebraic",
            Style::Descriptive => "descriptive",
            Style::OldDescriptive => "descriptive in words",
            Style::SpanishDescriptive => "Spanish descriptive",
            Style::TwoColumns => "two columns",
            Style::MovePerLine => "one move a line",
            Style::Annotated => "annotated",
        }
    }

    /// A style drawn at random.
    pub fn random(rng: &mut impl Rng) -> Style {
        Style::ALL[rng.random_range(0..Style::ALL.len())]
    }
}

/// The seed of page `page` of `style` in a run seeded `seed`.
pub fn page_seed(seed: u64, style: Style, page: u64) -> u64 {
    let mut x = seed ^ ((style as u64) << 56) ^ page.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A printed page.
pub struct Page {
    pub style: Style,
    pub text: String,
    /// The choices made for the page (letters, marks, layout), for
    /// reports.
    pub details: Vec<String>,
    /// The line (from 0) each half-move of the game is printed on.
    pub move_lines: Vec<usize>,
    /// The OCR damage made, in the order of the game.
    pub damages: Vec<Damage>,
    /// The half-moves of `damages` changed only by a scanned page's
    /// misreadings of the whole page (a letter read as another
    /// throughout, spaces dropped), by no confusion of their own.
    pub systematic: Vec<u32>,
}

/// One move damaged as OCR damages print.
#[derive(Debug, Clone)]
pub struct Damage {
    /// The half-move (1 = White's first move).
    pub ply: u32,
    /// The true move, in English SAN.
    pub true_san: String,
    /// The move as printed, and as damaged.
    pub printed: String,
    pub damaged: String,
}

impl Page {
    /// The page's lines within `radius` of line `line` (from 0), each
    /// with its number (from 1).
    pub fn lines_around(&self, line: usize, radius: usize) -> String {
        let lines: Vec<&str> = self.text.lines().collect();
        let first = line.saturating_sub(radius);
        let last = (line + radius).min(lines.len().saturating_sub(1));
        (first..=last)
            .map(|i| format!("{:>4} | {}", i + 1, lines[i]))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The seed of a page's damage, apart from its layout: the same page
/// with and without damage has the same layout.
const DAMAGE_SEED: u64 = 0x0C_0C0C_0C0C;

/// `game` printed in `style`, its details drawn from `seed`, with each
/// character of its moves damaged at the rate `ocr_rate`.
pub fn render(game: &TrueGame, style: Style, seed: u64, ocr_rate: f64) -> Page {
    let mut rng = StdRng::seed_from_u64(seed);
    let (spelling, mut details) = Spelling::for_style(style, &mut rng);
    let printed = spell_game(game, &spelling, &mut rng);
    let mut damage_rng = StdRng::seed_from_u64(seed ^ DAMAGE_SEED);
    let (words, damages) = damage_game(game, &printed, ocr_rate, &mut damage_rng);
    let prose = spelling.prose_language();
    details.push(format!("prose {prose}"));
    let mut printer = Printer {
        game,
        style,
        spelling,
        words,
        prose: phrases(prose),
        numbers: Numbers::random(&mut rng, style),
        notes: NoteRates::for_style(style),
        sheet: Sheet::new(game.moves.len(), rng.random_range(44..=88)),
        footnotes: Vec::new(),
        markers: 0,
        details,
        rng: &mut rng,
    };
    printer.print();
    printer.into_page(damages, Vec::new())
}

// ---------------------------------------------------------------------
// Spelling moves
// ---------------------------------------------------------------------

/// How castling is set: `O-O`, `0-0`, `0–0`, `0—0`.
#[derive(Debug, Clone, Copy)]
struct Castling {
    letter: char,
    dash: &'static str,
}

impl Castling {
    fn random(rng: &mut StdRng) -> Castling {
        Castling {
            letter: *['O', 'O', '0'].choose(rng).unwrap(),
            dash: ["-", "-", "-", "–", "—"].choose(rng).unwrap(),
        }
    }

    fn spell(self, side: CastlingSide) -> String {
        let count = if side == CastlingSide::QueenSide {
            3
        } else {
            2
        };
        vec![self.letter.to_string(); count].join(self.dash)
    }
}

/// How a promotion's piece is set after the square.
#[derive(Debug, Clone, Copy)]
enum Promote {
    /// `e8=Q`
    Equals,
    /// `e8Q`
    Bare,
    /// `e8(Q)`
    Paren,
    /// `e8/Q`
    Slash,
}

impl Promote {
    fn random(rng: &mut StdRng) -> Promote {
        *[
            Promote::Equals,
            Promote::Equals,
            Promote::Equals,
            Promote::Bare,
            Promote::Paren,
            Promote::Slash,
        ]
        .choose(rng)
        .unwrap()
    }

    fn spell(self, piece: &str) -> String {
        match self {
            Promote::Equals => format!("={piece}"),
            Promote::Bare => piece.to_owned(),
            Promote::Paren => format!("({piece})"),
            Promote::Slash => format!("/{piece}"),
        }
    }
}

/// How pawn captures are written in standard algebraic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PawnCaptures {
    /// With the page's capture mark: `dxe5`.
    Marked,
    /// Without a mark, as Polish texts write them: `de5`.
    Unmarked,
    /// Two files where no other pawn capture joins them, as Russian and
    /// Hungarian texts write them: `ed`, `ed:`.
    Files,
}

/// The marks of algebraic moves.
#[derive(Debug, Clone, Copy)]
struct Marks {
    capture: &'static str,
    /// The capture mark after the square (`Fc6:`), as Hungarian and
    /// Polish texts put it.
    capture_after: bool,
    castling: Castling,
    check: &'static str,
    mate: &'static str,
    promote: Promote,
}

impl Marks {
    fn summary(&self) -> String {
        format!(
            "capture {:?}{}, castling {}, check {:?}, mate {:?}, promotion {:?}",
            self.capture,
            if self.capture_after { " after" } else { "" },
            self.castling.spell(CastlingSide::QueenSide),
            self.check,
            self.mate,
            self.promote
        )
    }
}

/// How the moves of a page are spelt.
#[derive(Debug, Clone)]
enum Spelling {
    /// Standard algebraic in a language's letters or in figurines.
    San {
        lang: &'static Language,
        marks: Marks,
        pawn_captures: PawnCaptures,
        /// Russian letters replaced by their Latin look-alikes in this
        /// share of the moves, as scanned books mix them.
        lookalikes: f64,
    },
    /// Long algebraic; `spaced` sets the squares apart with spaces only
    /// (`K g1 f3`).
    Lan {
        lang: &'static Language,
        dash: &'static str,
        marks: Marks,
        spaced: bool,
    },
    /// English piece letters before algebraic squares, pawns included;
    /// the origin square only where two pieces could go (`Ktb8-d7`).
    Hybrid { knight: &'static str, marks: Marks },
    /// English or Hungarian descriptive, short or typeset.
    Descriptive(Descriptive),
    /// English descriptive in words.
    Words(Words),
    /// Spanish or Portuguese descriptive.
    Spanish {
        lang: &'static Language,
        capture: &'static str,
        castling: Castling,
        check: &'static str,
        mate: &'static str,
    },
}

/// Short descriptive, English or Hungarian.
#[derive(Debug, Clone)]
struct Descriptive {
    lang: &'static Language,
    /// `Kt` for the knight, as older books write it.
    kt: bool,
    /// Letters and numbers set apart: the dash and the capture mark.
    typeset: Option<(&'static str, &'static str)>,
    check: &'static str,
    mate: &'static str,
    /// Castling king's side and queen's side.
    castles: (&'static str, &'static str),
}

/// How squares are written in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SquareWords {
    /// `KB3`, `B sq`
    Compact,
    /// `K B 3`
    Spaced,
    /// `K. B. 3rd`, `K. B.'s 3rd`
    Ordinal,
}

/// Descriptive in words, as nineteenth-century books print it.
#[derive(Debug, Clone)]
struct Words {
    /// A full stop after each abbreviation: `K. Kt.`
    dots: bool,
    squares: SquareWords,
    /// `'s` after the file before an ordinal: `K.'s 4th`.
    possessive: bool,
    /// The first rank: `sq.`, `sq`, `square`.
    sq: &'static str,
    check: &'static str,
    mate: &'static str,
    /// A full stop after each move.
    stop: bool,
    /// Pawn steps as `K. P. two`.
    steps: bool,
    /// `(on K B 3)` rather than `(K B 3)` for a piece named by its square.
    on: bool,
    castles: (&'static str, &'static str),
}

/// The languages standard algebraic is printed in, English the most.
const SAN_LANGUAGES: [&str; 17] = [
    "en", "en", "en", "de", "fr", "es", "it", "nl", "pl", "hu", "fi", "ru", "sv", "cs", "pt", "is",
    "figurine",
];

impl Spelling {
    /// The spelling of a page of `style`, and its details for reports.
    fn for_style(style: Style, rng: &mut StdRng) -> (Spelling, Vec<String>) {
        let spelling = match style {
            Style::Algebraic | Style::MovePerLine => Spelling::random_san(rng),
            Style::LongAlgebraic => Spelling::random_lan(rng),
            Style::Descriptive => Spelling::random_descriptive(rng),
            Style::OldDescriptive => Spelling::Words(Words::random(rng)),
            Style::SpanishDescriptive => Spelling::random_spanish(rng),
            Style::TwoColumns => match rng.random_range(0..6) {
                0 | 1 => Spelling::random_san(rng),
                2 => Spelling::random_lan(rng),
                3 => Spelling::random_descriptive(rng),
                4 => Spelling::Words(Words::random(rng)),
                _ => Spelling::random_spanish(rng),
            },
            Style::Annotated => {
                if rng.random_bool(0.75) {
                    Spelling::random_san(rng)
                } else {
                    Spelling::random_descriptive(rng)
                }
            }
        };
        let details = vec![spelling.summary()];
        (spelling, details)
    }

    /// Marks as texts in language `code` set them: `:` for captures in
    /// Hungarian, Polish, Russian and Czech, `++` for mate in Hungarian
    /// and Finnish, `X` in Finnish and Polish.
    fn random_marks(rng: &mut StdRng, code: &str) -> Marks {
        let colon = ["hu", "pl", "ru", "cs"].contains(&code);
        let capture = if colon {
            *["x", ":", ":"].choose(rng).unwrap()
        } else {
            *["x", "x", "x", "×"].choose(rng).unwrap()
        };
        let mut checks = vec!["+"; 8];
        checks.push("†");
        if code == "en" {
            checks.push("ch");
        }
        let mut mates = vec!["#"; 4];
        mates.push("‡");
        match code {
            "hu" | "fi" => mates.extend(["++", "++", "++"]),
            "pl" => mates.push("X"),
            "en" => mates.push("mate"),
            _ => {}
        }
        if code == "fi" {
            mates.push("X");
        }
        Marks {
            capture,
            capture_after: capture == ":" && code != "ru" && rng.random_bool(0.4),
            castling: Castling::random(rng),
            check: checks.choose(rng).unwrap(),
            mate: mates.choose(rng).unwrap(),
            promote: Promote::random(rng),
        }
    }

    /// Standard algebraic in a language drawn from [`SAN_LANGUAGES`].
    fn random_san(rng: &mut StdRng) -> Spelling {
        let code = *SAN_LANGUAGES.choose(rng).unwrap();
        let lang = Language::builtin(code).unwrap();
        let pawn_captures = match code {
            "pl" if rng.random_bool(0.4) => PawnCaptures::Unmarked,
            "ru" | "hu" if rng.random_bool(0.4) => PawnCaptures::Files,
            "ru" if rng.random_bool(0.3) => PawnCaptures::Unmarked,
            _ => PawnCaptures::Marked,
        };
        Spelling::San {
            lang,
            marks: Spelling::random_marks(rng, code),
            pawn_captures,
            lookalikes: if code == "ru" && rng.random_bool(0.4) {
                0.5
            } else {
                0.0
            },
        }
    }

    /// Long algebraic, or one page in five the English hybrid.
    fn random_lan(rng: &mut StdRng) -> Spelling {
        if rng.random_bool(0.2) {
            let mut marks = Spelling::random_marks(rng, "en");
            marks.castling.letter = *['o', 'O'].choose(rng).unwrap();
            marks.capture = "x";
            return Spelling::Hybrid {
                knight: ["Kt", "Kt", "N"].choose(rng).unwrap(),
                marks,
            };
        }
        let code = *SAN_LANGUAGES.choose(rng).unwrap();
        let mut marks = Spelling::random_marks(rng, code);
        marks.capture = *["x", "x", ":", "×", " X "].choose(rng).unwrap();
        marks.capture_after = false;
        Spelling::Lan {
            lang: Language::builtin(code).unwrap(),
            dash: ["-", "-", "-", "–", "—"].choose(rng).unwrap(),
            marks,
            spaced: rng.random_bool(0.1),
        }
    }

    /// Short descriptive: Hungarian one page in five, else English,
    /// typeset with spaces two pages in five.
    fn random_descriptive(rng: &mut StdRng) -> Spelling {
        if rng.random_bool(0.2) {
            return Spelling::Descriptive(Descriptive {
                lang: Language::builtin("hu").unwrap(),
                kt: false,
                typeset: None,
                check: "+",
                mate: ["#", "++"].choose(rng).unwrap(),
                castles: *[("O-O", "O-O-O"), ("0-0", "0-0-0"), ("Sánc", "O-O-O")]
                    .choose(rng)
                    .unwrap(),
            });
        }
        let typeset = rng.random_bool(0.4).then(|| {
            (
                *["—", " - ", "-", " — "].choose(rng).unwrap(),
                *[" × ", " x ", " X ", " x "].choose(rng).unwrap(),
            )
        });
        Spelling::Descriptive(Descriptive {
            lang: Language::english(),
            kt: typeset.is_some() || rng.random_bool(0.3),
            typeset,
            check: [" ch", " ch", "ch", "+", " +"].choose(rng).unwrap(),
            mate: [" mate", "#", " mate"].choose(rng).unwrap(),
            castles: *[
                ("O-O", "O-O-O"),
                ("Castles", "O-O-O"),
                ("Castles", "Castles QR"),
                ("Castles (K)", "Castles (Q)"),
                ("Castles KR", "Castles QR"),
                ("0-0", "0-0-0"),
            ]
            .choose(rng)
            .unwrap(),
        })
    }

    /// Spanish descriptive, or one page in three Portuguese.
    fn random_spanish(rng: &mut StdRng) -> Spelling {
        let code = *["es", "es", "pt"].choose(rng).unwrap();
        Spelling::Spanish {
            lang: Language::builtin(code).unwrap(),
            capture: ["x", "x", ":", "×"].choose(rng).unwrap(),
            castling: Castling::random(rng),
            check: "+",
            mate: ["#", "++"].choose(rng).unwrap(),
        }
    }

    /// The spelling's choices, for reports.
    fn summary(&self) -> String {
        match self {
            Spelling::San {
                lang,
                marks,
                pawn_captures,
                lookalikes,
            } => format!(
                "SAN {}, {}, pawn captures {pawn_captures:?}, look-alikes {lookalikes}",
                lang.code,
                marks.summary()
            ),
            Spelling::Lan {
                lang,
                dash,
                marks,
                spaced,
            } => format!(
                "LAN {}, dash {dash:?}, {}, spaced {spaced}",
                lang.code,
                marks.summary()
            ),
            Spelling::Hybrid { knight, marks } => {
                format!("hybrid, knight {knight}, {}", marks.summary())
            }
            Spelling::Descriptive(d) => format!(
                "descriptive {}, Kt {}, typeset {:?}, check {:?}, mate {:?}, castles {:?}",
                d.lang.code, d.kt, d.typeset, d.check, d.mate, d.castles
            ),
            Spelling::Words(w) => format!("words {w:?}"),
            Spelling::Spanish {
                lang,
                capture,
                castling,
                check,
                mate,
            } => format!(
                "Spanish descriptive {}, capture {capture:?}, castling {}, check {check:?}, mate {mate:?}",
                lang.code,
                castling.spell(CastlingSide::KingSide)
            ),
        }
    }

    /// The language the page's prose is written in.
    fn prose_language(&self) -> &'static str {
        let code = match self {
            Spelling::San { lang, .. } | Spelling::Lan { lang, .. } => lang.code.as_str(),
            Spelling::Descriptive(d) => d.lang.code.as_str(),
            Spelling::Spanish { lang, .. } => lang.code.as_str(),
            Spelling::Hybrid { .. } | Spelling::Words(_) => "en",
        };
        PHRASES
            .iter()
            .find(|p| p.code == code)
            .map_or("en", |p| p.code)
    }

    /// `m`, played from `before` to `after`, as this page spells it;
    /// `origins` are where `before`'s pieces started.
    fn spell(
        &self,
        before: &Chess,
        m: Move,
        after: &Chess,
        origins: &Origins,
        rng: &mut StdRng,
    ) -> String {
        let mark = if after.is_checkmate() {
            Mark::Mate
        } else if after.is_check() {
            Mark::Check
        } else {
            Mark::None
        };
        match self {
            Spelling::San {
                lang,
                marks,
                pawn_captures,
                lookalikes,
            } => {
                let mut written = String::new();
                append_move(&mut written, MoveStyle::San(lang), before, m, after, None);
                let body = strip_mark(&written);
                let mut body = match m.castling_side() {
                    Some(side) => marks.castling.spell(side),
                    None => san_marks(body, before, m, marks, *pawn_captures),
                };
                if *lookalikes > 0.0 && rng.random_bool(*lookalikes) {
                    body = body.replace("Кр", "Kp").replace('К', "K").replace('С', "C");
                }
                body + mark.spell(marks.check, marks.mate)
            }
            Spelling::Lan {
                lang,
                dash,
                marks,
                spaced,
            } => {
                lan(lang, dash, marks, *spaced, before, m, after)
                    + mark.spell(marks.check, marks.mate)
            }
            Spelling::Hybrid { knight, marks } => {
                hybrid(knight, marks, before, m) + mark.spell(marks.check, marks.mate)
            }
            Spelling::Descriptive(d) => d.spell(before, m, origins) + mark.spell(d.check, d.mate),
            Spelling::Words(w) => w.spell(before, m, origins, mark),
            Spelling::Spanish {
                lang,
                capture,
                castling,
                check,
                mate,
            } => {
                let body = match m.castling_side() {
                    Some(side) => castling.spell(side),
                    None => describe(lang, before, m, Some(origins)).replace('x', capture),
                };
                body + mark.spell(check, mate)
            }
        }
    }
}

/// The check or mate a move gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Check,
    Mate,
}

impl Mark {
    fn spell(self, check: &'static str, mate: &'static str) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Check => check,
            Mark::Mate => mate,
        }
    }
}

/// A written move without its trailing check or mate mark.
fn strip_mark(written: &str) -> &str {
    written.trim_end_matches(['+', '#'])
}

/// A SAN move's capture and promotion set in the page's marks.
fn san_marks(body: &str, before: &Chess, m: Move, marks: &Marks, pawns: PawnCaptures) -> String {
    let (stem, promotion) = match body.find('=') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let mut out = if m.is_capture() {
        capture_mark(stem, before, m, marks, pawns)
    } else {
        stem.to_owned()
    };
    if let Some(piece) = promotion {
        out.push_str(&marks.promote.spell(piece));
    }
    out
}

/// A SAN move's capture mark as the page sets it.
fn capture_mark(stem: &str, before: &Chess, m: Move, marks: &Marks, pawns: PawnCaptures) -> String {
    if m.role() == Role::Pawn {
        match pawns {
            PawnCaptures::Unmarked => return stem.replace('x', ""),
            PawnCaptures::Files
                if m.promotion().is_none() && only_capture_between_files(before, m) =>
            {
                let from = m.from().map_or('?', |s| s.file().char());
                let files = format!("{from}{}", m.to().file().char());
                return if marks.capture_after {
                    files + marks.capture
                } else {
                    files
                };
            }
            _ => {}
        }
    }
    if marks.capture_after {
        stem.replace('x', "") + marks.capture
    } else {
        stem.replace('x', marks.capture)
    }
}

/// Whether `m` is the only pawn capture from its file to its
/// destination's file, so that the two files name it.
fn only_capture_between_files(before: &Chess, m: Move) -> bool {
    let file = |s: Option<shakmaty::Square>| s.map(|s| s.file());
    before
        .legal_moves()
        .iter()
        .filter(|c| {
            c.role() == Role::Pawn
                && c.is_capture()
                && file(c.from()) == file(m.from())
                && c.to().file() == m.to().file()
        })
        .count()
        == 1
}

/// `m` in long algebraic as the page sets it, without its check mark.
fn lan(
    lang: &Language,
    dash: &str,
    marks: &Marks,
    spaced: bool,
    before: &Chess,
    m: Move,
    after: &Chess,
) -> String {
    if let Some(side) = m.castling_side() {
        let castled = marks.castling.spell(side);
        return if spaced {
            castled.replace(marks.castling.dash, " ")
        } else {
            castled
        };
    }
    let mut written = String::new();
    append_move(&mut written, MoveStyle::Lan(lang), before, m, after, None);
    let body = strip_mark(&written);
    let from = m.from().map(|s| s.to_string()).unwrap_or_default();
    let Some(at) = body.find(&from) else {
        return body.to_owned();
    };
    let piece = &body[..at];
    let rest = &body[at + from.len() + 1..];
    let (to, promotion) = match rest.find('=') {
        Some(i) => (&rest[..i], marks.promote.spell(&rest[i + 1..])),
        None => (rest, String::new()),
    };
    if spaced {
        let gap = if piece.is_empty() { "" } else { " " };
        return format!("{piece}{gap}{from} {to}{promotion}");
    }
    let join = if m.is_capture() { marks.capture } else { dash };
    format!("{piece}{from}{join}{to}{promotion}")
}

/// `m` in the English hybrid of piece letters and algebraic squares,
/// without its check mark.
fn hybrid(knight: &str, marks: &Marks, before: &Chess, m: Move) -> String {
    if let Some(side) = m.castling_side() {
        return marks.castling.spell(side);
    }
    let letter = |role: Role| match role {
        Role::Pawn => "P",
        Role::Knight => knight,
        role => Language::english().letter(role),
    };
    let rivals = before.legal_moves().iter().any(|c| {
        c.role() == m.role()
            && c.to() == m.to()
            && c.from() != m.from()
            && c.promotion() == m.promotion()
            && !c.is_castle()
    });
    let origin = match (rivals, m.from()) {
        (true, Some(from)) => from.to_string(),
        _ => String::new(),
    };
    let op = if m.is_capture() { "x" } else { "-" };
    let promotion = m
        .promotion()
        .map(|r| marks.promote.spell(letter(r)))
        .unwrap_or_default();
    format!("{}{origin}{op}{}{promotion}", letter(m.role()), m.to())
}

impl Descriptive {
    /// `m` in short descriptive, without its check mark.
    fn spell(&self, before: &Chess, m: Move, origins: &Origins) -> String {
        match m.castling_side() {
            Some(CastlingSide::KingSide) => return self.castles.0.to_owned(),
            Some(CastlingSide::QueenSide) => return self.castles.1.to_owned(),
            None => {}
        }
        let mut text = describe(self.lang, before, m, Some(origins));
        if self.kt {
            text = text.replace('N', "Kt");
        }
        match self.typeset {
            Some((dash, capture)) => typeset(&text, dash, capture),
            None => text,
        }
    }
}

/// Short descriptive set apart as older books set it: `Kt(KB3)-Q2`
/// becomes `Kt (K B 3)—Q 2` with `dash` for `-` and `capture` for `x`.
fn typeset(text: &str, dash: &str, capture: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut after_word = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let len = match c {
            '-' | 'x' | '(' | ')' | '=' => 1,
            'K' if chars.get(i + 1) == Some(&'t') => 2,
            d if d.is_ascii_digit() => chars[i..].iter().take_while(|c| c.is_ascii_digit()).count(),
            _ => 1,
        };
        match c {
            '-' => out.push_str(dash),
            'x' => out.push_str(capture),
            '(' => {
                if after_word {
                    out.push(' ');
                }
                out.push('(');
            }
            ')' | '=' => out.push(c),
            _ => {
                if after_word {
                    out.push(' ');
                }
                out.extend(&chars[i..i + len]);
            }
        }
        after_word = !matches!(c, '-' | 'x' | '(' | '=');
        i += len;
    }
    out
}

/// A short descriptive move in its parts: `N(KB3)-Q2`, `PxP(Q4)`,
/// `P-K8=Q`.
struct Parts<'a> {
    mover: &'a str,
    mover_at: Option<&'a str>,
    capture: bool,
    target: &'a str,
    target_at: Option<&'a str>,
    promotion: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of(text: &'a str) -> Option<Parts<'a>> {
        let mut depth = 0;
        let op = text.char_indices().find(|&(_, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            depth == 0 && (c == '-' || c == 'x')
        })?;
        let (mover, mover_at) = with_square(&text[..op.0]);
        let rest = &text[op.0 + 1..];
        let (rest, promotion) = match rest.find('=') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let (target, target_at) = with_square(rest);
        Some(Parts {
            mover,
            mover_at,
            capture: op.1 == 'x',
            target,
            target_at,
            promotion,
        })
    }
}

/// `N(KB3)` as `N` and `KB3`.
fn with_square(text: &str) -> (&str, Option<&str>) {
    match text.find('(') {
        Some(i) => (&text[..i], Some(text[i + 1..].trim_end_matches(')'))),
        None => (text, None),
    }
}

/// The English piece names of letters (`KN` → `K. Kt.`), each followed
/// by a full stop when `dots`.
fn piece_words(letters: &str, dots: bool, spaced: bool) -> String {
    let names: Vec<String> = letters
        .chars()
        .map(|c| {
            let name = if c == 'N' {
                "Kt".to_owned()
            } else {
                c.to_string()
            };
            if dots { name + "." } else { name }
        })
        .collect();
    names.join(if spaced { " " } else { "" })
}

fn ordinal(rank: u32) -> String {
    let suffix = match rank {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{rank}{suffix}")
}

impl Words {
    fn random(rng: &mut StdRng) -> Words {
        let squares = *[
            SquareWords::Compact,
            SquareWords::Spaced,
            SquareWords::Ordinal,
            SquareWords::Ordinal,
        ]
        .choose(rng)
        .unwrap();
        let dots = squares == SquareWords::Ordinal
            || (squares == SquareWords::Spaced && rng.random_bool(0.3));
        Words {
            dots,
            squares,
            possessive: squares == SquareWords::Ordinal && rng.random_bool(0.5),
            sq: ["sq.", "sq", "square"].choose(rng).unwrap(),
            check: ["(ch.)", "(ch)", "ch.", "ch", "check"].choose(rng).unwrap(),
            mate: ["mate", "checkmate", "mate."].choose(rng).unwrap(),
            stop: dots && rng.random_bool(0.5),
            steps: dots && rng.random_bool(0.3),
            on: rng.random_bool(0.5),
            castles: *[
                ("Castles", "Castles QR"),
                ("Castles", "Castles (Q)"),
                ("Castles KR", "Castles QR"),
                ("Castles (K)", "Castles (Q)"),
            ]
            .choose(rng)
            .unwrap(),
        }
    }

    /// `m` in words, with its check or mate.
    fn spell(&self, before: &Chess, m: Move, origins: &Origins, mark: Mark) -> String {
        let mut out = match m.castling_side() {
            Some(CastlingSide::KingSide) => self.castles.0.to_owned(),
            Some(CastlingSide::QueenSide) => self.castles.1.to_owned(),
            None => self.move_words(before, m, origins),
        };
        match mark {
            Mark::None => {}
            Mark::Check => {
                out.push(' ');
                out.push_str(self.check);
            }
            Mark::Mate => {
                out.push(' ');
                out.push_str(self.mate);
            }
        }
        if self.stop && !out.ends_with('.') && !out.ends_with(')') {
            out.push('.');
        }
        out
    }

    /// A move other than castling in words, from its short descriptive.
    fn move_words(&self, before: &Chess, m: Move, origins: &Origins) -> String {
        if let Some(step) = self.step(before, m) {
            return step;
        }
        let text = describe(Language::english(), before, m, Some(origins));
        let Some(parts) = Parts::of(&text) else {
            return text;
        };
        let mut out = piece_words(parts.mover, self.dots, self.squares != SquareWords::Compact);
        if let Some(at) = parts.mover_at {
            let on = if self.on { "on " } else { "" };
            out.push_str(&format!(" ({on}{})", self.square(at)));
        }
        if parts.capture {
            out.push_str(" takes ");
            out.push_str(&piece_words(
                parts.target,
                self.dots,
                self.squares != SquareWords::Compact,
            ));
            if let Some(at) = parts.target_at {
                out.push_str(&format!(" ({})", self.square(at)));
            }
        } else {
            out.push_str(" to ");
            out.push_str(&self.square(parts.target));
        }
        if let Some(piece) = parts.promotion {
            out.push_str(&format!(" ({})", piece_words(piece, self.dots, true)));
        }
        out
    }

    /// A square (`KB3`, `B1`) in words.
    fn square(&self, square: &str) -> String {
        let (file, rank) = square.split_at(square.len() - 1);
        let rank: u32 = rank.parse().unwrap_or(0);
        let spaced = self.squares != SquareWords::Compact;
        let mut file = piece_words(file, self.dots, spaced);
        if self.possessive {
            file.push_str("'s");
        }
        let rank = match (rank, self.squares) {
            (1, _) => self.sq.to_owned(),
            (r, SquareWords::Ordinal) => ordinal(r),
            (r, _) => r.to_string(),
        };
        let gap = if self.squares == SquareWords::Compact && rank.len() == 1 {
            ""
        } else {
            " "
        };
        format!("{file}{gap}{rank}")
    }

    /// A pawn's plain advance as `K. P. two`, where its file holds no
    /// other pawn of its side.
    fn step(&self, before: &Chess, m: Move) -> Option<String> {
        let from = m.from()?;
        if !self.steps || m.role() != Role::Pawn || m.is_capture() || m.is_promotion() {
            return None;
        }
        let ours = before.board().by_color(before.turn()) & before.board().pawns();
        if (ours & shakmaty::Bitboard::from_file(from.file())).count() != 1 {
            return None;
        }
        let file = [
            "Q. R.", "Q. Kt.", "Q. B.", "Q.", "K.", "K. B.", "K. Kt.", "K. R.",
        ][from.file() as usize];
        let distance = from.rank().distance(m.to().rank());
        Some(format!(
            "{file} P. {}",
            if distance == 2 { "two" } else { "one" }
        ))
    }
}

/// Every move of `game` as `spelling` spells it.
fn spell_game(game: &TrueGame, spelling: &Spelling, rng: &mut StdRng) -> Vec<String> {
    (0..game.moves.len())
        .map(|i| {
            let (before, after) = (&game.positions[i], &game.positions[i + 1]);
            spelling.spell(before, game.moves[i], after, &game.origins[i], rng)
        })
        .collect()
}

// ---------------------------------------------------------------------
// OCR damage
// ---------------------------------------------------------------------

/// Characters OCR confuses, each way it confuses them.
const CONFUSIONS: &[(&str, &str)] = &[
    ("1", "l"),
    ("1", "I"),
    ("l", "1"),
    ("I", "1"),
    ("5", "S"),
    ("S", "5"),
    ("8", "B"),
    ("B", "8"),
    ("0", "O"),
    ("O", "0"),
    ("6", "b"),
    ("b", "6"),
    ("c", "e"),
    ("e", "c"),
    ("rn", "m"),
    ("m", "rn"),
    ("K", "X"),
    ("X", "K"),
];

/// `words` with each character damaged at `rate`, and the damaged moves.
fn damage_game(
    game: &TrueGame,
    words: &[String],
    rate: f64,
    rng: &mut StdRng,
) -> (Vec<String>, Vec<Damage>) {
    let mut damages = Vec::new();
    let damaged = words
        .iter()
        .enumerate()
        .map(|(i, word)| match damage_word(word, rate, rng) {
            Some(damaged) => {
                damages.push(Damage {
                    ply: i as u32 + 1,
                    true_san: game.sans[i].clone(),
                    printed: word.clone(),
                    damaged: damaged.clone(),
                });
                damaged
            }
            None => word.clone(),
        })
        .collect();
    (damaged, damages)
}

/// `word` with each of its characters but spaces damaged at `rate`: a
/// confusion OCR makes where one applies (a character dropped one time
/// in four), else a character dropped; `None` when nothing changed.
fn damage_word(word: &str, rate: f64, rng: &mut StdRng) -> Option<String> {
    if rate <= 0.0 {
        return None;
    }
    let mut out = String::with_capacity(word.len() + 2);
    let mut rest = word;
    while let Some(c) = rest.chars().next() {
        if c == ' ' || !rng.random_bool(rate) {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let confusions: Vec<&(&str, &str)> = CONFUSIONS
            .iter()
            .filter(|(from, _)| rest.starts_with(from))
            .collect();
        match confusions.choose(rng) {
            Some((from, to)) if rng.random_bool(0.75) => {
                out.push_str(to);
                rest = &rest[from.len()..];
            }
            _ => rest = &rest[c.len_utf8()..],
        }
    }
    (out != word).then_some(out)
}

// ---------------------------------------------------------------------
// Words of the page's language
// ---------------------------------------------------------------------

/// The words a page needs in one language: column heads, short
/// comments, comments around a side line (`{}`), resignations, a draw.
struct Phrases {
    code: &'static str,
    white: &'static str,
    black: &'static str,
    remarks: &'static [&'static str],
    lines: &'static [&'static str],
    /// White resigns, Black resigns.
    resigns: (&'static str, &'static str),
    draw: &'static str,
}

const PHRASES: &[Phrases] = &[
    Phrases {
        code: "en",
        white: "White",
        black: "Black",
        remarks: &[
            "A natural developing move.",
            "The only way to keep the balance.",
            "White prepares to castle.",
            "Black has nothing better than to defend.",
            "This loses valuable time.",
            "A strong positional move, fixing the weak pawn.",
        ],
        lines: &[
            "Better was {}.",
            "If {}, the attack comes too late.",
            "{} was also possible.",
            "Stronger is {}, with the better game.",
        ],
        resigns: ("White resigns.", "Black resigns."),
        draw: "Drawn.",
    },
    Phrases {
        code: "de",
        white: "Weiß",
        black: "Schwarz",
        remarks: &[
            "Ein natürlicher Entwicklungszug.",
            "Weiß bereitet die Rochade vor.",
            "Schwarz hat nichts Besseres als die Verteidigung.",
            "Das kostet wertvolle Zeit.",
        ],
        lines: &[
            "Besser war {}.",
            "Nach {} steht Weiß besser.",
            "Auch {} kam in Betracht.",
        ],
        resigns: ("Weiß gibt auf.", "Schwarz gibt auf."),
        draw: "Remis.",
    },
    Phrases {
        code: "fr",
        white: "Blancs",
        black: "Noirs",
        remarks: &[
            "Un coup de développement naturel.",
            "Les Blancs préparent le roque.",
            "Les Noirs n'ont rien de mieux que de se défendre.",
            "Une perte de temps.",
        ],
        lines: &[
            "Meilleur était {}.",
            "Après {}, les Blancs ont l'avantage.",
            "On pouvait aussi jouer {}.",
        ],
        resigns: ("Les Blancs abandonnent.", "Les Noirs abandonnent."),
        draw: "Partie nulle.",
    },
    Phrases {
        code: "es",
        white: "Blancas",
        black: "Negras",
        remarks: &[
            "Una jugada natural de desarrollo.",
            "Las blancas preparan el enroque.",
            "Las negras no tienen nada mejor que defenderse.",
            "Esto pierde un tiempo valioso.",
        ],
        lines: &[
            "Mejor era {}.",
            "Si {}, las blancas ganan.",
            "También era posible {}.",
        ],
        resigns: ("Las blancas abandonan.", "Las negras abandonan."),
        draw: "Tablas.",
    },
    Phrases {
        code: "it",
        white: "Bianco",
        black: "Nero",
        remarks: &[
            "Una mossa naturale di sviluppo.",
            "Il Bianco prepara l'arrocco.",
            "Il Nero non ha niente di meglio che difendersi.",
            "Una perdita di tempo.",
        ],
        lines: &[
            "Meglio era {}.",
            "Dopo {} il Bianco sta meglio.",
            "Era possibile anche {}.",
        ],
        resigns: ("Il Bianco abbandona.", "Il Nero abbandona."),
        draw: "Patta.",
    },
    Phrases {
        code: "nl",
        white: "Wit",
        black: "Zwart",
        remarks: &[
            "Een natuurlijke ontwikkelingszet.",
            "Wit bereidt de rokade voor.",
            "Zwart heeft niets beters dan verdedigen.",
            "Dit kost kostbare tijd.",
        ],
        lines: &[
            "Beter was {}.",
            "Na {} staat wit beter.",
            "Ook {} was mogelijk.",
        ],
        resigns: ("Wit geeft op.", "Zwart geeft op."),
        draw: "Remise.",
    },
    Phrases {
        code: "pl",
        white: "Białe",
        black: "Czarne",
        remarks: &[
            "Naturalny ruch rozwijający.",
            "Białe przygotowują roszadę.",
            "Czarne nie mają nic lepszego niż obrona.",
            "To kosztuje cenne tempo.",
        ],
        lines: &[
            "Lepsze było {}.",
            "Po {} białe stoją lepiej.",
            "Możliwe było także {}.",
        ],
        resigns: ("Białe poddały się.", "Czarne poddały się."),
        draw: "Remis.",
    },
    Phrases {
        code: "hu",
        white: "Világos",
        black: "Sötét",
        remarks: &[
            "Természetes fejlesztő lépés.",
            "Világos a sáncolást készíti elő.",
            "Sötétnek nincs jobb a védekezésnél.",
            "Ez értékes időt veszít.",
        ],
        lines: &[
            "Jobb volt {}.",
            "{} után világos áll jobban.",
            "Szóba jött {} is.",
        ],
        resigns: ("Világos feladta.", "Sötét feladta."),
        draw: "Döntetlen.",
    },
    Phrases {
        code: "fi",
        white: "Valkea",
        black: "Musta",
        remarks: &[
            "Luonnollinen kehityssiirto.",
            "Valkea valmistelee linnoitusta.",
            "Mustalla ei ole parempaa kuin puolustus.",
            "Tämä menettää arvokasta aikaa.",
        ],
        lines: &[
            "Parempi oli {}.",
            "Siirron {} jälkeen valkea on paremmin.",
            "Myös {} tuli kysymykseen.",
        ],
        resigns: ("Valkea luovutti.", "Musta luovutti."),
        draw: "Tasapeli.",
    },
    Phrases {
        code: "ru",
        white: "Белые",
        black: "Черные",
        remarks: &[
            "Естественный развивающий ход.",
            "Белые готовят рокировку.",
            "У черных нет ничего лучшего, чем защищаться.",
            "Это стоит драгоценного темпа.",
        ],
        lines: &[
            "Лучше было {}.",
            "После {} белые стоят лучше.",
            "Возможно было и {}.",
        ],
        resigns: ("Белые сдались.", "Черные сдались."),
        draw: "Ничья.",
    },
    Phrases {
        code: "pt",
        white: "Brancas",
        black: "Pretas",
        remarks: &[
            "Um lance natural de desenvolvimento.",
            "As brancas preparam o roque.",
            "As pretas não têm nada melhor do que defender-se.",
            "Isto perde um tempo precioso.",
        ],
        lines: &[
            "Melhor era {}.",
            "Após {}, as brancas ficam melhor.",
            "Também era possível {}.",
        ],
        resigns: ("As brancas abandonam.", "As pretas abandonam."),
        draw: "Empate.",
    },
    Phrases {
        code: "sv",
        white: "Vit",
        black: "Svart",
        remarks: &["Ett naturligt utvecklingsdrag.", "Vit förbereder rockaden."],
        lines: &["Bättre var {}.", "Efter {} står vit bättre."],
        resigns: ("Vit uppgav.", "Svart uppgav."),
        draw: "Remi.",
    },
    Phrases {
        code: "cs",
        white: "Bílý",
        black: "Černý",
        remarks: &["Přirozený vývinový tah.", "Bílý připravuje rošádu."],
        lines: &["Lepší bylo {}.", "Po {} stojí bílý lépe."],
        resigns: ("Bílý se vzdal.", "Černý se vzdal."),
        draw: "Remíza.",
    },
    Phrases {
        code: "is",
        white: "Hvítt",
        black: "Svart",
        remarks: &["Eðlilegur leikur.", "Hvítur undirbýr hrókun."],
        lines: &["Betra var {}.", "Eftir {} stendur hvítur betur."],
        resigns: ("Hvítt gafst upp.", "Svart gafst upp."),
        draw: "Jafntefli.",
    },
];

fn phrases(code: &str) -> &'static Phrases {
    PHRASES
        .iter()
        .find(|p| p.code == code)
        .unwrap_or(&PHRASES[0])
}

// ---------------------------------------------------------------------
// Laying out the page
// ---------------------------------------------------------------------

/// Lines of a page under way: a paragraph's words wrapped at a width,
/// whole lines, and the line each half-move lands on.
struct Sheet {
    lines: Vec<String>,
    move_lines: Vec<usize>,
    /// The current paragraph's words, with the half-move each prints.
    units: Vec<(String, Option<usize>)>,
    width: usize,
}

impl Sheet {
    fn new(plies: usize, width: usize) -> Sheet {
        Sheet {
            lines: Vec::new(),
            move_lines: vec![0; plies],
            units: Vec::new(),
            width,
        }
    }

    /// A word of the current paragraph, printing half-move `ply`.
    fn word(&mut self, text: impl Into<String>, ply: Option<usize>) {
        self.units.push((text.into(), ply));
    }

    /// Words of prose in the current paragraph.
    fn prose(&mut self, text: &str) {
        for w in text.split_whitespace() {
            self.word(w, None);
        }
    }

    /// `text` glued to the last word.
    fn glue(&mut self, text: &str) {
        match self.units.last_mut() {
            Some(last) => last.0.push_str(text),
            None => self.units.push((text.to_owned(), None)),
        }
    }

    /// Ends the current paragraph's lines, wrapped at the width.
    fn flush(&mut self) {
        let mut line = String::new();
        let mut plies = Vec::new();
        for (text, ply) in std::mem::take(&mut self.units) {
            let width = line.chars().count();
            if width > 0 && width + 1 + text.chars().count() > self.width {
                self.push(std::mem::take(&mut line), &std::mem::take(&mut plies));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&text);
            plies.extend(ply);
        }
        if !line.is_empty() {
            self.push(line, &plies);
        }
    }

    /// A whole line, holding half-moves `plies`.
    fn line(&mut self, text: impl Into<String>, plies: &[usize]) {
        self.flush();
        self.push(text.into(), plies);
    }

    fn push(&mut self, text: String, plies: &[usize]) {
        for &p in plies {
            self.move_lines[p] = self.lines.len();
        }
        self.lines.push(text.trim_end().to_owned());
    }

    /// A blank line, unless the page is empty or ends with one.
    fn blank(&mut self) {
        self.flush();
        if self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    /// `line` put before line `at`, the half-moves after it moved down.
    fn insert(&mut self, at: usize, line: String) {
        self.lines.insert(at, line);
        for l in &mut self.move_lines {
            if *l >= at {
                *l += 1;
            }
        }
    }
}

/// How move numbers are printed.
#[derive(Debug, Clone, Copy)]
struct Numbers {
    form: NumberForm,
    /// `1.e4`: the number glued to White's move.
    glued: bool,
    /// How Black's move is numbered after a break: 0 `12...`, 1 `12. ...`,
    /// 2 `12…`, 3 `12 ...`, 4 `12. ........`.
    resume: u8,
    /// Marks glued after White's and Black's move of a pair: `1. e4, e5.`
    within: &'static str,
    after: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberForm {
    /// `12.`
    Dot,
    /// `12)`
    Paren,
    /// `12`
    Bare,
    /// `(12)`
    Bracketed,
}

impl Numbers {
    /// Numbers as pages of `style` print them: no `1)` in descriptive.
    fn random(rng: &mut StdRng, style: Style) -> Numbers {
        let descriptive = matches!(style, Style::Descriptive | Style::OldDescriptive);
        let forms: &[NumberForm] = if descriptive {
            &[
                NumberForm::Dot,
                NumberForm::Dot,
                NumberForm::Bare,
                NumberForm::Bracketed,
            ]
        } else {
            &[
                NumberForm::Dot,
                NumberForm::Dot,
                NumberForm::Dot,
                NumberForm::Paren,
                NumberForm::Bare,
            ]
        };
        let form = *forms.choose(rng).unwrap();
        let (within, after) = *[
            ("", ""),
            ("", ""),
            ("", ""),
            (",", ""),
            (",", ";"),
            (",", "."),
        ]
        .choose(rng)
        .unwrap();
        Numbers {
            form,
            glued: form == NumberForm::Dot && rng.random_bool(0.3),
            resume: rng.random_range(0..5),
            within,
            after,
        }
    }

    /// White's move number `n`.
    fn white(&self, n: usize) -> String {
        match self.form {
            NumberForm::Dot => format!("{n}."),
            NumberForm::Paren => format!("{n})"),
            NumberForm::Bare => n.to_string(),
            NumberForm::Bracketed => format!("({n})"),
        }
    }

    /// Black's move number after a break, as one word or two.
    fn black(&self, n: usize) -> String {
        match (self.form, self.resume) {
            (NumberForm::Dot, 0) => format!("{n}..."),
            (NumberForm::Dot, 1) => format!("{n}. ..."),
            (NumberForm::Dot, 2) => format!("{n}…"),
            (NumberForm::Dot, 3) => format!("{n} ..."),
            (NumberForm::Dot, _) => format!("{n}. ........"),
            (NumberForm::Paren, _) => format!("{n}) ..."),
            (NumberForm::Bare, 4) => format!("{n} ........"),
            (NumberForm::Bare, _) => format!("{n} ..."),
            (NumberForm::Bracketed, _) => format!("({n}) ..."),
        }
    }
}

/// How often notes fall after a half-move.
#[derive(Debug, Clone, Copy, Default)]
struct NoteRates {
    /// A comment in a paragraph or line of its own, or run into the moves.
    comments: f64,
    /// An evaluation sign after the move.
    glyphs: f64,
    /// A parenthesised note in the run of moves.
    inline: f64,
    /// A footnote marker, its note after the game.
    footnotes: f64,
}

impl NoteRates {
    /// Notes are many in annotated pages, few elsewhere.
    fn for_style(style: Style) -> NoteRates {
        let light = |comments| NoteRates {
            comments,
            glyphs: 0.03,
            ..NoteRates::default()
        };
        match style {
            Style::Annotated => NoteRates {
                comments: 0.05,
                glyphs: 0.1,
                inline: 0.05,
                footnotes: 0.04,
            },
            Style::LongAlgebraic => light(0.02),
            Style::TwoColumns | Style::MovePerLine => light(0.04),
            _ => light(0.03),
        }
    }
}

/// Where a comment goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placement {
    /// A paragraph between blank lines.
    Paragraph,
    /// A line of its own.
    Line,
    /// Run on after the move, in the same paragraph.
    RunOn,
}

/// Prints one page.
struct Printer<'a> {
    game: &'a TrueGame,
    style: Style,
    spelling: Spelling,
    /// The main line's moves as printed (damaged where damage was made).
    words: Vec<String>,
    prose: &'static Phrases,
    numbers: Numbers,
    notes: NoteRates,
    sheet: Sheet,
    footnotes: Vec<String>,
    /// How footnotes are marked: 0 `(a)`, 1 `(1)`, 2 `[1]`.
    markers: u8,
    details: Vec<String>,
    rng: &'a mut StdRng,
}

impl Printer<'_> {
    /// The whole page: heading, the moves in the style's layout, the
    /// result, footnotes, and now and then a running head.
    fn print(&mut self) {
        self.details
            .push(format!("{:?} width {}", self.numbers, self.sheet.width));
        // Footnotes marked `(1)` only where move numbers are not.
        self.markers = match self.numbers.form {
            NumberForm::Paren | NumberForm::Bracketed => *[0, 2].choose(self.rng).unwrap(),
            _ => self.rng.random_range(0..3),
        };
        self.heading();
        match self.style {
            Style::TwoColumns => self.columns(),
            Style::MovePerLine => self.one_a_line(),
            Style::OldDescriptive if self.rng.random_bool(0.4) => self.columns(),
            Style::Algebraic | Style::Annotated if self.rng.random_bool(0.6) => self.pairs(false),
            _ => {
                let per_line = self.rng.random_bool(0.6);
                self.pairs(per_line);
            }
        }
        self.result();
        self.print_footnotes();
        self.running_heads();
    }

    /// Records a choice made for the page, for reports.
    fn detail(&mut self, what: &str) {
        self.details.push(what.to_owned());
    }

    // --- furniture -----------------------------------------------------

    /// The players' names, `NN` for one the game does not name.
    fn players(&self) -> (String, String) {
        let name = |n: &str| {
            if n.is_empty() {
                "NN".to_owned()
            } else {
                n.to_owned()
            }
        };
        (name(&self.game.white), name(&self.game.black))
    }

    /// The players, the event and the year, in one of the ways pages
    /// head a game.
    fn heading(&mut self) {
        let (w, b) = self.players();
        // Online events name their page's address: no book prints it.
        let event: Vec<&str> = self
            .game
            .event
            .split(' ')
            .filter(|w| !w.contains("://"))
            .collect();
        let event = match (event.join(" ").as_str(), self.game.year.as_str()) {
            ("", "") => String::new(),
            (e, "") => e.to_owned(),
            ("", y) => y.to_owned(),
            (e, y) if e.contains(y) => e.to_owned(),
            (e, y) => format!("{e}, {y}"),
        };
        let (white, black) = (self.prose.white, self.prose.black);
        let number = self.rng.random_range(1..300);
        let form = self.rng.random_range(0..5);
        self.detail(&format!("heading {form}"));
        match form {
            0 => {
                self.sheet.line(format!("{w} – {b}"), &[]);
                if !event.is_empty() {
                    self.sheet.line(event, &[]);
                }
            }
            1 => {
                self.sheet.line(format!("GAME {number}"), &[]);
                self.sheet.blank();
                if !event.is_empty() {
                    self.sheet.line(format!("({event})"), &[]);
                    self.sheet.blank();
                }
                self.sheet.line(format!("{white}: {w}. {black}: {b}."), &[]);
            }
            2 => self.sheet.line(format!("{w} - {b} ({event})"), &[]),
            3 => {
                if !event.is_empty() {
                    self.sheet.line(event, &[]);
                }
                self.sheet.line(format!("{white}: {w}"), &[]);
                self.sheet.line(format!("{black}: {b}"), &[]);
            }
            _ => {
                self.sheet.line(format!("Game No. {number}"), &[]);
                self.sheet
                    .line(format!("{} v. {}", w.to_uppercase(), b.to_uppercase()), &[]);
                if !event.is_empty() {
                    self.sheet.line(format!("{event}."), &[]);
                }
            }
        }
        if self.rng.random_bool(0.8) {
            self.sheet.blank();
        }
    }

    /// The result after the last move: a score, or a resignation or a
    /// draw in the page's language.
    fn result(&mut self) {
        let words = self.rng.random_bool(0.3);
        let text = match (self.game.result.as_str(), words) {
            ("1-0", true) => self.prose.resigns.1.to_owned(),
            ("0-1", true) => self.prose.resigns.0.to_owned(),
            ("1/2-1/2", true) => self.prose.draw.to_owned(),
            ("1-0", false) => (*["1-0", "1–0", "1:0"].choose(self.rng).unwrap()).to_owned(),
            ("0-1", false) => (*["0-1", "0–1", "0:1"].choose(self.rng).unwrap()).to_owned(),
            ("1/2-1/2", false) => {
                (*["½-½", "½–½", "1/2-1/2", "½:½"].choose(self.rng).unwrap()).to_owned()
            }
            _ => return,
        };
        if !self.sheet.units.is_empty() && self.rng.random_bool(0.5) {
            self.sheet.prose(&text);
            self.sheet.flush();
        } else {
            self.sheet.line(text, &[]);
        }
    }

    /// The footnotes' texts after the game, under `NOTES.` or not.
    fn print_footnotes(&mut self) {
        if self.footnotes.is_empty() {
            return;
        }
        self.sheet.blank();
        if self.rng.random_bool(0.5) {
            self.sheet.line("NOTES.", &[]);
        }
        for note in std::mem::take(&mut self.footnotes) {
            self.sheet.prose(&note);
            self.sheet.flush();
        }
    }

    /// Now and then a page number or running head between two lines of
    /// the game, where a page of the book turned.
    fn running_heads(&mut self) {
        if !self.rng.random_bool(0.3) {
            return;
        }
        let plies = self.sheet.move_lines.len();
        let first = self.sheet.move_lines[0] + 1;
        let last = self.sheet.move_lines[plies - 1];
        if first >= last {
            return;
        }
        let at = self.rng.random_range(first..=last);
        let page = self.rng.random_range(12..480);
        let title = *[
            "MASTER GAMES",
            "THE MIDDLE GAME",
            "CHESS REVIEW",
            "SELECTED GAMES",
        ]
        .choose(self.rng)
        .unwrap();
        let head = match self.rng.random_range(0..5) {
            0 => page.to_string(),
            1 => format!("— {page} —"),
            2 => format!("{page}        {title}"),
            3 => format!("{title}        {page}"),
            // Page numbers as texts put in from scanned books mark them.
            _ => {
                (*["N", "{N}", "[Pg N]"].choose(self.rng).unwrap()).replace('N', &page.to_string())
            }
        };
        self.detail(&format!("running head before line {}: {head}", at + 1));
        let blanks = self.rng.random_bool(0.5);
        if blanks {
            self.sheet.insert(at, String::new());
        }
        self.sheet.insert(at, head);
        if blanks {
            self.sheet.insert(at, String::new());
        }
    }

    // --- notes ---------------------------------------------------------

    /// Random legal moves from the position before half-move `start`,
    /// the first other than the game's, spelt and numbered as the page
    /// numbers its moves: a real side line.
    fn side_line(&mut self, start: usize) -> Option<String> {
        let game = self.game;
        let mut pos = game.positions[start].clone();
        let mut origins = game.origins[start].clone();
        let first = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| m != game.moves[start])
            .choose(self.rng)?;
        let length = self.rng.random_range(1..=5);
        let mut out: Vec<String> = Vec::new();
        let mut m = first;
        for i in 0..length {
            let ply = start + i;
            let mut after = pos.clone();
            after.play_unchecked(m);
            let word = self.spelling.spell(&pos, m, &after, &origins, self.rng);
            let number = ply / 2 + 1;
            if ply.is_multiple_of(2) {
                out.push(self.numbered(self.numbers.white(number), word));
            } else if i == 0 {
                out.push(format!("{} {word}", self.numbers.black(number)));
            } else {
                let last = out.last_mut()?;
                last.push_str(self.numbers.within);
                out.push(word);
            }
            origins.play(m);
            pos = after;
            let Some(next) = pos.legal_moves().into_iter().choose(self.rng) else {
                break;
            };
            m = next;
        }
        Some(out.join(" "))
    }

    /// A move number and a move, glued when the page glues them.
    fn numbered(&self, number: String, word: String) -> String {
        if self.numbers.glued {
            format!("{number}{word}")
        } else {
            format!("{number} {word}")
        }
    }

    /// A comment after half-move `ply`: a remark, or a side line with
    /// words around it.
    fn comment(&mut self, ply: usize) -> String {
        let start = if ply + 1 < self.words.len() && self.rng.random_bool(0.5) {
            ply + 1
        } else {
            ply
        };
        if self.rng.random_bool(0.5)
            && let Some(line) = self.side_line(start)
        {
            let template = *self.prose.lines.choose(self.rng).unwrap();
            // One full stop where the line ends with one (`K. to Q. sq.`).
            let template = if line.ends_with('.') {
                template.replace("{}.", "{}")
            } else {
                template.to_owned()
            };
            return template.replace("{}", &line);
        }
        (*self.prose.remarks.choose(self.rng).unwrap()).to_owned()
    }

    /// Signs and markers after half-move `ply`'s move.
    fn after_move(&mut self, ply: usize) {
        if self.rng.random_bool(self.notes.glyphs) {
            self.glyph(ply);
        }
        if self.rng.random_bool(self.notes.footnotes) {
            let n = self.footnotes.len();
            let marker = match self.markers {
                0 => format!("({})", (b'a' + (n % 26) as u8) as char),
                1 => format!("({})", n + 1),
                _ => format!("[{}]", n + 1),
            };
            let text = self.comment(ply);
            self.footnotes.push(format!("{marker} {text}"));
            self.sheet.word(marker, None);
        }
    }

    /// An evaluation sign, glued to the move or spaced.
    fn glyph(&mut self, ply: usize) {
        let word = &self.words[ply];
        let descriptive = matches!(self.spelling, Spelling::Descriptive(_) | Spelling::Words(_));
        let (sign, glued) = if self.rng.random_bool(0.7) {
            let mut signs = vec!["!", "?", "!!", "??", "!?", "?!"];
            if descriptive {
                signs.extend(["(!)", "(?)"]);
            }
            (*signs.choose(self.rng).unwrap(), self.rng.random_bool(0.8))
        } else {
            let sign = *["+-", "±", "=", "∓", "-+", "+/-", "+/=", "=/+", "∞"]
                .choose(self.rng)
                .unwrap();
            let clash = word.ends_with(['+', '#', '=']) || word.contains('=');
            (sign, !clash && self.rng.random_bool(0.4))
        };
        if glued && !sign.starts_with('(') {
            self.sheet.glue(sign);
        } else {
            self.sheet.word(sign, None);
        }
    }

    /// After half-move `ply`, now and then a comment, run into the moves
    /// or set apart, or a parenthesised note; whether the moves broke
    /// off, so that Black's next move needs its number again.
    fn maybe_comment(&mut self, ply: usize) -> bool {
        if ply + 1 >= self.words.len() {
            return false;
        }
        if self.rng.random_bool(self.notes.inline) {
            let start = ply + usize::from(self.rng.random_bool(0.5));
            let text = match self.side_line(start) {
                Some(line) if self.rng.random_bool(0.6) => line,
                _ => self.comment(ply),
            };
            self.detail(&format!("inline note after ply {}", ply + 1));
            // Brackets where move numbers have parentheses of their own.
            let note = match self.numbers.form {
                NumberForm::Paren | NumberForm::Bracketed => format!("[{text}]"),
                _ => format!("({text})"),
            };
            self.sheet.prose(&note);
            return self.rng.random_bool(0.5);
        }
        if !self.rng.random_bool(self.notes.comments) {
            return false;
        }
        let text = self.comment(ply);
        let placement = *[
            Placement::Paragraph,
            Placement::Paragraph,
            Placement::Line,
            Placement::RunOn,
        ]
        .choose(self.rng)
        .unwrap();
        self.detail(&format!("{placement:?} comment after ply {}", ply + 1));
        match placement {
            Placement::Paragraph => {
                self.sheet.blank();
                self.sheet.prose(&text);
                self.sheet.blank();
            }
            Placement::Line => {
                self.sheet.flush();
                self.sheet.prose(&text);
                self.sheet.flush();
            }
            // As web pages run a comment on after the move and start the
            // moves again on the next line.
            Placement::RunOn => {
                self.sheet.prose(&text);
                self.sheet.flush();
            }
        }
        true
    }

    // --- layouts -------------------------------------------------------

    /// Numbered pairs, run in a paragraph or a pair a line.
    fn pairs(&mut self, per_line: bool) {
        self.detail(if per_line {
            "a pair a line"
        } else {
            "pairs run in"
        });
        let mut resume = false;
        for ply in 0..self.words.len() {
            let number = ply / 2 + 1;
            let word = self.words[ply].clone();
            if ply.is_multiple_of(2) {
                if per_line {
                    self.sheet.flush();
                }
                let number = self.numbers.white(number);
                if self.numbers.glued {
                    self.sheet.word(format!("{number}{word}"), Some(ply));
                } else {
                    self.sheet.word(number, None);
                    self.sheet.word(word, Some(ply));
                }
            } else if resume {
                self.sheet.word(self.numbers.black(number), None);
                self.sheet.word(word, Some(ply));
            } else {
                self.pair_mark(self.numbers.within);
                self.sheet.word(word, Some(ply));
            }
            self.after_move(ply);
            if ply % 2 == 1 {
                self.pair_mark(self.numbers.after);
            }
            resume = self.maybe_comment(ply);
        }
    }

    /// A comma or full stop glued after a move, unless the move ends
    /// with a full stop of its own (`P. to K. 4th.`).
    fn pair_mark(&mut self, mark: &str) {
        let stopped = self
            .sheet
            .units
            .last()
            .is_some_and(|(w, _)| w.ends_with('.'));
        if !(stopped && (mark == "." || mark == ",")) {
            self.sheet.glue(mark);
        }
    }

    /// Two columns under the players' colours, a line a move number.
    fn columns(&mut self) {
        let upper = self.rng.random_bool(0.3);
        let head = |s: &str| {
            if upper {
                format!("{}.", s.to_uppercase())
            } else {
                s.to_owned()
            }
        };
        let (white, black) = (head(self.prose.white), head(self.prose.black));
        if self.rng.random_bool(0.1) {
            return self.columns_one_after_the_other(&white, &black);
        }
        let numbered_black = self.rng.random_bool(0.2);
        let bars = self.rng.random_bool(0.1);
        let margin = " ".repeat(self.rng.random_range(0..=8));
        let last = self.words.len().div_ceil(2);
        let number_width = self.numbers.white(last).chars().count() + 1;
        let widest = self
            .words
            .iter()
            .step_by(2)
            .map(|w| w.chars().count())
            .max()
            .unwrap_or(0);
        let column =
            widest + number_width * usize::from(numbered_black) + self.rng.random_range(2..=10);
        self.detail(&format!(
            "columns: numbered black {numbered_black}, bars {bars}, column {column}"
        ));
        let layout = Columns {
            margin,
            number_width,
            column,
            numbered_black,
            bars,
        };
        self.sheet.line(layout.row("", &white, &black), &[]);
        if self.rng.random_bool(0.3) {
            let (w, b) = (self.game.white.clone(), self.game.black.clone());
            self.sheet.line(layout.row("", &w, &b), &[]);
        }
        let mut ply = 0;
        while ply < self.words.len() {
            let n = ply / 2 + 1;
            let number = self.numbers.white(n);
            let white_word = self.words[ply].clone();
            let Some(black_word) = self.words.get(ply + 1).cloned() else {
                self.sheet
                    .line(layout.row(&number, &white_word, ""), &[ply]);
                break;
            };
            if self.rng.random_bool(self.notes.comments) {
                // White's move, a note, and Black's move resumed.
                self.sheet
                    .line(layout.row(&number, &white_word, ""), &[ply]);
                self.column_note(ply);
                // Black's move after the note under White's number, the
                // number with dots, or (pages of bare numbers) the number
                // alone.
                let form = if self.numbers.form == NumberForm::Bare {
                    self.rng.random_range(0..3)
                } else {
                    self.rng.random_range(0..2)
                };
                let resumed = match form {
                    0 => layout.row(&number, "", &black_word),
                    1 => layout.row(&self.numbers.black(n), "", &black_word),
                    _ => layout.row(&n.to_string(), "", &black_word),
                };
                self.sheet.line(resumed, &[ply + 1]);
            } else {
                let black_number = if numbered_black {
                    number.clone()
                } else {
                    String::new()
                };
                let black = if black_number.is_empty() {
                    black_word
                } else {
                    format!("{black_number} {black_word}")
                };
                self.sheet
                    .line(layout.row(&number, &white_word, &black), &[ply, ply + 1]);
                if ply + 2 < self.words.len() && self.rng.random_bool(self.notes.comments / 2.0) {
                    self.column_note(ply + 1);
                }
            }
            ply += 2;
        }
    }

    /// A note between the rows of the columns.
    fn column_note(&mut self, ply: usize) {
        let text = self.comment(ply);
        self.detail(&format!("note after ply {}", ply + 1));
        self.sheet.blank();
        self.sheet.prose(&text);
        self.sheet.blank();
    }

    /// Both columns read by OCR one after the other: White's moves, then
    /// Black's, each numbered.
    fn columns_one_after_the_other(&mut self, white: &str, black: &str) {
        self.detail("columns one after the other");
        for (side, head) in [(0, white), (1, black)] {
            self.sheet.line(head.to_owned(), &[]);
            for ply in (side..self.words.len()).step_by(2) {
                let word = self.words[ply].clone();
                let number = self.numbers.white(ply / 2 + 1);
                self.sheet.word(number, None);
                self.sheet.word(word, Some(ply));
            }
            self.sheet.flush();
        }
    }

    /// Every half-move on its own line.
    fn one_a_line(&mut self) {
        let form = self.rng.random_range(0..3);
        let indent = " ".repeat(self.rng.random_range(2..=6));
        self.detail(&format!("one a line, form {form}"));
        for ply in 0..self.words.len() {
            let n = ply / 2 + 1;
            let word = self.words[ply].clone();
            let text = match (ply % 2, form) {
                (0, _) => self.numbered(self.numbers.white(n), word),
                (_, 0) => word,
                (_, 1) => format!("{} {word}", self.numbers.black(n)),
                _ => format!("{indent}{word}"),
            };
            self.sheet.word(text, Some(ply));
            self.after_move(ply);
            self.sheet.flush();
            if ply + 1 < self.words.len() && self.rng.random_bool(self.notes.comments) {
                let text = self.comment(ply);
                self.detail(&format!("note after ply {}", ply + 1));
                let text = if self.rng.random_bool(0.3) {
                    format!("[ {text} ]")
                } else {
                    text
                };
                self.sheet.line(text, &[]);
            }
        }
    }
}

/// The geometry of two columns.
struct Columns {
    margin: String,
    number_width: usize,
    column: usize,
    numbered_black: bool,
    bars: bool,
}

impl Columns {
    /// A line of the columns: the number, White's move, Black's.
    fn row(&self, number: &str, white: &str, black: &str) -> String {
        if self.bars {
            let white = if number.is_empty() {
                white.to_owned()
            } else {
                format!("{number} {white}")
            };
            return format!("| {white} | {black} |");
        }
        let pad = |s: &str, width: usize| {
            format!("{s}{}", " ".repeat(width.saturating_sub(s.chars().count())))
        };
        // A number longer than its column (`7. ........`) pushes White's
        // move on, but Black's stays in its column.
        let left = pad(number, self.number_width) + white;
        let left = if white.is_empty() { left + " " } else { left };
        format!(
            "{}{}{black}",
            self.margin,
            pad(&left, self.number_width + self.column)
        )
    }
}

// ---------------------------------------------------------------------
// Scanned newspaper columns
// ---------------------------------------------------------------------

/// The styles a scanned newspaper column is printed in: short
/// descriptive typeset with hyphens (`1 P-Q 4 P-Q 4`), descriptive in
/// words (`1 P to Q 4 1 P to Q 4`), or either set in two columns; the
/// columns always run into one paragraph, as OCR reads them.
pub const SCANNED_STYLES: [Style; 3] =
    [Style::Descriptive, Style::OldDescriptive, Style::TwoColumns];

/// Letters the OCR of a page reads as others on most of the page, at
/// most one reading from each group, each group with the odds that a
/// page has it: the king's `K` as `X` (so `Xt` for `Kt`) or the
/// knight's `Kt` as `KL`; `R` as `It` or `E`; `B` as `ß` (rarely
/// throughout a page: mostly a confusion of single moves).
const PAGE_MISREADINGS: [(f64, &[(&str, &str)]); 3] = [
    (0.7, &[("K", "X"), ("K", "X"), ("Kt", "KL")]),
    (0.5, &[("R", "It"), ("R", "E")]),
    (0.15, &[("B", "ß")]),
];

/// How OCR of old newsprint confuses a single move: a part of it and
/// the readings seen for that part.
const SCAN_CONFUSIONS: &[(&str, &[&str])] = &[
    ("4", &["1", "i", "j", "l"]),
    ("3", &["5", ".')", "8", "J)"]),
    ("2", &["a", "?"]),
    ("5", &["ft", "n", "S"]),
    ("6", &["(5", "b"]),
    ("7", &["?", "1"]),
    ("8", &["S", "ß"]),
    ("!", &["1"]),
    ("x", &["s"]),
    ("ch", &["eh"]),
    ("takes", &["fakes"]),
    ("to", &["fe)", "'o", "ro"]),
    ("Kt", &["Kfc", "Xt", "KL"]),
    ("R", &["It", "E", "X", "lt", "I?"]),
    ("B", &["ß", "1?"]),
    ("P", &["V", "1'"]),
];

/// How OCR reads each digit of a move number when it misreads it
/// (`39` for 19, `n` for 5, `2'i` for 22, `2(3` for 26).
const DIGIT_READINGS: [&[&str]; 10] = [
    &["o", "O"],
    &["i", "l", "3", "I"],
    &["a", "?", "'i"],
    &["5", "8", ".')", "(3"],
    &["1", "i", "j"],
    &["n", "S", "-3"],
    &["«", ".'!", "b"],
    &["?", "1"],
    &["S", "3"],
    &["3", "g"],
];

/// Note marks as OCR reads them (`(«!)` for `(d)`, `(/)` for `(f)`).
const MARK_READINGS: [&str; 9] = [
    "(«!)", "(/)", "(O", "(5)", "(/i)", "(w)", "O)", "(c)", "(o)",
];

/// Letters of a heading as OCR misreads them (`STEIMTZ`, `Wiiite`).
const HEADING_READINGS: &[(char, &str)] = &[
    ('N', "M"),
    ('R', "K"),
    ('R', "B"),
    ('T', "O"),
    ('E', "K"),
    ('S', "8"),
    ('h', "ii"),
    ('e', "c"),
    ('o', "e"),
    ('l', "1"),
    ('i', "l"),
    ('r', "v"),
    ('n', "u"),
    ('u', "n"),
];

/// The share of a heading's letters misread.
const HEADING_RATE: f64 = 0.06;

/// How OCR misread one scanned page: the misreadings of the whole page
/// and the share of moves, move numbers and note marks confused one by
/// one.
struct Scan {
    /// Letters read as others throughout (`K` as `X`).
    misreadings: Vec<(&'static str, &'static str)>,
    /// The share of those letters' occurrences so read.
    misread_share: f64,
    /// The share of moves whose spaces are dropped (`QtoQ3`); half of it,
    /// of move numbers glued to their move (`15PtoKt3`).
    glue_share: f64,
    /// The share of moves, move numbers and note marks confused.
    rate: f64,
    rng: StdRng,
}

impl Scan {
    /// A page's misreadings drawn from `rng`, confusing at `rate`.
    fn random(rate: f64, mut rng: StdRng) -> Scan {
        let mut misreadings = Vec::new();
        while misreadings.is_empty() {
            for (odds, group) in PAGE_MISREADINGS {
                if rng.random_bool(odds) {
                    misreadings.push(*group.choose(&mut rng).unwrap());
                }
            }
        }
        Scan {
            misreadings,
            misread_share: rng.random_range(0.6..=0.95),
            glue_share: rng.random_range(0.05..=0.35),
            rate,
            rng,
        }
    }

    /// The page's misreadings, for reports.
    fn summary(&self) -> String {
        format!(
            "scanned: {:?} at {:.2}, spaces dropped {:.2}, confused {:.2}",
            self.misreadings, self.misread_share, self.glue_share, self.rate
        )
    }

    /// The moves as OCR read them, every move read otherwise than
    /// printed a [`Damage`], and the half-moves changed by the page's
    /// misreadings alone.
    fn damage_game(
        &mut self,
        game: &TrueGame,
        printed: &[String],
    ) -> (Vec<String>, Vec<Damage>, Vec<u32>) {
        let (mut damages, mut systematic) = (Vec::new(), Vec::new());
        let words = printed
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let confused = if self.rng.random_bool(self.rate) {
                    self.confuse(word)
                } else {
                    word.clone()
                };
                let mut read = self.misread(&confused);
                if self.rng.random_bool(self.glue_share) {
                    read = self.drop_spaces(&read);
                }
                if read != *word {
                    let ply = i as u32 + 1;
                    if confused == *word {
                        systematic.push(ply);
                    }
                    damages.push(Damage {
                        ply,
                        true_san: game.sans[i].clone(),
                        printed: word.clone(),
                        damaged: read.clone(),
                    });
                }
                read
            })
            .collect();
        (words, damages, systematic)
    }

    /// `text` with the page's misreadings made at their share, the
    /// longest first (`Kt` before `K`).
    fn misread(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 4);
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let found = self
                .misreadings
                .iter()
                .filter(|(from, _)| rest.starts_with(from))
                .max_by_key(|(from, _)| from.len())
                .copied();
            match found {
                Some((from, to)) => {
                    out.push_str(if self.rng.random_bool(self.misread_share) {
                        to
                    } else {
                        from
                    });
                    rest = &rest[from.len()..];
                }
                None => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out
    }

    /// A move confused once: one of [`SCAN_CONFUSIONS`] where one
    /// applies, else (and one time in ten) a few characters unreadable.
    fn confuse(&mut self, word: &str) -> String {
        let places: Vec<(usize, &str, &[&str])> = SCAN_CONFUSIONS
            .iter()
            .flat_map(|&(from, readings)| {
                word.match_indices(from)
                    .map(move |(i, _)| (i, from, readings))
            })
            .collect();
        if places.is_empty() || self.rng.random_bool(0.1) {
            return self.garble(word);
        }
        let &(at, from, readings) = places.choose(&mut self.rng).unwrap();
        let reading = readings.choose(&mut self.rng).unwrap();
        format!("{}{reading}{}", &word[..at], &word[at + from.len()..])
    }

    /// `word` with two or three characters in a row read as specks and
    /// strokes (`]UoB2` for `B to R2`).
    fn garble(&mut self, word: &str) -> String {
        let chars: Vec<char> = word.chars().collect();
        let len = self.rng.random_range(2..=3).min(chars.len());
        let at = self.rng.random_range(0..=chars.len() - len);
        let specks = ['l', '1', 'I', ']', '\'', '!', '.', 'U', '|'];
        let junk: String = (0..len)
            .map(|_| *specks.choose(&mut self.rng).unwrap())
            .collect();
        let before: String = chars[..at].iter().collect();
        let after: String = chars[at + len..].iter().collect();
        before + &junk + &after
    }

    /// `word` with its spaces dropped, each with odds of seven in ten,
    /// as OCR glues the words of a narrow column (`BtoK sq`).
    fn drop_spaces(&mut self, word: &str) -> String {
        let mut out = String::with_capacity(word.len());
        for (i, part) in word.split(' ').enumerate() {
            if i > 0 && !self.rng.random_bool(0.7) {
                out.push(' ');
            }
            out.push_str(part);
        }
        out
    }

    /// A move number as OCR reads it, misread at the page's rate: a
    /// digit confused (`39` for 19), the number split (`1 1` for 14) or
    /// a digit dropped (`1` for 13), a speck before it (`•11` for 27),
    /// or the number lost (empty).
    fn number(&mut self, number: &str) -> String {
        if !self.rng.random_bool(self.rate) {
            return number.to_owned();
        }
        let digits = number.chars().filter(char::is_ascii_digit).count();
        match self.rng.random_range(0..10) {
            6 if digits > 1 => format!("{} {}", &number[..1], self.confuse_digit(&number[1..])),
            7 if digits > 1 => number[..1].to_owned() + &number[2..],
            8 => format!("•{}", self.confuse_digit(number)),
            9 => String::new(),
            _ => self.confuse_digit(number),
        }
    }

    /// `number` with one of its digits read as [`DIGIT_READINGS`] has it.
    fn confuse_digit(&mut self, number: &str) -> String {
        let places: Vec<usize> = number
            .char_indices()
            .filter(|(_, c)| c.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        let Some(&at) = places.choose(&mut self.rng) else {
            return number.to_owned();
        };
        let digit = usize::from(number.as_bytes()[at] - b'0');
        let reading = DIGIT_READINGS[digit].choose(&mut self.rng).unwrap();
        format!("{}{reading}{}", &number[..at], &number[at + 1..])
    }

    /// A note mark (`(c)`) as OCR reads it, misread at the page's rate.
    fn mark(&mut self, mark: &str) -> String {
        if !self.rng.random_bool(self.rate) {
            return mark.to_owned();
        }
        let other = MARK_READINGS.iter().filter(|r| **r != mark);
        (*other.choose(&mut self.rng).unwrap()).to_owned()
    }

    /// A heading's text with its letters misread at [`HEADING_RATE`].
    fn heading(&mut self, text: &str) -> String {
        text.chars()
            .map(|c| {
                let readings: Vec<&str> = HEADING_READINGS
                    .iter()
                    .filter(|(from, _)| *from == c)
                    .map(|(_, to)| *to)
                    .collect();
                match readings.choose(&mut self.rng) {
                    Some(to) if self.rng.random_bool(HEADING_RATE) => (*to).to_owned(),
                    _ => c.to_string(),
                }
            })
            .collect()
    }
}

/// How a newspaper column of the nineteenth century spells its moves:
/// short descriptive typeset with hyphens (`Kt-K B 3`, `B P x P`) on
/// descriptive pages, words (`Kt to K B 3`, `B to K sq`) on pages in
/// words, either in two columns.
fn newspaper_spelling(style: Style, rng: &mut StdRng) -> Spelling {
    let words = match style {
        Style::OldDescriptive => true,
        Style::Descriptive => false,
        _ => rng.random_bool(0.5),
    };
    let castles = *[
        ("Castles", "Castles QR"),
        ("Castles", "Castles (Q R)"),
        ("Castles (K R)", "Castles (Q R)"),
    ]
    .choose(rng)
    .unwrap();
    if words {
        let spaced = rng.random_bool(0.7);
        return Spelling::Words(Words {
            dots: false,
            squares: if spaced {
                SquareWords::Spaced
            } else {
                SquareWords::Compact
            },
            possessive: false,
            sq: "sq",
            check: "ch",
            mate: "mate",
            stop: false,
            steps: false,
            on: rng.random_bool(0.5),
            castles,
        });
    }
    Spelling::Descriptive(Descriptive {
        lang: Language::english(),
        kt: true,
        typeset: Some(("-", " x ")),
        check: [" ch", "ch"].choose(rng).unwrap(),
        mate: " mate",
        castles,
    })
}

/// A move with now and then the sign a column glues after it (`!`,
/// `!!`, `?`).
fn with_sign(word: String, rng: &mut StdRng) -> String {
    if rng.random_bool(0.04) {
        word + ["!", "!", "!!", "?"].choose(rng).unwrap()
    } else {
        word
    }
}

/// `game` printed as a newspaper column of the nineteenth century
/// prints it, in one of [`SCANNED_STYLES`], and read by OCR: both
/// columns run into one paragraph (each side numbered,
/// `1 P to Q 4 1 P to Q 4`, or only White, `1 P-Q 4 P-Q 4`); the page's
/// misreadings of letters (`X` for `K`, `It` or `E` for `R`, `ß` for
/// `B`) and dropped spaces; a share `ocr_rate` of the moves, the move
/// numbers and the note marks confused one by one (`1` for `4`, `fakes`
/// for `takes`, `39` for 19, `(/)` for `(f)`); the heading misread.
/// Every move read otherwise than printed is a [`Damage`]; those
/// changed by the page's misreadings alone are also in
/// [`Page::systematic`].
pub fn render_scanned(game: &TrueGame, style: Style, seed: u64, ocr_rate: f64) -> Page {
    let mut rng = StdRng::seed_from_u64(seed);
    let spelling = newspaper_spelling(style, &mut rng);
    let mut details = vec![spelling.summary()];
    let printed: Vec<String> = spell_game(game, &spelling, &mut rng)
        .into_iter()
        .map(|w| with_sign(w, &mut rng))
        .collect();
    let mut scan = Scan::random(ocr_rate, StdRng::seed_from_u64(seed ^ DAMAGE_SEED));
    details.push(scan.summary());
    let (words, damages, systematic) = scan.damage_game(game, &printed);
    // Papers Past gives a column's text as one long line, others wrap it.
    let width = if rng.random_bool(0.6) {
        usize::MAX / 2
    } else {
        rng.random_range(60..=90)
    };
    let mut printer = Printer {
        game,
        style,
        spelling,
        words,
        prose: phrases("en"),
        numbers: Numbers::random(&mut rng, Style::Descriptive),
        notes: NoteRates::default(),
        sheet: Sheet::new(game.moves.len(), width),
        footnotes: Vec::new(),
        markers: 0,
        details,
        rng: &mut rng,
    };
    printer.scanned(&mut scan);
    printer.into_page(damages, systematic)
}

impl Printer<'_> {
    /// The page printed, with the damages done to its moves.
    fn into_page(self, damages: Vec<Damage>, systematic: Vec<u32>) -> Page {
        Page {
            style: self.style,
            text: self.sheet.lines.join("\n") + "\n",
            details: self.details,
            move_lines: self.sheet.move_lines,
            damages,
            systematic,
        }
    }

    /// The page as a scanned newspaper column: a misread heading, the
    /// players and the moves in one paragraph, the result, the notes.
    fn scanned(&mut self, scan: &mut Scan) {
        self.scan_heading(scan);
        let numbered_black = if matches!(self.spelling, Spelling::Words(_)) {
            self.rng.random_bool(0.7)
        } else {
            self.rng.random_bool(0.2)
        };
        let dot = self.rng.random_bool(0.2);
        self.detail(&format!(
            "scanned column: numbered black {numbered_black}, dot {dot}"
        ));
        for ply in 0..self.words.len() {
            let n = ply / 2 + 1;
            let number = if ply.is_multiple_of(2) || numbered_black {
                scan.number(&if dot { format!("{n}.") } else { n.to_string() })
            } else {
                String::new()
            };
            let word = self.words[ply].clone();
            if number.is_empty() {
                self.sheet.word(word, Some(ply));
            } else if scan.rng.random_bool(scan.glue_share / 2.0) {
                self.sheet.word(format!("{number}{word}"), Some(ply));
            } else {
                self.sheet.word(number, None);
                self.sheet.word(word, Some(ply));
            }
            self.scan_note(scan, ply);
        }
        self.scan_result(numbered_black);
        self.scan_notes(scan);
    }

    /// A column's heading, its letters misread: a title, the players in
    /// capitals, and the players' colours run into the moves' paragraph.
    fn scan_heading(&mut self, scan: &mut Scan) {
        let (w, b) = self.players();
        let number = self.rng.random_range(100..2000);
        let title = match self.rng.random_range(0..4) {
            0 => "Chess Championship.".to_owned(),
            1 => "CHESS.".to_owned(),
            2 => format!("GAME No. {number}."),
            _ => "THE CHESS COLUMN.".to_owned(),
        };
        self.sheet.line(scan.heading(&title), &[]);
        let players = format!("{} V. {}.", w.to_uppercase(), b.to_uppercase());
        self.sheet.line(scan.heading(&players), &[]);
        let intro = match self.rng.random_range(0..3) {
            0 => format!("White— (Mr {w}) Black— (Mr {b})"),
            1 => format!("White, {w}; Black, {b}."),
            _ => return,
        };
        let intro = scan.heading(&intro);
        self.sheet.prose(&intro);
    }

    /// Now and then a note mark after half-move `ply`, glued or spaced,
    /// as OCR read it; its note kept for after the game.
    fn scan_note(&mut self, scan: &mut Scan, ply: usize) {
        if ply + 1 >= self.words.len() || !self.rng.random_bool(0.06) {
            return;
        }
        let letter = (b'a' + (self.footnotes.len() % 26) as u8) as char;
        let mark = format!("({letter})");
        let text = self.comment(ply);
        let text = scan.misread(&text);
        self.footnotes.push(format!("{mark} {text}"));
        let read = scan.mark(&mark);
        if self.rng.random_bool(0.3) {
            self.sheet.glue(&read);
        } else {
            self.sheet.word(read, None);
        }
    }

    /// The end of the game as a column prints it: `Resigns.` under the
    /// loser's next number where the winner moved last, else the words
    /// of a resignation or a draw; nothing after a mate.
    fn scan_result(&mut self, numbered_black: bool) {
        let plies = self.words.len();
        let white_last = plies % 2 == 1;
        let next = plies / 2 + 1;
        let text = match self.game.result.as_str() {
            _ if self.game.positions[plies].is_checkmate() => return,
            "1-0" if white_last && numbered_black => format!("{next} Resigns."),
            "1-0" if white_last => "Resigns.".to_owned(),
            "0-1" if !white_last => format!("{next} Resigns."),
            "1-0" => self.prose.resigns.1.to_owned(),
            "0-1" => self.prose.resigns.0.to_owned(),
            "1/2-1/2" => self.prose.draw.to_owned(),
            _ => return,
        };
        self.sheet.prose(&text);
    }

    /// The notes after the game, under a misread `NOTES.` now and then,
    /// run on in the moves' paragraph or in one of their own.
    fn scan_notes(&mut self, scan: &mut Scan) {
        if self.footnotes.is_empty() {
            self.sheet.flush();
            return;
        }
        if self.rng.random_bool(0.5) {
            self.sheet.flush();
        }
        if self.rng.random_bool(0.5) {
            let head = scan.heading("NOTES.");
            self.sheet.prose(&head);
        }
        for note in std::mem::take(&mut self.footnotes) {
            self.sheet.prose(&note);
        }
        self.sheet.flush();
    }
}

// ---------------------------------------------------------------------
// Reading back and judging
// ---------------------------------------------------------------------

/// The games the library reads from `text` as `convert` reads a text
/// file (with `--repair` when `repair`).
pub fn read_page(text: &str, repair: bool) -> Vec<GameRecord> {
    Reader::new()
        .repair(repair)
        .read_str(text)
        .filter_map(Result::ok)
        .collect()
}

/// What the library made of a page.
#[derive(Debug, Default, Clone, Copy)]
pub struct Verdict {
    /// One game with moves was read, not rejected, with the true moves.
    pub exact: bool,
    /// The game read was written (not rejected) with moves other than
    /// the true ones: a wrong repair, or a misprint read as a legal move
    /// unnoticed.
    pub wrong: bool,
    /// Games with moves read from the page.
    pub games: usize,
    /// The first half-move (from 1) where the game read differs from the
    /// true one, or where one of them ends first.
    pub differs_at: Option<u32>,
    /// Damaged moves.
    pub damages: u32,
    /// Damaged moves read as the true move with no finding: no harm done.
    pub harmless: u32,
    /// Damaged moves with a finding about a move at their half-move.
    pub found: u32,
    /// Damaged moves whose true move such a finding names.
    pub suggested: u32,
}

/// The game read with the most moves.
pub fn main_record(records: &[GameRecord]) -> Option<&GameRecord> {
    records.iter().max_by_key(|r| r.moves().len())
}

/// Judges what was read from `page` against `game`.
pub fn judge(page: &Page, game: &TrueGame, records: &[GameRecord]) -> Verdict {
    judge_damages(&page.damages, game, records)
}

/// Judges what was read from a text with `damages` against `game`.
pub fn judge_damages(damages: &[Damage], game: &TrueGame, records: &[GameRecord]) -> Verdict {
    let games = records.iter().filter(|r| !r.moves().is_empty()).count();
    let Some(record) = main_record(records) else {
        return Verdict {
            damages: damages.len() as u32,
            differs_at: Some(1),
            ..Verdict::default()
        };
    };
    let read: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();
    let differs_at = first_difference(&read, &game.moves);
    let mut verdict = Verdict {
        exact: games == 1 && !record.is_rejected() && differs_at.is_none(),
        wrong: !record.is_rejected() && differs_at.is_some(),
        games,
        differs_at,
        damages: damages.len() as u32,
        ..Verdict::default()
    };
    for damage in damages {
        let at_ply: Vec<&Finding> = record
            .findings()
            .map(|(f, _)| f)
            .filter(|f| f.ply == damage.ply && f.kind.is_about_a_move())
            .collect();
        let index = damage.ply as usize - 1;
        if at_ply.is_empty() && read.get(index) == game.moves.get(index) {
            verdict.harmless += 1;
        }
        if !at_ply.is_empty() {
            verdict.found += 1;
        }
        if at_ply
            .iter()
            .any(|f| names(&f.suggestion, &damage.true_san))
        {
            verdict.suggested += 1;
        }
    }
    verdict
}

/// Whether a finding's suggestion names `san` among its moves, check and
/// mate marks aside, as `../shared/real/score.py` reads it.
fn names(suggestion: &str, san: &str) -> bool {
    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_owned();
    suggestion.split_whitespace().any(|s| bare(s) == bare(san))
}

/// The first half-move (from 1) where two lines part.
fn first_difference(read: &[Move], truth: &[Move]) -> Option<u32> {
    let common = read.iter().zip(truth).take_while(|(a, b)| a == b).count();
    (common < read.len().max(truth.len())).then_some(common as u32 + 1)
}

/// What went wrong on a page not read exactly: where the game read
/// parts from the true one, what was printed and read there, the
/// findings there, and the page's lines around it.
pub fn explain(page: &Page, game: &TrueGame, records: &[GameRecord], verdict: &Verdict) -> String {
    let mut out = format!("[{}] {}\n", page.style.name(), page.details.join("; "));
    let plies: Vec<usize> = records.iter().map(|r| r.moves().len()).collect();
    out.push_str(&format!(
        "read {} game(s) with {:?} half-moves (true game: {}), rejected: {:?}\n",
        records.len(),
        plies,
        game.moves.len(),
        records
            .iter()
            .map(GameRecord::is_rejected)
            .collect::<Vec<_>>()
    ));
    let Some(record) = main_record(records) else {
        out.push_str(&page.lines_around(0, 6));
        return out;
    };
    let ply = verdict
        .differs_at
        .map_or(1, |p| p as usize)
        .min(game.moves.len());
    let index = ply - 1;
    let read: Vec<String> = record.moves().iter().map(|m| m.san()).collect();
    let window = |sans: &[String]| {
        sans.iter()
            .skip(index.saturating_sub(1))
            .take(4)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    };
    out.push_str(&format!(
        "at ply {ply} ({}{}): expected {:?}, read {:?}\n",
        index / 2 + 1,
        if index.is_multiple_of(2) { "." } else { "..." },
        window(&game.sans),
        window(&read),
    ));
    let near = |f: &Finding| f.ply + 1 >= ply as u32 && f.ply <= ply as u32 + 1;
    let telling = |f: &Finding| near(f) || (record.is_rejected() && f.severity == Severity::Error);
    for (f, _) in record.findings().filter(|(f, _)| telling(f)) {
        out.push_str(&format!(
            "  finding ply {} {} {:?}: {} (suggests {:?})\n",
            f.ply, f.kind, f.written, f.message, f.suggestion
        ));
    }
    for d in &page.damages {
        let at_ply = |f: &&Finding| f.ply == d.ply && f.kind.is_about_a_move();
        let found: Vec<&Finding> = record.findings().map(|(f, _)| f).filter(at_ply).collect();
        let suggested = found.iter().any(|f| names(&f.suggestion, &d.true_san));
        let index = d.ply as usize - 1;
        let read_right = record.moves().get(index).map(|m| m.mv) == game.moves.get(index).copied();
        let harmless = if found.is_empty() && read_right {
            " (harmless)"
        } else {
            ""
        };
        out.push_str(&format!(
            "  damage ply {} {:?} -> {:?} (true {}): found {}, suggested {suggested}{harmless}\n",
            d.ply,
            d.printed,
            d.damaged,
            d.true_san,
            !found.is_empty()
        ));
    }
    out.push_str(&page.lines_around(page.move_lines[index], 3));
    out.push('\n');
    out
}
