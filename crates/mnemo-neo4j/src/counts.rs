//! Per-tenant counts kept up to date by every write, so `stats` is one node read instead of a scan
//! of the tenant (the search path calls `stats` on every query: at 100k facts the scan took 140-240
//! ms, at 1M seconds).
//!
//! One `(:TenantStats {tenant, entities, facts, episodes, documents, mentions})` node per tenant,
//! unique on `tenant`. Each write or delete transaction adds what its own statements report they
//! created or removed, after locking the node, so concurrent writers never lose an update and a
//! rolled-back write changes nothing. A tenant without the node (written before it existed) is
//! counted in full by the first write that changes it, or by `Neo4jStore::rebuild_stats`; until
//! then `stats` counts in full.

use mnemo_core::{Result, StoreStats, Tenant};
use neo4rs::{query, Graph, Row, Txn};

use crate::cypher_read::STATS;
use crate::db::{column, read_rows, tx_rows};
use crate::tx::TxError;

/// What one transaction created (positive) and removed (negative).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StatsDelta {
    pub entities: i64,
    pub facts: i64,
    pub episodes: i64,
    pub documents: i64,
    pub mentions: i64,
}

impl StatsDelta {
    fn is_zero(&self) -> bool {
        *self == StatsDelta::default()
    }
}

/// Count of a statement's result column as a signed delta.
pub(crate) fn delta(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Takes the tenant's counter node (creating it) and its write lock; says whether it is new.
const LOCK: &str = "\
CYPHER replan=skip
MERGE (s:TenantStats {tenant: $tenant})
SET s.writes = coalesce(s.writes, 0) + 1
RETURN s.entities IS NULL AS fresh";

const ADD: &str = "\
CYPHER replan=skip
MATCH (s:TenantStats {tenant: $tenant})
SET s.entities = s.entities + $entities, s.facts = s.facts + $facts,
  s.episodes = s.episodes + $episodes, s.documents = s.documents + $documents,
  s.mentions = s.mentions + $mentions";

/// Sets the counts from a full count of the tenant (the rows of `STATS`).
const SET_ALL: &str = "\
MATCH (s:TenantStats {tenant: $tenant})
SET s.entities = $entities, s.facts = $facts, s.episodes = $episodes,
  s.documents = $documents, s.mentions = $mentions";

const READ: &str = "\
MATCH (s:TenantStats {tenant: $tenant}) WHERE s.entities IS NOT NULL
RETURN s.entities AS entities, s.facts AS facts, s.episodes AS episodes,
  s.documents AS documents, s.mentions AS mentions";

/// Adds a transaction's changes to the tenant's counts (inside that transaction).
pub(crate) async fn apply(tx: &mut Txn, tenant: &Tenant, d: &StatsDelta) -> Result<(), TxError> {
    if d.is_zero() {
        return Ok(());
    }
    recount_or_add(tx, tenant, Some(d)).await
}

/// Counts the tenant in full and stores the counts (inside a transaction).
pub(crate) async fn recount(tx: &mut Txn, tenant: &Tenant) -> Result<(), TxError> {
    recount_or_add(tx, tenant, None).await
}

async fn recount_or_add(
    tx: &mut Txn,
    tenant: &Tenant,
    d: Option<&StatsDelta>,
) -> Result<(), TxError> {
    let t = tenant.as_str();
    let rows = tx_rows(tx, query(LOCK).param("tenant", t)).await?;
    let fresh = match rows.first() {
        Some(r) => r.get::<bool>("fresh").map_err(neo4rs::Error::from)?,
        None => true,
    };
    match d {
        Some(d) if !fresh => {
            tx.run(
                query(ADD)
                    .param("tenant", t)
                    .param("entities", d.entities)
                    .param("facts", d.facts)
                    .param("episodes", d.episodes)
                    .param("documents", d.documents)
                    .param("mentions", d.mentions),
            )
            .await?;
        }
        // New node: count everything, this transaction's changes included (it sees its own writes).
        _ => {
            let rows = tx_rows(tx, query(STATS).param("tenant", t)).await?;
            let s = match rows.first() {
                Some(r) => from_row(r).map_err(TxError::Store)?,
                None => StoreStats::default(),
            };
            tx.run(
                query(SET_ALL)
                    .param("tenant", t)
                    .param("entities", delta(s.entities))
                    .param("facts", delta(s.facts))
                    .param("episodes", delta(s.episodes))
                    .param("documents", delta(s.documents))
                    .param("mentions", delta(s.mentions)),
            )
            .await?;
        }
    }
    Ok(())
}

fn from_row(row: &Row) -> Result<StoreStats> {
    let get =
        |col: &str| -> Result<u64> { Ok(u64::try_from(column::<i64>(row, col)?).unwrap_or(0)) };
    Ok(StoreStats {
        entities: get("entities")?,
        facts: get("facts")?,
        episodes: get("episodes")?,
        documents: get("documents")?,
        mentions: get("mentions")?,
    })
}

/// The tenant's counts: from its counter node, or counted in full when it has none yet.
pub(crate) async fn stats(graph: &Graph, tenant: &Tenant) -> Result<StoreStats> {
    let t = tenant.as_str();
    let rows = read_rows(graph, query(READ).param("tenant", t)).await?;
    if let Some(row) = rows.first() {
        return from_row(row);
    }
    let rows = read_rows(graph, query(STATS).param("tenant", t)).await?;
    match rows.first() {
        Some(row) => from_row(row),
        None => Ok(StoreStats::default()),
    }
}
