//! Planning a change before anything is touched: which episodes are new, skipped or deleted, the
//! final attributes of every entity the change touches, the wording of new facts, and what is left
//! orphaned. The same plan is written to disk first and then applied to memory, so both agree.

use std::collections::{HashMap, HashSet};

use mnemo_core::{Document, EntityInput, EpisodeWrite, WriteBatch, MAX_ALIASES};

use crate::graph::{Attrs, Edge, Node, Slot, TenantGraph};

/// A fact identity as strings: (subject key, rel type, object key).
pub(crate) type FactKey = (String, String, String);

/// An episode to delete, with what the disk needs to find it.
#[derive(Debug, Clone)]
pub(crate) struct Doomed {
    pub slot: Slot,
    pub id: String,
    pub seq: u64,
}

#[derive(Debug, Default)]
pub(crate) struct Plan<'a> {
    /// New episodes with their sequence numbers, in batch order.
    pub new_episodes: Vec<(u64, &'a EpisodeWrite)>,
    pub skipped: u64,
    pub deleted: Vec<Doomed>,
    pub upsert_document: Option<&'a Document>,
    pub remove_document: Option<String>,
    /// Final attributes of entities that are created or changed.
    pub entity_attrs: HashMap<String, Attrs>,
    /// Wording of facts that are created.
    pub new_facts: HashMap<FactKey, String>,
    /// Entity keys and facts that lose their last supporting episode.
    pub orphan_entities: Vec<String>,
    pub orphan_facts: Vec<FactKey>,
}

/// Merges one mention's surface forms into an entity's attributes: the first name stays, the type
/// only moves to a more specific one, aliases are the capped union of every other surface form.
pub(crate) fn merge_attrs(current: Option<Attrs>, input: &EntityInput) -> Attrs {
    let mut a = current.unwrap_or_else(|| Attrs {
        name: input.name.clone(),
        etype: input.entity_type,
        aliases: Vec::new(),
    });
    if input.entity_type.specificity() > a.etype.specificity() {
        a.etype = input.entity_type;
    }
    for s in std::iter::once(&input.name).chain(&input.aliases) {
        if a.aliases.len() >= MAX_ALIASES {
            break;
        }
        if s.trim().is_empty() || *s == a.name || a.aliases.contains(s) {
            continue;
        }
        a.aliases.push(s.clone());
    }
    a
}

impl<'a> Plan<'a> {
    /// Plans a write. `next_seq` is the first free sequence number.
    pub fn write(g: Option<&TenantGraph>, batch: &'a WriteBatch, next_seq: u64) -> Plan<'a> {
        let mut plan = Plan {
            // Re-writing an unchanged document record is not a change.
            upsert_document: batch
                .document
                .as_ref()
                .filter(|d| g.and_then(|g| g.documents.get(d.id.as_str())) != Some(*d)),
            ..Plan::default()
        };
        let mut seq = next_seq;
        for ew in &batch.episodes {
            if g.is_some_and(|g| g.episode_ids.contains_key(ew.episode.id.as_str())) {
                plan.skipped += 1;
            } else {
                plan.new_episodes.push((seq, ew));
                seq += 1;
            }
        }
        let Some(g) = g else {
            plan.fill_new(None);
            return plan;
        };
        if let Some(doc) = &batch.document {
            let in_batch: HashSet<&str> = batch
                .episodes
                .iter()
                .map(|e| e.episode.id.as_str())
                .collect();
            if let Some(slots) = g.doc_episodes.get(doc.id.as_str()) {
                for &slot in slots {
                    let ep = g.ep(slot);
                    if !in_batch.contains(&*ep.id) {
                        plan.deleted.push(doomed(g, slot));
                    }
                }
            }
        }
        plan.fill_new(Some(g));
        plan.fill_orphans(g);
        plan
    }

    /// True when applying the plan would change nothing.
    pub fn is_noop(&self) -> bool {
        self.new_episodes.is_empty()
            && self.deleted.is_empty()
            && self.upsert_document.is_none()
            && self.remove_document.is_none()
    }

    /// Plans deleting episodes (and optionally their document record).
    pub fn delete(g: &TenantGraph, slots: &[Slot], document: Option<String>) -> Plan<'a> {
        let mut plan = Plan {
            deleted: slots.iter().map(|&s| doomed(g, s)).collect(),
            remove_document: document,
            ..Plan::default()
        };
        plan.fill_orphans(g);
        plan
    }

