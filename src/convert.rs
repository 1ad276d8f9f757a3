//! Converting games: what to read, what to write, one call per game.
//!
//! A [`Converter`] holds the reading options (notation, letters) and the
//! writing options (format, letters) and turns one game's text into a
//! [`Converted`]: the rendered text (unless the game is rejected) and the
//! findings. [`convert_str`] is the one-line entry point for a whole text.
//!
//! ```
//! let pgn = scoresheet::convert_str("1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 *").unwrap();
//! assert!(pgn.contains("2. Nf3 Nc6 3. Bb5 a6 *"));
//! ```

use std::fmt;

use crate::audit::{Finding, Kind, Severity, cap};
use crate::game::{Game, ReadOptions, letter_tables, read, read_guessing};
use crate::lang::Language;
use crate::lang::Letters;
use crate::model::Location;
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::output::{self, Format, Style};
use crate::pgn::split::{RawGame, Splitter, lone_cr_to_lf};
use crate::record::{self, GameRecord};
use crate::repair::edits::{Slip, substitution};
use crate::repair::{self, Repair, Suggestion};
use shakmaty::Position;

/// Options that cannot work together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionsError(pub String);

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionsError {}

/// Reads games one way and writes them another, one game's text at a
/// time: what [`Reader`](crate::Reader) does for each game of a stream.
///
/// ```
/// use scoresheet::{Converter, Format, Language};
///
/// let hu = Language::builtin("hu").unwrap();
/// let converter = Converter::new().to(Format::San).to_lang(hu);
/// let converted = converter.convert_game("1. e4 e5 2. Nf3 Nc6 3. Bb5 *");
/// assert_eq!(converted.output.as_deref(), Some("1. e4 e5 2. Hf3 Hc6 3. Fb5 *\n\n"));
/// assert!(converted.findings.is_empty());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Converter<'a> {
    read: ReadOptions<'a>,
    format: Format,
    style: Style<'a>,
    repair: bool,
    record: bool,
    record_moves: bool,
}

impl Default for Converter<'_> {
    fn default() -> Self {
        Converter::new()
    }
}

