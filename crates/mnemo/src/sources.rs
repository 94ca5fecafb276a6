//! Reading documents from files, folders (recursive, glob-filtered) and stdin, streamed one document
//! at a time. Text files (.txt, .md, ...) are one document each; JSONL and CSV files hold one
//! document per row, with configurable text, id and title fields. Bad input (missing paths, binary
//! files, invalid UTF-8, empty files, oversized files or rows, malformed rows, FIFOs, sockets and
//! devices, which are never opened) becomes a `SourceError` naming the path (and line) and reason;
//! reading goes on with the rest.
//!
//! The reader tracks its [`Position`] after every item, so an interrupted run can be resumed past
//! the files and rows it already finished (see [`SourceReader::resume_from`]).

mod open;
mod rows;
mod walk;

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub(crate) use open::{open_regular, regular_metadata};
pub(crate) use rows::{RowKind, RowReader};
pub(crate) use walk::Walker;

use crate::DocumentInput;
use open::read_capped;

/// How to read sources.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SourceOptions {
    /// Whole-file documents (.txt, .md, stdin) larger than this are reported and skipped: unread
    /// when the file's size says so, else the read stops one byte past the limit (a file may grow
    /// or report a wrong size).
    pub max_file_bytes: u64,
    /// Extensions taken when walking folders without `include` globs; files named explicitly are
    /// always read.
    pub extensions: Vec<String>,
    /// JSONL/CSV field holding a document's text.
    pub text_field: String,
    /// JSONL/CSV field holding a document's id (rows without it are identified by file and line).
    pub id_field: String,
    pub title_field: String,
    /// JSONL/CSV rows longer than this are reported and skipped, streamed past without being kept.
    #[serde(default = "default_max_row_bytes")]
    pub max_row_bytes: u64,
    /// Globs a file found in a folder must match (when non-empty, instead of `extensions`).
    #[serde(default)]
    pub include: Vec<String>,
    /// Globs of files and folders to leave out when walking folders.
    #[serde(default)]
    pub exclude: Vec<String>,
}

fn default_max_row_bytes() -> u64 {
    16 << 20
}

impl Default for SourceOptions {
    fn default() -> Self {
        SourceOptions {
            max_file_bytes: 100 << 20,
            extensions: vec!["txt".into(), "md".into(), "jsonl".into(), "csv".into()],
            text_field: "text".into(),
            id_field: "id".into(),
            title_field: "title".into(),
            max_row_bytes: default_max_row_bytes(),
            include: Vec::new(),
            exclude: Vec::new(),
        }
    }
}

/// A source that could not be read, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{location}: {reason}")]
pub struct SourceError {
    /// The path, with `:LINE` for a JSONL/CSV row.
    pub location: String,
    pub reason: String,
}

pub(crate) fn err(location: impl Into<String>, reason: impl Into<String>) -> SourceError {
    SourceError {
        location: location.into(),
        reason: reason.into(),
    }
}

/// Size and modification time of a file: a resumed run trusts a position only in an unchanged file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileStamp {
    pub size: u64,
    pub mtime_ns: u64,
}

impl FileStamp {
    pub fn of(meta: &std::fs::Metadata) -> FileStamp {
        let mtime_ns = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos() as u64);
        FileStamp {
            size: meta.len(),
            mtime_ns,
        }
    }
}

/// How far into one file a run got: every item before this point was handled (written, skipped
/// as unchanged, or reported).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub file: String,
    pub stamp: FileStamp,
    /// `None`: the whole file is done. Otherwise the row file continues at this byte offset.
    pub rows: Option<RowPosition>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowPosition {
    pub offset: u64,
    /// Lines consumed before `offset` (for line numbers in reports).
    pub line: u64,
    /// Items the file had yielded before `offset` (chunks, for triples).
    pub items: u64,
}

/// Positions to resume from, by file, as recorded by an earlier run.
pub type Resume = HashMap<String, Position>;

