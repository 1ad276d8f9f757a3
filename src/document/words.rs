//! Cuts running text into words for the document reader.
//!
//! Nothing here decides what is a move: a word is a move number, a run
//! of dots, a bracket, a separator, a result, or *text* — a move, a part
//! of a spaced move (`Kt`, `-`, `K`, `B`, `3`), or prose. Move numbers
//! glued to what follows (`1.e4`, `2…dxe4`, `6Q`) or to what precedes
//! (`Bd5.18.`) are cut off, and so are two moves printed without a space
//! (`d4exd4`, `d4Sf6`, `O-O-OTd8`), so that the notation parsers see one
//! move at a time. Every word keeps its byte range in the text.
//!
//! ```
//! use scoresheet::document::words::{words, WordKind};
//!
//! let text = "1.e4 e5 2. Nf3, Nc6 (2... d6) 1-0";
//! let kinds: Vec<WordKind> = words(text).iter().map(|w| w.kind).collect();
//! assert_eq!(kinds[0], WordKind::Number { n: 1, black: false, dotted: true });
//! assert_eq!(kinds[5], WordKind::Separator);
//! assert_eq!(kinds[8], WordKind::Number { n: 2, black: true, dotted: true });
//! assert_eq!(kinds[11], WordKind::Result);
//! ```

use crate::document::diagrams::diagram_lines;
use crate::document::spans::vocabulary;

