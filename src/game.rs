//! One game, from its text to verified moves.
//!
//! [`read`] lexes the text, sets up the starting position from the tags,
//! replays the moves under the letter set asked for (or, with
//! [`Letters::Auto`], under the one that replays furthest) and checks the
//! game as a whole: result, tags, encoding. Text without tags that is not
//! movetext (prose among the moves, words no notation reads) is read by
//! the [document reader](crate::document) too, and its reading is kept
//! when it gets at least as far.
//!
//! ```
//! use scoresheet::game::{read, ReadOptions};
//!
//! let game = read("1. e4 e5 2. Sf3 Sf6 3. Lc4 Lc5 *", &ReadOptions::default());
//! assert!(!game.is_rejected());
//! assert_eq!(game.letters, "de/sv");
//! ```

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Role};

use crate::audit::{Finding, Kind, Severity, cap, push_capped};
use crate::document::{self, Misnumber, Tolerance};
use crate::notation::san::san;
use crate::replay::{Replay, WordedEnd, replay};
use crate::lang::{Language, LetterSet, as_printed};
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::pgn::lexer::{Lexed, Tag, TokenKind, lex, truncate};

pub use crate::lang::Letters;

/// How to read games.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions<'a> {
    /// The notation of the moves; `None` detects it per game.
    pub notation: Option<Notation>,
    /// The piece letters.
    pub letters: Letters<'a>,
    /// How numeric promotions are numbered, when ICCF is detected.
    pub iccf_promotion: Promotion,
    /// The start, as standard FEN, of games whose text states none (no
    /// `FEN` tag, no position or odds written): `--start`, `--odds`.
    pub start: Option<&'a str>,
}

/// A game read and replayed.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    /// The game's text as read.
    pub text: &'a str,
    /// Its tags and tokens.
    pub lexed: Lexed,
    /// The starting position.
    pub start: Chess,
    /// The replay under the chosen letters; its findings are moved into
    /// [`Game::findings`].
    pub replay: Replay,
    /// The notation the moves were read in.
    pub notation: Notation,
    /// The chosen letter set's name (`en`, `de/sv`, or a user table's
    /// code); empty for ICCF, which has no letters.
    pub letters: String,
    /// Every finding, game-level ones included, in order of position.
    pub findings: Vec<Finding>,
    /// Whether the moves were found in running text by the
    /// [document reader](crate::document) rather than read as movetext.
    pub running_text: bool,
    /// The move numbers the text printed wrong, as the document reader
    /// found them.
    pub misnumbered: Vec<Misnumber>,
}

impl Game<'_> {
    /// Whether the game cannot be converted.
    pub fn is_rejected(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The half-move where reading failed, if it did: that of the first
    /// error.
    pub fn stopped_at(&self) -> Option<u32> {
        self.findings
            .iter()
            .find(|f| f.severity == Severity::Error && !self.replay.misreads.contains(&f.ply))
            .map(|f| f.ply)
    }

    /// The first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.lexed
            .tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The result written in the movetext, or else the Result tag, or
    /// else the one the final position proves (mate, stalemate), or `*`.
    /// A written `*` (unknown) gives way to a result the position proves.
    /// Without a written result, a resignation written after the last
    /// move gives it.
    pub fn result(&self) -> &str {
        match self.written_result() {
            Some("*") => self.proven_result().unwrap_or("*"),
            None => self
                .worded_result()
                .or_else(|| self.proven_result())
                .unwrap_or("*"),
            Some(written) => written,
        }
    }

    /// The result a resignation or a draw written in words gives.
    fn worded_result(&self) -> Option<&'static str> {
        self.replay.ended_in_words.map(|end| match end {
            WordedEnd::Resigned(shakmaty::Color::White) | WordedEnd::Won(shakmaty::Color::Black) => "0-1",
            WordedEnd::Resigned(shakmaty::Color::Black) | WordedEnd::Won(shakmaty::Color::White) => "1-0",
            WordedEnd::Drawn => "1/2-1/2",
            WordedEnd::Heading(result) => result,
        })
    }

    /// The result written in the movetext, or else in the Result tag.
    fn written_result(&self) -> Option<&str> {
        self.replay
            .result
            .map(|i| self.lexed.tokens[i as usize].text(self.text))
            .map(normalise)
            .or_else(|| self.tag("Result").filter(|r| is_result(r)))
    }

    /// The result the main line's final position proves, if it does.
    fn proven_result(&self) -> Option<&'static str> {
        let end = &self.replay.end;
        if end.is_checkmate() {
            Some(match end.turn() {
                Color::White => "0-1",
                Color::Black => "1-0",
            })
        } else if end.is_stalemate() {
            Some("1/2-1/2")
        } else {
            None
        }
    }
}

