//! End-to-end ingestion for the benchmark: a seeded generator of realistic sentences (people,
//! organisations, places, years, and filler without entities), and the same pipeline as
//! `mnemo ingest` (a reader thread, documents prepared in parallel ahead of an in-order writer,
//! one atomic batch per document, consecutive documents grouped into one `write_many` call), with
//! peak RSS sampled as the corpus goes by.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use mnemo::sources::{SourceOptions, SourceReader};
use mnemo::{DocumentInput, GroupLimits, IngestOutcome, Mnemo, WriteGroup};

/// xorshift64*: deterministic, dependency-free randomness.
#[derive(Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// An index in `0..n`, skewed to small values (a few hubs, a long tail).
    pub fn skewed(&mut self, n: usize) -> usize {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        ((n as f64) * unit.powi(3)) as usize % n.max(1)
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const FIRST: [&str; 24] = [
    "Laura", "Tom", "Paul", "Ada", "Sofia", "Marc", "Elena", "Hugo", "Nadia", "Victor", "Clara",
    "Jonas", "Irene", "Omar", "Greta", "Felix", "Lucia", "Anton", "Mira", "David", "Helen",
    "Samuel", "Julia", "Pierre",
];
const LAST: [&str; 24] = [
    "Chen", "Keller", "Martin", "Lovelace", "Marin", "Dubois", "Rossi", "Novak", "Schmidt",
    "Garcia", "Weber", "Larsen", "Costa", "Fischer", "Moreau", "Brandt", "Silva", "Kowalski",
    "Nilsson", "Becker", "Laurent", "Vidal", "Horvath", "Jensen",
];
const ORG_A: [&str; 16] = [
    "Acme", "Nimbus", "Orion", "Globex", "Helix", "Vertex", "Quantum", "Boreal", "Cobalt", "Lumen",
    "Atlas", "Zephyr", "Aurora", "Vector", "Summit", "Meridian",
];
const ORG_B: [&str; 8] = [
    "Robotics",
    "Sensors",
    "Labs",
    "Systems",
    "Energy",
    "Analytics",
    "Foods",
    "Bank",
];
const CITIES: [&str; 24] = [
    "Lyon", "Paris", "Berlin", "Grenoble", "Madrid", "Vienna", "Prague", "Lisbon", "Oslo",
    "Zurich", "Milan", "Munich", "Warsaw", "Dublin", "Helsinki", "Brussels", "Geneva", "Porto",
    "Seville", "Turin", "Hamburg", "Krakow", "Bergen", "Ghent",
];
const FILLER: [&str; 10] = [
    "The results were discussed at length during the meeting.",
    "Several reviewers praised the careful approach.",
    "The schedule slipped by a few weeks because of supply problems.",
    "Costs were lower than expected in the second quarter.",
    "The report recommends a gradual rollout over the next year.",
    "Most of the measurements confirmed the earlier estimates.",
    "A small pilot was run before the full deployment.",
    "The committee asked for more data before deciding.",
    "Customers reported fewer problems after the update.",
    "The team documented every step of the process.",
];

fn person(r: &mut Rng) -> String {
    format!("{} {}", r.pick(&FIRST), r.pick(&LAST))
}

fn org(r: &mut Rng) -> String {
    format!("{} {}", r.pick(&ORG_A), r.pick(&ORG_B))
}

const ADJ: [&str; 12] = [
    "new", "second", "large", "careful", "annual", "local", "early", "detailed", "public",
    "internal", "final", "small",
];
const NOUN: [&str; 16] = [
    "report",
    "survey",
    "budget",
    "study",
    "committee",
    "design",
    "plan",
    "prototype",
    "review",
    "contract",
    "schedule",
    "network",
    "system",
    "proposal",
    "audit",
    "workshop",
];
const VERB: [&str; 12] = [
    "changed",
    "delayed",
    "improved",
    "replaced",
    "described",
    "summarised",
    "questioned",
    "extended",
    "simplified",
    "examined",
    "supported",
    "followed",
];

/// One sentence. About one in five names people, organisations and places (the density of
/// encyclopedic prose: the generated corpus gives about as many facts per MB as MuSiQue); the rest
/// is varied prose without entities.
fn sentence(r: &mut Rng) -> String {
    let year = 1990 + r.below(35);
    match r.below(35) {
        0 => format!("{} works for {} in {}.", person(r), org(r), r.pick(&CITIES)),
        1 => format!("{} was born in {} in {year}.", person(r), r.pick(&CITIES)),
        2 => format!("{} is based in {}.", org(r), r.pick(&CITIES)),
        3 => format!("{} founded {} in {year}.", person(r), org(r)),
        4 => format!("{} met {} in {}.", person(r), person(r), r.pick(&CITIES)),
        5 => format!(
            "In {year}, {} moved to {} to join {}.",
            person(r),
            r.pick(&CITIES),
            org(r)
        ),
        6 => format!(
            "{} studied at the University of {}.",
            person(r),
            r.pick(&CITIES)
        ),
        7..=14 => r.pick(&FILLER).to_string(),
        _ => format!(
            "The {} {} {} the {} {} after {} weeks.",
            r.pick(&ADJ),
            r.pick(&NOUN),
            r.pick(&VERB),
            r.pick(&ADJ),
            r.pick(&NOUN),
            2 + r.below(20)
        ),
    }
}

/// Writes a JSONL corpus of about `mb` megabytes of text in documents of about `doc_bytes`,
/// generated from `seed`. Returns the file.
pub fn generate(dir: &Path, mb: usize, doc_bytes: usize, seed: u64) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("generated-{mb}mb.jsonl"));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
    let mut r = Rng::new(seed);
    let (target, mut written, mut i) = ((mb as u64) << 20, 0u64, 0usize);
    while written < target {
        let mut text = String::with_capacity(doc_bytes + 200);
        while text.len() < doc_bytes {
            text.push_str(&sentence(&mut r));
            text.push(if r.below(6) == 0 { '\n' } else { ' ' });
        }
        written += text.len() as u64;
        let row = serde_json::json!({"id": format!("g{i}"), "title": format!("Report {i}"), "text": text});
        writeln!(out, "{row}")?;
        i += 1;
    }
    out.flush()?;
    Ok(path)
}

