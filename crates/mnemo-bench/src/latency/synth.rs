//! Synthetic knowledge graphs for the latency benchmark: deterministic names that read like people,
//! places and organisations, power-law entity degrees, and episodes (~360 bytes with 8 facts) that
//! state a few facts each between one or two sentences of everyday English (`prose.rs`). Episodes
//! come in sessions of `SESSION_TURNS`: half are chats between two people (each turn has a
//! speaker), half notes; within a session the episodes follow each other minutes apart, so each
//! has thread neighbours.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, Timestamp, WriteBatch,
};
use rand::rngs::StdRng;
use rand::Rng;

use super::prose::{self, Prose};

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

/// Episodes per session.
pub const SESSION_TURNS: usize = 12;
/// Salts of the per-episode and per-session generators.
const TEXT_SALT: u64 = 1;
const SESSION_SALT: u64 = 2;

/// The shape of a synthetic graph.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// Seeds the everyday text and the sessions (the facts come from the caller's generator).
    pub seed: u64,
    pub entities: usize,
    pub facts_per_episode: usize,
}

/// The everyday text of episode `n` (one sentence, or two: one before its facts, one after).
pub fn everyday(seed: u64, n: usize) -> Prose {
    let mut rng = prose::rng_for(seed, TEXT_SALT, n);
    let sentences = if rng.gen_bool(0.4) { 2 } else { 1 };
    prose::prose(&mut rng, sentences)
}

/// A session: a chat between two people, or notes; and when it started.
struct Session {
    speakers: Option<[String; 2]>,
    start: Timestamp,
}

fn session(layout: &Layout, k: usize) -> Session {
    let mut rng = prose::rng_for(layout.seed, SESSION_SALT, k);
    let chat = rng.gen_bool(0.5);
    // People are drawn like the graph's degrees: a few speak in many sessions.
    let mut person = || {
        let i = power_law(&mut rng, layout.entities);
        entity_name(i / 4 * 4 + i % 2).0
    };
    let speakers = chat.then(|| [person(), person()]);
    let start = base_time() + Duration::minutes(rng.gen_range(0..525_600 - 60));
    Session { speakers, start }
}

/// A batch of `episodes` episodes with `layout.facts_per_episode` facts each, numbered from
/// `first_episode`. The facts (and nothing else) come from `rng`, so the graph is the one the
/// bench wrote before its episodes had everyday text and sessions.
pub fn batch(
    rng: &mut StdRng,
    layout: &Layout,
    first_episode: usize,
    episodes: usize,
) -> anyhow::Result<WriteBatch> {
    let (entities, facts_per_episode) = (layout.entities, layout.facts_per_episode);
    let mut out = Vec::with_capacity(episodes);
    let mut current: Option<(usize, Session)> = None;
    for e in first_episode..first_episode + episodes {
        let k = e / SESSION_TURNS;
        let sess = match &mut current {
            Some((at, s)) if *at == k => s,
            slot => &slot.insert((k, session(layout, k))).1,
        };
        let text = everyday(layout.seed, e);
        let mut ents: Vec<EntityInput> = Vec::new();
        let mut facts: Vec<FactInput> = Vec::new();
        let mut content = String::new();
        if let Some(first) = text.sentences.first() {
            content.push_str(first);
            content.push(' ');
        }
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
        for more in text.sentences.iter().skip(1) {
            content.push_str(more);
        }
        let content = content.trim_end().to_string();
        // Drawn as before (the facts after it stay the same); the time is the session's.
        let _unused_time: i64 = rng.gen_range(0..525_600);
        let turn = e % SESSION_TURNS;
        let speaker = sess.speakers.as_ref().map(|s| s[turn % 2].clone());
        out.push(EpisodeWrite {
            episode: Episode {
                id: format!("syn:{e}"),
                kind: if speaker.is_some() {
                    EpisodeKind::Interaction
                } else {
                    EpisodeKind::Note
                },
                content_hash: content_hash(&content),
                content,
                created_at: sess.start + Duration::minutes(3 * turn as i64),
                source: "synthetic".into(),
                document_id: None,
                span: None,
                speaker,
                session: Some(format!("session-{k}")),
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

    #[test]
    fn episodes_read_like_chats_and_notes() {
        let layout = Layout {
            seed: 7,
            entities: 2_500,
            facts_per_episode: 8,
        };
        let mut rng: StdRng = rand::SeedableRng::seed_from_u64(7);
        let batch = batch(&mut rng, &layout, 0, 240).expect("a batch");
        let eps: Vec<&Episode> = batch.episodes.iter().map(|e| &e.episode).collect();
        let mean = eps.iter().map(|e| e.content.len()).sum::<usize>() / eps.len();
        assert!((250..=400).contains(&mean), "mean episode {mean} bytes");
        let spoken = eps.iter().filter(|e| e.speaker.is_some()).count();
        assert!(
            (40..=200).contains(&spoken),
            "{spoken} turns with a speaker"
        );
        assert!(eps.iter().all(|e| e.session.is_some()));
        // The text of an episode can be written again from the seed alone.
        let words = everyday(7, 5).words;
        assert!(words.iter().all(|w| eps[5].content.contains(w)));
    }
}
