//! `mnemo ingest`: streams documents from paths into memory with progress, reports every bad input
//! with its path and reason, never aborts the batch for one bad document, and prints a summary.

use std::collections::VecDeque;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mnemo::sources::{SourceError, SourceReader};
use mnemo::{DocumentInput, IngestOutcome, Mnemo, PreparedDocument};
use serde::Serialize;

use crate::output::outln;

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Files or folders (recursive); `-` reads one document from stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print one JSON summary object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Never show a progress bar (log lines instead).
    #[arg(long)]
    pub no_progress: bool,
}
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

/// How many documents are prepared (chunked and extracted) ahead of the writer, in parallel.
fn prepare_ahead() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()) * 2
}

/// Failures listed in the summary (all are counted and printed as warnings).
const MAX_LISTED_FAILURES: usize = 1000;

/// Write attempts while the store is unavailable, with exponential backoff from 500 ms.
const WRITE_ATTEMPTS: u32 = 6;

type Pending = (
    DocumentInput,
    tokio::task::JoinHandle<Result<PreparedDocument, mnemo::Error>>,
);

/// Ingests everything `paths` yields into `mnemo`, reporting progress through `progress`.
///
/// Reading, extraction and writing overlap: a reader thread streams documents, up to
/// `prepare_ahead()` of them are extracted in parallel on the runtime's worker threads, and the
/// writer commits them one atomic batch per document, in input order.
pub async fn ingest_paths(
    mnemo: &Mnemo,
    settings: &Settings,
    paths: &[std::path::PathBuf],
    progress: &Progress,
) -> anyhow::Result<IngestSummary> {
    let start = Instant::now();
    let mut summary = IngestSummary::default();
    let mut rx = spawn_reader(SourceReader::new(paths, settings.ingest.clone()));
    let mut pending: VecDeque<Pending> = VecDeque::new();
    let mut input_done = false;
    loop {
        while !input_done && pending.len() < prepare_ahead() {
            match rx.recv().await {
                Some(Ok(doc)) => {
                    let m = mnemo.clone();
                    let d = doc.clone();
                    pending.push_back((
                        doc,
                        tokio::spawn(async move { m.prepare_document(&d).await }),
                    ));
                }
                Some(Err(e)) => summary.fail(e, progress),
                None => input_done = true,
            }
        }
        let Some((doc, handle)) = pending.pop_front() else {
            break;
        };
        let prepared = match handle.await {
            Ok(Ok(p)) => p,
            Ok(Err(mnemo::Error::InvalidInput(reason))) => {
                summary.fail(
                    SourceError {
                        location: doc.source.clone(),
                        reason,
                    },
                    progress,
                );
                continue;
            }
            Ok(Err(e)) => return Err(stopped(e.into(), &doc, &summary)),
            Err(join) => return Err(stopped(join.into(), &doc, &summary)),
        };
        match write_with_retries(mnemo, &prepared, progress).await {
            Ok(IngestOutcome::Ingested {
                entities, facts, ..
            }) => {
                summary.documents_ingested += 1;
                summary.entities += entities;
                summary.facts += facts;
                summary.bytes += doc.text.len() as u64;
            }
            Ok(IngestOutcome::Unchanged { .. }) => summary.documents_skipped += 1,
            Err(mnemo::Error::InvalidInput(reason)) => {
                summary.fail(
                    SourceError {
                        location: doc.source.clone(),
                        reason,
                    },
                    progress,
                );
            }
            // The store itself failed: stop, since every further document would fail the same way.
            Err(e) => return Err(stopped(e.into(), &doc, &summary)),
        }
        summary.seconds = start.elapsed().as_secs_f64();
        progress.update(&summary);
    }
    summary.seconds = start.elapsed().as_secs_f64();
    progress.finish();
    Ok(summary)
}

/// Writes a prepared document, waiting out a store outage with backoff before giving up.
async fn write_with_retries(
    mnemo: &Mnemo,
    prepared: &PreparedDocument,
    progress: &Progress,
) -> Result<IngestOutcome, mnemo::Error> {
    let mut delay = Duration::from_millis(500);
    let mut attempt = 1;
    loop {
        match mnemo.write_prepared(prepared).await {
            Err(mnemo::Error::Unavailable(msg)) if attempt < WRITE_ATTEMPTS => {
                progress.warn(&format!(
                    "store unavailable ({msg}); retry {attempt}/{} in {:.1} s",
                    WRITE_ATTEMPTS - 1,
                    delay.as_secs_f64()
                ));
                tokio::time::sleep(delay).await;
                delay *= 2;
                attempt += 1;
            }
            other => return other,
        }
    }
}

fn stopped(e: anyhow::Error, doc: &DocumentInput, summary: &IngestSummary) -> anyhow::Error {
    let resume: Vec<String> = std::env::args().collect();
    e.context(format!(
        "ingest stopped at {} after {} documents; finished documents are kept, resume with: {}",
        doc.source,
        summary.documents_ingested,
        resume.join(" ")
    ))
}

impl IngestSummary {
    fn fail(&mut self, e: SourceError, progress: &Progress) {
        progress.warn(&format!("skipped {e}"));
        self.documents_failed += 1;
        // Every failure is printed as it happens; the summary keeps the first ones.
        if self.failures.len() < MAX_LISTED_FAILURES {
            self.failures.push(e);
        }
    }
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
