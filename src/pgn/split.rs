//! Finds game boundaries in a stream of text, one game at a time.
//!
//! A game is a tag section and its movetext, or, in plain scoresheet text
//! without tags, a block of lines between blank lines. The splitter reads
//! line by line (a line ends at LF, CRLF, or CR alone) and keeps only the current game in memory. It tracks `{…}`
//! comments so that a blank line or a `[` inside a comment does not split
//! a game, but a tag line after a blank line always starts a new game, so
//! an unterminated comment cannot swallow the rest of a file.
//!
//! ```
//! use scoresheet::pgn::split::Splitter;
//!
//! let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n1. d4 d5\n\n1. c4 c5\n";
//! let games: Vec<_> = Splitter::new(text.as_bytes()).map(|g| g.unwrap()).collect();
//! assert_eq!(games.len(), 3);
//! assert_eq!((games[1].line, games[1].byte), (5, 27));
//! ```

use std::borrow::Cow;
use std::io::{self, BufRead};

use shakmaty::Color;

use crate::lang::side_named;
use crate::pgn::lexer::{is_numbered_heading, is_prose, is_running_head};

/// The text of one game and where it starts in its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// 1 for the first game of the input.
    pub index: u64,
    /// Byte offset of the game's first line.
    pub byte: u64,
    /// Line number of the game's first line, from 1.
    pub line: u32,
    /// The game's text, lines and line ends as read (empty for a game
    /// too large to read, whose bytes are in `oversized`).
    pub text: String,
    /// Set for a game larger than [`MAX_GAME_BYTES`]: it is not read,
    /// only passed on, in pieces, byte for byte.
    pub oversized: Option<Oversized>,
    /// The game's bytes as read, when they are not valid UTF-8 (`text`
    /// then has each invalid byte read as a character of the single-byte
    /// encoding the game looks written in: `decode::decode_stray_bytes`).
    pub original: Option<Vec<u8>>,
    /// Set when the input stops inside the game: a read error, or the end
    /// of the input after a game with tags and no result at its end, in
    /// the middle of a line or with a Result tag other than `*`. Such a
    /// game is not whole and must not be written as if it were.
    pub truncated: bool,
}

/// A piece of a game too large to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Oversized {
    /// The first piece: this item counts as the game.
    Start(Vec<u8>),
    /// A further piece of the same game.
    Rest(Vec<u8>),
}

impl Oversized {
    /// The piece's bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Oversized::Start(b) | Oversized::Rest(b) => b,
        }
    }
}

/// Games larger than this are passed on unread (to the rejects), so that
/// no input can make memory grow without bound.
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// Bytes reserved for a game's text before its first line, at most.
const RESERVED: usize = 4 << 10;

/// Lines are read in pieces of at most this many bytes: a longer line
/// makes its game too large to read.
const MAX_PIECE: usize = MAX_GAME_BYTES;

/// Iterator over the games of a UTF-8 stream.
pub struct Splitter<R> {
    reader: R,
    line: Vec<u8>,
    line_no: u32,
    byte: u64,
    index: u64,
    current: Current,
    /// Paragraphs after a blank line in text without tags, not yet known
    /// to belong to this game or the next: line number, byte, text.
    held: Vec<(u32, u64, Vec<u8>)>,
    /// Inside a game too large to read: whether its last line was blank.
    oversized: Option<bool>,
    /// Inside a game too large to read: it has tags and no moves yet.
    wants_moves: bool,
    /// Bytes of the paragraphs in `held`.
    held_bytes: usize,
    /// Whether the last piece read ended its line.
    piece_ends_line: bool,
    /// Whether the last line read ended with a line end.
    last_line_ended: bool,
    /// Whether the lines end in LF-CR (`\n\r`, as some old tools wrote
    /// them): seen once after a line that did not end in CRLF.
    lf_cr: bool,
    done: bool,
    /// A read error, given after the game it cut short.
    error: Option<io::Error>,
}

#[derive(Default)]
struct Current {
    text: Vec<u8>,
    byte: u64,
    line: u32,
    has_tags: bool,
    has_moves: bool,
    /// Lines of moves, not only of commentary or a title.
    has_move_lines: bool,
    /// Lines that are not prose: moves, or text such as a table's rows.
    has_score_lines: bool,
    blank_after_tags: bool,
    ends_with_result: bool,
    in_comment: bool,
    previous_blank: bool,
}

