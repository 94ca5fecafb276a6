//! The closed word classes the clause reader needs (auxiliaries, prepositions, determiners,
//! particles, adverbs skipped in a verb group) and the nouns and verbs too empty to make a thing
//! or an activity of: general English, written by hand.

use crate::features::WordInfo;
use crate::gazetteer::{self as gz};
use crate::lexicon;

pub(crate) fn is_aux(w: &str) -> bool {
    matches!(
        w,
        "am" | "'m"
            | "is"
            | "'s"
            | "are"
            | "'re"
            | "was"
            | "were"
            | "be"
            | "been"
            | "being"
            | "have"
            | "'ve"
            | "has"
            | "had"
            | "'d"
            | "will"
            | "'ll"
            | "would"
            | "shall"
            | "should"
            | "can"
            | "could"
            | "may"
            | "might"
            | "must"
            | "do"
            | "does"
            | "did"
            | "gonna"
            | "wanna"
            | "gotta"
            | "ca"
            | "wo"
    )
}

pub(crate) fn is_copula(w: &str) -> bool {
    matches!(
        w,
        "am" | "'m" | "is" | "'s" | "are" | "'re" | "was" | "were" | "be" | "been" | "being"
    )
}

pub(crate) fn is_negation(w: &str) -> bool {
    matches!(w, "not" | "n't" | "never" | "no" | "nt")
}

/// Adverbs skipped inside a verb group ("I've *just recently* adopted").
/// Degree words before an adjective: "so excited", "very important", "truly grateful".
pub(crate) fn is_intensifier(w: &str) -> bool {
    matches!(
        w,
        "so" | "very" | "super" | "pretty" | "totally" | "truly" | "extremely"
    )
}

pub(crate) fn is_skipped_adverb(w: &str) -> bool {
    matches!(
        w,
        "just"
            | "also"
            | "still"
            | "even"
            | "really"
            | "finally"
            | "already"
            | "actually"
            | "recently"
            | "always"
            | "often"
            | "sometimes"
            | "usually"
            | "totally"
            | "definitely"
            | "so"
            | "too"
            | "now"
            | "then"
            | "again"
            | "kinda"
            | "sorta"
            | "pretty"
            | "super"
            | "lately"
            | "both"
            | "all"
            | "ever"
            | "once"
            | "officially"
            | "seriously"
            // Hedges, which the clause's predicate keeps ("I'll maybe learn guitar").
            | "maybe"
            | "perhaps"
            | "probably"
            | "possibly"
    ) || (w.len() > 4 && w.ends_with("ly") && lexicon::is_mostly_modifier(w))
}

pub(crate) fn is_prep(w: &str) -> bool {
    matches!(
        w,
        "to" | "for"
            | "at"
            | "in"
            | "on"
            | "with"
            | "about"
            | "into"
            | "from"
            | "of"
            | "by"
            | "through"
            | "after"
            | "around"
            | "near"
            | "onto"
            | "across"
            | "without"
    )
}

pub(crate) fn is_particle(w: &str) -> bool {
    matches!(
        w,
        "up" | "out" | "back" | "off" | "down" | "over" | "away" | "along" | "together"
    )
}

pub(crate) fn is_determiner(w: &str) -> bool {
    matches!(
        w,
        "a" | "an"
            | "the"
            | "my"
            | "our"
            | "your"
            | "his"
            | "her"
            | "their"
            | "this"
            | "that"
            | "these"
            | "those"
            | "some"
            | "any"
            | "another"
            | "every"
            | "each"
            | "several"
            | "many"
            | "more"
            | "two"
            | "three"
            | "four"
            | "five"
            | "few"
    )
}

/// Nouns too empty to remember as things ("a great time", "so much fun", "the weekend").
pub(crate) fn is_empty_noun(w: &str) -> bool {
    matches!(
        w,
        "thing"
            | "things"
            | "stuff"
            | "lot"
            | "lots"
            | "bit"
            | "bunch"
            | "way"
            | "ways"
            | "time"
            | "times"
            | "day"
            | "days"
            | "week"
            | "weeks"
            | "weekend"
            | "weekends"
            | "month"
            | "months"
            | "year"
            | "years"
            | "moment"
            | "moments"
            | "minute"
            | "minutes"
            | "hour"
            | "hours"
            | "while"
            | "kind"
            | "sort"
            | "type"
            | "part"
            | "idea"
            | "ideas"
            | "one"
            | "ones"
            | "fun"
            | "chance"
            | "opportunity"
            | "experience"
            | "feeling"
            | "feelings"
            | "sense"
            | "news"
            | "point"
            | "fact"
            | "deal"
            | "question"
            | "questions"
            | "answer"
            | "reason"
            | "reasons"
            | "matter"
            | "case"
            | "step"
            | "steps"
            | "end"
            | "start"
            | "rest"
            | "number"
            | "couple"
            | "plenty"
            | "word"
            | "words"
            | "look"
            | "try"
            | "mind"
            | "heart"
            | "life"
            | "people"
            | "person"
            | "guy"
            | "guys"
            | "folks"
            | "tonight"
            | "today"
            | "tomorrow"
            | "yesterday"
            | "morning"
            | "evening"
            | "afternoon"
            | "night"
            | "luck"
            | "blast"
            | "care"
            | "attention"
            | "advice"
            | "support"
            | "help"
            | "hope"
            | "love"
            | "thanks"
            | "sure"
            | "lol"
            | "same"
            | "other"
            | "others"
            | "home"
            | "place"
            | "much"
            | "more"
            | "most"
            | "less"
            | "enough"
            | "best"
            | "worst"
            | "difference"
            | "impact"
            | "ton"
            | "tons"
    )
}

