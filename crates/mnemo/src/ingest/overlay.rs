//! The documents of an open write group as name resolution must see them: planned, not yet
//! written. Resolving a document against the store alone would miss the names the documents
//! before it introduced (they wait in the group), so the three reads of resolution (names, name
//! words, most mentioned entities) go through this overlay, which answers exactly what the store
//! would answer once the group is written: it applies the stores' rules for entity attributes
//! (the first name stays, the type only gets more specific, aliases are the capped union of the
//! surface forms in write order) and mention counts to the entities the group touches.
//!
//! It models documents that only add episodes. A document that replaces a stored version removes
//! mentions, which the overlay does not follow: such a document closes the group (`opaque`), so
//! the next document is planned against the store after the group is written. Names that match
//! a planned entity only through accent folding (which the embedded store indexes and Neo4j does
//! not) make the answer `unsure`, and the document is planned against the store too.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use mnemo_core::{
    canonical_key, fold_accents, Entity, EntityInput, EntityKey, EntityType, Timestamp, WriteBatch,
    MAX_ALIASES,
};

/// An entity as the group's documents leave it.
#[derive(Debug, Clone)]
struct Planned {
    /// As the store holds it now (None: the group creates it).
    base: Option<Entity>,
    name: String,
    entity_type: EntityType,
    aliases: Vec<String>,
    /// Episodes of the group that mention it.
    added: u64,
    first: Timestamp,
    last: Timestamp,
}

impl Planned {
    fn new(base: Option<Entity>, input: &EntityInput, at: Timestamp) -> Planned {
        match base {
            Some(b) => Planned {
                name: b.name.clone(),
                entity_type: b.entity_type,
                aliases: b.aliases.clone(),
                added: 0,
                first: b.first_seen,
                last: b.last_seen,
                base: Some(b),
            },
            None => Planned {
                base: None,
                name: input.name.clone(),
                entity_type: input.entity_type,
                aliases: Vec::new(),
                added: 0,
                first: at,
                last: at,
            },
        }
    }

    /// One mention's surface forms, merged as both stores merge them.
    fn merge(&mut self, input: &EntityInput) {
        if input.entity_type.specificity() > self.entity_type.specificity() {
            self.entity_type = input.entity_type;
        }
        for s in std::iter::once(&input.name).chain(&input.aliases) {
            if self.aliases.len() >= MAX_ALIASES {
                break;
            }
            if s.trim().is_empty() || *s == self.name || self.aliases.contains(s) {
                continue;
            }
            self.aliases.push(s.clone());
        }
    }

    /// The canonical forms the entity is found by: its key, and its name's and aliases' keys.
    fn forms(&self, key: &str) -> Vec<String> {
        let mut out = vec![key.to_string()];
        for s in std::iter::once(&self.name).chain(&self.aliases) {
            let k = canonical_key(s);
            if !k.is_empty() && !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }
}

/// What a read of the overlay found: the planned entities that match, and whether a planned
/// entity matches only through accent folding (then the store, not the overlay, must answer).
#[derive(Debug, Default)]
pub(crate) struct Found {
    pub entities: Vec<Entity>,
    pub unsure: bool,
}

/// The planned, unwritten documents of a write group (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct Overlay {
    entities: HashMap<EntityKey, Planned>,
    /// Planned entities by canonical form, by accent-folded form, by word of a form and by word
    /// of a folded form. Forms only grow (the name stays, aliases are added), so entries are
    /// never stale.
    by_form: Terms,
    by_folded: Terms,
    by_word: Terms,
    by_folded_word: Terms,
    /// A document whose effect the overlay does not model is in the group.
    pub opaque: bool,
    /// The store's answers since the group opened (see `StoreReads`).
    pub reads: std::sync::Mutex<StoreReads>,
}

/// The store's answers to resolution reads, kept while a write group is open: the store changes
/// only when the group is written (ingest is its only writer while it runs), so asking again is
/// a round trip (on Neo4j) for the same answer. Forgotten whenever the group is written, or when
/// anything else is (`WriteGroup::forget_reads`).
#[derive(Debug, Default)]
pub(crate) struct StoreReads {
    pub names: HashMap<String, Vec<Entity>>,
    pub tokens: HashMap<(Vec<String>, usize), Vec<Entity>>,
    pub top: HashMap<usize, Vec<Entity>>,
}

type Terms = HashMap<String, Vec<EntityKey>>;

fn index(terms: &mut Terms, term: &str, key: &EntityKey) {
    let keys = terms.entry(term.to_string()).or_default();
    if !keys.contains(key) {
        keys.push(key.clone());
    }
}

impl Overlay {
    pub fn is_empty(&self) -> bool {
        self.entities.is_empty()
    }

