//! Facts of a conversation sentence beside its clauses: what the speaker holds dear ("Dance is
//! my passion"), and the clause facts placed into the text's mentions (things become
//! [`MentionKind::Thing`] mentions).

use mnemo_core::EntityType;

use crate::clause_words::*;
use crate::clauses::{fact, sentence_clauses, ClauseFact, End};
use crate::lexicon;
use crate::mentions::{Mention, MentionKind};
use crate::phrases::{Object, Sentence};

/// "Dance is my passion", "Guitar's my thing", "My favorite sport is tennis": what the speaker
/// holds dear, worded by the noun after "my".
pub(crate) fn favourites(s: &Sentence<'_>, opening: usize, out: &mut Vec<ClauseFact>) {
    let n = s.info.len();
    let copula_at = |k: usize| matches!(s.lower(k), "is" | "'s" | "was" | "are");
    let skip_adverbs = |mut k: usize| {
        while k < n && is_skipped_adverb(s.lower(k)) {
            k += 1;
        }
        k
    };
    // "My favorite sport is tennis".
    if let Some(m) = s.mention_at(opening).filter(|_| s.lower(opening) == "my") {
        let mut e = opening + 1;
        while e < n && e < opening + 4 && np_word(&s.info[e]) {
            e += 1;
        }
        if e > opening + 1 && copula_at(e) {
            let noun = s.texts[opening + 1..e].join(" ").to_lowercase();
            if let Some(obj) = s.object(skip_adverbs(e + 1)) {
                let end = match obj {
                    Object::Mention(k) => End::Mention(k),
                    Object::Thing(a, b) => s.thing(a, b),
                };
                if noun
                    .split(' ')
                    .any(|w| matches!(w, "favorite" | "favourite" | "hobby"))
                {
                    out.push(fact(End::Mention(m), noun, end, 0.6));
                }
            }
        }
        return;
    }
    // "Dance is my passion", "Guitar's my thing".
    let (a, mut e) = (opening, opening);
    while e < n && e < opening + 3 && np_word(&s.info[e]) && s.at[e].is_none() {
        e += 1;
    }
    if e == a || is_empty_noun(s.lower(e - 1)) || lexicon::is_mostly_modifier(s.lower(e - 1)) {
        return;
    }
    let k = skip_adverbs(e);
    if !copula_at(k) {
        return;
    }
    let mut k = skip_adverbs(k + 1);
    // "one of my faves", "pretty much my go-to".
    if matches!(
        (s.lower(k), s.lower(k + 1)),
        ("one", "of") | ("pretty", "much")
    ) {
        k += 2;
    } else if s.lower(k) == "much" {
        k += 1;
    }
    let Some(m) = s
        .mention_at(k)
        .filter(|_| matches!(s.lower(k), "my" | "our"))
    else {
        return;
    };
    let mut b = k + 1;
    while b < n && b < k + 4 && np_word(&s.info[b]) {
        b += 1;
    }
    let ends = s.info.get(b).is_none_or(|w| {
        !w.lower.chars().any(char::is_alphanumeric) || matches!(w.lower.as_str(), "for" | "when")
    });
    if b > k + 1 && ends {
        let noun = s.texts[k + 1..b].join(" ").to_lowercase();
        out.push(fact(End::Mention(m), noun, s.thing(a, e), 0.6));
    }
}

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
                if let Some(k) = mentions[first..].iter().position(|m| m.words == words) {
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
                });
                Some(mentions.len() - 1)
            }
        }
    };
    for f in facts {
        let subject = place(f.subject, mentions);
        let object = place(f.object, mentions);
        // "a dog named Biscuit": Biscuit is a named animal or thing, not a person, unless the
        // noun says it is one ("a friend named Jo").
        if f.predicate == "is a" {
            if let (Some(s), Some(o)) = (subject, object) {
                let person = lexicon::categories_of(&mentions[o].text)
                    .iter()
                    .any(|c| matches!(*c, "person" | "family"));
                if matches!(mentions[s].kind, MentionKind::Name(_)) && !person {
                    mentions[s].kind = MentionKind::Name(EntityType::Other);
                }
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
/// (relatives are mentions of their own). Returns (thing entity, category entity, sentence).
pub(crate) fn category_facts(
    facts: &[MentionFact],
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    entities: &mut Vec<mnemo_core::EntityInput>,
) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for f in facts {
        let Some(o) = f.object else { continue };
        if !matches!(mentions[o].kind, MentionKind::Thing(_)) {
            continue;
        }
        // "drawing flowers" is drawing, an activity, whatever flowers are.
        let text = &mentions[o].text;
        let first = text.split(' ').next().unwrap_or("");
        let kind = if text.contains(' ') && crate::verbs::is_gerund(&first.to_lowercase()) {
            first
        } else {
            text
        };
        let Some(label) = lexicon::category_of(kind).filter(|l| !matches!(*l, "person" | "family"))
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
                out.push((e, category, f.sentence));
            }
        }
    }
    out
}
