//! Turns input bytes in any encoding into a UTF-8 stream.
//!
//! The encoding is taken from a byte-order mark, or given by label, or
//! detected from the first 64 KiB: valid UTF-8 stays UTF-8, anything else
//! is guessed by chardetng. A byte-order mark always wins over a label,
//! since a file that starts with one is surely in that encoding. Only that
//! prefix is held; the rest streams.
//!
//! Labels are those of the WHATWG Encoding Standard (`utf-8`,
//! `windows-1250`, `iso-8859-2`, `latin1`, …) plus the DOS code pages that
//! old scoresheet files were typed in and that the standard leaves out:
//! 437 (US), 850 (Western Europe) and 852 (Central Europe), written
//! `cp852`, `ibm852` or `852`. Detection takes a file for a DOS code page
//! only when its accented bytes read as letters of words there and as
//! symbols inside words in the Latin encoding guessed (`Szab¢ L\u{a0}szl¢`
//! under windows-1252 is `Szabó László` in CP852); otherwise a DOS code
//! page must be named.
//!
//! Bytes that are invalid in the chosen encoding become U+FFFD, which the
//! game reader reports as an `encoding` finding; in UTF-8 input, a game's
//! bytes that are not valid UTF-8 (a Latin-1 name pasted into a UTF-8
//! file) are each read as a character of the single-byte encoding the
//! game looks written in ([`decode_stray_bytes`]), and reported so.
//!
//! ```
//! use std::io::Read;
//! use scoresheet::decode::{decode, EncodingChoice};
//!
//! let latin2 = b"[White \"Lig\xe8ti\"]"; // ISO-8859-2
//! let mut input = decode(&latin2[..], &EncodingChoice::Label("iso-8859-2".into())).unwrap();
//! let mut text = String::new();
//! input.reader.read_to_string(&mut text).unwrap();
//! assert_eq!(text, "[White \"Ligčti\"]");
//!
//! let dos = b"[Black \"\x97wier\xbe, Micha\x88\"]"; // CP852
//! let mut input = decode(&dos[..], &EncodingChoice::Label("cp852".into())).unwrap();
//! let mut text = String::new();
//! input.reader.read_to_string(&mut text).unwrap();
//! assert_eq!(text, "[Black \"Świerż, Michał\"]");
//! assert_eq!(input.encoding.name(), "IBM852");
//! ```

#[cfg(feature = "cli")]
use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};
use encoding_rs_io::DecodeReaderBytesBuilder;

/// How much is read to detect the encoding.
const SNIFF: usize = 64 * 1024;
/// Size of the buffer between the raw input and the splitter.
const BUFFER: usize = 256 * 1024;

/// How the input's encoding is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EncodingChoice {
    /// From the byte-order mark, else UTF-8 if valid, else detected.
    #[default]
    Auto,
    /// A label: a WHATWG one (`utf-8`, `windows-1250`, `iso-8859-2`, …) or
    /// a DOS code page (`cp437`, `cp850`, `cp852`, also `ibm852`, `852`).
    Label(String),
}

/// A DOS (OEM) code page: one byte per character, every byte defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CodePage {
    /// Code page 437, the original IBM PC set.
    Cp437,
    /// Code page 850, DOS Western Europe.
    Cp850,
    /// Code page 852, DOS Central Europe (Polish, Hungarian, Czech, …).
    Cp852,
}

impl CodePage {
    /// The code page a label names: `cp852`, `ibm852`, `852`, `cp-852`,
    /// `dos-852`, `oem852` and the same for 437 and 850, in any case.
    pub fn for_label(label: &str) -> Option<CodePage> {
        let label = label.trim().to_ascii_lowercase();
        let number = ["cp", "ibm", "dos", "oem"]
            .iter()
            .find_map(|prefix| label.strip_prefix(prefix))
            .unwrap_or(&label);
        let number = number.strip_prefix(['-', '_', ' ']).unwrap_or(number);
        match number {
            "437" => Some(CodePage::Cp437),
            "850" => Some(CodePage::Cp850),
            "852" => Some(CodePage::Cp852),
            _ => None,
        }
    }

