//! Item-by-item validation of model output into an `Extraction` that a store accepts: bad items
//! are repaired (types, confidences, duplicates) or dropped and counted per reason (`drops.rs`),
//! never stored raw.

use std::collections::HashMap;
use std::str::FromStr;

use mnemo_core::{canonical_key, EntityInput, EntityKey, EntityType, FactInput, MAX_ALIASES};
use mnemo_extract::Extraction;
use serde_json::Value;

use crate::drops::{predicate_has_verb, DropCounts, DropReason};

/// Most entities and facts taken from one reply; a runaway model cannot flood the graph.
const MAX_ENTITIES: usize = 200;
const MAX_FACTS: usize = 400;
const MAX_NAME_CHARS: usize = 80;
const MAX_NAME_WORDS: usize = 10;
const MAX_PREDICATE_CHARS: usize = 60;
const MAX_PREDICATE_WORDS: usize = 8;
/// Confidence of a fact whose reply gives none.
pub const DEFAULT_CONFIDENCE: f32 = 0.7;

const PRONOUNS: &[&str] = &[
    "i",
    "me",
    "my",
    "mine",
    "myself",
    "you",
    "your",
    "yours",
    "yourself",
    "he",
    "him",
    "his",
    "himself",
    "she",
    "her",
    "hers",
    "herself",
    "it",
    "its",
    "itself",
    "we",
    "us",
    "our",
    "ours",
    "they",
    "them",
    "their",
    "theirs",
    "themselves",
    "this",
    "that",
    "these",
    "those",
    "who",
    "whom",
    "someone",
    "somebody",
    "something",
    "anyone",
    "everyone",
    "nobody",
];
const FIRST_PERSON: &[&str] = &["i", "me", "my", "mine", "myself"];

/// How to treat a fact whose subject or object is not among the entities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingEnds {
    /// Add the missing end as a `Concept` entity when its name is acceptable (the LLM extractor:
    /// models often state a fact about a thing they forgot to list).
    AddAsConcept,
    /// Drop the fact (the hybrid extractor: relations are constrained to the given entities).
    Drop,
}

/// Entities and facts being assembled from one reply, deduplicated by key.
#[derive(Debug, Default)]
pub struct Builder {
    entities: Vec<EntityInput>,
    /// Key of every name and alias -> index in `entities`.
    by_key: HashMap<String, usize>,
    facts: Vec<FactInput>,
    speaker: Option<String>,
    /// Facts below this confidence are dropped (`llm.min_confidence`).
    min_confidence: f32,
    pub dropped: usize,
    /// `dropped`, per reason.
    pub drops: DropCounts,
}

impl Builder {
    pub fn new(speaker: Option<&str>) -> Self {
        Builder {
            speaker: speaker.map(str::to_string),
            ..Builder::default()
        }
    }

    /// Starts from entities that are already valid (the rule extractor's, in the hybrid).
    pub fn with_entities(speaker: Option<&str>, entities: Vec<EntityInput>) -> Self {
        let mut b = Builder::new(speaker);
        for e in entities {
            b.insert(e);
        }
        b
    }

    /// Starts from an extraction that is already valid (the rule extractor's, in the hybrid):
    /// its entities and facts are kept whatever the reply says; the reply can only add facts.
    pub fn with_extraction(speaker: Option<&str>, base: Extraction) -> Self {
        let mut b = Builder::with_entities(speaker, base.entities);
        b.facts = base.facts;
        b
    }

    /// Drops reply facts whose confidence is below `floor` (0 keeps every fact).
    pub fn with_min_confidence(mut self, floor: f32) -> Self {
        self.min_confidence = if floor.is_finite() { floor } else { 0.0 };
        self
    }

    pub fn finish(self) -> Extraction {
        Extraction {
            entities: self.entities,
            facts: self.facts,
        }
    }

    pub fn entity_names(&self) -> Vec<String> {
        self.entities.iter().map(|e| e.name.clone()).collect()
    }

