//! The full-text index over episode text (tantivy, BM25): a *derived* index, never the store of
//! record. It is updated after every committed change, and rebuilt from the episodes whenever it
//! cannot be shown to match them: on first open, after a crash between the redb commit and the
//! index commit, or when it is damaged. A durable store proves the match with a generation number
//! (`text_gen` in redb's meta table, bumped in the same transaction as any episode change) that
//! the index commits as its payload.
//!
//! Changes are committed lazily: before the next search reads the index, when many are pending, and
//! when the store is dropped. A commit per write cost ~4 ms (1,890 passage writes: 12 s instead of
//! ~5); a crash before a commit is caught on open like any other lag. An update that fails marks the
//! index stale: it then ignores changes, commits only a payload that matches no generation (so a
//! reopen rebuilds it), and the store rebuilds it before the next search. The payload also names the
//! analysis (`ANALYSIS`), so a change to it rebuilds indexes made the old way.
//!
//! Analysis: `mnemo_core::analysis` (words of letters and digits, lower-cased, Latin accents folded,
//! English stop words removed, English Snowball stemming), the Neo4j store's too; the same analysis
//! runs over the query, whose text never reaches a query parser (no syntax, so no injection: only
//! terms). Every value reaches tantivy pre-tokenized.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use mnemo_core::analysis::COMMON_SHARE;
use mnemo_core::{Error, Result};
use tantivy::indexer::{LogMergePolicy, MergePolicy, NoMergePolicy};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, STRING,
};
use tantivy::tokenizer::{PreTokenizedString, SimpleTokenizer, TextAnalyzer, Token};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

mod search;

/// The tokenizer named by the text fields. Every value is pre-tokenized (`tenant_tokens`), so it
/// never runs, but tantivy's segment writer resolves it by name.
const ANALYZER: &str = "mnemo_en";
/// Indexing memory of the writer (tantivy's minimum; episodes are short and commits frequent).
const WRITER_BYTES: usize = 15_000_000;
/// Distinct query terms used at most: a 10 kB query must not become a 2,000-clause query.
pub const MAX_QUERY_TERMS: usize = 64;
/// Names how terms are formed from analyzed words (and the `key_hash` column); part of every
/// commit's payload with `mnemo_core::analysis::ANALYSIS_VERSION`, so an index made another way is
/// rebuilt. Change it with the term format.
pub(crate) const ANALYSIS: &str = "a3";
/// The payload of an index known not to match the store.
const STALE: &str = "stale";
/// Separates tenant and episode id in the key term (neither may contain it).
const KEY_SEP: char = '\u{1f}';

/// A term of a tenant: its analyzed word behind the tenant id (see `TextIndex::tenant_tokens`).
fn tenant_term(tenant: &str, word: &str) -> String {
    let mut t = String::with_capacity(tenant.len() + 1 + word.len());
    t.push_str(tenant);
    t.push(KEY_SEP);
    t.push_str(word);
    t
}

/// A hit of the text index: an episode id and its BM25 score.
pub type TextHit = (String, f32);

/// What the index holds of an episode.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextDoc<'a> {
    pub id: &'a str,
    pub text: &'a str,
    pub speaker: Option<&'a str>,
}

impl<'a> TextDoc<'a> {
    pub fn of(episode: &'a mnemo_core::Episode) -> Self {
        TextDoc {
            id: &episode.id,
            text: &episode.content,
            speaker: episode.speaker.as_deref(),
        }
    }
}

#[derive(Clone, Copy)]
struct Fields {
    /// `tenant KEY_SEP id`: deletes by term, and the id read back from the fast field when its
    /// hash does not name one episode.
    key: Field,
    /// The id's hash (`index::hash_key`): a hit's episode is found through the store's own episode
    /// index, without decoding the id column's dictionary (an eighth of a search at 1M facts).
    key_hash: Field,
    text: Field,
    /// Who said it: a query naming the speaker prefers their turns.
    speaker: Field,
}

pub(crate) struct TextIndex {
    reader: IndexReader,
    writer: Mutex<Writer>,
    /// Changes are waiting for a commit (checked without the lock on every search).
    dirty: AtomicBool,
    /// An update failed: the index misses changes until it is rebuilt.
    stale: AtomicBool,
    fields: Fields,
}

