//! Files that are not regular files (a FIFO, a socket, a symlink to /dev/zero) are reported with
//! their path and kind and never opened for reading: opening a FIFO blocks until a writer comes,
//! and a device can be read forever. Every read runs under a 20 s guard, so a regression fails
//! instead of hanging the test run.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use mnemo::sources::{SourceError, SourceOptions, SourceReader};
use mnemo::{TripleItem, TripleReader};

/// Runs `f` on its own thread and waits at most 20 s for it; a reader blocked in `open` on a FIFO
/// is left behind (the test process ends it).
fn within_20s<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| {
            panic!("{what} did not finish within 20 s (blocked or reading forever)")
        })
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// good.txt beside a FIFO named like a text file, a FIFO named like a row file, a socket and a
/// symlink to /dev/zero. The listener keeps the socket file bound.
fn corpus(dir: &Path) -> std::os::unix::net::UnixListener {
    std::fs::write(
        dir.join("good.txt"),
        "Ada Lovelace worked with Charles Babbage.",
    )
    .unwrap();
    mkfifo(&dir.join("pipe.txt"));
    mkfifo(&dir.join("rows.jsonl"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.txt")).unwrap();
    std::os::unix::net::UnixListener::bind(dir.join("sock.md")).unwrap()
}

fn read_all(paths: Vec<PathBuf>, opts: SourceOptions) -> (Vec<String>, Vec<SourceError>) {
    within_20s("SourceReader", move || {
        let (mut docs, mut bad) = (Vec::new(), Vec::new());
        for item in SourceReader::new(&paths, opts) {
            match item {
                Ok(d) => docs.push(d.source),
                Err(e) => bad.push(e),
            }
        }
        (docs, bad)
    })
}

fn assert_reported(bad: &[SourceError], file: &str, kind: &str) {
    let hit = bad.iter().any(|e| {
        e.location.ends_with(file)
            && e.reason.contains("not a regular file")
            && e.reason.contains(kind)
    });
    assert!(hit, "{file} not reported as {kind}: {bad:?}");
}

#[test]
fn fifo_socket_and_device_in_a_folder_are_reported_unread() {
    let dir = tempfile::tempdir().unwrap();
    let _socket = corpus(dir.path());
    let (docs, bad) = read_all(vec![dir.path().to_path_buf()], SourceOptions::default());
    assert_eq!(docs.len(), 1, "{docs:?} {bad:?}");
    assert!(docs[0].ends_with("good.txt"), "{docs:?}");
    assert_reported(&bad, "pipe.txt", "FIFO");
    assert_reported(&bad, "rows.jsonl", "FIFO");
    assert_reported(&bad, "sock.md", "socket");
    assert_reported(&bad, "zero.txt", "character device");
    assert_eq!(bad.len(), 4, "{bad:?}");
}

#[test]
fn a_fifo_or_device_named_directly_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _socket = corpus(dir.path());
    for (file, kind) in [
        ("pipe.txt", "FIFO"),
        ("zero.txt", "character device"),
        ("rows.jsonl", "FIFO"),
    ] {
        let (docs, bad) = read_all(vec![dir.path().join(file)], SourceOptions::default());
        assert!(docs.is_empty(), "{file}: {docs:?}");
        assert_reported(&bad, file, kind);
    }
    // Triples are read through the same check.
    let fifo = dir.path().join("rows.jsonl");
    let items = within_20s("TripleReader", move || {
        TripleReader::new(&[fifo], SourceOptions::default(), 10).collect::<Vec<_>>()
    });
    match items.as_slice() {
        [TripleItem::Bad(e)] => assert_reported(std::slice::from_ref(e), "rows.jsonl", "FIFO"),
        other => panic!("expected one refusal: {other:?}"),
    }
}
