//! Clauses of conversation: a subject (the speaker's "I"/"we", the listener's "you", a relative
//! or a named person), its verb group and an object, read left to right without a parser:
//! "I'm trying kundalini yoga" -> speaker -TRYING-> kundalini yoga, "we signed up for a pottery
//! class", "I adopted a dog named Biscuit". Objects named by common nouns become things (Concept,
//! or Event when WordNet says the noun is one); only noun phrases that are objects of such verbs
//! count, so the rest of the nouns of a chat stay out of the graph. Questions, negations and
//! conditionals state no fact.

use mnemo_core::EntityType;

use crate::clause_fact::{fact, ClauseFact, End};
use crate::clause_words::*;
use crate::double_object::{receiver_fact, Double};
use crate::features::WordInfo;
use crate::gazetteer::{self as gz};
use crate::lexicon;
use crate::mentions::{Mention, MentionKind};
use crate::named_things::{self, Named};
use crate::phrases::{opens_relative, Object, Sentence};
use crate::verbs::{is_gerund, is_verbish, takes_gerund, takes_infinitive};

/// The facts of one sentence's clauses. `mentions` are the sentence's mentions (word indices
/// absolute, `offset` the sentence's first word); `speaker` says whether an unnamed subject
/// ("Went hiking yesterday") is the speaker.
pub(crate) fn sentence_clauses(
    texts: &[&str],
    info: &[WordInfo],
    mentions: &[Mention],
    offset: usize,
    speaker: bool,
) -> Vec<ClauseFact> {
    let n = info.len();
    let mut out = Vec::new();
    // "I live in Paris, do you?": a tag question leaves the statement standing.
    let lower: Vec<String> = info.iter().map(|w| w.lower.clone()).collect();
    if n == 0 || asks(&lower) {
        return out;
    }
    // "Have you ever tried pottery", "What did you bake": a question without its mark.
    let opening = (0..n).find(|&k| {
        let w = info[k].lower.as_str();
        w.chars().any(char::is_alphanumeric) && !crate::interjections::always(w)
    });
    if let Some(o) = opening {
        let w = info[o].lower.as_str();
        let next_subject = info
            .get(o + 1)
            .is_some_and(|x| x.flags & gz::PRONOUN != 0 || x.is_capitalised());
        let wh = matches!(
            w,
            "what" | "how" | "where" | "when" | "why" | "who" | "which"
        ) && info.get(o + 1).is_some_and(|x| is_aux(&x.lower));
        if wh || (is_aux(w) && next_subject && o + 1 < n) {
            return out;
        }
    }
    let mut at = vec![None; n];
    for (i, m) in mentions.iter().enumerate() {
        for slot in at
            .iter_mut()
            .take(m.words.1 - offset)
            .skip(m.words.0 - offset)
        {
            *slot = Some(i);
        }
    }
    let s = Sentence {
        texts,
        info,
        at,
        mentions,
        offset,
    };
    // Subjects: "I", "we", "you", "my sister", a named person, "he"/"she".
    let mut subjects: Vec<(End, usize, usize)> = Vec::new();
    for (i, m) in mentions.iter().enumerate() {
        let (a, b) = (m.words.0 - offset, m.words.1 - offset);
        let first = s.lower(a);
        let subject = match &m.kind {
            MentionKind::Speaker => matches!(first, "i" | "we"),
            MentionKind::Listener => first == "you" || first == "u",
            MentionKind::Relative { .. } => true,
            MentionKind::Name(EntityType::Person) => !m.adjective,
            MentionKind::Pronoun(_) => matches!(first, "he" | "she" | "they"),
            // "Google makes phones": a company opening the sentence, right before its verb.
            // After the words that open the sentence ("Yesterday Tesla recalled my car"), or
            // after "and" or "but" opening a clause of its own ("..., and Apple makes phones").
            MentionKind::Name(EntityType::Organization) => {
                !m.adjective
                    && (opening == Some(a)
                        || a == crate::span_rules::opener_len(info)
                        || (a > 0 && matches!(s.lower(a - 1), "and" | "but")))
                    && info.get(b).is_some_and(|w| finite_verb(&w.lower))
            }
            _ => false,
        };
        // Not the object of a preposition, and not inside a condition ("if I had a dog"); nor
        // the object of a relative clause ("The woman who founded Etsy lives in Brooklyn").
        let before = (a > 0).then(|| s.lower(a - 1));
        // The pronoun follows the clause's head noun ("woman who"; not "know that", "that's").
        let clause_object = matches!(m.kind, MentionKind::Name(_))
            && relative_pronoun_before(&lower, a, 5).is_some_and(|k| {
                info[k - 1].lower.chars().all(char::is_alphabetic)
                    && lexicon::parts_of_speech(s.lower(k - 1)).is_some_and(|p| p.starts_with('n'))
            });
        // "The man Anna married lives in Prague": the name opens a relative clause with no
        // pronoun, right after its head and article; the verb after the clause is the head's.
        let reduced_relative = matches!(m.kind, MentionKind::Name(_))
            && a >= 2
            && is_determiner(s.lower(a - 2))
            && !is_determiner(s.lower(a - 1))
            && info[a - 1].lower.chars().all(char::is_alphabetic)
            && (lexicon::parts_of_speech(s.lower(a - 1)).is_some_and(|p| p.starts_with('n'))
                || lexicon::singulars(s.lower(a - 1))
                    .iter()
                    .any(|w| lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('n'))))
            && info.get(b).is_some_and(|w| {
                let past = (w.lower.ends_with("ed") || crate::verbs::is_irregular_past(&w.lower))
                    && !is_aux(&w.lower);
                // "The girl Tom likes lives in Rome": a present verb right before the main one.
                (past && crate::clause_words::main_verb_follows(&lower, b + 1))
                    || crate::clause_words::present_then_main_verb(&lower, b)
            });
        // "If my kids behave they get ice cream": with no comma or "then" after an opening
        // "if", the whole sentence is the condition's.
        let opening_if = matches!(s.lower(0), "if" | "unless")
            && !(1..a).any(|k| matches!(s.lower(k), "," | "then" | ";" | "-"));
        let conditional = opening_if
            || (a.saturating_sub(3)..a)
                .any(|k| matches!(s.lower(k), "if" | "unless" | "whether" | "wish"));
        // "after I failed": "I", "we" and "you" are never a preposition's object.
        let nominative = matches!(m.kind, MentionKind::Speaker | MentionKind::Listener);
        // "met jake at the gym": a name right after a verb is its object.
        let object_of_verb = matches!(m.kind, MentionKind::Name(_))
            && before.is_some_and(|w| {
                is_verbish(w)
                    && !is_aux(w)
                    && (crate::verbs::is_irregular_past(w)
                        || lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('v'))
                        || w.ends_with("ed"))
            });
        if subject
            && (nominative || !before.is_some_and(is_prep))
            && !conditional
            && !clause_object
            && !reduced_relative
            && !object_of_verb
        {
            subjects.push((End::Mention(i), after_apposition(&s, b), a));
        }
    }
    // "my dog ate my sandwich", "our cat loves tuna": an animal, a plant or a thing of the
    // speaker's opening a clause is its subject ("my hamster" was read as only had).
    if speaker {
        for k in 0..n.saturating_sub(2) {
            let opens = k == 0
                || matches!(s.lower(k - 1), "," | "and" | "but" | "so" | "!" | "." | "-")
                || crate::interjections::always(s.lower(k - 1));
            if !opens || !matches!(s.lower(k), "my" | "our") || s.at[k + 1].is_some() {
                continue;
            }
            let Some((a, e)) = s.noun_phrase(k + 1) else {
                continue;
            };
            let kind = lexicon::categories_of(s.lower(e - 1)).first().copied();
            // "my dog Rex loves the beach": the animal's name after it is the subject.
            if matches!(kind, Some("pet" | "animal")) {
                if let Some(m) = s
                    .mention_at(e)
                    .filter(|&m| matches!(mentions[m].kind, MentionKind::Name(_)))
                {
                    let v = mentions[m].words.1 - offset;
                    if crate::clause_words::finite_verb(s.lower(v)) && !is_aux(s.lower(v)) {
                        subjects.push((End::Mention(m), v, k));
                    }
                    continue;
                }
            }
            let verb = s.lower(e);
            if matches!(
                kind,
                Some("pet" | "animal" | "plant" | "vehicle" | "device" | "instrument")
            ) && (crate::clause_words::finite_verb(verb)
                || (crate::phrases::is_plural_noun(s.lower(e - 1))
                    && crate::verbs::present_base(verb)))
                && !is_aux(verb)
                && !subjects.iter().any(|(_, from, _)| *from == e)
            {
                subjects.push((s.thing(a, e), e, k));
            }
        }
    }
    // "Went hiking yesterday", "Gonna start a bakery": a clause with the speaker left out.
    if speaker && subjects.iter().all(|(_, _, a)| *a > 2) {
        if let Some(k) = crate::elided::speaker_left_out(&s) {
            subjects.push((End::Speaker, k, k));
        }
    }
    // "I spent Sunday with my family, volunteering at a shelter": a participle after a comma says
    // what the speaker, the clause's subject, was doing.
    if speaker {
        let first_speaker = subjects
            .iter()
            .filter(|(e, _, _)| {
                matches!(e, End::Mention(m) if matches!(mentions[*m].kind, MentionKind::Speaker))
            })
            .map(|(_, _, a)| *a)
            .min();
        let speaks = |j: usize| first_speaker.is_some_and(|a| a < j);
        for j in 1..n.saturating_sub(2) {
            let g = s.lower(j + 1);
            let next = s.lower(j + 2);
            if s.lower(j) == ","
                && is_gerund(g)
                && is_verbish(g)
                && !is_light_verb(g)
                && s.at[j + 1].is_none()
                && (is_prep(next) || is_determiner(next))
                && speaks(j)
            {
                subjects.push((End::Speaker, j + 1, j + 1));
            }
        }
    }
    // "my dog Max", "your cat Luna": the owner's animal, named.
    for (i, m) in mentions.iter().enumerate() {
        let mut b = m.words.1 - offset;
        let mut owner = matches!(m.kind, MentionKind::Speaker | MentionKind::Listener)
            && matches!(s.lower(b - 1), "my" | "our" | "your");
        // "my sister's dog Peanut", "Anna's cat Luna": a person's or a relative's animal.
        if matches!(
            m.kind,
            MentionKind::Relative { .. } | MentionKind::Name(EntityType::Person)
        ) && crate::gazetteer::is_possessive(s.lower(b))
        {
            owner = true;
            b += 1;
        }
        let noun = s.lower(b);
        if !owner || info.get(b).is_none_or(|w| !np_word(w)) {
            continue;
        }
        let animal = lexicon::categories_of(noun)
            .iter()
            .any(|c| matches!(*c, "pet" | "animal"));
        // "my dog Max", "my dog's name is Max", "my cat is named Mittens".
        let name_at = if matches!(s.lower(b + 1), "'s" | "’s")
            && s.lower(b + 2) == "name"
            && matches!(s.lower(b + 3), "is" | "was")
        {
            b + 4
        } else if matches!(s.lower(b + 1), "is" | "was")
            && matches!(s.lower(b + 2), "named" | "called")
        {
            b + 3
        } else if s.lower(b + 1) == ","
            && s.mention_at(b + 2).is_some_and(|k| {
                let end = mentions[k].words.1 - offset;
                matches!(s.lower(end), "," | "." | "!" | "?" | ";" | "")
            })
        {
            // "I lost my hamster, Biscuit, last week": the name set off by commas.
            b + 2
        } else {
            b + 1
        };
        // "Max is my dog", "Max, my dog, loves walks": the name opening the clause before the
        // copula or set off before the owner.
        let my = m.words.0 - offset;
        let set_off = my >= 1 && s.lower(my - 1) == "," && s.lower(b + 1) == ",";
        let before = (my >= 2 && (matches!(s.lower(my - 1), "is" | "was") || set_off))
            .then(|| {
                mentions.iter().position(|n| {
                    let (na, nb) = (n.words.0 - offset, n.words.1 - offset);
                    nb == my - 1
                        && (na == 0 || matches!(s.lower(na - 1), "," | "and" | "but" | "!"))
                })
            })
            .flatten()
            .filter(|_| s.lower(b + 1) != "'s");
        let named = s
            .mention_at(name_at)
            .or(before)
            .filter(|&k| matches!(mentions[k].kind, MentionKind::Name(_)));
        if let (true, Some(k)) = (animal, named) {
            let thing = s.thing(b, b + 1);
            // "my dogs Rex and Max": each is one.
            let (more, _) = crate::object_lists::listed_with(&s, k, true);
            for k in std::iter::once(k).chain(more) {
                out.push(fact(
                    End::Mention(i),
                    noun.to_string(),
                    End::Mention(k),
                    0.8,
                ));
                out.push(fact(End::Mention(k), "is a".into(), thing.clone(), 0.8));
            }
        }
    }
    // "I just got a new kitten, her name is Pixel": the speaker's animal, just named.
    if speaker {
        for k in 1..n.saturating_sub(3) {
            if !(matches!(s.lower(k), "her" | "his" | "its")
                && s.lower(k + 1) == "name"
                && matches!(s.lower(k + 2), "is" | "'s" | "was"))
            {
                continue;
            }
            let Some(name) = s
                .mention_at(k + 3)
                .filter(|&m| matches!(mentions[m].kind, MentionKind::Name(_)))
            else {
                continue;
            };
            // The animal or relative named: "a new nephew, his name is Leo" is a nephew.
            let named = (0..k).rev().find_map(|p| {
                let c = lexicon::categories_of(s.lower(p)).first().copied();
                (s.at[p].is_none() && np_word(&info[p]))
                    .then_some(c)
                    .flatten()
                    .filter(|c| matches!(*c, "pet" | "animal" | "family"))
                    .map(|_| s.thing(p, p + 1))
            });
            let Some(thing) = named else {
                continue;
            };
            match named_things::family_noun(&thing) {
                Some(relative) => {
                    out.push(fact(End::Speaker, relative, End::Mention(name), 0.6));
                }
                None => {
                    out.push(fact(End::Speaker, "has".into(), End::Mention(name), 0.6));
                    out.push(fact(End::Mention(name), "is a".into(), thing, 0.8));
                }
            }
        }
    }
    // "I had fun baking cookies": the act is the clause's verb.
    for entry in subjects.iter_mut() {
        if let Some(g) = crate::coordinated::time_had(&s, entry.1) {
            entry.1 = g;
        }
    }
    let joined = co_subjects(&s, &mut subjects);
    // "I went hiking and then visited my parents": past verbs joined to a clause's first; a
    // plan's words go with the verbs joined to it ("hope to finish ... and find a job").
    let own = subjects.len();
    let mut plans: Vec<(Option<String>, bool)> = Vec::new();
    for j in crate::coordinated::joined_verbs(&s, &subjects) {
        // "Jake and Emma got married and moved to Portland": Jake moved too.
        for &(i, _) in joined.iter().filter(|(_, last)| *last == j.source) {
            subjects.push((subjects[i].0.clone(), j.verb, j.verb));
            plans.push((j.plan.clone(), j.agrees));
        }
        subjects.push((j.subject, j.verb, j.verb));
        plans.push((j.plan, j.agrees));
    }
    // "If I move to Denver, ...", "not sure if I'll join Google": a condition or an open
    // question, read once for all the sentence's clauses.
    let conditions = crate::clause_words::conditional_spans(&lower);
    let mut said: Vec<Vec<ClauseFact>> = Vec::with_capacity(subjects.len());
    for (i, (subject, from, start)) in subjects.iter().enumerate() {
        let conditional = conditions.iter().any(|&(a, b)| (a..b).contains(start));
        let joined_to = i.checked_sub(own).map(|p| &plans[p]);
        let plan = joined_to.and_then(|(plan, _)| plan.as_ref());
        // A plan's words agree in person already ("wants to learn Spanish and visit Madrid"),
        // and a verb joined to "gonna" is as planned as the first.
        let agree = joined_to.is_none_or(|&(_, agrees)| agrees);
        let facts = (!conditional).then(|| clause_at(&s, subject.clone(), *start, *from, agree));
        let mut facts = facts.flatten().unwrap_or_default();
        if let Some(plan) = plan {
            for f in facts.iter_mut().filter(|f| f.predicate != "is a") {
                f.predicate = format!("{plan} {}", f.predicate);
            }
        }
        said.push(facts);
    }
    // "Caleb and I went hiking": what the last of the joined subjects did, the others did too.
    for (i, j) in joined {
        // "Tom and I broke up", "Daniel and I have been dating": done with each other, which
        // relates the two (the speaker first) rather than each to the act ("DOES dating").
        if let Some((predicate, act)) = reciprocal(&s, subjects[j].1) {
            let speaker = |e: &End| match e {
                End::Speaker => true,
                End::Mention(m) => matches!(mentions[*m].kind, MentionKind::Speaker),
                _ => false,
            };
            let (a, b) = (subjects[i].0.clone(), subjects[j].0.clone());
            let (head, tail) = if speaker(&b) { (b, a) } else { (a, b) };
            said[j].retain(|f| !matches!(&f.object, End::Thing { text, .. } if text == act));
            out.push(fact(head, predicate.into(), tail, 0.6));
        }
        let copies: Vec<ClauseFact> = said[j]
            .iter()
            .filter(|f| f.subject == subjects[j].0)
            .map(|f| ClauseFact {
                subject: subjects[i].0.clone(),
                ..f.clone()
            })
            .collect();
        out.extend(copies);
    }
    out.extend(said.into_iter().flatten());
    if speaker {
        let opening = (0..n)
            .find(|&k| {
                s.lower(k).chars().any(char::is_alphanumeric)
                    && !crate::interjections::always(s.lower(k))
                    && !s.at[k].is_some_and(|m| {
                        mentions[m].adjective && matches!(mentions[m].kind, MentionKind::Name(_))
                    })
            })
            .unwrap_or(n);
        crate::favourites::favourites(&s, opening, &mut out);
        crate::named_things::listed_relatives(&s, &mut out);
        crate::named_things::speaker_named(&s, &mut out);
        crate::workplaces::speaker_workplaces(&s, &mut out);
        crate::to_me::thing_for_speaker(&s, opening, &mut out);
        // "It's been tough, but dancing has kept me going", "Plus, painting helps me": a clause
        // after a comma (and a conjunction) opens the same way.
        for j in opening..n.saturating_sub(1) {
            if matches!(s.lower(j), "," | "-" | "\u{2013}" | "\u{2014}") {
                let conjunction = matches!(s.lower(j + 1), "but" | "and" | "so");
                crate::to_me::thing_for_speaker(&s, j + 1 + usize::from(conjunction), &mut out);
            }
        }
    }
    // "my dance studio", "our new car": what the speaker has, when WordNet knows what kind of
    // thing it is (relatives are mentions of their own; "my life" is too empty to keep).
    for (i, m) in mentions.iter().enumerate() {
        let b = m.words.1 - offset;
        if !matches!(m.kind, MentionKind::Speaker | MentionKind::Listener)
            || !matches!(s.lower(b - 1), "my" | "our" | "your")
        {
            continue;
        }
        let Some((a, e)) = s.noun_phrase(b) else {
            continue;
        };
        let kind = lexicon::categories_of(&texts[a..e].join(" "));
        // "my third attempt", "our second trip": which one, no thing owned ("my first dog" is).
        if crate::phrases::is_ordinal(s.lower(b))
            && kind.first().is_none_or(|c| is_any_act(c) || *c == "event")
        {
            continue;
        }
        let taken = out.iter().any(|f| {
            matches!(&f.object, End::Thing { start, .. } if *start == a)
                || matches!(&f.object, End::Mention(k) if mentions[*k].words.0 - offset == e)
        });
        // An act named by a nominalisation ("my transition", "your encouragement") is no thing
        // one has; "my business", "my trip" are.
        let head = s.lower(e - 1);
        let abstract_act = kind.first().is_some_and(|c| is_any_act(c))
            && [
                "tion", "sion", "ment", "ness", "ity", "ance", "ence", "ship", "ism",
            ]
            .iter()
            .any(|suf| head.ends_with(suf));
        let concrete = kind
            .first()
            .is_some_and(|c| !matches!(*c, "person" | "family"))
            && !abstract_act
            && !(b..a).any(|j| matches!(s.lower(j), "favorite" | "favourite"));
        // A name right after is the thing's own name ("my dog Biscuit"), a subject pronoun a
        // relative clause about it ("my horse painting I did").
        let named = s.at[e..].first().is_some_and(Option::is_some) && !opens_relative(s.lower(e));
        if concrete && !taken && !named {
            out.push(fact(End::Mention(i), "has".into(), s.thing(a, e), 0.5));
        }
        // "Our trip to Iceland is in three weeks", "my flight to Rome got cancelled": where the
        // journey goes is where its owner travels (Iceland was an orphan).
        if journey_noun(head) && s.lower(e) == "to" {
            if let Some(k) = s.at.get(e + 1).copied().flatten().filter(|&k| {
                matches!(s.mentions[k].kind, MentionKind::Name(EntityType::Location))
                    && s.mentions[k].words.0 - offset == e + 1
            }) {
                out.push(fact(
                    End::Mention(i),
                    format!("{head} to"),
                    End::Mention(k),
                    0.6,
                ));
            }
        }
    }
    out
}

