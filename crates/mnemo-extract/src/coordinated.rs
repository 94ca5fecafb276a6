//! Verbs joined to a clause's first by "and" or a comma share its subject: "I went hiking and
//! then visited my parents", "We drove to the coast, swam and cooked dinner", "Gonna explore
//! more and volunteer at shelters" -> the speaker visited their parents, swam, cooked dinner,
//! will volunteer at shelters. The joined verb has the first's form (a past after a past, a base
//! form after a plan's, the subject's present after a present: "I work at a bank and live in
//! Chicago") and an object or a place after it: "I love hiking and camping" lists gerunds, "I
//! was tired and excited" and "I felt liberated and empowered doing it" describe. Also here:
//! "had fun / a great time + gerund", whose act is the gerund's (`time_had`).

use crate::clause_fact::End;
use crate::clause_words::{is_aux, is_skipped_adverb};
use crate::phrases::{opens_relative, Sentence};
use crate::verbs::{is_gerund, is_irregular_past, is_verbish};

/// Words between "and" and the verb it joins ("and then visited", "and also cooked").
fn joining_adverb(w: &str) -> bool {
    matches!(
        w,
        "then" | "also" | "later" | "finally" | "even" | "just" | "eventually"
    )
}

/// A past tense that is a verb's and no auxiliary: "visited", "swam"; not "was", "had".
fn past_verb(w: &str) -> bool {
    !is_aux(w) && (is_irregular_past(w) || (w.len() > 4 && w.ends_with("ed") && is_verbish(w)))
}

/// The first verb of a plan opening at `k` ("gonna explore", "going to relax", "want to
/// travel", "will call"), when one does.
fn planned_verb(s: &Sentence<'_>, k: usize) -> Option<usize> {
    let v = match s.lower(k) {
        "gonna" | "wanna" | "gotta" | "will" | "'ll" => k + 1,
        "going" | "want" | "wants" | "plan" | "plans" | "planning" | "hope" | "hoping" | "need"
        | "have"
            if s.lower(k + 1) == "to" =>
        {
            k + 2
        }
        _ => return None,
    };
    base_verb(s.lower(v)).then_some(v)
}

/// A verb's base form: "volunteer", "read"; not "reading", "read" as a past is told apart by
/// the clause only.
fn base_verb(w: &str) -> bool {
    !is_aux(w)
        && w.len() > 1
        && !w.ends_with("ing")
        && !w.ends_with("ed")
        && crate::lexicon::parts_of_speech(w).is_some_and(|p| p.contains('v'))
}

/// A verb's third person: "plays", "runs", "lives"; not a plural noun alone ("cats" is no
/// verb WordNet knows).
fn third_person(w: &str) -> bool {
    !is_aux(w)
        && w.len() > 2
        && w.ends_with('s')
        && !w.ends_with("ss")
        && crate::lexicon::singulars(w)
            .iter()
            .chain(std::iter::once(&w[..w.len() - 1].to_string()))
            .any(|b| base_verb(b))
}

/// Verbs that take a clause ("explained their brother would be OK"): what follows them is no
/// object.
fn saying(w: &str) -> bool {
    matches!(
        w,
        "heard"
            | "explained"
            | "said"
            | "thought"
            | "knew"
            | "realized"
            | "realised"
            | "noticed"
            | "figured"
            | "guessed"
            | "hoped"
            | "wished"
            | "believed"
            | "admitted"
            | "claimed"
            | "mentioned"
            | "agreed"
            | "promised"
    )
}

/// Whether the words after a joined verb at `v` can be its object or where it was done: a
/// determiner, a preposition, a name, a pronoun or a noun ("and moved to London", "and got a
/// job"); not an adjective or a gerund ("felt liberated and empowered doing it").
fn object_follows(s: &Sentence<'_>, v: usize) -> bool {
    let w = s.lower(v + 1);
    let place_word =
        |w: &str| crate::clause_words::is_determiner(w) || crate::clause_words::is_prep(w);
    // "and cleaned up the kitchen": what follows the particle; not "woke up crying".
    if crate::clause_words::is_particle(w) && !place_word(w) {
        return object_follows(s, v + 1);
    }
    place_word(w)
        || s.at.get(v + 1).is_some_and(Option::is_some)
        || matches!(w, "me" | "us" | "him" | "her" | "them" | "it" | "home" | "out" | "up")
        // "and went skiing", "and started freelancing"; not "empowered doing it", "woke up
        // crying".
        || (is_gerund(w)
            && is_verbish(w)
            && !crate::clause_words::is_light_verb(w)
            && crate::verbs::takes_gerund(s.lower(v)))
        // "and went straight to the hotel".
        || (crate::lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('r'))
            && place_word(s.lower(v + 2)))
        || (s.noun_phrase(v + 1).is_some() && !is_gerund(w))
}

