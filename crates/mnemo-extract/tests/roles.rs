//! Roles: "X became CEO of Y", "X is the chairman of Y", "X stepped down as chief executive of Y"
//! relate the person to the organisation by the role, a role word alone or before "of" is no name,
//! and a role after a name makes it a person's.

use mnemo_core::EntityType;
use mnemo_extract::{ExtractContext, RuleExtractor};

/// A fact as (subject key, relationship type, object key).
type Triple = (String, String, String);

/// The facts of `text`, and its entities with their types.
fn extract(text: &str) -> (Vec<Triple>, Vec<(String, EntityType)>) {
    let ex = RuleExtractor.extract_sync(text, &ExtractContext::default());
    let facts = ex
        .facts
        .iter()
        .map(|f| {
            (
                f.subject.to_string(),
                f.rel_type.to_string(),
                f.object.to_string(),
            )
        })
        .collect();
    let entities = ex
        .entities
        .into_iter()
        .map(|e| (e.name, e.entity_type))
        .collect();
    (facts, entities)
}

#[test]
fn a_role_between_a_person_and_an_organisation_is_the_predicate() {
    for (text, rel) in [
        ("Nadia Okafor is the CEO of Brightwater Foods.", "CEO_OF"),
        (
            "Nadia Okafor became CEO of Brightwater Foods.",
            "BECAME_CEO_OF",
        ),
        (
            "Nadia Okafor was named CEO of Brightwater Foods.",
            "NAMED_CEO_OF",
        ),
        (
            "Nadia Okafor stepped down as CEO of Brightwater Foods.",
            "STEPPED_DOWN_AS_CEO_OF",
        ),
        (
            "Nadia Okafor resigned as chief executive of Brightwater Foods.",
            "RESIGNED_AS_CEO_OF",
        ),
        (
            "Nadia Okafor was appointed chief executive officer of Brightwater Foods.",
            "APPOINTED_CEO_OF",
        ),
        // "the CEO of Brightwater Corp." made a firm "CEO of".
        ("Nadia Okafor is the CEO of Brightwater Corp.", "CEO_OF"),
        // A firm's possessive before the role, with or without an apposition's commas.
        ("Brightwater's CEO Nadia Okafor resigned.", "CEO_OF"),
        ("Nadia Okafor, Brightwater's CFO, resigned.", "CFO_OF"),
        (
            "We met Brightwater's CFO, Nadia Okafor, on Tuesday.",
            "CFO_OF",
        ),
        ("Brightwater's COO Nadia Okafor resigned.", "COO_OF"),
        (
            "Brightwater's co-founder Nadia Okafor spoke.",
            "CO_FOUNDER_OF",
        ),
        // A plural's possessive, before the name or in an apposition.
        ("Brightwater Foods' CEO Nadia Okafor resigned.", "CEO_OF"),
        (
            "Nadia Okafor, Brightwater Foods' CEO, spoke in Oslo.",
            "CEO_OF",
        ),
        // The role fronted, the name set off after it.
        (
            "The chief executive of Brightwater Foods, Nadia Okafor, resigned.",
            "CEO_OF",
        ),
    ] {
        let (facts, entities) = extract(text);
        let firm = if text.contains("Foods") {
            "brightwater foods"
        } else if text.contains("Corp") {
            "brightwater corp"
        } else {
            "brightwater"
        };
        assert!(
            facts.contains(&(
                "nadia okafor".to_string(),
                rel.to_string(),
                firm.to_string()
            )),
            "{text}: {facts:?}"
        );
        assert!(
            entities
                .iter()
                .all(|(n, _)| !n.to_lowercase().starts_with("ceo")
                    && !n.to_lowercase().starts_with("chief")),
            "{text}: a role became a name: {entities:?}"
        );
    }
}

#[test]
fn a_role_after_a_preposition_is_someone_else() {
    // The CEO here is an unnamed third person: no role fact for Nadia.
    let (facts, _) = extract("Nadia Okafor spoke with the CEO of Brightwater Foods.");
    assert!(
        facts.iter().all(|(_, rel, _)| !rel.contains("CEO")),
        "{facts:?}"
    );
}

#[test]
fn a_role_after_a_name_makes_a_person() {
    // "Harriet" and "Quinn" alone could be anything; the role says who.
    let (_, entities) = extract("Harriet Quinn became CEO of Lumen Dynamics.");
    assert!(
        entities.contains(&("Harriet Quinn".to_string(), EntityType::Person)),
        "{entities:?}"
    );
    assert!(
        entities.contains(&("Lumen Dynamics".to_string(), EntityType::Organization)),
        "{entities:?}"
    );
}

#[test]
fn a_passive_with_by_relates_the_agent_first() {
    // "Kubernetes is maintained by the CNCF" stated that Kubernetes maintained the foundation.
    let (facts, _) = extract("Lumen is maintained by the Open Systems Foundation.");
    assert!(
        facts.contains(&(
            "open systems foundation".to_string(),
            "MAINTAINED".to_string(),
            "lumen".to_string()
        )),
        "{facts:?}"
    );
    assert!(!facts.iter().any(|(s, _, _)| s == "lumen"), "{facts:?}");
}

