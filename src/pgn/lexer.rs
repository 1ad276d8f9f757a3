//! Splits one game's text into tags and movetext tokens.
//!
//! The lexer knows PGN's structure (tag pairs, `{}` and `;` comments,
//! `%` escape lines, variations, NAGs, termination markers, move numbers)
//! and the looser habits of plain scoresheets (`1)`, `3… a6`, `1. e4, e5.`,
//! `e. p.` written with a space). Everything else is a *word*: a move or
//! a mark in whatever notation, interpreted later by the notation parsers.
//! No input makes it fail: what it cannot place becomes a word, and broken
//! structure (an unterminated comment, a malformed tag) becomes a
//! [`LexFinding`].
//!
//! ```
//! use scoresheet::pgn::lexer::{lex, TokenKind};
//!
//! let game = lex("[White \"Réti\"]\n1.e4 {best} e5 (1... c5) 1-0");
//! assert_eq!(game.tags[0].value, "Réti");
//! let kinds: Vec<TokenKind> = game.tokens.iter().map(|t| t.kind).collect();
//! assert_eq!(kinds, [
//!     TokenKind::MoveNumber, TokenKind::Word, TokenKind::Comment, TokenKind::Word,
//!     TokenKind::Open, TokenKind::MoveNumber, TokenKind::Word, TokenKind::Close,
//!     TokenKind::Result,
//! ]);
//! ```

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{is_not, tag};
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::recognize;
use nom::multi::many0_count;
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// A move, a mark, or anything else the notation parsers must judge.
    Word,
    /// A move number (`12.`, `12...`, `12)`, `12…`) or a run of dots.
    MoveNumber,
    /// A `{…}` comment; the range excludes the braces.
    Comment,
    /// A `;` comment to the end of the line; the range excludes the `;`.
    LineComment,
    /// A numeric annotation glyph `$n`, the `$` included.
    Nag,
    /// `(`: a variation starts.
    Open,
    /// `)`: a variation ends.
    Close,
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`.
    Result,
}

/// One token: its kind and where its text is in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte range of its text in the game.
    pub span: Range<u32>,
}

impl Token {
    /// The token's text.
    pub fn text<'a>(&self, game: &'a str) -> &'a str {
        &game[self.span.start as usize..self.span.end as usize]
    }
}

/// A tag pair, unescaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// Tag name (`White`).
    pub name: String,
    /// Tag value with `\"` and `\\` unescaped.
    pub value: String,
    /// Byte offset of the `[` in the game.
    pub offset: u32,
}

/// Structure the lexer had to repair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexFinding {
    /// Byte offset in the game.
    pub offset: u32,
    /// `true` for a malformed tag, `false` for other syntax.
    pub bad_tag: bool,
    /// What was wrong, for people.
    pub message: String,
    /// 0, or, past [`MAX_FINDINGS`](crate::audit::MAX_FINDINGS), the
    /// number of findings of its kind this one stands for, not listed.
    pub unlisted: u32,
}

/// A game's text cut into tags and tokens.
#[derive(Debug, Clone, Default)]
pub struct Lexed {
    /// Tag pairs in the order written.
    pub tags: Vec<Tag>,
    /// Movetext tokens in order.
    pub tokens: Vec<Token>,
    /// What had to be repaired.
    pub findings: Vec<LexFinding>,
}

/// Adds `finding` to what the lexer found, unless
/// [`MAX_FINDINGS`](crate::audit::MAX_FINDINGS) are there already: then it
/// is counted in the one that stands for those of its kind not listed.
fn note(out: &mut Lexed, finding: LexFinding) {
    use crate::audit::MAX_FINDINGS;
    if out.findings.len() < MAX_FINDINGS {
        out.findings.push(finding);
        return;
    }
    match out.findings[MAX_FINDINGS..]
        .iter_mut()
        .find(|f| f.bad_tag == finding.bad_tag)
    {
        Some(standing) => standing.unlisted = standing.unlisted.saturating_add(1),
        None => out.findings.push(LexFinding {
            unlisted: 1,
            ..finding
        }),
    }
}

