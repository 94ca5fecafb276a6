//! The stop request of an ingest run (Ctrl-C, SIGTERM): a flag the writer checks between inputs
//! and a notification that wakes every wait (the reader, a slow extraction), so that the first
//! signal stops the run at once instead of after the extraction in flight.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Stop {
    flag: AtomicBool,
    notify: Notify,
}

impl Stop {
    pub fn is_set(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// Requests the stop; returns whether it was requested before (a second signal).
    pub fn set(&self) -> bool {
        let was = self.flag.swap(true, Ordering::SeqCst);
        self.notify.notify_waiters();
        was
    }

    /// Resolves once the stop is requested (at once if it was already).
    pub async fn wait(&self) {
        loop {
            // Created before the check: `notify_waiters` wakes it even if it is not polled yet.
            let notified = self.notify.notified();
            if self.is_set() {
                return;
            }
            notified.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test]
    async fn wait_wakes_on_the_first_set_and_returns_at_once_after() {
        let stop = Arc::new(Stop::default());
        let s = stop.clone();
        let waiter = tokio::spawn(async move { s.wait().await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!stop.set(), "first signal");
        tokio::time::timeout(Duration::from_secs(1), waiter)
            .await
            .expect("woken")
            .expect("joined");
        assert!(stop.set(), "second signal");
        tokio::time::timeout(Duration::from_millis(100), stop.wait())
            .await
            .expect("already set");
    }
}
