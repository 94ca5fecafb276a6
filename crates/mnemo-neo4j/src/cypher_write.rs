//! Cypher text of the schema bootstrap, the batched writes and the deletes. Every value is a
//! parameter; the only interpolated names are the closed set of entity-type labels and relationship
//! types that pass the `RelType` whitelist (checked again right here). The statements a write runs
//! start with `CYPHER replan=skip`: their plans are pinned by index hints and tenant-scoped element
//! ids, so recompiling them when the statistics move (1-1.5 s for all of them) would buy nothing
//! but a stall (docs/neo4j.md).

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
    // Neighbour reads walk a thread (session, document or neither) in time order.
    "CREATE INDEX mnemo_episode_thread IF NOT EXISTS FOR (ep:Episode) ON (ep.tenant, ep.thread, ep.created_at)",
    "CREATE INDEX mnemo_document_tenant IF NOT EXISTS FOR (d:Document) ON (d.tenant)",
    // Finds episodes an older text analysis indexed (`text::OLDER_ANALYSIS_TENANTS`) on connect.
    "CREATE INDEX mnemo_episode_analysis IF NOT EXISTS FOR (ep:Episode) ON (ep.analysis)",
    // The whitespace analyzer keeps canonical keys' words and tenant ids as exact tokens (no
    // stemming, no stop words); not eventually consistent, so a committed write is found at once.
    "CREATE FULLTEXT INDEX mnemo_entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.tenant, e.key, e.alias_keys] \
     OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}",
    "CALL db.awaitIndexes(300)",
];

/// Upserts the documents of a write (one row each); returns how many it created.
pub(crate) const UPSERT_DOCUMENTS: &str = "\
CYPHER replan=skip
UNWIND $docs AS doc
MERGE (d:Document {tenant: $tenant, id: doc.id})
WITH d, doc, d.content_hash IS NULL AS created
SET d.source = doc.source, d.content_hash = doc.content_hash, d.created_at = doc.created_at,
  d.name = last(split(replace(doc.source, '\\\\', '/'), '/'))
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created";

/// Ids of the documents' stored episodes that their new versions do not have (`doc.keep`).
pub(crate) const STALE_EPISODES: &str = "\
CYPHER replan=skip
UNWIND $docs AS doc
MATCH (ep:Episode {tenant: $tenant, document_id: doc.id})
USING INDEX ep:Episode(tenant, document_id)
WHERE NOT ep.id IN doc.keep
RETURN doc.id AS doc, ep.id AS id";

/// Creates the episodes not stored yet and links document chunks; returns the ids of the episodes
/// it created. An episode another transaction created first is matched (its unique-constraint
/// lock makes this one wait for that commit), so only episodes created here are listed: nothing
/// else can have linked them yet, which lets the later statements create their edges and extend
/// provenance lists without checking for duplicates.
pub(crate) const CREATE_EPISODES: &str = "\
CYPHER replan=skip
UNWIND $rows AS row
MERGE (ep:Episode {tenant: $tenant, id: row.id})
WITH ep, row, ep.kind IS NULL AS created
FOREACH (_ IN CASE WHEN created THEN [1] ELSE [] END |
  SET ep.kind = row.kind, ep.content = row.content, ep.created_at = row.created_at,
    ep.source = row.source, ep.content_hash = row.content_hash, ep.document_id = row.document_id,
    ep.span_start = row.span_start, ep.span_end = row.span_end, ep.speaker = row.speaker,
    ep.session = row.session, ep.thread = row.thread, ep.terms = row.terms,
    ep.speaker_terms = row.speaker_terms, ep.name = row.name, ep.analysis = $analysis)
WITH ep, row, created
CALL (ep, row) {
  WITH ep, row WHERE row.document_id IS NOT NULL
  MATCH (d:Document {tenant: $tenant, id: row.document_id})
  USING INDEX d:Document(tenant, id)
  MERGE (d)-[h:HAS_CHUNK]->(ep)
  ON CREATE SET h.tenant = $tenant
}
RETURN collect(CASE WHEN created THEN ep.id END) AS created";

