//! Entity resolution against the store: names in new text that refer to entities already known
//! (a surname, a title plus surname, an alias) are mapped onto the stored entity's key.
//!
//! Rules, in order, for each extracted entity (dates are left alone):
//! 1. its key is a stored key: nothing to do;
//! 2. its key, or one of its aliases, is a stored entity's alias: that entity, if it is the only
//!    type-compatible one;
//! 3. a person whose name is a contiguous part of exactly one stored person's name or alias
//!    ("Schneider", "Mr. Schneider" after "Willi Schneider"): that person;
//! 4. a one-word person name that is a short form of exactly one stored person's first name: a
//!    usual pet form ("Bill" for William, "Liz" for Elizabeth, looked up with rule 3's tokens) or a
//!    prefix of at least three letters among the tenant's most mentioned people ("Mel" for
//!    Melanie; "Melanie's kids" names no one; another name with the prefix counts only when
//!    mentioned at least a tenth as often: a "Mell" typed once does not make "Mel" ambiguous),
//!    unless it is a given name of its own ("Max" is not Maxine). A prefix stored as a person of
//!    its own before the full name was known (a conversation that opens with "Hey Mel!") gives way
//!    to the full name once that is mentioned more: later mentions go to Melanie, the early ones
//!    stay where they are.
//!
//! Anything ambiguous (two candidates) or type-incompatible (a place named like a person) keeps its
//! own key. The chunks of a document are resolved each on its own, against the same state. Store
//! calls per document: one `lookup_names` for all names and aliases of every chunk, one
//! `find_by_tokens` per chunk for the words (and pet-form expansions) of the person names still
//! unresolved, and, only when a one-word person name is still unresolved, one `top_entities`.
//! While ingesting, the store is read through the overlay of the documents planned before this
//! one and not written yet (`reads.rs`), so each document is resolved as if written alone after
//! the ones before it, however they are grouped and whenever they were extracted.

use std::collections::HashMap;

use mnemo_core::{canonical_key, Entity, EntityInput, EntityKey, EntityType, MAX_ALIASES};
use mnemo_extract::Extraction;

use crate::ingest::overlay::Overlay;
use crate::{Mnemo, Result};
use reads::Reads;

mod reads;

/// Most candidates read for the person-name words of one extraction.
const TOKEN_CANDIDATES: usize = 256;

/// Most-mentioned entities read when a short first name ("Mel") is looked for as a prefix.
const SHORT_FORM_CANDIDATES: usize = 200;

/// Longest stored one-word person key that may still give way to a full name it shortens ("Mel",
/// "Caro"): a longer one is taken for a full name, which spares a read of the tenant's people on
/// every mention of one.
const MAX_STORED_SHORT_FORM: usize = 5;

/// How many times as often as any other candidate a person must be mentioned to be the one a
/// short form names when several names start with it.
const DOMINANCE: u64 = 10;

/// Usual English pet forms of given names (general knowledge): short form -> full first names.
fn pet_form(short: &str) -> &'static [&'static str] {
    match short {
        "bill" | "billy" | "will" | "willy" | "liam" => &["william"],
        "bob" | "bobby" | "rob" | "robbie" | "bert" => &["robert"],
        "dick" | "rick" | "ricky" | "rich" => &["richard"],
        "jim" | "jimmy" | "jamie" => &["james"],
        "mike" | "mikey" | "mick" => &["michael"],
        "tom" | "tommy" => &["thomas"],
        "tony" => &["anthony"],
        "joe" | "joey" => &["joseph"],
        "jack" | "johnny" => &["john"],
        "jon" => &["jonathan", "john"],
        "chris" => &["christopher", "christine", "christina"],
        "matt" => &["matthew"],
        "dan" | "danny" => &["daniel"],
        "dave" => &["david"],
        "steve" => &["steven", "stephen"],
        "ted" | "teddy" | "ed" | "eddie" => &["edward"],
        "ben" => &["benjamin"],
        "sam" => &["samuel", "samantha"],
        "alex" => &["alexander", "alexandra"],
        "nick" => &["nicholas"],
        "andy" | "drew" => &["andrew"],
        "greg" => &["gregory"],
        "pete" => &["peter"],
        "charlie" | "chuck" => &["charles"],
        "harry" | "hal" => &["henry", "harold"],
        "liz" | "beth" | "betty" | "lizzie" | "eliza" => &["elizabeth"],
        "kate" | "katie" | "kathy" | "kat" => &["katherine", "catherine", "kathryn"],
        "meg" | "maggie" | "peggy" => &["margaret"],
        "sue" | "susie" => &["susan", "suzanne"],
        "jen" | "jenny" => &["jennifer"],
        "jess" | "jessie" => &["jessica"],
        "becky" => &["rebecca"],
        "abby" => &["abigail"],
        "mandy" => &["amanda"],
        "patty" | "trish" => &["patricia"],
        "vicky" => &["victoria"],
        "debbie" | "deb" => &["deborah"],
        _ => &[],
    }
}

