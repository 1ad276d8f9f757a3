//! Evaluation signs and annotation glyphs as books print them (`+/=`,
//! `±`, `∞`, `!?`), and the numeric annotation glyphs (NAGs) PGN writes
//! for them.

/// Evaluation signs a book glues to a move (`d4=`, `Ne6+/–`, `Qe6+–`),
/// longest first, with their NAGs.
const EVALUATIONS: &[(&str, u8)] = &[
    ("+/–", 16),
    ("+/-", 16),
    ("+/−", 16),
    ("–/+", 17),
    ("-/+", 17),
    ("−/+", 17),
    ("+–", 18),
    ("+-", 18),
    ("+−", 18),
    ("–+", 19),
    ("-+", 19),
    ("−+", 19),
    ("+/=", 14),
    ("=/+", 15),
    ("+=", 14),
    ("=+", 15),
    ("±", 16),
    ("∓", 17),
    ("⩲", 14),
    ("⩱", 15),
    ("∞", 13),
    ("=", 10),
];

/// The NAG of the evaluation sign that ends `written`, if one does.
pub fn evaluation_nag(written: &str) -> Option<u8> {
    let written = written.trim_end();
    EVALUATIONS
        .iter()
        .find(|(sign, _)| written.ends_with(sign))
        .map(|&(_, nag)| nag)
}

/// Annotation glyphs and their NAGs, longest first.
const GLYPHS: [(&str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

/// `written` without the evaluation sign or annotation glyph glued to
/// its end (`TR1AR=/+`, `K. Kt. square.!!`), and its NAG, when one ends
/// it and something is left before it.
pub fn split_annotation(written: &str) -> Option<(&str, u8)> {
    let written = written.trim_end();
    EVALUATIONS
        .iter()
        .chain(GLYPHS.iter())
        .find_map(|&(sign, nag)| {
            let core = written.strip_suffix(sign)?.trim_end();
            (!core.is_empty()).then_some((core, nag))
        })
}

/// The NAG PGN gives a novelty.
const NOVELTY: u8 = 146;

/// `written` without the novelty sign that books glue after a move's
/// square or mark (`17.c5N`, `Qxd5+N`, `Rd1!N`), and its NAG. (A pawn
/// reaching the last rank with a knight, `e8N`, is to be read as the
/// promotion first.)
pub fn split_novelty(written: &str) -> Option<(&str, u8)> {
    let written = written.trim_end();
    let core = written.strip_suffix('N')?;
    core.ends_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '#' | '!' | '?'))
        .then_some((core, NOVELTY))
}

/// The NAG of `written` when it is an evaluation or annotation sign
/// and nothing else (`+/=`, `∞`, `!?`).
pub fn sign_nag(written: &str) -> Option<u8> {
    EVALUATIONS
        .iter()
        .chain(GLYPHS.iter())
        .find(|(sign, _)| *sign == written)
        .map(|&(_, nag)| nag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluation_signs_are_nags() {
        assert_eq!(evaluation_nag("Ne6+/–"), Some(16));
        assert_eq!(evaluation_nag("Qe6+–"), Some(18));
        assert_eq!(evaluation_nag("d4="), Some(10));
        assert_eq!(evaluation_nag("Nf3"), None);
        assert_eq!(split_annotation("TR1AR=/+"), Some(("TR1AR", 15)));
        assert_eq!(split_annotation("Pxc4 ∞"), Some(("Pxc4", 13)));
        assert_eq!(split_annotation("QR-KKtsq.!!"), Some(("QR-KKtsq.", 3)));
        assert_eq!(split_annotation("±"), None);
        assert_eq!(split_annotation("Nf3"), None);
        assert_eq!(split_novelty("c5N"), Some(("c5", 146)));
        assert_eq!(split_novelty("Qxd5+N"), Some(("Qxd5+", 146)));
        assert_eq!(split_novelty("Rf7?!N"), Some(("Rf7?!", 146)));
        assert_eq!(split_novelty("TN"), None);
        assert_eq!(split_annotation("c5N"), None);
        assert_eq!(sign_nag("+/="), Some(14));
        assert_eq!(sign_nag("∞"), Some(13));
        assert_eq!(sign_nag("!?"), Some(5));
        assert_eq!(sign_nag("Nf3"), None);
    }
}
