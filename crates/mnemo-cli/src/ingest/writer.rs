//! The in-order side of `mnemo ingest`: each input handled once its preparation is done, documents
//! planned on top of the open write group and written with it, and the counts, progress and
//! checkpoint advanced as inputs are stored.

use std::collections::VecDeque;
use std::time::Instant;

use mnemo::sources::Position;
use mnemo::{
    ExtractedDocument, IngestOutcome, Mnemo, PlannedDocument, PreparedDocument, WriteGroup,
};

use super::checkpoint::Checkpoint;
use super::progress::{IngestSummary, Progress};
use super::{prepare, resume_command, with_retries, Input, Made, Pending, Prepared};

/// A prepared document waiting in the open group, with what its outcome needs.
pub(super) struct Queued {
    pub(super) label: String,
    pub(super) bytes: u64,
    pub(super) position: Option<Position>,
}

/// What became of one input.
pub(super) enum Step {
    /// Handled (written, skipped or reported); the bytes it accounted for, and the document
    /// it stored, if any.
    Done(u64, Option<PreparedDocument>),
    /// An extracted document, to be planned in order and written with the group.
    Write(ExtractedDocument, String, u64),
}

/// The in-order writer's state: counts, progress and checkpoint advance as inputs are stored.
pub(super) struct Writer<'a> {
    pub(super) mnemo: &'a Mnemo,
    pub(super) summary: &'a mut IngestSummary,
    pub(super) progress: &'a Progress,
    pub(super) checkpoint: Option<&'a mut Checkpoint>,
    pub(super) read_bytes: &'a mut u64,
    pub(super) start: Instant,
}

