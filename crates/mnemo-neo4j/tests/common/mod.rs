//! Shared set-up of the tests that need a real Neo4j: the server named by `NEO4J_TEST_URI`.

#![allow(dead_code)]

pub mod proxy;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, WriteBatch,
};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};

/// The URI of the test server, or `None` (with a notice) when it is not set outside CI. In CI
/// (`CI=true`) a missing server is a failure, never a silent skip.
pub fn test_uri() -> Option<String> {
    mnemo_neo4j::test_server_uri("a Neo4j test")
}

pub fn config(uri: &str) -> Neo4jConfig {
    Neo4jConfig {
        user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        max_connections: 4,
        ..Neo4jConfig::with_uri(uri)
    }
}

/// A connected store, or `None` when the tests should be skipped (see [`test_uri`]).
pub async fn store() -> Option<Neo4jStore> {
    let uri = test_uri()?;
    Some(
        Neo4jStore::connect(config(&uri))
            .await
            .unwrap_or_else(|e| panic!("cannot connect to the Neo4j test server at {uri}: {e}")),
    )
}

/// Writes `episodes` (no document) as one batch.
pub async fn write(store: &Neo4jStore, t: &Tenant, episodes: Vec<EpisodeWrite>) {
    store
        .write(
            t,
            &WriteBatch {
                document: None,
                episodes,
            },
        )
        .await
        .expect("write");
}

/// A tenant no other test or run uses (`prefix-tag-pid-nanos`), so tests share a server safely.
pub fn unique_tenant(prefix: &str, tag: &str) -> Tenant {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Tenant::new(format!("{prefix}-{tag}-{}-{nanos:x}", std::process::id())).expect("tenant")
}

/// A note episode `id`, `secs` seconds after a fixed instant, with content made from its id.
pub fn note(id: &str, secs: i64, source: &str) -> Episode {
    let content = format!("content of {id}");
    Episode {
        id: id.into(),
        kind: EpisodeKind::Note,
        content_hash: content_hash(&content),
        content,
        created_at: chrono::Utc
            .timestamp_opt(1_700_000_000 + secs, 0)
            .single()
            .expect("ts"),
        source: source.into(),
        document_id: None,
        span: None,
        speaker: None,
        session: None,
    }
}

/// `episode` stating `facts` (subject, predicate, object, confidence 0.5) between the people they
/// name, each person once.
pub fn stating(episode: Episode, facts: &[(&str, &str, &str)]) -> EpisodeWrite {
    let key = |n: &str| EntityKey::from_name(n).expect("name");
    let mut names: Vec<&str> = facts.iter().flat_map(|(s, _, o)| [*s, *o]).collect();
    names.sort_unstable();
    names.dedup();
    EpisodeWrite {
        episode,
        entities: names
            .iter()
            .map(|n| EntityInput::named(n, EntityType::Person).expect("name"))
            .collect(),
        facts: facts
            .iter()
            .map(|(s, p, o)| FactInput::new(key(s), p, key(o), 0.5))
            .collect(),
    }
}
