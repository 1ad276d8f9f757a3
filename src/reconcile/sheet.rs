//! One copy of a scoresheet: its tags, its move boxes in order, and the
//! notation and letters its hand writes in.
//!
//! A sheet is written a numbered pair a line (`12. Nf3 Nc6`), perhaps
//! with `...` in a box left empty, perhaps with PGN tag pairs above the
//! moves. Its words are cut by the document reader's [`words`], and each
//! move number places the boxes after it: White's box of move `n` is box
//! `2n - 2`, Black's the one after. A box that no word fills (`12... Nc6`
//! with White's twelfth left blank) is an empty box, and a number that
//! goes back or leaps far ahead (a slip of the pen) places nothing: the
//! boxes go on in order.
//!
//! ```
//! use scoresheet::reconcile::sheet::Sheet;
//! use scoresheet::game::ReadOptions;
//!
//! let sheet = Sheet::read("[White \"Lasker\"]\n1. e4 e5\n2. Nf3 ...\n3. Bb5 a6\n", &ReadOptions::default());
//! assert_eq!(sheet.tags, [("White".to_owned(), "Lasker".to_owned())]);
//! assert_eq!(sheet.boxes, ["e4", "e5", "Nf3", "...", "Bb5", "a6"]);
//! assert!(Sheet::is_empty_box(&sheet.boxes[3]));
//! ```

use crate::document::words::{WordKind, words};
use shakmaty::Color;

use crate::game::ReadOptions;
use crate::lang::Language;
use crate::notation::Notation;
use crate::pgn::lexer::{lex, standard_result};

/// The furthest a move number may leap past the next box and still place
/// the boxes after it: further, it is taken for a slip of the pen.
const LEAP: usize = 2 * 20;

/// One copy of a game's scoresheet.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    /// Its tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// Its move boxes in order, each as written; an empty box is empty or
    /// a run of dots ([`Sheet::is_empty_box`]).
    pub boxes: Vec<String>,
    /// The result written after the moves, if any.
    pub result: Option<&'static str>,
    /// The notation its moves are written in.
    pub notation: Notation,
    /// The letters its pieces are written with.
    pub lang: &'a Language,
}

impl<'a> Sheet<'a> {
    /// Reads a copy; the notation and letters are those `options` give,
    /// or, where they leave them open, those the sheet reads furthest in.
    pub fn read(text: &str, options: &ReadOptions<'a>) -> Sheet<'a> {
        let lexed = lex(text);
        let tags: Vec<(String, String)> = lexed
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect();
        // The moves start on the line after the last tag.
        let moves_from = lexed
            .tags
            .iter()
            .map(|t| t.offset as usize)
            .max()
            .map_or(0, |at| text[at..].find('\n').map_or(text.len(), |n| at + n));
        let (boxes, result) = boxes(&text[moves_from..]);
        let (notation, lang) = writing(&boxes, options);
        let tag_result = tags
            .iter()
            .find(|(name, _)| name == "Result")
            .and_then(|(_, value)| standard_result(value));
        Sheet {
            tags,
            boxes,
            result: result.or(tag_result),
            notation,
            lang,
        }
    }

    /// Whether a box holds no move: nothing, or dots or dashes alone.
    pub fn is_empty_box(written: &str) -> bool {
        written
            .chars()
            .all(|c| matches!(c, '.' | '…' | '-' | '–' | '—'))
    }
}

/// The notation and letters that read the most of `boxes` as moves,
/// among those `options` allow: the first of a tie, SAN before
/// descriptive before ICCF, letters in the order `scoresheet languages`
/// lists them. Slips, which read as no move whatever the letters, do
/// not sway it.
fn writing<'a>(boxes: &[String], options: &ReadOptions<'a>) -> (Notation, &'a Language) {
    let notations = match options.notation {
        Some(notation) => vec![notation],
        None => vec![Notation::San, Notation::Descriptive, Notation::Iccf(options.iccf_promotion)],
    };
    let mut best: Option<(usize, Notation, &'a Language)> = None;
    for notation in notations {
        let tables = if notation.has_letters() {
            options.letters.tables()
        } else {
            vec![(Language::english(), "")]
        };
        for (lang, _) in tables {
            let read = boxes
                .iter()
                .enumerate()
                .filter(|(i, written)| {
                    let turn = if i % 2 == 0 { Color::White } else { Color::Black };
                    !Sheet::is_empty_box(written) && notation.parse(written, lang, turn).is_ok()
                })
                .count();
            if best.is_none_or(|(most, _, _)| read > most) {
                best = Some((read, notation, lang));
            }
        }
    }
    best.map_or((Notation::San, Language::english()), |(_, notation, lang)| (notation, lang))
}

/// The move boxes of a sheet's moves, and the result written after
/// them. Words before the first move number (a heading) and inside
/// brackets (a remark) fill no box.
fn boxes(text: &str) -> (Vec<String>, Option<&'static str>) {
    let mut out: Vec<String> = Vec::new();
    let mut result = None;
    let mut numbered = false;
    let mut depth = 0usize;
    for word in words(text) {
        match word.kind {
            WordKind::Open => depth += 1,
            WordKind::Close => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            // A number in a heading (`board 3`) is neither dotted nor
            // first on its line.
            WordKind::Number { n, black, dotted } if dotted || word.line_start || numbered => {
                numbered = true;
                let at = (n as usize).saturating_sub(1) * 2 + usize::from(black);
                if at >= out.len() && at <= out.len() + LEAP {
                    out.resize(at, String::new());
                }
            }
            WordKind::Result => result = standard_result(word.text(text)).or(result),
            WordKind::Dots | WordKind::Text if numbered => out.push(word.text(text).to_owned()),
            _ => {}
        }
    }
    (out, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_place_the_boxes_after_them() {
        for (text, want) in [
            ("1. e4 e5 2. Nf3 Nc6", vec!["e4", "e5", "Nf3", "Nc6"]),
            ("1. e4 e5\n2. ... Nc6\n3. Bb5", vec!["e4", "e5", "", "Nc6", "Bb5"]),
            ("1. e4 e5\n2. Nf3 ...\n3. Bb5", vec!["e4", "e5", "Nf3", "...", "Bb5"]),
            ("1. e4 e5 2... Nc6", vec!["e4", "e5", "", "Nc6"]),
            // A number that goes back places nothing.
            ("1. e4 e5 1. Nf3 Nc6", vec!["e4", "e5", "Nf3", "Nc6"]),
            ("Sheet of board 3\n1. d4 (a remark) d5 1-0", vec!["d4", "d5"]),
        ] {
            assert_eq!(boxes(text).0, want, "{text}");
        }
    }

    #[test]
    fn the_result_is_read_after_the_moves_or_from_the_tag() {
        let options = ReadOptions::default();
        assert_eq!(Sheet::read("1. e4 e5 0-1", &options).result, Some("0-1"));
        let tagged = "[Result \"1/2-1/2\"]\n\n1. e4 e5\n";
        assert_eq!(Sheet::read(tagged, &options).result, Some("1/2-1/2"));
    }

    #[test]
    fn letters_are_those_the_sheet_reads_in() {
        let sheet = Sheet::read("1. e4 e5 2. Hf3 Hc6 3. Fb5 a6", &ReadOptions::default());
        assert_eq!(sheet.lang.code, "hu");
        assert_eq!(sheet.notation, Notation::San);
    }
}