impl<R: BufRead> Splitter<R> {
    /// Splits the games of `reader`, which must yield UTF-8.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter {
            reader,
            line: Vec::new(),
            line_no: 0,
            byte: 0,
            index: 0,
            current: Current::default(),
            held: Vec::new(),
            oversized: None,
            wants_moves: false,
            held_bytes: 0,
            piece_ends_line: true,
            last_line_ended: true,
            lf_cr: false,
            done: false,
            error: None,
        }
    }

    fn finish(&mut self) -> Option<RawGame> {
        let current = std::mem::take(&mut self.current);
        // The next game is likely about as long as this one: room for it
        // at once rather than growing line by line, up to a few KiB, the
        // most a game's text may hold unused.
        self.current.text.reserve(current.text.len().min(RESERVED));
        if current.text.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        self.index += 1;
        let (text, original) = match String::from_utf8(current.text) {
            Ok(text) => (text, None),
            Err(e) => {
                let bytes = e.into_bytes();
                (crate::decode::decode_stray_bytes(&bytes).text, Some(bytes))
            }
        };
        Some(RawGame {
            index: self.index,
            byte: current.byte,
            line: current.line,
            text,
            original,
            oversized: None,
            truncated: false,
        })
    }

    /// Reads the next line, or a piece of at most [`MAX_PIECE`] bytes of
    /// a longer one; returns whether the line is complete.
    fn read_piece(&mut self, out: &mut Vec<u8>) -> io::Result<bool> {
        loop {
            let available = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(true);
            }
            let room = MAX_PIECE - out.len();
            // A line ends at LF, CRLF or a CR alone (classic Mac files).
            let (take, complete) = match memchr::memchr2(b'\n', b'\r', available) {
                Some(i) if i < room && available[i] == b'\r' => {
                    match available.get(i + 1) {
                        Some(b'\n') => (i + 2, true),
                        Some(_) => (i + 1, true),
                        None => {
                            // The CR ends the buffer: its LF, if any, is
                            // the next buffer's first byte.
                            out.extend_from_slice(&available[..=i]);
                            self.reader.consume(i + 1);
                            self.take_lf(out)?;
                            return Ok(true);
                        }
                    }
                }
                // LF-CR: one line end. A CRLF's LF has its CR before it.
                Some(i)
                    if i + 1 < room
                        && available.get(i + 1) == Some(&b'\r')
                        && (self.lf_cr
                            || i.checked_sub(1).map_or(out.last(), |p| available.get(p))
                                != Some(&b'\r')) =>
                {
                    self.lf_cr = true;
                    (i + 2, true)
                }
                Some(i) if i < room => (i + 1, true),
                _ if available.len() < room => (available.len(), false),
                _ => (room, false),
            };
            out.extend_from_slice(&available[..take]);
            self.reader.consume(take);
            if complete || out.len() >= MAX_PIECE {
                return Ok(complete);
            }
        }
    }

    /// Takes the LF of a CRLF whose CR ended the last buffer.
    fn take_lf(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        loop {
            match self.reader.fill_buf() {
                Ok([b'\n', ..]) => {
                    out.push(b'\n');
                    self.reader.consume(1);
                    return Ok(());
                }
                Ok(_) => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The game being read becomes too large: it goes on unread, starting
    /// with what was read of it and `piece`.
    fn overflow(&mut self, piece: &[u8], line_byte: u64) -> RawGame {
        self.release_held();
        let current = std::mem::take(&mut self.current);
        let (byte, line) = if current.text.is_empty() {
            (line_byte, self.line_no)
        } else {
            (current.byte, current.line)
        };
        let piece_kind = classify(piece);
        self.wants_moves = !current.has_moves
            && matches!(piece_kind, Kind::Tag | Kind::Blank)
            && (current.has_tags || piece_kind == Kind::Tag);
        let mut bytes = current.text;
        bytes.extend_from_slice(piece);
        self.index += 1;
        self.oversized =
            Some(matches!(piece.last(), Some(b'\n' | b'\r')) && piece.trim_ascii().is_empty());
        RawGame {
            index: self.index,
            byte,
            line,
            text: String::new(),
            original: None,
            oversized: Some(Oversized::Start(bytes)),
            truncated: false,
        }
    }
}

impl<R: BufRead> Splitter<R> {
    /// Adds a line to the current game and updates what is known of it.
    fn append(&mut self, line_no: u32, byte: u64, line: &[u8], kind: Kind) {
        let cur = &mut self.current;
        if cur.text.is_empty() {
            if kind == Kind::Blank {
                return;
            }
            cur.byte = byte;
            cur.line = line_no;
        }
        cur.text.extend_from_slice(line);
        match kind {
            Kind::Blank => {
                cur.blank_after_tags |= cur.has_tags && !cur.has_moves && !cur.in_comment;
            }
            Kind::Tag if !cur.in_comment => cur.has_tags = true,
            Kind::Escape => {}
            _ => {
                cur.has_moves = true;
                cur.has_move_lines |= matches!(kind, Kind::MoveOne | Kind::MoveLater);
                cur.in_comment = track_comment(line, cur.in_comment);
                // A heading's result (`Smith – Jones, 1-0` over the
                // moves) ends no game: a line of prose before any of the
                // score does not.
                let heading = kind == Kind::Prose && !cur.has_score_lines;
                cur.ends_with_result = !cur.in_comment && !heading && ends_with_result(line);
                cur.has_score_lines |= kind != Kind::Prose;
            }
        }
        cur.previous_blank = kind == Kind::Blank;
    }

    /// Holds a paragraph line until a move line says whose it is. Held
    /// text is bounded: past [`MAX_GAME_BYTES`] the game before is
    /// finished and the paragraphs start the next one (which, if they go
    /// on, becomes a game too large to read), so that endless prose after
    /// a game cannot fill memory.
    fn hold(&mut self, line_no: u32, byte: u64, line: &[u8]) -> Option<RawGame> {
        self.held_bytes += line.len();
        self.held.push((line_no, byte, line.to_vec()));
        if self.held_bytes <= MAX_GAME_BYTES {
            return None;
        }
        let finished = self.finish();
        self.release_held();
        finished
    }

    /// Adds the held paragraphs before the first numbered heading among
    /// them (`2. A. Gibaud – F. Lazard`) to the current game, if one is.
    fn release_held_before_heading(&mut self) {
        let Some(heading) = self.held.iter().position(|(_, _, line)| {
            matches!(classify(line), Kind::MoveOne | Kind::MoveLater)
                && std::str::from_utf8(line).is_ok_and(is_numbered_heading)
        }) else {
            return;
        };
        let rest = self.held.split_off(heading);
        self.release_held();
        self.held_bytes = rest.iter().map(|(_, _, line)| line.len()).sum();
        self.held = rest;
    }

    /// Whether the held paragraphs head Black's column of a game whose
    /// result is still to come: a line that only names Black (`BLACK.`,
    /// `Schwarz:`), perhaps with the player under it.
    fn holds_black_column(&self) -> bool {
        !self.current.ends_with_result
            && self.held.iter().any(|(_, _, line)| {
                let line = String::from_utf8_lossy(line);
                let mut words = line.split_whitespace();
                words.next().and_then(side_named).is_some_and(|(side, _)| side == Color::Black)
                    && words.next().is_none()
            })
    }

    /// Adds the held paragraphs to the current game.
    fn release_held(&mut self) {
        self.held_bytes = 0;
        for (line_no, byte, line) in std::mem::take(&mut self.held) {
            let kind = self.prose_or(classify(&line), &line);
            self.append(line_no, byte, &line, kind);
        }
    }

    /// `kind`, or [`Kind::Prose`] for a line of prose in text without
    /// tags (PGN puts its prose in braces, so it is not looked for there).
    fn prose_or(&self, kind: Kind, line: &[u8]) -> Kind {
        match kind {
            Kind::Text
                if !self.current.has_tags && std::str::from_utf8(line).is_ok_and(is_prose) =>
            {
                Kind::Prose
            }
            // `1. F. M. Teed – E. Delmar`: a title, not move one; `84 THE
            // MODERN CHESS PRIMER.`: the page's head, no move.
            Kind::MoveOne | Kind::MoveLater
                if !self.current.has_tags
                    && std::str::from_utf8(line).is_ok_and(|l| is_numbered_heading(l) || is_running_head(l)) =>
            {
                Kind::Prose
            }
            kind => kind,
        }
    }
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        if self.done {
            return self.error.take().map(Err);
        }
        loop {
            let mut line = std::mem::take(&mut self.line);
            line.clear();
            let complete = match self.read_piece(&mut line) {
                Ok(complete) => complete,
                Err(e) => {
                    // What was read of the game is passed on, marked cut
                    // short, and the error after it.
                    self.done = true;
                    self.release_held();
                    return match self.finish() {
                        Some(mut game) => {
                            game.truncated = true;
                            self.error = Some(e);
                            Some(Ok(game))
                        }
                        None => Some(Err(e)),
                    };
                }
            };
            if line.is_empty() {
                self.done = true;
                // Trailing paragraphs close the last game.
                self.release_held();
                // The last game, with tags and no result at its end, was
                // cut off: in the middle of a line, or at a line's end
                // when its Result tag says the game was played out (a
                // game in progress, `*`, may simply stop).
                let cur = &self.current;
                let cut = cur.has_tags
                    && !cur.ends_with_result
                    && (!self.last_line_ended || claims_a_result(&cur.text));
                return self.finish().map(|mut game| {
                    game.truncated = cut;
                    Ok(game)
                });
            }
            self.last_line_ended = matches!(line.last(), Some(b'\n' | b'\r'));
            let line_byte = self.byte;
            self.byte += line.len() as u64;
            let starts_line = self.piece_ends_line;
            self.piece_ends_line = complete;
            if starts_line {
                self.line_no += 1;
            }
            // A game too large to read goes on, piece by piece, until a
            // tag line or move one after a blank line starts the next.
            if let Some(after_blank) = self.oversized {
                let kind = if starts_line {
                    classify(&line)
                } else {
                    Kind::Text
                };
                // Move one after the tags of a game too large to read is
                // that game's movetext, not the next game.
                let next = kind == Kind::Tag || (kind == Kind::MoveOne && !self.wants_moves);
                if !(starts_line && after_blank && next) {
                    self.oversized = Some(starts_line && complete && kind == Kind::Blank);
                    if starts_line && !matches!(kind, Kind::Blank | Kind::Tag) {
                        self.wants_moves = false;
                    }
                    let piece = RawGame {
                        index: self.index,
                        byte: line_byte,
                        line: self.line_no,
                        text: String::new(),
                        original: None,
                        oversized: Some(Oversized::Rest(line.clone())),
                        truncated: false,
                    };
                    self.line = line;
                    return Some(Ok(piece));
                }
                self.oversized = None;
            }
            let too_large = self.current.text.len() + line.len() > MAX_GAME_BYTES;
            if too_large && complete && starts_line && self.held.is_empty() {
                // A game of the largest size ends at its result: the blank
                // line or tag after it is not part of it.
                let kind = classify(&line);
                if self.current.ends_with_result && matches!(kind, Kind::Blank | Kind::Tag) {
                    let finished = self.finish();
                    if kind == Kind::Tag {
                        self.append(self.line_no, line_byte, &line, kind);
                    }
                    self.line = line;
                    match finished {
                        Some(game) => return Some(Ok(game)),
                        None => continue,
                    }
                }
            }
            if !complete || !starts_line || too_large {
                let start = self.overflow(&line, line_byte);
                self.line = line;
                return Some(Ok(start));
            }
            let kind = classify(&line);
            let result = self.step(line_byte, &line, kind);
            self.line = line;
            if let Some(game) = result {
                return Some(Ok(game));
            }
        }
    }
}

impl<R: BufRead> Splitter<R> {
    /// Takes one line; returns a game when the line ends one.
    fn step(&mut self, line_byte: u64, line: &[u8], kind: Kind) -> Option<RawGame> {
        let line_no = self.line_no;
        let kind = self.prose_or(kind, line);
        // In text without tags, paragraphs after a blank line wait until a
        // move line says whose they are: move one starts a new game (and
        // the waiting paragraphs are its title), a later move number
        // continues this one (they were commentary).
        if !self.held.is_empty() {
            match kind {
                // Prose after a game its result ended, and then the next
                // score: the prose is the next game's title.
                Kind::MoveOne | Kind::MoveLater | Kind::Text
                    if self.current.ends_with_result && !self.current.has_tags =>
                {
                    let finished = self.finish();
                    self.release_held();
                    self.append(line_no, line_byte, line, kind);
                    return finished;
                }
                // A result on its own after the moves is the game's.
                Kind::Text if is_result_line(line) => self.release_held(),
                Kind::Blank | Kind::Text | Kind::Prose | Kind::Escape => {
                    return self.hold(line_no, line_byte, line);
                }
                // Tags start a PGN game, which has no title before them:
                // the paragraphs were the end of this one.
                Kind::Tag if self.current.has_move_lines => {
                    self.release_held();
                    let finished = self.finish();
                    self.append(line_no, line_byte, line, kind);
                    return finished;
                }
                // `BLACK.` over move one: the game printed one column
                // after the other, Black's under White's.
                Kind::MoveOne if self.current.has_move_lines && self.holds_black_column() => {
                    self.release_held();
                }
                Kind::MoveOne if self.current.has_move_lines => {
                    // Remarks before a numbered heading close the game
                    // before it; the heading is the next one's title.
                    self.release_held_before_heading();
                    let finished = self.finish();
                    self.release_held();
                    self.append(line_no, line_byte, line, kind);
                    return finished;
                }
                Kind::Tag | Kind::MoveOne | Kind::MoveLater => self.release_held(),
            }
        }
        let cur = &mut self.current;
        let plainly_new = kind == Kind::Tag || (kind == Kind::MoveOne && !cur.has_tags);
        // A line that closes the open comment is part of it, whatever it
        // starts with (`[Note "x"] more}` in a note).
        let broken_off =
            plainly_new && cur.in_comment && cur.previous_blank && track_comment(line, true);
        if broken_off {
            // A comment left open by a broken game ends where the next
            // game plainly starts: at a tag line, or in text without tags
            // at a paragraph opening with move one. The lexer reports the
            // open comment.
            cur.in_comment = false;
        }
        let starts_game = broken_off
            || match kind {
                Kind::Tag => !cur.in_comment && (cur.has_moves || cur.blank_after_tags),
                // A game ended by its result on the line before, with no
                // blank line in between (games run together, as
                // pgn-extract reads them): move one starts the next.
                Kind::MoveOne => !cur.in_comment && cur.ends_with_result,
                _ => false,
            };
        let paragraph_break = kind == Kind::Blank && !cur.in_comment && cur.has_moves;
        if paragraph_break && !cur.has_tags && !cur.ends_with_result {
            return self.hold(line_no, line_byte, line);
        }
        // A game whose result is written ends at the next blank line:
        // with tags, at once; without, at the next line that is not
        // prose, the prose before it kept with the game after it or, at
        // the end, with this one (`1-0` and then `Black resigned.`).
        if paragraph_break && cur.ends_with_result && !cur.has_tags {
            return self.hold(line_no, line_byte, line);
        }
        if paragraph_break && cur.ends_with_result {
            let finished = self.finish();
            self.current.previous_blank = true;
            return finished;
        }
        let finished = if starts_game { self.finish() } else { None };
        self.append(line_no, line_byte, line, kind);
        finished
    }
}

/// `text` with every CR that is not part of a CRLF made an LF, so that
/// what reads a game (which knows LF and CRLF) sees the lines of a classic
/// Mac file; every byte stays at its offset.
///
/// ```
/// use scoresheet::pgn::split::lone_cr_to_lf;
///
/// assert_eq!(lone_cr_to_lf("[A \"1\"]\r\r1. e4\r\n"), "[A \"1\"]\n\n1. e4\r\n");
/// assert_eq!(lone_cr_to_lf("[A \"1\"]\n\r1. e4\n\r"), "[A \"1\"]\n 1. e4\n ");
/// ```
pub fn lone_cr_to_lf(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |&i: &usize| bytes.get(i + 1) != Some(&b'\n');
    if !memchr::memchr_iter(b'\r', bytes).any(|i| lone(&i)) {
        return Cow::Borrowed(text);
    }
    let mut out = bytes.to_vec();
    for i in memchr::memchr_iter(b'\r', bytes).filter(lone) {
        // The CR of an LF-CR line end is no second line end.
        let after_lf = i.checked_sub(1).is_some_and(|p| bytes[p] == b'\n');
        out[i] = if after_lf { b' ' } else { b'\n' };
    }
    // Only ASCII bytes were changed, to ASCII.
    Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_owned()))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Blank,
    Tag,
    Escape,
    /// A line opening with move one (`1.`, `1)`, `1 P-K4`): where a game
    /// starts in text without tags.
    MoveOne,
    /// A line opening with a later move number or the dots of a black
    /// move (`12.`, `4 ........`): a game goes on.
    MoveLater,
    /// Words of commentary or a title.
    Prose,
    Text,
}

