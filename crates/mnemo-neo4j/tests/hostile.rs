//! Hostile text against the real server: injection attempts in names, aliases, predicates and
//! episode fields are stored as data, read back exactly, and the tenant's graph holds exactly the
//! nodes and relationships intended (counted with raw Cypher, not through the store).

mod common;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, WriteBatch,
};
use mnemo_neo4j::Neo4jStore;
use neo4rs::query;

fn hostile() -> Vec<String> {
    vec![
        "O'Brien \"quoted\" `tick` `".to_string(),
        "{braces} [brackets] $tenant $rows {{double}}".to_string(),
        "}) DETACH DELETE n //".to_string(),
        "'; MATCH (n) DETACH DELETE n; //".to_string(),
        "\"}) MATCH (n) SET n.pwned = true RETURN n //".to_string(),
        "`]->() MERGE (x:Pwned) //".to_string(),
        "Zürich ünïcödé ßtraße 東京 Ωμέγα 🦀".to_string(),
        "tenant:\"other\" OR key:* \\ AND NOT".to_string(),
        format!("huge {}", "é".repeat(5_000)),
        "nul\0byte \u{1} \u{7f} \t \r\n \\ end".to_string(),
    ]
}

fn tenant(tag: &str) -> Tenant {
    common::unique_tenant("hostile", tag)
}

fn batch(samples: &[String]) -> WriteBatch {
    let at = |i: usize| {
        chrono::Utc
            .timestamp_opt(1_700_000_000 + i as i64, 0)
            .unwrap()
    };
    let episodes = samples
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let name = format!("n{i} {s}");
            let key = EntityKey::from_name(&name).expect("name has letters");
            EpisodeWrite {
                episode: Episode {
                    id: format!("h{i}"),
                    kind: EpisodeKind::Note,
                    content: s.clone(),
                    created_at: at(i),
                    source: s.clone(),
                    content_hash: content_hash(s),
                    document_id: None,
                    span: None,
                    speaker: None,
                    session: None,
                },
                entities: vec![
                    EntityInput {
                        aliases: vec![s.clone()],
                        ..EntityInput::named(&name, EntityType::Person).expect("name")
                    },
                    EntityInput::named("Anchor", EntityType::Concept).expect("name"),
                ],
                facts: vec![FactInput::new(
                    key,
                    s,
                    EntityKey::from_name("Anchor").expect("key"),
                    0.5,
                )],
            }
        })
        .collect();
    WriteBatch {
        document: None,
        episodes,
    }
}

/// (label, count) of the tenant's nodes and (type, count) of its relationships, sorted.
async fn census(store: &Neo4jStore, t: &Tenant) -> (Vec<(String, i64)>, Vec<(String, i64)>) {
    let mut nodes = Vec::new();
    let mut stream = store
        .graph()
        .execute(
            query(
                "MATCH (n {tenant: $t}) UNWIND labels(n) AS l RETURN l, count(*) AS c ORDER BY l",
            )
            .param("t", t.as_str()),
        )
        .await
        .expect("node census");
    while let Some(row) = stream.next().await.expect("row") {
        nodes.push((row.get("l").expect("l"), row.get("c").expect("c")));
    }
    let mut rels = Vec::new();
    let mut stream = store
        .graph()
        .execute(
            query("MATCH ()-[r {tenant: $t}]->() RETURN type(r) AS ty, count(*) AS c ORDER BY ty")
                .param("t", t.as_str()),
        )
        .await
        .expect("relationship census");
    while let Some(row) = stream.next().await.expect("row") {
        rels.push((row.get("ty").expect("ty"), row.get("c").expect("c")));
    }
    (nodes, rels)
}

async fn global_count(store: &Neo4jStore, cypher: &str) -> i64 {
    let mut stream = store.graph().execute(query(cypher)).await.expect("count");
    let row = stream.next().await.expect("row").expect("one row");
    row.get("c").expect("c")
}

