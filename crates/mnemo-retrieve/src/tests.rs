//! Unit tests of linking resolution and the multi-hop join on small fixed graphs.

use chrono::{TimeZone, Utc};
use mnemo_core::{Entity, EntityKey, EntityType, Fact, RelType, Subgraph};

use crate::{join, resolve, tokenize, JoinConfig, LinkConfig, MatchKind};

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("test names have letters")
}

fn entity(name: &str, mentions: u64) -> Entity {
    let t = Utc
        .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .expect("valid date");
    Entity {
        key: key(name),
        name: name.to_string(),
        entity_type: EntityType::Other,
        aliases: Vec::new(),
        mentions,
        first_seen: t,
        last_seen: t,
    }
}

fn fact(s: &str, p: &str, o: &str, mentions: u64) -> Fact {
    let t = Utc
        .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .expect("valid date");
    Fact {
        subject: key(s),
        rel_type: RelType::from_predicate(p),
        object: key(o),
        predicate: p.to_string(),
        mentions,
        confidence: 0.9,
        first_seen: t,
        last_seen: t,
        episodes: vec![format!("ep-{}", key(s).as_str().replace(' ', "-"))],
        occurred: None,
    }
}

fn graph(facts: Vec<Fact>) -> Subgraph {
    let mut names: Vec<String> = facts
        .iter()
        .flat_map(|f| [f.subject.to_string(), f.object.to_string()])
        .collect();
    names.sort();
    names.dedup();
    Subgraph {
        entities: names.iter().map(|n| entity(n, 1)).collect(),
        facts,
    }
}

#[test]
fn join_finds_a_three_hop_path_and_keeps_directions() {
    let g = graph(vec![
        fact("Ada", "works at", "Acme", 2),
        fact("Bob", "works at", "Acme", 1),
        fact("Bob", "lives in", "Paris", 1),
        fact("Ada", "likes", "Tea", 5),
        fact("Paris", "capital of", "France", 3),
        fact("Tea", "grown in", "India", 1),
    ]);
    let j = join(&g, &[key("Ada"), key("Paris")], &JoinConfig::default());
    assert_eq!(j.paths.len(), 1, "{:?}", j.paths);
    let p = &j.paths[0];
    let ents: Vec<&str> = p.entities.iter().map(EntityKey::as_str).collect();
    assert_eq!(ents, ["ada", "acme", "bob", "paris"]);
    let dirs: Vec<bool> = p.steps.iter().map(|s| s.forward).collect();
    assert_eq!(dirs, [true, false, true]);
    // Hops: facts touching a seed are 1, one entity away 2.
    let hops: Vec<(String, Option<u8>)> = g
        .facts
        .iter()
        .zip(&j.fact_hops)
        .map(|(f, h)| (format!("{}>{}", f.subject, f.object), *h))
        .collect();
    assert!(hops.contains(&("ada>acme".into(), Some(1))));
    assert!(hops.contains(&("bob>acme".into(), Some(2))));
    assert!(hops.contains(&("paris>france".into(), Some(1))));
    assert!(hops.contains(&("tea>india".into(), Some(2))));
}