/// Resident set size now and at its peak, in MB (Linux; zeros elsewhere).
pub fn rss_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| -> f64 {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// What one end-to-end run did.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Run {
    pub documents_ingested: u64,
    pub documents_skipped: u64,
    pub documents_failed: u64,
    pub facts: u64,
    pub mb: f64,
    pub seconds: f64,
    /// Seconds the in-order writer spent writing (the rest overlaps with extraction).
    pub write_seconds: f64,
    /// Seconds the writer waited for the next document to be prepared.
    pub wait_seconds: f64,
    /// Group writes (`write_many` calls).
    pub groups: u64,
    /// (corpus MB read so far, RSS MB, peak RSS MB) at the requested marks.
    pub rss: Vec<(f64, f64, f64)>,
}

/// Ingests `paths` like `mnemo ingest` (documents grouped into `write_many` calls within `limits`),
/// sampling RSS when `marks_mb` of text have been read.
pub async fn ingest(
    m: &Mnemo,
    paths: &[PathBuf],
    marks_mb: &[f64],
    limits: GroupLimits,
) -> anyhow::Result<Run> {
    let start = Instant::now();
    let (tx, mut rx) = tokio::sync::mpsc::channel::<DocumentInput>(16);
    let reader = SourceReader::new(paths, SourceOptions::default());
    let failed = std::thread::spawn(move || {
        let mut failed = 0u64;
        for item in reader {
            match item {
                Ok(doc) => {
                    if tx.blocking_send(doc).is_err() {
                        break;
                    }
                }
                Err(_) => failed += 1,
            }
        }
        failed
    });
    // A group's worth prepared ahead, so extraction goes on while the writer waits for a commit.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let ahead = (cores * 2).max(limits.max_documents);
    let mut pending = std::collections::VecDeque::new();
    let mut run = Run::default();
    let (mut bytes, mut next_mark) = (0u64, 0usize);
    let mut done = false;
    let mut group = WriteGroup::new(limits);
    loop {
        while !done && pending.len() < ahead {
            match rx.recv().await {
                Some(doc) => {
                    let (m2, len) = (m.clone(), doc.text.len() as u64);
                    pending.push_back((
                        len,
                        tokio::spawn(async move { m2.extract_document(&doc).await }),
                    ));
                }
                None => done = true,
            }
        }
        let Some((len, handle)) = pending.pop_front() else {
            if !group.is_empty() {
                write_group(m, &mut group, &mut run).await?;
            }
            break;
        };
        let waited = Instant::now();
        let extracted = handle.await??;
        run.wait_seconds += waited.elapsed().as_secs_f64();
        // Names are resolved in input order, on top of the documents before (as `mnemo ingest`).
        let planned = loop {
            match m.plan_document(&extracted, &group).await? {
                Some(p) => break p,
                None => write_group(m, &mut group, &mut run).await?,
            }
        };
        group.push_planned(planned, ());
        if group.is_due() || (done && pending.is_empty()) {
            write_group(m, &mut group, &mut run).await?;
        }
        bytes += len;
        let read_mb = bytes as f64 / (1 << 20) as f64;
        while next_mark < marks_mb.len() && read_mb >= marks_mb[next_mark] {
            let (now, peak) = rss_mb();
            run.rss.push((marks_mb[next_mark], now, peak));
            next_mark += 1;
        }
    }
    run.documents_failed = failed.join().unwrap_or(0);
    run.mb = bytes as f64 / (1 << 20) as f64;
    run.seconds = start.elapsed().as_secs_f64();
    Ok(run)
}

/// Writes the group's documents in one call and counts their outcomes.
async fn write_group(m: &Mnemo, group: &mut WriteGroup<()>, run: &mut Run) -> anyhow::Result<()> {
    let docs: Vec<_> = group.take().into_iter().map(|(d, ())| d).collect();
    let writing = Instant::now();
    let outcomes = m.write_prepared_group(&docs).await;
    run.write_seconds += writing.elapsed().as_secs_f64();
    run.groups += 1;
    for outcome in outcomes {
        match outcome? {
            IngestOutcome::Ingested { facts, .. } => {
                run.documents_ingested += 1;
                run.facts += facts;
            }
            IngestOutcome::Unchanged { .. } => run.documents_skipped += 1,
        }
    }
    Ok(())
}