/// `CASE` expression giving the specificity of the entity type held in `expr`.
fn specificity_case(expr: &str) -> String {
    let mut out = format!("CASE {expr}");
    for t in EntityType::ALL {
        out.push_str(&format!(" WHEN '{}' THEN {}", t.as_str(), t.specificity()));
    }
    out.push_str(" ELSE 0 END");
    out
}

/// Merges entities (one row per distinct key of the write) and links them to the new episodes
/// that mention them (`row.mentions`, created by this transaction, so the edges are new; each
/// names its episode by position in `$episodes`, looked up once per statement rather than once per
/// mention: a chunk has one or a few episodes and a thousand mentions). The episodes exist, so the
/// collected list keeps the positions of `$episodes`. The first name stays, aliases are the capped
/// union of new surface forms (merged only when a form is new to the entity: most rows repeat its
/// name), the type (and its label) only moves to a more specific one (`row.spec`, the specificity
/// of the row's type, is computed by the caller), the mention count moves by the edges created
/// here, and the `recent_mentions` list takes the new edges. Unchanged aliases are not written again, since every
/// write of them updates the full-text index. Returns the batch index (`row.b`) of every entity it
/// created.
pub(crate) fn merge_entities() -> String {
    let labels: Vec<&str> = EntityType::ALL.iter().map(|t| t.as_str()).collect();
    let mut q = String::from(
        "\
CYPHER replan=skip
UNWIND range(0, size($episodes) - 1) AS i
MATCH (ep:Episode {tenant: $tenant, id: $episodes[i]})
USING INDEX ep:Episode(tenant, id)
WITH i, ep ORDER BY i
WITH collect(ep) AS eps
UNWIND $rows AS row
MERGE (e:Entity {tenant: $tenant, key: row.key})
ON CREATE SET e.name = row.name, e.type = row.type, e:$(row.type), e.aliases = [], e.mentions = 0,
  e.alias_keys = row.create_keys
WITH eps, e, row, e.mentions = 0 AS created, e.last_seen AS old_last,
  CASE WHEN all(f IN row.forms WHERE f.surface = e.name OR f.surface IN e.aliases) THEN null
  ELSE reduce(acc = {aliases: e.aliases, keys: e.alias_keys}, f IN row.forms |
    CASE WHEN size(acc.aliases) >= $max_aliases OR f.surface = e.name OR f.surface IN acc.aliases
      THEN acc
      ELSE {aliases: acc.aliases + f.surface,
            keys: acc.keys + [k IN f.keys WHERE k <> e.key AND NOT k IN acc.keys]}
    END) END AS merged
FOREACH (_ IN CASE WHEN merged IS NULL OR (merged.aliases = e.aliases AND merged.keys = e.alias_keys)
    THEN [] ELSE [1] END |
  SET e.aliases = merged.aliases, e.alias_keys = merged.keys)
FOREACH (_ IN CASE WHEN NOT created AND e.type <> row.type AND row.spec > ",
    );
    q.push_str(&specificity_case("e.type"));
    q.push_str(&format!(
        " THEN [1] ELSE [] END |\n  REMOVE e:{}\n  SET e.type = row.type, e:$(row.type))\n",
        labels.join(":")
    ));
    q.push_str(
        "\
SET e.mentions = e.mentions + size(row.mentions),
  e.first_seen = CASE WHEN e.first_seen IS NULL OR row.first < e.first_seen THEN row.first ELSE e.first_seen END,
  e.last_seen = CASE WHEN e.last_seen IS NULL OR row.last > e.last_seen THEN row.last ELSE e.last_seen END
WITH eps, e, row, created, old_last
CALL (eps, e, row) {
  UNWIND row.mentions AS m
  WITH eps[m.ep] AS ep, m
  CREATE (ep)-[x:MENTIONS {tenant: $tenant, at: m.at}]->(e)
  WITH x, m ORDER BY m.at DESC, $episodes[m.ep] DESC
  RETURN collect(elementId(x)) AS new_ids
}
",
    );
    q.push_str(crate::top_edges::REFRESH_RECENT);
    q.push_str("RETURN collect(CASE WHEN created THEN row.b END) AS created");
    q
}

/// Re-validates a relationship type right before it reaches a statement (as the parameter of a
/// dynamic type, `$(row.rel)`).
pub(crate) fn checked_rel_type(rel: &RelType) -> Result<&str> {
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

/// Adds each row's new episodes (`row.eps`, `row.times`, `row.confs`, `row.occs`, sorted oldest
/// first) to the provenance of the fact `(subject)-[:REL]->(object)`, `REL` being the row's
/// checked type (`row.rel`, a dynamic type: one statement for every type of a write, where one
/// statement per type took a round trip and a query plan each).
///
/// The fact is looked up with a one-hop variable-length pattern, planned as an expansion between
/// the two bound nodes (`VarLengthExpand(Into)`) on an empty database as on a loaded one. It reads
/// every relationship of the end it starts from, so it starts from the end with fewer (the
/// subject's outgoing or the object's incoming, degrees the node keeps): a hub's new fact costs
/// the other end's degree, not the hub's. Every fixed-length form plans, on an empty database, a
/// scan of every relationship of the database per row (`DirectedAllRelationshipsScan`), and
/// `replan=skip` keeps that plan for the server's life: `MERGE` on a dynamic type, an `OPTIONAL
/// MATCH` or `MATCH` between the ends, and a `COLLECT { MATCH (s)-[x]->(o) ... }` subquery (its
/// nested plan does not show in `EXPLAIN`; on a fresh server it stalled one statement of the
/// writer benchmark past the driver's 10 s receive timeout).
///
/// The fact is created when missing without `MERGE`'s locks: the entity statement of the same
/// transaction has already written both ends (a fact's ends are among its episode's entities), so
/// this transaction holds their locks and a concurrent writer of the same fact waits for the
/// commit, then finds it. The parallel lists `episodes`, `episode_times`, `episode_confidences`,
/// `episode_occurred` (each episode's event time, "" for none) stay sorted oldest first, and the
/// aggregates are recomputed from them (`occurred`: the oldest event time given). A fact written
/// before event times were kept has no `episode_occurred`; it counts as all "" and is filled in
/// here. The episodes are new (created by this transaction), so none is in the lists yet: a new
/// fact takes the rows' lists as they are, and lists whose episodes are all older are appended to;
/// only out-of-order additions are inserted one by one. One row per fact, so no two rows of the
/// statement touch the same relationship. Returns the batch index (`row.b`) of every fact it
/// created, and the element ids of all the facts it touched.
pub(crate) fn merge_facts() -> String {
    "\
CYPHER replan=skip
UNWIND $rows AS row
MATCH (s:Entity {tenant: $tenant, key: row.subject})
USING INDEX s:Entity(tenant, key)
MATCH (o:Entity {tenant: $tenant, key: row.object})
USING INDEX o:Entity(tenant, key)
CALL (s, o, row) {
  WITH s, o, row WHERE COUNT { (s)-->() } <= COUNT { (o)<--() }
  OPTIONAL MATCH (s)-[x*1..1]->(o) WHERE type(x[0]) = row.rel
  RETURN x[0] AS old
  UNION ALL
  WITH s, o, row WHERE COUNT { (s)-->() } > COUNT { (o)<--() }
  OPTIONAL MATCH (o)<-[x*1..1]-(s) WHERE type(x[0]) = row.rel
  RETURN x[0] AS old
}
CALL (s, o, row, old) {
  WITH s, o, row WHERE old IS NULL
  CREATE (s)-[r:$(row.rel)]->(o)
  SET r.tenant = $tenant, r.predicate = row.predicate, r.episodes = [],
    r.episode_times = [], r.episode_confidences = [], r.episode_occurred = []
  RETURN r
  UNION
  WITH old WHERE old IS NOT NULL
  RETURN old AS r
}
WITH r, row, size(r.episodes) = 0 AS created,
  coalesce(r.episode_occurred, [e IN r.episodes | '']) AS occs
WITH r, row, created, CASE
  WHEN created THEN {eps: row.eps, times: row.times, confs: row.confs, occs: row.occs}
  WHEN row.times[0] > r.last_seen THEN {eps: r.episodes + row.eps,
    times: r.episode_times + row.times, confs: r.episode_confidences + row.confs,
    occs: occs + row.occs}
  ELSE reduce(acc = {eps: r.episodes, times: r.episode_times, confs: r.episode_confidences,
      occs: occs},
    i IN range(0, size(row.eps) - 1) |
    [pos IN [size([j IN range(0, size(acc.eps) - 1)
        WHERE acc.times[j] < row.times[i] OR (acc.times[j] = row.times[i] AND acc.eps[j] < row.eps[i])])] |
      {eps: acc.eps[..pos] + row.eps[i] + acc.eps[pos..],
        times: acc.times[..pos] + row.times[i] + acc.times[pos..],
        confs: acc.confs[..pos] + row.confs[i] + acc.confs[pos..],
        occs: acc.occs[..pos] + row.occs[i] + acc.occs[pos..]}][0])
  END AS merged
SET r.episodes = merged.eps, r.episode_times = merged.times, r.episode_confidences = merged.confs,
  r.episode_occurred = merged.occs, r.occurred = head([t IN merged.occs WHERE t <> '']),
  r.mentions = size(merged.eps), r.first_seen = merged.times[0], r.last_seen = merged.times[-1],
  r.confidence = reduce(m = 0.0, c IN merged.confs | CASE WHEN c > m THEN c ELSE m END)
RETURN collect(CASE WHEN created THEN row.b END) AS created, collect(elementId(r)) AS ids"
        .to_string()
}

/// The stored episodes among `$ids`, with the keys of the entities each mentions.
pub(crate) const EPISODES_TO_DELETE: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
USING INDEX ep:Episode(tenant, id)
OPTIONAL MATCH (ep)-[:MENTIONS]->(e:Entity)
RETURN ep.id AS id, collect(e.key) AS keys";

/// Takes the deleted episodes out of the provenance of the facts they stated (found between pairs
/// of entities the episode mentions, so hubs are never scanned), with their event times, and
/// deletes unsupported facts.
pub(crate) const UNLINK_FACTS: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})-[:MENTIONS]->(s:Entity)
USING INDEX ep:Episode(tenant, id)
MATCH (ep)-[:MENTIONS]->(o:Entity)
MATCH (s)-[r]->(o)
WHERE id IN r.episodes
WITH r, collect(id) AS gone
WITH r, [i IN range(0, size(r.episodes) - 1) WHERE NOT r.episodes[i] IN gone] AS keep
WITH r, [i IN keep | r.episodes[i]] AS eps, [i IN keep | r.episode_times[i]] AS times,
  [i IN keep | r.episode_confidences[i]] AS confs,
  [i IN keep | coalesce(r.episode_occurred[i], '')] AS occs
