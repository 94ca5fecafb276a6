//! Ready-made triples (subject, predicate, object, optional types, source and confidence) written
//! without extraction. Rows come from JSONL or CSV files (see `TripleReader`) in chunks; each chunk is
//! stored as one document (`triples|<file>|<chunk>`), written in one atomic batch, skipped when
//! unchanged and replaced exactly when changed, so re-runs are idempotent and never double count.

mod read;

use std::collections::{BTreeMap, HashMap};

use mnemo_core::{
    content_hash, Document, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, RelType, WriteBatch,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use read::{TripleItem, TripleReader};

use crate::sources::{err, field_text, SourceError};
use crate::{Mnemo, PreparedDocument, Result};

/// Longest entity name or source accepted, in characters.
const MAX_NAME_CHARS: usize = 1_000;
/// Longest predicate accepted, in characters.
const MAX_PREDICATE_CHARS: usize = 200;

/// One ready-made triple as given by the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TripleInput {
    pub subject: String,
    pub predicate: String,
    pub object: String,
    /// Person, Organization, Location, Event, Date, Concept or Other; anything else is Other
    /// (labels are a closed set).
    pub subject_type: Option<String>,
    pub object_type: Option<String>,
    /// Where the triple comes from; becomes its episode's source (default: the file).
    pub source: Option<String>,
    /// 0..=1, default 1.
    pub confidence: Option<f32>,
}

/// A triple with where it was read (`file:line`).
#[derive(Debug, Clone, PartialEq)]
pub struct TripleRow {
    pub location: String,
    pub triple: TripleInput,
}

/// Consecutive rows of one file, written as one atomic batch.
#[derive(Debug, Clone, PartialEq)]
pub struct TripleChunk {
    /// The file (as given on the command line).
    pub source: String,
    /// The chunk's number in its file, from 0.
    pub index: u64,
    pub rows: Vec<TripleRow>,
}

impl TripleChunk {
    /// The store id of the document holding chunk `index` of `source`.
    pub fn document_id(source: &str, index: u64) -> String {
        format!(
            "doc:{}",
            &content_hash(&format!("triples|{source}|{index}"))[..24]
        )
    }
}

/// Reads a triple from a JSONL/CSV row's fields.
pub(crate) fn row_triple(
    fields: &Map<String, Value>,
    loc: &str,
) -> Result<TripleInput, SourceError> {
    let required = |name: &str| -> Result<String, SourceError> {
        match field_text(fields, name) {
            Some(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
            Some(_) => Err(err(loc, format!("field {name:?} is empty"))),
            None => Err(err(loc, format!("no string field {name:?}"))),
        }
    };
    let optional = |name: &str| field_text(fields, name).map(|s| s.trim().to_string());
    let confidence = match fields.get("confidence") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => n.as_f64().map(|f| f as f32),
        Some(Value::String(s)) => Some(
            s.trim()
                .parse::<f32>()
                .map_err(|_| err(loc, format!("confidence {s:?} is not a number")))?,
        ),
        Some(_) => return Err(err(loc, "confidence is not a number")),
    };
    Ok(TripleInput {
        subject: required("subject")?,
        predicate: required("predicate")?,
        object: required("object")?,
        subject_type: optional("subject_type").filter(|s| !s.is_empty()),
        object_type: optional("object_type").filter(|s| !s.is_empty()),
        source: optional("source").filter(|s| !s.is_empty()),
        confidence,
    })
}

/// A validated triple, ready for a batch.
struct Checked {
    subject: EntityInput,
    object: EntityInput,
    fact: FactInput,
    source: String,
    /// The canonical rendering hashed into ids.
    line: String,
}

fn entity(name: &str, ty: Option<&str>, loc: &str, what: &str) -> Result<EntityInput, SourceError> {
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(err(
            loc,
            format!("{what} longer than {MAX_NAME_CHARS} characters"),
        ));
    }
    let ty = ty
        .and_then(|t| t.parse::<EntityType>().ok())
        .unwrap_or(EntityType::Other);
    EntityInput::named(name, ty).map_err(|e| err(loc, format!("{what}: {e}")))
}

