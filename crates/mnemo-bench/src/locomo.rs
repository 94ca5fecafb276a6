//! `mnemo-bench locomo`: agent-memory recall on LoCoMo-style conversations, used the way an agent
//! host uses mnemo. Each conversation goes into its own tenant, one `remember` per turn (its id,
//! speaker and time), every question through `search` at the default budget; the context's
//! provenance is read as the ranked list of cited turns. Reports evidence Recall@5/@10 per
//! category and overall, the share of questions whose evidence is all in the context, tokens,
//! search latency, what extraction made of the turns, and a BM25 baseline over the same turns.

mod data;
mod report;

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use mnemo::{EpisodeKind, GraphStore, Mnemo, MnemoOptions, RememberOptions};
use mnemo_core::EntityType;
use mnemo_extract::RuleExtractor;
use mnemo_memory::SearchConfig;

use crate::quality_store::QualityStore;
use crate::recall::bm25::Bm25;
use data::{Conversation, LoQuestion};
use report::{CategoryFigures, Extraction, Report, Tally};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Data set folder with conversations.jsonl and questions.jsonl.
    #[arg(long)]
    dataset: PathBuf,
    /// Token budget of each context (default: the search default).
    #[arg(long)]
    budget: Option<usize>,
    /// Only the first N questions of each conversation.
    #[arg(long)]
    limit: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Print each question's cited turns beside its evidence (text mode).
    #[arg(long)]
    verbose: bool,
    /// Print the full context of the question with this id (text mode).
    #[arg(long)]
    show: Option<String>,
    /// Remember turns without their session (as a host that sends only id, speaker and time).
    #[arg(long)]
    no_sessions: bool,
    /// Remember turns without their listener (the other speaker, whom "you" refers to).
    #[arg(long)]
    no_listener: bool,
    /// Search settings to change, as JSON (e.g. '{"neighbour_window": 2}'), for tuning runs.
    #[arg(long)]
    search: Option<String>,
    /// Remember a turn that shares a photo with the photo's caption appended ("[shares ...]", as
    /// LoCoMo's own prompts give it), for mnemo and BM25 alike. Off by default: a host sends the
    /// text it has.
    #[arg(long)]
    captions: bool,
    /// Remember and search through the Neo4j server at this Bolt URI (fresh tenants, purged
    /// afterwards) instead of the in-memory embedded store.
    #[arg(long)]
    neo4j_uri: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let conversations: Vec<Conversation> =
        data::read_jsonl(&args.dataset.join("conversations.jsonl"))?;
    let questions: Vec<LoQuestion> = data::read_jsonl(&args.dataset.join("questions.jsonl"))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = rt.block_on(evaluate(&args, &conversations, &questions))?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        report.print();
    }
    Ok(())
}

/// Share of `evidence` among the first `k` of `ranked`.
pub(crate) fn recall_at(ranked: &[String], evidence: &[String], k: usize) -> f64 {
    if evidence.is_empty() {
        return 1.0;
    }
    let top: HashSet<&str> = ranked.iter().take(k).map(String::as_str).collect();
    evidence.iter().filter(|e| top.contains(e.as_str())).count() as f64 / evidence.len() as f64
}

async fn evaluate(
    args: &Args,
    conversations: &[Conversation],
    questions: &[LoQuestion],
) -> anyhow::Result<Report> {
    let quality = QualityStore::open(args.neo4j_uri.as_deref()).await?;
    let report = evaluate_in(&quality, args, conversations, questions).await;
    // The run's Neo4j tenants go whether it succeeded or not.
    let purged = quality.finish().await;
    let report = report?;
    purged?;
    Ok(report)
}

