//! Key-value records on Neo4j: one `(:KvRecord {tenant, ns, key, value})` node per record, unique on
//! (tenant, ns, key) (the constraint's index also serves the prefix scans in key order). Puts and
//! deletes run in one transaction each; every value is a parameter.
//!
//! Neo4j compares strings by code point, which is the byte order of their UTF-8 form, so `ORDER BY
//! r.key` and `r.key > $after` agree with the contract's byte order.

use std::collections::{HashMap, HashSet};

use mnemo_core::{
    validate_kv_key, validate_kv_namespace, Error, KvEntry, Result, Tenant, MAX_KV_BATCH,
};
use neo4rs::{query, BoltType, Graph, Txn};

use crate::db::{column, first_count, list, read_rows, tx_rows};
use crate::tx::TxError;
use crate::write::chunks;

pub(crate) const KV_PUT: &str = "\
UNWIND $rows AS row
MERGE (r:KvRecord {tenant: $tenant, ns: $ns, key: row.key})
SET r.value = row.value";

pub(crate) const KV_GET: &str = "\
UNWIND $keys AS k
MATCH (r:KvRecord {tenant: $tenant, ns: $ns, key: k})
RETURN r.key AS key, r.value AS value";

/// A prefix scan as a key range: from `$from` (inclusive, or exclusive when `after`) to `$until`
/// (exclusive) when `bounded`. `ORDER BY` names the whole index key so the planner reads the
/// unique index in order and stops at the limit (PROFILE: NodeUniqueIndexSeek + Limit, `limit`+1
/// db hits); `STARTS WITH` would instead read the whole prefix and sort it (Top).
pub(crate) fn scan_query(after: bool, bounded: bool) -> String {
    let lower = if after { ">" } else { ">=" };
    let upper = if bounded { " AND r.key < $until" } else { "" };
    format!(
        "MATCH (r:KvRecord {{tenant: $tenant, ns: $ns}})\n\
         WHERE r.key {lower} $from{upper}\n\
         RETURN r.key AS key, r.value AS value ORDER BY r.tenant, r.ns, r.key LIMIT $limit"
    )
}

/// The least string greater than every string starting with `prefix` (code-point order, which is
/// the byte order of UTF-8), or `None` when no string is (empty prefix, or only U+10FFFF).
pub(crate) fn prefix_end(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(c) = chars.pop() {
        let next = match u32::from(c) {
            0xD7FF => Some('\u{E000}'),
            n => char::from_u32(n + 1),
        };
        if let Some(n) = next {
            chars.push(n);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

pub(crate) const KV_DELETE: &str = "\
UNWIND $keys AS k
MATCH (r:KvRecord {tenant: $tenant, ns: $ns, key: k})
DELETE r
RETURN count(*) AS n";

/// Checks the namespace, the batch size and every key of a get or delete.
pub(crate) fn validate_keys(ns: &str, keys: &[String]) -> Result<()> {
    validate_kv_namespace(ns)?;
    if keys.len() > MAX_KV_BATCH {
        return Err(Error::InvalidInput(format!(
            "{} key-value keys in one call; the limit is {MAX_KV_BATCH}",
            keys.len()
        )));
    }
    keys.iter().try_for_each(|k| validate_kv_key(k))
}

/// The keys without repeats, first occurrence first.
fn distinct(keys: &[String]) -> Vec<BoltType> {
    let mut seen = HashSet::new();
    keys.iter()
        .filter(|k| seen.insert(k.as_str()))
        .map(|k| k.as_str().into())
        .collect()
}

fn entry_rows(entries: &[KvEntry]) -> Vec<BoltType> {
    entries
        .iter()
        .map(|(k, v)| crate::db::map([("key", k.as_str().into()), ("value", v.as_str().into())]))
        .collect()
}

/// The body of a put transaction (already validated; entries in order, so the last repeat wins).
pub(crate) async fn put_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    ns: &str,
    entries: &[KvEntry],
) -> Result<(), TxError> {
    for rows in chunks(entry_rows(entries)) {
        tx.run(
            query(KV_PUT)
                .param("tenant", tenant.as_str())
                .param("ns", ns)
                .param("rows", rows),
        )
        .await?;
    }
    Ok(())
}

/// The body of a delete transaction: how many of the keys existed.
pub(crate) async fn delete_tx(
    tx: &mut Txn,
    tenant: &Tenant,
    ns: &str,
    keys: &[String],
) -> Result<u64, TxError> {
    let mut n = 0;
    for keys in chunks(distinct(keys)) {
        let rows = tx_rows(
            tx,
            query(KV_DELETE)
                .param("tenant", tenant.as_str())
                .param("ns", ns)
                .param("keys", keys),
        )
        .await?;
        n += first_count(&rows, "n")?;
    }
    Ok(n)
}

fn entries(rows: &[neo4rs::Row]) -> Result<Vec<KvEntry>> {
    rows.iter()
        .map(|row| Ok((column(row, "key")?, column(row, "value")?)))
        .collect()
}

pub(crate) async fn get(
    graph: &Graph,
    tenant: &Tenant,
    ns: &str,
    keys: &[String],
) -> Result<Vec<KvEntry>> {
    validate_keys(ns, keys)?;
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let q = query(KV_GET)
        .param("tenant", tenant.as_str())
        .param("ns", ns)
        .param("keys", list(distinct(keys)));
    let found: HashMap<String, String> =
        entries(&read_rows(graph, q).await?)?.into_iter().collect();
    Ok(keys
        .iter()
        .filter_map(|k| found.get(k).map(|v| (k.clone(), v.clone())))
        .collect())
}

pub(crate) async fn scan(
    graph: &Graph,
    tenant: &Tenant,
    ns: &str,
    prefix: &str,
    after: Option<&str>,
    limit: usize,
) -> Result<Vec<KvEntry>> {
    validate_kv_namespace(ns)?;
    if limit == 0 {
        return Ok(Vec::new());
    }
    // An `after` before the prefix changes nothing: the scan starts at the prefix.
    let (from, after) = match after {
        Some(a) if a >= prefix => (a, true),
        _ => (prefix, false),
    };
    let until = prefix_end(prefix);
    let mut q = query(&scan_query(after, until.is_some()))
        .param("tenant", tenant.as_str())
        .param("ns", ns)
        .param("from", from)
        .param("limit", i64::try_from(limit).unwrap_or(i64::MAX));
    if let Some(u) = until {
        q = q.param("until", u);
    }
    entries(&read_rows(graph, q).await?)
}

#[cfg(test)]
mod tests {
    use super::prefix_end;

    #[test]
    fn prefix_end_bounds_exactly_the_strings_with_the_prefix() {
        assert_eq!(prefix_end(""), None);
        assert_eq!(prefix_end("a/").as_deref(), Some("a0"));
        assert_eq!(prefix_end("s\u{D7FF}").as_deref(), Some("s\u{E000}"));
        assert_eq!(prefix_end("x\u{10FFFF}").as_deref(), Some("y"));
        assert_eq!(prefix_end("\u{10FFFF}\u{10FFFF}"), None);
        for p in ["a/", "é", "x\u{10FFFF}", "😀", "\u{D7FF}"] {
            let end = prefix_end(p).expect("bounded");
            for k in [p.to_string(), format!("{p}\u{10FFFF}zz"), format!("{p}\0")] {
                assert!(k.as_str() >= p && k < end, "{k:?} outside [{p:?}, {end:?})");
            }
            assert!(!end.starts_with(p), "{end:?} starts with {p:?}");
        }
    }
}
