//! Planning a change before anything is touched: which episodes are new, skipped or deleted, the
//! final attributes of every entity the change touches, the wording of new facts, and what is left
//! orphaned. The same plan is written to disk first and then applied to memory, so both agree.
//! Writes are planned by `group.rs`; deletes here.

use std::collections::{HashMap, HashSet};

use mnemo_core::{Document, EntityInput, EpisodeWrite, MAX_ALIASES};

use crate::graph::{Attrs, TenantGraph};
use crate::handles::{Edge, Node, Slot};

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
    pub upsert_documents: Vec<&'a Document>,
    pub remove_document: Option<String>,
    /// Final attributes of entities that are created or changed.
    pub entity_attrs: HashMap<String, Attrs>,
    /// Wording of facts that are created.
    pub new_facts: HashMap<FactKey, String>,
    /// Entities in `entity_attrs` that no new episode mentions (a group of writes changed them
    /// through an episode it then replaced); apply sets their attributes directly.
    pub attrs_only: Vec<String>,
    /// Stored facts a group orphaned and stated again: their wording is the one in `new_facts`.
    pub revived_facts: Vec<FactKey>,
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
    /// True when applying the plan would change nothing.
    pub fn is_noop(&self) -> bool {
        self.new_episodes.is_empty()
            && self.deleted.is_empty()
            && self.upsert_documents.is_empty()
            && self.remove_document.is_none()
            && self.entity_attrs.is_empty()
            && self.new_facts.is_empty()
            && self.orphan_entities.is_empty()
            && self.orphan_facts.is_empty()
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

pub(crate) fn doomed(g: &TenantGraph, slot: Slot) -> Doomed {
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