fn is_result(text: &str) -> bool {
    matches!(text, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads and replays one game. Never fails: problems are findings.
pub fn read<'a>(text: &'a str, options: &ReadOptions<'_>) -> Game<'a> {
    read_tolerating(text, options, Tolerance::Misprints)
}

/// [`read`], guessing in running text each move printed past reading
/// from the moves after it, so that a page damaged throughout is read to
/// its end: the findings of a game that cannot be converted as it
/// stands.
pub fn read_guessing<'a>(text: &'a str, options: &ReadOptions<'_>) -> Game<'a> {
    read_tolerating(text, options, Tolerance::Guesses)
}

fn read_tolerating<'a>(text: &'a str, options: &ReadOptions<'_>, tolerance: Tolerance) -> Game<'a> {
    let mut lexed = lex(text);
    let position = lexed
        .tags
        .is_empty()
        .then(|| text_position(text, &mut lexed))
        .flatten();
    if let Some(fen) = options.start
        && !lexed.tags.iter().any(|t| t.name == "FEN")
    {
        for (name, value) in [("FEN", fen), ("SetUp", "1")] {
            lexed.tags.push(Tag {
                name: name.to_owned(),
                value: value.to_owned(),
                offset: 0,
            });
        }
    }
    // Tags a text's own position gave leave it running text.
    let untagged = lexed.tags.is_empty() || has_position_tag(&lexed);
    let mut findings: Vec<Finding> = Vec::new();
    for f in &lexed.findings {
        let kind = if f.bad_tag {
            Kind::BadTag
        } else {
            Kind::Syntax
        };
        push_capped(
            &mut findings,
            Finding {
                unlisted: f.unlisted,
                ..Finding::game(kind, Severity::Warning, f.message.clone()).at(f.offset, "")
            },
        );
    }
    let start = match start_position(&mut lexed.tags) {
        Ok((start, national)) => {
            findings.extend(national);
            findings.extend(clamped_counters(&lexed.tags, &start));
            start
        }
        Err(finding) => {
            findings.push(finding);
            return Game {
                text,
                replay: replay(
                    text,
                    &Lexed::default(),
                    &Chess::default(),
                    Notation::San,
                    Language::english(),
                ),
                lexed,
                notation: options.notation.unwrap_or_default(),
                start: Chess::default(),
                letters: String::new(),
                findings,
                running_text: false,
                misnumbered: Vec::new(),
            };
        }
    };
    let Reading {
        replay,
        notation,
        letters,
    } = detect(text, &lexed, &start, options);
    let mut running_text = false;
    let mut misnumbered = Vec::new();
    findings.extend(position);
    let (lexed, replay, notation, letters) = if untagged && is_running_text(text, &lexed, &replay) {
        let doc = document::read(text, &start, options, tolerance);
        // A failed replay counts its moves in `resolved`.
        let read = replay.main_plies.max(replay.resolved);
        // Text with prose read as far is read better by its own reader,
        // and so is text that fails as movetext where it reads whole
        // (words in a side line: `(… 5.Rd7 et les deux pions vont à dame)`).
        let whole = !doc.replay.failed && replay.failed && doc.replay.main_plies >= replay.main_plies;
        if doc.replay.main_plies > read
            || (doc.replay.main_plies == read && has_prose(text, &lexed))
            || whole
        {
            findings.retain(|f| f.kind != Kind::BadTag && f.kind != Kind::Syntax);
            running_text = true;
            misnumbered = doc.misnumbered;
            (
                Lexed {
                    tags: lexed.tags,
                    ..doc.lexed
                },
                doc.replay,
                doc.notation,
                doc.letters,
            )
        } else {
            (lexed, replay, notation, letters)
        }
    } else {
        (lexed, replay, notation, letters)
    };
    let mut game = Game {
        notation,
        text,
        lexed,
        start,
        letters,
        findings: Vec::new(),
        replay,
        running_text,
        misnumbered,
    };
    findings.append(&mut game.replay.findings);
    if !game.replay.failed {
        findings.extend(whole_game_findings(&game));
    }
    let lang = match options.letters {
        Letters::Fixed(lang) => Some(lang),
        Letters::Auto => LetterSet::builtin()
            .iter()
            .find(|s| s.name() == game.letters)
            .map(LetterSet::reader),
    };
    if let Some(lang) = lang {
        findings.extend(stray_letters(&game, lang));
    }
    if let Some(at) = text.find('\u{fffd}') {
        let count = text.matches('\u{fffd}').count();
        findings.push(
            Finding::game(
                Kind::Encoding,
                Severity::Warning,
                format!(
                    "{count} byte sequence(s) not valid in the input's encoding, replaced by U+FFFD"
                ),
            )
            .at(at as u32, "\u{fffd}"),
        );
    }
    findings.sort_by_key(|f| f.offset.unwrap_or(0));
    cap(&mut findings);
    game.findings = findings;
    game
}

/// Whether text without tags is running text rather than movetext:
/// words of prose stood among its moves, brackets that are no tags, a
/// semicolon (which PGN reads as a comment to the line's end, and books
/// print between moves: `1. e4, c5; 2. Nf3, e6;`), notes marked by
/// numbers, a word that no notation reads, or a table printed across the
/// page (a row of numbers, the moves under them). Movetext that fails on an
/// illegal or ambiguous move (a promotion to a king among them) is
/// movetext still, and is reported as such.
fn is_running_text(text: &str, lexed: &Lexed, replay: &Replay) -> bool {
    has_prose(text, lexed)
        || text.contains(';')
        || replay
            .findings
            .iter()
            .any(|f| {
                f.severity == Severity::Error
                    && f.kind == Kind::Unparseable
                    && !promotes_to_king(&f.written)
            })
        || replay.resolved == 0
        || has_note_marks(text)
        || has_empty_box(text)
        || document::columns::is_across(text)
}

/// Whether `text` leaves a box of a scoresheet empty: dots standing
/// alone after a move or after other dots, outside comments
/// (`2. c4 .... 3. Nf3`, `3. ... ...`), where PGN has nothing; `2... e6`
/// and `2. ... e6` are PGN's own.
fn has_empty_box(text: &str) -> bool {
    let is_dots = |w: &str| w.len() >= 2 && w.chars().all(|c| matches!(c, '.' | '…')) || w == "…";
    let mut depth = 0u32;
    let mut previous = "";
    for word in text.split_whitespace() {
        let after_move = previous.contains(|c: char| c.is_ascii_alphabetic()) || is_dots(previous);
        if depth == 0 && is_dots(word) && after_move {
            return true;
        }
        depth = (depth + word.matches('{').count() as u32).saturating_sub(word.matches('}').count() as u32);
        previous = word;
    }
    false
}

/// Whether a move is written as a promotion to `K` (`a8=K`, `bxa8K+`,
/// `h8(K)`): a move, illegal in every letter set, not a word of prose.
fn promotes_to_king(token: &str) -> bool {
    let token = token.trim_end_matches(['+', '#', '!', '?']);
    token
        .strip_suffix("(K)")
        .or_else(|| token.strip_suffix('K'))
        .map(|rest| rest.trim_end_matches(['=', '/']))
        .is_some_and(|rest| rest.len() >= 2 && rest.ends_with(['1', '8']))
}

/// Whether `text` marks notes by numbers in brackets of their own
/// (`11. O-O-O (3) Bxg3`), which PGN would read as side lines.
fn has_note_marks(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memchr_iter(b'(', b).any(|open| {
        let digits = b[open + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=2).contains(&digits) && b.get(open + 1 + digits) == Some(&b')')
    })
}

/// A position the text writes (a FEN, a piece list) becomes the game's
/// `FEN` and `SetUp` tags unless it is the usual start; where the text
/// writes it twice and the two disagree, the finding says where.
fn text_position(text: &str, lexed: &mut Lexed) -> Option<Finding> {
    let found = document::positions::find(text);
    if let Some(w) = found
        .fen
        .filter(|w| !w.fen.starts_with(STANDARD_BOARD) && !follows_move_one(&text[..w.at as usize]))
    {
        for (name, value) in [("FEN", w.fen), ("SetUp", "1".to_owned())] {
            lexed.tags.push(Tag {
                name: name.to_owned(),
                value,
                offset: w.at,
            });
        }
    }
    found.conflict.map(|c| {
        Finding::game(Kind::PositionConflict, Severity::Warning, c.message).at(c.at, c.written)
    })
}

/// Whether `before` holds White's first move under its number: a
/// position written after it is a diagram's caption of a position the
/// game reaches (`17. Rf1 … FEN: r3r1k1/…`), not where it starts.
fn follows_move_one(before: &str) -> bool {
    let words = document::words::words(before);
    words.windows(2).any(|w| {
        matches!(w[0].kind, document::words::WordKind::Number { n: 1, black: false, .. })
            && w[1].kind == document::words::WordKind::Text
    })
}

/// The usual start's board, as FEN writes it.
const STANDARD_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ";

/// Whether the only tags are those of a position the text writes.
fn has_position_tag(lexed: &Lexed) -> bool {
    lexed
        .tags
        .iter()
        .all(|t| t.name == "FEN" || t.name == "SetUp")
}

/// Whether words of prose or brackets that are no tags stand among the
/// moves.
fn has_prose(text: &str, lexed: &Lexed) -> bool {
    lexed.findings.iter().any(|f| f.bad_tag)
        || lexed
            .tokens
            .iter()
            .any(|t| t.kind == TokenKind::Comment && !is_braced(text, t.span.start))
}

/// Whether the comment starting at `start` was written as one, in braces
/// or after a semicolon (the lexer makes comments of prose too).
fn is_braced(text: &str, start: u32) -> bool {
    start
        .checked_sub(1)
        .is_some_and(|i| matches!(text.as_bytes().get(i as usize), Some(b'{' | b';')))
}

/// A way of reading a game's moves, and how far it got.
struct Reading {
    replay: Replay,
    notation: Notation,
    letters: String,
}

/// Tries every notation and letter set the options allow. A reading that
/// replays the whole game beats one that does not; among whole readings,
/// the one that needs fewer written pawn letters wins (`Pf3` is a Dutch
/// knight before it is an English pawn); among failed ones, the one that
/// got furthest; ties go to the earlier reading: SAN before descriptive
/// before ICCF (ICCF first when the first move is numeric), and letter
/// sets in [`LetterSet::builtin`] order.
fn detect(text: &str, lexed: &Lexed, start: &Chess, options: &ReadOptions<'_>) -> Reading {
    // How far a failed reading got: its moves, and half a move more when
    // its last token was at least a move in that notation.
    let progress = |r: &Replay| {
        2 * r.resolved
            + u32::from(
                r.findings
                    .last()
                    .is_some_and(|f| f.kind != Kind::Unparseable),
            )
    };
    let better = |r: &Replay, best: &Replay| match (r.failed, best.failed) {
        (false, true) => true,
        (false, false) => r.pawn_letters < best.pawn_letters,
        (true, true) => progress(r) > progress(best),
        (true, false) => false,
    };
    let mut best: Option<Reading> = None;
    for (notation, lang, letters) in readings(lexed, text, options) {
        let r = replay(text, lexed, start, notation, lang);
        let settled = !r.failed && r.pawn_letters == 0;
        if best.as_ref().is_none_or(|b| better(&r, &b.replay)) {
            best = Some(Reading {
                replay: r,
                notation,
                letters: letters.to_owned(),
            });
        }
        if settled {
            break;
        }
    }
    best.unwrap_or_else(|| Reading {
        replay: replay(text, lexed, start, Notation::San, Language::english()),
        notation: Notation::San,
        letters: "en".into(),
    })
}

/// The readings to try, in order: notation, the table that reads it, and
/// the letter set's name. The first is tried before the others are
/// chosen: a game that it reads, as nearly every game of a PGN archive
/// is, costs no look at the text's letters.
fn readings<'a, 't>(
    lexed: &Lexed,
    text: &'t str,
    options: &ReadOptions<'a>,
) -> impl Iterator<Item = (Notation, &'a Language, &'a str)> + use<'a, 't> {
    let iccf = Notation::Iccf(options.iccf_promotion);
    let notations = match options.notation {
        Some(n) => vec![n],
        None => {
            let first_word = lexed
                .tokens
                .iter()
                .find(|t| t.kind == TokenKind::Word)
                .map(|t| t.text(text));
            if first_word.is_some_and(crate::notation::san::looks_numeric) {
                vec![iccf, Notation::San, Notation::Descriptive]
            } else {
                vec![Notation::San, Notation::Descriptive, iccf]
            }
        }
    };
    let letters = options.letters;
    // With no text, the first notation's first table alone.
    let first = tables_for(&notations[..1], letters, "").into_iter().next();
    let rest = std::iter::once_with(move || tables_for(&notations, letters, text))
        .flatten()
        .filter(move |&(notation, _, name)| first.is_none_or(|(n, _, f)| (n, f) != (notation, name)));
    first.into_iter().chain(rest)
}

/// Each notation in turn with every table of `letters` that reads it
/// (descriptive only where a table has its words; ICCF without letters),
/// with the letter set's name.
pub(crate) fn tables_for<'a>(
    notations: &[Notation],
    letters: Letters<'a>,
    text: &str,
) -> Vec<(Notation, &'a Language, &'a str)> {
    let mut out = Vec::new();
    for &notation in notations {
        if let Notation::Iccf(_) = notation {
            out.push((notation, Language::english(), ""));
            continue;
        }
        for (lang, name) in letter_tables(notation, letters, text) {
            if notation != Notation::Descriptive || lang.descriptive.is_some() {
                out.push((notation, lang, name));
            }
        }
    }
    out
}

/// The tables of `letters` worth trying on `text` in `notation`: in SAN
/// only those whose letters the text prints
/// ([`Letters::tables_for_text`]); in the notations in words, all.
pub(crate) fn letter_tables<'a>(
    notation: Notation,
    letters: Letters<'a>,
    text: &str,
) -> Vec<(&'a Language, &'a str)> {
    match notation {
        Notation::San => letters.tables_for_text(text),
        _ => letters.tables(),
    }
}

