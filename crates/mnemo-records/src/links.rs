//! Automatic links of a new record, found through the session and tag indexes with capped prefix
//! scans, so a write costs the same whatever the size of memory.

use std::collections::BTreeSet;

use chrono::Duration;
use mnemo_core::Timestamp;

use crate::keys;
use crate::model::{Link, LinkKind, Record};
use crate::{Records, Result};

/// Records of the same session linked on each side of a new one (nearest in time).
pub const CONTEXT_EACH_SIDE: usize = 8;
/// Tags whose index is consulted for `related_to` (the record's first ones).
pub const RELATED_TAGS: usize = 8;
/// Newest records consulted per tag.
pub const RELATED_PER_TAG: usize = 8;
/// Most `related_to` links made for one write.
pub const MAX_RELATED: usize = 16;
/// `follows` links records of one session at most this far apart.
pub const FOLLOWS_WITHIN_SECS: i64 = 5 * 60;

impl Records {
    /// Ids of the at most `n` records of `session` just before (`at`, `id`) in time, nearest
    /// first (an empty `id` counts every record of the same time as earlier).
    pub(crate) async fn earlier_in_session(
        &self,
        session: &str,
        at: Timestamp,
        id: &str,
        n: usize,
    ) -> Result<Vec<String>> {
        let prefix = keys::session_newest_prefix(session);
        let from = keys::session_newest(session, at, id);
        Ok(self
            .kv()
            .scan(&prefix, Some(&from), n)
            .await?
            .into_iter()
            .map(|(k, _)| keys::id_of_index_key(&k).to_string())
            .collect())
    }

    /// The links a new record gets: `context_of` the nearest records of its session on both
    /// sides in time, `follows` the previous one (and is followed by the next one) when within
    /// five minutes, `related_to` the newest records sharing a tag. Stale index entries (records
    /// gone) are ignored.
    pub(crate) async fn auto_links(&self, r: &Record) -> Result<Vec<Link>> {
        let kv = self.kv();
        let mut older: Vec<String> = Vec::new();
        let mut newer: Vec<String> = Vec::new();
        if let Some(s) = &r.session {
            older = self
                .earlier_in_session(s, r.at, &r.id, CONTEXT_EACH_SIDE)
                .await?;
            let key = keys::session_oldest(s, r.at, &r.id);
            let prefix = keys::session_oldest_prefix(s);
            for (k, _) in kv.scan(&prefix, Some(&key), CONTEXT_EACH_SIDE).await? {
                newer.push(keys::id_of_index_key(&k).to_string());
            }
        }
        let mut related: Vec<String> = Vec::new();
        for t in r.tags.iter().take(RELATED_TAGS) {
            for (k, _) in kv.scan(&keys::tag_prefix(t), None, RELATED_PER_TAG).await? {
                related.push(keys::id_of_index_key(&k).to_string());
            }
        }
        let mut wanted: BTreeSet<String> = older.iter().chain(&newer).cloned().collect();
        wanted.extend(related.iter().cloned());
        wanted.remove(&r.id);
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let live = self
            .get_many(&wanted.into_iter().collect::<Vec<_>>())
            .await?;
        let find = |id: &str| live.iter().find(|x| x.id == id);
        let within = Duration::seconds(FOLLOWS_WITHIN_SECS);

        let mut links = Vec::new();
        let mut seen: BTreeSet<(LinkKind, String)> = BTreeSet::new();
        let mut add = |kind: LinkKind, target: &str, incoming: bool, links: &mut Vec<Link>| {
            let new = target != r.id && seen.insert((kind, target.to_string()));
            if new {
                links.push(Link {
                    kind,
                    target: target.to_string(),
                    incoming,
                });
            }
            new
        };
        for id in older.iter().chain(&newer) {
            if find(id).is_some() {
                add(LinkKind::ContextOf, id, false, &mut links);
            }
        }
        if let Some(prev) = older.iter().find_map(|id| find(id)) {
            if r.at - prev.at <= within {
                add(LinkKind::Follows, &prev.id, false, &mut links);
            }
        }
        if let Some(next) = newer.iter().find_map(|id| find(id)) {
            if next.at - r.at <= within {
                add(LinkKind::Follows, &next.id, true, &mut links);
            }
        }
        let mut n_related = 0;
        for id in &related {
            if n_related == MAX_RELATED {
                break;
            }
            if find(id).is_some() && add(LinkKind::RelatedTo, id, false, &mut links) {
                n_related += 1;
            }
        }
        Ok(links)
    }
}
