//! The state the Neo4j store keeps derived from the graph, for speed: each entity's top-edge list
//! (hub hops cost the fan-out cap) and the per-tenant counts (`stats` is one node read). Both must
//! give exactly what the graph says, after writes, document replacement and deletes, and graphs
//! written before they existed must still read right and be migrated by the rebuild calls.

mod common;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, Document, EntityKey, EpisodeWrite, GraphStore, NeighbourhoodQuery, StoreStats,
    Tenant, WriteBatch,
};
use mnemo_neo4j::Neo4jStore;
use mnemo_store::EmbeddedStore;
use neo4rs::query;

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("name")
}

fn tenant(tag: &str) -> Tenant {
    common::unique_tenant("derived", tag)
}

fn episode(id: &str, secs: i64, facts: &[(&str, &str)]) -> EpisodeWrite {
    let facts: Vec<(&str, &str, &str)> = facts.iter().map(|(s, o)| (*s, "knows", *o)).collect();
    common::stating(common::note(id, secs, "derived-test"), &facts)
}

/// A hub with 100 spokes (more than one top-edge list holds), spoke `i` stated by `i % 7 + 1`
/// episodes, so ranks differ and tie in groups; plus a second-hop fringe on every spoke.
fn hub_batch() -> WriteBatch {
    let mut eps = Vec::new();
    for i in 0..100i64 {
        let spoke = format!("Spoke {i}");
        for j in 0..(i % 7 + 1) {
            eps.push(episode(
                &format!("h{i}.{j}"),
                i * 10 + j,
                &[("Hub", &spoke)],
            ));
        }
        let fringe = format!("Fringe {}", i % 9);
        eps.push(episode(&format!("f{i}"), 5_000 + i, &[(&spoke, &fringe)]));
    }
    WriteBatch {
        document: None,
        episodes: eps,
    }
}

fn ids(g: &mnemo_core::Subgraph) -> Vec<String> {
    g.facts
        .iter()
        .map(|f| format!("{}-{}-{}", f.subject, f.rel_type, f.object))
        .collect()
}

/// The neighbourhoods both stores must agree on, fact for fact and in order.
async fn assert_same_neighbourhoods(neo: &Neo4jStore, emb: &EmbeddedStore, t: &Tenant, e: &Tenant) {
    let queries = [
        (vec![key("Hub")], 1, vec![5]),
        (vec![key("Hub")], 2, vec![10, 3]),
        (vec![key("Hub")], 1, vec![64]),
        (vec![key("Hub")], 1, vec![80]),
        (vec![key("Spoke 3"), key("Fringe 2")], 2, vec![4, 4]),
    ];
    for (seeds, depth, fanout) in queries {
        let q = NeighbourhoodQuery {
            seeds,
            depth,
            fanout: fanout.clone(),
            max_facts: 200,
        };
        let a = neo.neighbourhood(t, &q).await.expect("neo4j neighbourhood");
        let b = emb
            .neighbourhood(e, &q)
            .await
            .expect("embedded neighbourhood");
        assert_eq!(ids(&a), ids(&b), "depth {depth} fanout {fanout:?}");
        assert!(!a.facts.is_empty());
    }
}

/// Counts of the tenant straight from the graph.
async fn recount(neo: &Neo4jStore, t: &Tenant) -> StoreStats {
    let q = query(
        "CALL () { MATCH (e:Entity {tenant: $t}) RETURN count(e) AS en, \
         sum(COUNT { (e)-->() }) AS fa, sum(COUNT { (e)<-[:MENTIONS]-(:Episode) }) AS me }
         CALL () { MATCH (ep:Episode {tenant: $t}) RETURN count(ep) AS ep }
         CALL () { MATCH (d:Document {tenant: $t}) RETURN count(d) AS do }
         RETURN en, fa, me, ep, do",
    )
    .param("t", t.as_str());
    let mut rows = neo.graph().execute(q).await.expect("recount");
    let row = rows.next().await.expect("row").expect("one row");
    let n = |c: &str| row.get::<i64>(c).expect("count") as u64;
    StoreStats {
        entities: n("en"),
        facts: n("fa"),
        episodes: n("ep"),
        documents: n("do"),
        mentions: n("me"),
    }
}

