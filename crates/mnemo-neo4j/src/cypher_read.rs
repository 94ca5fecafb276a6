//! Cypher text of the reads, including the capped depth-2 neighbourhood, and the Lucene query
//! strings for the full-text name index. Every value is a parameter. Keyed `MATCH`es name their
//! composite index (`USING INDEX`): planned on a near-empty graph (a new database, a fresh
//! server), they took the `(tenant)` index and filtered every node of the tenant per key, and the
//! plan stayed cached while the graph grew (EXPLAIN on an empty database shows it).

use mnemo_core::canonical_key;

use crate::top_edges::EDGE_ORDER;

/// Projection of an entity node into a plain map (the aggregates the domain type needs).
const ENTITY: &str = "{.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}";

/// Projection of a fact relationship `r`.
const FACT: &str = "{.predicate, .mentions, .confidence, .first_seen, .last_seen, .episodes, \
                    .occurred, rel_type: type(r), subject: startNode(r).key, object: endNode(r).key}";

pub(crate) fn get_entities() -> String {
    format!(
        "UNWIND $keys AS key\nMATCH (e:Entity {{tenant: $tenant, key: key}})\n\
         USING INDEX e:Entity(tenant, key)\n\
         RETURN e {ENTITY} AS e ORDER BY e.key"
    )
}

/// Full-text index over entity alias keys with the keyword analyzer: each alias key is one term,
/// so an alias lookup is a term lookup per key. Through the word-level name index it was a phrase
/// query per key (a term lookup per word, then positions): at 100k facts ~20 µs per key against
/// ~5 here, and a search looks up a few hundred n-grams.
pub(crate) const ALIAS_INDEX: &str = "mnemo_entity_alias_keys";

/// Schema the reads need, created on connect before the write schema (whose last statement waits
/// for every index to be online). Not eventually consistent: a committed alias is found at once.
pub(crate) const READ_SCHEMA: &[&str] = &[
    "CREATE FULLTEXT INDEX mnemo_entity_alias_keys IF NOT EXISTS FOR (e:Entity) ON EACH [e.tenant, e.alias_keys] \
     OPTIONS {indexConfig: {`fulltext.analyzer`: 'keyword', `fulltext.eventually_consistent`: false}}",
    crate::text::DROP_OLD_TEXT_INDEXES[0],
    crate::text::DROP_OLD_TEXT_INDEXES[1],
    crate::text::DROP_OLD_TEXT_INDEXES[2],
    crate::text::TEXT_SCHEMA,
];

/// Exact key matches, then alias matches found through the alias index (one index query per
/// `$lucenes` entry, each covering many keys: a query per key cost ~1 ms each, and a search asks
/// for dozens of n-grams) and confirmed exactly.
pub(crate) fn lookup_names() -> String {
    format!(
        "UNWIND $keys AS k\nMATCH (e:Entity {{tenant: $tenant, key: k}})\n\
         USING INDEX e:Entity(tenant, key)\n\
         RETURN k AS matched, e {ENTITY} AS e\n\
         UNION\n\
         UNWIND $lucenes AS lucene\n\
         CALL db.index.fulltext.queryNodes('{ALIAS_INDEX}', lucene) YIELD node AS e\n\
         WITH e WHERE e.tenant = $tenant\n\
         UNWIND [k IN e.alias_keys WHERE k IN $keys] AS k\n\
         RETURN k AS matched, e {ENTITY} AS e"
    )
}