/// The position the game starts from: the FEN tag's, or the standard one.
///
/// The tag is read as written: a FEN that is valid but illegal is an
/// error, never read again with another language's letters (which could
/// make it some other legal position). Only a FEN that standard letters
/// cannot read at all (`bhfvkfhb/…`) is read with national letters; the
/// tag then holds the standard FEN, and a finding says so.
fn start_position(tags: &mut [Tag]) -> Result<(Chess, Option<Finding>), Finding> {
    let variant = tags.iter().find(|t| t.name == "Variant");
    let mode = match variant.map(|t| t.value.to_ascii_lowercase()) {
        Some(v) if v.contains("960") || v.contains("fischer") => CastlingMode::Chess960,
        Some(v) if !is_standard_variant(&v) => {
            let tag = variant.map_or((0, String::new()), |t| (t.offset, t.value.clone()));
            return Err(Finding::game(
                Kind::BadTag,
                Severity::Error,
                format!(
                    "variant {:?} is not replayed: only standard chess and Chess960 are; the game is rejected",
                    truncate(&tag.1, 40)
                ),
            )
            .at(tag.0, tag.1));
        }
        _ => CastlingMode::Standard,
    };
    let Some(tag) = tags.iter_mut().find(|t| t.name == "FEN") else {
        return Ok((Chess::default(), None));
    };
    let bad = |tag: &Tag, why: String| {
        Finding::game(
            Kind::BadTag,
            Severity::Error,
            format!(
                "FEN tag {:?} is not a legal position: {why}",
                truncate(&tag.value, 90)
            ),
        )
        .at(tag.offset, tag.value.clone())
    };
    match tag.value.trim().parse::<Fen>() {
        Ok(fen) => fen
            .into_position(mode)
            .map(|pos| (pos, None))
            .map_err(|e| bad(tag, e.to_string())),
        // A FEN written with national letters (`bhfvkfhb/gggggggg/…`).
        Err(why) => match crate::notation::fen::parse_fen(&tag.value, Letters::Auto) {
            Ok(reading) => {
                let pos = reading
                    .fen
                    .parse::<Fen>()
                    .map_err(|e| bad(tag, e.to_string()))?
                    .into_position(mode)
                    .map_err(|e| bad(tag, e.to_string()))?;
                let finding = Finding::game(
                    Kind::LetterSet,
                    Severity::Info,
                    format!(
                        "FEN tag {:?} is written with the {} piece letters; {:?} is written",
                        truncate(&tag.value, 90),
                        reading.letters,
                        reading.fen
                    ),
                )
                .at(tag.offset, tag.value.clone());
                tag.value = reading.fen;
                Ok((pos, Some(finding)))
            }
            Err(_) => Err(bad(tag, why.to_string())),
        },
    }
}

