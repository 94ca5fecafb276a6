//! What `mnemo ingest` tells the user: a progress bar on a terminal (documents, MB, facts/s, ETA),
//! periodic log lines otherwise, warnings for every bad input, and the final summary.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use mnemo::sources::SourceError;
use serde::Serialize;

use crate::output::outln;

/// Failures listed in the summary (all are counted and printed as warnings).
const MAX_LISTED_FAILURES: usize = 1000;

#[derive(Debug, Default, Serialize)]
pub struct IngestSummary {
    /// Documents (or triple chunks) written.
    pub documents_ingested: u64,
    /// Documents (or triple chunks) already stored with the same content.
    pub documents_skipped: u64,
    /// Inputs reported as bad (files, rows, documents).
    pub documents_failed: u64,
    pub entities: u64,
    pub facts: u64,
    /// Bytes of text ingested.
    pub bytes: u64,
    pub seconds: f64,
    /// Whether the run was stopped (Ctrl-C, SIGTERM) before reading all its input.
    pub interrupted: bool,
    /// Whether the run continued an interrupted one from its checkpoint.
    pub resumed: bool,
    /// Resumed runs: documents the checkpoint called done, checked in the store.
    pub resume_checked: u64,
    /// Resumed runs: of those, documents the store no longer held (or held with other
    /// content), whose files were read and written again.
    pub resume_missing: u64,
    pub failures: Vec<SourceError>,
    /// What the LLM extractor spent (calls, tokens in/out, time in calls, retries, unusable
    /// replies, dropped reply items per reason); null with the rule extractor.
    pub llm: Option<mnemo::llm::LlmStats>,
    /// Documents whose extraction had finished when the run stopped early (an LLM error,
    /// Ctrl-C), written out of order so that no finished extraction is thrown away.
    pub kept_after_stop: u64,
    /// Why the run stopped before its end (a full disk, a store down after retries), with the
    /// input, the count and the resume command; null when it did not.
    pub error: Option<String>,
}

impl IngestSummary {
    /// Counts and reports a document the store rejected as invalid (`location`: where it came from).
    pub fn reject(&mut self, location: String, reason: String, progress: &Progress) {
        self.fail(SourceError { location, reason }, progress);
    }

    pub fn fail(&mut self, e: SourceError, progress: &Progress) {
        progress.warn(&format!("skipped {e}"));
        self.documents_failed += 1;
        // Every failure is printed as it happens; the summary keeps the first ones.
        if self.failures.len() < MAX_LISTED_FAILURES {
            self.failures.push(e);
        }
    }
}

/// A progress bar on a terminal, periodic log lines otherwise, or nothing.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    log_every: Option<Duration>,
    last_log: std::cell::Cell<Instant>,
    /// Total input bytes, when known (for the ETA).
    total_bytes: std::cell::Cell<Option<u64>>,
}

impl Progress {
    pub fn new(enabled: bool) -> Self {
        let tty = std::io::stderr().is_terminal();
        let bar = (enabled && tty).then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress {
            bar,
            log_every: (enabled && !tty).then_some(Duration::from_secs(5)),
            last_log: std::cell::Cell::new(Instant::now()),
            total_bytes: std::cell::Cell::new(None),
        }
    }

    /// Sets the size of the input, so that progress shows an ETA.
    pub fn set_total_bytes(&self, total: u64) {
        self.total_bytes.set(Some(total));
    }

    pub fn update(&self, s: &IngestSummary, read_bytes: u64) {
        let rate = read_bytes as f64 / s.seconds.max(1e-3);
        let eta = match self.total_bytes.get() {
            Some(total) if rate > 0.0 && total >= read_bytes => {
                format!(" | ETA {:.0} s", (total - read_bytes) as f64 / rate)
            }
            _ => String::new(),
        };
        let line = format!(
            "{} ingested, {} unchanged, {} failed | {:.1} MB | {:.0} facts/s{eta}",
            s.documents_ingested,
            s.documents_skipped,
            s.documents_failed,
            read_bytes as f64 / 1e6,
            s.facts as f64 / s.seconds.max(1e-3)
        );
        if let Some(bar) = &self.bar {
            bar.set_message(line);
        } else if let Some(every) = self.log_every {
            if self.last_log.get().elapsed() >= every {
                eprintln!("ingest: {line}");
                self.last_log.set(Instant::now());
            }
        }
    }

    pub fn warn(&self, msg: &str) {
        match &self.bar {
            Some(bar) => bar.println(format!("warning: {msg}")),
            None => eprintln!("warning: {msg}"),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

pub fn print_summary(s: &IngestSummary) {
    outln!(
        "ingested {} documents ({} unchanged, {} failed): {} entities and {} facts found in {:.2} s",
        s.documents_ingested, s.documents_skipped, s.documents_failed, s.entities, s.facts, s.seconds
    );
    if s.resumed {
        outln!(
            "resumed from a checkpoint: {} documents it called done checked in the store, {} missing and redone",
            s.resume_checked, s.resume_missing
        );
    }
    if s.kept_after_stop > 0 {
        outln!(
            "kept {} documents whose extraction had finished when the run stopped",
            s.kept_after_stop
        );
    }
    if let Some(llm) = &s.llm {
        outln!("{}", llm.report());
    }
    for f in &s.failures {
        outln!("  failed: {f}");
    }
}
