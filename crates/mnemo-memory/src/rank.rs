//! Fact ranking: role first (connecting path > 1 hop > 2 hops), then the importance of the fact's
//! entities, its mentions, confidence and overlap with the query words. Deterministic ties.

use std::collections::HashSet;

use rustc_hash::FxHashMap as HashMap;

use mnemo_core::{canonical_key, Entity, EntityKey, Timestamp};
use mnemo_retrieve::{is_stop_word, Retrieval};
use serde::Serialize;

use crate::importance::importance;
use crate::validity::{validity, Dated, ValidityConfig};

/// Why a fact is in the context; the role dominates its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FactRole))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// On a path connecting two seeds: the strongest evidence.
    Path,
    /// Touches a seed.
    OneHop,
    /// One entity away from a seed.
    TwoHops,
    /// Further away (only when a store returns more than asked).
    Distant,
}

impl Role {
    fn base(self) -> f64 {
        match self {
            Role::Path => 3.0,
            Role::OneHop => 2.0,
            Role::TwoHops => 1.0,
            Role::Distant => 0.0,
        }
    }
}

/// Extra score of a path fact by the length of the shortest path through it (1 to 4 steps).
fn path_bonus(len: Option<usize>) -> f64 {
    len.map_or(0.0, |l| 0.25 * 4usize.saturating_sub(l) as f64)
}

/// A fact with its display names, role and score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScoredFact {
    pub subject: EntityKey,
    pub subject_name: String,
    pub predicate: String,
    pub rel_type: String,
    pub object: EntityKey,
    pub object_name: String,
    pub mentions: u64,
    pub confidence: f32,
    pub role: Role,
    pub hop: Option<u8>,
    pub score: f64,
    /// Provenance: the episodes stating the fact, oldest first.
    pub episodes: Vec<String>,
    /// When the stated event happened, as the text gives it (ISO 8601: a date, week, month, year
    /// or interval "a/b"); absent when no supporting episode gives one. See `Fact::occurred`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurred: Option<String>,
    /// Since when the fact holds: the first day of `occurred` when present, else its first
    /// statement.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub valid_from: Timestamp,
    /// When a newer fact of its family or an ending closed it (`validity.rs`); `None` while current.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub valid_to: Option<Timestamp>,
    /// Which of its dates the context shows (those of facts that changed).
    #[serde(skip)]
    pub dated: Dated,
}

impl ScoredFact {
    pub fn id(&self) -> (&EntityKey, &str, &EntityKey) {
        (&self.subject, &self.rel_type, &self.object)
    }

    /// The fact as one line of text: a closed fact shows its interval; otherwise a fact shows its
    /// event time as the text gave it ("2023-05-07", "2023-W18") when it has one, or the date it
    /// holds from when it replaced or ended another.
    pub fn render(&self) -> String {
        let mut line = format!(
            "- {} {} {}",
            self.subject_name,
            article_fitted(&self.predicate, &self.object_name),
            self.object_name
        );
        if self.mentions > 1 {
            line.push_str(&format!(" (x{})", self.mentions));
        }
        let date = |t: &Timestamp| t.format("%Y-%m-%d").to_string();
        let from = || {
            self.occurred
                .clone()
                .unwrap_or_else(|| date(&self.valid_from))
        };
        match (self.dated, &self.valid_to) {
            (_, Some(to)) => {
                line.push_str(&format!(" ({} – {})", date(&self.valid_from), date(to)))
            }
            (Dated::Since, None) => line.push_str(&format!(" (since {})", from())),
            (Dated::On, None) => line.push_str(&format!(" ({})", from())),
            (Dated::No, None) => {
                if let Some(t) = &self.occurred {
                    line.push_str(&format!(" ({t})"));
                }
            }
        }
        line
    }
}

/// A predicate ending with the article "a" as it reads before its object: "is an activity", "is
/// a sport". Only the letters a, e, i and o are taken for a vowel sound ("a university").
fn article_fitted<'a>(predicate: &'a str, object: &str) -> std::borrow::Cow<'a, str> {
    let vowel = object
        .chars()
        .next()
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o'));
    match predicate.strip_suffix('a') {
        Some(head) if vowel && (head.is_empty() || head.ends_with(' ')) => {
            format!("{predicate}n").into()
        }
        _ => predicate.into(),
    }
}

/// Non-stop canonical words of a text.
pub fn content_words(text: &str) -> HashSet<String> {
    canonical_key(text)
        .split(' ')
        .filter(|w| !w.is_empty() && !is_stop_word(w))
        .map(str::to_string)
        .collect()
}

/// Scores every fact of the retrieval; best first. Bonuses stay below 1, so a fact never overtakes
/// one of a stronger role.
pub fn rank_facts(
    retrieval: &Retrieval,
    query_words: &HashSet<String>,
    now: Timestamp,
    half_life_days: f64,
) -> Vec<ScoredFact> {
    rank_top_facts(
        retrieval,
        query_words,
        now,
        half_life_days,
        &ValidityConfig::default(),
        usize::MAX,
    )
}

