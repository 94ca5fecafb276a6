//! Cypher text of the schema bootstrap, the batched writes and the deletes. Every value is a
//! parameter; the only interpolated names are the closed set of entity-type labels and relationship
//! types that pass the `RelType` whitelist (checked again right here).

use mnemo_core::{EntityType, Error, RelType, Result};

/// Name of the full-text index over entity keys and alias keys (per tenant).
pub(crate) const NAME_INDEX: &str = "mnemo_entity_names";

/// Idempotent schema statements, run on every connect.
pub(crate) const SCHEMA: &[&str] = &[
    "CREATE CONSTRAINT mnemo_entity_key IF NOT EXISTS FOR (e:Entity) REQUIRE (e.tenant, e.key) IS UNIQUE",
    "CREATE CONSTRAINT mnemo_episode_id IF NOT EXISTS FOR (ep:Episode) REQUIRE (ep.tenant, ep.id) IS UNIQUE",
    "CREATE CONSTRAINT mnemo_document_id IF NOT EXISTS FOR (d:Document) REQUIRE (d.tenant, d.id) IS UNIQUE",
    // Also the index of key-value prefix scans: equality on (tenant, ns), range on key.
    "CREATE CONSTRAINT mnemo_kv_key IF NOT EXISTS FOR (r:KvRecord) REQUIRE (r.tenant, r.ns, r.key) IS UNIQUE",
    "CREATE CONSTRAINT mnemo_tenant_stats IF NOT EXISTS FOR (s:TenantStats) REQUIRE s.tenant IS UNIQUE",
    "CREATE INDEX mnemo_entity_tenant IF NOT EXISTS FOR (e:Entity) ON (e.tenant)",
    "CREATE INDEX mnemo_entity_mentions IF NOT EXISTS FOR (e:Entity) ON (e.tenant, e.mentions)",
    "CREATE INDEX mnemo_entity_last_seen IF NOT EXISTS FOR (e:Entity) ON (e.tenant, e.last_seen)",
    "CREATE INDEX mnemo_episode_tenant IF NOT EXISTS FOR (ep:Episode) ON (ep.tenant)",
    "CREATE INDEX mnemo_episode_document IF NOT EXISTS FOR (ep:Episode) ON (ep.tenant, ep.document_id)",
    "CREATE INDEX mnemo_document_tenant IF NOT EXISTS FOR (d:Document) ON (d.tenant)",
    // The whitespace analyzer keeps canonical keys' words and tenant ids as exact tokens (no
    // stemming, no stop words); not eventually consistent, so a committed write is found at once.
    "CREATE FULLTEXT INDEX mnemo_entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.tenant, e.key, e.alias_keys] \
     OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}",
    "CALL db.awaitIndexes(300)",
];

pub(crate) const UPSERT_DOCUMENT: &str = "\
MERGE (d:Document {tenant: $tenant, id: $id})
WITH d, d.content_hash IS NULL AS created
SET d.source = $source, d.content_hash = $content_hash, d.created_at = $created_at
RETURN CASE WHEN created THEN 1 ELSE 0 END AS created";

/// Ids of the document's stored episodes that the new version does not have.
pub(crate) const STALE_EPISODES: &str = "\
MATCH (ep:Episode {tenant: $tenant, document_id: $id})
WHERE NOT ep.id IN $keep
RETURN ep.id AS id";

pub(crate) const EXISTING_EPISODES: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
RETURN ep.id AS id";

/// Creates the episodes and links document chunks; returns how many episodes it created (a
/// concurrent writer of the same episode may have created it first).
pub(crate) const CREATE_EPISODES: &str = "\
UNWIND $rows AS row
MERGE (ep:Episode {tenant: $tenant, id: row.id})
WITH ep, row, ep.kind IS NULL AS created
FOREACH (_ IN CASE WHEN created THEN [1] ELSE [] END |
  SET ep.kind = row.kind, ep.content = row.content, ep.created_at = row.created_at,
    ep.source = row.source, ep.content_hash = row.content_hash, ep.document_id = row.document_id,
    ep.span_start = row.span_start, ep.span_end = row.span_end)
WITH ep, row, created
CALL (ep, row) {
  WITH ep, row WHERE row.document_id IS NOT NULL
  MATCH (d:Document {tenant: $tenant, id: row.document_id})
  MERGE (d)-[h:HAS_CHUNK]->(ep)
  ON CREATE SET h.tenant = $tenant
}
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created";

