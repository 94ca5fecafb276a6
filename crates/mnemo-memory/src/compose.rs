//! Composition of a search result from what was retrieved and ranked: sections, budget, and the
//! structured view. Pure: a function of its inputs only, so it can be snapshot-tested.

use std::collections::{BTreeMap, HashMap, HashSet};

use mnemo_core::{EntityKey, Timestamp};
use mnemo_retrieve::{Path, Retrieval};

use crate::assemble::{assemble, Line, Section, SectionKind};
use crate::history::{history_lines, ChatTurn};
use crate::importance::RankedEntity;
use crate::rank::{Role, ScoredFact};
use crate::result::{Linked, PathView, Provenance, ProvenanceVia, SearchResult};
use crate::snippets::Snippet;
use crate::tokens::{one_line, truncate_chars};
use crate::SearchConfig;

/// Builds the context and its structured form for a hit. `facts` are ranked (best first), `top` are
/// the knowledge store's entities to list, `snippets` the source excerpts to offer.
pub fn compose(
    query: &str,
    retrieval: &Retrieval,
    facts: &[ScoredFact],
    top: &[RankedEntity],
    snippets: &[Snippet],
    history: &[ChatTurn],
    cfg: &SearchConfig,
) -> SearchResult {
    let path_views = path_views(retrieval, facts);
    let plain: Vec<usize> = (0..facts.len())
        .filter(|&i| facts[i].role != Role::Path)
        .collect();
    let sections = vec![
        Section::ranked_in_order(
            SectionKind::KeyEntities,
            retrieval
                .seeds
                .iter()
                .map(|s| key_entity_line(&s.entity))
                .collect(),
        ),
        Section::ranked_in_order(
            SectionKind::Paths,
            path_views.iter().map(|p| p.text.clone()).collect(),
        ),
        Section {
            kind: SectionKind::Facts,
            lines: plain
                .iter()
                .enumerate()
                .map(|(rank, &i)| Line {
                    text: one_line(&facts[i].render()),
                    rank,
                    item: i,
                })
                .collect(),
        },
        Section::ranked_in_order(
            SectionKind::TopEntities,
            top.iter().map(top_entity_line).collect(),
        ),
        Section::ranked_in_order(
            SectionKind::Snippets,
            snippets.iter().map(|s| one_line(&s.render())).collect(),
        ),
        Section {
            kind: SectionKind::History,
            lines: history_lines(history, cfg.recent_turns)
                .into_iter()
                .enumerate()
                .map(|(i, l)| Line {
                    text: l.text,
                    rank: l.rank,
                    item: i,
                })
                .collect(),
        },
    ];
    let assembled = assemble(sections, cfg.budget_tokens);

    let kept_paths: Vec<PathView> = assembled
        .kept(SectionKind::Paths)
        .iter()
        .map(|&i| path_views[i].clone())
        .collect();
    let path_facts: HashSet<(&EntityKey, &str, &EntityKey)> = kept_paths
        .iter()
        .flat_map(|p| p.path.steps.iter())
        .map(|s| (&s.fact.subject, s.fact.rel_type.as_str(), &s.fact.object))
        .collect();
    let mut kept_facts: Vec<ScoredFact> = facts
        .iter()
        .filter(|f| f.role == Role::Path && path_facts.contains(&f.id()))
        .cloned()
        .collect();
    kept_facts.extend(
        assembled
            .kept(SectionKind::Facts)
            .iter()
            .map(|&i| facts[i].clone()),
    );
    let kept_entities: Vec<RankedEntity> = assembled
        .kept(SectionKind::TopEntities)
        .iter()
        .map(|&i| top[i].clone())
        .collect();
    let kept_snippets: Vec<Snippet> = assembled
        .kept(SectionKind::Snippets)
        .iter()
        .map(|&i| snippets[i].clone())
        .collect();
    let provenance = provenance(&kept_facts, &kept_snippets);

    SearchResult {
        hit: true,
        query: truncate_chars(query, crate::result::QUERY_ECHO_CHARS),
        context_text: assembled.text,
        tokens: assembled.tokens,
        budget_tokens: cfg.budget_tokens,
        linked: retrieval.seeds.iter().map(Linked::from).collect(),
        facts: kept_facts,
        paths: kept_paths,
        entities: kept_entities,
        snippets: kept_snippets,
        sections: assembled.sections,
        provenance,
    }
}

