//! `Records`: memory records over the facade. Writing a record remembers its text as a graph
//! episode (same id) and keeps the metadata, indexes, automatic links and an audit entry in the
//! store's key-value records, in one atomic put.

use std::sync::Arc;

use mnemo::{Clock, Mnemo, RememberOptions, Timestamp};
use mnemo_core::KvEntry;
use serde::{Deserialize, Serialize};

use crate::audit::AuditAction;
use crate::keys;
use crate::kv::{decode, encode, Kv};
use crate::model::{Link, LinkKind, Record, RecordInput};
use crate::validate::validate_record_id;
use crate::{Error, Result};

/// Memory records of one tenant (the facade's). Cheap to clone.
#[derive(Clone)]
pub struct Records {
    pub(crate) mnemo: Mnemo,
    pub(crate) clock: Clock,
    pub(crate) actor: String,
    /// Serialises read-modify-write of records within this process (access counts, pins, deletes),
    /// so concurrent searches do not lose increments.
    pub(crate) lock: Arc<tokio::sync::Mutex<()>>,
}

impl std::fmt::Debug for Records {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Records")
            .field("mnemo", &self.mnemo)
            .field("actor", &self.actor)
            .finish_non_exhaustive()
    }
}

/// What `Records::remember` did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordWrite {
    pub record: Record,
    /// False when a record with this id already existed (nothing changed).
    pub written: bool,
    pub entities: usize,
    pub facts: usize,
    /// The links made automatically, as seen from the new record.
    pub links: Vec<Link>,
}

impl Records {
    /// Records over `mnemo`'s store and tenant, on the system clock, acting as "api".
    pub fn new(mnemo: Mnemo) -> Self {
        Records {
            mnemo,
            clock: Arc::new(chrono::Utc::now),
            actor: "api".to_string(),
            lock: Arc::new(tokio::sync::Mutex::new(())),
        }
    }

    /// Replaces the clock (default times, ages for pruning, last access, audit times).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Who the audit log names for this handle's changes.
    pub fn with_actor(mut self, actor: impl Into<String>) -> Self {
        self.actor = actor.into();
        self
    }

    pub fn mnemo(&self) -> &Mnemo {
        &self.mnemo
    }

    pub fn actor(&self) -> &str {
        &self.actor
    }

    pub(crate) fn now(&self) -> Timestamp {
        (self.clock)()
    }

