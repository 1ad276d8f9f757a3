//! Language evidence for telling the Latin legacy encodings apart.
//!
//! windows-1252, windows-1250 and ISO-8859-2 share their ASCII half and
//! many accented letters (`á é ó ö ü`) but put `ő ű ł ś ą ż ř` where the
//! others have `õ û ³ œ ¹ ¿ ø`. Statistical detectors, fed the few names
//! of a PGN file's tags, often take a Hungarian or Polish file for
//! Western European. So each candidate decoding is weighed by its words:
//! a language's alphabet that holds every accented letter of many words
//! (Hungarian for `Győző`, `Szűcs`; Polish for `Świerż`, `Michał`) is
//! evidence for the decoding, and a symbol inside a word (`Micha³`,
//! `±ę`) is evidence against it. A word holding a letter that only the
//! Central European languages have (`ő ł ř`…) weighs a little more, since
//! those are the archives this tool is for and the letters their Western
//! look-alikes (`õ ³ ø`) stand for are rare in names: that decides
//! `Győr` against Estonian `Gyõr`. Where the decodings still tie, the
//! detector's guess stands.

use encoding_rs::{Encoding, ISO_8859_2, WINDOWS_1250, WINDOWS_1252};

/// The accented lowercase letters of the languages written in these
/// encodings (ASCII letters are in every one).
const ALPHABETS: [&str; 18] = [
    "áéíóöőúüű",         // Hungarian
    "ąćęłńóśźż",         // Polish
    "áčďéěíňóřšťúůýž",   // Czech
    "áäčďéíĺľňóôŕšťúýž", // Slovak
    "čćđšž",             // Croatian, Slovene, Bosnian
    "ăâîşţșț",           // Romanian
    "äöüß",              // German
    "àâæçéèêëîïôœùûüÿ",  // French
    "áéíóúñü",           // Spanish
    "áâãàçéêíóôõú",      // Portuguese
    "àèéìíòóùú",         // Italian
    "àçèéíïòóúü",        // Catalan
    "åäöé",              // Swedish, Finnish
    "æøåé",              // Danish, Norwegian
    "äöõüšž",            // Estonian
    "áðéíóúýþæö",        // Icelandic
    "éëïöèü",            // Dutch
    "áéíóú",             // Irish
];

/// Letters of Hungarian, Polish, Czech and Slovak that no Western
/// language has.
const CENTRAL: &str = "őűąćęłńśźżčďěňřťůĺľŕ";

/// The Latin encoding among `guess`, windows-1250, ISO-8859-2 and
/// windows-1252 whose decoding of `bytes` reads most like one language;
/// `guess` on a tie, and whenever it is not one of them (Cyrillic, Greek,
/// East Asian guesses stand).
pub(crate) fn likeliest_latin(bytes: &[u8], guess: &'static Encoding) -> &'static Encoding {
    let latin = [WINDOWS_1252, WINDOWS_1250, ISO_8859_2];
    if !latin.contains(&guess) {
        return guess;
    }
    let mut best = (score(bytes, guess), guess);
    for candidate in [WINDOWS_1250, ISO_8859_2, WINDOWS_1252] {
        if candidate == guess {
            continue;
        }
        let s = score(bytes, candidate);
        if s > best.0 {
            best = (s, candidate);
        }
    }
    best.1
}

/// Twice the words that fit the best-fitting alphabet, less words that
/// fit none and symbols or controls inside words; plus one for each word
/// with a Central European letter.
fn score(bytes: &[u8], encoding: &'static Encoding) -> i64 {
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    score_text(&text)
}

/// [`score`] of text already decoded (by a DOS code page, say).
pub(crate) fn score_text(text: &str) -> i64 {
    let mut fits = [0i64; ALPHABETS.len()];
    let mut misfits = 0i64;
    let mut central = 0i64;
    let mut chars = text.chars().peekable();
    let mut previous = ' ';
    let mut word = String::new();
    while let Some(c) = chars.next() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            let odd = !c.is_ascii()
                && (previous.is_alphabetic() || chars.peek().is_some_and(|n| n.is_alphabetic()));
            misfits += i64::from(odd || c == '\u{fffd}' || ('\u{80}'..='\u{9f}').contains(&c));
            weigh(&word, &mut fits, &mut misfits, &mut central);
            word.clear();
        }
        previous = c;
    }
    weigh(&word, &mut fits, &mut misfits, &mut central);
    2 * (fits.iter().max().copied().unwrap_or(0) - misfits) + central
}

/// Symbols, controls and replaced bytes inside or against words
/// (`Szab¢`, `L\u{a0}szl¢`): the mark of text read in the wrong encoding.
pub(crate) fn symbols_in_words(text: &str) -> usize {
    let mut previous = ' ';
    let mut chars = text.chars().peekable();
    let mut count = 0;
    while let Some(c) = chars.next() {
        let odd = !c.is_alphabetic()
            && !c.is_ascii()
            && (previous.is_alphabetic() || chars.peek().is_some_and(|n| n.is_alphabetic()));
        count += usize::from(odd || c == '\u{fffd}' || ('\u{80}'..='\u{9f}').contains(&c));
        previous = c;
    }
    count
}

/// Counts `word` for every alphabet holding all its accented letters, or
/// as a misfit when none does. Words of ASCII letters say nothing.
fn weigh(word: &str, fits: &mut [i64], misfits: &mut i64, central: &mut i64) {
    if word.is_ascii() {
        return;
    }
    *central += i64::from(
        word.chars()
            .flat_map(char::to_lowercase)
            .any(|c| CENTRAL.contains(c)),
    );
    let mut any = false;
    for (alphabet, count) in ALPHABETS.iter().zip(fits.iter_mut()) {
        let fit = word
            .chars()
            .filter(|c| !c.is_ascii())
            .flat_map(char::to_lowercase)
            .all(|c| alphabet.contains(c));
        if fit {
            *count += 1;
            any = true;
        }
    }
    *misfits += i64::from(!any);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hungarian_letters_outweigh_their_western_look_alikes() {
        let bytes = b"Sz\xfbcs Gy\xf5z\xf5 Erd\xf5s P\xe1l";
        assert!(score(bytes, WINDOWS_1250) > score(bytes, WINDOWS_1252));
        assert_eq!(likeliest_latin(bytes, WINDOWS_1252), WINDOWS_1250);
    }

    #[test]
    fn central_european_letters_decide_between_look_alikes() {
        for bytes in [&b"Gy\xf5r F\xfcl\xf6p"[..], b"Sz\xfbcs"] {
            assert_eq!(likeliest_latin(bytes, WINDOWS_1252), WINDOWS_1250);
        }
        // Enough Western words outweigh it.
        let french = b"\xc9l\xe8ve, fr\xe8re, p\xe8re, ao\xfbt, Fran\xe7ois";
        assert_eq!(likeliest_latin(french, WINDOWS_1252), WINDOWS_1252);
        let portuguese = b"Jo\xe3o Magalh\xe3es S\xe3o Gon\xe7alves";
        assert_eq!(likeliest_latin(portuguese, WINDOWS_1252), WINDOWS_1252);
    }

    #[test]
    fn a_tie_keeps_the_guess() {
        let bytes = b"M\xfcller K\xf6ln L\xe9vy";
        assert_eq!(likeliest_latin(bytes, WINDOWS_1252), WINDOWS_1252);
        assert_eq!(
            likeliest_latin(bytes, encoding_rs::WINDOWS_1251),
            encoding_rs::WINDOWS_1251
        );
    }
}