/// Cuts a game's text into tags and tokens. Never fails.
pub fn lex(text: &str) -> Lexed {
    // About one token per five bytes of PGN: one allocation, not many.
    let mut out = Lexed {
        tokens: Vec::with_capacity(text.len() / 5 + 8),
        ..Lexed::default()
    };
    let bytes = text.as_bytes();
    // Whether a word was seen, and a word of prose: what decides below
    // whether prose must be folded into comments, found here so that the
    // tokens are not walked again.
    let (mut any_word, mut any_prose) = (false, false);
    let mut at = 0;
    loop {
        at = skip_blanks(text, at);
        let Some(&first) = bytes.get(at) else {
            break;
        };
        let rest = &text[at..];
        let start = at as u32;
        // Token kind and length in bytes.
        let (kind, len) = match first {
            b'%' if at == 0 || bytes[at - 1] == b'\n' => {
                at = memchr::memchr(b'\n', rest.as_bytes()).map_or(text.len(), |i| at + i);
                continue;
            }
            b'[' => {
                at = text.len() - tag_pair(rest, start, &mut out).len();
                continue;
            }
            b'{' => match memchr::memchr(b'}', &rest.as_bytes()[1..]) {
                Some(end) => {
                    out.tokens.push(Token {
                        kind: TokenKind::Comment,
                        span: start + 1..start + 1 + end as u32,
                    });
                    at += end + 2;
                    continue;
                }
                None => {
                    note(&mut out, LexFinding {
                        offset: start,
                        bad_tag: false,
                        message: "unterminated comment: \"{\" is never closed".into(),
                        unlisted: 0,
                    });
                    out.tokens.push(Token {
                        kind: TokenKind::Comment,
                        span: start + 1..text.len() as u32,
                    });
                    break;
                }
            },
            b';' => {
                let line = &rest.as_bytes()[1..];
                let line = &line[..memchr::memchr(b'\n', line).unwrap_or(line.len())];
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                out.tokens.push(Token {
                    kind: TokenKind::LineComment,
                    span: start + 1..start + 1 + line.len() as u32,
                });
                at += 1 + line.len();
                continue;
            }
            b'(' if !rest.starts_with("(=)") => (TokenKind::Open, 1),
            b')' => (TokenKind::Close, 1),
            b'$' => match rest.as_bytes()[1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
            {
                0 => (TokenKind::Word, word(rest)),
                digits => (TokenKind::Nag, 1 + digits),
            },
            // Only these can start a result or a move number; letters go
            // straight to words.
            b'0'..=b'9' | b'*' | b'.' => number_or_word(rest),
            _ if !first.is_ascii() && rest.starts_with(['½', '…']) => number_or_word(rest),
            _ => (TokenKind::Word, word(rest)),
        };
        if kind == TokenKind::Word {
            any_word = true;
            any_prose = any_prose || is_prose_token(&rest[..len]);
        }
        out.tokens.push(Token {
            kind,
            span: start..start + len as u32,
        });
        at += len;
    }
    if (out.tags.is_empty() && any_word) || any_prose {
        keep_prose_as_comments(text, &mut out);
    }
    out
}

/// A token that starts with a digit, `*`, a dot, `½` or `…`: a move
/// number, a result, or else a word; its kind and length.
// Inlined, like `word` and `undelimited`: a call for every token of the
// lexer's loop cost more than the work done in it.
#[inline(always)]
fn number_or_word(rest: &str) -> (TokenKind, usize) {
    plain_number_or_word(rest).unwrap_or_else(|| result_or_word(rest))
}

/// [`number_or_word`] for what is not a plain move number.
fn result_or_word(rest: &str) -> (TokenKind, usize) {
    if let Ok((_, len)) = result(rest) {
        (TokenKind::Result, len)
    } else if let Ok((_, number)) = move_number(rest) {
        (TokenKind::MoveNumber, number.len())
    } else {
        (TokenKind::Word, word(rest))
    }
}

/// Prose is commentary: in text without tags, whole lines of prose (the
/// paragraphs of a book between its move lines) become one comment each,
/// so that moves quoted in them are not taken for the game's; anywhere,
/// a run of prose words among the moves (`White resigns`) becomes a
/// comment, reported in PGN where comments belong in braces.
fn keep_prose_as_comments(text: &str, out: &mut Lexed) {
    let tagless = out.tags.is_empty();
    let newlines: Vec<u32> = memchr::memchr_iter(b'\n', text.as_bytes())
        .map(|i| i as u32)
        .collect();
    let line_of = |offset: u32| newlines.partition_point(|&n| n < offset);
    let tokens = std::mem::take(&mut out.tokens);
    let mut folded: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let line = line_of(tokens[i].span.start);
        // The tokens of this line (a token running past it ends it).
        let mut end = i;
        while end < tokens.len()
            && line_of(tokens[end].span.start) == line
            && line_of(tokens[end].span.end) == line
        {
            end += 1;
        }
        let on_line = &tokens[i..end.max(i + 1)];
        // A numbered line is moves, unless its words are mostly prose
        // (`1. példa. Lasker - Capablanca, 1914`).
        let prose_words = on_line
            .iter()
            .filter(|t| is_prose_word(trim_punctuation(t.text(text))))
            .count();
        let move_words = on_line
            .iter()
            .filter(|t| {
                t.kind == TokenKind::Word
                    && t.text(text).bytes().any(|b| b.is_ascii_alphabetic())
                    && t.text(text).bytes().any(|b| (b'1'..=b'8').contains(&b))
            })
            .count();
        let numbered = (matches!(on_line[0].kind, TokenKind::MoveNumber)
            || on_line[0].text(text).bytes().all(|b| b.is_ascii_digit()))
            && !(prose_words >= 2 && prose_words > move_words);
        // The line from its first token, braces included, so that words
        // inside `{…}` are not taken for prose (nor those of a comment
        // that began on a line before).
        let first = &on_line[0];
        let opener = usize::from(matches!(
            first.kind,
            TokenKind::Comment | TokenKind::LineComment
        ));
        let line_start = first.span.start as usize - opener;
        let line_end = newlines.get(line).map_or(text.len(), |&n| n as usize);
        let line_text = &text[line_start..line_end.max(line_start)];
        // An unnumbered line right under prose goes on with it, unless
        // its words look like moves (most of them hold a digit: `g1f3`).
        let with_digits = on_line
            .iter()
            .filter(|t| t.text(text).bytes().any(|b| b.is_ascii_digit()))
            .count();
        // A result closes the game, so a line holding one never goes on
        // with the prose above it.
        let continues = 2 * with_digits < on_line.len()
            && on_line.iter().all(|t| t.kind != TokenKind::Result)
            && folded.last().is_some_and(|last| {
                last.kind == TokenKind::Comment
                    && prose_comment_end(text, last)
                    && line_of(last.span.end) + 1 == line
            });
        // Only a line of plain words folds: its comments stay as written.
        if tagless && end > i && !numbered && (continues || is_prose(line_text)) {
            let span = on_line[0].span.start..on_line[on_line.len() - 1].span.end;
            match folded.last_mut() {
                // Lines of one paragraph make one comment.
                Some(last)
                    if last.kind == TokenKind::Comment
                        && last.span.end < span.start
                        && text[last.span.end as usize..span.start as usize]
                            .trim()
                            .is_empty()
                        && prose_comment_end(text, last) =>
                {
                    last.span.end = span.end;
                }
                _ => folded.push(Token {
                    kind: TokenKind::Comment,
                    span,
                }),
            }
            i = end;
            continue;
        }
        for token in on_line {
            let prose =
                token.kind == TokenKind::Word && is_prose_word(trim_punctuation(token.text(text)));
            match folded.last_mut() {
                Some(last)
                    if prose
                        && last.kind == TokenKind::Comment
                        && prose_comment_end(text, last)
                        && text[last.span.end as usize..token.span.start as usize]
                            .trim()
                            .is_empty() =>
                {
                    last.span.end = token.span.end;
                }
                _ if prose => {
                    if !tagless {
                        note(out, LexFinding {
                            offset: token.span.start,
                            bad_tag: false,
                            message: format!(
                                "words outside a comment ({:?}); kept as a comment",
                                token.text(text)
                            ),
                            unlisted: 0,
                        });
                    }
                    folded.push(Token {
                        kind: TokenKind::Comment,
                        span: token.span.clone(),
                    });
                }
                _ => folded.push(token.clone()),
            }
        }
        i = end.max(i + 1);
    }
    out.tokens = folded;
}

