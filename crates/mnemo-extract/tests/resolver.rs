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
fn a_surname_or_a_firms_first_word_alone_is_the_name_said_before() {
    // "Nair serves as CEO" named no one: the tagger missed the surname opening a sentence.
    let ex = RuleExtractor.extract_sync(
        "Zorvex Robotics was founded by Priya Nair. Nair serves as chief executive. Zorvex opened \
         an office in Oslo.",
        &ExtractContext::default(),
    );
    assert_valid(&ex);
    let nair = ex.entities.iter().find(|e| e.key.as_str() == "priya nair");
    assert!(
        nair.is_some_and(|e| e.aliases.iter().any(|a| a == "Nair")),
        "{:?}",
        ex.entities
    );
    let firm = ex
        .entities
        .iter()
        .find(|e| e.key.as_str() == "zorvex robotics");
    assert!(
        firm.is_some_and(|e| e.aliases.iter().any(|a| a == "Zorvex")),
        "{:?}",
        ex.entities
    );
    assert!(
        !ex.entities.iter().any(|e| e.key.as_str() == "zorvex"),
        "{:?}",
        ex.entities
    );
}

#[test]
fn a_surname_that_is_a_word_is_the_name_before_a_verb_only() {
    let ex = RuleExtractor.extract_sync(
        "Zorvex Media hired Larissa Page in 2019. Page served as chief executive until 2023.",
        &ExtractContext::default(),
    );
    let page = ex
        .entities
        .iter()
        .find(|e| e.key.as_str() == "larissa page");
    assert!(
        page.is_some_and(|e| e.aliases.iter().any(|a| a == "Page")),
        "{:?}",
        ex.entities
    );
    // Not a word of the sentence: "Green energy" is no person.
    let ex = RuleExtractor.extract_sync(
        "Sarah Green joined Zorvex Media. Green energy is growing fast.",
        &ExtractContext::default(),
    );
    let green = ex.entities.iter().find(|e| e.key.as_str() == "sarah green");
    assert!(
        green.is_some_and(|e| e.aliases.is_empty()),
        "{:?}",
        ex.entities
    );
}

#[test]
fn the_company_is_the_one_organisation_named_before() {
    let facts = |text: &str| {
        RuleExtractor
            .extract_sync(text, &ExtractContext::default())
            .facts
            .iter()
            .map(|f| (f.subject.to_string(), f.object.to_string()))
            .collect::<Vec<_>>()
    };
    let f = facts("Zorvex Robotics reported strong sales. The company is based in Austin.");
    assert!(
        f.contains(&("zorvex robotics".to_string(), "austin".to_string())),
        "{f:?}"
    );
    // In conversation "the company" is mostly one never named: a thing of its own.
    let ex = RuleExtractor.extract_sync(
        "I just joined the company last month.",
        &ExtractContext::with_speaker("Odile"),
    );
    assert!(
        ex.facts
            .iter()
            .any(|f| f.rel_type.as_str() == "JOINED" && f.object.as_str() == "company"),
        "{:?}",
        ex.facts
    );
    // Two firms before it, or two joined: which one is meant is not known.
    let f = facts("Zorvex Robotics sued Initech Inc. The company is based in Austin.");
    assert!(!f.iter().any(|(_, o)| o == "austin"), "{f:?}");
    let f = facts(
        "Zorvex Robotics and Quillon Data merged in 2020. The company is headquartered in Austin.",
    );
    assert!(!f.iter().any(|(_, o)| o == "austin"), "{f:?}");
    // A word that is both a person's surname and a firm's first word is neither alone.
    let ex = RuleExtractor.extract_sync(
        "Carvell Logistics was founded by Amy Carvell in 2004. Carvell also chairs the Texas \
         Trucking Association.",
        &ExtractContext::default(),
    );
    assert!(
        !ex.entities
            .iter()
            .any(|e| e.key.as_str() == "carvell" && e.entity_type == EntityType::Organization),
        "{:?}",
        ex.entities
    );
    // A passive's agent after a time: the founders founded it.
    for text in [
        "Zorvex Robotics was founded in 2015 by Priya Nair.",
        "Zorvex Robotics had been founded in 1975 by Priya Nair in Perth.",
    ] {
        let f = facts(text);
        assert!(
            f.contains(&("priya nair".to_string(), "zorvex robotics".to_string())),
            "{text}: {f:?}"
        );
    }
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

#[test]
fn it_opening_a_sentence_is_what_the_sentence_before_opened_with() {
    let facts = |text: &str| {
        RuleExtractor
            .extract_sync(text, &ExtractContext::default())
            .facts
            .iter()
            .map(|f| (f.subject.to_string(), f.object.to_string()))
            .collect::<Vec<_>>()
    };
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let f = facts("Zorvex Robotics is a robot maker. It is based in Austin.");
    assert!(f.contains(&pair("zorvex robotics", "austin")), "{f:?}");
    // A chain of sentences opening with "It" is about the first's subject.
    let f =
        facts("Bavaria is a state in Germany. It borders Austria. It borders the Czech Republic.");
    assert!(f.contains(&pair("bavaria", "austria")), "{f:?}");
    assert!(f.contains(&pair("bavaria", "czech republic")), "{f:?}");
    // Not a name inside the sentence before, nor a person.
    let f = facts("The village lies in Poland. It borders Lithuania.");
    assert!(!f.contains(&pair("poland", "lithuania")), "{f:?}");
    let f = facts("Anna Berg is a chemist. It is based in Austin.");
    assert!(!f.iter().any(|(_, o)| o == "austin"), "{f:?}");
    // In conversation "it" is mostly a thing never named.
    let ex = RuleExtractor.extract_sync(
        "Zorvex Robotics hired me. It is based in Austin.",
        &ExtractContext::with_speaker("Odile"),
    );
    assert!(
        !ex.facts
            .iter()
            .any(|f| f.subject.as_str() == "zorvex robotics" && f.object.as_str() == "austin"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn a_firm_beside_its_founders_full_name_is_the_firm() {
    // "Ferrari was founded by Enzo Ferrari": the firm was an alias of the founder.
    let ex = RuleExtractor.extract_sync(
        "Zorvex was founded by Priya Zorvex in 1939.",
        &ExtractContext::default(),
    );
    assert_valid(&ex);
    let firm = ex.entities.iter().find(|e| e.key.as_str() == "zorvex");
    assert_eq!(
        firm.map(|e| e.entity_type),
        Some(EntityType::Organization),
        "{:?}",
        ex.entities
    );
    assert!(
        ex.facts.iter().any(|f| f.subject.as_str() == "priya zorvex"
            && f.rel_type.as_str() == "FOUNDED"
            && f.object.as_str() == "zorvex"),
        "{:?}",
        ex.facts
    );
    // A surname alone in another sentence is still the person's.
    let ex = RuleExtractor.extract_sync(
        "Willi Schneider was born in Berlin. Schneider won the race.",
        &ExtractContext::default(),
    );
    assert!(
        ex.entities
            .iter()
            .any(|e| e.key.as_str() == "willi schneider"
                && e.aliases.iter().any(|a| a == "Schneider")),
        "{:?}",
        ex.entities
    );
}