/// What a word is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordKind {
    /// A move number: `12.`, `12`, `12)`, or black's `12...`, `12…`,
    /// `12. ...`, `12 ...,`.
    Number {
        /// Its value.
        n: u32,
        /// Whether dots say that black's move follows.
        black: bool,
        /// Whether a dot or parenthesis follows the digits.
        dotted: bool,
    },
    /// A run of dots (`...`, `…`, `........`): black's move follows, or a
    /// move is left out.
    Dots,
    /// `(`, `[` or `{`.
    Open,
    /// `)`, `]` or `}`.
    Close,
    /// `,`, `;` or `|` between moves, or a footnote's mark (`*`, `†`).
    Separator,
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`.
    Result,
    /// Anything else: a move, part of one, or prose.
    Text,
}

/// One word and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    /// What it is.
    pub kind: WordKind,
    /// Byte offset of its first character.
    pub start: u32,
    /// Byte offset after its last character.
    pub end: u32,
    /// Whether a line break comes before it.
    pub line_start: bool,
    /// Whether a blank line comes before it (a new paragraph).
    pub paragraph: bool,
}

impl Word {
    /// The word's text.
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        &text[self.start as usize..self.end as usize]
    }

    /// Whether the word is a move number of either side.
    pub fn is_number(&self) -> bool {
        matches!(self.kind, WordKind::Number { .. })
    }

    /// Whether this word is a move number damaged past reading: digits
    /// and the stray bracket a scanner made of one (`(3`, `2(3`).
    pub fn is_damaged_number(&self, text: &str) -> bool {
        let word = self.text(text);
        self.kind == WordKind::Text
            && word.bytes().any(|b| b.is_ascii_digit())
            && word.bytes().all(|b| b.is_ascii_digit() || b == b'(')
    }
}

/// Cuts `text` into words. Never fails.
pub fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::with_capacity(text.len() / 4 + 4);
    let mut at = 0;
    let mut newlines = 0u32;
    let bytes = text.as_bytes();
    while at < text.len() {
        let Some(c) = text[at..].chars().next() else {
            break;
        };
        if c.is_whitespace() {
            if c == '\n' {
                newlines += 1;
            }
            at += c.len_utf8();
            continue;
        }
        let (line_start, paragraph) = (newlines > 0 || out.is_empty(), newlines > 1);
        newlines = 0;
        let single = match c {
            '(' | '[' | '{' => Some(WordKind::Open),
            ')' | ']' | '}' => Some(WordKind::Close),
            '|' | ',' | ';' => Some(WordKind::Separator),
            _ => None,
        };
        // A closing bracket that opens a word glued to it (`]UoB2`) closes
        // nothing: a scanner's misreading of the word's first letter.
        let stray = single == Some(WordKind::Close)
            && text[..at].chars().next_back().is_none_or(char::is_whitespace)
            && text[at + c.len_utf8()..].chars().next().is_some_and(char::is_alphanumeric);
        if let Some(kind) = single.filter(|_| !stray) {
            let end = at + c.len_utf8();
            push(&mut out, kind, at, end, line_start, paragraph);
            at = end;
            continue;
        }
        // `P to K4.........P to K4`: a leader between the columns.
        let leader = leader_len(&text[at..], out.last().is_some_and(|w| w.end as usize == at));
        if leader > 0 {
            push(&mut out, WordKind::Separator, at, at + leader, line_start, paragraph);
            at += leader;
            continue;
        }
        let mut end = if stray { at + c.len_utf8() } else { at };
        // Whether the word so far holds more than digits and dots: a
        // leader may follow it (not `15....Qd7`, Black's, nor a run of
        // dots itself).
        let mut content = false;
        while end < text.len() {
            let Some(d) = text[end..].chars().next() else {
                break;
            };
            let dot = matches!(d, '.' | '…');
            if d.is_whitespace()
                || matches!(d, '(' | '[' | '{' | ')' | ']' | '}' | '|' | ',' | ';')
                || (dot && content && leader_len(&text[end..], true) > 0)
            {
                break;
            }
            content |= !dot && !d.is_ascii_digit();
            end += d.len_utf8();
        }
        // `R(Q1)-Q3`, `e8(Q)`, `QxP(K4)`: a short parenthesis glued to a
        // word stays inside it, as part of a move.
        if bytes.get(end) == Some(&b'(')
            && let Some(close) = text[end..].find(')')
            && close <= 6
            && !text[end + 1..end + close].contains(char::is_whitespace)
        {
            end += close + 1;
            while end < text.len()
                && !matches!(
                    bytes[end],
                    b' ' | b'\t' | b'\n' | b'\r' | b',' | b';' | b'|' | b')' | b']' | b'}' | b'('
                )
            {
                end += 1;
                while !text.is_char_boundary(end) {
                    end += 1;
                }
            }
        }
        cut(text, at, end, line_start, paragraph, &mut out);
        at = end;
    }
    drop_diagrams(text, &mut out);
    drop_running_heads(text, &mut out);
    white_numbers_before_leaders(text, &mut out);
    merge_closing_parentheses(text, &mut out);
    merge_black_numbers(text, &mut out);
    damaged_numbers(text, &mut out);
    bare_damaged_numbers(text, &mut out);
    numbers_inside_moves(text, &mut out);
    read_stray_brackets(text, &mut out);
    spaced_results(text, &mut out);
    footnote_marks(text, &mut out);
    counts_before_dates(text, &mut out);
    dotted_rules(text, &mut out);
    lost_moves(text, &mut out);
    out
}

/// `. . . . . . . .`: a line of spaced dots that parts a page's sections
/// (the puzzle from its solution) is a rule, not a row of empty boxes.
fn dotted_rules(text: &str, out: &mut [Word]) {
    let mut i = 0;
    while i < out.len() {
        let end = (i + 1..out.len()).find(|&j| out[j].line_start).unwrap_or(out.len());
        let dots = &out[i..end];
        if out[i].line_start && dots.len() >= DOTTED_RULE && dots.iter().all(|w| w.kind == WordKind::Dots && w.text(text).len() == 1) {
            out[i..end].iter_mut().for_each(|w| w.kind = WordKind::Separator);
        }
        i = end;
    }
}

/// Spaced dots on a line of their own that make a rule, at least.
const DOTTED_RULE: usize = 4;

/// `3234  9  24.01.25`: on a postal score card, the days a player took
/// over a move stand between the move and the date its card was sent;
/// a count like a date stands apart like punctuation, and is no move
/// number.
fn counts_before_dates(text: &str, out: &mut [Word]) {
    for i in 1..out.len().saturating_sub(1) {
        let count = out[i].text(text);
        let after_a_move = out[i - 1].kind == WordKind::Text && !out[i].line_start;
        if after_a_move
            && (1..=3).contains(&count.len())
            && count.bytes().all(|b| b.is_ascii_digit())
            && !out[i + 1].line_start
            && is_date(out[i + 1].text(text))
        {
            out[i].kind = WordKind::Separator;
        }
    }
}

/// The opening brackets that nothing closes before their paragraph
/// ends: a scanner's misreading, which opens no remark (it would take
/// the rest of the game with it).
fn stray_brackets(text: &str, words: &[Word]) -> Vec<usize> {
    let mut stray = Vec::new();
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if w.paragraph {
            stray.extend(open.drain(..).map(|(j, _)| j));
        }
        match w.kind {
            WordKind::Open => open.push((i, w.text(text) == "(")),
            WordKind::Close => {
                open.pop();
            }
            // `R (Q 2) - K 2`: a rank closes its parenthesis.
            WordKind::Number { .. } if open.last().is_some_and(|&(_, paren)| paren) && w.text(text).contains(')') => {
                open.pop();
            }
            _ => {}
        }
    }
    stray.extend(open.into_iter().map(|(j, _)| j));
    stray
}

/// Reads the brackets that nothing closes (see [`stray_brackets`]) as
/// the damage they are: glued to a number (`2(3`, `(3` for `26`), a
/// move number damaged past reading; else, with a short word glued to it
/// (`(O`, `(/`: a note's mark), a mark between moves that opens no
/// remark.
fn read_stray_brackets(text: &str, out: &mut Vec<Word>) {
    let stray = stray_brackets(text, out);
    for &i in stray.iter().rev() {
        let glued = out.get(i + 1).filter(|n| n.start == out[i].end && !n.line_start).copied();
        match glued {
            Some(next) if next.is_number() => {
                let digit_before = i > 0
                    && out[i - 1].end == out[i].start
                    && out[i - 1].text(text).bytes().all(|b| b.is_ascii_digit());
                let first = if digit_before { i - 1 } else { i };
                out[first] = Word {
                    kind: WordKind::Text,
                    end: next.end,
                    ..out[first]
                };
                out.drain(first + 1..i + 2);
            }
            Some(next) if next.kind == WordKind::Text && next.text(text).chars().count() <= 2 => {
                out[i] = Word {
                    kind: WordKind::Separator,
                    end: next.end,
                    ..out[i]
                };
                out.remove(i + 1);
            }
            _ => out[i].kind = WordKind::Separator,
        }
    }
}

/// Makes one result of a result spaced apart on one line (`1 x 0`,
/// `½ : ½`, `0 - 1`), which the blanks cut into three words.
fn spaced_results(text: &str, out: &mut Vec<Word>) {
    let mut i = 0;
    while i + 2 < out.len() {
        let [a, mark, b] = [out[i], out[i + 1], out[i + 2]];
        let sides = |w: Word| matches!(w.text(text).trim_end_matches('.'), "1" | "0" | "½");
        let spaced = a.end < mark.start && mark.end < b.start && !mark.line_start && !b.line_start;
        if spaced
            && sides(a)
            && matches!(mark.text(text), "x" | "X" | "×" | ":" | "-" | "–" | "—")
            && crate::pgn::lexer::standard_result(&text[a.start as usize..b.end as usize].replace('.', "")).is_some()
        {
            out[i] = Word {
                kind: WordKind::Result,
                end: b.end,
                ..a
            };
            out.drain(i + 1..i + 3);
        }
        i += 1;
    }
}

/// `09.10.24`, `13/05/2025`: a date (a postal game's received and sent
/// columns), which stands apart like punctuation; no move is written so.
fn is_date(t: &str) -> bool {
    let digits = |p: &str, most: usize| (1..=most).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    let mut parts = t.split(['.', '/']);
    let (Some(day), Some(month), Some(year), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    digits(day, 2) && digits(month, 2) && (year.len() == 2 || year.len() == 4) && digits(year, 4)
}

/// `5. B takes Kt (ch). *   6. P takes B.`, `6. Castles. †`: a star,
/// dagger or section sign standing apart marks a footnote. (Glued to a
/// move, a dagger is a check, `Dd8†`.) A star ends an unfinished game
/// only where nothing follows it on its line, or the next line begins
/// another game.
fn footnote_marks(text: &str, out: &mut [Word]) {
    for i in 0..out.len() {
        let w = out[i];
        let mark = match w.text(text) {
            "*" => w.kind == WordKind::Result
                && out.get(i + 1).is_some_and(|next| match next.kind {
                    WordKind::Text => !next.line_start,
                    // (A game after it begins at move one.)
                    WordKind::Number { n, .. } => !next.line_start || (n > 1 && !next.paragraph),
                    _ => false,
                }),
            "†" | "‡" | "§" | "**" | "***" => true,
            _ => false,
        };
        if mark {
            out[i].kind = WordKind::Separator;
        }
    }
}

/// `4. Q. 13. to Q. Kt. 2nd.`: a number between a piece's letter and the
/// word that joins it to its square is a scanner's misreading of a
/// letter (`13.` for `B.`), part of the move and no move number.
fn numbers_inside_moves(text: &str, out: &mut [Word]) {
    let joins = |w: &Word| {
        w.kind == WordKind::Text
            && vocabulary()
                .long_form
                .get(&w.text(text).trim_end_matches('.').to_lowercase())
                .is_some_and(|mark| mark == "-" || mark == "x")
    };
    let piece = |w: &Word| {
        let t = w.text(text).trim_end_matches('.');
        w.kind == WordKind::Text && (1..=2).contains(&t.len()) && t.starts_with(|c: char| c.is_ascii_uppercase())
    };
    for i in 1..out.len().saturating_sub(1) {
        if matches!(out[i].kind, WordKind::Number { black: false, .. })
            && !out[i].line_start
            && piece(&out[i - 1])
            && joins(&out[i + 1])
        {
            out[i].kind = WordKind::Text;
        }
    }
}

/// Reads as move numbers the words that a scanner made of one (`l.` for
/// `1.`, `S.` for `5.`, `lO.` for `10.`) where the numbers around it say
/// which. At a line's start: the number opening the line before is one
/// less, or the one opening the next line one more. Within a line
/// (`10. h3 Ld7 1l. Le3`): White's number just before it is one less.
fn damaged_numbers(text: &str, out: &mut [Word]) {
    let number_at = |out: &[Word], i: usize| match out[i].kind {
        WordKind::Number { n, black: false, .. } if out[i].line_start => Some(n),
        _ => None,
    };
    for i in 0..out.len() {
        if out[i].kind != WordKind::Text {
            continue;
        }
        let Some(n) = damaged_number(out[i].text(text)) else {
            continue;
        };
        let fits = if out[i].line_start {
            let before = out[..i].iter().rposition(|w| w.line_start && w.is_number()).and_then(|j| number_at(out, j));
            let after = out[i + 1..]
                .iter()
                .position(|w| w.line_start)
                .and_then(|j| number_at(out, i + 1 + j));
            before == Some(n.wrapping_sub(1)) || after == Some(n + 1)
        } else {
            out[..i].iter().rev().find_map(|w| match w.kind {
                WordKind::Number { n, black: false, .. } => Some(n),
                _ => None,
            }) == Some(n.wrapping_sub(1))
        };
        if fits {
            out[i].kind = WordKind::Number { n, black: false, dotted: true };
        }
    }
}

/// The number a scanner's misreading of a move number stands for: digits
/// and the letters taken for them (`l`, `I` for 1, `O` for 0, `S` for
/// 5), at least one such letter, and the stop or bracket after them.
fn damaged_number(word: &str) -> Option<u32> {
    scanned_number(word.strip_suffix(['.', ')'])?, |c| match c {
        'l' | 'I' | '|' => Some(1),
        'O' | 'o' => Some(0),
        'S' => Some(5),
        _ => None,
    })
}

/// A number of three digits at most that a scanner printed with letters
/// for some (`look_alike` gives each letter's digit): at least one
/// letter, and more than nought.
fn scanned_number(digits: &str, look_alike: impl Fn(char) -> Option<u32>) -> Option<u32> {
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let mut letters = 0;
    let n = digits.chars().try_fold(0u32, |n, c| {
        let d = match c.to_digit(10) {
            Some(d) => d,
            None => {
                letters += 1;
                look_alike(c)?
            }
        };
        Some(n * 10 + d)
    })?;
    (letters > 0 && n > 0).then_some(n)
}

/// Reads as move numbers the words a scanner made of a number printed
/// without a stop (`l e4 c5 2 Nf3`, `9 Be3 Nc6 1O Qd2`, `2l ... Qf7`)
/// where a move follows and the numbers around say which: the one
/// before it is one less, or the next one more.
fn bare_damaged_numbers(text: &str, out: &mut [Word]) {
    let number = |w: &Word| match w.kind {
        WordKind::Number { n, .. } => Some(n),
        _ => None,
    };
    for i in 0..out.len() {
        if out[i].kind != WordKind::Text {
            continue;
        }
        let Some(n) = bare_damaged_number(out[i].text(text)) else {
            continue;
        };
        if !out
            .get(i + 1)
            .is_some_and(|w| !w.paragraph && matches!(w.kind, WordKind::Text | WordKind::Dots))
        {
            continue;
        }
        let before = out[..i].iter().rev().find_map(number);
        let after = out[i + 1..].iter().find_map(number);
        if before == Some(n - 1) || after == Some(n + 1) {
            out[i].kind = WordKind::Number {
                n,
                black: false,
                dotted: false,
            };
        }
    }
}

/// The number a scanner's misreading of a bare move number stands for:
/// digits and the letters taken for them (`l`, `|` for 1, `O` for 0), at
/// least one such letter, not leading with a nought. (`I`, `S` and `o`
/// alone or with letters are words of prose: `I`, `lo`.)
fn bare_damaged_number(word: &str) -> Option<u32> {
    if word.starts_with(['O', '0']) {
        return None;
    }
    scanned_number(word, |c| match c {
        'l' | '|' => Some(1),
        'O' => Some(0),
        _ => None,
    })
}

/// Marks as text a lone digit that stands where a move does, out of
/// the numbering around it: a move whose letters were lost, leaving
/// its rank (`20. e6, 4; 21. Qg3`, `20 ... 5`, `10) f3 / 5 / 11) g4`,
/// `19. 6, Nxe3`).
fn lost_moves(text: &str, out: &mut [Word]) {
    // The last move number and where it stands: not a descriptive
    // move's rank (`P to K 4`), which follows a letter.
    let mut last = None;
    for i in 0..out.len() {
        let WordKind::Number { n, .. } = out[i].kind else {
            continue;
        };
        if is_lost_move(text, out, i, last) {
            out[i].kind = WordKind::Text;
        } else if !beside(out, (0..i).rev()).is_some_and(|j| out[j].text(text).ends_with(char::is_alphabetic)) {
            last = Some((n, i));
        }
    }
}

/// Whether the number at `i`, after move number `last` (its number and
/// its word), is a lost move (see [`lost_moves`]).
fn is_lost_move(text: &str, words: &[Word], i: usize, last: Option<(u32, usize)>) -> bool {
    let WordKind::Number {
        n: d,
        black: false,
        dotted: false,
    } = words[i].kind
    else {
        return false;
    };
    let Some((k, numbered)) = last.filter(|&(k, _)| (1..=8).contains(&d) && d != k && d != k + 1) else {
        return false;
    };
    let Some(b) = beside(words, (0..i).rev()).filter(|_| words[i].text(text).len() == 1) else {
        return false;
    };
    let before = &words[b];
    let after = beside(words, i + 1..words.len()).map(|j| &words[j]);
    // After a move, or Black's number, with the next move's number next.
    let after_a_move = match before.kind {
        WordKind::Dots | WordKind::Number { black: true, .. } => true,
        WordKind::Text => before.text(text).ends_with(|c: char| c.is_ascii_digit() || "+#!?".contains(c)),
        _ => false,
    };
    let next_in_turn = after.is_none_or(|w| matches!(w.kind, WordKind::Number { n, .. } if n == k + 1));
    // Or White's, right after its number (`15. 8 c1 f4`, or bare as the
    // game prints its numbers, `15 8 c1 f4`, where that number is the
    // last move number and no rank), Black's move after it.
    let white_box = matches!(before.kind, WordKind::Number { dotted, black: false, .. } if dotted || b == numbered)
        && after.is_some_and(|w| w.kind == WordKind::Text);
    after_a_move && next_in_turn || white_box
}

/// The index of the first word of `range` that is not a separator.
fn beside(words: &[Word], mut range: impl Iterator<Item = usize>) -> Option<usize> {
    range.find(|&j| words[j].kind != WordKind::Separator)
}


/// Drops the lines that a page break leaves in the text: a page number
/// (`426`, `— 174 —`, `{21}`), alone or beside a running head in
/// capitals (`THE MIDDLE GAME 136`), between two move numbers and far
/// from both (a heading before the game, `GAME 121`, stays). The text goes on after it as before it, so
/// the word after it starts no paragraph. Its words stay in the text,
/// read as a remark.
fn drop_running_heads(text: &str, out: &mut Vec<Word>) {
    let number = |w: &Word| match w.kind {
        WordKind::Number { n, .. } => Some(n),
        _ => None,
    };
    let mut dropped = vec![false; out.len()];
    let mut i = 0;
    while i < out.len() {
        let end = (i + 1..out.len()).find(|&j| out[j].line_start).unwrap_or(out.len());
        // The numbers around are looked for only on a line that may be
        // a page's: the look is linear in the text then.
        if let Some(page) = out[i].line_start.then(|| page_number(text, &out[i..end])).flatten() {
            let far = |m: u32| page.abs_diff(m) > 2;
            let before = (0..i).rev().filter(|&j| !dropped[j]).find_map(|j| number(&out[j]));
            // A page's two lines (`45` below, `46  Winning with …` above)
            // are both passed over.
            let mut after = None;
            let mut j = end;
            while j < out.len() && after.is_none() {
                let next = (j + 1..out.len()).find(|&k| out[k].line_start).unwrap_or(out.len());
                if page_number(text, &out[j..next]).is_none() {
                    after = out[j..next].iter().find_map(number);
                }
                j = next;
            }
            if before.is_some_and(far) && after.is_some_and(far) {
                dropped[i..end].fill(true);
                if let Some(next) = out.get_mut(end) {
                    next.paragraph = false;
                }
            }
        }
        i = end;
    }
    let mut k = 0;
    out.retain(|_| {
        k += 1;
        !dropped[k - 1]
    });
}

/// The page number a line of `words` prints, when the line holds
/// nothing else but words in capitals and decoration, or a title in
/// capitalised words, or is a short label and the number in brackets
/// (`[Pg 305]`, `(p. 12)`).
fn page_number(text: &str, words: &[Word]) -> Option<u32> {
    let bracketed = words.first().is_some_and(|w| w.kind == WordKind::Open)
        && words.last().is_some_and(|w| w.kind == WordKind::Close);
    let label = |t: &str| {
        let letters = t.trim_end_matches('.');
        bracketed && (1..=4).contains(&letters.chars().count()) && letters.chars().all(char::is_alphabetic)
    };
    let mut page = None;
    // `46   Winning with the Kan Sicilian`: a title, words of letters
    // alone, at least half of them (two or more) capitalised.
    let lettered = |t: &str| t.chars().all(char::is_alphabetic);
    let capitalised = |t: &str| {
        let mut chars = t.chars();
        t.chars().count() > 1 && chars.next().is_some_and(char::is_uppercase) && chars.all(char::is_lowercase)
    };
    let texts: Vec<&str> = words
        .iter()
        .filter(|w| w.kind == WordKind::Text && !w.is_number())
        .map(|w| w.text(text))
        .filter(|t| t.chars().any(char::is_alphabetic))
        .collect();
    let capitals = texts.iter().filter(|t| capitalised(t)).count();
    let titled = capitals >= 2 && 2 * capitals >= texts.len() && texts.iter().all(|t| lettered(t));
    for w in words {
        let t = w.text(text);
        // `281`, `#281#`, `-281-`: digits in decoration.
        let digits = t.trim_matches(|c: char| !c.is_alphanumeric());
        let decorated = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !t.contains(['.', ')']);
        match w.kind {
            // A digit alone on its line, a rank, is more likely what is
            // left of a move (`10) f3 / 5 / 11) g4`).
            WordKind::Number { n, dotted: false, .. } if page.is_none() && (n > 8 || words.len() > 1) => {
                page = Some(n);
            }
            // A year beside a title is an event's heading
            // (`Vojvodina Open 2025`), no page.
            WordKind::Text if decorated && page.is_none() => {
                page = digits.parse().ok().filter(|n| !(digits.len() == 4 && (1400..=2100).contains(n)));
                page?;
            }
            WordKind::Open | WordKind::Close => {}
            WordKind::Text
                if !t.chars().any(char::is_alphanumeric)
                    || t.chars().count() > 1 && t.chars().all(char::is_uppercase)
                    || titled && lettered(t)
                    || page.is_none() && label(t) => {}
            _ => return None,
        }
    }
    page
}

/// The words of `text` with every word that is two algebraic moves
/// printed without a space between them (`e4e6`, `Lg5h6`, `Lxf6Dxf6`,
/// `O-O-OSb6`, `The1Td6?!`) cut in two; `None` when no word is. Such a
/// word may also be one move in long algebraic or coordinates (`e2e4`,
/// `Ng1f3`): the reader weighs both cuts.
pub fn split_pairs(text: &str, words: &[Word]) -> Option<Vec<Word>> {
    let mut out = Vec::with_capacity(words.len() + 8);
    let mut any = false;
    for w in words {
        let cut = (w.kind == WordKind::Text)
            .then(|| pair_cut(w.text(text)))
            .flatten();
        match cut {
            Some(at) => {
                any = true;
                let at = w.start + at as u32;
                out.push(Word { end: at, ..*w });
                out.push(Word {
                    start: at,
                    line_start: false,
                    paragraph: false,
                    ..*w
                });
            }
            None => out.push(*w),
        }
    }
    any.then_some(out)
}

/// Where `word` splits into two algebraic moves, the first as short as
/// can be; the first may end in an evaluation sign (`Lxa7±dxc4?`,
/// `Dxc6+−Lxc3`).
fn pair_cut(word: &str) -> Option<usize> {
    if word.len() < 4 {
        return None;
    }
    word.char_indices()
        .map(|(k, _)| k)
        .filter(|&k| k >= 2)
        .find(|&k| is_algebraic(without_evaluation(&word[..k])) && is_algebraic(&word[k..]))
}

/// Evaluation signs that may close a move: each is cut from the end of
/// a word once, the longest first.
const EVALUATIONS: &[&str] = &["+/-", "-/+", "+/=", "=/+", "+−", "−+", "+-", "-+", "±", "∓", "⩲", "⩱", "∞", "="];

/// `word` without the evaluation signs at its end.
fn without_evaluation(word: &str) -> &str {
    let mut rest = word;
    while let Some(shorter) = EVALUATIONS.iter().find_map(|sign| rest.strip_suffix(sign)) {
        rest = shorter;
    }
    rest
}

/// Whether `s` has the shape of one algebraic move: castling, or a
/// capital letter at most, an origin's file or rank, a capture mark, a
/// square, a promotion, and marks.
fn is_algebraic(s: &str) -> bool {
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    if matches!(s, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
        return true;
    }
    let b = s.as_bytes();
    let mut i = usize::from(b.first().is_some_and(u8::is_ascii_uppercase));
    let file = |c: Option<&u8>| matches!(c, Some(b'a'..=b'h'));
    let rank = |c: Option<&u8>| matches!(c, Some(b'1'..=b'8'));
    // The square is the last file and rank before a promotion.
    let body = match b.iter().rposition(|c| c.is_ascii_digit()) {
        Some(r) if r >= 1 && r > i => r + 1,
        _ => return false,
    };
    if !(file(b.get(body - 2)) && rank(b.get(body - 1))) {
        return false;
    }
    let mut origin = &b[i..body - 2];
    if let Some(rest) = origin.strip_suffix(b"x").or_else(|| origin.strip_suffix(b":")) {
        origin = rest;
    }
    let origin_ok = match origin {
        [] => true,
        [c] => file(Some(c)) || rank(Some(c)),
        [f, r] => file(Some(f)) && rank(Some(r)),
        _ => false,
    };
    i = body;
    let promotion = match &b[i..] {
        [] => true,
        [c] | [b'=', c] => c.is_ascii_uppercase(),
        _ => false,
    };
    origin_ok && promotion
}

/// `12)`, `(8) ...`, `| 12) | e5 |`: a parenthesis glued to a number
/// is the number's.
fn merge_closing_parentheses(text: &str, out: &mut Vec<Word>) {
    let mut merged: Vec<Word> = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        let mut word = out[i];
        if let WordKind::Number { n, black, dotted: false } = word.kind
            && let Some(close) = out.get(i + 1)
            && close.kind == WordKind::Close
            && close.start == word.end
            && close.text(text) == ")"
            && out.get(i + 2).is_some_and(|w| {
                matches!(w.kind, WordKind::Text | WordKind::Dots) || w.text(text) == "|"
            })
        {
            word.kind = WordKind::Number { n, black, dotted: true };
            word.end = close.end;
            i += 1;
        }
        merged.push(word);
        i += 1;
    }
    *out = merged;
}