/// Whether a word token is a word of prose, punctuation aside.
fn is_prose_token(word: &str) -> bool {
    // Most words are moves, which end in a digit or a mark that is no
    // punctuation (`Nf3`, `Rd1+`): no such word is prose (see
    // `is_prose_word`), and this is told without a call.
    match word.as_bytes() {
        [_, .., last]
            if last.is_ascii() && !last.is_ascii_alphabetic() && !is_punctuation(*last) =>
        {
            false
        }
        _ => is_prose_word(trim_punctuation(word)),
    }
}

/// A word without the punctuation that may follow it in prose.
fn trim_punctuation(word: &str) -> &str {
    // The marks are ASCII: the byte after the last other one starts a
    // character.
    let keep = word
        .bytes()
        .rposition(|b| !is_punctuation(b))
        .map_or(0, |i| i + 1);
    &word[..keep]
}

/// Punctuation that may follow a word of prose.
fn is_punctuation(b: u8) -> bool {
    matches!(b, b'.' | b',' | b'!' | b'?' | b';' | b':')
}

/// Whether `comment` was made from prose (its text is not followed by a
/// closing brace), so more prose may join it.
fn prose_comment_end(text: &str, comment: &Token) -> bool {
    text.as_bytes().get(comment.span.end as usize) != Some(&b'}')
}

/// What an ASCII byte is to the lexer: [`BLANK`] (what
/// `char::is_whitespace` counts), [`BRACKET`] (the other delimiters), or
/// neither. Words are scanned byte by byte through this table, which
/// spares decoding characters and chaining comparisons on ordinary
/// movetext; other characters are decoded and tested in full.
const ASCII_CLASS: [u8; 128] = {
    let mut class = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        class[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' => BLANK,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' => BRACKET,
            _ => 0,
        };
        b += 1;
    }
    class
};
const BLANK: u8 = 1;
const BRACKET: u8 = 2;

/// Where the blanks of `text` that start at `at` end.
fn skip_blanks(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii() {
            if ASCII_CLASS[usize::from(b)] != BLANK {
                return at;
            }
            at += 1;
        } else {
            match text[at..].chars().next() {
                Some(c) if is_space(c) => at += c.len_utf8(),
                _ => return at,
            }
        }
    }
    at
}

