//! `mnemo-bench recall`: ingests a corpus of passages into an in-memory embedded store with the rule
//! extractor, runs every question through `mnemo_memory::search`, and reports supporting-passage
//! Recall@2/@5 (passages ranked by the provenance of the context's facts and snippets),
//! answer-in-context at the token budget and tokens per query, beside a plain BM25 baseline.

pub(crate) mod bm25;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use chrono::{TimeZone, Utc};
use mnemo_core::{
    canonical_key, content_hash, Document, EntityInput, EntityType, Episode, EpisodeKind,
    EpisodeWrite, GraphStore, Tenant, Timestamp, WriteBatch,
};
use mnemo_extract::{chunk_text, ChunkConfig, ExtractContext, RuleExtractor};
use mnemo_memory::{search, SearchConfig};
use serde::{Deserialize, Serialize};

use crate::quality_store::QualityStore;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Data set folder with corpus.jsonl and questions.jsonl.
    #[arg(long)]
    dataset: PathBuf,
    /// Token budget of each context.
    #[arg(long, default_value_t = 1000)]
    budget: usize,
    /// Only the first N questions.
    #[arg(long)]
    limit: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Print each question's linked entities and ranked passages (text mode).
    #[arg(long)]
    verbose: bool,
    /// Print the full context of the question with this id (text mode).
    #[arg(long)]
    show: Option<String>,
    /// Search settings to change, as JSON (e.g. '{"text_weight": 10}'), for tuning runs.
    #[arg(long)]
    search: Option<String>,
    /// Write and search through the Neo4j server at this Bolt URI (a fresh tenant, purged
    /// afterwards) instead of the in-memory embedded store.
    #[arg(long)]
    neo4j_uri: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Passage {
    id: String,
    title: String,
    text: String,
}

#[derive(Debug, Deserialize)]
struct Question {
    id: String,
    question: String,
    answer: String,
    #[serde(default)]
    aliases: Vec<String>,
    supporting_titles: Vec<String>,
}

#[derive(Debug, Serialize)]
struct Report {
    questions: usize,
    passages: usize,
    budget_tokens: usize,
    recall_at_2: f64,
    recall_at_5: f64,
    answer_in_context: f64,
    tokens_per_query: f64,
    miss_rate: f64,
    bm25_recall_at_2: f64,
    bm25_recall_at_5: f64,
    ingest_seconds: f64,
    search_ms_mean: f64,
    entities: u64,
    facts: u64,
    episodes: u64,
}

fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &PathBuf) -> anyhow::Result<Vec<T>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path:?}"))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).with_context(|| format!("{path:?} line {}", i + 1)))
        .collect()
}

/// The bench clock: every passage is ingested at the same instant, searched a day later.
fn ingest_time() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or_default()
}

/// One document batch per passage, the way the facade ingests a titled document: the title heads
/// the text, each chunk is an episode, and the title is an entity every chunk mentions (document
/// structure: the passage is about it).
fn passage_batch(p: &Passage, extractor: &RuleExtractor) -> anyhow::Result<WriteBatch> {
    let text = format!("{}\n\n{}", p.title.trim(), p.text);
    let doc_id = format!("doc:{}", p.id);
    let ctx = ExtractContext::default();
    let title = title_entity(&p.title);
    let mut episodes = Vec::new();
    for chunk in chunk_text(&text, &ChunkConfig::default()) {
        let mut ex = extractor.extract_sync(&chunk.text, &ctx);
        if let Some(t) = &title {
            if !ex.entities.iter().any(|e| e.key == t.key) {
                ex.entities.push(t.clone());
            }
        }
        let hash = content_hash(&chunk.text);
        episodes.push(EpisodeWrite {
            episode: Episode {
                id: format!("{doc_id}:{}", chunk.index),
                kind: EpisodeKind::DocumentChunk,
                content: chunk.text,
                created_at: ingest_time(),
                source: p.title.clone(),
                content_hash: hash,
                document_id: Some(doc_id.clone()),
                span: Some((chunk.start as u64, chunk.end as u64)),
                speaker: None,
                session: None,
            },
            entities: ex.entities,
            facts: ex.facts,
        });
    }
    Ok(WriteBatch {
        document: Some(Document {
            id: doc_id,
            source: p.title.clone(),
            content_hash: content_hash(&text),
            created_at: ingest_time(),
        }),
        episodes,
    })
}

/// The title as an entity; a trailing "(disambiguation)" is kept in the name and the bare name
/// becomes an alias.
fn title_entity(title: &str) -> Option<EntityInput> {
    let mut e = EntityInput::named(title, EntityType::Other).ok()?;
    if let Some(i) = title.find('(') {
        let bare = title[..i].trim();
        if !canonical_key(bare).is_empty() && canonical_key(bare) != e.key.as_str() {
            e.aliases.push(bare.to_string());
        }
    }
    Some(e)
}

/// Share of `supporting` titles among the first `k` of `ranked` titles.
fn recall_at(ranked: &[String], supporting: &[String], k: usize) -> f64 {
    if supporting.is_empty() {
        return 1.0;
    }
    let top: HashSet<&str> = ranked.iter().take(k).map(String::as_str).collect();
    let found = supporting
        .iter()
        .filter(|t| top.contains(t.as_str()))
        .count();
    found as f64 / supporting.len() as f64
}

/// Words folded like entity keys, possessives stripped ("Hall's" -> "hall").
fn folded(text: &str) -> String {
    let words: Vec<String> = mnemo_retrieve::tokenize(text, usize::MAX)
        .into_iter()
        .map(|t| t.key)
        .collect();
    format!(" {} ", words.join(" "))
}

