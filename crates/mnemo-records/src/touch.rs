//! Batched access counting: many accesses, gathered elsewhere (e.g. by a server between flushes),
//! counted in one atomic put instead of one write per search.

use std::collections::HashMap;

use mnemo::Timestamp;
use mnemo_core::MAX_KV_BATCH;
use serde::{Deserialize, Serialize};

use crate::keys;
use crate::kv::encode;
use crate::validate::validate_record_id;
use crate::{Records, Result};

/// Accesses of one record gathered since the last flush.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Touch {
    pub id: String,
    /// Accesses to add (0 only stamps `last_access`).
    pub count: u64,
    /// The latest of them; `last_access` never moves back.
    pub last: Timestamp,
}

impl Records {
    /// Adds gathered accesses: each record's `access_count` grows by its `count` and `last_access`
    /// becomes the later of the stored one and `last`. Ids without a record (episodes written
    /// outside `Records`, records pruned since) are skipped; repeated ids add up. Up to
    /// `MAX_KV_BATCH` records are written in one atomic put (larger batches in several).
    /// Returns how many records were counted.
    pub async fn touch_many(&self, touches: &[Touch]) -> Result<usize> {
        let mut merged: Vec<Touch> = Vec::with_capacity(touches.len());
        let mut at: HashMap<&str, usize> = HashMap::with_capacity(touches.len());
        for t in touches {
            if validate_record_id(&t.id).is_err() {
                continue;
            }
            match at.get(t.id.as_str()) {
                Some(&i) => {
                    let m = &mut merged[i];
                    m.count = m.count.saturating_add(t.count);
                    m.last = m.last.max(t.last);
                }
                None => {
                    at.insert(&t.id, merged.len());
                    merged.push(t.clone());
                }
            }
        }
        if merged.is_empty() {
            return Ok(0);
        }
        let _guard = self.lock.lock().await;
        let mut counted = 0;
        for chunk in merged.chunks(MAX_KV_BATCH) {
            let ids: Vec<String> = chunk.iter().map(|t| t.id.clone()).collect();
            let by_id: HashMap<&str, &Touch> = chunk.iter().map(|t| (t.id.as_str(), t)).collect();
            let mut records = self.get_many(&ids).await?;
            let mut entries = Vec::with_capacity(records.len());
            for r in &mut records {
                let Some(t) = by_id.get(r.id.as_str()) else {
                    continue;
                };
                r.access_count = r.access_count.saturating_add(t.count);
                r.last_access = Some(r.last_access.map_or(t.last, |l| l.max(t.last)));
                entries.push(encode(keys::record(&r.id), &*r)?);
            }
            if !entries.is_empty() {
                self.kv().put(&entries).await?;
            }
            counted += entries.len();
        }
        Ok(counted)
    }
}
