//! Names given to the things a clause is about, beyond the first: "we have two dogs, Max and
//! Bella" (each is a dog the speaker has), "I have two sisters, Ana and Bea" (each a sister), "a
//! cat named Luna and a dog named Rex" (the second thing named too).

use mnemo_core::EntityType;

use crate::clause_fact::End;
use crate::lexicon;
use crate::mentions::MentionKind;
use crate::object_lists::listed_with;
use crate::phrases::{is_plural_noun, Object, Sentence};

/// A name and the thing it names.
pub(crate) struct Named {
    pub name: usize,
    pub thing: End,
}

/// Whether mention `m` is a name one of the things could have: a person's or a thing's, and a
/// name typed as a place for people and animals ("two sisters, Ana and Bea"; the places of "two
/// offices, London and Paris" are where the offices are).
fn names_one(s: &Sentence<'_>, m: usize, living: bool) -> bool {
    match s.mentions[m].kind {
        MentionKind::Name(EntityType::Person | EntityType::Other) => true,
        MentionKind::Name(EntityType::Location) => living,
        _ => false,
    }
}

/// The names after a plural thing ending at word `e` and a comma, closing the clause: "two dogs,
/// Max and Bella." Each names one of the things.
pub(crate) fn names_after_plural(s: &Sentence<'_>, a: usize, e: usize) -> Vec<Named> {
    if e == 0 || !is_plural_noun(s.lower(e - 1)) || s.lower(e) != "," {
        return Vec::new();
    }
    let thing = singular(s.thing(a, e));
    let living = matches!(
        category(&thing),
        Some("person" | "family" | "pet" | "animal")
    );
    let Some(m) = s.mention_at(e + 1).filter(|&m| names_one(s, m, living)) else {
        return Vec::new();
    };
    let (more, end) = listed_with(s, m, true);
    // "two dogs, Max and Bella." ends there, and so does "two guys, Tom and Jake, at the bar".
    let closes = s.info.get(end).is_none_or(crate::interjections::is_punct);
    if more.is_empty() || !closes || !more.iter().all(|&o| names_one(s, o, living)) {
        return Vec::new();
    }
    std::iter::once(m)
        .chain(more)
        .map(|name| Named {
            name,
            thing: thing.clone(),
        })
        .collect()
}

/// The thing written in the singular: each of "two dogs" is a dog.
fn singular(thing: End) -> End {
    let End::Thing {
        start,
        end,
        text,
        entity_type,
    } = thing
    else {
        return thing;
    };
    let (before, head) = text
        .rsplit_once(' ')
        .map_or(("", text.as_str()), |(b, h)| (b, h));
    let one = lexicon::singulars(&head.to_lowercase())
        .into_iter()
        .find(|w| {
            lexicon::category_of(w).is_some()
                || lexicon::parts_of_speech(w).is_some_and(|p| p.contains('n'))
        });
    let text = match one {
        Some(w) if before.is_empty() => w,
        Some(w) => format!("{before} {w}"),
        None => text,
    };
    End::Thing {
        start,
        end,
        text,
        entity_type,
    }
}

/// The things named after a first named one ending at word `e`: "a cat named Luna *and a dog
/// named Rex*".
pub(crate) fn more_named(s: &Sentence<'_>, mut e: usize) -> Vec<Named> {
    let mut out = Vec::new();
    while out.len() < 6 && matches!(s.lower(e), "and" | "," | "&") {
        let j = e + 1 + usize::from(s.lower(e) == "," && s.lower(e + 1) == "and");
        let Some(Object::Thing(a, b)) = s.object(j) else {
            break;
        };
        if !matches!(s.lower(b), "named" | "called") {
            break;
        }
        let Some(m) = s.mention_at(b + 1).filter(|&m| names_one(s, m, true)) else {
            break;
        };
        out.push(Named {
            name: m,
            thing: s.thing(a, b),
        });
        e = s.mentions[m].words.1 - s.offset;
    }
    out
}

/// The category of a thing's head word.
fn category(thing: &End) -> Option<&'static str> {
    let End::Thing { text, .. } = thing else {
        return None;
    };
    lexicon::category_of(&text.rsplit(' ').next()?.to_lowercase())
}

/// The relative a family noun names ("sister"), if the thing is one.
pub(crate) fn family_noun(thing: &End) -> Option<String> {
    let End::Thing { text, .. } = thing else {
        return None;
    };
    (category(thing) == Some("family"))
        .then(|| text.rsplit(' ').next().unwrap_or("").to_lowercase())
}