fn check(row: &TripleRow, default_source: &str) -> Result<Checked, SourceError> {
    let (t, loc) = (&row.triple, row.location.as_str());
    let subject = entity(&t.subject, t.subject_type.as_deref(), loc, "subject")?;
    let object = entity(&t.object, t.object_type.as_deref(), loc, "object")?;
    if subject.key == object.key {
        return Err(err(loc, "subject and object are the same entity"));
    }
    let predicate = t.predicate.trim();
    if predicate.is_empty() || predicate.chars().count() > MAX_PREDICATE_CHARS {
        return Err(err(
            loc,
            format!("predicate must be 1-{MAX_PREDICATE_CHARS} characters"),
        ));
    }
    let confidence = t.confidence.unwrap_or(1.0);
    if !(0.0..=1.0).contains(&confidence) {
        return Err(err(loc, format!("confidence {confidence} outside 0..=1")));
    }
    let source = t
        .source
        .clone()
        .unwrap_or_else(|| default_source.to_string());
    if source.chars().count() > MAX_NAME_CHARS {
        return Err(err(
            loc,
            format!("source longer than {MAX_NAME_CHARS} characters"),
        ));
    }
    let fact = FactInput::new(
        subject.key.clone(),
        predicate,
        object.key.clone(),
        confidence,
    );
    let line = serde_json::json!([
        subject.name,
        subject.entity_type.as_str(),
        predicate,
        object.name,
        object.entity_type.as_str(),
        confidence,
        source,
    ])
    .to_string();
    Ok(Checked {
        subject,
        object,
        fact,
        source,
        line,
    })
}

/// An episode's entities and facts under construction, with indexes by key so a chunk of n rows
/// costs O(n), not a scan of the lists per row (a 1,000-row chunk did ~1.5M key comparisons).
#[derive(Default)]
struct EpisodeAcc {
    entities: Vec<EntityInput>,
    entity_at: HashMap<EntityKey, usize>,
    facts: Vec<FactInput>,
    fact_at: HashMap<(EntityKey, RelType, EntityKey), usize>,
}

impl EpisodeAcc {
    /// Adds an entity: one entry per key, other spellings become aliases, the most specific type
    /// wins.
    fn add_entity(&mut self, e: &EntityInput) {
        match self.entity_at.get(&e.key) {
            Some(&i) => {
                let x = &mut self.entities[i];
                if e.entity_type.specificity() > x.entity_type.specificity() {
                    x.entity_type = e.entity_type;
                }
                if e.name != x.name && !x.aliases.contains(&e.name) {
                    x.aliases.push(e.name.clone());
                }
            }
            None => {
                self.entity_at.insert(e.key.clone(), self.entities.len());
                self.entities.push(e.clone());
            }
        }
    }

    /// Adds a fact once per (subject, type, object), keeping the highest confidence.
    fn add_fact(&mut self, f: FactInput) {
        let id = (f.subject.clone(), f.rel_type.clone(), f.object.clone());
        match self.fact_at.get(&id) {
            Some(&i) => {
                let x = &mut self.facts[i];
                x.confidence = x.confidence.max(f.confidence);
            }
            None => {
                self.fact_at.insert(id, self.facts.len());
                self.facts.push(f);
            }
        }
    }
}

impl Mnemo {
    /// Validates a chunk of triples and makes its batch: one episode per distinct source, the
    /// chunk as one document. Bad rows are returned with their location and left out; the rest is
    /// prepared. `Unchanged` when the stored chunk has the same content.
    pub async fn prepare_triples(
        &self,
        chunk: &TripleChunk,
    ) -> Result<(PreparedDocument, Vec<SourceError>)> {
        let document_id = TripleChunk::document_id(&chunk.source, chunk.index);
        let mut bad = Vec::new();
        // Episodes by source, in a stable order so ids and hashes do not depend on row order luck.
        let mut by_source: BTreeMap<String, Vec<Checked>> = BTreeMap::new();
        for row in &chunk.rows {
            match check(row, &chunk.source) {
                Ok(c) => by_source.entry(c.source.clone()).or_default().push(c),
                Err(e) => bad.push(e),
            }
        }
        let all_lines: Vec<&str> = by_source
            .values()
            .flatten()
            .map(|c| c.line.as_str())
            .collect();
        let hash = content_hash(&all_lines.join("\n"));
        if let Some(stored) = self.store.get_document(&self.tenant, &document_id).await? {
            if stored.content_hash == hash {
                return Ok((
                    PreparedDocument::Unchanged {
                        document_id,
                        content_hash: hash,
                    },
                    bad,
                ));
            }
        }
        let now = self.now();
        let (mut n_entities, mut n_facts) = (0u64, 0u64);
        let mut episodes = Vec::with_capacity(by_source.len());
        for (i, (source, checked)) in by_source.into_iter().enumerate() {
            let mut acc = EpisodeAcc::default();
            let mut content = String::new();
            let mut lines = String::new();
            for c in checked {
                acc.add_entity(&c.subject);
                acc.add_entity(&c.object);
                content.push_str(&format!(
                    "{} {} {}.\n",
                    c.subject.name, c.fact.predicate, c.object.name
                ));
                lines.push_str(&c.line);
                lines.push('\n');
                acc.add_fact(c.fact);
            }
            let EpisodeAcc {
                entities, facts, ..
            } = acc;
            n_entities += entities.len() as u64;
            n_facts += facts.len() as u64;
            let episode_hash = content_hash(&lines);
            episodes.push(EpisodeWrite {
                episode: Episode {
                    id: format!("{document_id}:{i}:{}", &episode_hash[..16]),
                    kind: EpisodeKind::DocumentChunk,
                    content,
                    created_at: now,
                    source,
                    content_hash: episode_hash,
                    document_id: Some(document_id.clone()),
                    span: None,
                    speaker: None,
                    session: None,
                },
                entities,
                facts,
            });
        }
        let batch = WriteBatch {
            document: Some(Document {
                id: document_id.clone(),
                source: format!("{} (triples, chunk {})", chunk.source, chunk.index),
                content_hash: hash,
                created_at: now,
            }),
            episodes,
        };
        batch.validate()?;
        let prepared = PreparedDocument::Ready {
            document_id,
            batch,
            entities: n_entities,
            facts: n_facts,
        };
        Ok((prepared, bad))
    }

