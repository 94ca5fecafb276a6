//! Facts' validity kept on their relationships (`r.valid_from`, `r.valid_to`), for people who look
//! at the graph in Neo4j Browser: "Lena Vogt LIVES_IN Paris" shows when it stopped holding. Only
//! facts of the validity table's families and endings carry them (a fact nothing can close holds
//! from its first statement, `r.first_seen`). They are refreshed in the transaction of every write
//! and delete that touches such a fact, from the same function a search derives validity with
//! (`mnemo_core::validity`), so the two never disagree; nothing in mnemo reads them back.

use std::collections::{BTreeSet, HashSet};

use chrono::{DateTime, FixedOffset, Utc};
use mnemo_core::validity::{validity, ValidityConfig};
use mnemo_core::{EntityKey, Fact, RelType, Tenant, Timestamp, WriteBatch};
use neo4rs::{query, BoltType, Txn};

use crate::db::{list, map, tx_rows};
use crate::tx::TxError;

/// The facts the given entities hold (as subject or object, per `ValidityConfig::held_types`),
/// with what validity is derived from and what is stored now. Only the holder's side is read, and
/// by type: a city many people live in is no holder of their residences, and an organisation's
/// employees are not read when it moves. The types are whitelisted `[A-Z0-9_]` (`RelType`), then
/// written into the statement (a relationship type cannot be a parameter, and typed expansion
/// is what keeps a hub's other relationships unread); None when the table has no types.
fn facts_of(table: &ValidityConfig) -> Option<String> {
    let (by_subject, by_object) = table.held_types();
    let mut arms = Vec::new();
    if let Some(p) = pattern(&by_subject) {
        arms.push(format!(
            "MATCH (h)-[r:{p}]->(:Entity) WHERE r.tenant = $tenant RETURN r"
        ));
    }
    if let Some(p) = pattern(&by_object) {
        arms.push(format!(
            "MATCH (h)<-[r:{p}]-(:Entity) WHERE r.tenant = $tenant RETURN r"
        ));
    }
    if arms.is_empty() {
        return None;
    }
    Some(format!(
        "CYPHER replan=skip
UNWIND $keys AS key
MATCH (h:Entity {{tenant: $tenant, key: key}})
USING INDEX h:Entity(tenant, key)
CALL (h) {{
  {}
}}
WITH DISTINCT r
RETURN elementId(r) AS id, startNode(r).key AS s, type(r) AS rel, endNode(r).key AS o,
  r.first_seen AS first, r.last_seen AS last, r.occurred AS occurred,
  r.valid_from AS valid_from, r.valid_to AS valid_to",
        arms.join("\n  UNION\n  ")
    ))
}

/// `T1|T2|…` of the whitelisted types among `types`, None without any.
fn pattern(types: &[String]) -> Option<String> {
    let ok: Vec<String> = types
        .iter()
        .filter_map(|t| RelType::new(t).ok())
        .map(|t| format!("`{}`", t.as_str()))
        .collect();
    (!ok.is_empty()).then(|| ok.join("|"))
}

/// A page of the tenant's entities that hold a fact of the table, in key order after `$after`.
fn holders_page(table: &ValidityConfig) -> Option<String> {
    let (by_subject, by_object) = table.held_types();
    let mut tests = Vec::new();
    if let Some(p) = pattern(&by_subject) {
        tests.push(format!("EXISTS {{ (h)-[:{p}]->(:Entity) }}"));
    }
    if let Some(p) = pattern(&by_object) {
        tests.push(format!("EXISTS {{ (h)<-[:{p}]-(:Entity) }}"));
    }
    (!tests.is_empty()).then(|| {
        format!(
            "MATCH (h:Entity) WHERE h.tenant = $tenant AND h.key > $after AND ({})
RETURN h.key AS key ORDER BY key LIMIT $page",
            tests.join(" OR ")
        )
    })
}

