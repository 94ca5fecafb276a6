//! The clause facts of a conversation sentence placed into the text's mentions (things become
//! [`MentionKind::Thing`] mentions), and the categories of the things they name.

use mnemo_core::EntityType;

use crate::clause_fact::End;
use crate::clauses::sentence_clauses;
use crate::lexicon;
use crate::mentions::{Mention, MentionKind};

/// A clause fact over the text's mentions: `None` stands for the speaker.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MentionFact {
    /// The sentence stating it.
    pub sentence: usize,
    pub subject: Option<usize>,
    pub predicate: String,
    pub object: Option<usize>,
    pub confidence: f32,
}

/// Runs [`sentence_clauses`] on the sentence whose mentions are `mentions[first..]`, adds the
/// things it found as [`MentionKind::Thing`] mentions (stating no relation of their own to the
/// name-pair scorer), and returns its facts over mention indices.
pub(crate) fn add_sentence_facts(
    input: crate::mentions::SentenceInput<'_>,
    mentions: &mut Vec<Mention>,
    first: usize,
    said: Option<mnemo_core::Timestamp>,
) -> Vec<MentionFact> {
    let crate::mentions::SentenceInput {
        text,
        sent,
        words: ws,
        offset,
        info,
        ..
    } = input;
    let texts: Vec<&str> = ws.iter().map(|w| w.text(text)).collect();
    let facts = sentence_clauses(&texts, info, &mentions[first..], offset, true);
    let mut times: Option<Vec<crate::TimeMention>> = None;
    let mut out = Vec::with_capacity(facts.len());
    let mut place = |end: End, mentions: &mut Vec<Mention>| -> Option<usize> {
        match end {
            End::Speaker => None,
            End::When(k) => {
                // Resolved against when it was said; without that, no fact.
                let (from, to) = (ws.first()?.start, ws.last()?.end);
                let times = times.get_or_insert_with(|| {
                    said.map(|at| crate::times::resolve_times(&text[from..to], at))
                        .unwrap_or_default()
                });
                let t = times.iter().find(|t| from + t.start == ws[k].start)?;
                let end = ws.iter().position(|w| w.end == from + t.end)?;
                mentions.push(Mention {
                    sentence: sent,
                    words: (offset + k, offset + end + 1),
                    start: from + t.start,
                    end: from + t.end,
                    text: t.resolved.clone(),
                    kind: MentionKind::Name(EntityType::Date),
                    title: None,
                    adjective: true,
                    opens: false,
                });
                Some(mentions.len() - 1)
            }
            End::Mention(i) => Some(first + i),
            End::Thing {
                start,
                end,
                text: name,
                entity_type,
            } => {
                let words = (offset + start, offset + end);
                // "two dogs, Max and Bella": each is a dog, a thing of its own over the same word.
                if let Some(k) = mentions[first..]
                    .iter()
                    .position(|m| m.words == words && m.text.eq_ignore_ascii_case(&name))
                {
                    return Some(first + k);
                }
                mentions.push(Mention {
                    sentence: sent,
                    words,
                    start: ws[start].start,
                    end: ws[end - 1].end,
                    text: name,
                    kind: MentionKind::Thing(entity_type),
                    title: None,
                    adjective: true,
                    opens: false,
                });
                Some(mentions.len() - 1)
            }
        }
    };
    for f in facts {
        let when = matches!(f.object, End::When(_));
        let subject = place(f.subject, mentions);
        let object = place(f.object, mentions);
        // A time that resolves to no date ("born long ago") is no fact; None would be the speaker.
        if when && object.is_none() {
            continue;
        }
        // "a dog named Biscuit": Biscuit is a named animal or thing, not a person, unless the
        // noun says it is one ("a friend named Jo").
        if f.predicate == "is a" {
            if let (Some(s), Some(o)) = (subject, object) {
                let person = lexicon::categories_of(&mentions[o].text)
                    .iter()
                    .any(|c| matches!(*c, "person" | "family"));
                // "a running club called the Dawn Patrol", "a village called Hallstatt": a
                // firm's or a place's noun says the name is one.
                let head = mentions[o]
                    .text
                    .rsplit(' ')
                    .next()
                    .unwrap_or("")
                    .to_lowercase();
                let kind = crate::definitions::noun_type(&head)
                    .filter(|t| matches!(t, EntityType::Organization | EntityType::Location));
                if matches!(mentions[s].kind, MentionKind::Name(_)) && !person {
                    mentions[s].kind = MentionKind::Name(kind.unwrap_or(EntityType::Other));
                }
            }
        }
        // "My favorite band is Radiohead", "my fave game is Stardew Valley": the kind named
        // says what the name is (a band is an organisation, a game a work, a city a place).
        if let Some(o) = object {
            let kind = f
                .predicate
                .strip_prefix("favorite ")
                .or_else(|| f.predicate.strip_prefix("favourite "))
                .and_then(|k| k.rsplit(' ').next())
                .and_then(crate::definitions::noun_type);
            // ("Radiohead is my favorite band" reads the name as a thing, capitalised.)
            let named = match mentions[o].kind {
                MentionKind::Name(_) => true,
                MentionKind::Thing(_) => mentions[o].text.starts_with(char::is_uppercase),
                _ => false,
            };
            if let Some(t) = kind.filter(|_| named) {
                mentions[o].kind = MentionKind::Name(t);
            }
        }
        // "two sisters, Ana and Bea": a relative is a person whatever her name looks like.
        if let Some(o) = object {
            // ("Mia and Leo are my two kids": a kid is a person too.)
            let relative = matches!(
                lexicon::category_of(&f.predicate),
                Some("family" | "person")
            );
            if relative && matches!(mentions[o].kind, MentionKind::Name(_)) {
                mentions[o].kind = MentionKind::Name(EntityType::Person);
            }
        }
        if subject.is_some() && subject == object {
            continue;
        }
        out.push(MentionFact {
            sentence: sent,
            subject,
            predicate: f.predicate,
            object,
            confidence: f.confidence,
        });
    }
    out
}