/// Length in bytes of the run of characters that are no delimiter at the
/// start of `s`.
#[inline(always)]
fn undelimited(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii() {
            if ASCII_CLASS[usize::from(b)] != 0 {
                return i;
            }
            i += 1;
        } else {
            match s[i..].chars().next() {
                Some(c) if !is_delimiter(c) => i += c.len_utf8(),
                _ => return i,
            }
        }
    }
    i
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn is_delimiter(c: char) -> bool {
    is_space(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';')
}

/// The common tokens that start with a digit: a move number, digits and
/// one or three dots (`12.`, `12...`) before a blank or a letter, and a
/// word of digits alone before a blank (an ICCF move, `5254`), which no
/// result or move number is. Others go to [`result_or_word`].
fn plain_number_or_word(input: &str) -> Option<(TokenKind, usize)> {
    let bytes = input.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
    let next = bytes.get(digits + dots);
    if digits == 0 {
        return None;
    }
    match dots {
        1 | 3 if next.is_none_or(|b| b.is_ascii_alphabetic() || b.is_ascii_whitespace()) => {
            Some((TokenKind::MoveNumber, digits + dots))
        }
        0 if next.is_none_or(u8::is_ascii_whitespace) => Some((TokenKind::Word, digits)),
        _ => None,
    }
}

/// A move number token (`12.`, `12...`, `12…`, or dots alone) cut into
/// the value of its leading digits and the rest. The value is what
/// `str::parse::<u32>` gives (none for no digits or too large a number),
/// read without its checks for signs and other characters, which cost
/// more than the reading of every move number of a game.
pub fn move_number_parts(token: &str) -> (Option<u32>, &str) {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = token.split_at(digits);
    let value = match number.as_bytes() {
        [] => None,
        number => number.iter().try_fold(0u32, |n, &d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        }),
    };
    (value, rest)
}

/// A termination marker in PGN's spelling, from any printed form: the
/// dashes of print (`1–0`, `0—1`), a colon (`1:0`), `½`, the `x` of
/// Brazilian print (`1 x 0`, `½x½`).
pub fn standard_result(written: &str) -> Option<&'static str> {
    if written == "*" {
        return Some("*");
    }
    let mut sides = written.split(['-', '–', '—', '‒', '−', ':', 'x', 'X', '×']).map(str::trim);
    match (sides.next(), sides.next(), sides.next()) {
        (Some("1"), Some("0"), None) => Some("1-0"),
        (Some("0"), Some("1"), None) => Some("0-1"),
        (Some("1/2" | "½"), Some("1/2" | "½"), None) => Some("1/2-1/2"),
        _ => None,
    }
}

/// A termination marker, followed by a delimiter or the end; printed
/// forms too (`1:0`, `0–1`, `½:½`), which the game writes as PGN's.
fn result(input: &str) -> IResult<&str, usize> {
    let (rest, marker) = alt((
        tag("1-0"),
        tag("0-1"),
        tag("1/2-1/2"),
        tag("½-½"),
        tag("*"),
        tag("1:0"),
        tag("0:1"),
        tag("½:½"),
        tag("1–0"),
        tag("0–1"),
        tag("½–½"),
        tag("1/2–1/2"),
    ))
    .parse(input)?;
    match rest.chars().next() {
        Some(c) if !is_delimiter(c) => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Verify,
        ))),
        _ => Ok((rest, marker.len())),
    }
}

/// A move number with its dots (`12.`, `12...`, `12)`, `12…`), or a bare
/// run of dots that leads a black move (`...`, `……`).
fn move_number(input: &str) -> IResult<&str, &str> {
    let dots = || many0_count(alt((tag("."), tag("…"))));
    alt((
        recognize((digit1, alt((recognize((one_of(".…"), dots())), tag(")"))))),
        recognize(preceded(alt((tag("."), tag("…"))), dots())),
    ))
    .parse(input)
}

/// A word runs to the next delimiter; `(Q)` and `(=)` glued to it belong
/// to it, and so does the `p.` of `e. p.`. Returns its length in bytes.
#[inline(always)]
fn word(input: &str) -> usize {
    let len = undelimited(input);
    let bytes = input.as_bytes();
    // Most words end at a blank or a bracket and are done; what may join
    // them follows a parenthesis, or a space after `e.` or `Castles`.
    let may_join = match bytes.get(len) {
        Some(b'(') => true,
        Some(b' ') => {
            bytes[..len].ends_with(b"e.")
                || (len >= 7 && bytes[len - 7..len].eq_ignore_ascii_case(b"castles"))
        }
        _ => false,
    };
    if may_join {
        joined_word(input, len)
    } else if len == 0 {
        // A lone delimiter nobody else takes (`]`, `}`): a word of one char.
        input.chars().next().map_or(0, char::len_utf8)
    } else {
        len
    }
}

