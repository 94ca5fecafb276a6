//! Durable session state in the store's key-value records, namespace `session`, scoped by tenant:
//! `<sid>/meta` (next sequence id), `<sid>/m/<seq, 20 digits>` (one message each, so keys sort in
//! sequence order) and `<sid>/t/<tag>` (a tag's importance override, last update, compactions).
//! Everything one call changes goes in one `kv_put`, which is atomic.

use std::collections::BTreeMap;

use mnemo_core::{GraphStore, Tenant, Timestamp, MAX_KV_BATCH};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::{Compaction, Importance, Message, Result, SessionConfig, SessionError, TagState};

pub(crate) const NS: &str = "session";

/// Most compactions kept per tag (older ones are history only; `compact` uses the newest).
pub(crate) const MAX_COMPACTIONS: usize = 16;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct Meta {
    pub next_seq: u64,
    /// Tokens of the FIFO, never below the truth: `put` adds to it in the same atomic write as the
    /// message; a flush rewrites it after deleting. A crash in between leaves it too high, which
    /// only makes the next put count the FIFO exactly. Lets a put skip reading the whole FIFO.
    #[serde(default)]
    pub fifo_tokens_hint: Option<usize>,
}

/// A tag as stored: the importance is stored only when set for this session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct StoredTag {
    #[serde(default)]
    pub importance: Option<Importance>,
    pub last_update: Timestamp,
    #[serde(default)]
    pub compactions: Vec<Compaction>,
}

pub(crate) fn meta_key(sid: &str) -> String {
    format!("{sid}/meta")
}

pub(crate) fn msg_prefix(sid: &str) -> String {
    format!("{sid}/m/")
}

pub(crate) fn msg_key(sid: &str, seq: u64) -> String {
    format!("{sid}/m/{seq:020}")
}

pub(crate) fn tag_prefix(sid: &str) -> String {
    format!("{sid}/t/")
}

pub(crate) fn tag_key(sid: &str, tag: &str) -> String {
    format!("{sid}/t/{tag}")
}

pub(crate) fn encode<T: Serialize>(key: String, value: &T) -> Result<(String, String)> {
    let v = serde_json::to_string(value)
        .map_err(|e| SessionError::Internal(format!("encoding {key}: {e}")))?;
    Ok((key, v))
}

fn decode<T: DeserializeOwned>(key: &str, value: &str) -> Result<T> {
    serde_json::from_str(value)
        .map_err(|e| SessionError::Corrupt(format!("session record {key}: {e}")))
}

/// Every entry under `prefix`, in key order.
async fn scan_all(
    store: &dyn GraphStore,
    tenant: &Tenant,
    prefix: &str,
) -> Result<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::new();
    loop {
        let after = out.last().map(|(k, _)| k.clone());
        let page = store
            .kv_scan(tenant, NS, prefix, after.as_deref(), MAX_KV_BATCH)
            .await?;
        let done = page.len() < MAX_KV_BATCH;
        out.extend(page);
        if done {
            return Ok(out);
        }
    }
}

pub(crate) async fn load_meta(store: &dyn GraphStore, tenant: &Tenant, sid: &str) -> Result<Meta> {
    let key = meta_key(sid);
    match store
        .kv_get(tenant, NS, std::slice::from_ref(&key))
        .await?
        .first()
    {
        Some((k, v)) => decode(k, v),
        None => Ok(Meta {
            next_seq: 1,
            fifo_tokens_hint: Some(0),
        }),
    }
}

/// The FIFO, oldest first.
pub(crate) async fn load_messages(
    store: &dyn GraphStore,
    tenant: &Tenant,
    sid: &str,
) -> Result<Vec<Message>> {
    scan_all(store, tenant, &msg_prefix(sid))
        .await?
        .iter()
        .map(|(k, v)| decode(k, v))
        .collect()
}

/// The session's stored tags, by tag name.
pub(crate) async fn load_stored_tags(
    store: &dyn GraphStore,
    tenant: &Tenant,
    sid: &str,
) -> Result<BTreeMap<String, StoredTag>> {
    let prefix = tag_prefix(sid);
    scan_all(store, tenant, &prefix)
        .await?
        .iter()
        .map(|(k, v)| Ok((k[prefix.len()..].to_string(), decode(k, v)?)))
        .collect()
}

/// Stored tags with their effective importance (the session's override, else the config's).
pub(crate) fn resolve_tags(
    stored: &BTreeMap<String, StoredTag>,
    cfg: &SessionConfig,
) -> BTreeMap<String, TagState> {
    stored
        .iter()
        .map(|(tag, s)| {
            (
                tag.clone(),
                TagState {
                    tag: tag.clone(),
                    importance: s.importance.unwrap_or_else(|| cfg.importance_of(tag)),
                    last_update: s.last_update,
                    compactions: s.compactions.clone(),
                },
            )
        })
        .collect()
}

/// Drops compactions that no longer cover any message of the tag in the FIFO, and keeps at most
/// `MAX_COMPACTIONS`. Returns true when something was dropped.
pub(crate) fn prune_compactions(tag: &str, stored: &mut StoredTag, fifo: &[Message]) -> bool {
    let first = fifo
        .iter()
        .find(|m| m.tags.iter().any(|t| t == tag))
        .map(|m| m.seq);
    let before = stored.compactions.len();
    stored
        .compactions
        .retain(|c| first.is_some_and(|f| c.compact_last_id >= f));
    let excess = stored.compactions.len().saturating_sub(MAX_COMPACTIONS);
    stored.compactions.drain(..excess);
    stored.compactions.len() != before
}
