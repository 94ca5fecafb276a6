//! Facts that change: when a fact holds (`valid_from`, `valid_to`). Predicates fall into functional
//! families (where someone lives, whom they work for, whom they are married to): a holder has one
//! value per family at a time, so a newer fact of a family with another value closes the older
//! one, and an ending ("left X", "divorced X") closes the fact about X it ends.
//!
//! Validity is derived from the facts' own times whenever the facts are read (a search, an
//! export): the same facts give the same intervals on both stores whatever order they were written
//! in, and deleting, pruning or restoring the statement that closed a fact reopens or closes it
//! again with no undo step. The Neo4j store also keeps the intervals of family facts on their
//! relationships for Neo4j Browser, refreshed in every write and delete transaction from this same
//! function (`mnemo-neo4j`'s `validity.rs`); nothing reads them back.
//!
//! A fact has two clocks. Record time (`first_seen`, `last_seen`) is when it was told; event time
//! (`Fact::occurred`, from the text: "I went there yesterday", told on 2023-05-08 -> 2023-05-07)
//! is when it happened. `valid_from` is the start of the event time's day range (UTC midnight)
//! when the fact has one, else its first statement. Closing stays on record time: a fact closes
//! when another value of its family, or an ending, is *told* after its own last statement. Event
//! times are partial (a week, a month, a year), only some statements give one, and ordering
//! statements by them would let an old story told today close a fact told last week; what the
//! memory learned later still replaces what it knew before. A `valid_from` after the time a fact
//! was closed (an event dated later than the statement closing it) is taken back to that time, so
//! an interval never ends before it starts.

use std::collections::{BTreeMap, HashMap as FxHashMap, HashSet as FxHashSet};

use serde::{Deserialize, Serialize};

use crate::{iso_bounds, EntityKey, Fact, Timestamp};

/// Which predicates (relationship types) form functional families and which end a family's fact.
/// A type written `^TYPE` holds with its ends swapped: `Umbrella -[HIRED]-> Tom` says whom Tom
/// works for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ValidityConfig {
    /// Family name -> the relationship types whose newer fact replaces an older one of the family
    /// for the same holder (subject).
    pub families: BTreeMap<String, Vec<String>>,
    /// Family name -> the relationship types that end the family's fact about the same object
    /// without a replacement ("left", "divorced").
    pub endings: BTreeMap<String, Vec<String>>,
    /// Families whose facts hold for both ends: "Anna married Ben" makes Anna Ben's spouse too,
    /// so "Ben married Clara" later closes it, and "Ben divorced Anna" ends it.
    pub symmetric: Vec<String>,
}

