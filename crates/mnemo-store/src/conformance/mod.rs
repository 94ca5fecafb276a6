//! The `GraphStore` conformance suite: one async check per property of the trait contract.
//!
//! Every check takes `&dyn GraphStore`, creates its own fresh tenant and uses only the public trait,
//! so one store instance (an embedded store, or a shared Neo4j server) can run all checks in
//! parallel. Checks panic with a message naming the broken property.
//!
//! `tests/conformance` (package mnemo-tests) runs the whole suite on every store, one module per
//! store: `mnemo_store::conformance_tests!(expr);` expands to one `#[tokio::test]` per check, where
//! `expr` (evaluated inside each async test, so it may use `.await`) yields anything implementing
//! [`AsStore`]; the caller needs `tokio` as a dependency.

mod deletes;
mod event_times;
mod hostile;
mod kv;
mod kv_write;
mod neighbourhood;
mod reads;
mod text;
mod threads;
mod write_many;
mod writes;

pub use deletes::{delete_by_document, delete_by_episode, stats_counts};
pub use event_times::{event_times_per_support, event_times_validated};
pub use hostile::hostile_strings;
pub use kv::{
    kv_delete_and_validation, kv_round_trip, kv_scan_paging, kv_survive_graph_deletes,
    kv_tenant_isolation,
};
pub use kv_write::kv_with_write;
pub use neighbourhood::{
    neighbourhood_both_directions, neighbourhood_depth, neighbourhood_fanout_caps,
    neighbourhood_max_facts,
};
pub use reads::{
    export_whole_graph, find_by_tokens, get_episodes_order, lookup_names_via_aliases,
    mentions_of_newest_first, tenant_isolation, top_entities_orders,
};
pub use text::{
    text_common_words_give_way, text_follows_deletes, text_hostile_queries,
    text_idf_is_the_tenants, text_naming, text_rare_word_first, text_rewrites_never_duplicate,
    text_tenant_isolation, text_with_entities,
};
pub use threads::{
    episode_entities_read, episode_labels_round_trip, episode_neighbours_in_threads,
};
pub use write_many::{
    write_many_equals_sequential, write_many_invalid_rejects_all, write_many_rerun_writes_nothing,
};
pub use writes::{aggregates_merge, atomic_batch, document_replacement, idempotent_rewrite};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, Timestamp, WriteBatch,
};

/// Something the conformance macro can run the checks on: an `Arc` or `Box` of a store, or a pair
/// of one and a guard to keep alive (e.g. a `tempfile::TempDir`). A store crate may also implement
/// it for its own store type.
pub trait AsStore {
    fn as_store(&self) -> &dyn GraphStore;
}

impl<T: AsDyn + ?Sized> AsStore for Arc<T> {
    fn as_store(&self) -> &dyn GraphStore {
        self.as_ref().as_dyn()
    }
}

impl<T: AsDyn + ?Sized> AsStore for Box<T> {
    fn as_store(&self) -> &dyn GraphStore {
        self.as_ref().as_dyn()
    }
}

impl<S: AsStore, G> AsStore for (S, G) {
    fn as_store(&self) -> &dyn GraphStore {
        self.0.as_store()
    }
}

/// Upcasts sized and unsized stores alike to `&dyn GraphStore`.
pub trait AsDyn {
    fn as_dyn(&self) -> &dyn GraphStore;
}

impl<T: GraphStore> AsDyn for T {
    fn as_dyn(&self) -> &dyn GraphStore {
        self
    }
}

impl AsDyn for dyn GraphStore {
    fn as_dyn(&self) -> &dyn GraphStore {
        self
    }
}

/// Expands to one `#[tokio::test]` per conformance check, each running on the store `$factory`
/// yields (see [`AsStore`]). The expression is evaluated once per test.
#[macro_export]
macro_rules! conformance_tests {
    ($factory:expr) => {
        $crate::conformance_tests!(@each $factory;
            idempotent_rewrite, atomic_batch, document_replacement, aggregates_merge,
            write_many_equals_sequential, write_many_rerun_writes_nothing,
            write_many_invalid_rejects_all,
            delete_by_episode, delete_by_document, stats_counts,
            event_times_per_support, event_times_validated,
            neighbourhood_depth, neighbourhood_fanout_caps, neighbourhood_both_directions,
            neighbourhood_max_facts,
            tenant_isolation, lookup_names_via_aliases, find_by_tokens, top_entities_orders,
            mentions_of_newest_first, get_episodes_order, export_whole_graph,
            hostile_strings,
            text_rare_word_first, text_tenant_isolation, text_follows_deletes,
            text_rewrites_never_duplicate, text_hostile_queries, text_naming, text_with_entities,
            text_common_words_give_way, text_idf_is_the_tenants,
            episode_labels_round_trip, episode_neighbours_in_threads, episode_entities_read,
            kv_round_trip, kv_scan_paging, kv_delete_and_validation, kv_tenant_isolation,
            kv_survive_graph_deletes, kv_with_write);
    };
    (@each $factory:expr; $($check:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $check() {
                let handle = $factory;
                $crate::conformance::$check($crate::conformance::AsStore::as_store(&handle)).await;
            }
        )*
    };
}

