//! Entity resolution within a text: name variants ("Willi Schneider", "Schneider", "Mr. Schneider")
//! become one entity keyed by the longest full name, acronyms join their organisation, pronouns go to
//! the speaker or to the one person recently named, and names can be resolved against known names
//! (e.g. from the store) through [`Resolver::with_known`].

use std::collections::HashMap;

use mnemo_core::{canonical_key, EntityInput, EntityKey, EntityType, MAX_ALIASES};

use crate::mentions::{Gender, Mention, MentionKind, Owner};

/// How many sentences back a pronoun may look for its person.
const PRONOUN_WINDOW: usize = 1;

/// Resolves mentions to entities, optionally against names already known.
#[derive(Debug, Clone, Default)]
pub struct Resolver {
    known: HashMap<String, (String, EntityType)>,
    /// Person-name words (e.g. a surname) to the keys of known people containing them.
    known_parts: HashMap<String, Vec<String>>,
}

/// The result of resolution: entities, and the entity of each mention (`None` when dropped).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resolved {
    pub entities: Vec<EntityInput>,
    pub of_mention: Vec<Option<usize>>,
    /// (owner, noun, relative) facts implied by mentions such as "my sister" (owner -SISTER-> her).
    pub implied: Vec<(usize, String, usize)>,
}

fn name_words(key: &str) -> Vec<&str> {
    key.split(' ').filter(|w| !w.is_empty()).collect()
}

/// Whether `short` is a contiguous run of `long`'s words.
fn is_part(short: &[&str], long: &[&str]) -> bool {
    !short.is_empty() && short.len() < long.len() && long.windows(short.len()).any(|w| w == short)
}

struct Cluster {
    name: String,
    key: String,
    types: HashMap<EntityType, usize>,
    /// The type of the mention that made the cluster (its longest form, the earliest of those):
    /// a tie between types goes to it ("Zorvex was founded by ... . Zorvex builds robots": the
    /// passive typed the firm, the tagger's later guess of a person ties with it).
    first: EntityType,
    forms: Vec<String>,
}