SET r.episodes = eps, r.episode_times = times, r.episode_confidences = confs,
  r.episode_occurred = occs, r.occurred = head([t IN occs WHERE t <> '']),
  r.mentions = size(eps), r.first_seen = times[0], r.last_seen = times[-1],
  r.confidence = reduce(m = 0.0, c IN confs | CASE WHEN c > m THEN c ELSE m END)
WITH r, size(eps) = 0 AS dead
FOREACH (_ IN CASE WHEN dead THEN [1] ELSE [] END | DELETE r)
RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted";

pub(crate) const DELETE_EPISODES: &str = "\
UNWIND $ids AS id
MATCH (ep:Episode {tenant: $tenant, id: id})
USING INDEX ep:Episode(tenant, id)
DETACH DELETE ep
RETURN count(*) AS deleted";

/// Recomputes the aggregates of entities that lost mentions from their remaining MENTIONS edges
/// and deletes the ones nobody mentions any more.
pub(crate) const REFRESH_ENTITIES: &str = "\
UNWIND $keys AS key
MATCH (e:Entity {tenant: $tenant, key: key})
USING INDEX e:Entity(tenant, key)
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
USING INDEX d:Document(tenant, id)
OPTIONAL MATCH (ep:Episode {tenant: $tenant, document_id: $id})
USING INDEX ep:Episode(tenant, document_id)
RETURN d.id AS id, collect(ep.id) AS ids";

pub(crate) const DELETE_DOCUMENT: &str = "\
MATCH (d:Document {tenant: $tenant, id: $id})
USING INDEX d:Document(tenant, id)
DETACH DELETE d
RETURN count(*) AS deleted";
