//! The full-text index over episode text (tantivy, BM25): a *derived* index, never the store of
//! record. It is updated after every committed change, and rebuilt from the episodes whenever it
//! cannot be shown to match them: on first open, after a crash between the redb commit and the
//! index commit, or when it is damaged. A durable store proves the match with a generation number
//! (`text_gen` in redb's meta table, bumped in the same transaction as any episode change) that
//! the index commits as its payload.
//!
//! Changes are committed lazily: before the next search reads the index, when many are pending, and
//! when the store is dropped. A commit per write cost ~4 ms (1,890 passage writes: 12 s instead of
//! ~5); a crash before a commit is caught on open like any other lag.
//!
//! Analysis: words of letters and digits, lower-cased, accents folded, English stop words removed,
//! English (Snowball) stemming; the same analyzer runs over the query, whose text never reaches a
//! query parser (no syntax, so no injection: only terms).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use mnemo_core::{Error, Result};
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, STRING,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, PreTokenizedString, RemoveLongFilter,
    SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer, Token, TokenStream,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use mnemo_core::STOP_WORDS;

/// The analyzer's name in the index's tokenizer manager.
const ANALYZER: &str = "mnemo_en";
/// Indexing memory of the writer (tantivy's minimum; episodes are short and commits frequent).
const WRITER_BYTES: usize = 15_000_000;
/// Distinct query terms used at most: a 10 kB query must not become a 2,000-clause query.
pub const MAX_QUERY_TERMS: usize = 64;
/// Share of a tenant's episodes above which a query word is left out when a rarer one remains.
const COMMON_SHARE: f64 = 0.1;
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

struct Fields {
    /// `tenant KEY_SEP id`: deletes by term, and the id read back from the fast field.
    key: Field,
    text: Field,
    /// Who said it: a query naming the speaker prefers their turns.
    speaker: Field,
}

pub(crate) struct TextIndex {
    reader: IndexReader,
    writer: Mutex<Writer>,
    /// Changes are waiting for a commit (checked without the lock on every search).
    dirty: AtomicBool,
    fields: Fields,
    analyzer: TextAnalyzer,
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

impl Drop for TextIndex {
    fn drop(&mut self) {
        // A store closed cleanly leaves an index that needs no rebuild on the next open.
        if let Err(e) = self.flush() {
            tracing::warn!(error = %e, "committing the text index on close failed; it is rebuilt on the next open");
        }
    }
}

impl std::fmt::Debug for TextIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextIndex").finish_non_exhaustive()
    }
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(StopWordFilter::remove(
            STOP_WORDS.iter().map(|w| w.to_string()),
        ))
        .filter(Stemmer::new(Language::English))
        .build()
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let key = b.add_text_field("key", STRING | FAST);
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
    (b.build(), Fields { key, text, speaker })
}

