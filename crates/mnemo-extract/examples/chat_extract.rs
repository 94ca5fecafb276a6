//! Measures the rule extractor on conversations: every turn is extracted with its speaker, the
//! other speaker as listener and its time, as `mnemo remember --speaker --at` would store it.
//!
//! `cargo run --release -p mnemo-extract --example chat_extract -- ../shared/datasets/locomo-dev/conversations.jsonl [--show N] [--entities] [--times] [--speaker-only]`
//!
//! Input: JSON lines `{"id", "speakers": [a, b], "turns": [{"id", "speaker", "text", "at", ...}]}`.
//! Prints per conversation and overall: the share of turns yielding at least one fact, entities and
//! facts per turn, distinct entities and facts, whether every speaker is typed Person wherever it
//! appears, and the distinct entities whose name starts with a greeting or interjection.
//! `--show N` prints the extraction of every N-th turn; `--entities` lists each conversation's
//! distinct entities with their type; `--times` prints every resolved time expression;
//! `--speaker-only` passes neither listener nor time (as the facade's `remember` does today).

use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;

use mnemo_core::EntityType;
use mnemo_extract::{ExtractContext, RuleExtractor};
use serde_json::Value;

/// Words that open a greeting or an interjection: an entity named starting with one is garbage.
/// (Kept here, apart from the extractor's own lists, so the measure does not just echo them.)
const OPENERS: &[&str] = &[
    "hey",
    "hi",
    "hello",
    "hiya",
    "yo",
    "thanks",
    "thank",
    "thx",
    "wow",
    "whoa",
    "aww",
    "aw",
    "omg",
    "oh",
    "ooh",
    "ah",
    "ahh",
    "haha",
    "hahaha",
    "lol",
    "yay",
    "yeah",
    "yes",
    "no",
    "nope",
    "ok",
    "okay",
    "congrats",
    "congratulations",
    "cheers",
    "bye",
    "goodbye",
    "sure",
    "cool",
    "great",
    "awesome",
    "nice",
    "guess",
    "dear",
    "gosh",
    "damn",
    "ugh",
    "hmm",
    "um",
    "uh",
    "well",
    "good",
    "morning",
    "evening",
    "welcome",
    "sorry",
    "please",
    "amazing",
    "sweet",
    "totally",
    "absolutely",
    "definitely",
    "exactly",
    "indeed",
    "hooray",
    "phew",
    "oops",
];

