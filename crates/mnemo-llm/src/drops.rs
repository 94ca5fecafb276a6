//! Why items of a model's reply were dropped, counted per reason so that a run reports one summary
//! line ("12 items dropped: 7 not among the entities, 5 confidence below 0.1") instead of a
//! warning per item; and the predicate checks that keep nonsense relations out of the graph.

use serde::{Deserialize, Serialize};

/// Why one item of a reply was dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropReason {
    /// An entity or fact end that is empty, over-long, a pronoun or not a name.
    BadName,
    /// A fact without subject, predicate or object, or with an empty or over-long predicate.
    Incomplete,
    /// A predicate that is an entity's name (`acme robotics -[LAURA_CHEN]-> tom keller`).
    NamePredicate,
    /// A predicate with no verb and no relational "noun + preposition" form.
    NoVerb,
    /// A confidence below the configured floor (`llm.min_confidence`).
    LowConfidence,
    /// A fact linking an entity to itself.
    SelfLink,
    /// A fact end that is not among the entities (hybrid extractor).
    UnknownEnd,
    /// A type outside the closed set of entity types.
    UnknownType,
    /// Past the per-reply caps on entities and facts.
    TooMany,
}

/// Dropped items per reason.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropCounts {
    pub bad_name: u64,
    pub incomplete: u64,
    pub name_predicate: u64,
    pub no_verb: u64,
    pub low_confidence: u64,
    pub self_link: u64,
    pub unknown_end: u64,
    pub unknown_type: u64,
    pub too_many: u64,
}

impl DropCounts {
    pub fn add(&mut self, reason: DropReason) {
        *self.slot(reason) += 1;
    }

    fn slot(&mut self, reason: DropReason) -> &mut u64 {
        match reason {
            DropReason::BadName => &mut self.bad_name,
            DropReason::Incomplete => &mut self.incomplete,
            DropReason::NamePredicate => &mut self.name_predicate,
            DropReason::NoVerb => &mut self.no_verb,
            DropReason::LowConfidence => &mut self.low_confidence,
            DropReason::SelfLink => &mut self.self_link,
            DropReason::UnknownEnd => &mut self.unknown_end,
            DropReason::UnknownType => &mut self.unknown_type,
            DropReason::TooMany => &mut self.too_many,
        }
    }

    fn entries(&self) -> [(&'static str, u64); 9] {
        [
            ("not among the entities", self.unknown_end),
            ("predicate without a verb", self.no_verb),
            ("predicate is an entity name", self.name_predicate),
            ("confidence below the floor", self.low_confidence),
            ("self-link", self.self_link),
            ("not a name", self.bad_name),
            ("incomplete", self.incomplete),
            ("type outside the closed set", self.unknown_type),
            ("over the per-reply cap", self.too_many),
        ]
    }

    pub fn total(&self) -> u64 {
        self.entries().iter().map(|(_, n)| n).sum()
    }

    /// Adds another count (stats accumulate replies).
    pub fn merge(&mut self, other: &DropCounts) {
        for (a, b) in [
            (&mut self.bad_name, other.bad_name),
            (&mut self.incomplete, other.incomplete),
            (&mut self.name_predicate, other.name_predicate),
            (&mut self.no_verb, other.no_verb),
            (&mut self.low_confidence, other.low_confidence),
            (&mut self.self_link, other.self_link),
            (&mut self.unknown_end, other.unknown_end),
            (&mut self.unknown_type, other.unknown_type),
            (&mut self.too_many, other.too_many),
        ] {
            *a += b;
        }
    }

    /// `self - earlier`, per reason.
    pub fn since(&self, earlier: &DropCounts) -> DropCounts {
        let d = |a: u64, b: u64| a.saturating_sub(b);
        DropCounts {
            bad_name: d(self.bad_name, earlier.bad_name),
            incomplete: d(self.incomplete, earlier.incomplete),
            name_predicate: d(self.name_predicate, earlier.name_predicate),
            no_verb: d(self.no_verb, earlier.no_verb),
            low_confidence: d(self.low_confidence, earlier.low_confidence),
            self_link: d(self.self_link, earlier.self_link),
            unknown_end: d(self.unknown_end, earlier.unknown_end),
            unknown_type: d(self.unknown_type, earlier.unknown_type),
            too_many: d(self.too_many, earlier.too_many),
        }
    }

    /// "7 not among the entities, 5 predicate without a verb", largest first; empty when none.
    pub fn summary(&self) -> String {
        let mut e: Vec<_> = self.entries().into_iter().filter(|(_, n)| *n > 0).collect();
        e.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        e.iter()
            .map(|(what, n)| format!("{n} {what}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Prepositions that make a noun relational ("daughter of", "ceo at", "born in").
const PREPOSITIONS: &[&str] = &[
    "of", "in", "at", "for", "to", "from", "with", "on", "by", "about", "into", "near",
];

/// Verb forms WordNet's lemma table does not cover (auxiliaries, "born").
const AUXILIARIES: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "does", "do",
    "did", "born", "can", "will", "would",
];

/// Whether a predicate reads as a relation: some word is a verb form ("worked with", "is",
/// "founded"), or it is a relational noun with its preposition ("daughter of", "ceo of"). A bare
/// name ("laura chen") or noun ("robotics") is neither.
pub fn predicate_has_verb(predicate: &str) -> bool {
    let words: Vec<String> = predicate
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words
        .iter()
        .any(|w| AUXILIARIES.contains(&w.as_str()) || mnemo_extract::is_verb_form(w))
    {
        return true;
    }
    // "daughter of": a known noun directly before a trailing preposition.
    match words.as_slice() {
        [.., noun, prep] if PREPOSITIONS.contains(&prep.as_str()) => {
            mnemo_extract::lexicon::parts_of_speech(noun).is_some_and(|p| p.contains('n'))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates_need_a_verb_or_a_relational_noun() {
        for ok in [
            "worked with",
            "lives in",
            "is",
            "born in",
            "founded",
            "knew",
            "daughter of",
            "member of",
            "located in",
            "has",
        ] {
            assert!(predicate_has_verb(ok), "{ok}");
        }
        for bad in [
            "laura chen",
            "acme robotics",
            "tom keller",
            "robotics",
            "of",
            "",
        ] {
            assert!(!predicate_has_verb(bad), "{bad}");
        }
    }

    #[test]
    fn counts_summarise_largest_first() {
        let mut c = DropCounts::default();
        c.add(DropReason::LowConfidence);
        c.add(DropReason::UnknownEnd);
        c.add(DropReason::UnknownEnd);
        assert_eq!(c.total(), 3);
        assert_eq!(
            c.summary(),
            "2 not among the entities, 1 confidence below the floor"
        );
        let mut m = DropCounts::default();
        m.merge(&c);
        m.merge(&c);
        assert_eq!(m.since(&c), c);
    }
}