impl<'a> Converter<'a> {
    /// SAN with auto-detected letters in, English PGN out.
    pub fn new() -> Converter<'a> {
        Converter {
            read: ReadOptions::default(),
            format: Format::Pgn,
            style: Style::default(),
            repair: false,
            record: false,
            record_moves: true,
        }
    }

    /// Repairs a game that does not replay when exactly one edit of its
    /// text makes it replay; the original text
    /// stays in a comment and in a `repaired` finding.
    pub fn repair(mut self, repair: bool) -> Self {
        self.repair = repair;
        self
    }

    /// Reads moves in `notation`; `None` detects it per game.
    pub fn from(mut self, notation: Option<Notation>) -> Self {
        self.read.notation = notation;
        self
    }

    /// Numbers promotion pieces in ICCF moves by `convention`, for
    /// reading and writing.
    pub fn iccf_promotion(mut self, convention: Promotion) -> Self {
        self.read.iccf_promotion = convention;
        self.style.iccf = convention;
        self
    }

    /// Starts games whose text states no start of its own (no `FEN`
    /// tag, no position or odds written) from `fen`, a standard FEN; see
    /// [`start_fen`] for a FEN from odds or national letters.
    pub fn start(mut self, fen: Option<&'a str>) -> Self {
        self.read.start = fen;
        self
    }

    /// With FEN or EPD, writes every position of the main line.
    pub fn every_ply(mut self, every_ply: bool) -> Self {
        self.style.every_ply = every_ply;
        self
    }

    /// Keeps the game's moves, tags and positions in
    /// [`Converted::record`], as [`crate::Reader`] gives them.
    pub fn record(mut self, record: bool) -> Self {
        self.record = record;
        self
    }

    /// With `false`, a record keeps its main line as SAN text only
    /// ([`GameRecord::san_movetext`]), not a [`crate::MoveRecord`] per
    /// move.
    pub fn record_moves(mut self, keep: bool) -> Self {
        self.record_moves = keep;
        self
    }

    /// Reads piece letters as `letters` says.
    pub fn letters(mut self, letters: Letters<'a>) -> Self {
        self.read.letters = letters;
        self
    }

    /// Writes `format`.
    pub fn to(mut self, format: Format) -> Self {
        self.format = format;
        self
    }

    /// Writes piece letters of `lang`.
    pub fn to_lang(mut self, lang: &'a Language) -> Self {
        self.style.lang = lang;
        self
    }

    /// Checks that the options work together.
    ///
    /// # Errors
    ///
    /// Fails when FEN is asked for in letters that cannot write one.
    pub fn validate(&self) -> Result<(), OptionsError> {
        self.format.check(&self.style).map_err(OptionsError)
    }

    /// The format written.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether FEN or EPD is written for every ply.
    pub fn is_every_ply(&self) -> bool {
        self.style.every_ply
    }

    /// [`convert_game`](Converter::convert_game) on a game as the splitter
    /// cut it: a game over the size bound is rejected unread, lone CRs
    /// (classic Mac line ends) are read as line ends, and a game the input
    /// stopped inside is read for its findings but rejected, since what is
    /// written must be whole.
    pub fn convert_raw(&self, raw: &RawGame) -> Converted {
        if raw.oversized.is_some() {
            return Converted::too_large();
        }
        let mut converted = self.convert_game(&lone_cr_to_lf(&raw.text));
        if let Some(bytes) = &raw.original {
            // Bytes not valid in a UTF-8 input, each read as a character
            // of the encoding they look written in (see `pgn::split`).
            let strays = crate::decode::decode_stray_bytes(bytes);
            let word: String = strays.text[strays.first..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '"')
                .collect();
            let finding = Finding::game(
                    Kind::Encoding,
                    Severity::Warning,
                    format!(
                        "{} byte(s) not valid UTF-8, the input's encoding, each read as a character of {}",
                        strays.count,
                        strays.encoding.name()
                    ),
                )
                .at(u32::try_from(strays.first).unwrap_or(u32::MAX), &word);
            // In the order of the text, as the game's own findings are.
            let at = converted.findings.partition_point(|f| f.offset.unwrap_or(0) <= finding.offset.unwrap_or(0));
            converted.findings.insert(at, finding);
        }
        if raw.truncated {
            converted.rejected = true;
            converted.output = None;
            converted.findings.push(
                Finding::game(
                    Kind::Syntax,
                    Severity::Error,
                    "the input ends inside this game (cut short): rejected, not written as if whole",
                )
                .at(u32::try_from(raw.text.len()).unwrap_or(u32::MAX), ""),
            );
        }
        converted
    }

    /// Reads, verifies and renders one game. A game that does not replay
    /// gets the edits that would make it replay as suggestions. Where one
    /// edit alone explains a mistake and the game then replays well past
    /// it, the edit is made and the audit goes on, so that every mistake
    /// is reported at its own half-move; with repairing asked for, the
    /// game is written with every such edit made.
    pub fn convert_game(&self, text: &str) -> Converted {
        let mut rounds = Rounds::default();
        let mut current = text.to_owned();
        // After the first round the game is read as it was read first:
        // an edit must not change its letters or notation.
        let mut read_options = self.read;
        loop {
            let (mut game, found, options) = self.read_and_suggest(&current, read_options);
            // The only fix is made; without one, the likeliest is made
            // only to read on (the audit goes on past the mistake), and
            // the game is not repaired.
            let fix = if game.replay.failed {
                let seen = seen_confusions(&game, &rounds);
                self.weigh(&current, &found, &options, game.running_text, &seen)
            } else {
                None
            };
            // A legal but wrong move that the reading took the moves after
            // it for misprints to get past; or ones that explain a
            // misprint as well as the misprint does: the text fits two
            // games, and neither is written.
            // A game that fails is asked the same when its own fix is
            // only a guess: an earlier edit may read it to its end.
            let guessed = matches!(fix, Some(Fix::Guess(_)));
            let repair::earlier::EarlierSlips { explained: earlier, rivals } = if fix.is_none() || guessed {
                repair::earlier::earlier_slips(&game, &options)
            } else {
                Default::default()
            };
            for (_, explains) in &rivals {
                if !game.replay.undecided.contains(explains) {
                    game.replay.undecided.push(*explains);
                }
            }
            // (An earlier edit is looked for only where there is no fix
            // or a guess, and is taken before the guess.)
            let fix = earlier.clone().map(Fix::Sure).or(fix);
            rounds.tentative |= matches!(fix, Some(Fix::Guess(_)));
            // The only edit's confusion is one the text makes; made again,
            // it is the text's habit, not one more mistake to distrust.
            let confusion = match &fix {
                Some(Fix::Sure(edit) | Fix::Pending(edit)) => edit.confusion(),
                _ => None,
            };
            let habit = confusion.is_some_and(|c| rounds.seen.contains(&c));
            rounds.seen.extend(confusion);
            // Moves read as misprints are mistakes the reading has
            // already settled: repairing, the game is written with them.
            let misread_only = self.repair
                && !game.replay.failed
                && !game.replay.misreads.is_empty()
                && game.stopped_at().is_none();
            let failed = game.is_rejected() && !misread_only;
            let stopped = game.stopped_at().filter(|_| game.replay.failed && game.running_text);
            let mut findings = std::mem::take(&mut game.findings);
            repair::annotate(&mut findings, &found, &game.replay.misreads);
            if let Some(edit) = &earlier {
                // What follows the edit is read again with it made.
                findings.retain(|f| f.ply < edit.ply);
                findings.push(repair::earlier::finding(edit));
            }
            if !rivals.is_empty() {
                findings.extend(rivals.iter().map(|(edit, explains)| repair::earlier::rival_finding(edit, *explains)));
                findings.sort_by_key(|f| (f.offset.unwrap_or(0), f.ply));
            }
            // What an earlier round told is not told again; an earlier
            // half-move that this round's reading explains anew is.
            findings.retain(|f| {
                f.ply > rounds.told || f.ply == 0 || (is_explanation(f.kind) && !rounds.told_of(f))
            });
            let next = fix
                .filter(|_| (habit || rounds.novel < MAX_FIXES) && rounds.chain.len() < MAX_ROUNDS)
                .map(|fix| {
                    let edit = fix.into_edit();
                    (edit.apply(&current), edit)
                })
                .filter(|(repair, edit)| self.holds(&repair.text, edit, &options));
            let Some((repair, edit)) = next else {
                // A page damaged past the edits' reach: read whole, each
                // move past reading guessed, it gets a row for every
                // mistake. The game stays rejected; nothing guessed is
                // written.
                if let Some(stop) = stopped
                    && let Some(mut guessed) = self.guessed(text, &game, stop, &options)
                {
                    let findings = std::mem::take(&mut guessed.findings);
                    return self.finish(text, &guessed, true, findings, Rounds::default());
                }
                return self.finish(text, &game, failed, findings, rounds);
            };
            read_options = ReadOptions {
                notation: Some(game.notation),
                letters: options.letters.named(&game.letters),
                ..options
            };
            let misreads = std::mem::take(&mut game.replay.misreads);
            drop(game);
            current = repair.text.clone();
            rounds.first_edit = rounds.first_edit.min(edit.ply);
            rounds.tell(findings, &edit, &misreads);
            rounds.chain.push(repair);
            rounds.novel += usize::from(!habit);
        }
    }

    /// The edit to make, and how sure it is (see [`Fix`]): the only one
    /// the search found, unless it is a loose reading; in running text,
    /// which is mostly scanned, also the [`likeliest`] slip borne out by
    /// the moves after it; else a guess made to read on: the
    /// [`likeliest`] slip, or the edit (or move that fits a gap) under
    /// which the rest of the text reads furthest with the fewest
    /// contradicted marks.
    fn weigh(
        &self,
        text: &str,
        found: &[Suggestion],
        options: &ReadOptions<'_>,
        running_text: bool,
        seen: &[(char, char)],
    ) -> Option<Fix> {
        // With another mistake close after it, an edit is borne out by
        // too few moves to be sure at once.
        let borne_out = |s: &Suggestion| {
            s.reach == u32::MAX || s.reach >= s.ply + 2 * repair::confirming(running_text)
        };
        if let [only] = found
            && !only.edits.is_empty()
            && !only.slip.is_loose()
        {
            // On a scanned page slips come in runs (`Rbl—c3 Bf.S—g7`): the
            // game read to its end with each of them fixed bears them out.
            return Some(if borne_out(only) {
                Fix::Sure(only.clone())
            } else if running_text {
                Fix::Pending(only.clone())
            } else {
                Fix::Guess(only.clone())
            });
        }
        if let Some(likely) = likeliest(found, seen) {
            // A scanned page's slips are mostly misread characters.
            if running_text && borne_out(likely) {
                return Some(Fix::Sure(likely.clone()));
            }
            return Some(Fix::Guess(likely.clone()));
        }
        // Edits, and the moves that fit a gap, each weighed alike.
        let editable: Vec<&Suggestion> = found
            .iter()
            .flat_map(|s| std::iter::once(s).chain(&s.choices))
            .filter(|s| !s.edits.is_empty())
            .take(8)
            .collect();
        let mut weighed: Vec<_> = editable
            .iter()
            .map(|s| (evidence(text, s, options), *s))
            .collect();
        weighed.sort_by_key(|w| std::cmp::Reverse(w.0));
        // In running text, edits that tie are weighed one mistake further
        // on: the text read with each and the next mistake's best edit.
        let tied = weighed.iter().take_while(|w| w.0 == weighed[0].0).count();
        if tied > 1 && tied <= 3 && weighed[0].0.0 != u32::MAX {
            let deeper = |edit: &Suggestion| {
                let edited = edit.apply(text).text;
                let game = read(&edited, options);
                if !game.running_text {
                    return (0, std::cmp::Reverse(0));
                }
                repair::suggest(&game, options)
                    .iter()
                    .filter(|s| !s.edits.is_empty())
                    .take(3)
                    .map(|next| evidence(&edited, next, options))
                    .max()
                    .unwrap_or((0, std::cmp::Reverse(0)))
            };
            for w in weighed.iter_mut().take(tied) {
                let further = deeper(w.1);
                w.0 = further.max(w.0);
            }
            weighed.sort_by_key(|w| std::cmp::Reverse(w.0));
        }
        weighed.first().map(|(_, s)| Fix::Guess((*s).clone()))
    }

    /// `text` read with each move past reading guessed from the moves
    /// after it, when so it reads well past `stop`, the half-move where
    /// `game` stopped.
    fn guessed<'t>(
        &self,
        text: &'t str,
        game: &Game<'_>,
        stop: u32,
        options: &ReadOptions<'_>,
    ) -> Option<Game<'t>> {
        let options = ReadOptions {
            notation: Some(game.notation),
            letters: options.letters.named(&game.letters),
            ..*options
        };
        let guessed = read_guessing(text, &options);
        (guessed.replay.main_plies >= stop + repair::CONFIRMING).then_some(guessed)
    }

    /// Whether the text with `edit` made reads on well past it.
    fn holds(&self, text: &str, edit: &Suggestion, options: &ReadOptions<'_>) -> bool {
        let game = read(text, options);
        let reached = if game.replay.failed {
            game.stopped_at().unwrap_or(0)
        } else {
            game.replay.main_plies + repair::CONFIRMING
        };
        reached >= edit.ply + repair::confirming(game.running_text)
    }

    /// The converted game after the fixes of `rounds`: the game as read
    /// last, with the findings of the earlier rounds.
    fn finish(
        &self,
        text: &str,
        game: &Game<'_>,
        failed: bool,
        mut findings: Vec<Finding>,
        rounds: Rounds,
    ) -> Converted {
        let fixed = !rounds.chain.is_empty();
        let misread = !game.replay.misreads.is_empty();
        let repaired = (fixed || misread)
            && self.repair
            && !rounds.tentative
            && !failed
            && game.replay.undecided.is_empty();
        // Unrepaired, the game as a whole is the game as written.
        if !repaired && fixed {
            // The letters stay those of the first reading; a first reading
            // that failed told none, so the last one's are told.
            let told_letters = rounds.whole.iter().any(|f| f.kind == Kind::LetterSet);
            findings.retain(|f| f.ply > 0 || (f.kind == Kind::LetterSet && !told_letters));
            findings.extend(rounds.whole);
        }
        for f in &mut findings {
            f.offset = f.offset.map(|o| original(&rounds.chain, o));
        }
        // Repaired, each edit's row tells what it explains; else the
        // findings stand as found.
        let mut all: Vec<Finding> = rounds
            .earlier
            .into_iter()
            .filter(|(_, by_repair)| !(repaired && *by_repair))
            .map(|(f, _)| f)
            .collect();
        all.append(&mut findings);
        // Repaired, a move read as a misprint is a repair made.
        for f in &mut all {
            if repaired && f.severity == Severity::Error && game.replay.misreads.contains(&f.ply) {
                f.kind = Kind::Repaired;
                f.severity = Severity::Warning;
                f.message = format!("repaired: {}", f.message);
            }
        }
        if fixed {
            all.sort_by_key(|f| (f.offset.unwrap_or(0), f.ply));
        }
        // Each round's findings were bounded; together they may not be.
        cap(&mut all);
        // Unrepaired, a game with mistakes is rejected as written.
        let rejected = failed || (fixed && !repaired) || !game.replay.undecided.is_empty();
        if !repaired {
            all.retain(|f| f.kind != Kind::Repaired);
        }
        let output = (!rejected).then(|| self.render(game)).flatten();
        let (white, black) = players(game);
        let record = self.record.then(|| {
            let origin = Location {
                byte: 0,
                line: 1,
                column: 1,
            };
            // Unrepaired, the moves as written go as far as the first edit.
            let limit = if fixed && !repaired {
                rounds.first_edit.saturating_sub(1) as usize
            } else {
                usize::MAX
            };
            let (moves, san_line, plies, end) = if self.record_moves {
                let mut moves =
                    record::moves(game, text, origin, |o| original(&rounds.chain, o));
                moves.truncate(limit);
                let end = moves.last().map_or(game.start.clone(), |m| {
                    let mut after = m.before.clone();
                    after.play_unchecked(m.mv);
                    after
                });
                let plies = moves.len() as u32;
                (moves, None, plies, end)
            } else {
                let (line, plies, end) = record::san_line(game, limit);
                (Vec::new(), Some(line), plies, end)
            };
            GameRecord {
                index: 0,
                location: origin,
                tags: game
                    .lexed
                    .tags
                    .iter()
                    .map(|t| (t.name.clone(), t.value.clone()))
                    .collect(),
                moves,
                san_line,
                plies,
                start: game.start.clone(),
                end,
                result: game_result(game),
                // The findings, output and places in the input are the
                // caller's to fill in, from the fields beside it.
                findings: Vec::new(),
                finding_locations: Vec::new(),
                output: None,
                rejected,
                repaired,
                notation: game.notation.name(),
                letters: game.letters.clone(),
            }
        });
        Converted {
            output,
            rejected,
            white,
            black,
            letters: game.letters.clone(),
            notation: game.notation.name(),
            findings: all,
            repaired,
            record,
        }
    }

    /// The game read, the edits that would make it replay if it does not,
    /// and the options it was read with. A game whose letters were
    /// detected may have failed under letters that a slip made look
    /// likelier (`Hc3` in an English game reads on as Hungarian until
    /// the next `N`); when no edit works under those, each other letter
    /// set is tried.
    fn read_and_suggest<'t>(
        &self,
        text: &'t str,
        read_options: ReadOptions<'a>,
    ) -> (Game<'t>, Vec<Suggestion>, ReadOptions<'a>) {
        // A search cut short may have missed other edits: it repairs
        // nothing.
        let search = |game: &Game<'_>, options: &ReadOptions<'_>| {
            if self.repair {
                repair::suggest_all(game, options).unwrap_or_default()
            } else {
                repair::suggest(game, options)
            }
        };
        let game = read(text, &read_options);
        let found = search(&game, &read_options);
        // Text in which no move was read at all is no game to search.
        if !found.is_empty()
            || !game.replay.failed
            || game.replay.resolved == 0
            || !matches!(read_options.letters, Letters::Auto)
        {
            return (game, found, read_options);
        }
        for (lang, name) in letter_tables(game.notation, Letters::Auto, text) {
            if name == game.letters {
                continue;
            }
            let options = ReadOptions {
                notation: Some(game.notation),
                letters: Letters::Fixed(lang),
                ..read_options
            };
            let other = read(text, &options);
            // Letters that stop sooner, or read the moves before the
            // failure only as misprints, read them worse.
            let stopped = game.stopped_at().unwrap_or(u32::MAX);
            if other.stopped_at().unwrap_or(u32::MAX) < stopped
                || other.replay.misreads.iter().any(|&ply| ply < stopped)
            {
                continue;
            }
            let found = search(&other, &options);
            if !found.is_empty() {
                return (other, found, options);
            }
        }
        (game, Vec::new(), read_options)
    }

    fn render(&self, game: &Game<'_>) -> Option<String> {
        (self.format != Format::None).then(|| output::render(game, self.format, &self.style))
    }
}