/// A noun of a journey somewhere: "trip", "flight", "vacation", "move".
fn journey_noun(w: &str) -> bool {
    matches!(
        w,
        "trip"
            | "flight"
            | "vacation"
            | "holiday"
            | "journey"
            | "visit"
            | "move"
            | "drive"
            | "cruise"
            | "honeymoon"
    )
}

/// Where the verb of a subject ending before word `b` starts: after an apposition set off by
/// commas ("Sophie, my niece, loves", "Max, our dog, hates") when a verb follows it; else `b`.
fn after_apposition(s: &Sentence<'_>, b: usize) -> usize {
    if s.lower(b) != ","
        || !matches!(
            s.lower(b + 1),
            "my" | "our" | "your" | "his" | "her" | "their" | "a" | "an" | "the"
        )
    {
        return b;
    }
    (b + 2..(b + 6).min(s.info.len()))
        .find(|&k| s.lower(k) == ",")
        .filter(|&k| {
            (b + 2..k).all(|j| s.info[j].lower.chars().all(char::is_alphabetic))
                && finite_verb(s.lower(k + 1))
        })
        .map_or(b, |k| k + 1)
}

/// A verb two joined people do with each other, from word `from` on (after their list): its
/// predicate and the word a clause would read as a thing done ("dating"). "broke up", "have been
/// dating", "got married", "are getting married", "got engaged", "got divorced", "met".
fn reciprocal(s: &Sentence<'_>, from: usize) -> Option<(&'static str, &'static str)> {
    let mut k = from;
    while matches!(
        s.lower(k),
        "are"
            | "'re"
            | "were"
            | "have"
            | "'ve"
            | "had"
            | "been"
            | "just"
            | "finally"
            | "officially"
    ) {
        k += 1;
    }
    let getting = matches!(s.lower(k), "getting" | "gonna");
    if matches!(s.lower(k), "got" | "getting" | "gonna") {
        k += 1;
        if s.lower(k) == "get" {
            k += 1;
        }
    }
    match (s.lower(k), s.lower(k + 1)) {
        ("broke" | "split" | "breaking", "up") => Some(("broke up with", "up")),
        ("dating" | "dated", _) => Some(("dating", "dating")),
        ("married", _) if getting => Some(("getting married to", "married")),
        ("married", _) => Some(("married", "married")),
        ("engaged", _) => Some(("engaged to", "engaged")),
        ("divorced", _) => Some(("divorced", "divorced")),
        ("met", _) if !s.info.get(k + 1).is_some_and(|w| w.is_capitalised()) => {
            Some(("met", "met"))
        }
        _ => None,
    }
}