fn push(
    out: &mut Vec<Word>,
    kind: WordKind,
    start: usize,
    end: usize,
    line_start: bool,
    paragraph: bool,
) {
    out.push(Word {
        kind,
        start: start as u32,
        end: end as u32,
        line_start,
        paragraph,
    });
}

/// Cuts one blank-delimited chunk `text[start..end]` into words.
fn cut(
    text: &str,
    mut start: usize,
    end: usize,
    line_start: bool,
    paragraph: bool,
    out: &mut Vec<Word>,
) {
    let mut first = true;
    while start < end {
        let (ls, par) = if first {
            (line_start, paragraph)
        } else {
            (false, false)
        };
        first = false;
        let chunk = &text[start..end];
        if is_date(chunk) {
            push(out, WordKind::Separator, start, end, ls, par);
            break;
        }
        if let Some(len) = result_len(chunk) {
            push(out, WordKind::Result, start, start + len, ls, par);
            start += len;
            continue;
        }
        // A number glued to a piece letter (`6Q P takes P`) right after
        // a move number is no number: a square counted rank first
        // (`5. 3D`, Spanish `P3D` with its `P` lost).
        let glued_after_number = |kind: WordKind, len: usize| {
            matches!(kind, WordKind::Number { dotted: false, .. })
                && len < chunk.len()
                && out.last().is_some_and(Word::is_number)
        };
        // A number a scanner damaged (`2O.`) stays whole, for the
        // numbers around it to tell (see [`damaged_numbers`]).
        let damaged = damaged_number(chunk).is_some();
        if let Some((kind, len)) = number(chunk).filter(|&(kind, len)| !glued_after_number(kind, len) && !damaged) {
            push(out, kind, start, start + len, ls, par);
            start += len;
            continue;
        }
        let dots = dots_len(chunk);
        if dots > 0 {
            push(out, WordKind::Dots, start, start + dots, ls, par);
            start += dots;
            continue;
        }
        let len = glued_move_end(chunk).unwrap_or(chunk.len());
        // A move number glued after a move: `Bd5.18.`, `ed:.7.`.
        let (word, number_at) = match trailing_number(&chunk[..len]) {
            Some(at) => (at, Some(at)),
            None => (len, None),
        };
        push(out, WordKind::Text, start, start + word, ls, par);
        start += match number_at {
            // The dot between them belongs to neither.
            Some(at) => at + 1,
            None => len,
        };
    }
}

