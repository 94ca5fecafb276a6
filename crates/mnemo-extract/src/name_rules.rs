//! Word-level rules of the mention finder: titles before names, dates, and the entity type that a
//! verb and preposition before a name imply.

use mnemo_core::EntityType;

use crate::demonyms::{self, Demonym};
use crate::features::WordInfo;
use crate::gazetteer::{self as gz};

/// Whether a title is written as part of the name it precedes ("Mr. Tavaya", "President Reagan")
/// rather than as a role ("Sen. DeConcini", "Judge Ellis"): decides the mention span, following
/// how news annotation (CoNLL04 train) marks it. The entity's name never includes the title.
pub(crate) fn title_in_span(title: &str) -> bool {
    matches!(
        title.to_lowercase().as_str(),
        "mr" | "mr."
            | "mrs"
            | "mrs."
            | "ms"
            | "ms."
            | "miss"
            | "dr."
            | "rev."
            | "gen."
            | "sgt."
            | "prince"
            | "princess"
            | "king"
            | "queen"
            | "lord"
            | "pope"
            | "president"
    )
}

/// The words before a name without the article right before it: "a job at the Red Cross" is
/// "a job at" for what the context says.
fn without_article(before: &[WordInfo]) -> &[WordInfo] {
    match before {
        [rest @ .., last] if last.lower == "the" => rest,
        _ => before,
    }
}

