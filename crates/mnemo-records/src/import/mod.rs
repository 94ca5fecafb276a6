//! Imports of existing memories: a folder (or one file) of per-memory JSON files in the
//! Ollama_Agents or RLM-MEM layout. Bad files (not UTF-8, bad JSON, missing or wrong fields) are
//! reported with their path and reason and skipped; the rest is imported. Every memory has a
//! stable id, so importing again changes nothing.

mod ollama;
mod rlm;

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use chrono::{NaiveDateTime, TimeZone};
use mnemo::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use ollama::parse_ollama_agents;
pub use rlm::parse_rlm_mem;

use crate::model::{LinkKind, RecordInput};
use crate::{Error, Records, Result};

/// Largest memory file read.
pub const MAX_FILE_BYTES: u64 = 4 << 20;
/// Deepest folder nesting walked.
const MAX_DEPTH: usize = 32;

/// A parsed memory, ready for `Records::remember`.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedMemory {
    pub text: String,
    pub input: RecordInput,
    /// Links to other records (by id) to make once everything is imported.
    pub links: Vec<(LinkKind, String)>,
}

/// The layout of the files to import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImportFormat {
    OllamaAgents,
    RlmMem,
}

impl ImportFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            ImportFormat::OllamaAgents => "ollama-agents",
            ImportFormat::RlmMem => "rlm-mem",
        }
    }

    /// Parses one file of this layout.
    pub fn parse(self, bytes: &[u8]) -> Result<ImportedMemory> {
        match self {
            ImportFormat::OllamaAgents => parse_ollama_agents(bytes),
            ImportFormat::RlmMem => parse_rlm_mem(bytes),
        }
    }
}

impl fmt::Display for ImportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ImportFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "ollama-agents" => Ok(ImportFormat::OllamaAgents),
            "rlm-mem" => Ok(ImportFormat::RlmMem),
            _ => Err(Error::InvalidInput(format!(
                "unknown import format {s:?}: expected ollama-agents or rlm-mem"
            ))),
        }
    }
}

/// A file that was not imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportFailure {
    pub path: PathBuf,
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    /// Memory files found.
    pub files: usize,
    /// Ids of the records written.
    pub imported: Vec<String>,
    /// Ids that already had a record (unchanged).
    pub already_present: Vec<String>,
    pub failed: Vec<ImportFailure>,
    /// Links made between imported records (links to records that do not exist are dropped).
    pub links: usize,
}

impl Records {
    /// Imports every memory file under `path` (a folder, walked recursively in name order, or one
    /// file). For RLM-MEM, the `index/` and `archive/` folders of its layout are skipped.
    /// Bad files are reported and skipped; a store outage stops the import with an error.
    pub async fn import(&self, path: &Path, format: ImportFormat) -> Result<ImportReport> {
        let root = path.to_path_buf();
        let (files, walk_failures) =
            tokio::task::spawn_blocking(move || collect_files(&root, format))
                .await
                .map_err(|e| Error::Internal(format!("walking the import folder: {e}")))??;
        let mut report = ImportReport {
            files: files.len(),
            failed: walk_failures,
            ..ImportReport::default()
        };
        let mut pending: Vec<(String, LinkKind, String)> = Vec::new();
        for file in files {
            let parsed = match read_file(&file).await {
                Ok(bytes) => format.parse(&bytes),
                Err(reason) => Err(Error::InvalidInput(reason)),
            };
            let memory = match parsed {
                Ok(m) => m,
                Err(e) => {
                    report.failed.push(failure(&file, e.to_string()));
                    continue;
                }
            };
            match self.remember(&memory.text, &memory.input).await {
                Ok(w) => {
                    let id = w.record.id.clone();
                    pending.extend(memory.links.into_iter().map(|(k, t)| (id.clone(), k, t)));
                    if w.written {
                        report.imported.push(id);
                    } else {
                        report.already_present.push(id);
                    }
                }
                Err(e) if e.rejected_input().is_some() => {
                    report.failed.push(failure(&file, e.to_string()))
                }
                Err(e) => return Err(e),
            }
        }
        for (from, kind, to) in pending {
            match self.link(&from, kind, &to).await {
                Ok(true) => report.links += 1,
                Ok(false) => {}
                Err(e) if e.rejected_input().is_some() => {}
                Err(e) => return Err(e),
            }
        }
        tracing::info!(
            format = %format,
            imported = report.imported.len(),
            already = report.already_present.len(),
            failed = report.failed.len(),
            "import finished"
        );
        Ok(report)
    }
}