/// The entities matching `$lucene`, grouped by mention count and taken whole groups at a time,
/// most mentioned first, until at least `$limit` are kept: a superset of the top `$limit` (the
/// last group may hold ties past the cut), unordered; `read::find_by_tokens` orders and cuts.
/// Ordering every match by (mentions, last_seen, key) on the server read three properties of each
/// (a common word matches ~4,700 entities at 1M facts, ~10,000 for "institute"): 23 and 38 ms of
/// server time against ~9 and ~15 ms here, which reads one (mentions) and sorts ~100 groups.
///
/// `$lucene` already holds only the tenant's nodes (the whitespace analyzer keeps a tenant id as
/// one exact term), so the tenant is checked on the kept nodes only, as every read checks it:
/// checking all matches first cost ~2 ms more for a common word. The kept nodes travel in one
/// list that is unwound only to be projected: a `LIMIT` over rows that carry a list is charged
/// the list once per kept row by the transaction memory pool.
pub(crate) fn find_by_tokens() -> String {
    format!(
        "CALL db.index.fulltext.queryNodes('{idx}', $lucene) YIELD node AS e\n\
         WITH e.mentions AS m, collect(e) AS group ORDER BY m DESC\n\
         WITH reduce(kept = [], g IN collect(group) | \
         CASE WHEN size(kept) >= $limit THEN kept ELSE kept + g END) AS kept\n\
         UNWIND kept AS e\n\
         WITH e WHERE e.tenant = $tenant\n\
         RETURN e {ENTITY} AS e",
        idx = crate::cypher_write::NAME_INDEX
    )
}

/// `most_mentioned` picks the order. The range predicate on the ordering property (always true
/// for a stored entity) and `e.tenant` at the head of `ORDER BY` let the planner read the
/// (tenant, mentions) or (tenant, last_seen) index in order and stop after `$limit` plus ties
/// (PartialTop): at 1M facts 22 db hits instead of 734k (a scan and sort of every entity, ~700 ms).
/// The order must be taken on the node, before the map projection: `RETURN e {..} AS e ORDER BY`
/// sorts the projected map (whose `tenant` is null), which made the planner seek and project every
/// entity of the tenant and sort them (1.47M db hits, 2-5 s at 1M facts on the shared box).
pub(crate) fn top_entities(most_mentioned: bool) -> String {
    let (range, order) = if most_mentioned {
        ("e.mentions > 0", "e.mentions DESC, e.last_seen DESC, e.key")
    } else {
        (
            "e.last_seen >= datetime('0001-01-01T00:00:00Z')",
            "e.last_seen DESC, e.mentions DESC, e.key",
        )
    };
    format!(
        "MATCH (e:Entity)\nWHERE e.tenant = $tenant AND {range}\n\
         WITH e ORDER BY e.tenant DESC, {order} LIMIT $limit\n\
         RETURN e {ENTITY} AS e"
    )
}

/// Episode projection of the reads that return whole episodes.
const EPISODE: &str = "{.id, .kind, .content, .created_at, .source, .content_hash, .document_id, \
                       .span_start, .span_end, .speaker, .session}";

/// The newest mentions of several entities at once (`$keys` and their `$limits`), one row per
/// entity that exists, with its index `i` and its mentions newest first (`ms`), each with the
/// whole episode, which the search reads next. From the entity's `recent_mentions` list when it
/// has one and the limit fits (a hub costs the limit, not its 30k mentions: ~100 ms at 1M facts),
/// else from all of them. Ids from the list are checked against tenant and entity. Only the
/// mentions kept are projected (an entity without a list has up to 32: projecting every episode
/// before cutting to the limit cost ~0.9 ms of a 16-entity read at 1M facts).
pub(crate) fn mentions_of() -> String {
    format!(
        "UNWIND range(0, size($keys) - 1) AS i
MATCH (e:Entity {{tenant: $tenant, key: $keys[i]}})
USING INDEX e:Entity(tenant, key)
WITH i, e, $limits[i] AS n
CALL (e, n) {{
  WITH e, n WHERE e.recent_mentions IS NOT NULL AND n <= $recent
  UNWIND e.recent_mentions[..n] AS id
  MATCH (ep:Episode)-[m:MENTIONS]->(x) WHERE elementId(m) = id
  WITH e, m, ep, x WHERE x = e AND m.tenant = $tenant
  RETURN m, ep
  UNION
  WITH e, n WHERE e.recent_mentions IS NULL OR n > $recent
  MATCH (e)<-[m:MENTIONS]-(ep:Episode)
  RETURN m, ep
}}
WITH i, n, m, ep ORDER BY m.at DESC, ep.id DESC
WITH i, n, collect({{at: m.at, ep: ep}}) AS ms
UNWIND ms[..n] AS x
WITH i, x.at AS at, x.ep AS ep
WITH i, collect({{at: at, ep: ep {EPISODE}}}) AS ms
RETURN i, ms"
    )
}

