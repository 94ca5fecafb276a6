//! Chat written all in capitals or all in lower case: a shouted sentence of three words or more is
//! read in lower case and its names and things are written as names and things are; names given
//! in lower case with "named", "called" or a greeting are names. All texts are written for these
//! tests.

mod chat;
mod common;

use chat::{has_fact, turn};
use mnemo_core::EntityType;
use mnemo_extract::Extraction;

fn named<'a>(ex: &'a Extraction, key: &str) -> Option<&'a mnemo_core::EntityInput> {
    ex.entities.iter().find(|e| e.key.as_str() == key)
}

/// Asserts that `text`, said by Odile to Bram, names no place.
fn assert_no_place(text: &str) {
    let ex = turn(text, "Odile", "Bram");
    assert!(
        !ex.entities
            .iter()
            .any(|e| e.entity_type == EntityType::Location),
        "{text}: {:?}",
        ex.entities
    );
}

#[test]
fn a_short_shouted_sentence_is_read_in_lower_case() {
    // Three words in capitals were a name ("JESS LOVES JAZZ" a person of that name).
    let ex = turn("JESS LOVES JAZZ", "Odile", "Bram");
    assert!(has_fact(&ex, "jess", "LOVES", "jazz"), "{:?}", ex.facts);
    assert!(named(&ex, "jess loves jazz").is_none(), "{:?}", ex.entities);
    // An unknown word in capitals is no place.
    assert_no_place("TOBIAS LOVES JAZZ");
    // Two words may still be emphasis, and a sentence with small letters is no shouting.
    let ex = turn("I met NASA engineers in Houston.", "Odile", "Bram");
    assert_eq!(
        named(&ex, "nasa").map(|e| e.name.as_str()),
        Some("NASA"),
        "{:?}",
        ex.entities
    );
}

