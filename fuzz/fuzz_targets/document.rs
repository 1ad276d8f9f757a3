//! The document reader on any text: no panic, and what it reads is
//! sound. Every word and every token it makes lies on character
//! boundaries inside the text and in order; the main line replays
//! legally from the start, one `Move` event a half-move, as many as it
//! says; reading the same text twice gives the same reading.

#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet::document::{self, words};
use scoresheet::replay::Event;
use scoresheet::game::ReadOptions;
use shakmaty::{Chess, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut last = 0;
    for w in words::words(text) {
        let (start, end) = (w.start as usize, w.end as usize);
        assert!(last <= start && start < end && end <= text.len(), "word out of order or bounds");
        assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
        last = end;
    }
    let start = Chess::default();
    let doc = document::read(text, &start, &ReadOptions::default());
    let mut previous_end = 0;
    for t in &doc.lexed.tokens {
        let (s, e) = (t.span.start as usize, t.span.end as usize);
        assert!(previous_end <= s && s <= e && e <= text.len(), "token out of order or bounds");
        assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
        previous_end = e;
    }
    let mut pos = start.clone();
    let mut plies = 0;
    for event in &doc.replay.events {
        if let Event::Move { mv, token } = event {
            assert!((*token as usize) < doc.lexed.tokens.len());
            assert!(pos.is_legal(*mv), "an illegal move in the main line");
            pos.play_unchecked(*mv);
            plies += 1;
        }
    }
    assert_eq!(plies, doc.replay.main_plies);
    assert_eq!(pos.board(), doc.replay.end.board());
    let again = document::read(text, &start, &ReadOptions::default());
    assert_eq!(again.replay.events, doc.replay.events, "two readings differ");
    assert_eq!(again.letters, doc.letters);
});