/// Subjects joined by "and" or a comma at the opening of a clause ("Caleb and I", "me and my
/// sister", "Ava, Mia and I", "my friend Jess and I"): pairs (i, j) of indices into `subjects`,
/// where subject i shares the facts of subject j, the last of its list, whose verb follows. A
/// "me" in such a list is added as a subject. Only a list the sentence opens with (after
/// interjections, times and "my friend"): "I met Ava and Mia loved it" joins nothing.
fn co_subjects(s: &Sentence<'_>, subjects: &mut Vec<(End, usize, usize)>) -> Vec<(usize, usize)> {
    let n = s.info.len();
    // "me" next to "and" is a subject only in such a list.
    for (i, m) in s.mentions.iter().enumerate() {
        let (a, b) = (m.words.0 - s.offset, m.words.1 - s.offset);
        let coordinated = s.lower(b) == "and" || (a > 0 && s.lower(a - 1) == "and");
        if matches!(m.kind, MentionKind::Speaker) && s.lower(a) == "me" && coordinated {
            subjects.push((End::Mention(i), b, a));
        }
    }
    subjects.sort_by_key(|x| x.2);
    let opening = |a: usize| {
        (0..a).all(|k| {
            let w = s.lower(k);
            !w.chars().any(char::is_alphanumeric)
                || crate::interjections::always(w)
                || is_time_word(w)
                || matches!(w, "my" | "our" | "me" | "and")
                || s.info[k].flags & (gz::KIN | gz::ROLE) != 0
                || matches!(lexicon::category_of(w), Some("person" | "family"))
        })
    };
    let mut pairs = Vec::new();
    let mut k = 0;
    while k < subjects.len() {
        // Follow the list from subject k: "X and Y", "X, Y and Z".
        let mut last = k;
        // The list ends at its last "and": "Caleb, I went hiking" addresses Caleb.
        let mut last_and = k;
        while last + 1 < subjects.len() {
            let end = subjects[last].1;
            let next = subjects[last + 1].2;
            let link = s.lower(end);
            // "Sara and her husband": the owner's word opens the relative.
            let owned = |k: usize| matches!(s.lower(k), "her" | "his" | "their");
            let and = link == "and" && (next == end + 1 || (next == end + 2 && owned(end + 1)))
                || (link == "," && s.lower(end + 1) == "and" && next == end + 2);
            if !(and || (link == "," && next == end + 1)) {
                break;
            }
            last += 1;
            if and {
                last_and = last;
            }
        }
        let last = last_and;
        if last > k && opening(subjects[k].2) && subjects[last].1 < n {
            pairs.extend((k..last).map(|i| (i, last)));
        }
        k = last + 1;
    }
    pairs
}

/// Whether the noun phrase from `k` names a role a person takes ("a nurse", "a volunteer
/// tutor"): WordNet files its head under person, and it is no age of life ("as a child").
fn names_role(s: &Sentence<'_>, k: usize) -> bool {
    s.noun_phrase(k).is_some_and(|(_, e)| {
        let head = s.lower(e - 1);
        // A head WordNet does not know is a newer trade ("as a barista").
        let unknown = lexicon::parts_of_speech(head).is_none()
            && head.chars().all(|c| c.is_ascii_lowercase());
        (lexicon::category_of(head) == Some("person") || unknown)
            && !matches!(
                head,
                "child"
                    | "kid"
                    | "baby"
                    | "toddler"
                    | "teen"
                    | "teenager"
                    | "boy"
                    | "girl"
                    | "youngster"
                    | "adult"
                    | "grownup"
                    | "student"
            )
    })
}

/// Whether a category label is WordNet's broad act: a pursuit ("activity") or any other act
/// ("act"), which the extractor treats alike.
fn is_any_act(label: &str) -> bool {
    matches!(label, "activity" | "act")
}

/// Whether WordNet files a word (a gerund) under a kind of activity: "camping", "swimming",
/// "painting".
fn is_activity(word: &str) -> bool {
    // Comings and goings are no pastime ("my sister is visiting next week").
    !matches!(word, "visiting" | "leaving" | "arriving" | "returning")
        && lexicon::categories_of(word)
            .iter()
            .any(|c| matches!(*c, "sport" | "exercise" | "art" | "game" | "music") || is_any_act(c))
}

/// Reads the verb group and object after a subject ending at word `k`: the clause's fact, and
/// the activity a gerund in its verb chain names ("we went camping with my family" also says
/// that we went camping). With `agree`, a present verb takes the third person
/// (`agree_in_person`); a verb joined to a plan has it from the plan's words.
fn clause_at(
    s: &Sentence<'_>,
    subject: End,
    start: usize,
    k: usize,
    agree: bool,
) -> Option<Vec<ClauseFact>> {
    let mut activities = Vec::new();
    let own = subject.clone();
    let mut facts = match clause_fact(s, subject, start, k, &mut activities) {
        Some(mut facts) => {
            facts.extend(activities);
            facts
        }
        None if !activities.is_empty() => activities,
        None => return None,
    };
    // "I'll let you know", "let me see", "wanted to let you know": letting says nothing of the
    // two.
    facts.retain(|f| {
        !matches!(
            f.predicate.rsplit(' ').next(),
            Some("let" | "lets" | "letting")
        )
    });
    if facts.is_empty() {
        return None;
    }
    if agree {
        agree_in_person(s, k, &mut facts);
    }
    // "I should have called Anna", "I could have married Tom": what did not happen.
    if crate::hedges::counterfactual(s, k) || crate::hedges::embedded_unasserted(s, start) {
        return None;
    }
    // "I might move to Denver", "maybe I'll join a band": a possibility is no fact of its family
    // (MIGHT_MOVE_TO closes no residence); the hedge stays with the predicate.
    if let Some(h) = crate::hedges::hedge(s, start, k) {
        for f in &mut facts {
            // A thing's category holds whatever is hedged ("maybe I'll adopt a cat": a cat is
            // a pet); the subject's own does not ("I might be a teacher someday").
            if f.predicate == "is a" && f.subject == own {
                // "might be a teacher": MIGHT_BE_A.
                let be = if h.ends_with(" be") { "" } else { " be" };
                f.predicate = format!("{h}{be} a");
            } else if f.predicate != "is a" {
                f.predicate = format!("{h} {}", f.predicate);
            }
        }
    }
    Some(facts)
}