/// An edit the audit makes to read on past a mistake, by how sure it is.
enum Fix {
    /// The only edit, or the likeliest slip of a scanned page, borne out
    /// by the moves after it.
    Sure(Suggestion),
    /// In running text, the only edit, with another mistake too close
    /// after it to bear it out: sure once the game, with every later
    /// mistake fixed, reads to its end (a repaired game always does).
    Pending(Suggestion),
    /// One of several edits, made only to read on: the game is not
    /// repaired.
    Guess(Suggestion),
}

impl Fix {
    fn into_edit(self) -> Suggestion {
        match self {
            Fix::Sure(s) | Fix::Pending(s) | Fix::Guess(s) => s,
        }
    }
}

/// Edits made at most in one game, a confusion the text makes again not
/// counted: past that, a text is too broken for one fix after another to
/// be trusted.
const MAX_FIXES: usize = 16;
/// Edits made at most in one game, whatever they are: each costs a new
/// reading and search.
const MAX_ROUNDS: usize = 48;

/// What the rounds of an audit that goes on past its fixes have found.
struct Rounds {
    /// The edits made, in order; offsets map back through them.
    chain: Vec<Repair>,
    /// Findings of the earlier rounds, in the original text, each with
    /// whether a `repaired` row tells it once the game is repaired.
    earlier: Vec<(Finding, bool)>,
    /// Findings up to this half-move were told in an earlier round.
    told: u32,
    /// The findings about the game as a whole, as written.
    whole: Vec<Finding>,
    /// Whether a fix was only a guess made to read on.
    tentative: bool,
    /// The earliest half-move an edit was made at.
    first_edit: u32,
    /// The confusions of characters (printed, meant) that the edits
    /// found alone undid.
    seen: Vec<(char, char)>,
    /// The edits made that undid no confusion seen before.
    novel: usize,
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds {
            chain: Vec::new(),
            earlier: Vec::new(),
            told: 0,
            whole: Vec::new(),
            tentative: false,
            first_edit: u32::MAX,
            seen: Vec::new(),
            novel: 0,
        }
    }
}