/// Whether an extracted entity of type `new` may be a stored entity of type `stored`.
fn compatible(new: EntityType, stored: EntityType) -> bool {
    let vague = |t: EntityType| t.specificity() < 2;
    new == stored || vague(new) || vague(stored)
}

fn words(key: &str) -> Vec<&str> {
    key.split(' ').filter(|w| !w.is_empty()).collect()
}

/// Whether `short` is a contiguous run of `long`'s words, and shorter.
fn is_part(short: &[&str], long: &[&str]) -> bool {
    !short.is_empty() && short.len() < long.len() && long.windows(short.len()).any(|w| w == short)
}

/// The one stored entity among `cands` (by key), if there is exactly one.
fn only<'a>(cands: impl IntoIterator<Item = &'a Entity>) -> Option<&'a Entity> {
    let mut found: Option<&Entity> = None;
    for c in cands {
        match found {
            Some(f) if f.key != c.key => return None,
            _ => found = Some(c),
        }
    }
    found
}

/// The one person among `cands` a short form names: the only one, or one mentioned at least
/// `DOMINANCE` times as often as every other ("Mel" is the Melanie of 147 mentions, not a "Mell"
/// typed once).
fn dominant<'a>(cands: impl IntoIterator<Item = &'a Entity>) -> Option<&'a Entity> {
    let mut cands: Vec<&Entity> = cands.into_iter().collect();
    cands.sort_by(|a, b| b.mentions.cmp(&a.mentions).then(a.key.cmp(&b.key)));
    cands.dedup_by(|a, b| a.key == b.key);
    match cands.as_slice() {
        [one] => Some(one),
        [best, next, ..] if best.mentions >= DOMINANCE * next.mentions.max(1) => Some(best),
        _ => None,
    }
}

