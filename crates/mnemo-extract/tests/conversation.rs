//! Conversation turns: the speaker and listener are people and what "I" and "you" refer to,
//! greetings and interjections are never entities, and a name addressed is a person's. All texts
//! are written for these tests.

mod common;

use common::assert_valid;
use mnemo_core::EntityType;
use mnemo_extract::{ExtractContext, Extraction, RuleExtractor};

fn turn(text: &str, speaker: &str, listener: &str) -> Extraction {
    let ctx = ExtractContext::with_speaker(speaker).listener(listener);
    let ex = RuleExtractor.extract_sync(text, &ctx);
    assert_valid(&ex);
    ex
}

fn entity<'a>(ex: &'a Extraction, key: &str) -> Option<&'a mnemo_core::EntityInput> {
    ex.entities.iter().find(|e| e.key.as_str() == key)
}

fn has_fact(ex: &Extraction, subject: &str, rel: &str, object: &str) -> bool {
    ex.facts.iter().any(|f| {
        f.subject.as_str() == subject && f.rel_type.as_str() == rel && f.object.as_str() == object
    })
}

const OPENERS: &[&str] = &[
    "hey", "hi", "hello", "thanks", "thank", "aww", "wow", "omg", "guess", "oh", "yeah", "nice",
    "ok", "okay", "congrats", "bye",
];

fn assert_no_greeting_entities(ex: &Extraction) {
    for e in &ex.entities {
        let first = e
            .name
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| !w.is_empty())
            .unwrap_or("")
            .to_lowercase();
        assert!(
            !OPENERS.contains(&first.as_str()),
            "greeting became an entity: {e:?}"
        );
    }
}

#[test]
fn greetings_and_interjections_are_never_entities() {
    for text in [
        "Hey John! Long time no see.",
        "Thanks, Mel! That means a lot.",
        "Aww, that is so sweet.",
        "Guess what? Wow! Omg, Hi Ravi!",
        "Oh Priya, congrats!! Bye Ravi.",
        "Nice to hear from you! OK, talk soon.",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        assert_no_greeting_entities(&ex);
    }
    let ex = turn("Hey John! Good to see you.", "Lena", "Tomas");
    let john = entity(&ex, "john").expect("the vocative is a mention of John");
    assert_eq!(john.entity_type, EntityType::Person);
}

#[test]
fn a_short_form_addressed_is_the_listener() {
    let ex = turn("Thanks, Mel! See you soon.", "Lena", "Melanie");
    let mel = entity(&ex, "melanie").expect("Mel is Melanie");
    assert_eq!(mel.entity_type, EntityType::Person);
    assert!(mel.aliases.iter().any(|a| a == "Mel"), "{mel:?}");
    assert!(entity(&ex, "mel").is_none(), "{:?}", ex.entities);
}

#[test]
fn speakers_are_people_even_with_place_names() {
    let ex = turn(
        "My name is Sydney and I moved to Florence last year.",
        "Sydney",
        "Georgia",
    );
    assert_eq!(
        entity(&ex, "sydney").map(|e| e.entity_type),
        Some(EntityType::Person)
    );
    let ex = turn("Georgia told me about it.", "Sydney", "Georgia");
    assert_eq!(
        entity(&ex, "georgia").map(|e| e.entity_type),
        Some(EntityType::Person)
    );
}

#[test]
fn destinations_are_places_and_people_do_what_people_do() {
    let ex = RuleExtractor.extract_sync("Anna Berg moved to Bergen.", &ExtractContext::default());
    assert_eq!(
        entity(&ex, "bergen").map(|e| e.entity_type),
        Some(EntityType::Location),
        "{:?}",
        ex.entities
    );
    assert!(
        has_fact(&ex, "anna berg", "MOVED_TO", "bergen"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn you_and_your_are_the_listener() {
    let ex = turn("Your sister Jess is lovely.", "Tomas", "Ana");
    assert!(has_fact(&ex, "ana", "SISTER", "jess"), "{:?}", ex.facts);
    let ex = turn("My brother Ole lives in Oslo.", "Tomas", "Ana");
    assert!(has_fact(&ex, "tomas", "BROTHER", "ole"), "{:?}", ex.facts);
    // Without a listener "you" refers to no one.
    let ex = RuleExtractor.extract_sync(
        "Your sister Jess is lovely.",
        &ExtractContext::with_speaker("Tomas"),
    );
    assert!(entity(&ex, "ana").is_none());
}