async fn evaluate_in(
    quality: &QualityStore,
    args: &Args,
    conversations: &[Conversation],
    questions: &[LoQuestion],
) -> anyhow::Result<Report> {
    let store: Arc<dyn GraphStore> = Arc::clone(&quality.store);
    let mut search_cfg = match &args.search {
        Some(json) => serde_json::from_str(json).context("--search is not a search config")?,
        None => SearchConfig::default(),
    };
    if let Some(b) = args.budget {
        search_cfg.budget_tokens = b;
    }
    let options = MnemoOptions {
        search: search_cfg.clone(),
        ..MnemoOptions::default()
    };
    let mut by_category: BTreeMap<u8, Tally> = BTreeMap::new();
    let mut extraction = Extraction::default();
    let mut latencies: Vec<f64> = Vec::new();
    let mut ingest_seconds = 0.0;
    for conv in conversations {
        let tenant = quality
            .tenant(&conv.id)
            .with_context(|| format!("conversation id {:?} as a tenant", conv.id))?;
        // Questions are asked a day after the last turn.
        let now =
            conv.turns.iter().map(|t| t.at).max().unwrap_or_default() + chrono::Duration::days(1);
        let memory = Mnemo::new(
            Arc::clone(&store),
            Arc::new(RuleExtractor),
            tenant.clone(),
            options.clone(),
        )
        .with_clock(Arc::new(move || now));
        let started = Instant::now();
        for turn in &conv.turns {
            let opts = RememberOptions {
                kind: EpisodeKind::Interaction,
                source: "chat".into(),
                speaker: Some(turn.speaker.clone()),
                at: Some(turn.at),
                id: Some(turn.id.clone()),
                session: (!args.no_sessions).then(|| turn.session.clone()),
                listener: (!args.no_listener)
                    .then(|| conv.speakers.iter().find(|s| **s != turn.speaker).cloned())
                    .flatten(),
            };
            let r = memory
                .remember(&turn.remembered(args.captions), &opts)
                .await
                .with_context(|| format!("remembering {} {}", conv.id, turn.id))?;
            extraction.add_turn(r.entities, r.facts);
        }
        ingest_seconds += started.elapsed().as_secs_f64();
        let graph = store.export(&tenant).await?;
        extraction.entities += graph.entities.len() as u64;
        extraction.facts += graph.facts.len() as u64;
        for speaker in &conv.speakers {
            let key = mnemo_core::canonical_key(speaker);
            let typed = graph
                .entities
                .iter()
                .find(|e| e.key.as_str() == key)
                .map(|e| e.entity_type);
            extraction.speakers += 1;
            extraction.speakers_person += usize::from(typed == Some(EntityType::Person));
        }
        extraction.greeting_entities += graph
            .entities
            .iter()
            .filter(|e| data::starts_with_greeting(&e.name))
            .count();

        let texts: Vec<String> = conv
            .turns
            .iter()
            .map(|t| t.remembered(args.captions))
            .collect();
        let bm25 = Bm25::new(&texts);
        let asked = questions
            .iter()
            .filter(|q| q.conversation == conv.id)
            .take(args.limit.unwrap_or(usize::MAX));
        for q in asked {
            let t = Instant::now();
            let res = memory.search(&q.question, None).await?;
            latencies.push(t.elapsed().as_secs_f64() * 1000.0);
            let mut cited: Vec<String> = Vec::new();
            for p in &res.provenance {
                if !cited.contains(&p.episode_id) {
                    cited.push(p.episode_id.clone());
                }
            }
            let bm: Vec<String> = bm25
                .top(&q.question, 10)
                .into_iter()
                .map(|i| conv.turns[i].id.clone())
                .collect();
            let tally = by_category.entry(q.category).or_default();
            tally.add(&cited, &bm, &q.evidence, res.tokens, res.hit);
            if args.verbose && !args.json {
                println!("{} [{}] {:?}", q.id, q.category, q.question);
                let linked: Vec<&str> = res.linked.iter().map(|l| l.name.as_str()).collect();
                println!("  linked   {linked:?}");
                println!("  evidence {:?}", q.evidence);
                println!("  cited    {:?}", cited.iter().take(10).collect::<Vec<_>>());
                println!("  bm25     {:?}", bm.iter().take(10).collect::<Vec<_>>());
                let text: Vec<String> = store
                    .search_text(&tenant, &q.question, 10)
                    .await?
                    .into_iter()
                    .map(|h| h.episode)
                    .collect();
                println!("  text     {text:?}");
            }
            if args.show.as_deref() == Some(q.id.as_str()) && !args.json {
                println!("{}\n---\n{}\n---", q.question, res.context_text);
            }
        }
    }
    let per_category: BTreeMap<String, CategoryFigures> = by_category
        .iter()
        .map(|(c, t)| (c.to_string(), t.figures()))
        .collect();
    let mut core = Tally::default();
    let mut all = Tally::default();
    for (c, t) in &by_category {
        if (1..=4).contains(c) {
            core.merge(t);
        }
        all.merge(t);
    }
    let mut report = Report::new(
        conversations,
        core.figures(),
        all.figures(),
        per_category,
        extraction,
        &mut latencies,
        ingest_seconds,
        search_cfg.budget_tokens,
    );
    report.store = quality.backend();
    Ok(report)
}