fn list(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

impl Default for ValidityConfig {
    fn default() -> Self {
        let families = [
            (
                // Where the holder lives or, for an organisation, is based.
                "residence",
                list(&[
                    "LIVES_IN",
                    "LIVE_IN",
                    "LIVED_IN",
                    "MOVED_TO",
                    "RELOCATED_TO",
                    "RESIDES_IN",
                    "SETTLED_IN",
                    "BASED_IN",
                    "HEADQUARTERED_IN",
                    "MOVED_HEADQUARTERS_TO",
                    "MOVED_ITS_HEADQUARTERS_TO",
                ]),
            ),
            (
                "employer",
                list(&[
                    "WORKS_FOR",
                    "WORKS_AT",
                    "WORK_FOR",
                    "WORK_AT",
                    "WORKED_FOR",
                    "WORKED_AT",
                    "JOINED",
                    "EMPLOYED_BY",
                    "HIRED_BY",
                    "^HIRED",
                    "^EMPLOYS",
                    "GOT_JOB_AT",
                    "STARTED_JOB_AT",
                    "TOOK_JOB_AT",
                ]),
            ),
            (
                "spouse",
                list(&["MARRIED_TO", "MARRIED", "WED", "IS_MARRIED_TO"]),
            ),
            (
                "chief_executive_of",
                list(&[
                    "CEO_OF",
                    "BECAME_CEO_OF",
                    "NAMED_CEO_OF",
                    "APPOINTED_CEO_OF",
                    "CHIEF_EXECUTIVE_OF",
                    "BECAME_CHIEF_EXECUTIVE_OF",
                    "NAMED_CHIEF_EXECUTIVE_OF",
                    "APPOINTED_CHIEF_EXECUTIVE_OF",
                    "CHIEF_EXECUTIVE_OFFICER_OF",
                ]),
            ),
        ];
        let endings = [
            (
                "employer",
                list(&[
                    "LEFT",
                    "QUIT",
                    "RESIGNED_FROM",
                    "RETIRED_FROM",
                    "WAS_FIRED_FROM",
                    "^FIRED",
                    "^LAID_OFF",
                    "QUIT_JOB_AT",
                    "LEFT_JOB_AT",
                    "LOST_JOB_AT",
                ]),
            ),
            (
                "residence",
                list(&["LEFT", "MOVED_OUT_OF", "MOVED_AWAY_FROM", "MOVED_FROM"]),
            ),
            ("spouse", list(&["DIVORCED", "SEPARATED_FROM"])),
            (
                "chief_executive_of",
                list(&[
                    "RESIGNED_FROM",
                    "LEFT",
                    "STEPPED_DOWN_AS_CEO_OF",
                    "RESIGNED_AS_CEO_OF",
                    "STEPPED_DOWN_AS_CHIEF_EXECUTIVE_OF",
                    "RESIGNED_AS_CHIEF_EXECUTIVE_OF",
                ]),
            ),
        ];
        ValidityConfig {
            families: families
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            endings: endings
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            symmetric: list(&["spouse"]),
        }
    }
}

impl ValidityConfig {
    /// Rejects a table that cannot work: a type outside `[A-Z0-9_]` (relationship types are
    /// whitelisted so), a type in two families, an ending naming an unknown family.
    pub fn validate(&self) -> Result<(), String> {
        let well_formed = |t: &str| {
            let t = t.strip_prefix('^').unwrap_or(t);
            !t.is_empty()
                && t.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        };
        let mut seen: FxHashMap<&str, &str> = FxHashMap::default();
        for (family, types) in &self.families {
            for t in types {
                if !well_formed(t) {
                    return Err(format!(
                        "validity: family {family}: {t:?} is not a relationship type ([A-Z0-9_], optionally ^ first)"
                    ));
                }
                if let Some(other) = seen.insert(t.trim_start_matches('^'), family) {
                    return Err(format!(
                        "validity: {t} is in two families ({other}, {family})"
                    ));
                }
            }
        }
        if let Some(f) = self
            .symmetric
            .iter()
            .find(|f| !self.families.contains_key(*f))
        {
            return Err(format!("validity: symmetric family {f} is not a family"));
        }
        for (family, types) in &self.endings {
            if !self.families.contains_key(family) {
                return Err(format!("validity: endings of unknown family {family}"));
            }
            if let Some(t) = types.iter().find(|t| !well_formed(t)) {
                return Err(format!(
                    "validity: ending {t:?} of {family} is not a relationship type ([A-Z0-9_], optionally ^ first)"
                ));
            }
        }
        Ok(())
    }
}

impl ValidityConfig {
    /// The family a relationship type is in and whether it holds with its ends swapped (`^TYPE`),
    /// if it is in one. A search looks types up through an index built once per call instead.
    pub fn family_of(&self, rel_type: &str) -> Option<(&str, bool)> {
        Index::new(self).family_of(rel_type)
    }
}

impl ValidityConfig {
    /// For each fact, the entities whose facts decide its validity: the holder of each family or
    /// ending group it is in (both ends in a symmetric family). Empty for a fact of no family:
    /// nothing closes it.
    pub fn holders<'f>(&self, facts: &'f [Fact]) -> Vec<Vec<&'f EntityKey>> {
        self.holders_of(
            facts
                .iter()
                .map(|f| (f.rel_type.as_str(), &f.subject, &f.object)),
        )
    }

    /// `holders` of (relationship type, subject, object) triples.
    pub fn holders_of<'f>(
        &self,
        facts: impl Iterator<Item = (&'f str, &'f EntityKey, &'f EntityKey)>,
    ) -> Vec<Vec<&'f EntityKey>> {
        let table = Index::new(self);
        facts
            .map(|(rel, subject, object)| {
                let mut out: Vec<&EntityKey> = Vec::new();
                let groups = table.family_of(rel).into_iter().chain(table.ending(rel));
                for (family, swapped) in groups {
                    let (holder, value) = if swapped {
                        (object, subject)
                    } else {
                        (subject, object)
                    };
                    out.push(holder);
                    if table.symmetric(family) {
                        out.push(value);
                    }
                }
                out.sort();
                out.dedup();
                out
            })
            .collect()
    }

    /// The relationship types of the facts an entity holds: (types it holds as the subject, types
    /// it holds as the object), both sorted and distinct. A `^TYPE` is held by its object; a
    /// symmetric family's types by both ends; a negated member (`NO_LONGER_…`) as its member.
    pub fn held_types(&self) -> (Vec<String>, Vec<String>) {
        let (mut by_subject, mut by_object) = (Vec::new(), Vec::new());
        let symmetric: FxHashSet<&str> = self.symmetric.iter().map(String::as_str).collect();
        let mut add = |family: &str, t: &str, negated_too: bool| {
            let (t, swapped) = split(t);
            let mut names = vec![t.to_string()];
            if negated_too {
                names.push(format!("{NEGATION}{t}"));
            }
            for n in names {
                if symmetric.contains(family) || !swapped {
                    by_subject.push(n.clone());
                }
                if symmetric.contains(family) || swapped {
                    by_object.push(n);
                }
            }
        };
        for (family, types) in &self.families {
            for t in types {
                add(family, t, true);
            }
        }
        for (family, types) in &self.endings {
            for t in types {
                add(family, t, false);
            }
        }
        for v in [&mut by_subject, &mut by_object] {
            v.sort();
            v.dedup();
        }
        (by_subject, by_object)
    }
}