#[tokio::test]
async fn top_edge_lists_and_counts_follow_writes_and_deletes() {
    let Some(neo) = common::store().await else {
        return;
    };
    let emb = EmbeddedStore::in_memory();
    let (t, e) = (tenant("hub"), Tenant::new("embedded").expect("tenant"));
    let b = hub_batch();
    neo.write(&t, &b).await.expect("write");
    emb.write(&e, &b).await.expect("write");
    assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    assert_eq!(neo.stats(&t).await.expect("stats"), recount(&neo, &t).await);
    assert_eq!(
        neo.stats(&t).await.expect("stats"),
        emb.stats(&e).await.expect("stats")
    );

    // A document, then its replacement by fewer chunks, then deletes of the hub's best support.
    let doc = |chunks: &[(&str, &str)]| WriteBatch {
        document: Some(Document {
            id: "doc".into(),
            source: "doc.txt".into(),
            content_hash: content_hash(&format!("{chunks:?}")),
            created_at: chrono::Utc
                .timestamp_opt(1_700_100_000, 0)
                .single()
                .expect("ts"),
        }),
        episodes: chunks
            .iter()
            .enumerate()
            .map(|(i, (s, o))| {
                let mut ew = episode(&format!("doc.{i}"), 9_000 + i as i64, &[(s, o)]);
                ew.episode.document_id = Some("doc".into());
                ew
            })
            .collect(),
    };
    for b in [
        doc(&[("Hub", "Spoke 1"), ("Hub", "Spoke 2"), ("Hub", "New")]),
        doc(&[("Hub", "Spoke 2")]),
    ] {
        neo.write(&t, &b).await.expect("write doc");
        emb.write(&e, &b).await.expect("write doc");
        assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    }
    let gone: Vec<String> = (0..6)
        .map(|j| format!("h97.{j}"))
        .chain(["h6.0".into()])
        .collect();
    neo.delete_episodes(&t, &gone).await.expect("delete");
    emb.delete_episodes(&e, &gone).await.expect("delete");
    assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    neo.delete_document(&t, "doc").await.expect("delete doc");
    emb.delete_document(&e, "doc").await.expect("delete doc");
    assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    let stats = neo.stats(&t).await.expect("stats");
    assert_eq!(
        stats,
        recount(&neo, &t).await,
        "counts drifted from the graph"
    );
    assert_eq!(stats, emb.stats(&e).await.expect("stats"));

    // A graph from before the derived state: reads stay right, the rebuilds restore it.
    neo.graph()
        .run(
            query(
                "MATCH (n:Entity {tenant: $t}) REMOVE n.top_rels, n.recent_mentions \
                 WITH count(*) AS c \
                 MATCH (s:TenantStats {tenant: $t}) DELETE s",
            )
            .param("t", t.as_str()),
        )
        .await
        .expect("strip derived state");
    assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    assert_eq!(neo.stats(&t).await.expect("stats"), stats);
    neo.rebuild_top_edges(&t).await.expect("rebuild top edges");
    neo.rebuild_stats(&t).await.expect("rebuild stats");
    assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    assert_eq!(neo.stats(&t).await.expect("stats"), stats);
    let mut rows = neo
        .graph()
        .execute(
            query("MATCH (n:Entity {tenant: $t, key: 'hub'}) RETURN size(n.top_rels) AS n")
                .param("t", t.as_str()),
        )
        .await
        .expect("top list");
    let row = rows.next().await.expect("row").expect("hub");
    assert_eq!(
        row.get::<i64>("n").expect("n"),
        64,
        "the hub's list holds 64 edges"
    );
    // Small entities stay without lists, as writes leave them.
    let mut rows = neo
        .graph()
        .execute(
            query(
                "MATCH (n:Entity {tenant: $t}) WHERE COUNT { (n)--() } <= 64 AND n.mentions <= 32 \
                 RETURN count(n) AS small, count(n.top_rels) + count(n.recent_mentions) AS lists",
            )
            .param("t", t.as_str()),
        )
        .await
        .expect("small entities");
    let row = rows.next().await.expect("row").expect("counts");
    assert!(
        row.get::<i64>("small").expect("small") > 0,
        "the graph has small entities"
    );
    assert_eq!(
        row.get::<i64>("lists").expect("lists"),
        0,
        "the rebuild gave small entities lists"
    );
    neo.purge_tenant(&t).await.expect("purge");
    assert_eq!(neo.stats(&t).await.expect("stats"), StoreStats::default());
}

