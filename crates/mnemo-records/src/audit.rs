//! The append-only audit log: who wrote, changed, deleted or restored which records, and when.
//! Entries are written in the same atomic put as the change they describe (or just before a
//! delete), under time-ordered keys that are never overwritten.

use mnemo::Timestamp;
use mnemo_core::KvEntry;
use serde::{Deserialize, Serialize};

use crate::keys;
use crate::kv::{decode, encode};
use crate::{Records, Result};

/// Most record ids one audit entry lists; larger operations write several entries.
pub const MAX_IDS_PER_ENTRY: usize = 100;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    /// Records written (remembered or imported).
    Write,
    /// A record's pin changed.
    Pin,
    /// An explicit link was made.
    Link,
    /// Records soft-deleted into the archive.
    Archive,
    /// Records deleted for good (with their episodes).
    Delete,
    /// Records restored from the archive.
    Restore,
    /// Archived records deleted for good.
    Purge,
}

impl AuditAction {
    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::Write => "write",
            AuditAction::Pin => "pin",
            AuditAction::Link => "link",
            AuditAction::Archive => "archive",
            AuditAction::Delete => "delete",
            AuditAction::Restore => "restore",
            AuditAction::Purge => "purge",
        }
    }
}

/// One audit log entry: who did what to which records, when. The API serves it as it is (schema
/// `AuditView`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = AuditView))]
pub struct AuditEntry {
    /// The entry's position in the log; pass it as `after` to read on.
    #[serde(default)]
    // Stored empty (the kv key holds it) and filled in on every read, so always served.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub key: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub at: Timestamp,
    /// Who did it (the `Records` actor: "api", "cli:alice", ...).
    pub actor: String,
    pub action: AuditAction,
    pub ids: Vec<String>,
    /// A short human note ("policy: older than 30d", "supports ep:2", ...).
    pub detail: Option<String>,
}

impl Records {
    /// Audit entries for an action over `ids` (split so that no entry lists too many), ready to
    /// put in the same batch as the change.
    pub(crate) fn audit_entries(
        &self,
        action: AuditAction,
        ids: &[String],
        detail: Option<String>,
    ) -> Result<Vec<KvEntry>> {
        let at = self.now();
        ids.chunks(MAX_IDS_PER_ENTRY)
            .map(|chunk| {
                let key = keys::audit(at);
                let entry = AuditEntry {
                    key: String::new(),
                    at,
                    actor: self.actor.clone(),
                    action,
                    ids: chunk.to_vec(),
                    detail: detail.clone(),
                };
                encode(key, &entry)
            })
            .collect()
    }

    /// Audit entries in the order they were written, at most `limit`, after the entry keyed `after`.
    pub async fn audit(&self, after: Option<&str>, limit: usize) -> Result<Vec<AuditEntry>> {
        let page = self.kv().scan(keys::AUDIT_PREFIX, after, limit).await?;
        page.into_iter()
            .map(|(k, v)| {
                let mut e: AuditEntry = decode(&k, &v)?;
                e.key = k;
                Ok(e)
            })
            .collect()
    }

    /// The whole audit log, oldest first.
    pub async fn audit_all(&self) -> Result<Vec<AuditEntry>> {
        let all = self.kv().scan_all(keys::AUDIT_PREFIX).await?;
        all.into_iter()
            .map(|(k, v)| {
                let mut e: AuditEntry = decode(&k, &v)?;
                e.key = k;
                Ok(e)
            })
            .collect()
    }
}
