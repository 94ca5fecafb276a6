//! Where the speaker works, said by the job rather than a verb: "I started a new job as a barista
//! at Blue Bottle", "Today is my first day at Deloitte", "Yesterday was my last day at Acme Corp".
//! The clauses relate the job ("started job"); the organisation after "at" is the employer.

use mnemo_core::EntityType;

use crate::clause_fact::{fact, ClauseFact, End};
use crate::mentions::MentionKind;
use crate::phrases::Sentence;

/// The speaker's employers named after a job word and "at" in one sentence of the speaker's, each
/// as SPEAKER -WORKS_AT-> organisation ("worked at" after "last day", "old job", "lost my job").
pub(crate) fn speaker_workplaces(s: &Sentence<'_>, out: &mut Vec<ClauseFact>) {
    // Only the speaker's own job: "my first day", "I started a new job", "I got an internship".
    let own = (0..s.info.len()).any(|k| {
        s.at[k].is_some_and(|m| matches!(s.mentions[m].kind, MentionKind::Speaker))
            && matches!(s.lower(k), "i" | "my" | "we")
    });
    // (Questions state nothing: the clause reader left them before this.)
    if !own {
        return;
    }
    for (m, mention) in s.mentions.iter().enumerate() {
        let a = mention.words.0 - s.offset;
        if mention.kind != MentionKind::Name(EntityType::Organization)
            || a < 2
            || s.lower(a - 1) != "at"
        {
            continue;
        }
        // "a job as a barista at": the job word within the few words before "at".
        let from = a.saturating_sub(6);
        let job = (from..a - 1).find(|&k| {
            let prev = k.checked_sub(1).map_or("", |p| s.lower(p));
            crate::name_rules::job_word(s.lower(k), prev) || s.lower(k) == "role"
        });
        let Some(k) = job else { continue };
        // The job is the head: "a job interview at", "a job offer at" name no job held, and
        // one applied or interviewed for is not held yet ("I applied for a job at Google").
        if !matches!(s.lower(k + 1), "at" | "as" | "of") {
            continue;
        }
        let sought = (k.saturating_sub(4)..k).any(|j| {
            matches!(
                s.lower(j),
                "applied"
                    | "apply"
                    | "applying"
                    | "interviewed"
                    | "interviewing"
                    | "looking"
                    | "searching"
                    | "want"
                    | "wanted"
                    | "dream"
                    | "hoping"
            )
        });
        if sought {
            continue;
        }
        // Nothing that is not the job's between it and "at" but "as a ..." ("a job as a barista").
        let plain = (k + 1..a - 1).all(|j| {
            matches!(s.lower(j), "as" | "a" | "an")
                || s.info[j].lower.chars().all(char::is_alphabetic) && s.at[j].is_none()
        });
        if !plain {
            continue;
        }
        // "my last day", "lost my job at", "quit my old job at": a job that was.
        let past = (k.saturating_sub(4)..k).any(|j| {
            matches!(
                s.lower(j),
                "last"
                    | "old"
                    | "former"
                    | "previous"
                    | "lost"
                    | "losing"
                    | "quit"
                    | "quitting"
                    | "left"
                    | "leaving"
                    | "fired"
            )
        });
        let predicate = if past { "worked at" } else { "works at" };
        if !out
            .iter()
            .any(|f| f.object == End::Mention(m) && f.subject == End::Speaker)
        {
            out.push(fact(End::Speaker, predicate.into(), End::Mention(m), 0.6));
        }
    }
}