/// Removes the intervals of the tenant's relationships whose type the table no longer holds, in
/// committed chunks (an auto-commit statement).
const CLEAR_UNHELD: &str = "\
MATCH (:Entity {tenant: $tenant})-[r]->(:Entity)
WHERE r.valid_from IS NOT NULL AND NOT type(r) IN $types
CALL (r) { REMOVE r.valid_from, r.valid_to } IN TRANSACTIONS OF 10000 ROWS";

/// Holders refreshed per transaction by `rebuild`.
const REBUILD_PAGE: i64 = 1_000;

/// Gives every family fact of the tenant its interval (data written before intervals were kept,
/// or after the table changed), one committed transaction per page of holders. Idempotent;
/// `mnemo migrate` runs it.
pub(crate) async fn rebuild(
    graph: &neo4rs::Graph,
    retries: u32,
    tenant: &Tenant,
    table: &ValidityConfig,
) -> mnemo_core::Result<()> {
    // Intervals of types the table no longer holds (it was changed) go: nothing keeps them.
    let (by_subject, by_object) = table.held_types();
    let held: Vec<BoltType> = by_subject
        .iter()
        .chain(&by_object)
        .map(|t| t.as_str().into())
        .collect();
    graph
        .run(
            query(CLEAR_UNHELD)
                .param("tenant", tenant.as_str())
                .param("types", list(held)),
        )
        .await
        .map_err(crate::error::map_err)?;
    let Some(page_query) = holders_page(table) else {
        return Ok(());
    };
    let mut after = String::new();
    loop {
        let rows = crate::db::read_rows(
            graph,
            query(&page_query)
                .param("tenant", tenant.as_str())
                .param("after", after.as_str())
                .param("page", REBUILD_PAGE),
        )
        .await?;
        let keys: Vec<String> = rows
            .iter()
            .map(|r| crate::db::column::<String>(r, "key"))
            .collect::<mnemo_core::Result<_>>()?;
        let Some(last) = keys.last().cloned() else {
            return Ok(());
        };
        crate::write::in_transaction!(graph, retries, |tx| refresh(
            &mut tx,
            tenant,
            keys.clone(),
            table
        ))?;
        after = last;
    }
}

/// Sets the intervals that changed.
/// By the relationship's element id, read in the same transaction (no hub's other relationships
/// are looked at).
const SET_VALIDITY: &str = "\
CYPHER replan=skip
UNWIND $rows AS row
MATCH ()-[r]->() WHERE elementId(r) = row.id AND r.tenant = $tenant
SET r.valid_from = row.valid_from, r.valid_to = row.valid_to";

/// Write-locks entities before their facts are read, so that a concurrent write deciding one of
/// their facts (and locking them to write it) is seen whole or waited for.
const LOCK: &str = "\
UNWIND $keys AS key
MATCH (h:Entity {tenant: $tenant, key: key})
USING INDEX h:Entity(tenant, key)
SET h._validity_lock = true
REMOVE h._validity_lock";

/// The entities whose facts' validity a write can change: the holders of the families and endings
/// of the facts it states (`ValidityConfig::holders`), sorted.
pub(crate) fn holders_of(batches: &[&WriteBatch], table: &ValidityConfig) -> Vec<String> {
    let facts = batches
        .iter()
        .flat_map(|b| &b.episodes)
        .flat_map(|ew| &ew.facts)
        .map(|f| (f.rel_type.as_str(), &f.subject, &f.object));
    let out: BTreeSet<String> = table
        .holders_of(facts)
        .into_iter()
        .flatten()
        .map(|k| k.to_string())
        .collect();
    out.into_iter().collect()
}

/// A fact as stored, with its stored interval.
/// What a fact's relationship holds now, beside the fact itself.
struct Stored {
    /// The relationship's element id.
    id: String,
    valid_from: Option<Timestamp>,
    valid_to: Option<Timestamp>,
}

fn utc(t: DateTime<FixedOffset>) -> Timestamp {
    t.with_timezone(&Utc)
}

