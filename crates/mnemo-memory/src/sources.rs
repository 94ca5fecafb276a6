//! Gathering source snippets from the store: the seeds' own mentions (memory stream), the
//! provenance of the top facts, and one step further, the mentions of the entities those sources
//! and facts name. Candidates are scored by that evidence plus their overlap with the query.

use std::collections::HashSet;
use std::sync::Arc;

use mnemo_core::{
    canonical_key, Entity, EntityKey, EntityType, Episode, GraphStore, MentionEvent, StoreStats,
    Tenant,
};
use mnemo_retrieve::{entities_in_text, LinkConfig};
use rustc_hash::FxHashMap;

use crate::cache::Episodes;
pub use crate::found::{Found, SeedSources};
use crate::lexical::{answer_evidence, lexical_evidence};
use crate::rank::Role;
use crate::second_hop::{
    most_specific_first, relative_specificity, second_evidence, specificity, SecondHop,
};
use crate::snippets::{build_snippets, lexical_scores, only_asks, Snippet};
use crate::{MemoryError, SearchConfig};

/// Mention events read per seed from the memory stream.
const SEED_MENTIONS: usize = 4;
/// Evidence weight of a seed's own mention, before its specificity (squared, relative to an
/// entity mentioned once).
const SEED_WEIGHT: f64 = 2.5;
/// Evidence of an episode stating a fact on a connecting path, besides the fact's score.
const PATH_WEIGHT: f64 = 5.0;
/// Share of a fact's score credited to each episode stating it.
const FACT_WEIGHT: f64 = 0.5;
/// Entities followed from the first sources and facts, and mentions read per entity.
const BRIDGES: usize = 16;
const BRIDGE_MENTIONS: usize = 4;
/// Evidence weight of a mention of a followed entity, before its specificity.
const BRIDGE_WEIGHT: f64 = 1.5;
/// Weight of the query overlap (0..=1) in a candidate's score.
const LEXICAL_WEIGHT: f64 = 3.0;
/// Seed sources whose text is read for further entity names.
const TEXTS_READ: usize = 4;
/// Top facts whose provenance and far ends are considered.
const FACTS_CONSIDERED: usize = 12;
/// Share of its lexical score an off-graph hit keeps when the query links entities.
const OFF_GRAPH: f64 = 0.3;
/// Share of its second-hop evidence added to a hit that begins with the bridge's name.
const ABOUT_BONUS: f64 = 0.5;
/// Characters of a text's beginning looked at for that name.
const HEAD_CHARS: usize = 120;
/// Evidence of a text naming a thing of the kind the question asks for ("Spain" for "What European
/// countries ..."), about the best text match's (LoCoMo-dev multi-hop R@5 0.344 -> 0.381 at 10;
/// 6 gains a third of that, 20 loses single-hop questions).
const KIND_WEIGHT: f64 = 10.0;
/// Share of its word evidence a turn keeps when it only asks about the query's words (LoCoMo-dev
/// multi-hop R@5 0.381 -> 0.398, single-hop 0.772 -> 0.777; 0.2 moves no more).
const ASKED_KEEP: f64 = 0.5;
/// Factor of the lexical score of a hit said by a person the query names.
const SPEAKER_BOOST: f64 = 2.5;

/// The memory stream of each seed (its newest mention events), in seed order. `search` reads it
/// while the neighbourhoods are read, since it depends on the seeds only.
pub async fn seed_mentions(
    store: &dyn GraphStore,
    tenant: &Tenant,
    seeds: &[EntityKey],
) -> Result<Vec<Vec<MentionEvent>>, mnemo_core::Error> {
    mentions_of_each(store, tenant, seeds, SEED_MENTIONS).await
}

/// The newest `limit` mention events of each of `keys`, in their order, read concurrently (a store
/// that batches concurrent reads, Neo4j, answers them together).
pub(crate) async fn mentions_of_each<'a>(
    store: &dyn GraphStore,
    tenant: &Tenant,
    keys: impl IntoIterator<Item = &'a EntityKey>,
    limit: usize,
) -> Result<Vec<Vec<MentionEvent>>, mnemo_core::Error> {
    futures::future::try_join_all(
        keys.into_iter()
            .map(|k| store.mentions_of(tenant, k, limit)),
    )
    .await
}

