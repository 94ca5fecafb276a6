//! Facts that change: when a fact holds (`valid_from`, `valid_to`). Predicates fall into functional
//! families (where someone lives, whom they work for, whom they are married to): a holder has one
//! value per family at a time, so a newer fact of a family with another value closes the older
//! one, and an ending ("left X", "divorced X") closes the fact about X it ends.
//!
//! Validity is derived when a search reads the facts, from the facts' own times, never stored: the
//! same facts give the same intervals on both stores whatever order they were written in, and
//! deleting, pruning or restoring the statement that closed a fact reopens or closes it again with
//! no undo step.
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

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use mnemo_core::{iso_bounds, EntityKey, Fact, FactId, Timestamp};
use mnemo_retrieve::Retrieval;

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
                    "WORKED_FOR",
                    "WORKED_AT",
                    "JOINED",
                    "EMPLOYED_BY",
                    "HIRED_BY",
                    "^HIRED",
                    "^EMPLOYS",
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

/// The retrieval as it was known at `t`: facts first stated after `t` dropped (with the paths
/// through them), entities first seen after it dropped, and a fact's last statement taken back to
/// its first when it came after `t` (the statements between are not known here).
pub fn restrict_to(retrieval: &mut Retrieval, t: Timestamp) {
    let sub = &mut retrieval.subgraph;
    let keep: Vec<bool> = sub.facts.iter().map(|f| f.first_seen <= t).collect();
    let gone: FxHashSet<FactId> = sub
        .facts
        .iter()
        .zip(&keep)
        .filter(|(_, k)| !**k)
        .map(|(f, _)| f.id())
        .collect();
    let mut i = 0;
    retrieval.fact_hops.retain(|_| {
        i += 1;
        keep.get(i - 1).copied().unwrap_or(false)
    });
    sub.facts.retain(|f| f.first_seen <= t);
    for f in &mut sub.facts {
        if f.last_seen > t {
            f.last_seen = f.first_seen;
            f.mentions = 1;
            f.episodes.truncate(1);
        }
    }
    sub.entities.retain(|e| e.first_seen <= t);
    let seeds = retrieval.seeds.iter_mut().map(|s| &mut s.entity);
    for e in sub.entities.iter_mut().chain(seeds) {
        if e.last_seen > t {
            e.last_seen = e.first_seen;
        }
    }
    retrieval
        .paths
        .retain(|p| p.steps.iter().all(|s| !gone.contains(&s.fact)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use mnemo_core::RelType;

    fn day(y: i32, m: u32, d: u32) -> Timestamp {
        chrono::Utc.with_ymd_and_hms(y, m, d, 9, 0, 0).unwrap()
    }

    fn fact(s: &str, rel: &str, o: &str, first: Timestamp, last: Timestamp) -> Fact {
        Fact {
            subject: EntityKey::from_canonical(s).unwrap(),
            rel_type: RelType::new(rel).unwrap(),
            object: EntityKey::from_canonical(o).unwrap(),
            predicate: rel.to_lowercase().replace('_', " "),
            mentions: 1,
            confidence: 0.9,
            first_seen: first,
            last_seen: last,
            episodes: vec![],
            occurred: None,
        }
    }

    #[test]
    fn a_newer_fact_of_the_family_closes_the_older_whatever_the_order() {
        let table = ValidityConfig::default();
        let paris = fact(
            "lena",
            "LIVES_IN",
            "paris",
            day(2020, 4, 1),
            day(2020, 4, 1),
        );
        let lyon = fact("lena", "MOVED_TO", "lyon", day(2024, 6, 1), day(2024, 6, 1));
        let job = fact(
            "lena",
            "WORKS_FOR",
            "acme",
            day(2019, 1, 1),
            day(2019, 1, 1),
        );
        for facts in [
            vec![paris.clone(), lyon.clone(), job.clone()],
            vec![job.clone(), lyon.clone(), paris.clone()],
        ] {
            let v = validity(&facts, &table);
            let of = |k: &str| v[facts.iter().position(|f| f.object.as_str() == k).unwrap()];
            assert_eq!(of("paris").valid_to, Some(day(2024, 6, 1)));
            assert_eq!(of("paris").valid_from, day(2020, 4, 1));
            assert_eq!(of("lyon").valid_to, None);
            // Another family is left alone, and a fact nothing replaced shows no date.
            assert_eq!(of("acme").valid_to, None);
            assert_eq!(of("acme").dated, Dated::No);
            assert_eq!(of("lyon").dated, Dated::Since);
        }
    }

    #[test]
    fn a_restatement_keeps_a_fact_current_and_endings_close_without_a_successor() {
        let table = ValidityConfig::default();
        // Paris, then Lyon, then Paris again: Paris is current, Lyon closed when Paris was said again.
        let facts = vec![
            fact(
                "lena",
                "LIVES_IN",
                "paris",
                day(2020, 1, 1),
                day(2025, 1, 1),
            ),
            fact("lena", "MOVED_TO", "lyon", day(2024, 1, 1), day(2024, 1, 1)),
            fact(
                "tom",
                "WORKS_FOR",
                "initech",
                day(2021, 1, 1),
                day(2021, 1, 1),
            ),
            fact("tom", "LEFT", "initech", day(2023, 3, 1), day(2023, 3, 1)),
            fact(
                "tom",
                "WORKS_FOR",
                "globex",
                day(2023, 6, 1),
                day(2023, 6, 1),
            ),
            // An ending stated before the fact it names does not close it.
            fact("tom", "QUIT", "globex", day(2022, 1, 1), day(2022, 1, 1)),
            // Swapped: Umbrella hired Anna, then Anna works for Acme.
            fact(
                "umbrella",
                "HIRED",
                "anna",
                day(2018, 1, 1),
                day(2018, 1, 1),
            ),
            fact(
                "anna",
                "WORKS_FOR",
                "acme",
                day(2022, 1, 1),
                day(2022, 1, 1),
            ),
        ];
        let v = validity(&facts, &table);
        assert_eq!(v[0].valid_to, None);
        assert_eq!(v[1].valid_to, Some(day(2025, 1, 1)));
        assert_eq!(v[2].valid_to, Some(day(2023, 3, 1)));
        assert_eq!(v[4].valid_to, None);
        assert_eq!(v[6].valid_to, Some(day(2022, 1, 1)));
        assert_eq!(v[7].valid_to, None);
        // An ending is a dated fact itself, never closed.
        assert!(v[3].dated == Dated::On && v[3].valid_to.is_none());
    }

    #[test]
    fn a_negated_member_of_a_family_ends_it() {
        let table = ValidityConfig::default();
        let facts = vec![
            fact(
                "lena",
                "WORKS_AT",
                "initech",
                day(2020, 1, 1),
                day(2020, 1, 1),
            ),
            fact(
                "lena",
                "NO_LONGER_WORKS_AT",
                "initech",
                day(2023, 5, 1),
                day(2023, 5, 1),
            ),
            fact("lena", "LIVES_IN", "oslo", day(2020, 1, 1), day(2020, 1, 1)),
            // Not a family member after the prefix: nothing ends.
            fact(
                "lena",
                "NO_LONGER_ADMIRES",
                "oslo",
                day(2023, 5, 1),
                day(2023, 5, 1),
            ),
        ];
        let v = validity(&facts, &table);
        assert_eq!(v[0].valid_to, Some(day(2023, 5, 1)));
        assert_eq!(v[1].dated, Dated::On);
        assert_eq!(v[2].valid_to, None);
        assert_eq!(v[3].dated, Dated::No);
    }

    #[test]
    fn a_symmetric_family_holds_for_both_ends() {
        let table = ValidityConfig::default();
        let facts = vec![
            fact("anna", "MARRIED", "ben", day(2010, 1, 1), day(2010, 1, 1)),
            // Ben is the subject now: his new spouse closes his marriage to Anna.
            fact("ben", "MARRIED", "clara", day(2020, 1, 1), day(2020, 1, 1)),
            fact("dora", "MARRIED", "emil", day(2011, 1, 1), day(2011, 1, 1)),
            // Emil ends it, from the other side.
            fact("emil", "DIVORCED", "dora", day(2015, 1, 1), day(2015, 1, 1)),
            // Not symmetric: Emil working at Initech says nothing of where Initech works.
            fact(
                "emil",
                "WORKS_AT",
                "initech",
                day(2011, 1, 1),
                day(2011, 1, 1),
            ),
            fact(
                "initech",
                "WORKS_AT",
                "acme",
                day(2016, 1, 1),
                day(2016, 1, 1),
            ),
        ];
        let v = validity(&facts, &table);
        assert_eq!(v[0].valid_to, Some(day(2020, 1, 1)));
        assert_eq!(v[1].valid_to, None);
        assert_eq!(v[1].dated, Dated::Since);
        assert_eq!(v[2].valid_to, Some(day(2015, 1, 1)));
        assert_eq!(v[4].valid_to, None);
        // Without the table entry Ben's marriage does not close Anna's.
        let plain = ValidityConfig {
            symmetric: Vec::new(),
            ..ValidityConfig::default()
        };
        let v = validity(&facts, &plain);
        assert_eq!(v[0].valid_to, None);
        assert_eq!(v[2].valid_to, None);
    }

    #[test]
    fn a_role_said_several_ways_is_one_family() {
        let table = ValidityConfig::default();
        let facts = vec![
            fact(
                "tom",
                "BECAME_CEO_OF",
                "acme",
                day(2018, 1, 1),
                day(2018, 1, 1),
            ),
            fact(
                "tom",
                "STEPPED_DOWN_AS_CEO_OF",
                "acme",
                day(2021, 1, 1),
                day(2021, 1, 1),
            ),
            fact(
                "tom",
                "NAMED_CEO_OF",
                "initech",
                day(2022, 1, 1),
                day(2022, 1, 1),
            ),
        ];
        let v = validity(&facts, &table);
        assert_eq!(v[0].valid_to, Some(day(2021, 1, 1)));
        assert_eq!(v[2].valid_to, None);
    }

    #[test]
    fn valid_from_is_the_event_time_when_the_text_gives_one() {
        let table = ValidityConfig::default();
        let midnight = |y, m, d| chrono::Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap();
        let with = |f: Fact, t: &str| Fact {
            occurred: Some(t.to_string()),
            ..f
        };
        let facts = vec![
            // Told on 2023-05-08 that it happened the day before.
            with(
                fact("ann", "WENT_TO", "group", day(2023, 5, 8), day(2023, 5, 8)),
                "2023-05-07",
            ),
            with(
                fact("ann", "VISITED", "oslo", day(2023, 5, 8), day(2023, 5, 8)),
                "2023-W18",
            ),
            with(
                fact("ann", "PAINTED", "sunset", day(2023, 5, 8), day(2023, 5, 8)),
                "2022-06/2022-08",
            ),
            // No event time: record time, as before.
            fact("ann", "LIKES", "tea", day(2023, 5, 8), day(2023, 5, 8)),
            // Lived in Paris (told 2020, event 2019); moved to Lyon, told 2024 about 2023-11:
            // Paris closes when Lyon was told (record time), Lyon holds from its event time.
            with(
                fact("ann", "LIVES_IN", "paris", day(2020, 1, 1), day(2020, 1, 1)),
                "2019",
            ),
            with(
                fact("ann", "MOVED_TO", "lyon", day(2024, 1, 1), day(2024, 1, 1)),
                "2023-11",
            ),
            // An event dated after the statement that closed the fact: never an inverted interval.
            with(
                fact("bo", "WORKS_FOR", "acme", day(2021, 1, 1), day(2021, 1, 1)),
                "2025",
            ),
            fact(
                "bo",
                "WORKS_FOR",
                "initech",
                day(2022, 1, 1),
                day(2022, 1, 1),
            ),
        ];
        let v = validity(&facts, &table);
        assert_eq!(v[0].valid_from, midnight(2023, 5, 7));
        assert_eq!(v[1].valid_from, midnight(2023, 5, 1));
        assert_eq!(v[2].valid_from, midnight(2022, 6, 1));
        assert_eq!(v[3].valid_from, day(2023, 5, 8));
        assert_eq!(v[4].valid_from, midnight(2019, 1, 1));
        assert_eq!(v[4].valid_to, Some(day(2024, 1, 1)));
        assert_eq!(
            (v[5].valid_from, v[5].valid_to),
            (midnight(2023, 11, 1), None)
        );
        assert_eq!(v[6].valid_to, Some(day(2022, 1, 1)));
        assert_eq!(v[6].valid_from, day(2022, 1, 1));
    }

    #[test]
    fn the_table_is_checked() {
        assert!(ValidityConfig::default().validate().is_ok());
        let mut bad = ValidityConfig::default();
        bad.families.insert("x".into(), vec!["LIVES_IN".into()]);
        assert!(bad.validate().unwrap_err().contains("two families"));
        let mut bad = ValidityConfig::default();
        bad.endings.insert("nowhere".into(), vec!["GONE".into()]);
        assert!(bad.validate().unwrap_err().contains("unknown family"));
        let mut bad = ValidityConfig::default();
        bad.symmetric.push("friendship".into());
        assert!(bad.validate().unwrap_err().contains("is not a family"));
        let mut bad = ValidityConfig::default();
        bad.families
            .insert("y".into(), vec!["lives in') DETACH DELETE n //".into()]);
        assert!(bad
            .validate()
            .unwrap_err()
            .contains("not a relationship type"));
    }
}
