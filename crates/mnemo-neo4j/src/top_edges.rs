//! Each entity's best edges, materialised so that a neighbourhood hop costs its fan-out cap, not the
//! degree of the node it expands.
//!
//! Why: Neo4j keeps a node's relationships in an unordered chain, so `MATCH (n)-[r]-() ... ORDER BY
//! ... LIMIT k` reads every relationship of `n` (and, for the rank ties, both end nodes' keys):
//! 90-180 ms for a 3k-edge hub, and hubs sit at hop 2 of almost every query. Instead every entity
//! with more than `TOP_EDGES` relationships carries `top_rels`, the element ids of its `TOP_EDGES`
//! highest-ranked facts (both directions, in the contract's order: mentions, confidence, last_seen
//! descending, then subject, type, object), and a hop with a cap of at most `TOP_EDGES` reads
//! `top_rels[..cap]` by id. Smaller entities keep none (null): reading all their edges costs no
//! more than the list, and the long tail is most of the entities a write touches, so the write
//! saves ranking them. `recent_mentions` is kept the same way, past `RECENT_MENTIONS` mentions.
//!
//! Upkeep is exact and cheap on writes: a write only raises the rank of the facts it touches
//! (mentions, confidence and last_seen never go down), so a node's new top list is the best
//! `TOP_EDGES` of its old list plus the facts the batch changed (`REFRESH_TOP`). Deletes lower ranks
//! and remove facts, so they rebuild the lists of the entities they touch from all their edges
//! (`REBUILD_TOP`). Entities written before this existed have no list either and are expanded the
//! same way until `Neo4jStore::rebuild_top_edges` (or a write touching them) gives them one.

/// Edge rank of the neighbourhood contract: mentions, confidence, last_seen (all descending), then
/// (subject, rel_type, object) ascending.
pub(crate) const EDGE_ORDER: &str = "r.mentions DESC, r.confidence DESC, r.last_seen DESC, \
                          startNode(r).key, type(r), endNode(r).key";

/// Length of every entity's `top_rels` list: the largest per-hop fan-out served from it.
pub(crate) const TOP_EDGES: usize = 64;

/// Length of every entity's `recent_mentions` list (element ids of its newest MENTIONS edges, by
/// `at` then episode id, descending): the largest `mentions_of` limit served from it. The same
/// upkeep as `top_rels`: writes only add mentions, so the new list is the newest of the old list
/// plus the added edges; deletes rebuild it.
pub(crate) const RECENT_MENTIONS: usize = 32;

/// `top` parameter value.
pub(crate) fn top_param() -> i64 {
    TOP_EDGES as i64
}

/// `recent` parameter value.
pub(crate) fn recent_param() -> i64 {
    RECENT_MENTIONS as i64
}

/// Sets `e.recent_mentions` for entity `e` (in scope with `row`, `old_last` = its `last_seen` before
/// this write, and `new_ids` = its new MENTIONS edges, newest first; `e.mentions` already counts
/// them). Only a rebuild reads edges, in a subquery that every other row leaves at once (one arm,
/// not a union of three: the list is chosen by a `CASE` after it).
/// An entity with at most `RECENT_MENTIONS` mentions keeps no list (null: readers take all its
/// mentions, which costs no more than the list). When every new edge is newer than all the old
/// ones (the usual case: time moves forward) the list is the new edges followed by the old list,
/// cut to length, without reading any edge; otherwise it is rebuilt from the old list plus the new
/// edges, or from all its mentions when it has no list yet.
pub(crate) const REFRESH_RECENT: &str = "\
WITH e, row, created, new_ids, CASE
  WHEN e.recent_mentions IS NULL AND e.mentions <= $recent THEN 'none'
  WHEN e.recent_mentions IS NOT NULL AND
    (size(e.recent_mentions) = 0 OR coalesce(row.first > old_last, false)) THEN 'append'
  ELSE 'rebuild' END AS how
CALL (e, new_ids, how) {
  WITH e, new_ids WHERE how = 'rebuild'
  CALL (e, new_ids) {
    WITH e, new_ids WHERE e.recent_mentions IS NOT NULL
    UNWIND e.recent_mentions + new_ids AS rid
    WITH DISTINCT rid
    MATCH (ep:Episode)-[m:MENTIONS]->() WHERE elementId(m) = rid
    RETURN m, ep
    UNION
    WITH e WHERE e.recent_mentions IS NULL
    MATCH (e)<-[m:MENTIONS]-(ep:Episode)
    RETURN m, ep
  }
  WITH m, ep ORDER BY m.at DESC, ep.id DESC LIMIT $recent
  RETURN collect(elementId(m)) AS rebuilt
}
FOREACH (_ IN CASE WHEN how = 'none' THEN [] ELSE [1] END |
  SET e.recent_mentions = CASE how WHEN 'append' THEN (new_ids + e.recent_mentions)[..$recent]
    ELSE rebuilt END)
";

