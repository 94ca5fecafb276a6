//! What searches derive from episodes, remembered between searches per store and tenant: the
//! episodes themselves (a durable store decodes each from disk) and the entities their texts name
//! (a linking pass per text). Entries hold only while the tenant's counts are unchanged and for at
//! most `TTL`, so a write makes the next search read afresh; a delete and rewrite that leave every
//! count as it was can be served stale for at most `TTL` (as the knowledge-store cache).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use mnemo_core::{Entity, Episode, GraphStore, StoreStats, Tenant};
use rustc_hash::FxHashMap;

/// Longest an entry is used even when the store's counts did not change.
const TTL: Duration = Duration::from_secs(10);
/// Most episodes (and, separately, text linkings) kept per tenant; a full map drops entries as
/// new ones come.
const EPISODES: usize = 2048;
/// Most (store, tenant) entries kept.
const TENANTS: usize = 64;

/// Identifies a store and tenant across searches (this cache and `knowledge.rs`): the store's
/// address and backend name, and the tenant. A store dropped and replaced at the same address is
/// caught by the counts (and at worst the TTL).
pub(crate) type Key = (usize, &'static str, String);

pub(crate) fn store_key(store: &dyn GraphStore, tenant: &Tenant) -> Key {
    (
        store as *const dyn GraphStore as *const () as usize,
        store.backend(),
        tenant.as_str().to_string(),
    )
}

#[derive(Debug)]
struct TenantCache {
    stats: StoreStats,
    at: Instant,
    /// By the hash of the id (`id_hash`), checked against the episode's id on every hit: a search
    /// looks up and inserts a hundred or more episodes, and caching one copies no id.
    episodes: FxHashMap<u64, Arc<Episode>>,
    named: FxHashMap<String, Arc<Vec<Entity>>>,
}

static CACHE: Mutex<Option<HashMap<Key, TenantCache>>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<HashMap<Key, TenantCache>>> {
    // Inserts are whole, so a panic while holding the lock leaves nothing half-done.
    CACHE.lock().unwrap_or_else(|p| p.into_inner())
}

/// The cache of one store and tenant as of `stats` (the counts read at the start of the search).
pub(crate) struct Episodes<'a> {
    key: Key,
    stats: &'a StoreStats,
}

impl<'a> Episodes<'a> {
    pub fn new(store: &dyn GraphStore, tenant: &Tenant, stats: &'a StoreStats) -> Self {
        Episodes {
            key: store_key(store, tenant),
            stats,
        }
    }

    /// Runs `f` on this tenant's entry, emptied first when it is stale.
    fn with<T>(&self, f: impl FnOnce(&mut TenantCache) -> T) -> T {
        let mut guard = lock();
        let map = guard.get_or_insert_with(HashMap::new);
        let fresh = map
            .get(&self.key)
            .is_some_and(|c| c.stats == *self.stats && c.at.elapsed() < TTL);
        if !fresh {
            if map.len() >= TENANTS {
                map.clear();
            }
            map.insert(
                self.key.clone(),
                TenantCache {
                    stats: self.stats.clone(),
                    at: Instant::now(),
                    episodes: FxHashMap::default(),
                    named: FxHashMap::default(),
                },
            );
        }
        let entry = map
            .get_mut(&self.key)
            .unwrap_or_else(|| unreachable!("inserted above"));
        f(entry)
    }

    /// The stored episodes among `ids`, in `ids` order; only the ones not cached are read.
    pub async fn get(
        &self,
        store: &dyn GraphStore,
        tenant: &Tenant,
        ids: &[String],
    ) -> Result<Vec<Arc<Episode>>, mnemo_core::Error> {
        let mut found: Vec<Option<Arc<Episode>>> = self.with(|c| {
            ids.iter()
                .map(|id| {
                    c.episodes
                        .get(&id_hash(id))
                        .filter(|e| e.id == *id)
                        .cloned()
                })
                .collect()
        });
        let missing: Vec<String> = ids
            .iter()
            .zip(&found)
            .filter(|(_, f)| f.is_none())
            .map(|(id, _)| id.clone())
            .collect();
        if !missing.is_empty() {
            let read: Vec<Arc<Episode>> = store
                .get_episode_texts(tenant, &missing)
                .await?
                .into_iter()
                .map(Arc::new)
                .collect();
            let by_id: FxHashMap<&str, &Arc<Episode>> =
                read.iter().map(|e| (e.id.as_str(), e)).collect();
            for (slot, id) in found.iter_mut().zip(ids) {
                if slot.is_none() {
                    *slot = by_id.get(id.as_str()).map(|e| Arc::clone(e));
                }
            }
            self.with(|c| {
                make_room(&mut c.episodes, read.len());
                for e in read {
                    c.episodes.insert(id_hash(&e.id), e);
                }
            });
        }
        Ok(found.into_iter().flatten().collect())
    }

    /// The entities named in episode `id`'s text, if a search linked them while counts held.
    pub fn named(&self, id: &str) -> Option<Arc<Vec<Entity>>> {
        self.with(|c| c.named.get(id).cloned())
    }

    pub fn set_named(&self, id: &str, entities: Arc<Vec<Entity>>) {
        self.with(|c| {
            make_room(&mut c.named, 1);
            c.named.insert(id.to_string(), entities);
        });
    }
}

/// The key of an episode id in the cache (two ids sharing one only cost a read).
fn id_hash(id: &str) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(id)
}

/// Removes entries until `n` more fit under `EPISODES`: a few at a time, so no single search pays
/// for dropping a whole full map (thousands of episodes freed at once).
fn make_room<K: Clone + Eq + std::hash::Hash, V>(map: &mut FxHashMap<K, V>, n: usize) {
    let over = (map.len() + n).saturating_sub(EPISODES);
    if over == 0 {
        return;
    }
    if n >= EPISODES {
        map.clear();
        return;
    }
    let victims: Vec<K> = map.keys().take(over).cloned().collect();
    for k in victims {
        map.remove(&k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_map_drops_only_what_new_entries_need() {
        let mut map: FxHashMap<String, u32> = FxHashMap::default();
        for i in 0..EPISODES {
            map.insert(format!("e{i}"), 0);
        }
        make_room(&mut map, 10);
        assert_eq!(map.len(), EPISODES - 10);
        // Room to spare: nothing goes.
        make_room(&mut map, 10);
        assert_eq!(map.len(), EPISODES - 10);
        // More than the map holds at once: it empties, and the caller's entries are what is kept.
        make_room(&mut map, EPISODES + 1);
        assert!(map.is_empty());
    }
}
