//! Prints what the rule extractor finds in text from stdin:
//! `echo "I work at Acme." | cargo run -p mnemo-extract --example extract -- --speaker user
//! [--listener NAME] [--at 2023-05-08T13:56:00Z]`

use std::io::Read;

use mnemo_extract::{ExtractContext, RuleExtractor};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut ctx = ExtractContext::default();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--speaker" => ctx.speaker = args.next(),
            "--listener" => ctx.listener = args.next(),
            "--at" => {
                ctx.at = args
                    .next()
                    .and_then(|t| chrono::DateTime::parse_from_rfc3339(&t).ok())
                    .map(|t| t.with_timezone(&chrono::Utc))
            }
            _ => {}
        }
    }
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    let ex = RuleExtractor.extract_sync(&text, &ctx);
    for e in &ex.entities {
        println!(
            "{:<12} {:?} key={:?} aliases={:?}",
            e.entity_type.as_str(),
            e.name,
            e.key.as_str(),
            e.aliases
        );
    }
    for f in &ex.facts {
        // When it happened, resolved against `--at` ("last Friday" -> 2023-05-05).
        let when = f
            .occurred
            .as_deref()
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        println!(
            "{} -[{} {:?} {:.2}]-> {}{when}",
            f.subject, f.rel_type, f.predicate, f.confidence, f.object
        );
    }
    Ok(())
}
