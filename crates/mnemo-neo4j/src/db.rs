//! Thin helpers over neo4rs: collecting rows from auto-commit reads and from explicit transactions.

use mnemo_core::Result;
use neo4rs::{BoltType, Graph, Query, Row, Txn};
use serde::de::DeserializeOwned;

use crate::error::{decode_err, map_err};

/// A list parameter from owned values, without the element clones `From<Vec<_>>` makes.
pub(crate) fn list(values: Vec<BoltType>) -> BoltType {
    values.into_iter().collect()
}

/// A parameter map from (name, value) pairs.
pub(crate) fn map<const N: usize>(pairs: [(&'static str, BoltType); N]) -> BoltType {
    let m: std::collections::HashMap<&'static str, BoltType> = pairs.into_iter().collect();
    BoltType::from(m)
}

/// Runs a read (auto-commit; neo4rs retries transient server errors) and collects every row.
pub(crate) async fn read_rows(graph: &Graph, q: Query) -> Result<Vec<Row>> {
    let mut stream = graph.execute(q).await.map_err(map_err)?;
    let mut rows = Vec::new();
    while let Some(row) = stream.next().await.map_err(map_err)? {
        rows.push(row);
    }
    Ok(rows)
}

/// Runs a statement inside a transaction and collects every row. Errors stay driver errors so the
/// caller can tell transient ones apart.
pub(crate) async fn tx_rows(tx: &mut Txn, q: Query) -> neo4rs::Result<Vec<Row>> {
    let mut stream = tx.execute(q).await?;
    let mut rows = Vec::new();
    while let Some(row) = stream.next(tx.handle()).await? {
        rows.push(row);
    }
    Ok(rows)
}

/// The integer column `col` of the first row (0 when there is no row).
pub(crate) fn first_count(rows: &[Row], col: &str) -> neo4rs::Result<u64> {
    match rows.first() {
        Some(row) => {
            let n: i64 = row.get(col)?;
            Ok(u64::try_from(n).unwrap_or(0))
        }
        None => Ok(0),
    }
}

/// Column `col` of a row, decoded.
pub(crate) fn column<T: DeserializeOwned>(row: &Row, col: &str) -> Result<T> {
    row.get(col).map_err(|e| decode_err(col, e))
}
