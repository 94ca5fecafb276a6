//! `mnemo-bench extract`: entity, relation-pair and cluster P/R/F1 and throughput of the rule
//! extractor on a CoNLL04 or Re-DocRED `docs.jsonl` (format detected per document).
//!
//! Scoring, documented here because the figures depend on it:
//! - Entities: a predicted name mention (pronouns excluded) is right when its character span is
//!   exactly the gold token span and its type maps to the gold type. Type mapping — CoNLL04:
//!   Person→Peop, Organization→Org, Location→Loc, everything else (Other, Date, Event, Concept)→Other.
//!   Re-DocRED: Person→PER, Organization→ORG, Location→LOC, Date→TIME, everything else→MISC.
//!   Quantities (`Analysis::quantities`, never entities) are scored where the data set has types
//!   for them: numbers→NUM and durations→TIME on Re-DocRED; CoNLL04 marks neither, so they are
//!   not predictions there. Demonyms ("German") are mentions of their country (Location), as
//!   Re-DocRED annotates them. Untyped span F1 is reported beside it, and the text output ends
//!   with a gold-by-predicted type table.
//! - Relation pairs: head span, tail span and direction right, predicate ignored. CoNLL04 compares
//!   mention spans; Re-DocRED maps predicted mention spans to gold entities and compares directed
//!   (head entity, tail entity) pairs. A pronoun end ("It", "the company"), which no gold mention
//!   is, maps through the entity it was resolved to: the one gold entity its names map to.
//! - Clusters (Re-DocRED): B-cubed over the gold mentions the extractor also found (exact span):
//!   per mention, precision = |system cluster ∩ gold cluster| / |system cluster| and recall the
//!   other way, averaged over those mentions. Mention detection is scored separately above.
//! - Throughput: text bytes / CPU time of the one extracting thread (from /proc; wall time is
//!   printed beside it, and is lower when other processes share the cores), over repeated passes
//!   of the data set lasting at least 2 s. Peak RSS is read before those passes.

use std::collections::{HashMap, HashSet};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use mnemo_core::EntityType;
use mnemo_extract::{analyse_with, ExtractContext, Models, Resolver};
use serde_json::{json, Value};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Path to a CoNLL04 or Re-DocRED docs.jsonl.
    #[arg(long)]
    dataset: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// A directory with ner.bin and rel.bin to use instead of the shipped weights.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Only documents whose line number is K mod N ("K/N"), e.g. a held-out fold of train.
    #[arg(long)]
    fold: Option<String>,
    /// Print each document's missed and spurious entities and pairs to stderr.
    #[arg(long)]
    errors: bool,
    /// Also time one document of at least this many MB, made by joining the data set's texts.
    #[arg(long)]
    big_mb: Option<usize>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Prf {
    tp: usize,
    pred: usize,
    gold: usize,
}

