//! Full-text search over episode text: a Neo4j full-text index (Lucene, English analyzer:
//! stemming and stop words) on `:Episode(tenant_term, content, speaker, folded, folded_speaker)`. `tenant_term` is
//! one opaque token per tenant (a hash of the tenant id) that the analyzer keeps whole, required
//! with no weight (`^0`), so the Lucene query itself holds only the tenant's episodes and their
//! scores are the words' alone: a louder tenant never takes a quieter one's places, and the
//! statement still checks `tenant` exactly. `folded` and `folded_speaker` hold the text and speaker with accents
//! removed, for episodes that have any, so "Zoe" finds "Zoë" as the embedded store does. The
//! user's text never reaches Lucene's query syntax: it is cut into words of letters and digits,
//! each sent as a quoted term. The searches themselves are in `text_search.rs`.

use mnemo_core::{content_hash, Result, Tenant, STOP_WORDS};
use neo4rs::{query, Graph};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

use crate::db::{column, list, map, read_rows};
use crate::error::map_err;

/// Name of the full-text index over episode text.
pub(crate) const TEXT_INDEX: &str = "mnemo_episode_search";

/// Distinct query words used at most (Lucene's clause limit is 1,024; a 10 kB query must not
/// come near it).
pub(crate) const MAX_QUERY_WORDS: usize = 64;

/// The index, created with the schema. Not eventually consistent: a committed episode is found at
/// once, as the embedded store's is.
pub(crate) const TEXT_SCHEMA: &str = "CREATE FULLTEXT INDEX mnemo_episode_search IF NOT EXISTS \
     FOR (ep:Episode) ON EACH [ep.tenant_term, ep.content, ep.speaker, ep.folded, ep.folded_speaker] \
     OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}}";

/// The earlier forms of the index (without the accent-free copies), replaced by `TEXT_SCHEMA`.
pub(crate) const DROP_OLD_TEXT_INDEXES: [&str; 2] = [
    "DROP INDEX mnemo_episode_text IF EXISTS",
    "DROP INDEX mnemo_episode_words IF EXISTS",
];

/// `text` with accents removed, lower-cased.
fn fold(text: &str) -> String {
    text.to_lowercase()
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .collect()
}

/// `text` without accents, or None when removing them changes nothing (most text: the property
/// is then left out). The episode's `folded` is its text's, `folded_speaker` its speaker's.
pub(crate) fn folded(text: Option<&str>) -> Option<String> {
    text.filter(|t| !t.is_ascii()).map(fold)
}

/// The tenant's token in the text index: letters and digits only, ending in a digit so that no
/// stemmer rule changes it.
pub(crate) fn tenant_term(tenant: &str) -> String {
    format!("t{}0", &content_hash(tenant)[..24])
}

/// The searchable words of a query, lower-cased, stop words left out, each once in order of
/// appearance; a word with accents comes with its folded form too (the index keeps accents).
pub(crate) fn query_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for raw in text.split(|c: char| !c.is_alphanumeric()) {
        if raw.is_empty() || raw.chars().count() > 40 {
            continue;
        }
        let lower = raw.to_lowercase();
        if STOP_WORDS.binary_search(&lower.as_str()).is_ok() {
            continue;
        }
        let folded = fold(&lower);
        for w in [lower, folded] {
            if !w.is_empty() && !words.contains(&w) && words.len() < MAX_QUERY_WORDS {
                words.push(w);
            }
        }
    }
    words
}

/// The Lucene query for `words` in the tenant's episodes, or None without words. Every word is a
/// quoted term of letters and digits only: nothing in it can be an operator.
pub(crate) fn lucene_query(tenant: &str, words: &[String]) -> Option<String> {
    if words.is_empty() {
        return None;
    }
    Some(format!(
        "tenant_term:\"{}\"^0 AND {}",
        tenant_term(tenant),
        any_field(words)
    ))
}

/// The Lucene query for episodes whose text holds one word of each of `required` (a name's words,
/// each with its folded form), scored by those and `words`; None when nothing is required.
pub(crate) fn lucene_query_naming(
    tenant: &str,
    required: &[Vec<String>],
    words: &[String],
) -> Option<String> {
    if required.is_empty() {
        return None;
    }
    let mut q = format!("+tenant_term:\"{}\"^0", tenant_term(tenant));
    for group in required {
        let terms = quoted(group);
        q.push_str(&format!(" +(content:({terms}) OR folded:({terms}))"));
    }
    let words: Vec<String> = words
        .iter()
        .filter(|w| !required.iter().any(|g| g.contains(w)))
        .cloned()
        .collect();
    if !words.is_empty() {
        q.push(' ');
        q.push_str(&any_field(&words));
    }
    Some(q)
}

/// The Lucene query for `words` in every tenant's episodes (the open search of
/// `text_search::text_hits_cypher`, whose hits are then checked against the tenant), or None
/// without words.
pub(crate) fn open_query(words: &[String]) -> Option<String> {
    (!words.is_empty()).then(|| any_field(words))
}

