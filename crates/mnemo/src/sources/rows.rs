//! Row files (JSONL, CSV) read one row at a time with a hard cap on the bytes held for one row:
//! an over-long row is skipped by streaming past it (never buffered whole) and reported with its
//! line, and reading goes on with the next row.

use std::fs::File;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{err, SourceError};

/// The kind of a row file, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowKind {
    Jsonl,
    Csv,
}

impl RowKind {
    pub(crate) fn of(path: &Path) -> Option<RowKind> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("jsonl") || ext.eq_ignore_ascii_case("ndjson") {
            Some(RowKind::Jsonl)
        } else if ext.eq_ignore_ascii_case("csv") {
            Some(RowKind::Csv)
        } else {
            None
        }
    }
}

/// One row: its fields by name and the 1-based line it starts on.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    pub fields: Map<String, Value>,
    pub line: u64,
}

/// What one bounded line read found.
enum Line {
    Eof,
    /// The line (with its newline, if any) is in the buffer.
    Read,
    /// The line was longer than the cap; its bytes were consumed and dropped.
    TooLong(u64),
}

/// Reads one line into `buf` holding at most `cap` bytes; the rest of an over-long line is
/// consumed chunk by chunk without being kept.
fn read_line_capped(r: &mut impl BufRead, buf: &mut Vec<u8>, cap: u64) -> std::io::Result<Line> {
    buf.clear();
    let mut total = 0u64;
    let mut too_long = false;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (take, done) = match memchr_newline(chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        total += take as u64;
        if !too_long {
            if total > cap {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        r.consume(take);
        if done {
            break;
        }
    }
    Ok(match (total, too_long) {
        (0, _) => Line::Eof,
        (n, true) => Line::TooLong(n),
        _ => Line::Read,
    })
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// Streams the rows of one JSONL or CSV file.
#[derive(Debug)]
pub(crate) struct RowReader {
    pub path: PathBuf,
    kind: RowKind,
    reader: BufReader<File>,
    /// Lines consumed so far (the next line is `line + 1`).
    line: u64,
    offset: u64,
    cap: u64,
    headers: Option<Vec<String>>,
    buf: Vec<u8>,
    /// Set after a read error: the rest of the file is not trusted.
    failed: bool,
    /// Whether a row (good or bad) was yielded, or reading resumed mid-file: a file that yields
    /// nothing is reported as empty.
    yielded: bool,
}

impl RowReader {
    /// Reads `file`, opened from `path` by `open_regular` (so never a FIFO or device), continuing
    /// at byte `offset` / line `line` when resuming (a CSV file's header row is read first either
    /// way).
    pub(crate) fn open(
        path: PathBuf,
        file: File,
        kind: RowKind,
        cap: u64,
        resume: Option<(u64, u64)>,
    ) -> Result<RowReader, SourceError> {
        let loc = path.display().to_string();
        let mut rr = RowReader {
            path,
            kind,
            reader: BufReader::with_capacity(64 << 10, file),
            line: 0,
            offset: 0,
            cap,
            headers: None,
            buf: Vec::new(),
            failed: false,
            yielded: false,
        };
        if kind == RowKind::Csv {
            rr.read_headers()?;
        }
        if let Some((offset, line)) = resume {
            if offset > rr.offset {
                rr.reader
                    .seek(SeekFrom::Start(offset))
                    .map_err(|e| err(&loc, format!("cannot seek: {e}")))?;
                rr.offset = offset;
                rr.line = line;
                rr.yielded = true;
            }
        }
        Ok(rr)
    }

    /// Bytes consumed so far: a resumed run continues here.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// Lines consumed so far.
    pub(crate) fn line(&self) -> u64 {
        self.line
    }

    fn loc(&self, line: u64) -> String {
        format!("{}:{}", self.path.display(), line)
    }

    fn read_headers(&mut self) -> Result<(), SourceError> {
        let first = match self.next_record() {
            None => return Err(err(self.path.display().to_string(), "empty file")),
            Some(Err(e)) => return Err(e),
            Some(Ok((record, _))) => record,
        };
        let headers = parse_csv_record(&first)
            .map_err(|reason| err(self.loc(1), format!("bad CSV header: {reason}")))?;
        let headers: Vec<String> = headers
            .into_iter()
            .enumerate()
            .map(|(i, h)| {
                let h = if i == 0 {
                    h.trim_start_matches('\u{feff}')
                } else {
                    &h
                };
                h.trim().to_string()
            })
            .collect();
        self.headers = Some(headers);
        Ok(())
    }

    /// The next raw record: one line for JSONL; for CSV, lines until the quotes balance (a quoted
    /// field may hold newlines). Returns the bytes and the line the record starts on.
    fn next_record(&mut self) -> Option<Result<(Vec<u8>, u64), SourceError>> {
        if self.failed {
            return None;
        }
        let mut record: Vec<u8> = Vec::new();
        let mut quotes = 0usize;
        let start = self.line + 1;
        loop {
            let mut buf = std::mem::take(&mut self.buf);
            let cap = self.cap.saturating_sub(record.len() as u64);
            let read = read_line_capped(&mut self.reader, &mut buf, cap);
            let step = match read {
                Err(e) => {
                    self.failed = true;
                    Some(Err(err(
                        self.loc(self.line + 1),
                        format!("read failed: {e}; rest of file skipped"),
                    )))
                }
                Ok(Line::Eof) if record.is_empty() => {
                    self.buf = buf;
                    return None;
                }
                // An unterminated quote at the end of the file: let the parser report it.
                Ok(Line::Eof) => Some(Ok((std::mem::take(&mut record), start))),
                Ok(Line::TooLong(n)) => {
                    self.line += 1;
                    self.offset += n;
                    Some(Err(err(
                        self.loc(start),
                        format!("row longer than {} bytes; skipped", self.cap),
                    )))
                }
                Ok(Line::Read) => {
                    self.line += 1;
                    self.offset += buf.len() as u64;
                    quotes += buf.iter().filter(|&&b| b == b'"').count();
                    record.extend_from_slice(&buf);
                    // RFC 4180 escapes a quote by doubling it, so an odd count means an open field.
                    let complete = self.kind == RowKind::Jsonl || quotes.is_multiple_of(2);
                    complete.then(|| Ok((std::mem::take(&mut record), start)))
                }
            };
            self.buf = buf;
            if let Some(step) = step {
                return Some(step);
            }
        }
    }
}

impl Iterator for RowReader {
    type Item = Result<Row, SourceError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Some(record) = self.next_record() else {
                if self.yielded {
                    return None;
                }
                self.yielded = true;
                return Some(Err(err(
                    self.path.display().to_string(),
                    "empty file (no rows)",
                )));
            };
            let (bytes, line) = match record {
                Ok(r) => r,
                Err(e) => {
                    self.yielded = true;
                    return Some(Err(e));
                }
            };
            if bytes.iter().all(|b| b.is_ascii_whitespace()) {
                continue;
            }
            self.yielded = true;
            let loc = self.loc(line);
            let fields = match self.kind {
                RowKind::Jsonl => parse_jsonl(&bytes, &loc),
                RowKind::Csv => self.csv_fields(&bytes, &loc),
            };
            return Some(fields.map(|fields| Row { fields, line }));
        }
    }
}

impl RowReader {
    fn csv_fields(&self, bytes: &[u8], loc: &str) -> Result<Map<String, Value>, SourceError> {
        let values =
            parse_csv_record(bytes).map_err(|r| err(loc, format!("malformed CSV: {r}")))?;
        let headers = self.headers.as_deref().unwrap_or(&[]);
        if values.len() != headers.len() {
            return Err(err(
                loc,
                format!(
                    "malformed CSV: {} fields where the header has {}",
                    values.len(),
                    headers.len()
                ),
            ));
        }
        // Empty cells count as absent, so optional columns may be left blank.
        Ok(headers
            .iter()
            .zip(values)
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(h, v)| (h.clone(), Value::String(v)))
            .collect())
    }
}