/// Verbs too light to name an activity of their own ("I've been going", "we were working").
pub(crate) fn is_light_verb(w: &str) -> bool {
    matches!(
        w,
        "going"
            | "doing"
            | "getting"
            | "having"
            | "making"
            | "thinking"
            | "feeling"
            | "looking"
            | "trying"
            | "working"
            | "taking"
            | "coming"
            | "saying"
            | "talking"
            | "hoping"
            | "planning"
            | "waiting"
            | "living"
            | "staying"
            | "keeping"
            | "dealing"
            | "struggling"
            | "wondering"
            | "meaning"
            | "being"
    )
}

/// A word that can stand inside a common-noun phrase.
pub(crate) fn np_word(w: &WordInfo) -> bool {
    let l = w.lower.as_str();
    // A trailing "+" belongs to the word ("LGBTQ+", "C++").
    l.chars().next().is_some_and(char::is_alphabetic)
        && l.trim_end_matches('+')
            .chars()
            .all(|c| c.is_alphabetic() || c == '-')
        && (w.flags & (gz::PRONOUN | gz::STOPWORD | gz::MONTH | gz::WEEKDAY) == 0
            || matches!(l, "new" | "old"))
        && !gz::is_function_word(l)
        && !is_aux(l)
        && !is_negation(l)
        && !is_prep(l)
        && !is_determiner(l)
        && !is_particle(l)
        && !matches!(l, "ago" | "yesterday" | "tomorrow" | "tonight" | "today")
        // "bought a bike lol": laughter and chat fillers close the phrase.
        && !matches!(l, "lol" | "lmao" | "lmfao" | "rofl" | "jk" | "omg" | "tbh" | "imo" | "btw")
        && !crate::interjections::laughter(l)
        // An adverb in -ly is no part of a noun phrase; an adjective or noun WordNet knows that
        // is never an adverb is ("a lovely bowl", "a friendly dog", "my family", "a butterfly";
        // not "weekly", "early").
        && !(l.len() > 4
            && l.ends_with("ly")
            && !lexicon::parts_of_speech(l)
                .is_some_and(|p| (p.starts_with('a') || p.starts_with('n')) && !p.contains('r')))
        && !lexicon::parts_of_speech(l).is_some_and(|p| p.starts_with('r'))
}

/// The "who" or "that" opening a relative clause that word `start` is inside: the nearest within
/// `window` words before it with no comma between, not the sentence's first word, and a finite
/// verb between the two ("The woman who founded Etsy": "who", for Etsy).
pub(crate) fn relative_pronoun_before<S: AsRef<str>>(
    lower: &[S],
    start: usize,
    window: usize,
) -> Option<usize> {
    let word = |k: usize| lower[k].as_ref();
    let p = (start.saturating_sub(window)..start)
        .rev()
        .take_while(|&k| word(k) != ",")
        .find(|&k| matches!(word(k), "who" | "that"))?;
    (p > 0 && (p + 1..start).any(|k| finite_verb(word(k)))).then_some(p)
}

/// Whether a finite verb comes at word `k`, or after a time or an adverb there: the main verb
/// after a relative clause with no pronoun ("The man Anna married *lives* in Prague", "the book
/// Tom wrote last year *sells* well"; not "Anna moved to Oslo and loves it").
pub(crate) fn main_verb_follows<S: AsRef<str>>(lower: &[S], k: usize) -> bool {
    let word = |i: usize| lower.get(i).map_or("", |w| w.as_ref());
    (k..(k + 3).min(lower.len()))
        .take_while(|&i| {
            i == k
                || is_time_word(word(i - 1))
                || crate::lexicon::parts_of_speech(word(i - 1)).is_some_and(|p| p.starts_with('r'))
        })
        .any(|i| finite_verb(word(i)))
}