/// A lasting state or identity said of a clause's subject with nothing after it ("I'm vegan",
/// "she's pregnant", "I'm lactose intolerant now"): the end of its words. Feelings and
/// judgements ("I'm tired", "it's great") are no such state, nor one followed by what it is
/// about ("single-handedly", "married to Tom" is a relation of its own).
fn lasting_state(s: &Sentence<'_>, k: usize) -> Option<usize> {
    let w = s.lower(k);
    let two = matches!(
        (w, s.lower(k + 1)),
        ("lactose" | "gluten", "intolerant")
            | ("left", "handed")
            | ("right", "handed")
            | ("self", "employed")
            | ("non", "binary")
    );
    let e = if two {
        k + 2
    } else if matches!(
        w,
        "vegan"
            | "vegetarian"
            | "pescatarian"
            | "diabetic"
            | "pregnant"
            | "engaged"
            | "divorced"
            | "widowed"
            | "retired"
            | "unemployed"
            | "sober"
            | "gay"
            | "lesbian"
            | "bisexual"
            | "transgender"
            | "trans"
            | "nonbinary"
            | "non-binary"
            | "queer"
            | "asexual"
            | "catholic"
            | "christian"
            | "muslim"
            | "jewish"
            | "buddhist"
            | "hindu"
            | "atheist"
            | "agnostic"
            | "deaf"
            | "colorblind"
            | "colourblind"
            | "left-handed"
            | "right-handed"
            | "self-employed"
            | "autistic"
            | "dyslexic"
            | "bilingual"
            | "trilingual"
            | "adopted"
            | "introverted"
            | "extroverted"
            | "homeschooled"
    ) {
        k + 1
    } else {
        return None;
    };
    // Said alone: the clause ends, or only "now", "too", "also" or "since ..." follows.
    let after = s.lower(e);
    let ends = s.info.get(e).is_none_or(|x| {
        !x.lower.chars().any(char::is_alphanumeric)
            || matches!(
                after,
                "now"
                    | "too"
                    | "also"
                    | "again"
                    | "already"
                    | "officially"
                    | "since"
                    | "and"
                    | "but"
                    | "so"
                    | "anyway"
                    | "lol"
            )
    });
    ends.then_some(e)
}

/// "I love hiking" and "Maya loves hiking" state one relation: the present verb of a clause
/// said of the speaker, the listener or a plural takes the third person's form in its facts
/// (LOVES, HAS, LIVES_IN, WANTS_TO_LEARN), as a fact's subject is one entity spoken of. Only a
/// verb opening its clause's verb group, after adverbs alone ("I really love"), or "have" and
/// "do" as the verb itself ("I have a dog", "I do yoga"); not after an auxiliary or a modal ("I'll
/// join", "I've joined"), nor a copula's words ("I'm part of", "a fan of").
fn agree_in_person(s: &Sentence<'_>, k: usize, facts: &mut [ClauseFact]) {
    let n = s.info.len();
    let mut j = k;
    while j < n && is_skipped_adverb(s.lower(j)) {
        j += 1;
    }
    let w = s.lower(j);
    let next = s.lower(j + 1);
    let own_verb = if matches!(w, "have" | "do") {
        // "I have a dog", not "I have visited", "I do think".
        !is_verbish(next) || is_determiner(next) || s.info.get(j + 1).is_some_and(np_word)
    } else {
        crate::verbs::present_base(w)
    };
    if !own_verb || s.at[j].is_some() {
        return;
    }
    let third = crate::verbs::third_person(w);
    for f in facts.iter_mut() {
        let rest = f.predicate.strip_prefix(w);
        if let Some(rest) = rest.filter(|r| r.is_empty() || r.starts_with(' ')) {
            f.predicate = format!("{third}{rest}");
        }
    }
}

/// "I took my kids camping", "we took Max hiking": taking someone along to an activity (a gerund
/// right after the object, with no object of its own) says the subject went to it too, as "we
/// went camping" does.
fn taken_along(s: &Sentence<'_>, subject: &End, predicate: &str, at: usize) -> Option<ClauseFact> {
    // The tense of "take" is the tense of going: "I'm taking the kids skiing" is going skiing.
    let go = match predicate {
        "take" | "takes" | "bring" | "brings" => "go",
        "taking" | "bringing" => "going",
        "took" | "taken" | "brought" => "went",
        _ => return None,
    };
    // "Took the kids to the zoo", "I brought Max to the vet": going there with them (not
    // "took him to court", suing).
    if s.lower(at) == "to" {
        let destination = |a: usize, e: usize| {
            let text = s.texts[a..e].join(" ").to_lowercase();
            let the = a > 0 && s.lower(a - 1) == "the";
            // A person whose place one is taken to: "to the vet", "to the doctor".
            let practice = the
                && matches!(
                    s.lower(e - 1),
                    "vet" | "doctor" | "dentist" | "groomer" | "hairdresser" | "barber"
                );
            s.lower(e - 1) != "court"
                && (practice
                    || lexicon::category_of(&text).is_some_and(|c| {
                        matches!(c, "place" | "event" | "class" | "music" | "sport" | "game")
                    }))
        };
        return match s.object(at + 1) {
            Some(Object::Thing(a, e)) if destination(a, e) => Some(fact(
                subject.clone(),
                format!("{go} to"),
                s.thing(a, e),
                0.0,
            )),
            Some(Object::Mention(m))
                if matches!(
                    s.mentions[m].kind,
                    MentionKind::Name(EntityType::Location | EntityType::Event)
                ) =>
            {
                Some(fact(
                    subject.clone(),
                    format!("{go} to"),
                    End::Mention(m),
                    0.0,
                ))
            }
            _ => None,
        };
    }
    // "We took turns driving", "I took my time deciding": idioms, nobody went anywhere.
    let idiom = at > 0 && matches!(s.lower(at - 1), "turns" | "time" | "care" | "part");
    (is_gerund(s.lower(at)) && bare_activity(s, at) && !idiom)
        .then(|| fact(subject.clone(), go.into(), s.thing(at, at + 1), 0.0))
}

/// Whether the word at `k` (a gerund) names an activity and has no object of its own: "camping
/// with my family" does, "using my voice" or "hitting the gym" does not; nor "gone camping a
/// few times", no thing after it either.
fn bare_activity(s: &Sentence<'_>, k: usize) -> bool {
    let w = s.lower(k);
    (is_prep(s.lower(k + 1)) || s.object(k + 1).is_none())
        && is_activity(w)
        && !is_light_verb(w)
        && s.at[k].is_none()
}

/// "I teach English at a high school", "I play guitar in a band": a place, event or class named
/// by a common noun after the object (ending before word `e`, a thing's head at `head`) and "at"
/// or "in" is where the thing was done: `subject -[predicate head at]-> place`. One-word verbs only
/// ("had a blast at the concert" says nothing the object's fact does not), or "work as ... at".
fn done_at(
    s: &Sentence<'_>,
    subject: &End,
    predicate: &str,
    head: Option<usize>,
    e: usize,
    confidence: f32,
) -> Option<ClauseFact> {
    let prep = s.lower(e);
    let verb_as = predicate.strip_suffix(" as").filter(|v| !v.contains(' '));
    if !matches!(prep, "at" | "in") || (predicate.contains(' ') && verb_as.is_none()) {
        return None;
    }
    // Where a thing was put, kept or lost is no place of doing ("lost my keys in the park",
    // "left the kids at school"), and "with Mom at the store" has no verb.
    if is_prep(predicate)
        || matches!(
            predicate,
            "put"
                | "puts"
                | "lost"
                | "lose"
                | "store"
                | "stored"
                | "hid"
                | "hide"
                | "drop"
                | "dropped"
                | "keep"
                | "keeps"
                | "kept"
                | "left"
                | "leave"
                | "have"
                | "has"
                | "had"
                | "place"
                | "placed"
                | "found"
                | "find"
                | "got"
                | "get"
        )
    {
        return None;
    }
    let Some(Object::Thing(a, b)) = s.object(e + 1) else {
        return None;
    };
    // "in the works", "in my corner": idioms, no place.
    if matches!(
        s.lower(b - 1),
        "works" | "corner" | "middle" | "end" | "way" | "shoes"
    ) || matches!(s.lower(a.saturating_sub(1)), "my" | "your" | "our")
    {
        return None;
    }
    let place = s.thing(a, b);
    let End::Thing { text, .. } = &place else {
        return None;
    };
    lexicon::category_of(&text.to_lowercase())
        .filter(|c| matches!(*c, "place" | "event" | "class"))?;
    let said = match (verb_as, head) {
        (Some(verb), _) => format!("{verb} {prep}"),
        (None, Some(h)) => format!("{predicate} {} {prep}", s.lower(h)),
        (None, None) => format!("{predicate} {prep}"),
    };
    Some(fact(subject.clone(), said, place, confidence))
}

