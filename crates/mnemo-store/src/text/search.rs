//! Searching the text index: the query analyzed like the text, each word a term of the tenant's
//! own, the words most of the tenant's episodes share left out when a rarer one matches, BM25 over
//! text and speaker, and the hits' episode ids read back from the id column.

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::TokenStream;
use tantivy::Term;

use mnemo_core::Result;

use super::{internal, tenant_term, TextHit, TextIndex, COMMON_SHARE, KEY_SEP, MAX_QUERY_TERMS};

impl TextIndex {
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
        resolve: &Resolve<'_>,
    ) -> Result<Vec<TextHit>> {
        let terms = self.query_terms(query);
        if terms.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        self.flush()?;
        let searcher = self.reader.searcher();
        let words = self.scored_words(&searcher, tenant, &terms, tenant_docs);
        top_hits(&searcher, tenant, &BooleanQuery::new(words), limit, resolve)
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
        self.flush()?;
        let searcher = self.reader.searcher();
        let terms = self.query_terms(query);
        let mut out = Vec::with_capacity(names.len());
        for req in &required {
            if req.is_empty() {
                out.push(Vec::new());
                continue;
            }
            let rest: Vec<String> = terms.iter().filter(|t| !req.contains(t)).cloned().collect();
            let mut words = self.scored_words(&searcher, tenant, &rest, tenant_docs);
            // Each word of the name, in the text.
            for t in req {
                let t = tenant_term(tenant, t);
                words.push((Occur::Must, term_query(self.fields.text, &t)));
            }
            out.push(top_hits(
                &searcher,
                tenant,
                &BooleanQuery::new(words),
                limit,
                resolve,
            )?);
        }
        Ok(out)
    }

    /// The query's words as optional clauses over text and speaker. Words in more than a tenth of
    /// the tenant's episodes say little about which one is meant and cost the most to score (no
    /// pruning can skip them): they are left out when a rarer word of the query remains (1M
    /// facts: p95 4.3 -> 3.0 ms; LoCoMo-dev and MuSiQue-100 recall unchanged or better, see
    /// docs/retrieval.md).
    fn scored_words(
        &self,
        searcher: &tantivy::Searcher,
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
        let df = |f: Field, t: &str| searcher.doc_freq(&Term::from_field_text(f, t)).unwrap_or(0);
        let rare: Vec<(Field, String)> = fields
            .iter()
            .filter(|(f, t)| (1..=common).contains(&df(*f, t)))
            .cloned()
            .collect();
        if rare.iter().any(|(f, _)| *f == self.fields.text) {
            fields = rare;
        }
        fields
            .into_iter()
            .map(|(field, t)| (Occur::Should, term_query(field, &t)))
            .collect()
    }
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

/// The best `limit` hits of `query`, ties by episode id. Each hit's id comes from its hash through
/// `resolve`, or, when the hash names no single episode, from the id column.
fn top_hits(
    searcher: &tantivy::Searcher,
    tenant: &str,
    query: &BooleanQuery,
    limit: usize,
    resolve: &Resolve<'_>,
) -> Result<Vec<TextHit>> {
    // A few more than asked, so that ties at the cut are settled by id, not by segment order.
    let mut top = searcher
        .search(query, &TopDocs::with_limit(limit + 8).order_by_score())
        .map_err(|e| internal("searching", e))?;
    // The columns are opened once per segment.
    top.sort_by_key(|(_, a)| (a.segment_ord, a.doc_id));
    let mut hashes: Vec<u64> = Vec::with_capacity(top.len());
    let mut open: Option<(u32, tantivy::columnar::Column<u64>)> = None;
    for (_, addr) in &top {
        if open.as_ref().is_none_or(|(s, _)| *s != addr.segment_ord) {
            let column = searcher
                .segment_reader(addr.segment_ord)
                .fast_fields()
                .u64("key_hash")
                .map_err(|e| internal("reading id hashes", e))?;
            open = Some((addr.segment_ord, column));
        }
        let Some((_, column)) = &open else { continue };
        hashes.push(column.first(addr.doc_id).unwrap_or(0));
    }
    let ids = resolve(&hashes);
    let prefix = format!("{tenant}{KEY_SEP}");
    let mut hits: Vec<TextHit> = Vec::with_capacity(top.len());
    let mut key = String::new();
    let mut keys: Option<(u32, tantivy::columnar::StrColumn)> = None;
    for ((score, addr), id) in top.into_iter().zip(ids) {
        if let Some(id) = id {
            hits.push((id, score));
            continue;
        }
        if keys.as_ref().is_none_or(|(s, _)| *s != addr.segment_ord) {
            let column = searcher
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
