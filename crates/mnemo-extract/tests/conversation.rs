//! Conversation turns: the speaker and listener are people and what "I" and "you" refer to,
//! greetings and interjections are never entities, and a name addressed is a person's. All texts
//! are written for these tests.

mod chat;
mod common;

use chat::{has_fact, turn};
use common::assert_valid;
use mnemo_core::EntityType;
use mnemo_extract::{ExtractContext, Extraction, RuleExtractor};

fn entity<'a>(ex: &'a Extraction, key: &str) -> Option<&'a mnemo_core::EntityInput> {
    ex.entities.iter().find(|e| e.key.as_str() == key)
}

const OPENERS: &[&str] = &[
    "hey", "hi", "hello", "thanks", "thank", "aww", "wow", "omg", "guess", "oh", "yeah", "nice",
    "ok", "okay", "congrats", "bye",
];

/// A turn's context: its speaker and listener, said on 2023-05-08 at 18:00 UTC.
fn said_on_may_8(speaker: &str, listener: &str) -> ExtractContext {
    use chrono::TimeZone;
    let said = chrono::Utc.with_ymd_and_hms(2023, 5, 8, 18, 0, 0).unwrap();
    ExtractContext::with_speaker(speaker)
        .listener(listener)
        .at(said)
}

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

fn type_of(ex: &Extraction, key: &str) -> Option<EntityType> {
    entity(ex, key).map(|e| e.entity_type)
}

#[test]
fn first_person_clauses_state_the_speakers_facts() {
    let ex = turn("I'm trying kundalini yoga.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "TRYING", "kundalini yoga"),
        "{:?}",
        ex.facts
    );
    assert_eq!(type_of(&ex, "kundalini yoga"), Some(EntityType::Concept));

    let ex = turn(
        "Hey Tom! I finally signed up for a pottery class.",
        "Lena",
        "Tomas",
    );
    assert!(
        has_fact(&ex, "lena", "SIGNED_UP_FOR", "pottery class"),
        "{:?}",
        ex.facts
    );
    assert_no_greeting_entities(&ex);

    let ex = turn("We started doing yoga together.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "STARTED_DOING", "yoga"),
        "{:?}",
        ex.facts
    );

    let ex = turn("Went hiking yesterday with my kids!", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "WENT", "hiking"), "{:?}", ex.facts);
}

#[test]
fn a_gerund_after_a_noun_can_end_a_compound_thing() {
    // A compound noun WordNet lists, and a thing's noun before a gerund WordNet knows as a noun.
    let ex = turn("We tried rock climbing last weekend.", "Lena", "Tomas");
    assert!(entity(&ex, "rock climbing").is_some(), "{:?}", ex.entities);
    let ex = turn(
        "I've done weight training so far, it was hard.",
        "Lena",
        "Tomas",
    );
    assert!(
        has_fact(&ex, "lena", "DONE", "weight training"),
        "{:?}",
        ex.facts
    );
    assert!(entity(&ex, "weight").is_none(), "{:?}", ex.entities);
    // A person or an animal doing something, or a gerund with an object, stays a verb.
    let ex = turn("I heard the dog running around the yard.", "Lena", "Tomas");
    assert!(entity(&ex, "dog running").is_none(), "{:?}", ex.entities);
    let ex = turn("I watched a kid painting a fence.", "Lena", "Tomas");
    assert!(
        ex.entities.iter().all(|e| !e.name.contains("painting")),
        "{:?}",
        ex.entities
    );
    let ex = turn(
        "I love the bread making it to the table warm.",
        "Lena",
        "Tomas",
    );
    assert!(entity(&ex, "bread making").is_none(), "{:?}", ex.entities);
}

