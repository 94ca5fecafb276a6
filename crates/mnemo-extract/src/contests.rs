//! Who plays whom: the two names around a verb of a match ("Liverpool beat Everton 2-1", "the
//! Lakers lost to the Celtics", "Sinner beat Alcaraz") are two sides of one kind: teams when a
//! score or a team's plural says so, players when one side is a person. Nothing else is changed:
//! places and generals fight battles too ("Rome defeated Carthage", "Wellington defeated
//! Napoleon"), and one-word clubs read like surnames ("Leeds beat Leicester").

use mnemo_core::EntityType;

use crate::features::WordInfo;
use crate::gazetteer as gz;
use crate::span_rules::{name_word, RawSpan};

/// The index of the first word of the other side after a match verb at `v`, or `None` when the
/// word at `v` is no such verb ("lost" needs "to", "drew" needs "with").
fn other_side(info: &[WordInfo], v: usize) -> Option<usize> {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let o = match word(v) {
        "beat" | "beats" | "defeated" | "defeats" | "thrashed" | "thrashes" | "edged"
        | "routed" | "eliminated" | "eliminates" | "outscored" => v + 1,
        "lost" | "loses" if word(v + 1) == "to" => v + 2,
        "drew" | "draws" | "tied" if word(v + 1) == "with" => v + 2,
        _ => return None,
    };
    Some(if word(o) == "the" { o + 1 } else { o })
}

/// "the Lakers", "the Celtics": one capitalised plural after "the".
fn the_plural(info: &[WordInfo], s: &RawSpan) -> bool {
    s.1 == s.0 + 1 && s.0 > 0 && info[s.0 - 1].lower == "the" && info[s.0].lower.ends_with('s')
}

/// "Spurs", "Wolves": a plural of a common noun as one side's name, a team's, seldom a
/// person's.
fn plural_club(info: &[WordInfo], s: &RawSpan) -> bool {
    let l = info[s.0].lower.as_str();
    s.1 == s.0 + 1
        && l.ends_with('s')
        && crate::lexicon::parts_of_speech(l).is_none()
        && crate::lexicon::is_plural_of_noun(l)
}

/// A side a list knows as a firm's or a place's ("Ford", "Carthage" typed a place).
fn firm_or_place(info: &[WordInfo], s: &RawSpan) -> bool {
    matches!(s.2, EntityType::Organization | EntityType::Location)
        || info[s.0..s.1]
            .iter()
            .any(|w| w.flags & (gz::PLACE | gz::ORG_NAME) != 0)
}

/// "2-1", "3–0": a match's score.
fn score(w: Option<&WordInfo>) -> bool {
    w.is_some_and(|w| {
        let mut parts = w.lower.split(['-', '–']);
        let digits = |p: Option<&str>| {
            p.is_some_and(|p| {
                !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit())
            })
        };
        digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
    })
}

/// The span of a side: the one already there, or the capitalised name words the tagger left
/// out (at most three, none of them a known given name when they stand alone).
fn side(spans: &mut Vec<RawSpan>, info: &[WordInfo], a: usize, forward: bool) -> Option<usize> {
    let at = |s: &RawSpan| if forward { s.0 == a } else { s.1 == a + 1 };
    if let Some(i) = spans.iter().position(at) {
        return Some(i);
    }
    if !info.get(a).is_some_and(name_word) || spans.iter().any(|s| s.4 <= a && a < s.1) {
        return None;
    }
    let (mut s, mut e) = (a, a + 1);
    if forward {
        while e < info.len() && e < a + 3 && name_word(&info[e]) {
            e += 1;
        }
    } else {
        // Not an adverb opening the sentence ("Again Spurs beat ...").
        while s > 0
            && a + 1 - s < 3
            && name_word(&info[s - 1])
            && !crate::lexicon::parts_of_speech(&info[s - 1].lower)
                .is_some_and(|p| p.starts_with('r'))
        {
            s -= 1;
        }
    }
    if spans.iter().any(|x| x.4 < e && s < x.1) {
        return None;
    }
    spans.push((s, e, EntityType::Other, None, s));
    Some(spans.len() - 1)
}

/// Types both sides of each match verb: teams (organisations) when either is named after a
/// place, people when neither is and both are single words no list knows as places.
pub(crate) fn contest_names(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    for v in 1..info.len() {
        let Some(o) = other_side(info, v) else {
            continue;
        };
        if o >= info.len() || !name_word(&info[o]) {
            continue;
        }
        let before = spans.len();
        let (Some(i), Some(j)) = (side(spans, info, v - 1, false), side(spans, info, o, true))
        else {
            spans.truncate(before);
            continue;
        };
        // "territories in Italy lost to the Habsburgs": a name after a preposition is no side.
        let governed = spans[i].4 > 0
            && matches!(
                info[spans[i].4 - 1].lower.as_str(),
                "in" | "of" | "at" | "from" | "to" | "for" | "on" | "by" | "with" | "into"
            );
        if i == j || governed || spans[i].3.is_some() || spans[j].3.is_some() {
            spans.truncate(before);
            continue;
        }
        // "Brazil beat Germany", "The Republic of Ireland beat Scotland": countries and cities
        // playing are written as the places they are.
        let word = |k: usize| info.get(k).map_or("", |w| w.lower.as_str());
        let pure_place = |s: &RawSpan| {
            s.2 == EntityType::Location
                && (s.0..s.1).all(|k| {
                    info[k].flags & (gz::PLACE | gz::LOC_WORD) != 0
                        || !name_word(&info[k])
                        || word(k + 1) == "of"
                })
        };
        if pure_place(&spans[i]) && pure_place(&spans[j]) {
            spans.truncate(before);
            continue;
        }
        let person = |s: &RawSpan| s.2 == EntityType::Person;
        // A person the tagger found, not by a name that is a place's too ("Chelsea").
        let surely_person = |s: &RawSpan| {
            person(s)
                && !info[s.0..s.1]
                    .iter()
                    .any(|w| gz::is_given_name_place(&w.lower))
        };
        let teams = score(info.get(spans[j].1))
            || the_plural(info, &spans[i])
            || the_plural(info, &spans[j])
            || ((plural_club(info, &spans[i]) || plural_club(info, &spans[j]))
                && !person(&spans[i])
                && !person(&spans[j]));
        let t = if teams {
            // "Real Madrid", "Inter Milan": a capitalised word opening the sentence before the
            // club's place name is the club's (not an adverb: "Again Spurs beat Arsenal").
            if spans[i].0 == 1
                && name_word(&info[0])
                && crate::span_rules::opener_len(info) == 0
                && !crate::lexicon::parts_of_speech(word(0)).is_some_and(|p| p.starts_with('r'))
                && !spans.iter().any(|s| s.1 == 1)
            {
                spans[i].0 = 0;
                spans[i].4 = 0;
            }
            EntityType::Organization
        } else if (surely_person(&spans[i]) && !firm_or_place(info, &spans[j]))
            || (surely_person(&spans[j]) && !firm_or_place(info, &spans[i]))
        {
            EntityType::Person
        } else {
            spans.truncate(before);
            continue;
        };
        spans[i].2 = t;
        spans[j].2 = t;
    }
}