#[test]
fn join_prefers_short_then_strong_paths_and_respects_length_limit() {
    let g = graph(vec![
        fact("A", "r", "X", 1),
        fact("X", "r", "B", 1),
        fact("A", "r", "Y", 9),
        fact("Y", "r", "B", 9),
        fact("A", "r", "P1", 1),
        fact("P1", "r", "P2", 1),
        fact("P2", "r", "P3", 1),
        fact("P3", "r", "P4", 1),
        fact("P4", "r", "B", 1),
    ]);
    let j = join(&g, &[key("A"), key("B")], &JoinConfig::default());
    let rendered: Vec<String> = j
        .paths
        .iter()
        .map(|p| {
            p.entities
                .iter()
                .map(EntityKey::as_str)
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    // The 5-step path through P1..P4 is longer than 4 and must not appear.
    assert_eq!(rendered, ["a-y-b", "a-x-b"]);
    let unconnected = join(&g, &[key("A"), key("India")], &JoinConfig::default());
    assert!(unconnected.paths.is_empty());
}

#[test]
fn join_with_one_seed_has_hops_but_no_paths() {
    let g = graph(vec![fact("A", "r", "B", 1), fact("C", "r", "D", 1)]);
    let j = join(&g, &[key("A")], &JoinConfig::default());
    assert!(j.paths.is_empty());
    assert_eq!(j.fact_hops, [Some(1), None]);
}

#[test]
fn linking_prefers_exact_longer_and_capitalised_matches() {
    let tokens = tokenize(
        "Where did Hello Love's performer live, and what city is Paris in?",
        64,
    );
    let hello = entity("Hello Love (song)", 2);
    let city = entity("city", 40);
    let paris = entity("Paris", 10);
    let paris_texas = entity("Paris Texas", 1);
    let exact = vec![
        ("city".to_string(), city.clone()),
        ("paris".to_string(), paris.clone()),
    ];
    let fuzzy = vec![paris.clone(), paris_texas, hello, city];
    let linked = resolve(&tokens, &exact, &fuzzy, &LinkConfig::default());
    let got: Vec<(&str, MatchKind)> = linked
        .iter()
        .map(|l| (l.entity.key.as_str(), l.kind))
        .collect();
    // "city" is a lower-case common word in a query that capitalises names: not a seed.
    assert_eq!(
        got,
        [
            ("hello love song", MatchKind::Tokens),
            ("paris", MatchKind::Exact)
        ]
    );
    // In an all-lower-case query nothing marks names, so the common word may link.
    let lower = tokenize("what city is that?", 64);
    let linked = resolve(&lower, &exact, &fuzzy, &LinkConfig::default());
    assert_eq!(linked[0].entity.key.as_str(), "city");
}

#[test]
fn linking_resolves_overlaps_and_caps_seeds() {
    let tokens = tokenize("New York City and York and Ada and Bob and Carl", 64);
    let exact: Vec<(String, Entity)> = ["new york city", "new york", "york", "ada", "bob", "carl"]
        .iter()
        .map(|k| (k.to_string(), entity(k, 1)))
        .collect();
    let cfg = LinkConfig {
        max_seeds: 4,
        ..LinkConfig::default()
    };
    assert_eq!(resolve(&tokens, &exact, &[], &cfg).len(), 4);
    let cfg = LinkConfig {
        max_seeds: 10,
        ..LinkConfig::default()
    };
    let linked = resolve(&tokens, &exact, &[], &cfg);
    let keys: Vec<&str> = linked.iter().map(|l| l.entity.key.as_str()).collect();
    assert_eq!(keys.len(), 5);
    assert_eq!(keys[0], "new york city");
    assert!(
        !keys.contains(&"new york"),
        "overlapping shorter match dropped: {keys:?}"
    );
    assert!(
        keys.contains(&"york"),
        "the separate mention of York links: {keys:?}"
    );
}

#[test]
fn linking_never_matches_stop_words_alone() {
    let tokens = tokenize("who is the one", 64);
    let exact = vec![("the".to_string(), entity("The", 3))];
    assert!(resolve(&tokens, &exact, &[], &LinkConfig::default()).is_empty());
}

#[test]
fn years_numbers_and_demonyms_seed_only_when_nothing_better_links() {
    let cfg = LinkConfig::default();
    let year = entity("1986", 40);
    let french = entity("French", 30);
    let gide = entity("Andre Gide", 3);
    let exact = |es: &[&Entity]| -> Vec<(String, Entity)> {
        es.iter()
            .map(|e| (e.key.to_string(), (*e).clone()))
            .collect()
    };
    let q = tokenize("Which French novel did Andre Gide publish in 1986?", 64);
    let all =
        crate::link::drop_weak_seeds(resolve(&q, &exact(&[&year, &french, &gide]), &[], &cfg));
    let names: Vec<&str> = all.iter().map(|l| l.entity.name.as_str()).collect();
    assert_eq!(names, ["Andre Gide"]);
    // Alone, they still link: a weak seed beats a miss.
    let q = tokenize("What happened in 1986 to the French?", 64);
    let alone = crate::link::drop_weak_seeds(resolve(&q, &exact(&[&year, &french]), &[], &cfg));
    assert_eq!(alone.len(), 2);
}