#[test]
fn named_pets_and_relatives() {
    let ex = turn("I adopted a dog named Biscuit.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "ADOPTED", "biscuit"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "biscuit", "IS_A", "dog"), "{:?}", ex.facts);
    assert_ne!(type_of(&ex, "biscuit"), Some(EntityType::Person));

    let ex = turn("My dog Pepper loves the lake.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "DOG", "pepper"), "{:?}", ex.facts);

    let ex = turn("My sister Jess ran the charity race.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "SISTER", "jess"), "{:?}", ex.facts);
    assert!(
        has_fact(&ex, "jess", "RAN", "charity race"),
        "{:?}",
        ex.facts
    );
    assert_eq!(type_of(&ex, "charity race"), Some(EntityType::Event));

    let ex = turn("My best friend Ines plays the cello.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "FRIEND", "ines"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "ines", "PLAYS", "cello"), "{:?}", ex.facts);
}

#[test]
fn relatives_coordinated_after_a_possessive_are_all_relatives() {
    let ex = turn("I'm lucky to have my husband and kids.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "HUSBAND", "lenas husband"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "lena", "KIDS", "lenas kids"),
        "{:?}",
        ex.facts
    );
    let ex = turn("Your mom & dad were so kind.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "tomas", "MOM", "tomass mom"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "tomas", "DAD", "tomass dad"),
        "{:?}",
        ex.facts
    );
    // A thing after "and" is no relative: "my sister and pizza" gives one relative.
    let ex = turn("I love my sister and pizza.", "Lena", "Tomas");
    let relatives: Vec<_> = ex
        .entities
        .iter()
        .filter(|e| e.name.starts_with("Lena's"))
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(relatives, vec!["Lena's sister"], "{:?}", ex.entities);
}

#[test]
fn a_relative_after_and_is_the_same_owners() {
    let ex = turn(
        "My brother Tom and sister Jess visited last week.",
        "Lena",
        "Bram",
    );
    assert!(has_fact(&ex, "lena", "BROTHER", "tom"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "lena", "SISTER", "jess"), "{:?}", ex.facts);
    // In a document too, for a named owner.
    let ex = RuleExtractor.extract_sync(
        "Anna Berg's brother Tom and sister Jess live in Oslo.",
        &ExtractContext::default(),
    );
    assert!(
        has_fact(&ex, "anna berg", "SISTER", "jess"),
        "{:?}",
        ex.facts
    );
    // "and" before a name with no relative noun: Jess is no brother.
    let ex = turn("My brother Tom and Jess visited.", "Lena", "Bram");
    assert!(!has_fact(&ex, "lena", "BROTHER", "jess"), "{:?}", ex.facts);
}

#[test]
fn a_person_noun_names_no_relation() {
    let ex = turn("I married Anna and Ben was my best man.", "Lena", "Bram");
    assert!(
        ex.facts.iter().all(|f| f.rel_type.as_str() != "MAN"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "lena", "MARRIED", "anna"), "{:?}", ex.facts);
}

#[test]
fn a_name_said_to_be_a_relative_is_that_relative() {
    let ex = turn("Greta is my friend.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "FRIEND", "greta"), "{:?}", ex.facts);
    assert_eq!(type_of(&ex, "greta"), Some(EntityType::Person));
    assert_eq!(type_of(&ex, "lenas friend"), None, "{:?}", ex.entities);
    let ex = turn("Karl was my teacher and Ana is my sister.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "TEACHER", "karl"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "lena", "SISTER", "ana"), "{:?}", ex.facts);
    // In a later sentence of the turn too (mentions point at each other across the text).
    let ex = turn("Congrats Tomas! Greta is my sister.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "SISTER", "greta"), "{:?}", ex.facts);
    assert!(!has_fact(&ex, "lena", "SISTER", "tomas"), "{:?}", ex.facts);
    let ex = turn(
        "Greta called yesterday. John's boss is nice.",
        "Lena",
        "Tomas",
    );
    assert!(
        has_fact(&ex, "john", "BOSS", "johns boss"),
        "{:?}",
        ex.facts
    );
    // Only the name opening the clause, and not a relative's relative.
    let ex = turn("Maybe Greta is my friend's cousin.", "Lena", "Tomas");
    assert!(!has_fact(&ex, "lena", "FRIEND", "greta"), "{:?}", ex.facts);
    // "favourite" is no relative, and a place stays a place.
    let ex = turn("Paris is my favourite city.", "Lena", "Tomas");
    assert_eq!(type_of(&ex, "paris"), Some(EntityType::Location));
    assert!(
        ex.entities.iter().all(|e| !e.name.starts_with("Lena's")),
        "{:?}",
        ex.entities
    );
    // A capitalised name is no common noun: Queen the band is not a queen, an animal.
    let ex = turn("My favourite band is Queen.", "Lena", "Tomas");
    assert!(
        ex.facts.iter().all(|f| f.rel_type.as_str() != "IS_A"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_name_after_the_thing_done_is_where_or_for_whom() {
    let ex = turn("I quit my job at Initech.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "QUIT", "job"), "{:?}", ex.facts);
    assert!(
        has_fact(&ex, "lena", "QUIT_JOB_AT", "initech"),
        "{:?}",
        ex.facts
    );
    assert_eq!(type_of(&ex, "initech"), Some(EntityType::Organization));
    let ex = turn("I started a new job at Umbrella.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "STARTED_JOB_AT", "umbrella"),
        "{:?}",
        ex.facts
    );
    // "as a": the role is the object.
    let ex = turn("I work as a nurse.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "WORKS_AS", "nurse"), "{:?}", ex.facts);
    let ex = turn(
        "I volunteer as a tutor at the Hope Center.",
        "Lena",
        "Tomas",
    );
    assert!(
        has_fact(&ex, "lena", "VOLUNTEERS_AS", "tutor"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "lena", "VOLUNTEERS_AT", "hope center"),
        "{:?}",
        ex.facts
    );
    // "as" that names no role ("as soon as", "as a child", "as a result") gives no fact.
    for text in [
        "I left as soon as I could.",
        "I danced as a child.",
        "I quit as a result.",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        assert!(
            ex.facts
                .iter()
                .all(|f| !f.rel_type.as_str().split('_').any(|w| w == "AS")),
            "{text}: {:?}",
            ex.facts
        );
    }
    // A possessive after the preposition owns the place: no job at Anna, no move to John.
    let ex = turn("I got a job at Anna's bakery.", "Lena", "Tomas");
    assert!(
        ex.facts.iter().all(|f| f.object.as_str() != "anna"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I moved to John's house.", "Lena", "Tomas");
    assert!(
        ex.facts.iter().all(|f| f.object.as_str() != "john"),
        "{:?}",
        ex.facts
    );
    // A longer verb phrase keeps its one fact: no "had a blast at concert with".
    let ex = turn("We had a blast at the concert with Greta.", "Lena", "Tomas");
    assert!(
        ex.facts
            .iter()
            .all(|f| !f.rel_type.as_str().contains("CONCERT")),
        "{:?}",
        ex.facts
    );
}

#[test]
fn the_listener_does_what_you_do() {
    let ex = turn("You finally bought a piano!", "Lena", "Tomas");
    assert!(has_fact(&ex, "tomas", "BOUGHT", "piano"), "{:?}", ex.facts);
    let ex = turn("Your garden looks lovely.", "Lena", "Tomas");
    assert!(has_fact(&ex, "tomas", "HAS", "garden"), "{:?}", ex.facts);
}

#[test]
fn favourites_and_passions() {
    let ex = turn("Dance is my passion.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "PASSION", "dance"), "{:?}", ex.facts);
    let ex = turn("My favorite sport is tennis.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "FAVORITE_SPORT", "tennis"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn questions_negations_conditions_and_feelings_state_nothing() {
    for text in [
        "Did you adopt a cat?",
        "Have you ever tried pottery",
        "I don't have a car.",
        "I never liked opera.",
        "If I had a boat, I would sail more.",
        "I think it's great.",
        "I feel so happy today.",
        "I had a great time.",
        "Thanks for all the support!",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        let clause_facts: Vec<_> = ex
            .facts
            .iter()
            .filter(|f| f.predicate != "related to")
            .collect();
        assert!(clause_facts.is_empty(), "{text}: {clause_facts:?}");
    }
}

#[test]
fn only_objects_of_verbs_become_things() {
    let ex = turn(
        "The weather was nice and the streets were quiet, but I bought a kayak.",
        "Lena",
        "Tomas",
    );
    let things: Vec<&str> = ex
        .entities
        .iter()
        .filter(|e| matches!(e.entity_type, EntityType::Concept | EntityType::Event))
        .map(|e| e.name.as_str())
        .filter(|n| !mnemo_extract::lexicon::CATEGORY_LABELS.contains(n))
        .collect();
    assert_eq!(things, vec!["kayak"]);
}

#[test]
fn things_get_their_category_so_kinds_of_things_can_be_asked_for() {
    let ex = turn("I adopted a dog named Biscuit.", "Lena", "Tomas");
    assert!(has_fact(&ex, "biscuit", "IS_A", "pet"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "dog", "IS_A", "pet"), "{:?}", ex.facts);
    // The name-pair scorer adds no wording of its own beside the clause.
    assert!(
        ex.facts
            .iter()
            .filter(|f| f.subject.as_str() == "lena" && f.object.as_str() == "biscuit")
            .count()
            == 1,
        "{:?}",
        ex.facts
    );
    let ex = turn("I'm learning to play the ukulele.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "LEARNING_TO_PLAY", "ukulele"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "ukulele", "IS_A", "instrument"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn facts_carry_the_time_their_sentence_mentions() {
    let ctx = said_on_may_8("Lena", "Tomas");
    let a = RuleExtractor.analyse(
        "I went to a support group yesterday. I love painting.",
        &ctx,
        &mnemo_extract::Resolver::new(),
    );
    assert_eq!(a.fact_times.len(), a.extraction.facts.len());
    let when = |rel: &str| {
        a.extraction
            .facts
            .iter()
            .zip(&a.fact_times)
            .find(|(f, _)| f.rel_type.as_str() == rel)
            .map(|(_, t)| t.clone())
    };
    assert_eq!(when("WENT_TO"), Some(Some("2023-05-07".to_string())));
    assert_eq!(when("LOVES"), Some(None));
    assert_eq!(a.times.len(), 1);
    assert_eq!(a.times[0].text, "yesterday");
    // Without a time of saying, nothing is resolved.
    let a = RuleExtractor.analyse(
        "I went to a support group yesterday.",
        &ExtractContext::with_speaker("Lena"),
        &mnemo_extract::Resolver::new(),
    );
    assert!(a.times.is_empty() && a.fact_times.iter().all(Option::is_none));
}

#[test]
fn extracted_facts_carry_their_event_time_in_a_form_the_stores_accept() {
    let ctx = said_on_may_8("Caroline", "Melanie");
    let ex = RuleExtractor.extract_sync(
        "I went to a support group yesterday. I love painting.",
        &ctx,
    );
    let occurred = |rel: &str| {
        ex.facts
            .iter()
            .find(|f| f.rel_type.as_str() == rel)
            .map(|f| f.occurred.clone())
    };
    assert_eq!(
        occurred("WENT_TO"),
        Some(Some("2023-05-07".to_string())),
        "{:?}",
        ex.facts
    );
    assert_eq!(occurred("LOVES"), Some(None), "{:?}", ex.facts);
    // Weeks, months, years and intervals reach the stores as they validate them.
    let mut timed = 0;
    for text in [
        "I visited the museum last week.",
        "We moved to Boston last month.",
        "I started pottery in 2021.",
        "I went camping with my kids this weekend.",
        "I saw Tomas two days ago.",
    ] {
        for f in RuleExtractor.extract_sync(text, &ctx).facts {
            if let Some(t) = &f.occurred {
                timed += 1;
                mnemo_core::validate_event_time(t).unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
    }
    assert!(timed >= 3, "only {timed} timed facts");
    // Without a time of saying a fact has none.
    let ex = RuleExtractor.extract_sync(
        "I went to a support group yesterday.",
        &ExtractContext::with_speaker("Caroline"),
    );
    assert!(
        ex.facts.iter().all(|f| f.occurred.is_none()),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_category_fact_takes_no_time_from_its_sentence() {
    let ctx = said_on_may_8("Lena", "Tomas");
    let ex = RuleExtractor.extract_sync("I bought a ukulele yesterday.", &ctx);
    let fact = |rel: &str, object: &str| {
        ex.facts
            .iter()
            .find(|f| f.rel_type.as_str() == rel && f.object.as_str() == object)
            .unwrap_or_else(|| panic!("no {rel} {object}: {:?}", ex.facts))
    };
    // The purchase happened yesterday; what a ukulele is holds at any time.
    assert_eq!(
        fact("BOUGHT", "ukulele").occurred.as_deref(),
        Some("2023-05-07")
    );
    assert_eq!(fact("IS_A", "instrument").occurred, None);
}

#[test]
fn only_pursuits_are_filed_as_activities() {
    let ctx = said_on_may_8("Lena", "Tomas");
    let filed = |text: &str| -> Vec<String> {
        let ex = RuleExtractor.extract_sync(text, &ctx);
        ex.facts
            .iter()
            .filter(|f| f.rel_type.as_str() == "IS_A")
            .map(|f| format!("{} {}", f.subject.as_str(), f.object.as_str()))
            .collect()
    };
    // A hobby is an activity; a job, a talk and progress are acts, filed under no category.
    assert_eq!(
        filed("I took up pottery last month."),
        vec!["pottery activity"]
    );
    assert_eq!(filed("We went hiking on Sunday."), vec!["hiking activity"]);
    for text in [
        "I lost my job last week.",
        "I gave a talk at the library.",
        "I made real progress with the garden.",
    ] {
        let found = filed(text);
        assert!(
            found.iter().all(|f| !f.ends_with(" activity")),
            "{text}: {found:?}"
        );
    }
}

#[test]
fn more_clause_shapes() {
    let ex = turn(
        "Right after I failed the driving test, I cried.",
        "Lena",
        "Tomas",
    );
    assert!(
        has_fact(&ex, "lena", "FAILED", "driving test"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I'm now part of the village choir.", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "PART_OF", "village choir"),
        "{:?}",
        ex.facts
    );
    let ex = turn("Knitting is one of my faves.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "FAVES", "knitting"), "{:?}", ex.facts);
    let ex = turn("I visited a children's museum.", "Lena", "Tomas");
    assert!(
        ex.facts
            .iter()
            .any(|f| f.rel_type.as_str() == "VISITED" && f.object.as_str().contains("museum")),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_past_event_without_object_is_dated() {
    let ctx = said_on_may_8("Lena", "Tomas");
    let ex = RuleExtractor.extract_sync("I graduated last week!", &ctx);
    assert_valid(&ex);
    assert!(
        has_fact(&ex, "lena", "GRADUATED", "2023 w18"),
        "{:?}",
        ex.facts
    );
    assert_eq!(type_of(&ex, "2023 w18"), Some(EntityType::Date));
    // Without the time of saying there is no date to give.
    let ex = turn("I graduated last week!", "Lena", "Tomas");
    assert!(ex.facts.is_empty(), "{:?}", ex.facts);
    // A birth told by how long ago is the same fact as one told by its year.
    let ex = RuleExtractor.extract_sync("My nephew was born three years ago.", &ctx);
    assert!(
        has_fact(&ex, "lenas nephew", "BORN_IN", "2020"),
        "{:?}",
        ex.facts
    );
    // And the place after the time; a time that resolves to no date gives no fact (least of
    // all one about the speaker).
    let ex = RuleExtractor.extract_sync("My daughter was born last year in Lisbon.", &ctx);
    for object in ["2022", "lisbon"] {
        assert!(
            has_fact(&ex, "lenas daughter", "BORN_IN", object),
            "{object}: {:?}",
            ex.facts
        );
    }
    // A month after the year is more of the time, not where.
    let ex = RuleExtractor.extract_sync("My son was born last year in June in Lisbon.", &ctx);
    assert!(
        has_fact(&ex, "lenas son", "BORN_IN", "lisbon"),
        "{:?}",
        ex.facts
    );
    assert!(
        !has_fact(&ex, "lenas son", "BORN_IN", "june"),
        "{:?}",
        ex.facts
    );
    let ex = RuleExtractor.extract_sync("I was born this day in 1985.", &ctx);
    assert!(has_fact(&ex, "lena", "BORN_IN", "1985"), "{:?}", ex.facts);
    let ex = RuleExtractor.extract_sync("My grandpa was born long ago.", &ctx);
    assert!(
        ex.facts.iter().all(|f| f.rel_type.as_str() != "BORN_IN"),
        "{:?}",
        ex.facts
    );
    let ex = RuleExtractor.extract_sync("I was born in a small town.", &ctx);
    assert!(
        ex.facts
            .iter()
            .all(|f| f.rel_type.as_str() != "BORN_IN" || f.object.as_str() != "2020"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn idioms_and_bare_verbs_are_no_things() {
    for text in [
        "Together we can make a difference.",
        "I want to help make their lives better.",
        "I'll start thinking about what we can do.",
        "We're making a real impact.",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        assert!(ex.facts.is_empty(), "{text}: {:?}", ex.facts);
    }
}

#[test]
fn been_to_fans_of_and_what_one_has() {
    let ex = turn("I've been to Lisbon twice.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "BEEN_TO", "lisbon"), "{:?}", ex.facts);
    let ex = turn("We're big fans of jazz.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "FANS_OF", "jazz"), "{:?}", ex.facts);
    let ex = turn("Thanks for visiting my bakery!", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "HAS", "bakery"), "{:?}", ex.facts);
    // A nominalised act is not something one has.
    let ex = turn("Thanks for your encouragement!", "Lena", "Tomas");
    assert!(ex.facts.is_empty(), "{:?}", ex.facts);
}

#[test]
fn without_a_listener_the_one_name_addressed_is_you() {
    let only_speaker = |text: &str| {
        let ex = RuleExtractor.extract_sync(text, &ExtractContext::with_speaker("Lena"));
        assert_valid(&ex);
        ex
    };
    let ex = only_speaker("Thanks, Mel! You finally bought a piano!");
    assert!(has_fact(&ex, "mel", "BOUGHT", "piano"), "{:?}", ex.facts);
    // Two names addressed: "you" stays unknown.
    let ex = only_speaker("Hi Mel! Hi Tom! You finally bought a piano!");
    assert!(
        ex.facts.iter().all(|f| f.rel_type.as_str() != "BOUGHT"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn chat_slang_and_emphasis_are_no_names() {
    for text in [
        "Gonna be a long day. Lemme think.",
        "Woohoo! Ahahaha, that was fun.",
        "Kudos to you! Oof, that hurt.",
        "I'm DOING IT this year!",
        "Remember Jon, we leave at six.",
        "Life's all about balance.",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        let names: Vec<&str> = ex
            .entities
            .iter()
            .filter(|e| !matches!(e.entity_type, EntityType::Concept | EntityType::Event))
            .map(|e| e.name.as_str())
            .filter(|n| !matches!(*n, "Lena" | "Tomas" | "Jon"))
            .collect();
        assert!(names.is_empty(), "{text}: {names:?}");
    }
    // A place after a comma is in apposition, not addressed.
    let ex = turn("It's a gift from my home country, Sweden.", "Lena", "Tomas");
    assert_eq!(type_of(&ex, "sweden"), Some(EntityType::Location));
    // A listed given name with no place around it is a person.
    let ex = turn("Laura and I baked bread.", "Lena", "Tomas");
    assert_ne!(type_of(&ex, "laura"), Some(EntityType::Location));
}

#[test]
fn a_word_that_says_something_is_a_name_unless_it_is_the_quote() {
    // "Caroline" is also a WordNet adjective: opening a turn before a person's verb, it is a name.
    for text in ["Caroline said hi.", "Caroline said she was tired."] {
        let ex = turn(text, "Lena", "Tomas");
        assert_eq!(type_of(&ex, "caroline"), Some(EntityType::Person), "{text}");
    }
    // An exclamation before an inverted "said Mel" is the quote, no one's name.
    for text in ["Awesome said Mel", "Sweet said Anna.", "Nice said the man."] {
        let ex = turn(text, "Lena", "Tomas");
        for word in ["awesome", "sweet", "nice"] {
            assert_eq!(type_of(&ex, word), None, "{text}");
        }
    }
}

#[test]
fn drawn_out_and_slang_greetings_are_no_part_of_a_name() {
    for (text, name) in [
        ("Heyyy Joanna! How are you?", "joanna"),
        ("Sup Dario, ready for the game?", "dario"),
        ("Omggg Priya!! You did it!", "priya"),
        ("Merry Christmas, Dario!", "dario"),
        ("Alright Dario, see ya.", "dario"),
        ("Wowza Priya!", "priya"),
    ] {
        let ex = turn(text, "Maya", "Nate");
        assert!(entity(&ex, name).is_some(), "{text}: {:?}", ex.entities);
        assert!(
            ex.entities
                .iter()
                .all(|e| !e.key.as_str().contains(' ') || e.key.as_str().starts_with("maya")),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn a_relative_is_named_only_by_the_name_next_to_it() {
    // Right after the noun, after a comma, or after "named".
    let ex = turn("My sister Jess lives in Oslo.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "SISTER", "jess"), "{:?}", ex.facts);
    let ex = turn("My boss, Tom Baker, retired.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "BOSS", "tom baker"),
        "{:?}",
        ex.facts
    );
    // Lower-case or shouted, a listed given name; written as a name is.
    for text in ["my sister jess is coming over", "MY SISTER JESS IS COMING"] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            has_fact(&ex, "odile", "SISTER", "jess"),
            "{text}: {:?}",
            ex.facts
        );
        assert!(
            ex.entities.iter().any(|e| e.name == "Jess"),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A lower-case common word is no name ("my boss mark": mark is a word).
    let ex = turn("my sister will come", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "SISTER", "odiles sister"),
        "{:?}",
        ex.facts
    );
    let ex = turn("My friend Tom's house is huge.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "FRIEND", "tom"), "{:?}", ex.facts);
    let ex = turn("John's boss Tom quit.", "Odile", "Bram");
    assert!(has_fact(&ex, "john", "BOSS", "tom"), "{:?}", ex.facts);
    // A name one verb later is someone else.
    let ex = turn("My dad said Jake was coming.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "DAD", "odiles dad"),
        "{:?}",
        ex.facts
    );
    assert!(!has_fact(&ex, "odile", "DAD", "jake"), "{:?}", ex.facts);
    let ex = turn("John's boss hired Tom.", "Odile", "Bram");
    assert!(!has_fact(&ex, "john", "BOSS", "tom"), "{:?}", ex.facts);
    let ex = turn("My best friend named Lily is here.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "FRIEND", "lily"), "{:?}", ex.facts);
    let ex = turn("My grandma, Rosa, is turning 90.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "GRANDMA", "rosa"), "{:?}", ex.facts);
    for (text, noun, name) in [
        ("My husband called Dave to fix the sink.", "HUSBAND", "dave"),
        ("My boss, Tom's brother, is annoying.", "BOSS", "tom"),
        ("My sister named Leo as godfather.", "SISTER", "leo"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !has_fact(&ex, "odile", noun, name),
            "{text}: {:?}",
            ex.facts
        );
    }
}

#[test]
fn a_parents_word_used_as_a_name_is_the_speakers_parent() {
    let ex = turn("Grandma texted me a recipe.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "GRANDMA", "odiles grandma"),
        "{ex:?}"
    );
    assert!(entity(&ex, "grandma").is_none(), "{:?}", ex.entities);
    let ex = turn("My mom and Dad came over for dinner.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MOM", "odiles mom"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odile", "DAD", "odiles dad"),
        "{:?}",
        ex.facts
    );
    assert!(entity(&ex, "dad").is_none(), "{:?}", ex.entities);
    // As an object too, before a time or as the first of two objects.
    for text in ["I called Mom yesterday.", "I bought Mom flowers."] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            has_fact(&ex, "odile", "MOM", "odiles mom"),
            "{text}: {ex:?}"
        );
        assert!(entity(&ex, "mom").is_none(), "{text}: {:?}", ex.entities);
    }
    // The name after it is not the parent ("Mom told Anna": Anna is told, not the mom).
    let ex = turn("Mom told Anna to call me.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MOM", "odiles mom"),
        "{:?}",
        ex.facts
    );
    assert!(!has_fact(&ex, "odile", "MOM", "anna"), "{:?}", ex.facts);
    let ex = turn("Mom thinks Bram is great.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "MOM", "bram"), "{:?}", ex.facts);
    // Another's parent, a named grandparent, a modifier: not the speaker's parent.
    for text in [
        "Jon's dad fixed the fence.",
        "Grandma Rose baked a pie.",
        "The Mom guilt is real.",
        "I love Dad jokes.",
        "Dad jokes are the worst.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            ex.entities
                .iter()
                .all(|e| !e.key.as_str().starts_with("odiles")),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A kind of parent, or a title, is nobody's parent.
    for text in [
        "He's the best Dad ever.",
        "He's the coolest Dad.",
        "You're such a good Dad.",
        "I watched Dad's Army last night.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            ex.entities
                .iter()
                .all(|e| !e.key.as_str().starts_with("odiles")),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A title is one name, no person after the possessive; a kind of parent is no name.
    let ex = turn("We ate at Mom's Kitchen last night.", "Odile", "Bram");
    assert!(entity(&ex, "moms kitchen").is_some(), "{:?}", ex.entities);
    assert!(entity(&ex, "kitchen").is_none(), "{:?}", ex.entities);
    let ex = turn("You are a great Mom!", "Odile", "Bram");
    assert!(
        ex.entities
            .iter()
            .all(|e| e.key.as_str() != "mom" || e.entity_type == EntityType::Concept),
        "{:?}",
        ex.entities
    );
    // A list of people opening a sentence addresses nobody.
    let ex = turn("Mom, Dad and I went to the beach.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MOM", "odiles mom"),
        "{:?}",
        ex.facts
    );
    // Addressed, the word is whoever is spoken to: no person called Mom.
    for text in [
        "Thanks, Mom!",
        "Hey Mom! How are you?",
        "Dad, can you pick me up?",
        "Mom? Are you there?",
        "LOVE YOU MOM",
        "ok mom",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(entity(&ex, "mom").is_none(), "{text}: {:?}", ex.entities);
        assert!(
            entity(&ex, "odiles mom").is_none(),
            "{text}: {:?}",
            ex.entities
        );
    }
    let ex = turn("Sure dad, I'll be there.", "Odile", "Bram");
    assert!(entity(&ex, "odiles dad").is_none(), "{:?}", ex.entities);
    // Without a speaker (a document) the word is left alone.
    let ex =
        RuleExtractor.extract_sync("Mom said the road was closed.", &ExtractContext::default());
    assert!(
        ex.entities
            .iter()
            .all(|e| !e.key.as_str().contains("s mom")),
        "{:?}",
        ex.entities
    );
}

#[test]
fn a_place_or_event_after_the_thing_done_is_where_it_was_done() {
    let ex = turn("I teach English at a high school.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "TEACHES_AT", "school"),
        "{:?}",
        ex.facts
    );
    let ex = turn(
        "I took a pottery class at the community center.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odile", "TOOK_CLASS_AT", "community center"),
        "{:?}",
        ex.facts
    );
    // A name is no part of the predicate.
    let ex = turn("I met Anna at a party.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "MET_AT", "party"), "{:?}", ex.facts);
    // Idioms and things that are no place give nothing more.
    for text in [
        "I lost my keys in the park.",
        "I'm with Mom at the store.",
        "We've got some cool projects in the works.",
        "I bought a car with cash.",
        "I read a book in my corner.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            ex.facts
                .iter()
                .all(|f| !f.rel_type.as_str().ends_with("_IN")
                    && !f.rel_type.as_str().ends_with("_WITH")),
            "{text}: {:?}",
            ex.facts
        );
    }
}

#[test]
fn a_partner_or_child_after_and_is_no_relative_of_the_speaker() {
    for (text, rel) in [
        ("My friend Tom and wife Jess came to dinner.", "WIFE"),
        ("My uncle Pete and son Max run a farm.", "SON"),
        (
            "My brother Tom and girlfriend Amy are visiting.",
            "GIRLFRIEND",
        ),
    ] {
        let ex = turn(text, "Lena", "Bram");
        assert!(
            !ex.facts
                .iter()
                .any(|f| f.subject.as_str() == "lena" && f.rel_type.as_str() == rel),
            "{text}: {:?}",
            ex.facts
        );
    }
    // A plural person noun names the group: "my guys" are still met at the pub.
    let ex = turn(
        "I'm meeting my guys Ben and Sam at the pub.",
        "Lena",
        "Bram",
    );
    assert!(has_fact(&ex, "lena", "MEETING", "sam"), "{:?}", ex.facts);
}

#[test]
fn a_lower_case_given_name_in_chat_is_a_person() {
    // Chat is often written in lower case: a listed given name that is no English word, place
    // or company is a person wherever it stands, written as a name is.
    let ex = turn("i met ingrid yesterday", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "MET", "ingrid"), "{:?}", ex.facts);
    let ingrid = entity(&ex, "ingrid").expect("Ingrid");
    assert_eq!(
        (ingrid.name.as_str(), ingrid.entity_type),
        ("Ingrid", EntityType::Person)
    );
    let ex = turn("yesterday ingrid taught me chess", "Odile", "Bram");
    assert!(has_fact(&ex, "ingrid", "TAUGHT", "chess"), "{:?}", ex.facts);
    assert!(
        has_fact(&ex, "ingrid", "TAUGHT_TO", "odile"),
        "{:?}",
        ex.facts
    );
    let ex = turn("max verstappen won again", "Odile", "Bram");
    assert!(entity(&ex, "max verstappen").is_some(), "{:?}", ex.entities);
    // Said without "I", the speaker still met the person ("met jake at the gym today"); a word
    // after the name is no surname unless a verb follows it.
    let ex = turn("met jake at the gym today", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "MET", "jake"), "{:?}", ex.facts);
    // Opening the sentence before a participle that is no verb's own lemma ("moved", "married";
    // not "speed"), and a lower-case surname before a preposition.
    let ex = turn("tom moved to denver", "Odile", "Bram");
    assert!(has_fact(&ex, "tom", "MOVED_TO", "denver"), "{:?}", ex.facts);
    let ex = turn("raj married priya last spring", "Odile", "Bram");
    assert!(has_fact(&ex, "raj", "MARRIED", "priya"), "{:?}", ex.facts);
    let ex = turn("I met jake smith at the conference", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MET", "jake smith"),
        "{:?}",
        ex.facts
    );
    let ex = turn("told ava everything", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "TOLD", "ava"), "{:?}", ex.facts);
    assert!(entity(&ex, "ava everything").is_none(), "{:?}", ex.entities);
    // Not a lower-case word that is a name too ("will", "mark"), nor a place ("paris"), nor a
    // name where nothing says a person: before a noun it modifies, after an article or "to".
    for (text, key) in [
        ("i will mark it", "mark"),
        ("i will call you", "will"),
        ("we went to paris", "paris"),
        ("i'm at max capacity", "max"),
        ("min and max values", "max"),
        ("i set the volume to max", "max"),
        ("i bought a hugo boss suit", "hugo"),
        ("alexa turn off the lights", "alexa"),
        ("ingrid's brother lars lives in oslo", "ingrid"),
        ("max speed is 100 mph", "max"),
        ("hugo boss suits are expensive", "hugo"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            entity(&ex, key).is_none_or(|e| e.entity_type != EntityType::Person),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn relatives_listed_together_are_each_named_and_share_what_follows() {
    // A relative noun after a comma or "and" right after a named relative is the same owner's,
    // and what the list does, each member does.
    let ex = turn(
        "My brother Tom, sister Jess and cousin Max live in Oslo.",
        "Odile",
        "Bram",
    );
    for (rel, name) in [("BROTHER", "tom"), ("SISTER", "jess"), ("COUSIN", "max")] {
        assert!(has_fact(&ex, "odile", rel, name), "{rel}: {:?}", ex.facts);
        assert!(
            has_fact(&ex, name, "LIVES_IN", "oslo"),
            "{name}: {:?}",
            ex.facts
        );
    }
    let ex = turn(
        "My sister Jess and brother Tom live in Paris.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "jess", "LIVES_IN", "paris"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "tom", "LIVES_IN", "paris"), "{:?}", ex.facts);
    // No relation for the relative's word alone, and no relative named after other words.
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str().contains("brother")),
        "{:?}",
        ex.facts
    );
    let ex = turn("My brother Tom, Jess and Max came over.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "BROTHER", "jess"), "{:?}", ex.facts);
    // Only after a named relative: "I met Jess, sister of Tom" carries nobody's sister.
    let ex = turn("I met Jess, sister of Tom.", "Odile", "Bram");
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.rel_type.as_str() == "SISTER" && f.subject.as_str() == "odile"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_company_opening_a_chat_sentence_does_what_its_verb_says() {
    let ex = turn("Tesla builds electric cars.", "Odile", "Bram");
    assert!(has_fact(&ex, "tesla", "BUILDS", "cars"), "{:?}", ex.facts);
    let ex = turn("Google is hiring engineers.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "google", "HIRING", "engineers"),
        "{:?}",
        ex.facts
    );
    // "my" says whose the show is: the speaker is no object of the company's verb.
    let ex = turn("Netflix cancelled my favorite show.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "netflix", "CANCELLED", "show"),
        "{:?}",
        ex.facts
    );
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str() == "odile"),
        "{:?}",
        ex.facts
    );
    // A negation or a question states nothing, of a company as of a person.
    for text in [
        "Netflix never cancelled the show.",
        "Did Netflix cancel the show?",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts.iter().any(|f| f.subject.as_str() == "netflix"),
            "{text}: {:?}",
            ex.facts
        );
    }
}

#[test]
fn a_relatives_or_pets_name_said_with_a_copula_names_it() {
    let ex = turn("My wife's name is Sarah.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "WIFE", "sarah"), "{:?}", ex.facts);
    let ex = turn("My dog's name is Biscuit.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOG", "biscuit"), "{:?}", ex.facts);
    let ex = turn("Max is my dog.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOG", "max"), "{:?}", ex.facts);
    let ex = turn("My cat is named Mittens.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "CAT", "mittens"), "{:?}", ex.facts);
    let ex = turn(
        "My mom's name is Linda and my dad's name is Frank.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "odile", "MOM", "linda"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "odile", "DAD", "frank"), "{:?}", ex.facts);
    // Not a name after more words, nor the name's own dog.
    let ex = turn("My wife's name is on the lease.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "WIFE", "odiles wife"),
        "{:?}",
        ex.facts
    );
    let ex = turn("Max is my dog's name.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "DOG", "max"), "{:?}", ex.facts);
}

#[test]
fn things_listed_after_a_verb_each_get_its_fact() {
    let ex = turn("I love pizza, pasta and sushi.", "Odile", "Bram");
    for thing in ["pizza", "pasta", "sushi"] {
        assert!(
            has_fact(&ex, "odile", "LOVES", thing),
            "{thing}: {:?}",
            ex.facts
        );
    }
    let ex = turn("I bought a car and a bike yesterday.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "BOUGHT", "bike"), "{:?}", ex.facts);
    let ex = turn(
        "I studied physics, chemistry, and biology.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odile", "STUDIED", "biology"),
        "{:?}",
        ex.facts
    );
    // A second verb with its own object is no member.
    for text in [
        "I love summer and hate winter.",
        "I like jazz and play piano.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts
                .iter()
                .any(|f| f.object.as_str().contains("hate") || f.object.as_str().contains("play")),
            "{text}: {:?}",
            ex.facts
        );
    }
    // A comma without "and" lists nothing; a verb or a name after "and" opens a clause; a
    // gerund after a thing goes on with the verb.
    let ex = turn("I love pizza, you know.", "Odile", "Bram");
    assert_eq!(
        ex.facts
            .iter()
            .filter(|f| f.rel_type.as_str() == "LOVES")
            .count(),
        1,
        "{:?}",
        ex.facts
    );
    let ex = turn("Tesla builds cars and Apple makes phones.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str().contains("apple")),
        "{:?}",
        ex.facts
    );
    let ex = turn(
        "I'm stepping into the unknown and hoping for the best.",
        "Odile",
        "Bram",
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.object.as_str().contains("hoping")),
        "{:?}",
        ex.facts
    );
}

#[test]
fn clause_subjects_in_chat_follow_the_clause_structure() {
    // A relative list with a comma before "and".
    let ex = turn(
        "My cousin Max, aunt Rita, and uncle Bob live in Texas.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "odile", "UNCLE", "bob"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "rita", "LIVES_IN", "texas"), "{:?}", ex.facts);
    // The object of a relative clause is no subject of the verb after it.
    for text in [
        "The woman who founded Etsy lives in Brooklyn.",
        "The girl who loves Tom works at Google.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts
                .iter()
                .any(|f| matches!(f.object.as_str(), "brooklyn" | "google")),
            "{text}: {:?}",
            ex.facts
        );
    }
    // Nor is the subject of a relative clause with no pronoun, in chat or documents; a name
    // after its description that does two things does both.
    for text in [
        "The man Anna married lives in Prague.",
        "The man Anna married last year lives in Prague.",
        "The company Tom founded moved to Berlin.",
        // A present verb right before the main one; a plural head.
        "The girl Tom likes lives in Prague.",
        "The players Klopp signed came from Berlin.",
    ] {
        let chat = turn(text, "Odile", "Bram");
        let doc = RuleExtractor.extract_sync(text, &ExtractContext::default());
        for ex in [chat, doc] {
            assert!(
                !ex.facts
                    .iter()
                    .any(|f| matches!(f.object.as_str(), "prague" | "berlin")),
                "{text}: {:?}",
                ex.facts
            );
        }
    }
    let ex = turn(
        "The singer Anna Berg moved to Oslo and married Tom.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "anna berg", "MOVED_TO", "oslo")
            && has_fact(&ex, "anna berg", "MARRIED", "tom"),
        "{:?}",
        ex.facts
    );
    // "that" after a verb of knowing or saying opens no relative clause.
    let ex = turn("I know that Anna moved to Paris.", "Odile", "Bram");
    assert!(has_fact(&ex, "anna", "MOVED_TO", "paris"), "{:?}", ex.facts);
    // Nor is the name opening that clause what the speaker heard.
    let ex = turn("I heard that Netflix is moving to Austin.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "HEARD"),
        "{:?}",
        ex.facts
    );
    // A company after the words opening the sentence.
    let ex = turn("Yesterday Tesla recalled my car.", "Odile", "Bram");
    assert!(has_fact(&ex, "tesla", "RECALLED", "car"), "{:?}", ex.facts);
}

#[test]
fn a_participant_named_in_the_third_person_is_a_person() {
    // The clause reader typed the object "Odile" as a name of no known type.
    for (text, key) in [
        ("Tesla loves Odile.", "odile"),
        ("Apple hired Bram.", "bram"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            entity(&ex, key).map(|e| e.entity_type),
            Some(EntityType::Person),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn they_stands_for_the_relatives_named_by_a_plural_before() {
    let ex = turn(
        "My kids are so creative. They made a volcano for school.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odiles kids", "MADE", "volcano"),
        "{:?}",
        ex.facts
    );
    let ex = turn(
        "My parents retired last year. They moved to Florida.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odiles parents", "MOVED_TO", "florida"),
        "{:?}",
        ex.facts
    );
    // "she" is no plural's, "they" no single person's.
    let ex = turn("My parents called. She was upset.", "Odile", "Bram");
    assert!(ex
        .facts
        .iter()
        .all(|f| f.subject.as_str() != "odiles parents" || f.rel_type.as_str() == "CALLED"));
    // A pronoun standing for nobody states nothing and leaves no thing behind.
    for text in [
        "They adopted a puppy last week.",
        "She moved to Ohio and opened a bakery.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            ex.entities
                .iter()
                .all(|e| e.entity_type != EntityType::Concept),
            "{text}: {:?}",
            ex.entities
        );
        assert!(ex.facts.is_empty(), "{text}: {:?}", ex.facts);
    }
}

#[test]
fn a_part_of_the_body_is_filed_under_no_category() {
    // "head" is a head of cattle and "shoulder" a cut of meat only in their second senses.
    for text in [
        "Snowboarding helps me clear my head.",
        "I hurt my shoulder at the gym.",
    ] {
        let ex = turn(text, "Lena", "Tomas");
        assert!(
            !ex.facts.iter().any(|f| f.rel_type.as_str() == "IS_A"
                && matches!(f.subject.as_str(), "head" | "shoulder")),
            "{text}: {:?}",
            ex.facts
        );
    }
    // Things keep theirs.
    let ex = turn("I cooked eggs and bacon for breakfast.", "Lena", "Tomas");
    assert!(
        ex.facts
            .iter()
            .any(|f| f.rel_type.as_str() == "IS_A" && f.object.as_str() == "food"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn her_name_is_names_the_animal_or_relative_just_mentioned() {
    let ex = turn(
        "I just got a new kitten, her name is Pixel",
        "Lena",
        "Tomas",
    );
    assert!(has_fact(&ex, "lena", "HAS", "pixel"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "pixel", "IS_A", "kitten"), "{:?}", ex.facts);
    assert_ne!(
        entity(&ex, "pixel").map(|e| e.entity_type),
        Some(EntityType::Location)
    );
    let ex = turn("We have a new nephew, his name is Leo.", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "NEPHEW", "leo"), "{:?}", ex.facts);
    // Someone met is no relative nor pet.
    let ex = turn("I met a guy at the gym, his name is Tom.", "Lena", "Tomas");
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.object.as_str() == "tom" && matches!(f.rel_type.as_str(), "HAS" | "GUY")),
        "{:?}",
        ex.facts
    );
}

#[test]
fn chat_short_forms_of_relatives_name_the_relation() {
    let ex = turn("my sis Jess is visiting", "Lena", "Tomas");
    assert!(has_fact(&ex, "lena", "SISTER", "jess"), "{:?}", ex.facts);
    let ex = turn("my hubby loves golf", "Lena", "Tomas");
    assert!(
        has_fact(&ex, "lena", "HUSBAND", "lenas husband"),
        "{:?}",
        ex.facts
    );
    // One relative whichever word names her.
    let ex = turn("My sister and my sis are here", "Lena", "Tomas");
    assert_eq!(
        ex.entities
            .iter()
            .filter(|e| e.name.starts_with("Lena's"))
            .count(),
        1,
        "{:?}",
        ex.entities
    );
}

#[test]
fn what_the_speaker_was_back_then_is_no_kind_of_them() {
    // "since I was a kid" gave odile IS_A kid.
    let ex = turn("I loved jazz since I was a teenager.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "LOVED", "jazz"), "{:?}", ex.facts);
    assert!(
        !has_fact(&ex, "odile", "IS_A", "teenager"),
        "{:?}",
        ex.facts
    );
    // What the speaker is now, or was doing then, still counts.
    let ex = turn("I'm a nurse.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "IS_A", "nurse"), "{:?}", ex.facts);
    let ex = turn(
        "When I was playing with the puppies, Bram called.",
        "Odile",
        "Bram",
    );
    assert!(
        ex.facts.iter().any(|f| f.object.as_str() == "puppies"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_relative_is_named_by_a_name_before_it_or_after_two_nouns() {
    // "Sophie, my niece, won": the name was left beside "Odile's niece".
    let ex = turn("Sophie, my niece, won the spelling bee.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "NIECE", "sophie"), "{:?}", ex.facts);
    // Not when the noun opens a clause of its own.
    let ex = turn("Thanks Anna, my sister is fine.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "SISTER", "anna"), "{:?}", ex.facts);
    // "my twin brother Felix" named the twin "Odile's twin" and left Felix alone.
    let ex = turn("My twin brother Felix lives in Oslo.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "TWIN_BROTHER", "felix"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "felix", "LIVES_IN", "oslo"), "{:?}", ex.facts);
}

#[test]
fn a_club_named_united_or_rovers_is_an_organisation() {
    let ex = turn(
        "I've been a Leeds United supporter forever.",
        "Odile",
        "Bram",
    );
    assert_eq!(
        entity(&ex, "leeds united").map(|e| e.entity_type),
        Some(EntityType::Organization),
        "{:?}",
        ex.entities
    );
    assert!(
        has_fact(&ex, "odile", "SUPPORTER_OF", "leeds united"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn owning_is_a_verb_after_its_subject() {
    // "own" is a stop word ("my own"): "I own a bakery" stated nothing.
    let ex = turn("We own a small bakery.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "OWNS", "bakery"), "{:?}", ex.facts);
    let ex = turn("I made my own bread.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "OWNS"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn the_kind_of_a_favourite_or_a_workplace_types_the_name() {
    let typed = |text: &str, key: &str| {
        let ex = turn(text, "Odile", "Bram");
        entity(&ex, key).map(|e| e.entity_type)
    };
    // "My favorite band is Radiohead" made a person, "Radiohead is my favorite band" a concept.
    assert_eq!(
        typed("My favorite band is Quillfire.", "quillfire"),
        Some(EntityType::Organization)
    );
    assert_eq!(
        typed("Quillfire is my favorite band.", "quillfire"),
        Some(EntityType::Organization)
    );
    assert_eq!(
        typed("My favorite city is Lisbon.", "lisbon"),
        Some(EntityType::Location)
    );
    // Where someone of an occupation is, is where they work: "a lawyer at Clifford Chance" was
    // a place.
    assert_eq!(
        typed("I'm a lawyer at Clifford Chance.", "clifford chance"),
        Some(EntityType::Organization)
    );
    assert_eq!(
        typed("I got a new job at the Red Cross.", "red cross"),
        Some(EntityType::Organization)
    );
    // A friend met somewhere says nothing of the place.
    assert_ne!(
        typed("I met a friend at Galway.", "galway"),
        Some(EntityType::Organization)
    );
}

#[test]
fn lasting_states_and_life_events_of_the_speaker_are_facts() {
    // "I'm vegan", "I'm lactose intolerant", "we got engaged" stated nothing.
    let ex = turn("I'm vegan.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "IS", "vegan"), "{:?}", ex.facts);
    let ex = turn("I'm lactose intolerant now", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "IS", "lactose intolerant"),
        "{:?}",
        ex.facts
    );
    let ex = turn("My sister is pregnant again!", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odiles sister", "IS", "pregnant"),
        "{:?}",
        ex.facts
    );
    let ex = turn("We got engaged last week!", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "GOT", "engaged"), "{:?}", ex.facts);
    // Feelings are no lasting state, and a state about something is a relation of its own.
    let ex = turn("I'm tired.", "Odile", "Bram");
    assert!(ex.facts.is_empty(), "{:?}", ex.facts);
    let ex = turn("I'm engaged to Tom.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "IS", "engaged"), "{:?}", ex.facts);
    // "passed away" says what "died" says.
    let ex = RuleExtractor.extract_sync(
        "My grandmother passed away yesterday.",
        &said_on_may_8("Odile", "Bram"),
    );
    assert!(
        ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "odiles grandmother" && f.rel_type.as_str() == "DIED"),
        "{:?}",
        ex.facts
    );
    // "on Saturday" is when, as "yesterday" is (stated nothing); not a weekday's possession.
    for (text, subject, rel, day) in [
        (
            "My uncle Henk passed away on Saturday.",
            "henk",
            "DIED",
            "2023 05 06",
        ),
        ("I graduated on Friday.", "odile", "GRADUATED", "2023 05 05"),
    ] {
        let ex = RuleExtractor.extract_sync(text, &said_on_may_8("Odile", "Bram"));
        assert!(has_fact(&ex, subject, rel, day), "{text}: {:?}", ex.facts);
    }
    let ex = RuleExtractor.extract_sync(
        "I relied on Monday's notes.",
        &said_on_may_8("Odile", "Bram"),
    );
    assert!(ex.facts.is_empty(), "{:?}", ex.facts);
    // A plural after "allergic to" is what the speaker is allergic to, not a verb ("to cat").
    let ex = turn("I'm allergic to cats.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "ALLERGIC_TO", "cats"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn habits_said_with_how_often_are_activities() {
    // "I run every morning" and "I play chess online" stated nothing.
    let ex = turn("I run every morning before work.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOES", "running"), "{:?}", ex.facts);
    let ex = turn("I swim twice a week.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOES", "swimming"), "{:?}", ex.facts);
    let ex = turn("I play chess online almost every night.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "PLAYS", "chess"), "{:?}", ex.facts);
    // Working or going every day is no pastime, and an online group is one thing.
    let ex = turn("I work every day.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "DOES"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I joined a service-focused online group.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "JOINED", "service focused online group"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_day_after_a_name_is_when_and_a_school_is_an_organisation() {
    let ex = turn(
        "My son graduated from the University of Michigan on Saturday.",
        "Odile",
        "Bram",
    );
    assert!(
        entity(&ex, "university of michigan").is_some(),
        "{:?}",
        ex.entities
    );
    let ex = turn(
        "I teach third grade at Lincoln Elementary.",
        "Odile",
        "Bram",
    );
    assert_eq!(
        entity(&ex, "lincoln elementary").map(|e| e.entity_type),
        Some(EntityType::Organization),
        "{:?}",
        ex.entities
    );
}

#[test]
fn what_is_doubted_suggested_or_wished_did_not_happen() {
    for text in [
        "I don't think I'll go to the reunion.",
        "I doubt I'll visit Paris.",
        "I wish I lived in Rome.",
        "I'm not sure I'll make it to the party.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts
                .iter()
                .any(|f| f.subject.as_str() == "odile" && f.rel_type.as_str() != "IS_A"),
            "{text}: {:?}",
            ex.facts
        );
    }
    // What someone else suggested is theirs, not the speaker's doing.
    let ex = turn("My therapist suggested I try journaling.", "Odile", "Bram");
    assert!(
        !has_fact(&ex, "odile", "TRIES", "journaling"),
        "{:?}",
        ex.facts
    );
    // A plan stated plainly still counts.
    let ex = turn("I think I'll go to Paris.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "GO_TO", "paris"), "{:?}", ex.facts);
}

#[test]
fn names_listed_before_are_my_relatives_are_each_one() {
    // "Ana and Bea are my sisters" typed both places; "Mia and Leo are my two kids" related the
    // kids to Leo, a place.
    let ex = turn("Ana and Bea are my sisters.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "SISTER", "ana"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "odile", "SISTER", "bea"), "{:?}", ex.facts);
    let ex = turn("Mia and Leo are my two kids.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "KID", "leo"), "{:?}", ex.facts);
    assert_eq!(
        entity(&ex, "leo").map(|e| e.entity_type),
        Some(EntityType::Person),
        "{:?}",
        ex.entities
    );
    // Places listed as favourites are no relatives.
    let ex = turn("Paris and Rome are my favourite cities.", "Odile", "Bram");
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.object.as_str() == "paris"
                && matches!(f.rel_type.as_str(), "CITY" | "CITIES")),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_name_after_a_or_my_is_a_thing_the_speaker_has() {
    // "bought a new Kindle Paperwhite" made a person and stated nothing; "got a Roomba" a place.
    let ex = turn("I just bought a new Kindle Paperwhite!", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "BOUGHT", "kindle paperwhite"),
        "{:?}",
        ex.facts
    );
    assert_eq!(
        entity(&ex, "kindle paperwhite").map(|e| e.entity_type),
        Some(EntityType::Other)
    );
    let ex = turn("We got a Roomba last week.", "Odile", "Bram");
    assert_eq!(
        entity(&ex, "roomba").map(|e| e.entity_type),
        Some(EntityType::Other)
    );
    // A given name stays a person.
    let ex = turn("I met a John at the party.", "Odile", "Bram");
    assert_eq!(
        entity(&ex, "john").map(|e| e.entity_type),
        Some(EntityType::Person)
    );
}

#[test]
fn a_named_animal_set_off_or_after_its_noun_is_the_subject() {
    // "My dog Rex loves the beach": the loving was nobody's.
    let ex = turn("My dog Rex loves the beach.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOG", "rex"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "rex", "LOVES", "beach"), "{:?}", ex.facts);
    // "Max, my dog, loves the beach" gave only "odile HAS dog".
    let ex = turn("Max, my dog, loves the beach.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "DOG", "max"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "max", "LOVES", "beach"), "{:?}", ex.facts);
    // A relative set off the same way does what the verb says too.
    let ex = turn("Sophie, my niece, loves the beach.", "Odile", "Bram");
    assert!(has_fact(&ex, "sophie", "LOVES", "beach"), "{:?}", ex.facts);
    // An auxiliary after the name is no act of the animal's.
    let ex = turn("My dog Rex is so cute.", "Odile", "Bram");
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "rex" && f.rel_type.as_str() != "IS_A"),
        "{:?}",
        ex.facts
    );
    // Not a vocative before a clause of its own.
    let ex = turn("Thanks Anna, my sister loves the beach.", "Odile", "Bram");
    assert!(!has_fact(&ex, "anna", "LOVES", "beach"), "{:?}", ex.facts);
    // The name set off by commas after the noun: an animal, not a person.
    let ex = turn("I lost my hamster, Biscuit, last week.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "HAMSTER", "biscuit"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "biscuit", "IS_A", "hamster"),
        "{:?}",
        ex.facts
    );
    assert_ne!(
        entity(&ex, "biscuit").map(|e| e.entity_type),
        Some(EntityType::Person)
    );
    // A comma that ends the noun's clause names nothing.
    let ex = turn("I fed my cat, Anna did the dishes.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "CAT", "anna"), "{:?}", ex.facts);
}

#[test]
fn a_clause_doubted_or_heard_has_no_object_in_its_subject() {
    // "I doubt Anna moved to Oslo" gave odile DOUBTS anna.
    for text in [
        "I doubt Anna moved to Oslo.",
        "I heard Adele is touring.",
        "I wish Anna lived closer.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts.iter().any(|f| f.subject.as_str() == "odile"),
            "{text}: {:?}",
            ex.facts
        );
    }
    // A heard clause's own fact stays.
    let ex = turn("I heard my sister quit her job.", "Odile", "Bram");
    assert!(
        !has_fact(&ex, "odile", "HEARD", "odiles sister"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odiles sister", "QUIT", "job"),
        "{:?}",
        ex.facts
    );
    // A name heard or known is still the object.
    let ex = turn("I heard Adele in concert.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "HEARD", "adele"), "{:?}", ex.facts);
    let ex = turn("I know Anna.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "KNOWS", "anna"), "{:?}", ex.facts);
}

#[test]
fn a_game_played_is_a_thing() {
    for (text, key) in [
        ("I love playing Minecraft with my kids.", "minecraft"),
        ("I've been playing Elden Ring all weekend.", "elden ring"),
        ("We were playing Monopoly.", "monopoly"),
        // Played, hooked on, binge-watched (were people).
        ("We played Mario Kart all night.", "mario kart"),
        ("I play Fortnite with my brother.", "fortnite"),
        ("I'm addicted to Candy Crush.", "candy crush"),
        (
            "I've been binge-watching Stranger Things.",
            "stranger things",
        ),
        // Seen, watched all of, obsessed with (were a person and places).
        ("we saw Oppenheimer last night", "oppenheimer"),
        ("I watched all of Succession in one week.", "succession"),
        ("my little brother is obsessed with Minecraft", "minecraft"),
        // The author after "by" is no word of the title.
        (
            "I'm reading Project Hail Mary by Andy Weir.",
            "project hail mary",
        ),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            type_of(&ex, key),
            Some(EntityType::Other),
            "{text}: {:?}",
            ex.entities
        );
    }
    // An opponent is no game, nor a performer watched, nor a given name alone.
    for (text, key) in [
        ("Nadal is playing Federer tomorrow.", "federer"),
        ("I watched Taylor Swift perform last night.", "taylor swift"),
        ("I played Anna at chess.", "anna"),
        ("I saw Anna yesterday.", "anna"),
        ("I'm obsessed with Taylor Swift.", "taylor swift"),
        ("I'm reading Project Hail Mary by Andy Weir.", "andy weir"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            type_of(&ex, key),
            Some(EntityType::Person),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn naming_a_baby_or_a_pet_names_the_speakers_own() {
    // "We named the baby Elodie" gave odile NAMED baby.
    let ex = turn("We named the baby Elodie.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "BABY", "elodie"), "{:?}", ex.facts);
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str() == "baby"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I called the puppy Biscuit.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "PUPPY", "biscuit"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "biscuit", "IS_A", "puppy"), "{:?}", ex.facts);
    // Not a thing of another kind, nor someone else's naming.
    let ex = turn("We named the boat Serenity.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "BOAT"),
        "{:?}",
        ex.facts
    );
    let ex = turn("They named the baby Elodie.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "BABY", "elodie"), "{:?}", ex.facts);
}

#[test]
fn a_kinds_number_stays_in_its_noun_phrase() {
    let ex = turn(
        "I was diagnosed with type 2 diabetes last year.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odile", "DIAGNOSED_WITH", "type 2 diabetes"),
        "{:?}",
        ex.facts
    );
    // "has stage 4 cancer" read "stage" as the verb.
    let ex = turn("My dad has stage 4 cancer.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odiles dad", "HAS", "stage 4 cancer"),
        "{:?}",
        ex.facts
    );
    // A count is no kind's number.
    let ex = turn("I bought 2 tickets.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "BOUGHT", "tickets"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_product_or_a_breed_after_a_is_a_thing() {
    for (text, key) in [
        ("We adopted a German Shepherd named Rex.", "german shepherd"),
        ("I drive a Honda Civic.", "honda civic"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            type_of(&ex, key),
            Some(EntityType::Other),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A club is still a club, and a name before its noun is the name's.
    let ex = turn("I joined a Rotary Club.", "Odile", "Bram");
    assert_eq!(
        type_of(&ex, "rotary club"),
        Some(EntityType::Organization),
        "{:?}",
        ex.entities
    );
    let ex = turn("I work at a New York bank.", "Odile", "Bram");
    assert_eq!(
        type_of(&ex, "new york"),
        Some(EntityType::Location),
        "{:?}",
        ex.entities
    );
}

#[test]
fn holidays_are_events() {
    // Diwali was a person, Christmas a place ("kerala LOCATED_IN christmas"), New Year's Eve
    // the thing "New".
    for (text, key) in [
        ("We celebrated Diwali with my parents.", "diwali"),
        ("We spent Christmas in Kerala.", "christmas"),
        ("We spent New Year's Eve in Edinburgh.", "new years eve"),
        ("Thanksgiving was great this year.", "thanksgiving"),
        ("Happy Valentine's Day!", "valentines day"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(
            type_of(&ex, key),
            Some(EntityType::Event),
            "{text}: {:?}",
            ex.entities
        );
        assert_no_greeting_entities(&ex);
    }
    let ex = turn("We spent Christmas in Kerala.", "Odile", "Bram");
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.object.as_str() == "christmas" && f.rel_type.as_str() == "LOCATED_IN"),
        "{:?}",
        ex.facts
    );
    // A place or a person named so stays one.
    let ex = turn("We visited Easter Island.", "Odile", "Bram");
    assert_eq!(type_of(&ex, "easter island"), Some(EntityType::Location));
    let ex = turn("Mr. Christmas spoke.", "Odile", "Bram");
    assert_eq!(type_of(&ex, "christmas"), Some(EntityType::Person));
    // Nor is a common noun opening a turn an occasion.
    let ex = turn("Festival was fun.", "Odile", "Bram");
    assert_eq!(type_of(&ex, "festival"), None, "{:?}", ex.entities);
}

#[test]
fn a_relatives_relative_or_animal_is_theirs() {
    // "My sister's husband works at Google" related the sister to Google.
    let ex = turn("My sister's husband works at Google.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odiles sister", "HUSBAND", "odiles sisters husband"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odiles sisters husband", "WORKS_AT", "google"),
        "{:?}",
        ex.facts
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "odiles sister" && f.object.as_str() == "google"),
        "{:?}",
        ex.facts
    );
    let ex = turn("My wife's brother Tom is visiting.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odiles wife", "BROTHER", "tom"),
        "{:?}",
        ex.facts
    );
    // "my sister's dog Peanut": the sister's dog (was "peanut SURGERY_ON odiles sister").
    let ex = turn(
        "my sister's dog Peanut just had surgery on his leg",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odiles sister", "DOG", "peanut"),
        "{:?}",
        ex.facts
    );
    let ex = turn("Anna's cat Luna hates the vet.", "Odile", "Bram");
    assert!(has_fact(&ex, "anna", "CAT", "luna"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "luna", "HATES", "vet"), "{:?}", ex.facts);
    // Step-relatives are relatives.
    let ex = turn("My stepdad Greg fixes old motorcycles.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "STEPDAD", "greg"), "{:?}", ex.facts);
}

#[test]
fn a_party_thrown_for_someone_is_for_them() {
    // "we threw him a party" gave odile THREW walter.
    let ex = turn(
        "My grandpa Walter turned 90 and we threw him a party.",
        "Odile",
        "Bram",
    );
    assert!(!has_fact(&ex, "odile", "THREW", "walter"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "odile", "THREW", "party"), "{:?}", ex.facts);
    let ex = turn("I threw the ball.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "THREW", "ball"), "{:?}", ex.facts);
}

#[test]
fn a_job_at_an_organisation_is_where_the_speaker_works() {
    let ex = turn(
        "I started a new job as a barista at Blue Bottle.",
        "Odile",
        "Bram",
    );
    assert_eq!(
        type_of(&ex, "blue bottle"),
        Some(EntityType::Organization),
        "{:?}",
        ex.entities
    );
    assert!(
        has_fact(&ex, "odile", "WORKS_AT", "blue bottle"),
        "{:?}",
        ex.facts
    );
    let ex = turn("Today is my first day at Deloitte.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "WORKS_AT", "deloitte"),
        "{:?}",
        ex.facts
    );
    // A job that was.
    for text in [
        "Yesterday was my last day at Deloitte.",
        "I lost my job at Deloitte.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            has_fact(&ex, "odile", "WORKED_AT", "deloitte"),
            "{text}: {:?}",
            ex.facts
        );
        assert!(
            !has_fact(&ex, "odile", "WORKS_AT", "deloitte"),
            "{text}: {:?}",
            ex.facts
        );
    }
    // Not someone else's job, a question, or a friend met there.
    for text in [
        "My sister got a job at Deloitte.",
        "Did you get the job at Deloitte?",
        "I met a friend at Blue Bottle.",
        // A job interview or one applied for is no job held (both gave WORKS_AT).
        "Tomorrow I have a job interview at Deloitte in Zurich.",
        "I applied for a job at Deloitte.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.facts
                .iter()
                .any(|f| f.subject.as_str() == "odile" && f.rel_type.as_str() == "WORKS_AT"),
            "{text}: {:?}",
            ex.facts
        );
    }
}

#[test]
fn a_name_called_after_a_firms_or_a_places_noun_is_one() {
    // "a running club called the Dawn Patrol" was a person; "the Boy Scouts" too.
    for (text, key, t) in [
        (
            "I joined a running club called the Dawn Patrol.",
            "dawn patrol",
            EntityType::Organization,
        ),
        (
            "We ate at a cafe named Blue Door.",
            "blue door",
            EntityType::Organization,
        ),
        (
            "We visited a village called Hallstatt.",
            "hallstatt",
            EntityType::Location,
        ),
        (
            "My son joined the Boy Scouts last month.",
            "boy scouts",
            EntityType::Organization,
        ),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert_eq!(type_of(&ex, key), Some(t), "{text}: {:?}", ex.entities);
    }
    // An animal's name stays a named thing, whatever it looks like.
    let ex = turn("We adopted a dog named Sydney.", "Odile", "Bram");
    assert_eq!(
        type_of(&ex, "sydney"),
        Some(EntityType::Other),
        "{:?}",
        ex.entities
    );
}

#[test]
fn what_a_possessive_owns_is_the_object_and_a_name_inside_a_thing_modifies_it() {
    // "I borrowed my sister's car" stated nothing of the car.
    let ex = turn("I borrowed my sister's car.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "BORROWED", "car"), "{:?}", ex.facts);
    assert!(
        !has_fact(&ex, "odile", "BORROWED", "odiles sister"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I met Anna's brother.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "MET", "annas brother"),
        "{:?}",
        ex.facts
    );
    // An event in a place: the speaker went there ("went to my cousin's wedding in Lagos").
    let ex = turn("We went to my cousin's wedding in Lagos.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "WENT_TO", "wedding"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "odile", "WENT_TO", "lagos"), "{:?}", ex.facts);
    // "a Bad Bunny concert in Miami" placed the singer in Miami.
    let ex = turn(
        "I went to a Bad Bunny concert in Miami last week.",
        "Odile",
        "Bram",
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "bad bunny" && f.object.as_str() == "miami"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "odile", "WENT_TO", "miami"), "{:?}", ex.facts);
    // A party is where it is held only for whoever went, not in general.
    let ex = turn("I'm hosting a party in Brooklyn.", "Odile", "Bram");
    assert!(
        !has_fact(&ex, "party", "LOCATED_IN", "brooklyn"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_life_event_to_come_is_stated_and_surprise_is_no_denial() {
    // "is getting married next month" stated nothing.
    let ex = turn("Anna is getting married next month.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "anna", "GETTING", "married"),
        "{:?}",
        ex.facts
    );
    // "I can't believe ..." says it is so; "I don't believe ..." that it is not.
    let ex = turn(
        "I can't believe my baby brother is getting married next weekend!",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odiles baby brother", "GETTING", "married"),
        "{:?}",
        ex.facts
    );
    let ex = turn("I can't believe Anna moved to Oslo.", "Odile", "Bram");
    assert!(has_fact(&ex, "anna", "MOVED_TO", "oslo"), "{:?}", ex.facts);
    for text in [
        "I don't believe Anna moved to Oslo.",
        "I never thought Anna would move to Oslo.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !has_fact(&ex, "anna", "MOVED_TO", "oslo"),
            "{text}: {:?}",
            ex.facts
        );
    }
}

#[test]
fn a_pet_named_by_a_common_word_and_i_as_no_object() {
    // "My dog Pretzel" made a Concept "dog Pretzel", a food.
    let ex = turn(
        "My dog Pretzel is afraid of thunderstorms.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "odile", "DOG", "pretzel"), "{:?}", ex.facts);
    assert_eq!(type_of(&ex, "pretzel"), Some(EntityType::Other));
    let ex = turn("Our cat Mango loves the sun.", "Odile", "Bram");
    assert!(has_fact(&ex, "mango", "LOVES", "sun"), "{:?}", ex.facts);
    // "the house I grew up in": the speaker was built by no one.
    let ex = turn(
        "My grandfather built the house I grew up in.",
        "Odile",
        "Bram",
    );
    assert!(
        has_fact(&ex, "odiles grandfather", "BUILT", "house"),
        "{:?}",
        ex.facts
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.object.as_str() == "odile" && f.rel_type.as_str() == "BUILT"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn two_joined_people_doing_something_together_are_related() {
    // "Tom and I broke up" stated nothing; "Daniel and I have been dating" gave DOES dating.
    for (text, s, r, o) in [
        (
            "Tom and I broke up last month.",
            "odile",
            "BROKE_UP_WITH",
            "tom",
        ),
        (
            "Daniel and I have been dating for three months.",
            "odile",
            "DATING",
            "daniel",
        ),
        ("Anna and I met in college.", "odile", "MET", "anna"),
        (
            "Hannah and Luuk are getting married in June.",
            "hannah",
            "GETTING_MARRIED_TO",
            "luuk",
        ),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(has_fact(&ex, s, r, o), "{text}: {:?}", ex.facts);
    }
    let ex = turn("Daniel and I have been dating.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "DOES"),
        "{:?}",
        ex.facts
    );
    // What the two did to a third stays each one's.
    let ex = turn("Anna and I met Tom yesterday.", "Odile", "Bram");
    assert!(has_fact(&ex, "anna", "MET", "tom"), "{:?}", ex.facts);
    assert!(!has_fact(&ex, "odile", "MET", "anna"), "{:?}", ex.facts);
}

#[test]
fn a_possessive_pronoun_is_whose_the_thing_is_not_the_object() {
    // "a party at her house" gave odile PARTY_AT odiles grandma.
    let ex = turn(
        "My grandma turned 90 on Sunday and we had a party at her house.",
        "Odile",
        "Bram",
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "odile" && f.rel_type.as_str() == "PARTY_AT"),
        "{:?}",
        ex.facts
    );
    // "her" as an object is the person.
    let ex = turn("My sister moved. I visited her in Oslo.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "VISITED", "odiles sister"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn where_ones_journey_goes_is_where_one_travels() {
    // Iceland and Rome were orphans.
    for (text, s, r, o) in [
        (
            "Our trip to Iceland is in three weeks.",
            "odile",
            "TRIP_TO",
            "iceland",
        ),
        (
            "My flight to Rome got cancelled.",
            "odile",
            "FLIGHT_TO",
            "rome",
        ),
        ("Your visit to Oslo sounds fun!", "bram", "VISIT_TO", "oslo"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(has_fact(&ex, s, r, o), "{text}: {:?}", ex.facts);
    }
    // Not a thing that is no journey ("my letter to Anna").
    let ex = turn("My letter to Oslo arrived.", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.rel_type.as_str() == "LETTER_TO"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn an_apposition_naming_the_object_names_it() {
    // "a puppy, a beagle named Biscuit": Biscuit was a person related to nothing.
    let ex = turn("We got a puppy, a beagle named Biscuit.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "GOT", "biscuit"), "{:?}", ex.facts);
    assert!(has_fact(&ex, "biscuit", "IS_A", "beagle"), "{:?}", ex.facts);
    let ex = turn(
        "We adopted a kitten, a tabby called Miso, last week.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "odile", "ADOPTED", "miso"), "{:?}", ex.facts);
    // An apposition naming nothing leaves the object.
    let ex = turn("I bought a car, a red one.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "BOUGHT", "car"), "{:?}", ex.facts);
}