/// The noun phrase right before a subject starting at word `start`, opened by a determiner: the
/// object of a relative clause that has none after its verb ("this book I read last year").
fn fronted_object(s: &Sentence<'_>, start: usize) -> Option<(usize, usize)> {
    let mut a = start;
    while a > 0 && start - a < 3 {
        let w = &s.info[a - 1];
        if !np_word(w) || is_time_word(&w.lower) || s.at[a - 1].is_some() {
            break;
        }
        a -= 1;
    }
    // Only a kind of thing WordNet files ("the book", "a road trip"): "the ones I love", "the
    // progress we made", "the good times we had" (WordNet's acts) name nothing to keep.
    let filed = a < start
        && lexicon::category_of(&s.texts[a..start].join(" "))
            .is_some_and(|c| !matches!(c, "person" | "family") && !is_any_act(c));
    // "At the park I played with the kids": a phrase opening the sentence after a preposition
    // says where or when, it is no object.
    let opening_adjunct = a >= 2
        && is_prep(s.lower(a - 2))
        && s.info[..a - 2].iter().all(crate::interjections::is_punct);
    // "My cat Luna sleeps a lot", "our dog Rex": an owner's noun before a name names it, as an
    // apposition; it is no object of what the name does.
    let named_by_owner = a > 0
        && matches!(
            s.lower(a - 1),
            "my" | "our" | "your" | "his" | "her" | "their"
        )
        && s.info[start].is_capitalised();
    (filed && a > 0 && is_determiner(s.lower(a - 1)) && !opening_adjunct && !named_by_owner)
        .then_some((a, start))
}