/// A warning for each FEN counter too large to keep: a half-move clock
/// or move number past 4294967295 is read as that.
fn clamped_counters(tags: &[Tag], start: &Chess) -> Vec<Finding> {
    let Some(tag) = tags.iter().find(|t| t.name == "FEN") else {
        return Vec::new();
    };
    let fields = tag.value.split_whitespace().skip(4);
    let read = [
        ("half-move clock", start.halfmoves()),
        ("move number", start.fullmoves().get()),
    ];
    fields
        .zip(read)
        .filter(|(written, _)| {
            written.bytes().all(|b| b.is_ascii_digit()) && written.parse::<u32>().is_err()
        })
        .map(|(written, (what, number))| {
            Finding::game(
                Kind::BadTag,
                Severity::Warning,
                format!(
                    "FEN tag's {what} {} is read as {number}",
                    truncate(written, 30)
                ),
            )
            .at(tag.offset, tag.value.clone())
        })
        .collect()
}

/// The tags whose name an earlier tag has, in order. A game's dozen tags
/// are compared pairwise; a game may hold 100,000, which go through a set.
fn duplicates(tags: &[Tag]) -> Vec<&Tag> {
    const FEW: usize = 32;
    if tags.len() <= FEW {
        return tags
            .iter()
            .enumerate()
            .filter(|(i, tag)| tags[..*i].iter().any(|t| t.name == tag.name))
            .map(|(_, tag)| tag)
            .collect();
    }
    let mut seen = std::collections::HashSet::with_capacity(tags.len());
    tags.iter()
        .filter(|t| !seen.insert(t.name.as_str()))
        .collect()
}

