//! The texts a move may have when it starts at a given word.
//!
//! Printed moves are often spread over several words: `P - K 4`,
//! `Q R - K Kt 1`, `R (Q 1) - Q 3`, `P. to K.'s 4th.`, `Kр: g8`, `aX b4`.
//! A *span* is a run of up to [`MAX_SPAN`] words joined without their
//! blanks and put in the short form the notation parsers read: long-form
//! words mapped (`to` → `-`, `takes` → `x`, `sq` → `1`), full stops,
//! possessives and ordinals dropped (`K.'s 4th.` → `K4`), typeset marks
//! made plain (`×` → `x`, `—` → `-`). Which span is the move is for the
//! parsers and the board to say.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::document::words::{Word, WordKind, words};

/// Most words one move is printed in (`Q R - K Kt 1`, `P. takes K. Kt.'s P.`),
/// its brackets not counted (`R. (on K. R.'s 7th) to B.'s 7th`).
pub const MAX_SPAN: usize = 9;

/// The words of running text the reader knows (`grammars/document.toml`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    /// Long-form descriptive words and the marks they stand for.
    pub long_form: HashMap<String, String>,
    /// Words that say a player resigned.
    pub resign: Vec<String>,
    /// Verbs that say a player gave up only with one of their particles
    /// later in the sentence (`gibt … auf`).
    #[serde(default)]
    pub resign_with: HashMap<String, Vec<String>>,
    /// Words that say the game was drawn.
    #[serde(default)]
    pub draw: Vec<String>,
    /// Words that say the side that moved last wins (`and wins.`).
    #[serde(default)]
    pub win: Vec<String>,
    /// Words that announce a mate to come (`White announced mate in
    /// ten moves`), which wins as `wins` does.
    #[serde(default)]
    pub announce: Vec<String>,
    /// Words for a pawn's advance by one square and by two (`K. P. two`).
    #[serde(default)]
    pub steps: Vec<String>,
    /// Words for a piece moved between a checking piece and the king
    /// (`R interposes`).
    #[serde(default)]
    pub interpose: Vec<String>,
}

/// The built-in vocabulary.
pub fn vocabulary() -> &'static Vocabulary {
    static VOCABULARY: OnceLock<Vocabulary> = OnceLock::new();
    VOCABULARY.get_or_init(|| {
        toml::from_str(include_str!("../../grammars/document.toml"))
            .unwrap_or_else(|e| panic!("grammars/document.toml is broken: {e}"))
    })
}

/// Whether `word` (a text word), without its punctuation and in lower
/// case, is one of `list`.
fn one_of(word: &str, list: &[String]) -> bool {
    let word = word
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    !word.is_empty() && list.contains(&word)
}

/// Whether `word` (a text word) says that a player resigned.
pub fn is_resign_word(word: &str) -> bool {
    one_of(word, &vocabulary().resign)
}

/// Whether `word` (a text word) says that the game was drawn.
pub fn is_draw_word(word: &str) -> bool {
    one_of(word, &vocabulary().draw)
}

/// Whether `word` (a text word) says that a side wins.
pub fn is_win_word(word: &str) -> bool {
    one_of(word, &vocabulary().win)
}

/// Whether word `i` announces a mate to come: an announcing word
/// before the word for mate (`announced mate in ten`, `kündigte Matt
/// an`).
pub fn announces_mate(text: &str, words: &[Word], i: usize) -> bool {
    one_of(words[i].text(text), &vocabulary().announce)
        && words.get(i + 1).is_some_and(|w| {
            w.kind == WordKind::Text && !w.paragraph && w.text(text).to_lowercase().starts_with("mat")
        })
}

/// Whether `word` ends a game in words: a resignation or a draw.
fn is_end_word(word: &str) -> bool {
    is_resign_word(word) || is_draw_word(word)
}

/// Whether word `i` says that the game ended: a resignation or a draw,
/// or a verb that resigns with its particle later in the sentence
/// (`Weiß gibt auf.`, not `Schwarz gibt das Läuferpaar ab`).
pub fn ends_game(text: &str, words: &[Word], i: usize) -> bool {
    /// Words after the verb in which its particle may stand.
    const PARTICLE_WORDS: usize = 6;
    let word = words[i].text(text);
    if is_end_word(word) {
        return true;
    }
    let verb = word.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let Some(particles) = vocabulary().resign_with.get(&verb) else {
        return false;
    };
    let mut sentence = !word.ends_with(['.', '!', ';']);
    words[i + 1..]
        .iter()
        .take(PARTICLE_WORDS)
        .take_while(|w| {
            let open = sentence && !w.paragraph && w.kind == WordKind::Text;
            sentence = !w.text(text).ends_with(['.', '!', ';']);
            open
        })
        .any(|w| one_of(w.text(text), particles))
}

