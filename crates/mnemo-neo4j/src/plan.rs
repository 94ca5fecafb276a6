//! Turns a validated write batch into the parameter rows of the batched statements: one row list
//! per statement (and per relationship type for facts), built only from the episodes that are new.

use std::collections::{BTreeMap, HashMap, HashSet};

use mnemo_core::{canonical_key, EntityKey, EntityType, Episode, RelType, Timestamp, WriteBatch};
use neo4rs::BoltType;

/// A parameter map from (name, value) pairs.
pub(crate) fn map<const N: usize>(pairs: [(&'static str, BoltType); N]) -> BoltType {
    let m: HashMap<&'static str, BoltType> = pairs.into_iter().collect();
    BoltType::from(m)
}

fn int(v: u64) -> BoltType {
    // Counts and offsets beyond i64 cannot occur in practice; saturate rather than fail a write.
    BoltType::from(i64::try_from(v).unwrap_or(i64::MAX))
}

/// The rows of one write, for the episodes not stored yet.
#[derive(Debug, Default)]
pub(crate) struct WritePlan {
    pub episodes: Vec<BoltType>,
    pub entities: Vec<BoltType>,
    pub mentions: Vec<BoltType>,
    /// Fact rows grouped by relationship type (sorted, so statements run in a stable order).
    pub facts: BTreeMap<RelType, Vec<BoltType>>,
    pub episodes_written: u64,
    pub episodes_skipped: u64,
    pub mentions_created: u64,
}

/// One entity of the batch with every surface form it was mentioned by, in batch order, and the
/// new episodes mentioning it.
struct EntityAcc {
    name: String,
    entity_type: EntityType,
    forms: Vec<String>,
    mentions: Vec<BoltType>,
    first: Timestamp,
    last: Timestamp,
}

/// One fact of the batch with the new episodes stating it.
struct FactAcc {
    predicate: String,
    adds: Vec<BoltType>,
}

pub(crate) fn episode_row(ep: &Episode) -> BoltType {
    let (start, end) = match ep.span {
        Some((s, e)) => (Some(int(s)), Some(int(e))),
        None => (None, None),
    };
    map([
        ("id", ep.id.as_str().into()),
        ("kind", ep.kind.as_str().into()),
        ("content", ep.content.as_str().into()),
        ("created_at", ep.created_at.into()),
        ("source", ep.source.as_str().into()),
        ("content_hash", ep.content_hash.as_str().into()),
        ("document_id", ep.document_id.clone().into()),
        ("span_start", start.into()),
        ("span_end", end.into()),
    ])
}

/// Builds the rows for `batch`, skipping episodes whose ids are in `existing`. Entities and facts
/// get one row each however many episodes mention them, so no statement updates the same node or
/// relationship from two rows.
pub(crate) fn plan_write(batch: &WriteBatch, existing: &HashSet<String>) -> WritePlan {
    let mut plan = WritePlan::default();
    let mut order: Vec<String> = Vec::new();
    let mut entities: HashMap<String, EntityAcc> = HashMap::new();
    let mut facts: BTreeMap<(RelType, EntityKey, EntityKey), FactAcc> = BTreeMap::new();
    for ew in &batch.episodes {
        let ep = &ew.episode;
        if existing.contains(&ep.id) {
            plan.episodes_skipped += 1;
            continue;
        }
        plan.episodes_written += 1;
        plan.episodes.push(episode_row(ep));

        let mut mentioned = HashSet::new();
        for e in &ew.entities {
            let key = e.key.as_str();
            let acc = entities.entry(key.to_string()).or_insert_with(|| {
                order.push(key.to_string());
                EntityAcc {
                    name: e.name.clone(),
                    entity_type: e.entity_type,
                    forms: Vec::new(),
                    mentions: Vec::new(),
                    first: ep.created_at,
                    last: ep.created_at,
                }
            });
            if e.entity_type.specificity() > acc.entity_type.specificity() {
                acc.entity_type = e.entity_type;
            }
            for s in std::iter::once(&e.name).chain(&e.aliases) {
                if !s.trim().is_empty() {
                    acc.forms.push(s.clone());
                }
            }
            if mentioned.insert(key) {
                acc.mentions.push(map([
                    ("episode", ep.id.as_str().into()),
                    ("at", ep.created_at.into()),
                ]));
                acc.first = acc.first.min(ep.created_at);
                acc.last = acc.last.max(ep.created_at);
                plan.mentions_created += 1;
            }
        }

        let mut stated = HashSet::new();
        for f in &ew.facts {
            let id = (f.rel_type.clone(), f.subject.clone(), f.object.clone());
            if !stated.insert(id.clone()) {
                continue;
            }
            let acc = facts.entry(id).or_insert_with(|| FactAcc {
                predicate: f.predicate.clone(),
                adds: Vec::new(),
            });
            acc.adds.push(map([
                ("episode", ep.id.as_str().into()),
                ("at", ep.created_at.into()),
                ("confidence", f64::from(f.confidence).into()),
            ]));
        }
    }
    for key in order {
        let Some(acc) = entities.remove(&key) else {
            continue;
        };
        let forms: Vec<BoltType> = acc
            .forms
            .iter()
            .map(|s| {
                map([
                    ("surface", s.as_str().into()),
                    ("key", canonical_key(s).into()),
                ])
            })
            .collect();
        plan.entities.push(map([
            ("name_key", canonical_key(&acc.name).into()),
            ("key", key.as_str().into()),
            ("name", acc.name.into()),
            ("type", acc.entity_type.as_str().into()),
            ("forms", forms.into_iter().collect()),
        ]));
        plan.mentions.push(map([
            ("key", key.into()),
            ("mentions", acc.mentions.into_iter().collect()),
            ("first", acc.first.into()),
            ("last", acc.last.into()),
        ]));
    }
    for ((rel, subject, object), acc) in facts {
        plan.facts.entry(rel).or_default().push(map([
            ("subject", subject.as_str().into()),
            ("object", object.as_str().into()),
            ("predicate", acc.predicate.into()),
            ("adds", acc.adds.into_iter().collect()),
        ]));
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnemo_core::{EntityInput, EntityKey, EpisodeKind, EpisodeWrite, FactInput};

    fn ep(id: &str, names: &[(&str, EntityType)], facts: &[(&str, &str, &str)]) -> EpisodeWrite {
        EpisodeWrite {
            episode: Episode {
                id: id.into(),
                kind: EpisodeKind::Note,
                content: "c".into(),
                created_at: chrono::Utc::now(),
                source: "t".into(),
                content_hash: "h".into(),
                document_id: None,
                span: None,
            },
            entities: names
                .iter()
                .map(|(n, t)| EntityInput::named(n, *t).expect("name"))
                .collect(),
            facts: facts
                .iter()
                .map(|(s, p, o)| {
                    let k = |n: &str| EntityKey::from_name(n).expect("key");
                    FactInput::new(k(s), p, k(o), 0.5)
                })
                .collect(),
        }
    }

    #[test]
    fn skips_stored_episodes_and_groups_facts_by_type() {
        let batch = WriteBatch {
            document: None,
            episodes: vec![
                ep("old", &[("Ann", EntityType::Person)], &[]),
                ep(
                    "a",
                    &[("Ann", EntityType::Concept), ("Bob", EntityType::Other)],
                    &[
                        ("Ann", "knows", "Bob"),
                        ("Ann", "knows", "Bob"),
                        ("Bob", "likes", "Ann"),
                    ],
                ),
                ep(
                    "b",
                    &[("Bob", EntityType::Person), ("Cy", EntityType::Other)],
                    &[("Bob", "knows", "Cy")],
                ),
            ],
        };
        let existing: HashSet<String> = ["old".to_string()].into();
        let plan = plan_write(&batch, &existing);
        assert_eq!((plan.episodes_written, plan.episodes_skipped), (2, 1));
        assert_eq!(plan.episodes.len(), 2);
        assert_eq!(plan.entities.len(), 3, "one row per distinct key");
        assert_eq!(plan.mentions.len(), 3, "one mention row per entity");
        assert_eq!(plan.mentions_created, 4);
        let types: Vec<&str> = plan.facts.keys().map(|t| t.as_str()).collect();
        assert_eq!(types, vec!["KNOWS", "LIKES"]);
        // (ann KNOWS bob) and (bob KNOWS cy): one row per fact, the duplicate statement dropped.
        assert_eq!(plan.facts[&RelType::new("KNOWS").expect("type")].len(), 2);
    }
}