/// What to do with a file, given where an earlier run left it.
pub(crate) enum Start {
    Fresh(FileStamp),
    Skip,
    At(FileStamp, RowPosition),
}

pub(crate) fn start_of(resume: &Resume, path: &Path, stamp: FileStamp) -> Start {
    match resume.get(&path.display().to_string()) {
        Some(p) if p.stamp == stamp => match p.rows {
            None => Start::Skip,
            Some(rows) => Start::At(stamp, rows),
        },
        _ => Start::Fresh(stamp),
    }
}

/// Total size of the files a run over `paths` would read (for progress estimates; folders are
/// walked with the same filters, without reading any file).
pub fn input_bytes(paths: &[PathBuf], opts: &SourceOptions) -> u64 {
    let Ok(walker) = Walker::new(paths, &opts.include, &opts.exclude, opts.extensions.clone())
    else {
        return 0;
    };
    walker
        .filter_map(Result::ok)
        .filter_map(|p| std::fs::metadata(p).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

/// Streams documents from paths; `-` is standard input (one text document).
#[derive(Debug)]
pub struct SourceReader {
    opts: SourceOptions,
    walker: Result<Walker, Option<SourceError>>,
    rows: Option<(RowReader, FileStamp, u64)>,
    resume: Resume,
    position: Option<Position>,
}

impl SourceReader {
    pub fn new(paths: &[PathBuf], opts: SourceOptions) -> Self {
        let walker =
            Walker::new(paths, &opts.include, &opts.exclude, opts.extensions.clone()).map_err(Some);
        SourceReader {
            opts,
            walker,
            rows: None,
            resume: Resume::new(),
            position: None,
        }
    }

    /// Skips files an earlier run finished and continues row files where it stopped, as long as
    /// the file is unchanged (same size and modification time).
    pub fn resume_from(mut self, resume: Resume) -> Self {
        self.resume = resume;
        self
    }

    /// Where the reader stands after the last item it returned (`None` for stdin and paths that
    /// could not be read).
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    fn next_row(&mut self) -> Option<Result<DocumentInput, SourceError>> {
        let (reader, stamp, items) = self.rows.as_mut()?;
        let Some(row) = reader.next() else {
            self.rows = None;
            return None;
        };
        *items += 1;
        self.position = Some(Position {
            file: reader.path.display().to_string(),
            stamp: *stamp,
            rows: Some(RowPosition {
                offset: reader.offset(),
                line: reader.line(),
                items: *items,
            }),
        });
        let file = reader.path.display().to_string();
        Some(row.and_then(|row| row_document(&row.fields, &file, row.line, &self.opts)))
    }

    fn read_file(&mut self, path: PathBuf) -> Option<Result<DocumentInput, SourceError>> {
        let loc = path.display().to_string();
        self.position = None;
        // Checked before the resume decision, so a finished file is skipped without opening it.
        let meta = match regular_metadata(&path) {
            Ok(m) => m,
            Err(e) => return Some(Err(e)),
        };
        let (stamp, at) = match start_of(&self.resume, &path, FileStamp::of(&meta)) {
            Start::Skip => return self.next(),
            Start::Fresh(stamp) => (stamp, None),
            Start::At(stamp, at) => (stamp, Some(at)),
        };
        if let Some(kind) = RowKind::of(&path) {
            return self.open_rows(path, kind, stamp, at);
        }
        self.position = Some(Position {
            file: loc.clone(),
            stamp,
            rows: None,
        });
        let limit = self.opts.max_file_bytes;
        if meta.len() > limit {
            return Some(Err(err(
                loc,
                format!(
                    "file of {} bytes is over the {limit} byte limit",
                    meta.len()
                ),
            )));
        }
        let bytes = match open_regular(&path)
            .and_then(|(file, meta)| read_capped(file, limit, meta.len(), &loc))
        {
            Ok(b) => b,
            Err(e) => return Some(Err(e)),
        };
        Some(text_document(bytes, loc, &path))
    }

    fn open_rows(
        &mut self,
        path: PathBuf,
        kind: RowKind,
        stamp: FileStamp,
        at: Option<RowPosition>,
    ) -> Option<Result<DocumentInput, SourceError>> {
        let resume = at.map(|a| (a.offset, a.line));
        let opened = open_regular(&path).map(|(file, _)| file);
        match opened.and_then(|f| RowReader::open(path, f, kind, self.opts.max_row_bytes, resume)) {
            Ok(r) => {
                self.rows = Some((r, stamp, at.map_or(0, |a| a.items)));
                self.next()
            }
            Err(e) => Some(Err(e)),
        }
    }
}

impl Iterator for SourceReader {
    type Item = Result<DocumentInput, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.rows.is_some() {
            if let Some(row) = self.next_row() {
                return Some(row);
            }
        }
        let walker = match &mut self.walker {
            Ok(w) => w,
            Err(e) => return e.take().map(Err),
        };
        let path = match walker.next()? {
            Ok(p) => p,
            Err(e) => {
                self.position = None;
                return Some(Err(e));
            }
        };
        if path.as_os_str() == "-" {
            self.position = None;
            return Some(read_stdin(self.opts.max_file_bytes));
        }
        self.read_file(path)
    }
}

fn read_stdin(limit: u64) -> Result<DocumentInput, SourceError> {
    let mut bytes = Vec::new();
    match std::io::stdin()
        .lock()
        .take(limit + 1)
        .read_to_end(&mut bytes)
    {
        Ok(_) if bytes.len() as u64 > limit => {
            Err(err("stdin", format!("input over the {limit} byte limit")))
        }
        Ok(_) => text_document(bytes, "stdin".into(), Path::new("stdin")),
        Err(e) => Err(err("stdin", format!("read failed: {e}"))),
    }
}

/// Checks bytes are text and makes a document; the title is the first Markdown heading or the stem.
fn text_document(bytes: Vec<u8>, loc: String, path: &Path) -> Result<DocumentInput, SourceError> {
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(err(loc, "binary file (contains NUL bytes)"));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        err(
            &loc,
            format!(
                "not valid UTF-8 (first bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    if text.trim().is_empty() {
        return Err(err(loc, "empty file"));
    }
    let title = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| l.trim().strip_prefix("# "))
        .map(|t| t.trim().to_string())
        .or_else(|| path.file_stem().map(|s| s.to_string_lossy().into_owned()));
    Ok(DocumentInput {
        source: loc,
        id: None,
        title,
        text,
    })
}

/// A string or number field as text (ids are often numbers in JSONL).
pub(crate) fn field_text(fields: &Map<String, Value>, name: &str) -> Option<String> {
    match fields.get(name)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn row_document(
    fields: &Map<String, Value>,
    file: &str,
    line: u64,
    opts: &SourceOptions,
) -> Result<DocumentInput, SourceError> {
    let loc = format!("{file}:{line}");
    let text = match fields.get(&opts.text_field) {
        Some(Value::String(s)) => s,
        Some(_) => {
            return Err(err(
                loc,
                format!("field {:?} is not a string", opts.text_field),
            ))
        }
        None => return Err(err(loc, format!("no field {:?}", opts.text_field))),
    };
    if text.trim().is_empty() {
        return Err(err(loc, format!("field {:?} is empty", opts.text_field)));
    }
    let id = field_text(fields, &opts.id_field).filter(|s| !s.trim().is_empty());
    let title = fields
        .get(&opts.title_field)
        .and_then(|v| v.as_str())
        .map(str::to_string);
    // Without an id the row is identified by its position in the file.
    Ok(DocumentInput {
        source: loc.clone(),
        id: id.or(Some(loc)),
        title,
        text: text.to_string(),
    })
}
