//! mnemo-store: the embedded `GraphStore` (a petgraph graph per tenant in memory, durable in redb)
//! and, behind the `test-utils` feature, the conformance suite every `GraphStore` must pass (run on
//! every store by `tests/conformance`).
//!
//! Writes are planned against the current graph under a read lock, committed to disk (when there is
//! one), and only then applied to memory under a short write lock, so readers run in parallel and a
//! failed commit leaves memory untouched. Writers are serialized by a mutex. The trait methods are
//! `async` but do their work inline; the fsync of a durable write runs in `block_in_place` when on a
//! multi-threaded tokio runtime.
//!
//! Semantics beyond the trait docs:
//! - Entity attributes are sticky: the first name stays; the type changes only to a more specific
//!   one; aliases are the union (capped at `MAX_ALIASES`, earliest kept) of every other surface
//!   form, including a differing input name. Deleting an episode does not take them back. A fact's
//!   wording is the first one seen.
//! - `neighbourhood`: each frontier entity contributes the first `fanout` edges of its rank-sorted
//!   adjacency (edges already selected count against it); facts come back in selection order (hop,
//!   then seed order, then rank), entities in key order.
//! - Ties in `mentions_of` and `Fact::episodes` break by episode id.
//! - Key-value records (`kv.rs`) live beside the graph, in memory or in the redb file's `kv` table,
//!   and are untouched by graph writes and deletes.
//!
//! Footprint (`cargo run --release -p mnemo-store --example footprint -- 1000000 DIR
//! --texts-on-disk`): about 215 bytes of RSS per fact at 1M facts for a durable store with its
//! episode texts left on disk (`EmbeddedOptions::texts_in_memory = false`), about 230 in memory, a
//! depth-2 neighbourhood of a 100k-edge hub in about 0.15 ms (2026-11-24, glibc malloc). By default
//! a durable store keeps its texts in memory, as the in-memory store does (255 bytes per fact in
//! the same example, 2026-11-27); `mnemo-bench latency --store durable | durable-texts-on-disk`
//! measures searches either way. `EmbeddedStore::heap_breakdown` says what the bytes are made of.

mod apply;
mod body;
mod disk_full;
mod fold;
mod footprint;
mod graph;
mod group;
mod handles;
mod index;
#[cfg(test)]
mod invariants;
mod kv;
mod persist;
mod plan;
mod query;
mod records;
mod recover;
mod supports;
mod text;
mod text_sync;
mod top;

#[cfg(feature = "test-utils")]
pub mod conformance;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, RwLock, RwLockReadGuard};

use async_trait::async_trait;
use mnemo_core::{
    DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode, EpisodeEntities,
    EpisodeNeighbours, Error, GraphStore, KvEntry, MentionEvent, NeighbourhoodQuery, Result,
    StoreStats, Subgraph, Tenant, TextHit, WriteBatch, WriteReport,
};

use crate::graph::TenantGraph;
use crate::group::GroupPlan;
use crate::handles::Slot;
use crate::plan::Plan;

type Tenants = HashMap<String, TenantGraph>;

/// The embedded store. Cheap to share behind an `Arc`; all methods take `&self`.
#[derive(Debug)]
pub struct EmbeddedStore {
    tenants: RwLock<Tenants>,
    writer: Mutex<()>,
    /// Key-value records of an in-memory store (a durable one keeps them in its redb file).
    kv: kv::MemoryKv,
    /// None for an in-memory store.
    disk: Option<persist::Disk>,
    /// The full-text index over episode text, derived from the episodes (`text.rs`, kept in step
    /// by `text_sync.rs`).
    text: text::TextIndex,
}

impl Default for EmbeddedStore {
    fn default() -> Self {
        EmbeddedStore {
            tenants: RwLock::default(),
            writer: Mutex::default(),
            kv: kv::MemoryKv::default(),
            disk: None,
            // Creating an index in memory touches no file and takes no lock that can be held.
            text: text::TextIndex::in_ram().expect("an index in memory always opens"),
        }
    }
}

/// How a durable store is kept in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmbeddedOptions {
    /// Keep every episode's text and metadata in memory beside the graph (the default), so a
    /// search never reads the file: searches at 1M facts run about as fast as on the in-memory
    /// store (docs/benchmarks.md). Off, texts are read back from the redb file when a search needs
    /// them, for stores whose texts would not fit in memory, at a cost per search.
    pub texts_in_memory: bool,
}

impl Default for EmbeddedOptions {
    fn default() -> Self {
        EmbeddedOptions {
            texts_in_memory: true,
        }
    }
}

/// The text index's folder inside a durable store's directory.
pub const TEXT_INDEX_DIR: &str = "text-index";

pub use persist::FILE_NAME;

