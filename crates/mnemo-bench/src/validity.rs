//! `mnemo-bench validity`: facts that change, on short stories of moves, job changes, marriages and
//! endings (`data/validity/stories.jsonl`, statements in shuffled order). Each story goes into its
//! own tenant, each statement through `remember` at its date; each question is a search, current or
//! as of a date. A question is right when the current facts of its family for its holder name
//! exactly the expected value (or none, when nothing holds). Reports current-fact and as-of
//! accuracy.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use chrono::{NaiveDate, TimeZone, Utc};
use mnemo::{parse_as_of, GraphStore, Mnemo, MnemoOptions, RememberOptions, Tenant, Timestamp};
use mnemo_core::canonical_key;
use mnemo_extract::RuleExtractor;
use mnemo_memory::{ScoredFact, SearchConfig};
use mnemo_store::EmbeddedStore;
use serde::{Deserialize, Serialize};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stories (JSONL: id, statements [{at, text}], questions [{query, holder, family,
    /// as_of?, expect}]).
    #[arg(long, default_value = "crates/mnemo-bench/data/validity/stories.jsonl")]
    dataset: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Print every wrong answer.
    #[arg(long)]
    verbose: bool,
}

#[derive(Debug, Deserialize)]
struct Story {
    id: String,
    statements: Vec<Statement>,
    questions: Vec<Question>,
}

#[derive(Debug, Deserialize)]
struct Statement {
    at: String,
    text: String,
}

#[derive(Debug, Deserialize)]
struct Question {
    query: String,
    holder: String,
    family: String,
    #[serde(default)]
    as_of: Option<String>,
    expect: Option<String>,
}

#[derive(Debug, Default, Serialize)]
struct Report {
    stories: usize,
    statements: usize,
    current_questions: usize,
    current_accuracy: f64,
    as_of_questions: usize,
    as_of_accuracy: f64,
}

/// A statement's date: a day is 09:00 UTC that day; an RFC 3339 time as given.
fn said_at(s: &str) -> anyhow::Result<Timestamp> {
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        let t = d.and_hms_opt(9, 0, 0).context("a time of day")?;
        return Ok(Utc.from_utc_datetime(&t));
    }
    Ok(parse_as_of(s)?)
}

/// The values of `family` the facts say hold now for `holder` (those not closed).
fn current_values(
    facts: &[ScoredFact],
    cfg: &SearchConfig,
    family: &str,
    holder: &str,
) -> Vec<String> {
    let same = |a: &str, b: &str| canonical_key(a) == canonical_key(b);
    let mut out: Vec<String> = facts
        .iter()
        .filter(|f| f.valid_to.is_none())
        .filter_map(|f| match cfg.validity.family_of(&f.rel_type)? {
            (fam, true) if fam == family && same(&f.object_name, holder) => {
                Some(f.subject_name.clone())
            }
            (fam, false) if fam == family && same(&f.subject_name, holder) => {
                Some(f.object_name.clone())
            }
            // "Anna married Ben" answers who Ben is married to.
            (fam, _) if fam == family && cfg.validity.symmetric.iter().any(|s| s == fam) => {
                if same(&f.subject_name, holder) {
                    Some(f.object_name.clone())
                } else if same(&f.object_name, holder) {
                    Some(f.subject_name.clone())
                } else {
                    None
                }
            }
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.dataset)
        .with_context(|| format!("reading {}", args.dataset.display()))?;
    let stories: Vec<Story> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("{} line {}", args.dataset.display(), i + 1))
        })
        .collect::<anyhow::Result<_>>()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = rt.block_on(evaluate(&args, &stories))?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "validity: {} stories, {} statements (shuffled order)",
            report.stories, report.statements
        );
        println!(
            "  current-fact accuracy {:.3} ({} questions)",
            report.current_accuracy, report.current_questions
        );
        println!(
            "  as-of accuracy        {:.3} ({} questions)",
            report.as_of_accuracy, report.as_of_questions
        );
    }
    Ok(())
}

async fn evaluate(args: &Args, stories: &[Story]) -> anyhow::Result<Report> {
    let dir = tempfile::tempdir()?;
    let store: Arc<dyn GraphStore> = Arc::new(EmbeddedStore::open(dir.path())?);
    let cfg = SearchConfig::default();
    let mut report = Report {
        stories: stories.len(),
        ..Report::default()
    };
    let (mut current_right, mut as_of_right) = (0usize, 0usize);
    for (n, story) in stories.iter().enumerate() {
        let tenant = Tenant::new(format!("story-{n}"))?;
        let m = Mnemo::new(
            store.clone(),
            Arc::new(RuleExtractor),
            tenant,
            MnemoOptions::default(),
        );
        for s in &story.statements {
            let opts = RememberOptions {
                at: Some(said_at(&s.at)?),
                ..RememberOptions::default()
            };
            m.remember(&s.text, &opts).await?;
            report.statements += 1;
        }
        for q in &story.questions {
            let as_of = q.as_of.as_deref().map(parse_as_of).transpose()?;
            let r = m.search_as_of(&q.query, None, &[], as_of).await?;
            // Names compare as keys: "Umbrella Corp." is "Umbrella Corp".
            let got: Vec<String> = current_values(&r.facts, &cfg, &q.family, &q.holder)
                .iter()
                .map(|n| canonical_key(n))
                .collect();
            let want: Vec<String> = q.expect.iter().map(|n| canonical_key(n)).collect();
            let right = got == want;
            if as_of.is_some() {
                report.as_of_questions += 1;
                as_of_right += usize::from(right);
            } else {
                report.current_questions += 1;
                current_right += usize::from(right);
            }
            if !right && args.verbose {
                println!(
                    "{} {:?} as of {:?}: want {want:?}, got {got:?}\n{}",
                    story.id,
                    q.query,
                    q.as_of,
                    r.context_text.trim_end()
                );
            }
        }
    }
    let share = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    report.current_accuracy = share(current_right, report.current_questions);
    report.as_of_accuracy = share(as_of_right, report.as_of_questions);
    Ok(report)
}