/// Length of `s` when it is a termination marker in any printed form
/// (`1-0`, `1–0`, `0—1`, `1:0`, `½–½`), a full stop after it allowed.
fn result_len(s: &str) -> Option<usize> {
    let marker = s.strip_suffix('.').unwrap_or(s);
    crate::pgn::lexer::standard_result(marker).map(|_| s.len())
}

/// A move number at the start of `s`: its kind and length. Three digits
/// at most, not `0`; followed by the end, dots, `)` or a letter that
/// starts a piece (`6Q`).
fn number(s: &str) -> Option<(WordKind, usize)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 || s.starts_with('0') {
        return None;
    }
    let n: u32 = s[..digits].parse().ok()?;
    let rest = &s[digits..];
    let dots = dots_len(rest);
    let (len, black, dotted) = if dots > 0 {
        let black = dots > 1 || !rest.starts_with('.');
        (digits + dots, black, true)
    } else if rest.starts_with(')') {
        (digits + 1, false, true)
    } else {
        (digits, false, false)
    };
    let after = &s[len..];
    // `1O`, `1l`: a number the scanner damaged, not one with a move
    // glued to it.
    if !dotted && !after.is_empty() && after.chars().all(|c| matches!(c, 'O' | 'l' | '|')) {
        return None;
    }
    let ok = match after.chars().next() {
        None => true,
        // `1.e4`, `2…dxe4`, `6...Lb4`, `12.Pc3`, `6Q`: what follows is a move.
        Some(c) if dotted => !c.is_ascii_digit() || dots > 0,
        Some(c) => c.is_uppercase() && digits <= 2,
    };
    ok.then_some((WordKind::Number { n, black, dotted }, len))
}