/// The hub's stored top-edge list and the one a full ranking of its edges gives.
async fn hub_lists(neo: &Neo4jStore, t: &Tenant) -> (Vec<String>, Vec<String>) {
    let q = query(
        "MATCH (n:Entity {tenant: $t, key: 'hub'})
         CALL (n) {
           MATCH (n)-[r]-(:Entity)
           WITH DISTINCT r
           ORDER BY r.mentions DESC, r.confidence DESC, r.last_seen DESC,
             startNode(r).key, type(r), endNode(r).key
           LIMIT 64
           RETURN collect(elementId(r)) AS want
         }
         RETURN n.top_rels AS have, want",
    )
    .param("t", t.as_str());
    let mut rows = neo.graph().execute(q).await.expect("hub lists");
    let row = rows.next().await.expect("row").expect("hub");
    (
        row.get::<Vec<String>>("have").expect("have"),
        row.get::<Vec<String>>("want").expect("want"),
    )
}

/// Small writes next to a full list: facts that cannot enter it (the list is kept without ranking
/// it again) and facts that enter at its lower edge by each tie-break of the order.
#[tokio::test]
async fn top_edge_lists_stay_exact_at_their_lower_edge() {
    let Some(neo) = common::store().await else {
        return;
    };
    let emb = EmbeddedStore::in_memory();
    let (t, e) = (tenant("edge"), Tenant::new("embedded").expect("tenant"));
    let b = hub_batch();
    neo.write(&t, &b).await.expect("write");
    emb.write(&e, &b).await.expect("write");
    let (first, want) = hub_lists(&neo, &t).await;
    assert_eq!(first, want);
    // The list ends with the newest eight 3-mention spokes; its last is Spoke 44 (at 442).
    let spoke = |name: &str, times: &[i64]| WriteBatch {
        document: None,
        episodes: times
            .iter()
            .map(|s| episode(&format!("{name}.{s}"), *s, &[("Hub", name)]))
            .collect(),
    };
    let steps = [
        // One old mention: below the list, which stays as it was.
        ("Low", vec![1], false),
        // Three mentions, newer than the last member: enters by last_seen.
        ("Tie", vec![439, 440, 443], true),
        // Same mentions, confidence and last_seen as the new last: enters by object key.
        ("Aaa", vec![1, 2, 443], true),
        // The same tie with a later key: stays out.
        ("Zzz", vec![3, 4, 443], false),
    ];
    let mut before = first;
    for (name, times, enters) in steps {
        let b = spoke(name, &times);
        neo.write(&t, &b).await.expect("write spoke");
        emb.write(&e, &b).await.expect("write spoke");
        let (have, want) = hub_lists(&neo, &t).await;
        assert_eq!(have, want, "after {name}");
        assert_eq!(have != before, enters, "{name} entering the list");
        before = have;
        assert_same_neighbourhoods(&neo, &emb, &t, &e).await;
    }
    neo.purge_tenant(&t).await.expect("purge");
}

