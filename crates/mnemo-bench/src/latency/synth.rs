//! Synthetic knowledge graphs for the latency benchmark: deterministic names that read like people,
//! places and organisations, power-law entity degrees, and short episodes stating a few facts each.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, Timestamp, WriteBatch,
};
use rand::rngs::StdRng;
use rand::Rng;

const FIRST: &[&str] = &[
    "Anna", "Ben", "Clara", "David", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kira",
    "Liam", "Maya", "Nikolai", "Olga", "Pablo", "Quinn", "Rosa", "Samir", "Tara", "Umar", "Vera",
    "Wei", "Ximena", "Yusuf", "Zoe",
];
const SYLLABLES: &[&str] = &[
    "ka", "lo", "mer", "vin", "sa", "tor", "bel", "ran", "dis", "ko", "var", "len", "mi", "so",
    "ber", "gan", "ta", "ril", "no", "fel", "dra", "pe", "shu", "wen",
];
const PLACE_SUFFIX: &[&str] = &["burg", "ville", "ford", "haven", "stad", "port", "field"];
const ORG_SUFFIX: &[&str] = &["Group", "Labs", "Institute", "Bank", "Works", "Foundation"];
const PREDICATES: &[&str] = &[
    "works at",
    "lives in",
    "founded",
    "member of",
    "located in",
    "partner of",
    "invested in",
    "born in",
    "studied at",
    "acquired",
    "supplies",
    "manages",
    "advises",
    "visited",
];

/// A word built from syllables encoding `n` (a bijection, so names never collide).
fn word(mut n: usize) -> String {
    let mut s = String::new();
    loop {
        s.push_str(SYLLABLES[n % SYLLABLES.len()]);
        n /= SYLLABLES.len();
        if n == 0 {
            break;
        }
        n -= 1;
    }
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// The name and type of entity `i`; distinct for distinct `i`.
pub fn entity_name(i: usize) -> (String, EntityType) {
    match i % 4 {
        0 | 1 => {
            let j = (i / 4) * 2 + i % 4;
            let first = FIRST[j % FIRST.len()];
            (
                format!("{first} {}", word(j / FIRST.len())),
                EntityType::Person,
            )
        }
        2 => {
            let j = i / 4;
            let suffix = PLACE_SUFFIX[j % PLACE_SUFFIX.len()];
            (
                format!("{}{suffix}", word(j / PLACE_SUFFIX.len())),
                EntityType::Location,
            )
        }
        _ => {
            let j = i / 4;
            let suffix = ORG_SUFFIX[j % ORG_SUFFIX.len()];
            (
                format!("{} {suffix}", word(j / ORG_SUFFIX.len())),
                EntityType::Organization,
            )
        }
    }
}

/// A power-law draw over `0..n`: low indices are hubs.
pub fn power_law(rng: &mut StdRng, n: usize) -> usize {
    let u: f64 = rng.gen();
    ((n as f64) * u.powf(3.0)) as usize % n.max(1)
}

fn base_time() -> Timestamp {
    Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or_default()
}

/// The bench's "now": just after the newest synthetic episode.
pub fn now() -> Timestamp {
    base_time() + Duration::days(366)
}

/// A batch of `episodes` episodes with `facts_per_episode` facts each, numbered from `first_episode`.
pub fn batch(
    rng: &mut StdRng,
    entities: usize,
    first_episode: usize,
    episodes: usize,
    facts_per_episode: usize,
) -> anyhow::Result<WriteBatch> {
    let mut out = Vec::with_capacity(episodes);
    for e in first_episode..first_episode + episodes {
        let mut ents: Vec<EntityInput> = Vec::new();
        let mut facts: Vec<FactInput> = Vec::new();
        let mut content = String::new();
        let add = |i: usize, ents: &mut Vec<EntityInput>| -> anyhow::Result<(EntityKey, String)> {
            let (name, t) = entity_name(i);
            let input = EntityInput::named(&name, t)?;
            let key = input.key.clone();
            if !ents.iter().any(|x| x.key == key) {
                ents.push(input);
            }
            Ok((key, name))
        };
        for _ in 0..facts_per_episode {
            let s = power_law(rng, entities);
            let o = power_law(rng, entities);
            if s == o {
                continue;
            }
            let p = PREDICATES[rng.gen_range(0..PREDICATES.len())];
            let (sk, sn) = add(s, &mut ents)?;
            let (ok, on) = add(o, &mut ents)?;
            content.push_str(&format!("{sn} {p} {on}. "));
            facts.push(FactInput::new(sk, p, ok, rng.gen_range(0.5..1.0)));
        }
        let content = content.trim_end().to_string();
        out.push(EpisodeWrite {
            episode: Episode {
                id: format!("syn:{e}"),
                kind: EpisodeKind::Note,
                content_hash: content_hash(&content),
                content,
                created_at: base_time() + Duration::minutes(rng.gen_range(0..525_600)),
                source: "synthetic".into(),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities: ents,
            facts,
        });
    }
    Ok(WriteBatch {
        document: None,
        episodes: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_distinct_and_readable() {
        let names: HashSet<String> = (0..50_000).map(|i| entity_name(i).0).collect();
        assert_eq!(names.len(), 50_000);
        assert_eq!(entity_name(0).0, "Anna Ka");
        assert!(entity_name(2).0.ends_with("burg"));
    }
}
