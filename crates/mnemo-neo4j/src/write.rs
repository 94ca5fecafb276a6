//! Batch writes and deletes: one transaction per call, a constant number of round trips (one
//! statement per step, one per relationship type for facts), retried whole on transient errors.

use std::collections::{BTreeSet, HashMap, HashSet};

use mnemo_core::{
    DeleteReport, Error, RelType, Result, Tenant, WriteBatch, WriteReport, MAX_ALIASES,
};
use neo4rs::{query, BoltType, Txn};

use crate::counts::{self, delta, StatsDelta};
use crate::cypher_write as cy;
use crate::db::{first_count, list, tx_rows};
use crate::plan::plan_write;

/// What a transaction body can fail with: a driver error (maybe transient) or a store error.
pub(crate) enum TxError {
    Driver(neo4rs::Error),
    Store(Error),
}

impl From<neo4rs::Error> for TxError {
    fn from(e: neo4rs::Error) -> Self {
        TxError::Driver(e)
    }
}

/// Runs `$body` (an expression using the transaction `$tx`, yielding `Result<T, TxError>`) in a
/// fresh transaction and commits it, retrying the whole transaction up to `$retries` times after
/// transient errors (deadlocks between concurrent MERGEs). Safe because every body is idempotent.
macro_rules! in_transaction {
    ($graph:expr, $retries:expr, |$tx:ident| $body:expr) => {{
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            let mut $tx = $graph.start_txn().await.map_err($crate::error::map_err)?;
            let outcome = match $body.await {
                Ok(v) => $tx.commit().await.map(|_| v).map_err($crate::write::TxError::Driver),
                Err(e) => {
                    // Best effort: after a lost connection the rollback fails too, and the
                    // server rolls back by itself when the connection drops.
                    let _ = $tx.rollback().await;
                    Err(e)
                }
            };
            match outcome {
                Ok(v) => break Ok(v),
                Err($crate::write::TxError::Driver(e))
                    if $crate::error::is_transient(&e) && attempt <= $retries =>
                {
                    tracing::debug!(attempt, error = %e, "neo4j transaction retried");
                    tokio::time::sleep(std::time::Duration::from_millis(50 * u64::from(attempt)))
                        .await;
                }
                Err($crate::write::TxError::Driver(e)) => break Err($crate::error::map_err(e)),
                Err($crate::write::TxError::Store(e)) => break Err(e),
            }
        }
    }};
}
pub(crate) use in_transaction;

/// The fact statement of every relationship type of the batch, built (and the type re-checked)
/// before any transaction starts.
pub(crate) fn fact_statements(batch: &WriteBatch) -> Result<HashMap<RelType, String>> {
    let types: BTreeSet<&RelType> = batch
        .episodes
        .iter()
        .flat_map(|ew| ew.facts.iter().map(|f| &f.rel_type))
        .collect();
    types
        .into_iter()
        .map(|t| Ok((t.clone(), cy::merge_facts(t)?)))
        .collect()
}

/// Most rows one statement carries. Big batches become several statements of the same
/// transaction, so no single round trip runs long enough to hit the driver's read timeout.
const CHUNK_ROWS: usize = 1_000;

/// Splits rows into list parameters of at most `CHUNK_ROWS` rows (none for no rows).
pub(crate) fn chunks(rows: Vec<BoltType>) -> Vec<BoltType> {
    let mut out = Vec::with_capacity(rows.len().div_ceil(CHUNK_ROWS));
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        out.push(list(rows.by_ref().take(CHUNK_ROWS).collect()));
    }
    out
}

/// The body of a write transaction, the tenant's counts included.
pub(crate) async fn write_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    batch: &WriteBatch,
    fact_sql: &HashMap<RelType, String>,
) -> Result<WriteReport, TxError> {
    let mut d = StatsDelta::default();
    let report = write_body(tx, tenant, batch, fact_sql, &mut d).await?;
    counts::apply(tx, tenant, &d).await?;
    Ok(report)
}