/// Case-, punctuation- and possessive-insensitive containment on word boundaries.
fn contains_answer(context: &str, answers: &[&str]) -> bool {
    let ctx = folded(context);
    answers.iter().any(|a| {
        let a = folded(a);
        a.trim() != "" && ctx.contains(&a)
    })
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let passages: Vec<Passage> = read_jsonl(&args.dataset.join("corpus.jsonl"))?;
    let mut questions: Vec<Question> = read_jsonl(&args.dataset.join("questions.jsonl"))?;
    if let Some(n) = args.limit {
        questions.truncate(n);
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(evaluate(&args, &passages, &questions))
}

async fn evaluate(args: &Args, passages: &[Passage], questions: &[Question]) -> anyhow::Result<()> {
    let quality = QualityStore::open(args.neo4j_uri.as_deref()).await?;
    let done = evaluate_in(&quality, args, passages, questions).await;
    // The run's Neo4j tenant goes whether it succeeded or not.
    let purged = quality.finish().await;
    done?;
    purged
}

async fn evaluate_in(
    quality: &QualityStore,
    args: &Args,
    passages: &[Passage],
    questions: &[Question],
) -> anyhow::Result<()> {
    let store: &dyn GraphStore = &*quality.store;
    let tenant = quality.tenant(Tenant::default().as_str())?;
    let extractor = RuleExtractor;
    let started = Instant::now();
    for p in passages {
        let batch = passage_batch(p, &extractor)?;
        store
            .write(&tenant, &batch)
            .await
            .with_context(|| format!("writing passage {}", p.id))?;
    }
    let ingest_seconds = started.elapsed().as_secs_f64();
    let stats = store.stats(&tenant).await?;
    let doc_title: HashMap<String, String> = passages
        .iter()
        .map(|p| (format!("doc:{}", p.id), p.title.clone()))
        .collect();

    let bm25 = bm25::Bm25::new(
        &passages
            .iter()
            .map(|p| format!("{}\n{}", p.title, p.text))
            .collect::<Vec<_>>(),
    );
    let base: SearchConfig = match &args.search {
        Some(json) => serde_json::from_str(json).context("--search is not a search config")?,
        None => SearchConfig::default(),
    };
    let cfg = SearchConfig {
        budget_tokens: args.budget,
        ..base
    };
    let now = ingest_time() + chrono::Duration::days(1);
    let (mut r2, mut r5, mut b2, mut b5, mut aic, mut tokens, mut misses) =
        (0.0, 0.0, 0.0, 0.0, 0usize, 0usize, 0usize);
    let mut search_time = 0.0;
    for q in questions {
        let t = Instant::now();
        let res = search(store, &tenant, &q.question, &cfg, &[], now).await?;
        search_time += t.elapsed().as_secs_f64();
        // Passages in order of the summed score of the context items they support.
        let mut ranked: Vec<String> = Vec::new();
        for p in &res.provenance {
            let doc = p.episode_id.rsplit_once(':').map_or("", |(d, _)| d);
            if let Some(title) = doc_title.get(doc) {
                if !ranked.contains(title) {
                    ranked.push(title.clone());
                }
            }
        }
        r2 += recall_at(&ranked, &q.supporting_titles, 2);
        r5 += recall_at(&ranked, &q.supporting_titles, 5);
        let mut answers = vec![q.answer.as_str()];
        answers.extend(q.aliases.iter().map(String::as_str));
        aic += usize::from(res.hit && contains_answer(&res.context_text, &answers));
        tokens += res.tokens;
        misses += usize::from(!res.hit);
        let bm: Vec<String> = bm25
            .top(&q.question, 5)
            .into_iter()
            .map(|i| passages[i].title.clone())
            .collect();
        b2 += recall_at(&bm, &q.supporting_titles, 2);
        b5 += recall_at(&bm, &q.supporting_titles, 5);
        if args.show.as_deref() == Some(q.id.as_str()) {
            println!("{}\n---\n{}\n---", q.question, res.context_text);
        }
        if args.verbose && !args.json {
            let linked: Vec<&str> = res.linked.iter().map(|l| l.name.as_str()).collect();
            println!("{} {:?}\n  linked {linked:?}", q.id, q.question);
            println!("  ranked {:?}", ranked.iter().take(10).collect::<Vec<_>>());
            println!("  gold   {:?}", q.supporting_titles);
            println!("  bm25   {bm:?}");
        }
    }
    let n = questions.len().max(1) as f64;
    let report = Report {
        questions: questions.len(),
        passages: passages.len(),
        budget_tokens: args.budget,
        recall_at_2: r2 / n,
        recall_at_5: r5 / n,
        answer_in_context: aic as f64 / n,
        tokens_per_query: tokens as f64 / n,
        miss_rate: misses as f64 / n,
        bm25_recall_at_2: b2 / n,
        bm25_recall_at_5: b5 / n,
        ingest_seconds,
        search_ms_mean: search_time * 1000.0 / n,
        entities: stats.entities,
        facts: stats.facts,
        episodes: stats.episodes,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "recall: {} questions over {} passages ({} entities, {} facts, {} episodes; ingest {:.1} s){}",
            report.questions, report.passages, report.entities, report.facts, report.episodes,
            report.ingest_seconds,
            if quality.backend() == "embedded" { String::new() } else { format!(" on {}", quality.backend()) }
        );
        println!(
            "  mnemo  Recall@2 {:.3}  Recall@5 {:.3}  answer-in-context {:.3}  tokens/query {:.0}  misses {:.2}  search {:.2} ms",
            report.recall_at_2,
            report.recall_at_5,
            report.answer_in_context,
            report.tokens_per_query,
            report.miss_rate,
            report.search_ms_mean
        );
        println!(
            "  BM25   Recall@2 {:.3}  Recall@5 {:.3}",
            report.bm25_recall_at_2, report.bm25_recall_at_5
        );
    }
    Ok(())
}
