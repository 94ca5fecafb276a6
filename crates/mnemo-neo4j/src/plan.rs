//! Turns validated write batches into the parameter rows of the batched statements: one row list
//! per statement (facts grouped by relationship type, each row naming its type), built only from
//! the episodes this transaction created, with one row per entity and per fact however many
//! batches touch them.

use std::collections::{BTreeMap, HashMap, HashSet};

use mnemo_core::{
    canonical_key, fold_accents, EntityKey, EntityType, Episode, RelType, Timestamp, WriteBatch,
};
use neo4rs::BoltType;

use crate::db::map;

fn int(v: u64) -> BoltType {
    // Counts and offsets beyond i64 cannot occur in practice; saturate rather than fail a write.
    BoltType::from(i64::try_from(v).unwrap_or(i64::MAX))
}

/// The entity and fact rows of one write, for the episodes this transaction created.
#[derive(Debug, Default)]
pub(crate) struct WritePlan {
    /// One row per entity: its names and type, and the new MENTIONS edges to create.
    pub entities: Vec<EntityRow>,
    /// Ids of the episodes the entity rows' mentions point at (by index into this list).
    pub episodes: Vec<String>,
    /// Fact rows grouped by relationship type (sorted, so statements run in a stable order).
    pub facts: BTreeMap<RelType, Vec<BoltType>>,
    /// Mentions created per batch (distinct entities per new episode).
    pub mentions_created: Vec<u64>,
}

/// One entity of the write with every surface form it was mentioned by, in batch order, and the
/// new episodes mentioning it (index into `WritePlan::episodes`, time). `batch` is the first batch
/// that mentions it: the one that creates it when it is new, as if the batches were written one
/// after another.
#[derive(Debug)]
pub(crate) struct EntityRow {
    key: String,
    name: String,
    entity_type: EntityType,
    forms: Vec<String>,
    mentions: Vec<(usize, Timestamp)>,
    first: Timestamp,
    last: Timestamp,
    batch: usize,
}

impl EntityRow {
    /// The statement row, each mention naming its episode by `index(plan episode index)`: the
    /// position of the episode in the statement's own `$episodes` list. (`entity_chunks` builds
    /// rows in two steps; this is the whole row at once, for the tests.)
    #[cfg(test)]
    pub(crate) fn row(&self, index: impl FnMut(usize) -> usize) -> BoltType {
        let mut row = self.base();
        set_mentions(&mut row, self.mentions(index));
        row
    }

    /// The alias keys of a new entity: its name's key when that is not its key, and the
    /// accent-free forms of both (the embedded store indexes them alike), so that a query typed
    /// without accents ("aschenbrodel") finds "Aschenbrödel".
    fn create_keys(&self, name_key: &str) -> Vec<String> {
        let key = self.key.as_str();
        let mut keys: Vec<String> = Vec::new();
        if !name_key.is_empty() && name_key != key {
            keys.push(name_key.to_string());
        }
        crate::folded_keys::add_folded(key, &mut keys);
        keys
    }

    /// The row without its mentions: the part that does not depend on the statement, and the
    /// costly one (canonical keys of the name and every surface form).
    fn base(&self) -> BoltType {
        let forms: Vec<BoltType> = self
            .forms
            .iter()
            .map(|s| {
                let key = canonical_key(s);
                let folded = fold_accents(&key);
                let keys: Vec<String> = std::iter::once(key)
                    .filter(|k| !k.is_empty())
                    .chain(folded)
                    .collect();
                map([("surface", s.as_str().into()), ("keys", keys.into())])
            })
            .collect();
        let name_key = canonical_key(&self.name);
        map([
            ("create_keys", self.create_keys(&name_key).into()),
            ("key", self.key.as_str().into()),
            ("name", self.name.as_str().into()),
            ("type", self.entity_type.as_str().into()),
            ("spec", int(u64::from(self.entity_type.specificity()))),
            ("forms", forms.into_iter().collect()),
            ("first", self.first.into()),
            ("last", self.last.into()),
            ("b", int(self.batch as u64)),
        ])
    }

    /// `approx_size` of the whole row, given its `base`: a map's entry counts 5 bytes and its
    /// key besides its value, and indexes are fixed-width in the estimate, so the size does not
    /// depend on which statement the row goes to.
    fn row_size(&self, base: &BoltType) -> usize {
        use crate::tx::approx_size;
        approx_size(base) + 5 + "mentions".len() + approx_size(&self.mentions(|i| i))
    }