/// Dots printed to lead the eye from one column to the next, as old
/// books set a game (`1..P to K4.........P to K4`): a run of them, at
/// the start of `s`, long enough that it is no empty box (`....`) nor
/// Black's dots: four or more, glued to the move before it (`glued`)
/// or after it. (Standing alone, a run is an empty box, however long:
/// `5. ........  P - Q 3`.)
fn leader_len(s: &str, glued: bool) -> usize {
    let len = dots_len(s);
    let dots = s[..len].chars().map(|c| if c == '…' { 3 } else { 1 }).sum::<usize>();
    let glued = glued || s[len..].chars().next().is_some_and(|c| !c.is_whitespace());
    if glued && dots >= 4 { len } else { 0 }
}

/// Leaves out the words of diagrams drawn in type (see
/// [`diagram_lines`]): their rows are no moves.
fn drop_diagrams(text: &str, out: &mut Vec<Word>) {
    let diagrams = diagram_lines(text);
    if !diagrams.is_empty() {
        out.retain(|w| !diagrams.iter().any(|d| d.contains(&(w.start as usize))));
    }
}

/// `1..P to K4.....P to K4`: a number on a line that leaders part into
/// columns, White's move and Black's, numbers White's move, however many
/// dots follow it.
fn white_numbers_before_leaders(text: &str, out: &mut [Word]) {
    let is_leader = |w: &Word| w.kind == WordKind::Separator && w.text(text).starts_with(['.', '…']);
    for i in 0..out.len() {
        let WordKind::Number { n, black: true, .. } = out[i].kind else {
            continue;
        };
        if !out[i].line_start {
            continue;
        }
        let line_end = out[i + 1..].iter().position(|w| w.line_start).map_or(out.len(), |p| i + 1 + p);
        if out[i + 1..line_end].iter().any(is_leader) {
            out[i].kind = WordKind::Number {
                n,
                black: false,
                dotted: true,
            };
        }
    }
}

