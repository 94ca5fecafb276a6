//! Conformance checks of the read methods: tenant isolation, name and token lookup, top entities,
//! the memory stream, episodes and export.

use mnemo_core::{EntityInput, EntityOrder, EntityType, Error, GraphStore, NeighbourhoodQuery};

use super::{at, batch, entity_keys, episode, fact_ids, fresh_tenant, key, mentions, write};

/// No read or delete in one tenant sees or touches another tenant's data.
pub async fn tenant_isolation(store: &dyn GraphStore) {
    let (t1, t2, empty) = (
        fresh_tenant("isolation1"),
        fresh_tenant("isolation2"),
        fresh_tenant("isolation3"),
    );
    let mut doc = batch(vec![episode(
        "e1",
        1,
        &["Ann", "Ben"],
        &[("Ann", "knows", "Ben")],
    )]);
    doc.document = Some(mnemo_core::Document {
        id: "doc".into(),
        source: "s".into(),
        content_hash: "h".into(),
        created_at: at(1),
    });
    doc.episodes[0].episode.document_id = Some("doc".into());
    write(store, &t1, &doc).await;
    let mut other = episode("e1", 2, &["Ann", "Cat"], &[("Ann", "likes", "Cat")]);
    other.episode.content = "tenant two".into();
    write(store, &t2, &batch(vec![other])).await;

    assert_eq!(mentions(store, &t1, "Ann").await, Some(1));
    let ep2 = store.get_episodes(&t2, &["e1".into()]).await.expect("get");
    assert_eq!(ep2[0].content, "tenant two", "episode ids are per tenant");
    let n1 = store
        .neighbourhood(&t1, &NeighbourhoodQuery::new(vec![key("Ann")]))
        .await
        .expect("nb");
    assert_eq!(
        entity_keys(&n1.entities),
        vec!["ann", "ben"],
        "neighbourhood leaks"
    );

    let e = &empty;
    assert!(store
        .get_entities(e, &[key("Ann")])
        .await
        .expect("r")
        .is_empty());
    assert!(store
        .lookup_names(e, &["ann".into()])
        .await
        .expect("r")
        .is_empty());
    assert!(store
        .find_by_tokens(e, &["ann".into()], 10)
        .await
        .expect("r")
        .is_empty());
    let nb = store
        .neighbourhood(e, &NeighbourhoodQuery::new(vec![key("Ann")]))
        .await
        .expect("r");
    assert!(nb.entities.is_empty() && nb.facts.is_empty());
    assert!(store
        .top_entities(e, EntityOrder::MostMentioned, 10)
        .await
        .expect("r")
        .is_empty());
    assert!(store
        .top_entities(e, EntityOrder::MostRecent, 10)
        .await
        .expect("r")
        .is_empty());
    assert!(store
        .mentions_of(e, &key("Ann"), 10)
        .await
        .expect("r")
        .is_empty());
    assert!(store
        .get_episodes(e, &["e1".into()])
        .await
        .expect("r")
        .is_empty());
    assert!(store.get_document(e, "doc").await.expect("r").is_none());
    assert_eq!(store.stats(e).await.expect("r"), Default::default());
    let ex = store.export(e).await.expect("r");
    assert!(ex.entities.is_empty() && ex.facts.is_empty());
    assert!(matches!(
        store.delete_document(e, "doc").await,
        Err(Error::NotFound(_))
    ));
    let r = store
        .delete_episodes(e, &["e1".into()])
        .await
        .expect("delete");
    assert_eq!(r.episodes, 0, "deleted another tenant's episode");
    assert!(matches!(
        store.delete_document(&t2, "doc").await,
        Err(Error::NotFound(_))
    ));

    assert_eq!(store.stats(&t1).await.expect("stats").episodes, 1);
    assert_eq!(store.stats(&t2).await.expect("stats").episodes, 1);
    let x2 = store.export(&t2).await.expect("export");
    assert_eq!(entity_keys(&x2.entities), vec!["ann", "cat"]);
    assert_eq!(fact_ids(&x2.facts).len(), 1);
}

fn aliased(name: &str, aliases: &[&str]) -> EntityInput {
    EntityInput {
        aliases: aliases.iter().map(|a| a.to_string()).collect(),
        ..EntityInput::named(name, EntityType::Person).expect("name")
    }
}

/// (matched key, entity key) of each lookup hit, sorted.
fn matched(found: &[(String, mnemo_core::Entity)]) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = found
        .iter()
        .map(|(k, e)| (k.clone(), e.key.to_string()))
        .collect();
    pairs.sort();
    pairs
}