    fn fill_new(&mut self, g: Option<&TenantGraph>) {
        for &(_, ew) in &self.new_episodes {
            for e in &ew.entities {
                let key = e.key.as_str();
                let current = match self.entity_attrs.get(key) {
                    Some(a) => Some(a.clone()),
                    None => g
                        .and_then(|g| g.node(key))
                        .zip(g)
                        .map(|(n, g)| g.attrs_of(n)),
                };
                let merged = merge_attrs(current, e);
                self.entity_attrs.insert(key.to_string(), merged);
            }
            for f in &ew.facts {
                let fk = (
                    f.subject.to_string(),
                    f.rel_type.to_string(),
                    f.object.to_string(),
                );
                let exists = g.is_some_and(|g| g.fact_edge(&fk.0, &fk.1, &fk.2).is_some());
                if !exists && !self.new_facts.contains_key(&fk) {
                    self.new_facts.insert(fk, f.predicate.clone());
                }
            }
        }
        // Attributes of existing entities that did not change need no rewrite.
        if let Some(g) = g {
            self.entity_attrs
                .retain(|k, a| g.node(k).is_none_or(|n| g.attrs_of(n) != *a));
        }
    }

    fn fill_orphans(&mut self, g: &TenantGraph) {
        let mut mentioned: HashSet<&str> = HashSet::new();
        let mut stated: HashSet<FactKey> = HashSet::new();
        for &(_, ew) in &self.new_episodes {
            mentioned.extend(ew.entities.iter().map(|e| e.key.as_str()));
            stated.extend(ew.facts.iter().map(|f| {
                (
                    f.subject.to_string(),
                    f.rel_type.to_string(),
                    f.object.to_string(),
                )
            }));
        }
        let mut lost_mentions: HashMap<Node, usize> = HashMap::new();
        let mut lost_supports: HashMap<Edge, usize> = HashMap::new();
        for d in &self.deleted {
            let ep = g.ep(d.slot);
            for &n in ep.entities.iter() {
                *lost_mentions.entry(n).or_default() += 1;
            }
            for &e in ep.facts.iter() {
                *lost_supports.entry(e).or_default() += 1;
            }
        }
        for (n, lost) in lost_mentions {
            let rec = &g.graph[n];
            if lost >= rec.mentions.len() && !mentioned.contains(&*rec.key) {
                self.orphan_entities.push(rec.key.to_string());
            }
        }
        for (e, lost) in lost_supports {
            let Some(fk) = g.fact_key(e) else { continue };
            if lost >= g.graph[e].supports.len() && !stated.contains(&fk) {
                self.orphan_facts.push(fk);
            }
        }
    }
}

fn doomed(g: &TenantGraph, slot: Slot) -> Doomed {
    let ep = g.ep(slot);
    Doomed {
        slot,
        id: ep.id.to_string(),
        seq: ep.seq,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnemo_core::{EntityKey, EntityType};

    fn input(name: &str, ty: EntityType, aliases: &[&str]) -> EntityInput {
        EntityInput {
            key: EntityKey::from_name("willi schneider").expect("key"),
            name: name.to_string(),
            entity_type: ty,
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
        }
    }

    #[test]
    fn merge_keeps_first_name_records_other_surface_forms_and_upgrades_type() {
        let a = merge_attrs(
            None,
            &input("Willi Schneider", EntityType::Other, &["W.S.", " "]),
        );
        assert_eq!(a.name, "Willi Schneider");
        assert_eq!(a.aliases, vec!["W.S."], "blank aliases are dropped");
        let b = merge_attrs(Some(a), &input("Schneider", EntityType::Concept, &["W.S."]));
        assert_eq!(b.name, "Willi Schneider", "the first name stays");
        assert_eq!(
            b.aliases,
            vec!["W.S.", "Schneider"],
            "a differing name becomes an alias"
        );
        assert_eq!(b.etype, EntityType::Concept);
        let c = merge_attrs(Some(b), &input("Willi Schneider", EntityType::Person, &[]));
        assert_eq!(c.etype, EntityType::Person);
        let d = merge_attrs(Some(c.clone()), &input("x", EntityType::Location, &[]));
        assert_eq!(
            d.etype,
            EntityType::Person,
            "equally specific types do not replace"
        );
        assert!(
            !d.aliases.contains(&"Willi Schneider".to_string()),
            "name is not an alias"
        );
    }
}
