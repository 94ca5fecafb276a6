//! Keeping the text index in step with the store: checking it on open against redb's text
//! generation (and the analysis it was made with), applying each committed change, rebuilding it
//! from the episodes when it lags, is damaged or went stale, and searching it.

use mnemo_core::{Result, Tenant, TextHit, MAX_TEXT_HITS};

use crate::handles::Slot;
use crate::plan::Plan;
use crate::text::{payload_for, TextDoc};
use crate::{blocking, poisoned, EmbeddedStore};

impl EmbeddedStore {
    /// Rebuilds the text index unless its committed `payload` says it is up to date with this
    /// store's episodes (new, lagging after a crash between the two commits, stale, made with
    /// another analysis, or from another store: rebuilt).
    pub(crate) fn check_text(&self, payload: Option<&str>) -> Result<()> {
        let gen = self.disk.as_ref().map_or(Ok(0), |d| d.text_gen())?;
        if payload != Some(payload_for(gen).as_str()) {
            self.rebuild_text()?;
        }
        Ok(())
    }

    /// Rebuilds the text index from the stored episodes, one at a time.
    pub(crate) fn rebuild_text(&self) -> Result<()> {
        let started = std::time::Instant::now();
        let n = match &self.disk {
            Some(disk) => {
                let payload = payload_for(disk.text_gen()?);
                self.text.rebuild(Some(&payload), |add| {
                    disk.for_each_episode(|t, ep| add(t, TextDoc::of(&ep)))
                })?
            }
            None => {
                let tenants = self.read()?;
                self.text.rebuild(None, |add| {
                    for (t, g) in tenants.iter() {
                        for slot in 0..g.episodes.len() {
                            if let Some(ep) = g.episode_body(slot as Slot, true) {
                                add(t, TextDoc::of(&ep))?;
                            }
                        }
                    }
                    Ok(())
                })?
            }
        };
        tracing::info!(
            episodes = n,
            ms = started.elapsed().as_millis() as u64,
            "rebuilt the text index"
        );
        Ok(())
    }

    /// Brings the text index up to date with a change just committed (generation `gen`). The
    /// change is durable already, so a failure here is not the write's: the index marks itself
    /// stale and is rebuilt before the next text search.
    pub(crate) fn index_text(&self, tenant: &Tenant, plan: &Plan<'_>, gen: u64) {
        if plan.new_episodes.is_empty() && plan.deleted.is_empty() {
            return;
        }
        let removed: Vec<&str> = plan.deleted.iter().map(|d| d.id.as_str()).collect();
        let added: Vec<TextDoc<'_>> = plan
            .new_episodes
            .iter()
            .map(|(_, ew)| TextDoc::of(&ew.episode))
            .collect();
        let payload = self.disk.is_some().then(|| payload_for(gen));
        // The error is logged and recorded by the index itself.
        let _ = self
            .text
            .apply(tenant.as_str(), &removed, &added, payload.as_deref());
    }

