//! Where a game's text stands in its input: the bytes of the file as
//! stored, whatever its encoding, and the line and column as the splitter
//! counts them. Every front door (the command, [`Reader`](crate::Reader)
//! and the page) places findings and moves here, so that they agree.

#[cfg(feature = "cli")]
use crate::decode::encode;
use crate::decode::TextEncoding;
use crate::model::Location;
use crate::pgn::split::RawGame;

/// Places a game's findings in the input file, reading the game once
/// however many findings it has: each is placed from the one before it
/// (findings come in the order of the text), from the game's start only
/// when one stands before the last.
pub struct Locator<'a> {
    raw: &'a RawGame,
    source: &'a SourceMap,
    /// Where the game starts in the input.
    start: u64,
    /// The offset in the game's text placed last.
    at: usize,
    /// Line ends before `at`, as the splitter counts them; a CR right
    /// before `at` only once the byte after it is known.
    newlines: usize,
    /// Where `at`'s line starts, and the characters from there to `at`.
    line_start: usize,
    column: usize,
    /// The width in the input of the text before `at`.
    width: u64,
}

impl<'a> Locator<'a> {
    pub fn new(raw: &'a RawGame, source: &'a SourceMap, start: u64) -> Locator<'a> {
        Locator {
            raw,
            source,
            start,
            at: 0,
            newlines: 0,
            line_start: 0,
            column: 0,
            width: 0,
        }
    }

    /// Where `offset` of the game's text is in the input file.
    pub fn locate(&mut self, offset: u64) -> Location {
        let text = &self.raw.text;
        let bytes = text.as_bytes();
        let mut offset = (offset as usize).min(text.len());
        // An offset inside a character counts from that character's start.
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.at {
            *self = Locator::new(self.raw, self.source, self.start);
        }
        let chunk = &bytes[self.at..offset];
        // Line ends as the splitter counts them: LF, CRLF, LF-CR, or a CR
        // alone. (The CR of an LF-CR was counted as a line end of its
        // own, which put findings in such files a line lower for every
        // line of the game above them.)
        self.newlines += memchr::memchr2_iter(b'\n', b'\r', chunk)
            .map(|i| self.at + i)
            .filter(|&i| {
                bytes[i] == b'\n'
                    || (bytes.get(i + 1) != Some(&b'\n')
                        && i.checked_sub(1).map(|p| bytes[p]) != Some(b'\n'))
            })
            .count();
        let chars = |from: usize| text.get(from..offset).map_or(offset - from, |s| s.chars().count());
        match memchr::memrchr2(b'\n', b'\r', chunk) {
            Some(i) => {
                self.line_start = self.at + i + 1;
                self.column = chars(self.line_start);
            }
            None => self.column += chars(self.at),
        }
        self.width = match (&self.source.width, text.get(self.at..offset)) {
            // A game with bytes not valid in a UTF-8 input, each read as
            // a character (see `pgn::split`): counted in its own bytes.
            (Width::Utf8, _) if self.raw.original.is_some() => self
                .raw
                .original
                .as_deref()
                .map_or(offset, |bytes| crate::decode::stray_bytes_offset(bytes, offset))
                as u64,
            // Encodings that carry a state are measured from the start.
            (Width::Other(_), _) | (_, None) => text.get(..offset).map_or(offset as u64, |s| self.source.width(s)),
            (_, Some(piece)) => self.width + self.source.width(piece),
        };
        self.at = offset;
        // A CR right before the finding is a line end, LF or not after it.
        let cr_before = offset > 0 && bytes[offset - 1] == b'\r' && bytes.get(offset) == Some(&b'\n');
        Location {
            byte: self.start + self.width,
            line: self.raw.line + (self.newlines + usize::from(cr_before)) as u32,
            column: self.column as u32 + 1,
        }
    }
}

/// Maps offsets in the decoded (UTF-8) text of an input back to bytes of
/// the input as stored, so that a report points into the original file
/// whatever its encoding.
///
/// The splitter counts the bytes it reads, which for UTF-8 input are the
/// input's own; for other encodings they are the decoded text's, so the
/// width in the input of every game is added up as games go by. Text
/// between games is blank lines, ASCII.
pub struct SourceMap {
    /// The input's encoding.
    pub encoding: TextEncoding,
    width: Width,
    bom_len: u64,
    /// Where the previous game ended, in the decoded text.
    decoded_end: u64,
    /// Where the previous game ended in the input, byte-order mark aside.
    input_end: u64,
}

/// How many bytes of input a decoded character took.
#[derive(Clone, Copy)]
enum Width {
    /// As many as in UTF-8, but one for each U+FFFD: the replacement of
    /// an invalid byte (a longer invalid sequence, or a U+FFFD written in
    /// the input itself, is rare enough to count as one too).
    Utf8,
    /// One byte per character.
    SingleByte,
    /// Two bytes per UTF-16 unit.
    Utf16,
    /// Another multi-byte encoding: found by encoding again.
    Other(&'static encoding_rs::Encoding),
}

impl SourceMap {
    pub fn new(encoding: TextEncoding, bom_len: u64) -> SourceMap {
        let width = match encoding {
            TextEncoding::Dos(_) => Width::SingleByte,
            TextEncoding::Standard(e) if e == encoding_rs::UTF_8 => Width::Utf8,
            TextEncoding::Standard(e)
                if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE =>
            {
                Width::Utf16
            }
            TextEncoding::Standard(e) if e.is_single_byte() => Width::SingleByte,
            TextEncoding::Standard(e) => Width::Other(e),
        };
        SourceMap {
            encoding,
            width,
            bom_len,
            decoded_end: 0,
            input_end: 0,
        }
    }

    /// A piece of a game too large to read as it stood in the input: the
    /// piece itself for UTF-8, else encoded back (a character cut at the
    /// piece's end aside).
    #[cfg(feature = "cli")]
    pub fn original_bytes<'a>(&self, piece: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        match self.width {
            Width::Utf8 => std::borrow::Cow::Borrowed(piece),
            _ => std::borrow::Cow::Owned(
                encode(self.encoding, &String::from_utf8_lossy(piece)).into_owned(),
            ),
        }
    }

    /// Bytes `text` took in the input.
    fn width(&self, text: &str) -> u64 {
        match self.width {
            Width::Utf8 => {
                let replaced = memchr::memmem::find_iter(text.as_bytes(), "\u{fffd}").count();
                (text.len() - 2 * replaced) as u64
            }
            Width::SingleByte => text.chars().count() as u64,
            Width::Utf16 => 2 * text.encode_utf16().count() as u64,
            Width::Other(encoding) => encoding.encode(text).0.len() as u64,
        }
    }

    /// Where `raw` starts in the input; must be called for every game, in
    /// order.
    pub fn game_start(&mut self, raw: &RawGame) -> u64 {
        if let Width::Utf8 = self.width {
            return self.bom_len + raw.byte;
        }
        let gap = raw.byte.saturating_sub(self.decoded_end);
        let gap = match self.width {
            Width::Utf16 => 2 * gap,
            _ => gap,
        };
        let start = self.input_end + gap;
        let text = match &raw.oversized {
            Some(piece) => String::from_utf8_lossy(piece.bytes()),
            None => std::borrow::Cow::Borrowed(raw.text.as_str()),
        };
        self.decoded_end = raw.byte + text.len() as u64;
        self.input_end = start + self.width(&text);
        self.bom_len + start
    }
}