const BOM: &[u8] = "\u{feff}".as_bytes();

fn classify(line: &[u8]) -> Kind {
    // Files concatenated with `cat` carry byte-order marks mid-stream.
    let line = line.strip_prefix(BOM).unwrap_or(line);
    let trimmed = line.trim_ascii_start();
    match trimmed {
        [] => Kind::Blank,
        [b'[', ..] if is_tag_line(trimmed) => Kind::Tag,
        [b'%', ..] if line.first() == Some(&b'%') => Kind::Escape,
        [b'0'..=b'9', ..] => {
            let digits = trimmed.iter().take_while(|b| b.is_ascii_digit()).count();
            match (&trimmed[..digits], trimmed.get(digits)) {
                // Black's first move (`1... d5`, `1) ... P-d5`) after a
                // note on White's goes on with the game.
                (b"1", Some(_)) if is_black_move(&trimmed[digits..]) => Kind::MoveLater,
                // A note's list (`1) 14.d5 Ld7 …; 2) 14.dxe5 …`) quotes
                // later moves of the game.
                (b"1", Some(b')' | b'.')) if numbers_a_later_move(&trimmed[digits + 1..]) => Kind::MoveLater,
                (b"1", Some(b'.' | b')' | b' ' | b'\t')) => Kind::MoveOne,
                (_, Some(b'.' | b')' | b' ' | b'\t')) => Kind::MoveLater,
                _ => Kind::Text,
            }
        }
        [b'.', ..] => Kind::MoveLater,
        _ if trimmed.starts_with("…".as_bytes()) => Kind::MoveLater,
        _ => Kind::Text,
    }
}

