//! Accent-free alias keys of entities written before writes added them: an entity whose key or
//! alias keys hold accents is found by the same keys without them ("aschenbrodel" finds
//! "Aschenbrödel"), as on the embedded store. `mnemo migrate` runs `backfill`.

use mnemo_core::{fold_accents, Result, Tenant};
use neo4rs::{query, Graph};

use crate::db::{column, list, map, read_rows};
use crate::error::map_err;

/// The tenant's entities after `$after` (by key) whose key or alias keys are not all ASCII.
const PAGE: &str = "\
MATCH (e:Entity) WHERE e.tenant = $tenant AND e.key > $after
  AND (e.key =~ $non_ascii OR any(k IN coalesce(e.alias_keys, []) WHERE k =~ $non_ascii))
RETURN e.key AS key, coalesce(e.alias_keys, []) AS alias_keys ORDER BY e.key LIMIT $page";

const SET: &str = "\
UNWIND $rows AS row
MATCH (e:Entity {tenant: $tenant, key: row.key})
SET e.alias_keys = row.alias_keys";

/// A string holding a character outside ASCII (Java regex, whole-string match).
const NON_ASCII: &str = "(?s).*[^\\x00-\\x7F].*";

const PAGE_SIZE: i64 = 5_000;

/// Appends to `keys` (alias keys of the entity `key`) the accent-free form of `key` and of each of
/// them, none equal to `key`, none twice: what writes give a new entity, and what `backfill`
/// gives an older one.
pub(crate) fn add_folded(key: &str, keys: &mut Vec<String>) {
    let known = keys.len();
    for i in 0..=known {
        let k = if i == 0 { key } else { keys[i - 1].as_str() };
        if let Some(folded) = fold_accents(k) {
            if folded != key && !keys.contains(&folded) {
                keys.push(folded);
            }
        }
    }
}

/// `alias_keys` with their accent-free forms added (`add_folded`), or None when nothing is
/// missing.
pub(crate) fn with_folded(key: &str, alias_keys: &[String]) -> Option<Vec<String>> {
    let mut keys = alias_keys.to_vec();
    add_folded(key, &mut keys);
    (keys.len() > alias_keys.len()).then_some(keys)
}

/// Adds the missing accent-free alias keys of the tenant's entities, a committed page at a time.
/// Idempotent, and resumable after an interruption.
pub(crate) async fn backfill(graph: &Graph, t: &Tenant) -> Result<()> {
    let mut after = String::new();
    loop {
        let page = read_rows(
            graph,
            query(PAGE)
                .param("tenant", t.as_str())
                .param("after", after.as_str())
                .param("non_ascii", NON_ASCII)
                .param("page", PAGE_SIZE),
        )
        .await?;
        let Some(last) = page.last() else {
            return Ok(());
        };
        after = column(last, "key")?;
        let mut rows = Vec::new();
        for row in &page {
            let key: String = column(row, "key")?;
            let alias_keys: Vec<String> = column(row, "alias_keys")?;
            if let Some(keys) = with_folded(&key, &alias_keys) {
                rows.push(map([("key", key.into()), ("alias_keys", keys.into())]));
            }
        }
        if !rows.is_empty() {
            graph
                .run(
                    query(SET)
                        .param("tenant", t.as_str())
                        .param("rows", list(rows)),
                )
                .await
                .map_err(map_err)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_folded;

    #[test]
    fn folded_forms_are_added_once_and_never_the_key() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            with_folded("aschenbrödel", &s(&["das aschenbrödel"])),
            Some(s(&["das aschenbrödel", "aschenbrodel", "das aschenbrodel"]))
        );
        assert_eq!(
            with_folded("zoe lund", &s(&["zoë lund"])),
            None,
            "the fold is the key"
        );
        assert_eq!(with_folded("zoë", &s(&["zoe"])), None, "already there");
        assert_eq!(with_folded("berlin", &[]), None);
    }
}
