//! `search` for a kind of thing: "Which cities has Jon visited?" finds the turns where Jon names
//! Rome and Paris, though none of them says "city" or "visited"; what others said of those places,
//! a concept that only shares a city's name, and a person do not count.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{EntityInput, EntityType, EpisodeWrite, Tenant, Timestamp};
use mnemo_memory::{search, SearchConfig, SearchResult};
use mnemo_store::EmbeddedStore;

mod common;
use common::{chat_turn, stored};

fn start() -> Timestamp {
    Utc.with_ymd_and_hms(2025, 5, 2, 9, 0, 0)
        .single()
        .expect("valid date")
}

/// Turn `i` of session "s1", said by `speaker`, naming the speaker and `things` (name, type).
fn turn(i: i64, speaker: &str, text: &str, things: &[(&str, EntityType)]) -> EpisodeWrite {
    let mut entities = vec![EntityInput::named(speaker, EntityType::Person).expect("entity")];
    for (name, ty) in things {
        entities.push(EntityInput::named(name, *ty).expect("entity"));
    }
    chat_turn(i, start() + Duration::minutes(i), speaker, text, entities)
}

async fn travels() -> (EmbeddedStore, Tenant) {
    use EntityType::*;
    let turns = vec![
        turn(
            0,
            "Jon",
            "Took a short trip last week to Rome to clear my mind.",
            &[("Rome", Location)],
        ),
        turn(
            1,
            "Gina",
            "I have visited so many cities for my shop, Rome twice.",
            &[("Rome", Location)],
        ),
        turn(
            2,
            "Jon",
            "The cities I visited for the studio search all felt too expensive.",
            &[],
        ),
        turn(
            3,
            "Gina",
            "Which cities has your crew visited on tour?",
            &[],
        ),
        turn(
            4,
            "Jon",
            "Nice one! The crew has visited every dance hall downtown.",
            &[("Nice", Concept)],
        ),
        turn(
            5,
            "Jon",
            "My cousin Florence visited the studio yesterday.",
            &[("Florence", Person)],
        ),
        turn(
            6,
            "Gina",
            "Paris is on my list for the spring collection.",
            &[("Paris", Location)],
        ),
        turn(
            7,
            "Jon",
            "Paris in April was magical, the light on the river!",
            &[("Paris", Location)],
        ),
        turn(
            8,
            "Gina",
            "Has Jon visited the new fabric market yet?",
            &[("Jon", Person)],
        ),
        turn(
            9,
            "Jon",
            "Not yet, I visited the bank about the loan instead.",
            &[],
        ),
    ];
    stored(turns).await
}

async fn ask(store: &EmbeddedStore, tenant: &Tenant, query: &str) -> SearchResult {
    search(
        store,
        tenant,
        query,
        &SearchConfig::default(),
        &[],
        start() + Duration::days(1),
    )
    .await
    .expect("search")
}

/// The cited episodes, best first, each once.
fn cited(r: &SearchResult) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in &r.provenance {
        if !out.contains(&p.episode_id) {
            out.push(p.episode_id.clone());
        }
    }
    out
}

#[tokio::test]
async fn a_question_for_a_kind_finds_the_persons_things_of_that_kind() {
    let (store, tenant) = travels().await;
    let ids = cited(&ask(&store, &tenant, "Which cities has Jon visited?").await);
    let rank = |id: &str| ids.iter().position(|x| x == id).unwrap_or(usize::MAX);
    // Jon's Rome and Paris turns are among the first three, though turns saying "cities" and
    // "visited" compete; Rome's turn says neither word.
    assert!(rank("t0") < 3 && rank("t7") < 3, "cited {ids:?}");
    // Gina's Rome and Paris, Jon's "Nice one!" (a concept) and his cousin Florence (a person)
    // come after both.
    for other in ["t1", "t4", "t5", "t6"] {
        assert!(
            rank(other) > rank("t0").max(rank("t7")),
            "{other} ranked {} in {ids:?}",
            rank(other)
        );
    }
}

#[tokio::test]
async fn a_singular_question_asks_for_no_kind() {
    let (store, tenant) = travels().await;
    // "Which city" asks for one thing: the words decide, and Rome's turn has none of them.
    let ids = cited(&ask(&store, &tenant, "Which city has Jon visited?").await);
    assert!(
        ids.iter().position(|x| x == "t0").is_none_or(|r| r >= 3),
        "cited {ids:?}"
    );
}

