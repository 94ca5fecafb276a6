//! The episode text index ranks a tenant's texts by the tenant's own word statistics: another
//! tenant using a word everywhere does not change how much it weighs here (each tenant's words
//! are its own terms). Against the real server named by `NEO4J_TEST_URI`.

mod common;

use chrono::TimeZone;
use mnemo_core::{content_hash, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant};
use mnemo_neo4j::Neo4jStore;

/// A word no other test writes: letters only, ending in a letter no stemmer rule removes.
fn rare_word(salt: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut n = nanos ^ (u128::from(std::process::id()) << 64) ^ u128::from(salt.len() as u32);
    let mut w = format!("qz{salt}");
    for _ in 0..10 {
        w.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    w.push('x');
    w
}

fn said(id: &str, content: &str) -> EpisodeWrite {
    EpisodeWrite {
        episode: Episode {
            id: id.to_string(),
            kind: EpisodeKind::Note,
            content_hash: content_hash(content),
            content: content.to_string(),
            created_at: chrono::Utc
                .timestamp_opt(1_704_067_200, 0)
                .single()
                .expect("valid timestamp"),
            source: "text-statistics-test".to_string(),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        entities: Vec::new(),
        facts: Vec::new(),
    }
}

async fn ranked(neo: &Neo4jStore, t: &Tenant, query: &str) -> Vec<String> {
    neo.search_text(t, query, 10)
        .await
        .expect("search")
        .into_iter()
        .map(|h| h.episode)
        .collect()
}

/// The quiet tenant has one text with word `a` and three with word `b`: asked for both, the text
/// with the rarer `a` leads. A louder tenant then writes `a` in 300 texts. With statistics shared
/// across tenants (the index before per-tenant terms), `a` became the common word and the `b`
/// texts took the lead.
#[tokio::test]
async fn a_louder_tenant_does_not_change_how_a_quieter_ones_words_weigh() {
    let Some(neo) = common::store().await else {
        return;
    };
    let quiet = common::unique_tenant("textstats", "quiet");
    let loud = common::unique_tenant("textstats", "loud");
    let (a, b) = (rare_word("a"), rare_word("b"));
    let mut texts = vec![said("q-a", &format!("{a} lantern glowed"))];
    for i in 0..3 {
        texts.push(said(&format!("q-b{i}"), &format!("{b} lantern glowed")));
    }
    common::write(&neo, &quiet, texts).await;
    let query = format!("{a} {b}");
    let before = ranked(&neo, &quiet, &query).await;
    assert_eq!(before.len(), 4, "{before:?}");
    assert_eq!(before[0], "q-a", "the rarer word leads: {before:?}");

    let noise: Vec<EpisodeWrite> = (0..300)
        .map(|i| said(&format!("l{i}"), &format!("{a} everywhere number {i}")))
        .collect();
    common::write(&neo, &loud, noise).await;
    let after = ranked(&neo, &quiet, &query).await;
    assert_eq!(
        after, before,
        "the louder tenant changed the quieter one's ranking"
    );
    // The loud tenant sees its own texts only, the quiet one's never.
    let theirs = ranked(&neo, &loud, &query).await;
    assert_eq!(theirs.len(), 10);
    assert!(theirs.iter().all(|id| id.starts_with('l')), "{theirs:?}");

    neo.purge_tenant(&quiet).await.expect("purge");
    neo.purge_tenant(&loud).await.expect("purge");
}