/// [`word`] when something may join it after its first `len` bytes.
fn joined_word(input: &str, mut len: usize) -> usize {
    loop {
        let rest = &input[len..];
        // What may join the word starts with a parenthesis or a space.
        let next = rest.as_bytes().first();
        if !matches!(next, Some(b'(' | b' ')) {
            break;
        }
        if next == Some(&b'(')
            && let Some(glued) = glued_parenthesis(rest)
        {
            len += glued;
            len += undelimited(&input[len..]);
            continue;
        }
        if input[..len].ends_with("e.")
            && let Some(p) = rest.trim_start_matches(' ').strip_prefix("p.")
        {
            len = input.len() - p.len();
            len += undelimited(&input[len..]);
            continue;
        }
        // `Castles (Q R)`: the side in parentheses belongs to the word.
        if input.as_bytes()[..len].len() >= 7
            && input.as_bytes()[len - 7..len].eq_ignore_ascii_case(b"castles")
            && let Some(inner) = rest.trim_start_matches(' ').strip_prefix('(')
            && let Some(close) = inner.find(')')
            && close <= 5
            && inner[..close]
                .chars()
                .all(|c| matches!(c, 'K' | 'Q' | 'R' | ' '))
        {
            len = input.len() - inner.len() + close + 1;
            len += undelimited(&input[len..]);
            continue;
        }
        break;
    }
    if len == 0 {
        // A lone delimiter nobody else takes (`]`, `}`): a word of one char.
        len = input.chars().next().map_or(0, char::len_utf8);
    }
    len
}

/// `(Q)`, `(Kt)`, `(=)`: a parenthesis that is part of a move, not a
/// variation. A variation starts with a move number, a file or a blank.
fn glued_parenthesis(rest: &str) -> Option<usize> {
    let (_, inner) = preceded(char::<_, ()>('('), is_not("() \t\r\n{}"))
        .parse(rest)
        .ok()?;
    let first = inner.chars().next()?;
    let count = inner.chars().count();
    // A promotion piece or `=`: `(Q)`, `(Kt)`, `(=)`.
    let piece = count <= 2 && !first.is_ascii_digit() && !('a'..='h').contains(&first);
    // A descriptive square or rank: `(QR4)`, `(Q1)`, `(4)`, and rank
    // first (Spanish `(1TD)`).
    let mut chars = inner.chars();
    let last = chars.next_back()?;
    let square = count <= 4
        && (('1'..='8').contains(&last) && chars.all(char::is_uppercase)
            || ('1'..='8').contains(&first) && inner.chars().skip(1).all(char::is_uppercase));
    ((piece || square) && rest[1 + inner.len()..].starts_with(')')).then_some(inner.len() + 2)
}

/// A tag pair `[Name "value"]`; a malformed one is skipped to the end of
/// its line and reported.
fn tag_pair<'a>(input: &'a str, start: u32, out: &mut Lexed) -> &'a str {
    if let Some((name, after_quote)) = tag_name(input)
        && let Some((value, unescaped, after)) = tag_value(after_quote)
        && let Some(after) = after.trim_start_matches([' ', '\t']).strip_prefix(']')
    {
        if unescaped {
            note(out, LexFinding {
                offset: start,
                bad_tag: true,
                message: format!("{name} tag has an unescaped quote in its value (PGN writes \\\"); read as {value:?}"),
                unlisted: 0,
            });
        }
        if out.tags.is_empty() {
            // Games have a dozen tags or more (TCEC's twenty): room for
            // them at once, not four times over.
            out.tags.reserve(24);
        }
        out.tags.push(Tag {
            name: name.to_owned(),
            value,
            offset: start,
        });
        return after;
    }
    let line = input.split('\n').next().unwrap_or(input);
    note(out, LexFinding {
        offset: start,
        bad_tag: true,
        message: format!("malformed tag pair {:?}", truncate(line.trim_end(), 60)),
        unlisted: 0,
    });
    &input[line.len()..]
}