impl Writer<'_> {
    /// Plans a document on top of the open group, in input order; writes the group first when
    /// the document must be planned against the store alone (see `Mnemo::plan_document`). None
    /// when the document is bad (reported here).
    pub(super) async fn plan(
        &mut self,
        group: &mut WriteGroup<Queued>,
        doc: &ExtractedDocument,
        label: &str,
    ) -> Result<Option<PlannedDocument>, (anyhow::Error, String)> {
        loop {
            let planned =
                with_retries(self.progress, || self.mnemo.plan_document(doc, &*group)).await;
            match planned {
                Ok(Some(p)) => return Ok(Some(p)),
                Ok(None) => self.flush(group).await?,
                Err(mnemo::Error::InvalidInput(reason)) => {
                    self.summary
                        .reject(label.to_string(), reason, self.progress);
                    return Ok(None);
                }
                Err(e) => return Err((anyhow::Error::from(e), label.to_string())),
            }
        }
    }

    /// Records that an input is stored (or reported) and shows progress.
    pub(super) fn advance(&mut self, position: Option<Position>) -> anyhow::Result<()> {
        if let (Some(c), Some(p)) = (self.checkpoint.as_mut(), position) {
            c.advance(p)?;
        }
        self.summary.seconds = self.start.elapsed().as_secs_f64();
        self.progress.update(self.summary, *self.read_bytes);
        Ok(())
    }

    /// Records in the checkpoint that the document from the file of `position` is stored.
    pub(super) fn stored(&mut self, position: &Option<Position>, doc: &PreparedDocument) {
        if let (Some(c), Some(p)) = (self.checkpoint.as_mut(), position) {
            let (id, hash) = doc.identity();
            c.stored(&p.file, id, hash);
        }
    }

    /// The error that stops the run, after saving the checkpoint of what is stored. It names the
    /// input, the count and the resume command; a full disk says so first.
    pub(super) fn stopped(&mut self, (e, at): (anyhow::Error, String)) -> anyhow::Error {
        // On a full disk the checkpoint may not be writable either: that must not hide the cause.
        let unsaved = self
            .checkpoint
            .as_mut()
            .and_then(|c| c.flush().err())
            .map(|ce| format!(" (the checkpoint could not be saved: {ce:#}; a resumed run re-checks documents by hash)"))
            .unwrap_or_default();
        let n = self.summary.documents_ingested;
        let resume = resume_command();
        match e.downcast_ref::<mnemo::Error>() {
            Some(mnemo::Error::Unavailable(m)) if m.starts_with(mnemo::core::DISK_FULL) => {
                anyhow::anyhow!(
                    "{m}; ingest stopped at {at} after {n} documents; finished documents are kept{unsaved}; free space, then resume with: {resume}"
                )
            }
            _ => e.context(format!(
                "ingest stopped at {at} after {n} documents; finished documents are kept{unsaved}, resume with: {resume}"
            )),
        }
    }

    /// Before a run stops early: writes the open group, then every queued document whose
    /// extraction has finished, and abandons the extractions still running. A document written
    /// past one that was not (`failed`, or still running) advances the checkpoint only when no
    /// earlier input of its file is missing (a text file is one document; a JSONL file's later
    /// row must not let a resume skip an earlier one); otherwise a resumed run finds it stored
    /// by hash and makes no LLM call for it.
    pub(super) async fn keep_finished(
        &mut self,
        group: &mut WriteGroup<Queued>,
        pending: &mut VecDeque<Pending>,
        failed: Option<&Position>,
    ) -> Result<(), (anyhow::Error, String)> {
        self.flush(group).await?;
        let mut gaps: std::collections::HashSet<String> =
            failed.map(|p| p.file.clone()).into_iter().collect();
        for Pending {
            input,
            prepared,
            position,
        } in pending.drain(..)
        {
            let file = position.as_ref().map(|pos| pos.file.clone());
            let (Input::Doc(d), Some(h)) = (&input, prepared) else {
                // Bad inputs and triples are handled in order only: read again on resume.
                gaps.extend(file);
                continue;
            };
            if !h.is_finished() {
                h.abort();
                gaps.extend(file);
                continue;
            }
            let Ok(Ok((Made::Doc(extracted), _))) = h.await else {
                gaps.extend(file);
                continue;
            };
            // Planned on top of what is written so far (the group is empty), then written alone.
            let Some(planned) = self.plan(group, &extracted, &d.source).await? else {
                gaps.extend(file);
                continue;
            };
            let tag = Queued {
                label: d.source.clone(),
                bytes: 0,
                position: None,
            };
            group.push_planned(planned, tag);
            let Some((doc, _)) = group.take().pop() else {
                continue;
            };
            match self.mnemo.write_prepared(&doc).await {
                Ok(IngestOutcome::Ingested {
                    entities, facts, ..
                }) => {
                    self.summary.documents_ingested += 1;
                    self.summary.kept_after_stop += 1;
                    self.summary.entities += entities;
                    self.summary.facts += facts;
                    self.summary.bytes += d.text.len() as u64;
                }
                Ok(IngestOutcome::Unchanged { .. }) => self.summary.documents_skipped += 1,
                Err(e) => return Err((anyhow::Error::from(e), d.source.clone())),
            }
            if file.as_ref().is_some_and(|f| gaps.contains(f)) {
                continue;
            }
            self.stored(&position, &doc);
            *self.read_bytes += d.text.len() as u64;
            self.advance(position).map_err(|e| (e, String::new()))?;
        }
        Ok(())
    }

    /// Writes the open group (one `write_many` call; one by one if that fails), then counts each
    /// document and advances the checkpoint past it, in order, now that it is durable.
    pub(super) async fn flush(
        &mut self,
        group: &mut WriteGroup<Queued>,
    ) -> Result<(), (anyhow::Error, String)> {
        if group.is_empty() {
            return Ok(());
        }
        let (docs, queued): (Vec<PreparedDocument>, Vec<Queued>) = group.take().into_iter().unzip();
        let outcomes = self.mnemo.write_prepared_group(&docs).await;
        for ((doc, q), outcome) in docs.iter().zip(queued).zip(outcomes) {
            let outcome = match outcome {
                // A store outage: wait it out for this document (writes are idempotent).
                Err(e @ mnemo::Error::Unavailable(_)) if e.is_disk_full() => Err(e),
                Err(mnemo::Error::Unavailable(_)) => {
                    with_retries(self.progress, || self.mnemo.write_prepared(doc)).await
                }
                other => other,
            };
            match outcome {
                Ok(IngestOutcome::Ingested {
                    entities, facts, ..
                }) => {
                    self.summary.documents_ingested += 1;
                    self.summary.entities += entities;
                    self.summary.facts += facts;
                    self.summary.bytes += q.bytes;
                    self.stored(&q.position, doc);
                }
                Ok(IngestOutcome::Unchanged { .. }) => {
                    self.summary.documents_skipped += 1;
                    self.stored(&q.position, doc);
                }
                Err(mnemo::Error::InvalidInput(reason)) => {
                    self.summary.reject(q.label, reason, self.progress);
                }
                // The store itself failed: stop, since every further input would fail the same way.
                Err(e) => return Err((anyhow::Error::from(e), q.label)),
            }
            *self.read_bytes += q.bytes;
            self.advance(q.position).map_err(|e| (e, String::new()))?;
        }
        Ok(())
    }
}

