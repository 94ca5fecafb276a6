//! Key-value records of the embedded store: a `BTreeMap` per (tenant, namespace) in memory, or the
//! redb table `kv` keyed by (tenant, namespace, key) in the durable store.
//!
//! The durable store reads and writes redb directly instead of mirroring into memory: values may be
//! large (whole chat sessions), and redb's ordered tuple keys give prefix scans for free. Each call
//! is one redb write transaction, committed (fsync) before it returns, like the graph writes, so an
//! acknowledged put survives `kill -9` and a failed one leaves nothing. Both variants order keys by
//! their bytes (`str` order), which is also the order of the redb `&str` key.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::RwLock;

use mnemo_core::{
    validate_kv_key, validate_kv_namespace, validate_kv_put, Error, KvEntry, Result, Tenant,
    MAX_KV_BATCH,
};
use redb::{ReadableDatabase, TableError};

use crate::persist::{Disk, KV};

/// One namespace's records, ordered by key bytes.
type Records = BTreeMap<String, String>;

/// The in-memory store's records: tenant -> namespace -> records.
#[derive(Debug, Default)]
pub(crate) struct MemoryKv(RwLock<HashMap<String, HashMap<String, Records>>>);

/// Where one store keeps its records.
pub(crate) enum Kv<'a> {
    Memory(&'a MemoryKv),
    /// The durable store's file (`persist.rs`).
    Durable(&'a Disk),
}

/// Checks the namespace, the batch size and every key of a get or delete.
pub(crate) fn validate_keys(ns: &str, keys: &[String]) -> Result<()> {
    validate_kv_namespace(ns)?;
    if keys.len() > MAX_KV_BATCH {
        return Err(Error::InvalidInput(format!(
            "{} key-value keys in one call; the limit is {MAX_KV_BATCH}",
            keys.len()
        )));
    }
    keys.iter().try_for_each(|k| validate_kv_key(k))
}

/// Where a scan starts: just after `after` when that is at or past the prefix, else at the prefix.
fn scan_start<'k>(prefix: &'k str, after: Option<&'k str>) -> Bound<&'k str> {
    match after {
        Some(a) if a >= prefix => Bound::Excluded(a),
        _ => Bound::Included(prefix),
    }
}

fn poisoned<T>(_: T) -> Error {
    Error::Internal("a previous key-value write panicked; the store must be reopened".into())
}

impl Kv<'_> {
    pub fn put(&self, tenant: &Tenant, ns: &str, entries: &[KvEntry]) -> Result<()> {
        validate_kv_put(ns, entries)?;
        if entries.is_empty() {
            return Ok(());
        }
        match self {
            Kv::Memory(m) => {
                let mut all = m.0.write().map_err(poisoned)?;
                let map = all
                    .entry(tenant.as_str().to_string())
                    .or_default()
                    .entry(ns.to_string())
                    .or_default();
                for (k, v) in entries {
                    map.insert(k.clone(), v.clone());
                }
                Ok(())
            }
            Kv::Durable(disk) => {
                let w = |e: redb::Error| disk.write_error(e);
                let db = disk.db()?;
                let tx = db.begin_write().map_err(|e| w(e.into()))?;
                disk.insert_kv(&tx, tenant.as_str(), ns, entries)?;
                tx.commit().map_err(|e| w(e.into()))
            }
        }
    }

    pub fn get(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>> {
        validate_keys(ns, keys)?;
        match self {
            Kv::Memory(m) => {
                let all = m.0.read().map_err(poisoned)?;
                let Some(map) = all.get(tenant.as_str()).and_then(|t| t.get(ns)) else {
                    return Ok(Vec::new());
                };
                Ok(keys
                    .iter()
                    .filter_map(|k| map.get(k).map(|v| (k.clone(), v.clone())))
                    .collect())
            }
            Kv::Durable(disk) => {
                let u = |e: redb::Error| unavailable(disk.path(), e);
                let db = disk.db()?;
                let read = db.begin_read().map_err(|e| u(e.into()))?;
                let table = match read.open_table(KV) {
                    Ok(t) => t,
                    // A store written before key-value records existed has no table yet.
                    Err(TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
                    Err(e) => return Err(u(e.into())),
                };
                let mut out = Vec::new();
                for k in keys {
                    if let Some(v) = table
                        .get((tenant.as_str(), ns, k.as_str()))
                        .map_err(|e| u(e.into()))?
                    {
                        out.push((k.clone(), v.value().to_string()));
                    }
                }
                Ok(out)
            }
        }
    }

    pub fn scan(
        &self,
        tenant: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        validate_kv_namespace(ns)?;
        if limit == 0 {
            return Ok(Vec::new());
        }
        let start = scan_start(prefix, after);
        match self {
            Kv::Memory(m) => {
                let all = m.0.read().map_err(poisoned)?;
                let Some(map) = all.get(tenant.as_str()).and_then(|t| t.get(ns)) else {
                    return Ok(Vec::new());
                };
                Ok(map
                    .range::<str, _>((start, Bound::Unbounded))
                    .take_while(|(k, _)| k.starts_with(prefix))
                    .take(limit)
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect())
            }
            Kv::Durable(disk) => {
                let u = |e: redb::Error| unavailable(disk.path(), e);
                let db = disk.db()?;
                let read = db.begin_read().map_err(|e| u(e.into()))?;
                let table = match read.open_table(KV) {
                    Ok(t) => t,
                    Err(TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
                    Err(e) => return Err(u(e.into())),
                };
                let t = tenant.as_str();
                let lower = match start {
                    Bound::Excluded(a) => Bound::Excluded((t, ns, a)),
                    Bound::Included(p) => Bound::Included((t, ns, p)),
                    Bound::Unbounded => Bound::Unbounded,
                };
                let mut out = Vec::new();
                for row in table
                    .range::<(&str, &str, &str)>((lower, Bound::Unbounded))
                    .map_err(|e| u(e.into()))?
                {
                    let (k, v) = row.map_err(|e| u(e.into()))?;
                    let (rt, rns, rk) = k.value();
                    // Rows are ordered by (tenant, ns, key): the first one outside ends the scan.
                    if rt != t || rns != ns || !rk.starts_with(prefix) || out.len() >= limit {
                        break;
                    }
                    out.push((rk.to_string(), v.value().to_string()));
                }
                Ok(out)
            }
        }
    }

    pub fn delete(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<u64> {
        validate_keys(ns, keys)?;
        if keys.is_empty() {
            return Ok(0);
        }
        match self {
            Kv::Memory(m) => {
                let mut all = m.0.write().map_err(poisoned)?;
                let Some(map) = all.get_mut(tenant.as_str()).and_then(|t| t.get_mut(ns)) else {
                    return Ok(0);
                };
                Ok(keys.iter().filter(|k| map.remove(*k).is_some()).count() as u64)
            }
            Kv::Durable(disk) => {
                let u = |e: redb::Error| disk.write_error(e);
                let db = disk.db()?;
                let tx = db.begin_write().map_err(|e| u(e.into()))?;
                let mut removed = 0u64;
                {
                    let mut table = tx.open_table(KV).map_err(|e| u(e.into()))?;
                    for k in keys {
                        if table
                            .remove((tenant.as_str(), ns, k.as_str()))
                            .map_err(|e| u(e.into()))?
                            .is_some()
                        {
                            removed += 1;
                        }
                    }
                }
                if removed == 0 {
                    // Nothing to make durable: skip the fsync.
                    tx.abort().map_err(|e| u(e.into()))?;
                    return Ok(0);
                }
                tx.commit().map_err(|e| u(e.into()))?;
                Ok(removed)
            }
        }
    }
}

fn unavailable(path: &Path, e: redb::Error) -> Error {
    Error::Unavailable(format!("{}: {e}", path.display()))
}