impl Resolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds names already known (display name, type): a mention equal to one, or a unique part of a
    /// known person's name, resolves to that entity's key.
    pub fn with_known<'a>(
        mut self,
        names: impl IntoIterator<Item = (&'a str, EntityType)>,
    ) -> Self {
        for (name, t) in names {
            let key = canonical_key(name);
            if key.is_empty() {
                continue;
            }
            if t == EntityType::Person {
                for w in name_words(&key) {
                    self.known_parts
                        .entry(w.to_string())
                        .or_default()
                        .push(key.clone());
                }
            }
            self.known.insert(key, (name.trim().to_string(), t));
        }
        self
    }

    /// The type of a known entity that `name` names: its full name or a unique part of a known
    /// person's name. `None` when nothing is known (always, without known names).
    pub fn known_type(&self, name: &str) -> Option<EntityType> {
        if self.known.is_empty() {
            return None;
        }
        let key = canonical_key(name);
        if let Some((_, t)) = self.known.get(&key) {
            return Some(*t);
        }
        self.known_match(&key, EntityType::Person)
            .map(|_| EntityType::Person)
    }

    /// Resolves the mentions of one text. `speaker` names who "I"/"my" are.
    pub fn resolve(&self, mentions: &[Mention], speaker: Option<&str>) -> Resolved {
        self.resolve_conversation(mentions, speaker, None)
    }

    /// Resolves the mentions of a conversation turn: `speaker` is who "I"/"my"/"we" are,
    /// `listener` who "you"/"your" are. Both are people: a name equal to theirs, a part of it or
    /// a short form of their first name ("Mel" for "Melanie") is them.
    pub fn resolve_conversation(
        &self,
        mentions: &[Mention],
        speaker: Option<&str>,
        listener: Option<&str>,
    ) -> Resolved {
        let participants: Vec<(String, String)> = [speaker, listener]
            .into_iter()
            .flatten()
            .map(|n| (canonical_key(n), n.trim().to_string()))
            .filter(|(k, _)| !k.is_empty())
            .collect();
        let mut clusters: Vec<Cluster> = Vec::new();
        let mut by_key: HashMap<String, usize> = HashMap::new();
        let mut idx = PartIndex::default();
        let mut of_mention: Vec<Option<usize>> = vec![None; mentions.len()];

        // Longest names first, so that shorter forms find the full name they belong to.
        let mut order: Vec<(usize, String)> = (0..mentions.len())
            .filter(|&i| matches!(mentions[i].kind, MentionKind::Name(_)))
            .map(|i| (i, canonical_key(&mentions[i].text)))
            .collect();
        order.sort_by_cached_key(|(i, key)| (std::cmp::Reverse(name_words(key).len()), *i));
        for (i, key) in order {
            let m = &mentions[i];
            let MentionKind::Name(t) = m.kind else {
                continue;
            };
            if key.is_empty() {
                continue;
            }
            let participant = participant_match(&key, &participants);
            let t = if participant.is_some() {
                EntityType::Person
            } else {
                t
            };
            let c = by_key
                .get(participant.map_or(key.as_str(), |p| p.0.as_str()))
                .copied()
                .or_else(|| {
                    participant
                        .is_none()
                        .then(|| self.partial_match(&key, t, &clusters, &idx))
                        .flatten()
                        // "Ferrari was founded by Enzo Ferrari", "Ford was founded by Henry
                        // Ford": a firm beside its founder's full name in one sentence is the
                        // firm, not the founder's surname.
                        .filter(|&c| {
                            t != EntityType::Organization
                                || !same_sentence(mentions, i).any(|j| of_mention[j] == Some(c))
                        })
                });
            let c = match c {
                Some(c) => c,
                None => {
                    let (name, key) = match participant {
                        Some((k, n)) => (n.clone(), k.clone()),
                        None => match self.known_match(&key, t) {
                            Some((k, n)) => (n, k),
                            None => (m.text.clone(), key.clone()),
                        },
                    };
                    if let Some(&c) = by_key.get(&key) {
                        c
                    } else {
                        clusters.push(Cluster {
                            name,
                            key: key.clone(),
                            types: HashMap::new(),
                            first: t,
                            forms: Vec::new(),
                        });
                        idx.add(clusters.len() - 1, &key, t);
                        by_key.insert(key, clusters.len() - 1);
                        clusters.len() - 1
                    }
                }
            };
            by_key.entry(key).or_insert(c);
            *clusters[c].types.entry(t).or_default() += 1;
            clusters[c].forms.push(m.text.clone());
            if let Some(title) = &m.title {
                clusters[c].forms.push(format!("{title} {}", m.text));
            }
            of_mention[i] = Some(c);
        }

        let mut entities: Vec<EntityInput> = clusters.iter().filter_map(to_entity).collect();
        // Clusters whose names failed to key are absent: re-index by key.
        let index: HashMap<String, usize> = entities
            .iter()
            .enumerate()
            .map(|(i, e)| (e.key.as_str().to_string(), i))
            .collect();
        for slot in of_mention.iter_mut() {
            *slot = slot.and_then(|c| index.get(&clusters[c].key).copied());
        }

        let person =
            |name: Option<&str>| name.and_then(|s| EntityInput::named(s, EntityType::Person).ok());
        let (speaker_entity, listener_entity) = (person(speaker), person(listener));
        let (mut speaker_idx, mut listener_idx) = (None, None);
        let mut things: HashMap<String, usize> = HashMap::new();
        let mut implied = Vec::new();
        for i in 0..mentions.len() {
            match &mentions[i].kind {
                MentionKind::Name(_) => {}
                MentionKind::Speaker => {
                    if let Some(e) = &speaker_entity {
                        of_mention[i] =
                            Some(add_entity(&mut entities, e.clone(), &mut speaker_idx));
                    }
                }
                MentionKind::Listener => {
                    if let Some(e) = &listener_entity {
                        of_mention[i] =
                            Some(add_entity(&mut entities, e.clone(), &mut listener_idx));
                    }
                }
                MentionKind::Thing(t) => {
                    let key = canonical_key(&mentions[i].text);
                    if let Some(&e) = things.get(&key) {
                        of_mention[i] = Some(e);
                        continue;
                    }
                    let e = match entities.iter().position(|x| x.key.as_str() == key) {
                        Some(e) => e,
                        None => {
                            let Ok(mut e) = EntityInput::named(&mentions[i].text, *t) else {
                                continue;
                            };
                            e.key = match EntityKey::from_canonical(key.clone()) {
                                Ok(k) => k,
                                Err(_) => continue,
                            };
                            entities.push(e);
                            entities.len() - 1
                        }
                    };
                    things.insert(key, e);
                    of_mention[i] = Some(e);
                }
                MentionKind::Relative {
                    noun,
                    owner,
                    named_by,
                    named_next,
                } => {
                    let owner_idx = match owner {
                        Owner::Mention(o) => of_mention[*o],
                        Owner::Speaker => speaker_entity
                            .as_ref()
                            .map(|e| add_entity(&mut entities, e.clone(), &mut speaker_idx)),
                        Owner::Listener => listener_entity
                            .as_ref()
                            .map(|e| add_entity(&mut entities, e.clone(), &mut listener_idx)),
                    };
                    let Some(o) = owner_idx else { continue };
                    // "my boss, Tom Baker," and "my sister Jess" name the relative.
                    let named = mentions.get(i + 1).filter(|n| {
                        *named_next > 0
                            && matches!(
                                n.kind,
                                MentionKind::Name(
                                    EntityType::Person | EntityType::Location | EntityType::Other
                                )
                            )
                    });
                    // "Ana is my friend": the name before the copula.
                    let named = match named_by {
                        Some(k) => of_mention[*k],
                        None => named.and_then(|_| of_mention[i + 1]),
                    };
                    let r = match named {
                        Some(r) => {
                            // A relative is a person, whatever the name looked like.
                            entities[r].entity_type = EntityType::Person;
                            r
                        }
                        None => {
                            let name = format!("{}'s {noun}", entities[o].name);
                            let Ok(e) = EntityInput::named(&name, EntityType::Person) else {
                                continue;
                            };
                            add_entity(&mut entities, e, &mut None)
                        }
                    };
                    if r != o {
                        implied.push((o, noun.clone(), r));
                    }
                    // "my parents Linda and Mark": the others of the list are the relatives too.
                    if named_by.is_none() && named.is_some() {
                        for k in i + 2..(i + 1 + *named_next).min(mentions.len()) {
                            let name = matches!(
                                mentions[k].kind,
                                MentionKind::Name(
                                    EntityType::Person | EntityType::Location | EntityType::Other
                                )
                            );
                            if let (true, Some(r2)) = (name, of_mention[k]) {
                                if r2 != o {
                                    entities[r2].entity_type = EntityType::Person;
                                    implied.push((o, noun.clone(), r2));
                                }
                            }
                        }
                    }
                    of_mention[i] = Some(r);
                }
                MentionKind::Pronoun(Gender::Firm) => {
                    of_mention[i] = recent_firm(mentions, &of_mention, &entities, i);
                }
                MentionKind::Pronoun(Gender::Thing) => {
                    of_mention[i] = opened_before(mentions, &of_mention, &entities, i);
                }
                MentionKind::Pronoun(_) => {
                    of_mention[i] = recent_person(mentions, &of_mention, &entities, i);
                }
            }
        }
        implied.sort();
        implied.dedup();
        Resolved {
            entities,
            of_mention,
            implied,
        }
    }

    /// A cluster that `key` is a unique part of (a surname of a full name, an acronym).
    fn partial_match(
        &self,
        key: &str,
        t: EntityType,
        clusters: &[Cluster],
        idx: &PartIndex,
    ) -> Option<usize> {
        let words = name_words(key);
        let mut found = None;
        let mut consider = |c: usize| -> bool {
            match found {
                Some(f) if f != c => false,
                _ => {
                    found = Some(c);
                    true
                }
            }
        };
        if t == EntityType::Person {
            for &c in idx
                .person_words
                .get(*words.first()?)
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                if is_part(&words, &name_words(&clusters[c].key)) && !consider(c) {
                    return None;
                }
            }
        }
        if words.len() == 1 && t != EntityType::Date {
            for &c in idx.surnames.get(words[0]).map(Vec::as_slice).unwrap_or(&[]) {
                if !consider(c) {
                    return None;
                }
            }
            for &c in idx.acronyms.get(words[0]).map(Vec::as_slice).unwrap_or(&[]) {
                if !consider(c) {
                    return None;
                }
            }
            if t == EntityType::Organization {
                for &c in idx
                    .org_heads
                    .get(words[0])
                    .map(Vec::as_slice)
                    .unwrap_or(&[])
                {
                    if !consider(c) {
                        return None;
                    }
                }
            }
        }
        found
    }

    /// A known entity for `key`: (key, display name).
    fn known_match(&self, key: &str, t: EntityType) -> Option<(String, String)> {
        if let Some((name, _)) = self.known.get(key) {
            return Some((key.to_string(), name.clone()));
        }
        if t != EntityType::Person {
            return None;
        }
        let words = name_words(key);
        let first = words.first()?;
        let cands = self.known_parts.get(*first)?;
        let mut hits = cands.iter().filter(|k| is_part(&words, &name_words(k)));
        let hit = hits.next()?;
        if hits.next().is_some() {
            return None;
        }
        self.known.get(hit).map(|(n, _)| (hit.clone(), n.clone()))
    }
}