/// Canonical keys match entity keys and aliases; one key may match several entities.
pub async fn lookup_names_via_aliases(store: &dyn GraphStore) {
    let t = fresh_tenant("lookup");
    let mut ew = episode("e1", 1, &[], &[]);
    ew.entities = vec![
        aliased("Willi Schneider", &["Schneider", "W. Schneider"]),
        aliased("Anna Schneider", &["Schneider"]),
        aliased("Bob", &[]),
    ];
    write(store, &t, &batch(vec![ew])).await;
    let found = store
        .lookup_names(
            &t,
            &[
                "willi schneider".into(),
                "w schneider".into(),
                "nobody".into(),
            ],
        )
        .await
        .expect("lookup");
    assert_eq!(
        matched(&found),
        vec![
            ("w schneider".to_string(), "willi schneider".to_string()),
            ("willi schneider".to_string(), "willi schneider".to_string()),
        ]
    );
    let both = store
        .lookup_names(&t, &["schneider".into()])
        .await
        .expect("lookup");
    let mut keys: Vec<String> = both.iter().map(|(_, e)| e.key.to_string()).collect();
    keys.sort();
    assert_eq!(keys, vec!["anna schneider", "willi schneider"]);
    assert!(both.iter().all(|(k, _)| k == "schneider"));

    // Keys with accents are found without them, through the name and through an alias added later.
    let mut ew = episode("e2", 2, &[], &[]);
    ew.entities = vec![aliased("Aschenbrödel", &[]), aliased("Zoë Lund", &[])];
    write(store, &t, &batch(vec![ew])).await;
    let mut ew = episode("e3", 3, &[], &[]);
    ew.entities = vec![aliased("Zoë Lund", &["Zoë L."])];
    write(store, &t, &batch(vec![ew])).await;
    let found = store
        .lookup_names(
            &t,
            &["aschenbrodel".into(), "zoe lund".into(), "zoe l".into()],
        )
        .await
        .expect("lookup");
    assert_eq!(
        matched(&found),
        vec![
            ("aschenbrodel".to_string(), "aschenbrödel".to_string()),
            ("zoe l".to_string(), "zoë lund".to_string()),
            ("zoe lund".to_string(), "zoë lund".to_string()),
        ],
        "accents fold in lookups"
    );
}

/// Whole-word token matches on names and aliases, most mentioned first, limited.
pub async fn find_by_tokens(store: &dyn GraphStore) {
    let t = fresh_tenant("tokens");
    let mut eps = vec![
        episode("e1", 1, &["Berlin Wall", "Wall Street"], &[]),
        episode("e2", 2, &["Berlin Wall", "Wall Street", "Berlin"], &[]),
        episode("e3", 3, &["Berlin Wall"], &[]),
    ];
    let mut paris = episode("e4", 4, &[], &[]);
    paris.entities = vec![aliased("Paris", &["City of Light"])];
    eps.push(paris);
    write(store, &t, &batch(eps)).await;
    let t = &t;
    let names = |es: Vec<mnemo_core::Entity>| es.into_iter().map(|e| e.name).collect::<Vec<_>>();
    let q = |tokens: &[&str], limit| {
        let tokens: Vec<String> = tokens.iter().map(|s| s.to_string()).collect();
        async move {
            names(
                store
                    .find_by_tokens(t, &tokens, limit)
                    .await
                    .expect("tokens"),
            )
        }
    };
    assert_eq!(q(&["berlin"], 10).await, vec!["Berlin Wall", "Berlin"]);
    assert_eq!(q(&["wall"], 10).await, vec!["Berlin Wall", "Wall Street"]);
    assert_eq!(q(&["wall"], 1).await, vec!["Berlin Wall"]);
    assert_eq!(q(&["wall"], usize::MAX).await.len(), 2, "huge limit");
    assert_eq!(q(&["light"], 10).await, vec!["Paris"], "alias tokens");
    assert_eq!(
        q(&["street", "paris"], 10).await,
        vec!["Wall Street", "Paris"]
    );
    assert!(
        q(&["ber"], 10).await.is_empty(),
        "tokens match whole words only"
    );
}