pub(crate) fn get_episodes() -> String {
    format!(
        "UNWIND $ids AS id\nMATCH (ep:Episode {{tenant: $tenant, id: id}})\n\
         USING INDEX ep:Episode(tenant, id)\nRETURN ep {EPISODE} AS ep"
    )
}

pub(crate) const GET_DOCUMENT: &str = "\
MATCH (d:Document {tenant: $tenant, id: $id})
USING INDEX d:Document(tenant, id)
RETURN d {.id, .source, .content_hash, .created_at} AS d";

/// Out-degree of an entity counts its facts (entities have no other outgoing relationships) and
/// is read from the degree store; each entity's `mentions` is its number of MENTIONS edges.
pub(crate) const STATS: &str = "\
CALL () {
  MATCH (e:Entity {tenant: $tenant})
  RETURN count(e) AS entities, sum(COUNT { (e)-->() }) AS facts, sum(e.mentions) AS mentions
}
CALL () { MATCH (ep:Episode {tenant: $tenant}) RETURN count(ep) AS episodes }
CALL () { MATCH (d:Document {tenant: $tenant}) RETURN count(d) AS documents }
RETURN entities, facts, mentions, episodes, documents";

pub(crate) fn export_entities() -> String {
    format!("MATCH (e:Entity {{tenant: $tenant}})\nRETURN e {ENTITY} AS e ORDER BY e.key")
}

pub(crate) fn export_facts() -> String {
    format!(
        "MATCH (:Entity {{tenant: $tenant}})-[r]->(:Entity)\n\
         RETURN r {FACT} AS f ORDER BY f.subject, f.rel_type, f.object"
    )
}

/// The top `$cap{hop}` edges of every node of a hop, highest-ranked first, as `edges`. Read from
/// the node's materialised `top_rels` when it has them and the cap fits (see `top_edges.rs`), so a
/// hub costs the cap; otherwise from all its relationships. Ids read from the list are checked
/// against tenant and node, so a stale id can never bring in a foreign edge.
fn expand(node: &str, hop: u8) -> String {
    format!(
        "CALL ({node}) {{\n\
         \x20 CALL ({node}) {{\n\
         \x20   WITH {node} WHERE {node}.top_rels IS NOT NULL AND $cap{hop} <= $top\n\
         \x20   UNWIND {node}.top_rels[..$cap{hop}] AS id\n\
         \x20   MATCH ()-[r]->() WHERE elementId(r) = id AND r.tenant = $tenant\n\
         \x20   WITH {node}, r WHERE startNode(r) = {node} OR endNode(r) = {node}\n\
         \x20   RETURN r\n\
         \x20   UNION\n\
         \x20   WITH {node} WHERE {node}.top_rels IS NULL OR $cap{hop} > $top\n\
         \x20   MATCH ({node})-[r]-(:Entity)\n\
         \x20   RETURN r\n\
         \x20 }}\n\
         \x20 WITH r, CASE WHEN startNode(r) = {node} THEN endNode(r) ELSE startNode(r) END AS n\n\
         \x20 WITH r, n ORDER BY {EDGE_ORDER} LIMIT $cap{hop}\n\
         \x20 RETURN collect({{fact: r {FACT}, other: n {ENTITY}}}) AS edges\n\
         }}"
    )
}