    /// `GraphStore::search_text` on this store: a stale index is rebuilt first, and pending
    /// changes are committed by the search. Inside a tokio runtime the index's part runs on a
    /// blocking thread, so that a search's other branches (linking, neighbourhoods, memory
    /// streams) run beside it instead of after it: two cores then share one search (1M facts:
    /// docs/benchmarks.md, session 21). The hits' ids are read here, from the store.
    pub(crate) async fn text_hits(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<Vec<TextHit>> {
        let docs = self.text_ready(tenant)?;
        let limit = limit.min(MAX_TEXT_HITS);
        let snapshot = self.text.snapshot()?;
        let (snapshot, top) = match tokio::runtime::Handle::try_current() {
            Ok(_) => {
                let (t, q) = (tenant.as_str().to_string(), query.to_string());
                tokio::task::spawn_blocking(move || {
                    let top = snapshot.top(&t, &q, limit, docs);
                    (snapshot, top)
                })
                .await
                .map_err(|e| crate::text::internal("searching", e))?
            }
            Err(_) => {
                let top = snapshot.top(tenant.as_str(), query, limit, docs);
                (snapshot, top)
            }
        };
        let resolve = |h: &[u64]| self.ids_of_hashes(tenant, h);
        let hits = snapshot.hits(tenant.as_str(), top?, limit, &resolve)?;
        Ok(to_hits(hits))
    }

    /// `GraphStore::search_text_naming` on this store, on the caller's thread.
    pub(crate) fn text_hits_naming(
        &self,
        tenant: &Tenant,
        names: &[String],
        query: &str,
        limit: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        let docs = self.text_ready(tenant)?;
        let resolve = |h: &[u64]| self.ids_of_hashes(tenant, h);
        let lists = blocking(|| {
            self.text.search_naming(
                tenant.as_str(),
                names,
                query,
                limit.min(MAX_TEXT_HITS),
                docs,
                &resolve,
            )
        })?;
        Ok(lists.into_iter().map(to_hits).collect())
    }

    /// The tenant's episode ids of text-index id hashes (see `text::search::Resolve`).
    fn ids_of_hashes(&self, tenant: &Tenant, hashes: &[u64]) -> Vec<Option<String>> {
        let ids = self.with_tenant(tenant, None, |g| {
            let id = |h: u64| {
                g.episode_ids
                    .by_hash(&g.episodes, h)
                    .map(|s| g.ep(s).id.to_string())
            };
            Some(hashes.iter().map(|&h| id(h)).collect())
        });
        // Without an answer the id column says (slower, never wrong).
        ids.ok()
            .flatten()
            .unwrap_or_else(|| vec![None; hashes.len()])
    }

    /// Rebuilds a stale index (under the writer lock, so no change lands in between) and returns
    /// how many episodes the tenant has.
    fn text_ready(&self, tenant: &Tenant) -> Result<u64> {
        if self.text.is_stale() {
            let _writer = self.writer.lock().map_err(poisoned)?;
            if self.text.is_stale() {
                blocking(|| self.rebuild_text())?;
            }
        }
        self.with_tenant(tenant, 0, |g| g.episode_ids.len() as u64)
    }
}

fn to_hits(hits: Vec<crate::text::TextHit>) -> Vec<TextHit> {
    hits.into_iter()
        .map(|(episode, score)| TextHit { episode, score })
        .collect()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use mnemo_core::{content_hash, Episode, EpisodeKind, EpisodeWrite, GraphStore, WriteBatch};

    use super::*;

    fn said(id: &str, text: &str) -> WriteBatch {
        WriteBatch {
            document: None,
            episodes: vec![EpisodeWrite {
                episode: Episode {
                    id: id.into(),
                    kind: EpisodeKind::Note,
                    content: text.into(),
                    created_at: chrono::Utc
                        .timestamp_opt(1_700_000_000, 0)
                        .single()
                        .expect("ts"),
                    source: "test".into(),
                    content_hash: content_hash(text),
                    document_id: None,
                    span: None,
                    speaker: None,
                    session: None,
                },
                entities: Vec::new(),
                facts: Vec::new(),
            }],
        }
    }

    async fn found(store: &EmbeddedStore, q: &str) -> Vec<String> {
        let t = Tenant::default();
        store
            .search_text(&t, q, 10)
            .await
            .expect("search")
            .into_iter()
            .map(|h| h.episode)
            .collect()
    }

    /// After a failed update, later writes never make the index look up to date: a search
    /// rebuilds it, and so does a reopen when the store closed before any search.
    #[tokio::test]
    async fn a_failed_update_is_never_committed_as_up_to_date() {
        let dir = tempfile::tempdir().expect("tempdir");
        let t = Tenant::default();
        {
            let store = EmbeddedStore::open(dir.path()).expect("open");
            store
                .write(&t, &said("e1", "an alpaca farm"))
                .await
                .expect("write");
            store.text.fail_now();
            store
                .write(&t, &said("e2", "a llama farm"))
                .await
                .expect("write");
            store
                .write(&t, &said("e3", "a vicuna farm"))
                .await
                .expect("write");
            assert!(store.text.is_stale());
        }
        let store = EmbeddedStore::open(dir.path()).expect("reopen");
        assert!(!store.text.is_stale(), "the reopen rebuilt it");
        assert_eq!(found(&store, "llama").await, vec!["e2"]);
        store.text.fail_now();
        store
            .write(&t, &said("e4", "a guanaco farm"))
            .await
            .expect("write");
        assert_eq!(
            found(&store, "guanaco").await,
            vec!["e4"],
            "a search rebuilt it"
        );
        assert!(!store.text.is_stale());
        assert_eq!(found(&store, "farm").await.len(), 4);
    }

    /// A hit's id found through the store's episode index equals the id column's, and a hash that
    /// names no single episode falls back to the column.
    #[tokio::test]
    async fn hit_ids_come_from_their_hash_or_else_from_the_id_column() {
        let store = EmbeddedStore::in_memory();
        let t = Tenant::default();
        for (id, text) in [
            ("e1", "an alpaca farm"),
            ("e2", "a llama farm near the alpaca barn"),
            ("e3", "a vicuna farm"),
        ] {
            store.write(&t, &said(id, text)).await.expect("write");
        }
        let docs = store.text_ready(&t).expect("ready");
        let by_hash = |h: &[u64]| store.ids_of_hashes(&t, h);
        let none = |h: &[u64]| vec![None; h.len()];
        let wrong = |h: &[u64]| vec![Some("nope".to_string()); h.len()];
        let a = store
            .text
            .search(t.as_str(), "alpaca farm", 10, docs, &by_hash)
            .expect("a");
        let b = store
            .text
            .search(t.as_str(), "alpaca farm", 10, docs, &none)
            .expect("b");
        assert_eq!(a, b);
        let ids: Vec<&str> = a.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids[..2], ["e1", "e2"]);
        assert_eq!(ids.len(), 3);
        // The resolver's answer is what the hit carries (it is not checked again).
        let c = store
            .text
            .search(t.as_str(), "vicuna", 10, docs, &wrong)
            .expect("c");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].0, "nope");
        // Every stored episode is found by its own hash, and an unknown hash by none.
        let hashes: Vec<u64> = ["e1", "e2", "e3", "e4"]
            .iter()
            .map(|id| crate::index::hash_key(id))
            .collect();
        assert_eq!(
            store.ids_of_hashes(&t, &hashes),
            vec![
                Some("e1".into()),
                Some("e2".into()),
                Some("e3".into()),
                None
            ]
        );
    }

    /// A store that alternates writes and searches commits a small segment each time; commits
    /// merge them, so a search reads few segments. Merges keep every live episode, drop the
    /// deleted ones, and keep the commit's payload: a reopen finds the index up to date.
    #[tokio::test]
    async fn commits_merge_segments_and_keep_the_index_up_to_date() {
        let dir = tempfile::tempdir().expect("tempdir");
        let t = Tenant::default();
        {
            let store = EmbeddedStore::open(dir.path()).expect("open");
            for i in 0..30 {
                let id = format!("e{i}");
                store
                    .write(&t, &said(&id, &format!("farm number {i} with alpacas")))
                    .await
                    .expect("write");
                assert_eq!(found(&store, &format!("number {i}")).await[0], id);
                assert!(
                    store.text.segments() <= 2,
                    "{} segments after {} commits",
                    store.text.segments(),
                    i + 1
                );
            }
            let gone: Vec<String> = (0..10).map(|i| format!("e{i}")).collect();
            store.delete_episodes(&t, &gone).await.expect("delete");
            let mut left: Vec<String> = store
                .search_text(&t, "alpacas farm", 50)
                .await
                .expect("search")
                .into_iter()
                .map(|h| h.episode)
                .collect();
            left.sort();
            let mut want: Vec<String> = (10..30).map(|i| format!("e{i}")).collect();
            want.sort();
            assert_eq!(left, want, "the live episodes, and only those");
            assert!(store.text.segments() <= 2);
        }
        let gen = {
            let store = EmbeddedStore::open(dir.path()).expect("reopen");
            let gen = store
                .disk
                .as_ref()
                .expect("durable")
                .text_gen()
                .expect("gen");
            let hits = store.search_text(&t, "alpacas", 50).await.expect("search");
            assert_eq!(hits.len(), 20);
            gen
        };
        let (_, payload) =
            crate::text::TextIndex::open(&dir.path().join(crate::TEXT_INDEX_DIR)).expect("open");
        assert_eq!(payload, Some(payload_for(gen)), "no rebuild needed");
    }
}
