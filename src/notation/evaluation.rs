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

/// The NAG of `written` when it is an evaluation or annotation sign
/// and nothing else (`+/=`, `∞`, `!?`).
pub fn sign_nag(written: &str) -> Option<u8> {
    const GLYPHS: [(&str, u8); 6] = [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)];
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
        assert_eq!(sign_nag("+/="), Some(14));
        assert_eq!(sign_nag("∞"), Some(13));
        assert_eq!(sign_nag("!?"), Some(5));
        assert_eq!(sign_nag("Nf3"), None);
    }
}
