//! Soft delete and restore. Archiving keeps the record, its episode (text, kind, time, source)
//! and its links under `x/{id}`, then forgets the episode through the store, which keeps entity
//! and fact aggregates consistent. Restoring remembers the text again with the same id, time and
//! speaker, so the same entities and facts come back, and puts the metadata and links back.

use mnemo::{RememberOptions, Timestamp};
use mnemo_core::{DeleteReport, Episode, KvEntry};
use serde::{Deserialize, Serialize};

use crate::audit::AuditAction;
use crate::keys;
use crate::kv::{decode, encode};
use crate::model::{Link, Record};
use crate::records::parse_links;
use crate::validate::validate_record_id;
use crate::{Error, Records, Result};

/// Records handled per step of a delete (one archive put, one graph delete, one key delete).
const STEP: usize = 100;
/// Bytes of archive entries put at once, so a step of large episodes stays a reasonable write.
const MAX_PUT_BYTES: usize = 8 << 20;

/// A soft-deleted record with what it takes to restore it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArchivedRecord {
    pub record: Record,
    /// The episode as it was; `None` if the graph had already lost it (then it cannot be restored).
    pub episode: Option<Episode>,
    pub links: Vec<Link>,
    pub archived_at: Timestamp,
    pub reason: String,
}

/// What a restore did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RestoreReport {
    pub restored: Vec<String>,
    /// (id, reason) of archived records that could not be restored; they stay archived.
    pub failed: Vec<(String, String)>,
}

impl Records {
    /// Removes records: archives them (unless `permanent`), forgets their episodes, deletes their
    /// metadata, index entries and both ends of their links. Audited before anything is deleted.
    pub(crate) async fn remove(
        &self,
        records: &[Record],
        permanent: bool,
        reason: &str,
    ) -> Result<DeleteReport> {
        let mut total = DeleteReport::default();
        let kv = self.kv();
        for step in records.chunks(STEP) {
            let _guard = self.lock.lock().await;
            let ids: Vec<String> = step.iter().map(|r| r.id.clone()).collect();
            let mut links: Vec<Vec<Link>> = Vec::with_capacity(step.len());
            for r in step {
                let entries = kv.scan_all(&keys::link_prefix(&r.id)).await?;
                links.push(parse_links(&r.id, &entries));
            }
            let action = if permanent {
                AuditAction::Delete
            } else {
                AuditAction::Archive
            };
            let mut puts: Vec<KvEntry> = self.audit_entries(action, &ids, Some(reason.into()))?;
            if !permanent {
                let episodes = self
                    .mnemo
                    .store()
                    .get_episodes(self.mnemo.tenant(), &ids)
                    .await?;
                let now = self.now();
                let mut bytes = 0;
                for (r, l) in step.iter().zip(&links) {
                    let archived = ArchivedRecord {
                        record: r.clone(),
                        episode: episodes.iter().find(|e| e.id == r.id).cloned(),
                        links: l.clone(),
                        archived_at: now,
                        reason: reason.to_string(),
                    };
                    let entry = encode(keys::archive(&r.id), &archived)?;
                    bytes += entry.1.len();
                    puts.push(entry);
                    if bytes > MAX_PUT_BYTES {
                        kv.put(&puts).await?;
                        puts.clear();
                        bytes = 0;
                    }
                }
            }
            kv.put(&puts).await?;
            let report = self
                .mnemo
                .store()
                .delete_episodes(self.mnemo.tenant(), &ids)
                .await?;
            add(&mut total, &report);
            let mut dels: Vec<String> = Vec::new();
            for (r, l) in step.iter().zip(&links) {
                dels.push(keys::record(&r.id));
                dels.extend(keys::index_keys(r));
                for link in l {
                    dels.push(keys::link(&r.id, link.kind, &link.target));
                    dels.push(keys::link(&link.target, link.kind, &r.id));
                }
                if permanent {
                    dels.push(keys::archive(&r.id));
                }
            }
            kv.delete(&dels).await?;
        }
        Ok(total)
    }