fn parse_jsonl(bytes: &[u8], loc: &str) -> Result<Map<String, Value>, SourceError> {
    let line = std::str::from_utf8(bytes)
        .map_err(|e| err(loc, format!("not valid UTF-8 at byte {}", e.valid_up_to())))?;
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(err(loc, "row is not a JSON object")),
        Err(e) => Err(err(loc, format!("malformed JSON: {e}"))),
    }
}

/// Parses one complete CSV record (RFC 4180 quoting) into its fields.
fn parse_csv_record(bytes: &[u8]) -> Result<Vec<String>, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("not valid UTF-8 at byte {}", e.valid_up_to()))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .buffer_capacity(text.len().clamp(64, 64 << 10))
        .from_reader(text.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => Ok(record.iter().map(str::to_string).collect()),
        Ok(false) => Ok(Vec::new()),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    #[test]
    fn a_huge_line_is_streamed_past_without_being_kept() {
        // 200 MB of one line, then a normal one: the cap keeps at most 1 KB in memory.
        let huge = std::io::repeat(b'x').take(200 << 20);
        let rest = Cursor::new(b"\n{\"ok\": 1}\n".to_vec());
        let mut r = BufReader::new(huge.chain(rest));
        let mut buf = Vec::new();
        match read_line_capped(&mut r, &mut buf, 1024).unwrap() {
            Line::TooLong(n) => assert_eq!(n, (200 << 20) + 1),
            _ => panic!("not reported as too long"),
        }
        assert!(buf.capacity() <= 64 << 10, "kept {} bytes", buf.capacity());
        assert!(matches!(
            read_line_capped(&mut r, &mut buf, 1024).unwrap(),
            Line::Read
        ));
        assert_eq!(buf, b"{\"ok\": 1}\n");
        assert!(matches!(
            read_line_capped(&mut r, &mut buf, 1024).unwrap(),
            Line::Eof
        ));
    }

    #[test]
    fn csv_rows_keep_quoted_newlines_and_report_bad_rows_with_lines() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.csv");
        std::fs::write(
            &p,
            "\u{feff}id,text\n1,\"two\nlines, \"\"quoted\"\"\"\n2,a,b\n\n3,plain\n",
        )
        .unwrap();
        let file = File::open(&p).unwrap();
        let rows: Vec<_> = RowReader::open(p, file, RowKind::Csv, 1 << 20, None)
            .unwrap()
            .collect();
        assert_eq!(rows.len(), 3, "{rows:?}");
        let first = rows[0].as_ref().unwrap();
        assert_eq!(first.line, 2);
        assert_eq!(first.fields["text"], "two\nlines, \"quoted\"");
        let bad = rows[1].as_ref().unwrap_err();
        assert!(bad.location.ends_with("t.csv:4"), "{bad}");
        assert!(bad.reason.contains("3 fields"), "{bad}");
        let last = rows[2].as_ref().unwrap();
        assert_eq!((last.line, last.fields["id"].as_str()), (6, Some("3")));
    }

    #[test]
    fn resuming_at_an_offset_continues_with_the_next_row_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.jsonl");
        std::fs::write(&p, "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n").unwrap();
        let open = || File::open(&p).unwrap();
        let mut first = RowReader::open(p.clone(), open(), RowKind::Jsonl, 100, None).unwrap();
        first.next().unwrap().unwrap();
        let at = Some((first.offset(), first.line()));
        let resumed: Vec<Row> = RowReader::open(p.clone(), open(), RowKind::Jsonl, 100, at)
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(resumed.len(), 2);
        assert_eq!(
            (resumed[0].line, resumed[0].fields["a"].as_i64()),
            (2, Some(2))
        );
    }
}