impl Rounds {
    /// Whether an earlier round told of `f`'s kind at its half-move.
    fn told_of(&self, f: &Finding) -> bool {
        self.earlier
            .iter()
            .any(|(e, _)| e.ply == f.ply && e.kind == f.kind)
    }

    /// Keeps what a round found before `edit` is made: its mistakes up to
    /// where the reading failed (the later ones come in the rounds after
    /// it, read from the edited text), what the game as a whole was found
    /// to be, and a row for the edit.
    fn tell(&mut self, mut findings: Vec<Finding>, edit: &Suggestion, misreads: &[u32]) {
        // An edit found from the first move read as a misprint explains
        // the rows after it, which are read again with it made.
        let failed_at = if misreads.contains(&edit.failed_at) {
            edit.failed_at
        } else {
            findings
                .iter()
                .filter(|f| f.severity == Severity::Error)
                .map(|f| f.ply)
                .max()
                .unwrap_or(0)
        };
        let failed_at = failed_at
            .max(edit.ply)
            .max(edit.partner.as_ref().map_or(0, |(ply, _)| *ply));
        if self.chain.is_empty() {
            self.whole = findings.iter().filter(|f| f.ply == 0).cloned().collect();
        }
        findings.retain(|f| f.ply <= failed_at && f.ply > 0);
        self.told = failed_at;
        for mut f in findings {
            f.offset = f.offset.map(|o| original(&self.chain, o));
            // Repaired, what the edit explains is told by its own row; a
            // move read as a misprint is no part of it.
            let by_repair = f.ply == edit.ply
                || edit.partner.as_ref().is_some_and(|(ply, _)| f.ply == *ply)
                || f.severity == Severity::Error && !misreads.contains(&f.ply);
            self.earlier.push((f, by_repair));
        }
        let message = format!("repaired: {}", edit.describe());
        for part in edit.at_each_ply() {
            let at = part.edits.first().map_or(0, |(r, _)| r.start);
            let made = part.finding(Kind::Repaired, Severity::Warning, message.clone(), original(&self.chain, at));
            self.earlier.push((made, false));
        }
    }
}

/// Among several edits, the only one that undoes a misread character or a
/// letter of another language, where the others change the move more;
/// or else the only one that undoes a confusion the text is `seen` to
/// make elsewhere (a `5` printed for a `3` in a move number).
fn likeliest<'s>(found: &'s [Suggestion], seen: &[(char, char)]) -> Option<&'s Suggestion> {
    if let [first, second, ..] = found
        && !first.edits.is_empty()
        && matches!(first.slip, Slip::Ocr | Slip::Letters)
        && second.slip > first.slip
    {
        return Some(first);
    }
    let mut attested = found.iter().filter(|s| match s.edits.as_slice() {
        [_] => s.confusion().is_some_and(|p| seen.contains(&p)),
        _ => false,
    });
    match (attested.next(), attested.next()) {
        (Some(only), None) if found.len() > 1 => Some(only),
        _ => None,
    }
}

/// The confusions of characters `game`'s text is seen to make: its
/// misprinted move numbers (`5` for `3`), and the edits `rounds` made
/// sure of.
fn seen_confusions(game: &Game<'_>, rounds: &Rounds) -> Vec<(char, char)> {
    let numbers = game
        .misnumbered
        .iter()
        .filter_map(|m| substitution(&m.printed, &m.meant.to_string()));
    numbers.chain(rounds.seen.iter().copied()).collect()
}

/// Whether `kind` explains a mistake by an earlier half-move (a legal
/// move the rest contradicts, swapped or missing half-moves).
fn is_explanation(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::WrongMoveLegal | Kind::SwappedMoves | Kind::MissingMoves
    )
}

