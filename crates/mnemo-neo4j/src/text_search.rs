//! Searches of the episode text index (`text.rs` builds its queries). A query holds only the
//! tenant's own terms, so the index's top-k search (which skips the postings that cannot reach
//! the top) returns the tenant's best hits; the statement still checks `tenant` exactly.

use std::collections::HashMap;

use mnemo_core::{EntityKey, EpisodeEntities, Result, Tenant, TextHit, MAX_TEXT_HITS};
use neo4rs::{query, Graph, Query};

use crate::db::{column, read_rows};
use crate::text::{lucene_query, lucene_query_naming, query_words, TEXT_INDEX};

/// Rows `ep, score`: the tenant's best `$limit` hits for `$lucene`.
pub(crate) fn text_hits_cypher() -> String {
    format!(
        "CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', $lucene, {{limit: $limit}}) \
         YIELD node AS ep, score\n\
         WITH ep, score WHERE ep.tenant = $tenant\n"
    )
}

/// The statement of `search_text`.
pub(crate) fn search_text_cypher() -> String {
    format!("{}RETURN ep.id AS id, score", text_hits_cypher())
}

/// `search_text_cypher` with the keys of the entities each hit mentions (in key order), so a
/// search learns what its hits are about in the same round trip.
pub(crate) fn search_text_entities_cypher() -> String {
    format!(
        "{}CALL (ep) {{\n  \
           OPTIONAL MATCH (ep)-[:MENTIONS]->(e:Entity)\n  \
           WITH e.key AS key ORDER BY key\n  \
           RETURN collect(key) AS keys\n\
         }}\n\
         RETURN ep.id AS id, score, keys",
        text_hits_cypher()
    )
}

/// The statement `statement` with the parameters of a text search, or None when the query has
/// no searchable word or nothing is asked.
fn text_query(statement: String, t: &Tenant, text: &str, limit: usize) -> Option<Query> {
    let lucene = lucene_query(t.as_str(), &query_words(text))?;
    if limit == 0 {
        return None;
    }
    // A few more than asked, so that ties at the cut are settled by id, as on the embedded store.
    Some(
        query(&statement)
            .param("tenant", t.as_str())
            .param("lucene", lucene)
            .param("limit", i64::try_from(limit + 8).unwrap_or(i64::MAX)),
    )
}

pub(crate) async fn search_text(
    graph: &Graph,
    t: &Tenant,
    text: &str,
    limit: usize,
) -> Result<Vec<TextHit>> {
    let limit = limit.min(MAX_TEXT_HITS);
    let Some(q) = text_query(search_text_cypher(), t, text, limit) else {
        return Ok(Vec::new());
    };
    let mut hits = Vec::new();
    for row in read_rows(graph, q).await? {
        let episode: String = column(&row, "id")?;
        let score: f64 = column(&row, "score")?;
        hits.push(TextHit {
            episode,
            score: score as f32,
        });
    }
    Ok(best_first(hits, limit))
}

/// `search_text` and the hits' `episode_entities` in one statement.
pub(crate) async fn search_text_entities(
    graph: &Graph,
    t: &Tenant,
    text: &str,
    limit: usize,
) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
    let limit = limit.min(MAX_TEXT_HITS);
    let Some(q) = text_query(search_text_entities_cypher(), t, text, limit) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut hits = Vec::new();
    let mut keys: HashMap<String, Vec<String>> = HashMap::new();
    for row in read_rows(graph, q).await? {
        let episode: String = column(&row, "id")?;
        let score: f64 = column(&row, "score")?;
        keys.insert(episode.clone(), column(&row, "keys")?);
        hits.push(TextHit {
            episode,
            score: score as f32,
        });
    }
    let hits = best_first(hits, limit);
    let entities = hits
        .iter()
        .map(|h| EpisodeEntities {
            episode: h.episode.clone(),
            entities: keys
                .remove(&h.episode)
                .unwrap_or_default()
                .into_iter()
                .map(EntityKey::from_stored)
                .collect(),
        })
        .collect();
    Ok((hits, entities))
}

/// Searches of several names in one statement, one list of hits each.
pub(crate) fn search_naming_cypher() -> String {
    format!(
        "UNWIND range(0, size($queries) - 1) AS i\n\
         CALL (i) {{\n  \
           CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', $queries[i], {{limit: $limit}}) \
           YIELD node AS ep, score\n  \
           WITH ep, score WHERE ep.tenant = $tenant\n  \
           RETURN collect([ep.id, score]) AS hits\n\
         }}\n\
         RETURN i, hits"
    )
}

/// `GraphStore::search_text_naming`: one statement for all the names that have words.
pub(crate) async fn search_text_naming(
    graph: &Graph,
    t: &Tenant,
    names: &[String],
    text: &str,
    limit: usize,
) -> Result<Vec<Vec<TextHit>>> {
    let limit = limit.min(MAX_TEXT_HITS);
    let mut out: Vec<Vec<TextHit>> = vec![Vec::new(); names.len()];
    if limit == 0 {
        return Ok(out);
    }
    let words = query_words(text);
    // (position in `names`, Lucene query) of the names with a searchable word.
    let asked: Vec<(usize, String)> = names
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            Some((
                i,
                lucene_query_naming(t.as_str(), &query_words(name), &words)?,
            ))
        })
        .collect();
    if asked.is_empty() {
        return Ok(out);
    }
    let queries: Vec<String> = asked.iter().map(|(_, q)| q.clone()).collect();
    let q = query(&search_naming_cypher())
        .param("tenant", t.as_str())
        .param("queries", queries)
        .param("limit", i64::try_from(limit + 8).unwrap_or(i64::MAX));
    for row in read_rows(graph, q).await? {
        let i: i64 = column(&row, "i")?;
        let found: Vec<(String, f64)> = column(&row, "hits")?;
        let Some((at, _)) = usize::try_from(i).ok().and_then(|i| asked.get(i)) else {
            continue;
        };
        let hits = found
            .into_iter()
            .map(|(episode, score)| TextHit {
                episode,
                score: score as f32,
            })
            .collect();
        out[*at] = best_first(hits, limit);
    }
    Ok(out)
}

/// Hits best first, ties by episode id, at most `limit`.
fn best_first(mut hits: Vec<TextHit>, limit: usize) -> Vec<TextHit> {
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.episode.cmp(&b.episode))
    });
    hits.truncate(limit);
    hits
}