    /// The IANA name: `IBM437`, `IBM850` or `IBM852`.
    pub fn name(self) -> &'static str {
        match self {
            CodePage::Cp437 => "IBM437",
            CodePage::Cp850 => "IBM850",
            CodePage::Cp852 => "IBM852",
        }
    }

    /// The characters of bytes 0x80 to 0xFF (the lower half is ASCII).
    fn upper_half(self) -> &'static [char; 128] {
        use oem_cp::code_table::{
            DECODING_TABLE_CP437, DECODING_TABLE_CP850, DECODING_TABLE_CP852,
        };
        match self {
            CodePage::Cp437 => &DECODING_TABLE_CP437,
            CodePage::Cp850 => &DECODING_TABLE_CP850,
            CodePage::Cp852 => &DECODING_TABLE_CP852,
        }
    }
}

/// The encoding an input is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    /// An encoding of the WHATWG Encoding Standard, decoded by encoding_rs.
    Standard(&'static Encoding),
    /// A DOS code page.
    Dos(CodePage),
}

impl TextEncoding {
    /// The encoding a label names, DOS code pages included.
    pub fn for_label(label: &str) -> Option<TextEncoding> {
        if let Some(page) = CodePage::for_label(label) {
            return Some(TextEncoding::Dos(page));
        }
        Encoding::for_label(label.trim().as_bytes()).map(TextEncoding::Standard)
    }

    /// The canonical name (`UTF-8`, `windows-1250`, `IBM852`, …).
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Standard(encoding) => encoding.name(),
            TextEncoding::Dos(page) => page.name(),
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `text` as `encoding` writes it: the bytes it was decoded from, so that
/// a rejected game goes out as it came in. UTF-16 is written without a
/// byte-order mark. Exact for every character the encoding has; a
/// character it lacks (a U+FFFD put in place of an undefined byte) is
/// written as encoding_rs writes it, as a numeric character reference,
/// or `?` in a DOS code page.
///
/// ```
/// use scoresheet::decode::{TextEncoding, encode};
///
/// let latin2 = TextEncoding::for_label("iso-8859-2").unwrap();
/// assert_eq!(&encode(latin2, "Ligčti")[..], b"Lig\xe8ti");
/// let cp852 = TextEncoding::for_label("cp852").unwrap();
/// assert_eq!(&encode(cp852, "Michał")[..], b"Micha\x88");
/// let utf16 = TextEncoding::for_label("utf-16le").unwrap();
/// assert_eq!(&encode(utf16, "e4")[..], b"e\x004\x00");
/// ```
#[cfg(feature = "cli")]
pub fn encode(encoding: TextEncoding, text: &str) -> Cow<'_, [u8]> {
    match encoding {
        TextEncoding::Standard(e) if e == UTF_8 => Cow::Borrowed(text.as_bytes()),
        TextEncoding::Standard(e) if e == UTF_16LE => {
            Cow::Owned(text.encode_utf16().flat_map(u16::to_le_bytes).collect())
        }
        TextEncoding::Standard(e) if e == UTF_16BE => {
            Cow::Owned(text.encode_utf16().flat_map(u16::to_be_bytes).collect())
        }
        TextEncoding::Standard(e) => match e.encode(text).0 {
            Cow::Borrowed(b) => Cow::Borrowed(b),
            Cow::Owned(b) => Cow::Owned(b),
        },
        TextEncoding::Dos(page) => {
            if text.is_ascii() {
                return Cow::Borrowed(text.as_bytes());
            }
            let table = page.upper_half();
            Cow::Owned(
                text.chars()
                    .map(|c| match u8::try_from(c) {
                        Ok(b) if b.is_ascii() => b,
                        _ => table
                            .iter()
                            .position(|&t| t == c)
                            .map_or(b'?', |i| 0x80 + i as u8),
                    })
                    .collect(),
            )
        }
    }
}

