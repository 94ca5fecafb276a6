//! Ingest results do not depend on timing: the same documents in the same order give the same
//! graph (entities with their names, types, aliases and mention counts; facts with their wording,
//! support and confidence) whether they are written one run per document, all at once, in groups
//! of 1 or 4, on 1 or 4 worker threads, or in a run interrupted after some documents and resumed.
//! The documents refer to people introduced by earlier ones by surname, title and pet form, so a
//! document resolved without the documents before it (extracted ahead of the writer, waiting in
//! the open group) would get entities of its own. On the embedded store, and on Neo4j when
//! `NEO4J_TEST_URI` is set (with CI=true a missing server fails the test).

use std::path::{Path, PathBuf};
use std::process::Command;

use mnemo::GraphStore;

fn neo4j_uri() -> Option<String> {
    mnemo_neo4j::test_server_uri("the Neo4j half of this test")
}

fn neo4j_config(uri: &str) -> mnemo_neo4j::Neo4jConfig {
    mnemo_neo4j::Neo4jConfig {
        user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        ..mnemo_neo4j::Neo4jConfig::with_uri(uri)
    }
}

/// A fresh store: an embedded data dir, or a tenant of its own on the Neo4j test server (purged
/// when dropped). The data dir also holds the checkpoints.
struct Target {
    data: PathBuf,
    neo4j: Option<(String, String)>,
}

impl Target {
    fn new(dir: &Path, tag: &str, neo4j: Option<&str>) -> Target {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Target {
            data: dir.join(format!("data-{tag}")),
            neo4j: neo4j.map(|uri| {
                let tenant = format!("order-{tag}-{}-{nanos:x}", std::process::id());
                (uri.to_string(), tenant)
            }),
        }
    }

    /// `mnemo ingest PATHS ARGS` on `threads` runtime workers; panics unless it succeeds.
    fn ingest(&self, paths: &[PathBuf], args: &[&str], threads: usize) {
        let mut c = Command::new(crate::MNEMO);
        c.arg("--data-dir").arg(&self.data);
        if let Some((uri, tenant)) = &self.neo4j {
            let cfg = neo4j_config(uri);
            c.args(["--store", "neo4j", "--tenant", tenant])
                .env("MNEMO__STORE__NEO4J__URI", uri)
                .env("MNEMO__STORE__NEO4J__USER", cfg.user)
                .env("MNEMO__STORE__NEO4J__PASSWORD", cfg.password);
        }
        c.arg("ingest").args(paths).args(args).arg("--no-progress");
        c.env("TOKIO_WORKER_THREADS", threads.to_string())
            .env_remove("RUST_LOG");
        let o = c.output().expect("run mnemo");
        assert!(
            o.status.success(),
            "{:?}: {}",
            o.status,
            String::from_utf8_lossy(&o.stderr)
        );
    }

    /// The whole graph, one line per entity and fact, sorted; times are left out (each run
    /// has its own clock).
    fn dump(&self) -> Vec<String> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(self.read_graph())
    }

    async fn read_graph(&self) -> Vec<String> {
        let (store, tenant): (Box<dyn GraphStore>, String) = match &self.neo4j {
            None => (
                Box::new(mnemo_store::EmbeddedStore::open(&self.data).expect("open the store")),
                "default".into(),
            ),
            Some((uri, tenant)) => (
                Box::new(
                    mnemo_neo4j::Neo4jStore::connect(neo4j_config(uri))
                        .await
                        .expect("connect"),
                ),
                tenant.clone(),
            ),
        };
        let tenant = mnemo::Tenant::new(tenant).expect("tenant");
        let graph = store.export(&tenant).await.expect("export");
        let mut lines: Vec<String> = graph
            .entities
            .iter()
            .map(|e| {
                format!(
                    "entity {} | {} | {:?} | {:?} | {}",
                    e.key.as_str(),
                    e.name,
                    e.entity_type,
                    e.aliases,
                    e.mentions
                )
            })
            .chain(graph.facts.iter().map(|f| {
                let mut eps = f.episodes.clone();
                eps.sort();
                format!(
                    "fact {} -{}-> {} | {} | {} | {:.3} | {:?}",
                    f.subject.as_str(),
                    f.rel_type.as_str(),
                    f.object.as_str(),
                    f.predicate,
                    f.mentions,
                    f.confidence,
                    eps
                )
            }))
            .collect();
        lines.sort();
        lines
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        let Some((uri, tenant)) = &self.neo4j else {
            return;
        };
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        rt.block_on(async {
            if let (Ok(store), Ok(t)) = (
                mnemo_neo4j::Neo4jStore::connect(neo4j_config(uri)).await,
                mnemo::Tenant::new(tenant.clone()),
            ) {
                let _ = store.purge_tenant(&t).await;
            }
        });
    }
}