#[derive(Default)]
struct Tally {
    turns: usize,
    with_fact: usize,
    entities: usize,
    facts: usize,
    speaker_not_person: usize,
    speaker_missing: usize,
    times: usize,
    timed_facts: usize,
    distinct: BTreeMap<String, (String, EntityType)>,
    distinct_facts: BTreeSet<(String, String, String)>,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.turns += o.turns;
        self.with_fact += o.with_fact;
        self.entities += o.entities;
        self.facts += o.facts;
        self.speaker_not_person += o.speaker_not_person;
        self.speaker_missing += o.speaker_missing;
        self.times += o.times;
        self.timed_facts += o.timed_facts;
    }

    fn greeting_entities(&self) -> Vec<&str> {
        self.distinct
            .values()
            .filter(|(name, _)| {
                let first = name
                    .split(|c: char| !c.is_alphanumeric() && c != '\'')
                    .find(|w| !w.is_empty())
                    .unwrap_or("")
                    .to_lowercase();
                OPENERS.contains(&first.as_str())
            })
            .map(|(n, _)| n.as_str())
            .collect()
    }

    fn print(&self, label: &str, greetings: usize) {
        let t = self.turns.max(1) as f64;
        println!(
            "{label}: turns {} | with >=1 fact {:.1}% | entities/turn {:.2} | facts/turn {:.2} | \
             speaker typed non-Person in {} turns | greeting/interjection entities {}",
            self.turns,
            100.0 * self.with_fact as f64 / t,
            self.entities as f64 / t,
            self.facts as f64 / t,
            self.speaker_not_person,
            greetings,
        );
        println!(
            "  time expressions resolved {} | facts carrying a resolved time {}",
            self.times, self.timed_facts
        );
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut path = None;
    let mut show = 0usize;
    let mut list = false;
    let mut show_times = false;
    let mut speaker_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--show" => show = args.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            "--entities" => list = true,
            "--times" => show_times = true,
            "--speaker-only" => speaker_only = true,
            _ => path = Some(a),
        }
    }
    let path =
        path.ok_or("usage: chat_extract CONVERSATIONS.jsonl [--show N] [--entities] [--times] [--speaker-only]")?;
    let file = std::io::BufReader::new(std::fs::File::open(&path)?);
    let mut total = Tally::default();
    let mut total_greetings = 0;
    let mut all_speakers_person = true;
    let started = std::time::Instant::now();
    let mut bytes = 0usize;
    for line in file.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let conv: Value = serde_json::from_str(&line)?;
        let speakers: Vec<String> = conv["speakers"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let mut tally = Tally::default();
        for (k, turn) in conv["turns"].as_array().into_iter().flatten().enumerate() {
            let speaker = turn["speaker"].as_str().unwrap_or("").to_string();
            let text = turn["text"].as_str().unwrap_or("");
            bytes += text.len();
            let mut ctx = ExtractContext::with_speaker(speaker.clone());
            let others: Vec<&String> = speakers.iter().filter(|s| **s != speaker).collect();
            if let [other] = others.as_slice() {
                if !speaker_only {
                    ctx = ctx.listener(other.as_str());
                }
            }
            if let Some(at) = turn["at"]
                .as_str()
                .filter(|_| !speaker_only)
                .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            {
                ctx = ctx.at(at.with_timezone(&chrono::Utc));
            }
            let analysis = RuleExtractor.analyse(text, &ctx, &mnemo_extract::Resolver::new());
            tally.timed_facts += analysis.fact_times.iter().filter(|t| t.is_some()).count();
            tally.times += analysis.times.len();
            if show_times {
                for t in &analysis.times {
                    println!("    time {:?} -> {} ({})", t.text, t.resolved, turn["at"]);
                }
            }
            let ex = analysis.extraction;
            tally.turns += 1;
            tally.entities += ex.entities.len();
            tally.facts += ex.facts.len();
            tally.with_fact += usize::from(!ex.facts.is_empty());
            let speaker_key = mnemo_core::canonical_key(&speaker);
            for e in &ex.entities {
                if e.key.as_str() == speaker_key && e.entity_type != EntityType::Person {
                    tally.speaker_not_person += 1;
                }
                tally
                    .distinct
                    .entry(e.key.as_str().to_string())
                    .or_insert((e.name.clone(), e.entity_type));
            }
            for f in &ex.facts {
                tally.distinct_facts.insert((
                    f.subject.as_str().to_string(),
                    f.rel_type.as_str().to_string(),
                    f.object.as_str().to_string(),
                ));
            }
            if show > 0 && k % show == 0 {
                println!("--- {} [{speaker}] {text}", turn["id"]);
                for e in &ex.entities {
                    println!("    {:<12} {}", e.entity_type.as_str(), e.name);
                }
                for f in &ex.facts {
                    println!("    {} -[{}]-> {}", f.subject, f.predicate, f.object);
                }
            }
        }
        let greetings = tally.greeting_entities();
        let id = conv["id"].as_str().unwrap_or("?");
        tally.print(id, greetings.len());
        println!(
            "  distinct entities {} | distinct facts {}",
            tally.distinct.len(),
            tally.distinct_facts.len()
        );
        for s in &speakers {
            let t = tally.distinct.get(&mnemo_core::canonical_key(s));
            println!("  speaker {s}: {:?}", t.map(|(_, t)| *t));
            all_speakers_person &=
                t.is_some_and(|(_, t)| *t == EntityType::Person) && tally.speaker_not_person == 0;
        }
        if !greetings.is_empty() {
            println!("  greeting entities: {greetings:?}");
        }
        if list {
            for (name, t) in tally.distinct.values() {
                println!("    {:<12} {name}", t.as_str());
            }
        }
        total_greetings += greetings.len();
        total.add(&tally);
    }
    total.print("all", total_greetings);
    println!("every speaker typed Person: {all_speakers_person}");
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{bytes} bytes of turns in {secs:.2} s ({:.2} MB/s wall)",
        bytes as f64 / secs / 1e6
    );
    Ok(())
}
