//! `pgn::lexer::lex` never panics, and every token's span lies inside the
//! text, on character boundaries, in order and without overlap.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::pgn::lexer::lex;

fuzz_target!(|text: &str| {
    let lexed = lex(text);
    let mut end = 0usize;
    for (i, token) in lexed.tokens.iter().enumerate() {
        let (start, stop) = (token.span.start as usize, token.span.end as usize);
        assert!(start <= stop, "token {i} {token:?}: reversed span");
        assert!(
            stop <= text.len(),
            "token {i} {token:?}: past the end ({})",
            text.len()
        );
        assert!(
            text.is_char_boundary(start) && text.is_char_boundary(stop),
            "token {i} {token:?}: not on character boundaries"
        );
        assert!(
            start >= end,
            "token {i} {token:?}: overlaps the previous token (ends at {end})"
        );
        end = stop;
        let _ = token.text(text);
    }
    let mut previous = None;
    for tag in &lexed.tags {
        let offset = tag.offset as usize;
        assert!(offset < text.len(), "tag {tag:?}: past the end");
        assert_eq!(
            text.as_bytes()[offset],
            b'[',
            "tag {tag:?}: offset is not a '['"
        );
        assert!(
            previous.is_none_or(|p| p < offset),
            "tag {tag:?}: out of order"
        );
        previous = Some(offset);
    }
    for finding in &lexed.findings {
        assert!(
            finding.offset as usize <= text.len(),
            "finding {finding:?}: past the end"
        );
    }
});