/// Runs every check one after the other on one store.
pub async fn run_all(store: &dyn GraphStore) {
    idempotent_rewrite(store).await;
    atomic_batch(store).await;
    document_replacement(store).await;
    aggregates_merge(store).await;
    write_many_equals_sequential(store).await;
    write_many_rerun_writes_nothing(store).await;
    write_many_invalid_rejects_all(store).await;
    delete_by_episode(store).await;
    delete_by_document(store).await;
    stats_counts(store).await;
    event_times_per_support(store).await;
    event_times_validated(store).await;
    neighbourhood_depth(store).await;
    neighbourhood_fanout_caps(store).await;
    neighbourhood_both_directions(store).await;
    neighbourhood_max_facts(store).await;
    tenant_isolation(store).await;
    lookup_names_via_aliases(store).await;
    find_by_tokens(store).await;
    top_entities_orders(store).await;
    mentions_of_newest_first(store).await;
    get_episodes_order(store).await;
    export_whole_graph(store).await;
    hostile_strings(store).await;
    text_rare_word_first(store).await;
    text_tenant_isolation(store).await;
    text_follows_deletes(store).await;
    text_rewrites_never_duplicate(store).await;
    text_hostile_queries(store).await;
    text_naming(store).await;
    text_with_entities(store).await;
    text_common_words_give_way(store).await;
    text_idf_is_the_tenants(store).await;
    episode_labels_round_trip(store).await;
    episode_neighbours_in_threads(store).await;
    episode_entities_read(store).await;
    kv_round_trip(store).await;
    kv_scan_paging(store).await;
    kv_delete_and_validation(store).await;
    kv_tenant_isolation(store).await;
    kv_survive_graph_deletes(store).await;
    kv_with_write(store).await;
}

/// A tenant no other check, test process or earlier run uses.
pub fn fresh_tenant(check: &str) -> Tenant {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let short: String = check
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .take(24)
        .collect();
    let id = format!("conf-{short}-{:x}-{nanos:x}-{n}", std::process::id());
    Tenant::new(id).expect("generated tenant id is valid")
}

/// 2024-01-01T00:00:00Z plus `secs`.
pub(crate) fn at(secs: i64) -> Timestamp {
    chrono::Utc
        .timestamp_opt(1_704_067_200 + secs, 0)
        .single()
        .expect("valid timestamp")
}

pub(crate) fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("test names have letters")
}

pub(crate) fn entity(name: &str) -> EntityInput {
    EntityInput::named(name, EntityType::Concept).expect("test names have letters")
}

pub(crate) fn fact(s: &str, predicate: &str, o: &str, confidence: f32) -> FactInput {
    FactInput::new(key(s), predicate, key(o), confidence)
}

/// An episode created `secs` after the base time, mentioning `names` and stating `facts`
/// (subject, predicate, object; confidence 0.5).
pub(crate) fn episode(
    id: &str,
    secs: i64,
    names: &[&str],
    facts: &[(&str, &str, &str)],
) -> EpisodeWrite {
    let content = format!("content of {id}");
    EpisodeWrite {
        episode: Episode {
            id: id.to_string(),
            kind: EpisodeKind::Note,
            content_hash: content_hash(&content),
            content,
            created_at: at(secs),
            source: "conformance".to_string(),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        entities: names.iter().map(|n| entity(n)).collect(),
        facts: facts.iter().map(|(s, p, o)| fact(s, p, o, 0.5)).collect(),
    }
}

pub(crate) fn batch(episodes: Vec<EpisodeWrite>) -> WriteBatch {
    WriteBatch {
        document: None,
        episodes,
    }
}

/// Writes a batch and fails the check if the store refuses it.
pub(crate) async fn write(
    store: &dyn GraphStore,
    tenant: &Tenant,
    b: &WriteBatch,
) -> mnemo_core::WriteReport {
    store
        .write(tenant, b)
        .await
        .expect("store rejected a valid batch")
}

pub(crate) async fn mentions(store: &dyn GraphStore, tenant: &Tenant, name: &str) -> Option<u64> {
    let found = store
        .get_entities(tenant, &[key(name)])
        .await
        .expect("get_entities");
    found.first().map(|e| e.mentions)
}

/// (subject, rel_type, object) of every fact of a subgraph, sorted, as plain strings.
pub(crate) fn fact_ids(facts: &[mnemo_core::Fact]) -> Vec<(String, String, String)> {
    let mut ids: Vec<_> = facts
        .iter()
        .map(|f| {
            (
                f.subject.to_string(),
                f.rel_type.to_string(),
                f.object.to_string(),
            )
        })
        .collect();
    ids.sort();
    ids
}

pub(crate) fn entity_keys(entities: &[mnemo_core::Entity]) -> Vec<String> {
    let mut keys: Vec<String> = entities.iter().map(|e| e.key.to_string()).collect();
    keys.sort();
    keys
}