/// Length of a run of dots (`.`, `…`) at the start of `s`.
fn dots_len(s: &str) -> usize {
    let mut len = 0;
    for c in s.chars() {
        match c {
            '.' | '…' => len += c.len_utf8(),
            _ => break,
        }
    }
    len
}

/// Where a second move starts that is glued to a first one: after a
/// square, a capture of a pawn (`d4exd4`) or a piece with its square
/// (`d4Sf6`); after castling, a piece with its square (`O-O-OTd8`).
fn glued_move_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let first = if matches!(b.first(), Some(b'a'..=b'h')) && matches!(b.get(1), Some(b'1'..=b'8')) {
        2
    } else {
        ["O-O-O", "0-0-0", "O-O", "0-0"]
            .iter()
            .find(|c| s.starts_with(**c))?
            .len()
    };
    let rest = &s[first..];
    let r = rest.as_bytes();
    let square_at = |i: usize| {
        matches!(r.get(i), Some(b'a'..=b'h')) && matches!(r.get(i + 1), Some(b'1'..=b'8'))
    };
    let pawn_capture = first == 2
        && matches!(r.first(), Some(b'a'..=b'h'))
        && r.get(1) == Some(&b'x')
        && square_at(2);
    let piece = r.first().is_some_and(u8::is_ascii_uppercase)
        && (square_at(1)
            || (r.get(1) == Some(&b'x') && square_at(2))
            || (matches!(r.get(1), Some(b'a'..=b'h' | b'1'..=b'8')) && square_at(2)));
    (pawn_capture || piece).then_some(first)
}

/// Where a move number glued after a move starts (at the dot before it):
/// `Bd5.18.` gives 3.
fn trailing_number(s: &str) -> Option<usize> {
    let body = s.strip_suffix('.').unwrap_or(s);
    let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let dot = body.len().checked_sub(digits + 1)?;
    (body.as_bytes().get(dot) == Some(&b'.') && dot >= 2 && !body[..dot].contains('.'))
        .then_some(dot)
}

