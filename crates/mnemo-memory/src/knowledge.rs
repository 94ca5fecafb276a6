//! The entity knowledge store section: the store's most mentioned and most recent entities,
//! re-ranked by importance. The candidate list is cached per store and tenant until the store's
//! counts change, because listing it costs a store a pass over all of a tenant's entities.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mnemo_core::{Entity, EntityKey, EntityOrder, GraphStore, StoreStats, Tenant, Timestamp};

use crate::cache::{store_key, Key};
use crate::importance::{rank_entities, RankedEntity};
use crate::MemoryError;

/// Longest a cached candidate list is used even when the store's counts did not change.
const CACHE_TTL: Duration = Duration::from_secs(10);
/// Most (store, tenant) entries kept.
const CACHE_ENTRIES: usize = 64;

#[derive(Debug)]
struct Cached {
    stats: StoreStats,
    fetch: usize,
    at: Instant,
    candidates: Vec<Entity>,
}

// Keyed as the episode cache (`cache::store_key`); it only ever serves the knowledge-store section,
// never facts.
static CACHE: Mutex<Option<HashMap<Key, Cached>>> = Mutex::new(None);

/// The top entities of the knowledge store, re-ranked by importance, leaving out `exclude`.
/// Candidates are the store's most mentioned and most recent entities, so an entity that is both
/// frequent and stale competes with one that is rare and fresh.
pub async fn top_entities(
    store: &dyn GraphStore,
    tenant: &Tenant,
    now: Timestamp,
    half_life_days: f64,
    limit: usize,
    exclude: &HashSet<EntityKey>,
) -> Result<Vec<RankedEntity>, MemoryError> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let stats = store.stats(tenant).await?;
    top_entities_at(store, tenant, &stats, now, half_life_days, limit, exclude).await
}

/// `top_entities` for a caller that has just read the tenant's counts (`stats`).
pub(crate) async fn top_entities_at(
    store: &dyn GraphStore,
    tenant: &Tenant,
    stats: &StoreStats,
    now: Timestamp,
    half_life_days: f64,
    limit: usize,
    exclude: &HashSet<EntityKey>,
) -> Result<Vec<RankedEntity>, MemoryError> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let fetch = limit.saturating_mul(4).saturating_add(exclude.len());
    let key: Key = store_key(store, tenant);
    let cached = lock().as_ref().and_then(|m| {
        m.get(&key)
            .filter(|c| c.stats == *stats && c.fetch >= fetch && c.at.elapsed() < CACHE_TTL)
            .map(|c| c.candidates.clone())
    });
    let mut candidates = match cached {
        Some(c) => c,
        None => {
            let mut c = store
                .top_entities(tenant, EntityOrder::MostMentioned, fetch)
                .await?;
            c.extend(
                store
                    .top_entities(tenant, EntityOrder::MostRecent, fetch)
                    .await?,
            );
            let mut guard = lock();
            let map = guard.get_or_insert_with(HashMap::new);
            if map.len() >= CACHE_ENTRIES {
                map.clear();
            }
            map.insert(
                key,
                Cached {
                    stats: stats.clone(),
                    fetch,
                    at: Instant::now(),
                    candidates: c.clone(),
                },
            );
            c
        }
    };
    candidates.retain(|e| !exclude.contains(&e.key));
    Ok(rank_entities(&candidates, now, half_life_days, limit))
}

fn lock() -> std::sync::MutexGuard<'static, Option<HashMap<Key, Cached>>> {
    // A panic while holding the lock cannot leave the map inconsistent (inserts are whole).
    CACHE.lock().unwrap_or_else(|p| p.into_inner())
}