/// Whether `rest`, what follows a list's label (`1)`), starts with the
/// number of a move after the first (`14.d5`).
fn numbers_a_later_move(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let later = std::str::from_utf8(&rest[..digits])
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| n > 1);
    later && rest.get(digits) == Some(&b'.')
}

/// Whether `rest`, what follows a move number, marks Black's move: dots
/// (`...`, `…`), after the number's own stop or bracket or not; or a gap
/// as wide as an empty cell, where a table leaves White's move out
/// (`1.                c5`).
fn is_black_move(rest: &[u8]) -> bool {
    let rest = rest.strip_prefix(b".").or_else(|| rest.strip_prefix(b")")).unwrap_or(rest);
    let moved = rest.trim_ascii_start();
    let empty_cell = rest.len() - moved.len() >= EMPTY_CELL && !moved.is_empty();
    moved.starts_with(b"..") || moved.starts_with("…".as_bytes()) || empty_cell
}

/// Blanks between a move number and its move that stand for an empty
/// table cell.
const EMPTY_CELL: usize = 8;

/// Whether `line` opens a tag pair: a name and a quoted value
/// (`[Event "`), or a tag name that PGN defines with its value unquoted
/// (`[Date 1858.??.??]`, malformed but meant). `[Illustration]`,
/// `[Diagram 12]`, `[C60]` or `[1]` are editorial text, not tags.
fn is_tag_line(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    // The common tag line ends with its quoted value, and the common name
    // is a letter's run followed by a blank: told without a scan.
    if rest.first().is_some_and(u8::is_ascii_alphabetic) && line.trim_ascii_end().ends_with(b"\"]")
    {
        return true;
    }
    let len = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let (name, after) = rest.split_at(len);
    if len == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let value = after.trim_ascii_start();
    value.first() == Some(&b'"') || (value.len() < after.len() && is_pgn_tag_name(name))
}

