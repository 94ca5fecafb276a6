//! Tenant isolation, randomised: two tenants remember facts about disjoint random names (and a few
//! names they share, with different facts); whatever a key of tenant A asks (search, entity
//! lookup, neighbourhood, stats, deletes), it never sees tenant B's data.
//! The seed is printed; set MNEMO_ISOLATION_SEED to replay a run.

mod common;

use std::collections::HashSet;

use axum::http::{Method, StatusCode};
use axum::Router;
use common::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const SYLLABLES: &[&str] = &[
    "ka", "lo", "vi", "mar", "ten", "sul", "dra", "fen", "qui", "bor", "zan", "rel", "tho", "gri",
    "mu", "pex", "nor", "wil", "sta", "cor", "yve", "lan", "dus", "hei",
];

/// A capitalised made-up word of 2-3 syllables that is not in `taken`.
fn word(rng: &mut StdRng, taken: &mut HashSet<String>) -> String {
    loop {
        let n = rng.gen_range(2..=3);
        let w: String = (0..n).map(|_| *SYLLABLES.choose(rng).unwrap()).collect();
        let mut cs = w.chars();
        let w = match cs.next() {
            Some(c) => c.to_uppercase().chain(cs).collect::<String>(),
            None => continue,
        };
        if taken.insert(w.to_lowercase()) {
            return w;
        }
    }
}

struct World {
    /// (person, place) pairs: "<person> was born in <place>."
    facts: Vec<(String, String)>,
    /// Every word only this tenant used, lowercase.
    words: HashSet<String>,
}

fn world(rng: &mut StdRng, taken: &mut HashSet<String>, n: usize) -> World {
    let mut facts = Vec::new();
    let mut words = HashSet::new();
    for _ in 0..n {
        let (first, last, place) = (word(rng, taken), word(rng, taken), word(rng, taken));
        for w in [&first, &last, &place] {
            words.insert(w.to_lowercase());
        }
        facts.push((format!("{first} {last}"), place));
    }
    World { facts, words }
}