/// The index writer and what it holds uncommitted.
struct Writer {
    w: IndexWriter,
    pending: usize,
    /// The payload the next commit records (the store's text generation).
    payload: Option<String>,
}

/// Uncommitted changes that trigger a commit without waiting for a search.
const MAX_PENDING: usize = 20_000;

/// Segments of about the same size merged as soon as there are this many (tantivy's default is
/// 8). Every segment is searched on its own, each with its own top hits and its own pass over
/// a common word's postings: at 1M facts (125k episodes in five segments) merging them into one
/// cut the embedded search p95 by about a tenth (docs/benchmarks.md, session 15).
/// Sizes grow geometrically, so each episode is rewritten a logarithmic number of times.
const MERGE_AT_SEGMENTS: usize = 2;

/// Which segments a commit merges: a log-structured policy over the index's segments.
fn merge_policy() -> LogMergePolicy {
    let mut p = LogMergePolicy::default();
    p.set_min_num_segments(MERGE_AT_SEGMENTS);
    p
}

impl Drop for TextIndex {
    fn drop(&mut self) {
        // A store closed cleanly leaves an index that needs no rebuild on the next open (a stale
        // one commits a payload that makes the next open rebuild it).
        if let Err(e) = self.flush() {
            tracing::warn!(error = %e, "committing the text index on close failed; it is rebuilt on the next open");
        }
    }
}

/// Merges the committed segments `merge_policy` picks, until it picks none. A merge keeps the
/// last commit's payload and changes no search result, so one that fails leaves a correct index
/// with more segments: it is logged, not returned.
fn merge_segments(w: &mut IndexWriter) {
    let policy = merge_policy();
    // Each round merges whole levels into bigger ones; a few rounds settle any index.
    for _ in 0..8 {
        let metas = match w.index().searchable_segment_metas() {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!(error = %e, "reading the text index's segments failed");
                return;
            }
        };
        let candidates = policy.compute_merge_candidates(&metas);
        if candidates.is_empty() {
            return;
        }
        for c in candidates {
            if let Err(e) = w.merge(&c.0).wait() {
                tracing::warn!(error = %e, "merging text index segments failed");
                return;
            }
        }
    }
}

/// The payload an index up to date with text generation `gen` commits.
pub(crate) fn payload_for(gen: u64) -> String {
    format!(
        "{ANALYSIS}.{}:{gen}",
        mnemo_core::analysis::ANALYSIS_VERSION
    )
}

impl std::fmt::Debug for TextIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextIndex").finish_non_exhaustive()
    }
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).build()
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let key = b.add_text_field("key", STRING | FAST);
    let key_hash = b.add_u64_field("key_hash", FAST);
    let indexing = TextFieldIndexing::default()
        .set_tokenizer(ANALYZER)
        .set_index_option(IndexRecordOption::WithFreqs);
    let text = b.add_text_field(
        "text",
        TextOptions::default().set_indexing_options(indexing.clone()),
    );
    let speaker = b.add_text_field(
        "speaker",
        TextOptions::default().set_indexing_options(indexing),
    );
    (
        b.build(),
        Fields {
            key,
            key_hash,
            text,
            speaker,
        },
    )
}

pub(crate) fn internal(what: &str, e: impl std::fmt::Display) -> Error {
    Error::Internal(format!("text index: {what}: {e}"))
}

impl TextIndex {
    /// An index in memory (the in-memory store's).
    pub fn in_ram() -> Result<TextIndex> {
        let (schema, fields) = schema();
        TextIndex::with_index(Index::create_in_ram(schema), fields)
    }