/// `CASE` expression giving the specificity of the entity type held in `expr`.
fn specificity_case(expr: &str) -> String {
    let mut out = format!("CASE {expr}");
    for t in EntityType::ALL {
        out.push_str(&format!(" WHEN '{}' THEN {}", t.as_str(), t.specificity()));
    }
    out.push_str(" ELSE 0 END");
    out
}

/// Merges entities (one row per distinct key of the batch): the first name stays, aliases are the
/// capped union of new surface forms, the type (and its label) only moves to a more specific one.
/// Unchanged aliases are not written again, since every write of them updates the full-text index.
/// Returns how many entities were created.
pub(crate) fn merge_entities() -> String {
    let labels: Vec<&str> = EntityType::ALL.iter().map(|t| t.as_str()).collect();
    let mut q = String::from(
        "\
UNWIND $rows AS row
MERGE (e:Entity {tenant: $tenant, key: row.key})
ON CREATE SET e.name = row.name, e.type = row.type, e.aliases = [], e.mentions = 0, e.top_rels = [],
  e.recent_mentions = [],
  e.alias_keys = CASE WHEN row.name_key = '' OR row.name_key = row.key THEN [] ELSE [row.name_key] END
WITH e, row, e.mentions = 0 AS created,
  reduce(acc = {aliases: e.aliases, keys: e.alias_keys}, f IN row.forms |
    CASE WHEN size(acc.aliases) >= $max_aliases OR f.surface = e.name OR f.surface IN acc.aliases
      THEN acc
      ELSE {aliases: acc.aliases + f.surface,
            keys: CASE WHEN f.key = '' OR f.key = e.key OR f.key IN acc.keys
                    THEN acc.keys ELSE acc.keys + f.key END}
    END) AS merged
FOREACH (_ IN CASE WHEN merged.aliases = e.aliases AND merged.keys = e.alias_keys THEN [] ELSE [1] END |
  SET e.aliases = merged.aliases, e.alias_keys = merged.keys)
WITH e, created, created OR ",
    );
    q.push_str(&specificity_case("row.type"));
    q.push_str(" > ");
    q.push_str(&specificity_case("e.type"));
    q.push_str(" AS retype, row.type AS new_type\n");
    q.push_str(&format!(
        "FOREACH (_ IN CASE WHEN retype THEN [1] ELSE [] END |\n  SET e.type = new_type REMOVE e:{})\n",
        labels.join(":")
    ));
    for l in &labels {
        q.push_str(&format!(
            "FOREACH (_ IN CASE WHEN retype AND new_type = '{l}' THEN [1] ELSE [] END | SET e:{l})\n"
        ));
    }
    q.push_str("RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created");
    q
}

/// Links new episodes to the entities they mention: one row per entity with all its mentions
/// (`row.mentions`, and their earliest and latest time), so no two rows touch the same entity.
/// The count moves only by the MENTIONS edges created here, so a concurrent writer of the same
/// episode cannot count it twice. (A degree count would be cheaper but would also count facts
/// whose predicate happens to be "mentions".)
pub(crate) fn merge_mentions() -> String {
    let mut q = String::from(
        "\
UNWIND $rows AS row
MATCH (e:Entity {tenant: $tenant, key: row.key})
CALL (e, row) {
  UNWIND row.mentions AS m
  MATCH (ep:Episode {tenant: $tenant, id: m.episode})
  WHERE NOT EXISTS { (ep)-[:MENTIONS]->(e) }
  CREATE (ep)-[x:MENTIONS {tenant: $tenant, at: m.at}]->(e)
  RETURN count(*) AS added, collect(elementId(x)) AS new_ids
}
SET e.mentions = e.mentions + added,
  e.first_seen = CASE WHEN e.first_seen IS NULL OR row.first < e.first_seen THEN row.first ELSE e.first_seen END,
  e.last_seen = CASE WHEN e.last_seen IS NULL OR row.last > e.last_seen THEN row.last ELSE e.last_seen END
WITH e, added, new_ids
",
    );
    q.push_str(crate::top_edges::REFRESH_RECENT);
    q.push_str(
        "
SET e.recent_mentions = recent
RETURN sum(added) AS added",
    );
    q
}

/// Re-validates a relationship type right before it becomes query text.
fn checked_rel_type(rel: &RelType) -> Result<&str> {
    let s = rel.as_str();
    let ok = RelType::new(s).is_ok()
        && s.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(s)
    } else {
        Err(Error::InvalidInput(format!(
            "relationship type {s:?} is not allowed in a query"
        )))
    }
}