/// Lookup tables over the clusters made so far, so matching a mention costs no scan of them all.
#[derive(Default)]
struct PartIndex {
    /// Word of a multi-word person name -> clusters.
    person_words: HashMap<String, Vec<usize>>,
    /// Last word of a multi-word person name -> clusters.
    surnames: HashMap<String, Vec<usize>>,
    /// Initials of a multi-word non-person name -> clusters.
    acronyms: HashMap<String, Vec<usize>>,
    /// First word of a multi-word organisation's name that is no dictionary word ("acme" of
    /// "Acme Robotics") -> clusters.
    org_heads: HashMap<String, Vec<usize>>,
}

impl PartIndex {
    fn add(&mut self, c: usize, key: &str, t: EntityType) {
        let words = name_words(key);
        if words.len() < 2 {
            return;
        }
        let push = |m: &mut HashMap<String, Vec<usize>>, k: &str| {
            let v = m.entry(k.to_string()).or_default();
            if !v.contains(&c) {
                v.push(c);
            }
        };
        if t == EntityType::Person {
            // "Albert of Brandenburg", "the Duke of York": what follows "of" is a place, no
            // surname; a later "Brandenburg" is the place.
            let own = words.iter().position(|w| *w == "of").unwrap_or(words.len());
            let words = &words[..own];
            for w in words {
                push(&mut self.person_words, w);
            }
            if let Some(last) = words.last().filter(|_| words.len() >= 2) {
                push(&mut self.surnames, last);
            }
        } else if t != EntityType::Date {
            // "Acme Robotics ... Acme opened": the word a firm is also called by.
            if t == EntityType::Organization {
                if let Some(head) = crate::gazetteer::firm_short_form(&words) {
                    push(&mut self.org_heads, head);
                }
            }
            let initials: String = words
                .iter()
                .filter(|w| !matches!(**w, "of" | "the" | "and" | "for" | "de"))
                .filter_map(|w| w.chars().next())
                .collect();
            if initials.chars().count() >= 2 {
                push(&mut self.acronyms, &initials);
            }
            // "International Business Machines Corporation" is "IBM": without its legal form.
            let last_is_form = words
                .last()
                .is_some_and(|w| crate::gazetteer::flags(w) & crate::gazetteer::ORG_WORD != 0);
            if last_is_form && initials.chars().count() >= 3 {
                let mut short = initials.clone();
                short.pop();
                push(&mut self.acronyms, &short);
            }
        }
    }
}