/// Variant tag values that name standard chess (lowercase): PGN's own,
/// and what Lichess and ChessBase write.
fn is_standard_variant(value: &str) -> bool {
    matches!(
        value.trim(),
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition" | "classical"
    )
}

/// Piece letters written once or twice where the game writes another
/// letter for the same piece many times (`Sc3` in a game of `N`s): a
/// letter of another language, read by the table's second letter.
/// Letters that look alike on paper (Latin `C`, Cyrillic `С`) are one.
fn stray_letters(game: &Game<'_>, lang: &Language) -> Vec<Finding> {
    if game.notation != Notation::San {
        return Vec::new();
    }
    let moves = || game.replay.main_moves();
    let letter = |token: u32| {
        let word = game.lexed.tokens[token as usize].text(game.text);
        let (role, len) = lang.piece_prefix(word)?;
        (role != Role::Pawn).then(|| (role, &word[..len]))
    };
    // Most games write only the table's own letters: nothing to count.
    let mut own = [false; 256];
    for role in crate::lang::roles() {
        if let Some(&b) = lang.letter(role).as_bytes().first() {
            own[usize::from(b)] = true;
        }
    }
    let other_letter = moves().any(|(token, _)| {
        let span = &game.lexed.tokens[token as usize].span;
        let b = game.text.as_bytes()[span.start as usize];
        (b.is_ascii_uppercase() && !own[usize::from(b)] && b != b'O') || !b.is_ascii()
    });
    if !other_letter {
        return Vec::new();
    }
    let mut counts: Vec<(Role, String, usize)> = Vec::new();
    for (token, _) in moves() {
        if let Some((role, written)) = letter(token) {
            let written = as_printed(written);
            match counts.iter_mut().find(|c| c.0 == role && c.1 == written) {
                Some(c) => c.2 += 1,
                None => counts.push((role, written, 1)),
            }
        }
    }
    let stray = |role: Role, written: &str| {
        let (common, times) = counts
            .iter()
            .filter(|c| c.0 == role)
            .max_by_key(|c| c.2)
            .map(|c| (c.1.as_str(), c.2))?;
        let seen = counts.iter().find(|c| c.0 == role && c.1 == written)?.2;
        (written != common && times >= 3 && seen * 3 <= times).then_some((common, times))
    };
    if !counts.iter().any(|c| stray(c.0, &c.1).is_some()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut pos = game.start.clone();
    for (ply, (token, mv)) in moves().enumerate() {
        if let Some((role, written)) = letter(token)
            && let Some((common, times)) = stray(role, &as_printed(written))
        {
            let token = &game.lexed.tokens[token as usize];
            let mut finding = Finding::game(
                Kind::LetterSet,
                Severity::Warning,
                format!(
                    "\"{written}\" for a {} where the game writes \"{common}\" ({times} times)",
                    crate::lang::role_name(role)
                ),
            )
            .at(token.span.start, token.text(game.text))
            .before_move(&pos, ply as u32 + 1);
            finding.suggestion = san(&pos, mv, Language::english());
            out.push(finding);
        }
        pos.play_unchecked(mv);
    }
    out
}

/// Findings about the game as a whole, once its moves replayed.
fn whole_game_findings(game: &Game<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let message = match (game.notation, game.letters.as_str()) {
        (Notation::San, "en") => None,
        (Notation::San, letters) => Some(format!("read with the {letters} piece letters")),
        (Notation::Iccf(_), _) => {
            Some(format!("read as {} numeric notation", game.notation.name()))
        }
        (notation, letters) => Some(format!(
            "read as {} notation with the {letters} letters",
            notation.name()
        )),
    };
    if let Some(message) = message {
        out.push(Finding::game(Kind::LetterSet, Severity::Info, message));
    }
    let tags = &game.lexed.tags;
    for tag in tags
        .iter()
        .filter(|t| t.name.ends_with("Date") && !is_pgn_date(&t.value))
    {
        push_capped(
            &mut out,
            Finding::game(
                Kind::BadTag,
                Severity::Warning,
                format!(
                    "{} {:?} is not a PGN date (YYYY.MM.DD, with ? for what is unknown)",
                    tag.name, tag.value
                ),
            )
            .at(tag.offset, tag.value.clone()),
        );
    }
    for tag in tags.iter().filter(|t| t.value.chars().any(char::is_control)) {
        push_capped(
            &mut out,
            Finding::game(
                Kind::BadTag,
                Severity::Warning,
                format!(
                    "{} tag holds control characters, which PGN forbids; they are dropped in the output",
                    tag.name
                ),
            )
            .at(tag.offset, tag.value.clone()),
        );
    }
    for tag in duplicates(tags) {
        push_capped(
            &mut out,
            Finding::game(
                Kind::BadTag,
                Severity::Warning,
                format!("duplicate {} tag; the first one is written", tag.name),
            )
            .at(tag.offset, tag.value.clone()),
        );
    }
    if game.replay.resolved == 0 {
        let tags = !game.lexed.tags.is_empty();
        // A tagged game with no moves is valid PGN (a forfeit); text with
        // neither tags nor moves is no game at all.
        let severity = if tags {
            Severity::Info
        } else {
            Severity::Error
        };
        out.push(Finding::game(
            Kind::NoMoves,
            severity,
            "the game has no moves",
        ));
    }
    let marker = game.replay.result.map(|i| &game.lexed.tokens[i as usize]);
    let tag = game.lexed.tags.iter().find(|t| t.name == "Result");
    let result = game.result().to_owned();
    match (marker, tag) {
        (Some(m), Some(t)) if normalise(m.text(game.text)) != t.value => out.push(
            Finding::game(
                Kind::ResultMismatch,
                Severity::Warning,
                format!(
                    "the Result tag says {:?} but the movetext ends with {:?}; {result} is written",
                    t.value,
                    m.text(game.text)
                ),
            )
            .at(m.span.start, m.text(game.text)),
        ),
        (None, Some(t)) if !is_result(&t.value) => out.push(
            Finding::game(
                Kind::BadTag,
                Severity::Warning,
                format!(
                    "Result tag {:?} is not a result; {result} is written",
                    t.value
                ),
            )
            .at(t.offset, t.value.clone()),
        ),
        (None, None)
            if game.replay.ended_in_words.is_none()
                && (!game.lexed.tags.is_empty() || game.replay.resolved > 0) =>
        {
            let (severity, message) = match game.proven_result() {
                Some(proven) => (
                    Severity::Info,
                    format!(
                        "no result is written; the final position proves {proven}, which is written"
                    ),
                ),
                None if game.lexed.tags.is_empty() => (
                    Severity::Info,
                    "the game has no result; * is written".to_owned(),
                ),
                None => (
                    Severity::Warning,
                    "the game has no result; * is written".to_owned(),
                ),
            };
            out.push(
                Finding::game(Kind::MissingResult, severity, message)
                    .at(game.text.trim_end().len() as u32, ""),
            );
        }
        _ => {}
    }
    let end = &game.replay.end;
    let written = game.written_result().unwrap_or(&result).to_owned();
    if let Some(expected) = game.proven_result().filter(|e| *e != written) {
        let what = if end.is_checkmate() {
            "checkmate"
        } else {
            "stalemate"
        };
        // A written `*` gives way to the proven result (see `result`).
        let note = if written == "*" {
            format!("; {expected} is written")
        } else {
            String::new()
        };
        let mut finding = Finding::game(
            Kind::ResultMismatch,
            Severity::Warning,
            format!("the game ends in {what}, so the result is {expected}, not {written}{note}"),
        );
        finding.ply = game.replay.main_plies;
        finding.suggestion = expected.to_owned();
        let at = marker.map_or(game.text.trim_end().len() as u32, |m| m.span.start);
        out.push(finding.at(at, marker.map_or("", |m| m.text(game.text))));
    }
    out
}

/// `YYYY.MM.DD`, digits or `?` in each place (`1886.??.??`).
fn is_pgn_date(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit() || *c == b'?')
}

