//! Opening input files: only regular files (symlinks followed) are opened, and a whole-file read
//! stops at the byte limit whatever the file's size claims.

use std::fs::{File, FileType, Metadata};
use std::io::Read;
use std::path::Path;

use super::{err, SourceError};

/// The metadata of `path` (symlinks followed) when it is a regular file. FIFOs, sockets, devices
/// and folders are refused: opening a FIFO for reading blocks until some process writes to it, and
/// a device such as /dev/zero never ends.
pub(crate) fn regular_metadata(path: &Path) -> Result<Metadata, SourceError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| err(path.display().to_string(), format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(not_regular(path, meta.file_type()));
    }
    Ok(meta)
}

/// Opens `path` when it is a regular file (see [`regular_metadata`]), with the metadata of the
/// file actually opened.
pub(crate) fn open_regular(path: &Path) -> Result<(File, Metadata), SourceError> {
    let loc = path.display().to_string();
    regular_metadata(path)?;
    let file = open_nonblocking(path).map_err(|e| err(&loc, format!("cannot open: {e}")))?;
    // The path may have been replaced between the check and the open: the handle decides.
    let meta = file
        .metadata()
        .map_err(|e| err(&loc, format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(not_regular(path, meta.file_type()));
    }
    Ok((file, meta))
}

/// Opens for reading without waiting: should a FIFO take the file's place after the check,
/// `open` returns at once instead of blocking, and the handle's check refuses it. Reads of a
/// regular file are unaffected by O_NONBLOCK.
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

fn not_regular(path: &Path, file_type: FileType) -> SourceError {
    let via = match path.symlink_metadata() {
        Ok(m) if m.file_type().is_symlink() => "a symlink to ",
        _ => "",
    };
    err(
        path.display().to_string(),
        format!(
            "not a regular file: {via}{}; not opened",
            kind_of(file_type)
        ),
    )
}

fn kind_of(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Reads all of `reader`, failing once it passes `limit` bytes. The size a file reports may be
/// stale (it grows while read) or meaningless (0 for /proc files), so the read itself is bounded;
/// `size_hint` only sizes the buffer.
pub(crate) fn read_capped(
    reader: impl Read,
    limit: u64,
    size_hint: u64,
    loc: &str,
) -> Result<Vec<u8>, SourceError> {
    let mut bytes = Vec::with_capacity(size_hint.min(limit) as usize);
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| err(loc, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(err(
            loc,
            format!("file is over the {limit} byte limit (reading stopped there)"),
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_stops_past_the_limit_whatever_the_size_said() {
        // An endless reader that claims to be empty, like /dev/zero or a growing file.
        let e = read_capped(std::io::repeat(b'a'), 1024, 0, "endless").unwrap_err();
        assert!(e.reason.contains("over the 1024 byte limit"), "{e}");
        let ok = read_capped(&b"exactly"[..], 7, 1 << 40, "small").unwrap();
        assert_eq!(ok, b"exactly");
    }

    #[test]
    #[cfg(unix)]
    fn a_fifo_is_refused_and_opening_one_would_not_block() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.txt");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = open_regular(&fifo).unwrap_err();
        assert!(e.reason.contains("a FIFO (named pipe)"), "{e}");
        // The open behind the check returns at once even on a FIFO (no writer exists), so a
        // FIFO swapped in after the check is refused by the handle's own file type.
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = tx.send(open_nonblocking(&path).map(|f| f.metadata().map(|m| m.is_file())));
        });
        let opened = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("open of a FIFO did not block");
        assert!(matches!(opened, Ok(Ok(false))), "{opened:?}");
    }
}
