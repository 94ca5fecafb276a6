//! Group commit of prepared documents: a bad document in the middle of a group fails alone, the
//! others land whole, and the result equals writing the documents one by one.

use std::sync::Arc;
use std::time::Duration;

use mnemo_core::{FactInput, GraphStore, Subgraph, Tenant};

use super::{GroupLimits, WriteGroup};
use crate::{DocumentInput, Error, IngestOutcome, Mnemo, MnemoOptions, PreparedDocument};

fn doc(i: usize) -> DocumentInput {
    DocumentInput {
        source: format!("doc{i}.md"),
        id: None,
        title: None,
        text: format!(
            "Laura Chen{i} works for Acme Robotics in Lyon.\n\nTom Keller{i} met Laura Chen{i} in Paris."
        ),
    }
}

fn memory(store: Arc<dyn GraphStore>, tenant: &str) -> Mnemo {
    Mnemo::new(
        store,
        Arc::new(crate::RuleExtractor),
        Tenant::new(tenant).expect("tenant"),
        MnemoOptions::default(),
    )
    // A fixed clock, so that two memories writing the same documents store the same times.
    .with_clock(Arc::new(|| {
        chrono::DateTime::from_timestamp(1_700_000_000, 0).expect("timestamp")
    }))
}

async fn prepare_all(m: &Mnemo, n: usize) -> Vec<PreparedDocument> {
    let mut out = Vec::new();
    for i in 0..n {
        out.push(m.prepare_document(&doc(i)).await.expect("prepare"));
    }
    out
}

/// Makes a prepared document invalid: a fact whose subject the episode does not mention.
fn poison(p: &mut PreparedDocument) {
    let PreparedDocument::Ready { batch, .. } = p else {
        panic!("document should be ready")
    };
    let ew = &mut batch.episodes[0];
    let object = ew.entities[0].key.clone();
    let nobody = mnemo_core::EntityKey::from_name("Nobody Here").expect("key");
    ew.facts.push(FactInput::new(nobody, "knows", object, 0.5));
}

async fn sorted_export(m: &Mnemo) -> Subgraph {
    let mut g = m.export().await.expect("export");
    g.entities.sort_by(|a, b| a.key.cmp(&b.key));
    g.facts.sort_by_key(|f| f.id());
    g
}

async fn check(store: Arc<dyn GraphStore>, reference: Arc<dyn GraphStore>) {
    let m = memory(store.clone(), "group");
    let mut docs = prepare_all(&m, 5).await;
    let good = docs[2].clone();
    poison(&mut docs[2]);
    let outcomes = m.write_prepared_group(&docs).await;
    assert_eq!(outcomes.len(), 5);
    for (i, o) in outcomes.iter().enumerate() {
        match (i, o) {
            (2, Err(Error::InvalidInput(_))) => {}
            (2, other) => panic!("the bad document must fail alone: {other:?}"),
            (_, Ok(IngestOutcome::Ingested { episodes, .. })) => {
                assert!(*episodes > 0, "document {i} wrote nothing")
            }
            (_, other) => panic!("document {i} must land: {other:?}"),
        }
    }
    let bad_id = doc(2).document_id();
    assert!(
        m.store()
            .get_document(m.tenant(), &bad_id)
            .await
            .unwrap()
            .is_none(),
        "the bad document was written"
    );
    let stats = m.stats().await.unwrap();
    assert_eq!(stats.documents, 4, "{stats:?}");

    // Writing the whole group again, fixed: the four stored documents are skipped, the fifth lands.
    docs[2] = good;
    let again = m.write_prepared_group(&docs).await;
    for (i, o) in again.iter().enumerate() {
        match o {
            Ok(IngestOutcome::Ingested { episodes, .. }) => {
                assert_eq!(*episodes > 0, i == 2, "document {i}: {o:?}")
            }
            other => panic!("document {i}: {other:?}"),
        }
    }

    // The same documents written one by one give the same graph.
    let r = memory(reference, "group");
    for d in prepare_all(&r, 5).await {
        r.write_prepared(&d).await.expect("write");
    }
    assert_eq!(m.stats().await.unwrap(), r.stats().await.unwrap());
    assert_eq!(sorted_export(&m).await, sorted_export(&r).await);
    // Prepared again, everything is unchanged.
    let unchanged = prepare_all(&m, 5).await;
    assert!(unchanged
        .iter()
        .all(|p| matches!(p, PreparedDocument::Unchanged { .. })));
    for o in m.write_prepared_group(&unchanged).await {
        assert!(matches!(o, Ok(IngestOutcome::Unchanged { .. })), "{o:?}");
    }
}

#[tokio::test]
async fn a_bad_document_in_a_group_fails_alone_in_memory() {
    check(
        Arc::new(mnemo_store::EmbeddedStore::in_memory()),
        Arc::new(mnemo_store::EmbeddedStore::in_memory()),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_document_in_a_group_fails_alone_durable() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(mnemo_store::EmbeddedStore::open(dir.path()).unwrap());
    check(store, Arc::new(mnemo_store::EmbeddedStore::in_memory())).await;
    let reopened = mnemo_store::EmbeddedStore::open(dir.path()).unwrap();
    let t = Tenant::new("group").unwrap();
    assert_eq!(reopened.stats(&t).await.unwrap().documents, 5);
}

#[test]
fn a_group_is_due_when_full_of_documents_or_facts_or_old() {
    let ready = |facts| PreparedDocument::Ready {
        document_id: "d".into(),
        batch: mnemo_core::WriteBatch {
            document: None,
            episodes: Vec::new(),
        },
        entities: 0,
        facts,
    };
    let limits = GroupLimits {
        max_documents: 3,
        max_facts: 100,
        max_wait: Duration::from_secs(3600),
    };
    let mut g = WriteGroup::new(limits);
    assert!(!g.is_due() && g.remaining().is_none());
    g.push(ready(10), 1);
    g.push(ready(10), 2);
    assert!(!g.is_due());
    g.push(ready(10), 3);
    assert!(g.is_due(), "three documents fill it");
    let taken: Vec<i32> = g.take().into_iter().map(|(_, t)| t).collect();
    assert_eq!(taken, vec![1, 2, 3], "documents come back in order");
    assert!(g.is_empty() && !g.is_due());
    g.push(ready(150), 4);
    assert!(g.is_due(), "facts fill it");
    g.take();
    let mut quick = WriteGroup::new(GroupLimits {
        max_wait: Duration::ZERO,
        ..limits
    });
    quick.push(
        PreparedDocument::Unchanged {
            document_id: "u".into(),
            content_hash: "h".into(),
        },
        0,
    );
    assert!(quick.is_due(), "the time window has passed");
}