impl Prf {
    fn p(&self) -> f64 {
        ratio(self.tp, self.pred)
    }
    fn r(&self) -> f64 {
        ratio(self.tp, self.gold)
    }
    fn f1(&self) -> f64 {
        let (p, r) = (self.p(), self.r());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
    fn json(&self) -> Value {
        json!({"precision": self.p(), "recall": self.r(), "f1": self.f1(), "tp": self.tp, "pred": self.pred, "gold": self.gold})
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn score<T: Eq + std::hash::Hash>(prf: &mut Prf, pred: &HashSet<T>, gold: &HashSet<T>) {
    prf.tp += pred.intersection(gold).count();
    prf.pred += pred.len();
    prf.gold += gold.len();
}

/// Character-to-token alignment: the byte span of each token in `text`.
fn token_spans(text: &str, tokens: &[String]) -> Vec<Option<(usize, usize)>> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut at = 0;
    for t in tokens {
        match text.get(at..).and_then(|rest| rest.find(t.as_str())) {
            Some(off) if !t.is_empty() => {
                let s = at + off;
                out.push(Some((s, s + t.len())));
                at = s + t.len();
            }
            _ => out.push(None),
        }
    }
    out
}

fn map_type(t: EntityType, redocred: bool) -> &'static str {
    match (t, redocred) {
        (EntityType::Person, false) => "Peop",
        (EntityType::Organization, false) => "Org",
        (EntityType::Location, false) => "Loc",
        (_, false) => "Other",
        (EntityType::Person, true) => "PER",
        (EntityType::Organization, true) => "ORG",
        (EntityType::Location, true) => "LOC",
        (EntityType::Date, true) => "TIME",
        (_, true) => "MISC",
    }
}

#[derive(Debug, Default)]
struct Totals {
    docs: usize,
    bytes: usize,
    time: Duration,
    typed: Prf,
    untyped: Prf,
    pairs: Prf,
    b3_p: f64,
    b3_r: f64,
    b3_n: usize,
    redocred_docs: usize,
    /// (gold type, predicted type) -> count over exactly matched spans; "-" for no match.
    confusion: HashMap<(String, String), usize>,
}

type Span = (usize, usize);

fn eval_doc(doc: &Value, models: &Models, errors: bool, t: &mut Totals) -> anyhow::Result<()> {
    let text = doc["text"].as_str().context("text missing")?;
    let tokens: Vec<String> = doc["tokens"]
        .as_array()
        .context("tokens missing")?
        .iter()
        .map(|v| v.as_str().unwrap_or("").to_string())
        .collect();
    let ents = doc["entities"].as_array().context("entities missing")?;
    let redocred = ents.first().is_some_and(|e| e.get("mentions").is_some());
    let spans = token_spans(text, &tokens);
    let start_tok: HashMap<usize, usize> = spans
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s.0, i)))
        .collect();
    let end_tok: HashMap<usize, usize> = spans
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s.1, i + 1)))
        .collect();
    let to_tok =
        |a: usize, b: usize| -> Option<Span> { Some((*start_tok.get(&a)?, *end_tok.get(&b)?)) };

    let began = Instant::now();
    let analysis = analyse_with(
        text,
        &ExtractContext::default(),
        &Resolver::new(),
        &models.tagger,
        &models.relations,
    );
    t.time += began.elapsed();
    t.bytes += text.len();
    t.docs += 1;

    // Gold: mentions (span, type) and, per mention span, its gold entity.
    let mut gold_typed: HashSet<(Span, String)> = HashSet::new();
    let mut gold_entity_of: HashMap<Span, usize> = HashMap::new();
    let mut gold_mentions_of: Vec<Vec<Span>> = Vec::new();
    for (gi, e) in ents.iter().enumerate() {
        let ty = e["type"].as_str().unwrap_or("").to_string();
        let ms: Vec<&Value> = if redocred {
            e["mentions"]
                .as_array()
                .map(|a| a.iter().collect())
                .unwrap_or_default()
        } else {
            vec![e]
        };
        let mut list = Vec::new();
        for m in ms {
            let span = (
                m["start"].as_u64().unwrap_or(0) as usize,
                m["end"].as_u64().unwrap_or(0) as usize,
            );
            gold_typed.insert((span, ty.clone()));
            gold_entity_of.insert(span, gi);
            list.push(span);
        }
        gold_mentions_of.push(list);
    }
    let mut pred_typed: HashSet<(Span, String)> = HashSet::new();
    let mut pred_untyped_bad = 0usize;
    let mut sys_entity_of: HashMap<Span, usize> = HashMap::new();
    for m in analysis.mentions.iter().filter(|m| !m.pronoun) {
        match to_tok(m.start, m.end) {
            Some(span) => {
                pred_typed.insert((span, map_type(m.entity_type, redocred).to_string()));
                sys_entity_of.insert(span, m.entity);
            }
            None => pred_untyped_bad += 1,
        }
    }
    for q in &analysis.quantities {
        if let Some(span) = to_tok(q.start, q.end) {
            if !pred_typed.iter().any(|(s, _)| *s == span) {
                let ty = match (q.duration, redocred) {
                    (true, true) => "TIME",
                    (false, true) => "NUM",
                    // CoNLL04's types have no number or duration: it does not mark them.
                    (_, false) => continue,
                };
                pred_typed.insert((span, ty.to_string()));
            }
        }
    }
    score(&mut t.typed, &pred_typed, &gold_typed);
    let gold_type_of: HashMap<Span, &str> =
        gold_typed.iter().map(|(s, ty)| (*s, ty.as_str())).collect();
    let pred_type_of: HashMap<Span, &str> =
        pred_typed.iter().map(|(s, ty)| (*s, ty.as_str())).collect();
    for (s, g) in &gold_type_of {
        let p = pred_type_of.get(s).copied().unwrap_or("-");
        *t.confusion
            .entry((g.to_string(), p.to_string()))
            .or_default() += 1;
    }
    for (s, p) in &pred_type_of {
        if !gold_type_of.contains_key(s) {
            *t.confusion
                .entry(("-".to_string(), p.to_string()))
                .or_default() += 1;
        }
    }
    if errors {
        let words = |s: &Span| {
            tokens
                .get(s.0..s.1)
                .map(|w| w.join(" "))
                .unwrap_or_default()
        };
        eprintln!("# {}", text);
        for g in gold_typed.difference(&pred_typed) {
            eprintln!("  miss  {} [{}]", words(&g.0), g.1);
        }
        for p in pred_typed.difference(&gold_typed) {
            eprintln!("  extra {} [{}]", words(&p.0), p.1);
        }
        for r in &analysis.relations {
            eprintln!(
                "  rel   {} -[{}]-> {} ({:.2})",
                &text[r.head.0..r.head.1],
                r.predicate,
                &text[r.tail.0..r.tail.1],
                r.confidence
            );
        }
        for r in doc["relations"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            let name = |k: &Value| -> String {
                let e = &ents[k.as_u64().unwrap_or(0) as usize];
                let m = if redocred { &e["mentions"][0] } else { e };
                m["text"].as_str().unwrap_or("").to_string()
            };
            eprintln!(
                "  gold  {} -[{}]-> {}",
                name(&r["head"]),
                r["type"].as_str().unwrap_or(""),
                name(&r["tail"])
            );
        }
    }
    t.typed.pred += pred_untyped_bad;
    let pu: HashSet<Span> = pred_typed.iter().map(|x| x.0).collect();
    let gu: HashSet<Span> = gold_typed.iter().map(|x| x.0).collect();
    score(&mut t.untyped, &pu, &gu);
    t.untyped.pred += pred_untyped_bad;

    // Relation pairs.
    let rels = doc["relations"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let gold_pairs: HashSet<(usize, usize)> = rels
        .iter()
        .filter_map(|r| Some((r["head"].as_u64()? as usize, r["tail"].as_u64()? as usize)))
        .collect();
    let mut pred_pairs: HashSet<(usize, usize)> = HashSet::new();
    let mut unmatched: HashSet<(usize, usize, usize, usize)> = HashSet::new();
    // A pronoun ("It is located in ...", "the company") is no gold mention: it stands for the
    // gold entity of the system entity it was resolved to, when that entity's names map to one.
    let gold_of_entity = |e: usize| {
        let mut found = None;
        for m in analysis
            .mentions
            .iter()
            .filter(|m| m.entity == e && !m.pronoun)
        {
            let g = to_tok(m.start, m.end).and_then(|s| gold_entity_of.get(&s).copied());
            match (found, g) {
                (_, None) => {}
                (None, Some(g)) => found = Some(g),
                (Some(f), Some(g)) if f != g => return None,
                _ => {}
            }
        }
        found
    };
    let gold_of = |(a, b): (usize, usize)| {
        to_tok(a, b)
            .and_then(|s| gold_entity_of.get(&s).copied())
            .or_else(|| {
                let m = analysis
                    .mentions
                    .iter()
                    .find(|m| m.pronoun && m.start == a && m.end == b)?;
                gold_of_entity(m.entity)
            })
    };
    for r in &analysis.relations {
        let h = gold_of(r.head);
        let tl = gold_of(r.tail);
        match (h, tl) {
            (Some(h), Some(tl)) => {
                pred_pairs.insert((h, tl));
            }
            _ => {
                unmatched.insert((r.head.0, r.head.1, r.tail.0, r.tail.1));
            }
        }
    }
    score(&mut t.pairs, &pred_pairs, &gold_pairs);
    t.pairs.pred += unmatched.len();

    if redocred {
        t.redocred_docs += 1;
        for (gi, ms) in gold_mentions_of.iter().enumerate() {
            for m in ms {
                let Some(&se) = sys_entity_of.get(m) else {
                    continue;
                };
                let sys_cluster: Vec<&Span> = sys_entity_of
                    .iter()
                    .filter(|(_, e)| **e == se)
                    .map(|(s, _)| s)
                    .collect();
                let found_gold: Vec<&Span> = ms
                    .iter()
                    .filter(|s| sys_entity_of.contains_key(s))
                    .collect();
                let both = sys_cluster
                    .iter()
                    .filter(|s| gold_entity_of.get(**s) == Some(&gi))
                    .count();
                // Only system mentions that match some gold mention take part.
                let sys_matched = sys_cluster
                    .iter()
                    .filter(|s| gold_entity_of.contains_key(**s))
                    .count();
                t.b3_p += ratio(both, sys_matched);
                t.b3_r += ratio(both, found_gold.len());
                t.b3_n += 1;
            }
        }
    }
    Ok(())
}