#[test]
fn a_name_after_a_role_and_of_is_not_the_verbs_subject() {
    // "The chairman of Toyota visited Detroit" stated that Toyota visited Detroit.
    for (text, a, b) in [
        (
            "The chairman of Brightwater visited Detroit.",
            "brightwater",
            "detroit",
        ),
        (
            "The president of Norland met the chancellor of Ostria.",
            "norland",
            "ostria",
        ),
    ] {
        let (facts, _) = extract(text);
        assert!(
            !facts
                .iter()
                .any(|(s, _, o)| (s == a && o == b) || (s == b && o == a)),
            "{text}: {facts:?}"
        );
    }
    // After an apposition's comma the verb is the named person's.
    let (facts, _) =
        extract("Nadia Okafor, the chief executive of Brightwater Foods, visited Detroit.");
    assert!(
        facts.contains(&(
            "nadia okafor".to_string(),
            "VISITED".to_string(),
            "detroit".to_string()
        )),
        "{facts:?}"
    );
}

#[test]
fn chief_officers_go_by_their_short_titles_and_two_roles_hold() {
    let (f, _) = extract("Satya Nadella became chief executive officer of Microsoft in 2014.");
    assert!(
        f.iter()
            .any(|(s, r, o)| s == "satya nadella" && r == "BECAME_CEO_OF" && o == "microsoft"),
        "{f:?}"
    );
    let (f, _) = extract("Priya Nair is the chief financial officer of Velora Systems.");
    assert!(
        f.iter()
            .any(|(s, r, o)| s == "priya nair" && r == "CFO_OF" && o == "velora systems"),
        "{f:?}"
    );
    // "co-founder and CEO of" was RELATED_TO.
    let (f, _) = extract("Jensen Huang is the co-founder and CEO of Nvidia.");
    assert!(
        f.iter()
            .any(|(s, r, o)| s == "jensen huang" && r == "CO_FOUNDER_AND_CEO_OF" && o == "nvidia"),
        "{f:?}"
    );
}

#[test]
fn a_possessive_or_fronted_noun_before_the_copula_names_the_second_name() {
    let t = |s: &str, r: &str, o: &str| (s.to_string(), r.to_string(), o.to_string());
    // "Bavaria's capital is Munich" located Bavaria in Munich.
    for text in [
        "Bavaria's capital is Munich.",
        "The capital of Bavaria is Munich.",
        "Bavaria is a state in Germany. Its capital is Munich.",
    ] {
        let (facts, _) = extract(text);
        assert!(
            facts.contains(&t("munich", "CAPITAL_OF", "bavaria")),
            "{text}: {facts:?}"
        );
        assert!(
            !facts.contains(&t("bavaria", "LOCATED_IN", "munich")),
            "{text}: {facts:?}"
        );
    }
    let (facts, _) = extract("Zorvex Robotics is a robot maker. Its founder is Priya Nair.");
    assert!(
        facts.contains(&t("priya nair", "FOUNDER_OF", "zorvex robotics")),
        "{facts:?}"
    );
    // A relative named after the copula is that relative.
    let (facts, _) = extract("Anna Berg's husband was Piet Berg.");
    assert!(
        facts.contains(&t("anna berg", "HUSBAND", "piet berg")),
        "{facts:?}"
    );
    // Not when the copula opens a verb ("was born") or the noun is no relation.
    let (facts, _) = extract("Anna Berg's husband was born in Oslo.");
    assert!(
        !facts.iter().any(|f| f.1 == "HUSBAND" && f.2 == "oslo"),
        "{facts:?}"
    );
    let (facts, _) = extract("Bavaria's weather is Munich's.");
    assert!(!facts.iter().any(|f| f.1 == "WEATHER_OF"), "{facts:?}");
    // "its" relates by its noun alone: "Its seat is located in Oslo" locates the seat.
    let (facts, _) = extract("Zorvex Robotics is a robot maker. Its seat is located in Oslo.");
    assert!(
        !facts.contains(&t("zorvex robotics", "LOCATED_IN", "oslo")),
        "{facts:?}"
    );
}

#[test]
fn which_holder_of_a_role_is_no_part_of_it_and_a_particle_before_as_is_the_verbs() {
    let t = |s: &str, r: &str, o: &str| (s.to_string(), r.to_string(), o.to_string());
    // "the first President of" related the two by nothing.
    let (facts, _) = extract("Kwame Nkrumah became the first President of Ghana.");
    assert!(
        facts.contains(&t("kwame nkrumah", "BECAME_PRESIDENT_OF", "ghana")),
        "{facts:?}"
    );
    let (facts, _) = extract("Ellen Sirleaf was the first president of Liberia.");
    assert!(
        facts.contains(&t("ellen sirleaf", "PRESIDENT_OF", "liberia")),
        "{facts:?}"
    );
    // "sworn in as", "took over as": the particle is the verb's.
    let (facts, _) = extract("Nelson Mandela was sworn in as President of South Africa in 1994.");
    assert!(
        facts.contains(&t(
            "nelson mandela",
            "SWORN_IN_AS_PRESIDENT_OF",
            "south africa"
        )),
        "{facts:?}"
    );
    let (facts, _) = extract("Tim Cook took over as CEO of Apple.");
    assert!(
        facts.contains(&t("tim cook", "TOOK_OVER_AS_CEO_OF", "apple")),
        "{facts:?}"
    );
    // A rank without a role after it stays out of a role ("the first to visit").
    let (facts, _) = extract("Anna Berg was the first to visit Oslo.");
    assert!(!facts.iter().any(|f| f.1.contains("FIRST")), "{facts:?}");
}