/// Whether word `i` may be part of a move's span after its first word;
/// `in_bracket` when the span has opened a bracket it has not closed.
fn joins(words: &[Word], i: usize, text: &str, in_bracket: bool) -> bool {
    let Some(w) = words.get(i) else {
        return false;
    };
    if w.paragraph {
        return false;
    }
    match w.kind {
        // A rule under a table's row (`--------`) is no part of a move.
        WordKind::Text => !is_rule(w.text(text)),
        WordKind::Open | WordKind::Close => true,
        // `K. Kt, to B. 3rd.`: a stop scanned as a comma, glued to the
        // piece, before the word that joins piece and square.
        WordKind::Separator => {
            w.text(text) == ","
                && i > 0
                && words[i - 1].end == w.start
                && words.get(i + 1).is_some_and(|n| {
                    n.kind == WordKind::Text && !n.paragraph && is_connector(n.text(text))
                })
        }
        // A rank: `K 4`, and `K 4.` at the end of a sentence; a number
        // past the eighth rank is a move's number, even in a bracket the
        // damage left open (`B to Kt 5 (O 20 Kt to B 4`).
        WordKind::Number {
            black: false,
            dotted,
            n,
        } => n <= 8 && (!dotted || w.text(text).ends_with('.') || in_bracket),
        _ => false,
    }
}

/// Whether `word` is a rule drawn with dashes or the like: three or
/// more, nothing else.
fn is_rule(word: &str) -> bool {
    word.chars().count() >= 3 && word.chars().all(|c| matches!(c, '-' | '—' | '–' | '=' | '_'))
}

/// The spans that start at word `first`: for each length, the joined
/// text in short form. Stops at a word that cannot be part of a move.
pub fn spans(text: &str, words: &[Word], first: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let Some(w) = words.get(first) else {
        return out;
    };
    if w.kind != WordKind::Text {
        return out;
    }
    let mut joined = String::new();
    let mut counted = 0;
    for len in 1.. {
        let i = first + len - 1;
        // Brackets and a comma before a word that joins (`8th, becoming`)
        // are not counted.
        if words.get(i).is_some_and(|w| !matches!(w.kind, WordKind::Open | WordKind::Close | WordKind::Separator)) {
            counted += 1;
        }
        if counted > MAX_SPAN {
            break;
        }
        // `R (Q 2) - K 2`: the rank in the bracket is printed like a
        // move number `2)`.
        let in_bracket = joined.matches('(').count() > joined.matches(')').count();
        if len > 1 && !joins(words, i, text, in_bracket) {
            break;
        }
        // A number with a stop is a rank only where one is missing
        // (`P - K 4.`); after a square it is the next move's number.
        if len > 1
            && matches!(words[i].kind, WordKind::Number { dotted: true, .. })
            && !joined.ends_with(|c: char| c.is_alphabetic() || c == '-')
        {
            break;
        }
        if words[i].kind == WordKind::Separator {
            continue;
        }
        let word = words[i].text(text);
        if len > 1 && opens_sentence(words, i, text) && joined.ends_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        // `becoming a Queen`: the article before the piece says nothing.
        if matches!(word, "a" | "an") && is_promotion_word(words[i - 1].text(text)) {
            continue;
        }
        short_form(word, &mut joined);
        if !joined.is_empty() && words[i].kind != WordKind::Open {
            out.push((len, capital_captures(&without_glyphs_in_brackets(&joined))));
        }
        // A rank before a full stop ends the sentence, and the move.
        if len > 1 && !in_bracket && matches!(words[i].kind, WordKind::Number { dotted: true, .. }) {
            break;
        }
    }
    out
}

/// Whether word `i` opens a line with a capital and words follow it on
/// that line: a sentence after a move (`3.Bb5` / `Checkmate follows.`),
/// not a mark of the move's (`Check.` alone, or before the next number).
pub fn opens_sentence(words: &[Word], i: usize, text: &str) -> bool {
    words[i].line_start
        && words[i].text(text).starts_with(char::is_uppercase)
        && words
            .get(i + 1)
            .is_some_and(|n| n.kind == WordKind::Text && !n.line_start)
}

/// Whether `word` is a long-form word that joins a piece to its square
/// or to the piece it takes (`to`, `takes`).
fn is_connector(word: &str) -> bool {
    let bare = word.trim_end_matches('.').to_lowercase();
    vocabulary()
        .long_form
        .get(bare.as_str())
        .is_some_and(|mark| matches!(mark.as_str(), "-" | "x") || mark.starts_with('='))
}

