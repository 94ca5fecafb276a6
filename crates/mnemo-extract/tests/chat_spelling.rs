//! Chat typed casually: contractions without apostrophes ("im", "ive", "dont") and short
//! spellings ("rly", "u", "bf") state what their spelled-out forms state. All texts are written
//! for these tests.

mod chat;
mod common;

use chat::{has_fact, turn};

#[test]
fn apostrophe_less_contractions_state_what_the_full_forms_state() {
    for (casual, full) in [
        (
            "im moving to Lisbon next month",
            "I'm moving to Lisbon next month",
        ),
        (
            "ive been learning the cello",
            "I've been learning the cello",
        ),
        (
            "Im so excited, im adopting a beagle",
            "I'm so excited, I'm adopting a beagle",
        ),
    ] {
        let a = turn(casual, "Odile", "Bram");
        let b = turn(full, "Odile", "Bram");
        let facts = |ex: &mnemo_extract::Extraction| {
            let mut f: Vec<String> = ex
                .facts
                .iter()
                .map(|f| {
                    format!(
                        "{} {} {}",
                        f.subject.as_str(),
                        f.rel_type.as_str(),
                        f.object.as_str()
                    )
                })
                .collect();
            f.sort();
            f
        };
        assert!(!facts(&b).is_empty(), "{full}: {:?}", b.facts);
        assert_eq!(facts(&a), facts(&b), "{casual}");
    }
    // A negation typed without its apostrophe is still one: nothing is stated.
    let ex = turn("i dont eat meat", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "EATS", "meat"), "{:?}", ex.facts);
    let ex = turn("i eat meat", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "EATS", "meat"), "{:?}", ex.facts);
}

#[test]
fn short_spellings_read_as_their_words() {
    let ex = turn("ive been rly into climbing lately", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "INTO", "climbing"), "{:?}", ex.facts);
    let ex = turn("my bf loves pottery", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "BOYFRIEND", "odiles boyfriend"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odiles boyfriend", "LOVES", "pottery"),
        "{:?}",
        ex.facts
    );
    // Names are not spellings: "Jony Ive" stays a person in a document.
    let ex = mnemo_extract::RuleExtractor
        .extract_sync("Jony Ive designed the iPhone.", &Default::default());
    assert!(
        ex.entities.iter().any(|e| e.key.as_str() == "jony ive"),
        "{:?}",
        ex.entities
    );
}