fn internal(what: &str, e: impl std::fmt::Display) -> Error {
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
            fields,
            analyzer: analyzer(),
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
        if removed.is_empty() && added.is_empty() {
            return Ok(());
        }
        let mut writer = self
            .writer
            .lock()
            .map_err(|_| internal("writer", "poisoned"))?;
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
            self.commit(&mut writer)?;
        }
        Ok(())
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
            self.commit(&mut writer)?;
        }
        Ok(())
    }

    /// Replaces the whole index with `episodes` (tenant, id, text) and commits with `payload`.
    pub fn rebuild<'a>(
        &self,
        episodes: impl IntoIterator<Item = (&'a str, TextDoc<'a>)>,
        payload: Option<&str>,
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
        for (tenant, doc) in episodes {
            writer
                .w
                .add_document(self.document(tenant, &doc))
                .map_err(|e| internal("adding an episode", e))?;
            n += 1;
        }
        writer.payload = payload.map(str::to_string);
        self.commit(&mut writer)?;
        Ok(n)
    }
    fn document(&self, tenant: &str, d: &TextDoc<'_>) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_text(self.fields.key, format!("{tenant}{KEY_SEP}{}", d.id));
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
        let mut analyzer = self.analyzer.clone();
        let mut stream = analyzer.token_stream(text);
        let mut tokens = Vec::new();
        while stream.advance() {
            let t = stream.token();
            tokens.push(Token {
                text: tenant_term(tenant, &t.text),
                ..t.clone()
            });
        }
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
        self.reader
            .reload()
            .map_err(|e| internal("reloading its reader", e))
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

    /// The distinct analyzed terms of `query`, in order of appearance, at most `MAX_QUERY_TERMS`.
    pub fn query_terms(&self, query: &str) -> Vec<String> {
        let mut analyzer = self.analyzer.clone();
        let mut stream = analyzer.token_stream(query);
        let mut terms: Vec<String> = Vec::new();
        while stream.advance() {
            let t = &stream.token().text;
            if !t.is_empty() && !terms.iter().any(|x| x == t) {
                terms.push(t.clone());
                if terms.len() == MAX_QUERY_TERMS {
                    break;
                }
            }
        }
        terms
    }

    /// The tenant's episodes best matching `query` by BM25, best first, ties by id; at most
    /// `limit`. A query with no searchable word finds nothing. `tenant_docs` is how many episodes
    /// the tenant has.
    pub fn search(
        &self,
        tenant: &str,
        query: &str,
        limit: usize,
        tenant_docs: u64,
    ) -> Result<Vec<TextHit>> {
        let terms = self.query_terms(query);
        if terms.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        self.flush()?;
        let searcher = self.reader.searcher();
        let mut fields: Vec<(Field, String)> = terms
            .iter()
            .map(|t| tenant_term(tenant, t))
            .flat_map(|t| [self.fields.text, self.fields.speaker].map(|f| (f, t.clone())))
            .collect();
        // Words in more than a tenth of the tenant's episodes say little about which one is meant
        // and cost the most to score (no pruning can skip them): they are left out when a rarer
        // word of the query remains (1M facts: p95 4.3 -> 3.0 ms; LoCoMo-dev and MuSiQue-100
        // recall unchanged or better, see docs/retrieval.md).
        let common = (COMMON_SHARE * tenant_docs as f64) as u64;
        let df = |f: Field, t: &str| searcher.doc_freq(&Term::from_field_text(f, t)).unwrap_or(0);
        let rare: Vec<(Field, String)> = fields
            .iter()
            .filter(|(f, t)| (1..=common).contains(&df(*f, t)))
            .cloned()
            .collect();
        if rare.iter().any(|(f, _)| *f == self.fields.text) {
            fields = rare;
        }
        let words: Vec<(Occur, Box<dyn Query>)> = fields
            .into_iter()
            .map(|(field, t)| {
                let q: Box<dyn Query> = Box::new(TermQuery::new(
                    Term::from_field_text(field, &t),
                    IndexRecordOption::WithFreqs,
                ));
                (Occur::Should, q)
            })
            .collect();
        let query = BooleanQuery::new(words);
        // A few more than asked, so that ties at the cut are settled by id, not by segment order.
        let top = searcher
            .search(&query, &TopDocs::with_limit(limit + 8).order_by_score())
            .map_err(|e| internal("searching", e))?;
        let prefix = format!("{tenant}{KEY_SEP}");
        let mut hits: Vec<TextHit> = Vec::with_capacity(top.len());
        let mut key = String::new();
        // The id column is opened once per segment.
        let mut top = top;
        top.sort_by_key(|(_, a)| (a.segment_ord, a.doc_id));
        let mut open: Option<(u32, tantivy::columnar::StrColumn)> = None;
        for (score, addr) in top {
            if open.as_ref().is_none_or(|(s, _)| *s != addr.segment_ord) {
                let column = searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .str("key")
                    .map_err(|e| internal("reading ids", e))?
                    .ok_or_else(|| internal("reading ids", "no id column"))?;
                open = Some((addr.segment_ord, column));
            }
            let Some((_, column)) = &open else { continue };
            let Some(ord) = column.term_ords(addr.doc_id).next() else {
                continue;
            };
            key.clear();
            column
                .ord_to_str(ord, &mut key)
                .map_err(|e| internal("reading ids", e))?;
            if let Some(id) = key.strip_prefix(&prefix) {
                hits.push((id.to_string(), score));
            }
        }
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        hits.truncate(limit);
        Ok(hits)
    }
}
