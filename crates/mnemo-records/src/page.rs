//! Paged listing of records: all of them in id order, one session's in time order, or one tag's
//! newest first, each with an opaque cursor for the next page.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::keys;
use crate::kv::decode;
use crate::model::Record;
use crate::validate::{normalize_tag, validate_record_id, validate_session_id};
use crate::{Error, Records, Result};

/// Most records one page holds.
pub const MAX_PAGE: usize = 1_000;

/// Which records to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordFilter {
    /// Every record, in id order.
    All,
    /// The records of one session (conversation), oldest first.
    Session(String),
    /// The records with one tag, newest first.
    Tag(String),
}

/// One page of records and where the next one starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordPage {
    pub records: Vec<Record>,
    /// Pass as `after` for the next page; `None` on the last page.
    pub next: Option<String>,
}

impl Records {
    /// At most `limit` (1..=`MAX_PAGE`) records matching `filter`, after the cursor `after` (the
    /// `next` of the previous page).
    pub async fn page(
        &self,
        filter: &RecordFilter,
        after: Option<&str>,
        limit: usize,
    ) -> Result<RecordPage> {
        if limit == 0 || limit > MAX_PAGE {
            return Err(Error::InvalidInput(format!(
                "limit must be 1..={MAX_PAGE}, got {limit}"
            )));
        }
        let prefix = match filter {
            RecordFilter::All => {
                if let Some(a) = after {
                    validate_record_id(a)?;
                }
                let records = self.list(after, limit).await?;
                let next = (records.len() == limit)
                    .then(|| records.last().map(|r| r.id.clone()))
                    .flatten();
                return Ok(RecordPage { records, next });
            }
            RecordFilter::Session(s) => {
                validate_session_id(s)?;
                keys::session_oldest_prefix(s)
            }
            RecordFilter::Tag(t) => keys::tag_prefix(&normalize_tag(t)?),
        };
        if let Some(a) = after {
            if !a.starts_with(&prefix) || a.len() > mnemo_core::MAX_KV_KEY_BYTES {
                return Err(Error::InvalidInput(
                    "`after` is not a cursor of this listing: pass the `next` of the previous page"
                        .into(),
                ));
            }
        }
        let page = self.kv().scan(&prefix, after, limit).await?;
        let next = (page.len() == limit)
            .then(|| page.last().map(|(k, _)| k.clone()))
            .flatten();
        let ids: Vec<String> = page
            .iter()
            .map(|(k, _)| keys::id_of_index_key(k).to_string())
            .collect();
        let keys: Vec<String> = ids.iter().map(|id| keys::record(id)).collect();
        let found: HashMap<String, String> = self.kv().get(&keys).await?.into_iter().collect();
        // In index order; entries of records removed meanwhile are skipped.
        let mut records = Vec::with_capacity(found.len());
        for key in &keys {
            if let Some(v) = found.get(key) {
                records.push(decode::<Record>(key, v)?);
            }
        }
        Ok(RecordPage { records, next })
    }
}