/// The tag names of the PGN standard and those in common use.
fn is_pgn_tag_name(name: &[u8]) -> bool {
    const NAMES: &[&str] = &[
        "Event",
        "Site",
        "Date",
        "Round",
        "White",
        "Black",
        "Result",
        "FEN",
        "SetUp",
        "ECO",
        "WhiteElo",
        "BlackElo",
        "Annotator",
        "PlyCount",
        "TimeControl",
        "Time",
        "Termination",
        "Mode",
        "Opening",
        "Variation",
        "EventDate",
        "WhiteTitle",
        "BlackTitle",
        "Variant",
    ];
    NAMES.iter().any(|n| n.as_bytes() == name)
}

/// Whether a `{` comment is open after `line`, given whether it was before.
fn track_comment(line: &[u8], mut open: bool) -> bool {
    for i in memchr::memchr3_iter(b'{', b'}', b';', line) {
        match (open, line[i]) {
            (true, b'}') => open = false,
            (false, b'{') => open = true,
            (false, b';') => break,
            _ => {}
        }
    }
    open
}

/// Whether a game's text has a Result tag with a result other than `*`.
fn claims_a_result(text: &[u8]) -> bool {
    [
        "[Result \"1-0\"]",
        "[Result \"0-1\"]",
        "[Result \"1/2-1/2\"]",
    ]
    .iter()
    .any(|tag| memchr::memmem::find(text, tag.as_bytes()).is_some())
}