async fn read(
    tx: &mut Txn,
    tenant: &Tenant,
    keys: &[String],
    statement: &str,
) -> Result<(Vec<Fact>, Vec<Stored>), TxError> {
    let rows = tx_rows(
        tx,
        query(statement).param("tenant", tenant.as_str()).param(
            "keys",
            list(keys.iter().map(|k| k.as_str().into()).collect()),
        ),
    )
    .await?;
    let (mut facts, mut stored) = (
        Vec::with_capacity(rows.len()),
        Vec::with_capacity(rows.len()),
    );
    for row in rows {
        let get_str = |c: &str| row.get::<String>(c).map_err(neo4rs::Error::from);
        let (s, rel, o) = (get_str("s")?, get_str("rel")?, get_str("o")?);
        let time = |c: &str| {
            row.get::<Option<DateTime<FixedOffset>>>(c)
                .map_err(neo4rs::Error::from)
                .map(|t| t.map(utc))
        };
        let (Some(first), Some(last)) = (time("first")?, time("last")?) else {
            continue;
        };
        let Ok(rel_type) = RelType::new(&rel) else {
            continue;
        };
        facts.push(Fact {
            subject: EntityKey::from_stored(s),
            rel_type,
            object: EntityKey::from_stored(o),
            predicate: String::new(),
            mentions: 0,
            confidence: 0.0,
            first_seen: first,
            last_seen: last,
            episodes: Vec::new(),
            occurred: row
                .get::<Option<String>>("occurred")
                .map_err(neo4rs::Error::from)?,
        });
        stored.push(Stored {
            id: get_str("id")?,
            valid_from: time("valid_from")?,
            valid_to: time("valid_to")?,
        });
    }
    Ok((facts, stored))
}

/// Recomputes and stores the validity of the facts held by `keys` (the holders a write touched, or
/// every entity a delete's episodes mentioned). A fact's interval is stored only when every entity
/// whose facts decide it (`ValidityConfig::holders`) was read: the keys, and the other holders of
/// the facts read ("Ben married Clara" decides Anna's marriage to Ben).
pub(crate) async fn refresh(
    tx: &mut Txn,
    tenant: &Tenant,
    keys: Vec<String>,
    table: &ValidityConfig,
) -> Result<(), TxError> {
    if keys.is_empty() {
        return Ok(());
    }
    let Some(statement) = facts_of(table) else {
        return Ok(());
    };
    let (mut facts, mut stored) = read(tx, tenant, &keys, &statement).await?;
    let mut read_keys: HashSet<String> = keys.into_iter().collect();
    let more: BTreeSet<String> = table
        .holders(&facts)
        .iter()
        .flatten()
        .map(|k| k.to_string())
        .filter(|k| !read_keys.contains(k))
        .collect();
    if !more.is_empty() {
        let more: Vec<String> = more.into_iter().collect();
        tx.run(query(LOCK).param("tenant", tenant.as_str()).param(
            "keys",
            list(more.iter().map(|k| k.as_str().into()).collect()),
        ))
        .await?;
        let seen: HashSet<String> = stored.iter().map(|s| s.id.clone()).collect();
        let (more_facts, more_stored) = read(tx, tenant, &more, &statement).await?;
        for (f, s) in more_facts.into_iter().zip(more_stored) {
            if !seen.contains(&s.id) {
                facts.push(f);
                stored.push(s);
            }
        }
        read_keys.extend(more);
    }
    let holders = table.holders(&facts);
    let derived = validity(&facts, table);
    let mut rows: Vec<BoltType> = Vec::new();
    for ((s, v), hs) in stored.iter().zip(&derived).zip(&holders) {
        let complete = hs.iter().all(|h| read_keys.contains(h.as_str()));
        if !complete || (s.valid_from == Some(v.valid_from) && s.valid_to == v.valid_to) {
            continue;
        }
        rows.push(map([
            ("id", s.id.as_str().into()),
            ("valid_from", v.valid_from.into()),
            ("valid_to", v.valid_to.into()),
        ]));
    }
    if rows.is_empty() {
        return Ok(());
    }
    tx.run(
        query(SET_VALIDITY)
            .param("tenant", tenant.as_str())
            .param("rows", list(rows)),
    )
    .await?;
    Ok(())
}
