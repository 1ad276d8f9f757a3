//! Turns input bytes in any encoding into a UTF-8 stream.
//!
//! The encoding is taken from a byte-order mark, or given by label, or
//! detected from the first 64 KiB: valid UTF-8 stays UTF-8, anything else
//! is guessed by chardetng. Only that prefix is held; the rest streams.
//! Bytes that are invalid in the chosen encoding become U+FFFD, which the
//! game reader reports as an `encoding` finding.
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
//! ```

use std::io::{self, BufRead, BufReader, Read};

use encoding_rs::{Encoding, UTF_8};
use encoding_rs_io::DecodeReaderBytesBuilder;

/// How much is read to detect the encoding.
const SNIFF: usize = 64 * 1024;

/// How the input's encoding is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EncodingChoice {
    /// From the byte-order mark, else UTF-8 if valid, else detected.
    #[default]
    Auto,
    /// A WHATWG label (`utf-8`, `windows-1250`, `iso-8859-2`, …).
    Label(String),
}

/// A decoded input.
pub struct Decoded {
    /// UTF-8 text.
    pub reader: Box<dyn BufRead + Send>,
    /// The encoding used.
    pub encoding: &'static Encoding,
    /// Bytes of byte-order mark skipped at the start.
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
    let mut prefix = Vec::with_capacity(SNIFF);
    (&mut input).take(SNIFF as u64).read_to_end(&mut prefix)?;
    let bom = Encoding::for_bom(&prefix);
    let encoding = match (choice, bom) {
        (EncodingChoice::Label(label), _) => {
            Encoding::for_label(label.as_bytes()).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("unknown encoding {label:?}"),
                )
            })?
        }
        (EncodingChoice::Auto, Some((encoding, _))) => encoding,
        (EncodingChoice::Auto, None) => detect(&prefix),
    };
    let bom_len = match bom {
        Some((bom_encoding, len)) if bom_encoding == encoding => len as u64,
        _ => 0,
    };
    if encoding == UTF_8 {
        prefix.drain(..bom_len as usize);
    }
    let chained = io::Cursor::new(prefix).chain(input);
    let reader: Box<dyn BufRead + Send> = if encoding == UTF_8 {
        // UTF-8 passes through untouched; invalid bytes are replaced when
        // each game's text is taken, and reported there.
        Box::new(BufReader::with_capacity(256 * 1024, chained))
    } else {
        let decoder = DecodeReaderBytesBuilder::new()
            .encoding(Some(encoding))
            .bom_override(true)
            .build(chained);
        Box::new(BufReader::with_capacity(256 * 1024, decoder))
    };
    Ok(Decoded {
        reader,
        encoding,
        bom_len,
    })
}

/// UTF-8 when the prefix is valid UTF-8 (a character cut at its end
/// aside), otherwise chardetng's guess.
fn detect(prefix: &[u8]) -> &'static Encoding {
    match std::str::from_utf8(prefix) {
        Ok(_) => UTF_8,
        Err(e) if e.error_len().is_none() => UTF_8,
        Err(_) => {
            let mut detector = chardetng::EncodingDetector::new();
            detector.feed(prefix, prefix.len() < SNIFF);
            detector.guess(None, true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &'static [u8]) -> (String, &'static str) {
        let mut d = decode(bytes, &EncodingChoice::Auto).unwrap();
        let mut s = String::new();
        d.reader.read_to_string(&mut s).unwrap();
        (s, d.encoding.name())
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
}