/// Runs blocking disk work; on a multi-threaded tokio runtime the worker first hands its other
/// tasks to other workers, so an fsync does not stall them.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(h) if h.runtime_flavor() == RuntimeFlavor::MultiThread => tokio::task::block_in_place(f),
        _ => f(),
    }
}

fn poisoned<T>(_: T) -> Error {
    Error::Internal("a previous write panicked; the store must be reopened".into())
}

impl EmbeddedStore {
    /// The stored episodes among `ids`, in the order asked. From memory, the content hash is left
    /// empty without `hashed` (`Body::episode`); from disk, it is read as stored either way.
    fn read_episodes(&self, tenant: &Tenant, ids: &[String], hashed: bool) -> Result<Vec<Episode>> {
        let disk = match &self.disk {
            Some(disk) if !disk.keeps_bodies() => disk,
            _ => {
                return self.with_tenant(tenant, Vec::new(), |g| {
                    ids.iter()
                        .filter_map(|id| g.episode_slot(id))
                        .filter_map(|s| g.episode_body(s, hashed))
                        .collect()
                })
            }
        };
        let seqs = self.with_tenant(tenant, Vec::new(), |g| {
            ids.iter()
                .filter_map(|id| g.episode_slot(id))
                .map(|s| g.ep(s).seq)
                .collect::<Vec<u64>>()
        })?;
        blocking(|| disk.episodes(tenant.as_str(), &seqs))
    }

    /// A store that lives in memory only (tests, benchmarks).
    pub fn in_memory() -> Self {
        EmbeddedStore::default()
    }

    /// Opens the durable store in `dir` (created if missing) and loads it into memory, with the
    /// default options (episode texts kept in memory too).
    ///
    /// Errors: `Corrupt` (naming the file) for a damaged, foreign or newer-format file;
    /// `Unavailable` when another process has the store open or the directory cannot be created.
    pub fn open(dir: &Path) -> Result<Self> {
        Self::open_with(dir, EmbeddedOptions::default())
    }

    /// Opens the durable store in `dir` with `options`; errors as [`EmbeddedStore::open`].
    pub fn open_with(dir: &Path, options: EmbeddedOptions) -> Result<Self> {
        let (disk, tenants) = persist::Disk::open(dir, options.texts_in_memory)?;
        let (text, payload) = text::TextIndex::open(&dir.join(TEXT_INDEX_DIR))?;
        let store = EmbeddedStore {
            tenants: RwLock::new(tenants),
            writer: Mutex::new(()),
            kv: kv::MemoryKv::default(),
            disk: Some(disk),
            text,
        };
        store.check_text(payload.as_deref())?;
        Ok(store)
    }

    /// True when writes go to disk.
    pub fn is_durable(&self) -> bool {
        self.disk.is_some()
    }

    /// Whether episode bodies live in memory: always in an in-memory store; in a durable one unless
    /// it was opened with `texts_in_memory: false`, and then reads fetch them from the file.
    fn keeps_bodies(&self) -> bool {
        self.disk.as_ref().is_none_or(persist::Disk::keeps_bodies)
    }