    /// Opens the index in `dir`, or creates it there, empty, when it is missing or unreadable.
    /// Returns the index and the payload of its last commit (None for a new index).
    pub fn open(dir: &Path) -> Result<(TextIndex, Option<String>)> {
        let (schema, fields) = schema();
        let opened = std::fs::create_dir_all(dir)
            .map_err(|e| internal("creating its directory", e))
            .and_then(|_| Index::open_in_dir(dir).map_err(|e| internal("opening", e)))
            .and_then(|index| {
                if index.schema() == schema {
                    let payload = index
                        .load_metas()
                        .map_err(|e| internal("reading its metadata", e))?
                        .payload;
                    Ok((index, payload))
                } else {
                    Err(internal("opening", "a different schema"))
                }
            });
        let (index, payload) = match opened {
            Ok(ok) => ok,
            Err(e) => {
                // A missing, damaged or older index is rebuilt from the store; nothing is lost.
                tracing::info!(dir = %dir.display(), reason = %e, "creating the text index");
                std::fs::remove_dir_all(dir).ok();
                std::fs::create_dir_all(dir).map_err(|e| internal("creating its directory", e))?;
                let index = Index::create_in_dir(dir, schema.clone())
                    .map_err(|e| internal("creating", e))?;
                (index, None)
            }
        };
        Ok((TextIndex::with_index(index, fields)?, payload))
    }

    fn with_index(index: Index, fields: Fields) -> Result<TextIndex> {
        index.tokenizers().register(ANALYZER, analyzer());
        let writer = index
            .writer_with_num_threads(1, WRITER_BYTES)
            .map_err(|e| internal("opening its writer", e))?;
        // Merges run in `commit`, where they finish before the reader is reloaded; tantivy's own
        // would run in the background and be seen only by the next commit's reader.
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(|e| internal("opening its reader", e))?;
        Ok(TextIndex {
            reader,
            writer: Mutex::new(Writer {
                w: writer,
                pending: 0,
                payload: None,
            }),
            dirty: AtomicBool::new(false),
            stale: AtomicBool::new(false),
            fields,
        })
    }

    fn key_term(&self, tenant: &str, id: &str) -> Term {
        Term::from_field_text(self.fields.key, &format!("{tenant}{KEY_SEP}{id}"))
    }

