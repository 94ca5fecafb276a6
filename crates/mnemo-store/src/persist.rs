//! Durability of the embedded store in one redb file.
//!
//! Why redb as the source of truth rather than a hand-made log: one write transaction per plan gives
//! all-or-nothing batches and a `commit` that returns only after fsync, so an acknowledged write
//! survives `kill -9` and a crash mid-write leaves the previous state; its checksums and file lock
//! give corruption detection and single-process ownership without code of ours. The file holds the
//! inputs (episodes with their extracted entities and facts, documents) plus the sticky attributes
//! (entity name/type/aliases, fact wording); every aggregate is derived, so opening replays the
//! episodes in sequence order into the in-memory graph and cannot disagree with what was written.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{RwLock, RwLockReadGuard};

use mnemo_core::{Document, Episode, EpisodeWrite, Error, KvEntry, Result, WriteReport};
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

use crate::graph::{Attrs, TenantGraph};
use crate::plan::Plan;

/// Bumped on any incompatible change of the tables below.
pub(crate) const FORMAT_VERSION: u64 = 1;
const FORMAT_KEY: &str = "mnemo_store_format";
/// Bumped by every commit that adds or removes episodes; the text index commits the value it has
/// caught up with, so opening can tell whether it lags (see `text.rs`).
const TEXT_GEN_KEY: &str = "text_gen";
/// redb page cache size.
const CACHE_BYTES: usize = 32 << 20;
/// The file name inside the store directory.
pub const FILE_NAME: &str = "mnemo.redb";

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// (tenant, seq) -> JSON `EpisodeWrite`.
const EPISODES: TableDefinition<(&str, u64), &[u8]> = TableDefinition::new("episodes");
/// (tenant, episode id) -> seq.
const EPISODE_IDS: TableDefinition<(&str, &str), u64> = TableDefinition::new("episode_ids");
/// (tenant, document id) -> JSON `Document`.
const DOCUMENTS: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("documents");
/// (tenant, entity key) -> JSON `Attrs`.
const ENTITIES: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("entities");
/// (tenant, namespace, key) -> value: the key-value records (`kv.rs` reads and writes them; graph
/// writes carry some in their transaction). A file without the table (written before key-value
/// records existed) reads as having none, and the first put creates it.
pub(crate) const KV: TableDefinition<(&str, &str, &str), &str> = TableDefinition::new("kv");
/// (tenant, subject, rel type, object) -> predicate wording.
const FACTS: TableDefinition<(&str, &str, &str, &str), &str> = TableDefinition::new("facts");

#[derive(Debug)]
pub(crate) struct Disk {
    /// None while the file is being opened again (`reopen`), and after a reopen failed (reads
    /// then fail too, until a later reopen succeeds).
    db: RwLock<Option<Database>>,
    path: PathBuf,
    /// A write failed with an I/O error (a full disk): redb refuses every later write until the
    /// file is opened again, which the store does before its next write (`disk_full.rs`).
    broken: AtomicBool,
    /// The text generation of the last commit this handle made or loaded (see `reopen`).
    last_gen: AtomicU64,
    /// Whether loading keeps each episode's body in memory (`EmbeddedOptions::texts_in_memory`).
    keep_bodies: bool,
}

/// The open database, held for the length of a read or write so that a reopen waits for it.
pub(crate) struct DbGuard<'a>(RwLockReadGuard<'a, Option<Database>>);

impl std::ops::Deref for DbGuard<'_> {
    type Target = Database;
    fn deref(&self) -> &Database {
        self.0.as_ref().expect("checked by Disk::db")
    }
}

/// Opens (or creates) the redb file with the store's settings.
fn open_db(path: &Path, existed: bool, reopening: bool) -> Result<Database> {
    let mut builder = Database::builder();
    // The whole graph lives in memory already; redb's cache only needs the hot pages.
    builder.set_cache_size(CACHE_BYTES);
    #[cfg(not(feature = "fault-injection"))]
    let _ = reopening;
    #[cfg(feature = "fault-injection")]
    if let Some(db) = crate::disk_full::open_faulty(&builder, path, reopening) {
        return db.map_err(|e| open_error(path, e));
    }
    if existed {
        builder.open(path)
    } else {
        builder.create(path)
    }
    .map_err(|e| open_error(path, e))
}

type Tenants = HashMap<String, TenantGraph>;