/// Category facts for the things of `facts`: "kundalini yoga" IS_A activity, "guitar" IS_A
/// instrument, and a named thing too ("Biscuit", a dog, IS_A pet), from WordNet
/// ([`lexicon::category_of`]), so that a question about a kind of thing ("her pets", "what
/// instruments") reaches the speaker's things through the category entity. People are left out
/// (relatives are mentions of their own), and so are acts that are no pursuit ("job", "talk",
/// "progress": WordNet's `act`, which would make every noun of doing an activity). Returns
/// (thing entity, category entity).
pub(crate) fn category_facts(
    facts: &[MentionFact],
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    entities: &mut Vec<mnemo_core::EntityInput>,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for f in facts {
        let Some(o) = f.object else { continue };
        // A thing written as a name ("My favourite band is Queen", typed Other) has no common
        // noun's category; a name said to be one ("a dog named Biscuit") gets it below.
        if !matches!(
            mentions[o].kind,
            MentionKind::Thing(EntityType::Concept | EntityType::Event)
        ) {
            continue;
        }
        // "drawing flowers" is drawing, an activity, whatever flowers are.
        let text = &mentions[o].text;
        let first = text.split(' ').next().unwrap_or("");
        // ... but a "clothing store", a "swimming pool", a "cooking class" is the store, the
        // pool, the class: a gerund before a place, class or event is a compound; plural too for
        // what one wears or attends ("swimming lessons"), not for what one rides ("riding
        // bikes"); and whatever WordNet knows as one noun ("running shoes", "washing machine").
        let last = text.rsplit(' ').next().unwrap_or("").to_lowercase();
        let lower = text.to_lowercase();
        let stem = &lower[..lower.len() - last.len()];
        let known_compound = std::iter::once(lower.clone())
            .chain(
                lexicon::singulars(&last)
                    .into_iter()
                    .map(|one| format!("{stem}{one}")),
            )
            .any(|c| crate::kinds::is_noun_lemma(&c.replace(' ', "_")));
        let compound = known_compound
            || lexicon::categories_of(text).first().is_some_and(|c| {
                matches!(*c, "clothing" | "class")
                    || (matches!(*c, "place" | "event" | "device" | "vehicle")
                        && !last.ends_with('s'))
            });
        let kind =
            if text.contains(' ') && crate::verbs::is_gerund(&first.to_lowercase()) && !compound {
                first
            } else {
                text
            };
        let Some(label) =
            lexicon::category_of(kind).filter(|l| !matches!(*l, "person" | "family" | "act"))
        else {
            continue;
        };
        let Some(thing) = of_mention[o] else { continue };
        let category = match entities.iter().position(|e| e.key.as_str() == label) {
            Some(c) => c,
            None => {
                let Ok(e) = mnemo_core::EntityInput::named(label, EntityType::Concept) else {
                    continue;
                };
                entities.push(e);
                entities.len() - 1
            }
        };
        let named = (f.predicate == "is a")
            .then(|| f.subject.and_then(|s| of_mention[s]))
            .flatten();
        for e in std::iter::once(thing).chain(named) {
            if e != category {
                out.push((e, category));
            }
        }
    }
    out
}
