//! The deterministic, offline extractor: words and sentences, the name tagger, mention rules,
//! resolution and relations, put together.

use std::collections::HashMap;
use std::path::Path;

use async_trait::async_trait;
use mnemo_core::{EntityType, FactInput};

use crate::features::{sentence_info, WordInfo};
use crate::mentions::{
    sentence_mentions, Mention, MentionKind, Owner, Participants, SentenceInput,
};
use crate::quantities::{self, Quantity};
use crate::relations::{self, Arg};
use crate::tagger::{self, Tagger};
use crate::text;
use crate::{chat_facts, definitions};
use crate::{ExtractContext, ExtractError, Extraction, Extractor, Perceptron, Resolver};

/// Words in capitals from which a sentence is shouting, read as running text would write it
/// (`headline::shouted_case`): "TOBIAS LOVES JAZZ", "MAN BITES DOG" (two, "HAPPY BIRTHDAY", "GO
/// LAKERS", may still be emphasis around a name). A news dateline, "LOS ANGELES ( AP ) --", keeps
/// its capitals: its sentence goes on in small letters.
const SHOUTED_WORDS: usize = 3;

/// The rule/perceptron extractor with the shipped weights. Stateless and cheap to copy.
#[derive(Debug, Clone, Copy, Default)]
pub struct RuleExtractor;

/// Tagger and relation-scorer weights (the shipped ones, or others for evaluation).
#[derive(Debug, Clone)]
pub struct Models {
    pub tagger: Tagger,
    pub relations: Perceptron,
}

impl Models {
    pub fn shipped() -> Models {
        Models {
            tagger: Tagger::shipped().clone(),
            relations: relations::shipped().clone(),
        }
    }

    /// Loads `ner.bin` and `rel.bin` from a directory written by the `train` example.
    pub fn load(dir: &Path) -> Result<Models, ExtractError> {
        let read = |f: &str| {
            std::fs::read(dir.join(f))
                .map_err(|e| ExtractError::Unavailable(format!("{}: {e}", dir.join(f).display())))
        };
        Ok(Models {
            tagger: Tagger::new(Perceptron::from_bytes(&read("ner.bin")?)?)?,
            relations: Perceptron::from_bytes(&read("rel.bin")?)?,
        })
    }
}

/// An entity mention with its byte span, for evaluation and highlighting.
#[derive(Debug, Clone, PartialEq)]
pub struct SpanEntity {
    pub start: usize,
    pub end: usize,
    pub entity_type: EntityType,
    /// Index into `Extraction::entities`.
    pub entity: usize,
    /// Whether the mention is a pronoun or "I"/"my" resolved to the entity (not a name).
    pub pronoun: bool,
}

/// A fact with the byte spans of the mentions that state it.
#[derive(Debug, Clone, PartialEq)]
pub struct SpanFact {
    pub head: (usize, usize),
    pub tail: (usize, usize),
    pub predicate: String,
    pub confidence: f32,
}

/// Everything the extractor found, with spans.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Analysis {
    pub extraction: Extraction,
    pub mentions: Vec<SpanEntity>,
    pub relations: Vec<SpanFact>,
    /// Numbers and durations (never entities).
    pub quantities: Vec<Quantity>,
    /// Relative and partial times of the text resolved against `ExtractContext::at` (none
    /// without it).
    pub times: Vec<crate::TimeMention>,
    /// Per fact of `extraction.facts`, the resolved time its sentence mentions ("yesterday" said
    /// on 2023-05-08 -> "2023-05-07"): when the stated event happened, beside when it was told.
    /// The same value is the fact's `FactInput::occurred`.
    pub fact_times: Vec<Option<String>>,
}

impl RuleExtractor {
    /// Extracts entities and facts with the shipped weights.
    pub fn extract_sync(&self, text: &str, ctx: &ExtractContext) -> Extraction {
        self.analyse(text, ctx, &Resolver::new()).extraction
    }