/// Reads the seeds' sources and the names in the best-supported ones. It depends on the seeds'
/// memory streams only, so `search` runs it while the neighbourhoods are read (on Neo4j the name
/// lookup, the longest statement after the neighbourhoods, no longer waits for them). Sources are
/// chosen by how many seed mentions they hold, then by id; the top facts' provenance is not
/// known yet and no longer picks them (MuSiQue-100 R@5 0.62 -> 0.631 with this choice).
pub async fn read_seed_sources(
    store: &dyn GraphStore,
    tenant: &Tenant,
    stats: &StoreStats,
    mentions: &[Vec<MentionEvent>],
) -> Result<SeedSources, MemoryError> {
    let cache = Episodes::new(store, tenant, stats);
    let mut support: FxHashMap<&str, usize> = FxHashMap::default();
    for m in mentions.iter().flatten() {
        *support.entry(m.episode.as_str()).or_default() += 1;
    }
    let mut seed_ids: Vec<String> = support.keys().map(|id| id.to_string()).collect();
    seed_ids.sort_unstable();
    // The seeds' episodes came with their memory streams (a store may keep them: Neo4j does for a
    // second), so this read is usually answered without the store doing any work.
    let texts = cache.get(store, tenant, &seed_ids).await?;
    let mut chosen: Vec<&Episode> = texts.iter().map(|e| &**e).collect();
    chosen.sort_by(|a, b| {
        let n = |e: &Episode| support.get(e.id.as_str()).copied().unwrap_or(0);
        n(b).cmp(&n(a)).then(a.id.cmp(&b.id))
    });
    chosen.truncate(TEXTS_READ);
    // The texts not named yet are linked concurrently (a store that batches concurrent lookups,
    // Neo4j, answers them with one statement instead of one round trip each).
    let link = LinkConfig::default();
    let cached: Vec<Option<Arc<Vec<Entity>>>> =
        chosen.iter().map(|ep| cache.named(&ep.id)).collect();
    let linked = futures::future::try_join_all(
        chosen
            .iter()
            .zip(&cached)
            .filter(|(_, c)| c.is_none())
            .map(|(ep, _)| entities_in_text(store, tenant, &ep.content, &link, BRIDGES)),
    )
    .await?;
    let mut linked = linked.into_iter();
    let mut named = Vec::with_capacity(chosen.len());
    for (ep, c) in chosen.iter().zip(cached) {
        named.push(match c {
            Some(n) => n,
            None => {
                let l = linked.next().unwrap_or_default();
                let n = Arc::new(l.into_iter().map(|l| l.entity).collect::<Vec<_>>());
                cache.set_named(&ep.id, Arc::clone(&n));
                n
            }
        });
    }
    Ok(SeedSources { texts, named })
}