    pub fn clear(&mut self) {
        *self = Overlay::default();
    }

    fn index_forms(&mut self, key: &EntityKey) {
        let Some(p) = self.entities.get(key) else {
            return;
        };
        for f in p.forms(key.as_str()) {
            for w in f.split(' ').filter(|w| !w.is_empty()) {
                index(&mut self.by_word, w, key);
            }
            if let Some(folded) = fold_accents(&f) {
                for w in folded.split(' ').filter(|w| !w.is_empty()) {
                    index(&mut self.by_folded_word, w, key);
                }
                index(&mut self.by_folded, &folded, key);
            }
            index(&mut self.by_form, &f, key);
        }
    }

    /// Records a planned document's batch; `bases` holds the stored state of every entity it
    /// mentions that the store has (as resolution read it, before this group).
    pub fn add(&mut self, batch: &WriteBatch, bases: &HashMap<EntityKey, Entity>) {
        for ew in &batch.episodes {
            let at = ew.episode.created_at;
            let mut seen: HashSet<&EntityKey> = HashSet::new();
            for e in &ew.entities {
                let p = self
                    .entities
                    .entry(e.key.clone())
                    .or_insert_with(|| Planned::new(bases.get(&e.key).cloned(), e, at));
                p.merge(e);
                if seen.insert(&e.key) {
                    p.added += 1;
                    p.first = p.first.min(at);
                    p.last = p.last.max(at);
                }
                self.index_forms(&e.key);
            }
        }
    }

    pub fn touches(&self, key: &EntityKey) -> bool {
        self.entities.contains_key(key)
    }

    /// The entity as it will be stored once the group is written.
    pub fn view(&self, key: &EntityKey) -> Option<Entity> {
        let p = self.entities.get(key)?;
        let (mentions, first, last) = match &p.base {
            Some(b) => (
                b.mentions + p.added,
                p.first.min(b.first_seen),
                p.last.max(b.last_seen),
            ),
            None => (p.added, p.first, p.last),
        };
        Some(Entity {
            key: key.clone(),
            name: p.name.clone(),
            entity_type: p.entity_type,
            aliases: p.aliases.clone(),
            mentions,
            first_seen: first,
            last_seen: last,
        })
    }

    /// Planned entities whose key, name or an alias has the canonical form `name`.
    pub fn lookup(&self, name: &str) -> Found {
        self.found(
            self.by_form.get(name).into_iter().flatten(),
            self.by_folded.get(name).into_iter().flatten(),
        )
    }

    /// Planned entities one of whose forms has one of `tokens` as a whole word.
    pub fn with_words(&self, tokens: &HashSet<String>) -> Found {
        self.found(
            tokens.iter().flat_map(|t| self.by_word.get(t)).flatten(),
            tokens
                .iter()
                .flat_map(|t| self.by_folded_word.get(t))
                .flatten(),
        )
    }

    /// The entities `plain` matches; unsure when `folded` matches one that `plain` does not.
    fn found<'k>(
        &self,
        plain: impl Iterator<Item = &'k EntityKey>,
        folded: impl Iterator<Item = &'k EntityKey>,
    ) -> Found {
        let keys: HashSet<&EntityKey> = plain.collect();
        let mut entities: Vec<Entity> = keys.iter().filter_map(|k| self.view(k)).collect();
        entities.sort_by(|a, b| a.key.cmp(&b.key));
        Found {
            unsure: folded.into_iter().any(|k| !keys.contains(k)),
            entities,
        }
    }

    /// Every planned entity, as it will be stored.
    pub fn all(&self) -> Vec<Entity> {
        self.entities.keys().filter_map(|k| self.view(k)).collect()
    }
}

/// The stores' order for "most mentioned": mentions, then last seen (both descending), then key.
pub(crate) fn by_mentions(a: &Entity, b: &Entity) -> Ordering {
    b.mentions
        .cmp(&a.mentions)
        .then_with(|| b.last_seen.cmp(&a.last_seen))
        .then_with(|| a.key.cmp(&b.key))
}

/// `stored` (a capped, most-mentioned-first read of the store) with the overlay applied: touched
/// entities take their planned state, `planned` (the overlay's matches) join, and the best
/// `limit` are kept. Exact because planned documents only add mentions: an entity the store left
/// out of its top `limit` can only get in by being touched, and then it is in `planned`.
pub(crate) fn merge_top(
    overlay: &Overlay,
    stored: Vec<Entity>,
    planned: Vec<Entity>,
    limit: usize,
) -> Vec<Entity> {
    let mut out: Vec<Entity> = stored
        .into_iter()
        .filter(|e| !overlay.touches(&e.key))
        .chain(planned)
        .collect();
    out.sort_by(by_mentions);
    out.truncate(limit);
    out
}