/// `12.` then `...`, `12` then `...,`: black's move number in two words
/// becomes one.
fn merge_black_numbers(text: &str, out: &mut Vec<Word>) {
    let mut i = 0;
    while i + 1 < out.len() {
        if let (WordKind::Number { n, .. }, WordKind::Dots) = (out[i].kind, out[i + 1].kind)
            && !out[i + 1].line_start
            && out[i + 1].text(text).chars().count() >= 2
        {
            out[i].kind = WordKind::Number {
                n,
                black: true,
                dotted: true,
            };
            out[i].end = out[i + 1].end;
            out.remove(i + 1);
            // `2 ...,`: the comma says nothing more.
            if out
                .get(i + 1)
                .is_some_and(|w| w.kind == WordKind::Separator && w.start == out[i].end)
            {
                out.remove(i + 1);
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> Vec<String> {
        words(text)
            .iter()
            .map(|w| {
                let t = w.text(text);
                match w.kind {
                    WordKind::Number { n, black: true, .. } => format!("#{n}b"),
                    WordKind::Number { n, .. } => format!("#{n}"),
                    WordKind::Text => t.to_owned(),
                    WordKind::Dots => "…".to_owned(),
                    WordKind::Result => format!("={t}"),
                    WordKind::Open | WordKind::Close | WordKind::Separator => t.to_owned(),
                }
            })
            .collect()
    }

    #[test]
    fn a_number_between_a_piece_and_its_square_is_a_misread_letter() {
        assert_eq!(
            show("4. Q. 13. to Q. Kt. 2nd. 5. K. B. to Q. 3rd."),
            ["#4", "Q.", "13.", "to", "Q.", "Kt.", "2nd.", "#5", "K.", "B.", "to", "Q.", "3rd."]
        );
    }

    #[test]
    fn a_star_or_dagger_standing_apart_marks_a_footnote() {
        let results = |text: &str| words(text).iter().filter(|w| w.kind == WordKind::Result).count();
        assert_eq!(results("5. B takes Kt (ch). *        6. P takes B."), 0);
        assert_eq!(results("24. R to B 7.\n\n* The Bishop is given up."), 0);
        assert_eq!(results("24. P to Kt 4    B to B sq. *\n25. P to Kt 5"), 0);
        // The unfinished game's mark ends its line.
        assert_eq!(results("1. e4 e5 2. Nf3 *\n"), 1);
        assert_eq!(results("1. e4 e5 2. Nf3 *\n\n1. d4 d5 *"), 2);
        // A dagger apart from its move marks a note; glued, a check.
        let kinds = |text: &str| words(text).iter().map(|w| w.kind).collect::<Vec<_>>();
        for mark in ["†", "‡", "§", "**"] {
            assert_eq!(kinds(&format!("6. Castles. {mark}"))[2], WordKind::Separator, "{mark}");
        }
        assert_eq!(kinds("6. Dd8†"), [kinds("6. Dd8†")[0], WordKind::Text]);
    }

    #[test]
    fn leaders_part_columns_and_leave_empty_boxes_and_black_dots_alone() {
        assert_eq!(
            show("1..P to K4..........P to K4\n2..Kt to B3 (ch).......B to B4"),
            [
                "#1", "P", "to", "K4", "..........", "P", "to", "K4", "#2", "Kt", "to", "B3", "(", "ch", ")",
                ".......", "B", "to", "B4"
            ]
        );
        assert_eq!(show("5. ........   P - Q 3"), ["#5b", "P", "-", "Q", "#3"]);
        assert_eq!(show("3...Kt to R4......B takes P"), ["#3", "Kt", "to", "R4", "......", "B", "takes", "P"]);
        assert_eq!(show("15....Qd7 16. Nf3"), ["#15b", "Qd7", "#16", "Nf3"]);
        assert_eq!(show("1..e5 2. Nf3"), ["#1b", "e5", "#2", "Nf3"]);
    }

    #[test]
    fn a_number_damaged_within_a_line_follows_the_one_before() {
        assert_eq!(
            show("19. exd5 2O. Tfe1 a6 2l. Te5 f6"),
            ["#19", "exd5", "#20", "Tfe1", "a6", "#21", "Te5", "f6"]
        );
        // Nothing before it to follow: left as written.
        assert_eq!(show("Sort: S. Bedic")[1], "S.");
    }

    #[test]
    fn a_stray_bracket_in_a_number_is_the_number_damaged() {
        let text = "25 R takes P 2(3 Kt takes Kt (3 R takes Kt";
        let w = words(text);
        let texts: Vec<(WordKind, &str)> = w.iter().map(|w| (w.kind, w.text(text))).collect();
        assert!(texts.contains(&(WordKind::Text, "2(3")), "{texts:?}");
        assert!(texts.contains(&(WordKind::Text, "(3")), "{texts:?}");
        assert!(w.iter().all(|w| w.kind != WordKind::Open));
        // A note's mark damaged: a mark between moves.
        let text = "6 R to K sq (O 6 P to Q Kt 4";
        let w = words(text);
        assert_eq!(w[5].text(text), "(O");
        assert_eq!(w[5].kind, WordKind::Separator);
        // A bracket that closes is a bracket.
        let closed = "5 Castles (3) 6 R to K sq";
        assert!(words(closed).iter().any(|w| w.kind == WordKind::Open));
    }

    #[test]
    fn a_result_spaced_apart_is_one_result() {
        let text = "3.Bb5 a6\n1 x 0";
        let w = words(text);
        assert_eq!(w.last().map(|w| (w.kind, w.text(text))), Some((WordKind::Result, "1 x 0")));
        assert_eq!(w.len(), 4);
        // Not across a line.
        assert!(words("a6 1\nx 0").iter().all(|w| w.kind != WordKind::Result));
        assert_eq!(crate::pgn::lexer::standard_result("½x½"), Some("1/2-1/2"));
        assert_eq!(crate::pgn::lexer::standard_result("0 X 1"), Some("0-1"));
    }

    #[test]
    fn a_page_break_inside_a_game_leaves_no_words() {
        for head in [
            "426",
            "— 174 —",
            "{21}",
            "#21#",
            "-21-",
            "THE MIDDLE GAME        136",
            "CHESS REVIEW 399",
            "[Pg 305]",
            "(p. 12)",
            "136    Attacking with the Queen",
            "                 87\n\n88      The Middle Game",
            "212          Der Angriff mit dem Läufer",
        ] {
            let text = format!("16) d5, Bd8 17)\n\n{head}\n\nNc6, a5 18) b4");
            assert_eq!(
                show(&text),
                ["#16", "d5", ",", "Bd8", "#17", "Nc6", ",", "a5", "#18", "b4"],
                "{head}"
            );
            let after = words(&text)[5];
            assert!(after.line_start && !after.paragraph, "{head}");
        }
        // A number near the game's own is a move number; words in
        // capitals beside a move are no running head.
        assert_eq!(show("16) d5 Bd8\n17\nNc6 a5")[3], "#17");
        assert_eq!(show("16) d5 Bd8\nGAME 18\n17) Nc6")[3], "GAME");
        // A year beside a title is an event's heading.
        assert_eq!(show("16) d5 Bd8\nVojvodina Open 2025\n17) Nc6")[3], "Vojvodina");
    }

    #[test]
    fn pairs_printed_without_a_space_are_cut() {
        fn cut(w: &str) -> Option<(&str, &str)> {
            pair_cut(w).map(|at| (&w[..at], &w[at..]))
        }
        assert_eq!(cut("e4e6"), Some(("e4", "e6")));
        assert_eq!(cut("Lxa7±dxc4?"), Some(("Lxa7±", "dxc4?")));
        assert_eq!(cut("Dxc6+−Lxc3?"), Some(("Dxc6+−", "Lxc3?")));
        assert_eq!(cut("d4=Sf6"), Some(("d4=", "Sf6")));
        assert_eq!(cut("e2-e4"), None);
        assert_eq!(cut("Lg5h6"), Some(("Lg5", "h6")));
        assert_eq!(cut("Lxf6Dxf6"), Some(("Lxf6", "Dxf6")));
        assert_eq!(cut("O-O-OSb6"), Some(("O-O-O", "Sb6")));
        assert_eq!(cut("The1Td6?!"), Some(("The1", "Td6?!")));
        assert_eq!(cut("exd5Lb4"), Some(("exd5", "Lb4")));
        assert_eq!(cut("Nf3"), None);
        assert_eq!(cut("Nbd2"), None);
        assert_eq!(cut("however"), None);
    }

    #[test]
    fn move_numbers_in_every_habit() {
        for (text, want) in [
            ("1.e4 e5", vec!["#1", "e4", "e5"]),
            ("2…dxe4", vec!["#2b", "dxe4"]),
            ("2 ..., exf4", vec!["#2b", "exf4"]),
            ("5. ........ P - Q 3", vec!["#5b", "P", "-", "Q", "#3"]),
            ("6...... Dd4:", vec!["#6b", "Dd4:"]),
            ("8. ... Df6", vec!["#8b", "Df6"]),
            ("6Q x P", vec!["#6", "Q", "x", "P"]),
            // After a move number, a square counted rank first.
            ("5. 3D P3D", vec!["#5", "3D", "P3D"]),
            ("Bd5.18. Rgf5", vec!["Bd5", "#18", "Rgf5"]),
            ("ed:.7. Dd4:", vec!["ed:", "#7", "Dd4:"]),
            ("12) Pc3", vec!["#12", "Pc3"]),
            // A table's row with White's cell left empty.
            ("| 23)  | P takes Kt |", vec!["|", "#23", "|", "P", "takes", "Kt", "|"]),
            // Found by fuzzing: digits alone after a zero are no number.
            ("012 e4", vec!["012", "e4"]),
        ] {
            assert_eq!(show(text), want, "{text}");
        }
    }

    #[test]
    fn a_lone_digit_out_of_the_numbering_is_a_move_that_lost_its_letters() {
        assert_eq!(show("20. e6, 4; 21. Qg3"), ["#20", "e6", ",", "4", ";", "#21", "Qg3"]);
        assert_eq!(show("20 ... 5\n21 a5"), ["#20b", "5", "#21", "a5"]);
        assert_eq!(show("10) f3\n5\n11) g4"), ["#10", "f3", "5", "#11", "g4"]);
        assert_eq!(show("19. 6, Nxe3"), ["#19", "6", ",", "Nxe3"]);
        // Right after a number printed without a stop, where the piece's
        // letter belongs (`B` scanned as `8`); not after a rank.
        assert_eq!(
            show("14 f2 f4 e5 f4 15 8 c1 f4 D d7 e6"),
            ["#14", "f2", "f4", "e5", "f4", "#15", "8", "c1", "f4", "D", "d7", "e6"]
        );
        assert_eq!(
            show("5 P-B 3 B-R 4 6 P-Q 4 P x P"),
            ["#5", "P-B", "#3", "B-R", "#4", "#6", "P-Q", "#4", "P", "x", "P"]
        );
        // A rank, a move's own number, a number in the sequence stay.
        assert_eq!(show("1 P to K 4 P to K 4 2"), ["#1", "P", "to", "K", "#4", "P", "to", "K", "#4", "#2"]);
        assert_eq!(show("3. Nc3 3 ... Nf6 4 e3"), ["#3", "Nc3", "#3b", "Nf6", "#4", "e3"]);
        assert_eq!(show("4 Nf3 5 Bb5"), ["#4", "Nf3", "#5", "Bb5"]);
    }

    #[test]
    fn the_days_before_a_date_on_a_postal_card_are_no_number() {
        assert_eq!(
            show("  1   3234     0  07.01.25     5756    12  10.01.25\n  2   7273     9  24.01.25"),
            ["#1", "3234", "0", "07.01.25", "5756", "12", "10.01.25", "#2", "7273", "9", "24.01.25"]
        );
        let kinds: Vec<WordKind> = words("2 7273 9 24.01.25 4745").iter().map(|w| w.kind).collect();
        assert_eq!(kinds[2], WordKind::Separator);
        // A move number before a date stays one.
        assert!(words("12 03.04.25 5253")[0].is_number());
    }

    #[test]
    fn a_line_of_spaced_dots_is_a_rule() {
        assert!(words("Black to play.\n\n. . . . . . . .\n\n1...Bd6").iter().all(|w| w.kind != WordKind::Dots));
        // Dots after a move stand for a move left out.
        assert_eq!(show("12. Nf3 ...\n13. e4"), ["#12", "Nf3", "…", "#13", "e4"]);
    }

    #[test]
    fn glued_moves_are_cut() {
        assert_eq!(show("6. d4exd4"), ["#6", "d4", "exd4"]);
        assert_eq!(show("d4Sf6"), ["d4", "Sf6"]);
        assert_eq!(show("O-O-OTd8"), ["O-O-O", "Td8"]);
        // Promotions and coordinates stay whole.
        assert_eq!(show("e8Q+ e2e4 b7-a8Q"), ["e8Q+", "e2e4", "b7-a8Q"]);
    }

    #[test]
    fn brackets_separators_results() {
        assert_eq!(show("Cge7 (la Difesa)"), ["Cge7", "(", "la", "Difesa", ")"]);
        assert_eq!(show("R(Q1)-Q3 P-K8(Q)"), ["R(Q1)-Q3", "P-K8(Q)"]);
        assert_eq!(
            show("| 1. P4R | P4R |"),
            ["|", "#1", "P4R", "|", "P4R", "|"]
        );
        assert_eq!(show("abb. 1-0. *"), ["abb.", "=1-0.", "=*"]);
        assert_eq!(show("0-0 0—0"), ["0-0", "0—0"]);
    }

    #[test]
    fn a_closing_bracket_that_opens_a_word_is_part_of_it() {
        // A scanner's `]` for the `B` of `B to R 2`: no bracket closes.
        assert_eq!(show("13 ]UoB2 (c)"), ["#13", "]UoB2", "(", "c", ")"]);
        // A bracket after a word, or standing alone, still closes.
        assert_eq!(show("(a) b] ] c"), ["(", "a", ")", "b", "]", "]", "c"]);
    }

    #[test]
    fn a_move_number_a_scanner_misread_is_read_by_the_numbers_around_it() {
        assert_eq!(show("l. Nf3 c5\n2. g3 Nc6"), ["#1", "Nf3", "c5", "#2", "g3", "Nc6"]);
        assert_eq!(show("4. O-O Bg7\nS. d3 e6\n6. e4"), ["#4", "O-O", "Bg7", "#5", "d3", "e6", "#6", "e4"]);
        // Out of the numbering, or within a line, it is a word.
        assert_eq!(show("3. O-O Bg7\nS. d3 e6\n9. e4")[3], "S.");
        assert_eq!(show("1. e4 e5 S. d3")[3], "S.");
    }

    #[test]
    fn dates_stand_apart_like_punctuation() {
        assert_eq!(
            show("1 4244 -------- 09.10.24 4745 13.10.24 20.10.24"),
            ["#1", "4244", "--------", "09.10.24", "4745", "13.10.24", "20.10.24"]
        );
        let kinds: Vec<WordKind> = words("2 7163 23/10/2024 7866").iter().map(|w| w.kind).collect();
        assert_eq!(kinds[2], WordKind::Separator);
        // A move number and a move, or a rank, are no date.
        assert!(words("12.5 e4 1.e4").iter().all(|w| w.kind != WordKind::Separator));
    }

    #[test]
    fn a_bare_move_number_a_scanner_misread_is_read_by_the_numbers_around_it() {
        assert_eq!(show("l e4 c5 2 Nf3"), ["#1", "e4", "c5", "#2", "Nf3"]);
        assert_eq!(
            show("9 Be3 Nc6 1O Qd2 Nxd4 l1 Bxd4 Bc5 12 Bxc5"),
            ["#9", "Be3", "Nc6", "#10", "Qd2", "Nxd4", "#11", "Bxd4", "Bc5", "#12", "Bxc5"]
        );
        assert_eq!(
            show("20 gxh3 gxf6 2l exf6\n\n2l ... Qf7 22 Rf2"),
            ["#20", "gxh3", "gxf6", "#21", "exf6", "#21", "…", "Qf7", "#22", "Rf2"]
        );
        // Out of the numbering, or no move after it, or a word of prose,
        // it is a word.
        assert_eq!(show("l e4 c5 5 Nf3")[0], "l");
        assert_eq!(show("9 Be3 Nc6 1O")[3], "1O");
        assert_eq!(show("9 Be3 lo que 10 Qd2")[2], "lo");
        assert_eq!(show("9 Be3 Nc6 Ol Qd2 11 c3")[3], "Ol");
    }

    #[test]
    fn paragraphs_and_lines() {
        let w = words("a\nb\n\nc");
        assert_eq!(
            w.iter()
                .map(|w| (w.line_start, w.paragraph))
                .collect::<Vec<_>>(),
            [(true, false), (true, false), (true, true)]
        );
    }
}
