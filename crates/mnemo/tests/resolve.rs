//! Store-side entity resolution: names in new text that refer to stored entities (a surname, a
//! title plus surname, a stored alias) reuse the stored key; ambiguity and type clashes never merge.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use mnemo::core::{EntityInput, EntityType, FactInput, NeighbourhoodQuery};
use mnemo::{
    Entity, EntityKey, ExtractContext, Extractor, Mnemo, MnemoOptions, RememberOptions,
    RuleExtractor, Tenant,
};
use mnemo_extract::{ExtractError, Extraction};
use mnemo_store::EmbeddedStore;

fn memory(extractor: Arc<dyn Extractor>) -> Mnemo {
    Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        extractor,
        Tenant::new("resolve-tests").unwrap(),
        MnemoOptions::default(),
    )
}

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).unwrap()
}

async fn entity(m: &Mnemo, name: &str) -> Option<Entity> {
    m.store()
        .get_entities(m.tenant(), &[key(name)])
        .await
        .unwrap()
        .into_iter()
        .next()
}

/// Options of a turn said by `who`.
fn said_by(who: &str) -> RememberOptions {
    RememberOptions {
        speaker: Some(who.to_string()),
        ..RememberOptions::default()
    }
}

async fn remember(m: &Mnemo, text: &str) {
    m.remember(text, &RememberOptions::default()).await.unwrap();
}

/// Returns fixed extractions by text, so that a test controls names and types exactly.
#[derive(Debug, Default)]
struct Fixed(HashMap<String, Extraction>);

impl Fixed {
    fn with(mut self, text: &str, entities: &[(&str, EntityType, &[&str])]) -> Self {
        let entities: Vec<EntityInput> = entities
            .iter()
            .map(|(n, t, aliases)| EntityInput {
                aliases: aliases.iter().map(|a| a.to_string()).collect(),
                ..EntityInput::named(n, *t).unwrap()
            })
            .collect();
        let facts = entities
            .windows(2)
            .map(|w| FactInput::new(w[0].key.clone(), "knows", w[1].key.clone(), 0.9))
            .collect();
        self.0
            .insert(text.to_string(), Extraction { entities, facts });
        self
    }
}

#[async_trait]
impl Extractor for Fixed {
    fn name(&self) -> &'static str {
        "fixed"
    }

    async fn extract(&self, text: &str, _: &ExtractContext) -> Result<Extraction, ExtractError> {
        Ok(self.0.get(text).cloned().unwrap_or_default())
    }
}

#[tokio::test]
async fn a_surname_and_a_titled_surname_resolve_to_the_one_stored_person() {
    let m = memory(Arc::new(RuleExtractor));
    remember(&m, "Willi Schneider is a skeleton racer from Germany.").await;
    remember(&m, "Mr. Schneider won the race in Calgary.").await;
    remember(&m, "Schneider said the track was fast.").await;

    assert!(
        entity(&m, "Schneider").await.is_none(),
        "no separate Schneider"
    );
    let willi = entity(&m, "Willi Schneider").await.unwrap();
    assert_eq!(willi.entity_type, EntityType::Person);
    assert_eq!(willi.mentions, 3, "all three texts mention him");
    assert!(willi.aliases.iter().any(|a| a == "Schneider"), "{willi:?}");
    assert!(
        willi.aliases.iter().any(|a| a == "Mr. Schneider"),
        "{willi:?}"
    );
    // The fact of the second text hangs on the stored person.
    let sub = m
        .store()
        .neighbourhood(
            m.tenant(),
            &NeighbourhoodQuery::new(vec![willi.key.clone()]),
        )
        .await
        .unwrap();
    assert!(
        sub.facts
            .iter()
            .any(|f| f.subject == willi.key && f.object == key("Calgary")),
        "{:?}",
        sub.facts
    );
}

