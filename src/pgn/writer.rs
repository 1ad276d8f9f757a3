//! Writes replayed games as PGN in export format, or as bare movetext.
//!
//! Export format: the Seven Tag Roster first (Event, Site, Date, Round,
//! White, Black, Result, with `?` placeholders), the other tags in the
//! order read, a blank line, movetext wrapped under 80 columns, a blank
//! line. Comments, NAGs (glyphs become NAGs) and variations are kept;
//! move numbers are written in full and black moves get `N...` after a
//! comment or a variation.
//!
//! ```
//! use scoresheet::game::{read, ReadOptions};
//! use scoresheet::lang::Language;
//! use scoresheet::pgn::writer::write_pgn;
//! use scoresheet::notation::write::MoveStyle;
//!
//! let game = read("1. e4, e5. 2. Hf3, Hc6.", &ReadOptions::default());
//! let mut pgn = String::new();
//! write_pgn(&mut pgn, &game, MoveStyle::San(Language::english()));
//! assert!(pgn.ends_with("\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"));
//! ```

use shakmaty::{Chess, Color, Position};

use crate::notation::write::{MoveStyle, append_move};
use crate::replay::walk::{Step, walk};
use crate::game::Game;

/// Movetext lines stay shorter than this.
const MAX_LINE: usize = 80;

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Appends `game` to `out` as PGN with SAN in `lang`'s letters.
pub fn write_pgn(out: &mut String, game: &Game<'_>, style: MoveStyle<'_>) {
    write_tags(out, game);
    out.push('\n');
    write_movetext(out, game, style);
    out.push('\n');
}

/// Appends `game` as a scoresheet in any notation: the tags it was read
/// with, if any, then its movetext and a blank line.
pub fn write_text(out: &mut String, game: &Game<'_>, style: MoveStyle<'_>) {
    if !game.lexed.tags.is_empty() {
        for tag in &game.lexed.tags {
            push_tag(out, &tag.name, &tag.value);
        }
        out.push('\n');
    }
    write_movetext(out, game, style);
    out.push('\n');
}

/// Appends the tags of `game`, Seven Tag Roster first.
pub fn write_tags(out: &mut String, game: &Game<'_>) {
    let result = game.result();
    for (name, default) in ROSTER {
        let value = match name {
            "Result" => result,
            _ => game.tag(name).unwrap_or(default),
        };
        push_tag(out, name, value);
    }
    let tags = &game.lexed.tags;
    // A game's dozen tags are compared pairwise; a game may hold 100,000,
    // which go through a set.
    let mut seen = (tags.len() > 32).then(|| std::collections::HashSet::with_capacity(tags.len()));
    for (i, tag) in tags.iter().enumerate() {
        let in_roster = ROSTER.iter().any(|(n, _)| *n == tag.name);
        let first = match &mut seen {
            Some(seen) => seen.insert(tag.name.as_str()),
            None => !tags[..i].iter().any(|t| t.name == tag.name),
        };
        if !in_roster && first {
            push_tag(out, &tag.name, &tag.value);
        }
    }
}

/// Appends the number of the move about to be made in `pos` (`12. `), or
/// for Black's move `12... ` when `black_too`.
fn push_move_number(word: &mut String, pos: &Chess, black_too: bool) {
    match pos.turn() {
        Color::White => {
            push_number(word, pos.fullmoves().get());
            word.push_str(". ");
        }
        Color::Black if black_too => {
            push_number(word, pos.fullmoves().get());
            word.push_str("... ");
        }
        Color::Black => {}
    }
}

