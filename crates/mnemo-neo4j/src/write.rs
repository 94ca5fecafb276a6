//! Batch writes and deletes: one transaction per call (several batches may share one: a group
//! commit), a constant number of round trips (one statement per step and chunk; the facts of every
//! relationship type share one), retried whole on transient errors.

use std::collections::{BTreeSet, HashSet};

use mnemo_core::{DeleteReport, Error, Result, Tenant, WriteBatch, WriteReport, MAX_ALIASES};
use neo4rs::{query, BoltType, Graph, Txn};
use tracing::Instrument;

use crate::counts::{self, delta, StatsDelta};
use crate::cypher_write as cy;
use crate::db::map;
use crate::db::{first_count, list, tx_rows};
use crate::plan::{entity_chunks, episode_row, plan_write};
use crate::tx::approx_size;
use crate::tx::TxError;
use crate::validity;
use mnemo_core::validity::ValidityConfig;

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
                Ok(v) => $tx.commit().await.map(|_| v).map_err($crate::tx::TxError::Driver),
                Err(e) => {
                    // Best effort: after a lost connection the rollback fails too, and the
                    // server rolls back by itself when the connection drops.
                    let _ = $tx.rollback().await;
                    Err(e)
                }
            };
            match outcome {
                Ok(v) => break Ok(v),
                Err($crate::tx::TxError::Driver(e))
                    if $crate::error::is_transient(&e) && attempt <= $retries =>
                {
                    tracing::debug!(attempt, error = %e, "neo4j transaction retried");
                    tokio::time::sleep(std::time::Duration::from_millis(50 * u64::from(attempt)))
                        .await;
                }
                Err($crate::tx::TxError::Driver(e)) => break Err($crate::error::map_err(e)),
                Err($crate::tx::TxError::Store(e)) => break Err(e),
            }
        }
    }};
}
pub(crate) use in_transaction;

/// The fact statement, once every relationship type of the batches is checked (before any
/// transaction starts): the types reach it as parameters of a dynamic type.
pub(crate) fn fact_statement_of(batches: &[&WriteBatch]) -> Result<String> {
    for f in batches
        .iter()
        .flat_map(|b| &b.episodes)
        .flat_map(|ew| &ew.facts)
    {
        cy::checked_rel_type(&f.rel_type)?;
    }
    Ok(cy::merge_facts())
}

/// The fact statement of one batch (see [`fact_statement_of`]).
pub(crate) fn fact_statement(batch: &WriteBatch) -> Result<String> {
    fact_statement_of(&[batch])
}

/// Most rows one statement carries. Big batches become several statements of the same
/// transaction, so no single round trip runs long enough to hit the driver's read timeout.
const CHUNK_ROWS: usize = 1_000;

/// Most parameter bytes (estimated) one statement carries: a bound on one Bolt message and on the
/// rows the server holds at once, not a tuning knob. An earlier bound of 5 KB kept messages under
/// the driver's 8 KiB buffer, because without TCP_NODELAY a bigger message waited 40 ms for the
/// server's delayed ACK; the vendored driver sets TCP_NODELAY, and the split then only multiplied
/// round trips (a 1,000-fact triple chunk took ~160 statements instead of ~18, and ran 1.6-1.9x
/// slower in `mnemo-bench ingest --store neo4j`).
pub(crate) const CHUNK_BYTES: usize = 2 << 20;

/// Most entity rows one statement carries. A 1,000-fact triple chunk names ~1,050 distinct
/// entities: a cap of `CHUNK_ROWS` split them into a 1,000-row statement and a ~50-row one (a
/// second round trip and plan lookup for a handful of rows). 2,000 rows stay well inside the
/// driver's read timeout (a 1,000-row statement runs ~40-70 ms) and the byte bound still holds.
const ENTITY_CHUNK_ROWS: usize = 2_000;

/// Splits rows into list parameters of at most `CHUNK_ROWS` rows and about `CHUNK_BYTES` bytes
/// (none for no rows; a single bigger row gets a statement of its own).
pub(crate) fn chunks(rows: Vec<BoltType>) -> Vec<BoltType> {
    let mut out = Vec::new();
    let mut current: Vec<BoltType> = Vec::new();
    let mut bytes = 0;
    for row in rows {
        let size = approx_size(&row);
        if !current.is_empty() && (current.len() == CHUNK_ROWS || bytes + size > CHUNK_BYTES) {
            out.push(list(std::mem::take(&mut current)));
            bytes = 0;
        }
        bytes += size;
        current.push(row);
    }
    if !current.is_empty() {
        out.push(list(current));
    }
    out
}

