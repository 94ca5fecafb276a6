//! What a thing does for the speaker, read beside the clauses of a sentence: "Painting helps me
//! relax", "The mural is really important to me", "Pottery means a lot to me", "The support group
//! has made me feel accepted". Conversation is full of them, and they say what a person's life
//! holds even when no clause has the speaker as its subject: the thing becomes the fact's subject
//! and the speaker its object.

use crate::clause_fact::{fact, ClauseFact, End};
use crate::clause_words::*;
use crate::double_object::{double_object, Double};
use crate::lexicon;
use crate::mentions::MentionKind;
use crate::phrases::{Object, Sentence};
use crate::verbs::is_verbish;

/// Confidence of such a fact: read without a parser, like the clauses without a named subject.
const CONFIDENCE: f32 = 0.5;
/// Most words between a verb and "to me" ("means *the whole world* to me"), and before the head
/// of the opening phrase.
const MAX_BETWEEN: usize = 3;

/// The speaker's "me"/"us" mention at word `k`, if one starts there.
fn speaker_at(s: &Sentence<'_>, k: usize) -> Option<usize> {
    s.mention_at(k).filter(|&m| {
        matches!(s.mentions[m].kind, MentionKind::Speaker) && matches!(s.lower(k), "me" | "us")
    })
}

/// The thing phrase opening a clause at word `opening`: an object-like noun phrase, or one word
/// before a contracted "is"/"has" ("Art's allowed me", "Family's super important"), which the
/// phrase reader takes for a possessive.
fn subject_at(s: &Sentence<'_>, opening: usize) -> Option<(usize, usize)> {
    if let Some(Object::Thing(a, e)) = s.object(opening) {
        return Some((a, e));
    }
    let after = s.lower(opening + 2);
    let contracted = matches!(s.lower(opening + 1), "'s" | "\u{2019}s")
        && np_word(&s.info[opening])
        && s.at[opening].is_none()
        && (matches!(
            after,
            "been" | "so" | "super" | "really" | "very" | "always"
        ) || lexicon::parts_of_speech(after).is_some_and(|p| p.starts_with('a'))
            || (after.ends_with("ed") && is_verbish(after)));
    contracted.then_some((opening, opening + 1))
}

/// Adds the fact of a sentence that opens (at word `opening`) with a thing and goes on to what it
/// does for the speaker: `thing -[verb]-> speaker` ("helps", "made"), `thing -[adjective to]->
/// speaker` ("important to", "special to") or `thing -[verb ... to]-> speaker` ("means a lot
/// to"). A negated or conditional clause states nothing; a person or a pronoun opening it is the
/// clause reader's, not this.
pub(crate) fn thing_for_speaker(s: &Sentence<'_>, opening: usize, out: &mut Vec<ClauseFact>) {
    let n = s.info.len();
    if opening >= n || matches!(s.lower(opening), "if" | "unless" | "when" | "whether") {
        return;
    }
    // The subject: a common-noun phrase right at the opening, after its determiner and the
    // adjectives the phrase leaves out ("The old lighthouse" is a lighthouse).
    let Some((a, mut k)) = subject_at(s, opening) else {
        return;
    };
    if a > opening + MAX_BETWEEN || !(opening..a).all(|j| np_word_or_det(&s.info[j])) {
        return;
    }
    // Built only for a fact: most clauses this is tried on (every comma of a turn) state none.
    let subject_end = k;
    let thing = || {
        let mut thing = s.thing(a, subject_end);
        // A common noun capitalised only because it opens the sentence is written lower case
        // (the phrase is no name: names are mentions of their own).
        if let End::Thing { text, .. } = &mut thing {
            if a == opening && !s.info[a].is_upper {
                let rest: String = text.chars().skip(1).collect();
                let head: String = text.chars().take(1).flat_map(char::to_lowercase).collect();
                *text = head + &rest;
            }
        }
        thing
    };
    let mut copula = false;
    while k < n {
        let w = s.lower(k);
        if is_negation(w) {
            return;
        }
        if is_aux(w) {
            // "'s" before a participle is "has" ("Yoga's allowed me"), not "is".
            let next = s.lower(k + 1);
            let has = matches!(w, "'s" | "\u{2019}s")
                && (next.ends_with("ed") && is_verbish(next)
                    || crate::verbs::is_irregular_past(next));
            copula |= is_copula(w) && !has;
            k += 1;
        } else if is_skipped_adverb(w) || is_intensifier(w) {
            k += 1;
        } else {
            break;
        }
    }
    let w = s.lower(k).to_string();
    if w.is_empty() || s.at[k].is_some() {
        return;
    }
    // "is important to me", "was special for us".
    if copula && lexicon::parts_of_speech(&w).is_some_and(|p| p.starts_with('a')) {
        let prep = s.lower(k + 1);
        if matches!(prep, "to" | "for") {
            if let Some(me) = speaker_at(s, k + 2) {
                out.push(fact(
                    thing(),
                    format!("{w} {prep}"),
                    End::Mention(me),
                    CONFIDENCE,
                ));
            }
        }
        return;
    }
    if copula || !is_verbish(&w) || is_prep(&w) || is_particle(&w) {
        return;
    }
    // "helps me", "made us".
    if let Some(me) = speaker_at(s, k + 1) {
        // "The doctor gave me some antibiotics": what was given, and to whom.
        if let Some(Double::Gives { to, after, prep }) = double_object(s, &w, k + 1) {
            if let Some(Object::Thing(a, e)) = s.object(after) {
                out.push(fact(thing(), w.clone(), s.thing(a, e), CONFIDENCE));
                out.push(fact(thing(), format!("{w} {prep}"), to, CONFIDENCE));
                return;
            }
        }
        out.push(fact(thing(), w, End::Mention(me), CONFIDENCE));
        return;
    }
    // "means a lot to me", "means the world to us".
    let mut j = k + 1;
    while j < n && j <= k + MAX_BETWEEN && s.at[j].is_none() && np_word_or_det(&s.info[j]) {
        j += 1;
    }
    if j > k + 1 && s.lower(j) == "to" {
        if let Some(me) = speaker_at(s, j + 1) {
            let between: Vec<&str> = (k + 1..j).map(|i| s.lower(i)).collect();
            out.push(fact(
                thing(),
                format!("{w} {} to", between.join(" ")),
                End::Mention(me),
                CONFIDENCE,
            ));
        }
    }
}
