//! Snapshot tests of the generated read Cypher text (expect-test; `UPDATE_EXPECT=1` to refresh).

use expect_test::expect;

use crate::cypher_read as r;

#[test]
fn neighbourhood_statements() {
    expect![[r#"
        UNWIND range(0, size($queries) - 1) AS qi
        CALL (qi) {
        WITH $queries[qi] AS seeds
        UNWIND range(0, size(seeds) - 1) AS pos
        MATCH (s:Entity {tenant: $tenant, key: seeds[pos]})
        USING INDEX s:Entity(tenant, key)
        CALL (s) {
          CALL (s) {
            WITH s WHERE s.top_rels IS NOT NULL AND $cap1 <= $top
            UNWIND s.top_rels[..$cap1] AS id
            MATCH ()-[r]->() WHERE elementId(r) = id AND r.tenant = $tenant
            WITH s, r WHERE startNode(r) = s OR endNode(r) = s
            RETURN r
            UNION
            WITH s WHERE s.top_rels IS NULL OR $cap1 > $top
            MATCH (s)-[r]-(:Entity)
            RETURN r
          }
          WITH r, CASE WHEN startNode(r) = s THEN endNode(r) ELSE startNode(r) END AS n
          WITH r, n ORDER BY r.mentions DESC, r.confidence DESC, r.last_seen DESC, startNode(r).key, type(r), endNode(r).key LIMIT $cap1
          RETURN collect({fact: r {.predicate, .mentions, .confidence, .first_seen, .last_seen, .episodes, .occurred, rel_type: type(r), subject: startNode(r).key, object: endNode(r).key}, other: n {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}}) AS edges
        }
        WITH collect({pos: pos, node: s {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}, edges: edges}) AS hop1
        RETURN hop1, [] AS hop2
        }
        RETURN qi, hop1, hop2"#]].assert_eq(&r::neighbourhood(1));
    expect![[r#"
        UNWIND range(0, size($queries) - 1) AS qi
        CALL (qi) {
        WITH $queries[qi] AS seeds
        UNWIND range(0, size(seeds) - 1) AS pos
        MATCH (s:Entity {tenant: $tenant, key: seeds[pos]})
        USING INDEX s:Entity(tenant, key)
        CALL (s) {
          CALL (s) {
            WITH s WHERE s.top_rels IS NOT NULL AND $cap1 <= $top
            UNWIND s.top_rels[..$cap1] AS id
            MATCH ()-[r]->() WHERE elementId(r) = id AND r.tenant = $tenant
            WITH s, r WHERE startNode(r) = s OR endNode(r) = s
            RETURN r
            UNION
            WITH s WHERE s.top_rels IS NULL OR $cap1 > $top
            MATCH (s)-[r]-(:Entity)
            RETURN r
          }
          WITH r, CASE WHEN startNode(r) = s THEN endNode(r) ELSE startNode(r) END AS n
          WITH r, n ORDER BY r.mentions DESC, r.confidence DESC, r.last_seen DESC, startNode(r).key, type(r), endNode(r).key LIMIT $cap1
          RETURN collect({fact: r {.predicate, .mentions, .confidence, .first_seen, .last_seen, .episodes, .occurred, rel_type: type(r), subject: startNode(r).key, object: endNode(r).key}, other: n {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}}) AS edges
        }
        WITH collect({pos: pos, node: s {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}, edges: edges}) AS hop1
        CALL (hop1) {
          UNWIND hop1 AS x
          UNWIND x.edges AS edge
          WITH DISTINCT edge.other.key AS k, [y IN hop1 | y.node.key] AS seeds
          WHERE NOT k IN seeds
          MATCH (f:Entity {tenant: $tenant, key: k})
          USING INDEX f:Entity(tenant, key)
        CALL (f) {
          CALL (f) {
            WITH f WHERE f.top_rels IS NOT NULL AND $cap2 <= $top
            UNWIND f.top_rels[..$cap2] AS id
            MATCH ()-[r]->() WHERE elementId(r) = id AND r.tenant = $tenant
            WITH f, r WHERE startNode(r) = f OR endNode(r) = f
            RETURN r
            UNION
            WITH f WHERE f.top_rels IS NULL OR $cap2 > $top
            MATCH (f)-[r]-(:Entity)
            RETURN r
          }
          WITH r, CASE WHEN startNode(r) = f THEN endNode(r) ELSE startNode(r) END AS n
          WITH r, n ORDER BY r.mentions DESC, r.confidence DESC, r.last_seen DESC, startNode(r).key, type(r), endNode(r).key LIMIT $cap2
          RETURN collect({fact: r {.predicate, .mentions, .confidence, .first_seen, .last_seen, .episodes, .occurred, rel_type: type(r), subject: startNode(r).key, object: endNode(r).key}, other: n {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}}) AS edges
        }
          RETURN collect({node: f {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen}, edges: edges}) AS hop2
        }
        RETURN hop1, hop2
        }
        RETURN qi, hop1, hop2"#]].assert_eq(&r::neighbourhood(2));
}

#[test]
fn lucene_queries_quote_everything() {
    let tokens = vec![
        "Berlin Wall".to_string(),
        "wall".to_string(),
        "\"x\\".to_string(),
    ];
    expect![[r#"tenant:"acme-prod_1" AND (key:"berlin" OR alias_keys:"berlin" OR key:"wall" OR alias_keys:"wall" OR key:"x" OR alias_keys:"x")"#]].assert_eq(&r::token_query("acme-prod_1", &tokens).expect("words"));
    assert_eq!(r::token_query("t", &["!!".to_string()]), None);
    expect![[r#"tenant:"t" AND alias_keys:("w schneider" OR "x\"y")"#]]
        .assert_eq(&r::alias_query("t", &["w schneider", "x\"y"]));
    expect![[r#"
        CALL db.index.fulltext.queryNodes('mnemo_entity_names', $lucene) YIELD node AS e
        WITH e.mentions AS m, collect(e) AS group ORDER BY m DESC
        WITH reduce(kept = [], g IN collect(group) | CASE WHEN size(kept) >= $limit THEN kept ELSE kept + g END) AS kept
        UNWIND kept AS e
        WITH e WHERE e.tenant = $tenant
        RETURN e {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen} AS e"#]].assert_eq(&r::find_by_tokens());
}

#[test]
fn lucene_phrases_escape_quotes_and_backslashes() {
    assert_eq!(r::phrase(r#"a"b\c"#), r#""a\"b\\c""#);
    assert_eq!(r::phrase("zürich 東京"), "\"zürich 東京\"");
}

#[test]
fn kv_scans_are_key_ranges_read_in_index_order() {
    expect![[r#"
        MATCH (r:KvRecord {tenant: $tenant, ns: $ns})
        WHERE r.key > $from AND r.key < $until
        RETURN r.key AS key, r.value AS value ORDER BY r.tenant, r.ns, r.key LIMIT $limit"#]]
    .assert_eq(&crate::kv::scan_query(true, true));
    expect![[r#"
        MATCH (r:KvRecord {tenant: $tenant, ns: $ns})
        WHERE r.key >= $from
        RETURN r.key AS key, r.value AS value ORDER BY r.tenant, r.ns, r.key LIMIT $limit"#]]
    .assert_eq(&crate::kv::scan_query(false, false));
}

#[test]
fn top_entities_order_the_nodes_before_projecting_them() {
    // Ordering the projected map instead defeats the index order (a sort of every entity).
    expect![[r#"
        MATCH (e:Entity)
        WHERE e.tenant = $tenant AND e.mentions > 0
        WITH e ORDER BY e.tenant DESC, e.mentions DESC, e.last_seen DESC, e.key LIMIT $limit
        RETURN e {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen} AS e"#]]
    .assert_eq(&r::top_entities(true));
    expect![[r#"
        UNWIND range(0, size($keys) - 1) AS i
        MATCH (e:Entity {tenant: $tenant, key: $keys[i]})
        USING INDEX e:Entity(tenant, key)
        WITH i, e, $limits[i] AS n
        CALL (e, n) {
          WITH e, n WHERE e.recent_mentions IS NOT NULL AND n <= $recent
          UNWIND e.recent_mentions[..n] AS id
          MATCH (ep:Episode)-[m:MENTIONS]->(x) WHERE elementId(m) = id
          WITH e, m, ep, x WHERE x = e AND m.tenant = $tenant
          RETURN m, ep
          UNION
          WITH e, n WHERE e.recent_mentions IS NULL OR n > $recent
          MATCH (e)<-[m:MENTIONS]-(ep:Episode)
          RETURN m, ep
        }
        WITH i, n, m, ep ORDER BY m.at DESC, ep.id DESC
        WITH i, n, collect({at: m.at, ep: ep}) AS ms
        UNWIND ms[..n] AS x
        WITH i, x.at AS at, x.ep AS ep
        WITH i, collect({at: at, ep: ep {.id, .kind, .content, .created_at, .source, .content_hash, .document_id, .span_start, .span_end, .speaker, .session}}) AS ms
        RETURN i, ms"#]].assert_eq(&r::mentions_of());
}

#[test]
fn name_lookups_read_aliases_through_the_keyword_index() {
    expect![[r#"
        UNWIND $keys AS k
        MATCH (e:Entity {tenant: $tenant, key: k})
        USING INDEX e:Entity(tenant, key)
        RETURN k AS matched, e {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen} AS e
        UNION
        UNWIND $lucenes AS lucene
        CALL db.index.fulltext.queryNodes('mnemo_entity_alias_keys', lucene) YIELD node AS e
        WITH e WHERE e.tenant = $tenant
        UNWIND [k IN e.alias_keys WHERE k IN $keys] AS k
        RETURN k AS matched, e {.key, .name, .type, .aliases, .mentions, .first_seen, .last_seen} AS e"#]].assert_eq(&r::lookup_names());
    expect![[r#"
        CREATE FULLTEXT INDEX mnemo_entity_alias_keys IF NOT EXISTS FOR (e:Entity) ON EACH [e.tenant, e.alias_keys] OPTIONS {indexConfig: {`fulltext.analyzer`: 'keyword', `fulltext.eventually_consistent`: false}}
        DROP INDEX mnemo_episode_text IF EXISTS
        DROP INDEX mnemo_episode_words IF EXISTS
        DROP INDEX mnemo_episode_search IF EXISTS
        CREATE FULLTEXT INDEX mnemo_episode_terms IF NOT EXISTS FOR (ep:Episode) ON EACH [ep.terms, ep.speaker_terms] OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}"#]].assert_eq(&r::READ_SCHEMA.join("\n"));
}