/// CPU time this thread has used, from /proc (clock ticks of 10 ms), when readable.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// (MB per CPU second of this thread, MB per wall second) over `texts`, repeating whole passes
/// until `min` of wall time has elapsed. The CPU figure is "on one core" even when other
/// processes share the machine.
fn timed_passes(texts: &[String], models: &Models, min: Duration) -> (Option<f64>, f64) {
    let (mut bytes, mut spent) = (0usize, Duration::ZERO);
    let cpu0 = thread_cpu();
    while spent < min && texts.iter().any(|t| !t.is_empty()) {
        for text in texts {
            let began = Instant::now();
            let a = analyse_with(
                text,
                &ExtractContext::default(),
                &Resolver::new(),
                &models.tagger,
                &models.relations,
            );
            spent += began.elapsed();
            std::hint::black_box(&a);
            bytes += text.len();
        }
    }
    let mb = bytes as f64 / 1e6;
    let cpu = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) if b > a => Some(mb / (b - a).as_secs_f64()),
        _ => None,
    };
    (cpu, mb / spent.as_secs_f64().max(1e-9))
}

/// Times the extractor on one document of at least `mb` MB: (bytes, MB/s, peak RSS in kB).
fn big_document(texts: &[String], mb: usize, models: &Models) -> (usize, f64, Option<u64>) {
    let mut doc = String::new();
    while doc.len() < mb * 1_000_000 && texts.iter().any(|t| !t.is_empty()) {
        for t in texts {
            doc.push_str(t);
            doc.push_str("\n\n");
        }
    }
    let began = Instant::now();
    let analysis = analyse_with(
        &doc,
        &ExtractContext::default(),
        &Resolver::new(),
        &models.tagger,
        &models.relations,
    );
    let secs = began.elapsed().as_secs_f64().max(1e-9);
    std::hint::black_box(&analysis);
    (doc.len(), doc.len() as f64 / 1e6 / secs, peak_rss_kb())
}