    /// Applies one committed change: removes `removed` episode ids, then adds `added` (a replaced
    /// document's chunk may come back under the same id); the next commit records `payload`.
    pub fn apply(
        &self,
        tenant: &str,
        removed: &[&str],
        added: &[TextDoc<'_>],
        payload: Option<&str>,
    ) -> Result<()> {
        if (removed.is_empty() && added.is_empty()) || self.is_stale() {
            return Ok(());
        }
        let mut writer = self
            .writer
            .lock()
            .map_err(|_| internal("writer", "poisoned"))?;
        let done = self.apply_locked(&mut writer, tenant, removed, added, payload);
        if done.is_err() {
            self.mark_stale(&mut writer);
        }
        done
    }

    fn apply_locked(
        &self,
        writer: &mut Writer,
        tenant: &str,
        removed: &[&str],
        added: &[TextDoc<'_>],
        payload: Option<&str>,
    ) -> Result<()> {
        for id in removed {
            writer.w.delete_term(self.key_term(tenant, id));
        }
        for doc in added {
            writer
                .w
                .add_document(self.document(tenant, doc))
                .map_err(|e| internal("adding an episode", e))?;
        }
        writer.pending += removed.len() + added.len();
        writer.payload = payload.map(str::to_string);
        self.dirty.store(true, Ordering::SeqCst);
        if writer.pending >= MAX_PENDING {
            self.commit(writer)?;
        }
        Ok(())
    }

    /// Behaves as if an update had just failed (for tests of what follows).
    #[cfg(test)]
    pub fn fail_now(&self) {
        if let Ok(mut writer) = self.writer.lock() {
            self.mark_stale(&mut writer);
        }
    }

    /// True when an update failed and the index misses changes until it is rebuilt.
    pub fn is_stale(&self) -> bool {
        self.stale.load(Ordering::SeqCst)
    }

    /// Marks the index stale: whatever it commits from now on says so, so that no reopen takes it
    /// for up to date.
    fn mark_stale(&self, writer: &mut Writer) {
        self.stale.store(true, Ordering::SeqCst);
        writer.payload = Some(STALE.to_string());
        tracing::warn!("text index update failed; it is rebuilt before the next text search");
    }

    /// Commits what is pending, if anything.
    pub fn flush(&self) -> Result<()> {
        if !self.dirty.load(Ordering::SeqCst) {
            return Ok(());
        }
        let mut writer = self
            .writer
            .lock()
            .map_err(|_| internal("writer", "poisoned"))?;
        if writer.pending > 0 {
            if let Err(e) = self.commit(&mut writer) {
                self.mark_stale(&mut writer);
                return Err(e);
            }
        }
        Ok(())
    }

    /// Replaces the whole index with the episodes `fill` hands to the function it is given (tenant,
    /// episode), one at a time so that no copy of the corpus is held, and commits with `payload`.
    /// Returns how many were added; a success clears a stale mark.
    pub fn rebuild(
        &self,
        payload: Option<&str>,
        fill: impl FnOnce(&mut dyn FnMut(&str, TextDoc<'_>) -> Result<()>) -> Result<()>,
    ) -> Result<usize> {
        let mut writer = self
            .writer
            .lock()
            .map_err(|_| internal("writer", "poisoned"))?;
        writer
            .w
            .delete_all_documents()
            .map_err(|e| internal("clearing", e))?;
        let mut n = 0;
        let mut add = |tenant: &str, doc: TextDoc<'_>| -> Result<()> {
            writer
                .w
                .add_document(self.document(tenant, &doc))
                .map_err(|e| internal("adding an episode", e))?;
            n += 1;
            Ok(())
        };
        fill(&mut add)?;
        writer.payload = payload.map(str::to_string);
        self.commit(&mut writer)?;
        self.stale.store(false, Ordering::SeqCst);
        Ok(n)
    }

    fn document(&self, tenant: &str, d: &TextDoc<'_>) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_text(self.fields.key, format!("{tenant}{KEY_SEP}{}", d.id));
        doc.add_u64(self.fields.key_hash, crate::index::hash_key(d.id));
        doc.add_pre_tokenized_text(self.fields.text, self.tenant_tokens(tenant, d.text));
        if let Some(s) = d.speaker {
            doc.add_pre_tokenized_text(self.fields.speaker, self.tenant_tokens(tenant, s));
        }
        doc
    }

    /// `text` analyzed, each term prefixed with the tenant (`tenant KEY_SEP term`): a tenant's
    /// words are its own terms, so a query is a pure disjunction that tantivy can prune (block-max
    /// WAND) instead of an intersection with a term every document of the tenant holds, a louder
    /// tenant cannot take a quieter one's places, and document frequencies are per tenant.
    fn tenant_tokens(&self, tenant: &str, text: &str) -> PreTokenizedString {
        let tokens = mnemo_core::analysis::text_terms(text)
            .enumerate()
            .map(|(position, t)| Token {
                text: tenant_term(tenant, &t),
                position,
                ..Token::default()
            })
            .collect();
        PreTokenizedString {
            text: String::new(),
            tokens,
        }
    }

    fn commit(&self, writer: &mut Writer) -> Result<()> {
        let mut prepared = writer
            .w
            .prepare_commit()
            .map_err(|e| internal("preparing a commit", e))?;
        if let Some(p) = &writer.payload {
            prepared.set_payload(p);
        }
        prepared.commit().map_err(|e| internal("committing", e))?;
        writer.pending = 0;
        self.dirty.store(false, Ordering::SeqCst);
        merge_segments(&mut writer.w);
        self.reader
            .reload()
            .map_err(|e| internal("reloading its reader", e))
    }

    /// The number of segments a search reads (tests).
    #[cfg(test)]
    pub fn segments(&self) -> usize {
        self.reader.searcher().segment_readers().len()
    }

    /// Bytes of the committed index by part, summed over segments (in memory for an in-memory
    /// store, on disk for a durable one).
    pub fn space_usage(&self) -> Vec<(&'static str, usize)> {
        let Ok(usage) = self.reader.searcher().space_usage() else {
            return Vec::new();
        };
        let mut parts = [0usize; 5];
        for seg in usage.segments() {
            parts[0] += seg.termdict().total().get_bytes() as usize;
            parts[1] += seg.postings().total().get_bytes() as usize;
            parts[2] += seg.fast_fields().total().get_bytes() as usize;
            parts[3] += seg.fieldnorms().total().get_bytes() as usize;
            parts[4] += (seg.store().total().get_bytes() + seg.deletes().get_bytes()) as usize;
        }
        vec![
            ("text index: term dictionaries", parts[0]),
            ("text index: postings", parts[1]),
            ("text index: id column", parts[2]),
            ("text index: field norms", parts[3]),
            ("text index: store and deletes", parts[4]),
        ]
    }
}
