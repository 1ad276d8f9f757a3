//! Byte offsets turned into the UTF-16 code units a browser counts.

use std::str::Chars;

use super::GameView;

/// Byte offsets of a text turned into UTF-16 code units, a game at a
/// time: each game's offsets are gathered, sorted and met in one pass
/// over its part of the text, from where the game before left off.
pub(super) struct Utf16<'t> {
    text: &'t str,
    chars: Chars<'t>,
    /// The byte reached, and the units before it.
    byte: usize,
    unit: usize,
}

impl<'t> Utf16<'t> {
    pub(super) fn new(text: &'t str) -> Utf16<'t> {
        Utf16 {
            text,
            chars: text.chars(),
            byte: 0,
            unit: 0,
        }
    }

    /// Sets every `at` of `game` from its `span`.
    pub(super) fn fill(&mut self, game: &mut GameView) {
        let mut wanted: Vec<usize> = Vec::new();
        visit(game, &mut |span, _| wanted.extend_from_slice(span));
        wanted.sort_unstable();
        wanted.dedup();
        if wanted.first().is_some_and(|&w| w < self.byte) {
            // Behind the game before: counted again from the start.
            *self = Utf16::new(self.text);
        }
        let mut units = Vec::with_capacity(wanted.len());
        for &w in &wanted {
            while self.byte < w {
                let Some(c) = self.chars.next() else { break };
                self.byte += c.len_utf8();
                self.unit += c.len_utf16();
            }
            units.push(self.unit);
        }
        let find = |b: usize| {
            wanted
                .binary_search(&b)
                .map_or(0, |i| units.get(i).copied().unwrap_or(0))
        };
        visit(game, &mut |span, at| {
            *at = [find(span[0]), find(span[1])];
        });
    }
}

/// Calls `f` with every span of `game` and its UTF-16 twin.
fn visit(game: &mut GameView, f: &mut dyn FnMut(&[usize; 2], &mut [usize; 2])) {
    f(&game.span, &mut game.at);
    for m in &mut game.moves {
        f(&m.span, &mut m.at);
    }
    for c in &mut game.comments {
        f(&c.span, &mut c.at);
    }
    for finding in &mut game.findings {
        if let Some(p) = &mut finding.place {
            f(&p.span, &mut p.at);
        }
        for fix in &mut finding.fixes {
            f(&fix.place.span, &mut fix.place.at);
        }
    }
}