/// A written termination marker in PGN's spelling; anything else is
/// kept.
fn normalise(result: &str) -> &str {
    crate::pgn::lexer::standard_result(result).unwrap_or(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(game: &Game<'_>) -> Vec<Kind> {
        game.findings.iter().map(|f| f.kind).collect()
    }

    #[test]
    fn dots_after_a_move_are_an_empty_box() {
        // Not movetext: Black's box is empty, and the finding stands at
        // its half-move, not at a move before it.
        for text in ["1. d4 d5\n2. c4 ....\n3. Nf3 Nf6\n", "1 d4 d5\n2 c4 ...\n3 Nf3 Nf6\n"] {
            let game = read(text, &ReadOptions::default());
            let rows: Vec<(Kind, u32)> = game
                .findings
                .iter()
                .filter(|f| f.kind != Kind::MissingResult)
                .map(|f| (f.kind, f.ply))
                .collect();
            assert_eq!(rows, [(Kind::MissingMoves, 4)], "{text}");
        }
    }

    #[test]
    fn a_descriptive_move_to_a_square_takes_nothing() {
        // The queen may go to QB5 (c5, a pawn there) or KB5 (f5): a move
        // written with a dash names no piece taken, so it is f5.
        let options = ReadOptions {
            start: Some("6k1/8/8/2p5/8/8/2Q5/6K1 w - - 0 1"),
            ..ReadOptions::default()
        };
        for text in ["1 Q-B5 K-R1", "1. Q. to B. 5th. 1. K. to R. sq."] {
            let game = read(text, &options);
            let first = game.replay.events.iter().find_map(|e| match e {
                crate::replay::Event::Move { mv, .. } => Some(*mv),
                _ => None,
            });
            assert_eq!(first.map(|m| m.to()), Some(shakmaty::Square::F5), "{text}: {:?}", game.findings);
        }
    }

    #[test]
    fn numbers_in_brackets_after_moves_mark_notes() {
        // Not side lines: Black's move follows the mark, and the game
        // goes on under its own numbers.
        let game = read(
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 (1) a6 4. Ba4 Nf6 5. O-O (2) Be7 6. Re1 b5 1-0",
            &ReadOptions::default(),
        );
        assert!(!game.is_rejected(), "{:?}", game.findings);
        assert_eq!(game.replay.main_plies, 12);
    }

    #[test]
    fn german_knights_are_never_pawns() {
        // After 1. e4 e5 no bishop reaches f4: the game is reported
        // illegal there, never read as pawn moves f3 f6 f4 f5.
        let game = read("1. e4 e5 2. Sf3 Sf6 3. Lf4 Lf5", &ReadOptions::default());
        assert!(game.is_rejected());
        assert_eq!(
            (game.findings[0].kind, game.findings[0].ply),
            (Kind::Illegal, 5)
        );
        let game = read("1. d4 d5 2. Sf3 Sf6 3. Lf4 Lf5 *", &ReadOptions::default());
        assert!(!game.is_rejected(), "{:?}", game.findings);
        assert_eq!(game.letters, "de/sv");
    }

    #[test]
    fn hungarian_rook_is_not_an_english_bishop() {
        let game = read("1. a4 e5 2. Ba3 Hf6 3. Bb3 *", &ReadOptions::default());
        assert_eq!(game.letters, "hu");
        assert!(!game.is_rejected(), "{:?}", game.findings);
    }

    #[test]
    fn result_checks() {
        let game = read(
            "[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0",
            &ReadOptions::default(),
        );
        assert_eq!(kinds(&game), [Kind::ResultMismatch]);
        let game = read(
            "[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 1-0",
            &ReadOptions::default(),
        );
        assert_eq!(kinds(&game), [Kind::ResultMismatch, Kind::ResultMismatch]);
        let game = read("[White \"a\"]\n1. e4", &ReadOptions::default());
        assert_eq!(kinds(&game), [Kind::MissingResult]);
        assert_eq!(game.result(), "*");
    }

    #[test]
    fn fen_tag_sets_the_start() {
        let game = read(
            "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O Kd7 *",
            &ReadOptions::default(),
        );
        assert!(!game.is_rejected(), "{:?}", game.findings);
        let game = read(
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *",
            &ReadOptions::default(),
        );
        assert_eq!(kinds(&game), [Kind::BadTag]);
        assert!(game.is_rejected());
    }

    #[test]
    fn duplicate_tags_are_reported() {
        let game = read(
            "[White \"a\"]\n[White \"b\"]\n1. e4 *",
            &ReadOptions::default(),
        );
        assert_eq!(kinds(&game), [Kind::BadTag]);
        assert_eq!(game.findings[0].offset, Some(12));
    }

    #[test]
    fn fen_tags_with_national_letters() {
        let game = read(
            "[FEN \"bhfvkfhb/gggggggg/8/8/4G3/8/GGGG1GGG/BHFVKFHB b KQkq - 0 1\"]\n1... e5 *",
            &ReadOptions::default(),
        );
        assert!(!game.is_rejected(), "{:?}", game.findings);
        assert_eq!(game.replay.main_plies, 1);
        assert_eq!(kinds(&game), [Kind::LetterSet]);
        let fen = game.lexed.tags.iter().find(|t| t.name == "FEN").unwrap();
        assert_eq!(
            fen.value,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
    }

    #[test]
    fn other_variants_are_rejected_with_a_finding() {
        for variant in [
            "Atomic",
            "Crazyhouse",
            "King of the Hill",
            "Three-check",
            "Horde",
        ] {
            let text = format!("[Variant \"{variant}\"]\n1. e4 e5 *");
            let game = read(&text, &ReadOptions::default());
            assert!(game.is_rejected(), "{variant}");
            assert_eq!(kinds(&game), [Kind::BadTag], "{variant}");
            assert!(
                game.findings[0].message.contains("is not replayed"),
                "{variant}"
            );
        }
        for variant in ["Standard", "From Position", "Chess960"] {
            let text = format!("[Variant \"{variant}\"]\n1. e4 e5 *");
            assert!(
                !read(&text, &ReadOptions::default()).is_rejected(),
                "{variant}"
            );
        }
    }

    #[test]
    fn a_fen_tag_illegal_in_standard_letters_is_not_read_with_others() {
        // As written, a bishop on h1 with the right to castle: illegal.
        // With Hungarian letters `B` is a rook (bástya) and the position
        // legal, but that is not what the tag says.
        let game = read(
            "[FEN \"4k3/8/8/8/8/8/8/4K2B w K - 0 1\"]\n1. O-O *",
            &ReadOptions::default(),
        );
        assert!(game.is_rejected());
        assert_eq!(kinds(&game), [Kind::BadTag]);
        assert!(game.findings[0].message.contains("not a legal position"));
    }

    #[test]
    fn tags_are_checked() {
        let game = read(
            "[Event \"a\"]\n[Date \"18.1.1886\"]\n[EventDate \"1886.??.??\"]\n1. e4 *",
            &ReadOptions::default(),
        );
        assert_eq!(kinds(&game), [Kind::BadTag]);
        assert!(
            game.findings[0]
                .message
                .contains("\"18.1.1886\" is not a PGN date")
        );
        let game = read(
            "[Event \"The \"Immortal\" Game\"]\n1. e4 *",
            &ReadOptions::default(),
        );
        assert_eq!(game.tag("Event"), Some("The \"Immortal\" Game"));
        assert_eq!(kinds(&game), [Kind::BadTag]);
    }

    #[test]
    fn empty_games() {
        let game = read("[Event \"x\"]\n*", &ReadOptions::default());
        assert_eq!(kinds(&game), [Kind::NoMoves]);
        assert!(!game.is_rejected());
    }
}