    /// Deletes the stored chunks of `source` numbered `from` and up: what is left of a longer
    /// earlier version of the file. Returns how many chunks were deleted.
    pub async fn remove_triple_chunks_from(&self, source: &str, from: u64) -> Result<u64> {
        let mut deleted = 0;
        for index in from.. {
            let id = TripleChunk::document_id(source, index);
            if self.store.get_document(&self.tenant, &id).await?.is_none() {
                break;
            }
            self.store.delete_document(&self.tenant, &id).await?;
            deleted += 1;
        }
        Ok(deleted)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use mnemo_store::EmbeddedStore;

    use super::*;
    use crate::{MnemoOptions, RuleExtractor, Tenant};

    fn row(line: usize, s: &str, st: &str, p: &str, o: &str, conf: f32) -> TripleRow {
        TripleRow {
            location: format!("t.jsonl:{line}"),
            triple: TripleInput {
                subject: s.into(),
                predicate: p.into(),
                object: o.into(),
                subject_type: Some(st.into()),
                object_type: None,
                source: None,
                confidence: Some(conf),
            },
        }
    }

    #[allow(clippy::default_constructed_unit_structs)] // the rule extractor may grow settings
    #[tokio::test]
    async fn a_chunk_keeps_one_entity_per_key_and_one_fact_per_triple() {
        let m = Mnemo::new(
            Arc::new(EmbeddedStore::in_memory()),
            Arc::new(RuleExtractor::default()),
            Tenant::new("t").expect("tenant"),
            MnemoOptions::default(),
        );
        let chunk = TripleChunk {
            source: "t.jsonl".into(),
            index: 0,
            rows: vec![
                row(1, "Ann Lee", "Other", "knows", "Bob", 0.4),
                row(2, "ann lee", "Person", "knows", "Bob", 0.9),
                row(3, "Bob", "Other", "knows", "Ann Lee", 0.5),
                row(4, "Ann Lee", "Other", "knows", "Bob", 0.6),
            ],
        };
        let (prepared, bad) = m.prepare_triples(&chunk).await.expect("prepared");
        assert!(bad.is_empty(), "{bad:?}");
        let PreparedDocument::Ready { batch, facts, .. } = prepared else {
            panic!("a new chunk is written");
        };
        assert_eq!(facts, 2);
        let ew = &batch.episodes[0];
        let names: Vec<(&str, EntityType, &[String])> = ew
            .entities
            .iter()
            .map(|e| (e.name.as_str(), e.entity_type, e.aliases.as_slice()))
            .collect();
        // First spelling is the name, later ones aliases, the most specific type wins; first-seen order.
        assert_eq!(
            names,
            vec![
                ("Ann Lee", EntityType::Person, &["ann lee".to_string()][..]),
                ("Bob", EntityType::Other, &[][..]),
            ]
        );
        let confs: Vec<(&str, &str, f32)> = ew
            .facts
            .iter()
            .map(|f| (f.subject.as_str(), f.object.as_str(), f.confidence))
            .collect();
        assert_eq!(
            confs,
            vec![("ann lee", "bob", 0.9), ("bob", "ann lee", 0.5)]
        );
    }
}
