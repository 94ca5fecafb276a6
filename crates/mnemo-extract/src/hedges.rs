//! Clauses that state less than a fact: a hedge ("I might move to Denver", "maybe I'll join a
//! band"), which the predicate keeps, and what did not happen ("I should have called Anna"), which
//! states nothing.

use crate::clause_words::{is_aux, is_skipped_adverb};
use crate::phrases::Sentence;
use crate::verbs::is_verbish;

/// Whether the verb group after a subject ending at word `k` says what did not happen: "would
/// have", "should have", "could have" ("'d have").
pub(crate) fn counterfactual(s: &Sentence<'_>, k: usize) -> bool {
    let w = |j: usize| s.lower(j);
    let mut j = k;
    while j < s.info.len() && j < k + 3 && is_skipped_adverb(w(j)) {
        j += 1;
    }
    let have = |w: &str| matches!(w, "have" | "'ve");
    matches!(w(j), "would" | "should" | "could" | "'d")
        && (have(w(j + 1)) || (is_skipped_adverb(w(j + 1)) && have(w(j + 2))))
}

/// The hedge of a clause whose subject spans words `start..k`: a modal of its verb group
/// ("might", "could", "should") or "maybe" for a hedging adverb there or just before the subject
/// ("Maybe I'll", "I'll probably").
pub(crate) fn hedge(s: &Sentence<'_>, start: usize, k: usize) -> Option<&'static str> {
    let adverb = |w: &str| matches!(w, "maybe" | "perhaps" | "probably" | "possibly");
    // "Maybe I'll", "Maybe, if it holds, I'll go", "I'll move to Denver, maybe.": just before
    // the subject, opening the sentence, or closing it.
    let opening = (0..start)
        .find(|&j| s.lower(j).chars().any(char::is_alphanumeric))
        .is_some_and(|j| adverb(s.lower(j)));
    let closing = (k..s.info.len())
        .rev()
        .find(|&j| s.lower(j).chars().any(char::is_alphanumeric))
        .is_some_and(|j| adverb(s.lower(j)) && j > 0 && s.lower(j - 1) == ",");
    if opening || closing || (start.saturating_sub(2)..start).any(|j| adverb(s.lower(j))) {
        return Some("maybe");
    }
    let mut j = k;
    while j < s.info.len() && j < k + 4 {
        let w = s.lower(j);
        // "My sister May lives in Chicago": a name, no modal.
        if s.info[j].is_title && j > 0 {
            break;
        }
        // "I might have lost my keys": MIGHT_HAVE_LOST.
        let perfect = matches!(s.lower(j + 1), "have" | "'ve");
        // "I might be moving to Denver": MIGHT_BE_MOVING_TO, as "I'm moving" keeps its form;
        // "I might be happy in Denver": MIGHT_BE_HAPPY_IN.
        let progressive = s.lower(j + 1) == "be";
        match w {
            "might" if progressive => return Some("might be"),
            "may" if progressive => return Some("may be"),
            "could" if progressive => return Some("could be"),
            "should" if progressive => return Some("should be"),
            "would" if progressive => return Some("would be"),
            "must" if progressive => return Some("must be"),
            "might" if perfect => return Some("might have"),
            "may" if perfect => return Some("may have"),
            "must" if perfect => return Some("must have"),
            "might" => return Some("might"),
            "may" => return Some("may"),
            "could" => return Some("could"),
            "should" => return Some("should"),
            "would" => return Some("would"),
            // "I'd move to Denver": would; "I'd moved" is had.
            "'d" if is_verbish(s.lower(j + 1))
                && !s.lower(j + 1).ends_with("ed")
                && !crate::verbs::is_irregular_past(s.lower(j + 1))
                && !matches!(
                    s.lower(j + 1),
                    "been" | "love" | "like" | "rather" | "prefer"
                ) =>
            {
                return Some("would")
            }
            "must" => return Some("must"),
            _ if adverb(w) => return Some("maybe"),
            _ if is_aux(w) || is_skipped_adverb(w) => j += 1,
            _ => break,
        }
    }
    None
}

/// Whether the clause whose subject starts at word `start` is only doubted, suggested or
/// wished for by the words before it: "I don't think I'll go to the reunion", "I doubt I'll
/// visit Paris", "my therapist suggested I try journaling", "I wish I lived in Rome". What
/// someone else proposes or the speaker denies did not happen.
pub(crate) fn embedded_unasserted(s: &Sentence<'_>, start: usize) -> bool {
    let from = start.saturating_sub(5);
    let before: Vec<&str> = (from..start).map(|j| s.lower(j)).collect();
    // Only within the clause's own sentence part: a comma, a dash or "and" before starts
    // another, and "you won't believe it - I got ..." believes "it".
    let cut = before
        .iter()
        .rposition(|w| {
            matches!(
                *w,
                "," | ";" | ":" | "-" | "\u{2014}" | "and" | "but" | "." | "!" | "?" | "it"
            )
        })
        .map_or(0, |p| p + 1);
    let before = &before[cut..];
    let denied = denies(before) || before.windows(2).any(|p| p == ["not", "sure"]);
    denied
        || before.iter().any(|w| {
            wishes_or_doubts(w)
                || matches!(
                    *w,
                    "suggested"
                        | "suggests"
                        | "suggest"
                        | "recommended"
                        | "recommends"
                        | "advised"
                        | "imagine"
                        | "dreamt"
                        | "dreamed"
                )
        })
}

/// Whether the words deny thinking what follows them: "I don't think", "I never believed"; not
/// surprise, "I can't believe my brother is getting married", which says it is so.
pub(crate) fn denies<S: AsRef<str>>(words: &[S]) -> bool {
    let w = |k: usize| words.get(k).map_or("", |x| x.as_ref());
    (0..words.len()).any(|k| {
        matches!(w(k), "n't" | "not" | "never")
            && matches!(
                w(k + 1),
                "think" | "believe" | "expect" | "thought" | "believed"
            )
            && !(w(k) == "n't" && k > 0 && matches!(w(k - 1), "ca" | "can" | "could" | "wo"))
            && w(k.wrapping_sub(1)) != "cannot"
    }) || (0..words.len()).any(|k| w(k) == "cannot" && w(k + 1) == "think")
}

/// A word that wishes or doubts what follows it ("I wish I lived in Rome", "I doubt Anna moved"):
/// nothing said after it happened.
pub(crate) fn wishes_or_doubts(w: &str) -> bool {
    matches!(
        w,
        "wish" | "wished" | "doubt" | "doubts" | "doubted" | "pretend" | "pretended"
    )
}
