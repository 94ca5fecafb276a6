//! The store reads of name resolution, seen through the overlay of documents planned before the
//! one being resolved (`ingest::overlay`), so that a document is resolved exactly as if those
//! documents were already written. Records the stored entities it read (what the overlay needs
//! to plan this document on top of them) and whether the overlay could not answer for sure.

use std::collections::{HashMap, HashSet};

use mnemo_core::{Entity, EntityKey, EntityOrder, GraphStore, Tenant};

use crate::ingest::overlay::{merge_top, Overlay, StoreReads};
use crate::Result;

pub(crate) struct Reads<'a> {
    store: &'a dyn GraphStore,
    tenant: &'a Tenant,
    overlay: Option<&'a Overlay>,
    /// The store's answers while the write group is open (planning only).
    cache: Option<&'a std::sync::Mutex<StoreReads>>,
    /// Every entity the store returned, as stored (before the overlay).
    pub stored: HashMap<EntityKey, Entity>,
    /// A planned entity matched only through accent folding: resolve against the store instead.
    pub unsure: bool,
    top: Option<Vec<Entity>>,
}

impl<'a> Reads<'a> {
    pub fn new(
        store: &'a dyn GraphStore,
        tenant: &'a Tenant,
        overlay: Option<&'a Overlay>,
    ) -> Self {
        Reads {
            store,
            tenant,
            overlay: overlay.filter(|o| !o.is_empty()),
            cache: overlay.map(|o| &o.reads),
            stored: HashMap::new(),
            unsure: false,
            top: None,
        }
    }

    fn keep(&mut self, e: &Entity) {
        if !self.stored.contains_key(&e.key) {
            self.stored.insert(e.key.clone(), e.clone());
        }
    }

    /// Runs `f` on the remembered store reads, if planning.
    fn cached<R>(&self, f: impl FnOnce(&mut StoreReads) -> R) -> Option<R> {
        let mut reads = self.cache?.lock().ok()?;
        Some(f(&mut reads))
    }

    /// The store's hits for `names`: remembered ones, and one call for the others.
    async fn stored_names(&mut self, names: &[String]) -> Result<Vec<(String, Entity)>> {
        let known: Vec<Option<Vec<Entity>>> = names
            .iter()
            .map(|n| self.cached(|c| c.names.get(n).cloned()).flatten())
            .collect();
        let missing: Vec<String> = names
            .iter()
            .zip(&known)
            .filter(|(_, k)| k.is_none())
            .map(|(n, _)| n.clone())
            .collect();
        let mut fresh: HashMap<String, Vec<Entity>> = HashMap::new();
        if !missing.is_empty() {
            for (name, e) in self.store.lookup_names(self.tenant, &missing).await? {
                fresh.entry(name).or_default().push(e);
            }
            self.cached(|c| {
                for n in &missing {
                    let hits = fresh.get(n).cloned().unwrap_or_default();
                    c.names.insert(n.clone(), hits);
                }
            });
        }
        let mut out = Vec::new();
        for (name, known) in names.iter().zip(known) {
            let hits = known.or_else(|| fresh.remove(name)).unwrap_or_default();
            out.extend(hits.into_iter().map(|e| (name.clone(), e)));
        }
        Ok(out)
    }

    /// `GraphStore::lookup_names`, with planned entities as they will be stored.
    pub async fn lookup_names(&mut self, names: &[String]) -> Result<Vec<(String, Entity)>> {
        let hits = self.stored_names(names).await?;
        for (_, e) in &hits {
            self.keep(e);
        }
        let Some(o) = self.overlay else {
            return Ok(hits);
        };
        let mut out: Vec<(String, Entity)> = hits
            .into_iter()
            .filter(|(_, e)| !o.touches(&e.key))
            .collect();
        for name in names {
            let found = o.lookup(name);
            self.unsure |= found.unsure;
            out.extend(found.entities.into_iter().map(|e| (name.clone(), e)));
        }
        Ok(out)
    }

    /// `GraphStore::find_by_tokens`, with planned entities as they will be stored.
    pub async fn find_by_tokens(&mut self, tokens: &[String], limit: usize) -> Result<Vec<Entity>> {
        let asked = (tokens.to_vec(), limit);
        let found = match self.cached(|c| c.tokens.get(&asked).cloned()).flatten() {
            Some(found) => found,
            None => {
                let found = self
                    .store
                    .find_by_tokens(self.tenant, tokens, limit)
                    .await?;
                self.cached(|c| c.tokens.insert(asked, found.clone()));
                found
            }
        };
        for e in &found {
            self.keep(e);
        }
        let Some(o) = self.overlay else {
            return Ok(found);
        };
        let words: HashSet<String> = tokens
            .iter()
            .flat_map(|t| {
                mnemo_core::canonical_key(t)
                    .split(' ')
                    .filter(|w| !w.is_empty())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let planned = o.with_words(&words);
        self.unsure |= planned.unsure;
        Ok(merge_top(o, found, planned.entities, limit))
    }

    /// The `limit` most mentioned entities, with planned mentions counted; read once per
    /// document (every chunk asks the same).
    pub async fn most_mentioned(&mut self, limit: usize) -> Result<Vec<Entity>> {
        if let Some(top) = &self.top {
            return Ok(top.clone());
        }
        let found = match self.cached(|c| c.top.get(&limit).cloned()).flatten() {
            Some(found) => found,
            None => {
                let found = self
                    .store
                    .top_entities(self.tenant, EntityOrder::MostMentioned, limit)
                    .await?;
                self.cached(|c| c.top.insert(limit, found.clone()));
                found
            }
        };
        for e in &found {
            self.keep(e);
        }
        let top = match self.overlay {
            Some(o) => merge_top(o, found, o.all(), limit),
            None => found,
        };
        self.top = Some(top.clone());
        Ok(top)
    }
}