/// Adds each row's episodes (`row.adds`: episode, at, confidence) to the provenance of the fact
/// `(subject)-[:REL]->(object)`, keeping the parallel lists `episodes`, `episode_times`,
/// `episode_confidences` sorted oldest first, and recomputes the aggregates from them. One row per
/// fact, so no two rows of the statement touch the same relationship. Returns how many facts were
/// created.
pub(crate) fn merge_facts(rel: &RelType) -> Result<String> {
    let rel = checked_rel_type(rel)?;
    Ok(format!(
        "\
UNWIND $rows AS row
MATCH (s:Entity {{tenant: $tenant, key: row.subject}})
MATCH (o:Entity {{tenant: $tenant, key: row.object}})
MERGE (s)-[r:`{rel}`]->(o)
ON CREATE SET r.tenant = $tenant, r.predicate = row.predicate, r.episodes = [],
  r.episode_times = [], r.episode_confidences = []
WITH r, row, size(r.episodes) = 0 AS created
WITH r, created, reduce(acc = {{eps: r.episodes, times: r.episode_times, confs: r.episode_confidences}},
  a IN row.adds |
  CASE WHEN a.episode IN acc.eps THEN acc ELSE
    [pos IN [size([i IN range(0, size(acc.eps) - 1)
        WHERE acc.times[i] < a.at OR (acc.times[i] = a.at AND acc.eps[i] < a.episode)])] |
      {{eps: acc.eps[..pos] + a.episode + acc.eps[pos..],
        times: acc.times[..pos] + a.at + acc.times[pos..],
        confs: acc.confs[..pos] + a.confidence + acc.confs[pos..]}}][0]
  END) AS merged
SET r.episodes = merged.eps, r.episode_times = merged.times, r.episode_confidences = merged.confs,
  r.mentions = size(merged.eps), r.first_seen = merged.times[0], r.last_seen = merged.times[-1],
  r.confidence = reduce(m = 0.0, c IN merged.confs | CASE WHEN c > m THEN c ELSE m END)
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created, collect(elementId(r)) AS ids"
    ))
}

/// The stored episodes among `$ids`, with the keys of the entities each mentions.
pub(crate) const EPISODES_TO_DELETE: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
OPTIONAL MATCH (ep)-[:MENTIONS]->(e:Entity)
RETURN ep.id AS id, collect(e.key) AS keys";

/// Takes the deleted episodes out of the provenance of the facts they stated (found between pairs
/// of entities the episode mentions, so hubs are never scanned) and deletes unsupported facts.
pub(crate) const UNLINK_FACTS: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})-[:MENTIONS]->(s:Entity)
MATCH (ep)-[:MENTIONS]->(o:Entity)
MATCH (s)-[r]->(o)
WHERE id IN r.episodes
WITH r, collect(id) AS gone
WITH r, [i IN range(0, size(r.episodes) - 1) WHERE NOT r.episodes[i] IN gone] AS keep
WITH r, [i IN keep | r.episodes[i]] AS eps, [i IN keep | r.episode_times[i]] AS times,
  [i IN keep | r.episode_confidences[i]] AS confs
SET r.episodes = eps, r.episode_times = times, r.episode_confidences = confs,
  r.mentions = size(eps), r.first_seen = times[0], r.last_seen = times[-1],
  r.confidence = reduce(m = 0.0, c IN confs | CASE WHEN c > m THEN c ELSE m END)
WITH r, size(eps) = 0 AS dead
FOREACH (_ IN CASE WHEN dead THEN [1] ELSE [] END | DELETE r)
RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted";

pub(crate) const DELETE_EPISODES: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
DETACH DELETE ep
RETURN count(*) AS deleted";

/// Recomputes the aggregates of entities that lost mentions from their remaining MENTIONS edges
/// and deletes the ones nobody mentions any more.
pub(crate) const REFRESH_ENTITIES: &str = "\
UNWIND $keys AS key
MATCH (e:Entity {tenant: $tenant, key: key})
CALL (e) {
  OPTIONAL MATCH (e)<-[m:MENTIONS]-(:Episode)
  RETURN count(m) AS n, min(m.at) AS first, max(m.at) AS last
}
SET e.mentions = n, e.first_seen = first, e.last_seen = last
WITH e, n = 0 AS dead
FOREACH (_ IN CASE WHEN dead THEN [1] ELSE [] END | DETACH DELETE e)
RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted";

pub(crate) const DOCUMENT_EPISODES: &str = "\
MATCH (d:Document {tenant: $tenant, id: $id})
OPTIONAL MATCH (ep:Episode {tenant: $tenant, document_id: $id})
RETURN d.id AS id, collect(ep.id) AS ids";

pub(crate) const DELETE_DOCUMENT: &str = "\
MATCH (d:Document {tenant: $tenant, id: $id})
DETACH DELETE d
RETURN count(*) AS deleted";
