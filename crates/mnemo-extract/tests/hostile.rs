//! Odd and hostile input: each case must return without panicking and give a valid extraction.

mod common;

use common::assert_valid;
use mnemo_extract::{chunk_text, ChunkConfig, ExtractContext, RuleExtractor};

fn run(text: &str) -> mnemo_extract::Extraction {
    let ex = RuleExtractor.extract_sync(text, &ExtractContext::with_speaker("user"));
    assert_valid(&ex);
    let chunks = chunk_text(text, &ChunkConfig::default());
    for c in &chunks {
        assert_eq!(&text[c.start..c.end], c.text);
    }
    ex
}

#[test]
fn empty_text() {
    let ex = run("");
    assert!(ex.entities.is_empty() && ex.facts.is_empty());
}

#[test]
fn one_megabyte_single_line() {
    let line = "Alice Smith met Bob Jones in Paris and then ".repeat(1 << 20 >> 6);
    assert!(line.len() >= 700_000 && !line.contains('\n'));
    let ex = run(&line);
    // The same few names recur: entities must not grow with the input.
    assert!(ex.entities.len() < 10, "{} entities", ex.entities.len());
}

#[test]
fn only_punctuation() {
    let ex = run("!!! ... ??? ,,, ;;; --- ''' \"\"\" ((( ))) ... ");
    assert!(ex.entities.is_empty());
}

#[test]
fn mixed_scripts() {
    let ex =
        run("Владимир Путин встретился с 习近平 в Москве. Angela Merkel visited 東京 and Zürich.");
    assert!(ex.entities.iter().all(|e| !e.name.is_empty()));
}

#[test]
fn control_characters() {
    let ex =
        run("Alice\u{0}Smith\u{7} works\u{1b}[31m at \u{202e}Acme\u{feff} Corp.\r\n\u{8}\u{8}");
    assert!(ex.facts.iter().all(|f| f.subject != f.object));
}

#[test]
fn very_long_tokens() {
    let long = format!(
        "{} {} Paris {}",
        "A".repeat(100_000),
        "é".repeat(50_000),
        "x".repeat(10_000)
    );
    run(&long);
}