/// Gold type (rows, "-" = no gold mention there) by predicted type (columns, "-" = none) over
/// exact spans: where typing, rather than span finding, loses.
fn print_confusion(confusion: &HashMap<(String, String), usize>) {
    let mut types: Vec<&str> = confusion
        .keys()
        .flat_map(|(g, p)| [g.as_str(), p.as_str()])
        .collect();
    types.sort_unstable();
    types.dedup();
    println!("types (gold rows, predicted columns, exact spans):");
    print!("{:>8}", "");
    for p in &types {
        print!("{p:>8}");
    }
    println!();
    for g in &types {
        print!("{g:>8}");
        for p in &types {
            let n = confusion
                .get(&(g.to_string(), p.to_string()))
                .copied()
                .unwrap_or(0);
            print!("{n:>8}");
        }
        println!();
    }
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let models = match &args.model {
        Some(dir) => Models::load(dir)?,
        None => Models::shipped(),
    };
    let fold = match &args.fold {
        Some(f) => {
            let (k, n) = f.split_once('/').context("--fold K/N")?;
            Some((k.parse::<usize>()?, n.parse::<usize>()?))
        }
        None => None,
    };
    let file = std::fs::File::open(&args.dataset)
        .with_context(|| format!("opening {}", args.dataset.display()))?;
    let mut t = Totals::default();
    let mut texts: Vec<String> = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        if fold.is_some_and(|(k, n)| n == 0 || i % n != k) {
            continue;
        }
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let doc: Value = serde_json::from_str(&line).with_context(|| format!("line {}", i + 1))?;
        texts.push(doc["text"].as_str().unwrap_or("").to_string());
        eval_doc(&doc, &models, args.errors, &mut t).with_context(|| format!("line {}", i + 1))?;
    }
    let rss = peak_rss_kb();
    // A small data set takes milliseconds: time repeated passes for a stable figure.
    let (mb_per_cpu_s, mb_per_wall_s) = timed_passes(&texts, &models, Duration::from_secs(2));
    let mb_per_s = mb_per_cpu_s.unwrap_or(mb_per_wall_s);
    let cluster = (t.redocred_docs > 0).then(|| {
        let p = t.b3_p / t.b3_n.max(1) as f64;
        let r = t.b3_r / t.b3_n.max(1) as f64;
        let f = if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        };
        (p, r, f)
    });
    let big = args.big_mb.map(|mb| big_document(&texts, mb, &models));
    if args.json {
        let out = json!({
            "dataset": args.dataset.display().to_string(),
            "docs": t.docs,
            "entity_f1": t.typed.f1(),
            "entity": t.typed.json(),
            "entity_untyped": t.untyped.json(),
            "relation_pair_f1": t.pairs.f1(),
            "relation_pair": t.pairs.json(),
            "cluster_f1": cluster.map(|c| c.2),
            "cluster_b3": cluster.map(|(p, r, f)| json!({"precision": p, "recall": r, "f1": f, "mentions": t.b3_n})),
            "mb_per_s": mb_per_s,
            "mb_per_s_wall": mb_per_wall_s,
            "bytes": t.bytes,
            "peak_rss_kb": rss,
            "big_document": big.map(|(bytes, mbs, kb)| json!({"bytes": bytes, "mb_per_s": mbs, "peak_rss_kb": kb})),
        });
        println!("{out}");
    } else {
        println!(
            "dataset          {} ({} docs, {} bytes)",
            args.dataset.display(),
            t.docs,
            t.bytes
        );
        for (name, prf) in [
            ("entities typed", t.typed),
            ("entities span", t.untyped),
            ("relation pairs", t.pairs),
        ] {
            println!(
                "{name:<16} P {:.3}  R {:.3}  F1 {:.3}  (tp {} pred {} gold {})",
                prf.p(),
                prf.r(),
                prf.f1(),
                prf.tp,
                prf.pred,
                prf.gold
            );
        }
        match cluster {
            Some((p, r, f)) => println!(
                "clusters B3      P {p:.3}  R {r:.3}  F1 {f:.3}  ({} matched mentions)",
                t.b3_n
            ),
            None => println!("clusters B3      n/a (no clusters in this data set)"),
        }
        print_confusion(&t.confusion);
        println!(
            "throughput       {mb_per_s:.2} MB per CPU second on one thread ({mb_per_wall_s:.2} MB/s wall; passes of >= 2 s)"
        );
        if let Some(kb) = rss {
            println!("peak RSS         {:.1} MB", kb as f64 / 1024.0);
        }
        if let Some((bytes, mbs, kb)) = big {
            println!(
                "one big document {:.1} MB: {mbs:.2} MB/s, peak RSS {:.1} MB",
                bytes as f64 / 1e6,
                kb.unwrap_or(0) as f64 / 1024.0
            );
        }
    }
    Ok(())
}