/// The neighbourhoods of several queries in one round trip (`$queries`: one list of seed keys per
/// query, all with the same depth and caps), one row per query with its index `qi`. Per query:
/// each existing seed with its top `$cap1` edges (`hop1`); for depth 2 also every entity reached
/// at hop 1 that is not one of that query's seeds, with its top `$cap2` edges (`hop2`). The caller
/// replays the traversal (order, dedup, `max_facts`) on these lists, so the cost depends on the
/// caps and the frontier nodes' degrees, never on the size of the graph.
pub(crate) fn neighbourhood(depth: u8) -> String {
    let mut q = format!(
        "UNWIND range(0, size($queries) - 1) AS qi\n\
         CALL (qi) {{\n\
         WITH $queries[qi] AS seeds\n\
         UNWIND range(0, size(seeds) - 1) AS pos\n\
         MATCH (s:Entity {{tenant: $tenant, key: seeds[pos]}})\n\
         USING INDEX s:Entity(tenant, key)\n\
         {}\n\
         WITH collect({{pos: pos, node: s {ENTITY}, edges: edges}}) AS hop1\n",
        expand("s", 1)
    );
    if depth >= 2 {
        q.push_str(&format!(
            "CALL (hop1) {{\n\
             \x20 UNWIND hop1 AS x\n\
             \x20 UNWIND x.edges AS edge\n\
             \x20 WITH DISTINCT edge.other.key AS k, [y IN hop1 | y.node.key] AS seeds\n\
             \x20 WHERE NOT k IN seeds\n\
             \x20 MATCH (f:Entity {{tenant: $tenant, key: k}})\n\
             \x20 USING INDEX f:Entity(tenant, key)\n\
             {}\n\
             \x20 RETURN collect({{node: f {ENTITY}, edges: edges}}) AS hop2\n\
             }}\n\
             RETURN hop1, hop2\n",
            expand("f", 2)
        ));
    } else {
        q.push_str("RETURN hop1, [] AS hop2\n");
    }
    q.push_str("}\nRETURN qi, hop1, hop2");
    q
}

/// A Lucene phrase for a canonical key (letters, digits and single spaces, so only the quote and
/// backslash could ever need escaping).
pub(crate) fn phrase(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Most distinct words one `find_by_tokens` call searches (Lucene caps boolean clauses at 1024).
pub(crate) const MAX_QUERY_WORDS: usize = 256;

/// Lucene query for entities of `tenant` whose key or an alias key contains one of the words of
/// `tokens`, or `None` when no word is left after canonicalising.
pub(crate) fn token_query(tenant: &str, tokens: &[String]) -> Option<String> {
    let mut words: Vec<String> = Vec::new();
    for t in tokens {
        for w in canonical_key(t).split(' ').filter(|w| !w.is_empty()) {
            if !words.iter().any(|x| x == w) && words.len() < MAX_QUERY_WORDS {
                words.push(w.to_string());
            }
        }
    }
    if words.is_empty() {
        return None;
    }
    let clauses: Vec<String> = words
        .iter()
        .map(|w| format!("key:{p} OR alias_keys:{p}", p = phrase(w)))
        .collect();
    Some(format!(
        "tenant:{} AND ({})",
        phrase(tenant),
        clauses.join(" OR ")
    ))
}

/// Lucene query (for `ALIAS_INDEX`) for entities of `tenant` having one of `keys` among their
/// alias keys: the keyword analyzer turns each quoted key into one exact term (the statement still
/// confirms the match). At most `MAX_QUERY_WORDS` keys per query keeps it under Lucene's clause
/// limit.
pub(crate) fn alias_query(tenant: &str, keys: &[&str]) -> String {
    let phrases: Vec<String> = keys.iter().map(|k| phrase(k)).collect();
    format!(
        "tenant:{} AND alias_keys:({})",
        phrase(tenant),
        phrases.join(" OR ")
    )
}