/// The prefix of a negated family member: the type of "no longer lives in" is `NO_LONGER_LIVES_IN`.
const NEGATION: &str = "NO_LONGER_";

/// The table indexed by relationship type, built once per call (a search reads hundreds of facts).
struct Index<'a> {
    /// Type -> (family, swapped).
    family: FxHashMap<&'a str, (&'a str, bool)>,
    /// Type -> the (family, swapped) pairs it ends.
    ending: FxHashMap<&'a str, Vec<(&'a str, bool)>>,
    /// Families whose facts hold for both ends.
    symmetric: FxHashSet<&'a str>,
}

fn split(t: &str) -> (&str, bool) {
    match t.strip_prefix('^') {
        Some(inv) => (inv, true),
        None => (t, false),
    }
}

impl<'a> Index<'a> {
    fn new(table: &'a ValidityConfig) -> Self {
        let mut family = FxHashMap::default();
        for (name, types) in &table.families {
            for t in types {
                let (t, swapped) = split(t);
                family.entry(t).or_insert((name.as_str(), swapped));
            }
        }
        let mut ending: FxHashMap<&str, Vec<(&str, bool)>> = FxHashMap::default();
        for (name, types) in &table.endings {
            for t in types {
                let (t, swapped) = split(t);
                ending.entry(t).or_default().push((name.as_str(), swapped));
            }
        }
        let symmetric = table.symmetric.iter().map(String::as_str).collect();
        Index {
            family,
            ending,
            symmetric,
        }
    }

    fn symmetric(&self, family: &str) -> bool {
        self.symmetric.contains(family)
    }

    fn family_of(&self, rel_type: &str) -> Option<(&'a str, bool)> {
        self.family.get(rel_type).copied()
    }

    /// The (family, swapped) pairs a type ends: the configured endings, and a negated member of a
    /// family ("no longer works at" -> `NO_LONGER_WORKS_AT` ends `employer`).
    fn ending(&self, rel_type: &str) -> impl Iterator<Item = (&'a str, bool)> + '_ {
        let negated = rel_type
            .strip_prefix(NEGATION)
            .and_then(|t| self.family_of(t));
        self.ending
            .get(rel_type)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .copied()
            .chain(negated)
    }
}

/// Which dates of a fact a context shows: only those of facts that changed, as a lone fact's first
/// statement is often just when it was written down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dated {
    /// None (a fact no other replaced or ended).
    #[default]
    No,
    /// From when: the current fact of a family that had another value before.
    Since,
    /// When it was said: an ending.
    On,
}

/// When a fact holds. `valid_to` is `None` while the fact is current (a closed fact shows its
/// interval).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Validity {
    pub valid_from: Timestamp,
    pub valid_to: Option<Timestamp>,
    pub dated: Dated,
}