/// The best `limit` facts of `rank_facts`, in its order; only those are built (a retrieval holds
/// hundreds of facts, a context shows a few dozen). A fact a newer one replaced or an ending closed
/// (`validity.rs`) keeps its role but none of its bonus, so it ranks below the current facts of
/// its role.
pub(crate) fn rank_top_facts(
    retrieval: &Retrieval,
    query_words: &HashSet<String>,
    now: Timestamp,
    half_life_days: f64,
    table: &ValidityConfig,
    limit: usize,
) -> Vec<ScoredFact> {
    let valid = validity(&retrieval.subgraph.facts, table);
    let entities: HashMap<&EntityKey, &Entity> = retrieval
        .subgraph
        .entities
        .iter()
        .map(|e| (&e.key, e))
        .collect();
    let imp = |k: &EntityKey| {
        entities
            .get(k)
            .map(|e| importance(e.mentions, e.last_seen, now, half_life_days))
            .unwrap_or(0.0)
    };
    let max_imp = entities
        .keys()
        .map(|k| imp(k))
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let max_mentions = retrieval
        .subgraph
        .facts
        .iter()
        .map(|f| f.mentions)
        .max()
        .unwrap_or(1);
    // Shortest connecting path through each fact: shorter paths are stronger evidence.
    let mut on_path: HashMap<(&EntityKey, &str, &EntityKey), usize> = HashMap::default();
    for p in &retrieval.paths {
        for s in &p.steps {
            let id = (&s.fact.subject, s.fact.rel_type.as_str(), &s.fact.object);
            let len = on_path.entry(id).or_insert(p.len());
            *len = (*len).min(p.len());
        }
    }
    // Name words per entity, computed once, when first needed: an entity ends many facts.
    let mut words_of: HashMap<&EntityKey, HashSet<String>> = HashMap::default();
    let name = |k: &EntityKey| {
        entities
            .get(k)
            .map(|e| e.name.clone())
            .unwrap_or_else(|| k.to_string())
    };

    // Predicates repeat across facts: their words are computed once each.
    let mut predicate_words: HashMap<&str, HashSet<String>> = HashMap::default();
    let facts = &retrieval.subgraph.facts;
    let mut scored: Vec<(f64, Role, Option<u8>, usize)> = facts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let hop = retrieval.fact_hops.get(i).copied().flatten();
            let path_len = on_path
                .get(&(&f.subject, f.rel_type.as_str(), &f.object))
                .copied();
            let role = if path_len.is_some() {
                Role::Path
            } else {
                match hop {
                    Some(1) => Role::OneHop,
                    Some(2) => Role::TwoHops,
                    _ => Role::Distant,
                }
            };
            let importance = (imp(&f.subject) + imp(&f.object)) / (2.0 * max_imp);
            let mentions = (1.0 + f.mentions as f64).ln() / (1.0 + max_mentions as f64).ln();
            let overlap = if query_words.is_empty() {
                0.0
            } else {
                // |(predicate ∪ subject ∪ object words) ∩ query words|, without building the union.
                let pred = predicate_words
                    .entry(f.predicate.as_str())
                    .or_insert_with(|| content_words(&f.predicate));
                for k in [&f.subject, &f.object] {
                    words_of.entry(k).or_insert_with(|| {
                        entities
                            .get(k)
                            .map(|e| content_words(&e.name))
                            .unwrap_or_default()
                    });
                }
                let (sw, ow) = (&words_of[&f.subject], &words_of[&f.object]);
                query_words
                    .iter()
                    .filter(|w| pred.contains(*w) || sw.contains(*w) || ow.contains(*w))
                    .count() as f64
            };
            let query = (overlap / 3.0).min(1.0);
            let bonus = 0.35 * importance
                + 0.2 * mentions
                + 0.15 * f64::from(f.confidence.clamp(0.0, 1.0))
                + 0.3 * query;
            let score = if valid[i].valid_to.is_some() {
                role.base()
            } else {
                role.base() + path_bonus(path_len) + 0.9 * bonus
            };
            (score, role, hop, i)
        })
        .collect();
    let id = |i: usize| {
        let f = &facts[i];
        (&f.subject, f.rel_type.as_str(), &f.object)
    };
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| id(a.3).cmp(&id(b.3))));
    scored.truncate(limit);
    scored
        .into_iter()
        .map(|(score, role, hop, i)| {
            let f = &facts[i];
            ScoredFact {
                subject: f.subject.clone(),
                subject_name: name(&f.subject),
                predicate: f.predicate.clone(),
                rel_type: f.rel_type.to_string(),
                object: f.object.clone(),
                object_name: name(&f.object),
                mentions: f.mentions,
                confidence: f.confidence,
                role,
                hop,
                score,
                episodes: f.episodes.clone(),
                occurred: f.occurred.clone(),
                valid_from: valid[i].valid_from,
                valid_to: valid[i].valid_to,
                dated: valid[i].dated,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::article_fitted;

    #[test]
    fn the_article_a_reads_an_before_a_vowel() {
        assert_eq!(article_fitted("is a", "activity"), "is an");
        assert_eq!(article_fitted("is a", "Oscar winner"), "is an");
        assert_eq!(article_fitted("is a", "sport"), "is a");
        assert_eq!(article_fitted("is a", "university"), "is a");
        // Only a trailing article changes: "is a" is not "is an" inside a word.
        assert_eq!(article_fitted("has a", "idea"), "has an");
        assert_eq!(article_fitted("visited Ghana", "in 2020"), "visited Ghana");
        assert_eq!(article_fitted("mega", "event"), "mega");
        assert_eq!(article_fitted("a", "apple"), "an");
    }
}