#[tokio::test]
async fn hostile_text_is_data_and_the_graph_holds_exactly_what_was_written() {
    let Some(store) = common::store().await else {
        return;
    };
    let bystander = tenant("bystander");
    let t = tenant("main");
    let bystander_batch = batch(&["plain".to_string()]);
    store
        .write(&bystander, &bystander_batch)
        .await
        .expect("bystander write");
    let bystander_before = census(&store, &bystander).await;

    let samples = hostile();
    let report = store
        .write(&t, &batch(&samples))
        .await
        .expect("hostile write");
    assert_eq!(report.episodes_written, samples.len() as u64);
    assert_eq!(report.entities_created, samples.len() as u64 + 1);
    assert_eq!(report.facts_created, samples.len() as u64);

    for (i, s) in samples.iter().enumerate() {
        let name = format!("n{i} {s}");
        let key = EntityKey::from_name(&name).expect("key");
        let got = store
            .get_entities(&t, std::slice::from_ref(&key))
            .await
            .expect("get");
        assert_eq!(got.len(), 1, "entity {i} missing");
        assert_eq!(got[0].name, name, "name {i} changed");
        assert_eq!(got[0].aliases, vec![s.clone()], "alias {i} changed");
        let eps = store
            .get_episodes(&t, &[format!("h{i}")])
            .await
            .expect("episodes");
        assert_eq!(
            (&eps[0].content, &eps[0].source),
            (s, s),
            "episode {i} text changed"
        );
        // The alias is findable by its canonical form, whatever Lucene syntax it contains.
        let alias_key = mnemo_core::canonical_key(s);
        let found = store.lookup_names(&t, &[alias_key]).await.expect("lookup");
        assert!(
            found.iter().any(|(_, e)| e.key == key),
            "alias {i} not found: {found:?}"
        );
    }
    let g = store.export(&t).await.expect("export");
    for (i, s) in samples.iter().enumerate() {
        let subject = EntityKey::from_name(&format!("n{i} {s}")).expect("key");
        let f = g.facts.iter().find(|f| f.subject == subject).expect("fact");
        assert_eq!(&f.predicate, s, "predicate {i} changed");
        assert!(
            f.rel_type
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
            "relationship type {} escaped the whitelist",
            f.rel_type
        );
    }

    let n = samples.len() as i64;
    let (nodes, rels) = census(&store, &t).await;
    assert_eq!(
        nodes,
        vec![
            ("Concept".to_string(), 1),
            ("Entity".to_string(), n + 1),
            ("Episode".to_string(), n),
            ("Person".to_string(), n),
            // The tenant's counts (see `stats`).
            ("TenantStats".to_string(), 1),
        ],
        "unexpected nodes in the tenant"
    );
    let fact_rels: i64 = rels
        .iter()
        .filter(|(ty, _)| ty != "MENTIONS")
        .map(|(_, c)| c)
        .sum();
    let mention_rels: i64 = rels
        .iter()
        .filter(|(ty, _)| ty == "MENTIONS")
        .map(|(_, c)| c)
        .sum();
    assert_eq!(
        (fact_rels, mention_rels),
        (n, 2 * n),
        "unexpected relationships: {rels:?}"
    );
    assert_eq!(
        census(&store, &bystander).await,
        bystander_before,
        "another tenant was touched"
    );
    assert_eq!(
        global_count(
            &store,
            "MATCH (n) WHERE n.pwned IS NOT NULL RETURN count(n) AS c"
        )
        .await,
        0
    );
    assert_eq!(
        global_count(&store, "MATCH (n:Pwned) RETURN count(n) AS c").await,
        0
    );

    // Re-writing changes nothing.
    let again = store.write(&t, &batch(&samples)).await.expect("rewrite");
    assert_eq!(again.episodes_skipped, n as u64);
    assert_eq!(census(&store, &t).await, (nodes, rels));
}

/// A predicate that folds to an internal relationship type ("mentions" -> MENTIONS) is still a
/// fact: it counts as a fact, not as a mention, and the neighbourhood follows it.
#[tokio::test]
async fn facts_named_like_internal_relationships_stay_facts() {
    let Some(store) = common::store().await else {
        return;
    };
    let t = tenant("reserved");
    let mut b = batch(&["x".to_string()]);
    let ew = &mut b.episodes[0];
    let (subject, anchor) = (ew.entities[0].key.clone(), ew.entities[1].key.clone());
    ew.facts = vec![
        FactInput::new(subject.clone(), "mentions", anchor.clone(), 0.9),
        FactInput::new(anchor.clone(), "has chunk", subject.clone(), 0.8),
    ];
    store.write(&t, &b).await.expect("write");
    let s = store.stats(&t).await.expect("stats");
    assert_eq!(
        (s.entities, s.facts, s.mentions, s.episodes),
        (2, 2, 2, 1),
        "{s:?}"
    );
    let anchor_entity = &store
        .get_entities(&t, std::slice::from_ref(&anchor))
        .await
        .expect("get")[0];
    assert_eq!(
        anchor_entity.mentions, 1,
        "a MENTIONS fact was counted as a mention"
    );
    let nb = store
        .neighbourhood(&t, &mnemo_core::NeighbourhoodQuery::new(vec![anchor]))
        .await
        .expect("neighbourhood");
    let mut types: Vec<&str> = nb.facts.iter().map(|f| f.rel_type.as_str()).collect();
    types.sort();
    assert_eq!(types, vec!["HAS_CHUNK", "MENTIONS"]);
    let r = store
        .delete_episodes(&t, &["h0".to_string()])
        .await
        .expect("delete");
    assert_eq!((r.episodes, r.entities, r.facts), (1, 2, 2), "{r:?}");
    assert_eq!(store.stats(&t).await.expect("stats"), Default::default());
}
