//! Trains the shipped weights: `cargo run --release -p mnemo-extract --example train -- \
//!   --data ../shared/datasets/conll04-train/docs.jsonl --out crates/mnemo-extract/model`
//! writes `ner.bin` (name tagger) and `rel.bin` (relation pair scorer). `--holdout K/N` leaves out
//! the documents whose line number is K mod N, for tuning rules on a fold of the train split.

use std::io::BufRead;

use mnemo_extract::relations;
use mnemo_extract::tagger::{self, NameSpan, NameType};

struct Opts {
    data: String,
    out: String,
    holdout: Option<(usize, usize)>,
    epochs: usize,
}

fn parse_args() -> Result<Opts, String> {
    let mut o = Opts {
        data: String::new(),
        out: "crates/mnemo-extract/model".into(),
        holdout: None,
        epochs: 12,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--data" => o.data = val()?,
            "--out" => o.out = val()?,
            "--epochs" => o.epochs = val()?.parse().map_err(|e| format!("--epochs: {e}"))?,
            "--holdout" => {
                let v = val()?;
                let (k, n) = v.split_once('/').ok_or("--holdout K/N")?;
                o.holdout = Some((
                    k.parse().map_err(|e| format!("{e}"))?,
                    n.parse().map_err(|e| format!("{e}"))?,
                ));
            }
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if o.data.is_empty() {
        return Err("--data PATH/docs.jsonl is required".into());
    }
    Ok(o)
}

fn kind(t: &str) -> Option<NameType> {
    Some(match t {
        "Peop" | "PER" => NameType::Person,
        "Org" | "ORG" => NameType::Organization,
        "Loc" | "LOC" => NameType::Location,
        "Other" | "MISC" => NameType::Other,
        _ => return None,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let o = parse_args()?;
    let file = std::io::BufReader::new(std::fs::File::open(&o.data)?);
    let mut ner = Vec::new();
    let mut rel = Vec::new();
    for (line_no, line) in file.lines().enumerate() {
        if o.holdout.is_some_and(|(k, n)| line_no % n == k) {
            continue;
        }
        let doc: serde_json::Value = serde_json::from_str(&line?)?;
        let words: Vec<String> = doc["tokens"]
            .as_array()
            .ok_or("tokens missing")?
            .iter()
            .map(|t| t.as_str().unwrap_or("").to_string())
            .collect();
        let mut spans = Vec::new();
        for e in doc["entities"].as_array().ok_or("entities missing")? {
            let start = e["start"].as_u64().ok_or("start")? as usize;
            let end = e["end"].as_u64().ok_or("end")? as usize;
            let k = kind(e["type"].as_str().unwrap_or("")).ok_or("entity type")?;
            spans.push(NameSpan {
                start,
                end,
                kind: k,
            });
        }
        let mut pairs = Vec::new();
        for r in doc["relations"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            let h = r["head"].as_u64().ok_or("head")? as usize;
            let t = r["tail"].as_u64().ok_or("tail")? as usize;
            pairs.push((h, t));
        }
        rel.push(relations::TrainSentence {
            words: words.clone(),
            spans: spans.clone(),
            pairs,
        });
        let tags = tagger::tags_of(words.len(), &spans);
        ner.push((words, tags));
    }
    std::fs::create_dir_all(&o.out)?;
    let model = tagger::train(&ner, o.epochs);
    let bytes = model.to_bytes(0.05);
    std::fs::write(format!("{}/ner.bin", o.out), &bytes)?;
    println!(
        "ner: {} sentences, {} features, {} bytes",
        ner.len(),
        model.n_features(),
        bytes.len()
    );
    let model = relations::train(&rel, o.epochs);
    let bytes = model.to_bytes(0.05);
    std::fs::write(format!("{}/rel.bin", o.out), &bytes)?;
    println!(
        "rel: {} sentences, {} features, {} bytes",
        rel.len(),
        model.n_features(),
        bytes.len()
    );
    Ok(())
}
