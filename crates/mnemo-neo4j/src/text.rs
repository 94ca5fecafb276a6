//! Full-text search over episode text: a Neo4j full-text index (Lucene, whitespace analyzer) on
//! `:Episode(terms, speaker_terms)`, two properties derived from the text and the speaker when an
//! episode is written: their terms as `mnemo_core::analysis` makes them (the embedded store's
//! analysis), each behind the tenant's prefix. A tenant's words are its own Lucene terms, so
//! document frequencies are the tenant's: a word that another tenant uses everywhere weighs in
//! this one's ranking as much as it does in this one's texts (with the shared `english` analyzer
//! and one index-wide statistic, a co-tenant holding MuSiQue passages took LoCoMo-dev's lexical
//! Recall@5 from 0.537 to 0.491). A query is a plain disjunction of the tenant's terms, which
//! Lucene prunes (block-max WAND), and a louder tenant never takes a quieter one's places. The
//! user's text never reaches Lucene's query syntax: every term is letters and digits, quoted. The
//! searches themselves are in `text_search.rs`.

use mnemo_core::analysis::{query_terms, text_terms, ANALYSIS_VERSION};
use mnemo_core::{content_hash, Result, Tenant};
use neo4rs::{query, Graph};

use crate::db::{column, list, map, read_rows};
use crate::error::map_err;

/// Name of the full-text index over episode terms.
pub(crate) const TEXT_INDEX: &str = "mnemo_episode_terms";

/// Distinct query terms used at most (Lucene's clause limit is 1,024; a 10 kB query must not
/// come near it; the embedded store's limit).
pub(crate) const MAX_QUERY_WORDS: usize = 64;

/// The index, created with the schema. Not eventually consistent: a committed episode is found at
/// once, as the embedded store's is. The whitespace analyzer keeps each stored term whole.
pub(crate) const TEXT_SCHEMA: &str = "CREATE FULLTEXT INDEX mnemo_episode_terms IF NOT EXISTS \
     FOR (ep:Episode) ON EACH [ep.terms, ep.speaker_terms] \
     OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}";

/// The earlier forms of the index (Lucene's `english` analyzer over the text itself), replaced by
/// `TEXT_SCHEMA`; `mnemo migrate` gives older episodes their terms.
pub(crate) const DROP_OLD_TEXT_INDEXES: [&str; 3] = [
    "DROP INDEX mnemo_episode_text IF EXISTS",
    "DROP INDEX mnemo_episode_words IF EXISTS",
    "DROP INDEX mnemo_episode_search IF EXISTS",
];

/// The names of `DROP_OLD_TEXT_INDEXES`' indexes.
pub(crate) const OLD_TEXT_INDEX_NAMES: [&str; 3] = [
    "mnemo_episode_text",
    "mnemo_episode_words",
    "mnemo_episode_search",
];

/// Which of `$names` exist: found on connect, before they are dropped, they say the database
/// holds episodes an older version wrote, which text search does not find until `mnemo migrate`.
pub(crate) const OLD_TEXT_INDEXES_FOUND: &str =
    "SHOW INDEXES YIELD name WHERE name IN $names RETURN collect(name) AS names";

/// The tenant's prefix of its terms: 10 hex digits of a hash of its id. Two tenants that shared
/// one would share statistics, never hits (every search checks `tenant` exactly).
pub(crate) fn tenant_prefix(tenant: &str) -> String {
    content_hash(tenant)[..10].to_string()
}

/// The indexed terms of `text` (an episode's text or speaker) for the tenant of `prefix`, joined
/// by spaces, or None when it has none (the property is then left out).
pub(crate) fn episode_terms(prefix: &str, text: Option<&str>) -> Option<String> {
    let mut out = String::new();
    for t in text_terms(text?) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(prefix);
        out.push_str(&t);
    }
    (!out.is_empty()).then_some(out)
}

/// What the store writes as an episode's `terms` for `text` in `tenant`'s text index (None: the
/// property is left out): for benchmarks that write the same data model by hand.
pub fn indexed_terms(tenant: &Tenant, text: &str) -> Option<String> {
    episode_terms(&tenant_prefix(tenant.as_str()), Some(text))
}

/// The searchable terms of a query, each once in order of appearance, at most `MAX_QUERY_WORDS`.
pub(crate) fn query_words(text: &str) -> Vec<String> {
    query_terms(text, MAX_QUERY_WORDS)
}

/// The fields a query word is looked for in, as the embedded store's: the text and the speaker.
pub(crate) const FIELDS: [&str; 2] = ["terms", "speaker_terms"];

