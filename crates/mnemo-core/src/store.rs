//! The `GraphStore` trait every backend implements, and its query and report types.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use crate::{
    Document, Entity, EntityKey, Episode, EpisodeNeighbours, KvEntry, MentionEvent, Result,
    Subgraph, Tenant, WriteBatch, WriteReport,
};

/// Deepest neighbourhood a store must serve.
pub const MAX_DEPTH: u8 = 2;

/// A neighbourhood request: everything within `depth` hops of the seeds, in both edge directions.
///
/// At hop `h` (1-based) each frontier entity expands at most `fanout[h-1]` of its edges, chosen
/// highest-ranked first: by fact mentions, then confidence, then last_seen (all descending), then by
/// (subject, rel_type, object) ascending so results are deterministic. `max_facts` caps the total.
/// Cost therefore depends on the caps, not on the size of the graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NeighbourhoodQuery {
    pub seeds: Vec<EntityKey>,
    /// 1 or 2.
    pub depth: u8,
    /// Per-hop fan-out caps; a missing entry repeats the last one.
    pub fanout: Vec<usize>,
    pub max_facts: usize,
}

impl NeighbourhoodQuery {
    pub fn new(seeds: Vec<EntityKey>) -> Self {
        NeighbourhoodQuery {
            seeds,
            depth: 2,
            fanout: vec![32, 8],
            max_facts: 512,
        }
    }

    /// The fan-out cap of hop `hop` (1-based).
    pub fn fanout_at(&self, hop: u8) -> usize {
        let i = usize::from(hop.max(1) - 1);
        self.fanout
            .get(i)
            .or(self.fanout.last())
            .copied()
            .unwrap_or(0)
    }
}

/// Order for `top_entities`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntityOrder {
    /// Most mentions first, then most recent, then key.
    MostMentioned,
    /// Most recently seen first, then most mentions, then key.
    MostRecent,
}

/// Counts for one tenant.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreStats {
    pub entities: u64,
    pub facts: u64,
    pub episodes: u64,
    pub documents: u64,
    pub mentions: u64,
}

/// An episode found by full-text search, with its relevance (BM25-class; comparable only within
/// one answer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextHit {
    pub episode: String,
    pub score: f32,
}

/// The entities an episode mentions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EpisodeEntities {
    pub episode: String,
    pub entities: Vec<EntityKey>,
}

/// Most hits a text search returns, whatever the caller asks.
pub const MAX_TEXT_HITS: usize = 1000;

/// Most thread neighbours read on each side of an episode, whatever the caller asks.
pub const MAX_NEIGHBOUR_WINDOW: usize = 50;

/// What a delete removed. The API serves it as it is (schema `DeleteView`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeleteView))]
pub struct DeleteReport {
    pub episodes: u64,
    pub documents: u64,
    /// Entities removed because no episode mentions them any more.
    pub entities: u64,
    /// Facts removed because no episode states them any more.
    pub facts: u64,
}

/// A knowledge-graph backend. Every method is scoped to one tenant and never sees another's data.
///
/// Contract (checked by `mnemo_store::conformance`):
/// - `write` validates the batch first and is atomic (all or nothing) and idempotent.
/// - Aggregates (entity mentions/first/last seen, fact mentions/episodes/confidence) are kept
///   consistent by `write` and the deletes.
/// - Deleting an episode removes its mentions and its support for facts; facts and entities left with
///   no supporting episode are removed.
#[async_trait]
pub trait GraphStore: Send + Sync + std::fmt::Debug {
    /// A short backend name for logs and stats ("embedded", "neo4j").
    fn backend(&self) -> &'static str;

    /// Writes a batch atomically and idempotently.
    async fn write(&self, tenant: &Tenant, batch: &WriteBatch) -> Result<WriteReport>;

