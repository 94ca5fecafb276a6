//! Getting the durable store writable again after a write failed with an I/O error (a full disk):
//! redb refuses every later write until its file is opened again, so the store reopens the file
//! and reloads memory from it before the next write, and when asked whether it is ready
//! (`GraphStore::ready`, which `/readyz` calls), so that a server recovers once space is back
//! without a restart and without a write having to fail first. Nothing acknowledged is lost: an
//! acknowledged write was committed (fsync) before it was acknowledged, and the reload reads the
//! file as committed.

use std::sync::MutexGuard;

use mnemo_core::Result;

use crate::{blocking, poisoned, EmbeddedStore};

impl EmbeddedStore {
    /// Reopens the store file if a write failed with an I/O error. Takes the writer lock's guard,
    /// so no write runs meanwhile. Errors (still no space) leave the store marked for another try.
    pub(crate) fn recover(&self, _writer: &MutexGuard<'_, ()>) -> Result<()> {
        let Some(disk) = &self.disk else {
            return Ok(());
        };
        if !disk.is_broken() {
            return Ok(());
        }
        let (tenants, moved) = blocking(|| disk.reopen())?;
        *self.tenants.write().map_err(poisoned)? = tenants;
        if moved {
            // A commit reported as failed had landed: the text index has not seen it.
            blocking(|| self.rebuild_text())?;
        }
        Ok(())
    }

    /// `recover` under the writer lock (for writes that do not otherwise take it, and `ready`).
    pub(crate) fn recover_now(&self) -> Result<()> {
        if !self.disk.as_ref().is_some_and(|d| d.is_broken()) {
            return Ok(());
        }
        let writer = self.writer.lock().map_err(poisoned)?;
        self.recover(&writer)
    }
}
