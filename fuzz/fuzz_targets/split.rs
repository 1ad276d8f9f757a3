//! `pgn::split::Splitter` over any text, read through buffers of any
//! size: no panic, no error; every game's text stands in the input at its
//! byte offset and line, games come in order without overlapping, and
//! what lies between them is only blank lines (and byte-order marks):
//! nothing is lost.

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use scoresheet::pgn::split::Splitter;

/// What may lie between games: blank lines, and the byte-order marks
/// of concatenated files.
fn is_blank(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\u{feff}'
}

#[derive(Debug)]
struct Piece {
    index: u64,
    byte: usize,
    line: u32,
    len: usize,
}

fuzz_target!(|data: &[u8]| {
    let Some((&capacity, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    // Small buffers cut lines into several reads.
    let capacity = usize::from(capacity % 64) + 1;
    let mut pieces = Vec::new();
    for item in Splitter::new(BufReader::with_capacity(capacity, text.as_bytes())) {
        let game = item.unwrap_or_else(|e| panic!("reading from memory failed: {e}"));
        let content: &[u8] = match &game.oversized {
            Some(oversized) => oversized.bytes(),
            None => game.text.as_bytes(),
        };
        let byte = game.byte as usize;
        assert_eq!(
            text.as_bytes().get(byte..byte + content.len()),
            Some(content),
            "game {} is not the input's text at byte {byte}",
            game.index
        );
        pieces.push(Piece {
            index: game.index,
            byte,
            line: game.line,
            len: content.len(),
        });
    }
    let mut end = 0;
    let mut index = 0;
    for piece in &pieces {
        assert!(
            piece.index == index || piece.index == index + 1,
            "games numbered out of order: {pieces:?}"
        );
        index = piece.index;
        assert!(piece.byte >= end, "games overlap: {pieces:?}");
        let gap = &text[end..piece.byte];
        assert!(
            gap.chars().all(is_blank),
            "text lost between games at bytes {end}..{}: {gap:?}",
            piece.byte
        );
        let line = 1 + text[..piece.byte].bytes().filter(|&b| b == b'\n').count();
        assert_eq!(
            piece.line as usize, line,
            "game {} at byte {}: wrong line",
            piece.index, piece.byte
        );
        assert!(
            !text.as_bytes()[piece.byte..piece.byte + piece.len]
                .iter()
                .all(u8::is_ascii_whitespace),
            "game {} is blank",
            piece.index
        );
        end = piece.byte + piece.len;
    }
    let tail = &text[end..];
    assert!(
        tail.chars().all(is_blank),
        "text lost after the last game at byte {end}: {tail:?}"
    );
});