/// How well the rest of `text` bears out `edit`: how far the text with it
/// made reads (`u32::MAX`: to its end), then how few marks it contradicts
/// and moves it reads only as misprints.
fn evidence(
    text: &str,
    edit: &Suggestion,
    options: &ReadOptions<'_>,
) -> (u32, std::cmp::Reverse<usize>) {
    let repaired = edit.apply(text);
    let game = read(&repaired.text, options);
    let reached = game.stopped_at().unwrap_or(u32::MAX);
    let marks = game
        .findings
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                Kind::WrongCheckMark | Kind::WrongMateMark | Kind::WrongCaptureMark
            )
        })
        .count();
    (reached, std::cmp::Reverse(marks + game.replay.misreads.len()))
}

/// The offset in the original text of `offset` in the text after every
/// repair of `chain`.
fn original(chain: &[Repair], offset: u32) -> u32 {
    chain.iter().rev().fold(offset, |o, r| r.original_offset(o))
}

/// The result `game` has written: its termination marker, else its
/// Result tag, else `*`.
fn game_result(game: &Game<'_>) -> String {
    game.replay
        .result
        .and_then(|t| game.lexed.tokens.get(t as usize))
        .and_then(|t| game.text.get(t.span.start as usize..t.span.end as usize))
        .or_else(|| game.tag("Result"))
        .unwrap_or("*")
        .to_owned()
}

/// The White and Black tags of `game`.
fn players(game: &Game<'_>) -> (String, String) {
    let tag = |name| game.tag(name).unwrap_or("").to_owned();
    (tag("White"), tag("Black"))
}

/// One game converted.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The rendered game; `None` when rejected or when nothing is written.
    pub output: Option<String>,
    /// Whether the game is rejected.
    pub rejected: bool,
    /// The White tag.
    pub white: String,
    /// The Black tag.
    pub black: String,
    /// The letter set the game was read with.
    pub letters: String,
    /// The notation the game was read in (empty when unread).
    pub notation: &'static str,
    /// Every finding.
    pub findings: Vec<Finding>,
    /// Whether the game was repaired.
    pub repaired: bool,
    /// The game's moves, tags and positions, when the converter was
    /// asked to keep them ([`Converter::record`]); its findings and
    /// output stay in the fields above.
    pub record: Option<GameRecord>,
}

impl Converted {
    /// A game too large to read: rejected, unread, with one finding.
    pub fn too_large() -> Converted {
        let limit = crate::pgn::split::MAX_GAME_BYTES >> 20;
        Converted {
            output: None,
            rejected: true,
            white: String::new(),
            black: String::new(),
            letters: String::new(),
            notation: "",
            findings: vec![Finding::game(
                crate::audit::Kind::TooLarge,
                Severity::Error,
                format!(
                    "game larger than {limit} MiB (or a line longer than that); written to the rejects unread"
                ),
            )],
            repaired: false,
            record: None,
        }
    }

    /// Whether anything of warning severity or worse was found.
    pub fn has_problems(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity >= Severity::Warning)
    }
}

/// Every game of `text`, as a text could not be converted.
#[derive(Debug, Clone)]
pub struct RejectedGames(pub Vec<(u64, Vec<Finding>)>);

