//! Searches of the episode text index (`text.rs` builds its queries). The tenant's best hits come
//! from the index's own top-k search when the tenant holds a large share of the episodes: Lucene
//! then skips the postings that cannot reach the top (block-max WAND), which it cannot do once the
//! query is tied to the tenant's term (a conjunction), three times faster for eight words at 125k
//! episodes. The hits outside the tenant are dropped, and the tenant-bound query runs only when
//! what is left cannot be the tenant's full top (docs/neo4j.md).

use std::collections::HashMap;

use mnemo_core::{EntityKey, EpisodeEntities, Result, Tenant, TextHit, MAX_TEXT_HITS};
use neo4rs::{query, Graph, Query};

use crate::db::{column, read_rows};
use crate::text::{
    lucene_query, lucene_query_naming, open_query, query_words, MAX_QUERY_WORDS, TEXT_INDEX,
};

/// The open search is tried when the tenant holds at least one in `OPEN_MIN_SHARE` of all
/// episodes; below that the tenant's top is unlikely to be in the index's top, and the
/// tenant-bound query alone is cheap (its tenant term is short and leads the conjunction).
const OPEN_MIN_SHARE: i64 = 4;

/// Hits asked of the open search: the tenant's `limit` scaled by the index's size over the
/// tenant's, times this margin, at most `MAX_OPEN_HITS`.
const OPEN_MARGIN: f64 = 1.25;
const MAX_OPEN_HITS: i64 = 2_000;

/// Rows `ep, score`: the tenant's best `$limit` hits for `$lucene` (the query bound to the
/// tenant's term). `$open` is the same query without that term; when the tenant's share of the
/// episodes (its `TenantStats`, all `:Episode` nodes from the count store) makes it worth it, the
/// open search's best `wide` hits are read first and kept when they must hold the tenant's top:
/// the search ran dry (fewer than `wide`), or `$limit` of them are the tenant's (any hit of the
/// tenant's beyond them scores no more than the last). Otherwise the tenant-bound query runs. The
/// scores are the same either way: the tenant term is weighted 0. `$wide` set (tests) overrides
/// the share rule; 0 never searches open.
pub(crate) fn text_hits_cypher() -> String {
    format!(
        "OPTIONAL MATCH (s:TenantStats {{tenant: $tenant}})\n\
         WITH coalesce(s.episodes, 0) AS own\n\
         CALL () {{ MATCH (any_ep:Episode) RETURN count(any_ep) AS total }}\n\
         WITH CASE WHEN $wide IS NOT NULL THEN $wide \
           WHEN own > 0 AND own * {OPEN_MIN_SHARE} >= total \
           THEN toInteger(ceil({OPEN_MARGIN:?} * $limit * total / own)) ELSE 0 END AS wide\n\
         WITH CASE WHEN wide > {MAX_OPEN_HITS} THEN {MAX_OPEN_HITS} ELSE wide END AS wide\n\
         CALL (wide) {{\n  \
           WITH wide WHERE wide > 0\n  \
           CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', $open, {{limit: wide}}) \
           YIELD node AS ep, score\n  \
           RETURN count(*) AS seen, \
           collect(CASE WHEN ep.tenant = $tenant THEN [ep, score] END) AS found\n\
         }}\n\
         WITH wide > 0 AND (seen < wide OR size(found) >= $limit) AS complete, found\n\
         CALL (complete, found) {{\n  \
           WITH complete, found WHERE complete\n  \
           UNWIND found AS hit\n  \
           WITH hit[0] AS ep, hit[1] AS score ORDER BY score DESC, ep.id LIMIT $limit\n  \
           RETURN ep, score\n  \
           UNION ALL\n  \
           WITH complete WHERE NOT complete\n  \
           CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', $lucene, {{limit: $limit}}) \
           YIELD node AS ep, score\n  \
           WITH ep, score WHERE ep.tenant = $tenant\n  \
           RETURN ep, score\n\
         }}\n"
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
/// no searchable word or nothing is asked. `wide` as in `text_hits_cypher`.
fn text_query(
    statement: String,
    t: &Tenant,
    text: &str,
    limit: usize,
    wide: Option<i64>,
) -> Option<Query> {
    let words = query_words(text);
    let lucene = lucene_query(t.as_str(), &words)?;
    let open = open_query(&words)?;
    if limit == 0 {
        return None;
    }
    // A few more than asked, so that ties at the cut are settled by id, as on the embedded store.
    Some(
        query(&statement)
            .param("tenant", t.as_str())
            .param("lucene", lucene)
            .param("open", open)
            .param("limit", i64::try_from(limit + 8).unwrap_or(i64::MAX))
            .param("wide", wide),
    )
}

pub(crate) async fn search_text(
    graph: &Graph,
    t: &Tenant,
    text: &str,
    limit: usize,
) -> Result<Vec<TextHit>> {
    search_text_with(graph, t, text, limit, None).await
}

/// `search_text`, `wide` as in `text_hits_cypher`.
pub(crate) async fn search_text_with(
    graph: &Graph,
    t: &Tenant,
    text: &str,
    limit: usize,
    wide: Option<i64>,
) -> Result<Vec<TextHit>> {
    let limit = limit.min(MAX_TEXT_HITS);
    let Some(q) = text_query(search_text_cypher(), t, text, limit, wide) else {
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
    search_text_entities_with(graph, t, text, limit, None).await
}

/// `search_text_entities`, `wide` as in `text_hits_cypher`.
pub(crate) async fn search_text_entities_with(
    graph: &Graph,
    t: &Tenant,
    text: &str,
    limit: usize,
    wide: Option<i64>,
) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
    let limit = limit.min(MAX_TEXT_HITS);
    let Some(q) = text_query(search_text_entities_cypher(), t, text, limit, wide) else {
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
            let required: Vec<Vec<String>> = name
                .split(|c: char| !c.is_alphanumeric())
                .map(query_words)
                .filter(|g| !g.is_empty())
                .take(MAX_QUERY_WORDS / 4)
                .collect();
            Some((i, lucene_query_naming(t.as_str(), &required, &words)?))
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