    fn mentions(&self, mut index: impl FnMut(usize) -> usize) -> BoltType {
        self.mentions
            .iter()
            .map(|(ep, at)| map([("ep", int(index(*ep) as u64)), ("at", (*at).into())]))
            .collect()
    }
}

/// Adds the `mentions` field to a row made by `EntityRow::base`.
fn set_mentions(row: &mut BoltType, mentions: BoltType) {
    if let BoltType::Map(m) = row {
        m.value.insert("mentions".into(), mentions);
    }
}

/// Splits the entity rows into statements of at most `max_rows` rows and about `max_bytes`
/// parameter bytes, each with the list of the episodes its rows mention (`$episodes`) and its rows
/// (`$rows`) naming them by position in that list, so the statement looks each episode up once
/// instead of once per mention.
pub(crate) fn entity_chunks(
    rows: &[EntityRow],
    episodes: &[String],
    max_rows: usize,
    max_bytes: usize,
) -> Vec<(BoltType, BoltType)> {
    let mut out = Vec::new();
    let mut local: HashMap<usize, usize> = HashMap::new();
    let mut eps: Vec<BoltType> = Vec::new();
    let mut current: Vec<BoltType> = Vec::new();
    let mut bytes = 0;
    for e in rows {
        let mut row = e.base();
        let size = e.row_size(&row);
        if !current.is_empty() && (current.len() >= max_rows || bytes + size > max_bytes) {
            out.push((
                std::mem::take(&mut eps).into_iter().collect(),
                std::mem::take(&mut current).into_iter().collect(),
            ));
            local.clear();
            bytes = 0;
        }
        bytes += size;
        let mentions = e.mentions(|i| {
            *local.entry(i).or_insert_with(|| {
                eps.push(episodes[i].as_str().into());
                eps.len() - 1
            })
        });
        set_mentions(&mut row, mentions);
        current.push(row);
    }
    if !current.is_empty() {
        out.push((eps.into_iter().collect(), current.into_iter().collect()));
    }
    out
}

/// One fact with the new episodes stating it.
struct FactAcc {
    predicate: String,
    /// (created_at, episode id, confidence, event time or "" for none) per supporting episode.
    adds: Vec<(Timestamp, String, f64, String)>,
    batch: usize,
}

/// Characters of an episode's text in its Browser caption.
const CAPTION_CHARS: usize = 32;

/// What Neo4j Browser shows on an episode node (`name`, the property it captions by default):
/// the speaker and the first words of the text, cut at a word.
pub(crate) fn caption(ep: &Episode) -> String {
    let text: String = ep.content.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut cut: String = text.chars().take(CAPTION_CHARS).collect();
    if cut.len() < text.len() {
        if let Some(i) = cut.rfind(' ').filter(|&i| i > CAPTION_CHARS / 2) {
            cut.truncate(i);
        }
        cut.push('…');
    }
    match ep.speaker.as_deref() {
        Some(who) => format!("{who}: {cut}"),
        None => cut,
    }
}

pub(crate) fn episode_row(ep: &Episode, prefix: &str) -> BoltType {
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
        ("speaker", ep.speaker.clone().into()),
        ("session", ep.session.clone().into()),
        ("thread", ep.thread().into()),
        ("name", caption(ep).into()),
        (
            "terms",
            crate::text::episode_terms(prefix, Some(&ep.content)).into(),
        ),
        (
            "speaker_terms",
            crate::text::episode_terms(prefix, ep.speaker.as_deref()).into(),
        ),
    ])
}