/// "Ana and Bea are my sisters", "Mia and Leo are my two kids": names listed to open a clause
/// before "are my" and a plural of relatives or people the speaker knows are each one of them
/// (the names were typed as places, and "my kids" related to the last).
pub(crate) fn listed_relatives(s: &Sentence<'_>, out: &mut Vec<crate::clause_fact::ClauseFact>) {
    let n = s.info.len();
    let mut k = 0;
    let mut names = Vec::new();
    while let Some(m) = s
        .mention_at(k)
        .filter(|&m| matches!(s.mentions[m].kind, MentionKind::Name(_)))
    {
        names.push(m);
        k = s.mentions[m].words.1 - s.offset;
        match s.lower(k) {
            "and" | "&" => k += 1,
            "," if s.lower(k + 1) == "and" => k += 2,
            "," => k += 1,
            _ => break,
        }
    }
    if names.len() < 2 || !matches!(s.lower(k), "are" | "were") || s.lower(k + 1) != "my" {
        return;
    }
    let mut j = k + 2;
    while j < n
        && j < k + 5
        && (s.lower(j).bytes().all(|c| c.is_ascii_digit())
            || s.info[j].flags & crate::gazetteer::NUMBER_WORD != 0
            || lexicon::is_mostly_modifier(s.lower(j))
            || matches!(
                s.lower(j),
                "best" | "closest" | "oldest" | "youngest" | "older" | "younger" | "little" | "big"
            ))
    {
        j += 1;
    }
    let noun = s.lower(j);
    let ends = s.info.get(j + 1).is_none_or(|w| {
        !w.lower.chars().any(char::is_alphanumeric) || matches!(w.lower.as_str(), "and" | "but")
    });
    let Some(single) = lexicon::singulars(noun).into_iter().next() else {
        return;
    };
    let people = crate::gazetteer::flags(noun) & crate::gazetteer::KIN != 0
        || matches!(lexicon::category_of(&single), Some("family" | "person"));
    if !ends || !people || !is_plural_noun(noun) {
        return;
    }
    for m in names {
        out.push(crate::clause_fact::fact(
            End::Speaker,
            single.clone(),
            End::Mention(m),
            0.8,
        ));
    }
}

/// "We named the baby Elodie", "I called the puppy Biscuit": the speaker named a relative or an
/// animal of theirs. The name is that relative (SPEAKER -DAUGHTER-> Elodie) or the animal (the
/// speaker's, and one of its kind); the clause's "named the baby" is dropped, the naming kept.
pub(crate) fn speaker_named(s: &Sentence<'_>, out: &mut Vec<crate::clause_fact::ClauseFact>) {
    use crate::clause_fact::fact;
    let n = s.info.len();
    for k in 1..n.saturating_sub(3) {
        let by_speaker = s.at[k - 1].is_some_and(|m| {
            matches!(s.mentions[m].kind, MentionKind::Speaker)
                && matches!(s.lower(k - 1), "i" | "we")
        });
        if !by_speaker
            || !matches!(s.lower(k), "named" | "called")
            || !matches!(s.lower(k + 1), "the" | "our" | "my")
        {
            continue;
        }
        let Some((a, e)) = s.noun_phrase(k + 2) else {
            continue;
        };
        let Some(name) = s
            .mention_at(e)
            .filter(|&m| names_one(s, m, true))
            .filter(|&m| {
                let end = s.mentions[m].words.1 - s.offset;
                s.info
                    .get(end)
                    .is_none_or(|w| !w.lower.chars().any(char::is_alphanumeric))
            })
        else {
            continue;
        };
        let thing = s.thing(a, e);
        let kind = category(&thing);
        if !matches!(kind, Some("family" | "pet" | "animal")) {
            continue;
        }
        out.retain(|f| !(matches!(&f.object, End::Thing { start, .. } if *start == a)));
        match family_noun(&thing) {
            Some(relative) => out.push(fact(End::Speaker, relative, End::Mention(name), 0.8)),
            None => {
                let noun = s.lower(e - 1).to_string();
                out.push(fact(End::Speaker, noun, End::Mention(name), 0.8));
                out.push(fact(End::Mention(name), "is a".into(), thing, 0.8));
            }
        }
    }
}
