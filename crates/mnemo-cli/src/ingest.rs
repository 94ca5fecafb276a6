//! `mnemo ingest`: streams documents (or ready-made triples) from paths into memory with progress,
//! reports every bad input with its path and reason, never aborts the batch for one bad input,
//! stops on the first Ctrl-C (keeping every finished extraction), stops on an LLM error without
//! retrying it (the LLM client did), and resumes from a checkpoint. See docs/ingest.md for the
//! user's view.

mod checkpoint;
mod progress;
mod stop;
mod verify;
mod writer;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, ValueEnum};
use mnemo::sources::{Position, Resume, SourceError, SourceOptions, SourceReader};
use mnemo::{
    DocumentInput, ExtractedDocument, GroupLimits, Mnemo, PreparedDocument, TripleChunk,
    TripleItem, TripleReader, WriteGroup,
};

use crate::output::outln;
use crate::settings::{Settings, StoreKind};
use crate::EXIT_PARTIAL;
use checkpoint::Checkpoint;
use progress::{print_summary, IngestSummary, Progress};
use stop::Stop;
use writer::{handle, Queued, Step, Writer};

/// Exit code of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
const EXIT_INTERRUPTED: u8 = 130;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Text files, stdin, or JSONL/CSV rows with a text field; entities and facts are extracted.
    Documents,
    /// JSONL/CSV rows of subject, predicate, object (optional subject_type, object_type, source,
    /// confidence), written as given without extraction.
    Triples,
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Files or folders (recursive); `-` reads one document from stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// What the inputs hold.
    #[arg(long, value_enum, default_value = "documents")]
    pub format: Format,
    /// JSONL/CSV field holding the text (default from `ingest.text_field`, "text").
    #[arg(long, value_name = "FIELD")]
    pub text_field: Option<String>,
    /// JSONL/CSV field holding the document id (default from `ingest.id_field`, "id").
    #[arg(long, value_name = "FIELD")]
    pub id_field: Option<String>,
    /// JSONL/CSV field holding the title (default from `ingest.title_field`, "title").
    #[arg(long, value_name = "FIELD")]
    pub title_field: Option<String>,
    /// Only take files matching this glob when walking folders (repeatable), e.g. '**/*.md'.
    #[arg(long, value_name = "GLOB")]
    pub include: Vec<String>,
    /// Leave out files and folders matching this glob (repeatable), e.g. 'drafts/**'.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Whole-file documents larger than this are reported and skipped (default `ingest.max_file_bytes`).
    #[arg(long, value_name = "BYTES")]
    pub max_file_bytes: Option<u64>,
    /// JSONL/CSV rows longer than this are reported and skipped (default `ingest.max_row_bytes`).
    #[arg(long, value_name = "BYTES")]
    pub max_row_bytes: Option<u64>,
    /// Triples per atomic write (with --format triples).
    #[arg(long, value_name = "ROWS", default_value_t = 1000)]
    pub batch_rows: usize,
    /// Documents written together in one commit (group commit); 1 writes each alone.
    #[arg(long, value_name = "DOCS", default_value_t = GroupLimits::default().max_documents)]
    pub group_docs: usize,
    /// Neither resume from nor write a checkpoint: every input is read and checked by hash.
    #[arg(long)]
    pub no_checkpoint: bool,
    /// Print one JSON summary object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Never show a progress bar (log lines instead).
    #[arg(long)]
    pub no_progress: bool,
}

impl IngestArgs {
    fn source_options(&self, base: &SourceOptions) -> SourceOptions {
        let mut o = base.clone();
        let set = |slot: &mut String, v: &Option<String>| {
            if let Some(v) = v {
                *slot = v.clone();
            }
        };
        set(&mut o.text_field, &self.text_field);
        set(&mut o.id_field, &self.id_field);
        set(&mut o.title_field, &self.title_field);
        o.include.extend(self.include.iter().cloned());
        o.exclude.extend(self.exclude.iter().cloned());
        o.max_file_bytes = self.max_file_bytes.unwrap_or(o.max_file_bytes);
        o.max_row_bytes = self.max_row_bytes.unwrap_or(o.max_row_bytes);
        o
    }
}

/// One input, as the reader thread sends it.
#[derive(Clone)]
enum Input {
    Doc(DocumentInput),
    Chunk(TripleChunk),
    FileEnd { source: String, chunks: u64 },
    Bad(SourceError),
}

/// What preparing an input made: a document extracted (its names are resolved by the writer, in
/// input order), or a chunk of triples ready to write.
enum Made {
    Doc(ExtractedDocument),
    Triples(PreparedDocument),
}