fn to_entity(c: &Cluster) -> Option<EntityInput> {
    // Most frequent type; ties go to the more specific, then the first mention's, then the
    // earlier in EntityType order.
    let t = c
        .types
        .iter()
        .max_by_key(|(t, n)| (**n, t.specificity(), **t == c.first, std::cmp::Reverse(**t)))
        .map(|(t, _)| *t)?;
    let key = EntityKey::from_canonical(c.key.clone()).ok()?;
    let mut aliases: Vec<String> = Vec::new();
    for f in &c.forms {
        if f != &c.name && !aliases.contains(f) && aliases.len() < MAX_ALIASES {
            aliases.push(f.clone());
        }
    }
    Some(EntityInput {
        key,
        name: c.name.trim().to_string(),
        entity_type: t,
        aliases,
    })
}

fn add_entity(entities: &mut Vec<EntityInput>, e: EntityInput, cache: &mut Option<usize>) -> usize {
    if let Some(i) = *cache {
        return i;
    }
    let i = match entities.iter().position(|x| x.key == e.key) {
        Some(i) => {
            // Only people are added here (speakers, listeners, relatives): "My name is Alice"
            // tagged "Alice" as a place, but the speaker is a person.
            entities[i].entity_type = e.entity_type;
            i
        }
        None => {
            entities.push(e);
            entities.len() - 1
        }
    };
    *cache = Some(i);
    i
}

/// Whether a mention before a pronoun can be what it stands for.
enum Fit {
    Yes,
    No,
    /// The mention makes what the pronoun stands for unknowable.
    Unknown,
}

/// The one entity of the mentions before mention `i`, in its sentence or the one before, that
/// `fits` (given the mention and its entity); None when two different ones do.
fn the_one(
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    i: usize,
    fits: impl Fn(usize, usize) -> Fit,
) -> Option<usize> {
    let sent = mentions[i].sentence;
    let mut found: Option<usize> = None;
    for j in (0..i).rev() {
        if mentions[j].sentence + PRONOUN_WINDOW < sent {
            break;
        }
        let Some(e) = of_mention[j] else { continue };
        match fits(j, e) {
            Fit::No => continue,
            Fit::Unknown => return None,
            Fit::Yes => {}
        }
        match found {
            None => found = Some(e),
            Some(f) if f == e => {}
            Some(_) => return None,
        }
    }
    found
}