/// Whether fact `x` ranks above fact `l` in `EDGE_ORDER` (distinct facts never tie).
fn ranks_above(x: &str, l: &str) -> String {
    format!(
        "({x}.mentions > {l}.mentions OR ({x}.mentions = {l}.mentions AND \
         ({x}.confidence > {l}.confidence OR ({x}.confidence = {l}.confidence AND \
         ({x}.last_seen > {l}.last_seen OR ({x}.last_seen = {l}.last_seen AND \
         (startNode({x}).key < startNode({l}).key OR (startNode({x}).key = startNode({l}).key AND \
         (type({x}) < type({l}) OR (type({x}) = type({l}) AND endNode({x}).key < endNode({l}).key))))))))))"
    )
}

/// The best `$top` facts of `n` among its old list and the facts `changed` (element ids), or among
/// all its facts when it has no list yet. A node with at most `$top` relationships of any kind
/// keeps no list (null): a hop over it reads all its edges, which costs no more than the list, and
/// the write saves reading and ranking them.
///
/// With `$skip`, a node whose list is full, holds none of the changed facts, and ranks every
/// changed fact below its last one keeps its list as it is, read from one edge instead of ranking
/// `$top` of them: ranks only rise on writes, so its members kept their order and the changed
/// facts stay out. That needs every fact the write changed in this one statement (the caller sets
/// `$skip` only then): were the last member changed in another statement of the write, its rank
/// could have risen past facts that now belong in the list.
pub(crate) fn refresh_top() -> String {
    format!(
        "\
CYPHER replan=skip
UNWIND $ids AS id
MATCH ()-[f]->() WHERE elementId(f) = id AND f.tenant = $tenant
UNWIND [startNode(f), endNode(f)] AS n
WITH n, collect(DISTINCT f) AS changed
WHERE n.top_rels IS NOT NULL OR COUNT {{ (n)--() }} > $top
WITH n, changed, CASE WHEN $skip AND size(n.top_rels) = $top
  AND none(x IN changed WHERE elementId(x) IN n.top_rels) THEN n.top_rels[-1] END AS last_id
OPTIONAL MATCH ()-[l]->() WHERE elementId(l) = last_id AND l.tenant = $tenant
WITH n, changed, l
WHERE l IS NULL OR any(x IN changed WHERE {above})
CALL (n, changed) {{
  CALL (n, changed) {{
    WITH n, changed WHERE n.top_rels IS NOT NULL
    UNWIND n.top_rels + [x IN changed | elementId(x)] AS rid
    WITH DISTINCT rid
    MATCH ()-[r]->() WHERE elementId(r) = rid AND r.tenant = $tenant
    RETURN r
    UNION
    WITH n WHERE n.top_rels IS NULL
    MATCH (n)-[r]-(:Entity)
    RETURN r
  }}
  WITH r ORDER BY {EDGE_ORDER} LIMIT $top
  RETURN collect(elementId(r)) AS top
}}
SET n.top_rels = top",
        above = ranks_above("x", "l")
    )
}

/// The best `$top` facts and newest `$recent` mentions of `n`, from all its edges.
fn rebuild_one() -> String {
    format!(
        "\
  CALL (n) {{
    MATCH (n)-[r]-(:Entity)
    WITH DISTINCT r
    WITH r ORDER BY {EDGE_ORDER} LIMIT $top
    RETURN collect(elementId(r)) AS top
  }}
  CALL (n) {{
    MATCH (n)<-[m:MENTIONS]-(ep:Episode)
    WITH m, ep ORDER BY m.at DESC, ep.id DESC LIMIT $recent
    RETURN collect(elementId(m)) AS recent
  }}
  SET n.top_rels = top, n.recent_mentions = recent"
    )
}

/// Rebuilds the lists of the entities `$keys` (after deletes).
pub(crate) fn rebuild_top() -> String {
    format!(
        "UNWIND $keys AS key\nMATCH (n:Entity {{tenant: $tenant, key: key}})\nUSING INDEX n:Entity(tenant, key)\nCALL (n) {{\n{}\n}}",
        rebuild_one()
    )
}

/// Gives the entities of `$tenant` that writes would have given lists (more than `$top`
/// relationships, or more than `$recent` mentions) and that have none their lists, in committed
/// chunks (a migration). Smaller entities stay without, as writes leave them: giving all of them
/// lists made a migrated graph differ from a written one (every write then refreshed the lists of
/// the long tail, and benchmarks on migrated tenants measured a graph no writer makes).
pub(crate) fn backfill_top() -> String {
    format!(
        "MATCH (n:Entity {{tenant: $tenant}})\n\
         WHERE (n.top_rels IS NULL AND COUNT {{ (n)--() }} > $top)\n\
         \x20  OR (n.recent_mentions IS NULL AND n.mentions > $recent)\n\
         CALL (n) {{\n{}\n}} IN TRANSACTIONS OF 1000 ROWS",
        rebuild_one()
    )
}