type Prepared = Result<(Made, Vec<SourceError>), mnemo::Error>;

/// An input on its way to the writer: preparation (chunking, extraction, validation) runs ahead
/// on the runtime's workers; the writer takes inputs in order and plans each document (resolves
/// its names) on top of the documents before it.
struct Pending {
    input: Input,
    prepared: Option<tokio::task::JoinHandle<Prepared>>,
    /// The reader's position after this input: recorded in the checkpoint once it is handled.
    position: Option<Position>,
}

/// Chunks and extracts a document, or validates a chunk of triples.
async fn prepare(mnemo: &Mnemo, input: &Input) -> Prepared {
    match input {
        Input::Doc(doc) => mnemo
            .extract_document(doc)
            .await
            .map(|x| (Made::Doc(x), Vec::new())),
        Input::Chunk(chunk) => mnemo
            .prepare_triples(chunk)
            .await
            .map(|(p, bad)| (Made::Triples(p), bad)),
        Input::FileEnd { .. } | Input::Bad(_) => Err(mnemo::Error::Internal(
            "only documents and triples are prepared".into(),
        )),
    }
}

/// Reads inputs on a thread of its own (file IO blocks) through a small bounded channel, so memory
/// stays bounded however large the corpus is.
fn spawn_reader(
    format: Format,
    paths: Vec<PathBuf>,
    opts: SourceOptions,
    batch_rows: usize,
    resume: Resume,
) -> tokio::sync::mpsc::Receiver<(Input, Option<Position>)> {
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    std::thread::spawn(move || match format {
        Format::Documents => {
            let mut r = SourceReader::new(&paths, opts).resume_from(resume);
            while let Some(item) = r.next() {
                let input = item.map_or_else(Input::Bad, Input::Doc);
                if tx.blocking_send((input, r.position().cloned())).is_err() {
                    break;
                }
            }
        }
        Format::Triples => {
            let mut r = TripleReader::new(&paths, opts, batch_rows).resume_from(resume);
            while let Some(item) = r.next() {
                let input = match item {
                    TripleItem::Chunk(c) => Input::Chunk(c),
                    TripleItem::Bad(e) => Input::Bad(e),
                    TripleItem::FileEnd { source, chunks } => Input::FileEnd { source, chunks },
                };
                if tx.blocking_send((input, r.position().cloned())).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

/// How many inputs are prepared ahead of the writer, in parallel.
fn prepare_ahead() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()) * 2
}

/// Attempts while the store is unavailable, with exponential backoff from 500 ms.
const STORE_ATTEMPTS: u32 = 6;

/// Runs `op` again while it fails with `Unavailable`, waiting out a store outage with backoff.
async fn with_retries<T, F, Fut>(progress: &Progress, mut op: F) -> Result<T, mnemo::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, mnemo::Error>>,
{
    let mut delay = Duration::from_millis(500);
    let mut attempt = 1;
    loop {
        match op().await {
            // A full disk does not come back within seconds: stop at once and say so.
            Err(e) if e.is_disk_full() => return Err(e),
            Err(mnemo::Error::Unavailable(msg)) if attempt < STORE_ATTEMPTS => {
                progress.warn(&format!(
                    "store unavailable ({msg}); retry {attempt}/{} in {:.1} s",
                    STORE_ATTEMPTS - 1,
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

/// The command line that resumes this run, quoted for a POSIX shell.
fn resume_command() -> String {
    std::env::args()
        .map(|a| {
            let plain = !a.is_empty()
                && a.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,@%+".contains(&b));
            if plain {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Sets `stop` on Ctrl-C or SIGTERM, waking every wait of the run; a second signal ends the
/// process at once (every write is atomic, so even that leaves no partial document).
fn watch_signals(stop: Arc<Stop>) {
    tokio::spawn(async move {
        #[cfg(unix)]
        let mut term =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        loop {
            #[cfg(unix)]
            let sigterm = async {
                match term.as_mut() {
                    Some(t) => {
                        t.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            #[cfg(not(unix))]
            let sigterm = std::future::pending::<()>();
            tokio::select! {
                r = tokio::signal::ctrl_c() => if r.is_err() { return },
                _ = sigterm => {}
            }
            if stop.set() {
                eprintln!("interrupted again: stopping now");
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
            eprintln!(
                "interrupted: writing the documents already extracted, then stopping (again to stop at once)"
            );
        }
    });
}

/// What identifies a run for its checkpoint: the store, tenant, format, inputs and filters.
fn run_identity(settings: &Settings, args: &IngestArgs, opts: &SourceOptions) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    let store = match settings.store.kind {
        StoreKind::Embedded => format!("embedded:{}", cwd.join(&settings.data_dir).display()),
        StoreKind::Neo4j => format!(
            "neo4j:{}/{}",
            settings.store.neo4j.uri, settings.store.neo4j.database
        ),
    };
    serde_json::json!({
        "store": store,
        "tenant": settings.tenant,
        "format": args.format,
        "cwd": cwd,
        "paths": args.paths,
        "options": opts,
        "batch_rows": args.batch_rows,
    })
    .to_string()
}

/// Ingests everything `args.paths` yields into `mnemo`.
///
/// Reading, preparation and writing overlap: a reader thread streams inputs, up to
/// `prepare_ahead()` of them are prepared in parallel, and the writer commits them in input order,
/// one atomic batch each, consecutive documents grouped into one `write_many` call (within
/// `GroupLimits`), recording its progress in the checkpoint once each group is durable.
async fn ingest(
    mnemo: &Mnemo,
    settings: &Settings,
    args: &IngestArgs,
    progress: &Progress,
    stop: &Stop,
    summary: &mut IngestSummary,
) -> anyhow::Result<()> {
    let start = Instant::now();
    let opts = args.source_options(&settings.ingest);
    let mut checkpoint = (!args.no_checkpoint)
        .then(|| Checkpoint::at(&settings.data_dir, &run_identity(settings, args, &opts)));
    let loaded = match &checkpoint {
        Some(c) => c.load()?,
        None => checkpoint::Loaded::default(),
    };
    let mut resume = loaded.resume;
    if !resume.is_empty() {
        summary.resumed = true;
        progress.warn(&format!(
            "resuming an interrupted run: {} files done or in progress (checkpoint {}; --no-checkpoint to start over)",
            resume.len(),
            checkpoint.as_ref().map_or_else(String::new, |c| c.path().display().to_string())
        ));
        // What the checkpoint calls done must still be in the store (it may have been wiped).
        let v = with_retries(progress, || verify::verify(mnemo, &resume, &loaded.done))
            .await
            .context("checking the checkpoint's documents in the store")?;
        summary.resume_checked = v.checked;
        summary.resume_missing = v.missing;
        if v.missing > 0 {
            progress.warn(&format!(
                "{} of the {} documents the checkpoint calls done are not in the store (wiped or replaced since?): {} files are read again",
                v.missing, v.checked, v.redo.len()
            ));
        }
        for file in &v.redo {
            resume.remove(file);
        }
    }
    let mut rx = spawn_reader(
        args.format,
        args.paths.clone(),
        opts,
        args.batch_rows,
        resume,
    );
    let mut pending: VecDeque<Pending> = VecDeque::new();
    let mut input_done = false;
    let mut read_bytes = 0u64;
    let limits = GroupLimits {
        max_documents: args.group_docs.max(1),
        ..GroupLimits::default()
    };
    // A group's worth prepared ahead, so extraction goes on while the writer waits for a commit.
    let ahead = prepare_ahead().max(limits.max_documents);
    let mut group: WriteGroup<Queued> = WriteGroup::new(limits);
    let mut w = Writer {
        mnemo,
        summary,
        progress,
        checkpoint: checkpoint.as_mut(),
        read_bytes: &mut read_bytes,
        start,
    };
    loop {
        if stop.is_set() {
            // What is extracted already is written; extractions still running are abandoned.
            w.keep_finished(&mut group, &mut pending, None)
                .await
                .map_err(|e| w.stopped(e))?;
            w.summary.interrupted = true;
            break;
        }
        while !input_done && pending.len() < ahead {
            let next = tokio::select! {
                next = rx.recv() => next,
                () = stop.wait() => break,
            };
            let Some((input, position)) = next else {
                input_done = true;
                break;
            };
            let prepared = matches!(input, Input::Doc(_) | Input::Chunk(_)).then(|| {
                let (m, i) = (mnemo.clone(), input.clone());
                tokio::spawn(async move { prepare(&m, &i).await })
            });
            pending.push_back(Pending {
                input,
                prepared,
                position,
            });
        }
        if stop.is_set() {
            continue;
        }
        let Some(mut item) = pending.pop_front() else {
            w.flush(&mut group).await.map_err(|e| w.stopped(e))?;
            break;
        };
        if !matches!(item.input, Input::Doc(_)) {
            // Everything else is written in input order after the documents before it, and
            // changes the store behind the group's back.
            w.flush(&mut group).await.map_err(|e| w.stopped(e))?;
            group.forget_reads();
        }
        let ready = match item.prepared.as_mut() {
            None => None,
            Some(h) => {
                let mut done = None;
                if let Some(left) = group.remaining().filter(|_| !h.is_finished()) {
                    // The next document is not ready: write the open group when its window ends.
                    tokio::select! {
                        r = tokio::time::timeout(left, &mut *h) => match r {
                            Ok(r) => done = Some(r),
                            Err(_) => w.flush(&mut group).await.map_err(|e| w.stopped(e))?,
                        },
                        () = stop.wait() => {}
                    }
                }
                // A slow extraction (an LLM on a CPU) must not hold up a Ctrl-C.
                let r = match done {
                    Some(r) => Some(r),
                    None => tokio::select! {
                        r = &mut *h => Some(r),
                        () = stop.wait() => None,
                    },
                };
                match r {
                    Some(r) => Some(r),
                    None => {
                        pending.push_front(item);
                        continue;
                    }
                }
            }
        };
        let result = handle(mnemo, item.input, ready, w.summary, progress).await;
        match result {
            Ok(Step::Done(bytes, stored)) => {
                // A bad document's position must not pass documents of the open group (the
                // checkpoint would call them done before they are durable).
                w.flush(&mut group).await.map_err(|e| w.stopped(e))?;
                *w.read_bytes += bytes;
                if let Some(doc) = &stored {
                    w.stored(&item.position, doc);
                }
                w.advance(item.position)?;
            }
            Ok(Step::Write(extracted, label, bytes)) => {
                let planned = w
                    .plan(&mut group, &extracted, &label)
                    .await
                    .map_err(|e| w.stopped(e))?;
                let Some(planned) = planned else {
                    // Reported as bad (its batch does not validate): nothing to write, and
                    // its position must not pass the open group's documents.
                    w.flush(&mut group).await.map_err(|e| w.stopped(e))?;
                    *w.read_bytes += bytes;
                    w.advance(item.position)?;
                    continue;
                };
                group.push_planned(
                    planned,
                    Queued {
                        label,
                        bytes,
                        position: item.position,
                    },
                );
                if group.is_due() || (input_done && pending.is_empty()) {
                    w.flush(&mut group).await.map_err(|e| w.stopped(e))?;
                }
            }
            Err(failed) => {
                // An LLM error is about this input's extraction, not the store: what is
                // extracted already is written before the run stops. (After a store error,
                // writing more would only fail or wait again.)
                if is_llm_error(&failed.0) {
                    let at = item.position.as_ref();
                    if let Err(e) = w.keep_finished(&mut group, &mut pending, at).await {
                        progress.warn(&format!(
                            "could not write the documents already extracted: {:#}",
                            e.0
                        ));
                    }
                }
                return Err(w.stopped(failed));
            }
        }
    }
    summary.seconds = start.elapsed().as_secs_f64();
    if let Some(mut c) = checkpoint {
        if summary.interrupted {
            c.flush()?;
        } else {
            c.remove()?;
        }
    }
    Ok(())
}

/// Whether the error that stops the run is an LLM endpoint's (not the store's).
fn is_llm_error(e: &anyhow::Error) -> bool {
    matches!(e.downcast_ref::<mnemo::Error>(), Some(mnemo::Error::Llm(_)))
}

pub async fn run(mnemo: &Mnemo, settings: &Settings, args: IngestArgs) -> anyhow::Result<ExitCode> {
    let progress = Progress::new(!args.no_progress && !args.json);
    if !args.no_progress && !args.json && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let opts = args.source_options(&settings.ingest);
        progress.set_total_bytes(mnemo::sources::input_bytes(&args.paths, &opts));
    }
    let stop = Arc::new(Stop::default());
    watch_signals(stop.clone());
    let started = Instant::now();
    let mut summary = IngestSummary::default();
    let outcome = ingest(mnemo, settings, &args, &progress, &stop, &mut summary).await;
    summary.llm = mnemo.llm_stats();
    progress.finish();
    if let Err(e) = &outcome {
        // A run that stops on an error still reports what it did, in text and in --json.
        summary.seconds = started.elapsed().as_secs_f64();
        summary.error = Some(format!("{e:#}"));
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_summary(&summary);
    }
    if let Err(e) = outcome {
        eprintln!("error: {e:#}");
        return Ok(ExitCode::FAILURE);
    }
    if summary.interrupted {
        eprintln!(
            "ingest interrupted: finished documents are kept, none is half-written; resume with: {}",
            resume_command()
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(if summary.documents_failed > 0 {
        ExitCode::from(EXIT_PARTIAL)
    } else {
        ExitCode::SUCCESS
    })
}