/// Snippets for the context, best first, at most `cfg.max_snippets`. `stats` are the tenant's
/// counts read at the start of the search (they validate what is cached from earlier searches).
pub async fn gather_snippets(
    store: &dyn GraphStore,
    tenant: &Tenant,
    stats: &StoreStats,
    found: &Found<'_>,
    query_words: &HashSet<String>,
    cfg: &SearchConfig,
) -> Result<Vec<Snippet>, MemoryError> {
    let (retrieval, mentions, facts) = (found.retrieval, found.seed_mentions, found.facts);
    let cache = Episodes::new(store, tenant, stats);
    let mut evidence: FxHashMap<String, f64> = FxHashMap::default();
    let seeds: HashSet<&EntityKey> = retrieval.seeds.iter().map(|s| &s.entity.key).collect();
    // A seed's own mentions count by how specific it is: the newest turns of a speaker mentioned
    // in every turn say nothing about the question.
    for (seed, ms) in retrieval.seeds.iter().zip(mentions) {
        let weight = SEED_WEIGHT * relative_specificity(&seed.entity).powi(2);
        for m in ms {
            *evidence.entry(m.episode.clone()).or_default() += weight;
        }
    }
    let top_facts = &facts[..facts.len().min(FACTS_CONSIDERED)];
    let mut fact_ids: Vec<String> = Vec::new();
    let lexical = lexical_evidence(found, cfg);
    fact_ids.extend(lexical.keys().cloned());
    for f in top_facts {
        // A fact on a path connecting two of the query's entities is the strongest evidence.
        let path = if f.role == Role::Path {
            PATH_WEIGHT
        } else {
            0.0
        };
        for ep in f.episodes.iter().rev().take(2) {
            *evidence.entry(ep.clone()).or_default() += FACT_WEIGHT * f.score + path;
            fact_ids.push(ep.clone());
        }
    }
    fact_ids.sort_unstable();
    fact_ids.dedup();
    // One step further: entities named by the seeds' sources, the top facts' far ends and the
    // best lexical hits (the second hop of a question), whose memory streams are read while the
    // top facts' episodes are.
    let mut bridges: Vec<Entity> = Vec::new();
    let mut seen: HashSet<EntityKey> = seeds.iter().map(|k| (*k).clone()).collect();
    for named in &found.sources.named {
        for e in named.iter() {
            if seen.insert(e.key.clone()) {
                bridges.push(e.clone());
            }
        }
    }
    // The top facts' far ends are in the neighbourhood just read, the first hop's names were read
    // beside it: the store is asked only for what neither holds.
    let mut far_ends: Vec<EntityKey> = top_facts
        .iter()
        .flat_map(|f| [f.subject.clone(), f.object.clone()])
        .chain(found.first_hop.iter().map(|e| e.key.clone()))
        .filter(|k| !seen.contains(k))
        .collect();
    far_ends.sort();
    far_ends.dedup();
    let known: FxHashMap<&EntityKey, &Entity> = retrieval
        .subgraph
        .entities
        .iter()
        .chain(found.first_hop)
        .map(|e| (&e.key, e))
        .collect();
    let (held, far_ends): (Vec<EntityKey>, Vec<EntityKey>) =
        far_ends.into_iter().partition(|k| known.contains_key(k));
    for k in &held {
        if seen.insert(k.clone()) {
            bridges.push(known[k].clone());
        }
    }
    let (fact_texts, (bridges, bridge_mentions)) = futures::future::try_join(
        async {
            cache
                .get(store, tenant, &fact_ids)
                .await
                .map_err(MemoryError::from)
        },
        async {
            if !far_ends.is_empty() {
                for e in store.get_entities(tenant, &far_ends).await? {
                    if seen.insert(e.key.clone()) {
                        bridges.push(e);
                    }
                }
            }
            most_specific_first(&mut bridges);
            bridges.truncate(BRIDGES);
            let mentions = mentions_of_each(
                store,
                tenant,
                bridges.iter().map(|b| &b.key),
                BRIDGE_MENTIONS,
            )
            .await?;
            Ok::<_, MemoryError>((bridges, mentions))
        },
    )
    .await?;
    // The episodes of the evidence so far, each once, in id order: the seed texts, the top
    // facts' episodes, the lexical hits and their neighbours.
    let mut episodes: Vec<Arc<Episode>> = found
        .sources
        .texts
        .iter()
        .chain(&fact_texts)
        .map(|e| (e.id.as_str(), e))
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_values()
        .cloned()
        .collect();
    let mut new_ids = Vec::new();
    for (b, ms) in bridges.iter().zip(&bridge_mentions) {
        for m in ms {
            if !evidence.contains_key(&m.episode) && !lexical.contains_key(&m.episode) {
                new_ids.push(m.episode.clone());
            }
            *evidence.entry(m.episode.clone()).or_default() += BRIDGE_WEIGHT * specificity(b);
        }
    }
    let hop2 = found
        .second
        .map(|h| second_evidence(&h.hits, cfg.text_weight))
        .unwrap_or_default();
    for (id, _) in &hop2 {
        if !evidence.contains_key(id) && !lexical.contains_key(id) {
            new_ids.push(id.clone());
        }
    }
    for m in found.kind_mentions {
        if !evidence.contains_key(&m.episode) && !lexical.contains_key(&m.episode) {
            new_ids.push(m.episode.clone());
        }
    }
    new_ids.sort();
    new_ids.dedup();
    if !new_ids.is_empty() {
        episodes.extend(cache.get(store, tenant, &new_ids).await?);
    }
    if let Some(t) = found.as_of {
        episodes.retain(|e| e.created_at <= t);
    }
    // Second-hop hits weigh as much as first-hop ones when they name a bridge they were sought by;
    // those sharing only the question's other words keep the share an off-graph hit keeps.
    if let Some(SecondHop { names, .. }) = found.second {
        // Any word of a bridge's name ("Ibsen" for Henrik Ibsen), as texts shorten names.
        let keys: Vec<String> = names
            .iter()
            .flat_map(|n| {
                canonical_key(n)
                    .split(' ')
                    .filter(|w| w.len() > 3 && !mnemo_retrieve::is_stop_word(w))
                    .map(|w| format!(" {w} "))
                    .collect::<Vec<_>>()
            })
            .collect();
        let texts: FxHashMap<&str, &str> = episodes
            .iter()
            .map(|e| (e.id.as_str(), e.content.as_str()))
            .collect();
        for (id, e) in hop2 {
            let names_one = texts.get(id.as_str()).is_some_and(|t| holds_any(t, &keys));
            let mut share = if names_one { 1.0 } else { OFF_GRAPH };
            // A text that begins with a bridge's name is about it (an article, a profile).
            if texts.get(id.as_str()).is_some_and(|t| {
                let head = canonical_key(&t.chars().take(HEAD_CHARS).collect::<String>());
                names.iter().any(|n| head.starts_with(&canonical_key(n)))
            }) {
                share += ABOUT_BONUS;
            }
            *evidence.entry(id).or_default() += share * e;
        }
    }
    // When the query links entities, a lexical hit that mentions none of the entities found
    // around them (neighbourhood, bridges) shares only words with the question, not its subject.
    let graph_keys: HashSet<&str> = retrieval
        .subgraph
        .entities
        .iter()
        .map(|e| e.key.as_str())
        .chain(bridges.iter().map(|b| b.key.as_str()))
        .collect();
    let off_graph = |id: &str| {
        !retrieval.seeds.is_empty()
            && !found
                .hit_entities
                .iter()
                .find(|e| e.episode == id)
                .is_some_and(|e| e.entities.iter().any(|k| graph_keys.contains(k.as_str())))
    };
    let answers = answer_evidence(found, &episodes, cfg);
    // A question that names a person is mostly about what that person said.
    let seed_people: HashSet<String> = retrieval
        .seeds
        .iter()
        .filter(|s| s.entity.entity_type == EntityType::Person)
        .flat_map(|s| {
            std::iter::once(s.entity.key.to_string())
                .chain(s.entity.aliases.iter().map(|a| canonical_key(a)))
        })
        .collect();
    let speakers: FxHashMap<&str, String> = episodes
        .iter()
        .filter_map(|e| Some((e.id.as_str(), canonical_key(e.speaker.as_deref()?))))
        .collect();
    let spoken_by_seed = |id: &str| speakers.get(id).is_some_and(|k| seed_people.contains(k));
    let chunks: HashSet<&str> = episodes
        .iter()
        .filter(|e| e.document_id.is_some())
        .map(|e| e.id.as_str())
        .collect();
    let overlap = lexical_scores(query_words, &episodes);
    let names_only = only_names_matched(found, &episodes, &overlap);
    for (id, (hit, inherited)) in &lexical {
        let inherited = inherited
            * if chunks.contains(id.as_str()) {
                cfg.document_neighbour_weight
            } else {
                cfg.neighbour_weight
            };
        // A hit spoken by a person the query names is about that person, whatever it mentions;
        // one that matches only the words of a linked name without naming it shares words, not
        // the subject (MuSiQue-100 R@2 0.557 -> 0.561, R@5 0.734 -> 0.737).
        let spoken = spoken_by_seed(id);
        let mut hit = if (off_graph(id) || names_only.contains(id.as_str())) && !spoken {
            OFF_GRAPH * hit
        } else {
            *hit
        };
        if spoken {
            hit *= SPEAKER_BOOST;
        }
        let answer = answers.get(id.as_str()).copied().unwrap_or(0.0);
        *evidence.entry(id.clone()).or_default() += hit + inherited + answer;
    }

    // A text naming a thing of the kind the question asks for answers it when it is about the
    // question's subject: said by a person the question names, or matching the question's words
    // (a corpus names many countries; "Which countries border Zimbabwe?" wants the ones a text
    // about Zimbabwe's borders names).
    let mut of_kind: Vec<&str> = found
        .kind_mentions
        .iter()
        .map(|m| m.episode.as_str())
        .filter(|id| spoken_by_seed(id) || lexical.get(*id).is_some_and(|(hit, _)| *hit > 0.0))
        .collect();
    of_kind.sort_unstable();
    of_kind.dedup();
    for id in of_kind {
        *evidence.entry(id.to_string()).or_default() += KIND_WEIGHT;
    }

    // A text said on a day the query names weighs as much as the best text match (LoCoMo-dev
    // single-hop R@5 0.748 -> 0.772; a third or half of that weight gains half or nothing).
    if !found.days.is_empty() {
        for e in &episodes {
            if crate::when::on_days(found.days, e.created_at) {
                *evidence.entry(e.id.clone()).or_default() += cfg.text_weight;
            }
        }
    }
    let mut ranked: Vec<(String, f64)> = episodes
        .iter()
        .zip(&overlap)
        .map(|(e, lex)| {
            // A turn that only asks about the query's words keeps a share of what they give it
            // (a document's question is its own heading, not a turn waiting for a reply).
            let keep = if e.speaker.is_some() && only_asks(&e.content, query_words) {
                ASKED_KEEP
            } else {
                1.0
            };
            let words = lexical.get(&e.id).map_or(0.0, |(hit, _)| *hit) + LEXICAL_WEIGHT * lex;
            let s = evidence.get(&e.id).copied().unwrap_or(0.0) + LEXICAL_WEIGHT * lex
                - (1.0 - keep) * words;
            (e.id.clone(), s)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.dedup_by(|a, b| a.0 == b.0);
    ranked.truncate(cfg.max_snippets);

    let mut names: Vec<&str> = retrieval
        .seeds
        .iter()
        .map(|s| s.entity.name.as_str())
        .collect();
    names.extend(bridges.iter().map(|b| b.name.as_str()));
    for f in top_facts {
        names.push(&f.subject_name);
        names.push(&f.object_name);
    }
    Ok(build_snippets(
        &ranked,
        &episodes,
        &names,
        query_words,
        cfg.snippet_chars,
    ))
}

/// The text hits that share with the query only words of its linked names: none of the query's
/// other words (`overlap` 0), and no seed's name in their text.
/// Another wind farm shares "wind farm" with "Intrepid Wind Farm", not the farm.
fn only_names_matched<'a>(
    found: &Found<'_>,
    episodes: &'a [Arc<Episode>],
    overlap: &[f64],
) -> HashSet<&'a str> {
    let seeds = &found.retrieval.seeds;
    if seeds.is_empty() {
        return HashSet::new();
    }
    let hits: HashSet<&str> = found.lexical.iter().map(|h| h.episode.as_str()).collect();
    let keys: Vec<String> = seeds
        .iter()
        .map(|s| format!(" {} ", s.entity.key.as_str()))
        .collect();
    episodes
        .iter()
        .zip(overlap)
        .filter(|(e, o)| {
            **o <= 0.0 && hits.contains(e.id.as_str()) && !holds_any(&e.content, &keys)
        })
        .map(|(e, _)| e.id.as_str())
        .collect()
}

/// Whether `text`, folded to canonical words, holds one of `keys` (canonical words with a space
/// on each side, so that only whole words match).
fn holds_any(text: &str, keys: &[String]) -> bool {
    let folded = format!(" {} ", canonical_key(text));
    keys.iter().any(|k| folded.contains(k.as_str()))
}