/// Episodes written before the episode text index existed (or by an earlier analysis) lack its
/// terms: text search does not see them until `backfill_text_index` (run by `mnemo migrate`)
/// gives them their terms, and removes what earlier versions indexed instead.
#[tokio::test]
async fn text_index_backfill_finds_older_episodes() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = tenant("textbackfill");
    let mut ep = episode("old1", 1, &[]);
    ep.episode.content = "An heirloom clock from Zoë's attic".into();
    common::write(&neo, &t, vec![ep]).await;
    let found = |hits: Vec<mnemo_core::TextHit>| -> Vec<String> {
        hits.into_iter().map(|h| h.episode).collect()
    };
    assert_eq!(
        found(
            neo.search_text(&t, "heirloom clock", 5)
                .await
                .expect("search")
        ),
        vec!["old1"]
    );
    neo.graph()
        .run(
            query(
                "MATCH (ep:Episode {tenant: $t}) REMOVE ep.terms, ep.speaker_terms, ep.analysis \
                 SET ep.tenant_term = 'tOLD0', ep.folded = 'old'",
            )
            .param("t", t.as_str()),
        )
        .await
        .expect("strip the terms, as an older version wrote the episode");
    assert!(neo
        .search_text(&t, "heirloom", 5)
        .await
        .expect("search")
        .is_empty());
    neo.backfill_text_index(&t).await.expect("backfill");
    neo.backfill_text_index(&t)
        .await
        .expect("backfill again is harmless");
    assert_eq!(
        found(neo.search_text(&t, "heirloom", 5).await.expect("search")),
        vec!["old1"]
    );
    // Accents are folded in the terms: the name is found without its accent.
    assert_eq!(
        found(neo.search_text(&t, "zoe", 5).await.expect("search")),
        vec!["old1"]
    );
    let mut left = neo
        .graph()
        .execute(
            query(
                "MATCH (ep:Episode {tenant: $t}) \
                 RETURN ep.tenant_term IS NULL AND ep.folded IS NULL AS clean, ep.analysis AS analysis",
            )
            .param("t", t.as_str()),
        )
        .await
        .expect("read");
    let row = left.next().await.expect("row").expect("one episode");
    assert!(
        row.get::<bool>("clean").expect("clean"),
        "old properties removed"
    );
    assert_eq!(
        row.get::<String>("analysis").expect("analysis"),
        mnemo_core::analysis::ANALYSIS_VERSION
    );
}

/// Episodes an older analysis indexed are found on connect, which warns with their tenant and
/// `mnemo migrate`; after the backfill the tenant is no longer listed.
#[tokio::test]
async fn episodes_of_an_older_analysis_are_announced_until_migrated() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = tenant("olderanalysis");
    common::write(
        &neo,
        &t,
        vec![episode("old1", 1, &[]), episode("new1", 2, &[])],
    )
    .await;
    assert!(!neo
        .tenants_with_older_text_analysis()
        .await
        .expect("look")
        .contains(&t.as_str().to_string()));
    neo.graph()
        .run(
            query("MATCH (ep:Episode {tenant: $t, id: 'old1'}) SET ep.analysis = 'a0'")
                .param("t", t.as_str()),
        )
        .await
        .expect("mark the episode as an older analysis indexed it");
    assert!(neo
        .tenants_with_older_text_analysis()
        .await
        .expect("look")
        .contains(&t.as_str().to_string()));
    let logs = Captured::default();
    let sink = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .finish();
    {
        let _guard = tracing::subscriber::set_default(subscriber);
        let uri = common::test_uri().expect("a server");
        mnemo_neo4j::Neo4jStore::connect(common::config(&uri))
            .await
            .expect("connect");
    }
    let said = String::from_utf8(logs.0.lock().expect("lock").clone()).expect("utf-8");
    assert!(
        said.contains("older mnemo's text analysis") && said.contains(t.as_str()),
        "{said}"
    );
    neo.backfill_text_index(&t).await.expect("backfill");
    assert!(!neo
        .tenants_with_older_text_analysis()
        .await
        .expect("look")
        .contains(&t.as_str().to_string()));
    neo.purge_tenant(&t).await.expect("purge");
}

