//! Coalescing of concurrent reads: calls of one kind made together (a search asks for the memory
//! stream of every seed and every bridge entity at once, and for each seed's neighbourhood) become
//! one statement and one round trip instead of one each.
//!
//! The first call of a group spawns the task that runs the group; the task yields once, so the
//! calls polled in the same pass (`join_all` polls all its futures before waiting) join the group,
//! then takes whatever has gathered. Timing only changes how many calls share a statement, never a
//! result: a group of one runs alone. Running in a spawned task means a caller that is dropped
//! (cancelled) cannot strand the others.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use mnemo_core::{Error, Result};
use tokio::sync::oneshot;

type Waiters<R, V> = Vec<(R, oneshot::Sender<Result<V>>)>;

/// Gathers requests of type `R` per group key `G` and answers each with a `V`.
pub(crate) struct Coalescer<G, R, V> {
    pending: Mutex<HashMap<G, Waiters<R, V>>>,
}

impl<G, R, V> Default for Coalescer<G, R, V> {
    fn default() -> Self {
        Coalescer {
            pending: Mutex::new(HashMap::new()),
        }
    }
}

impl<G, R, V> std::fmt::Debug for Coalescer<G, R, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Coalescer").finish_non_exhaustive()
    }
}

impl<G, R, V> Coalescer<G, R, V>
where
    G: Hash + Eq + Clone + Send + 'static,
    R: Send + 'static,
    V: Send + 'static,
{
    /// Answers `req` through `run`, which receives every request of the group gathered with it and
    /// must return one answer per request, in order.
    pub(crate) async fn call<F, Fut>(self: &Arc<Self>, group: G, req: R, run: F) -> Result<V>
    where
        F: FnOnce(Vec<R>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Vec<V>>> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let first = {
            let mut pending = self.lock();
            let waiters = pending.entry(group.clone()).or_default();
            waiters.push((req, tx));
            waiters.len() == 1
        };
        if first {
            let me = Arc::clone(self);
            tokio::spawn(async move {
                tokio::task::yield_now().await;
                let waiters = me.lock().remove(&group).unwrap_or_default();
                let (reqs, txs): (Vec<R>, Vec<_>) = waiters.into_iter().unzip();
                let asked = reqs.len();
                match run(reqs).await {
                    Ok(answers) if answers.len() == asked => {
                        for (tx, v) in txs.into_iter().zip(answers) {
                            let _ = tx.send(Ok(v));
                        }
                    }
                    Ok(answers) => {
                        let msg = format!("neo4j: {} answers for {asked} reads", answers.len());
                        for tx in txs {
                            let _ = tx.send(Err(Error::Internal(msg.clone())));
                        }
                    }
                    Err(e) => {
                        for tx in txs {
                            let _ = tx.send(Err(same(&e)));
                        }
                    }
                }
            });
        }
        rx.await.unwrap_or_else(|_| {
            Err(Error::Unavailable(
                "neo4j: a grouped read was dropped".into(),
            ))
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<G, Waiters<R, V>>> {
        // Entries are pushed and removed whole, so a panic elsewhere cannot leave one half-made.
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The same error for every caller of a failed group (the error type is not `Clone`).
fn same(e: &Error) -> Error {
    match e {
        Error::InvalidInput(m) => Error::InvalidInput(m.clone()),
        Error::NotFound(m) => Error::NotFound(m.clone()),
        Error::Unavailable(m) => Error::Unavailable(m.clone()),
        Error::Corrupt(m) => Error::Corrupt(m.clone()),
        Error::Internal(m) => Error::Internal(m.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn concurrent_calls_share_one_run_and_get_their_own_answers() {
        let c: Arc<Coalescer<u8, u32, u32>> = Arc::default();
        let runs = Arc::new(AtomicUsize::new(0));
        let calls = (0..10u32).map(|i| {
            let runs = Arc::clone(&runs);
            c.call(0, i, move |reqs: Vec<u32>| async move {
                runs.fetch_add(1, Ordering::SeqCst);
                Ok(reqs.into_iter().map(|r| r * 2).collect())
            })
        });
        let answers = futures::future::try_join_all(calls).await.expect("answers");
        assert_eq!(answers, (0..10).map(|i| i * 2).collect::<Vec<_>>());
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // A later call starts a new group.
        let one = c
            .call(0, 5, |reqs: Vec<u32>| async move { Ok(reqs) })
            .await
            .expect("answer");
        assert_eq!(one, 5);
    }

    #[tokio::test]
    async fn groups_are_kept_apart_and_errors_reach_every_caller() {
        let c: Arc<Coalescer<u8, u32, u32>> = Arc::default();
        let ok = c.call(1, 7, |reqs: Vec<u32>| async move { Ok(reqs) });
        let bad = c.call(2, 8, |_reqs: Vec<u32>| async move {
            Err(Error::Unavailable("down".into()))
        });
        let bad2 = c.call(2, 9, |_reqs: Vec<u32>| async move { Ok(vec![0]) });
        let (ok, bad, bad2) = tokio::join!(ok, bad, bad2);
        assert_eq!(ok.expect("group 1"), 7);
        assert!(matches!(bad, Err(Error::Unavailable(_))));
        assert!(matches!(bad2, Err(Error::Unavailable(_))), "{bad2:?}");
    }
}
