//! Reading documents from files, folders (recursive) and stdin, streamed one document at a time.
//! Bad input (missing paths, binary files, invalid UTF-8, empty files, oversized files, malformed
//! JSONL rows) becomes a `SourceError` naming the path and reason; reading goes on with the rest.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::DocumentInput;

/// How to read sources.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SourceOptions {
    /// Files (and JSONL rows) larger than this are reported and skipped.
    pub max_file_bytes: u64,
    /// Extensions taken when walking folders; files named explicitly are always read.
    pub extensions: Vec<String>,
    pub text_field: String,
    pub id_field: String,
    pub title_field: String,
}

impl Default for SourceOptions {
    fn default() -> Self {
        SourceOptions {
            max_file_bytes: 100 << 20,
            extensions: vec!["txt".into(), "md".into(), "jsonl".into()],
            text_field: "text".into(),
            id_field: "id".into(),
            title_field: "title".into(),
        }
    }
}

/// A source that could not be read, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{location}: {reason}")]
pub struct SourceError {
    /// The path, with `:LINE` for a JSONL row.
    pub location: String,
    pub reason: String,
}

fn err(location: impl Into<String>, reason: impl Into<String>) -> SourceError {
    SourceError {
        location: location.into(),
        reason: reason.into(),
    }
}

/// Streams documents from paths; `-` is standard input (one text document).
#[derive(Debug)]
pub struct SourceReader {
    opts: SourceOptions,
    queue: VecDeque<PathBuf>,
    jsonl: Option<(PathBuf, BufReader<File>, usize)>,
}

impl SourceReader {
    pub fn new(paths: &[PathBuf], opts: SourceOptions) -> Self {
        SourceReader {
            opts,
            queue: paths.iter().cloned().collect(),
            jsonl: None,
        }
    }

    fn wanted(&self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .map(|e| {
                self.opts
                    .extensions
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(e))
            })
            .unwrap_or(false)
    }

    /// Expands a folder in sorted order (so runs are reproducible), keeping wanted files.
    fn expand_dir(&mut self, dir: &Path) -> Result<(), SourceError> {
        let loc = dir.display().to_string();
        let rd =
            std::fs::read_dir(dir).map_err(|e| err(&loc, format!("cannot list folder: {e}")))?;
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries.into_iter().rev() {
            if p.is_dir() || self.wanted(&p) {
                self.queue.push_front(p);
            }
        }
        Ok(())
    }

    fn next_jsonl_row(&mut self) -> Option<Result<DocumentInput, SourceError>> {
        let (path, reader, line_no) = self.jsonl.as_mut()?;
        let mut buf = Vec::new();
        let limit = self.opts.max_file_bytes;
        loop {
            buf.clear();
            *line_no += 1;
            let loc = format!("{}:{}", path.display(), line_no);
            // Bounded read: a single oversized line cannot exhaust memory.
            let n = match reader.by_ref().take(limit + 1).read_until(b'\n', &mut buf) {
                Ok(n) => n,
                Err(e) => {
                    self.jsonl = None;
                    return Some(Err(err(loc, format!("read failed: {e}"))));
                }
            };
            if n == 0 {
                self.jsonl = None;
                return None;
            }
            if buf.len() as u64 > limit {
                self.jsonl = None;
                return Some(Err(err(
                    loc,
                    format!("line longer than {limit} bytes; rest of file skipped"),
                )));
            }
            if buf.iter().all(|b| b.is_ascii_whitespace()) {
                continue;
            }
            return Some(parse_jsonl_row(
                &buf,
                &loc,
                &path.display().to_string(),
                *line_no,
                &self.opts,
            ));
        }
    }

    fn read_file(&mut self, path: PathBuf) -> Option<Result<DocumentInput, SourceError>> {
        let loc = path.display().to_string();
        let meta = match std::fs::metadata(&path) {
            Ok(m) => m,
            Err(e) => return Some(Err(err(loc, format!("cannot read: {e}")))),
        };
        if meta.is_dir() {
            if let Err(e) = self.expand_dir(&path) {
                return Some(Err(e));
            }
            return self.next();
        }
        if meta.len() > self.opts.max_file_bytes {
            return Some(Err(err(
                loc,
                format!(
                    "file of {} bytes is over the {} byte limit",
                    meta.len(),
                    self.opts.max_file_bytes
                ),
            )));
        }
        let is_jsonl = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"));
        if is_jsonl {
            match File::open(&path) {
                Ok(f) => {
                    self.jsonl = Some((path, BufReader::new(f), 0));
                    return self.next();
                }
                Err(e) => return Some(Err(err(loc, format!("cannot open: {e}")))),
            }
        }
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => return Some(Err(err(loc, format!("cannot read: {e}")))),
        };
        Some(text_document(bytes, loc, &path))
    }
}

impl Iterator for SourceReader {
    type Item = Result<DocumentInput, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.jsonl.is_some() {
            if let Some(row) = self.next_jsonl_row() {
                return Some(row);
            }
        }
        let path = self.queue.pop_front()?;
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            let limit = self.opts.max_file_bytes;
            return Some(
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
                },
            );
        }
        self.read_file(path)
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

fn parse_jsonl_row(
    buf: &[u8],
    loc: &str,
    file: &str,
    line_no: usize,
    opts: &SourceOptions,
) -> Result<DocumentInput, SourceError> {
    let line = std::str::from_utf8(buf)
        .map_err(|e| err(loc, format!("not valid UTF-8 at byte {}", e.valid_up_to())))?;
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| err(loc, format!("malformed JSON: {e}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| err(loc, "row is not a JSON object"))?;
    let text = obj
        .get(&opts.text_field)
        .and_then(|v| v.as_str())
        .ok_or_else(|| err(loc, format!("no string field {:?}", opts.text_field)))?;
    if text.trim().is_empty() {
        return Err(err(loc, format!("field {:?} is empty", opts.text_field)));
    }
    let id = obj.get(&opts.id_field).and_then(|v| match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    let title = obj
        .get(&opts.title_field)
        .and_then(|v| v.as_str())
        .map(str::to_string);
    // Without an id the row is identified by its position in the file.
    Ok(DocumentInput {
        source: format!("{file}:{line_no}"),
        id: id.or_else(|| Some(format!("{file}:{line_no}"))),
        title,
        text: text.to_string(),
    })
}