/// The one organisation named before "the company" in its sentence or the one before it, joined
/// to no other name ("Pinecrest Software and Redwood Data merged": either may be meant).
fn recent_firm(
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    entities: &[EntityInput],
    i: usize,
) -> Option<usize> {
    the_one(mentions, of_mention, i, |j, e| {
        if !matches!(mentions[j].kind, MentionKind::Name(_))
            || entities[e].entity_type != EntityType::Organization
        {
            return Fit::No;
        }
        let joined = mentions[j + 1..].iter().any(|m| {
            m.sentence == mentions[j].sentence
                && matches!(m.kind, MentionKind::Name(t) if t != EntityType::Date)
                && m.words.0 <= mentions[j].words.1 + 1
        });
        if joined {
            Fit::Unknown
        } else {
            Fit::Yes
        }
    })
}

/// The indices of the mentions of mention `i`'s sentence (a text's mentions come sentence by
/// sentence): a scan of the sentence, not of the text.
fn same_sentence(mentions: &[Mention], i: usize) -> impl Iterator<Item = usize> {
    let sent = mentions[i].sentence;
    let from = (0..i)
        .rev()
        .take_while(|&j| mentions[j].sentence == sent)
        .last()
        .unwrap_or(i);
    let to = (i..mentions.len())
        .take_while(|&j| mentions[j].sentence == sent)
        .last()
        .map_or(i, |j| j + 1);
    from..to
}

/// What the sentence before mention `i`'s opened with: a place, an organisation or a named
/// thing ("Bavaria is a state in Germany. It borders Austria"), or what its own opening "It"
/// stood for.
fn opened_before(
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    entities: &[EntityInput],
    i: usize,
) -> Option<usize> {
    let before = mentions[i].sentence.checked_sub(1)?;
    let j = (0..i)
        .rev()
        .take_while(|&j| mentions[j].sentence >= before)
        .filter(|&j| mentions[j].sentence == before)
        .min_by_key(|&j| mentions[j].words.0)?;
    let m = &mentions[j];
    let e = of_mention[j]?;
    let thing = matches!(
        entities[e].entity_type,
        EntityType::Location | EntityType::Organization | EntityType::Other | EntityType::Event
    );
    (thing
        && (m.opens && matches!(m.kind, MentionKind::Name(_))
            || m.kind == MentionKind::Pronoun(Gender::Thing)))
    .then_some(e)
}

/// The one person named in the pronoun's sentence or the one before it, before the pronoun.
fn recent_person(
    mentions: &[Mention],
    of_mention: &[Option<usize>],
    entities: &[EntityInput],
    i: usize,
) -> Option<usize> {
    the_one(mentions, of_mention, i, |j, e| {
        // "they" stands for relatives named by a plural ("my kids", "my parents"), "he" and
        // "she" for one person.
        let plural = matches!(&mentions[j].kind, MentionKind::Relative { noun, .. }
                if crate::phrases::is_plural_noun(noun) || noun == "family");
        let person = entities[e].entity_type == EntityType::Person
            && !matches!(
                mentions[j].kind,
                MentionKind::Speaker | MentionKind::Listener | MentionKind::Pronoun(_)
            );
        if person && plural == (mentions[i].kind == MentionKind::Pronoun(Gender::Plural)) {
            Fit::Yes
        } else {
            Fit::No
        }
    })
}

/// The participant (key, display name) a name mention's key stands for: their name, a part of
/// it ("Berg" for "Anna Berg"), or a short form of their first name of at least three letters
/// ("Mel" for "Melanie"). `None` when no participant or more than one fits.
fn participant_match<'a>(
    key: &str,
    participants: &'a [(String, String)],
) -> Option<&'a (String, String)> {
    let words = name_words(key);
    let fits = |p: &&(String, String)| {
        let theirs = name_words(&p.0);
        p.0 == key
            || is_part(&words, &theirs)
            || (words.len() == 1
                && key.chars().count() >= 3
                && theirs
                    .first()
                    .is_some_and(|f| f.starts_with(key) && f.len() > key.len()))
    };
    let mut hits = participants.iter().filter(fits);
    let hit = hits.next()?;
    match hits.next() {
        Some(other) if other.0 != hit.0 => None,
        _ => Some(hit),
    }
}

/// Resolves mentions without known names.
pub fn resolve_mentions(mentions: &[Mention], speaker: Option<&str>) -> Resolved {
    Resolver::new().resolve(mentions, speaker)
}