impl fmt::Display for RejectedGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (game, findings) in &self.0 {
            for finding in findings.iter().filter(|f| f.severity == Severity::Error) {
                writeln!(f, "game {game}, ply {}: {}", finding.ply, finding.message)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for RejectedGames {}

/// Converts every game of `text` to English PGN, reading SAN in any
/// language.
///
/// # Errors
///
/// Fails with the rejected games' findings when any game cannot be
/// converted.
pub fn convert_str(text: &str) -> Result<String, RejectedGames> {
    let converter = Converter::new();
    let mut out = String::new();
    let mut rejected = Vec::new();
    for game in Splitter::new(text.as_bytes()).flatten() {
        let converted = converter.convert_game(&game.text);
        match converted.output {
            Some(pgn) => out.push_str(&pgn),
            None => rejected.push((game.index, converted.findings)),
        }
    }
    if rejected.is_empty() {
        Ok(out)
    } else {
        Err(RejectedGames(rejected))
    }
}

/// The standard FEN of a start a user states: a FEN (national letters
/// and a piece list welcome, as `scoresheet fen` reads them) or, with
/// `odds`, the odds' name (`pawn-and-move`, `pawn`, `knight`, `rook`,
/// `queen`).
pub fn start_fen(fen: Option<&str>, odds: Option<&str>) -> Result<Option<String>, OptionsError> {
    match (fen, odds) {
        (Some(_), Some(_)) => Err(OptionsError(
            "--start and --odds both state a start; give one".into(),
        )),
        (Some(fen), None) => {
            let read = if fen.contains('/') {
                crate::notation::fen::parse_fen(fen, Letters::Auto)
            } else {
                crate::notation::fen::parse_piece_list(fen, Letters::Auto, shakmaty::Color::White)
            };
            read.map(|r| Some(r.fen))
                .map_err(|e| OptionsError(format!("--start: {e}")))
        }
        (None, Some(name)) => crate::document::odds::named(name)
            .map(|w| Some(w.fen))
            .ok_or_else(|| {
                let names: Vec<&str> = crate::document::odds::names().collect();
                OptionsError(format!(
                    "--odds: unknown odds {name:?}; known: {}",
                    names.join(", ")
                ))
            }),
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    fn edit(written: &str, edited: &str, slip: Slip) -> Suggestion {
        Suggestion {
            ply: 7,
            slip,
            edits: vec![(0..written.len() as u32, edited.to_owned())],
            written: written.to_owned(),
            moves: String::new(),
            before: Chess::default(),
            reach: 20,
            choices: Vec::new(),
            partner: None,
            failed_at: 7,
        }
    }

    #[test]
    fn a_page_damaged_throughout_gets_a_row_for_every_damaged_move() {
        // The Opera game, scanned: every `K` an `X` (a habit of the text),
        // and six moves damaged past the reach of one edit each.
        let text = "A Game at the Opera.\n\n1 P to X 4 1 P to X 4 2 Xt to X B 3 2 P to Q 3 \
            3 P to Q i 3 B to X Xt 5 4 P takes P 4 B takes Xt 5 Q takes B 5 1' fakes l! \
            6 B to Q B 4 6 Xt to X B 3 7 Q to Q Xt 3 7 Q to X 2 8 Xt to Q B 3 8 P to Q B 3 \
            9 B to X Xt 5 9 P to Q Xt 1 10 Xt takes P 10 P takes Xt 11 B takes P ch \
            11 Q Xt to Q 2 12 Castles (Q R) 12 R to Q sq 13 R takes Xt 13 ]Uakes R \
            14 R to Q sq 14 Q to X a 15 B takes R ch 15 Xt takes B 16 Q to Q Xt 8 ch \
            16 Xt takes Q 17 R to Q 8 mate.";
        let converted = Converter::new().convert_game(text);
        assert!(converted.rejected && converted.output.is_none());
        let rows = |kind: Kind| -> Vec<(u32, Option<String>)> {
            converted
                .findings
                .iter()
                .filter(|f| f.kind == kind)
                .map(|f| (f.ply, f.suggestion.split(' ').next().map(str::to_owned)))
                .collect()
        };
        let damaged = rows(Kind::Unparseable);
        let plies: Vec<u32> = damaged.iter().map(|d| d.0).collect();
        assert_eq!(plies, [5, 10, 18, 26, 28], "{damaged:?}");
        // The moves after each settle what it was.
        let first: Vec<&str> = damaged.iter().filter_map(|d| d.1.as_deref()).collect();
        assert_eq!(first, ["d4", "dxe5", "b5", "Rxd7", "Qe6"]);
    }

    /// The Opera game as a page prints it, with Black's ninth move
    /// damaged as `damaged` and Black's fourteenth misprinted (`Qc6` for
    /// `Qe6`); each row at its ply, by kind, with its suggestions.
    fn opera_damaged_at_black_ninth(damaged: &str) -> Vec<(u32, Kind, String)> {
        let text = format!(
            "Morphy against the Duke and the Count, Paris 1858.\n\n\
             1) e4 e5 2) Nf3 d6 3) d4 Bg4 4) dxe5 Bxf3 5) Qxf3 dxe5 6) Bc4 Nf6 7) Qb3 Qe7\n\
             8) Nc3 c6 9) Bg5 {damaged}10) Nxb5 cxb5 11) Bxb5+ Nbd7 12) O-O-O Rd8\n\
             13) Rxd7 Rxd7 14) Rd1 Qc6 15) Bxd7+ Nxd7 16) Qb8+ Nxb8 17) Rd8 mate.\n"
        );
        let converted = Converter::new().convert_game(&text);
        assert!(converted.rejected);
        converted
            .findings
            .into_iter()
            .filter(|f| f.ply > 0)
            .map(|f| (f.ply, f.kind, f.suggestion))
            .collect()
    }

    #[test]
    fn a_move_left_out_of_a_damaged_page_is_guessed_and_the_audit_reads_on() {
        // Black's ninth is not printed; `10) Nxb5` captures, so `b5` is
        // the likeliest of the moves after which the page reads on, and
        // the misprint five moves later still gets its row.
        let rows = opera_damaged_at_black_ninth("");
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!((rows[0].0, rows[0].1), (18, Kind::MissingMoves));
        assert_eq!(rows[0].2.split(' ').next(), Some("b5"), "{rows:?}");
        assert_eq!(rows[1].0, 28);
        assert!(rows[1].2.split(' ').any(|m| m == "Qe6"), "{rows:?}");
    }

    #[test]
    fn a_move_printed_as_its_rank_alone_is_read_from_the_moves_that_fit() {
        // `9) Bg5 5 10) Nxb5`: the `5` left of `b5` is no move number; it
        // is the move, misread, and only the pawn moves to a fifth rank
        // that the page reads on after are suggested.
        let rows = opera_damaged_at_black_ninth("5 ");
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!((rows[0].0, rows[0].1), (18, Kind::Unparseable));
        let suggested: Vec<&str> = rows[0].2.split(' ').collect();
        assert!(suggested.contains(&"b5") && suggested.iter().all(|m| m.ends_with('5')), "{rows:?}");
        assert_eq!(rows[1].0, 28);
    }

    #[test]
    fn a_legal_slip_that_running_text_reads_past_is_traced_back() {
        // `gxf3` for `Qxf3`: legal, until the queen cannot go to b3; the
        // heading makes it running text, whose reader reads `Qb3` as the
        // move nearest to it and goes on.
        let text = "Morphy – Duke of Brunswick and Count Isouard, Paris 1858\n\n\
                    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. gxf3 dxe5 6. Bc4 Nf6 \
                    7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 \
                    13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0";
        let audited = Converter::new().convert_game(text);
        assert_eq!(row_at(&audited, 9), Some((Kind::WrongMoveLegal, vec!["Qxf3".to_owned()])));
        // Nothing past the move that showed it, which is read again.
        assert!(audited.findings.iter().all(|f| f.ply <= 13), "{:?}", audited.findings);
        let repaired = Converter::new().repair(true).convert_game(text);
        assert!(repaired.repaired && !repaired.rejected, "{:?}", repaired.findings);
    }

    /// The kind and suggested moves of the first row at half-move `ply`.
    fn row_at(converted: &Converted, ply: u32) -> Option<(Kind, Vec<String>)> {
        converted
            .findings
            .iter()
            .find(|f| f.ply == ply)
            .map(|f| (f.kind, f.suggestion.split(' ').map(str::to_owned).collect()))
    }

    #[test]
    fn boxes_left_empty_in_a_row_each_get_a_row_and_the_sheet_reads_on() {
        // Black's third box and White's fourth left empty, one after the
        // other, and `Ng8` written for `Ng3` later: a row at each box,
        // naming the move played among those that fit, and the slip after
        // them found too.
        let sheet = "Club championship, round 5\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 ...\n4. ... Nf6\n\
            5. O-O Be7\n6. Re1 b5\n7. Bb3 d6\n8. c3 O-O\n9. h3 Na5\n10. Bc2 c5\n11. d4 Qc7\n\
            12. Nbd2 cxd4\n13. cxd4 Bd7\n14. Nf1 Rac8\n15. Ng8 Nc4\n";
        let converted = Converter::new().convert_game(sheet);
        let row = |ply: u32| row_at(&converted, ply);
        let (kind, fits) = row(6).expect("a row for Black's empty third box");
        assert_eq!(kind, Kind::MissingMoves);
        assert!(fits.iter().any(|m| m == "a6"), "{fits:?}");
        let (kind, fits) = row(7).expect("a row for White's empty fourth box");
        assert_eq!(kind, Kind::MissingMoves);
        assert!(fits.iter().any(|m| m == "Ba4"), "{fits:?}");
        let (_, fits) = row(29).expect("a row for Ng8");
        assert!(fits.iter().any(|m| m == "Ng3"), "{fits:?}");
    }

    #[test]
    fn an_empty_box_is_repaired_only_when_the_rest_of_the_sheet_decides_it() {
        // White's third box: only Bb5 lets 4. Ba4 follow. Written as
        // repaired.
        let decided = "Sheet\n1. e4 e5\n2. Nf3 Nc6\n3. ... a6\n4. Ba4 Nf6\n5. O-O Be7\n";
        let converted = Converter::new().repair(true).convert_game(decided);
        assert!(converted.repaired && !converted.rejected, "{:?}", converted.findings);
        let output = converted.output.unwrap_or_default();
        assert!(output.contains("3. Bb5 a6"), "{output}");
        // Black's third box: a6, g6, Nd4 … all let the sheet go on; the
        // sheet does not tell which, so nothing is written as repaired.
        let undecided = "Sheet\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 ...\n4. Ba4 Nf6\n5. O-O Be7\n";
        let converted = Converter::new().repair(true).convert_game(undecided);
        assert!(!converted.repaired && converted.rejected, "{:?}", converted.findings);
        let row = converted.findings.iter().find(|f| f.ply == 6).expect("a row for the box");
        assert!(row.message.contains("does not tell which"), "{}", row.message);
        assert!(row.suggestion.split(' ').any(|m| m == "a6"), "{}", row.suggestion);
    }

    #[test]
    fn a_misprint_that_a_swap_explains_as_well_is_not_repaired() {
        // Black's twelfth and thirteenth in each other's boxes: read as
        // misprints, `Nc4` and `Nh5` give one game, read as a swap
        // another; the sheet does not tell which, so nothing is repaired.
        let sheet = "Sheet\n1. e4 d6\n2. d4 g6\n3. Nc3 Bg7\n4. Be3 a6\n5. g4 Nf6\n6. h3 O-O\n\
            7. Bg2 e5\n8. Nge2 Nc6\n9. f4 exd4\n10. Nxd4 Bd7\n11. O-O Re8\n12. Nde2 Nc4\n\
            13. Ng3 Na5\n14. Bc1 Bc6\n15. g5 Qd7\n16. f5 Nh5\n17. Nge2 h5\n";
        let converted = Converter::new().repair(true).convert_game(sheet);
        assert!(!converted.repaired && converted.rejected, "{:?}", converted.findings);
        assert!(converted.output.is_none());
        let swaps: Vec<_> = converted
            .findings
            .iter()
            .filter(|f| f.kind == Kind::SwappedMoves)
            .map(|f| (f.ply, f.suggestion.as_str()))
            .collect();
        assert_eq!(swaps, [(24, "Na5"), (26, "Nc4")]);
    }

    #[test]
    fn a_misprint_that_a_swap_explains_less_well_is_repaired_and_the_swap_not_told() {
        // `14. Bc1` for `Bc4`: swapped with `15. Ba3` it is legal, but the
        // sheet then stops at `15 … Bxa3` (nothing on a3); read as a
        // misprint it reads to its end. The swap is no explanation.
        let sheet = "Sheet\n1. d4 Nf6\n2. c4 e6\n3. Nf3 d5\n4. Nc3 c6\n5. Qd3 dxc4\n6. Qxc4 b5\n\
            7. Qd3 a6\n8. e4 c5\n9. e5 c4\n10. Qb1 Nd5\n11. a4 b4\n12. Ne4 c3\n13. bxc3 bxc3\n\
            14. Bc1 Nc6\n15. Ba3 Bxa3\n16. Rxa3 O-O\n17. Neg5 g6\n18. O-O Rb8\n19. Qc1 Rb4\n\
            20. Bxd5 Qxd5\n21. Rxc3 Bb7\n22. Rc5 Nxd4\n23. Rxd5 Ne2+\n";
        let converted = Converter::new().repair(true).convert_game(sheet);
        assert!(converted.repaired && !converted.rejected, "{:?}", converted.findings);
        assert!(converted.output.unwrap_or_default().contains("14. Bc4 Nc6"));
        assert!(converted.findings.iter().all(|f| f.kind != Kind::SwappedMoves), "{:?}", converted.findings);
    }

    #[test]
    fn a_misprint_two_moves_are_as_near_to_is_not_repaired() {
        // `d2-d`: d3 and d4 are one character away, and the game goes on
        // after either; which was played the text does not tell.
        let text = "Game\n1. e2-e4 e7-e5\n2. Ng1-f3 Nb8-c6\n3. Bf1-c4 Bf8-c5\n4. c2-c3 Ng8-f6\n\
            5. d2-d O-O\n6. O-O d7-d6\n7. h2-h3 a7-a6\n8. Rf1-e1 Bc5-a7\n9. Nb1-d2 Bc8-e6\n";
        let converted = Converter::new().repair(true).convert_game(text);
        assert!(!converted.repaired && converted.rejected, "{:?}", converted.findings);
        let row = converted.findings.iter().find(|f| f.ply == 9).expect("a row for d2-d");
        let suggested: Vec<&str> = row.suggestion.split(' ').collect();
        assert!(suggested.contains(&"d3") && suggested.contains(&"d4"), "{}", row.suggestion);
    }

    #[test]
    fn a_legal_move_that_shows_wrong_thirty_moves_later_is_found() {
        // `11. Rf1-e1` for `Rf1-d1`: legal, and the game goes on until the
        // rook takes on d4 from d1 at the 27th move, 32 half-moves on.
        let text = "Game\n1. d2-d4 d7-d5\n2. c2-c4 e7-e6\n3. Ng1-f3 Ng8-f6\n\
            4. Nb1-c3 d5xc4\n5. e2-e4 Bf8-b4\n6. Bf1xc4 Nf6xe4\n7. O-O Ne4-f6\n\
            8. Qd1-a4+ Nb8-c6\n9. Nf3-e5 Ra8-b8\n10. Ne5xc6 b7xc6\n11. Rf1-e1 O-O\n\
            12. Qa4xa7 Bc8-d7\n13. Qa7-a4 c6-c5\n14. Qa4-c2 Bd7-c6\n15. a2-a3 Bb4xc3\n\
            16. b2xc3 Qd8-d6\n17. Bc4-e2 Bc6-e4\n18. Qc2-d2 Rf8-d8\n19. a3-a4 Qd6-c6\n\
            20. f2-f3 Be4-g6\n21. Be2-b5 Qc6-a8\n22. Bc1-a3 c5xd4\n23. c3xd4 e6-e5\n\
            24. Qd2-c1 e5xd4\n25. Ba3-e7 Qa8-a7\n26. Be7-c5 Qa7-a5\n27. Rd1xd4 c7-c6\n\
            28. Rd4xd8+ Rb8xd8\n29. Bb5xc6 Rd8-c8\n30. Bc6-b5 h7-h6\n31. Qc1-c4 Bg6-d3\n\
            32. Qc4-b4 Qa5xb4\n33. Bc5xb4 Bd3xb5\n34. a4xb5 Rc8-b8\n35. Ra1-a5 Nf6-d7\n";
        let converted = Converter::new().convert_game(text);
        let row = converted
            .findings
            .iter()
            .find(|f| f.kind == Kind::WrongMoveLegal)
            .expect("the legal but wrong move found");
        assert_eq!((row.ply, row.suggestion.as_str()), (21, "Rd1"), "{}", row.message);
        assert!(converted.findings.iter().all(|f| f.ply <= 21), "{:?}", converted.findings);
    }

    #[test]
    fn a_postal_card_with_dates_beside_each_move_reads_the_moves() {
        // ICCF numeric with the dates each move was received and sent.
        let card = " No.  White  received  sent        Black  received  sent\n\
            \x20 1   5254   --------  02.03.25    5755   06.03.25  11.03.25\n\
            \x20 2   7163   14.03.25  18.03.25    2836   21.03.25  23.03.25\n\
            \x20 3   6125   27.03.25  30.03.25    1716   02.04.25  04.04.25\n\
            \x20 4   2514   08.04.25  11.04.25    7866   15.04.25  19.04.25\n";
        let converted = Converter::new().convert_game(card);
        assert!(!converted.rejected, "{:?}", converted.findings);
        // The dates stay, as comments after the moves.
        let output = converted.output.unwrap_or_default();
        let moves: Vec<&str> = output
            .split(['{', '}'])
            .step_by(2)
            .flat_map(str::split_whitespace)
            .filter(|w| !w.ends_with('.'))
            .collect();
        assert!(moves.ends_with(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "*"]), "{output}");
        assert!(output.contains("02.03.25}"), "{output}");
    }

    #[test]
    fn dots_after_a_number_in_print_are_blacks_move_following_not_an_empty_box() {
        // White's fifth printed, a note, then Black's fifth under the
        // number again with dots: nothing is missing.
        let text = "1. P - K 4  P - K 4\n2. Kt - K B 3  Kt - Q B 3\n3. B - Kt 5  P - Q R 3\n\
            4. B - R 4  Kt - B 3\n5. Castles\n\nThe usual move.\n\n5. ........  B - K 2\n\
            6. R - K sq  P - Q Kt 4\n7. B - Kt 3  P - Q 3\n";
        let converted = Converter::new().convert_game(text);
        assert!(
            converted.findings.iter().all(|f| f.kind != Kind::MissingMoves),
            "{:?}",
            converted.findings
        );
        assert!(!converted.rejected, "{:?}", converted.findings);
    }

    #[test]
    fn blacks_move_after_a_note_is_no_empty_box_when_whites_is_printed_before_it() {
        // White's eighteenth printed with an evaluation glued to it, a
        // note quoting the number, then Black's eighteenth under its number
        // with dots: White's move is the one printed, not an empty box.
        let text = "1) P4R, P3R; 2) P4D, P4D; 3) PxP, PxP; 4) A3D, C3AD; 5) P3AD, A3D;\n\
            6) C3A, A5CR; 7) O-O, CR2R; 8) T1R, D2D; 9) A2R, O-O-O; 10) C5R,\n\
            AxA; 11) DxA, AxC; 12) PxA, TD1R; 13) P4CD, C4A; 14) A4A, P4CR; 15)\n\
            P5C, CxP; 16) AxC, P3AR; 17) D2D, PxA; 18) DxCP+/-\n\n\
            Mejor era 18) P3TR, T2R 19) R1A, P4TR.\n\n\
            18) ... T(1TR)1C; 19) D5T, P5R; 20) D3T, T3C; 21) C3T, TD1C;\n";
        let converted = Converter::new().convert_game(text);
        assert!(!converted.rejected, "{:?}", converted.findings);
        assert!(
            converted.findings.iter().all(|f| f.kind != Kind::MissingMoves),
            "{:?}",
            converted.findings
        );
    }

    #[test]
    fn two_moves_written_in_each_others_boxes_get_a_row_at_each() {
        // White's third and fourth moves swapped: each box gets its row,
        // naming the move that belongs there.
        let sheet = "1. e4 e5\n2. Nf3 Nc6\n3. Ba4 a6\n4. Bb5 Nf6\n5. O-O Be7\n6. Re1 b5\n7. Bb3 d6\n";
        let converted = Converter::new().convert_game(sheet);
        let rows: Vec<(u32, Kind, &str)> = converted
            .findings
            .iter()
            .filter(|f| f.kind == Kind::SwappedMoves)
            .map(|f| (f.ply, f.kind, f.suggestion.as_str()))
            .collect();
        assert_eq!(
            rows,
            [(5, Kind::SwappedMoves, "Bb5"), (7, Kind::SwappedMoves, "Ba4")],
            "{:?}",
            converted.findings
        );
    }

    #[test]
    fn empty_boxes_of_a_scoresheet_are_reported_with_every_move_that_fits() {
        // A sheet, one move a box: Black's sixth box and White's eighth
        // left empty (`...`), and `Qc6` written for `Qe6` later. Each gets
        // its row at its half-move; an empty box lists every move after
        // which the sheet reads on, the one played among them.
        let sheet = "Club championship, round 3\n1. e4 e5\n2. Nf3 d6\n3. d4 Bg4\n4. dxe5 Bxf3\n\
            5. Qxf3 dxe5\n6. Bc4 ...\n7. Qb3 Qe7\n8. ... c6\n9. Bg5 b5\n10. Nxb5 cxb5\n\
            11. Bxb5+ Nbd7\n12. O-O-O Rd8\n13. Rxd7 Rxd7\n14. Rd1 Qc6\n15. Bxd7+ Nxd7\n\
            16. Qb8+ Nxb8\n17. Rd8#\n";
        let converted = Converter::new().convert_game(sheet);
        let row = |ply: u32| row_at(&converted, ply);
        let (kind, fits) = row(12).expect("a row for Black's empty sixth box");
        assert_eq!(kind, Kind::MissingMoves);
        assert!(fits.iter().any(|m| m == "Nf6"), "{fits:?}");
        let (kind, fits) = row(15).expect("a row for White's empty eighth box");
        assert_eq!(kind, Kind::MissingMoves);
        assert!(fits.iter().any(|m| m == "Nc3"), "{fits:?}");
        let (_, fits) = row(28).expect("a row for Qc6");
        assert_eq!(fits.first().map(String::as_str), Some("Qe6"));
    }

    #[test]
    fn a_capture_with_its_digit_lost_is_a_move_at_its_half_move_not_words() {
        // `hxgg` for `hxg5`: letters only, but a capture's shape; its row
        // is at its own half-move, with no row at the game's level.
        let text = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 \
            5. h4 g5 6. hxgg Ne4 7. Bd2 Nxd2 *\n";
        let converted = Converter::new().convert_game(text);
        let rows: Vec<(u32, Kind, &str)> = converted
            .findings
            .iter()
            .map(|f| (f.ply, f.kind, f.suggestion.as_str()))
            .collect();
        assert_eq!(rows, [(11, Kind::Unparseable, "hxg5")]);
    }

    #[test]
    fn a_confusion_the_text_makes_elsewhere_singles_out_its_edit() {
        let found = [
            edit("Kt-B 5", "Kt-Kt 5", Slip::OneCharacter),
            edit("Kt-B 5", "Kt-B 3", Slip::OneCharacter),
            edit("Kt-B 5", "Kt-B 4", Slip::OneCharacter),
        ];
        assert_eq!(likeliest(&found, &[]), None);
        let likely = likeliest(&found, &[('5', '3')]);
        assert_eq!(likely.map(|s| s.edits[0].1.as_str()), Some("Kt-B 3"));
        // Two edits that undo seen confusions: neither is singled out.
        assert_eq!(likeliest(&found, &[('5', '3'), ('5', '4')]), None);
    }
}