/// Any of `words` in the text, the speaker or the accent-free copy.
fn any_field(words: &[String]) -> String {
    let terms = quoted(words);
    format!(
        "(content:({terms}) OR speaker:({terms}) OR folded:({terms}) OR folded_speaker:({terms}))"
    )
}

/// `words` as quoted terms joined by OR.
fn quoted(words: &[String]) -> String {
    let terms: Vec<String> = words
        .iter()
        .map(|w| format!("\"{}\"", w.replace(['\\', '"'], "")))
        .collect();
    terms.join(" OR ")
}

/// Episodes written before the text index existed (no `tenant_term`), a page at a time.
pub(crate) const BACKFILL_PAGE: &str = "\
MATCH (ep:Episode) WHERE ep.tenant = $tenant AND ep.tenant_term IS NULL
RETURN ep.id AS id, ep.content AS content, ep.speaker AS speaker LIMIT $page";

/// Gives one page of those episodes what the text index and the neighbour reads use:
/// `tenant_term`, `thread`, `folded` and `folded_speaker` (computed in Rust, as writes do).
pub(crate) const BACKFILL_SET: &str = "\
UNWIND $rows AS row
MATCH (ep:Episode {tenant: $tenant, id: row.id})
SET ep.tenant_term = $term, ep.folded = row.folded, ep.folded_speaker = row.folded_speaker,
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

/// Sets `tenant_term`, `thread` and the accent-free copies on the tenant's episodes that lack them (written
/// before the text index and neighbour reads existed), one committed page at a time; `mnemo
/// migrate` runs it. Idempotent, and resumable after an interruption.
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
                .param("page", BACKFILL_PAGE_SIZE),
        )
        .await?;
        if page.is_empty() {
            return Ok(());
        }
        let mut rows = Vec::with_capacity(page.len());
        for row in page {
            let id: String = column(&row, "id")?;
            let content: Option<String> = column(&row, "content")?;
            let speaker: Option<String> = column(&row, "speaker")?;
            rows.push(map([
                ("id", id.into()),
                ("folded", folded(content.as_deref()).into()),
                ("folded_speaker", folded(speaker.as_deref()).into()),
            ]));
        }
        graph
            .run(
                query(BACKFILL_SET)
                    .param("tenant", t.as_str())
                    .param("term", tenant_term(t.as_str()))
                    .param("rows", list(rows)),
            )
            .await
            .map_err(map_err)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_words_drop_syntax_and_stop_words() {
        assert_eq!(
            query_words("What did Zoë say about \"café\" AND (tea)^2 || OR:x?"),
            vec!["zoë", "zoe", "say", "café", "cafe", "tea", "2", "x"]
        );
        assert!(query_words("+-&&||!(){}[]^\"~*?:\\/").is_empty());
        assert_eq!(query_words(&"word ".repeat(5000)), vec!["word"]);
        let many: String = (0..500).map(|i| format!("w{i} ")).collect();
        assert_eq!(query_words(&many).len(), MAX_QUERY_WORDS);
    }

    #[test]
    fn lucene_query_quotes_every_word_and_names_the_tenant_term() {
        let q = lucene_query("acme", &["tea".into(), "2".into()]).expect("words");
        assert_eq!(
            q,
            format!(
                "tenant_term:\"{}\"^0 AND (content:(\"tea\" OR \"2\") OR speaker:(\"tea\" OR \"2\") OR folded:(\"tea\" OR \"2\") OR folded_speaker:(\"tea\" OR \"2\"))",
                tenant_term("acme")
            )
        );
        assert!(lucene_query("acme", &[]).is_none());
        assert_eq!(
            Some(q.split_once(" AND ").expect("a conjunction").1.to_string()),
            open_query(&["tea".into(), "2".into()]),
            "the open query is the tenant-bound one without the tenant term"
        );
        assert!(open_query(&[]).is_none());
        let t = tenant_term("acme");
        assert!(t.chars().all(|c| c.is_ascii_alphanumeric()) && t.ends_with('0'));
        assert_ne!(tenant_term("acme"), tenant_term("acme2"));
    }

    #[test]
    fn a_name_is_required_word_by_word_and_the_query_only_scores() {
        let w = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let q = lucene_query_naming(
            "acme",
            &[w(&["zoë", "zoe"]), w(&["ward"])],
            &w(&["tea", "ward"]),
        )
        .expect("a name");
        let any = |t: &str| {
            format!("(content:({t}) OR speaker:({t}) OR folded:({t}) OR folded_speaker:({t}))")
        };
        let text = |t: &str| format!("(content:({t}) OR folded:({t}))");
        assert_eq!(
            q,
            format!(
                "+tenant_term:\"{}\"^0 +{} +{} {}",
                tenant_term("acme"),
                text("\"zoë\" OR \"zoe\""),
                text("\"ward\""),
                any("\"tea\"")
            )
        );
        assert!(lucene_query_naming("acme", &[], &w(&["tea"])).is_none());
    }
}