/// The body of a write transaction, the tenant's counts included.
pub(crate) async fn write_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    batch: &WriteBatch,
    fact_sql: &str,
    table: &ValidityConfig,
) -> Result<WriteReport, TxError> {
    let mut reports = write_many_tx(tx, tenant, &[batch], fact_sql, table).await?;
    Ok(reports.pop().unwrap_or_default())
}

/// Writes several batches in one transaction (a group commit), each with the report it would get
/// written alone, one after another in order. Every batch is validated first, so one invalid
/// batch fails the call with nothing written; a failure leaves none of them written.
pub(crate) async fn write_many(
    graph: &Graph,
    retries: u32,
    tenant: &Tenant,
    batches: &[WriteBatch],
    table: &ValidityConfig,
) -> Result<Vec<WriteReport>> {
    for b in batches {
        b.validate()?;
    }
    let batches: Vec<&WriteBatch> = batches.iter().collect();
    if batches.iter().all(|b| b.is_empty()) {
        return Ok(vec![WriteReport::default(); batches.len()]);
    }
    let fact_sql = fact_statement_of(&batches)?;
    let span = tracing::debug_span!("neo4j.write_many", tenant = %tenant, batches = batches.len());
    async {
        in_transaction!(graph, retries, |tx| write_many_tx(
            &mut tx, tenant, &batches, &fact_sql, table
        ))
    }
    .instrument(span)
    .await
}

/// The body of a group write, the tenant's counts included. Batches that could see each other's
/// effects (a shared document or episode id, an episode naming another batch's document, an
/// episode id another batch's document drops) are written one after another in the transaction;
/// otherwise all of them at once, with the same statements on concatenated rows.
pub(crate) async fn write_many_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    batches: &[&WriteBatch],
    fact_sql: &str,
    table: &ValidityConfig,
) -> Result<Vec<WriteReport>, TxError> {
    let mut d = StatsDelta::default();
    // Entities of the episodes a replaced document dropped: their facts may reopen.
    let mut touched = BTreeSet::new();
    let reports = if independent(batches) {
        match write_group(tx, tenant, batches, fact_sql, &mut d, &mut touched).await? {
            Some(reports) => reports,
            None => write_each(tx, tenant, batches, fact_sql, &mut d, &mut touched).await?,
        }
    } else {
        write_each(tx, tenant, batches, fact_sql, &mut d, &mut touched).await?
    };
    touched.extend(validity::holders_of(batches, table));
    validity::refresh(tx, tenant, touched.into_iter().collect(), table).await?;
    counts::apply(tx, tenant, &d).await?;
    Ok(reports)
}

async fn write_each(
    tx: &mut Txn,
    tenant: &Tenant,
    batches: &[&WriteBatch],
    fact_sql: &str,
    d: &mut StatsDelta,
    touched: &mut BTreeSet<String>,
) -> Result<Vec<WriteReport>, TxError> {
    let mut reports = Vec::with_capacity(batches.len());
    for b in batches {
        // A single batch is always independent of itself, so the group path takes it.
        let report = write_group(tx, tenant, std::slice::from_ref(b), fact_sql, d, touched).await?;
        reports.extend(report.unwrap_or_default());
    }
    Ok(reports)
}

/// Whether the batches can be written together: distinct documents and episode ids, and no
/// episode naming the document of another batch.
fn independent(batches: &[&WriteBatch]) -> bool {
    if batches.len() < 2 {
        return true;
    }
    let mut docs = HashSet::new();
    let mut episodes = HashSet::new();
    for b in batches {
        if let Some(doc) = &b.document {
            if !docs.insert(doc.id.as_str()) {
                return false;
            }
        }
        for ew in &b.episodes {
            if !episodes.insert(ew.episode.id.as_str()) {
                return false;
            }
        }
    }
    batches.iter().all(|b| {
        b.document.is_some()
            || b.episodes.iter().all(|ew| {
                ew.episode
                    .document_id
                    .as_deref()
                    .is_none_or(|id| !docs.contains(id))
            })
    })
}