    pub(crate) fn kv(&self) -> Kv<'_> {
        Kv {
            store: self.mnemo.store().as_ref(),
            tenant: self.mnemo.tenant(),
        }
    }

    /// Remembers `text` as a record: the episode goes into the graph, the metadata, indexes and
    /// automatic links beside it. Writing an id that already has a record changes nothing.
    ///
    /// The episode and everything of the record (metadata, index entries, links, audit entry) are
    /// one store transaction (`GraphStore::write_with_kv`), so a process killed at any point
    /// leaves both or neither: never an episode that listings, links and pruning do not see. Why
    /// one transaction rather than repairing the gap on open: a Neo4j store has no "open" that
    /// one process owns (several servers may share it, and one would complete another's write in
    /// flight), while one transaction holds on both stores without any recovery code.
    pub async fn remember(&self, text: &str, input: &RecordInput) -> Result<RecordWrite> {
        let input = input.validated()?;
        if let Some(id) = &input.id {
            if let Some(record) = self.get(id).await? {
                return Ok(unchanged(record));
            }
        }
        let at = input.at.unwrap_or_else(|| self.now());
        // A turn of a conversation sent without its listener is said to the session's other
        // participant, when there is one (kept in the record: it is whom "you" meant).
        let mut input = input;
        if let (None, Some(session), Some(speaker)) =
            (&input.listener, &input.session, &input.speaker)
        {
            input.listener = self.session_listener(session, speaker, at).await?;
        }
        let opts = RememberOptions {
            kind: input
                .episode_kind
                .unwrap_or_else(|| input.record_type.episode_kind()),
            source: input.source.clone(),
            speaker: input.speaker.clone(),
            at: Some(at),
            id: input.id.clone(),
            session: input.session.clone(),
            listener: input.listener.clone(),
        };
        // Extraction (the slow part) runs before the lock; the write happens under it, so that
        // concurrent writes of one session or tag see each other's index entries for their links.
        let prepared = self.mnemo.prepare_remember(text, &opts).await?;
        let id = prepared.episode().id.clone();
        let _guard = self.lock.lock().await;
        if let Some(existing) = self.get(&id).await? {
            return Ok(unchanged(existing));
        }
        // An episode stored before without a record (by `Mnemo::remember`) is adopted and keeps its
        // own time. Only an explicit id can name one: a derived id hashes the time in.
        let at = match &input.id {
            Some(_) => self
                .mnemo
                .store()
                .get_episodes(self.mnemo.tenant(), std::slice::from_ref(&id))
                .await?
                .first()
                .map_or(at, |e| e.created_at),
            None => at,
        };
        let record = Record {
            id,
            record_type: input.record_type,
            at,
            user: input.user,
            model: input.model,
            session: input.session,
            speaker: input.speaker,
            listener: input.listener,
            source: input.source,
            tags: input.tags,
            pinned: input.pinned,
            confidence: input.confidence,
            access_count: input.access_count,
            last_access: input.last_access,
        };
        let links = self.auto_links(&record).await?;
        let entries = self.record_entries(&record, &links, AuditAction::Write, None)?;
        let report = self
            .mnemo
            .write_remembered(&prepared, Some((keys::NAMESPACE, &entries)))
            .await?;
        tracing::debug!(record = %record.id, links = links.len(), "record written");
        Ok(RecordWrite {
            record,
            written: true,
            entities: report.entities,
            facts: report.facts,
            links,
        })
    }

    /// A record's metadata, index entries, both ends of its links and its audit entry (`detail`
    /// defaults to the type and source): everything one record write puts.
    pub(crate) fn record_entries(
        &self,
        record: &Record,
        links: &[Link],
        action: AuditAction,
        detail: Option<String>,
    ) -> Result<Vec<KvEntry>> {
        let mut entries = vec![encode(keys::record(&record.id), record)?];
        entries.extend(
            keys::index_keys(record)
                .into_iter()
                .map(|k| (k, String::new())),
        );
        entries.extend(link_entries(&record.id, links));
        let detail =
            detail.unwrap_or_else(|| format!("{} from {}", record.record_type, record.source));
        entries.extend(self.audit_entries(
            action,
            std::slice::from_ref(&record.id),
            Some(detail),
        )?);
        Ok(entries)
    }

    /// The record with this id, if any.
    pub async fn get(&self, id: &str) -> Result<Option<Record>> {
        validate_record_id(id)?;
        self.kv().get_json(&keys::record(id)).await
    }

    /// The records with these ids that exist, in the order asked.
    pub async fn get_many(&self, ids: &[String]) -> Result<Vec<Record>> {
        ids.iter().try_for_each(|id| validate_record_id(id))?;
        let keys: Vec<String> = ids.iter().map(|id| keys::record(id)).collect();
        let found = self.kv().get(&keys).await?;
        found.iter().map(|(k, v)| decode(k, v)).collect()
    }

    /// Records in id order, at most `limit`, after the id `after` (paging).
    pub async fn list(&self, after: Option<&str>, limit: usize) -> Result<Vec<Record>> {
        let after = after.map(keys::record);
        let page = self
            .kv()
            .scan(keys::RECORD_PREFIX, after.as_deref(), limit)
            .await?;
        page.iter().map(|(k, v)| decode(k, v)).collect()
    }

    /// Every record (loads them all: for pruning and small tenants).
    pub async fn all(&self) -> Result<Vec<Record>> {
        let all = self.kv().scan_all(keys::RECORD_PREFIX).await?;
        all.iter().map(|(k, v)| decode(k, v)).collect()
    }

    /// The links of a record, by kind then target, at most `limit`.
    pub async fn links(&self, id: &str, limit: usize) -> Result<Vec<Link>> {
        validate_record_id(id)?;
        let page = self.kv().scan(&keys::link_prefix(id), None, limit).await?;
        Ok(parse_links(id, &page))
    }

    /// Pins (never pruned) or unpins a record.
    pub async fn set_pinned(&self, id: &str, pinned: bool) -> Result<Record> {
        let _guard = self.lock.lock().await;
        let mut record = self
            .get(id)
            .await?
            .ok_or_else(|| Error::NotFound(format!("record {id}")))?;
        if record.pinned == pinned {
            return Ok(record);
        }
        record.pinned = pinned;
        let mut entries = vec![encode(keys::record(id), &record)?];
        entries.extend(self.audit_entries(
            AuditAction::Pin,
            &[id.to_string()],
            Some(if pinned { "pinned" } else { "unpinned" }.to_string()),
        )?);
        self.kv().put(&entries).await?;
        Ok(record)
    }

    /// Links `from` to `to` explicitly (typically `supports` or `contradicts`). Both records must
    /// exist; linking twice changes nothing. Returns whether the link is new.
    pub async fn link(&self, from: &str, kind: LinkKind, to: &str) -> Result<bool> {
        if from == to {
            return Err(Error::InvalidInput(format!(
                "cannot link record {from} to itself"
            )));
        }
        validate_record_id(from)?;
        validate_record_id(to)?;
        let _guard = self.lock.lock().await;
        let found = self.get_many(&[from.to_string(), to.to_string()]).await?;
        for id in [from, to] {
            if !found.iter().any(|r| r.id == id) {
                return Err(Error::NotFound(format!("record {id}")));
            }
        }
        if !self
            .kv()
            .get(&[keys::link(from, kind, to)])
            .await?
            .is_empty()
        {
            return Ok(false);
        }
        let link = Link {
            kind,
            target: to.to_string(),
            incoming: false,
        };
        let mut entries = link_entries(from, &[link]);
        entries.extend(self.audit_entries(
            AuditAction::Link,
            &[from.to_string()],
            Some(format!("{kind} {to}")),
        )?);
        self.kv().put(&entries).await?;
        Ok(true)
    }
}

fn unchanged(record: Record) -> RecordWrite {
    RecordWrite {
        record,
        written: false,
        entities: 0,
        facts: 0,
        links: Vec::new(),
    }
}

/// Both ends of each link: `from`'s view and the target's mirror.
pub(crate) fn link_entries(from: &str, links: &[Link]) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(links.len() * 2);
    for l in links {
        let (here, there) = if l.kind.is_symmetric() {
            (keys::OUT, keys::OUT)
        } else if l.incoming {
            (keys::IN, keys::OUT)
        } else {
            (keys::OUT, keys::IN)
        };
        out.push((keys::link(from, l.kind, &l.target), here.to_string()));
        out.push((keys::link(&l.target, l.kind, from), there.to_string()));
    }
    out
}

pub(crate) fn parse_links(id: &str, entries: &[(String, String)]) -> Vec<Link> {
    entries
        .iter()
        .filter_map(|(k, v)| {
            let (kind, target) = keys::parse_link(k, id)?;
            Some(Link {
                kind,
                target,
                incoming: v == keys::IN,
            })
        })
        .collect()
}