/// [`clause_at`]'s fact, for a subject spanning words `start..k`; the activities of the verb
/// chain go to `activities`.
fn clause_fact(
    s: &Sentence<'_>,
    subject: End,
    start: usize,
    mut k: usize,
    activities: &mut Vec<ClauseFact>,
) -> Option<Vec<ClauseFact>> {
    let n = s.info.len();
    let mut copula = false;
    let mut have = false;
    while k < n {
        let w = s.lower(k);
        if is_negation(w) {
            return None;
        }
        if is_aux(w) {
            // "I'm gonna start a band": the verb after "gonna" is the clause's own.
            copula = is_copula(w) || (copula && !matches!(w, "gonna" | "wanna" | "gotta"));
            have = matches!(w, "have" | "'ve" | "has" | "had" | "do" | "did" | "does");
            k += 1;
        } else if is_skipped_adverb(w)
            || (copula && is_intensifier(w))
            || (copula
                && w == "busy"
                && is_gerund(s.lower(k + 1))
                && (is_prep(s.lower(k + 2)) || s.object(k + 2).is_some()))
        {
            // "I'm *so* excited about the trip"; "I've been *busy* volunteering at the shelter"
            // is the act itself (alone, "busy swimming" is the activity).
            k += 1;
        } else if copula
            && matches!(w, "off" | "about")
            && s.lower(k + 1) == "to"
            && is_verbish(s.lower(k + 2))
        {
            // "I'm off to go swimming", "I'm about to start a course": the verbs after "off
            // to" are what the subject is about to do.
            k += 2;
            copula = false;
        } else {
            break;
        }
    }
    let confidence = match &subject {
        End::Speaker => 0.5,
        End::Mention(m) if s.mentions[*m].text.eq_ignore_ascii_case("we") => 0.5,
        _ => 0.6,
    };
    let w = s.lower(k).to_string();
    let mut predicate: Vec<String> = Vec::new();
    if k >= n {
        return None;
    }
    // "since I was a kid", "when we were students": what the subject was when something else
    // happened, no lasting kind of it
    let past_time = start > 0
        && matches!(
            s.lower(start - 1),
            "since" | "when" | "while" | "as" | "until" | "till"
        )
        && (start..k).any(|j| matches!(s.lower(j), "was" | "were"));
    // ("when I was dancing", "when I was in Paris" tell what the subject did or where it was.)
    if copula && past_time && !is_gerund(&w) && !is_prep(&w) {
        return None;
    }
    // "we got engaged last week", "I just got promoted": a life event the subject went through
    // ("my brother is getting married next weekend": one to come).
    if (!copula || w == "getting")
        && matches!(w.as_str(), "got" | "get" | "gets" | "getting")
        && matches!(
            s.lower(k + 1),
            "engaged"
                | "married"
                | "divorced"
                | "pregnant"
                | "promoted"
                | "fired"
                | "hired"
                | "baptized"
                | "baptised"
                | "vaccinated"
                | "sober"
        )
        && s.info.get(k + 2).is_none_or(|x| {
            !x.lower.chars().any(char::is_alphanumeric)
                || is_time_word(&x.lower)
                || matches!(
                    x.lower.as_str(),
                    "last" | "this" | "next" | "yesterday" | "today" | "tomorrow" | "in" | "on"
                )
        })
    {
        return Some(vec![fact(
            subject,
            w.clone(),
            s.thing(k + 1, k + 2),
            confidence,
        )]);
    }
    if copula && matches!(w.as_str(), "a" | "an") {
        // "I'm a huge Harry Potter fan", "a big Taylor Swift fan": a fan of the name.
        let mut j = k + 1;
        while j < n && j < k + 4 && s.at[j].is_none() && lexicon::is_mostly_modifier(s.lower(j)) {
            j += 1;
        }
        if let Some(m) = s.mention_at(j) {
            let after = s.mentions[m].words.1 - s.offset;
            if matches!(s.mentions[m].kind, MentionKind::Name(_))
                && matches!(
                    s.lower(after),
                    "fan" | "lover" | "nerd" | "geek" | "addict" | "supporter"
                )
            {
                let head = s.lower(after).to_string();
                return Some(vec![fact(
                    subject,
                    format!("{head} of"),
                    End::Mention(m),
                    confidence,
                )]);
            }
        }
        // "I'm a nurse", "I'm a big fan of jazz".
        let (a, e) = s.noun_phrase(k + 1)?;
        let thing = s.thing(a, e);
        if s.lower(e) == "of" {
            let head = s.lower(e - 1).to_string();
            if let Some(Object::Mention(m)) = s.object(e + 1) {
                return Some(vec![fact(
                    subject,
                    format!("{head} of"),
                    End::Mention(m),
                    confidence,
                )]);
            }
            if let Some(Object::Thing(a2, e2)) = s.object(e + 1) {
                return Some(vec![fact(
                    subject,
                    format!("{head} of"),
                    s.thing(a2, e2),
                    confidence,
                )]);
            }
            return None;
        }
        return Some(vec![fact(subject, "is a".into(), thing, confidence)]);
    }
    if copula && !is_gerund(&w) {
        // "I'm excited about the trip", "I'm into painting", "we were in Lisbon".
        if is_prep(&w) && matches!(w.as_str(), "into" | "from" | "at" | "in" | "with" | "to") {
            // "I've been to Lisbon".
            if w == "to" {
                predicate.push("been".into());
            }
            predicate.push(w.clone());
            k += 1;
        } else if let Some(e) = lasting_state(s, k) {
            // "I'm vegan", "my sister is pregnant", "we're lactose intolerant": what the subject
            // lastingly is, said alone.
            return Some(vec![fact(subject, "is".into(), s.thing(k, e), confidence)]);
        } else if lexicon::parts_of_speech(&w).is_some_and(|p| p.starts_with('a'))
            || (w.ends_with("ed") && is_verbish(&w))
        {
            predicate.push(w.clone());
            k += 1;
            // "was born three years ago", "born last May": the same fact as "born in 2020".
            // "born in March in Boston": a date after "in"/"on" is the time too.
            let dated = match s.object(k + 1) {
                Some(Object::Mention(m)) if matches!(s.lower(k), "in" | "on") => {
                    matches!(s.mentions[m].kind, MentionKind::Name(EntityType::Date)).then_some(m)
                }
                _ => None,
            };
            if w == "born"
                && (dated.is_some()
                    || is_time_word(s.lower(k))
                    || s.lower(k + 1) == "ago"
                    || s.lower(k + 2) == "ago")
            {
                let when = dated.map_or(End::When(k), End::Mention);
                let on = if s.lower(k) == "on" {
                    "born on"
                } else {
                    "born in"
                };
                let mut facts = vec![fact(subject.clone(), on.into(), when, confidence)];
                // "born last year in Lisbon": the place after the time too.
                // "born last year in March in Lisbon": a month is more of the time, not where;
                // "born this day in 1985": the year is the time.
                let after_in = |date: bool| {
                    (k + 1..(k + 7).min(n))
                        .filter(|&i| s.lower(i) == "in")
                        .find_map(|i| match s.object(i + 1) {
                            Some(Object::Mention(m))
                                if matches!(
                                    s.mentions[m].kind,
                                    MentionKind::Name(EntityType::Date)
                                ) == date
                                    && (!date
                                        || crate::name_rules::is_year(&s.mentions[m].text)) =>
                            {
                                Some(m)
                            }
                            _ => None,
                        })
                };
                if let Some(y) = after_in(true) {
                    facts[0] = fact(
                        subject.clone(),
                        "born in".into(),
                        End::Mention(y),
                        confidence,
                    );
                }
                if let Some(m) = after_in(false) {
                    facts.push(fact(subject, "born in".into(), End::Mention(m), confidence));
                }
                return Some(facts);
            }
            // "I've been busy painting": the activity the subject is taken up with.
            let g = s.lower(k);
            if is_gerund(g)
                && is_activity(g)
                && !is_light_verb(g)
                && s.at[k].is_none()
                && s.object(k + 1).is_none()
            {
                return Some(vec![fact(
                    subject,
                    w.clone(),
                    s.thing(k, k + 1),
                    confidence,
                )]);
            }
            // "happy and thankful for the support": the adjective the preposition goes with.
            if s.lower(k) == "and"
                && lexicon::parts_of_speech(s.lower(k + 1)).is_some_and(|p| p.starts_with('a'))
                && is_prep(s.lower(k + 2))
            {
                predicate[0] = s.lower(k + 1).to_string();
                k += 2;
            }
            // "we're big fans of jazz".
            if s.lower(k + 1) == "of"
                && np_word(&s.info[k])
                && !lexicon::is_mostly_modifier(s.lower(k))
            {
                predicate.clear();
                predicate.push(s.lower(k).to_string());
                k += 1;
            }
            if !is_prep(s.lower(k)) {
                return None;
            }
            predicate.push(s.lower(k).to_string());
            k += 1;
            // "excited to start", "able to raise": the verb, then its object; a verb's own
            // form, not a plural that is a verb too ("allergic to cats").
            if predicate.last().is_some_and(|p| p == "to")
                && is_verbish(s.lower(k))
                && lexicon::parts_of_speech(s.lower(k)).is_some_and(|p| p.contains('v'))
                && !is_determiner(s.lower(k))
            {
                predicate.push(s.lower(k).to_string());
                k += 1;
            }
        } else if s.lower(k + 1) == "of" && np_word(&s.info[k]) && !lexicon::is_mostly_modifier(&w)
        {
            // "I'm part of the choir", "we're members of a club".
            predicate.push(w.clone());
            predicate.push("of".into());
            k += 2;
        } else {
            return None;
        }
    } else {
        // "own" is a stop word as "my own", but right after the subject it is the verb ("I own
        // a bakery").
        // "has stage 4 cancer": a kind's number follows a noun, not a verb.
        let numbered = matches!(w.as_str(), "stage" | "level" | "type" | "grade" | "phase")
            && !s.lower(k + 1).is_empty()
            && s.lower(k + 1).bytes().all(|c| c.is_ascii_digit());
        let main = if is_verbish(&w)
            && !numbered
            && s.at[k].is_none()
            && (s.info[k].flags & (gz::STOPWORD | gz::PRONOUN) == 0 || w == "own")
            && !is_prep(&w)
            && !is_particle(&w)
        {
            k += 1;
            w.clone()
        } else if have && !copula {
            // "I have a dog", "I do yoga": the auxiliary was the verb.
            match s.lower(k - 1) {
                "'ve" | "have" => "have",
                "'d" | "had" => "had",
                other => other,
            }
            .to_string()
        } else {
            return None;
        };
        // "I think that ...", "I hope you ...": a clause follows, not an object.
        // "I doubt Anna moved", "I heard my sister quit": a named subject and its verb.
        let next = s.info.get(k);
        let named_clause = s.mention_at(k).is_some_and(|m| {
            matches!(
                s.mentions[m].kind,
                MentionKind::Name(_) | MentionKind::Relative { .. }
            ) && finite_verb(s.lower(s.mentions[m].words.1 - s.offset))
        });
        if (crate::verbs::takes_clause(&main) || matches!(main.as_str(), "heard" | "hear"))
            && (named_clause
                || next.is_some_and(|w| w.lower == "that" || w.flags & gz::PRONOUN != 0))
        {
            return None;
        }
        // "my grandmother passed away yesterday" says what "died" says: one relation (DIED).
        let main = match (main.as_str(), s.lower(k)) {
            ("passed", "away") => {
                k += 1;
                "died".to_string()
            }
            ("passes", "away") => {
                k += 1;
                "dies".to_string()
            }
            _ => main,
        };
        let progressive = copula && is_gerund(&main);
        predicate.push(main);
        // "I've been painting a lot": the activity itself, when WordNet says it is one.
        // "putting together a show": a particle opens a phrasal verb's object (no golf).
        let bare_end = !is_particle(s.lower(k))
            && (s.info.get(k).is_none_or(|w| {
                !w.lower.chars().any(char::is_alphanumeric) || is_time_word(&w.lower)
            }) || is_skipped_adverb(s.lower(k))
                || matches!(s.lower(k), "a" | "lately" | "recently")
                // "been running longer", "painting again": an adverb, no object.
                || (lexicon::parts_of_speech(s.lower(k)).is_some_and(|p| p.starts_with('r'))
                    // "thinking about adopting a cat": "about" opens what is thought of.
                    && !(is_prep(s.lower(k)) && is_gerund(s.lower(k + 1)))));
        // "been running every morning", "been painting for like 3 weeks": how often or how
        // long, no object.
        let frequency = matches!(
            s.lower(k),
            "every" | "each" | "twice" | "daily" | "weekly" | "nightly" | "since"
        ) || (s.lower(k) == "for"
            && (k + 1..(k + 4).min(n)).any(|j| {
                let w = s.lower(j);
                w.chars().all(|c| c.is_ascii_digit())
                    || matches!(
                        w,
                        "while"
                            | "ages"
                            | "years"
                            | "months"
                            | "weeks"
                            | "days"
                            | "hours"
                            | "year"
                            | "month"
                            | "week"
                            | "ever"
                            | "long"
                    )
            }));
        // "I run every morning", "she swims twice a week", "I meditate daily": a present verb
        // with how often and no object is the activity itself.
        let daily = frequency
            || matches!(
                s.lower(k),
                "often" | "regularly" | "daily" | "weekly" | "nightly" | "most" | "almost"
            );
        if !copula && !have && daily && s.object(k).is_none() && s.at[k - 1].is_none() {
            if let Some(g) = crate::verbs::gerund_of(&predicate[0]) {
                if is_activity(&g) && !is_light_verb(&g) {
                    let thing = End::Thing {
                        start: k - 1,
                        end: k,
                        text: g,
                        entity_type: EntityType::Concept,
                    };
                    return Some(vec![fact(subject, "does".into(), thing, 0.5)]);
                }
            }
        }
        if progressive && (frequency || (bare_end && s.object(k).is_none())) {
            let gerund = predicate[0].as_str();
            // "Greg is annoying", "it was amazing": an adjective, no activity.
            if is_activity(gerund)
                && !is_light_verb(gerund)
                && !lexicon::is_mostly_modifier(gerund)
                && s.at[k - 1].is_none()
            {
                let thing = s.thing(k - 1, k);
                return Some(vec![fact(subject, "does".into(), thing, 0.5)]);
            }
            return None;
        }
        // Chains: "want to learn", "started doing", "signed up for".
        let mut particles = 0;
        while k < n {
            let w = s.lower(k);
            let last = predicate.last().map_or("", String::as_str);
            if w == "to" && is_verbish(s.lower(k + 1)) && takes_infinitive(last) {
                predicate.push("to".into());
                predicate.push(s.lower(k + 1).to_string());
                k += 2;
            } else if matches!(last, "help" | "helped" | "helps" | "helping")
                && s.at[k].is_none()
                && lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('v'))
                && !matches!(
                    w,
                    "make" | "do" | "get" | "have" | "take" | "keep" | "let" | "go"
                )
            {
                // "I helped renovate a community center": a bare infinitive after "help" ("help
                // make their lives better" is an idiom, no thing).
                predicate.push(w.to_string());
                k += 1;
            } else if is_gerund(w) && takes_gerund(last) && is_verbish(w) {
                // "I love painting." / "I started doing yoga".
                let next = s.lower(k + 1);
                let quoted = matches!(next, "\"" | "\u{201c}") && s.mention_at(k + 2).is_some();
                if is_determiner(next) || is_prep(next) || quoted || s.noun_phrase(k + 1).is_some()
                {
                    if bare_activity(s, k) {
                        activities.push(fact(
                            subject.clone(),
                            predicate.join(" "),
                            s.thing(k, k + 1),
                            confidence,
                        ));
                    }
                    predicate.push(w.to_string());
                    k += 1;
                } else if is_light_verb(w) || opens_relative(next) || next == "that" {
                    // "I love knowing we are safe": a clause follows the gerund, no activity.
                    return None;
                } else {
                    let predicate = predicate.join(" ");
                    // "I love hiking and camping", "cooking, baking, and gardening": each of
                    // the gerunds listed.
                    return Some(
                        std::iter::once(k)
                            .chain(listed_gerunds(s, k + 1))
                            .map(|g| {
                                fact(
                                    subject.clone(),
                                    predicate.clone(),
                                    s.thing(g, g + 1),
                                    confidence,
                                )
                            })
                            .collect(),
                    );
                }
            } else if matches!(
                last,
                "thinking" | "think" | "thought" | "dreaming" | "dream" | "dreamed" | "dreamt"
            ) && matches!(w, "about" | "of")
                && is_gerund(s.lower(k + 1))
                && is_verbish(s.lower(k + 1))
            {
                // "I'm thinking about adopting a cat", "dreaming of opening a bakery", "thinking
                // about getting a dog": what the subject means to do; not "thinking about going
                // to Paris" (no thing), "thinking of doing something".
                let g = s.lower(k + 1);
                let empty = matches!(
                    g,
                    "going"
                        | "coming"
                        | "doing"
                        | "feeling"
                        | "looking"
                        | "saying"
                        | "talking"
                        | "thinking"
                        | "wondering"
                        | "waiting"
                        | "dealing"
                        | "struggling"
                );
                let object = is_determiner(s.lower(k + 2))
                    || s.noun_phrase(k + 2).is_some()
                    || s.mention_at(k + 2).is_some()
                    // "thinking of working with influencers": the preposition's object.
                    || is_prep(s.lower(k + 2));
                if empty || !object {
                    return None;
                }
                predicate.push(w.to_string());
                predicate.push(g.to_string());
                k += 2;
            } else if matches!(last, "get" | "gets" | "got" | "getting" | "gotten")
                && s.at[k].is_none()
                && is_prep(s.lower(k + 1))
                && (lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('a'))
                    || (w.ends_with("ed") && is_verbish(w)))
            {
                // "I got accepted into a program", "we're getting ready for the show".
                predicate.push(w.to_string());
                k += 1;
            } else if is_particle(w) && particles < 2 {
                predicate.push(w.to_string());
                particles += 1;
                k += 1;
            } else if w == "as" && matches!(s.lower(k + 1), "a" | "an") && names_role(s, k + 2) {
                // "I work as a nurse", "I volunteer as a tutor": the role is the object ("as"
                // is no preposition elsewhere: "as soon as", "as a result", "as a child").
                predicate.push("as".into());
                k += 1;
                break;
            } else {
                break;
            }
        }
        if is_prep(s.lower(k)) {
            // "the guitar I played in high school", "the novel I talked about": the object
            // came first; a phrase after the preposition is when or how, a preposition with
            // nothing after it is the verb's own.
            if let Some((a, e)) = fronted_object(s, start).filter(|_| predicate.len() == 1) {
                let stranded = s.info.get(k + 1).is_none_or(crate::interjections::is_punct);
                if stranded {
                    predicate.push(s.lower(k).to_string());
                }
                return Some(vec![fact(
                    subject,
                    predicate.join(" "),
                    s.thing(a, e),
                    confidence,
                )]);
            }
            predicate.push(s.lower(k).to_string());
            k += 1;
        }
    }
    let mut predicate = predicate.join(" ");
    // "my mom bought me a bike": the bike was bought, for the speaker.
    let mut receiver = None;
    match crate::double_object::double_object(s, &predicate, k) {
        Some(Double::Nothing) => return None,
        Some(Double::Gives { to, after, prep }) => {
            receiver = receiver_fact(s, &subject, &predicate, &to, prep, confidence);
            k = after;
        }
        None => {}
    }
    let object = match s.object(k) {
        Some(o) => o,
        None => {
            // "This book I read last year reminds me": the object came first.
            if !predicate.contains(' ') && !predicate.ends_with("ly") && !is_prep(s.lower(k)) {
                if let Some((a, e)) = fronted_object(s, start) {
                    return Some(vec![fact(subject, predicate, s.thing(a, e), confidence)]);
                }
            }
            // "had a blast at a music festival": an empty object, then where it happened.
            let mut j = k;
            while j < n && j < k + 6 && (np_word_or_det(&s.info[j]) || is_time_word(s.lower(j))) {
                j += 1;
            }
            if j == k || !matches!(s.lower(j), "at" | "in" | "on" | "with" | "to") {
                // "I graduated last week", "we moved in 2019": when it happened is the object.
                let at = if s.lower(k) == "in" { k + 1 } else { k };
                // "she passed away on Saturday", "I graduated on Friday": the day is when,
                // and "on" no part of the predicate.
                // Not "relied on Monday's notes".
                let on_day = s.info.get(at).is_some_and(|w| w.flags & gz::WEEKDAY != 0)
                    && !gz::is_possessive(s.lower(at + 1));
                if on_day {
                    if let Some(verb) = predicate.strip_suffix(" on") {
                        predicate = verb.to_string();
                    }
                }
                let past = predicate.ends_with("ed")
                    || predicate
                        .split(' ')
                        .next()
                        .is_some_and(crate::verbs::is_irregular_past);
                let timed = is_time_word(s.lower(at))
                    || crate::name_rules::is_year(s.lower(at))
                    || on_day
                    || s.lower(at + 1) == "ago"
                    || s.lower(at + 2) == "ago";
                if past && timed && !predicate.contains(' ') {
                    return Some(vec![fact(subject, predicate, End::When(at), confidence)]);
                }
                return None;
            }
            // "spent a week in hospital", "hurt my back at the gym": SPENT_IN, HURT_BACK_AT;
            // what one spends is time ("spent my twenties in Berlin", "spent days there").
            let spent = matches!(
                predicate.as_str(),
                "spent" | "spend" | "spends" | "spending"
            );
            let between: Vec<String> = (k..j)
                .filter(|&i| {
                    let w = s.lower(i);
                    !spent && !is_time_word(w) && !is_determiner(w)
                })
                .map(|i| s.lower(i).to_string())
                .collect();
            predicate = std::iter::once(predicate.as_str())
                .chain(between.iter().map(String::as_str))
                .chain([s.lower(j)])
                .collect::<Vec<_>>()
                .join(" ");
            s.object(j + 1)?
        }
    };
    match object {
        Object::Mention(m) => {
            if matches!(s.mentions[m].kind, MentionKind::Name(EntityType::Date)) {
                // "We got married in August": when a past event happened.
                let past = predicate
                    .split(' ')
                    .next()
                    .is_some_and(|v| v.ends_with("ed") || crate::verbs::is_irregular_past(v));
                let when = matches!(predicate.rsplit(' ').next(), Some("in" | "on"));
                return (past && when)
                    .then(|| vec![fact(subject, predicate, End::Mention(m), confidence)]);
            }
            // "I met Anna and Ben at a party": the same fact of each name of the list.
            let (more, e) = crate::object_lists::listed_with(s, m, false);
            let along = taken_along(s, &subject, &predicate, e);
            // A name is no part of a predicate: "met Anna at a party" is MET_AT.
            let at = done_at(s, &subject, &predicate, None, e, confidence);
            let mut out = vec![fact(
                subject.clone(),
                predicate.clone(),
                End::Mention(m),
                confidence,
            )];
            out.extend(more.into_iter().map(|o| {
                fact(
                    subject.clone(),
                    predicate.clone(),
                    End::Mention(o),
                    confidence,
                )
            }));
            // "My mom took me to the doctor": the speaker went too.
            if let Some(a) = &along {
                if matches!(s.mentions[m].kind, MentionKind::Speaker)
                    && a.subject != End::Mention(m)
                {
                    out.push(ClauseFact {
                        subject: End::Mention(m),
                        confidence,
                        ..a.clone()
                    });
                }
            }
            out.extend(along.map(|a| ClauseFact { confidence, ..a }));
            out.extend(at);
            out.extend(receiver);
            Some(out)
        }
        Object::Thing(a, e) => {
            let thing = s.thing(a, e);
            let along =
                taken_along(s, &subject, &predicate, e).map(|a| ClauseFact { confidence, ..a });
            // "a dog named Biscuit", "my dog Max": the name is the object, and is a dog.
            // "a puppy, a beagle named Biscuit": the apposition's name, and a beagle.
            let mut appositive = None;
            let named = if matches!(s.lower(e), "named" | "called") {
                s.mention_at(e + 1)
            } else if s.lower(e) == "," && matches!(s.lower(e + 1), "a" | "an") {
                match s.object(e + 1) {
                    Some(Object::Thing(a2, b2)) if matches!(s.lower(b2), "named" | "called") => {
                        appositive = Some(s.thing(a2, b2));
                        s.mention_at(b2 + 1)
                    }
                    _ => None,
                }
            } else {
                s.mention_at(e)
                    .filter(|_| a > 0 && matches!(s.lower(a - 1), "my" | "our" | "your"))
            };
            // "I quit my job at Initech", "I bought a gift for Anna": a name after the thing
            // and a preposition is what the thing was at, with or for (one-word verbs only:
            // "had a blast at the concert with Maya" would read badly).
            let prep = s.lower(e);
            // "I gave my old laptop to Sam", "bought a gift for my mom": whom it was for.
            let receiver = receiver.or_else(|| {
                crate::double_object::receiver_after(s, &predicate, e)
                    .and_then(|(to, p)| receiver_fact(s, &subject, &predicate, &to, p, confidence))
            });
            let given_to = receiver.is_some();
            // "I work as a nurse at Mercy Hospital": where the subject works, not the nurse.
            let verb_as = predicate.strip_suffix(" as").filter(|v| !v.contains(' '));
            // "I work as a nanny in Boston": where, for a role.
            let beyond = (((matches!(prep, "at" | "with" | "for")
                && (!predicate.contains(' ') || verb_as.is_some()))
                || (prep == "in" && verb_as.is_some()))
                && !given_to)
                .then(|| {
                    // "at the Hope Center": the article is no part of the name.
                    let at = e + 1 + usize::from(s.lower(e + 1) == "the");
                    s.mention_at(at)
                })
                .flatten()
                .filter(|&m| {
                    // "at Anna's bakery" is at the bakery, not at Anna.
                    let owned = gz::is_possessive(s.lower(s.mentions[m].words.1 - s.offset));
                    !owned
                        && matches!(
                            s.mentions[m].kind,
                            MentionKind::Name(
                                EntityType::Organization
                                    | EntityType::Location
                                    | EntityType::Person
                                    | EntityType::Other
                            )
                        )
                })
                .map(|m| {
                    let head = s.lower(e - 1);
                    let said = match verb_as {
                        Some(verb) => format!("{verb} {prep}"),
                        None => format!("{predicate} {head} {prep}"),
                    };
                    // "had lunch with Anna and Ben": each of a list.
                    let (more, _) = crate::object_lists::listed_with(s, m, false);
                    std::iter::once(m)
                        .chain(more)
                        .map(|o| fact(subject.clone(), said.clone(), End::Mention(o), confidence))
                        .collect::<Vec<_>>()
                });
            let beyond = beyond.or_else(|| {
                done_at(s, &subject, &predicate, Some(e - 1), e, confidence).map(|f| vec![f])
            });
            // "I have a fear of spiders", "a passion for baking": what the feeling is of.
            let feeling = (matches!(predicate.as_str(), "have" | "has" | "had" | "got")
                && matches!(prep, "of" | "for")
                && e == a + 1
                && matches!(
                    s.lower(a),
                    "fear"
                        | "phobia"
                        | "love"
                        | "passion"
                        | "allergy"
                        | "interest"
                        | "knack"
                        | "talent"
                        | "weakness"
                        | "soft spot"
                        | "thing"
                ))
            .then(|| s.object(e + 1))
            .flatten()
            .map(|o| {
                let said = format!("{predicate} {} {prep}", s.lower(a));
                match o {
                    Object::Thing(a2, e2) => {
                        fact(subject.clone(), said, s.thing(a2, e2), confidence)
                    }
                    Object::Mention(m) => fact(subject.clone(), said, End::Mention(m), confidence),
                }
            });
            // "I just started a new job as a barista", "got a position as a nurse": the role the
            // subject works as.
            let role = (prep == "as"
                && matches!(s.lower(e - 1), "job" | "position" | "role" | "gig")
                // Not "quit my job as a teacher", which ended it.
                && matches!(
                    predicate.as_str(),
                    "started" | "starts" | "got" | "gets" | "landed" | "took" | "has" | "have" | "began"
                        | "accepted" | "found" | "love" | "loves" | "enjoy" | "enjoys"
                ))
            .then(|| s.object(e + 1))
            .flatten()
            .and_then(|o| match o {
                Object::Thing(a2, e2) => {
                    Some(fact(subject.clone(), "works as".into(), s.thing(a2, e2), confidence))
                }
                _ => None,
            });
            let named = named.filter(|&m| matches!(s.mentions[m].kind, MentionKind::Name(_)));
            let place_thing = thing.clone();
            // "a cat named Luna and a dog named Rex", "two dogs, Max and Bella": each name is
            // one of the things; "two sisters, Ana and Bea" are sisters.
            let (mut out, names) = match named {
                Some(m) => {
                    let more = named_things::more_named(s, s.mentions[m].words.1 - s.offset);
                    let first = Named {
                        name: m,
                        thing: appositive.unwrap_or(thing),
                    };
                    (Vec::new(), std::iter::once(first).chain(more).collect())
                }
                None => {
                    let names = named_things::names_after_plural(s, a, e);
                    let facts = std::iter::once(thing)
                        .chain(listed_things(s, a, e))
                        .map(|t| fact(subject.clone(), predicate.clone(), t, confidence))
                        .collect();
                    (facts, names)
                }
            };
            // "I grew up in a small town in Ohio", "we live in an apartment in Brooklyn": the
            // place named after a place's noun is where too.
            let locative = matches!(
                predicate.rsplit(' ').next(),
                Some("in" | "to" | "from" | "at" | "near")
            );
            // The place named after "in" (a name WordNet or the tagger says is a place's).
            let place_after = |at: usize| match s.object(at) {
                Some(Object::Mention(m))
                    if matches!(s.mentions[m].kind, MentionKind::Name(EntityType::Location)) =>
                {
                    Some(End::Mention(m))
                }
                Some(Object::Thing(a2, e2)) => Some(s.thing(a2, e2)).filter(|t| {
                    matches!(
                        t,
                        End::Thing {
                            entity_type: EntityType::Location,
                            ..
                        }
                    )
                }),
                _ => None,
            };
            // "went to a concert in Miami", "a wedding in Lagos": an event is where it took
            // place too.
            let place_noun = prep == "in" && lexicon::category_of(s.lower(e - 1)) == Some("place");
            let event_noun =
                prep == "in" && lexicon::categories_of(s.lower(e - 1)).contains(&"event");
            if locative && (place_noun || event_noun) {
                if let Some(place) = place_after(e + 1) {
                    // "works at a cafe in Lisbon" works in Lisbon.
                    let said = match predicate.rsplit_once(' ') {
                        Some((verb, "at" | "near")) => format!("{verb} in"),
                        _ => predicate.clone(),
                    };
                    out.push(fact(subject.clone(), said, place, confidence));
                }
            } else if place_noun && named.is_none() {
                // "I own a restaurant in Lyon", "my aunt opened a flower shop in Galway": the
                // place is where the thing is.
                if let Some(place) = place_after(e + 1) {
                    out.push(fact(place_thing, "located in".into(), place, confidence));
                }
            }
            for Named { name, thing } in names {
                match named_things::family_noun(&thing) {
                    Some(relative) => out.push(fact(
                        subject.clone(),
                        relative,
                        End::Mention(name),
                        confidence,
                    )),
                    None => {
                        out.push(fact(
                            subject.clone(),
                            predicate.clone(),
                            End::Mention(name),
                            confidence,
                        ));
                        out.push(fact(End::Mention(name), "is a".into(), thing, confidence));
                    }
                }
            }
            out.extend(beyond.filter(|_| named.is_none()).into_iter().flatten());
            out.extend(role);
            out.extend(feeling);
            out.extend(along.filter(|_| named.is_none()));
            out.extend(receiver);
            Some(out)
        }
    }
}