    /// The archived record with this id, if any.
    pub async fn archived(&self, id: &str) -> Result<Option<ArchivedRecord>> {
        validate_record_id(id)?;
        self.kv().get_json(&keys::archive(id)).await
    }

    /// Archived records in id order, at most `limit`, after the id `after`.
    pub async fn list_archived(
        &self,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ArchivedRecord>> {
        let after = after.map(keys::archive);
        let page = self
            .kv()
            .scan(keys::ARCHIVE_PREFIX, after.as_deref(), limit)
            .await?;
        page.iter().map(|(k, v)| decode(k, v)).collect()
    }

    /// Restores archived records: remembers each text again under its id, time and speaker, puts
    /// its metadata and index entries back, and its links to records that are live. Ids that are
    /// not archived, or whose episode was not kept, are reported in `failed`.
    pub async fn restore(&self, ids: &[String]) -> Result<RestoreReport> {
        let mut report = RestoreReport::default();
        for id in ids {
            if let Err(e) = validate_record_id(id) {
                report.failed.push((id.clone(), e.to_string()));
                continue;
            }
            match self.restore_one(id).await {
                Ok(()) => report.restored.push(id.clone()),
                Err(e) => match e.rejected_input() {
                    Some(m) => report.failed.push((id.clone(), m.to_string())),
                    None => return Err(e),
                },
            }
        }
        Ok(report)
    }

    async fn restore_one(&self, id: &str) -> Result<()> {
        let kv = self.kv();
        let archived = self
            .archived(id)
            .await?
            .ok_or_else(|| Error::NotFound(format!("record {id} is not in the archive")))?;
        if self.get(id).await?.is_some() {
            // An interrupted archive left both: the live record wins, the copy goes.
            kv.delete(&[keys::archive(id)]).await?;
            return Ok(());
        }
        let episode = archived.episode.as_ref().ok_or_else(|| {
            Error::InvalidInput(format!(
                "record {id} was archived without its episode text and cannot be restored"
            ))
        })?;
        let record = archived.record.clone();
        let opts = RememberOptions {
            kind: episode.kind,
            source: episode.source.clone(),
            speaker: record.speaker.clone(),
            at: Some(episode.created_at),
            id: Some(id.to_string()),
            session: episode.session.clone().or_else(|| record.session.clone()),
            listener: record.listener.clone(),
        };
        let prepared = self.mnemo.prepare_remember(&episode.content, &opts).await?;
        let _guard = self.lock.lock().await;
        let targets: Vec<String> = archived.links.iter().map(|l| l.target.clone()).collect();
        let live = self.get_many(&targets).await?;
        let links: Vec<Link> = archived
            .links
            .iter()
            .filter(|l| live.iter().any(|r| r.id == l.target))
            .cloned()
            .collect();
        let entries = self.record_entries(
            &record,
            &links,
            AuditAction::Restore,
            Some(format!("archived for: {}", archived.reason)),
        )?;
        // The episode and its record in one transaction, as in `remember`; a crash before the
        // archive copy goes is repaired by restoring again (the live record wins, see above).
        self.mnemo
            .write_remembered(&prepared, Some((keys::NAMESPACE, &entries)))
            .await?;
        kv.delete(&[keys::archive(id)]).await?;
        Ok(())
    }

    /// Deletes archived records for good (they can no longer be restored). Returns how many existed.
    pub async fn purge(&self, ids: &[String]) -> Result<u64> {
        ids.iter().try_for_each(|id| validate_record_id(id))?;
        let keys: Vec<String> = ids.iter().map(|id| keys::archive(id)).collect();
        let present: Vec<String> = self
            .kv()
            .get(&keys)
            .await?
            .into_iter()
            .map(|(k, _)| k[keys::ARCHIVE_PREFIX.len()..].to_string())
            .collect();
        if present.is_empty() {
            return Ok(0);
        }
        self.kv()
            .put(&self.audit_entries(AuditAction::Purge, &present, None)?)
            .await?;
        self.kv().delete(&keys).await
    }
}

fn add(total: &mut DeleteReport, r: &DeleteReport) {
    total.episodes += r.episodes;
    total.documents += r.documents;
    total.entities += r.entities;
    total.facts += r.facts;
}