    /// Counts a dropped item. Logged at debug only: a small model's reply can hold dozens of bad
    /// items, and the caller reports the counts once (`LlmStats::dropped`).
    fn drop_item(&mut self, what: &str, why: DropReason) {
        self.dropped += 1;
        self.drops.add(why);
        tracing::debug!(item = what, reason = ?why, "dropped an item of the LLM reply");
    }

    fn insert(&mut self, e: EntityInput) -> usize {
        if let Some(&i) = self.by_key.get(e.key.as_str()) {
            let have = &mut self.entities[i];
            if e.entity_type.specificity() > have.entity_type.specificity() {
                have.entity_type = e.entity_type;
            }
            for alias in std::iter::once(e.name).chain(e.aliases) {
                add_alias(have, &alias);
            }
            self.index_aliases(i);
            return i;
        }
        let i = self.entities.len();
        self.by_key.insert(e.key.as_str().to_string(), i);
        self.entities.push(e);
        self.index_aliases(i);
        i
    }

    fn index_aliases(&mut self, i: usize) {
        for alias in &self.entities[i].aliases {
            self.by_key.entry(canonical_key(alias)).or_insert(i);
        }
    }

    /// Adds the entity items of a reply (`{"entities": [...]}`).
    pub fn add_entities(&mut self, reply: &Value) {
        let items = reply.get("entities").and_then(Value::as_array);
        for item in items.into_iter().flatten() {
            if self.entities.len() >= MAX_ENTITIES {
                self.drop_item("entity", DropReason::TooMany);
                continue;
            }
            // A bare string is an entity of unknown type.
            let (name, ty, aliases) = match item {
                Value::String(s) => (s.as_str(), None, None),
                Value::Object(o) => (
                    o.get("name").and_then(Value::as_str).unwrap_or_default(),
                    ["type", "entity_type", "label"]
                        .iter()
                        .find_map(|k| o.get(*k).and_then(Value::as_str)),
                    o.get("aliases").and_then(Value::as_array),
                ),
                _ => ("", None, None),
            };
            let Some(name) = self.acceptable_name(name) else {
                continue;
            };
            let entity_type = ty
                .and_then(|t| EntityType::from_str(t).ok())
                .unwrap_or(EntityType::Other);
            let Ok(mut input) = EntityInput::named(&name, entity_type) else {
                continue;
            };
            for alias in aliases.into_iter().flatten().filter_map(Value::as_str) {
                if valid_name(alias) && !is_pronoun(alias) {
                    add_alias(&mut input, alias);
                }
            }
            self.insert(input);
        }
    }

    /// A cleaned name, or `None` (with a warning) for names that must not become entities.
    /// First-person pronouns become the speaker when there is one.
    fn acceptable_name(&mut self, raw: &str) -> Option<String> {
        let name = raw.trim().trim_matches(|c| c == '"' || c == '\'').trim();
        let folded = canonical_key(name);
        if FIRST_PERSON.contains(&folded.as_str()) {
            if let Some(s) = &self.speaker {
                return Some(s.clone());
            }
        }
        if is_pronoun(name) {
            self.drop_item(name, DropReason::BadName);
            return None;
        }
        if !valid_name(name) {
            self.drop_item(name, DropReason::BadName);
            return None;
        }
        Some(name.to_string())
    }

    /// The key of the entity a fact end names: an entity name or alias, else per `missing`.
    fn resolve_end(&mut self, raw: &str, missing: MissingEnds) -> Option<EntityKey> {
        let name = self.acceptable_name(raw)?;
        let key = canonical_key(&name);
        if let Some(&i) = self.by_key.get(&key) {
            return Some(self.entities[i].key.clone());
        }
        let is_speaker = self.speaker.as_deref().map(canonical_key) == Some(key.clone());
        match missing {
            MissingEnds::AddAsConcept if self.entities.len() < MAX_ENTITIES => {
                let ty = if is_speaker {
                    EntityType::Person
                } else {
                    EntityType::Concept
                };
                let input = EntityInput::named(&name, ty).ok()?;
                let i = self.insert(input);
                Some(self.entities[i].key.clone())
            }
            _ => {
                self.drop_item(&name, DropReason::UnknownEnd);
                None
            }
        }
    }

