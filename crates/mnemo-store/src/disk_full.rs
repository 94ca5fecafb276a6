//! A full disk under the durable store: recognising it in redb's errors, and (behind the
//! `fault-injection` feature, for tests) a store file whose writes fail with ENOSPC on demand.
//!
//! Why it needs care: after a failed write redb refuses every later write ("Previous I/O error
//! occurred. Please close and re-open the database") until the file is opened again, so the store
//! remembers that it is broken and reopens the file (and reloads the graph from it) before the
//! next write, or when asked whether it is ready (`GraphStore::ready`), once space is back.
//!
//! Tests cannot fill a real disk without root (no tmpfs or loop mount for an unprivileged user, and
//! not in CI), so the `fault-injection` feature puts a `FullDisk` backend under redb: while the
//! file named by `MNEMO_FAULT_DISK_FULL` exists, every write, growth and sync of the store file
//! fails with the OS error ENOSPC, which redb handles exactly as a real full disk.

use std::path::Path;

use mnemo_core::Error;

/// ENOSPC on Linux and the BSDs ("No space left on device").
const ENOSPC: i32 = 28;

pub(crate) fn io_is_full(io: &std::io::Error) -> bool {
    io.raw_os_error() == Some(ENOSPC) || io.kind() == std::io::ErrorKind::StorageFull
}

/// True when a redb error says the disk is full.
pub(crate) fn is_full(e: &redb::Error) -> bool {
    matches!(e, redb::Error::Io(io) if io_is_full(io))
}

/// True when redb refuses to write because an earlier write failed (the file must be reopened).
pub(crate) fn is_previous_io(e: &redb::Error) -> bool {
    matches!(e, redb::Error::PreviousIo | redb::Error::Io(_))
}

/// The error a write on a full disk returns: `Unavailable` (retrying once space is freed
/// succeeds) with the message `Error::is_disk_full` recognises, naming the file.
pub(crate) fn error(path: &Path, e: &redb::Error) -> Error {
    Error::disk_full(&path.display().to_string(), &e.to_string())
}

/// Whether the disk under `dir` takes writes again: writes, syncs and removes a 1 MiB probe
/// file. Asked before the store file is closed for reopening, so that while the disk is still
/// full the old handle (which redb lets read after a failed write) keeps serving reads.
pub(crate) fn space_is_back(dir: &Path) -> bool {
    #[cfg(feature = "fault-injection")]
    if std::env::var_os("MNEMO_FAULT_DISK_FULL").is_some_and(|f| Path::new(&f).exists()) {
        return false;
    }
    let probe = dir.join(".mnemo-space-probe");
    let written = (|| -> std::io::Result<()> {
        use std::io::Write;
        let mut f = std::fs::File::create(&probe)?;
        f.write_all(&vec![0u8; 1 << 20])?;
        f.sync_all()
    })();
    let _ = std::fs::remove_file(&probe);
    written.is_ok()
}

/// Opens the store file through the fault-injecting backend when `MNEMO_FAULT_DISK_FULL` is set.
/// The flag is ignored during the process's first open of the file (`reopening` false), so that
/// a test can start a store and then fill its disk; a reopen (after a failed write) meets the
/// full disk as it would for real.
#[cfg(feature = "fault-injection")]
pub(crate) fn open_faulty(
    builder: &redb::Builder,
    path: &Path,
    reopening: bool,
) -> Option<Result<redb::Database, redb::DatabaseError>> {
    let flag = std::env::var_os("MNEMO_FAULT_DISK_FULL")?;
    let file = match std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
    {
        Ok(f) => f,
        Err(e) => return Some(Err(e.into())),
    };
    #[allow(deprecated)]
    let inner = redb::backends::FileBackend::new(file);
    let armed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(reopening));
    let db = inner.and_then(|inner| {
        builder.create_with_backend(FullDisk {
            inner,
            flag: flag.into(),
            armed: armed.clone(),
        })
    });
    armed.store(true, std::sync::atomic::Ordering::SeqCst);
    Some(db)
}

/// The store file, failing writes with ENOSPC while the flag file exists.
#[cfg(feature = "fault-injection")]
#[derive(Debug)]
struct FullDisk {
    inner: redb::backends::FileBackend,
    flag: std::path::PathBuf,
    /// False while the first open runs.
    armed: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

#[cfg(feature = "fault-injection")]
impl FullDisk {
    fn check(&self) -> std::io::Result<()> {
        if self.armed.load(std::sync::atomic::Ordering::SeqCst) && self.flag.exists() {
            return Err(std::io::Error::from_raw_os_error(ENOSPC));
        }
        Ok(())
    }
}

#[cfg(feature = "fault-injection")]
use {redb::BackendError, std::ops::Bound};

#[cfg(feature = "fault-injection")]
impl redb::StorageBackend for FullDisk {
    fn len(&self) -> std::io::Result<u64> {
        self.inner.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> std::io::Result<()> {
        self.inner.read(offset, out)
    }
    fn set_len(&self, len: u64) -> std::io::Result<()> {
        // Shrinking frees space and works on a full disk; growing does not.
        if len > self.inner.len()? {
            self.check()?;
        }
        self.inner.set_len(len)
    }
    fn sync_data(&self) -> std::io::Result<()> {
        self.check()?;
        self.inner.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        self.check()?;
        self.inner.write(offset, data)
    }
    fn close(&self) -> std::io::Result<()> {
        self.inner.close()
    }
    // Locks are the file's own (single-process ownership), never refused by a full disk.
    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.inner.try_lock_range(start, end)
    }
    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.inner.try_lock_shared_range(start, end)
    }
    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.lock_range(start, end)
    }
    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.lock_shared_range(start, end)
    }
    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.inner.unlock_range(start, end)
    }
    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.inner.query_lock_range(start, end)
    }
}
