//! Conformance check: hostile strings (injection attempts, unicode, huge, control characters) in
//! names, aliases, predicates and episode fields are stored as data and read back exactly.

use mnemo_core::{EntityInput, EntityType, FactInput, GraphStore};

use super::{at, batch, episode, fresh_tenant, key, write};

/// The strings every text field must survive.
pub fn hostile_samples() -> Vec<String> {
    vec![
        "O'Brien \"quoted\" `tick`".to_string(),
        "{braces} [brackets] $param {{double}}".to_string(),
        "}) DETACH DELETE n //".to_string(),
        "'; MATCH (n) DETACH DELETE n; //".to_string(),
        "\"}) MATCH (n) SET n.pwned = true RETURN n //".to_string(),
        "Zürich ünïcödé ßtraße 東京 Ωμέγα".to_string(),
        "\u{202e}RTL override \u{05e9}\u{05dc}\u{05d5}\u{05dd} \u{0645}\u{0631}\u{062d}\u{0628}\u{0627}".to_string(),
        "emoji 🦀🔥👩‍👩‍👧 \u{fe0f}".to_string(),
        format!("huge {}", "x".repeat(10_000)),
        "nul\0byte and \u{1} \u{7f} \t tab \r\n newline \\ backslash".to_string(),
    ]
}

/// Hostile text is data: everything reads back byte for byte and nothing else is touched.
pub async fn hostile_strings(store: &dyn GraphStore) {
    let t = fresh_tenant("hostile");
    let bystander = fresh_tenant("hostilebystander");
    write(
        store,
        &bystander,
        &batch(vec![episode("b1", 1, &["Safe"], &[])]),
    )
    .await;

    let samples = hostile_samples();
    let mut eps = Vec::new();
    for (i, s) in samples.iter().enumerate() {
        let name = format!("n{i} {s}");
        let mut ew = episode(&format!("h{i}"), i as i64, &[], &[]);
        ew.episode.content = s.clone();
        ew.episode.source = s.clone();
        ew.entities = vec![
            EntityInput {
                aliases: vec![s.clone()],
                ..EntityInput::named(&name, EntityType::Person).expect("name has letters")
            },
            EntityInput::named("Anchor", EntityType::Concept).expect("name"),
        ];
        ew.facts = vec![FactInput::new(key(&name), s, key("Anchor"), 0.5)];
        eps.push(ew);
    }
    write(store, &t, &batch(eps)).await;

    for (i, s) in samples.iter().enumerate() {
        let name = format!("n{i} {s}");
        let got = store.get_entities(&t, &[key(&name)]).await.expect("get");
        assert_eq!(got.len(), 1, "entity {i} missing");
        assert_eq!(got[0].name, name, "name {i} changed");
        assert_eq!(got[0].aliases, vec![s.clone()], "alias {i} changed");
        let ep = store
            .get_episodes(&t, &[format!("h{i}")])
            .await
            .expect("get");
        assert_eq!(ep.len(), 1, "episode {i} missing");
        assert_eq!(
            (&ep[0].content, &ep[0].source),
            (s, s),
            "episode {i} text changed"
        );
        assert_eq!(ep[0].created_at, at(i as i64));
    }
    let g = store.export(&t).await.expect("export");
    assert_eq!(g.facts.len(), samples.len());
    for (i, s) in samples.iter().enumerate() {
        let subject = key(&format!("n{i} {s}"));
        let f = g.facts.iter().find(|f| f.subject == subject).expect("fact");
        assert_eq!(&f.predicate, s, "predicate {i} changed");
    }
    let anchor = store.get_entities(&t, &[key("Anchor")]).await.expect("get");
    assert_eq!(anchor[0].mentions, samples.len() as u64);
    let safe = store.stats(&bystander).await.expect("stats");
    assert_eq!(
        (safe.entities, safe.episodes),
        (1, 1),
        "another tenant was touched"
    );
}