/// A decoded input.
pub struct Decoded {
    /// UTF-8 text.
    pub reader: Box<dyn BufRead + Send>,
    /// The encoding used.
    pub encoding: TextEncoding,
    /// Bytes of byte-order mark skipped at the start.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub bom_len: u64,
}

/// Wraps `input` so that it reads as UTF-8.
///
/// # Errors
///
/// Fails on an unknown label or when reading the prefix fails.
pub fn decode<R: Read + Send + 'static>(
    mut input: R,
    choice: &EncodingChoice,
) -> io::Result<Decoded> {
    let label = match choice {
        EncodingChoice::Label(label) => Some(TextEncoding::for_label(label).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("unknown encoding {label:?}"),
            )
        })?),
        EncodingChoice::Auto => None,
    };
    let mut prefix = Vec::with_capacity(SNIFF);
    (&mut input).take(SNIFF as u64).read_to_end(&mut prefix)?;
    let (encoding, bom_len) = match (Encoding::for_bom(&prefix), label) {
        (Some((encoding, len)), _) => (TextEncoding::Standard(encoding), len),
        (None, Some(encoding)) => (encoding, 0),
        (None, None) => (detect(&prefix), 0),
    };
    let reader: Box<dyn BufRead + Send> = match encoding {
        TextEncoding::Standard(encoding) if encoding == UTF_8 => {
            // UTF-8 passes through untouched; invalid bytes are replaced
            // when each game's text is taken, and reported there.
            prefix.drain(..bom_len);
            let chained = io::Cursor::new(prefix).chain(input);
            Box::new(BufReader::with_capacity(BUFFER, chained))
        }
        TextEncoding::Standard(encoding) => {
            let chained = io::Cursor::new(prefix).chain(input);
            let decoder = DecodeReaderBytesBuilder::new()
                .encoding(Some(encoding))
                .bom_override(true)
                .build(chained);
            Box::new(BufReader::with_capacity(BUFFER, decoder))
        }
        TextEncoding::Dos(page) => {
            let chained = io::Cursor::new(prefix).chain(input);
            Box::new(DosReader::new(chained, page))
        }
    };
    Ok(Decoded {
        reader,
        encoding,
        bom_len: bom_len as u64,
    })
}

/// A game's bytes from an input read as UTF-8, some of them not valid
/// UTF-8 (a Latin-1 `Lékó` pasted into a UTF-8 file), as text.
#[derive(Debug)]
pub struct StrayBytes {
    /// The valid UTF-8 kept, and each byte that is not read in
    /// `encoding`: one character a byte, so nothing is lost.
    pub text: String,
    /// The single-byte encoding the game's bytes look likeliest in, as a
    /// file's are detected (windows-1252 where the guess is no
    /// single-byte one).
    pub encoding: TextEncoding,
    /// The bytes so read, and where in `text` the first one stands.
    pub count: usize,
    pub first: usize,
}

/// Where in `bytes` (read as [`decode_stray_bytes`] reads them) the
/// character at `offset` of the text stands: each stray byte is one byte
/// there and two or three in the text.
pub fn stray_bytes_offset(bytes: &[u8], offset: usize) -> usize {
    let encoding = stray_encoding(bytes);
    let mut scratch = String::new();
    let (mut text_at, mut byte_at) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().len();
        if text_at + valid >= offset {
            return byte_at + (offset - text_at);
        }
        text_at += valid;
        byte_at += valid;
        for &b in chunk.invalid() {
            if text_at >= offset {
                return byte_at;
            }
            scratch.clear();
            push_stray(&mut scratch, encoding, b);
            text_at += scratch.len();
            byte_at += 1;
        }
    }
    byte_at
}

