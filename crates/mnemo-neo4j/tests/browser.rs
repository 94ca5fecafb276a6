//! What Neo4j Browser shows: episodes and documents carry a `name` (the property Browser and the
//! shipped style sheet caption nodes by), the speaker and first words of a turn, a document's file
//! name; `mnemo migrate` gives it to nodes written before it existed.

mod common;

use mnemo_core::{content_hash, Document, EpisodeWrite, GraphStore, WriteBatch};
use neo4rs::query;

async fn names(neo: &mnemo_neo4j::Neo4jStore, tenant: &str) -> Vec<(String, String)> {
    let mut rows = neo
        .graph()
        .execute(
            query(
                "MATCH (n) WHERE n.tenant = $t AND (n:Episode OR n:Document) \
                 RETURN coalesce(n.id, '') AS id, coalesce(n.name, '') AS name ORDER BY id",
            )
            .param("t", tenant),
        )
        .await
        .expect("read");
    let mut out = Vec::new();
    while let Some(row) = rows.next().await.expect("row") {
        out.push((row.get("id").expect("id"), row.get("name").expect("name")));
    }
    out
}

#[tokio::test]
async fn episodes_and_documents_have_captions_and_migrate_restores_them() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("browser", "captions");
    let mut turn = common::note("turn1", 1, "chat");
    turn.content = "I went to a support group yesterday and it was so powerful.".into();
    turn.content_hash = content_hash(&turn.content);
    turn.speaker = Some("Caroline".into());
    let mut chunk = common::note("doc1:0", 2, "notes/plan.md");
    chunk.document_id = Some("doc1".into());
    chunk.span = Some((0, 10));
    let doc = WriteBatch {
        document: Some(Document {
            id: "doc1".into(),
            source: "notes/plan.md".into(),
            content_hash: content_hash("plan"),
            created_at: chunk.created_at,
        }),
        episodes: vec![EpisodeWrite {
            episode: chunk,
            entities: Vec::new(),
            facts: Vec::new(),
        }],
    };
    let said = WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode: turn,
            entities: Vec::new(),
            facts: Vec::new(),
        }],
    };
    neo.write(&t, &doc).await.expect("write the document");
    neo.write(&t, &said).await.expect("write the turn");
    let got = names(&neo, t.as_str()).await;
    let find = |got: &[(String, String)], id: &str| {
        got.iter()
            .find(|(i, _)| i == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    assert_eq!(find(&got, "turn1"), "Caroline: I went to a support group…");
    assert_eq!(find(&got, "doc1"), "plan.md");
    assert!(!find(&got, "doc1:0").is_empty(), "{got:?}");

    neo.graph()
        .run(query("MATCH (n) WHERE n.tenant = $t REMOVE n.name").param("t", t.as_str()))
        .await
        .expect("strip the captions, as an older version wrote them");
    neo.backfill_text_index(&t).await.expect("migrate");
    let got = names(&neo, t.as_str()).await;
    assert_eq!(find(&got, "turn1"), "I went to a support group yester");
    assert_eq!(find(&got, "doc1"), "plan.md");
    neo.purge_tenant(&t).await.expect("purge");
}