    /// Writes several batches, each atomic and idempotent as with `write`, returning one report per
    /// batch in order. Every batch is validated before anything is written, so one invalid batch
    /// fails the call with nothing written. A store may commit the batches together (one
    /// transaction, one fsync) — then a failure leaves none of them written; the default writes
    /// them one by one, so a failure part-way leaves the earlier ones written. Either way no batch
    /// is ever half written, and retrying the whole call is safe.
    async fn write_many(
        &self,
        tenant: &Tenant,
        batches: &[WriteBatch],
    ) -> Result<Vec<WriteReport>> {
        for b in batches {
            b.validate()?;
        }
        let mut reports = Vec::with_capacity(batches.len());
        for b in batches {
            reports.push(self.write(tenant, b).await?);
        }
        Ok(reports)
    }

    /// Writes a batch and key-value entries of namespace `ns` in **one** transaction: both land
    /// or neither does, whatever kills the process in between. Both are validated first. The batch
    /// may be a no-op (its episode already stored): the entries are still written.
    ///
    /// Why a method of its own: a memory record (`mnemo-records`) is an episode plus its metadata,
    /// indexes, links and audit entry in the key-value records; written as two transactions, a
    /// crash between them left episodes that record listings, links and pruning never see. There
    /// is deliberately no default (a default could only write twice).
    async fn write_with_kv(
        &self,
        tenant: &Tenant,
        batch: &WriteBatch,
        ns: &str,
        entries: &[KvEntry],
    ) -> Result<WriteReport>;

    /// Entities with exactly these keys (missing keys are left out), in key order.
    async fn get_entities(&self, tenant: &Tenant, keys: &[EntityKey]) -> Result<Vec<Entity>>;

    /// Entities whose key or canonical alias equals one of `keys` (exact canonical match).
    /// Returns (the matched key, entity) pairs; a key may match several entities through aliases.
    async fn lookup_names(&self, tenant: &Tenant, keys: &[String])
        -> Result<Vec<(String, Entity)>>;

    /// Entities whose name or an alias contains one of the given canonical tokens (whole words),
    /// at most `limit`, most mentioned first. For token-overlap and fuzzy linking.
    async fn find_by_tokens(
        &self,
        tenant: &Tenant,
        tokens: &[String],
        limit: usize,
    ) -> Result<Vec<Entity>>;

    /// The capped neighbourhood of the seeds (see `NeighbourhoodQuery`). Seeds that do not exist are
    /// ignored. The result holds every entity at an end of a returned fact, plus the existing seeds.
    async fn neighbourhood(&self, tenant: &Tenant, query: &NeighbourhoodQuery) -> Result<Subgraph>;

    /// The top `limit` entities in the given order.
    async fn top_entities(
        &self,
        tenant: &Tenant,
        order: EntityOrder,
        limit: usize,
    ) -> Result<Vec<Entity>>;

    /// The memory stream of one entity: its mention events, newest first, at most `limit`.
    async fn mentions_of(
        &self,
        tenant: &Tenant,
        key: &EntityKey,
        limit: usize,
    ) -> Result<Vec<MentionEvent>>;

    /// Full-text search over the tenant's episode text: the episodes best matching `query`, best
    /// first, ties by episode id, at most `limit` (capped at `MAX_TEXT_HITS`). English words,
    /// stemmed and folded (case, accents), stop words ignored; the query is plain text, never query
    /// syntax, so any text is accepted: one with no searchable word finds nothing. The index behind
    /// it is derived from the episodes and follows every write and delete.
    async fn search_text(&self, tenant: &Tenant, query: &str, limit: usize)
        -> Result<Vec<TextHit>>;

    /// `search_text` among the episodes that name something, for each of `names` in order: the
    /// episodes whose text holds every searchable word of the name (the speaker does not count),
    /// ranked by BM25 over the name's words and the query's, at most `limit` each; none for a
    /// name with no searchable word. The name's postings bound the work, however common the
    /// query's words are; a multi-hop search asks one list per bridge entity in one call.
    async fn search_text_naming(
        &self,
        tenant: &Tenant,
        names: &[String],
        query: &str,
        limit: usize,
    ) -> Result<Vec<Vec<TextHit>>>;

