//! Every example of every language table reads as its English SAN, with
//! the language given and with detection.

mod common;

use scoresheet::game::{Letters, ReadOptions};
use scoresheet::lang::Language;
use scoresheet::notation::Notation;

#[test]
fn every_table_example_reads_as_its_english() {
    let mut examples = 0;
    for lang in Language::all() {
        assert!(!lang.examples.is_empty(), "{} has no examples", lang.code);
        for example in &lang.examples {
            let want = common::moves(&example.san, Letters::Fixed(Language::english()));
            let want =
                want.unwrap_or_else(|e| panic!("{}: English of {:?}: {e}", lang.code, example.san));
            let notation = match example.notation.as_deref() {
                Some("descriptive") => Some(Notation::Descriptive),
                _ => Some(Notation::San),
            };
            let options = ReadOptions {
                notation,
                letters: Letters::Fixed(lang),
                ..ReadOptions::default()
            };
            let fixed = common::moves_with(&example.text, &options);
            assert_eq!(
                fixed.as_ref(),
                Ok(&want),
                "{}: {:?}",
                lang.code,
                example.text
            );
            let detected = common::moves(&example.text, Letters::Auto);
            assert_eq!(
                detected.as_ref(),
                Ok(&want),
                "{} detected: {:?}",
                lang.code,
                example.text
            );
            examples += 1;
        }
    }
    assert!(examples >= 13);
}

/// A short game in each national letter set that shares no table with
/// another is read whole by detection and reported under its own set.
#[test]
fn national_letter_sets_are_detected_and_named() {
    use scoresheet::game::read;
    let games = [
        (
            "uk",
            "1. d4 Кf6 2. c4 e6 3. Кc3 Сb4 4. Фc2 0-0 5. a3 С:c3+ 6. Ф:c3 b6 7. Сg5 Сb7 8. f3 h6 9. Сh4 d5 10. e3 Кbd7 11. c:d5 К:d5 12. С:d8 К:c3 13. Сh4 Кd5 14. Крf2 c5 15. Тc1 Тfc8",
        ),
        (
            "bg",
            "1. e4 e5 2. f4 e:f4 3. Оc4 Дh4+ 4. Цf1 b5 5. О:b5 Кf6 6. Кf3 Дh6 7. d3 Кh5 8. Кh4 Дg5 9. Кf5 c6 10. g4 Кf6 11. Тg1",
        ),
        (
            "sr",
            "1. d4 Сf6 2. c4 e6 3. Сc3 Лb4 4. e3 d5 5. a3 Лxc3+ 6. bxc3 c5 7. cxd5 exd5 8. Лd3 0-0 9. Сe2 b6 10. 0-0 Лa6 11. Лxa6 Сxa6 12. Лb2 Дd7 13. a4 Тfe8",
        ),
        (
            "ro",
            "1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 5. 0-0 Ne7 6. Te1 b5 7. Nb3 d6 8. c3 0-0 9. h3 Ca5 10. Nc2 c5 11. d4 Dc7",
        ),
        (
            "tr",
            "1. e4 e5 2. Af3 Ac6 3. Fb5 a6 4. Fa4 Af6 5. 0-0 Fe7 6. Ke1 b5 7. Fb3 d6 8. c3 0-0 9. h3 Aa5 10. Fc2 c5 11. d4 Vc7",
        ),
        (
            "el",
            "1. e4 e5 2. Ιf3 Ιc6 3. Αb5 a6 4. Αa4 Ιf6 5. 0-0 Αe7 6. Πe1 b5 7. Αb3 d6 8. c3 0-0 9. h3 Ιa5 10. Αc2 c5 11. d4 Βc7",
        ),
        (
            "et",
            "1. e4 e5 2. Rf3 Rc6 3. Ob5 a6 4. Oa4 Rf6 5. 0-0 Oe7 6. Ve1 b5 7. Ob3 d6 8. c3 0-0 9. h3 Ra5 10. Oc2 c5 11. d4 Lc7",
        ),
        (
            "lt",
            "1. e4 e5 2. Žf3 Žc6 3. Rb5 a6 4. Ra4 Žf6 5. 0-0 Re7 6. Be1 b5 7. Rb3 d6 8. c3 0-0 9. h3 Ža5 10. Rc2 c5 11. d4 Vc7",
        ),
        (
            "lv",
            "1. e4 e5 2. Zf3 Zc6 3. Lb5 a6 4. La4 Zf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 9. h3 Za5 10. Lc2 c5 11. d4 Dc7",
        ),
        (
            "zh",
            "1. e4 e5 2. 马f3 马c6 3. 象b5 a6 4. 象a4 马f6 5. 0-0 象e7 6. 车e1 b5 7. 象b3 d6 8. c3 0-0 9. h3 马a5 10. 象c2 c5 11. d4 后c7",
        ),
    ];
    for (code, text) in games {
        let game = read(text, &ReadOptions::default());
        assert!(!game.is_rejected(), "{code}: {:?}", game.findings);
        assert_eq!(game.letters, code, "{text}");
        let lang = Language::builtin(code).unwrap();
        let fixed = common::moves(text, Letters::Fixed(lang));
        assert_eq!(common::moves(text, Letters::Auto), fixed, "{code}");
    }
}

/// A game of pawn moves whose only capital beside a file stands in a
/// player's name (`Vajolet2`, `V` being a Hungarian queen) is read in
/// English, with no finding about its letters.
#[test]
fn a_name_in_the_headers_chooses_no_letters() {
    use scoresheet::game::read;
    let text = "[White \"Vajolet2 2.6\"]\n[Black \"ChessBrainVB 3.70\"]\n[Result \"0-1\"]\n\n1. e4 e6 2. d4 d5 0-1\n";
    let game = read(text, &ReadOptions::default());
    assert_eq!(game.letters, "en");
    assert!(game.findings.is_empty(), "{:?}", game.findings);
}

/// Ukrainian has its own table for its rook, and the side words that
/// lead a Ukrainian piece list read it with Ukrainian letters.
#[test]
fn ukrainian_sides_and_rook_are_its_own() {
    let (side, lang) = scoresheet::lang::side_named("Білі").unwrap();
    assert_eq!((side, lang.code.as_str()), (shakmaty::Color::White, "uk"));
    let uk = Language::builtin("uk").unwrap();
    assert_eq!(
        uk.piece_prefix("Тc1"),
        Some((shakmaty::Role::Rook, "Т".len()))
    );
    let ru = Language::builtin("ru").unwrap();
    assert_eq!(ru.piece_prefix("Тc1"), None);
    let (side, lang) = scoresheet::lang::side_named("Sort").unwrap();
    assert_eq!((side, lang.code.as_str()), (shakmaty::Color::Black, "sv"));
}