fn failure(path: &Path, reason: String) -> ImportFailure {
    ImportFailure {
        path: path.to_path_buf(),
        reason,
    }
}

async fn read_file(path: &Path) -> std::result::Result<Vec<u8>, String> {
    let meta = tokio::fs::metadata(path)
        .await
        .map_err(|e| format!("cannot read: {e}"))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "file is {} bytes; the limit is {MAX_FILE_BYTES}",
            meta.len()
        ));
    }
    tokio::fs::read(path)
        .await
        .map_err(|e| format!("cannot read: {e}"))
}

/// The `.json` files under `root` in path order, and the folders that could not be read.
fn collect_files(root: &Path, format: ImportFormat) -> Result<(Vec<PathBuf>, Vec<ImportFailure>)> {
    let meta = std::fs::metadata(root)
        .map_err(|e| Error::InvalidInput(format!("cannot read {}: {e}", root.display())))?;
    if meta.is_file() {
        return Ok((vec![root.to_path_buf()], Vec::new()));
    }
    let (mut files, mut failed) = (Vec::new(), Vec::new());
    walk(root, format, 0, &mut files, &mut failed);
    files.sort();
    Ok((files, failed))
}

fn walk(
    dir: &Path,
    format: ImportFormat,
    depth: usize,
    files: &mut Vec<PathBuf>,
    failed: &mut Vec<ImportFailure>,
) {
    if depth > MAX_DEPTH {
        failed.push(failure(
            dir,
            format!("nested deeper than {MAX_DEPTH} folders"),
        ));
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            failed.push(failure(dir, format!("cannot list the folder: {e}")));
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // Symbolic links are not followed: no loops, no escaping the folder.
        let Ok(ft) = entry.file_type() else { continue };
        if ft.is_dir() {
            let skip = format == ImportFormat::RlmMem && (name == "index" || name == "archive");
            if !skip {
                walk(&path, format, depth + 1, files, failed);
            }
        } else if ft.is_file()
            && path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            files.push(path);
        }
    }
}

/// A JSON object from UTF-8 bytes.
pub(crate) fn parse_json_object(bytes: &[u8]) -> Result<Map<String, Value>> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        Error::InvalidInput(format!(
            "not valid UTF-8 (first bad byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(Error::InvalidInput(
            "the file holds JSON but not an object".into(),
        )),
        Err(e) => Err(Error::InvalidInput(format!("bad JSON: {e}"))),
    }
}

/// A string field: `None` when absent or null, an error when of another type.
pub(crate) fn field_str<'a>(obj: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>> {
    match obj.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Error::InvalidInput(format!("{name} must be a string"))),
    }
}

/// A non-negative integer field: `None` when absent or null.
pub(crate) fn optional_u64(obj: &Map<String, Value>, name: &str) -> Result<Option<u64>> {
    match obj.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| Error::InvalidInput(format!("{name} must be a non-negative integer"))),
    }
}

/// RFC 3339, or an ISO 8601 time without offset (read as UTC, as Python's `isoformat()` writes it).
pub(crate) fn parse_time(s: &str) -> std::result::Result<Timestamp, String> {
    let s = s.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&chrono::Utc));
    }
    for f in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f"] {
        if let Ok(n) = NaiveDateTime::parse_from_str(s, f) {
            return Ok(chrono::Utc.from_utc_datetime(&n));
        }
    }
    Err(format!("{s:?} is not an ISO 8601 time"))
}