/// Reads `bytes` as [`StrayBytes`] says.
pub fn decode_stray_bytes(bytes: &[u8]) -> StrayBytes {
    let encoding = stray_encoding(bytes);
    let mut out = StrayBytes {
        text: String::with_capacity(bytes.len() + 16),
        encoding,
        count: 0,
        first: 0,
    };
    for chunk in bytes.utf8_chunks() {
        out.text.push_str(chunk.valid());
        if out.count == 0 {
            out.first = out.text.len();
        }
        out.count += chunk.invalid().len();
        for &b in chunk.invalid() {
            push_stray(&mut out.text, encoding, b);
        }
    }
    out
}

/// The single-byte encoding `bytes` look likeliest in, as a file's are
/// detected; windows-1252 where the guess is no single-byte one.
fn stray_encoding(bytes: &[u8]) -> TextEncoding {
    match detect(bytes) {
        TextEncoding::Standard(e) if !e.is_single_byte() => TextEncoding::Standard(encoding_rs::WINDOWS_1252),
        other => other,
    }
}

/// Appends byte `b` read in the single-byte `encoding`.
fn push_stray(text: &mut String, encoding: TextEncoding, b: u8) {
    match encoding {
        TextEncoding::Dos(page) if b >= 0x80 => text.push(page.upper_half()[usize::from(b - 0x80)]),
        TextEncoding::Standard(e) => text.push_str(&e.decode_without_bom_handling(&[b]).0),
        TextEncoding::Dos(_) => text.push(char::from(b)),
    }
}

/// UTF-16 when zero bytes fill one side of its code units (text in Latin
/// letters without a byte-order mark); else UTF-8 when the prefix is valid
/// UTF-8 (a character cut at its end aside); otherwise chardetng's guess,
/// weighed against the Latin encodings by the letters of the languages
/// (see [`crate::lang_evidence`]), or a DOS code page whose decoding
/// reads better than that Latin one.
fn detect(prefix: &[u8]) -> TextEncoding {
    if let Some(utf16) = utf16_without_bom(prefix) {
        return TextEncoding::Standard(utf16);
    }
    match std::str::from_utf8(prefix) {
        Ok(_) => TextEncoding::Standard(UTF_8),
        Err(e) if e.error_len().is_none() => TextEncoding::Standard(UTF_8),
        Err(_) => {
            let mut detector = chardetng::EncodingDetector::new();
            detector.feed(prefix, prefix.len() < SNIFF);
            let guess = detector.guess(None, true);
            let latin = crate::lang_evidence::likeliest_latin(prefix, guess);
            likeliest_dos(prefix, latin)
        }
    }
}

/// The DOS code page (852 first, then 850 and 437 on a tie) whose
/// decoding of `prefix` scores strictly better than the Latin encoding
/// chosen and has fewer symbols inside words, else that encoding; a
/// Latin decoding with no symbol inside a word stands. Text typed under DOS puts its accented
/// letters at 0x80 to 0xAF, where windows-1252 has punctuation and
/// symbols (`é` is `‚`, `ó` is `¢`), so a symbol inside a word there and
/// a letter in the code page is evidence for the code page. Guesses other
/// than the Latin ones stand.
fn likeliest_dos(prefix: &[u8], latin: &'static Encoding) -> TextEncoding {
    use crate::lang_evidence::{score_text, symbols_in_words};
    use encoding_rs::{ISO_8859_2, WINDOWS_1250, WINDOWS_1252};
    if ![WINDOWS_1252, WINDOWS_1250, ISO_8859_2].contains(&latin) {
        return TextEncoding::Standard(latin);
    }
    let (text, _) = latin.decode_without_bom_handling(prefix);
    let symbols = symbols_in_words(&text);
    if symbols == 0 {
        // Every accented byte reads as a letter: no sign of DOS text.
        return TextEncoding::Standard(latin);
    }
    let mut best = (score_text(&text), TextEncoding::Standard(latin));
    for page in [CodePage::Cp852, CodePage::Cp850, CodePage::Cp437] {
        let table = page.upper_half();
        let text: String = prefix
            .iter()
            .map(|&b| match b.checked_sub(0x80) {
                Some(high) => table[usize::from(high)],
                None => char::from(b),
            })
            .collect();
        let s = score_text(&text);
        if s > best.0 && symbols_in_words(&text) < symbols {
            best = (s, TextEncoding::Dos(page));
        }
    }
    best.1
}

