//! Facts that change, as Neo4j Browser shows them: a family fact's relationship carries
//! `valid_from` and `valid_to` (null while current), set in the transaction that writes or deletes
//! a statement deciding it, equal to what a search derives from the same facts
//! (`mnemo_core::validity`) whatever order the statements came in.

mod common;

use chrono::{DateTime, TimeZone, Utc};
use mnemo_core::validity::{validity, ValidityConfig};
use mnemo_core::{
    EntityInput, EntityKey, EntityType, EpisodeWrite, FactInput, GraphStore, Tenant, Timestamp,
    WriteBatch,
};
use mnemo_neo4j::Neo4jStore;
use neo4rs::query;

fn day(y: i32, m: u32, d: u32) -> Timestamp {
    Utc.with_ymd_and_hms(y, m, d, 9, 0, 0)
        .single()
        .expect("day")
}

/// One episode at `at` stating `subject predicate object`.
fn said(id: &str, at: Timestamp, subject: &str, predicate: &str, object: &str) -> WriteBatch {
    let mut ep = common::note(id, 0, "chat");
    ep.created_at = at;
    ep.content = format!("{subject} {predicate} {object}.");
    ep.content_hash = mnemo_core::content_hash(&ep.content);
    let person = EntityInput::named(subject, EntityType::Person).expect("subject");
    let other = EntityInput::named(object, EntityType::Location).expect("object");
    let fact = FactInput::new(person.key.clone(), predicate, other.key.clone(), 0.9);
    WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode: ep,
            entities: vec![person, other],
            facts: vec![fact],
        }],
    }
}

type Interval = (Option<Timestamp>, Option<Timestamp>);

/// `(valid_from, valid_to)` of the relationship `subject -[rel]-> object`.
async fn stored(neo: &Neo4jStore, t: &Tenant, subject: &str, rel: &str, object: &str) -> Interval {
    let mut rows = neo
        .graph()
        .execute(
            query(
                "MATCH (s:Entity {tenant: $t, key: $s})-[r]->(o:Entity {tenant: $t, key: $o}) \
                 WHERE type(r) = $rel RETURN r.valid_from AS f, r.valid_to AS u",
            )
            .param("t", t.as_str())
            .param("s", key(subject).as_str())
            .param("o", key(object).as_str())
            .param("rel", rel),
        )
        .await
        .expect("read");
    let row = rows.next().await.expect("row").expect("the relationship");
    let get = |c: &str| {
        row.get::<Option<DateTime<chrono::FixedOffset>>>(c)
            .expect(c)
            .map(|t| t.with_timezone(&Utc))
    };
    (get("f"), get("u"))
}

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("key")
}

/// Every family fact of the tenant carries the interval derived from all of its facts.
async fn agrees_with_derived(neo: &Neo4jStore, t: &Tenant) {
    let facts = neo.export(t).await.expect("export").facts;
    let table = ValidityConfig::default();
    let derived = validity(&facts, &table);
    let holders = table.holders(&facts);
    for ((f, v), hs) in facts.iter().zip(&derived).zip(&holders) {
        if hs.is_empty() {
            continue;
        }
        let got = stored(
            neo,
            t,
            &f.subject.to_string(),
            f.rel_type.as_str(),
            &f.object.to_string(),
        )
        .await;
        assert_eq!(got, (Some(v.valid_from), v.valid_to), "{f:?}");
    }
}

#[tokio::test]
async fn a_move_closes_the_old_residence_on_the_relationship_and_a_delete_reopens_it() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("validity", "move");
    let paris = said("v1", day(2020, 4, 1), "Lena Vogt", "lives in", "Paris");
    let lyon = said("v2", day(2024, 6, 1), "Lena Vogt", "moved to", "Lyon");
    neo.write(&t, &paris).await.expect("paris");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (Some(day(2020, 4, 1)), None)
    );
    neo.write(&t, &lyon).await.expect("lyon");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (Some(day(2020, 4, 1)), Some(day(2024, 6, 1)))
    );
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "MOVED_TO", "Lyon").await,
        (Some(day(2024, 6, 1)), None)
    );
    agrees_with_derived(&neo, &t).await;

    neo.delete_episodes(&t, &["v2".to_string()])
        .await
        .expect("delete the move");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (Some(day(2020, 4, 1)), None),
        "deleting the move reopens the old residence"
    );
    neo.write(&t, &lyon).await.expect("restore the move");
    agrees_with_derived(&neo, &t).await;
    neo.purge_tenant(&t).await.expect("purge");
}