    /// Like [`RuleExtractor::extract_sync`], resolving names against `resolver`'s known names.
    pub fn analyse(&self, text: &str, ctx: &ExtractContext, resolver: &Resolver) -> Analysis {
        analyse_with(text, ctx, resolver, Tagger::shipped(), relations::shipped())
    }
}

#[async_trait]
impl Extractor for RuleExtractor {
    fn name(&self) -> &'static str {
        "rules"
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        Ok(self.extract_sync(text, ctx))
    }
}

/// The whole pipeline with explicit weights.
pub fn analyse_with(
    text: &str,
    ctx: &ExtractContext,
    resolver: &Resolver,
    tagger: &Tagger,
    rel_model: &Perceptron,
) -> Analysis {
    let named = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| s.chars().any(char::is_alphanumeric))
            .map(str::to_string)
    };
    let speaker = named(&ctx.speaker);
    // "You" is the listener only when someone else is speaking to them.
    // Without a listener, a turn that addresses one person by name ("Thanks, Mel!") tells who
    // "you" is.
    let listener = named(&ctx.listener)
        .or_else(|| {
            speaker
                .as_ref()
                .and_then(|_| crate::interjections::addressed(text))
        })
        .filter(|l| {
            speaker
                .as_deref()
                .is_none_or(|s| mnemo_core::canonical_key(s) != mnemo_core::canonical_key(l))
        });
    let own_keys: Vec<String> = [&speaker, &listener]
        .into_iter()
        .flatten()
        .map(|n| mnemo_core::canonical_key(n))
        .collect();
    // The participants' own names, which a shouted turn still writes as names ("HAPPY BIRTHDAY
    // BRAM").
    let own_names: Vec<String> = [&speaker, &listener]
        .into_iter()
        .flatten()
        .flat_map(|n| {
            n.split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    let people = Participants {
        speaker: speaker.is_some(),
        listener: listener.is_some(),
    };
    let mut mentions: Vec<Mention> = Vec::new();
    let mut sent_mentions: Vec<std::ops::Range<usize>> = Vec::new();
    let mut defined: Vec<(usize, EntityType)> = Vec::new();
    let mut quantities: Vec<Quantity> = Vec::new();
    let mut chat_facts: Vec<chat_facts::MentionFact> = Vec::new();
    let mut sentence_spans: Vec<std::ops::Range<usize>> = Vec::new();
    // Names the text itself has named in earlier sentences: a person's surname ("Priya Nair
    // ... Nair serves as CEO") and a firm's first word ("Acme Robotics ... Acme opened"), which
    // the tagger misses where they stand alone.
    let named_before: std::cell::RefCell<rustc_hash::FxHashMap<String, Option<EntityType>>> =
        Default::default();
    let known = |name: &str| {
        resolver.known_type(name).map(|t| (t, false)).or_else(|| {
            named_before
                .borrow()
                .get(&name.to_lowercase())
                .copied()
                .flatten()
                .map(|t| (t, true))
        })
    };
    // A chat turn all in capitals ("HEY JOHN!!! GUESS WHAT"): every sentence is read in lower
    // case (a news dateline such as "LOS ANGELES ( AP )" is not chat).
    let shouting = (people.speaker || people.listener)
        && text.len() < (1 << 16)
        && !text.chars().any(char::is_lowercase)
        && text
            .split_whitespace()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .count()
            >= SHOUTED_WORDS;
    text::for_each_sentence(text, |s, ws, offset| {
        // A shouted sentence ("I JUST ADOPTED A PUPPY") says nothing by its capitals: it is read
        // in lower case, but for the names the name lists know.
        let mut words: Vec<&str> = ws.iter().map(|w| w.text(text)).collect();
        for i in 1..ws.len() {
            if ws[i].start == ws[i - 1].end {
                if let Some(form) = text::contraction_form(words[i - 1], words[i]) {
                    words[i] = form;
                }
            }
        }
        if people.speaker || people.listener {
            for w in &mut words {
                if let Some(full) = crate::chat_spelling::full_form(w) {
                    *w = full;
                }
            }
        }
        let lettered: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .collect();
        let shouted = shouting
            || (lettered.len() >= SHOUTED_WORDS
                && lettered.iter().all(|w| !w.chars().any(char::is_lowercase)));
        let info: Vec<WordInfo> = if shouted {
            let running = crate::headline::shouted_case(&words, &own_names);
            sentence_info(running.iter().map(String::as_str))
        } else if crate::headline::is_title_case(&words) {
            // "Meeting Notes: Project Falcon Kickoff With Dana Reyes": read as running text.
            let running = crate::headline::running_case(&words);
            sentence_info(running.iter().map(String::as_str))
        } else {
            sentence_info(words.iter().copied())
        };
        let names = tagger::spans(&tagger.tag(&info));
        let first = mentions.len();
        let input = SentenceInput {
            text,
            sent: s,
            words: ws,
            offset,
            info: &info,
            names: &names,
        };
        mentions.extend(sentence_mentions(input, people, &known));
        // A sentence's mentions point at each other by their index in the sentence; the text's
        // list holds every sentence's.
        for m in &mut mentions[first..] {
            if let MentionKind::Relative {
                owner, named_by, ..
            } = &mut m.kind
            {
                if let Owner::Mention(o) = owner {
                    *o += first;
                }
                if let Some(k) = named_by {
                    *k += first;
                }
            }
        }
        let names_end = mentions.len();
        if people.speaker {
            chat_facts.extend(chat_facts::add_sentence_facts(
                input,
                &mut mentions,
                first,
                ctx.at,
            ));
        }
        // The sentence's subject, when a definition follows it, gets the defined type.
        let subject = mentions[first..]
            .iter()
            .position(|m| matches!(m.kind, MentionKind::Name(_)))
            .map(|k| first + k)
            .filter(|&k| {
                mentions[k].words.0 - offset <= 2
                    && !matches!(mentions[k].kind, MentionKind::Name(EntityType::Date))
            });
        if let Some(k) = subject {
            let end = mentions[k].words.1 - offset;
            if let Some(t) = definitions::defined_type(&info, end) {
                defined.push((k, t));
            }
            // "X was a French physicist": X -IS_A-> physicist.
            for (a, b) in definitions::descriptions(&info, end) {
                let name = ws[a..b]
                    .iter()
                    .map(|w| w.text(text))
                    .collect::<Vec<_>>()
                    .join(" ");
                mentions.push(Mention {
                    sentence: s,
                    words: (offset + a, offset + b),
                    start: ws[a].start,
                    end: ws[b - 1].end,
                    text: name,
                    kind: MentionKind::Thing(EntityType::Concept),
                    title: None,
                    adjective: true,
                    opens: false,
                });
                chat_facts.push(chat_facts::MentionFact {
                    sentence: s,
                    subject: Some(k),
                    predicate: "is a".into(),
                    object: Some(mentions.len() - 1),
                    confidence: 0.7,
                });
            }
        }
        let mut taken = vec![false; ws.len()];
        for m in &mentions[first..names_end] {
            for t in taken
                .iter_mut()
                .take(m.words.1 - offset)
                .skip(m.words.0 - offset)
            {
                *t = true;
            }
        }
        let texts: Vec<&str> = ws.iter().map(|w| w.text(text)).collect();
        for q in quantities::quantity_spans(&texts, &info, &taken) {
            quantities.push(Quantity {
                start: ws[q.start].start,
                end: ws[q.end - 1].end,
                duration: q.duration,
            });
        }
        remember_names(&mentions[first..], &mut named_before.borrow_mut());
        sent_mentions.push(first..mentions.len());
        if let (Some(a), Some(b)) = (ws.first(), ws.last()) {
            sentence_spans.push(a.start..b.end);
        }
    });
    let resolved =
        resolver.resolve_conversation(&mentions, speaker.as_deref(), listener.as_deref());
    let mut entities = resolved.entities;
    // A definition states what the entity is: it outweighs the guesses from its name's spelling.
    for (k, t) in defined {
        if let Some(e) = resolved.of_mention[k] {
            entities[e].entity_type = t;
        }
    }

    let mut span_entities = Vec::new();
    for (m, e) in mentions.iter().zip(&resolved.of_mention) {
        if let Some(e) = *e {
            span_entities.push(SpanEntity {
                start: m.start,
                end: m.end,
                entity_type: entities[e].entity_type,
                entity: e,
                pronoun: !matches!(m.kind, MentionKind::Name(_)),
            });
        }
    }

    // Best (confidence, predicate) per (subject, object, rel type).
    // The sentence stating it rides along, for the time the sentence mentions.
    let mut facts: HashMap<(usize, usize, String), (f32, String, usize)> = HashMap::new();
    let mut add = |h: usize, t: usize, predicate: &str, conf: f32, sent: usize| {
        let rt = mnemo_core::RelType::from_predicate(predicate)
            .as_str()
            .to_string();
        let slot = facts
            .entry((h, t, rt))
            .or_insert((conf, predicate.to_string(), sent));
        if conf > slot.0 {
            *slot = (conf, predicate.to_string(), sent);
        }
    };
    for (o, p, r) in &resolved.implied {
        add(*o, *r, p, 0.9, usize::MAX);
    }
    // A clause whose subject is a pronoun standing for nobody ("They say it's good for you",
    // "She opened a bakery" with no one before) states nothing: its things are no entities and
    // get no category.
    let unresolved = |m: Option<usize>| m.is_some_and(|m| resolved.of_mention[m].is_none());
    let mut orphans: std::collections::HashSet<usize> = Default::default();
    chat_facts.retain(|f| {
        let keep = !unresolved(f.subject) && !unresolved(f.object);
        if !keep {
            orphans.extend(
                f.object
                    .filter(|&o| matches!(mentions[o].kind, MentionKind::Thing(_)))
                    .and_then(|o| resolved.of_mention[o]),
            );
        }
        keep
    });
    // Clause facts: the speaker stands for an unnamed subject ("Went hiking yesterday").
    let mut speaker_entity = None;
    // Pairs a clause relates: the name-pair scorer's wording of them ("adopted dog named") is
    // left out.
    let mut clause_pairs: std::collections::HashSet<(usize, usize)> = Default::default();
    let mut scorer_agrees: HashMap<(usize, usize), f32> = HashMap::new();
    for f in &chat_facts {
        let mut end = |m: Option<usize>| match m {
            Some(m) => resolved.of_mention[m],
            None => {
                let name = speaker.as_deref()?;
                if speaker_entity.is_none() {
                    let key = mnemo_core::canonical_key(name);
                    speaker_entity = match entities.iter().position(|e| e.key.as_str() == key) {
                        Some(i) => Some(i),
                        None => {
                            let e =
                                mnemo_core::EntityInput::named(name, EntityType::Person).ok()?;
                            entities.push(e);
                            Some(entities.len() - 1)
                        }
                    };
                }
                speaker_entity
            }
        };
        if let (Some(h), Some(t)) = (end(f.subject), end(f.object)) {
            if h != t {
                add(h, t, &f.predicate, f.confidence, f.sentence);
                clause_pairs.insert((h, t));
                // "an LGBTQ art show": a name inside the thing is no object of its own.
                if let Some(o) = f
                    .object
                    .filter(|&o| matches!(mentions[o].kind, MentionKind::Thing(_)))
                {
                    let (sent, span) = (mentions[o].sentence, mentions[o].words);
                    for (k, m) in mentions.iter().enumerate() {
                        let inside = span.0 <= m.words.0 && m.words.1 <= span.1;
                        if k != o && m.sentence == sent && inside {
                            if let Some(inner) = resolved.of_mention[k] {
                                clause_pairs.insert((h, inner));
                            }
                        }
                    }
                }
            }
        }
    }
    // What kind a thing is holds whenever it was said: a category fact takes no time from its
    // sentence ("I took up pottery last week" dates the taking up, not "pottery" IS_A activity).
    for (thing, category) in
        chat_facts::category_facts(&chat_facts, &mentions, &resolved.of_mention, &mut entities)
    {
        add(thing, category, "is a", 0.5, usize::MAX);
    }
    let mut span_facts = Vec::new();
    text::for_each_sentence(text, |s, ws, offset| {
        let Some(ms) = sent_mentions.get(s).filter(|r| !r.is_empty()) else {
            return;
        };
        let lower: Vec<String> = ws.iter().map(|w| w.text(text).to_lowercase()).collect();
        // A question in conversation ("Should I move to Denver?", "Did Anna call Ben?") and what
        // would have been ("Anna would have moved to Denver") state nothing: the name-pair
        // scorer, trained on news, knows neither questions, hedges nor negations.
        let chat = speaker.is_some();
        // Nor does a wish or a doubt ("I wish I lived in Rome", "I doubt Anna moved to Oslo").
        // Nor a denial ("I don't think Anna moved to Oslo").
        let hedged = chat
            && (lower.iter().any(|w| crate::hedges::wishes_or_doubts(w))
                || crate::hedges::denies(&lower));
        if (chat && crate::clause_words::asks(&lower))
            || crate::clause_words::counterfactual_in(&lower)
            || hedged
        {
            return;
        }
        let unasserted = crate::clause_words::unasserted(&lower);
        let conditions = crate::clause_words::conditional_spans(&lower);
        let mut args = Vec::new();
        let mut arg_mention = Vec::new();
        for k in ms.clone() {
            let Some(e) = resolved.of_mention[k] else {
                continue;
            };
            let m = &mentions[k];
            if m.adjective {
                continue;
            }
            let code = match entities[e].entity_type {
                EntityType::Person => b'P',
                EntityType::Organization => b'O',
                EntityType::Location => b'L',
                EntityType::Date => b'D',
                _ => b'X',
            };
            args.push(Arg {
                start: m.words.0 - offset,
                end: m.words.1 - offset,
                code,
            });
            arg_mention.push(k);
        }
        for rel in relations::sentence_relations(rel_model, &lower, &args) {
            let (hm, tm) = (
                &mentions[arg_mention[rel.head]],
                &mentions[arg_mention[rel.tail]],
            );
            let (Some(h), Some(t)) = (
                resolved.of_mention[arg_mention[rel.head]],
                resolved.of_mention[arg_mention[rel.tail]],
            ) else {
                continue;
            };
            // "moved to John's house", "works at Anna's bakery", "acquired Jennifer's shares",
            // "I love Anna's cooking": a person's possessive is not the place or the thing; the
            // house, the bakery, the shares are ("moved to London's East End" did move to
            // London).
            let owner = |m: &Mention| {
                lower
                    .get(m.words.1 - offset)
                    .is_some_and(|w| crate::gazetteer::is_possessive(w))
            };
            let person = entities[t].entity_type == EntityType::Person
                || lower
                    .get(tm.words.0 - offset)
                    .is_some_and(|w| crate::gazetteer::is_given_name(w));
            if h == t || (person && tm.words.0 >= hm.words.1 && owner(tm)) {
                continue;
            }
            // "a Bad Bunny concert in Miami": in conversation a name inside a thing's phrase
            // modifies it; the thing, not the name, is where the words after it put it.
            // (The sentence's own mentions only: a text's whole list would make this quadratic in
            // a long text.)
            let modifies = |m: &Mention| {
                chat && mentions[ms.clone()].iter().any(|t| {
                    matches!(t.kind, MentionKind::Thing(_))
                        && t.sentence == m.sentence
                        && t.words.0 <= m.words.0
                        && m.words.1 < t.words.1
                })
            };
            if modifies(hm) || modifies(tm) {
                continue;
            }
            // "My grandfather built the house I grew up in": "I" and "we" are a clause's
            // subject, never an object of the words before them.
            if chat
                && tm.words.0 >= hm.words.1
                && matches!(tm.kind, MentionKind::Speaker | MentionKind::Listener)
                && matches!(lower[tm.words.0 - offset].as_str(), "i" | "we")
            {
                continue;
            }
            // "My sister's husband works at Google": the relative of the head between the two
            // is the subject, not the head.
            let head_index = arg_mention[rel.head];
            let relative_between = mentions[ms.clone()].iter().any(|m| {
                matches!(&m.kind, MentionKind::Relative { owner: Owner::Mention(o), .. } if *o == head_index)
                    && m.words.0 >= hm.words.1
                    && m.words.1 <= tm.words.0
            });
            if relative_between {
                continue;
            }
            // "Netflix cancelled my favorite show": "my" is whose the show is, not the object.
            // In conversation so is "her" in "a party at her house" (was PARTY_AT grandma), not
            // in "met her at". (Documents relate an owner to the thing's place often enough:
            // "his studies at the University of Cologne".)
            let determiner = |m: &Mention| {
                let w = lower[m.words.0 - offset].as_str();
                let next = lower.get(m.words.1 - offset).map_or("", String::as_str);
                match m.kind {
                    MentionKind::Speaker | MentionKind::Listener => {
                        matches!(w, "my" | "our" | "your")
                    }
                    MentionKind::Pronoun(_) if chat => {
                        matches!(w, "his" | "their" | "its")
                            || (w == "her"
                                && next.chars().all(char::is_alphabetic)
                                && !next.is_empty()
                                && !crate::predicate::is_prep(next)
                                && !crate::clause_words::is_time_word(next)
                                && !matches!(
                                    next,
                                    "and"
                                        | "or"
                                        | "but"
                                        | "a"
                                        | "an"
                                        | "the"
                                        | "that"
                                        | "so"
                                        | "too"
                                        | "again"
                                        | "back"
                                        | "up"
                                        | "out"
                                        | "off"
                                        | "down"
                                        | "over"
                                ))
                    }
                    _ => false,
                }
            };
            if determiner(hm) || determiner(tm) {
                continue;
            }
            // "If Anna moves to Denver, ...", "I wonder if Anna moved to Denver": not stated.
            // Both names inside: "whether Sirhan Sirhan, the man convicted of killing Kennedy,
            // had acted alone" questions the acting, not the apposition.
            let inside =
                |m: &Mention, (a, b): (usize, usize)| (a..b).contains(&(m.words.0 - offset));
            if conditions.iter().any(|&c| inside(hm, c) && inside(tm, c)) {
                continue;
            }
            if clause_pairs.contains(&(h, t)) || clause_pairs.contains(&(t, h)) {
                // The clause's wording stands; the scorer's agreement raises its confidence.
                let best = scorer_agrees.entry((h, t)).or_insert(rel.confidence);
                *best = best.max(rel.confidence);
                continue;
            }
            let person =
                |m: &Mention| matches!(m.kind, MentionKind::Speaker | MentionKind::Listener);
            // "expanded the firm to Mexico": "the company" as an object is no subject of a
            // preposition's place.
            if matches!(hm.kind, MentionKind::Pronoun(crate::mentions::Gender::Firm))
                && crate::predicate::is_prep(&rel.predicate)
            {
                continue;
            }
            // "My trainer made me nervous", "the noise drives me crazy", "made me cry": what
            // someone was made to feel or do; the person is no object made or driven.
            if chat && caused_state(&rel.predicate, &lower, tm.words.1 - offset) {
                continue;
            }
            // "I heard Adele is touring", "I bet Anna quit": a clause was heard, not the name.
            if chat
                && (crate::verbs::takes_clause(&rel.predicate)
                    || matches!(rel.predicate.as_str(), "heard" | "hear" | "hears"))
                && lower
                    .get(tm.words.1 - offset)
                    .is_some_and(|w| crate::clause_words::finite_verb(w))
            {
                continue;
            }
            // Of "I" or "you" only a worded statement ("I live in Paris and work for Google"),
            // never a negated or hedged one ("I wouldn't marry Tom"), which the clause reader
            // reads.
            if (person(hm) || person(tm)) && (unasserted || rel.predicate == "related to") {
                continue;
            }
            // "I met Anna in Paris": in conversation a bare preposition after a name mostly
            // places what the clause did, not the name (Anna need not live in Paris); "Anna
            // from Oslo" still says where she is from, "Anna at Google" where she works.
            let firm = entities[t].entity_type == EntityType::Organization;
            if chat
                && crate::predicate::is_prep(&rel.predicate)
                && rel.predicate != "from"
                && !(rel.predicate == "at" && firm)
            {
                continue;
            }
            // "Jess and Tom live in Oslo": a verb right after a name (and adverbs) agrees as
            // the clause reader's do (LIVES_IN, as "Jess lives in Oslo").
            let mut predicate = std::borrow::Cow::Borrowed(rel.predicate.as_str());
            {
                let first = predicate.split(' ').next().unwrap_or("");
                let (from, to) = (hm.words.1 - offset, (tm.words.0 - offset).min(lower.len()));
                let after_name = |j: usize| {
                    let mut i = j;
                    while i > from && crate::clause_words::is_skipped_adverb(&lower[i - 1]) {
                        i -= 1;
                    }
                    i == from || args.iter().any(|a| a.end == i)
                };
                let verb = (from..to).find(|&j| lower[j] == first);
                if verb.is_some_and(after_name) && crate::verbs::present_base(first) {
                    let rest = &rel.predicate[first.len()..];
                    predicate = format!("{}{rest}", crate::verbs::third_person(first)).into();
                }
            }
            add(h, t, &predicate, rel.confidence, s);
            span_facts.push(SpanFact {
                head: (hm.start, hm.end),
                tail: (tm.start, tm.end),
                predicate: rel.predicate,
                confidence: rel.confidence,
            });
        }
    });
    for ((h, t, _), slot) in facts.iter_mut() {
        if let Some(&c) = scorer_agrees.get(&(*h, *t)) {
            slot.0 = slot.0.max(c);
        }
    }
    // A pair with a stated predicate needs no unworded "related to" beside it.
    let stated: std::collections::HashSet<(usize, usize)> = facts
        .iter()
        .filter(|(_, (_, p, _))| p != "related to")
        .map(|((h, t, _), _)| (*h, *t))
        .collect();
    let mut with_sentence: Vec<(FactInput, usize)> = facts
        .into_iter()
        .filter(|((h, t, _), (_, p, _))| p != "related to" || !stated.contains(&(*h, *t)))
        .map(|((h, t, _), (conf, p, sent))| {
            let f = FactInput::new(
                entities[h].key.clone(),
                &p,
                entities[t].key.clone(),
                conf.clamp(0.0, 1.0),
            );
            (f, sent)
        })
        .collect();
    with_sentence.sort_by(|(a, _), (b, _)| {
        (&a.subject, &a.rel_type, &a.object).cmp(&(&b.subject, &b.rel_type, &b.object))
    });
    // Relative times ("yesterday") resolved against when the text was said; a fact carries the
    // first one of the sentence stating it. A text with no such time (a document) dates a fact
    // only by a date, month or year its sentence gives alone: "Born in 1879 in Ulm, Einstein
    // moved to Switzerland in 1895" has two, and which fact each dates is not known here.
    let times = match ctx.at {
        Some(at) => crate::times::resolve_times(text, at),
        None => crate::times::absolute_times(text),
    };
    let fact_times: Vec<Option<String>> = with_sentence
        .iter()
        .map(|(_, sent)| {
            let span = sentence_spans.get(*sent)?;
            let mut within = times
                .iter()
                .filter(|t| span.start <= t.start && t.end <= span.end);
            let first = within.next()?;
            (ctx.at.is_some() || within.next().is_none()).then(|| first.resolved.clone())
        })
        .collect();
    // Each fact keeps its time (`FactInput::occurred`), so the stores keep it beside the record time.
    let fact_list: Vec<FactInput> = with_sentence
        .into_iter()
        .zip(&fact_times)
        .map(|((f, _), t)| f.with_occurred(t.clone()))
        .collect();
    // The things of those clauses go too, unless a fact or another mention names them.
    if !orphans.is_empty() {
        let named: std::collections::HashSet<&str> = fact_list
            .iter()
            .flat_map(|f| [f.subject.as_str(), f.object.as_str()])
            .collect();
        let elsewhere: std::collections::HashSet<usize> = mentions
            .iter()
            .enumerate()
            .filter(|(_, m)| !matches!(m.kind, MentionKind::Thing(_)))
            .filter_map(|(k, _)| resolved.of_mention[k])
            .collect();
        let gone: std::collections::HashSet<usize> = orphans
            .into_iter()
            .filter(|e| !elsewhere.contains(e) && !named.contains(entities[*e].key.as_str()))
            .collect();
        if !gone.is_empty() {
            // Span mentions hold entity indices: renumber them past the removed ones.
            let mut index = vec![None; entities.len()];
            let mut next = 0;
            for (e, slot) in index.iter_mut().enumerate() {
                if !gone.contains(&e) {
                    *slot = Some(next);
                    next += 1;
                }
            }
            span_entities.retain_mut(|m| match index[m.entity] {
                Some(i) => {
                    m.entity = i;
                    true
                }
                None => false,
            });
            let mut e = 0;
            entities.retain(|_| {
                e += 1;
                !gone.contains(&(e - 1))
            });
        }
    }
    // A participant named in the third person ("Tesla loves Odile", said by Odile) is that
    // person, whatever the name was typed as where it stands.
    for e in &mut entities {
        if own_keys.iter().any(|k| k == e.key.as_str()) {
            e.entity_type = EntityType::Person;
        }
    }
    tracing::debug!(
        entities = entities.len(),
        facts = fact_list.len(),
        "rule extraction"
    );
    Analysis {
        extraction: Extraction {
            entities,
            facts: fact_list,
        },
        mentions: span_entities,
        relations: span_facts,
        quantities,
        times,
        fact_times,
    }
}

/// Whether the words from `after` (right after a verb's object) say what the object was made to
/// be or do, for a causative verb: "made me nervous", "made me a bit sad", "made me cry", "drives
/// me crazy", "kept us busy".
fn caused_state(predicate: &str, lower: &[String], after: usize) -> bool {
    crate::double_object::is_causative(predicate)
        && crate::double_object::caused(
            |i| lower.get(i).map_or("", String::as_str),
            predicate,
            after,
        )
}

/// Adds to `named` the short forms a text may use later for the names of `mentions`: a
/// person's surname and an organisation's first word that is no word of the language, neither a
/// given name. A word that is both ("Amy Carter" and "Carter Logistics") is none (`None`).
fn remember_names(
    mentions: &[Mention],
    named: &mut rustc_hash::FxHashMap<String, Option<EntityType>>,
) {
    for m in mentions {
        let MentionKind::Name(t) = m.kind else {
            continue;
        };
        let lower_text = m.text.to_lowercase();
        let words: Vec<&str> = lower_text.split_whitespace().collect();
        if words.len() < 2 {
            continue;
        }
        // A surname that is a word too ("Page", "Cook") counts before a verb only (see
        // `mentions`); a firm is called by what `firm_short_form` says.
        let short = match t {
            EntityType::Person => Some(words[words.len() - 1]).filter(|w| {
                w.chars().all(char::is_alphabetic)
                    && w.len() > 2
                    && !crate::gazetteer::is_given_name(w)
                    && crate::gazetteer::flags(w) == 0
            }),
            EntityType::Organization => crate::gazetteer::firm_short_form(&words),
            _ => continue,
        };
        if let Some(lower) = short.map(str::to_string) {
            let slot = named.entry(lower).or_insert(Some(t));
            if *slot != Some(t) {
                *slot = None;
            }
        }
    }
}
