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
