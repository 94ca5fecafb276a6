//! Conversation clauses whose subject is left out, which are the speaker's: "Went hiking
//! yesterday", "Just adopted a puppy!", "Gonna start a bakery", "Been reading that book", "Heading
//! to the beach", "Hiking to the summit was amazing". A gerund that opens the subject of a general
//! remark ("Starting a business takes courage") says nothing about the speaker.

use crate::clause_words::*;
use crate::lexicon;
use crate::mentions::MentionKind;
use crate::phrases::{Object, Sentence};
use crate::verbs::{is_gerund, is_verbish};

/// The word where a clause with the speaker left out begins its verb group, if the sentence opens
/// with one (after interjections, adverbs and a name's adjective): a past verb or a verb of liking,
/// a plan ("gonna", "wanna", "gotta"), an ongoing act ("been" and a gerund) or a gerund with its
/// complement.
pub(crate) fn speaker_left_out(s: &Sentence<'_>) -> Option<usize> {
    let n = s.info.len();
    let mut k = 0;
    while k < n.min(5) {
        let w = s.lower(k);
        let skip = !w.chars().any(char::is_alphanumeric)
            || is_skipped_adverb(w)
            || crate::interjections::always(w)
            || s.at[k].is_some_and(|m| {
                s.mentions[m].adjective && matches!(s.mentions[m].kind, MentionKind::Name(_))
            });
        if !skip {
            break;
        }
        k += 1;
    }
    let w = s.lower(k);
    let next = s.lower(k + 1);
    let planned = matches!(w, "gonna" | "wanna" | "gotta") && is_verbish(next) && !is_copula(next);
    // "Been doing some promotion", "been taking a class": a light verb of doing counts when a
    // thing follows it ("been doing great" states nothing, "been having a rough month" no act).
    let ongoing = w == "been"
        && is_gerund(next)
        && (!is_light_verb(next)
            || (matches!(next, "doing" | "making" | "taking")
                && matches!(s.object(k + 2), Some(Object::Thing(..))))
            // "Been thinking about getting a dog": what the speaker means to do.
            || (next == "thinking"
                && matches!(s.lower(k + 2), "about" | "of")
                && is_gerund(s.lower(k + 3))));
    // "Been busy volunteering at the shelter", "Busy planning the party": the act keeping the
    // speaker busy.
    let busy_at = match (w, next) {
        ("been", "busy") => Some(k + 2),
        ("busy", _) => Some(k + 1),
        _ => None,
    };
    if let Some(g) = busy_at {
        let act = s.lower(g);
        if g < n && s.at[g].is_none() && is_gerund(act) && is_verbish(act) && !is_light_verb(act) {
            return Some(g);
        }
    }
    let acting = is_gerund(w)
        && !is_aux(next)
        && ((!is_light_verb(w) && (is_prep(next) || is_determiner(next)))
            || (w == "going" && next == "to" && is_verbish(s.lower(k + 2))))
        && gerund_subject(s, k) != Some(false);
    let opens = k < n
        && s.at[k].is_none()
        && ((w.ends_with("ed") && is_verbish(w))
            || crate::verbs::is_irregular_past(w)
            || planned
            || ongoing
            || acting
            || matches!(
                w,
                "love" | "loved" | "miss" | "missed" | "adore" | "enjoyed"
            ));
    opens.then_some(k)
}

/// Whether the gerund at word `k` opens the subject of its clause rather than an act with the
/// subject left out: a finite verb follows it before the clause ends. `Some(true)` when that verb
/// is past, told of what the speaker did ("Hiking to the top *was* awesome", "Volunteering at the
/// shelter *made* me feel great"); `Some(false)` when present, a general remark ("Starting a
/// business *takes* courage"); `None` for no subject at all ("Heading to the beach!").
fn gerund_subject(s: &Sentence<'_>, k: usize) -> Option<bool> {
    for j in k + 1..s.info.len() {
        let w = s.lower(j);
        if !w.chars().any(char::is_alphanumeric) || matches!(w, "but" | "because") {
            return None;
        }
        let past = matches!(w, "was" | "were" | "had" | "did")
            || crate::verbs::is_irregular_past(w)
            || (w.ends_with("ed") && is_verbish(w));
        let finite_s = w.len() > 3
            && w.ends_with('s')
            && lexicon::parts_of_speech(&w[..w.len() - 1]).is_some_and(|p| p.starts_with('v'));
        if past {
            return Some(true);
        }
        if is_aux(w) || finite_s {
            return Some(false);
        }
    }
    None
}