    /// Adds the fact items of a reply (`{"facts": [...]}`, also `relations`/`triples`).
    pub fn add_facts(&mut self, reply: &Value, missing: MissingEnds) {
        let items = ["facts", "relations", "relationships", "triples"]
            .iter()
            .find_map(|k| reply.get(*k).and_then(Value::as_array));
        for item in items.into_iter().flatten() {
            if self.facts.len() >= MAX_FACTS {
                self.drop_item("fact", DropReason::TooMany);
                continue;
            }
            let field = |keys: &[&str]| -> Option<String> {
                keys.iter().find_map(|k| match item.get(*k) {
                    Some(Value::String(s)) => Some(s.clone()),
                    _ => None,
                })
            };
            // `[subject, predicate, object]` arrays are accepted too.
            let arr = item.as_array().map(|a| {
                a.iter()
                    .map(|v| v.as_str().unwrap_or_default().to_string())
                    .collect::<Vec<_>>()
            });
            let (s, p, o, c) = match arr {
                Some(a) if a.len() >= 3 => (
                    Some(a[0].clone()),
                    Some(a[1].clone()),
                    Some(a[2].clone()),
                    None,
                ),
                _ => (
                    field(&["subject", "source", "head"]),
                    field(&["predicate", "relation", "relationship"]),
                    field(&["object", "target", "tail"]),
                    item.get("confidence"),
                ),
            };
            let (Some(s), Some(p), Some(o)) = (s, p, o) else {
                self.drop_item("fact", DropReason::Incomplete);
                continue;
            };
            let predicate = p.split_whitespace().collect::<Vec<_>>().join(" ");
            if predicate.is_empty()
                || predicate.chars().count() > MAX_PREDICATE_CHARS
                || predicate.split(' ').count() > MAX_PREDICATE_WORDS
                || !predicate.chars().any(char::is_alphanumeric)
            {
                self.drop_item(&predicate, DropReason::Incomplete);
                continue;
            }
            // A name is not a relation (`acme robotics -[LAURA_CHEN]-> tom keller`), and a
            // predicate without a verb is rarely one ("robotics").
            if self.by_key.contains_key(&canonical_key(&predicate)) {
                self.drop_item(&predicate, DropReason::NamePredicate);
                continue;
            }
            if !predicate_has_verb(&predicate) {
                self.drop_item(&predicate, DropReason::NoVerb);
                continue;
            }
            let confidence = confidence(c);
            if confidence < self.min_confidence || confidence <= 0.0 {
                self.drop_item(&predicate, DropReason::LowConfidence);
                continue;
            }
            // Types the reply gives for the ends must be of the closed set.
            let bad_type = ["subject_type", "object_type"].iter().any(|k| {
                item.get(*k)
                    .and_then(Value::as_str)
                    .is_some_and(|t| EntityType::from_str(t).is_err())
            });
            if bad_type {
                self.drop_item(&predicate, DropReason::UnknownType);
                continue;
            }
            let Some(subject) = self.resolve_end(&s, missing) else {
                continue;
            };
            let Some(object) = self.resolve_end(&o, missing) else {
                continue;
            };
            if subject == object {
                self.drop_item(&predicate, DropReason::SelfLink);
                continue;
            }
            let fact = FactInput::new(subject, &predicate, object, confidence);
            match self.facts.iter_mut().find(|f| {
                f.subject == fact.subject && f.rel_type == fact.rel_type && f.object == fact.object
            }) {
                Some(have) => have.confidence = have.confidence.max(fact.confidence),
                None => self.facts.push(fact),
            }
        }
    }
}