/// UTF-16LE or BE when at least a third of the code units have a zero
/// high byte and (almost) no low byte is zero: ASCII and Latin letters in
/// UTF-16, which is also valid UTF-8 and would otherwise be read as text
/// full of NULs.
fn utf16_without_bom(prefix: &[u8]) -> Option<&'static Encoding> {
    let units = prefix.len() / 2;
    if units < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in prefix.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    let few = units / 50;
    match (even, odd) {
        (e, o) if o * 3 >= units && e <= few => Some(UTF_16LE),
        (e, o) if e * 3 >= units && o <= few => Some(UTF_16BE),
        _ => None,
    }
}

/// Streams a DOS code page as UTF-8.
///
/// Every byte maps to one character, so decoding needs no state between
/// reads: each raw chunk is translated whole into the output buffer, ASCII
/// runs copied as they are.
struct DosReader<R> {
    inner: R,
    /// UTF-8 of bytes 0x80 to 0xFF: up to three bytes and the length.
    table: [([u8; 3], u8); 128],
    raw: Vec<u8>,
    out: Vec<u8>,
    pos: usize,
}

impl<R: Read> DosReader<R> {
    fn new(inner: R, page: CodePage) -> DosReader<R> {
        let mut table = [([0; 3], 0); 128];
        for (entry, c) in table.iter_mut().zip(page.upper_half()) {
            let mut utf8 = [0; 4];
            let len = c.encode_utf8(&mut utf8).len();
            // The tables hold only characters of the Basic Multilingual
            // Plane, three UTF-8 bytes at most.
            entry.0.copy_from_slice(&utf8[..3]);
            entry.1 = len.min(3) as u8;
        }
        DosReader {
            inner,
            table,
            raw: vec![0; BUFFER / 4],
            out: Vec::with_capacity(BUFFER),
            pos: 0,
        }
    }
}