/// Since when a fact holds: the first day (UTC midnight) of its event time, else its first
/// statement.
pub fn valid_from(f: &Fact) -> Timestamp {
    f.occurred
        .as_deref()
        .and_then(iso_bounds)
        .and_then(|(first, _)| first.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .unwrap_or(f.first_seen)
}

/// The first time a fact stated over `[first, last]` was said after `t`, as far as its first and
/// last statement tell.
fn said_after(first: Timestamp, last: Timestamp, t: Timestamp) -> Option<Timestamp> {
    if first > t {
        Some(first)
    } else if last > t {
        Some(last)
    } else {
        None
    }
}

/// The validity of each fact (same order). A family fact of a holder closes when the holder's
/// fact of the same family with another value is next stated after this one's last statement, or
/// when an ending about the same value is; out-of-order writes change nothing, as only the
/// statements' times count.
pub fn validity(facts: &[Fact], table: &ValidityConfig) -> Vec<Validity> {
    let table = Index::new(table);
    // (fact, value) of each family fact, grouped by (holder, family); a fact of a symmetric
    // family is in both its ends' groups.
    let mut groups: FxHashMap<(&EntityKey, &str), Vec<(usize, &EntityKey)>> = FxHashMap::default();
    let mut ends: Vec<(usize, &str, &EntityKey, &EntityKey)> = Vec::new();
    let mut out: Vec<Validity> = facts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let rel = f.rel_type.as_str();
            let mut dated = Dated::No;
            if let Some((family, swapped)) = table.family_of(rel) {
                let (holder, value) = if swapped {
                    (&f.object, &f.subject)
                } else {
                    (&f.subject, &f.object)
                };
                groups.entry((holder, family)).or_default().push((i, value));
                if table.symmetric(family) {
                    groups.entry((value, family)).or_default().push((i, holder));
                }
            }
            for (family, swapped) in table.ending(rel) {
                let (holder, value) = if swapped {
                    (&f.object, &f.subject)
                } else {
                    (&f.subject, &f.object)
                };
                ends.push((i, family, holder, value));
                if table.symmetric(family) {
                    ends.push((i, family, value, holder));
                }
                dated = Dated::On;
            }
            Validity {
                valid_from: valid_from(f),
                valid_to: None,
                dated,
            }
        })
        .collect();
    let mut close = |i: usize, at: Timestamp| {
        let v = &mut out[i].valid_to;
        *v = Some(v.map_or(at, |old| old.min(at)));
    };
    for members in groups.values() {
        for &(i, vi) in members {
            let f = &facts[i];
            let next = members
                .iter()
                .filter(|&&(_, vj)| vj != vi)
                .filter_map(|&(j, _)| {
                    said_after(facts[j].first_seen, facts[j].last_seen, f.last_seen)
                })
                .min();
            if let Some(at) = next {
                close(i, at);
            }
        }
    }
    for (e, family, holder, val) in ends {
        let Some(members) = groups.get(&(holder, family)) else {
            continue;
        };
        for &(i, vi) in members {
            if vi != val {
                continue;
            }
            let f = &facts[i];
            if let Some(at) = said_after(facts[e].first_seen, facts[e].last_seen, f.last_seen) {
                close(i, at);
            }
        }
    }
    for v in &mut out {
        if let Some(to) = v.valid_to {
            v.valid_from = v.valid_from.min(to);
        }
    }
    // The current facts of a family that had another value: dated from when they came.
    for members in groups.values() {
        let changed = members.iter().any(|&(_, vj)| vj != members[0].1);
        if changed {
            for &(i, _) in members {
                if out[i].dated == Dated::No {
                    out[i].dated = Dated::Since;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holders_hold_by_family_direction_and_symmetry() {
        let table = ValidityConfig::default();
        let (by_subject, by_object) = table.held_types();
        for t in ["LIVES_IN", "NO_LONGER_LIVES_IN", "MARRIED", "LEFT"] {
            assert!(by_subject.iter().any(|x| x == t), "{t} held by its subject");
        }
        assert!(
            by_object.iter().any(|x| x == "HIRED"),
            "^HIRED is held by its object"
        );
        assert!(!by_subject.iter().any(|x| x == "HIRED"));
        assert!(
            by_object.iter().any(|x| x == "MARRIED"),
            "spouse is symmetric"
        );
        assert!(!by_object.iter().any(|x| x == "LIVES_IN"));

        let (tom, acme, anna) = (
            EntityKey::from_name("Tom").unwrap(),
            EntityKey::from_name("Acme").unwrap(),
            EntityKey::from_name("Anna").unwrap(),
        );
        let holders = table.holders_of(
            [
                ("HIRED", &acme, &tom),
                ("LIVES_IN", &tom, &acme),
                ("MARRIED", &tom, &anna),
                ("KNOWS", &tom, &anna),
            ]
            .into_iter(),
        );
        assert_eq!(holders[0], vec![&tom]);
        assert_eq!(holders[1], vec![&tom]);
        assert_eq!(holders[2], vec![&anna, &tom]);
        assert!(holders[3].is_empty());
    }
}