fn date(t: Timestamp) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// "1 mention", "12 mentions": how entity lines count an entity's mentions.
pub fn mentions_phrase(n: u64) -> String {
    if n == 1 {
        "1 mention".to_string()
    } else {
        format!("{n} mentions")
    }
}

fn key_entity_line(e: &mnemo_core::Entity) -> String {
    let mut line = format!(
        "- {} ({}, {}, last seen {})",
        e.name,
        e.entity_type,
        mentions_phrase(e.mentions),
        date(e.last_seen)
    );
    if !e.aliases.is_empty() {
        let aliases: Vec<&str> = e.aliases.iter().take(3).map(String::as_str).collect();
        line.push_str(&format!("; also: {}", aliases.join(", ")));
    }
    one_line(&line)
}

fn top_entity_line(e: &RankedEntity) -> String {
    one_line(&format!(
        "- {} ({}, {}, last seen {})",
        e.name,
        e.entity_type,
        mentions_phrase(e.mentions),
        date(e.last_seen)
    ))
}

/// Renders the retrieval's paths with entity names and each step's direction.
fn path_views(retrieval: &Retrieval, facts: &[ScoredFact]) -> Vec<PathView> {
    if retrieval.paths.is_empty() {
        return Vec::new();
    }
    let names: HashMap<&EntityKey, &str> = retrieval
        .subgraph
        .entities
        .iter()
        .map(|e| (&e.key, e.name.as_str()))
        .collect();
    let name = |k: &EntityKey| names.get(k).map(|n| n.to_string()).unwrap_or(k.to_string());
    let episodes: HashMap<(&EntityKey, &str, &EntityKey), &Vec<String>> =
        facts.iter().map(|f| (f.id(), &f.episodes)).collect();
    let facts_by_id: HashMap<(&EntityKey, &str, &EntityKey), &Vec<String>> = retrieval
        .subgraph
        .facts
        .iter()
        .map(|f| ((&f.subject, f.rel_type.as_str(), &f.object), &f.episodes))
        .collect();
    retrieval
        .paths
        .iter()
        .map(|p: &Path| {
            let mut text = format!("- {}", name(&p.entities[0]));
            let mut eps = Vec::new();
            for (step, next) in p.steps.iter().zip(p.entities.iter().skip(1)) {
                let pred = one_line(&step.predicate);
                if step.forward {
                    text.push_str(&format!(" -[{pred}]-> {}", name(next)));
                } else {
                    text.push_str(&format!(" <-[{pred}]- {}", name(next)));
                }
                let id = (
                    &step.fact.subject,
                    step.fact.rel_type.as_str(),
                    &step.fact.object,
                );
                let list = episodes
                    .get(&id)
                    .copied()
                    .or_else(|| facts_by_id.get(&id).copied());
                eps.extend(list.into_iter().flatten().cloned());
            }
            eps.sort();
            eps.dedup();
            PathView {
                text: one_line(&text),
                path: p.clone(),
                episodes: eps,
            }
        })
        .collect()
}

/// Episodes behind the context: those shown as snippets first, in snippet order (a verbatim source
/// is the most direct evidence), then those only stating facts, by the summed score of their facts.
/// Ties break by id.
fn provenance(facts: &[ScoredFact], snippets: &[Snippet]) -> Vec<Provenance> {
    let mut out: Vec<Provenance> = Vec::new();
    for s in snippets {
        if !out.iter().any(|p| p.episode_id == s.episode_id) {
            out.push(Provenance {
                episode_id: s.episode_id.clone(),
                score: s.score,
                via: ProvenanceVia::Snippet,
            });
        }
    }
    let shown: HashSet<String> = out.iter().map(|p| p.episode_id.clone()).collect();
    let mut score: BTreeMap<&str, f64> = BTreeMap::new();
    for f in facts {
        for ep in f.episodes.iter().filter(|e| !shown.contains(*e)) {
            *score.entry(ep.as_str()).or_default() += f.score;
        }
    }
    let mut rest: Vec<Provenance> = score
        .into_iter()
        .map(|(id, score)| Provenance {
            episode_id: id.to_string(),
            score,
            via: ProvenanceVia::Fact,
        })
        .collect();
    rest.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.episode_id.cmp(&b.episode_id))
    });
    out.extend(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_mention_is_singular() {
        assert_eq!(super::mentions_phrase(1), "1 mention");
        assert_eq!(super::mentions_phrase(0), "0 mentions");
        assert_eq!(super::mentions_phrase(12), "12 mentions");
    }
}