/// The gerunds listed from word `k` on after a first one: ", baking and gardening", "and
/// camping". A member is one gerund, closed by punctuation, a joiner or the sentence's end; a
/// list closes at its "and", "&" or "or" ("I love hiking and swimming in the lake" keeps the
/// last); anything else stops it ("I started running and lost weight" lists nothing).
fn listed_gerunds(s: &Sentence<'_>, mut k: usize) -> Vec<usize> {
    let (mut out, mut pending) = (Vec::new(), Vec::new());
    let joiner = |w: &str| matches!(w, "and" | "&" | "or");
    while s.lower(k) == "," || joiner(s.lower(k)) {
        let closing = joiner(s.lower(k)) || joiner(s.lower(k + 1));
        if s.lower(k) == "," && joiner(s.lower(k + 1)) {
            k += 1;
        }
        let g = k + 1;
        let w = s.lower(g);
        if !(is_gerund(w) && is_verbish(w)) || s.at[g].is_some() || is_light_verb(w) {
            break;
        }
        let next = s.lower(g + 1);
        let closed = s.info.get(g + 1).is_none_or(crate::interjections::is_punct) || joiner(next);
        // The last member may go on with where ("swimming in the lake"), not with an object of
        // its own ("and playing games" is no activity "playing"): the members before it stay.
        if !(closed || (closing && is_prep(next))) {
            if closing {
                out.append(&mut pending);
            }
            break;
        }
        pending.push(g);
        if closing {
            out.append(&mut pending);
            break;
        }
        k = g + 1;
    }
    out
}