#[tokio::test]
async fn statements_out_of_order_and_in_one_group_give_the_same_intervals() {
    let Some(neo) = common::store().await else {
        return;
    };
    let late = common::unique_tenant("validity", "late");
    let grouped = common::unique_tenant("validity", "grouped");
    let story = [
        said("a1", day(2019, 1, 10), "Ana Ruiz", "lives in", "Madrid"),
        said("a2", day(2021, 3, 5), "Ana Ruiz", "moved to", "Oslo"),
        said("a3", day(2023, 9, 1), "Ana Ruiz", "relocated to", "Quito"),
    ];
    // The newest first, the oldest last: an old fact written late closes nothing newer.
    for b in story.iter().rev() {
        neo.write(&late, b).await.expect("write");
    }
    neo.write_many(&grouped, &story).await.expect("write many");
    for t in [&late, &grouped] {
        assert_eq!(
            stored(&neo, t, "Ana Ruiz", "LIVES_IN", "Madrid").await,
            (Some(day(2019, 1, 10)), Some(day(2021, 3, 5)))
        );
        assert_eq!(
            stored(&neo, t, "Ana Ruiz", "MOVED_TO", "Oslo").await,
            (Some(day(2021, 3, 5)), Some(day(2023, 9, 1)))
        );
        assert_eq!(
            stored(&neo, t, "Ana Ruiz", "RELOCATED_TO", "Quito").await,
            (Some(day(2023, 9, 1)), None)
        );
        agrees_with_derived(&neo, t).await;
        neo.purge_tenant(t).await.expect("purge");
    }
}

#[tokio::test]
async fn a_symmetric_family_is_closed_from_the_other_end() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("validity", "spouse");
    neo.write(
        &t,
        &said("m1", day(2010, 5, 1), "Anna Berg", "married", "Ben Holt"),
    )
    .await
    .expect("first marriage");
    // Only Ben and Clara are in this write; Anna's marriage is closed all the same.
    neo.write(
        &t,
        &said("m2", day(2018, 7, 1), "Ben Holt", "married", "Clara Dahl"),
    )
    .await
    .expect("second marriage");
    assert_eq!(
        stored(&neo, &t, "Anna Berg", "MARRIED", "Ben Holt").await,
        (Some(day(2010, 5, 1)), Some(day(2018, 7, 1)))
    );
    agrees_with_derived(&neo, &t).await;
    neo.purge_tenant(&t).await.expect("purge");
}

#[tokio::test]
async fn a_fact_held_by_its_object_is_closed_by_the_objects_next_one() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("validity", "hired");
    // "Umbrella hired Tom" says whom Tom works for (`^HIRED`): Tom holds it, as its object.
    neo.write(
        &t,
        &said("h1", day(2015, 2, 1), "Umbrella Corp", "hired", "Tom Reed"),
    )
    .await
    .expect("hired");
    neo.write(
        &t,
        &said("h2", day(2020, 9, 1), "Tom Reed", "joined", "Initech"),
    )
    .await
    .expect("joined");
    assert_eq!(
        stored(&neo, &t, "Umbrella Corp", "HIRED", "Tom Reed").await,
        (Some(day(2015, 2, 1)), Some(day(2020, 9, 1)))
    );
    agrees_with_derived(&neo, &t).await;
    neo.purge_tenant(&t).await.expect("purge");
}

#[tokio::test]
async fn migrate_gives_intervals_to_facts_written_before_they_were_kept() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("validity", "migrate");
    neo.write(
        &t,
        &said("g1", day(2020, 4, 1), "Lena Vogt", "lives in", "Paris"),
    )
    .await
    .expect("paris");
    neo.write(
        &t,
        &said("g2", day(2024, 6, 1), "Lena Vogt", "moved to", "Lyon"),
    )
    .await
    .expect("lyon");
    neo.graph()
        .run(
            query("MATCH ()-[r]->() WHERE r.tenant = $t REMOVE r.valid_from, r.valid_to")
                .param("t", t.as_str()),
        )
        .await
        .expect("strip the intervals, as an older version wrote the facts");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (None, None)
    );
    neo.rebuild_validity(&t).await.expect("migrate");
    neo.rebuild_validity(&t).await.expect("migrate again");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (Some(day(2020, 4, 1)), Some(day(2024, 6, 1)))
    );
    agrees_with_derived(&neo, &t).await;
    neo.purge_tenant(&t).await.expect("purge");
}

#[tokio::test]
async fn migrate_with_a_changed_table_drops_the_intervals_it_no_longer_holds() {
    let Some(neo) = common::store().await else {
        return;
    };
    let t = common::unique_tenant("validity", "table");
    neo.write(
        &t,
        &said("c1", day(2020, 4, 1), "Lena Vogt", "lives in", "Paris"),
    )
    .await
    .expect("paris");
    neo.write(
        &t,
        &said("c2", day(2021, 1, 1), "Lena Vogt", "works for", "Initech"),
    )
    .await
    .expect("initech");
    // The same data opened with a table that has no residence family.
    let mut table = ValidityConfig::default();
    table.families.remove("residence");
    table.endings.remove("residence");
    let uri = common::test_uri().expect("server");
    let narrower = Neo4jStore::connect(mnemo_neo4j::Neo4jConfig {
        validity: table,
        ..common::config(&uri)
    })
    .await
    .expect("connect");
    narrower.rebuild_validity(&t).await.expect("migrate");
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "LIVES_IN", "Paris").await,
        (None, None),
        "no family: no interval"
    );
    assert_eq!(
        stored(&neo, &t, "Lena Vogt", "WORKS_FOR", "Initech").await,
        (Some(day(2021, 1, 1)), None)
    );
    neo.purge_tenant(&t).await.expect("purge");
}
