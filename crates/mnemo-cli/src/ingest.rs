//! `mnemo ingest`: streams documents from paths into memory with progress, reports every bad input
//! with its path and reason, never aborts the batch for one bad document, and prints a summary.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use mnemo::sources::{SourceError, SourceReader};
use mnemo::{DocumentInput, IngestOutcome, Mnemo};
use serde::Serialize;

use crate::cli::IngestArgs;
use crate::output::outln;
use crate::settings::Settings;
use crate::EXIT_PARTIAL;

#[derive(Debug, Default, Serialize)]
pub struct IngestSummary {
    pub documents_ingested: u64,
    pub documents_skipped: u64,
    pub documents_failed: u64,
    pub entities: u64,
    pub facts: u64,
    pub bytes: u64,
    pub seconds: f64,
    pub failures: Vec<SourceError>,
}

/// Reads sources on a thread of its own (file IO blocks) through a small bounded channel, so memory
/// stays bounded however large the corpus is.
fn spawn_reader(
    reader: SourceReader,
) -> tokio::sync::mpsc::Receiver<Result<DocumentInput, SourceError>> {
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    std::thread::spawn(move || {
        for item in reader {
            if tx.blocking_send(item).is_err() {
                break;
            }
        }
    });
    rx
}

/// Ingests everything `paths` yields into `mnemo`, reporting progress through `progress`.
pub async fn ingest_paths(
    mnemo: &Mnemo,
    settings: &Settings,
    paths: &[std::path::PathBuf],
    progress: &Progress,
) -> anyhow::Result<IngestSummary> {
    let start = Instant::now();
    let mut summary = IngestSummary::default();
    let mut rx = spawn_reader(SourceReader::new(paths, settings.ingest.clone()));
    while let Some(item) = rx.recv().await {
        let doc = match item {
            Ok(doc) => doc,
            Err(e) => {
                progress.warn(&format!("skipped {e}"));
                summary.documents_failed += 1;
                summary.failures.push(e);
                continue;
            }
        };
        let len = doc.text.len() as u64;
        match mnemo.ingest_document(&doc).await {
            Ok(IngestOutcome::Ingested { entities, facts, .. }) => {
                summary.documents_ingested += 1;
                summary.entities += entities;
                summary.facts += facts;
                summary.bytes += len;
            }
            Ok(IngestOutcome::Unchanged { .. }) => summary.documents_skipped += 1,
            Err(mnemo::Error::InvalidInput(reason)) => {
                let e = SourceError {
                    location: doc.source.clone(),
                    reason,
                };
                progress.warn(&format!("skipped {e}"));
                summary.documents_failed += 1;
                summary.failures.push(e);
            }
            // The store itself failed: stop, since every further document would fail the same way.
            Err(e) => {
                return Err(anyhow::Error::new(e).context(format!(
                    "ingest stopped at {} after {} documents (re-run the same command to resume; finished documents are skipped)",
                    doc.source, summary.documents_ingested
                )))
            }
        }
        summary.seconds = start.elapsed().as_secs_f64();
        progress.update(&summary);
    }
    summary.seconds = start.elapsed().as_secs_f64();
    progress.finish();
    Ok(summary)
}

/// A progress bar on a terminal, periodic log lines otherwise, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    log_every: Option<Duration>,
    last_log: std::cell::Cell<Instant>,
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
        }
    }

    fn update(&self, s: &IngestSummary) {
        let line = format!(
            "{} ingested, {} unchanged, {} failed | {:.1} MB | {:.0} facts/s",
            s.documents_ingested,
            s.documents_skipped,
            s.documents_failed,
            s.bytes as f64 / 1e6,
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

    fn warn(&self, msg: &str) {
        match &self.bar {
            Some(bar) => bar.println(format!("warning: {msg}")),
            None => eprintln!("warning: {msg}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

pub async fn run(mnemo: &Mnemo, settings: &Settings, args: IngestArgs) -> anyhow::Result<ExitCode> {
    let progress = Progress::new(!args.no_progress && !args.json);
    let summary = ingest_paths(mnemo, settings, &args.paths, &progress).await?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary);
    }
    Ok(if summary.documents_failed > 0 {
        ExitCode::from(EXIT_PARTIAL)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn print_summary(s: &IngestSummary) {
    outln!(
        "ingested {} documents ({} unchanged, {} failed): {} entities and {} facts found in {:.2} s",
        s.documents_ingested, s.documents_skipped, s.documents_failed, s.entities, s.facts, s.seconds
    );
    for f in &s.failures {
        outln!("  failed: {f}");
    }
}
