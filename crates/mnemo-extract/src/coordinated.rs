//! Past verbs joined to a clause's first by "and" or a comma share its subject: "I went hiking
//! and then visited my parents", "We drove to the coast, swam and cooked dinner" -> the speaker
//! visited their parents, swam, cooked dinner. Only past tenses after a past first verb: "I love
//! hiking and camping" lists gerunds, "I was tired and excited" describes.

use crate::clause_fact::End;
use crate::clause_words::{is_aux, is_skipped_adverb};
use crate::phrases::{opens_relative, Sentence};
use crate::verbs::{is_irregular_past, is_verbish};

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

/// Verbs that link a subject to how it was ("felt liberated and empowered") or take a clause
/// ("explained their brother would be OK"): what follows them is no object.
fn linking_or_saying(w: &str) -> bool {
    matches!(
        w,
        "felt"
            | "seemed"
            | "looked"
            | "became"
            | "got"
            | "grew"
            | "stayed"
            | "remained"
            | "sounded"
            | "turned"
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

/// For each subject whose clause opens with a past verb, the past verbs joined to it later in
/// the clause, as (subject, verb index, verb index) entries like the subjects'.
pub(crate) fn joined_verbs(
    s: &Sentence<'_>,
    subjects: &[(End, usize, usize)],
) -> Vec<(End, usize, usize)> {
    let n = s.info.len();
    let mut out = Vec::new();
    for (subject, from, _) in subjects {
        let mut k = *from;
        while k < n && is_skipped_adverb(s.lower(k)) {
            k += 1;
        }
        if k >= n || !past_verb(s.lower(k)) || linking_or_saying(s.lower(k)) {
            continue;
        }
        let mut j = k + 1;
        while j < n {
            let w = s.lower(j);
            // The clause ends, or another opens with its own subject.
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
            ) || opens_relative(w)
            {
                break;
            }
            if matches!(w, "and" | ",") {
                let mut v = j + 1;
                while v < n && joining_adverb(s.lower(v)) {
                    v += 1;
                }
                if v < n
                    && s.at[v].is_none()
                    && past_verb(s.lower(v))
                    && !linking_or_saying(s.lower(v))
                {
                    out.push((subject.clone(), v, v));
                    j = v;
                }
            }
            j += 1;
        }
    }
    out
}
