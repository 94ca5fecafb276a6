//! Resolution across mentions and against known names, and the async `Extractor` seam.

mod common;

use common::assert_valid;
use mnemo_core::EntityType;
use mnemo_extract::{ExtractContext, Extractor, Resolver, RuleExtractor};

#[test]
fn surname_and_title_forms_join_the_full_name() {
    let ex = RuleExtractor.extract_sync(
        "Mr. Schneider arrived first. Willi Schneider was born in Berlin. Schneider won.",
        &ExtractContext::default(),
    );
    assert_valid(&ex);
    let people: Vec<_> = ex
        .entities
        .iter()
        .filter(|e| e.entity_type == EntityType::Person)
        .collect();
    assert_eq!(people.len(), 1, "{people:?}");
    assert_eq!(people[0].key.as_str(), "willi schneider");
    assert!(people[0].aliases.iter().any(|a| a == "Schneider"));
}

#[test]
fn known_names_from_the_store_take_precedence() {
    let resolver = Resolver::new().with_known([
        ("Willi Schneider", EntityType::Person),
        ("Siemens AG", EntityType::Organization),
    ]);
    let analysis = RuleExtractor.analyse(
        "Schneider met reporters in Munich.",
        &ExtractContext::default(),
        &resolver,
    );
    assert_valid(&analysis.extraction);
    let keys: Vec<&str> = analysis
        .extraction
        .entities
        .iter()
        .map(|e| e.key.as_str())
        .collect();
    assert!(keys.contains(&"willi schneider"), "{keys:?}");
    assert!(!keys.contains(&"schneider"), "{keys:?}");
}

#[test]
fn ambiguous_surnames_stay_apart() {
    let resolver = Resolver::new().with_known([
        ("Anna Schneider", EntityType::Person),
        ("Willi Schneider", EntityType::Person),
    ]);
    let analysis = RuleExtractor.analyse("Schneider won.", &ExtractContext::default(), &resolver);
    let keys: Vec<&str> = analysis
        .extraction
        .entities
        .iter()
        .map(|e| e.key.as_str())
        .collect();
    assert!(
        !keys.contains(&"willi schneider") && !keys.contains(&"anna schneider"),
        "{keys:?}"
    );
}

#[test]
fn pronouns_without_a_single_recent_person_are_dropped() {
    let ex = RuleExtractor.extract_sync(
        "John Smith met Peter Brown. He moved to Boston.",
        &ExtractContext::default(),
    );
    assert_valid(&ex);
    // Two candidates: "He" is not resolved, so nobody moved to Boston.
    assert!(
        ex.facts.iter().all(|f| f.object.as_str() != "boston"),
        "{:?}",
        ex.facts
    );
}

#[tokio::test]
async fn the_trait_object_extracts_like_the_sync_call() {
    let ex: std::sync::Arc<dyn Extractor> = std::sync::Arc::new(RuleExtractor);
    let ctx = ExtractContext::with_speaker("user");
    let text = "I work at Acme.";
    let got = ex.extract(text, &ctx).await.expect("rules never fail");
    assert_eq!(got, RuleExtractor.extract_sync(text, &ctx));
    assert_eq!(ex.name(), "rules");
    assert!(got
        .facts
        .iter()
        .any(|f| f.subject.as_str() == "user" && f.object.as_str() == "acme"));
}