/// Key-value entries of one namespace committed with a graph change (`GraphStore::write_with_kv`).
pub(crate) type KvPut<'a> = (&'a str, &'a [mnemo_core::KvEntry]);

impl Disk {
    /// Opens (or creates) the store file in `dir` and loads every tenant into memory, with the
    /// episodes' bodies when `keep_bodies`.
    pub fn open(dir: &Path, keep_bodies: bool) -> Result<(Disk, Tenants)> {
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::Unavailable(format!(
                "cannot create store directory {}: {e}",
                dir.display()
            ))
        })?;
        let path = dir.join(FILE_NAME);
        let existed = path.exists();
        // redb asserts on some damage in debug builds; a corrupt file must be an error, not a crash.
        let opened = catch_unwind(AssertUnwindSafe(|| -> Result<(Disk, Tenants)> {
            let disk = Disk {
                db: RwLock::new(Some(open_db(&path, existed, false)?)),
                path: path.clone(),
                broken: AtomicBool::new(false),
                last_gen: AtomicU64::new(0),
                keep_bodies,
            };
            disk.check_format()?;
            let tenants = disk.load()?;
            disk.last_gen.store(disk.text_gen()?, Ordering::SeqCst);
            Ok((disk, tenants))
        }));
        match opened {
            Ok(r) => r,
            Err(_) => Err(Error::Corrupt(format!(
                "{}: the store file is damaged (reading it failed an internal check)",
                path.display()
            ))),
        }
    }

    /// The open database; `Unavailable` while it is being opened again.
    pub fn db(&self) -> Result<DbGuard<'_>> {
        let guard = self
            .db
            .read()
            .map_err(|_| self.unavailable("a reopen panicked"))?;
        if guard.is_none() {
            return Err(self.unavailable("the store file is being opened again"));
        }
        Ok(DbGuard(guard))
    }

    /// The error of a failed write: a full disk says so; any I/O error marks the file for
    /// reopening (redb refuses further writes until then).
    pub fn write_error(&self, e: redb::Error) -> Error {
        if crate::disk_full::is_previous_io(&e) {
            self.broken.store(true, Ordering::SeqCst);
        }
        if crate::disk_full::is_full(&e) {
            tracing::error!(path = %self.path.display(), "disk full: the write failed and nothing of it was stored");
            return crate::disk_full::error(&self.path, &e);
        }
        self.unavailable(e)
    }

    /// True when a write failed with an I/O error and the file must be opened again.
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::SeqCst)
    }

    /// Opens the file again after a failed write and reloads every tenant from it (a commit that
    /// failed late may have landed, so memory is rebuilt from what the file holds), then proves
    /// that writing works again with an empty commit. Callers hold the store's writer lock.
    /// Returns the tenants and whether the text generation moved (a failed commit that landed:
    /// the text index must be rebuilt).
    pub fn reopen(&self) -> Result<(Tenants, bool)> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        if !crate::disk_full::space_is_back(dir) {
            return Err(Error::disk_full(
                &self.path.display().to_string(),
                "no space left on device yet; writes resume once space is freed",
            ));
        }
        {
            let mut slot = self
                .db
                .write()
                .map_err(|_| self.unavailable("a reopen panicked"))?;
            // Closing first releases the file lock the new handle takes.
            drop(slot.take());
            let opened = catch_unwind(AssertUnwindSafe(|| open_db(&self.path, true, true)))
                .unwrap_or_else(|_| Err(self.corrupt("the store file is damaged")));
            // Repairing the uncleanly closed file writes to it: if space ran out again since the
            // probe, this fails with `disk_full` and the next write or `ready` tries again.
            *slot = Some(opened?);
        }
        let db = self.db()?;
        let tx = db.begin_write().map_err(|e| self.write_error(e.into()))?;
        tx.commit().map_err(|e| self.write_error(e.into()))?;
        drop(db);
        let tenants = self.load()?;
        let gen = self.text_gen()?;
        let moved = self.last_gen.swap(gen, Ordering::SeqCst) != gen;
        self.broken.store(false, Ordering::SeqCst);
        tracing::info!(path = %self.path.display(), "store file opened again after a failed write");
        Ok((tenants, moved))
    }

    fn corrupt(&self, what: impl std::fmt::Display) -> Error {
        Error::Corrupt(format!("{}: {what}", self.path.display()))
    }

    fn check_format(&self) -> Result<()> {
        let db = self.db()?;
        let read = db.begin_read().map_err(|e| self.corrupt(e))?;
        let tables = read.list_tables().map_err(|e| self.corrupt(e))?.count();
        if tables == 0 {
            // A new file, or one whose creation crashed before its first commit.
            let tx = db.begin_write().map_err(|e| self.corrupt(e))?;
            {
                let mut meta = tx.open_table(META).map_err(|e| self.corrupt(e))?;
                meta.insert(FORMAT_KEY, FORMAT_VERSION)
                    .map_err(|e| self.corrupt(e))?;
                tx.open_table(EPISODES).map_err(|e| self.corrupt(e))?;
                tx.open_table(EPISODE_IDS).map_err(|e| self.corrupt(e))?;
                tx.open_table(DOCUMENTS).map_err(|e| self.corrupt(e))?;
                tx.open_table(ENTITIES).map_err(|e| self.corrupt(e))?;
                tx.open_table(FACTS).map_err(|e| self.corrupt(e))?;
                tx.open_table(KV).map_err(|e| self.corrupt(e))?;
            }
            return tx.commit().map_err(|e| self.write_error(e.into()));
        }
        let meta = read
            .open_table(META)
            .map_err(|_| self.corrupt("not a mnemo store (no format record)"))?;
        let version = meta
            .get(FORMAT_KEY)
            .map_err(|e| self.corrupt(e))?
            .map(|v| v.value())
            .ok_or_else(|| self.corrupt("not a mnemo store (no format record)"))?;
        if version != FORMAT_VERSION {
            return Err(self.corrupt(format!(
                "store format version {version}, this build reads version {FORMAT_VERSION}"
            )));
        }
        Ok(())
    }

    /// The store file's path (error messages of the key-value records, which live in it too).
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn unavailable(&self, e: impl std::fmt::Display) -> Error {
        Error::Unavailable(format!("{}: {e}", self.path.display()))
    }

    /// Whether the episodes' bodies are kept in memory (then searches never read them from here).
    pub fn keeps_bodies(&self) -> bool {
        self.keep_bodies
    }

    /// Rebuilds every tenant's graph by replaying its episodes in sequence order.
    fn load(&self) -> Result<Tenants> {
        let c = |e: redb::Error| self.corrupt(e);
        let db = self.db()?;
        let read = db.begin_read().map_err(|e| c(e.into()))?;
        let mut attrs: HashMap<String, HashMap<String, Attrs>> = HashMap::new();
        for row in read
            .open_table(ENTITIES)
            .map_err(|e| c(e.into()))?
            .iter()
            .map_err(|e| c(e.into()))?
        {
            let (k, v) = row.map_err(|e| c(e.into()))?;
            let (tenant, key) = k.value();
            let a: Attrs = serde_json::from_slice(v.value()).map_err(|e| self.corrupt(e))?;
            attrs
                .entry(tenant.to_string())
                .or_default()
                .insert(key.to_string(), a);
        }
        let mut tenants = Tenants::new();
        for row in read
            .open_table(DOCUMENTS)
            .map_err(|e| c(e.into()))?
            .iter()
            .map_err(|e| c(e.into()))?
        {
            let (k, v) = row.map_err(|e| c(e.into()))?;
            let (tenant, id) = k.value();
            let doc: Document = serde_json::from_slice(v.value()).map_err(|e| self.corrupt(e))?;
            let g = tenants.entry(tenant.to_string()).or_default();
            g.documents.insert(id.into(), doc);
        }
        // Fact wordings are set after the replay, streaming, rather than held in a map of all facts.
        let (no_attrs, no_preds) = (HashMap::new(), HashMap::new());
        let mut report = WriteReport::default();
        let mut count = 0u64;
        for row in read
            .open_table(EPISODES)
            .map_err(|e| c(e.into()))?
            .iter()
            .map_err(|e| c(e.into()))?
        {
            let (k, v) = row.map_err(|e| c(e.into()))?;
            let (tenant, seq) = k.value();
            let ew: EpisodeWrite = serde_json::from_slice(v.value())
                .map_err(|e| self.corrupt(format!("episode {tenant}/{seq}: {e}")))?;
            count += 1;
            let g = tenants.entry(tenant.to_string()).or_default();
            g.bulk_loading = true;
            g.insert_episode(
                seq,
                &ew,
                attrs.get(tenant).unwrap_or(&no_attrs),
                &no_preds,
                self.keep_bodies,
                &mut report,
            );
        }
        for g in tenants.values_mut() {
            g.finish_bulk_load();
        }
        for row in read
            .open_table(FACTS)
            .map_err(|e| c(e.into()))?
            .iter()
            .map_err(|e| c(e.into()))?
        {
            let (k, v) = row.map_err(|e| c(e.into()))?;
            let (tenant, s, r, o) = k.value();
            if let Some(g) = tenants.get_mut(tenant) {
                if let Some(e) = g.fact_edge(s, r, o) {
                    let wording = g.strings.intern(v.value());
                    g.graph[e].predicate = wording;
                }
            }
        }
        tracing::info!(
            path = %self.path.display(),
            tenants = tenants.len(),
            episodes = count,
            "loaded embedded store"
        );
        Ok(tenants)
    }

    /// The text generation: how many committed changes added or removed episodes.
    pub fn text_gen(&self) -> Result<u64> {
        let c = |e: redb::Error| self.corrupt(e);
        let db = self.db()?;
        let read = db.begin_read().map_err(|e| c(e.into()))?;
        let meta = read.open_table(META).map_err(|e| c(e.into()))?;
        Ok(meta
            .get(TEXT_GEN_KEY)
            .map_err(|e| c(e.into()))?
            .map_or(0, |v| v.value()))
    }
    /// Calls `f` with the tenant and the episode of every stored episode (to rebuild the text index).
    pub fn for_each_episode(&self, mut f: impl FnMut(&str, Episode) -> Result<()>) -> Result<()> {
        let c = |e: redb::Error| self.corrupt(e);
        let db = self.db()?;
        let read = db.begin_read().map_err(|e| c(e.into()))?;
        for row in read
            .open_table(EPISODES)
            .map_err(|e| c(e.into()))?
            .iter()
            .map_err(|e| c(e.into()))?
        {
            let (k, v) = row.map_err(|e| c(e.into()))?;
            let (tenant, seq) = k.value();
            let ew: EpisodeWrite = serde_json::from_slice(v.value())
                .map_err(|e| self.corrupt(format!("episode {tenant}/{seq}: {e}")))?;
            f(tenant, ew.episode)?;
        }
        Ok(())
    }

    /// Writes a plan (one write, a group of writes, or a delete) in one transaction, with the
    /// key-value entries `kv` (namespace, entries; already validated) when given; returns after the
    /// commit is durable, with the text generation it committed.
    pub fn commit(&self, tenant: &str, plan: &Plan<'_>, kv: Option<KvPut<'_>>) -> Result<u64> {
        let u = |e: redb::Error| self.write_error(e);
        let db = self.db()?;
        let tx = db.begin_write().map_err(|e| u(e.into()))?;
        let gen;
        {
            let mut meta = tx.open_table(META).map_err(|e| u(e.into()))?;
            let current = meta
                .get(TEXT_GEN_KEY)
                .map_err(|e| u(e.into()))?
                .map_or(0, |v| v.value());
            gen = if plan.new_episodes.is_empty() && plan.deleted.is_empty() {
                current
            } else {
                meta.insert(TEXT_GEN_KEY, current + 1)
                    .map_err(|e| u(e.into()))?;
                current + 1
            };
        }
        {
            let mut episodes = tx.open_table(EPISODES).map_err(|e| u(e.into()))?;
            let mut ids = tx.open_table(EPISODE_IDS).map_err(|e| u(e.into()))?;
            // Removals first: a group of writes may replace an episode and then write it again.
            for d in &plan.deleted {
                episodes.remove((tenant, d.seq)).map_err(|e| u(e.into()))?;
                ids.remove((tenant, d.id.as_str()))
                    .map_err(|e| u(e.into()))?;
            }
            let mut json = Vec::new();
            for &(seq, ew) in &plan.new_episodes {
                json.clear();
                serde_json::to_writer(&mut json, ew).map_err(|e| Error::Internal(e.to_string()))?;
                episodes
                    .insert((tenant, seq), json.as_slice())
                    .map_err(|e| u(e.into()))?;
                ids.insert((tenant, ew.episode.id.as_str()), seq)
                    .map_err(|e| u(e.into()))?;
            }
            let mut docs = tx.open_table(DOCUMENTS).map_err(|e| u(e.into()))?;
            for doc in &plan.upsert_documents {
                let json = serde_json::to_vec(doc).map_err(|e| Error::Internal(e.to_string()))?;
                docs.insert((tenant, doc.id.as_str()), json.as_slice())
                    .map_err(|e| u(e.into()))?;
            }
            if let Some(id) = &plan.remove_document {
                docs.remove((tenant, id.as_str()))
                    .map_err(|e| u(e.into()))?;
            }
            let mut entities = tx.open_table(ENTITIES).map_err(|e| u(e.into()))?;
            for key in &plan.orphan_entities {
                entities
                    .remove((tenant, key.as_str()))
                    .map_err(|e| u(e.into()))?;
            }
            for (key, a) in &plan.entity_attrs {
                let json = serde_json::to_vec(a).map_err(|e| Error::Internal(e.to_string()))?;
                entities
                    .insert((tenant, key.as_str()), json.as_slice())
                    .map_err(|e| u(e.into()))?;
            }
            let mut facts = tx.open_table(FACTS).map_err(|e| u(e.into()))?;
            for (s, r, o) in &plan.orphan_facts {
                facts
                    .remove((tenant, s.as_str(), r.as_str(), o.as_str()))
                    .map_err(|e| u(e.into()))?;
            }
            for ((s, r, o), p) in &plan.new_facts {
                facts
                    .insert((tenant, s.as_str(), r.as_str(), o.as_str()), p.as_str())
                    .map_err(|e| u(e.into()))?;
            }
        }
        if let Some((ns, entries)) = kv {
            self.insert_kv(&tx, tenant, ns, entries)?;
        }
        tx.commit().map_err(|e| u(e.into()))?;
        self.last_gen.store(gen, Ordering::SeqCst);
        Ok(gen)
    }

    /// Inserts entries (already validated) into the `kv` table inside `tx`, a transaction the caller
    /// commits: a put of its own, or a graph write that carries a record beside its episode.
    pub fn insert_kv(
        &self,
        tx: &redb::WriteTransaction,
        tenant: &str,
        ns: &str,
        entries: &[KvEntry],
    ) -> Result<()> {
        let u = |e: redb::Error| self.write_error(e);
        let mut table = tx.open_table(KV).map_err(|e| u(e.into()))?;
        for (k, v) in entries {
            table
                .insert((tenant, ns, k.as_str()), v.as_str())
                .map_err(|e| u(e.into()))?;
        }
        Ok(())
    }

    /// Reads full episodes by sequence number, in the order given; missing ones are left out.
    pub fn episodes(&self, tenant: &str, seqs: &[u64]) -> Result<Vec<Episode>> {
        let u = |e: redb::Error| self.unavailable(e);
        let db = self.db()?;
        let read = db.begin_read().map_err(|e| u(e.into()))?;
        let table = read.open_table(EPISODES).map_err(|e| u(e.into()))?;
        let mut out = Vec::with_capacity(seqs.len());
        for &seq in seqs {
            if let Some(v) = table.get((tenant, seq)).map_err(|e| u(e.into()))? {
                let stored: StoredEpisode =
                    serde_json::from_slice(v.value()).map_err(|e| self.corrupt(e))?;
                out.push(stored.episode);
            }
        }
        Ok(out)
    }
}

/// What a read of episodes takes from a stored `EpisodeWrite`: the episode. Its entities and facts
/// (most of the record) are skipped without being built: building them was most of the time a
/// search spent reading episodes from disk.
#[derive(serde::Deserialize)]
struct StoredEpisode {
    episode: Episode,
}

fn open_error(path: &Path, e: redb::DatabaseError) -> Error {
    let p = path.display();
    match e {
        redb::DatabaseError::DatabaseAlreadyOpen => Error::Unavailable(format!(
            "{p} is already open (another process or another store in this one)"
        )),
        redb::DatabaseError::Storage(redb::StorageError::Io(io))
            if io.kind() == std::io::ErrorKind::PermissionDenied =>
        {
            Error::Unavailable(format!("{p}: {io}"))
        }
        // Opening writes (the header; a repair after an unclean close): a full disk is no damage.
        redb::DatabaseError::Storage(redb::StorageError::Io(io))
            if crate::disk_full::io_is_full(&io) =>
        {
            Error::disk_full(&p.to_string(), &io.to_string())
        }
        other => Error::Corrupt(format!("{p}: not a readable mnemo store: {other}")),
    }
}