/// Whether `word` is a long-form word that promotes (`becoming`).
fn is_promotion_word(word: &str) -> bool {
    vocabulary()
        .long_form
        .get(word.to_lowercase().as_str())
        .is_some_and(|mark| mark.starts_with('='))
}

/// Whether `word` is lower-case letters each followed by a full stop.
fn is_abbreviation(word: &str) -> bool {
    let b = word.as_bytes();
    !b.is_empty()
        && b.len().is_multiple_of(2)
        && b.chunks(2)
            .all(|pair| pair[0].is_ascii_lowercase() && pair[1] == b'.')
}

/// `R(onR2!)-R1`: an annotation glyph inside a bracket that names a
/// square says nothing of the move; it is dropped.
fn without_glyphs_in_brackets(joined: &str) -> std::borrow::Cow<'_, str> {
    if !joined.contains(['!', '?']) || !joined.contains(')') {
        return joined.into();
    }
    let mut out = String::with_capacity(joined.len());
    for (i, c) in joined.char_indices() {
        let glyph_before_close = matches!(c, '!' | '?')
            && joined[i..]
                .trim_start_matches(['!', '?'])
                .starts_with(')');
        if !glyph_before_close {
            out.push(c);
        }
    }
    out.into()
}

/// `dXe5`, `P X P`: a capital X inside a move is a capture; at its end
/// it is a mate mark.
fn capital_captures(joined: &str) -> String {
    let last = joined.len().saturating_sub(1);
    joined
        .char_indices()
        .map(|(i, c)| if c == 'X' && i < last { 'x' } else { c })
        .collect()
}

/// A move's whole text in short form, as a span over all its words.
pub fn short_text(text: &str) -> String {
    let mut joined = String::new();
    for w in words(text) {
        short_form(w.text(text), &mut joined);
    }
    capital_captures(&joined)
}

/// Appends `word` in short form to `out`.
fn short_form(word: &str, out: &mut String) {
    // `e.p.`, `o.l.`, `a.p.` (and `e.` `p.` spaced): abbreviations of
    // en passant keep their stops, which the marks are written with.
    if is_abbreviation(word) {
        out.push_str(word);
        return;
    }
    let bare: String = word.chars().filter(|c| *c != '.').collect();
    // (`square!!`: a glyph glued to a word in long form.)
    let stem = bare.trim_end_matches(['!', '?']);
    // `King's`, `Bishop's`: a piece named in full, its possessive dropped.
    let named = stem.strip_suffix("'s").or_else(|| stem.strip_suffix("’s"));
    if let Some(mark) = named.and_then(|n| vocabulary().long_form.get(n.to_lowercase().as_str()))
        && mark.chars().all(char::is_alphabetic)
    {
        out.push_str(mark);
        return;
    }
    if let Some(mark) = vocabulary().long_form.get(stem.to_lowercase().as_str()) {
        // `(becoming a Q.)`: the bracket marks the promotion already.
        let mark = if out.ends_with('(') { mark.trim_start_matches('=') } else { mark };
        out.push_str(mark);
        out.push_str(&bare[stem.len()..]);
        return;
    }
    // `PtoK4`, `KttakesP`: the spaces around a long-form word lost.
    if let Some((before, mark, after)) = glued_long_form(&bare) {
        short_form(before, out);
        out.push_str(mark);
        short_form(after, out);
        return;
    }
    // `K.'s` → `K`, `Kts` → `Kt`, `4th` → `4`; a glyph after the word
    // (`5th.??.`) kept after its short form.
    let (bare, glyph) = bare.split_at(stem.len());
    let bare = bare
        .strip_suffix("'s")
        .or_else(|| bare.strip_suffix("’s"))
        .or_else(|| possessive_piece(bare))
        .unwrap_or(bare);
    let bare = match bare.len().checked_sub(2) {
        Some(at)
            if bare.is_char_boundary(at)
                && matches!(&bare[at..], "st" | "nd" | "rd" | "th")
                && bare[..at].ends_with(|c: char| c.is_ascii_digit()) =>
        {
            &bare[..at]
        }
        _ => bare,
    };
    // Cyrillic look-alikes of file letters in a square (`с3`).
    let square_word = bare.bytes().any(|b| b.is_ascii_digit());
    for c in bare.chars() {
        out.push(match c {
            '×' => 'x',
            '—' | '–' | '‑' => '-',
            'а' if square_word => 'a',
            'с' if square_word => 'c',
            'е' if square_word => 'e',
            c => c,
        });
    }
    out.push_str(glyph);
}

/// A piece's name with a possessive `s` and no apostrophe (`Kts`,
/// `QBs`): the name.
fn possessive_piece(word: &str) -> Option<&str> {
    let name = word.strip_suffix('s')?;
    let capitals = name.bytes().take_while(u8::is_ascii_uppercase).count();
    let rest = &name[capitals..];
    ((1..=2).contains(&capitals) && matches!(rest, "" | "t")).then_some(name)
}