    fn read(&self) -> Result<RwLockReadGuard<'_, Tenants>> {
        self.tenants.read().map_err(poisoned)
    }

    /// Runs `f` on the tenant's graph, or returns `empty` when the tenant has no data.
    fn with_tenant<T>(
        &self,
        tenant: &Tenant,
        empty: T,
        f: impl FnOnce(&TenantGraph) -> T,
    ) -> Result<T> {
        let tenants = self.read()?;
        Ok(match tenants.get(tenant.as_str()) {
            Some(g) => f(g),
            None => empty,
        })
    }

    /// Plans a change under the read lock, then applies it under the write lock.
    fn change<'a>(
        &self,
        tenant: &Tenant,
        plan: impl FnOnce(Option<&TenantGraph>) -> Result<Plan<'a>>,
    ) -> Result<apply::Applied> {
        let writer = self.writer.lock().map_err(poisoned)?;
        self.recover(&writer)?;
        let plan = {
            let tenants = self.read()?;
            plan(tenants.get(tenant.as_str()))?
        };
        if plan.is_noop() {
            return Ok(apply::Applied {
                write: WriteReport {
                    episodes_skipped: plan.skipped,
                    ..WriteReport::default()
                },
                ..apply::Applied::default()
            });
        }
        let mut gen = 0;
        if let Some(disk) = &self.disk {
            // Memory changes only after the commit succeeded, so a failed write changes nothing.
            gen = blocking(|| disk.commit(tenant.as_str(), &plan, None))?;
        }
        let applied = {
            let mut tenants = self.tenants.write().map_err(poisoned)?;
            let g = tenants.entry(tenant.as_str().to_string()).or_default();
            g.apply(&plan, self.keeps_bodies())
        };
        blocking(|| self.index_text(tenant, &plan, gen));
        Ok(applied)
    }

    /// Validates every batch, plans them in order as one change, commits it (with the key-value
    /// entries `kv`, when given, in the same transaction) and applies it.
    fn write_group(
        &self,
        tenant: &Tenant,
        batches: &[WriteBatch],
        kv: Option<persist::KvPut<'_>>,
    ) -> Result<Vec<WriteReport>> {
        for b in batches {
            b.validate()?;
        }
        if let Some((ns, entries)) = kv {
            mnemo_core::validate_kv_put(ns, entries)?;
        }
        let kv = kv.filter(|(_, entries)| !entries.is_empty());
        if batches.is_empty() && kv.is_none() {
            return Ok(Vec::new());
        }
        let writer = self.writer.lock().map_err(poisoned)?;
        self.recover(&writer)?;
        let GroupPlan { plan, reports } = {
            let tenants = self.read()?;
            group::plan_group(tenants.get(tenant.as_str()), batches)
        };
        if plan.is_noop() && kv.is_none() {
            return Ok(reports);
        }
        let mut gen = 0;
        if let Some(disk) = &self.disk {
            // Memory changes only after the commit succeeded, so a failed write changes nothing.
            gen = blocking(|| disk.commit(tenant.as_str(), &plan, kv))?;
        } else if let Some((ns, entries)) = kv {
            // In memory nothing can crash between the two; the writer lock keeps them together.
            self.kv().put(tenant, ns, entries)?;
        }
        if plan.is_noop() {
            return Ok(reports);
        }
        let applied = {
            let mut tenants = self.tenants.write().map_err(poisoned)?;
            let g = tenants.entry(tenant.as_str().to_string()).or_default();
            g.apply(&plan, self.keeps_bodies())
        };
        blocking(|| self.index_text(tenant, &plan, gen));
        if batches.len() == 1 {
            // The planner predicts what applying does; a single write checks the two agree.
            debug_assert_eq!(
                WriteReport {
                    episodes_skipped: reports[0].episodes_skipped,
                    ..applied.write
                },
                reports[0],
                "planned and applied write reports differ"
            );
        }
        Ok(reports)
    }

    fn kv(&self) -> kv::Kv<'_> {
        match &self.disk {
            Some(d) => kv::Kv::Durable(d),
            None => kv::Kv::Memory(&self.kv),
        }
    }

    /// Rough heap use of the in-memory graphs, in bytes (structures only, not allocator overhead).
    pub fn approx_heap_bytes(&self) -> usize {
        self.read()
            .map(|t| t.values().map(TenantGraph::approx_heap_bytes).sum())
            .unwrap_or(0)
    }

    /// Estimated heap bytes of the in-memory graphs per structure (summed over tenants), to see
    /// what a store's memory is made of. Allocator overhead and freed-but-kept memory not included.
    pub fn heap_breakdown(&self) -> Vec<(&'static str, usize)> {
        let mut out: Vec<(&'static str, usize)> = Vec::new();
        if let Ok(tenants) = self.read() {
            for g in tenants.values() {
                for (i, (name, bytes)) in g.heap_breakdown().into_iter().enumerate() {
                    match out.get_mut(i) {
                        Some(slot) => slot.1 += bytes,
                        None => out.push((name, bytes)),
                    }
                }
            }
        }
        if self.disk.is_none() {
            // The in-memory store's text index lives in the heap too.
            out.extend(self.text.space_usage());
        }
        out
    }
}

