//! The resume checkpoint of `mnemo ingest`: an append-only JSONL file of reader positions under
//! `<data_dir>/ingest-checkpoints/`, one file per input set (store, tenant, format, paths, filters).
//!
//! Why: a re-run already skips unchanged documents by content hash, but it still reads, parses and
//! hashes every file and asks the store about every document (one round trip each on Neo4j). The
//! checkpoint lets a resumed run skip finished files unread and continue a JSONL/CSV file at the
//! byte offset where it stopped. A position is appended only after everything before it was
//! committed to the store, so the checkpoint never claims more than is stored; losing its tail in a
//! crash only means redoing (idempotent) work. A run that reaches the end deletes its checkpoint:
//! later runs are ordinary re-runs that re-check every document by hash.
//!
//! Beside the positions it records which documents each file gave (id and content hash), so that
//! a resumed run can check the store still holds them (`verify.rs`): a store wiped or replaced
//! since (a Neo4j server that restarted empty, a new data folder) must not make the resumed run
//! skip what it no longer has.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use mnemo::sources::{Position, Resume};

/// How often pending positions are appended to the file.
const FLUSH_EVERY: Duration = Duration::from_millis(500);

#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: Option<File>,
    /// Latest position per input file not yet appended.
    dirty: HashMap<String, Position>,
    /// Documents stored since the last append, per input file: (document id, content hash).
    done: HashMap<String, Vec<(String, String)>>,
    last_flush: Instant,
}

/// A checkpoint line naming documents an input file gave that are stored.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct DoneLine {
    done: String,
    docs: Vec<(String, String)>,
}

/// What an interrupted run left: reader positions, and the documents each file gave.
#[derive(Debug, Default)]
pub struct Loaded {
    pub resume: Resume,
    /// Input file -> (document id, content hash) of every document stored from it.
    pub done: HashMap<String, Vec<(String, String)>>,
}

impl Checkpoint {
    /// The checkpoint of the input set described by `identity` (any stable text) under `data_dir`.
    pub fn at(data_dir: &Path, identity: &str) -> Checkpoint {
        let key = &mnemo::core::content_hash(identity)[..20];
        Checkpoint {
            path: data_dir
                .join("ingest-checkpoints")
                .join(format!("{key}.jsonl")),
            file: None,
            dirty: HashMap::new(),
            done: HashMap::new(),
            last_flush: Instant::now(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The positions recorded by an interrupted earlier run (empty when there is none). Lines that
    /// do not parse (a write cut by a crash) are ignored.
    pub fn load(&self) -> anyhow::Result<Loaded> {
        let mut loaded = Loaded::default();
        let file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(loaded),
            Err(e) => {
                return Err(e).with_context(|| format!("reading {}", self.path.display()));
            }
        };
        for line in BufReader::new(file).lines() {
            let Ok(line) = line else { break };
            if let Ok(p) = serde_json::from_str::<Position>(&line) {
                loaded.resume.insert(p.file.clone(), p);
            } else if let Ok(d) = serde_json::from_str::<DoneLine>(&line) {
                loaded.done.entry(d.done).or_default().extend(d.docs);
            }
        }
        Ok(loaded)
    }

    /// Records that a document from input `file` is stored (appended with the next positions).
    pub fn stored(&mut self, file: &str, id: &str, hash: &str) {
        self.done
            .entry(file.to_string())
            .or_default()
            .push((id.to_string(), hash.to_string()));
    }

    /// Records that everything up to `pos` is stored; appended at most every `FLUSH_EVERY`.
    pub fn advance(&mut self, pos: Position) -> anyhow::Result<()> {
        self.dirty.insert(pos.file.clone(), pos);
        if self.last_flush.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends the pending positions.
    pub fn flush(&mut self) -> anyhow::Result<()> {
        self.last_flush = Instant::now();
        if self.dirty.is_empty() && self.done.is_empty() {
            return Ok(());
        }
        if self.file.is_none() {
            if let Some(dir) = self.path.parent() {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
            }
            let f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)
                .with_context(|| format!("opening {}", self.path.display()))?;
            self.file = Some(f);
        }
        let mut out = String::new();
        // The documents before the positions: a torn tail then loses positions, never documents
        // a kept position covers.
        for (file, docs) in self.done.drain() {
            out.push_str(&serde_json::to_string(&DoneLine { done: file, docs })?);
            out.push('\n');
        }
        for p in self.dirty.values() {
            out.push_str(&serde_json::to_string(p)?);
            out.push('\n');
        }
        if let Some(f) = self.file.as_mut() {
            f.write_all(out.as_bytes()).map_err(|e| {
                // Said the way the store says it, so a full disk reads the same wherever it hit.
                let full =
                    e.raw_os_error() == Some(28) || e.kind() == std::io::ErrorKind::StorageFull;
                let what = if full { "disk full: " } else { "writing " };
                anyhow::Error::from(e).context(format!("{what}{}", self.path.display()))
            })?;
        }
        self.dirty.clear();
        Ok(())
    }

    /// The run finished: the checkpoint is no longer needed.
    pub fn remove(mut self) -> anyhow::Result<()> {
        self.file = None;
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("removing {}", self.path.display()))
            }
            _ => {
                // Best effort: the folder goes when no other run has a checkpoint in it.
                if let Some(dir) = self.path.parent() {
                    let _ = std::fs::remove_dir(dir);
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnemo::sources::{FileStamp, RowPosition};

    fn pos(file: &str, offset: Option<u64>) -> Position {
        Position {
            file: file.into(),
            stamp: FileStamp {
                size: 10,
                mtime_ns: 7,
            },
            rows: offset.map(|offset| RowPosition {
                offset,
                line: 1,
                items: 1,
            }),
        }
    }

    #[test]
    fn later_positions_win_and_a_torn_line_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Checkpoint::at(dir.path(), "run");
        c.advance(pos("a.jsonl", Some(5))).unwrap();
        c.flush().unwrap();
        c.advance(pos("a.jsonl", Some(9))).unwrap();
        c.stored("b.txt", "doc:b", "hash-b");
        c.advance(pos("b.txt", None)).unwrap();
        c.flush().unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(c.path())
            .unwrap()
            .write_all(b"{\"file\": \"a.jsonl\", \"sta")
            .unwrap();
        let loaded = Checkpoint::at(dir.path(), "run").load().unwrap();
        assert_eq!(
            loaded.done["b.txt"],
            vec![("doc:b".to_string(), "hash-b".to_string())]
        );
        let resume = loaded.resume;
        assert_eq!(resume.len(), 2);
        assert_eq!(resume["a.jsonl"].rows.unwrap().offset, 9);
        assert_eq!(resume["b.txt"].rows, None);
        assert!(Checkpoint::at(dir.path(), "other run")
            .load()
            .unwrap()
            .resume
            .is_empty());
        c.remove().unwrap();
        assert!(Checkpoint::at(dir.path(), "run")
            .load()
            .unwrap()
            .resume
            .is_empty());
    }
}
