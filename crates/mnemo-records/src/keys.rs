//! The key layout of the one key-value namespace records live in. One namespace, so that a record,
//! its index entries, its links and its audit entry land in a single atomic `kv_put`.
//!
//! ```text
//! r/{id}                              the record (JSON)
//! x/{id}                              an archived record (JSON)
//! s/n/{session}/{inv_time}/{id}       session index, newest first
//! s/o/{session}/{time}/{id}           session index, oldest first
//! t/{tag}/{inv_time}/{id}             tag index, newest first
//! l/{from}/{kind}/{to}                a link as seen from `from`; value "out" or "in"
//! a/{time}/{pid}/{seq}                an audit entry (JSON), in time order
//! ```
//! Ids, sessions and tags never contain `/`, so a prefix ending in `/` matches exactly one of them.

use std::sync::atomic::{AtomicU64, Ordering};

use mnemo::Timestamp;

use crate::model::{LinkKind, Record};

/// The key-value namespace of records.
pub const NAMESPACE: &str = "records";

pub const RECORD_PREFIX: &str = "r/";
pub const ARCHIVE_PREFIX: &str = "x/";
pub const AUDIT_PREFIX: &str = "a/";

/// Link values: the direction as seen from the key's first record.
pub const OUT: &str = "out";
pub const IN: &str = "in";

/// Microseconds since the epoch shifted to be non-negative, as 20 digits: byte order = time order.
pub fn time_part(t: Timestamp) -> String {
    format!("{:020}", shifted(t))
}

/// The complement of [`time_part`]: ascending byte order = newest first.
pub fn inv_time_part(t: Timestamp) -> String {
    format!("{:020}", u64::MAX - shifted(t))
}

fn shifted(t: Timestamp) -> u64 {
    (t.timestamp_micros() as i128 + (1i128 << 63)).clamp(0, u64::MAX as i128) as u64
}

pub fn record(id: &str) -> String {
    format!("{RECORD_PREFIX}{id}")
}

pub fn archive(id: &str) -> String {
    format!("{ARCHIVE_PREFIX}{id}")
}

pub fn session_newest_prefix(session: &str) -> String {
    format!("s/n/{session}/")
}

pub fn session_oldest_prefix(session: &str) -> String {
    format!("s/o/{session}/")
}

pub fn session_newest(session: &str, at: Timestamp, id: &str) -> String {
    format!(
        "{}{}/{id}",
        session_newest_prefix(session),
        inv_time_part(at)
    )
}

pub fn session_oldest(session: &str, at: Timestamp, id: &str) -> String {
    format!("{}{}/{id}", session_oldest_prefix(session), time_part(at))
}

pub fn tag_prefix(tag: &str) -> String {
    format!("t/{tag}/")
}

pub fn tag(tag: &str, at: Timestamp, id: &str) -> String {
    format!("{}{}/{id}", tag_prefix(tag), inv_time_part(at))
}

pub fn link_prefix(from: &str) -> String {
    format!("l/{from}/")
}

pub fn link(from: &str, kind: LinkKind, to: &str) -> String {
    format!("{}{}/{to}", link_prefix(from), kind.as_str())
}

/// (kind, target) of a link key under `link_prefix(from)`.
pub fn parse_link(key: &str, from: &str) -> Option<(LinkKind, String)> {
    let rest = key.strip_prefix(&link_prefix(from))?;
    let (kind, to) = rest.split_once('/')?;
    Some((kind.parse().ok()?, to.to_string()))
}

/// The record id at the end of an index key.
pub fn id_of_index_key(key: &str) -> &str {
    key.rsplit('/').next().unwrap_or(key)
}

/// Every index key of a record (session both ways, each tag).
pub fn index_keys(r: &Record) -> Vec<String> {
    let mut keys = Vec::with_capacity(2 + r.tags.len());
    if let Some(s) = &r.session {
        keys.push(session_newest(s, r.at, &r.id));
        keys.push(session_oldest(s, r.at, &r.id));
    }
    for t in &r.tags {
        keys.push(tag(t, r.at, &r.id));
    }
    keys
}

static AUDIT_SEQ: AtomicU64 = AtomicU64::new(0);

/// A fresh audit key: time, then process and a per-process sequence, so entries written in the same
/// microsecond (or under a fixed test clock) keep their order and never overwrite each other.
pub fn audit(at: Timestamp) -> String {
    let seq = AUDIT_SEQ.fetch_add(1, Ordering::Relaxed);
    format!(
        "{AUDIT_PREFIX}{}/{:010}/{seq:012}",
        time_part(at),
        std::process::id()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn time_parts_sort_in_time_order_and_reverse() {
        let times = [
            chrono::Utc.timestamp_opt(-86_400, 0).unwrap(),
            chrono::Utc.timestamp_opt(0, 0).unwrap(),
            chrono::Utc.timestamp_opt(1_700_000_000, 1_000).unwrap(),
            chrono::Utc.timestamp_opt(1_700_000_001, 0).unwrap(),
        ];
        for w in times.windows(2) {
            assert!(time_part(w[0]) < time_part(w[1]));
            assert!(inv_time_part(w[0]) > inv_time_part(w[1]));
            assert_eq!(time_part(w[0]).len(), 20);
        }
    }

    #[test]
    fn link_keys_parse_back_and_audit_keys_increase() {
        let k = link("a:1", LinkKind::Follows, "b.2");
        assert_eq!(
            parse_link(&k, "a:1"),
            Some((LinkKind::Follows, "b.2".into()))
        );
        assert_eq!(parse_link(&k, "a"), None);
        assert_eq!(id_of_index_key("t/rust/0001/ep:x"), "ep:x");
        let at = chrono::Utc.timestamp_opt(5, 0).unwrap();
        let (a, b) = (audit(at), audit(at));
        assert!(a < b, "{a} {b}");
    }
}
