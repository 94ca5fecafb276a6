//! Searching the text index: the query analyzed like the text, each word a term of the tenant's
//! own, the words most of the tenant's episodes share left out when a rarer one matches, BM25 over
//! text and speaker, and the hits' episode ids read back from the id column. A search reads one
//! committed state of the index (a `Snapshot`), which can move to another thread: the store runs
//! the index's part there while the search's graph reads go on (`text_sync.rs`).

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, BoostQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocAddress, Term};

use mnemo_core::Result;

use super::{
    internal, tenant_term, Fields, TextHit, TextIndex, COMMON_SHARE, KEY_SEP, MAX_QUERY_TERMS,
};

/// One committed state of the index and what searching it needs; `Send` and `'static`.
pub(crate) struct Snapshot {
    searcher: tantivy::Searcher,
    fields: Fields,
}

/// The best hits of a search, best first as the index ranks them, before their ids are read: each
/// hit's score, address and id hash.
pub(crate) struct Top {
    hits: Vec<(f32, DocAddress, u64)>,
}

impl TextIndex {
    /// The index as last committed, pending changes committed first.
    pub(crate) fn snapshot(&self) -> Result<Snapshot> {
        self.flush()?;
        Ok(Snapshot {
            searcher: self.reader.searcher(),
            fields: self.fields,
        })
    }

    /// The distinct analyzed terms of `query`, in order of appearance, at most `MAX_QUERY_TERMS`.
    pub fn query_terms(&self, query: &str) -> Vec<String> {
        query_terms(query)
    }

    /// The tenant's episodes best matching `query` by BM25, best first, ties by id; at most
    /// `limit`. A query with no searchable word finds nothing. `tenant_docs` is how many episodes
    /// the tenant has. (The store searches through `snapshot`, `Snapshot::top` and
    /// `Snapshot::hits`, to run the middle step on another thread.)
    #[cfg(test)]
    pub fn search(
        &self,
        tenant: &str,
        query: &str,
        limit: usize,
        tenant_docs: u64,
        resolve: &Resolve<'_>,
    ) -> Result<Vec<TextHit>> {
        let snapshot = self.snapshot()?;
        let top = snapshot.top(tenant, query, limit, tenant_docs)?;
        snapshot.hits(tenant, top, limit, resolve)
    }

    /// For each of `names`, the tenant's episodes whose text holds every searchable word of it (none when
    /// it has no such word), best first by BM25 over the name's words and `query`'s, at most
    /// `limit` each. The name's postings bound the work however common the query's words are, and
    /// the query is analyzed once for all the names.
    pub fn search_naming(
        &self,
        tenant: &str,
        names: &[String],
        query: &str,
        limit: usize,
        tenant_docs: u64,
        resolve: &Resolve<'_>,
    ) -> Result<Vec<Vec<TextHit>>> {
        let required: Vec<Vec<String>> = names.iter().map(|n| self.query_terms(n)).collect();
        if limit == 0 || required.iter().all(Vec::is_empty) {
            return Ok(vec![Vec::new(); names.len()]);
        }
        let snapshot = self.snapshot()?;
        let terms = self.query_terms(query);
        let mut out = Vec::with_capacity(names.len());
        for req in &required {
            if req.is_empty() {
                out.push(Vec::new());
                continue;
            }
            let rest: Vec<String> = terms.iter().filter(|t| !req.contains(t)).cloned().collect();
            let mut words = snapshot.scored_words(tenant, &rest, tenant_docs);
            // Each word of the name, in the text.
            for t in req {
                let t = tenant_term(tenant, t);
                words.push((Occur::Must, term_query(snapshot.fields.text, &t)));
            }
            let top = snapshot.top_of(&BooleanQuery::new(words), limit)?;
            out.push(snapshot.hits(tenant, top, limit, resolve)?);
        }
        Ok(out)
    }
}

impl Snapshot {
    /// The index's part of `TextIndex::search`: the best hits of `query` with their id hashes.
    /// Reads no store state, so it can run on another thread.
    pub(crate) fn top(
        &self,
        tenant: &str,
        query: &str,
        limit: usize,
        tenant_docs: u64,
    ) -> Result<Top> {
        let terms = query_terms(query);
        if terms.is_empty() || limit == 0 {
            return Ok(Top { hits: Vec::new() });
        }
        let words = self.scored_words(tenant, &terms, tenant_docs);
        self.top_of(&BooleanQuery::new(words), limit)
    }