/// A confidence in 0..=1 from whatever the model wrote: numbers, numeric strings, percentages
/// ("85%", or 10..=100, which no 0..1 scale produces); anything else out of range is clamped.
pub fn confidence(v: Option<&Value>) -> f32 {
    let (raw, percent) = match v {
        Some(Value::Number(n)) => (n.as_f64(), false),
        Some(Value::String(s)) => {
            let s = s.trim();
            let p = s.ends_with('%');
            (s.trim_end_matches('%').trim().parse::<f64>().ok(), p)
        }
        _ => (None, false),
    };
    match raw {
        Some(x) if x.is_finite() => {
            let x = if percent || (10.0..=100.0).contains(&x) {
                x / 100.0
            } else {
                x
            };
            x.clamp(0.0, 1.0) as f32
        }
        _ => DEFAULT_CONFIDENCE,
    }
}

fn is_pronoun(name: &str) -> bool {
    PRONOUNS.contains(&canonical_key(name).as_str())
}

fn valid_name(name: &str) -> bool {
    let name = name.trim();
    // One letter or digit names nothing a memory can use (small models answer "A", "B", "1").
    !name.is_empty()
        && canonical_key(name).chars().count() > 1
        && name.chars().count() <= MAX_NAME_CHARS
        && name.split_whitespace().count() <= MAX_NAME_WORDS
        && !name
            .chars()
            .any(|c| c.is_control() || matches!(c, '{' | '}' | '[' | ']' | '<' | '>'))
}

fn add_alias(e: &mut EntityInput, alias: &str) {
    let alias = alias.trim();
    if e.aliases.len() >= MAX_ALIASES || alias == e.name || !valid_name(alias) {
        return;
    }
    if !e.aliases.iter().any(|a| a == alias) {
        e.aliases.push(alias.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn confidences_are_read_leniently_and_clamped() {
        let c = |v: Value| confidence(Some(&v));
        assert_eq!(c(json!(0.8)), 0.8);
        assert_eq!(c(json!(1.7)), 1.0);
        assert_eq!(c(json!(-3)), 0.0);
        assert_eq!(c(json!(85)), 0.85);
        assert_eq!(c(json!("0.6")), 0.6);
        assert_eq!(c(json!("40%")), 0.4);
        assert_eq!(c(json!("high")), DEFAULT_CONFIDENCE);
        assert_eq!(confidence(None), DEFAULT_CONFIDENCE);
    }

    #[test]
    fn first_person_becomes_the_speaker_and_pronouns_are_dropped() {
        let reply = json!({
            "entities": [{"name": "I", "type": "Person"}, {"name": "they", "type": "Person"},
                         {"name": "Acme Corp", "type": "Organization"}],
            "facts": [{"subject": "me", "predicate": "work at", "object": "Acme Corp"},
                      {"subject": "they", "predicate": "own", "object": "Acme Corp"}]
        });
        let mut b = Builder::new(Some("Dana"));
        b.add_entities(&reply);
        b.add_facts(&reply, MissingEnds::Drop);
        assert_eq!(b.dropped, 2);
        let x = b.finish();
        let names: Vec<_> = x.entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Dana", "Acme Corp"]);
        assert_eq!(x.facts.len(), 1);
        assert_eq!(x.facts[0].subject.as_str(), "dana");
    }

    #[test]
    fn one_character_names_are_dropped() {
        let reply = json!({
            "entities": [{"name": "A", "type": "Person"}, {"name": " 7 ", "type": "Other"},
                         {"name": "Bo", "type": "Person"}],
            "facts": [{"subject": "A", "predicate": "knows", "object": "Bo"}]
        });
        let mut b = Builder::new(None);
        b.add_entities(&reply);
        b.add_facts(&reply, MissingEnds::AddAsConcept);
        let x = b.finish();
        let names: Vec<_> = x.entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Bo"]);
        assert!(x.facts.is_empty(), "{:?}", x.facts);
    }
}