/// Whether a present verb at `k` is a relative clause's, its main clause's verb right after it
/// with what that verb takes ("The girl Tom likes *lives in* Rome", "the man Maria loves *works
/// at* ..."); not "loves treats." nor "loves treats and bones", a verb and its plural object.
pub(crate) fn present_then_main_verb<S: AsRef<str>>(lower: &[S], k: usize) -> bool {
    let word = |i: usize| lower.get(i).map_or("", |w| w.as_ref());
    let next = word(k + 2);
    finite_verb(word(k))
        && !is_aux(word(k))
        && finite_verb(word(k + 1))
        && (is_prep(next)
            || is_determiner(next)
            || crate::lexicon::parts_of_speech(next).is_some_and(|p| p.starts_with('r')))
}

pub(crate) fn is_time_word(w: &str) -> bool {
    matches!(
        w,
        "last"
            | "next"
            | "this"
            | "yesterday"
            | "today"
            | "tonight"
            | "week"
            | "weekend"
            | "month"
            | "year"
            | "night"
            | "morning"
            | "recently"
            | "ago"
    )
}

pub(crate) fn np_word_or_det(w: &WordInfo) -> bool {
    is_determiner(&w.lower) || np_word(w) || lexicon::is_mostly_modifier(&w.lower)
}

/// Whether a sentence's lower-cased words ask a question: its last word holds "?", unless that is
/// a tag after a comma ("I live in Paris, do you?", "Anna moved, didn't she?"), which leaves the
/// statement before it standing.
pub(crate) fn asks(lower: &[String]) -> bool {
    let words: Vec<&str> = lower
        .iter()
        .map(String::as_str)
        .filter(|w| w.chars().any(|c| !c.is_whitespace() && c != '.'))
        .collect();
    if !words.last().is_some_and(|w| w.contains('?')) {
        return false;
    }
    let Some(comma) = words.iter().rposition(|w| *w == ",") else {
        return true;
    };
    let tag: Vec<&str> = words[comma + 1..]
        .iter()
        .copied()
        .filter(|w| !w.contains('?'))
        .collect();
    let tagged = !tag.is_empty()
        && tag.len() <= 3
        && (is_aux(tag[0]) || matches!(tag[0], "right" | "ok" | "okay" | "yeah" | "no" | "eh"));
    !tagged || comma == 0
}

/// Whether a sentence says what did not happen or might not: a negation ("not", "n't", "never";
/// "no longer" is a change, not a negation), a counterfactual ("would have", "could've") or a
/// hedging modal ("might", "may", "could", "should", "would", "must").
pub(crate) fn unasserted(lower: &[String]) -> bool {
    lower.iter().enumerate().any(|(k, w)| {
        let next = lower.get(k + 1).map_or("", String::as_str);
        (is_negation(w) && !(w == "no" && next == "longer"))
            || matches!(
                w.as_str(),
                "might" | "may" | "could" | "should" | "would" | "must" | "'d"
            )
    })
}

/// Whether a sentence holds a counterfactual: "would have", "should've", "'d have", "could have".
pub(crate) fn counterfactual_in(lower: &[String]) -> bool {
    lower.windows(2).any(|p| {
        matches!(p[0].as_str(), "would" | "should" | "could" | "'d")
            && matches!(p[1].as_str(), "have" | "'ve")
    })
}

/// Whether a word is a finite verb that opens a clause of its own after a name ("Anna and Ben
/// *loved* it", "Ben *is*"): an auxiliary, or a verb's past or third-person form.
pub(crate) fn finite_verb(w: &str) -> bool {
    is_aux(w)
        || (crate::verbs::is_verbish(w)
            && !is_prep(w)
            && (w.ends_with("ed") || w.ends_with('s') || crate::verbs::is_irregular_past(w)))
}

/// Word ranges of the sentence's conditions and open questions, which state nothing: from "if",
/// "whether" or "unless" to the next comma or the sentence's end ("If Anna moves to Denver, I'll
/// visit", "I wonder if Anna moved to Denver", "not sure whether Ben works for Google").
pub(crate) fn conditional_spans<S: AsRef<str>>(lower: &[S]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut j = 0;
    while j < lower.len() {
        if matches!(lower[j].as_ref(), "if" | "whether" | "unless") {
            // Unpunctuated, the condition ends where the main clause's subject pronoun comes
            // ("If Anna moves to Denver I will visit her").
            let end = (j + 1..lower.len())
                .find(|&k| {
                    matches!(lower[k].as_ref(), "," | ";" | "." | "!" | "?")
                        || (k > j + 2
                            && matches!(
                                lower[k].as_ref(),
                                "i" | "we" | "you" | "he" | "she" | "they"
                            )
                            && !matches!(lower[k - 1].as_ref(), "and" | "or" | "that"))
                })
                .unwrap_or(lower.len());
            out.push((j, end));
            j = end;
        }
        j += 1;
    }
    out
}