/// The type a verb and preposition right before a name imply: "works at X", "lives in X".
pub(crate) fn context_type(before: &[WordInfo]) -> Option<EntityType> {
    let before = without_article(before);
    let [.., verb, prep] = before else {
        return None;
    };

    let stem = verb
        .lower
        .trim_end_matches("ing")
        .trim_end_matches("ed")
        .trim_end_matches('s');
    match (stem, prep.lower.as_str()) {
        ("work" | "employ" | "join" | "job", "at" | "for")
        | ("job", "with")
        // "plays for Santos", "signed with Benfica": a team.
        | ("play" | "sign", "for")
        | ("sign", "with") => {
            Some(EntityType::Organization)
        }
        ("live" | "liv" | "born" | "move" | "mov" | "grew" | "settl", "in" | "to" | "from") => {
            Some(EntityType::Location)
        }
        // "Waste Disposal Co. of Randolph": where a company is.
        (_, "of") if gz::is_corporate_designator(&verb.lower) => Some(EntityType::Location),
        // "a running club called the Dawn Patrol", "a cafe named Blue Door", "a village called
        // Hallstatt": the kind before the name says what it is.
        (_, "called" | "named") => {
            let noun = verb.lower.as_str();
            if verb.flags & gz::ORG_WORD != 0
                || matches!(
                    noun,
                    "band"
                        | "startup"
                        | "charity"
                        | "nonprofit"
                        | "restaurant"
                        | "cafe"
                        | "café"
                        | "bar"
                        | "pub"
                        | "bakery"
                        | "brewery"
                        | "shop"
                        | "store"
                        | "gym"
                        | "choir"
                        | "orchestra"
                )
            {
                Some(EntityType::Organization)
            } else if matches!(
                noun,
                "town" | "village" | "city" | "island" | "neighborhood" | "neighbourhood" | "suburb"
            ) {
                Some(EntityType::Location)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether `w` (after `prev`) names a job one holds at a workplace: "job", "internship",
/// "shift", "position", and a "first" or "last day".
pub(crate) fn job_word(w: &str, prev: &str) -> bool {
    matches!(w, "job" | "internship" | "shift" | "position")
        || (w == "day" && matches!(prev, "first" | "last"))
}

/// In conversation, where a person of some occupation is: "a lawyer at Clifford Chance", "a
/// nurse at St. Mary's" name a workplace (not "met a friend at Galway": a friend works nowhere
/// for being one). Documents write "a professor at St. Petersburg" of places too.
pub(crate) fn workplace_context(before: &[WordInfo]) -> bool {
    let before = without_article(before);
    let [.., noun, prep] = before else {
        return false;
    };
    // "a new job at Blue Bottle", "my first day at Deloitte", "an internship at Pfizer".
    let prev = before
        .len()
        .checked_sub(3)
        .map_or("", |k| before[k].lower.as_str());
    let work = job_word(&noun.lower, prev)
        || matches!(noun.lower.as_str(), "interview" | "intern" | "barista");
    let social = matches!(
        noun.lower.as_str(),
        "friend"
            | "friends"
            | "guy"
            | "guys"
            | "girl"
            | "girls"
            | "boy"
            | "boys"
            | "man"
            | "men"
            | "woman"
            | "women"
            | "people"
            | "person"
            | "kid"
            | "kids"
            | "child"
            | "children"
            | "stranger"
            | "strangers"
            | "neighbor"
            | "neighbour"
            | "buddy"
            | "pal"
            | "date"
            | "someone"
            | "everyone"
            | "couple"
            | "lady"
            | "dude"
            | "fan"
            | "fans"
            | "family"
    );
    prep.lower == "at"
        && !social
        && (work
            || noun.flags & gz::ROLE != 0
            || crate::lexicon::category_of(&noun.lower) == Some("person"))
}

/// Whether the words right before a name say a company acquires or merges with it: "Microsoft
/// acquired Zendesk", "merged with Compaq" (a list after it is one too:
/// `span_rules::listed_organizations`).
pub(crate) fn acquisition_context(before: &[WordInfo]) -> bool {
    let w = |k: usize| {
        before
            .len()
            .checked_sub(k)
            .map_or("", |i| before[i].lower.as_str())
    };
    plain_acquisition(before)
        // "agreed to buy Seagen", "plans to buy": a firm's plan to buy one (not "bought Anna a
        // drink": a person's purchase says no infinitive's "to").
        || (matches!(w(1), "buy" | "purchase") && w(2) == "to")
}

/// Whether an acquisition's words say it so plainly that even a given name after them is a
/// firm's ("merged with Heinz", "acquired McDonnell Douglas").
pub(crate) fn plain_acquisition(before: &[WordInfo]) -> bool {
    let w = |k: usize| {
        before
            .len()
            .checked_sub(k)
            .map_or("", |i| before[i].lower.as_str())
    };
    matches!(w(1), "acquired" | "acquire" | "acquires" | "acquiring")
        || (w(1) == "with" && matches!(w(2), "merged" | "merge" | "merges" | "merging"))
}

/// Whether the words right before a name say one meets a person there: "met X", "married X",
/// "ran into X", "bumped into X", "caught up with X", "hung out with X". The caller turns only a listed given name the
/// tagger typed otherwise into a person ("ran into Anna at the store").
pub(crate) fn meeting_context(before: &[WordInfo]) -> bool {
    let words: Vec<&str> = before
        .iter()
        .rev()
        .take(3)
        .map(|w| w.lower.as_str())
        .collect();
    match words.as_slice() {
        // "I met Sydney", "she married Austin": one meets and marries people, not cities.
        [verb, ..]
            if matches!(
                *verb,
                "met"
                    | "meet"
                    | "meets"
                    | "married"
                    | "marry"
                    | "marries"
                    | "dating"
                    | "dated"
                    | "texted"
                    | "hugged"
            ) =>
        {
            true
        }
        // "Harris met with Netanyahu".
        ["with", "met" | "meet" | "meets" | "meeting", ..] => true,
        ["into", verb, ..] => matches!(
            *verb,
            "ran" | "run" | "runs" | "running" | "bumped" | "bump" | "bumps" | "bumping"
        ),
        ["with", "up" | "out", verb, ..] => matches!(
            *verb,
            "caught"
                | "catch"
                | "catching"
                | "met"
                | "meet"
                | "meeting"
                | "hung"
                | "hang"
                | "hanging"
                | "hangs"
        ),
        _ => false,
    }
}

/// Whether a name ending before word `end` is followed by ", Region" and the end of that phrase
/// ("Bethany, Conn., was", "Niles, Ohio."): news writes a town so. Not "Thanks Jon, Paris was
/// great" (a city is no region) nor "Hi Maria, Georgia says hi" (the phrase goes on).
pub(crate) fn region_follows(info: &[WordInfo], end: usize) -> bool {
    let [comma, region, rest @ ..] = info.get(end..).unwrap_or_default() else {
        return false;
    };
    comma.lower == ","
        && region.is_capitalised()
        && gz::is_region(&region.lower)
        && rest
            .first()
            .is_none_or(|w| matches!(w.lower.as_str(), "," | "." | ";" | ")" | ":"))
        // A list goes on after a comma ("Emily, Georgia, and Paul").
        && !(rest.first().is_some_and(|w| w.lower == ",")
            && rest
                .get(1)
                .is_some_and(|w| w.is_capitalised() || matches!(w.lower.as_str(), "and" | "or")))
}

/// Whether the words right before a name make it where someone travelled: "went to X", "flew to
/// X", "a trip to X", "back from X". Weaker than [`context_type`] ("went to Google", "went to
/// Anna for advice"): the caller only turns a one-word name the tagger took for a person (or
/// left untyped) into a place, and not a listed given name or one followed by "and" or "'s".
pub(crate) fn travel_destination(before: &[WordInfo]) -> bool {
    let [.., word, prep] = before else {
        return false;
    };
    match prep.lower.as_str() {
        "to" => matches!(
            word.lower.as_str(),
            "went"
                | "go"
                | "goes"
                | "going"
                | "gone"
                | "flew"
                | "fly"
                | "flies"
                | "flying"
                | "flown"
                | "drove"
                | "driving"
                | "traveled"
                | "travelled"
                | "traveling"
                | "travelling"
                | "travel"
                | "trip"
                | "trips"
                | "vacation"
                | "holiday"
                | "journey"
                | "flight"
                | "flights"
                | "relocated"
        ),
        "from" => matches!(word.lower.as_str(), "back" | "returned" | "home"),
        "in" => matches!(
            word.lower.as_str(),
            "vacation" | "holiday" | "arrived" | "landed" | "stayed" | "staying"
        ),
        _ => false,
    }
}

/// Words that open a place's name: "Lake Tahoe", "Mount Kilimanjaro", "Cape Cod", "Loch Ness".
/// The name list types such names by their last word ("Tahoe"), which says nothing.
pub(crate) fn opens_place_name(lower: &str) -> bool {
    matches!(
        lower,
        "lake" | "mount" | "mt" | "mt." | "cape" | "loch" | "isle" | "lac" | "monte" | "mont"
    )
}

/// Titles that make the capitalised words after them a person's name even when the tagger missed
/// it ("General" is not one: "General Motors").
pub(crate) fn is_personal_title(w: &str) -> bool {
    (w.ends_with('.') && gz::flags(&w.to_lowercase()) & gz::TITLE != 0)
        || matches!(
            w,
            "Mr" | "Mrs"
                | "Ms"
                | "Miss"
                | "President"
                | "Senator"
                | "Governor"
                | "Judge"
                | "King"
                | "Queen"
                | "Prince"
                | "Princess"
                | "Pope"
                | "Sir"
                | "Lady"
                | "Lord"
                | "Dame"
                | "Professor"
                | "Doctor"
        )
}

/// "1998", and decades "1990s".
pub(crate) fn is_year(w: &str) -> bool {
    let d = w.strip_suffix('s').unwrap_or(w);
    d.len() == 4
        && d.bytes().all(|b| b.is_ascii_digit())
        && (d.starts_with('1') || d.starts_with("20"))
}

pub(crate) fn is_day(w: &str) -> bool {
    let d = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    !d.is_empty() && d.len() <= 2 && d.bytes().all(|b| b.is_ascii_digit())
}

/// Date spans (relative word indices): "13 March 1963", "March 5, 1990", "July 2012", "1998".
pub(crate) fn date_spans(texts: &[&str], info: &[WordInfo]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < info.len() {
        let month = info[i].flags & gz::MONTH != 0 && info[i].is_title;
        // "May" alone is too often a verb or a name; not after a word of time ("in May").
        let month = month
            && (info[i].lower != "may"
                || texts.get(i + 1).is_some_and(|w| is_day(w) || is_year(w))
                || (i > 0
                    && matches!(
                        info[i - 1].lower.as_str(),
                        "in" | "since" | "until" | "till" | "last" | "next" | "early" | "mid"
                    )));
        if month {
            let mut s = i;
            let mut e = i + 1;
            if i > 0 && is_day(texts[i - 1]) {
                s = i - 1;
            }
            if e < texts.len() && is_day(texts[e]) {
                e += 1;
            }
            if e + 1 < texts.len() && texts[e] == "," && is_year(texts[e + 1]) {
                e += 2;
            } else if e < texts.len() && is_year(texts[e]) {
                e += 1;
            }
            out.push((s, e));
            i = e;
            continue;
        }
        // A weekday alone ("said Monday") names no lasting thing: not an entity. Nor a clock
        // time ("1700 GMT", "0900 hours").
        if is_year(texts[i]) && !texts.get(i + 1).is_some_and(|w| is_clock_suffix(w)) {
            out.push((i, i + 1));
        }
        i += 1;
    }
    out
}

/// A time zone or "hours" after four digits: "1700 GMT" is a time of day, not a year.
fn is_clock_suffix(w: &str) -> bool {
    matches!(
        w,
        "GMT"
            | "UTC"
            | "EST"
            | "EDT"
            | "CST"
            | "CDT"
            | "MST"
            | "MDT"
            | "PST"
            | "PDT"
            | "BST"
            | "CET"
            | "CEST"
            | "hours"
            | "hrs"
            | "h"
    )
}

/// Demonym, language and faith words (relative word indices), with their type and the name they
/// stand for: "German" -> (Location, "Germany"); "in English" -> (Other, the word itself);
/// "Catholic" -> (Organization, "Catholic Church"). Only words written capitalised count, and only
/// when they stand alone rather than open a longer name ("French Open", "Soviet Union").
/// Whether a lower-case word is (or may be) a noun: WordNet lists it first as one, files it under
/// a category, or does not know it (its part-of-speech table leaves rare nouns out).
fn is_noun_word(w: &WordInfo) -> bool {
    let lower = w.lower.as_str();
    if w.is_capitalised() || !lower.chars().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    match crate::lexicon::parts_of_speech(lower) {
        Some(p) => p.starts_with('n') || crate::lexicon::category_of(lower).is_some(),
        None => !crate::gazetteer::is_function_word(lower) && crate::gazetteer::flags(lower) == 0,
    }
}

/// Whether a word before a language's adjective makes it the language: a preposition ("in
/// English", "from Latin") or a verb of speaking, learning or teaching ("I'm learning Spanish").
fn names_language_before(w: &str) -> bool {
    matches!(
        w,
        "in" | "into"
            | "from"
            | "speak"
            | "speaks"
            | "speaking"
            | "spoke"
            | "spoken"
            | "learn"
            | "learns"
            | "learning"
            | "learned"
            | "learnt"
            | "study"
            | "studies"
            | "studying"
            | "studied"
            | "teach"
            | "teaches"
            | "teaching"
            | "taught"
            | "practise"
            | "practice"
            | "practising"
            | "practicing"
            | "practised"
            | "practiced"
    )
}

pub(crate) fn demonym_spans(info: &[WordInfo]) -> Vec<(usize, usize, EntityType, Option<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < info.len() {
        if !info[i].is_title {
            i += 1;
            continue;
        }
        let two = (i + 1 < info.len() && info[i + 1].is_title)
            .then(|| format!("{} {}", info[i].lower, info[i + 1].lower))
            .and_then(|p| demonyms::lookup(&p));
        let (hit, len) = match two {
            Some(d) => (Some(d), 2),
            None => (demonyms::lookup(&info[i].lower), 1),
        };
        let Some(hit) = hit else {
            i += 1;
            continue;
        };
        let b = i + len;
        // Part of a longer capitalised name: left to the tagger and the run rules ("The Swiss
        // and Austrian governments": a sentence's capitalised article is no part of one).
        let (ra, rb) = info[i].run;
        let own_run = rb == b && (ra..i).all(|k| info[k].flags & crate::gazetteer::STOPWORD != 0);
        if !own_run {
            i = b;
            continue;
        }
        let lower = &info[i].lower;
        let before = i.checked_sub(1).map(|k| info[k].lower.as_str());
        let after = info.get(b).map(|w| w.lower.as_str());
        let language = len == 1
            && demonyms::is_language(lower)
            && (matches!(
                after,
                Some(
                    "language"
                        | "-language"
                        | "dialect"
                        | "translation"
                        // "my Spanish class", "French lessons": the language taught.
                        | "class"
                        | "classes"
                        | "lesson"
                        | "lessons"
                        | "course"
                        | "courses"
                        | "tutor"
                )
            ) || ((before.is_some_and(names_language_before)
                // "speak French and German": a language listed after one.
                || (matches!(before, Some("and" | "&" | "," | "or"))
                    && out.last().is_some_and(|l: &(usize, usize, EntityType, Option<String>)| {
                        l.2 == EntityType::Other && l.1 + 1 == i
                    })))
                // "learning Japanese cooking", "I teach Chinese students": a noun after it
                // makes the word that noun's adjective.
                && info.get(b).is_none_or(|w| !is_noun_word(w))));
        let span = if language {
            (i, b, EntityType::Other, None)
        } else {
            match hit {
                Demonym::Country(c) => (i, b, EntityType::Location, Some(c.clone())),
                Demonym::Adherent(o) => (i, b, EntityType::Organization, Some(o.clone())),
            }
        };
        out.push(span);
        i = b;
    }
    out
}

/// What the passive after a name says it is: a firm or an institution is founded, established,
/// incorporated, headquartered or acquired ("Stripe was founded by ...", "Heineken was founded
/// in Amsterdam"); a work is written, directed, published or composed by someone ("Breaking Bad
/// was created by ...", "Citizen Kane, directed by Orson Welles,"). `end` is the word after the
/// name.
pub(crate) fn passive_subject_type(info: &[WordInfo], end: usize) -> Option<EntityType> {
    let w = |k: usize| info.get(end + k).map_or("", |w| w.lower.as_str());
    let (verb, after) = match (w(0), w(1)) {
        ("is" | "was", "being") => (w(2), w(3)),
        ("has" | "had", "been") => (w(2), w(3)),
        ("is" | "was" | ",", v) => (v, w(2)),
        _ => return None,
    };
    let firm = matches!(
        verb,
        "founded" | "incorporated" | "headquartered" | "acquired" | "cofounded" | "co-founded"
    );
    let work = after == "by"
        && matches!(
            verb,
            "written"
                | "directed"
                | "published"
                | "created"
                | "composed"
                | "painted"
                | "authored"
                | "illustrated"
                | "produced"
                | "developed"
                | "narrated"
                | "sung"
                | "performed"
        );
    if firm && (after == "by" || w(0) != ",") {
        Some(EntityType::Organization)
    } else if work {
        Some(EntityType::Other)
    } else {
        None
    }
}