/// Entities written before writes added accent-free alias keys are not found by a key typed
/// without accents until `backfill_folded_keys` (run by `mnemo migrate`) adds them; it changes
/// nothing else, and a second run nothing at all.
#[tokio::test]
async fn folded_key_backfill_finds_older_accented_entities() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = tenant("foldedkeys");
    let ew = episode("f1", 1, &[("Aschenbrödel", "Zoë Lund")]);
    common::write(&neo, &t, vec![ew]).await;
    let keys = ["aschenbrodel".to_string(), "zoe lund".to_string()];
    let found = |hits: Vec<(String, mnemo_core::Entity)>| -> Vec<String> {
        let mut k: Vec<String> = hits.into_iter().map(|(_, e)| e.key.to_string()).collect();
        k.sort();
        k
    };
    let want = vec!["aschenbrödel".to_string(), "zoë lund".to_string()];
    assert_eq!(
        found(neo.lookup_names(&t, &keys).await.expect("lookup")),
        want
    );
    let aliases = |neo: &Neo4jStore| {
        let t = t.clone();
        let graph = neo.graph().clone();
        async move {
            let mut rows = graph
                .execute(
                    query("MATCH (e:Entity {tenant: $t}) RETURN e.key AS k, e.alias_keys AS a ORDER BY k")
                        .param("t", t.as_str()),
                )
                .await
                .expect("read");
            let mut out: Vec<(String, Vec<String>)> = Vec::new();
            while let Some(row) = rows.next().await.expect("row") {
                out.push((row.get("k").expect("k"), row.get("a").expect("a")));
            }
            out
        }
    };
    let written = aliases(&neo).await;
    neo.graph()
        .run(query("MATCH (e:Entity {tenant: $t}) SET e.alias_keys = []").param("t", t.as_str()))
        .await
        .expect("strip the folded keys, as an older version wrote them");
    assert!(neo
        .lookup_names(&t, &keys)
        .await
        .expect("lookup")
        .is_empty());
    neo.backfill_folded_keys(&t).await.expect("backfill");
    assert_eq!(
        found(neo.lookup_names(&t, &keys).await.expect("lookup")),
        want
    );
    assert_eq!(aliases(&neo).await, written, "the keys a write gives");
    neo.backfill_folded_keys(&t).await.expect("again");
    assert_eq!(aliases(&neo).await, written, "a second run changes nothing");
    neo.purge_tenant(&t).await.expect("purge");
}

/// A key an older version stored that is not canonical today ("İrsadi" kept a combining dot
/// before session 22) is read as stored: reads reaching its entity or its facts do not fail.
#[tokio::test]
async fn keys_an_older_version_stored_are_read_as_stored() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = tenant("oldkeys");
    common::write(
        &neo,
        &t,
        vec![episode("k1", 1, &[("Irsadi Aksun", "Ankara")])],
    )
    .await;
    let old = "i\u{307}rsadi aksun";
    neo.graph()
        .run(
            query("MATCH (e:Entity {tenant: $t, key: 'irsadi aksun'}) SET e.key = $old")
                .param("t", t.as_str())
                .param("old", old),
        )
        .await
        .expect("re-key as an older version wrote it");
    let got = neo
        .get_entities(&t, &[EntityKey::from_stored(old)])
        .await
        .expect("the entity reads");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].key.as_str(), old);
    let around = neo
        .neighbourhood(&t, &NeighbourhoodQuery::new(vec![key("Ankara")]))
        .await
        .expect("the neighbourhood reads");
    assert!(
        around.facts.iter().any(|f| f.subject.as_str() == old),
        "{around:?}"
    );
    let all = neo.export(&t).await.expect("the export reads");
    assert!(all.entities.iter().any(|e| e.key.as_str() == old));
    neo.purge_tenant(&t).await.expect("purge");
}

