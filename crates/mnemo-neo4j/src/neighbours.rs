//! Reads around episodes: their neighbours (the episodes just before and after them in their
//! thread: the same session, else document, else a speaker's turns of the tenant), read through
//! the `(tenant, thread, created_at)` index in time order, document chunks by their position; and
//! the entities they mention. One statement for all the asked episodes each.

use mnemo_core::{
    EntityKey, EpisodeEntities, EpisodeNeighbours, Error, Result, Tenant, MAX_NEIGHBOUR_WINDOW,
};
use neo4rs::{query, Graph};

use crate::db::read_rows;

/// The episodes on one side of `ep` in (created_at, span start, id) order, nearest first, at most
/// `$window`: `cmp` is `<` for those before, `>` for those after. Two reads, so that each walks
/// the `(tenant, thread, created_at)` index in order and stops at the window: the episodes of the
/// same instant (a document's chunks), ordered by position then id, and those strictly earlier
/// (or later). Asking both in one `WHERE` with an `OR` made the planner read and sort the whole
/// side of the thread, which grows without bound in a long conversation.
fn side(cmp: &str, order: &str, name: &str) -> String {
    format!(
        "CALL (ep) {{\n  \
           OPTIONAL MATCH (p:Episode)\n  \
           USING INDEX p:Episode(tenant, thread, created_at)\n  \
           WHERE p.tenant = $tenant AND p.thread = ep.thread AND p.created_at = ep.created_at\n    \
             AND (coalesce(p.span_start, 0) {cmp} coalesce(ep.span_start, 0)\n      \
               OR (coalesce(p.span_start, 0) = coalesce(ep.span_start, 0) AND p.id {cmp} ep.id))\n  \
           WITH p ORDER BY coalesce(p.span_start, 0) {order}, p.id {order} LIMIT $window\n  \
           RETURN collect(p.id) AS same\n\
         }}\n\
         CALL (ep) {{\n  \
           OPTIONAL MATCH (p:Episode)\n  \
           USING INDEX p:Episode(tenant, thread, created_at)\n  \
           WHERE p.tenant = $tenant AND p.thread = ep.thread AND p.created_at {cmp} ep.created_at\n  \
           WITH p ORDER BY p.created_at {order}, coalesce(p.span_start, 0) {order}, p.id {order} \
           LIMIT $window\n  \
           RETURN collect(p.id) AS other\n\
         }}\n\
         WITH *, (same + other)[..$window] AS {name}"
    )
}

pub(crate) fn neighbours_cypher() -> String {
    format!(
        "UNWIND $ids AS id\n\
         MATCH (ep:Episode {{tenant: $tenant, id: id}})\n\
         USING INDEX ep:Episode(tenant, id)\n\
         {before}\n\
         WITH id, ep, before\n\
         {after}\n\
         RETURN id, before, after",
        before = side("<", "DESC", "before"),
        after = side(">", "ASC", "after"),
    )
}

pub(crate) async fn episode_neighbours(
    graph: &Graph,
    t: &Tenant,
    ids: &[String],
    window: usize,
) -> Result<Vec<EpisodeNeighbours>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let q = query(&neighbours_cypher())
        .param("tenant", t.as_str())
        .param("ids", ids.to_vec())
        .param(
            "window",
            i64::try_from(window.min(MAX_NEIGHBOUR_WINDOW)).unwrap_or(i64::MAX),
        );
    let bad = |e: neo4rs::DeError| Error::Internal(format!("neighbour row: {e}"));
    let mut found: Vec<EpisodeNeighbours> = Vec::new();
    for row in read_rows(graph, q).await? {
        found.push(EpisodeNeighbours {
            episode: row.get("id").map_err(bad)?,
            before: row.get("before").map_err(bad)?,
            after: row.get("after").map_err(bad)?,
        });
    }
    // In the order asked (the statement's rows come in any order).
    let out: Vec<EpisodeNeighbours> = ids
        .iter()
        .filter_map(|id| found.iter().find(|n| &n.episode == id).cloned())
        .collect();
    Ok(out)
}

pub(crate) const EPISODE_ENTITIES: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
USING INDEX ep:Episode(tenant, id)
OPTIONAL MATCH (ep)-[:MENTIONS]->(e:Entity)
WITH id, e.key AS key ORDER BY key
RETURN id, collect(key) AS keys";

pub(crate) async fn episode_entities(
    graph: &Graph,
    t: &Tenant,
    ids: &[String],
) -> Result<Vec<EpisodeEntities>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let q = query(EPISODE_ENTITIES)
        .param("tenant", t.as_str())
        .param("ids", ids.to_vec());
    let bad = |e: neo4rs::DeError| Error::Internal(format!("episode entities row: {e}"));
    let mut found: Vec<EpisodeEntities> = Vec::new();
    for row in read_rows(graph, q).await? {
        let keys: Vec<String> = row.get("keys").map_err(bad)?;
        found.push(EpisodeEntities {
            episode: row.get("id").map_err(bad)?,
            entities: keys.into_iter().map(EntityKey::from_stored).collect(),
        });
    }
    Ok(ids
        .iter()
        .filter_map(|id| found.iter().find(|n| &n.episode == id).cloned())
        .collect())
}