/// Both orders of `top_entities`, and the limit.
pub async fn top_entities_orders(store: &dyn GraphStore) {
    let t = fresh_tenant("top");
    write(
        store,
        &t,
        &batch(vec![
            episode("e1", 10, &["Ann", "Cat"], &[]),
            episode("e2", 20, &["Ann"], &[]),
            episode("e3", 30, &["Ann"], &[]),
            episode("e4", 35, &["Cat"], &[]),
            episode("e5", 40, &["Ben"], &[]),
        ]),
    )
    .await;
    let t = &t;
    let top = |order, limit| async move {
        let es = store.top_entities(t, order, limit).await.expect("top");
        es.into_iter().map(|e| e.name).collect::<Vec<_>>()
    };
    assert_eq!(
        top(EntityOrder::MostMentioned, 10).await,
        vec!["Ann", "Cat", "Ben"]
    );
    assert_eq!(
        top(EntityOrder::MostRecent, 10).await,
        vec!["Ben", "Cat", "Ann"]
    );
    assert_eq!(top(EntityOrder::MostMentioned, 2).await, vec!["Ann", "Cat"]);
    assert_eq!(
        top(EntityOrder::MostRecent, usize::MAX).await.len(),
        3,
        "huge limit"
    );
    assert!(
        top(EntityOrder::MostRecent, 0).await.is_empty(),
        "zero limit"
    );
}

/// The memory stream of an entity is newest first, whatever the write order.
pub async fn mentions_of_newest_first(store: &dyn GraphStore) {
    let t = fresh_tenant("stream");
    for (id, secs) in [("e1", 10), ("e3", 30), ("e2", 20)] {
        write(store, &t, &batch(vec![episode(id, secs, &["Ann"], &[])])).await;
    }
    let events = store
        .mentions_of(&t, &key("Ann"), 10)
        .await
        .expect("mentions");
    let got: Vec<_> = events.iter().map(|m| (m.episode.as_str(), m.at)).collect();
    assert_eq!(got, vec![("e3", at(30)), ("e2", at(20)), ("e1", at(10))]);
    assert!(events.iter().all(|m| m.entity == key("Ann")));
    assert_eq!(
        store
            .mentions_of(&t, &key("Ann"), 2)
            .await
            .expect("mentions")
            .len(),
        2
    );
    assert!(store
        .mentions_of(&t, &key("Nobody"), 5)
        .await
        .expect("mentions")
        .is_empty());
}

/// Episodes come back whole, in the order asked, missing ids left out; text reads alike.
pub async fn get_episodes_order(store: &dyn GraphStore) {
    let t = fresh_tenant("episodes");
    let mut eps = vec![
        episode("e1", 10, &["Ann"], &[]),
        episode("e2", 20, &["Ann"], &[]),
        episode("e3", 30, &["Ann"], &[]),
    ];
    eps[1].episode.kind = mnemo_core::EpisodeKind::AgentAnswer;
    eps[1].episode.span = Some((3, 99));
    eps[1].episode.document_id = Some("loose-doc".into());
    write(store, &t, &batch(eps.clone())).await;
    let asked: Vec<String> = ["e3", "missing", "e2", "e1"].map(String::from).to_vec();
    let got = store.get_episodes(&t, &asked).await.expect("get");
    let want = vec![
        eps[2].episode.clone(),
        eps[1].episode.clone(),
        eps[0].episode.clone(),
    ];
    assert_eq!(got, want);
    // A text read gives the same episodes, in the same order; only the hash may be left out.
    let texts = store
        .get_episode_texts(&t, &asked)
        .await
        .expect("get texts");
    assert_eq!(texts.len(), want.len());
    for (got, want) in texts.iter().zip(&want) {
        assert!(got.content_hash.is_empty() || got.content_hash == want.content_hash);
        let got = mnemo_core::Episode {
            content_hash: want.content_hash.clone(),
            ..got.clone()
        };
        assert_eq!(&got, want);
    }
}

/// Export returns every entity and fact of the tenant with their aggregates.
pub async fn export_whole_graph(store: &dyn GraphStore) {
    let t = fresh_tenant("export");
    write(
        store,
        &t,
        &batch(vec![
            episode("e1", 1, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]),
            episode(
                "e2",
                2,
                &["Ben", "Cat"],
                &[("Ben", "knows", "Cat"), ("Cat", "knows", "Ben")],
            ),
            episode("e3", 3, &["Dan"], &[]),
        ]),
    )
    .await;
    let g = store.export(&t).await.expect("export");
    assert_eq!(entity_keys(&g.entities), vec!["ann", "ben", "cat", "dan"]);
    assert_eq!(fact_ids(&g.facts).len(), 3);
    let ben = g
        .entities
        .iter()
        .find(|e| e.key == key("Ben"))
        .expect("ben");
    assert_eq!(
        (ben.mentions, ben.first_seen, ben.last_seen),
        (2, at(1), at(2))
    );
    assert!(g
        .facts
        .iter()
        .all(|f| f.mentions == 1 && f.predicate == "knows"));
}