/// A query word in one field: `t` the word, `f` the field, `q` the Lucene clause finding it
/// (a quoted term behind the tenant's prefix). The searches count each probe's documents to leave
/// out common words, then join the kept clauses with OR (`text_search.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Probe {
    pub t: String,
    pub f: &'static str,
    pub q: String,
}

impl Probe {
    pub(crate) fn to_bolt(&self) -> neo4rs::BoltType {
        map([
            ("t", self.t.as_str().into()),
            ("f", self.f.into()),
            ("q", self.q.as_str().into()),
        ])
    }
}

/// The probes of `words` (analyzed terms) for the tenant: each word in the text, then in the
/// speaker, word by word.
pub(crate) fn probes(tenant: &str, words: &[String]) -> Vec<Probe> {
    let prefix = tenant_prefix(tenant);
    words
        .iter()
        .flat_map(|w| {
            FIELDS.map(|f| Probe {
                t: w.clone(),
                f,
                q: format!("{f}:{}", quoted(&prefix, w)),
            })
        })
        .collect()
}

/// The Lucene clauses requiring every term of `required` (a name's terms) in the tenant's text,
/// or None when nothing is required.
pub(crate) fn required_query(tenant: &str, required: &[String]) -> Option<String> {
    if required.is_empty() {
        return None;
    }
    let prefix = tenant_prefix(tenant);
    let q: Vec<String> = required
        .iter()
        .map(|t| format!("+terms:{}", quoted(&prefix, t)))
        .collect();
    Some(q.join(" "))
}

/// `word` behind the tenant's prefix, as a quoted term. Terms are letters and digits only; the
/// filter is a second guard that no quote or backslash ends the term early.
fn quoted(prefix: &str, word: &str) -> String {
    format!("\"{prefix}{}\"", word.replace(['\\', '"'], ""))
}

/// Tenants with episodes whose terms another analysis made (an older mnemo's: text search misses
/// those episodes for a query word the analyses treat differently until `mnemo migrate`), at most
/// `$limit` of them. Two range seeks on `mnemo_episode_analysis` (no assumption on how versions
/// sort), each bounded; episodes with no terms at all predate the analysis and are announced by
/// `OLD_TEXT_INDEXES_FOUND` instead.
pub(crate) const OLDER_ANALYSIS_TENANTS: &str = "\
CALL () {
  MATCH (ep:Episode) WHERE ep.analysis < $analysis RETURN ep.tenant AS tenant LIMIT 10000
  UNION
  MATCH (ep:Episode) WHERE ep.analysis > $analysis RETURN ep.tenant AS tenant LIMIT 10000
}
RETURN collect(DISTINCT tenant)[..$limit] AS tenants";

/// Episodes whose terms were made by another analysis or not at all (written before the text
/// index existed, or by an earlier version), a page at a time.
pub(crate) const BACKFILL_PAGE: &str = "\
MATCH (ep:Episode) WHERE ep.tenant = $tenant AND coalesce(ep.analysis, '') <> $analysis
RETURN ep.id AS id, ep.content AS content, ep.speaker AS speaker LIMIT $page";

/// Gives one page of those episodes what the text index and the neighbour reads use: `terms`,
/// `speaker_terms` and `analysis` (computed in Rust, as writes do), and `thread`; removes what
/// earlier versions indexed instead.
pub(crate) const BACKFILL_SET: &str = "\
UNWIND $rows AS row
MATCH (ep:Episode {tenant: $tenant, id: row.id})
SET ep.terms = row.terms, ep.speaker_terms = row.speaker_terms, ep.analysis = $analysis,
  ep.tenant_term = null, ep.folded = null, ep.folded_speaker = null,
  ep.thread = CASE WHEN ep.session IS NOT NULL THEN 's:' + ep.session
    WHEN ep.document_id IS NOT NULL THEN 'd:' + ep.document_id
    WHEN ep.speaker IS NOT NULL THEN '' ELSE null END";

/// Browser captions (`name`) of the tenant's episodes and documents written before they were set:
/// the first characters of the text, the file name. Idempotent.
pub(crate) const BACKFILL_CAPTIONS: [&str; 2] = [
    "MATCH (ep:Episode) WHERE ep.tenant = $tenant AND ep.name IS NULL \
     CALL (ep) { SET ep.name = left(ep.content, 32) } IN TRANSACTIONS OF 10000 ROWS",
    "MATCH (d:Document) WHERE d.tenant = $tenant AND d.name IS NULL \
     CALL (d) { SET d.name = last(split(replace(d.source, '\\\\', '/'), '/')) } \
     IN TRANSACTIONS OF 10000 ROWS",
];