/// Appends `n` in decimal (without the formatting machinery: this runs
/// for every move written).
fn push_number(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

/// Appends a tag pair, `"` and `\\` escaped. Control characters (NUL,
/// ESC, …), which a PGN tag value cannot hold and has no escape for, are
/// dropped; the game's findings say so.
fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    let plain = memchr::memchr2(b'"', b'\\', value.as_bytes()).is_none()
        && !value.chars().any(char::is_control);
    if plain {
        out.push_str(value);
    } else {
        for c in value.chars().filter(|c| !c.is_control()) {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push_str("\"]\n");
}

/// Appends the movetext of `game` (moves in `lang`'s letters, comments,
/// NAGs, variations, result), wrapped, ending with a newline.
pub fn write_movetext(out: &mut String, game: &Game<'_>, style: MoveStyle<'_>) {
    let mut w = Wrapper { out, column: 0 };
    let mut need_number = true;
    let mut word = String::new();
    walk(
        &game.replay.events,
        &game.start,
        style.needs_origins(),
        |step, _| match *step {
            Step::Move {
                mv,
                before,
                after,
                origins,
                ..
            } => {
                // A move number stays on the line of its move.
                word.clear();
                push_move_number(&mut word, before, need_number);
                append_move(&mut word, style, before, mv, after, origins);
                w.word(&word);
                need_number = false;
            }
            Step::Null { before, .. } => {
                word.clear();
                push_move_number(&mut word, before, need_number);
                word.push_str(style.null_move());
                w.word(&word);
                need_number = false;
            }
            Step::Nag(n) => w.word(&format!("${n}")),
            Step::Comment(index) => {
                let token = &game.lexed.tokens[index as usize];
                let text = token.text(game.text);
                if text.contains('}') {
                    // A brace would end a `{…}` comment: a `;` comment
                    // keeps the text, on one line.
                    let line: Vec<&str> = text.split_whitespace().collect();
                    w.word(&format!("; {}", line.join(" ")));
                    w.newline();
                } else {
                    w.comment(text);
                }
                need_number = true;
            }
            Step::DrawOffer => {
                w.word("{(=)}");
                need_number = true;
            }
            Step::Begin => {
                w.open();
                need_number = true;
            }
            Step::End => {
                w.close();
                need_number = true;
            }
        },
    );
    w.word(game.result());
    w.newline();
}

/// Joins words with single spaces, breaking lines before 80 columns.
struct Wrapper<'a> {
    out: &'a mut String,
    column: usize,
}

impl Wrapper<'_> {
    fn word(&mut self, word: &str) {
        let len = if word.is_ascii() {
            word.len()
        } else {
            word.chars().count()
        };
        if self.column > 0 {
            if self.column + 1 + len >= MAX_LINE {
                self.newline();
            } else if !self.out.ends_with('(') {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(word);
        self.column += len;
    }

    fn open(&mut self) {
        self.word("(");
    }

    fn close(&mut self) {
        if self.column + 1 >= MAX_LINE {
            self.newline();
        }
        self.out.push(')');
        self.column += 1;
    }

    /// A `{…}` comment, broken between its words where lines are full.
    fn comment(&mut self, text: &str) {
        let mut words = text.split_whitespace().peekable();
        if words.peek().is_none() {
            self.word("{}");
            return;
        }
        let mut first = true;
        while let Some(word) = words.next() {
            let mut piece = String::with_capacity(word.len() + 2);
            if first {
                piece.push('{');
            }
            piece.push_str(word);
            if words.peek().is_none() {
                piece.push('}');
            }
            self.word(&piece);
            first = false;
        }
    }

    fn newline(&mut self) {
        if self.column > 0 {
            self.out.push('\n');
            self.column = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ReadOptions, read};
    use crate::lang::Language;

    fn pgn(text: &str) -> String {
        let game = read(text, &ReadOptions::default());
        let mut out = String::new();
        write_movetext(&mut out, &game, MoveStyle::San(Language::english()));
        out
    }

    #[test]
    fn numbers_after_comments_and_variations() {
        assert_eq!(
            pgn("1. e4 {best} e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 3. Bb5 1-0"),
            "1. e4 {best} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 3. Bb5 1-0\n"
        );
    }

    #[test]
    fn glyphs_become_nags_and_lines_wrap() {
        let text = "1. e4! e5?! 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
        let out = pgn(text);
        assert!(out.starts_with("1. e4 $1 e5 $6 2. Nf3"));
        assert!(out.lines().all(|l| l.chars().count() < 80), "{out}");
        assert_eq!(out.lines().count(), 2);
    }

    #[test]
    fn line_comments_with_braces_stay_line_comments() {
        assert_eq!(
            pgn("1. e4 ; a } brace\ne5 *"),
            "1. e4 ; a } brace\n1... e5 *\n"
        );
    }

    #[test]
    fn tags_roster_first_and_escaped() {
        let game = read(
            "[ECO \"C20\"]\n[White \"Anderssen, \\\"A\\\"\"]\n1. e4 *",
            &ReadOptions::default(),
        );
        let mut out = String::new();
        write_tags(&mut out, &game);
        assert_eq!(
            out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anderssen, \\\"A\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n"
        );
    }
}
