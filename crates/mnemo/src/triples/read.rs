//! `TripleReader`: streams the JSONL/CSV files of a triples run as chunks of rows, reporting bad
//! rows and unreadable files as it goes, with a resumable position after every chunk.

use std::path::PathBuf;

use super::{row_triple, TripleChunk, TripleRow};
use crate::sources::{
    err, open_regular, regular_metadata, start_of, FileStamp, Position, Resume, RowKind,
    RowPosition, RowReader, SourceError, SourceOptions, Start, Walker,
};

/// What the reader yields.
#[derive(Debug, Clone, PartialEq)]
pub enum TripleItem {
    Chunk(TripleChunk),
    /// A row or file that could not be read.
    Bad(SourceError),
    /// A file ended after `chunks` chunks; stored chunks numbered from `chunks` on belong to a
    /// longer earlier version of it.
    FileEnd {
        source: String,
        chunks: u64,
    },
}

#[derive(Debug)]
struct Open {
    rows: RowReader,
    stamp: FileStamp,
    /// Chunks yielded so far.
    chunks: u64,
    pending: Vec<TripleRow>,
}

/// Streams triples from JSONL/CSV files and folders (folders: `.jsonl`/`.csv` files, or what the
/// include globs take).
#[derive(Debug)]
pub struct TripleReader {
    opts: SourceOptions,
    chunk_rows: usize,
    walker: Result<Walker, Option<SourceError>>,
    open: Option<Open>,
    resume: Resume,
    position: Option<Position>,
}

impl TripleReader {
    /// `chunk_rows` valid rows make one chunk (one atomic write).
    pub fn new(paths: &[PathBuf], opts: SourceOptions, chunk_rows: usize) -> Self {
        let exts = vec!["jsonl".to_string(), "csv".to_string()];
        let walker = Walker::new(paths, &opts.include, &opts.exclude, exts).map_err(Some);
        TripleReader {
            opts,
            chunk_rows: chunk_rows.max(1),
            walker,
            open: None,
            resume: Resume::new(),
            position: None,
        }
    }

    /// Skips files an earlier run finished and continues the others after their last chunk
    /// written, as long as the file is unchanged.
    pub fn resume_from(mut self, resume: Resume) -> Self {
        self.resume = resume;
        self
    }

    /// Where the reader stands after the last chunk or file end it yielded: everything before it
    /// is in that item or an earlier one.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    fn chunk_from(&mut self) -> Option<TripleItem> {
        let open = self.open.as_mut()?;
        let rows = std::mem::take(&mut open.pending);
        let chunk = TripleChunk {
            source: open.rows.path.display().to_string(),
            index: open.chunks,
            rows,
        };
        open.chunks += 1;
        self.position = Some(Position {
            file: chunk.source.clone(),
            stamp: open.stamp,
            rows: Some(RowPosition {
                offset: open.rows.offset(),
                line: open.rows.line(),
                items: open.chunks,
            }),
        });
        Some(TripleItem::Chunk(chunk))
    }

    fn next_in_file(&mut self) -> Option<TripleItem> {
        let open = self.open.as_mut()?;
        loop {
            match open.rows.next() {
                Some(Ok(row)) => {
                    let location = format!("{}:{}", open.rows.path.display(), row.line);
                    match row_triple(&row.fields, &location) {
                        Ok(triple) => open.pending.push(TripleRow { location, triple }),
                        Err(e) => return Some(TripleItem::Bad(e)),
                    }
                    if open.pending.len() >= self.chunk_rows {
                        return self.chunk_from();
                    }
                }
                Some(Err(e)) => return Some(TripleItem::Bad(e)),
                None if !open.pending.is_empty() => return self.chunk_from(),
                None => {
                    let source = open.rows.path.display().to_string();
                    let (stamp, chunks) = (open.stamp, open.chunks);
                    self.open = None;
                    self.position = Some(Position {
                        file: source.clone(),
                        stamp,
                        rows: None,
                    });
                    return Some(TripleItem::FileEnd { source, chunks });
                }
            }
        }
    }

    fn open_file(&mut self, path: PathBuf) -> Option<TripleItem> {
        let loc = path.display().to_string();
        let Some(kind) = RowKind::of(&path) else {
            return Some(TripleItem::Bad(err(
                loc,
                "triples are read from .jsonl or .csv files",
            )));
        };
        let meta = match regular_metadata(&path) {
            Ok(m) => m,
            Err(e) => return Some(TripleItem::Bad(e)),
        };
        let (stamp, at) = match start_of(&self.resume, &path, FileStamp::of(&meta)) {
            Start::Skip => return self.next(),
            Start::Fresh(stamp) => (stamp, None),
            Start::At(stamp, at) => (stamp, Some(at)),
        };
        let resume = at.map(|a| (a.offset, a.line));
        let opened = open_regular(&path).map(|(file, _)| file);
        match opened.and_then(|f| RowReader::open(path, f, kind, self.opts.max_row_bytes, resume)) {
            Ok(rows) => {
                self.open = Some(Open {
                    rows,
                    stamp,
                    chunks: at.map_or(0, |a| a.items),
                    pending: Vec::new(),
                });
                self.next()
            }
            Err(e) => Some(TripleItem::Bad(e)),
        }
    }
}

impl Iterator for TripleReader {
    type Item = TripleItem;

    fn next(&mut self) -> Option<TripleItem> {
        if let Some(item) = self.next_in_file() {
            return Some(item);
        }
        let walker = match &mut self.walker {
            Ok(w) => w,
            Err(e) => return e.take().map(TripleItem::Bad),
        };
        match walker.next()? {
            Ok(path) if path.as_os_str() == "-" => Some(TripleItem::Bad(err(
                "stdin",
                "triples are read from .jsonl or .csv files, not stdin",
            ))),
            Ok(path) => self.open_file(path),
            Err(e) => Some(TripleItem::Bad(e)),
        }
    }
}