/// A verb joined to a clause's first: its subject, where its verb group starts, and the words
/// of a plan it carries over ("going to", "hope to": "I hope to finish my degree and find a job"
/// hopes to find one too; "gonna" and "will" leave no word, as in the first clause).
pub(crate) struct Joined {
    /// Index into the subjects the verb's clause opened with.
    pub source: usize,
    pub subject: End,
    pub verb: usize,
    pub plan: Option<String>,
    /// Whether the joined verb's present takes the third person itself: not after a plan
    /// ("gonna explore and volunteer"), whose words or tense it shares.
    pub agrees: bool,
}

/// Whether the participle at `v` opens a thing listed beside the noun before "and" ("fried
/// chicken and mashed potatoes", "cheese and sliced bread"): its noun is of the same kind.
fn listed_thing(s: &Sentence<'_>, and: usize, v: usize) -> bool {
    let before = and.checked_sub(1).map(|b| s.lower(b));
    let after = s.lower(v + 1);
    // A compound WordNet knows ("mashed potato"), or a dish's making ("sliced bread").
    let p = s.lower(v);
    let compound = std::iter::once(after.to_string())
        .chain(crate::lexicon::singulars(after))
        .any(|n| crate::kinds::is_noun_lemma(&format!("{p}_{n}")));
    let prepared = matches!(
        p,
        "fried"
            | "mashed"
            | "sliced"
            | "scrambled"
            | "diced"
            | "dried"
            | "canned"
            | "whipped"
            | "iced"
    );
    (compound || prepared) && before.is_some_and(|b| crate::lexicon::same_category(b, after))
}

/// Whether a present verb's form at `v` is a noun first ("I want a house and land in Spain":
/// WordNet lists "land" as a noun before a verb; "live", "work", "run" are verbs first).
fn noun_first(s: &Sentence<'_>, v: usize) -> bool {
    let w = s.lower(v);
    // A third person is read by its base ("works" is a noun too, "work" a verb first).
    let base = w.strip_suffix('s').unwrap_or(w);
    [base, w]
        .iter()
        .filter_map(|x| crate::lexicon::parts_of_speech(x))
        .next()
        .is_some_and(|p| p.starts_with('n'))
}

