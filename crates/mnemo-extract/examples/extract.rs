//! Prints what the rule extractor finds in text from stdin:
//! `echo "I work at Acme." | cargo run -p mnemo-extract --example extract -- --speaker user`

use std::io::Read;

use mnemo_extract::{ExtractContext, RuleExtractor};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut ctx = ExtractContext::default();
    while let Some(a) = args.next() {
        if a == "--speaker" {
            ctx.speaker = args.next();
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
        println!(
            "{} -[{} {:?} {:.2}]-> {}",
            f.subject, f.rel_type, f.predicate, f.confidence, f.object
        );
    }
    Ok(())
}
