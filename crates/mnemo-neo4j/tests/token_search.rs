//! `find_by_tokens` on Neo4j cuts its candidates at whole mention-count groups and orders them on
//! the client; the answer must still be exactly the embedded store's (most mentioned, then most
//! recent, then key, limited), above all when the limit falls inside a group of ties.

mod common;

use mnemo_core::{EntityInput, EntityType, EpisodeWrite, GraphStore, Tenant, WriteBatch};
use mnemo_store::EmbeddedStore;

fn tenant(tag: &str) -> Tenant {
    common::unique_tenant("tokens", tag)
}

fn episode(id: &str, secs: i64, names: &[String]) -> EpisodeWrite {
    EpisodeWrite {
        episode: common::note(id, secs, "token-test"),
        entities: names
            .iter()
            .map(|n| EntityInput::named(n, EntityType::Person).expect("name"))
            .collect(),
        facts: Vec::new(),
    }
}

/// 60 people called "Anna ..." and 20 "... Institute"s. Anna `i` is mentioned `i % 4 + 1` times
/// (groups of 15 ties), and some share their last mention time, so the key decides among them.
fn batch() -> WriteBatch {
    let mut eps = Vec::new();
    for i in 0..60i64 {
        let anna = format!("Anna N{i:02}");
        for j in 0..(i % 4 + 1) {
            // Every third Anna's last mention falls at the same moment as another's.
            let at = if j == i % 4 && i % 3 == 0 {
                9_000
            } else {
                i * 10 + j
            };
            eps.push(episode(
                &format!("a{i}.{j}"),
                at,
                std::slice::from_ref(&anna),
            ));
        }
    }
    for i in 0..20i64 {
        let names = vec![format!("Lab{i} Institute")];
        for j in 0..(i % 3 + 1) {
            eps.push(episode(&format!("i{i}.{j}"), 20_000 + i * 10 + j, &names));
        }
    }
    WriteBatch {
        document: None,
        episodes: eps,
    }
}

#[tokio::test]
async fn token_matches_cut_inside_a_group_of_ties_like_the_embedded_store() {
    let Some(neo) = common::store().await else {
        return;
    };
    let emb = EmbeddedStore::in_memory();
    let (t, e) = (tenant("ties"), tenant("ties-emb"));
    let b = batch();
    neo.write(&t, &b).await.expect("neo write");
    emb.write(&e, &b).await.expect("emb write");

    let keys = |es: Vec<mnemo_core::Entity>| {
        es.into_iter()
            .map(|x| (x.key.to_string(), x.mentions))
            .collect::<Vec<_>>()
    };
    for words in [
        vec!["anna"],
        vec!["institute"],
        vec!["anna", "institute"],
        vec!["n07", "institute"],
    ] {
        let words: Vec<String> = words.into_iter().map(String::from).collect();
        // Cuts at group edges (15, 30) and inside groups (1, 7, 16, 44), and past the end.
        for limit in [1, 7, 15, 16, 30, 44, 79, 80, 200, usize::MAX] {
            let got = keys(neo.find_by_tokens(&t, &words, limit).await.expect("neo"));
            let want = keys(emb.find_by_tokens(&e, &words, limit).await.expect("emb"));
            assert_eq!(got, want, "words {words:?}, limit {limit}");
            assert_eq!(got.len(), want.len().min(limit));
        }
    }
    neo.purge_tenant(&t).await.expect("purge");
}

/// The statement cuts its candidates before it checks their tenant: a tenant whose id contains
/// this one's (`x-t`), with the same names mentioned more, must neither leak in nor take the kept
/// places (the name index keeps each tenant id as one exact term).
#[tokio::test]
async fn a_louder_tenant_whose_id_contains_this_ones_neither_leaks_nor_crowds_it_out() {
    let Some(neo) = common::store().await else {
        return;
    };
    let emb = EmbeddedStore::in_memory();
    let (t, e) = (tenant("own"), tenant("own-emb"));
    let foreign = Tenant::new(format!("x-{t}")).expect("tenant");
    let b = batch();
    neo.write(&t, &b).await.expect("neo write");
    emb.write(&e, &b).await.expect("emb write");
    let mut louder = batch();
    for (i, ep) in louder.episodes.iter_mut().enumerate() {
        ep.episode.id = format!("loud{i}");
    }
    let mut twice = louder.clone();
    for (i, ep) in twice.episodes.iter_mut().enumerate() {
        ep.episode.id = format!("again{i}");
    }
    louder.episodes.extend(twice.episodes);
    neo.write(&foreign, &louder).await.expect("foreign write");

    for words in [vec!["anna"], vec!["anna", "institute"]] {
        let words: Vec<String> = words.into_iter().map(String::from).collect();
        for limit in [1, 16, 60, 200] {
            let got = neo.find_by_tokens(&t, &words, limit).await.expect("neo");
            let want = emb.find_by_tokens(&e, &words, limit).await.expect("emb");
            let keys = |es: &[mnemo_core::Entity]| {
                es.iter()
                    .map(|x| (x.key.to_string(), x.mentions))
                    .collect::<Vec<_>>()
            };
            assert_eq!(keys(&got), keys(&want), "words {words:?}, limit {limit}");
        }
    }
    neo.purge_tenant(&t).await.expect("purge");
    neo.purge_tenant(&foreign).await.expect("purge foreign");
}