/// Builds the rows for `batches`, from the episodes whose ids are in `created` (the others were
/// stored before). Entities and facts get one row each however many episodes mention them, so no
/// statement updates the same node or relationship from two rows; `b` in a row is the index of the
/// first batch touching it. Fact provenance (`eps`, `times`, `confs`, `occs`) comes sorted oldest first
/// (then by episode id), the order the stored lists keep.
pub(crate) fn plan_write(batches: &[&WriteBatch], created: &HashSet<String>) -> WritePlan {
    let mut plan = WritePlan {
        mentions_created: vec![0; batches.len()],
        ..WritePlan::default()
    };
    let mut order: Vec<String> = Vec::new();
    let mut entities: HashMap<String, EntityRow> = HashMap::new();
    let mut facts: BTreeMap<(RelType, EntityKey, EntityKey), FactAcc> = BTreeMap::new();
    for (b, batch) in batches.iter().enumerate() {
        for ew in &batch.episodes {
            let ep = &ew.episode;
            if !created.contains(&ep.id) {
                continue;
            }
            let mut mentioned = HashSet::new();
            let ep_index = plan.episodes.len();
            for e in &ew.entities {
                let key = e.key.as_str();
                let acc = entities.entry(key.to_string()).or_insert_with(|| {
                    order.push(key.to_string());
                    EntityRow {
                        key: key.to_string(),
                        name: e.name.clone(),
                        entity_type: e.entity_type,
                        forms: Vec::new(),
                        mentions: Vec::new(),
                        first: ep.created_at,
                        last: ep.created_at,
                        batch: b,
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
                    acc.mentions.push((ep_index, ep.created_at));
                    acc.first = acc.first.min(ep.created_at);
                    acc.last = acc.last.max(ep.created_at);
                    plan.mentions_created[b] += 1;
                }
            }
            if !mentioned.is_empty() {
                plan.episodes.push(ep.id.clone());
            }

            let mut stated = HashSet::new();
            for f in &ew.facts {
                let id = (f.rel_type.clone(), f.subject.clone(), f.object.clone());
                if !stated.insert(id.clone()) {
                    // Stated twice by one episode: the first event time it gives stays.
                    if let (Some(t), Some(acc)) = (&f.occurred, facts.get_mut(&id)) {
                        if let Some(add) = acc.adds.last_mut().filter(|a| a.3.is_empty()) {
                            add.3 = t.clone();
                        }
                    }
                    continue;
                }
                let acc = facts.entry(id).or_insert_with(|| FactAcc {
                    predicate: f.predicate.clone(),
                    adds: Vec::new(),
                    batch: b,
                });
                acc.adds.push((
                    ep.created_at,
                    ep.id.clone(),
                    f64::from(f.confidence),
                    f.occurred.clone().unwrap_or_default(),
                ));
            }
        }
    }
    plan.entities = order
        .iter()
        .filter_map(|key| entities.remove(key))
        .collect();
    for ((rel, subject, object), mut acc) in facts {
        acc.adds
            .sort_by(|x, y| x.0.cmp(&y.0).then_with(|| x.1.cmp(&y.1)));
        let eps: Vec<BoltType> = acc.adds.iter().map(|a| a.1.as_str().into()).collect();
        let times: Vec<BoltType> = acc.adds.iter().map(|a| a.0.into()).collect();
        let confs: Vec<BoltType> = acc.adds.iter().map(|a| a.2.into()).collect();
        // Neo4j lists hold no nulls: "" stands for an episode that gives no event time.
        let occs: Vec<BoltType> = acc.adds.iter().map(|a| a.3.as_str().into()).collect();
        let row = map([
            ("rel", rel.as_str().into()),
            ("subject", subject.as_str().into()),
            ("object", object.as_str().into()),
            ("predicate", acc.predicate.into()),
            ("eps", eps.into_iter().collect()),
            ("times", times.into_iter().collect()),
            ("confs", confs.into_iter().collect()),
            ("occs", occs.into_iter().collect()),
            ("b", int(acc.batch as u64)),
        ]);
        plan.facts.entry(rel).or_default().push(row);
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
                speaker: None,
                session: None,
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
    fn captions_say_who_and_the_first_words() {
        let mut e = ep("c1", &[], &[]).episode;
        e.content = "I went to a LGBTQ support group yesterday and it was so powerful.".into();
        e.speaker = Some("Caroline".into());
        assert_eq!(caption(&e), "Caroline: I went to a LGBTQ support group…");
        e.speaker = None;
        e.content = "Short\n note.".into();
        assert_eq!(caption(&e), "Short note.");
        e.content = "ü".repeat(100);
        assert_eq!(
            caption(&e).chars().count(),
            CAPTION_CHARS + 1,
            "cut by characters"
        );
    }

    fn field(row: &BoltType, name: &str) -> BoltType {
        match row {
            BoltType::Map(m) => m.value.get(name).cloned().expect("field"),
            other => panic!("not a map: {other:?}"),
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
        let created: HashSet<String> = ["a".to_string(), "b".to_string()].into();
        let plan = plan_write(&[&batch], &created);
        assert_eq!(plan.entities.len(), 3, "one row per distinct key");
        assert_eq!(plan.mentions_created, vec![4]);
        let types: Vec<&str> = plan.facts.keys().map(|t| t.as_str()).collect();
        assert_eq!(types, vec!["KNOWS", "LIKES"]);
        // (ann KNOWS bob) and (bob KNOWS cy): one row per fact, the duplicate statement dropped.
        assert_eq!(plan.facts[&RelType::new("KNOWS").expect("type")].len(), 2);
    }

    #[test]
    fn rows_shared_by_batches_belong_to_the_first_and_keep_provenance_sorted() {
        let mut late = ep(
            "late",
            &[("Ann", EntityType::Person), ("Bob", EntityType::Person)],
            &[("Ann", "knows", "Bob")],
        );
        let early = ep(
            "early",
            &[("Ann", EntityType::Person), ("Bob", EntityType::Person)],
            &[("Ann", "knows", "Bob")],
        );
        late.episode.created_at = early.episode.created_at + chrono::Duration::seconds(5);
        let first = WriteBatch {
            document: None,
            episodes: vec![late],
        };
        let second = WriteBatch {
            document: None,
            episodes: vec![early, ep("c", &[("Cy", EntityType::Person)], &[])],
        };
        let created: HashSet<String> = ["late", "early", "c"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let plan = plan_write(&[&first, &second], &created);
        assert_eq!(plan.mentions_created, vec![2, 3]);
        let batches: Vec<BoltType> = plan
            .entities
            .iter()
            .map(|r| field(&r.row(|i| i), "b"))
            .collect();
        assert_eq!(
            batches,
            vec![BoltType::from(0i64), 0i64.into(), 1i64.into()]
        );
        let fact = &plan.facts[&RelType::new("KNOWS").expect("type")][0];
        assert_eq!(field(fact, "b"), BoltType::from(0i64));
        let eps = BoltType::from(vec![BoltType::from("early"), BoltType::from("late")]);
        assert_eq!(
            field(fact, "eps"),
            eps,
            "oldest first, whatever the batch order"
        );
    }

    fn list_of(v: &BoltType) -> Vec<BoltType> {
        match v {
            BoltType::List(l) => l.value.clone(),
            other => panic!("not a list: {other:?}"),
        }
    }

    #[test]
    fn entity_chunks_name_only_their_own_episodes_by_position() {
        // Episode i mentions entities i and i+1 (distinct names), so rows share episodes.
        let episodes: Vec<EpisodeWrite> = (0..5)
            .map(|i| {
                let a = format!("Ent{i}");
                let b = format!("Ent{}", i + 1);
                ep(
                    &format!("ep{i}"),
                    &[(&a, EntityType::Person), (&b, EntityType::Person)],
                    &[],
                )
            })
            .collect();
        let created: HashSet<String> = (0..5).map(|i| format!("ep{i}")).collect();
        let batch = WriteBatch {
            document: None,
            episodes,
        };
        let plan = plan_write(&[&batch], &created);
        assert_eq!(plan.entities.len(), 6);
        let split = entity_chunks(&plan.entities, &plan.episodes, 4, usize::MAX);
        assert_eq!(split.len(), 2, "6 rows at 4 per statement");
        let mut links: Vec<(String, String)> = Vec::new();
        for (eps, rows) in &split {
            let eps = list_of(eps);
            let mut used = vec![false; eps.len()];
            for row in list_of(rows) {
                let key = field(&row, "key");
                for m in list_of(&field(&row, "mentions")) {
                    let BoltType::Integer(i) = field(&m, "ep") else {
                        panic!("index")
                    };
                    let i = usize::try_from(i.value).expect("index");
                    used[i] = true;
                    let (BoltType::String(k), BoltType::String(e)) = (&key, &eps[i]) else {
                        panic!("strings")
                    };
                    links.push((k.value.clone(), e.value.clone()));
                }
            }
            assert!(used.iter().all(|u| *u), "no episode a row does not name");
        }
        links.sort();
        let mut want: Vec<(String, String)> = (0..5)
            .flat_map(|i| {
                [
                    (format!("ent{i}"), format!("ep{i}")),
                    (format!("ent{}", i + 1), format!("ep{i}")),
                ]
            })
            .collect();
        want.sort();
        assert_eq!(links, want, "every mention names its own episode");
        for e in &plan.entities {
            assert_eq!(
                e.row_size(&e.base()),
                crate::tx::approx_size(&e.row(|i| i + 7)),
                "the size counted before the row is made is the made row's"
            );
        }
        // The byte bound splits too, and a row never goes without its episodes.
        let one_each = entity_chunks(&plan.entities, &plan.episodes, 100, 1);
        assert_eq!(one_each.len(), 6);
    }
}
