//! The store reads of name resolution, seen through the overlay of documents planned before the
//! one being resolved (`ingest::overlay`), so that a document is resolved exactly as if those
//! documents were already written. Records the stored entities it read (what the overlay needs
//! to plan this document on top of them) and whether the overlay could not answer for sure.

use std::collections::{HashMap, HashSet};

use mnemo_core::{Entity, EntityKey, EntityOrder, GraphStore, Tenant};

use crate::ingest::overlay::{merge_top, Overlay};
use crate::Result;

pub(crate) struct Reads<'a> {
    store: &'a dyn GraphStore,
    tenant: &'a Tenant,
    overlay: Option<&'a Overlay>,
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

    /// `GraphStore::lookup_names`, with planned entities as they will be stored.
    pub async fn lookup_names(&mut self, names: &[String]) -> Result<Vec<(String, Entity)>> {
        let hits = self.store.lookup_names(self.tenant, names).await?;
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
        let found = self
            .store
            .find_by_tokens(self.tenant, tokens, limit)
            .await?;
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
        let found = self
            .store
            .top_entities(self.tenant, EntityOrder::MostMentioned, limit)
            .await?;
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
