//! Searches of the episode text index (`text.rs` builds its clauses). A query holds only the
//! tenant's own terms, so the index's top-k search (which skips the postings that cannot reach
//! the top) returns the tenant's best hits; the statement still checks `tenant` exactly. Like the
//! embedded store's, a search leaves out the query words found in more than a tenth of the
//! tenant's episodes when a rarer word of the query is in a text (`mnemo_core::analysis::
//! COMMON_SHARE`): each word's episodes are counted first, in the same statement, and each rare
//! word's clause is boosted so that its idf is the one over the tenant's episodes.

use std::collections::HashMap;

use mnemo_core::analysis::COMMON_SHARE;
use mnemo_core::{EntityKey, EpisodeEntities, Result, Tenant, TextHit, MAX_TEXT_HITS};
use neo4rs::{query, BoltType, Graph, Query};

use crate::db::{column, map, read_rows};
use crate::text::{probes, query_words, required_query, TEXT_INDEX};

/// The rule against common words holds for tenants whose common count (a tenth of their
/// episodes) is at most this: counting a word reads up to that many of its hits. Larger tenants
/// are searched with every word.
const MAX_COMMON: i64 = 2_000;

/// BM25's idf of a word in `df` of the tenant's `n` episodes, and in `df` of the index's `total`.
const IDF_N: &str = "log(1.0 + (n - df + 0.5) / (df + 0.5))";
const IDF_ALL: &str = "log(1.0 + (total - df + 0.5) / (df + 0.5))";

/// Rows `probes`: each of `$probes` (`text::Probe`) with `rare` set when the word is in at least
/// one and at most `common` of the tenant's episodes in that field, `common` being `COMMON_SHARE`
/// of the tenant's episodes (its `TenantStats`), and nothing counted when the tenant is too large
/// to count (`MAX_COMMON`). A rare word's clause carries the boost that makes its idf the one
/// over the tenant's episodes (`mnemo_core::analysis::tenant_idf_boost`: the index's document
/// count is every tenant's episodes, `total`).
fn doc_freqs_cypher() -> String {
    format!(
        "OPTIONAL MATCH (s:TenantStats {{tenant: $tenant}})\n\
         WITH coalesce(s.episodes, 0) AS n\n\
         WITH n, toInteger(floor(n * {COMMON_SHARE:?})) AS common\n\
         WITH n, common, common <= {MAX_COMMON} AS counted\n\
         CALL () {{ MATCH (x:Episode) RETURN count(x) AS total }}\n\
         CALL (n, common, counted, total) {{\n  \
           UNWIND $probes AS p\n  \
           CALL (p, common, counted) {{\n    \
             WITH p, common WHERE counted\n    \
             CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', p.q, {{limit: common + 1}}) \
             YIELD node\n    \
             RETURN count(node) AS df\n  \
           }}\n  \
           WITH p, counted AND df >= 1 AND df <= common AS rare, df, n, total\n  \
           RETURN collect({{t: p.t, f: p.f, rare: rare, q: p.q + CASE WHEN rare AND n < total \
             THEN '^' + toString(round({IDF_N} / {IDF_ALL}, 6)) ELSE '' END}}) AS probes\n\
         }}\n"
    )
}

/// `kept`: of the probes in `probes`, the rare ones when one of them is in the text field, else
/// all (`rare` is false everywhere when nothing was counted); `lucene` their clauses joined by OR.
fn kept_cypher(probes: &str, carry: &str) -> String {
    format!(
        "WITH {carry}[x IN {probes} WHERE x.rare] AS rare, {probes} AS every\n\
         WITH {carry}CASE WHEN any(x IN rare WHERE x.f = 'terms') THEN rare ELSE every END AS kept\n\
         WITH {carry}reduce(q = '', x IN kept | q + CASE q WHEN '' THEN '' ELSE ' OR ' END + x.q) \
         AS lucene\n"
    )
}

/// Rows `ep, score`: the tenant's best `$limit` hits for the query of `$probes`.
pub(crate) fn text_hits_cypher() -> String {
    format!(
        "{}{}CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', lucene, {{limit: $limit}}) \
         YIELD node AS ep, score\n\
         WITH ep, score WHERE ep.tenant = $tenant\n",
        doc_freqs_cypher(),
        kept_cypher("probes", "")
    )
}

/// The probes of `words` as the `$probes` parameter.
fn probes_param(t: &Tenant, words: &[String]) -> BoltType {
    probes(t.as_str(), words)
        .iter()
        .map(|p| p.to_bolt())
        .collect()
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
    let words = query_words(text);
    if words.is_empty() || limit == 0 {
        return None;
    }
    // A few more than asked, so that ties at the cut are settled by id, as on the embedded store.
    Some(
        query(&statement)
            .param("tenant", t.as_str())
            .param("probes", probes_param(t, &words))
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

/// Searches of several names in one statement, one list of hits each: `$names[i]` holds the
/// name's required clauses (`q`) and terms (`terms`); the query's other words score, the common
/// ones left out as in `text_hits_cypher`.
pub(crate) fn search_naming_cypher() -> String {
    format!(
        "{}UNWIND range(0, size($names) - 1) AS i\n\
         WITH i, [x IN probes WHERE NOT x.t IN $names[i].terms] AS rest\n\
         {}\
         WITH i, $names[i].q + CASE lucene WHEN '' THEN '' ELSE ' (' + lucene + ')' END AS lucene\n\
         CALL (i, lucene) {{\n  \
           CALL db.index.fulltext.queryNodes('{TEXT_INDEX}', lucene, {{limit: $limit}}) \
           YIELD node AS ep, score\n  \
           WITH ep, score WHERE ep.tenant = $tenant\n  \
           RETURN collect([ep.id, score]) AS hits\n\
         }}\n\
         RETURN i, hits",
        doc_freqs_cypher(),
        kept_cypher("rest", "i, ")
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
    // (position in `names`, required clauses and terms) of the names with a searchable word.
    let asked: Vec<(usize, BoltType)> = names
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let required = query_words(name);
            let q = required_query(t.as_str(), &required)?;
            Some((i, map([("q", q.into()), ("terms", required.into())])))
        })
        .collect();
    if asked.is_empty() {
        return Ok(out);
    }
    let named: BoltType = asked.iter().map(|(_, n)| n.clone()).collect();
    let q = query(&search_naming_cypher())
        .param("tenant", t.as_str())
        .param("probes", probes_param(t, &words))
        .param("names", named)
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