/// Log lines written to a buffer (the test's thread only).
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Connecting to a database that still has an older version's episode text index warns that
/// `mnemo migrate` must run (older episodes are not found by text search until then), and
/// replaces the index; the next connect has nothing to say.
#[tokio::test]
async fn an_old_text_index_is_replaced_with_a_warning_to_migrate() {
    let Some(neo) = common::store().await else {
        return;
    };
    let logs = Captured::default();
    let sink = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let uri = common::test_uri().expect("a server");
    // Other tests connecting at the same moment drop the index too: try again when one did.
    let mut again = None;
    for _ in 0..5 {
        logs.0.lock().expect("lock").clear();
        neo.graph()
            .run(query(
                "CREATE FULLTEXT INDEX mnemo_episode_words IF NOT EXISTS FOR (ep:Episode) ON EACH [ep.content]",
            ))
            .await
            .expect("an index as an older version made it");
        let store = mnemo_neo4j::Neo4jStore::connect(common::config(&uri))
            .await
            .expect("connect");
        let said = String::from_utf8(logs.0.lock().expect("lock").clone()).expect("utf-8");
        if said.contains("mnemo_episode_words") {
            again = Some(store);
            break;
        }
    }
    let again = again.expect("a connect that found the old index");
    let said = String::from_utf8(logs.0.lock().expect("lock").clone()).expect("utf-8");
    assert!(said.contains("mnemo migrate"), "{said}");
    let mut rows = again
        .graph()
        .execute(query(
            "SHOW INDEXES YIELD name WHERE name = 'mnemo_episode_words' RETURN count(*) AS n",
        ))
        .await
        .expect("show");
    let n: i64 = rows
        .next()
        .await
        .expect("row")
        .expect("one row")
        .get("n")
        .expect("n");
    assert_eq!(n, 0, "the old index is dropped");
    logs.0.lock().expect("lock").clear();
    mnemo_neo4j::Neo4jStore::connect(common::config(&uri))
        .await
        .expect("connect again");
    let said = String::from_utf8(logs.0.lock().expect("lock").clone()).expect("utf-8");
    assert!(
        !said.contains("episode text index of an older mnemo"),
        "{said}"
    );
}

/// A fact written before event times were kept has no `episode_occurred`: writes and deletes
/// touching it fill the list in step with `episodes` (as all "" for the old episodes), whichever
/// way they merge (appending newer episodes, inserting older ones, unlinking).
#[tokio::test]
async fn facts_from_before_event_times_gain_the_list_in_step() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = tenant("occurred");
    let visit = |id: &str, secs: i64, occurred: Option<&str>| {
        let mut ew = episode(id, secs, &[("Ann", "Ben")]);
        ew.facts[0].occurred = occurred.map(str::to_string);
        WriteBatch {
            document: None,
            episodes: vec![ew],
        }
    };
    let strip = || async {
        neo.graph()
            .run(
                query("MATCH ()-[r:KNOWS {tenant: $t}]->() REMOVE r.episode_occurred, r.occurred")
                    .param("t", t.as_str()),
            )
            .await
            .expect("strip event times");
    };
    let state = || async {
        let mut rows = neo
            .graph()
            .execute(
                query(
                    "MATCH ()-[r:KNOWS {tenant: $t}]->() \
                     RETURN r.episodes AS eps, r.episode_occurred AS occs",
                )
                .param("t", t.as_str()),
            )
            .await
            .expect("read lists");
        let row = rows.next().await.expect("row").expect("the fact");
        let eps: Vec<String> = row.get("eps").expect("eps");
        let occs: Vec<String> = row.get("occs").expect("occs");
        let fact = neo.export(&t).await.expect("export").facts;
        (eps, occs, fact[0].occurred.clone())
    };
    for b in [visit("e1", 10, None), visit("e2", 20, None)] {
        neo.write(&t, &b).await.expect("write");
    }
    // Appending a newer episode.
    strip().await;
    neo.write(&t, &visit("e4", 40, Some("2024")))
        .await
        .expect("write");
    assert_eq!(
        state().await,
        (
            vec!["e1".into(), "e2".into(), "e4".into()],
            vec!["".into(), "".into(), "2024".into()],
            Some("2024".into())
        )
    );
    // Inserting an older one.
    strip().await;
    neo.write(&t, &visit("e3", 15, Some("2023-05-07")))
        .await
        .expect("write");
    assert_eq!(
        state().await,
        (
            vec!["e1".into(), "e3".into(), "e2".into(), "e4".into()],
            vec!["".into(), "2023-05-07".into(), "".into(), "".into()],
            Some("2023-05-07".into())
        )
    );
    // Unlinking a deleted one.
    strip().await;
    neo.delete_episodes(&t, &["e1".into()])
        .await
        .expect("delete");
    assert_eq!(
        state().await,
        (
            vec!["e3".into(), "e2".into(), "e4".into()],
            vec!["".into(), "".into(), "".into()],
            None
        )
    );
    neo.purge_tenant(&t).await.expect("purge");
}