/// A line holding only a game termination marker.
fn is_result_line(line: &[u8]) -> bool {
    matches!(line.trim_ascii(), b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
        || line.trim_ascii() == "½-½".as_bytes()
}

fn ends_with_result(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    // Every marker ends in one of these bytes (0xBD ends `½`); most lines
    // of moves do not.
    if !matches!(line.last(), Some(b'0' | b'1' | b'2' | b'*' | 0xBD)) {
        return false;
    }
    ["1-0", "0-1", "1/2-1/2", "*", "½-½"].iter().any(|marker| {
        line.ends_with(marker.as_bytes())
            && line[..line.len() - marker.len()]
                .last()
                .is_none_or(u8::is_ascii_whitespace)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<RawGame> {
        Splitter::new(text.as_bytes()).map(|g| g.unwrap()).collect()
    }

    #[test]
    fn blacks_column_under_its_heading_goes_on_with_the_game() {
        let text = "WHITE.\n(Mr A.)\n1. P. to K. 4th.\n2. K. Kt. to B. 3rd.\n\nBLACK.\n(Mr B.)\n1. P. to K. 4th.\n2. Resigns.\n";
        assert_eq!(split(text).len(), 1);
    }

    #[test]
    fn a_notes_numbered_list_of_later_moves_starts_no_game() {
        let text = "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6\n\nWhite had two moves here:\n1) 4.Ba4 Nf6;\n2) 4.Bxc6 dxc6.\n\n4.Ba4 Nf6 *\n";
        assert_eq!(split(text).len(), 1);
        // A list of games, each from move one, is a list of games.
        assert_eq!(split("1) 1.e4 e5 *\n\n2) 1.d4 d5 *\n").len(), 2);
    }

    #[test]
    fn a_crlf_cut_between_two_buffers_is_one_line_end() {
        let text = "[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n";
        // Every buffer size puts the CR of some CRLF last in a buffer.
        for size in 1..24 {
            let reader = io::BufReader::with_capacity(size, text.as_bytes());
            let games: Vec<RawGame> = Splitter::new(reader).map(|g| g.unwrap()).collect();
            let lines: Vec<u32> = games.iter().map(|g| g.line).collect();
            assert_eq!(lines, [1, 5], "buffer of {size}");
            assert_eq!(games[1].byte, 31, "buffer of {size}");
        }
    }

    #[test]
    fn a_paragraph_before_tags_ends_the_game_before() {
        let games = split("1. e4 e5 2. Nf3\n\nA note.\n\n[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(games.len(), 2);
        assert!(games[0].text.contains("A note."), "{games:?}");
        assert!(games[1].text.starts_with("[Event"), "{games:?}");
    }

    #[test]
    fn games_run_together_after_a_result_are_two_games() {
        let games = split("[Event \"a\"]\n\n1. e4 e5 1-0\n1. d4 d5 *\n[Event \"c\"]\n1. c4 *\n");
        let texts: Vec<&str> = games.iter().map(|g| g.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "[Event \"a\"]\n\n1. e4 e5 1-0\n",
                "1. d4 d5 *\n",
                "[Event \"c\"]\n1. c4 *\n"
            ]
        );
    }

    #[test]
    fn lone_crs_end_lines() {
        let games = split("[Event \"a\"]\r\r1. e4 e5 1-0\r\r[Event \"b\"]\r\r1. d4 *\r");
        assert_eq!(games.len(), 2);
        assert_eq!((games[1].line, games[1].byte), (5, 27));
    }

    #[test]
    fn lf_cr_is_one_line_end() {
        let text = "[Event \"a\"]\n\r\n\r1. e4 e5\n\r2. Nf3 1-0\n\r\n\r[Event \"b\"]\n\r\n\r1. d4 *\n\r";
        let games = split(text);
        assert_eq!(games.len(), 2, "{games:?}");
        assert_eq!(games[1].line, 6);
    }

    #[test]
    fn pgn_games_split_at_tags() {
        let text =
            "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5\n\n2. Nf3 *\n\n[Event \"c\"]\n\n1. d4 1-0\n";
        let games = split(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].text.contains("2. Nf3"));
        assert_eq!(games[1].line, 8);
    }

    #[test]
    fn tag_sections_without_moves_are_games() {
        let games = split("[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].text, "[Event \"a\"]\n\n");
    }

    #[test]
    fn blank_lines_inside_comments_do_not_split() {
        let games = split("1. e4 {a long\n\ncomment} e5\n\n1. d4\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn unterminated_comment_stops_at_next_tag_section() {
        let games = split("[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].line, 5);
    }

    #[test]
    fn games_without_tags_or_blank_lines_split_after_their_result() {
        let games = split("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n1. f3 e5 2. g4 Qh4# 0-1\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].line, 2);
    }

    #[test]
    fn open_comment_in_text_ends_at_the_next_game() {
        let games = split("1. e4 {oops\n\n1. d4 d5 *\n\n1. c4 *\n");
        assert_eq!(games.len(), 3);
    }

    #[test]
    fn byte_order_marks_of_concatenated_files() {
        let games = split("[Event \"a\"]\n\n1. e4 *\n\u{feff}[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn commentary_paragraphs_stay_with_their_game() {
        let text = "The Opera Game\n\n1 P-K4 P-K4\n2 Kt-KB3 P-Q3\n\nBlack's defence is passive.\n\n3 P-Q4 B-Kt5\n\nA second game\n\n1. e4 e5\n";
        let games = split(text);
        assert_eq!(games.len(), 2, "{games:?}");
        assert!(games[0].text.starts_with("The Opera Game"));
        assert!(games[0].text.contains("3 P-Q4"));
        assert!(games[1].text.starts_with("A second game"));
        assert_eq!(games[1].line, 10);
    }

    #[test]
    fn a_note_on_whites_first_move_stays_with_its_game() {
        for black in [
            "1... d5",
            "1. ... d5",
            "1) ... P-d5",
            "1 … d5",
            // A table's row with White's cell left empty.
            "       1.                d5",
        ] {
            let text = format!("A - B\n\n1. d4\n\nThe only way.\n\n{black}\n2. Nf3 Nf6\n");
            let games = split(&text);
            assert_eq!(games.len(), 1, "{black}: {games:?}");
        }
    }

    /// Every piece of every game, in order, as bytes.
    fn pieces(input: &[u8]) -> Vec<(Vec<u8>, Option<bool>)> {
        Splitter::new(input)
            .map(|g| g.unwrap())
            .map(|g| match g.oversized {
                Some(Oversized::Start(b)) => (b, Some(true)),
                Some(Oversized::Rest(b)) => (b, Some(false)),
                None => (g.text.into_bytes(), None),
            })
            .collect()
    }

    #[test]
    fn a_line_too_long_is_passed_on_whole_and_the_rest_is_read() {
        let mut input = b"[Event \"huge\"]\n\n1. e4 ".to_vec();
        input.extend(std::iter::repeat_n(b'e', MAX_GAME_BYTES + 10));
        input.extend_from_slice(b"\n\n[Event \"next\"]\n\n1. d4 *\n");
        let pieces = pieces(&input);
        let oversized: Vec<u8> = pieces
            .iter()
            .filter(|(_, o)| o.is_some())
            .flat_map(|(b, _)| b.clone())
            .collect();
        let next = input.len() - b"[Event \"next\"]\n\n1. d4 *\n".len();
        assert_eq!(oversized, input[..next]);
        assert_eq!(pieces.iter().filter(|(_, o)| *o == Some(true)).count(), 1);
        assert_eq!(
            pieces.last().unwrap(),
            &(b"[Event \"next\"]\n\n1. d4 *\n".to_vec(), None)
        );
    }

    #[test]
    fn a_game_too_large_ends_at_the_next_game() {
        let mut input = b"1. e4 e5\n".to_vec();
        for _ in 0..(MAX_GAME_BYTES / 10) {
            input.extend_from_slice(b"{ comment}\n");
        }
        input.extend_from_slice(b"\n1. d4 d5 *\n");
        let pieces = pieces(&input);
        let total: usize = pieces
            .iter()
            .filter(|(_, o)| o.is_some())
            .map(|(b, _)| b.len())
            .sum();
        assert_eq!(total, input.len() - b"1. d4 d5 *\n".len());
        assert_eq!(pieces.last().unwrap().0, b"1. d4 d5 *\n");
    }

    #[test]
    fn a_result_paragraph_closes_its_game() {
        let games = split("1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#\n\n1-0\n\n1.d4 d5\n");
        assert_eq!(games.len(), 2);
        assert!(games[0].text.trim_end().ends_with("1-0"));
    }

    #[test]
    fn prose_after_a_games_result_stays_with_it_or_titles_the_next() {
        let games = split("1. e4 e5 2. Nf3 Nc6 1-0\n\nBlack resigned.\n");
        assert_eq!(games.len(), 1);
        assert!(games[0].text.ends_with("Black resigned.\n"));
        let games = split("1. e4 e5 1-0\n\nA quick game.\n\n| 1 | d4 | d5 |\n| 2 | c4 | 0-1 |\n");
        assert_eq!(games.len(), 2);
        assert!(games[1].text.starts_with("A quick game."));
        let games = split("1. e4 e5 1-0\n\nThe notes end here.\n\n[Event \"x\"]\n\n1. d4 *\n");
        assert_eq!(games.len(), 2);
        assert!(games[0].text.contains("The notes end here."));
    }

    #[test]
    fn a_result_in_a_heading_ends_no_game() {
        let games = split("Sivuk – Vakhidov, 1-0\n\n1. e4 e5 2. Nf3 Nc6\n");
        assert_eq!(games.len(), 1);
        let games = split("| 1 | f3 | e5 |\n| 2 | g4 | Qh4# |\nWhite resigned, 0-1\n\n| 1 | d4 | d5 |\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn a_numbered_heading_starts_its_game() {
        let page = "1. F. M. Teed – E. Delmar\nNew York 1896 · 1–0\n\n1.d4 f5 2.Bg5 h6\n\n\
                    A quick end.\n\n2. A. Gibaud – F. Lazard\nParis 1924 · 0–1\n\n1.d4 Nf6 2.Nd2 e5\n";
        let games = split(page);
        assert_eq!(games.len(), 2);
        assert!(games[0].text.starts_with("1. F. M. Teed") && games[0].text.contains("A quick end."));
        assert!(games[1].text.starts_with("2. A. Gibaud"));
    }

    #[test]
    fn crlf_and_offsets() {
        let games = split("1. e4 e5\r\n\r\n1. d4 d5\r\n");
        assert_eq!(games.len(), 2);
        assert_eq!((games[1].byte, games[1].line), (12, 3));
    }
}
