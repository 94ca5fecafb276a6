//! Facts that change, as a search sees them: the table and the intervals are `mnemo_core::validity`
//! (shared with the Neo4j store, which keeps them on relationships for Browser); here, the view of
//! a retrieval as of a time.

use rustc_hash::FxHashSet;

use mnemo_core::{FactId, Timestamp};
use mnemo_retrieve::Retrieval;

pub use mnemo_core::validity::{validity, Dated, Validity, ValidityConfig};

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
    use mnemo_core::{EntityKey, Fact, RelType};

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