#[tokio::test]
async fn two_stored_people_with_the_surname_are_never_merged() {
    let fixed = Fixed::default()
        .with(
            "one",
            &[
                ("Willi Schneider", EntityType::Person, &[]),
                ("Anna Schneider", EntityType::Person, &[]),
            ],
        )
        .with(
            "two",
            &[("Schneider", EntityType::Person, &["Mr. Schneider"])],
        );
    let m = memory(Arc::new(fixed));
    remember(&m, "one").await;
    remember(&m, "two").await;

    let alone = entity(&m, "Schneider").await.expect("kept apart");
    assert_eq!(alone.entity_type, EntityType::Person);
    for full in ["Willi Schneider", "Anna Schneider"] {
        let e = entity(&m, full).await.unwrap();
        assert_eq!(e.mentions, 1, "{e:?}");
        assert!(e.aliases.is_empty(), "{e:?}");
    }
}

#[tokio::test]
async fn a_place_named_like_a_stored_person_stays_a_place() {
    let m = memory(Arc::new(RuleExtractor));
    remember(&m, "Sofia Marin manages the Orion project.").await;
    remember(&m, "Last week Tom flew to Sofia for a conference.").await;

    let person = entity(&m, "Sofia Marin").await.unwrap();
    assert_eq!(person.entity_type, EntityType::Person);
    assert_eq!(person.mentions, 1, "{person:?}");
    let place = entity(&m, "Sofia")
        .await
        .expect("the city is its own entity");
    assert_eq!(place.entity_type, EntityType::Location);

    // The same with exact control of the types: a stored alias of another type never merges.
    let fixed = Fixed::default()
        .with(
            "one",
            &[("Jordan Peterson", EntityType::Person, &["Jordan"])],
        )
        .with("two", &[("Jordan", EntityType::Location, &[])]);
    let m = memory(Arc::new(fixed));
    remember(&m, "one").await;
    remember(&m, "two").await;
    let place = entity(&m, "Jordan").await.expect("kept apart");
    assert_eq!(place.entity_type, EntityType::Location);
    assert_eq!(entity(&m, "Jordan Peterson").await.unwrap().mentions, 1);
}

#[tokio::test]
async fn a_stored_alias_maps_onto_its_entity_and_facts_follow() {
    let fixed = Fixed::default()
        .with(
            "one",
            &[(
                "International Business Machines",
                EntityType::Organization,
                &["Big Blue"],
            )],
        )
        .with(
            "two",
            &[
                ("Big Blue", EntityType::Organization, &[]),
                ("Laura Chen", EntityType::Person, &[]),
            ],
        );
    let m = memory(Arc::new(fixed));
    remember(&m, "one").await;
    remember(&m, "two").await;

    assert!(entity(&m, "Big Blue").await.is_none());
    let ibm = entity(&m, "International Business Machines").await.unwrap();
    assert_eq!(ibm.mentions, 2);
    let sub = m
        .store()
        .neighbourhood(m.tenant(), &NeighbourhoodQuery::new(vec![ibm.key.clone()]))
        .await
        .unwrap();
    assert!(sub
        .facts
        .iter()
        .any(|f| f.subject == ibm.key && f.object == key("Laura Chen")));
}

#[tokio::test]
async fn pronouns_never_become_entities() {
    let m = memory(Arc::new(RuleExtractor));
    remember(&m, "Willi Schneider lives in Berlin. He loves skiing.").await;
    remember(&m, "He said that she and I would meet them there.").await;
    for p in ["he", "she", "i", "them", "they", "me", "my"] {
        assert!(entity(&m, p).await.is_none(), "{p} became an entity");
    }
    assert_eq!(
        entity(&m, "Willi Schneider").await.unwrap().entity_type,
        EntityType::Person
    );
}