    /// The query's words as optional clauses over text and speaker. Words in more than a tenth of
    /// the tenant's episodes say little about which one is meant and cost the most to score (no
    /// pruning can skip them): they are left out when a rarer word of the query remains (1M
    /// facts: p95 4.3 -> 3.0 ms; LoCoMo-dev and MuSiQue-100 recall unchanged or better, see
    /// docs/retrieval.md).
    fn scored_words(
        &self,
        tenant: &str,
        terms: &[String],
        tenant_docs: u64,
    ) -> Vec<(Occur, Box<dyn Query>)> {
        let mut fields: Vec<(Field, String)> = terms
            .iter()
            .map(|t| tenant_term(tenant, t))
            .flat_map(|t| [self.fields.text, self.fields.speaker].map(|f| (f, t.clone())))
            .collect();
        let common = (COMMON_SHARE * tenant_docs as f64) as u64;
        let df = |f: Field, t: &str| {
            self.searcher
                .doc_freq(&Term::from_field_text(f, t))
                .unwrap_or(0)
        };
        let rare: Vec<(Field, String)> = fields
            .iter()
            .filter(|(f, t)| (1..=common).contains(&df(*f, t)))
            .cloned()
            .collect();
        if rare.iter().any(|(f, _)| *f == self.fields.text) {
            fields = rare;
        }
        // Each word's idf over the tenant's episodes, not the whole index's (see the boost).
        let all_docs = self.searcher.num_docs();
        fields
            .into_iter()
            .map(|(field, t)| {
                let d = df(field, &t);
                let boost = if (1..=common).contains(&d) {
                    mnemo_core::analysis::tenant_idf_boost(d, tenant_docs, all_docs) as f32
                } else {
                    1.0
                };
                let q = term_query(field, &t);
                let q: Box<dyn Query> = if (boost - 1.0).abs() < 1e-6 {
                    q
                } else {
                    Box::new(BoostQuery::new(q, boost))
                };
                (Occur::Should, q)
            })
            .collect()
    }

    /// The best `limit` hits of `query` (a few more, so that ties at the cut are settled by id,
    /// not by segment order) with their id hashes.
    fn top_of(&self, query: &BooleanQuery, limit: usize) -> Result<Top> {
        let mut top = self
            .searcher
            .search(query, &TopDocs::with_limit(limit + 8).order_by_score())
            .map_err(|e| internal("searching", e))?;
        // The columns are opened once per segment.
        top.sort_by_key(|(_, a)| (a.segment_ord, a.doc_id));
        let mut hits = Vec::with_capacity(top.len());
        let mut open: Option<(u32, tantivy::columnar::Column<u64>)> = None;
        for (score, addr) in top {
            if open.as_ref().is_none_or(|(s, _)| *s != addr.segment_ord) {
                let column = self
                    .searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .u64("key_hash")
                    .map_err(|e| internal("reading id hashes", e))?;
                open = Some((addr.segment_ord, column));
            }
            let Some((_, column)) = &open else { continue };
            hits.push((score, addr, column.first(addr.doc_id).unwrap_or(0)));
        }
        Ok(Top { hits })
    }

    /// The hits of `top` as (episode id, score), best first, ties by id, at most `limit`. Each
    /// hit's id comes from its hash through `resolve`, or, when the hash names no single
    /// episode, from the id column.
    pub(crate) fn hits(
        &self,
        tenant: &str,
        top: Top,
        limit: usize,
        resolve: &Resolve<'_>,
    ) -> Result<Vec<TextHit>> {
        let hashes: Vec<u64> = top.hits.iter().map(|(_, _, h)| *h).collect();
        let ids = resolve(&hashes);
        let prefix = format!("{tenant}{KEY_SEP}");
        let mut hits: Vec<TextHit> = Vec::with_capacity(top.hits.len());
        let mut key = String::new();
        let mut keys: Option<(u32, tantivy::columnar::StrColumn)> = None;
        for ((score, addr, _), id) in top.hits.into_iter().zip(ids) {
            if let Some(id) = id {
                hits.push((id, score));
                continue;
            }
            if keys.as_ref().is_none_or(|(s, _)| *s != addr.segment_ord) {
                let column = self
                    .searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .str("key")
                    .map_err(|e| internal("reading ids", e))?
                    .ok_or_else(|| internal("reading ids", "no id column"))?;
                keys = Some((addr.segment_ord, column));
            }
            let Some((_, column)) = &keys else { continue };
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

/// The distinct analyzed terms of `query`, in order of appearance, at most `MAX_QUERY_TERMS`.
fn query_terms(query: &str) -> Vec<String> {
    mnemo_core::analysis::query_terms(query, MAX_QUERY_TERMS)
}

fn term_query(field: Field, t: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(
        Term::from_field_text(field, t),
        IndexRecordOption::WithFreqs,
    ))
}

/// The episode ids of id hashes, in order: `Some` where exactly one of the tenant's episodes has
/// that hash (the store's episode index answers), `None` where the id column must say.
pub(crate) type Resolve<'a> = dyn Fn(&[u64]) -> Vec<Option<String>> + 'a;