#[async_trait]
impl GraphStore for EmbeddedStore {
    fn backend(&self) -> &'static str {
        "embedded"
    }

    async fn write(&self, tenant: &Tenant, batch: &WriteBatch) -> Result<WriteReport> {
        let mut reports = self.write_group(tenant, std::slice::from_ref(batch), None)?;
        Ok(reports.pop().unwrap_or_default())
    }

    /// One redb transaction for the batch and the entries (in memory: under the writer lock).
    async fn write_with_kv(
        &self,
        tenant: &Tenant,
        batch: &WriteBatch,
        ns: &str,
        entries: &[KvEntry],
    ) -> Result<WriteReport> {
        let mut reports =
            self.write_group(tenant, std::slice::from_ref(batch), Some((ns, entries)))?;
        Ok(reports.pop().unwrap_or_default())
    }

    /// One transaction (one fsync) for all the batches; see `group.rs`.
    async fn write_many(
        &self,
        tenant: &Tenant,
        batches: &[WriteBatch],
    ) -> Result<Vec<WriteReport>> {
        self.write_group(tenant, batches, None)
    }

    async fn get_entities(&self, tenant: &Tenant, keys: &[EntityKey]) -> Result<Vec<Entity>> {
        self.with_tenant(tenant, Vec::new(), |g| g.get_entities(keys))
    }

    async fn lookup_names(
        &self,
        tenant: &Tenant,
        keys: &[String],
    ) -> Result<Vec<(String, Entity)>> {
        self.with_tenant(tenant, Vec::new(), |g| g.lookup_names(keys))
    }

    async fn find_by_tokens(
        &self,
        tenant: &Tenant,
        tokens: &[String],
        limit: usize,
    ) -> Result<Vec<Entity>> {
        self.with_tenant(tenant, Vec::new(), |g| g.find_by_tokens(tokens, limit))
    }

    async fn neighbourhood(&self, tenant: &Tenant, query: &NeighbourhoodQuery) -> Result<Subgraph> {
        if query.depth == 0 || query.depth > mnemo_core::MAX_DEPTH {
            return Err(Error::InvalidInput(format!(
                "neighbourhood depth {} outside 1..={}",
                query.depth,
                mnemo_core::MAX_DEPTH
            )));
        }
        self.with_tenant(tenant, Subgraph::default(), |g| g.neighbourhood(query))
    }

    async fn top_entities(
        &self,
        tenant: &Tenant,
        order: EntityOrder,
        limit: usize,
    ) -> Result<Vec<Entity>> {
        self.with_tenant(tenant, Vec::new(), |g| g.top_entities(order, limit))
    }

    async fn mentions_of(
        &self,
        tenant: &Tenant,
        key: &EntityKey,
        limit: usize,
    ) -> Result<Vec<MentionEvent>> {
        self.with_tenant(tenant, Vec::new(), |g| g.mentions_of(key, limit))
    }

    async fn get_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.read_episodes(tenant, ids, true)
    }

    async fn get_episode_texts(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.read_episodes(tenant, ids, false)
    }

    async fn search_text(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<Vec<TextHit>> {
        self.text_hits(tenant, query, limit).await
    }

    async fn search_text_naming(
        &self,
        tenant: &Tenant,
        names: &[String],
        query: &str,
        limit: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.text_hits_naming(tenant, names, query, limit)
    }

    async fn episode_entities(
        &self,
        tenant: &Tenant,
        ids: &[String],
    ) -> Result<Vec<EpisodeEntities>> {
        self.with_tenant(tenant, Vec::new(), |g| g.episode_entities(ids))
    }

    async fn episode_neighbours(
        &self,
        tenant: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<EpisodeNeighbours>> {
        self.with_tenant(tenant, Vec::new(), |g| g.episode_neighbours(ids, window))
    }

    async fn get_document(&self, tenant: &Tenant, id: &str) -> Result<Option<Document>> {
        self.with_tenant(tenant, None, |g| g.documents.get(id).cloned())
    }

    async fn delete_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        let applied = self.change(tenant, |g| {
            let Some(g) = g else {
                return Ok(Plan::default());
            };
            let mut slots: Vec<Slot> = ids.iter().filter_map(|id| g.episode_slot(id)).collect();
            slots.sort_unstable();
            slots.dedup();
            Ok(Plan::delete(g, &slots, None))
        })?;
        Ok(applied.delete)
    }

    async fn delete_document(&self, tenant: &Tenant, id: &str) -> Result<DeleteReport> {
        let applied = self.change(tenant, |g| match g {
            Some(g) if g.documents.contains_key(id) => {
                let slots = g.doc_episodes.get(id).cloned().unwrap_or_default();
                Ok(Plan::delete(g, &slots, Some(id.to_string())))
            }
            _ => Err(Error::NotFound(format!(
                "document {id:?} in tenant {tenant}"
            ))),
        })?;
        Ok(applied.delete)
    }

    async fn stats(&self, tenant: &Tenant) -> Result<StoreStats> {
        self.with_tenant(tenant, StoreStats::default(), TenantGraph::stats)
    }

    async fn export(&self, tenant: &Tenant) -> Result<Subgraph> {
        self.with_tenant(tenant, Subgraph::default(), TenantGraph::export)
    }

    async fn kv_put(&self, tenant: &Tenant, ns: &str, entries: &[KvEntry]) -> Result<()> {
        blocking(|| {
            self.recover_now()?;
            self.kv().put(tenant, ns, entries)
        })
    }

    /// Not ready while the store file needs reopening after a failed write and cannot be reopened
    /// yet (a disk still full); reopening it when it can.
    async fn ready(&self) -> Result<()> {
        blocking(|| self.recover_now())
    }

    async fn kv_get(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>> {
        self.kv().get(tenant, ns, keys)
    }

    async fn kv_scan(
        &self,
        tenant: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        self.kv().scan(tenant, ns, prefix, after, limit)
    }

    async fn kv_delete(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<u64> {
        blocking(|| {
            self.recover_now()?;
            self.kv().delete(tenant, ns, keys)
        })
    }
}

#[cfg(feature = "test-utils")]
impl conformance::AsStore for EmbeddedStore {
    fn as_store(&self) -> &dyn GraphStore {
        self
    }
}