#[tokio::test]
async fn short_forms_of_a_first_name_resolve_to_the_one_stored_person() {
    let m = memory(Arc::new(RuleExtractor));
    m.remember(
        "I finally signed up for a pottery class.",
        &said_by("Melanie"),
    )
    .await
    .unwrap();
    m.remember("William Hart fixed my bike.", &said_by("Caroline"))
        .await
        .unwrap();
    // No listener given: "Mel" is found among the tenant's people, "Bill" by its usual long form.
    m.remember("Thanks, Mel! Bill Hart says hi.", &said_by("Caroline"))
        .await
        .unwrap();
    m.remember("Hey Mel!", &said_by("Caroline")).await.unwrap();
    assert!(
        entity(&m, "Mel").await.is_none(),
        "Mel became its own entity"
    );
    let melanie = entity(&m, "Melanie").await.unwrap();
    assert!(melanie.aliases.iter().any(|a| a == "Mel"), "{melanie:?}");

    let hart = entity(&m, "William Hart").await.unwrap();
    assert!(hart.aliases.iter().any(|a| a == "Bill Hart"), "{hart:?}");
    assert!(entity(&m, "Bill Hart").await.is_none());
    m.remember("Bill lent me a ladder.", &said_by("Caroline"))
        .await
        .unwrap();
    assert!(entity(&m, "Bill").await.is_none());

    // Two people it could be: no merge.
    let m = memory(Arc::new(RuleExtractor));
    m.remember("I love jazz.", &said_by("Melanie"))
        .await
        .unwrap();
    m.remember("I love blues.", &said_by("Melinda"))
        .await
        .unwrap();
    m.remember("See you, Mel.", &said_by("Caroline"))
        .await
        .unwrap();
    assert!(
        entity(&m, "Mel").await.is_some(),
        "ambiguous short forms stay apart"
    );

    // A given name of its own is someone else, however much Maxine is mentioned.
    let m = memory(Arc::new(RuleExtractor));
    for _ in 0..3 {
        m.remember("I went hiking again.", &said_by("Maxine"))
            .await
            .unwrap();
    }
    m.remember("Max said hello to us.", &said_by("Caroline"))
        .await
        .unwrap();
    let maxine = entity(&m, "Maxine").await.unwrap();
    assert!(
        !maxine.aliases.iter().any(|a| a == "Max"),
        "Max is not Maxine: {maxine:?}"
    );
    assert!(entity(&m, "Max").await.is_some(), "Max is his own entity");
}

/// A conversation's first turn greets "Mel" before Melanie has said anything: that "Mel" is stored
/// as its own person. Once Melanie is known and mentioned more, a later "Mel" is Melanie.
#[tokio::test]
async fn a_short_form_stored_before_the_full_name_gives_way_to_it() {
    let m = memory(Arc::new(RuleExtractor));
    m.remember("Hey Mel! Good to see you!", &said_by("Caroline"))
        .await
        .unwrap();
    let early = entity(&m, "Mel").await.expect("Mel is stored first");
    for text in [
        "I signed up for a pottery class.",
        "I took my kids to the museum.",
    ] {
        m.remember(text, &said_by("Melanie")).await.unwrap();
    }
    m.remember("Thanks, Mel! That means a lot.", &said_by("Caroline"))
        .await
        .unwrap();
    let mel = entity(&m, "Mel").await.unwrap();
    assert_eq!(
        mel.mentions, early.mentions,
        "later Mels went to Mel: {mel:?}"
    );
    let melanie = entity(&m, "Melanie").await.unwrap();
    assert!(melanie.aliases.iter().any(|a| a == "Mel"), "{melanie:?}");

    // A name typed once with the same prefix ("Mell") does not make "Mel" ambiguous; "Melanie's
    // kids" names no one called Melanie.
    m.remember(
        "Say hi to Mell and Melanie's kids for me.",
        &said_by("Caroline"),
    )
    .await
    .unwrap();
    for day in 1..=10 {
        let text = format!("I painted a sunrise on day {day}.");
        m.remember(&text, &said_by("Melanie")).await.unwrap();
    }
    assert!(entity(&m, "Mell").await.is_some());
    m.remember("Thanks again, Mel!", &said_by("Caroline"))
        .await
        .unwrap();
    assert_eq!(entity(&m, "Mel").await.unwrap().mentions, early.mentions);

    // While the stored short form is mentioned as often, it stays itself.
    let m = memory(Arc::new(RuleExtractor));
    for text in ["Hey Mel!", "Thanks, Mel!", "See you, Mel."] {
        m.remember(text, &said_by("Caroline")).await.unwrap();
    }
    m.remember("I signed up for a pottery class.", &said_by("Melanie"))
        .await
        .unwrap();
    m.remember("Bye, Mel!", &said_by("Caroline")).await.unwrap();
    assert_eq!(entity(&m, "Mel").await.unwrap().mentions, 4);
}