/// The name of a tag pair (`[` and blanks, letters, digits or `_`,
/// blanks and `"`), and the text after its opening quote.
fn tag_name(input: &str) -> Option<(&str, &str)> {
    let bytes = input.as_bytes();
    let blanks = |mut i: usize| {
        while matches!(bytes.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let name_start = blanks(1);
    let mut i = name_start;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii() {
            if !(b.is_ascii_alphanumeric() || b == b'_') {
                break;
            }
            i += 1;
        } else {
            match input[i..].chars().next() {
                Some(c) if c.is_alphanumeric() => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    let name = &input[name_start..i];
    let quote = blanks(i);
    (!name.is_empty() && bytes.get(quote) == Some(&b'"')).then(|| (name, &input[quote + 1..]))
}

/// A tag value up to its closing quote, unescaping `\"` and `\\`. An
/// unescaped quote inside the value (`"The "Immortal" Game"`) is taken as
/// part of it when the real end (`"]`) follows later on the line.
fn tag_value(input: &str) -> Option<(String, bool, &str)> {
    let line_end = memchr::memchr(b'\n', input.as_bytes()).unwrap_or(input.len());
    let line = &input[..line_end];
    // The last `"]` of the line.
    let close = memchr::memrchr_iter(b'"', line.as_bytes())
        .find(|&i| line.as_bytes().get(i + 1) == Some(&b']'))
        .or_else(|| {
            let trimmed = line.trim_end();
            trimmed
                .strip_suffix(']')
                .and_then(|t| t.trim_end().strip_suffix('"'))
                .map(str::len)
        })?;
    let raw = &line[..close];
    // Most values have neither escapes nor quotes: taken as they are.
    if memchr::memchr2(b'\\', b'"', raw.as_bytes()).is_none() {
        return Some((raw.to_owned(), false, &input[close + 1..]));
    }
    let mut value = String::with_capacity(raw.len());
    let mut unescaped = false;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().unwrap_or('\\')),
            c => {
                unescaped |= c == '"';
                value.push(c);
            }
        }
    }
    Some((value, unescaped, &input[close + 1..]))
}

/// Words that look like prose but are moves or marks.
const MOVE_WORDS: &[&str] = &[
    "mate", "Mate", "MATE", "Castles", "castles", "CASTLES", "Sánc", "sánc",
];

/// Whether `word` is a word of prose: four letters or more, all lower
/// case after the first, not a move word (`Castles`, `mate`).
pub fn is_prose_word(word: &str) -> bool {
    // An ASCII character after the first that is no letter has no case:
    // such a word is neither lower case nor capitals. Moves end in one
    // (`Nxf3`, `Rd1+`), so they are told apart here, from the end.
    if word.len() < 4
        || word.as_bytes()[1..]
            .iter()
            .rev()
            .any(|b| b.is_ascii() && !b.is_ascii_alphabetic())
    {
        return false;
    }
    let mut chars = word.chars();
    let Some(first) = chars.next().filter(|c| c.is_alphabetic()) else {
        return false;
    };
    // `Immortal`, `game`; or a title in capitals, `IMMORTAL`, that is not
    // made of piece letters only (`QKBP`).
    let rest = chars.as_str();
    let lower = rest.chars().count() >= 3 && rest.chars().all(char::is_lowercase);
    let capitals = first.is_uppercase()
        && rest.chars().all(char::is_uppercase)
        && word.chars().any(|c| !"KQRBNPS".contains(c));
    (lower || capitals) && !MOVE_WORDS.contains(&word) && !is_capture_shaped(word)
}

/// Whether `word` is shaped as a capture with its digits lost (`hxgg`,
/// `Nxee`): a piece letter or none, then files and a capture mark only.
/// No word of prose is.
fn is_capture_shaped(word: &str) -> bool {
    let rest = word.strip_prefix(|c: char| c.is_uppercase()).unwrap_or(word);
    rest.contains('x') && rest.chars().all(|c| matches!(c, 'a'..='h' | 'x'))
}

/// Whether a line holds prose: a word of prose outside `{…}` comments.
/// Words are cut at blanks only, so `Ktxe5` stays one word, and a move.
pub fn is_prose(line: &str) -> bool {
    let mut depth = 0usize;
    line.split(|c: char| {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        c.is_whitespace() || depth > 0
    })
    .map(|word| word.trim_matches(|c: char| !c.is_alphanumeric()))
    .any(is_prose_word)
}

/// Whether `line` is a numbered heading over a game, `1. F. M. Teed –
/// E. Delmar` or `12) Morphy v. Anderssen, 1858`: after the number,
/// two names, one of them a word of prose, joined by a dash or `v.`,
/// and no digit but a year's. A line of moves has squares, and its
/// dashes join a piece to one (`1. P-K4 P-K4`, `1. P – K 4`).
pub fn is_numbered_heading(line: &str) -> bool {
    let Some(rest) = line
        .trim_start()
        .strip_prefix(|c: char| c.is_ascii_digit())
        .map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit()))
        .and_then(|r| r.strip_prefix(['.', ')']))
    else {
        return false;
    };
    // Told at the first square, before anything is gathered.
    if rest.split_whitespace().any(has_square) {
        return false;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    words.iter().enumerate().any(|(i, w)| {
        let (before, after) = (names(&words[..i]), names(&words[i + 1..]));
        matches!(*w, "–" | "—" | "-" | "v" | "v." | "vs" | "vs.")
            && before.clone().next().is_some()
            && after.clone().next().is_some()
            && before.chain(after).any(is_prose_word)
    })
}

/// Whether `line` is a book's or magazine's running head: the page's
/// number, bare, and the chapter's or the paper's title in capitals
/// (`84 THE MODERN CHESS PRIMER.`, `54 | ÉCHECS MAGAZINE | août 2025`),
/// with no move in it. A line of moves has squares.
pub fn is_running_head(line: &str) -> bool {
    let line = line.trim_start();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !line[digits..].starts_with([' ', '\t', '|']) {
        return false;
    }
    let words: Vec<&str> = line[digits..].split_whitespace().collect();
    let capitals = words
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            w.chars().count() >= 4 && w.chars().all(|c| c.is_alphabetic() && !c.is_lowercase())
        })
        .count();
    capitals >= 2 && !words.iter().any(|w| has_square(w))
}

/// Whether a heading's word holds a digit that is no year's (`1913.`):
/// a square, a rank or a move number.
fn has_square(word: &str) -> bool {
    let digits = word.trim_matches(|c: char| !c.is_ascii_digit());
    let year = digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit());
    word.bytes().any(|b| b.is_ascii_digit()) && !year
}

