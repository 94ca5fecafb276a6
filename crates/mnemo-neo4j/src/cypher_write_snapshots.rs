//! Snapshot tests of the generated write Cypher text (expect-test; `UPDATE_EXPECT=1` to refresh).

use expect_test::expect;
use mnemo_core::RelType;

use crate::cypher_write as w;

/// One statement for every relationship type: the type is a row's parameter, checked against the
/// whitelist before any statement runs (a statement per type cost a plan per type: ~140 ms each on
/// a server that had not seen the type). The fact is found by a variable-length expansion from its
/// bound subject, never by a `MERGE` on the dynamic type, an `OPTIONAL MATCH` or a `COLLECT`
/// subquery between the ends (planned on an empty database, those scan all relationships).
#[test]
fn merge_facts_takes_the_checked_type_as_a_parameter() {
    let rel = RelType::from_predicate("`]->() DETACH DELETE n //");
    assert_eq!(
        w::checked_rel_type(&rel).expect("whitelisted"),
        "DETACH_DELETE_N"
    );
    let text = w::merge_facts();
    assert!(text.contains("CREATE (s)-[r:$(row.rel)]->(o)"), "{text}");
    assert!(
        text.contains("OPTIONAL MATCH (s)-[x*1..1]->(o) WHERE type(x[0]) = row.rel")
            && text.contains("OPTIONAL MATCH (o)<-[x*1..1]-(s) WHERE type(x[0]) = row.rel"),
        "{text}"
    );
    assert!(!text.contains("MERGE"), "{text}");
    assert!(!text.contains('`'), "no type is interpolated: {text}");
    expect![[r#"
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
        RETURN collect(CASE WHEN created THEN row.b END) AS created, collect(elementId(r)) AS ids"#]].assert_eq(&text);
}

#[test]
fn merge_entities_links_mentions_and_sets_labels() {
    expect![[r#"
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
        FOREACH (_ IN CASE WHEN NOT created AND e.type <> row.type AND row.spec > CASE e.type WHEN 'Person' THEN 2 WHEN 'Organization' THEN 2 WHEN 'Location' THEN 2 WHEN 'Event' THEN 2 WHEN 'Date' THEN 2 WHEN 'Concept' THEN 1 WHEN 'Other' THEN 0 ELSE 0 END THEN [1] ELSE [] END |
          REMOVE e:Person:Organization:Location:Event:Date:Concept:Other
          SET e.type = row.type, e:$(row.type))
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
        RETURN collect(CASE WHEN created THEN row.b END) AS created"#]].assert_eq(&w::merge_entities());
}

#[test]
fn episode_and_delete_statements() {
    expect![[r#"
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
        RETURN collect(CASE WHEN created THEN ep.id END) AS created"#]].assert_eq(w::CREATE_EPISODES);
    expect![[r#"
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
        RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted"#]]
    .assert_eq(w::UNLINK_FACTS);
    expect![[r#"
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
        RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted"#]]
    .assert_eq(w::REFRESH_ENTITIES);
}