/// The things listed after an object thing from word `first` to `e`: "I play guitar and piano", "I
/// love pizza, pasta and sushi". Commas go on with the list only up to an "and" or "&" that
/// closes it; a verb after a member opens a clause of its own ("I bought a car and drove home"
/// has no thing after "and").
fn listed_things(s: &Sentence<'_>, first: usize, e: usize) -> Vec<End> {
    let (mut out, mut pending) = (Vec::new(), Vec::new());
    // "stepping into the unknown and hoping for the best": a gerund after a thing that is none
    // goes on with the verb, not the list ("hiking and camping" is a list).
    let gerund = |k: usize| is_gerund(s.lower(k)) && is_verbish(s.lower(k));
    let mut k = e;
    let mut commas = false;
    while matches!(s.lower(k), "," | "and" | "&") {
        commas |= s.lower(k) == ",";
        // "physics, chemistry, and biology": the comma before "and" is the joiner's.
        if s.lower(k) == "," && matches!(s.lower(k + 1), "and" | "&") {
            k += 1;
        }
        // A plural noun that could be a verb's third person, with nothing after it but
        // punctuation or a joiner.
        let plural_closing = |i: usize| {
            s.lower(i).ends_with('s')
                && lexicon::is_plural_of_noun(s.lower(i))
                && (s.info.get(i + 1).is_none_or(crate::interjections::is_punct)
                    || matches!(s.lower(i + 1), "and" | "&"))
        };
        // "dinosaurs and trains": such a word ending the list or followed by its joiner is a
        // member too.
        let plural_member = || {
            (plural_closing(k + 1) && s.mention_at(k + 1).is_none())
                .then_some(Object::Thing(k + 1, k + 2))
        };
        // A member of a list with commas, or of the first member's kind.
        let listed = |i: usize| commas || lexicon::same_category(s.lower(i), s.lower(e - 1));
        // "pens, paper and glue", "corn, beans and squash": a word that is a noun too ending a
        // list with commas or of the first member's kind ("glue" is a verb first; "I cook
        // dinner and clean" ends with a verb).
        let noun_member = || {
            let i = k + 1;
            let pos = lexicon::parts_of_speech(s.lower(i));
            (s.info.get(i).is_some_and(np_word)
                && s.mention_at(i).is_none()
                && pos.is_some_and(|p| p.contains('n'))
                && listed(i)
                && s.info.get(i + 1).is_none_or(crate::interjections::is_punct))
            .then_some(Object::Thing(i, i + 1))
        };
        let Some(Object::Thing(a, b)) = s.object(k + 1).or_else(plural_member).or_else(noun_member)
        else {
            break;
        };
        // "I love summer and hate winter": a verb's bare form opening the member is a second
        // verb with its own object.
        // "and green pears": a colour's verb sense ("to green") is no second verb.
        let verb_first = b > a + 1
            && is_verbish(s.lower(a))
            && lexicon::parts_of_speech(s.lower(a))
                .is_some_and(|p| p.contains('v') && (p.starts_with('v') || !p.contains('a')));
        // "cats and dogs", "trains, planes and dinosaurs": such a word ends the member ("and
        // walks the dog" is a verb's).
        let plural_end = |i: usize| i + 1 == b && plural_closing(i);
        // "pens, paper and glue": a noun ending the member before a joiner or the clause's end
        // is no verb ("to paper", "to glue"; "and walks the dog" has an object after it).
        let noun_end = |i: usize| {
            i + 1 == b
                && listed(i)
                && lexicon::parts_of_speech(s.lower(i)).is_some_and(|p| p.contains('n'))
                && (s.info.get(i + 1).is_none_or(crate::interjections::is_punct)
                    || matches!(s.lower(i + 1), "and" | "&" | ","))
        };
        // "I wash my car and polish it": a word with an object pronoun after it is a verb.
        // ("the freedom and connection it brings": a noun that is no verb opens a relative
        // clause).
        let verb_with_object = matches!(s.lower(b), "it" | "them" | "him" | "her" | "me" | "us")
            && lexicon::parts_of_speech(s.lower(b - 1)).is_some_and(|p| p.contains('v'));
        if b <= a
            || verb_with_object
            || (a..=b).any(|i| {
                (finite_verb(s.lower(i)) && !plural_end(i) && !noun_end(i)) || is_aux(s.lower(i))
            })
            || s.mention_at(a).is_some()
            // "We roast marshmallows, tell stories": a verb before the next noun.
            || (k + 1..a).any(|i| {
                let w = s.lower(i);
                // "and big trees": an adjective before the noun ("and shared stories" is a
                // verb's).
                let adjective = lexicon::parts_of_speech(w).is_some_and(|p| p.contains('a'))
                    && !(w.ends_with("ed") || crate::verbs::is_irregular_past(w));
                !is_determiner(w) && !adjective
            })
            || (gerund(k + 1) && !gerund(first))
            || verb_first
        {
            break;
        }
        pending.push((a, b));
        if s.lower(k) != "," {
            out.extend(pending.drain(..).map(|(a, b)| s.thing(a, b)));
        }
        k = b;
    }
    out
}
