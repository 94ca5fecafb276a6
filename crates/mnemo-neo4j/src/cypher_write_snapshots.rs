//! Snapshot tests of the generated write Cypher text (expect-test; `UPDATE_EXPECT=1` to refresh).

use expect_test::expect;
use mnemo_core::RelType;

use crate::cypher_write as w;

fn merge_facts_interpolates_only_the_checked_type() {
    let rel = RelType::from_predicate("`]->() DETACH DELETE n //");
    let text = w::merge_facts(&rel).expect("whitelisted type");
    assert!(
        text.contains("MERGE (s)-[r:`DETACH_DELETE_N`]->(o)"),
        "{text}"
    );
    expect![[r#"
        UNWIND $rows AS row
        MATCH (s:Entity {tenant: $tenant, key: row.subject})
        MATCH (o:Entity {tenant: $tenant, key: row.object})
        MERGE (s)-[r:`DETACH_DELETE_N`]->(o)
        ON CREATE SET r.tenant = $tenant, r.predicate = row.predicate, r.episodes = [],
          r.episode_times = [], r.episode_confidences = []
        WITH r, row, size(r.episodes) = 0 AS created
        WITH r, created, reduce(acc = {eps: r.episodes, times: r.episode_times, confs: r.episode_confidences},
          a IN row.adds |
          CASE WHEN a.episode IN acc.eps THEN acc ELSE
            [pos IN [size([i IN range(0, size(acc.eps) - 1)
                WHERE acc.times[i] < a.at OR (acc.times[i] = a.at AND acc.eps[i] < a.episode)])] |
              {eps: acc.eps[..pos] + a.episode + acc.eps[pos..],
                times: acc.times[..pos] + a.at + acc.times[pos..],
                confs: acc.confs[..pos] + a.confidence + acc.confs[pos..]}][0]
          END) AS merged
        SET r.episodes = merged.eps, r.episode_times = merged.times, r.episode_confidences = merged.confs,
          r.mentions = size(merged.eps), r.first_seen = merged.times[0], r.last_seen = merged.times[-1],
          r.confidence = reduce(m = 0.0, c IN merged.confs | CASE WHEN c > m THEN c ELSE m END)
        RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created, collect(elementId(r)) AS ids"#]].assert_eq(&text);
}

#[test]
fn merge_entities_sets_type_labels_from_the_closed_set() {
    expect![[r#"
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
        WITH e, created, created OR CASE row.type WHEN 'Person' THEN 2 WHEN 'Organization' THEN 2 WHEN 'Location' THEN 2 WHEN 'Event' THEN 2 WHEN 'Date' THEN 2 WHEN 'Concept' THEN 1 WHEN 'Other' THEN 0 ELSE 0 END > CASE e.type WHEN 'Person' THEN 2 WHEN 'Organization' THEN 2 WHEN 'Location' THEN 2 WHEN 'Event' THEN 2 WHEN 'Date' THEN 2 WHEN 'Concept' THEN 1 WHEN 'Other' THEN 0 ELSE 0 END AS retype, row.type AS new_type
        FOREACH (_ IN CASE WHEN retype THEN [1] ELSE [] END |
          SET e.type = new_type REMOVE e:Person:Organization:Location:Event:Date:Concept:Other)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Person' THEN [1] ELSE [] END | SET e:Person)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Organization' THEN [1] ELSE [] END | SET e:Organization)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Location' THEN [1] ELSE [] END | SET e:Location)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Event' THEN [1] ELSE [] END | SET e:Event)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Date' THEN [1] ELSE [] END | SET e:Date)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Concept' THEN [1] ELSE [] END | SET e:Concept)
        FOREACH (_ IN CASE WHEN retype AND new_type = 'Other' THEN [1] ELSE [] END | SET e:Other)
        RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created"#]].assert_eq(&w::merge_entities());
}

#[test]
fn mention_and_delete_statements() {
    expect![[r#"
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
        CALL (e, new_ids) {
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
          RETURN collect(elementId(m)) AS recent
        }
        SET e.recent_mentions = recent
        RETURN sum(added) AS added"#]].assert_eq(&w::merge_mentions());
    expect![[r#"
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
        RETURN sum(CASE WHEN dead THEN 1 ELSE 0 END) AS deleted"#]]
    .assert_eq(w::UNLINK_FACTS);
    expect![[r#"
        UNWIND $keys AS key
        MATCH (e:Entity {tenant: $tenant, key: key})
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
