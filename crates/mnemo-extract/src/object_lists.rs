//! Names listed in a clause of conversation: the objects after a verb ("I met Anna and Ben"), a
//! plural relative's or pet's names ("my kids Liam and Noah", "my dogs Rex and Max"), each of
//! which gets the clause's fact.

use mnemo_core::EntityType;

use crate::clause_words::{finite_verb, is_aux, is_time_word};
use crate::gazetteer as gz;
use crate::mentions::MentionKind;
use crate::phrases::Sentence;

/// The names listed after the object mention `m` ("met Anna and Ben", "with Priya, Dev and
/// Sam", "visited Rome & Florence"), joined by "and", "&" or commas, people with people and other
/// names with names of their type; and the word after the list. A name with its own verb after
/// it opens a clause and ends the list ("I met Anna and Ben loved her"). With `any_name`, names of
/// any type make the list (a pet's name looks like a person's or like nothing: "Rex and Max"),
/// and a verb after it is the list's own ("my dogs Rex and Max are barking").
pub(crate) fn listed_with(s: &Sentence<'_>, m: usize, any_name: bool) -> (Vec<usize>, usize) {
    let person = |k: &MentionKind| {
        matches!(
            k,
            MentionKind::Name(EntityType::Person) | MentionKind::Relative { .. }
        )
    };
    let first = &s.mentions[m].kind;
    let mut e = s.mentions[m].words.1 - s.offset;
    let mut more = Vec::new();
    // "my kids Liam, Noah and Emma": the relative is its list's first name, and the others.
    if let MentionKind::Relative {
        named_by: None,
        named_next,
        ..
    } = first
    {
        let last = (m + named_next).min(s.mentions.len() - 1);
        if *named_next > 1 {
            more.extend(m + 2..=last);
        }
        if *named_next > 0 {
            e = s.mentions[last].words.1 - s.offset;
        }
    }
    // Commas join members only when "and" closes the list ("Portland, Oregon" is one place).
    let (start_e, start_len) = (e, more.len());
    let mut closed = false;
    while more.len() < 8 && !closed {
        let mut j = e;
        match s.lower(j) {
            "," if matches!(s.lower(j + 1), "and" | "&") => {
                j += 2;
                closed = true;
            }
            "and" | "&" => {
                j += 1;
                closed = true;
            }
            "," => j += 1,
            _ => break,
        }
        let Some(o) = s.mention_at(j) else { break };
        let kind = &s.mentions[o].kind;
        // "Paris, France and Rome": the country says where the place before it is.
        if s.lower(j - 1) == ","
            && *kind == MentionKind::Name(EntityType::Location)
            && gz::is_region(&s.mentions[o].text.to_lowercase())
        {
            e = s.mentions[o].words.1 - s.offset;
            continue;
        }
        let named = |k: &MentionKind| matches!(k, MentionKind::Name(t) if *t != EntityType::Date);
        let alike = if any_name {
            named(kind)
        } else if person(first) {
            person(kind)
        } else {
            matches!(first, MentionKind::Name(t) if *t != EntityType::Date) && kind == first
        };
        if !alike {
            break;
        }
        let after = s.mentions[o].words.1 - s.offset;
        let w = s.lower(after);
        let verb = is_aux(w)
            || (finite_verb(w) && !is_time_word(w) && s.at.get(after).is_some_and(Option::is_none));
        if verb && !any_name {
            closed = false;
            break;
        }
        more.push(o);
        e = after;
    }
    if !closed {
        more.truncate(start_len);
        e = start_e;
    }
    (more, e)
}
