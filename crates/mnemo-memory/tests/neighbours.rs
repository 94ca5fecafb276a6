//! Thread neighbours of the best text hits: a conversation's next turn inherits a hit's relevance
//! (a reply shares few words with its question), a document's next chunk does not by default (the
//! hit already brings its document in; an inheriting chunk would take another source's place).

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, Document, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant, Timestamp,
    WriteBatch,
};
use mnemo_memory::{search, SearchConfig};
use mnemo_store::EmbeddedStore;

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
        .single()
        .expect("valid date")
}

fn episode(id: &str, minute: i64, text: &str, doc: Option<&str>, session: Option<&str>) -> Episode {
    Episode {
        id: id.to_string(),
        kind: if session.is_some() {
            EpisodeKind::Interaction
        } else {
            EpisodeKind::External
        },
        content: text.to_string(),
        created_at: now() - Duration::days(1) + Duration::minutes(minute),
        source: doc.unwrap_or("chat").to_string(),
        content_hash: content_hash(text),
        document_id: doc.map(str::to_string),
        span: None,
        speaker: session.map(|_| if minute % 2 == 0 { "Ana" } else { "Ben" }.to_string()),
        session: session.map(str::to_string),
    }
}

async fn write(store: &EmbeddedStore, tenant: &Tenant, doc: Option<&str>, eps: Vec<Episode>) {
    let batch = WriteBatch {
        document: doc.map(|d| Document {
            id: d.to_string(),
            source: d.to_string(),
            content_hash: content_hash(d),
            created_at: now() - Duration::days(1),
        }),
        episodes: eps
            .into_iter()
            .map(|episode| EpisodeWrite {
                episode,
                entities: Vec::new(),
                facts: Vec::new(),
            })
            .collect(),
    };
    store.write(tenant, &batch).await.expect("write");
}

/// A long document whose first chunk matches the query best, its two unrelated later chunks, and
/// two one-chunk documents that match it less.
async fn documents() -> (EmbeddedStore, Tenant) {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    write(
        &store,
        &tenant,
        Some("atlas"),
        vec![
            episode(
                "atlas:0",
                0,
                "The quasar survey used the Keck telescope on Mauna Kea.",
                Some("atlas"),
                None,
            ),
            episode(
                "atlas:1",
                1,
                "Funding came from several private donors over many years.",
                Some("atlas"),
                None,
            ),
            episode(
                "atlas:2",
                2,
                "The staff later moved to a new building downtown.",
                Some("atlas"),
                None,
            ),
        ],
    )
    .await;
    write(
        &store,
        &tenant,
        Some("beacon"),
        vec![episode(
            "beacon:0",
            3,
            "A quasar is a very bright galactic nucleus.",
            Some("beacon"),
            None,
        )],
    )
    .await;
    write(
        &store,
        &tenant,
        Some("cobalt"),
        vec![episode(
            "cobalt:0",
            4,
            "A telescope gathers faint light from space.",
            Some("cobalt"),
            None,
        )],
    )
    .await;
    (store, tenant)
}

fn cited(res: &mnemo_memory::SearchResult) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in &res.provenance {
        if !out.contains(&p.episode_id) {
            out.push(p.episode_id.clone());
        }
    }
    out
}

#[tokio::test]
async fn a_documents_next_chunk_does_not_push_out_other_documents() {
    let (store, tenant) = documents().await;
    let q = "Which telescope did the quasar survey use?";
    let cfg = SearchConfig {
        max_snippets: 3,
        ..SearchConfig::default()
    };
    let res = search(&store, &tenant, q, &cfg, &[], now())
        .await
        .expect("search");
    assert!(res.hit);
    assert_eq!(cited(&res)[..3], ["atlas:0", "beacon:0", "cobalt:0"]);

    // With inheritance between chunks (the old behaviour), the hit's neighbours outrank the
    // other documents' weaker hits.
    let inherit = SearchConfig {
        document_neighbour_weight: 6.0,
        ..cfg
    };
    let res = search(&store, &tenant, q, &inherit, &[], now())
        .await
        .expect("search");
    let top = cited(&res);
    assert_eq!(top[0], "atlas:0");
    assert!(top[..3].contains(&"atlas:1".to_string()), "{top:?}");
}

#[tokio::test]
async fn a_conversations_next_turn_still_inherits_from_a_hit() {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    write(
        &store,
        &tenant,
        None,
        vec![
            episode(
                "t0",
                0,
                "We finished the quasar survey with the Keck telescope.",
                None,
                Some("s1"),
            ),
            episode(
                "t1",
                1,
                "That was last Friday, after three cloudy nights.",
                None,
                Some("s1"),
            ),
            episode("t2", 2, "Lunch was noodles again.", None, Some("s1")),
            episode("t3", 3, "My old telescope broke.", None, Some("s2")),
            episode("t4", 4, "A quasar is very bright.", None, Some("s2")),
        ],
    )
    .await;
    let cfg = SearchConfig {
        max_snippets: 3,
        ..SearchConfig::default()
    };
    let res = search(
        &store,
        &tenant,
        "When did the quasar survey with the telescope end?",
        &cfg,
        &[],
        now(),
    )
    .await
    .expect("search");
    let top = cited(&res);
    assert!(
        top[..3].contains(&"t1".to_string()),
        "the reply is among the best: {top:?}"
    );

    let none = SearchConfig {
        neighbour_weight: 0.0,
        ..cfg
    };
    let res = search(
        &store,
        &tenant,
        "When did the quasar survey with the telescope end?",
        &none,
        &[],
        now(),
    )
    .await
    .expect("search");
    let top = cited(&res);
    assert!(
        !top[..3.min(top.len())].contains(&"t1".to_string()) || top.len() < 3,
        "{top:?}"
    );
}