/// The canonical forms an extracted entity goes by: its key and its aliases.
fn forms(e: &EntityInput) -> Vec<String> {
    let mut out = vec![e.key.as_str().to_string()];
    for a in &e.aliases {
        let k = canonical_key(a);
        if !k.is_empty() && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// What resolving a document's extractions read from the store.
#[derive(Debug, Default)]
pub(crate) struct Resolution {
    /// Every stored entity the reads returned, as stored (before any overlay).
    pub stored: HashMap<EntityKey, Entity>,
    /// The overlay could not answer for sure: nothing was rewritten; resolve against the store.
    pub unsure: bool,
}

impl Mnemo {
    /// Rewrites `extraction` so that its entities reuse stored keys where the store supports it:
    /// see the module documentation for the rules.
    pub(crate) async fn resolve_with_store(&self, extraction: &mut Extraction) -> Result<()> {
        self.resolve_all(std::slice::from_mut(extraction), None)
            .await
            .map(|_| ())
    }

    /// Resolves the extractions of one document (each chunk on its own, all against the same
    /// state): against the store, seen through `overlay` (documents planned before this one and
    /// not yet written) when there is one. One `lookup_names` for every chunk; the stored entities
    /// of every name the document mentions, dates included, end up in `Resolution::stored`.
    pub(crate) async fn resolve_all(
        &self,
        extractions: &mut [Extraction],
        overlay: Option<&Overlay>,
    ) -> Result<Resolution> {
        let planning = overlay.is_some();
        let mut reads = Reads::new(self.store.as_ref(), &self.tenant, overlay);
        let mut names: Vec<String> = extractions
            .iter()
            .flat_map(|x| x.entities.iter())
            .flat_map(|e| match e.entity_type {
                // Not resolved, but looked up when planning: later documents need its stored state.
                EntityType::Date if planning => vec![e.key.as_str().to_string()],
                EntityType::Date => Vec::new(),
                _ => forms(e),
            })
            .collect();
        names.sort();
        names.dedup();
        if names.is_empty() {
            return Ok(Resolution::default());
        }
        let hits = reads.lookup_names(&names).await?;
        let mut by_name: HashMap<&str, Vec<&Entity>> = HashMap::new();
        for (name, e) in &hits {
            by_name.entry(name.as_str()).or_default().push(e);
        }
        let mut targets = Vec::with_capacity(extractions.len());
        for extraction in extractions.iter() {
            targets.push(targets_of(extraction, &by_name, &mut reads).await?);
        }
        if reads.unsure {
            return Ok(Resolution {
                stored: HashMap::new(),
                unsure: true,
            });
        }
        for (extraction, target) in extractions.iter_mut().zip(&targets) {
            if !target.is_empty() {
                tracing::debug!(resolved = target.len(), "names resolved against the store");
                apply(extraction, target);
            }
        }
        Ok(Resolution {
            stored: reads.stored,
            unsure: false,
        })
    }
}

/// The stored entity each of `extraction`'s entities is, where the rules find one (by index).
async fn targets_of(
    extraction: &Extraction,
    by_name: &HashMap<&str, Vec<&Entity>>,
    reads: &mut Reads<'_>,
) -> Result<HashMap<usize, Entity>> {
    let open: Vec<usize> = (0..extraction.entities.len())
        .filter(|&i| extraction.entities[i].entity_type != EntityType::Date)
        .collect();
    let mut target: HashMap<usize, Entity> = HashMap::new();
    let mut pending: Vec<usize> = Vec::new();
    // One-word people stored under their short form before the full name was known ("Hey Mel!"
    // in a conversation's first turn), with that stored entity's mention count.
    let mut stored_short: HashMap<usize, u64> = HashMap::new();
    for &i in &open {
        let e = &extraction.entities[i];
        let key = e.key.as_str();
        let exact = by_name
            .get(key)
            .and_then(|l| l.iter().find(|s| s.key.as_str() == key));
        if let Some(s) = exact {
            if e.entity_type == EntityType::Person
                && s.entity_type == EntityType::Person
                && key.chars().count() <= MAX_STORED_SHORT_FORM
            {
                stored_short.insert(i, s.mentions);
            }
            continue;
        }
        let cands = forms(e)
            .iter()
            .flat_map(|f| by_name.get(f.as_str()).cloned().unwrap_or_default())
            .filter(|s| compatible(e.entity_type, s.entity_type))
            .collect::<Vec<_>>();
        if cands.is_empty() {
            if e.entity_type == EntityType::Person {
                pending.push(i);
            }
            continue;
        }
        if let Some(s) = only(cands) {
            target.insert(i, s.clone());
        }
    }

    if !pending.is_empty() {
        let mut tokens: Vec<String> = pending
            .iter()
            .flat_map(|&i| {
                let ws = words(extraction.entities[i].key.as_str());
                let full = ws.first().map_or(&[][..], |f| pet_form(f));
                ws.iter()
                    .copied()
                    .chain(full.iter().copied())
                    .collect::<Vec<_>>()
            })
            .map(str::to_string)
            .collect();
        tokens.sort();
        tokens.dedup();
        let cands = reads.find_by_tokens(&tokens, TOKEN_CANDIDATES).await?;
        for &i in &pending {
            let e = &extraction.entities[i];
            let mine = words(e.key.as_str());
            let fits = cands.iter().filter(|s| {
                s.entity_type == EntityType::Person
                    && std::iter::once(s.key.as_str().to_string())
                        .chain(s.aliases.iter().map(|a| canonical_key(a)))
                        .any(|f| is_part(&mine, &words(&f)))
            });
            if let Some(s) = only(fits) {
                target.insert(i, s.clone());
                continue;
            }
            // Rule 4, pet forms: "Bill Hart" is the one stored William Hart.
            let full = mine.first().map_or(&[][..], |f| pet_form(f));
            let first_is = |s: &Entity| {
                let theirs = words(s.key.as_str());
                // "Bill" alone: any one William; "Bill Hart": William Hart.
                s.entity_type == EntityType::Person
                    && (mine.len() == 1 || theirs.len() == mine.len())
                    && theirs.first().is_some_and(|f| full.contains(f))
                    && (mine.len() == 1 || theirs[1..] == mine[1..])
            };
            if let Some(s) = only(cands.iter().filter(|s| first_is(s))) {
                target.insert(i, s.clone());
            }
        }
    }
    // Rule 4, prefixes: "Mel" is the one much-mentioned Melanie, also when a "Mel" was stored
    // before Melanie was known, once Melanie is mentioned more than it.
    let short: Vec<usize> = pending
        .iter()
        .copied()
        .filter(|i| !target.contains_key(i))
        .chain(stored_short.keys().copied())
        .filter(|&i| {
            let key = extraction.entities[i].key.as_str();
            // A given name of its own ("Max") names someone else than Maxine.
            !key.contains(' ') && key.chars().count() >= 3 && !mnemo_extract::is_given_name(key)
        })
        .collect();
    if !short.is_empty() {
        let people = reads.most_mentioned(SHORT_FORM_CANDIDATES).await?;
        for i in short {
            let key = extraction.entities[i].key.as_str();
            // "Melanie's kids" is a description of people, not someone named Melanie.
            let possessive = |s: &Entity| {
                s.name
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| w.contains(['\'', '\u{2019}']))
            };
            let fits = people.iter().filter(|s| {
                s.entity_type == EntityType::Person
                    && !possessive(s)
                    && words(s.key.as_str())
                        .first()
                        .is_some_and(|f| f.len() > key.len() && f.starts_with(key))
            });
            if let Some(s) = dominant(fits) {
                if stored_short.get(&i).is_none_or(|&own| s.mentions > own) {
                    target.insert(i, s.clone());
                }
            }
        }
    }
    Ok(target)
}

/// Moves the entities in `target` onto their stored keys, keeping the new surface forms as
/// aliases, and rewrites the facts; entities and facts that become duplicates are merged.
fn apply(extraction: &mut Extraction, target: &HashMap<usize, Entity>) {
    let mut rename: HashMap<EntityKey, EntityKey> = HashMap::new();
    let mut entities: Vec<EntityInput> = Vec::with_capacity(extraction.entities.len());
    let mut at: HashMap<EntityKey, usize> = HashMap::new();
    for (i, e) in extraction.entities.drain(..).enumerate() {
        let merged = match target.get(&i) {
            Some(s) => {
                rename.insert(e.key.clone(), s.key.clone());
                let mut aliases = Vec::new();
                for a in std::iter::once(&e.name).chain(&e.aliases) {
                    if a != &s.name && !aliases.contains(a) {
                        aliases.push(a.clone());
                    }
                }
                let entity_type = if e.entity_type.specificity() >= s.entity_type.specificity() {
                    e.entity_type
                } else {
                    s.entity_type
                };
                EntityInput {
                    key: s.key.clone(),
                    name: s.name.clone(),
                    entity_type,
                    aliases,
                }
            }
            None => e,
        };
        match at.get(&merged.key) {
            Some(&k) => {
                let into = &mut entities[k];
                for a in std::iter::once(merged.name).chain(merged.aliases) {
                    if a != into.name && !into.aliases.contains(&a) {
                        into.aliases.push(a);
                    }
                }
            }
            None => {
                at.insert(merged.key.clone(), entities.len());
                entities.push(merged);
            }
        }
    }
    for e in &mut entities {
        e.aliases.truncate(MAX_ALIASES);
    }
    extraction.entities = entities;

    let mut seen: HashMap<(EntityKey, String, EntityKey), usize> = HashMap::new();
    let mut facts = Vec::with_capacity(extraction.facts.len());
    for mut f in extraction.facts.drain(..) {
        if let Some(k) = rename.get(&f.subject) {
            f.subject = k.clone();
        }
        if let Some(k) = rename.get(&f.object) {
            f.object = k.clone();
        }
        if f.subject == f.object {
            continue;
        }
        let id = (
            f.subject.clone(),
            f.rel_type.as_str().to_string(),
            f.object.clone(),
        );
        match seen.get(&id) {
            Some(&k) => {
                let kept: &mut mnemo_core::FactInput = &mut facts[k];
                if f.confidence > kept.confidence {
                    // The first event time given stays (the stores keep an episode's first too).
                    let occurred = kept.occurred.take().or(f.occurred.take());
                    *kept = f;
                    kept.occurred = occurred;
                } else if kept.occurred.is_none() {
                    kept.occurred = f.occurred;
                }
            }
            None => {
                seen.insert(id, facts.len());
                facts.push(f);
            }
        }
    }
    extraction.facts = facts;
}
