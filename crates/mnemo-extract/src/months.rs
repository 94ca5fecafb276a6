//! Months that are given names too ("April", "May", "June", "August"): where a person is meant
//! ("April was born", "I met May", "my aunt May", "April Smith") and where the month ("in April",
//! "May went by so fast").

use mnemo_core::EntityType;

use crate::features::WordInfo;
use crate::gazetteer as gz;
use crate::name_rules;
use crate::span_rules::{self, RawSpan};

/// Makes the month at word `k` a person: the span over it, or a full name after it ("April
/// Smith"), or a span of its own.
pub(crate) fn person_span(spans: &mut Vec<RawSpan>, k: usize) {
    let full = spans.iter().position(|s| s.0 == k + 1);
    match spans.iter().position(|s| s.0 <= k && k < s.1).or(full) {
        Some(i) => {
            spans[i].0 = spans[i].0.min(k);
            spans[i].4 = spans[i].4.min(k);
            spans[i].2 = EntityType::Person;
        }
        None => spans.push((k, k + 1, EntityType::Person, None, k)),
    }
}

/// Whether the month at word `k` is a person's given name here: "April", "May", "June" and
/// "August" are both, and are a person before what people do ("April was born", "June and I
/// moved", "April said"), after a verb one does to a person ("I met April", "dinner with June")
/// or a relative's noun ("my aunt May"), not after a word of time ("in April", "since June").
pub(crate) fn as_person(info: &[WordInfo], k: usize) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    if !matches!(word(k), "april" | "may" | "june" | "august") {
        return false;
    }
    let next = word(k + 1);
    let after_time =
        k > 0 && matches!(word(k - 1), "in" | "since" | "until" | "till" | "of" | "by");
    // "April Smith was born": the first of a full name (not "in April Anna moved").
    let full_name = info.get(k + 1).is_some_and(|w| {
        w.is_title && w.flags & (gz::MONTH | gz::WEEKDAY) == 0 && !name_rules::is_year(&w.lower)
    }) && !after_time;
    // Not "went" ("May went by so fast") nor "won".
    let does = full_name
        || span_rules::person_verb(next)
        || (span_rules::everyday_person_verb(next) && !matches!(next, "went" | "won"))
        || matches!(
            next,
            "moved" | "lives" | "lived" | "works" | "worked" | "visited" | "called" | "met"
        )
        || (matches!(next, "was" | "is") && word(k + 2) == "born")
        || (next == "and" && matches!(word(k + 2), "i" | "me"))
        || (next == "'s" && crate::lexicon::category_of(word(k + 2)) == Some("person"));
    let done_to = k > 0
        && (matches!(
            word(k - 1),
            "met"
                | "meet"
                | "married"
                | "marry"
                | "called"
                | "texted"
                | "told"
                | "asked"
                | "thanked"
                | "hugged"
                | "invited"
                | "with"
        ) || info[k - 1].flags & gz::KIN != 0
            || name_rules::meeting_context(&info[..k]));
    does || done_to
}