/// Writes independent batches with one statement per step. `None` (before writing anything) when
/// a document drops an episode id that another batch writes: then order matters.
async fn write_group(
    tx: &mut Txn,
    tenant: &Tenant,
    batches: &[&WriteBatch],
    fact_sql: &str,
    d: &mut StatsDelta,
    touched: &mut BTreeSet<String>,
) -> Result<Option<Vec<WriteReport>>, TxError> {
    let t = tenant.as_str();
    let mut reports = vec![WriteReport::default(); batches.len()];
    let docs: Vec<BoltType> = batches
        .iter()
        .filter_map(|b| b.document.as_ref().map(|doc| (b, doc)))
        .map(|(b, doc)| {
            let keep: Vec<BoltType> = b
                .episodes
                .iter()
                .map(|ew| ew.episode.id.as_str().into())
                .collect();
            map([
                ("id", doc.id.as_str().into()),
                ("source", doc.source.as_str().into()),
                ("content_hash", doc.content_hash.as_str().into()),
                ("created_at", doc.created_at.into()),
                ("keep", list(keep)),
            ])
        })
        .collect();
    if !docs.is_empty() {
        let stale_rows = tx_rows(
            tx,
            query(cy::STALE_EPISODES)
                .param("tenant", t)
                .param("docs", list(docs.clone())),
        )
        .await?;
        let stale: Vec<String> = stale_rows
            .iter()
            .map(|r| r.get::<String>("id"))
            .collect::<Result<_, _>>()
            .map_err(neo4rs::Error::from)?;
        let writes = |id: &str| {
            batches
                .iter()
                .any(|b| b.episodes.iter().any(|ew| ew.episode.id == id))
        };
        if batches.len() > 1 && stale.iter().any(|id| writes(id)) {
            return Ok(None);
        }
        let out = tx_rows(
            tx,
            query(cy::UPSERT_DOCUMENTS)
                .param("tenant", t)
                .param("docs", list(docs)),
        )
        .await?;
        d.documents += delta(first_count(&out, "created")?);
        if !stale.is_empty() {
            let (_, keys) = delete_body(tx, tenant, &stale, d).await?;
            touched.extend(keys);
            for (report, b) in reports.iter_mut().zip(batches) {
                if let Some(doc) = &b.document {
                    let of_doc =
                        |r: &&neo4rs::Row| r.get::<String>("doc").ok() == Some(doc.id.clone());
                    report.episodes_replaced = stale_rows.iter().filter(of_doc).count() as u64;
                }
            }
        }
    }

    let prefix = crate::text::tenant_prefix(t);
    let episode_rows: Vec<BoltType> = batches
        .iter()
        .flat_map(|b| &b.episodes)
        .map(|ew| episode_row(&ew.episode, &prefix))
        .collect();
    let mut created: HashSet<String> = HashSet::new();
    for rows in chunks(episode_rows) {
        let out = tx_rows(
            tx,
            query(cy::CREATE_EPISODES)
                .param("tenant", t)
                .param("analysis", mnemo_core::analysis::ANALYSIS_VERSION)
                .param("rows", rows),
        )
        .await?;
        if let Some(row) = out.first() {
            let ids: Vec<String> = row.get("created").map_err(neo4rs::Error::from)?;
            created.extend(ids);
        }
    }
    d.episodes += delta(created.len() as u64);
    for (report, b) in reports.iter_mut().zip(batches) {
        let written = b
            .episodes
            .iter()
            .filter(|ew| created.contains(&ew.episode.id))
            .count() as u64;
        report.episodes_written = written;
        report.episodes_skipped = b.episodes.len() as u64 - written;
    }
    if created.is_empty() {
        return Ok(Some(reports));
    }

    let plan = plan_write(batches, &created);
    for (report, n) in reports.iter_mut().zip(&plan.mentions_created) {
        report.mentions_created = *n;
        d.mentions += delta(*n);
    }
    let entity_sql = cy::merge_entities();
    for (episodes, rows) in entity_chunks(
        &plan.entities,
        &plan.episodes,
        ENTITY_CHUNK_ROWS,
        CHUNK_BYTES,
    ) {
        let out = tx_rows(
            tx,
            query(&entity_sql)
                .param("tenant", t)
                .param("episodes", episodes)
                .param("max_aliases", MAX_ALIASES as i64)
                .param("recent", crate::top_edges::recent_param())
                .param("rows", rows),
        )
        .await?;
        for b in created_in(&out)? {
            if let Some(r) = reports.get_mut(b) {
                r.entities_created += 1;
            }
            d.entities += 1;
        }
    }
    // Element ids of every fact this write changed, for the endpoints' top-edge lists.
    let mut changed: Vec<BoltType> = Vec::new();
    // All types in one statement per chunk, the rows of a type together (in type order).
    let rows: Vec<BoltType> = plan.facts.into_values().flatten().collect();
    for rows in chunks(rows) {
        let out = tx_rows(tx, query(fact_sql).param("tenant", t).param("rows", rows)).await?;
        for b in created_in(&out)? {
            if let Some(r) = reports.get_mut(b) {
                r.facts_created += 1;
            }
            d.facts += 1;
        }
        if let Some(row) = out.first() {
            let ids: Vec<String> = row.get("ids").map_err(neo4rs::Error::from)?;
            changed.extend(ids.into_iter().map(BoltType::from));
        }
    }
    let refresh = crate::top_edges::refresh_top();
    let statements = chunks(changed);
    // A list may be kept unread only when this statement sees every fact the write changed.
    let skip = statements.len() == 1;
    for ids in statements {
        tx.run(
            query(&refresh)
                .param("tenant", t)
                .param("ids", ids)
                .param("skip", skip)
                .param("top", crate::top_edges::top_param()),
        )
        .await?;
    }
    Ok(Some(reports))
}