async fn remember(app: &Router, key: &str, text: &str, id: &str) {
    let body = json!({"text": text, "id": id});
    let (s, b) = call(app, Method::POST, "/v1/remember", Some(key), Some(&body)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// Lowercase words of a JSON response, for leak checks. The parts that echo the query (`query`,
/// and `matched`, the query text an entity was linked by) are left out: they come from the caller.
fn words_of(v: &Value) -> HashSet<String> {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("query");
    }
    if let Some(linked) = v.get_mut("linked").and_then(Value::as_array_mut) {
        for l in linked {
            if let Some(o) = l.as_object_mut() {
                o.remove("matched");
            }
        }
    }
    v.to_string()
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn assert_no_leak(resp: &Value, foreign: &HashSet<String>, what: &str) {
    let leaked: Vec<_> = words_of(resp).intersection(foreign).cloned().collect();
    assert!(leaked.is_empty(), "{what} leaked {leaked:?}: {resp}");
}

#[tokio::test]
async fn a_key_never_sees_another_tenants_data() {
    let seed: u64 = std::env::var("MNEMO_ISOLATION_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| rand::thread_rng().gen());
    println!("MNEMO_ISOLATION_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let app = app(keyed_config());
    let mut taken = HashSet::new();
    let worlds = [
        world(&mut rng, &mut taken, 25),
        world(&mut rng, &mut taken, 25),
    ];
    let keys = [KEY_A, KEY_B];

    // Shared names: the same entity key in both tenants, with tenant-specific places.
    let shared: Vec<String> = (0..4)
        .map(|_| {
            format!(
                "{} {}",
                word(&mut rng, &mut taken),
                word(&mut rng, &mut taken)
            )
        })
        .collect();
    let mut own_words = [worlds[0].words.clone(), worlds[1].words.clone()];
    let mut shared_places: [Vec<String>; 2] = Default::default();
    for t in 0..2 {
        for (i, (person, place)) in worlds[t].facts.iter().enumerate() {
            remember(
                &app,
                keys[t],
                &format!("{person} was born in {place}."),
                &format!("t{t}-{i}"),
            )
            .await;
        }
        for (i, person) in shared.iter().enumerate() {
            let place = word(&mut rng, &mut taken);
            own_words[t].insert(place.to_lowercase());
            let text = format!("{person} lives in {place}.");
            remember(&app, keys[t], &text, &format!("s{t}-{i}")).await;
            shared_places[t].push(place);
        }
    }

    let mut hits = [0usize; 2];
    for round in 0..120 {
        let t = rng.gen_range(0..2);
        let other = 1 - t;
        let from = rng.gen_range(0..3);
        let (query, own) = match from {
            0 => {
                let (p, _) = worlds[t].facts.choose(&mut rng).unwrap();
                (format!("Where was {p} born?"), true)
            }
            1 => {
                let (p, place) = worlds[other].facts.choose(&mut rng).unwrap();
                (format!("Was {p} born in {place}?"), false)
            }
            _ => (
                format!("Where does {} live?", shared.choose(&mut rng).unwrap()),
                true,
            ),
        };
        let (s, b) = call(
            &app,
            Method::POST,
            "/v1/search",
            Some(keys[t]),
            Some(&json!({"query": query})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_no_leak(
            &b,
            &own_words[other],
            &format!("round {round} search {query:?} as {t}"),
        );
        if own && b["hit"] == json!(true) {
            hits[t] += 1;
        }

        // Entity lookup and neighbourhood of a foreign-only name: not found.
        let (p, _) = worlds[other].facts.choose(&mut rng).unwrap();
        let path = format!("/v1/entities/{}", p.replace(' ', "%20"));
        let (s, b) = call(&app, Method::GET, &path, Some(keys[t]), None).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
        let (s, _) = call(
            &app,
            Method::GET,
            &format!("{path}/neighbourhood?depth=2"),
            Some(keys[t]),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::NOT_FOUND);

        // A shared name's neighbourhood shows only this tenant's place.
        let i = rng.gen_range(0..shared.len());
        let path = format!(
            "/v1/entities/{}/neighbourhood?depth=2",
            shared[i].replace(' ', "%20")
        );
        let (s, b) = call(&app, Method::GET, &path, Some(keys[t]), None).await;
        if s == StatusCode::OK {
            assert_no_leak(&b, &own_words[other], "shared neighbourhood");
        }
    }
    // Positive control: isolation must not be passed by returning nothing.
    for t in 0..2 {
        assert!(hits[t] > 0, "tenant {t} never found its own data");
        let (_, b) = call(&app, Method::GET, "/v1/stats", Some(keys[t]), None).await;
        assert_eq!(b["episodes"], json!(25 + shared.len()), "{b}");
        let mut found = 0;
        for (person, _) in &worlds[t].facts {
            let path = format!("/v1/entities/{}", person.replace(' ', "%20"));
            let (s, _) = call(&app, Method::GET, &path, Some(keys[t]), None).await;
            found += usize::from(s == StatusCode::OK);
        }
        // The extractor may miss an odd made-up name, not most of them.
        assert!(
            found * 2 >= worlds[t].facts.len(),
            "tenant {t} found {found} own people"
        );
    }

    // Deleting another tenant's episode and document fails and leaves it in place.
    let (s, _) = call(&app, Method::DELETE, "/v1/episodes/t1-0", Some(KEY_A), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let doc = json!({"documents": [{"id": "bravo-doc", "text": format!("{} was born in {}.", shared[0], shared_places[1][0])}]});
    call(&app, Method::POST, "/v1/ingest", Some(KEY_B), Some(&doc)).await;
    let (s, _) = call(
        &app,
        Method::DELETE,
        "/v1/documents/bravo-doc",
        Some(KEY_A),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, b) = call(&app, Method::GET, "/v1/stats", Some(KEY_B), None).await;
    assert_eq!(
        (b["episodes"].clone(), b["documents"].clone()),
        (json!(26 + shared.len()), json!(1)),
        "{b}"
    );
}