const FIRST: [&str; 12] = [
    "William",
    "Laura",
    "Robert",
    "Elizabeth",
    "Thomas",
    "Katherine",
    "Daniel",
    "Margaret",
    "Michael",
    "Jennifer",
    "Andrew",
    "Patricia",
];
const LAST: [&str; 12] = [
    "Hart", "Chen", "Keller", "Marin", "Novak", "Okafor", "Brandt", "Silva", "Dubois", "Larsen",
    "Moreau", "Quinn",
];
const SHORT: [&str; 12] = [
    "Bill", "Laura", "Bob", "Liz", "Tom", "Kate", "Dan", "Meg", "Mike", "Jen", "Andy", "Patty",
];
const ORGS: [&str; 6] = [
    "Acme Robotics",
    "Northwind Labs",
    "Helios Energy",
    "Blue Harbor Bank",
    "Vantage Media",
    "Orion Shipping",
];
const CITIES: [&str; 6] = ["Berlin", "Lisbon", "Oslo", "Toronto", "Nairobi", "Osaka"];

/// Document `i`: introduces person `i` by full name, then refers to earlier people by surname,
/// with a title, and by a pet form of the first name.
fn document(i: usize) -> String {
    let p = i % FIRST.len();
    let full = format!("{} {}", FIRST[p], LAST[p]);
    let org = ORGS[i % ORGS.len()];
    let city = CITIES[i % CITIES.len()];
    let mut text = format!("{full} joined {org} in {city}. {full} works for {org}.");
    if i >= 1 {
        let q = (i - 1) % FIRST.len();
        text.push_str(&format!(
            " Later, {} met {} in {}.",
            LAST[q],
            LAST[p],
            CITIES[(i + 2) % CITIES.len()]
        ));
    }
    if i >= 2 {
        let q = (i - 2) % FIRST.len();
        text.push_str(&format!(
            " Mr. {} advised {}. {} lives in {}.",
            LAST[q],
            ORGS[(i + 1) % ORGS.len()],
            SHORT[q],
            CITIES[(i + 3) % CITIES.len()]
        ));
    }
    if i >= 3 {
        let q = (i * 5 + 1) % i.min(FIRST.len());
        text.push_str(&format!(
            " {} {} founded {}.",
            SHORT[q],
            LAST[q],
            ORGS[(i + 4) % ORGS.len()]
        ));
    }
    text
}

/// 30 documents, in input (sorted file name) order.
fn corpus(dir: &Path) -> Vec<PathBuf> {
    let docs = dir.join("docs");
    std::fs::create_dir_all(&docs).expect("mkdir");
    (0..30)
        .map(|i| {
            let path = docs.join(format!("doc{i:02}.txt"));
            std::fs::write(&path, document(i)).expect("write");
            path
        })
        .collect()
}

fn same_graph_however_written(neo4j: Option<&str>) {
    let kind = if neo4j.is_some() { "neo4j" } else { "embedded" };
    let dir = tempfile::tempdir().expect("tempdir");
    let files = corpus(dir.path());
    let folder = vec![dir.path().join("docs")];

    // The definition: every document written alone, after the ones before it.
    let reference = Target::new(dir.path(), "one-by-one", neo4j);
    for f in &files {
        reference.ingest(std::slice::from_ref(f), &[], 2);
    }
    let expected = reference.dump();
    // Sanity of the corpus: every short form resolved to the person introduced earlier.
    for short in LAST.iter().chain(&SHORT).filter(|s| !FIRST.contains(s)) {
        let own = format!("entity {} |", short.to_lowercase());
        assert!(
            !expected.iter().any(|l| l.starts_with(&own)),
            "{kind}: {short} is an entity of its own:\n{}",
            expected.join("\n")
        );
    }

    let runs: [(&str, &[&str], usize); 5] = [
        ("all-at-once", &[], 2),
        ("groups-of-1", &["--group-docs", "1"], 2),
        ("groups-of-4", &["--group-docs", "4"], 4),
        ("all-1-thread", &[], 1),
        ("all-4-threads", &["--group-docs", "30"], 4),
    ];
    for (tag, args, threads) in runs {
        let t = Target::new(dir.path(), tag, neo4j);
        t.ingest(&folder, args, threads);
        assert_eq!(t.dump(), expected, "{kind}: {tag}");
    }

    // Interrupted after 11 documents (a crash between two group commits leaves a prefix), then
    // run again over everything: the stored prefix is skipped by hash.
    let resumed = Target::new(dir.path(), "resumed", neo4j);
    resumed.ingest(&files[..11], &[], 2);
    resumed.ingest(&folder, &[], 2);
    assert_eq!(resumed.dump(), expected, "{kind}: resumed");
}

#[test]
fn the_same_documents_give_the_same_graph_however_they_are_written() {
    same_graph_however_written(None);
    if let Some(uri) = neo4j_uri() {
        same_graph_however_written(Some(&uri));
    }
}
