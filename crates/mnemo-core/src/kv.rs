//! Key-value records kept beside the graph: small durable state for features that are not
//! entities or facts (chat sessions, memory-record metadata, archives, the audit log).
//!
//! Why in the `GraphStore` and not a second database: one place to back up, the same tenant
//! filter on every read, and the same atomicity as graph writes, on every backend.

use crate::{Error, Result};

/// Longest key accepted.
pub const MAX_KV_KEY_BYTES: usize = 512;
/// Largest value accepted (values are text, usually JSON).
pub const MAX_KV_VALUE_BYTES: usize = 4 << 20;
/// Most entries one `kv_put` / `kv_get` / `kv_delete` call takes.
pub const MAX_KV_BATCH: usize = 10_000;

/// One record: a key and its text value.
pub type KvEntry = (String, String);

/// Checks a namespace: `[a-z0-9_]{1,64}`.
pub fn validate_kv_namespace(ns: &str) -> Result<()> {
    let ok = !ns.is_empty()
        && ns.len() <= 64
        && ns
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!(
            "invalid key-value namespace {ns:?}: expected [a-z0-9_]{{1,64}}"
        )))
    }
}

/// Checks a key: 1..=512 bytes, no control characters.
pub fn validate_kv_key(key: &str) -> Result<()> {
    if key.is_empty() || key.len() > MAX_KV_KEY_BYTES || key.chars().any(char::is_control) {
        return Err(Error::InvalidInput(format!(
            "invalid key-value key {:?}: expected 1..={MAX_KV_KEY_BYTES} bytes without control characters",
            truncate(key)
        )));
    }
    Ok(())
}

/// Checks a whole put: namespace, batch size, every key and value size.
pub fn validate_kv_put(ns: &str, entries: &[KvEntry]) -> Result<()> {
    validate_kv_namespace(ns)?;
    if entries.len() > MAX_KV_BATCH {
        return Err(Error::InvalidInput(format!(
            "{} key-value entries in one call; the limit is {MAX_KV_BATCH}",
            entries.len()
        )));
    }
    for (k, v) in entries {
        validate_kv_key(k)?;
        if v.len() > MAX_KV_VALUE_BYTES {
            return Err(Error::InvalidInput(format!(
                "value of key {:?} is {} bytes; the limit is {MAX_KV_VALUE_BYTES}",
                truncate(k),
                v.len()
            )));
        }
    }
    Ok(())
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces_and_keys_are_checked() {
        assert!(validate_kv_namespace("session_msgs").is_ok());
        assert!(validate_kv_namespace("Bad").is_err());
        assert!(validate_kv_namespace("").is_err());
        assert!(validate_kv_namespace("a}-[r]").is_err());
        assert!(validate_kv_key("s1/000042").is_ok());
        assert!(validate_kv_key("").is_err());
        assert!(validate_kv_key("a\nb").is_err());
        assert!(validate_kv_key(&"k".repeat(513)).is_err());
        let big = "x".repeat(MAX_KV_VALUE_BYTES + 1);
        assert!(validate_kv_put("ns", &[("k".into(), big)]).is_err());
        assert!(validate_kv_put("ns", &[("k".into(), "{}".into())]).is_ok());
    }
}