/// Episodes backfilled per transaction.
const BACKFILL_PAGE_SIZE: i64 = 5_000;

/// Gives the tenant's episodes that lack them (written before the text index and neighbour reads
/// existed, or by an earlier analysis) their terms and `thread`, one committed page at a time;
/// `mnemo migrate` runs it. Idempotent, and resumable after an interruption.
pub(crate) async fn backfill(graph: &Graph, t: &Tenant) -> Result<()> {
    for stmt in BACKFILL_CAPTIONS {
        graph
            .run(query(stmt).param("tenant", t.as_str()))
            .await
            .map_err(map_err)?;
    }
    loop {
        let page = read_rows(
            graph,
            query(BACKFILL_PAGE)
                .param("tenant", t.as_str())
                .param("page", BACKFILL_PAGE_SIZE)
                .param("analysis", ANALYSIS_VERSION),
        )
        .await?;
        if page.is_empty() {
            return Ok(());
        }
        let prefix = tenant_prefix(t.as_str());
        let mut rows = Vec::with_capacity(page.len());
        for row in page {
            let id: String = column(&row, "id")?;
            let content: Option<String> = column(&row, "content")?;
            let speaker: Option<String> = column(&row, "speaker")?;
            rows.push(map([
                ("id", id.into()),
                ("terms", episode_terms(&prefix, content.as_deref()).into()),
                (
                    "speaker_terms",
                    episode_terms(&prefix, speaker.as_deref()).into(),
                ),
            ]));
        }
        graph
            .run(
                query(BACKFILL_SET)
                    .param("tenant", t.as_str())
                    .param("analysis", ANALYSIS_VERSION)
                    .param("rows", list(rows)),
            )
            .await
            .map_err(map_err)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn the_old_index_names_are_the_dropped_ones() {
        for (drop, name) in DROP_OLD_TEXT_INDEXES.iter().zip(OLD_TEXT_INDEX_NAMES) {
            assert_eq!(*drop, format!("DROP INDEX {name} IF EXISTS"));
        }
    }

    #[test]
    fn query_words_are_the_shared_analysis_terms() {
        assert_eq!(
            query_words("What did Zoë say about \"cafés\" AND (tea)^2 || OR:x?"),
            vec!["zoe", "say", "cafe", "tea", "2", "x"]
        );
        assert!(query_words("+-&&||!(){}[]^\"~*?:\\/").is_empty());
        assert_eq!(query_words(&"word ".repeat(5000)), vec!["word"]);
        let many: String = (0..500).map(|i| format!("w{i} ")).collect();
        assert_eq!(query_words(&many).len(), MAX_QUERY_WORDS);
    }

    #[test]
    fn episode_terms_carry_the_tenant_prefix() {
        let p = tenant_prefix("acme");
        assert_eq!(p.len(), 10);
        assert!(p.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(p, tenant_prefix("acme2"));
        assert_eq!(
            episode_terms(&p, Some("The cats, the CATS!")),
            Some(format!("{p}cat {p}cat"))
        );
        assert_eq!(episode_terms(&p, Some("the of and")), None);
        assert_eq!(episode_terms(&p, None), None);
    }

    #[test]
    fn probes_quote_every_term_behind_the_prefix_in_both_fields() {
        let p = tenant_prefix("acme");
        let got = probes("acme", &w(&["tea", "2"]));
        let want: Vec<(&str, &str, String)> = vec![
            ("tea", "terms", format!("terms:\"{p}tea\"")),
            ("tea", "speaker_terms", format!("speaker_terms:\"{p}tea\"")),
            ("2", "terms", format!("terms:\"{p}2\"")),
            ("2", "speaker_terms", format!("speaker_terms:\"{p}2\"")),
        ];
        let got: Vec<(&str, &str, String)> = got
            .iter()
            .map(|x| (x.t.as_str(), x.f, x.q.clone()))
            .collect();
        assert_eq!(got, want);
        assert!(probes("acme", &[]).is_empty());
        // A stray quote or backslash never closes a term early.
        let q = &probes("acme", &w(&["a\"b\\"]))[0].q;
        assert_eq!(q, &format!("terms:\"{p}ab\""));
    }

    #[test]
    fn a_name_is_required_term_by_term_in_the_text() {
        let p = tenant_prefix("acme");
        assert_eq!(
            required_query("acme", &w(&["zoe", "ward"])).expect("a name"),
            format!("+terms:\"{p}zoe\" +terms:\"{p}ward\"")
        );
        assert!(required_query("acme", &[]).is_none());
    }
}
