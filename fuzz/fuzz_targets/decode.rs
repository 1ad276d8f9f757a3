//! `decode::decode` of any bytes in any of several encodings, given or
//! detected: no panic and no read error; the stream is exactly what
//! encoding_rs decodes from the same bytes (UTF-8 passed through as it
//! is, a DOS code page one character per byte); and the splitter reads
//! the result without error. Inputs may be repeated past the 64 KiB that
//! detection reads, so that characters straddle every internal buffer.

#![no_main]

use std::io::{Cursor, Read};

use encoding_rs::UTF_8;
use libfuzzer_sys::fuzz_target;
use scoresheet::decode::{EncodingChoice, TextEncoding, decode};
use scoresheet::pgn::split::Splitter;

const LABELS: &[&str] = &[
    "utf-8",
    "windows-1250",
    "windows-1252",
    "iso-8859-2",
    "latin1",
    "utf-16le",
    "utf-16be",
    "cp437",
    "cp850",
    "cp852",
    "ibm852",
    "koi8-r",
    "windows-1251",
    "shift_jis",
    "gb18030",
    "x-user-defined",
    "no-such-encoding",
];

fuzz_target!(|data: &[u8]| {
    let Some((&config, rest)) = data.split_first() else {
        return;
    };
    let choice = match usize::from(config & 0x3f) {
        i if i < LABELS.len() => EncodingChoice::Label(LABELS[i].to_owned()),
        _ => EncodingChoice::Auto,
    };
    let bytes: Vec<u8> = if config & 0x40 != 0 && !rest.is_empty() {
        rest.iter()
            .copied()
            .cycle()
            .take(70_000 + rest.len())
            .collect()
    } else {
        rest.to_vec()
    };
    let decoded = match decode(Cursor::new(bytes.clone()), &choice) {
        Ok(decoded) => decoded,
        Err(e) => {
            assert!(
                matches!(&choice, EncodingChoice::Label(l) if l == "no-such-encoding"),
                "{choice:?}: {e}"
            );
            return;
        }
    };
    let encoding = decoded.encoding;
    let bom_len = decoded.bom_len as usize;
    let mut reader = decoded.reader;
    let mut out = Vec::new();
    reader
        .read_to_end(&mut out)
        .unwrap_or_else(|e| panic!("{choice:?} read as {encoding}: {e}"));
    let body = &bytes[bom_len..];
    match encoding {
        TextEncoding::Standard(e) if e == UTF_8 => {
            assert_eq!(
                out, body,
                "{choice:?}: UTF-8 is not passed through unchanged"
            );
        }
        TextEncoding::Standard(e) => {
            let (want, _) = e.decode_without_bom_handling(body);
            assert!(
                out == want.as_bytes(),
                "{choice:?} read as {encoding}: {:?} but encoding_rs gives {want:?}",
                String::from_utf8_lossy(&out)
            );
        }
        TextEncoding::Dos(page) => {
            let text = std::str::from_utf8(&out)
                .unwrap_or_else(|e| panic!("{page:?} gives invalid UTF-8: {e}"));
            assert_eq!(
                text.chars().count(),
                body.len(),
                "{page:?}: not one character per byte"
            );
            for (c, &b) in text.chars().zip(body) {
                if b.is_ascii() {
                    assert_eq!(c, char::from(b), "{page:?}: ASCII byte {b:#x} changed");
                }
            }
        }
    }
    for game in Splitter::new(Cursor::new(out)) {
        game.unwrap_or_else(|e| panic!("{choice:?}: splitting the decoded text failed: {e}"));
    }
});