#[tokio::test]
async fn the_kind_is_the_sense_under_which_the_memory_holds_things() {
    use EntityType::*;
    // WordNet's first "instrument" is a device needing skill (a microscope), its sixth the musical
    // one; this memory holds two musical instruments and one microscope.
    let turns = vec![
        turn(
            0,
            "Jon",
            "I play clarinet in a small band on Fridays.",
            &[("clarinet", Concept)],
        ),
        turn(1, "Gina", "Which instruments should my son try first?", &[]),
        turn(
            2,
            "Jon",
            "My new microscope arrived, the lab is complete.",
            &[("microscope", Concept)],
        ),
        turn(
            3,
            "Gina",
            "Instruments are expensive, my son plays drums on pots.",
            &[],
        ),
        turn(
            4,
            "Jon",
            "The violin my grandfather left me still sounds warm.",
            &[("violin", Concept)],
        ),
        turn(5, "Gina", "I play nothing, but I sing in the car.", &[]),
    ];
    let (store, tenant) = stored(turns).await;
    let ids = cited(&ask(&store, &tenant, "What instruments does Jon play?").await);
    let rank = |id: &str| ids.iter().position(|x| x == id).unwrap_or(usize::MAX);
    // The clarinet and the violin lead; the microscope (the first sense's) comes after both.
    assert!(rank("t0") < 2 && rank("t4") < 2, "cited {ids:?}");
    assert!(rank("t2") > 1, "cited {ids:?}");
}

/// A note of the default tenant (no speaker, no session) naming `things`.
fn note(i: i64, text: &str, things: &[(&str, EntityType)]) -> EpisodeWrite {
    let mut w = turn(i, "x", text, things);
    w.entities.remove(0);
    w.episode.speaker = None;
    w.episode.session = None;
    w.episode.source = "notes".into();
    w
}

#[tokio::test]
async fn without_a_named_person_the_kind_counts_in_texts_matching_the_question() {
    use EntityType::*;
    let notes = vec![
        note(
            0,
            "The Harvest Fair was held in Lyon, drawing crowds from the whole valley.",
            &[("Harvest Fair", Event), ("Lyon", Location)],
        ),
        note(1, "Paris is large and expensive.", &[("Paris", Location)]),
        note(
            2,
            "The Harvest Fair is held every year in the old mill.",
            &[("Harvest Fair", Event)],
        ),
        note(3, "Rome has wonderful food.", &[("Rome", Location)]),
    ];
    let (store, tenant) = stored(notes).await;
    let ids = cited(
        &ask(
            &store,
            &tenant,
            "Which cities has the Harvest Fair been held in?",
        )
        .await,
    );
    let rank = |id: &str| ids.iter().position(|x| x == id).unwrap_or(usize::MAX);
    // Lyon's fair leads; Paris and Rome, cities in texts that say nothing of the fair, come after
    // the fair's text that names no city (if at all).
    assert_eq!(rank("t0"), 0, "cited {ids:?}");
    assert!(
        rank("t1") > rank("t2") && rank("t3") > rank("t2"),
        "cited {ids:?}"
    );
}

#[tokio::test]
async fn things_named_as_a_kind_of_the_asked_noun_count() {
    use EntityType::*;
    // WordNet lists no aerial or kundalini yoga, nor a dog shelter: the memory's names ending
    // with the asked noun are its kinds.
    let turns = vec![
        turn(
            0,
            "Ada",
            "Just started doing aerial yoga, it's great.",
            &[("aerial yoga", Concept)],
        ),
        turn(
            1,
            "Ben",
            "What types of yoga have you practiced? I practiced hot yoga.",
            &[("hot yoga", Concept)],
        ),
        turn(
            2,
            "Ada",
            "I practiced scales for hours on the piano.",
            &[("scales", Concept)],
        ),
        turn(
            3,
            "Ada",
            "Trying kundalini now, kundalini yoga is slow and calm.",
            &[("kundalini yoga", Concept)],
        ),
        turn(
            4,
            "Ada",
            "Helped at the dog shelter on Sunday morning.",
            &[("dog shelter", Concept)],
        ),
        turn(
            5,
            "Ben",
            "Shelters need volunteers, do you volunteer anywhere?",
            &[],
        ),
        turn(
            6,
            "Ada",
            "The yoga mat arrived, types of practice vary a lot.",
            &[("yoga mat", Concept)],
        ),
    ];
    let (store, tenant) = stored(turns).await;
    let ids = cited(&ask(&store, &tenant, "What types of yoga has Ada practiced?").await);
    let rank = |id: &str| ids.iter().position(|x| x == id).unwrap_or(usize::MAX);
    // Ada's aerial and kundalini yoga lead, before the turns sharing more of the question's words
    // (Ben's question and hot yoga, Ada's scales, her yoga mat: no kind of yoga).
    assert!(rank("t0") < 2 && rank("t3") < 2, "cited {ids:?}");
    let ids = cited(&ask(&store, &tenant, "What shelters does Ada volunteer at?").await);
    assert_eq!(ids.first().map(String::as_str), Some("t4"), "cited {ids:?}");
}