/// The batch indices of the `created` column of a statement's single row.
fn created_in(rows: &[neo4rs::Row]) -> Result<Vec<usize>, TxError> {
    let Some(row) = rows.first() else {
        return Ok(Vec::new());
    };
    let idx: Vec<i64> = row.get("created").map_err(neo4rs::Error::from)?;
    Ok(idx
        .into_iter()
        .map(|b| usize::try_from(b).unwrap_or(usize::MAX))
        .collect())
}

/// The body of a delete transaction, the tenant's counts included.
pub(crate) async fn delete_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    ids: &[String],
    table: &ValidityConfig,
) -> Result<DeleteReport, TxError> {
    let mut d = StatsDelta::default();
    let (report, keys) = delete_body(tx, tenant, ids, &mut d).await?;
    validity::refresh(tx, tenant, keys, table).await?;
    counts::apply(tx, tenant, &d).await?;
    Ok(report)
}

/// Removes the stored episodes among `ids`, their mentions and their support of facts; facts and
/// entities left without support are deleted, other aggregates recomputed. Also returns the keys
/// of the entities the episodes mentioned (the ends of every fact they stated).
async fn delete_body(
    tx: &mut Txn,
    tenant: &Tenant,
    ids: &[String],
    d: &mut StatsDelta,
) -> Result<(DeleteReport, Vec<String>), TxError> {
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
        return Ok((report, Vec::new()));
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
    let touched: Vec<String> = keys.iter().cloned().collect();
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
    Ok((report, touched))
}

/// The body of a document delete; `NotFound` when the tenant has no such document.
pub(crate) async fn delete_document_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    id: &str,
    table: &ValidityConfig,
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
    let (mut report, keys) = delete_body(tx, tenant, &ids, &mut d).await?;
    validity::refresh(tx, tenant, keys, table).await?;
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
            // Null rows are one byte each, so only the row bound splits them.
            let rows: Vec<BoltType> = (0..n).map(|_| BoltType::Null(neo4rs::BoltNull)).collect();
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
        // Big rows: split by bytes; a row bigger than the bound still goes, alone.
        let big = |n: usize| BoltType::from("x".repeat(n).as_str());
        let part = CHUNK_BYTES * 2 / 5;
        let split = chunks(vec![
            big(part),
            big(part),
            big(part),
            big(CHUNK_BYTES * 2),
            big(10),
        ]);
        let lens: Vec<usize> = split
            .iter()
            .map(|c| match c {
                BoltType::List(l) => l.value.len(),
                other => panic!("not a list: {other:?}"),
            })
            .collect();
        assert_eq!(lens, vec![2, 1, 1, 1]);
    }
}

#[cfg(test)]
#[path = "write_many_tests.rs"]
mod write_many_tests;