async fn write_body(
    tx: &mut Txn,
    tenant: &Tenant,
    batch: &WriteBatch,
    fact_sql: &HashMap<RelType, String>,
    d: &mut StatsDelta,
) -> Result<WriteReport, TxError> {
    let t = tenant.as_str();
    let mut report = WriteReport::default();
    let ids: Vec<BoltType> = batch
        .episodes
        .iter()
        .map(|ew| ew.episode.id.as_str().into())
        .collect();

    if let Some(doc) = &batch.document {
        let out = tx_rows(
            tx,
            query(cy::UPSERT_DOCUMENT)
                .param("tenant", t)
                .param("id", doc.id.as_str())
                .param("source", doc.source.as_str())
                .param("content_hash", doc.content_hash.as_str())
                .param("created_at", doc.created_at),
        )
        .await?;
        d.documents += delta(first_count(&out, "created")?);
        let stale_rows = tx_rows(
            tx,
            query(cy::STALE_EPISODES)
                .param("tenant", t)
                .param("id", doc.id.as_str())
                .param("keep", list(ids.clone())),
        )
        .await?;
        let stale: Vec<String> = stale_rows
            .iter()
            .map(|r| r.get::<String>("id"))
            .collect::<Result<_, _>>()
            .map_err(neo4rs::Error::from)?;
        if !stale.is_empty() {
            report.episodes_replaced = delete_body(tx, tenant, &stale, d).await?.episodes;
        }
    }

    let existing_rows = tx_rows(
        tx,
        query(cy::EXISTING_EPISODES)
            .param("tenant", t)
            .param("ids", list(ids)),
    )
    .await?;
    let existing: HashSet<String> = existing_rows
        .iter()
        .map(|r| r.get::<String>("id"))
        .collect::<Result<_, _>>()
        .map_err(neo4rs::Error::from)?;

    let plan = plan_write(batch, &existing);
    report.episodes_written = plan.episodes_written;
    report.episodes_skipped = plan.episodes_skipped;
    report.mentions_created = plan.mentions_created;
    if plan.episodes.is_empty() {
        return Ok(report);
    }
    for rows in chunks(plan.episodes) {
        let out = tx_rows(
            tx,
            query(cy::CREATE_EPISODES)
                .param("tenant", t)
                .param("rows", rows),
        )
        .await?;
        d.episodes += delta(first_count(&out, "created")?);
    }
    let entity_sql = cy::merge_entities();
    for rows in chunks(plan.entities) {
        let out = tx_rows(
            tx,
            query(&entity_sql)
                .param("tenant", t)
                .param("max_aliases", MAX_ALIASES as i64)
                .param("rows", rows),
        )
        .await?;
        let created = first_count(&out, "created")?;
        report.entities_created += created;
        d.entities += delta(created);
    }
    let mentions_sql = cy::merge_mentions();
    for rows in chunks(plan.mentions) {
        let out = tx_rows(
            tx,
            query(&mentions_sql)
                .param("tenant", t)
                .param("recent", crate::top_edges::recent_param())
                .param("rows", rows),
        )
        .await?;
        d.mentions += delta(first_count(&out, "added")?);
    }
    // Element ids of every fact this batch changed, for the endpoints' top-edge lists.
    let mut changed: Vec<BoltType> = Vec::new();
    for (rel, rows) in plan.facts {
        let Some(text) = fact_sql.get(&rel) else {
            return Err(TxError::Store(Error::Internal(format!(
                "no statement prepared for relationship type {rel}"
            ))));
        };
        for rows in chunks(rows) {
            let out = tx_rows(tx, query(text).param("tenant", t).param("rows", rows)).await?;
            let created = first_count(&out, "created")?;
            report.facts_created += created;
            d.facts += delta(created);
            if let Some(row) = out.first() {
                let ids: Vec<String> = row.get("ids").map_err(neo4rs::Error::from)?;
                changed.extend(ids.into_iter().map(BoltType::from));
            }
        }
    }
    let refresh = crate::top_edges::refresh_top();
    for ids in chunks(changed) {
        tx.run(
            query(&refresh)
                .param("ids", ids)
                .param("top", crate::top_edges::top_param()),
        )
        .await?;
    }
    Ok(report)
}

/// The body of a delete transaction, the tenant's counts included.
pub(crate) async fn delete_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    ids: &[String],
) -> Result<DeleteReport, TxError> {
    let mut d = StatsDelta::default();
    let report = delete_body(tx, tenant, ids, &mut d).await?;
    counts::apply(tx, tenant, &d).await?;
    Ok(report)
}