/// The names among `words`: a capital, then lower case (`Teed`, not
/// `F.`), without the stop or comma after them.
fn names<'a>(words: &[&'a str]) -> impl Iterator<Item = &'a str> + Clone {
    words.iter().map(|w| w.trim_end_matches([',', '.', ';', ':'])).filter(|w| {
        let mut chars = w.chars();
        chars.next().is_some_and(char::is_uppercase) && !chars.as_str().is_empty() && chars.all(char::is_lowercase)
    })
}

/// At most `max` characters of `s`, with `…` when cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(TokenKind, String)> {
        lex(text)
            .tokens
            .iter()
            .map(|t| (t.kind, t.text(text).to_owned()))
            .collect()
    }

    fn texts(text: &str, kind: TokenKind) -> Vec<String> {
        words(text)
            .into_iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, w)| w)
            .collect()
    }

    #[test]
    fn move_number_styles() {
        for text in [
            "1.e4 e5",
            "1. e4 e5",
            "1) e4 e5",
            "1. e4 1... e5",
            "1. e4 1… e5",
            "1. e4 ... e5",
            "1.e4 1...e5",
        ] {
            assert_eq!(texts(text, TokenKind::Word), ["e4", "e5"], "{text}");
        }
        assert_eq!(
            texts("1. e4, e5. 2. Hf3, Hc6.", TokenKind::Word),
            ["e4,", "e5.", "Hf3,", "Hc6."]
        );
        assert_eq!(texts("4 ........ PxP", TokenKind::Word), ["4", "PxP"]);
    }

    #[test]
    fn move_numbers_read_as_parse_reads_them() {
        for token in [
            "12.",
            "12...",
            "3…",
            "...",
            "…",
            "1)",
            "4",
            "007.",
            "4294967295.",
            "4294967296.",
            "99999999999",
            "",
            "é",
        ] {
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            assert_eq!(
                move_number_parts(token),
                (token[..digits].parse::<u32>().ok(), &token[digits..]),
                "{token}"
            );
        }
    }

    #[test]
    fn digits_without_dots_are_words() {
        assert_eq!(texts("1. 5254 5755", TokenKind::Word), ["5254", "5755"]);
        assert_eq!(texts("5. 0-0 0-0-0 1-0", TokenKind::Word), ["0-0", "0-0-0"]);
        assert_eq!(texts("5. 0-0 0-0-0 1-0", TokenKind::Result), ["1-0"]);
        // At a line's end, at the text's end, and glued to what is not a
        // blank (a mark, a result's dash): the same tokens as by the
        // general rules.
        let text = "1 5254 5755\r\n2 57581 5748+ 0\n1/2-1/2 12) 57";
        assert_eq!(
            texts(text, TokenKind::Word),
            ["1", "5254", "5755", "2", "57581", "5748+", "0", "57"]
        );
        assert_eq!(texts(text, TokenKind::MoveNumber), ["12)"]);
        assert_eq!(texts(text, TokenKind::Result), ["1/2-1/2"]);
    }

    #[test]
    fn glued_promotion_and_draw_offer() {
        assert_eq!(
            texts("e8(Q) Kb1(=) (=) (e5) a6", TokenKind::Word),
            ["e8(Q)", "Kb1(=)", "(=)", "e5", "a6"]
        );
        assert_eq!(
            texts("exd6 e. p. Nxd6", TokenKind::Word),
            ["exd6", "e. p.", "Nxd6"]
        );
        assert_eq!(
            texts(
                "R(QR4)-B4 Q(4)xP R(Q1)-Q2 T(1TD)2D e4(e5) Nf3 (Nc3)",
                TokenKind::Word
            ),
            [
                "R(QR4)-B4",
                "Q(4)xP",
                "R(Q1)-Q2",
                "T(1TD)2D",
                "e4",
                "e5",
                "Nf3",
                "Nc3"
            ]
        );
        assert_eq!(
            texts("Castles (Q R) R—Q sq Castles(K)", TokenKind::Word),
            ["Castles (Q R)", "R—Q", "sq", "Castles(K)"]
        );
        // Regression: a multi-byte promotion letter once split a character.
        assert_eq!(texts("e8(Ф) e8(Кр)", TokenKind::Word), ["e8(Ф)", "e8(Кр)"]);
    }

    #[test]
    fn comments_escapes_and_nags() {
        let text = "% escape line\n1. e4 ; rest of line\ne5 {a {nested? no} $14 *";
        assert_eq!(texts(text, TokenKind::LineComment), [" rest of line"]);
        assert_eq!(texts(text, TokenKind::Comment), ["a {nested? no"]);
        assert_eq!(texts(text, TokenKind::Nag), ["$14"]);
        assert_eq!(texts(text, TokenKind::Word), ["e4", "e5"]);
        assert_eq!(texts("e4 } e5", TokenKind::Word), ["e4", "}", "e5"]);
    }

    #[test]
    fn a_comment_over_two_lines_does_not_make_the_result_prose() {
        let text = "1. e4 e5 {a comment that runs\nover two lines of words} *";
        assert_eq!(texts(text, TokenKind::Result), ["*"]);
    }

    #[test]
    fn a_numbered_heading_is_prose() {
        let text = "1. példa. Lasker - Capablanca, 1914\n\n1. e4 e5 2. Nf3 Nc6 1-0";
        assert_eq!(texts(text, TokenKind::Word), ["e4", "e5", "Nf3", "Nc6"]);
        let moves = "1. e4 e5 2. Nf3 Nc6 White resigns";
        assert_eq!(texts(moves, TokenKind::Word), ["e4", "e5", "Nf3", "Nc6"]);
    }

    #[test]
    fn a_running_head_is_no_line_of_moves() {
        for head in ["84 THE MODERN CHESS PRIMER.", "54 | ÉCHECS MAGAZINE | août 2025", "112 LESSONS FOR BEGINNERS."] {
            assert!(is_running_head(head), "{head}");
        }
        for moves in ["12 CASTLES 12 P to K 4", "9 Castles 9 Castles", "14 QR-Q1 KR-K1", "1. e4 e5"] {
            assert!(!is_running_head(moves), "{moves}");
        }
    }

    #[test]
    fn a_numbered_heading_names_two_players() {
        for heading in [
            "1. F. M. Teed – E. Delmar",
            "12) Morphy v. Anderssen, 1858",
            "3. Tal - Koblents (Riga 1957)",
            "7. Game: Lasker vs. Tarrasch",
        ] {
            assert!(is_numbered_heading(heading), "{heading}");
        }
        for moves in [
            "1. P-K4 P-K4",
            "1. P – K 4    P – K 4",
            "14. Castles – Castles",
            "12. Kt. takes B. – Q. takes Kt.",
            "1. e4 e5 2. Nf3 - the usual move",
            "Smith – Jones",
        ] {
            assert!(!is_numbered_heading(moves), "{moves}");
        }
    }

    #[test]
    fn moves_under_a_title_are_moves() {
        let text = "A game played by engines, in UCI\ng1f3 g8f6 c2c4 b8c6\n1/2-1/2";
        assert_eq!(
            texts(text, TokenKind::Word),
            ["g1f3", "g8f6", "c2c4", "b8c6"]
        );
    }

    #[test]
    fn moves_are_not_prose() {
        for line in [
            "Ktc6 3. Ktxe5 Ktxe5 *",
            "Фd2+ 9. Крxd2 *",
            "Castles Kt x P",
            "dxe5 Qxd5 mate",
        ] {
            assert!(!is_prose(line), "{line}");
        }
        assert!(is_prose("and White wins."));
        assert!(is_prose("THE IMMORTAL GAME"));
        assert!(!is_prose("QKBP CASTLES MATE"));
    }

    #[test]
    fn prose_becomes_comments() {
        let text = "1 P-K4 P-K4\nWhite now threatens, as after 2 ... P-Q3 3 Q-R5 he wins.\nAnd so on.\n2 Kt-KB3 Kt-QB3 White resigns";
        let lexed = lex(text);
        assert_eq!(
            texts(text, TokenKind::Word),
            ["1", "P-K4", "P-K4", "2", "Kt-KB3", "Kt-QB3"]
        );
        let comments: Vec<&str> = lexed
            .tokens
            .iter()
            .filter(|t| t.kind == TokenKind::Comment)
            .map(|t| t.text(text))
            .collect();
        assert_eq!(
            comments,
            [
                "White now threatens, as after 2 ... P-Q3 3 Q-R5 he wins.\nAnd so on.",
                "White resigns"
            ]
        );
        assert!(lexed.findings.is_empty());
        let pgn = lex("[White \"a\"]\n1. e4 e5 White resigns 1-0");
        assert_eq!(pgn.findings.len(), 1);
    }

    #[test]
    fn unterminated_comment_is_reported() {
        let lexed = lex("1. e4 {never closed\n2. Nf3");
        assert_eq!(lexed.findings.len(), 1);
        assert_eq!(lexed.findings[0].offset, 6);
        assert_eq!(
            lexed.tokens.last().map(|t| t.kind),
            Some(TokenKind::Comment)
        );
    }

    #[test]
    fn tags_with_escapes_and_stray_quotes() {
        let lexed = lex(
            "[Event \"A \\\"quoted\\\" event\"]\r\n[Annotator \"The \"Immortal\" Game\"]\n[Bad tag\n1. e4",
        );
        assert_eq!(lexed.tags[0].value, "A \"quoted\" event");
        assert_eq!(lexed.tags[1].value, "The \"Immortal\" Game");
        let messages: Vec<&str> = lexed
            .findings
            .iter()
            .filter(|f| f.bad_tag)
            .map(|f| f.message.as_str())
            .collect();
        assert_eq!(messages.len(), 2);
        assert!(messages[0].contains("unescaped quote"), "{messages:?}");
        assert!(messages[1].contains("malformed tag pair"), "{messages:?}");
    }
}
