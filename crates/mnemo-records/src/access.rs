//! Access counting: a search through `Records` counts one access for every record behind the
//! returned context (the result's provenance) and stamps its last access.

use mnemo::{ChatTurn, SearchResult, Timestamp};

use crate::keys;
use crate::kv::encode;
use crate::validate::validate_record_id;
use crate::{Records, Result};

impl Records {
    /// Searches memory like `Mnemo::search`, then counts an access for each record behind the
    /// context. A failure to count is logged, never turned into a failed search.
    pub async fn search(&self, query: &str, budget: Option<usize>) -> Result<SearchResult> {
        self.search_with_history(query, budget, &[]).await
    }

    /// Like `search`, with chat history placed in the context (as `Mnemo::search_with_history`).
    pub async fn search_with_history(
        &self,
        query: &str,
        budget: Option<usize>,
        history: &[ChatTurn],
    ) -> Result<SearchResult> {
        self.search_as_of(query, budget, history, None).await
    }

    /// Like `search_with_history`, as memory stood at `as_of` (`Mnemo::search_as_of`).
    pub async fn search_as_of(
        &self,
        query: &str,
        budget: Option<usize>,
        history: &[ChatTurn],
        as_of: Option<Timestamp>,
    ) -> Result<SearchResult> {
        let result = self
            .mnemo
            .search_as_of(query, budget, history, as_of)
            .await?;
        let mut ids: Vec<String> = Vec::new();
        for p in &result.provenance {
            if !ids.contains(&p.episode_id) {
                ids.push(p.episode_id.clone());
            }
        }
        if let Err(e) = self.touch(&ids).await {
            tracing::warn!(error = %e, "could not count record accesses");
        }
        Ok(result)
    }

    /// Counts one access, now, for each of these records; ids without a record (episodes written
    /// outside `Records`) are skipped. Returns how many records were counted.
    pub async fn touch(&self, ids: &[String]) -> Result<usize> {
        // Episode ids are looser than record ids; those can never name a record.
        let ids: Vec<String> = ids
            .iter()
            .filter(|id| validate_record_id(id).is_ok())
            .cloned()
            .collect();
        if ids.is_empty() {
            return Ok(0);
        }
        let now = self.now();
        let _guard = self.lock.lock().await;
        let mut records = self.get_many(&ids).await?;
        let mut entries = Vec::with_capacity(records.len());
        for r in &mut records {
            r.access_count = r.access_count.saturating_add(1);
            r.last_access = Some(now);
            entries.push(encode(keys::record(&r.id), &*r)?);
        }
        self.kv().put(&entries).await?;
        Ok(records.len())
    }
}