/// Removes the stored episodes among `ids`, their mentions and their support of facts; facts and
/// entities left without support are deleted, other aggregates recomputed.
async fn delete_body(
    tx: &mut Txn,
    tenant: &Tenant,
    ids: &[String],
    d: &mut StatsDelta,
) -> Result<DeleteReport, TxError> {
    let t = tenant.as_str();
    let mut report = DeleteReport::default();
    let id_list = || list(ids.iter().map(|s| s.as_str().into()).collect());
    let found = tx_rows(
        tx,
        query(cy::EPISODES_TO_DELETE)
            .param("tenant", t)
            .param("ids", id_list()),
    )
    .await?;
    if found.is_empty() {
        return Ok(report);
    }
    let mut stored: Vec<BoltType> = Vec::with_capacity(found.len());
    let mut keys: BTreeSet<String> = BTreeSet::new();
    for row in &found {
        stored.push(row.get::<String>("id").map_err(neo4rs::Error::from)?.into());
        let mentioned = row
            .get::<Vec<String>>("keys")
            .map_err(neo4rs::Error::from)?;
        d.mentions -= delta(mentioned.len() as u64);
        keys.extend(mentioned);
    }
    let out = tx_rows(
        tx,
        query(cy::UNLINK_FACTS)
            .param("tenant", t)
            .param("ids", list(stored.clone())),
    )
    .await?;
    report.facts = first_count(&out, "deleted")?;
    d.facts -= delta(report.facts);
    let out = tx_rows(
        tx,
        query(cy::DELETE_EPISODES)
            .param("tenant", t)
            .param("ids", list(stored)),
    )
    .await?;
    report.episodes = first_count(&out, "deleted")?;
    d.episodes -= delta(report.episodes);
    let keys: Vec<BoltType> = keys.into_iter().map(BoltType::from).collect();
    let out = tx_rows(
        tx,
        query(cy::REFRESH_ENTITIES)
            .param("tenant", t)
            .param("keys", list(keys.clone())),
    )
    .await?;
    report.entities = first_count(&out, "deleted")?;
    d.entities -= delta(report.entities);
    // Deletes lower ranks and remove facts: rebuild the survivors' top-edge lists from scratch.
    for keys in chunks(keys) {
        tx.run(
            query(&crate::top_edges::rebuild_top())
                .param("tenant", t)
                .param("keys", keys)
                .param("top", crate::top_edges::top_param())
                .param("recent", crate::top_edges::recent_param()),
        )
        .await?;
    }
    Ok(report)
}

/// The body of a document delete; `NotFound` when the tenant has no such document.
pub(crate) async fn delete_document_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    id: &str,
) -> Result<DeleteReport, TxError> {
    let t = tenant.as_str();
    let rows = tx_rows(
        tx,
        query(cy::DOCUMENT_EPISODES)
            .param("tenant", t)
            .param("id", id),
    )
    .await?;
    let Some(row) = rows.first() else {
        return Err(TxError::Store(Error::NotFound(format!("document {id:?}"))));
    };
    let ids: Vec<String> = row.get("ids").map_err(neo4rs::Error::from)?;
    let mut d = StatsDelta::default();
    let mut report = delete_body(tx, tenant, &ids, &mut d).await?;
    let out = tx_rows(
        tx,
        query(cy::DELETE_DOCUMENT)
            .param("tenant", t)
            .param("id", id),
    )
    .await?;
    report.documents = first_count(&out, "deleted")?;
    d.documents -= delta(report.documents);
    counts::apply(tx, tenant, &d).await?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_row_lists_are_split_into_bounded_statements() {
        let sizes = |n: usize| -> Vec<usize> {
            let rows: Vec<BoltType> = (0..n as i64).map(BoltType::from).collect();
            chunks(rows)
                .into_iter()
                .map(|c| match c {
                    BoltType::List(l) => l.value.len(),
                    other => panic!("not a list: {other:?}"),
                })
                .collect()
        };
        assert!(sizes(0).is_empty());
        assert_eq!(sizes(1), vec![1]);
        assert_eq!(sizes(CHUNK_ROWS), vec![CHUNK_ROWS]);
        assert_eq!(sizes(2 * CHUNK_ROWS + 5), vec![CHUNK_ROWS, CHUNK_ROWS, 5]);
    }
}