#[test]
fn a_shouted_name_the_name_lists_know_stays_a_name() {
    for (text, key, name, t) in [
        ("HAPPY BIRTHDAY SARAH", "sarah", "Sarah", EntityType::Person),
        ("JOHN IS HERE", "john", "John", EntityType::Person),
        (
            "RIP JOHN SMITH",
            "john smith",
            "John Smith",
            EntityType::Person,
        ),
        ("NASA IS HIRING", "nasa", "NASA", EntityType::Organization),
        ("I WORK FOR IBM", "ibm", "IBM", EntityType::Organization),
        ("GO TEAM USA", "usa", "USA", EntityType::Location),
        (
            "I LOVE NEW YORK",
            "new york",
            "New York",
            EntityType::Location,
        ),
        (
            "WE FLEW TO LOS ANGELES",
            "los angeles",
            "Los Angeles",
            EntityType::Location,
        ),
    ] {
        let ex = turn(text, "Odile", "Bram");
        let e = named(&ex, key);
        assert_eq!(
            e.map(|e| (e.name.as_str(), e.entity_type)),
            Some((name, t)),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A surname that is a verb's base form too, before a verb; a place that is a thing too.
    let ex = turn("TIM COOK RUNS APPLE", "Odile", "Bram");
    assert!(named(&ex, "tim cook").is_some(), "{:?}", ex.entities);
    assert_no_place("WE ATE TURKEY AT CHRISTMAS");
    // An inflected word is a word ("ANNA LOVES" was one name); whom one met is a name; the
    // participants' own names are names.
    let ex = turn("ANNA LOVES HORSES", "Odile", "Bram");
    assert!(
        named(&ex, "anna").is_some() && named(&ex, "anna loves").is_none(),
        "{:?}",
        ex.entities
    );
    let ex = turn("MACRON MET PUTIN IN MOSCOW", "Odile", "Bram");
    assert!(has_fact(&ex, "macron", "MET", "putin"), "{:?}", ex.facts);
    // A given name that is a word too, doing something or named as a relative.
    let ex = turn("ROSE LOVES DOGS", "Odile", "Bram");
    assert!(has_fact(&ex, "rose", "LOVES", "dogs"), "{:?}", ex.facts);
    let ex = turn("MY DAUGHTER LILY LOVES HORSES", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DAUGHTER", "lily"), "{:?}", ex.facts);
    let ex = turn("I LOVE SUMMER", "Odile", "Bram");
    assert!(
        !ex.entities
            .iter()
            .any(|e| e.entity_type == EntityType::Person && e.key.as_str() == "summer"),
        "{:?}",
        ex.entities
    );
    let ex = turn("HAPPY BIRTHDAY BRAM", "Odile", "Bram");
    assert!(named(&ex, "bram").is_some(), "{:?}", ex.entities);
    let ex = turn("MY DOG MAX", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOG", "max"), "{:?}", ex.facts);
    // A word the dictionary knows is no name, whatever a list says.
    let ex = turn("THAT IS SO NICE", "Odile", "Bram");
    assert!(named(&ex, "nice").is_none(), "{:?}", ex.entities);
}

#[test]
fn a_shouted_headline_of_three_words_is_read_as_running_text() {
    use mnemo_extract::{ExtractContext, RuleExtractor};
    // In a document too: "MAN BITES DOG" was a company "BITES DOG" based in a place "MAN".
    for text in ["MAN BITES DOG", "FRANCE BEATS ENGLAND"] {
        let ex = RuleExtractor.extract_sync(text, &ExtractContext::default());
        assert!(
            !ex.facts.iter().any(|f| f.rel_type.as_str() == "BASED_IN"),
            "{text}: {:?}",
            ex.facts
        );
    }
    // A word no list knows before a verb is a name.
    let ex = RuleExtractor.extract_sync("OBAMA VISITS KENYA", &ExtractContext::default());
    assert!(
        ex.facts.iter().any(|f| f.subject.as_str() == "obama"
            && f.rel_type.as_str() == "VISITS"
            && f.object.as_str() == "kenya"),
        "{:?}",
        ex.facts
    );
    // An institution's word after a place's name, or before "of" and one, is part of the
    // name; a ruler's number keeps its capitals.
    for (text, key, name) in [
        (
            "BANK OF ENGLAND RAISES INTEREST RATES",
            "bank of england",
            "Bank of England",
        ),
        (
            "QUEEN ELIZABETH II DIES AT 96",
            "elizabeth ii",
            "Elizabeth II",
        ),
        (
            "THE WASHINGTON POST REPORTS ON CLIMATE DEAL",
            "washington post",
            "Washington Post",
        ),
    ] {
        let ex = RuleExtractor.extract_sync(text, &ExtractContext::default());
        assert_eq!(
            named(&ex, key).map(|e| e.name.as_str()),
            Some(name),
            "{text}: {:?}",
            ex.entities
        );
    }
    let ex = RuleExtractor.extract_sync(
        "THE NEW YORK TIMES REPORTED THAT AMAZON WILL OPEN AN OFFICE IN BERLIN",
        &ExtractContext::default(),
    );
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str() == "new york"),
        "{:?}",
        ex.facts
    );
    // A dateline stays one.
    let ex = RuleExtractor.extract_sync(
        "RIO DE JANEIRO ( AP ) -- Police arrested two men.",
        &ExtractContext::default(),
    );
    assert!(named(&ex, "rio de janeiro").is_some(), "{:?}", ex.entities);
}

#[test]
fn shouted_names_and_things_are_written_as_names_and_things_are() {
    let ex = turn("MY SISTER JESS MOVED TO BERLIN", "Odile", "Bram");
    assert_eq!(
        named(&ex, "berlin").map(|e| e.name.as_str()),
        Some("Berlin"),
        "{:?}",
        ex.entities
    );
    assert!(
        has_fact(&ex, "jess", "MOVED_TO", "berlin"),
        "{:?}",
        ex.facts
    );
    let ex = turn(
        "OMG I JUST ADOPTED A PUPPY NAMED BISCUIT!!!",
        "Odile",
        "Bram",
    );
    assert_eq!(
        named(&ex, "puppy").map(|e| e.name.as_str()),
        Some("puppy"),
        "{:?}",
        ex.entities
    );
    assert_eq!(
        named(&ex, "biscuit").map(|e| e.name.as_str()),
        Some("Biscuit"),
        "{:?}",
        ex.entities
    );
    assert!(
        has_fact(&ex, "odile", "ADOPTED", "biscuit"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn lower_case_names_given_with_named_or_called_are_names() {
    let ex = turn("i adopted a puppy named biscuit", "Odile", "Bram");
    assert!(has_fact(&ex, "biscuit", "IS_A", "puppy"), "{:?}", ex.facts);
    let ex = turn("i have a friend called jess", "Odile", "Bram");
    assert_eq!(
        named(&ex, "jess").map(|e| e.entity_type),
        Some(EntityType::Person),
        "{:?}",
        ex.entities
    );
    let ex = turn("i read a book called dune", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "READ", "dune"), "{:?}", ex.facts);
    let ex = turn("my wife called uber", "Odile", "Bram");
    assert_ne!(
        named(&ex, "uber").map(|e| e.entity_type),
        Some(EntityType::Person),
        "{:?}",
        ex.entities
    );
    // "a guy named tom": the one named is whom the speaker met, the guy no part of the verb.
    let ex = turn("I met a guy named tom at the bar", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "MET", "tom"), "{:?}", ex.facts);
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str().contains("GUY")),
        "{:?}",
        ex.facts
    );
    // A verb's "called": what follows is no name.
    for (text, word) in [
        ("the guy called me yesterday", "me"),
        ("the store called back", "back"),
        ("the doctor called yesterday", "yesterday"),
        ("my boss called and yelled", "and"),
        ("the kid called dibs", "dibs"),
        ("the coach called timeout", "timeout"),
        // What a person calls, a plural, an idiom: no names either.
        ("a coach called timeout", "timeout"),
        ("a friend called shotgun", "shotgun"),
        ("the report named names", "names"),
        ("the police named suspects", "suspects"),
        ("a thing called love", "love"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(named(&ex, word).is_none(), "{text}: {:?}", ex.entities);
    }
}

#[test]
fn a_lower_case_name_greeted_is_a_person() {
    for (text, key) in [
        ("HEY JOHN!!! GUESS WHAT", "john"),
        ("hi max, how are you", "max"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            named(&ex, key).map(|e| e.entity_type),
            Some(EntityType::Person),
            "{text}: {:?}",
            ex.entities
        );
    }
    // The one greeted does not do what the speaker did.
    let ex = turn("hey john! i moved to denver", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MOVED_TO", "denver"),
        "{:?}",
        ex.facts
    );
    assert!(
        !ex.facts.iter().any(|f| f.subject.as_str() == "john"),
        "{:?}",
        ex.facts
    );
    // Words of address that are no given names stay words.
    for text in [
        "hey man!",
        "thanks buddy!",
        "hey dude",
        "hi honey!",
        "thanks mate!",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.entities
                .iter()
                .any(|e| e.entity_type == EntityType::Person && e.key.as_str() != "odile"),
            "{text}: {:?}",
            ex.entities
        );
    }
}