/// Handles one input in order once its preparation is done (`ready`): documents come back to be
/// written with their group; everything else is written or reported here. Returns the error that
/// stops the run with where it happened.
pub(super) async fn handle(
    mnemo: &Mnemo,
    input: Input,
    ready: Option<Result<Prepared, tokio::task::JoinError>>,
    summary: &mut IngestSummary,
    progress: &Progress,
) -> Result<Step, (anyhow::Error, String)> {
    let (label, bytes) = match &input {
        Input::Doc(d) => (d.source.clone(), d.text.len() as u64),
        Input::Chunk(c) => (
            format!("{} (chunk {})", c.source, c.index),
            c.rows
                .iter()
                .map(|r| {
                    (r.triple.subject.len() + r.triple.predicate.len() + r.triple.object.len())
                        as u64
                })
                .sum(),
        ),
        Input::FileEnd { source, .. } => (source.clone(), 0),
        Input::Bad(e) => (e.location.clone(), 0),
    };
    let stopped = |e: mnemo::Error| (anyhow::Error::from(e), label.clone());
    let prepared = match (input, ready) {
        (Input::Bad(e), _) => {
            summary.fail(e, progress);
            return Ok(Step::Done(0, None));
        }
        (Input::FileEnd { source, chunks }, _) => {
            let removed = with_retries(progress, || {
                mnemo.remove_triple_chunks_from(&source, chunks)
            })
            .await
            .map_err(stopped)?;
            if removed > 0 {
                tracing::info!(%source, removed, "chunks of a longer earlier version removed");
            }
            return Ok(Step::Done(0, None));
        }
        (input, Some(joined)) => match joined {
            // A store outage while preparing (the hash lookup): prepare again once it is back.
            Ok(Err(mnemo::Error::Unavailable(_))) => {
                with_retries(progress, || prepare(mnemo, &input)).await
            }
            Ok(p) => p,
            Err(join) => return Err((anyhow::Error::from(join), label)),
        },
        (_, None) => return Ok(Step::Done(0, None)),
    };
    let (made, bad_rows) = match prepared {
        Ok(p) => p,
        Err(mnemo::Error::InvalidInput(reason)) => {
            summary.reject(label, reason, progress);
            return Ok(Step::Done(bytes, None));
        }
        Err(e) => return Err(stopped(e)),
    };
    for e in bad_rows {
        summary.fail(e, progress);
    }
    let prepared = match made {
        Made::Doc(extracted) => return Ok(Step::Write(extracted, label, bytes)),
        Made::Triples(p) => p,
    };
    match with_retries(progress, || mnemo.write_prepared(&prepared)).await {
        Ok(IngestOutcome::Ingested {
            entities, facts, ..
        }) => {
            summary.documents_ingested += 1;
            summary.entities += entities;
            summary.facts += facts;
            summary.bytes += bytes;
        }
        Ok(IngestOutcome::Unchanged { .. }) => summary.documents_skipped += 1,
        Err(mnemo::Error::InvalidInput(reason)) => {
            summary.reject(label, reason, progress);
            return Ok(Step::Done(bytes, None));
        }
        // The store itself failed: stop, since every further input would fail the same way.
        Err(e) => return Err(stopped(e)),
    }
    Ok(Step::Done(bytes, Some(prepared)))
}