impl<R: Read> Read for DosReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for DosReader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.out.len() {
            self.out.clear();
            self.pos = 0;
            let n = loop {
                match self.inner.read(&mut self.raw) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    result => break result?,
                }
            };
            let mut rest = &self.raw[..n];
            while !rest.is_empty() {
                let ascii = rest
                    .iter()
                    .position(|b| !b.is_ascii())
                    .unwrap_or(rest.len());
                self.out.extend_from_slice(&rest[..ascii]);
                rest = &rest[ascii..];
                if let Some((&byte, tail)) = rest.split_first() {
                    let (utf8, len) = &self.table[usize::from(byte - 0x80)];
                    self.out.extend_from_slice(&utf8[..usize::from(*len)]);
                    rest = tail;
                }
            }
        }
        Ok(&self.out[self.pos..])
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &'static [u8], choice: EncodingChoice) -> (String, &'static str, u64) {
        let mut d = decode(bytes, &choice).unwrap();
        let mut s = String::new();
        d.reader.read_to_string(&mut s).unwrap();
        (s, d.encoding.name(), d.bom_len)
    }

    fn text(bytes: &'static [u8]) -> (String, &'static str) {
        let (s, name, _) = read(bytes, EncodingChoice::Auto);
        (s, name)
    }

    #[test]
    fn boms_and_utf8() {
        assert_eq!(text(b"\xef\xbb\xbf1. e4"), ("1. e4".into(), "UTF-8"));
        assert_eq!(text(b"\xff\xfe1\x00.\x00"), ("1.".into(), "UTF-16LE"));
        assert_eq!(text("Lékó".as_bytes()), ("Lékó".into(), "UTF-8"));
    }

    #[test]
    fn legacy_text_is_detected() {
        let (s, _) = text(b"[White \"L\xe9k\xf3, P\xe9ter\"]\n[Black \"\xc1d\xe1m\"]\n");
        assert!(s.contains("Lékó"), "{s}");
    }

    #[test]
    fn central_european_legacy_files_are_told_from_western_ones() {
        // (bytes, encoding, a name that must come out right)
        let cases: [(&[u8], &str, &str); 8] = [
            // chardetng alone takes these two for windows-1252.
            (
                b"[Site \"Gy\xf5r\"]\n[White \"F\xfcl\xf6p\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n",
                "windows-1250",
                "Győr",
            ),
            (
                b"[White \"Sz\xfbcs\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n",
                "windows-1250",
                "Szűcs",
            ),
            (
                b"[White \"Sz\xfbcs, Gy\xf5z\xf5\"]\n[Black \"Erd\xf5s, P\xe1l\"]\n1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 *\n",
                "windows-1250",
                "Szűcs, Győző",
            ),
            (
                b"[White \"\x8cwier\xbf, Micha\xb3\"]\n[Black \"Ma\xb3ecki, Rafa\xb3\"]\n1. e4 e5 2. Sf3 Sc6 *\n",
                "windows-1250",
                "Świerż, Michał",
            ),
            (
                b"[White \"\xa6wier\xbf, Micha\xb3\"]\n[Black \"Ma\xb3ecki, \xb1\xea\"]\n1. e4 e5 *\n",
                "ISO-8859-2",
                "Świerż, Michał",
            ),
            (
                b"[White \"Nov\xe1k, Ji\xf8\xed\"]\n[Black \"\xc8ern\xfd, P\xf8emysl\"]\n1. e4 e5 *\n",
                "windows-1250",
                "Novák, Jiří",
            ),
            (
                b"[White \"Gon\xe7alves, Jo\xe3o\"]\n[Black \"Magalh\xe3es, Lu\xeds\"]\n[Site \"S\xe3o Paulo\"]\n1. e4 e5 *\n",
                "windows-1252",
                "Gonçalves, João",
            ),
            (
                b"[White \"M\xfcller, J\xfcrgen\"]\n[Black \"L\xe9vy, Fran\xe7ois\"]\n[Site \"K\xf6ln\"]\n1. e4 e5 *\n",
                "windows-1252",
                "Müller, Jürgen",
            ),
        ];
        for (bytes, encoding, name) in cases {
            let (s, found) = text(bytes.to_vec().leak());
            assert_eq!(found, encoding, "{s}");
            assert!(s.contains(name), "{s}");
        }
    }

    #[test]
    fn dos_central_european_files_are_detected() {
        // (bytes, a name that must come out right)
        let cases: [(&[u8], &str); 3] = [
            (
                b"[White \"Szab\xa2 L\xa0szl\xa2\"]\n[Black \"Kov\xa0cs P\x82ter\"]\n\n1. e4 e5 *\n",
                "Szabó László",
            ),
            (
                b"[White \"Sz\xfbcs, Gy\x8bz\x8b\"]\n[Black \"Erd\x8bs, P\xa0l\"]\n1. e4 e5 *\n",
                "Szűcs, Győző",
            ),
            (
                b"[White \"\x97wier\xbe, Micha\x88\"]\n[Black \"Ma\x88ecki, Rafa\x88\"]\n1. e4 e5 *\n",
                "Świerż, Michał",
            ),
        ];
        for (bytes, name) in cases {
            let (s, found) = text(bytes.to_vec().leak());
            assert_eq!(found, "IBM852", "{s}");
            assert!(s.contains(name), "{s}");
        }
    }

    #[test]
    fn utf16_without_a_bom_is_detected() {
        let text16 = "[White \"Lékó\"]\n1. e4 e5 *\n";
        let le: Vec<u8> = text16.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text16.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(text(le.leak()), (text16.into(), "UTF-16LE"));
        assert_eq!(text(be.leak()), (text16.into(), "UTF-16BE"));
        // NULs here and there are not UTF-16.
        assert_eq!(text(b"1. e4\x00 e5\x00\x00 *\n").1, "UTF-8");
    }

    #[test]
    fn dos_code_page_labels() {
        for (label, want) in [
            ("cp437", Some(CodePage::Cp437)),
            ("IBM437", Some(CodePage::Cp437)),
            ("437", Some(CodePage::Cp437)),
            ("cp850", Some(CodePage::Cp850)),
            ("ibm850", Some(CodePage::Cp850)),
            ("cp852", Some(CodePage::Cp852)),
            ("ibm852", Some(CodePage::Cp852)),
            ("852", Some(CodePage::Cp852)),
            ("CP-852", Some(CodePage::Cp852)),
            ("dos-852", Some(CodePage::Cp852)),
            ("cp1250", None),
            ("8520", None),
            ("", None),
        ] {
            assert_eq!(CodePage::for_label(label), want, "{label}");
        }
        assert_eq!(
            TextEncoding::for_label("latin2").map(TextEncoding::name),
            Some("ISO-8859-2")
        );
        assert_eq!(TextEncoding::for_label("no-such"), None);
    }

    #[test]
    fn dos_code_pages_decode() {
        let cp852 = EncodingChoice::Label("cp852".into());
        assert_eq!(
            read(b"Sz\xfbcs, Gy\x8bz\x8b / \x97wier\xbe, Micha\x88", cp852),
            ("Szűcs, Győző / Świerż, Michał".into(), "IBM852", 0)
        );
        let cp850 = EncodingChoice::Label("850".into());
        assert_eq!(read(b"L\x82k\xa2", cp850).0, "Lékó");
        let cp437 = EncodingChoice::Label("ibm437".into());
        assert_eq!(read(b"\xc9\xcd\xbb 1. e4", cp437).0, "╔═╗ 1. e4");
    }

    #[test]
    fn every_dos_byte_decodes() {
        let all: Vec<u8> = (0..=255).collect();
        let all: &'static [u8] = all.leak();
        for label in ["cp437", "cp850", "cp852"] {
            let (s, _, _) = read(all, EncodingChoice::Label(label.into()));
            assert_eq!(s.chars().count(), 256, "{label}");
            assert!(!s.contains('\u{fffd}'), "{label}");
        }
    }

    #[test]
    fn dos_reader_streams_across_chunks() {
        let mut long = Vec::new();
        for _ in 0..(3 * BUFFER) {
            long.extend_from_slice(b"a\x88");
        }
        let long: &'static [u8] = long.leak();
        let (s, _, _) = read(long, EncodingChoice::Label("cp852".into()));
        assert_eq!(s.len(), 3 * BUFFER * 3);
        assert!(s.chars().all(|c| c == 'a' || c == 'ł'));
    }

    #[test]
    fn a_bom_wins_over_a_label() {
        assert_eq!(
            read(
                b"\xef\xbb\xbf\xc5\x82",
                EncodingChoice::Label("cp852".into())
            ),
            ("ł".into(), "UTF-8", 3)
        );
        assert_eq!(
            read(b"\xff\xfeB\x01", EncodingChoice::Label("utf-8".into())),
            ("ł".into(), "UTF-16LE", 2)
        );
    }

    #[test]
    fn unknown_labels_fail() {
        let err = decode(&b""[..], &EncodingChoice::Label("klingon".into()))
            .err()
            .map(|e| e.to_string());
        assert_eq!(err.as_deref(), Some("unknown encoding \"klingon\""));
    }
}
