//! `mnemo quickstart`: ingests the bundled sample corpus (idempotently) and runs example searches.

use std::process::ExitCode;

use mnemo::{DocumentInput, IngestOutcome, Mnemo};

use crate::cli::QuickstartArgs;
use crate::output::outln;

/// The sample corpus, compiled into the binary so quickstart works from any directory.
const CORPUS: &[(&str, &str)] = &[
    (
        "marie-curie.md",
        include_str!("../quickstart/marie-curie.md"),
    ),
    (
        "pierre-curie.md",
        include_str!("../quickstart/pierre-curie.md"),
    ),
    (
        "irene-joliot-curie.md",
        include_str!("../quickstart/irene-joliot-curie.md"),
    ),
    (
        "ada-lovelace.md",
        include_str!("../quickstart/ada-lovelace.md"),
    ),
    (
        "charles-babbage.md",
        include_str!("../quickstart/charles-babbage.md"),
    ),
    (
        "acme-robotics.md",
        include_str!("../quickstart/acme-robotics.md"),
    ),
    ("chat-notes.md", include_str!("../quickstart/chat-notes.md")),
];

/// Example queries: single entity, two connected entities, a multi-hop question, and a miss.
pub const QUERIES: &[&str] = &[
    "What did Marie Curie discover?",
    "How is Ada Lovelace connected to Charles Babbage?",
    "Where is the company that Sofia Marin founded based?",
    "Who manages the Orion project?",
    "What is the capital of Australia?",
];

pub async fn run(mnemo: &Mnemo, args: QuickstartArgs) -> anyhow::Result<ExitCode> {
    let (mut ingested, mut unchanged) = (0, 0);
    for (name, text) in CORPUS {
        let doc = DocumentInput {
            source: format!("quickstart/{name}"),
            id: None,
            title: None,
            text: (*text).to_string(),
        };
        match mnemo.ingest_document(&doc).await? {
            IngestOutcome::Ingested { .. } => ingested += 1,
            IngestOutcome::Unchanged { .. } => unchanged += 1,
        }
    }
    let stats = mnemo.stats().await?;
    let mut results = Vec::new();
    if !args.json {
        outln!(
            "mnemo quickstart: {ingested} sample documents ingested ({unchanged} already stored) into the {} store: {} entities, {} facts, {} episodes.\n",
            mnemo.store().backend(),
            stats.entities,
            stats.facts,
            stats.episodes
        );
    }
    for q in QUERIES {
        let result = mnemo.search(q, None).await?;
        if args.json {
            results.push(result);
        } else {
            outln!("━━━ search: {q}");
            outln!("{}\n", result.context_text.trim_end());
        }
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&results)?);
    } else {
        outln!("Try your own: mnemo search \"...\"   (add --json for the structured result)");
    }
    Ok(ExitCode::SUCCESS)
}
