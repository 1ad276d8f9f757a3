//! Byte offsets turned into the UTF-16 code units a browser counts.

use super::Reading;

/// Byte offsets of a text turned into UTF-16 code units, all at once:
/// the offsets are gathered, sorted and met in one pass over the text.
pub(super) struct Utf16<'t> {
    text: &'t str,
}

impl<'t> Utf16<'t> {
    pub(super) fn new(text: &'t str) -> Utf16<'t> {
        Utf16 { text }
    }

    /// Sets every `at` of `reading` from its `span`.
    pub(super) fn fill(&self, reading: &mut Reading) {
        let mut wanted: Vec<usize> = Vec::new();
        visit(reading, &mut |span, _| wanted.extend_from_slice(span));
        wanted.sort_unstable();
        wanted.dedup();
        let mut units = Vec::with_capacity(wanted.len());
        let (mut byte, mut unit) = (0usize, 0usize);
        let mut chars = self.text.chars();
        for &w in &wanted {
            while byte < w {
                let Some(c) = chars.next() else { break };
                byte += c.len_utf8();
                unit += c.len_utf16();
            }
            units.push(unit);
        }
        let find = |b: usize| {
            wanted
                .binary_search(&b)
                .map_or(0, |i| units.get(i).copied().unwrap_or(0))
        };
        visit(reading, &mut |span, at| {
            *at = [find(span[0]), find(span[1])];
        });
    }
}

/// Calls `f` with every span of `reading` and its UTF-16 twin.
fn visit(reading: &mut Reading, f: &mut dyn FnMut(&[usize; 2], &mut [usize; 2])) {
    for game in &mut reading.games {
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
}