/// For each subject whose clause opens with a past verb or a plan, the verbs of that form
/// joined to it later in the clause.
pub(crate) fn joined_verbs(s: &Sentence<'_>, subjects: &[(End, usize, usize)]) -> Vec<Joined> {
    let n = s.info.len();
    let mut out = Vec::new();
    for (source, (subject, from, _)) in subjects.iter().enumerate() {
        // Adverbs, a perfect's auxiliary ("I've visited"), and a form of "be" before a plan
        // ("I'm going to", "I'm gonna").
        let mut k = *from;
        while k < n {
            let w = s.lower(k);
            let be_planning = matches!(w, "'m" | "am" | "are" | "'re" | "is" | "'s")
                && matches!(s.lower(k + 1), "going" | "gonna" | "planning" | "hoping");
            let perfect = matches!(w, "'ve" | "have" | "has" | "had") && past_verb(s.lower(k + 1));
            if is_skipped_adverb(w) || perfect || be_planning {
                k += 1;
            } else {
                break;
            }
        }
        if k >= n || saying(s.lower(k)) {
            continue;
        }
        // "gonna explore more and volunteer at shelters", "I'm going to relax and read a
        // book": a plan's verbs are base forms.
        let planned = planned_verb(s, k);
        // "I work at a bank and live in Chicago", "Jess plays tennis and runs a club": the
        // present of the subject's person.
        let first_person = matches!(subject, End::Mention(m)
            if matches!(s.lower(s.mentions[*m].words.0 - s.offset), "i" | "we"));
        let w = s.lower(k);
        // A past whose form is its base's too ("I read a book and watched TV"), and "had" as
        // the main verb ("I had dinner and watched a movie").
        let first_past = past_verb(w)
            || crate::verbs::same_form_past(w)
            || (w == "had" && !past_verb(s.lower(k + 1)) && s.lower(k + 1) != "been");
        let present = planned.is_none()
            && !first_past
            && if first_person {
                base_verb(w)
            } else {
                third_person(w)
            };
        // "We love going for hikes and having picnics", "I enjoy reading novels, baking bread":
        // the gerunds joined to the first one are liked too.
        let next = s.lower(k + 1);
        let liked = (crate::verbs::takes_gerund(w) && !matches!(w, "go" | "goes" | "went"))
            .then_some(k + 1)
            .filter(|_| is_gerund(next) && is_verbish(next));
        if !first_past && planned.is_none() && !present && liked.is_none() {
            continue;
        }
        // The first clause's present verb agrees as its facts do ("I love hiking and
        // camping": LOVES; `clauses::agree_in_person`).
        let agreed = |v: &str| {
            if crate::verbs::present_base(v) && (*from..k).all(|i| is_skipped_adverb(s.lower(i))) {
                crate::verbs::third_person(v)
            } else {
                v.to_string()
            }
        };
        let plan = planned
            .filter(|_| !matches!(s.lower(k), "gonna" | "wanna" | "gotta" | "will" | "'ll"))
            .map(|v| {
                let mut words: Vec<String> = (k..v).map(|i| s.lower(i).to_string()).collect();
                words[0] = agreed(&words[0]);
                words.join(" ")
            });
        let liking = liked.map(|_| agreed(w));
        let joins_gerund = |w: &str| liked.is_some() && is_gerund(w) && is_verbish(w);
        let joins = |w: &str| match planned {
            _ if !first_past && planned.is_none() && !present => false,
            Some(_) => base_verb(w),
            None if present && first_person => base_verb(w),
            None if present => third_person(w),
            None => past_verb(w),
        };
        let k = liked.or(planned).unwrap_or(k);
        let mut j = k + 1;
        while j < n {
            let w = s.lower(j);
            // The clause ends, or another opens: with its own subject, or a relative or
            // reported clause ("a woman who lived in Paris and worked at Google").
            if matches!(
                w,
                "." | "!"
                    | "?"
                    | ";"
                    | ":"
                    | "but"
                    | "because"
                    | "so"
                    | "when"
                    | "while"
                    | "if"
                    | "after"
                    | "before"
                    | "until"
                    | "since"
                    | "though"
                    | "although"
                    | "that"
                    | "who"
                    | "which"
                    | "whose"
                    | "where"
            ) || opens_relative(w)
            {
                break;
            }
            // "love being outdoors - going for hikes, ... - plus playing games": a dash or
            // "plus" goes on listing the liked acts.
            if matches!(w, "and" | ",")
                || (liked.is_some() && matches!(w, "-" | "\u{2013}" | "\u{2014}" | "plus"))
            {
                let mut v = j + 1;
                while v < n && joining_adverb(s.lower(v)) {
                    v += 1;
                }
                let gerund = joins_gerund(s.lower(v));
                if v < n
                    && s.at[v].is_none()
                    && (gerund || joins(s.lower(v)))
                    && !saying(s.lower(v))
                    && object_follows(s, v)
                    && !listed_thing(s, j, v)
                    && !(present && !gerund && noun_first(s, v))
                {
                    out.push(Joined {
                        source,
                        subject: subject.clone(),
                        verb: v,
                        plan: if gerund { liking.clone() } else { plan.clone() },
                        agrees: !gerund && planned.is_none(),
                    });
                    j = v;
                }
            }
            j += 1;
        }
    }
    out
}

/// "We had a great time throwing a party", "I had fun baking cookies", "we had a blast
/// camping": the time had is how the act went; the act, at the gerund this returns, is the
/// clause's (its verb group starts there instead of at "had").
pub(crate) fn time_had(s: &Sentence<'_>, from: usize) -> Option<usize> {
    let n = s.info.len();
    let mut k = from;
    while k < n
        && (is_skipped_adverb(s.lower(k))
            // "I'm having a blast learning Italian".
            || (matches!(s.lower(k), "'m" | "am" | "are" | "'re" | "is" | "'s" | "was" | "were")
                && s.lower(k + 1) == "having"))
    {
        k += 1;
    }
    if !matches!(s.lower(k), "had" | "have" | "has" | "having") {
        return None;
    }
    k += 1;
    while k < n
        && matches!(
            s.lower(k),
            "a" | "an"
                | "so"
                | "much"
                | "such"
                | "great"
                | "good"
                | "wonderful"
                | "amazing"
                | "awesome"
                | "fantastic"
                | "lovely"
                | "nice"
                | "fun"
                | "real"
                | "really"
                | "lot"
                | "of"
                | "the"
                | "best"
        )
        && !(s.lower(k) == "fun" && is_gerund(s.lower(k + 1)))
    {
        k += 1;
    }
    if !matches!(
        s.lower(k),
        "fun" | "time" | "blast" | "ball" | "day" | "night"
    ) {
        return None;
    }
    let g = k + 1;
    (g < n && is_gerund(s.lower(g)) && is_verbish(s.lower(g)) && s.at[g].is_none()).then_some(g)
}