/// A long-form word glued between a piece and a square (`PtoK4`,
/// `KttakesB`): the text before it, its mark, the text after it.
fn glued_long_form(word: &str) -> Option<(&str, &'static str, &str)> {
    // A piece's letter first, and a square's capital after the word.
    let mut chars = word.chars();
    if !chars.next().is_some_and(char::is_uppercase) || !chars.any(char::is_uppercase) {
        return None;
    }
    // The longest word that fits (`takes`, not `take`), for every
    // order of the table.
    vocabulary()
        .long_form
        .iter()
        .filter_map(|(long, mark)| {
            word.match_indices(long.as_str()).find_map(|(at, _)| {
                let (before, after) = (&word[..at], &word[at + long.len()..]);
                let piece = before.starts_with(|c: char| c.is_uppercase());
                let square = after.starts_with(|c: char| c.is_uppercase());
                (piece && square).then_some((long.len(), (before, mark.as_str(), after)))
            })
        })
        .max_by_key(|(len, (before, _, _))| (*len, before.len()))
        .map(|(_, found)| found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<String> {
        spans(text, &words(text), 0)
            .into_iter()
            .map(|(_, s)| s)
            .collect()
    }

    #[test]
    fn spaced_and_long_forms_join() {
        assert_eq!(all("P - K 4")[3], "P-K4");
        assert_eq!(all("Q R - K Kt 1")[5], "QR-KKt1");
        assert_eq!(all("P. to K.'s 4th.")[3], "P-K4");
        assert_eq!(all("K to B sq")[3], "K-B1");
        assert_eq!(all("Q. takes P. (ch.)")[4], "QxP(ch)");
        assert_eq!(all("Kt × P")[2], "KtxP");
        // A qualifier's brackets are not counted among the words.
        assert!(all("R. (on K. R.'s 7th) to B.'s 7th ch.").contains(&String::from("R(KR7)-B7ch")));
        // The spaces around a long-form word lost in print or OCR.
        assert_eq!(all("PtoK4")[0], "P-K4");
        // A glyph after the square's ordinal, stops around it.
        assert_eq!(all("Kt. to Q. 5th.??.")[3], "Kt-Q5??");
        assert_eq!(all("B. to K. B.'s 4th!")[4], "B-KB4!");
        assert_eq!(all("KttakesP")[0], "KtxP");
        assert!(all("Kt to B 3").contains(&"Kt-B3".to_owned()));
        assert_eq!(all("Kts P takes P")[3], "KtPxP");
        assert!(all("R (Q 2) - K 2").contains(&"R(Q2)-K2".to_owned()));
        assert!(all("R (on R2!) to R square").contains(&"R(R2)-R1".to_owned()));
        // Every word spelled out, as books for beginners print a move.
        assert!(all("Pawn to King's fourth.").contains(&"P-K4".to_owned()));
        assert!(all("Knight to King's Bishop's third.").contains(&"Kt-KB3".to_owned()));
        assert!(all("Queen takes Bishop, check.").contains(&"QxB".to_owned()));
    }

    #[test]
    fn a_span_stops_at_a_move_number_or_paragraph() {
        assert_eq!(all("P-K4 2. P-Q4").len(), 1);
        // A rank before a full stop is the move's own.
        assert_eq!(all("P - K 4. Then")[3], "P-K4");
        assert_eq!(all("P-K4\n\nP-Q4").len(), 1);
        // A bracket that damage left open is a mark between moves; a
        // number past the eighth rank is the next move's, even in a
        // bracket.
        assert_eq!(all("B to Kt 5 (O 20 Kt to B 4").last().map(String::as_str), Some("B-Kt5"));
        assert_eq!(all("B to Kt 5 (O 20 Kt to B 4)").last().map(String::as_str), Some("B-Kt5(O"));
    }

    #[test]
    fn resign_words_in_many_languages() {
        for w in ["Resigns.", "abb.", "сдались", "aufgegeben"] {
            assert!(is_resign_word(w), "{w}");
        }
        assert!(!is_resign_word("Black"));
        // A verb that gives up only with its particle.
        let ends = |text: &str| ends_game(text, &words(text), 1);
        assert!(ends("Weiß gibt auf.") && ends("Zwart gaf het op."));
        assert!(!ends("Schwarz gibt das Läuferpaar ab, um die Entwicklung") && !ends("Weiß gibt. Auf"));
        for w in ["Drawn.", "Remis.", "nulle.", "Ничья."] {
            assert!(is_draw_word(w), "{w}");
        }
        // A draw spoken of is no result.
        assert!(!is_draw_word("draw"));
    }
}
