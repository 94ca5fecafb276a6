//! Background ingest jobs: an in-memory, tenant-scoped registry with progress that clients poll.
//! Jobs do not survive a restart; re-sending a batch is safe because ingestion is idempotent.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};
use mnemo_core::Tenant;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ingest::DocResult;

/// Failed documents kept per job (the counts stay exact beyond this).
const MAX_ERRORS_KEPT: usize = 100;

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    Running,
    /// Every document was processed (some may have failed: see `failed` and `errors`).
    Done,
    /// The server shut down before the end; processed documents are stored, the rest are not.
    /// Re-send the batch: unchanged documents are skipped.
    Cancelled,
}

/// Progress of a background ingest job.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct JobView {
    pub job_id: String,
    pub status: JobStatus,
    /// Documents in the batch.
    pub total: u64,
    /// Documents processed so far (ingested + unchanged + failed).
    pub processed: u64,
    pub ingested: u64,
    pub unchanged: u64,
    pub failed: u64,
    /// The failed documents (at most 100), with what was wrong.
    pub errors: Vec<DocResult>,
    pub created_at: DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug)]
struct Job {
    tenant: Tenant,
    view: JobView,
}

#[derive(Debug, Default)]
struct Table {
    jobs: HashMap<String, Job>,
    /// Job ids, oldest first, for eviction.
    order: VecDeque<String>,
}

/// The jobs of all tenants. Cheap to clone.
#[derive(Debug, Clone)]
pub struct JobRegistry {
    table: Arc<Mutex<Table>>,
    max_kept: usize,
    seq: Arc<AtomicU64>,
}

impl JobRegistry {
    pub fn new(max_kept: usize) -> Self {
        JobRegistry {
            table: Arc::default(),
            max_kept: max_kept.max(1),
            seq: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // A panic while holding the lock leaves only counters behind: keep serving them.
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a running job of `total` documents and returns its id.
    pub fn start(&self, tenant: &Tenant, total: u64) -> String {
        let now = Utc::now();
        let n = self.seq.fetch_add(1, Ordering::Relaxed);
        let id = format!("job-{}-{n}", now.timestamp_millis());
        let view = JobView {
            job_id: id.clone(),
            status: JobStatus::Running,
            total,
            processed: 0,
            ingested: 0,
            unchanged: 0,
            failed: 0,
            errors: Vec::new(),
            created_at: now,
            finished_at: None,
        };
        let mut t = self.lock();
        t.jobs.insert(
            id.clone(),
            Job {
                tenant: tenant.clone(),
                view,
            },
        );
        t.order.push_back(id.clone());
        self.evict(&mut t);
        id
    }

    /// Drops the oldest finished jobs while over capacity (running jobs are never dropped).
    fn evict(&self, t: &mut Table) {
        while t.jobs.len() > self.max_kept {
            let victim = t.order.iter().position(|id| {
                t.jobs
                    .get(id)
                    .is_some_and(|j| j.view.status != JobStatus::Running)
            });
            match victim.and_then(|i| t.order.remove(i)) {
                Some(id) => {
                    t.jobs.remove(&id);
                }
                None => break,
            }
        }
    }

    /// Records one processed document.
    pub fn record(&self, id: &str, r: DocResult) {
        let mut t = self.lock();
        if let Some(job) = t.jobs.get_mut(id) {
            let v = &mut job.view;
            v.processed += 1;
            match r.outcome.as_str() {
                "ingested" => v.ingested += 1,
                "unchanged" => v.unchanged += 1,
                _ => {
                    v.failed += 1;
                    if v.errors.len() < MAX_ERRORS_KEPT {
                        v.errors.push(r);
                    }
                }
            }
        }
    }

    /// Marks a job finished.
    pub fn finish(&self, id: &str, status: JobStatus) {
        let mut t = self.lock();
        if let Some(job) = t.jobs.get_mut(id) {
            job.view.status = status;
            job.view.finished_at = Some(Utc::now());
        }
        self.evict(&mut t);
    }

    /// The job, if it exists and belongs to `tenant` (another tenant's job is "not found").
    pub fn get(&self, tenant: &Tenant, id: &str) -> Option<JobView> {
        let t = self.lock();
        t.jobs
            .get(id)
            .filter(|j| &j.tenant == tenant)
            .map(|j| j.view.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(outcome: &str) -> DocResult {
        DocResult {
            index: 0,
            outcome: outcome.into(),
            document_id: None,
            episodes: 0,
            entities: 0,
            facts: 0,
            replaced: 0,
            error: None,
        }
    }

    #[test]
    fn jobs_are_tenant_scoped_and_count_progress() {
        let reg = JobRegistry::new(10);
        let (a, b) = (Tenant::new("a").unwrap(), Tenant::new("b").unwrap());
        let id = reg.start(&a, 3);
        reg.record(&id, result("ingested"));
        reg.record(&id, result("failed"));
        assert!(reg.get(&b, &id).is_none());
        let v = reg.get(&a, &id).unwrap();
        assert_eq!((v.processed, v.ingested, v.failed), (2, 1, 1));
        assert_eq!(v.status, JobStatus::Running);
        reg.record(&id, result("unchanged"));
        reg.finish(&id, JobStatus::Done);
        let v = reg.get(&a, &id).unwrap();
        assert_eq!(v.status, JobStatus::Done);
        assert!(v.finished_at.is_some());
        assert_eq!(v.unchanged, 1);
    }

    #[test]
    fn eviction_keeps_running_jobs() {
        let reg = JobRegistry::new(2);
        let t = Tenant::default();
        let running = reg.start(&t, 1);
        let done = reg.start(&t, 1);
        reg.finish(&done, JobStatus::Done);
        let third = reg.start(&t, 1);
        assert!(reg.get(&t, &running).is_some());
        assert!(reg.get(&t, &done).is_none());
        assert!(reg.get(&t, &third).is_some());
    }
}