    /// For each of `ids` (missing ones left out, in the order asked), its nearest neighbours in its
    /// thread (`Episode::thread`: its session, else its document, else for a turn with a speaker
    /// the tenant's conversation; an episode with none of these has no neighbours): up to `window`
    /// (capped at `MAX_NEIGHBOUR_WINDOW`) episodes just before and just after it by time (ties:
    /// document chunks by position, others in an order each store keeps stable). A question and its answer
    /// are often two turns, a fact and its subject's name two chunks.
    async fn episode_neighbours(
        &self,
        tenant: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<EpisodeNeighbours>>;

    /// The entities each of `ids` mentions (missing ids left out, in the order asked; keys in key
    /// order): the episode side of the memory stream, for ranking episodes by the graph.
    async fn episode_entities(
        &self,
        tenant: &Tenant,
        ids: &[String],
    ) -> Result<Vec<EpisodeEntities>>;

    /// `search_text` and, for its hits, `episode_entities`: what a search reads first, in one
    /// call. A store that can answer both in one round trip (Neo4j: one statement) overrides it;
    /// the answer is the same as the two calls'.
    async fn search_text_entities(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
        let hits = self.search_text(tenant, query, limit).await?;
        let ids: Vec<String> = hits.iter().map(|h| h.episode.clone()).collect();
        let entities = self.episode_entities(tenant, &ids).await?;
        Ok((hits, entities))
    }

    /// Episodes with these ids (missing ids left out), in the order asked.
    async fn get_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>>;

    /// As `get_episodes`, for readers of texts (searches), which never show an episode's hash:
    /// `content_hash` may come back empty, sparing a store that does not keep it (an in-memory
    /// store recomputes it) the work.
    async fn get_episode_texts(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.get_episodes(tenant, ids).await
    }

    /// A document by id.
    async fn get_document(&self, tenant: &Tenant, id: &str) -> Result<Option<Document>>;

    /// Deletes episodes and everything only they supported.
    async fn delete_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<DeleteReport>;

    /// Deletes a document and its episodes. `NotFound` if there is no such document.
    async fn delete_document(&self, tenant: &Tenant, id: &str) -> Result<DeleteReport>;

    /// Counts for the tenant.
    async fn stats(&self, tenant: &Tenant) -> Result<StoreStats>;

    /// The tenant's whole graph (for export). Loads everything: meant for small and medium graphs.
    async fn export(&self, tenant: &Tenant) -> Result<Subgraph>;

    // Key-value records beside the graph (see `kv.rs`). Namespaces are `[a-z0-9_]{1,64}`; every
    // call validates with `validate_kv_*` first and is scoped to the tenant like everything else.

    /// Inserts or replaces entries in one atomic transaction (all or none).
    async fn kv_put(&self, tenant: &Tenant, ns: &str, entries: &[KvEntry]) -> Result<()>;

    /// The entries with these keys (missing keys left out), in the order asked (a key asked twice
    /// is answered twice).
    async fn kv_get(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>>;

    /// Entries whose key starts with `prefix` and is strictly greater than `after` (when given),
    /// in ascending byte order of the key, at most `limit`. Paging: pass the last key seen as `after`.
    async fn kv_scan(
        &self,
        tenant: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>>;

    /// Deletes these keys atomically; returns how many distinct keys existed.
    async fn kv_delete(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<u64>;

    /// Whether the store can take writes now, beyond answering reads: a store that stopped
    /// taking them (the embedded store after its disk filled up) tries to recover first and
    /// says why it cannot (`Error::is_disk_full`). Servers call it for `/readyz`. Default: ready
    /// (a remote store's own health shows in its answers).
    async fn ready(&self) -> Result<()> {
        Ok(())
    }
}
