//! Test-only: checks the internal invariants of a tenant graph (rank-sorted adjacency, sorted
//! mention lists, index consistency) after a long pseudo-random sequence of writes and deletes, and
//! that grouping the same writes into `write_many` calls changes neither the result nor the reports.

use std::collections::HashSet;

use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, WriteBatch, WriteReport,
};
use petgraph::visit::EdgeRef;

use crate::graph::TenantGraph;
use crate::handles::Node;
use crate::EmbeddedStore;

/// A small deterministic generator (no test-only dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

fn check(g: &TenantGraph) {
    let mut mentions = 0u64;
    for n in g.graph.node_indices() {
        let rec = &g.graph[n];
        assert!(
            !rec.mentions.is_empty(),
            "entity {} without mentions",
            rec.key
        );
        mentions += rec.mentions.len() as u64;
        for w in rec.mentions.windows(2) {
            assert!(
                g.ep_cmp(w[0], w[1]).is_lt(),
                "mentions of {} unsorted",
                rec.key
            );
        }
        for w in rec.adj.windows(2) {
            assert!(
                g.rank_cmp(w[0], w[1]).is_lt(),
                "adjacency of {} unsorted",
                rec.key
            );
        }
        let incident: HashSet<_> = g
            .graph
            .edges_directed(n, petgraph::Direction::Outgoing)
            .chain(g.graph.edges_directed(n, petgraph::Direction::Incoming))
            .map(|e| e.id())
            .collect();
        let adj: HashSet<_> = rec.adj.iter().copied().collect();
        assert_eq!(adj, incident, "adjacency of {} is not its edges", rec.key);
        assert_eq!(
            adj.len(),
            rec.adj.len(),
            "duplicate in adjacency of {}",
            rec.key
        );
        assert_eq!(g.node(&rec.key), Some(n));
        for token in rec.key.split(' ') {
            let list = g.token_index.get(token).expect("token indexed");
            assert_eq!(list.iter().filter(|&&x| x == n).count(), 1, "token {token}");
        }
    }
    assert_eq!(mentions, g.mention_count, "mention count drifted");
    for (list, cmp) in [
        (
            &g.tops.0,
            TenantGraph::by_mentions as crate::top::Order<TenantGraph>,
        ),
        (&g.tops.1, TenantGraph::by_recency),
    ] {
        assert!(!list.stale, "a leader list was left stale");
        let full = g.top_k_nodes(g.graph.node_indices(), crate::top::TOP_KEPT, cmp);
        assert_eq!(list.nodes, full, "leader list differs from a full scan");
    }
    assert_eq!(g.keys.len(), g.graph.node_count());
    assert_eq!(g.facts.len(), g.graph.edge_count());
    for e in g.graph.edge_indices() {
        let f = &g.graph[e];
        let (s, o) = g.graph.edge_endpoints(e).expect("live edge");
        assert_eq!(g.facts.get(&g.graph, s, f.rel, o), Some(e), "fact index");
        assert!(!f.supports.is_empty());
        let max = f.supports.iter().map(|s| s.1).fold(0.0, f32::max);
        assert_eq!(
            f.supports.confidence(),
            max,
            "confidence is not the max of supports"
        );
        for w in f.supports.windows(2) {
            assert!(g.ep_cmp(w[0].0, w[1].0).is_lt(), "supports unsorted");
        }
    }
    // Every event time belongs to a live support.
    for &(slot, e) in g.occurred.keys() {
        assert!(
            g.graph
                .edge_weight(e)
                .is_some_and(|f| f.supports.iter().any(|sp| sp.0 == slot)),
            "event time of a support that is gone"
        );
    }
    // Token search: the same entities, in the same order, as a full sort of every match.
    for tokens in [
        &["x0"][..],
        &["x1", "e3"],
        &["alias"],
        &["e7 x2"],
        &["x2", "x2"],
    ] {
        let tokens: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
        let mut all: Vec<Node> = tokens
            .iter()
            .flat_map(|t| t.split(' '))
            .filter_map(|p| g.token_index.get(p))
            .flatten()
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        all.sort_by(|&a, &b| TenantGraph::by_mentions(g, a, b));
        for limit in [0, 1, 2, 3, 5, 256] {
            let got: Vec<String> = g
                .find_by_tokens(&tokens, limit)
                .into_iter()
                .map(|e| e.key.to_string())
                .collect();
            let want: Vec<String> = all
                .iter()
                .take(limit)
                .map(|&n| g.graph[n].key.to_string())
                .collect();
            assert_eq!(got, want, "find_by_tokens {tokens:?} limit {limit}");
        }
    }
    let mut live = 0;
    for (slot, rec) in g.episodes.iter().enumerate() {
        if let Some(rec) = rec {
            live += 1;
            assert_eq!(g.episode_slot(&rec.id), Some(slot as u32), "episode index");
        }
    }
    assert_eq!(g.episode_ids.len(), live, "episode index holds dead slots");
    // Every episode in a thread holds exactly its place there, and nothing else does.
    let mut threaded = 0;
    for (slot, rec) in g.episodes.iter().enumerate() {
        let Some(rec) = rec else { continue };
        if rec.thread == crate::records::NO_THREAD {
            continue;
        }
        threaded += 1;
        let pos = g.thread_pos(slot as u32);
        assert!(
            g.threads.get(&rec.thread).is_some_and(|t| t.contains(&pos)),
            "episode {} missing from its thread",
            rec.id
        );
    }
    for set in g.threads.values() {
        assert!(!set.is_empty(), "empty thread kept");
        for &(t, span, slot) in set {
            let rec = g.episodes.get(slot as usize).and_then(Option::as_ref);
            assert!(
                rec.is_some_and(|r| (r.created_at.timestamp_micros(), r.span_start) == (t, span)),
                "a thread points at a removed or moved episode"
            );
        }
    }
    assert_eq!(
        g.threads.values().map(|s| s.len()).sum::<usize>(),
        threaded,
        "thread entries"
    );
    for list in g.token_index.values().chain(g.alias_index.values()) {
        assert!(!list.is_empty(), "empty index list kept");
        for &n in list {
            assert!(g.graph.contains_node(n), "index points at a removed entity");
        }
    }
}

fn episode(rng: &mut Lcg, id: u64) -> EpisodeWrite {
    let names: Vec<String> = (0..1 + rng.next(4))
        .map(|_| format!("E{} x{}", rng.next(30), rng.next(3)))
        .collect();
    let entities: Vec<EntityInput> = names
        .iter()
        .map(|n| EntityInput {
            aliases: vec![format!("alias {}", rng.next(50))],
            ..EntityInput::named(n, EntityType::ALL[rng.next(7) as usize]).expect("name")
        })
        .collect();
    let mut facts = Vec::new();
    for _ in 0..rng.next(4) {
        let (s, o) = (rng.next(names.len() as u64), rng.next(names.len() as u64));
        if names[s as usize] != names[o as usize] {
            facts.push(
                FactInput::new(
                    EntityKey::from_name(&names[s as usize]).expect("key"),
                    ["knows", "likes", "owns"][rng.next(3) as usize],
                    EntityKey::from_name(&names[o as usize]).expect("key"),
                    rng.next(101) as f32 / 100.0,
                )
                // A third of the statements give an event time (kept per support).
                .with_occurred(
                    rng.next(3)
                        .eq(&0)
                        .then(|| format!("2023-05-{:02}", 1 + rng.next(28))),
                ),
            );
        }
    }
    let content = format!("episode {id}");
    EpisodeWrite {
        episode: Episode {
            id: format!("e{id}"),
            kind: EpisodeKind::Note,
            content_hash: content_hash(&content),
            content,
            created_at: chrono::DateTime::from_timestamp(rng.next(1000) as i64, 0)
                .expect("timestamp"),
            source: "invariants".into(),
            document_id: None,
            span: None,
            // Some notes are turns of a session or of the tenant's conversation (threads).
            speaker: id.is_multiple_of(3).then(|| format!("speaker{}", id % 2)),
            session: id.is_multiple_of(5).then(|| format!("s{}", id % 4)),
        },
        entities,
        facts,
    }
}

/// One step of a pseudo-random history.
enum Op {
    Write(WriteBatch),
    DeleteDocument(String),
    DeleteEpisodes(Vec<String>),
}

/// A deterministic mix of writes, document replacements and deletes.
fn random_history(seed: u64, steps: usize) -> Vec<Op> {
    let mut rng = Lcg(seed);
    let mut next_id = 0u64;
    let mut ops = Vec::with_capacity(steps);
    for _ in 0..steps {
        ops.push(match rng.next(10) {
            0..=4 => {
                let episodes = (0..1 + rng.next(5))
                    .map(|_| {
                        next_id += 1;
                        episode(&mut rng, next_id)
                    })
                    .collect();
                Op::Write(WriteBatch {
                    document: None,
                    episodes,
                })
            }
            5..=6 => {
                let doc = format!("d{}", rng.next(3));
                let mut chunks: Vec<u64> = (0..rng.next(4)).map(|_| rng.next(6)).collect();
                chunks.sort_unstable();
                chunks.dedup();
                let episodes = chunks
                    .iter()
                    .map(|c| {
                        let mut ew = episode(&mut rng, 0);
                        ew.episode.id = format!("{doc}.c{c}");
                        ew.episode.document_id = Some(doc.clone());
                        ew.episode.span = Some((c * 100, c * 100 + 99));
                        ew
                    })
                    .collect();
                let document = mnemo_core::Document {
                    id: doc.clone(),
                    source: format!("{doc}.txt"),
                    content_hash: format!("v{}", rng.next(1000)),
                    created_at: chrono::DateTime::from_timestamp(0, 0).expect("ts"),
                };
                Op::Write(WriteBatch {
                    document: Some(document),
                    episodes,
                })
            }
            7 => Op::DeleteDocument(format!("d{}", rng.next(3))),
            _ => Op::DeleteEpisodes(
                (0..1 + rng.next(4))
                    .map(|_| format!("e{}", rng.next(next_id + 1)))
                    .collect(),
            ),
        });
    }
    ops
}

async fn delete(store: &EmbeddedStore, t: &Tenant, op: &Op) {
    match op {
        Op::DeleteDocument(doc) => match store.delete_document(t, doc).await {
            Ok(_) | Err(mnemo_core::Error::NotFound(_)) => {}
            Err(e) => panic!("delete_document: {e:?}"),
        },
        Op::DeleteEpisodes(ids) => {
            store.delete_episodes(t, ids).await.expect("delete");
        }
        Op::Write(_) => unreachable!("writes are not deletes"),
    }
}

fn check_tenant(store: &EmbeddedStore, t: &Tenant) {
    let tenants = store.tenants.read().expect("lock");
    if let Some(g) = tenants.get(t.as_str()) {
        check(g);
    }
}

/// Runs a deterministic history one write at a time, checking invariants after each step.
/// Returns the write reports in order.
async fn random_ops(store: &EmbeddedStore, t: &Tenant, seed: u64) -> Vec<WriteReport> {
    let mut reports = Vec::new();
    for op in random_history(seed, 300) {
        match &op {
            Op::Write(b) => reports.push(store.write(t, b).await.expect("write")),
            _ => delete(store, t, &op).await,
        }
        check_tenant(store, t);
    }
    reports
}

/// The same history with consecutive writes grouped into `write_many` calls of 1 to 12 batches.
async fn random_grouped_ops(store: &EmbeddedStore, t: &Tenant, seed: u64) -> Vec<WriteReport> {
    let mut sizes = Lcg(seed ^ 0x5eed);
    let mut reports = Vec::new();
    let mut group: Vec<WriteBatch> = Vec::new();
    let mut target = 1 + sizes.next(12) as usize;
    let ops = random_history(seed, 300);
    let last = ops.len() - 1;
    for (i, op) in ops.into_iter().enumerate() {
        let other = match op {
            Op::Write(b) => {
                group.push(b);
                None
            }
            other => Some(other),
        };
        if !group.is_empty() && (other.is_some() || group.len() >= target || i == last) {
            let got = store.write_many(t, &group).await.expect("write_many");
            assert_eq!(got.len(), group.len(), "one report per batch");
            reports.extend(got);
            group.clear();
            target = 1 + sizes.next(12) as usize;
            check_tenant(store, t);
        }
        if let Some(op) = other {
            delete(store, t, &op).await;
            check_tenant(store, t);
        }
    }
    reports
}
async fn sorted_export(store: &EmbeddedStore, t: &Tenant) -> mnemo_core::Subgraph {
    let mut g = store.export(t).await.expect("export");
    g.entities.sort_by(|a, b| a.key.cmp(&b.key));
    g.facts.sort_by_key(|f| f.id());
    g
}

#[tokio::test]
async fn random_writes_and_deletes_keep_every_invariant() {
    let store = EmbeddedStore::in_memory();
    let t = Tenant::new("inv").expect("tenant");
    random_ops(&store, &t, 42).await;
    let stats = store.stats(&t).await.expect("stats");
    assert!(
        stats.facts > 10 && stats.entities > 10,
        "too little left to test: {stats:?}"
    );
}

#[tokio::test]
async fn a_reopened_store_equals_the_live_one_after_random_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let t = Tenant::new("inv").expect("tenant");
    let memory = EmbeddedStore::in_memory();
    random_ops(&memory, &t, 7).await;
    let (live, stats) = {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        random_ops(&store, &t, 7).await;
        (
            sorted_export(&store, &t).await,
            store.stats(&t).await.expect("stats"),
        )
    };
    assert_eq!(
        live,
        sorted_export(&memory, &t).await,
        "durable and in-memory disagree"
    );
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert_eq!(store.stats(&t).await.expect("stats"), stats);
    assert_eq!(
        sorted_export(&store, &t).await,
        live,
        "reopened store differs"
    );
    let tenants = store.tenants.read().expect("lock");
    check(tenants.get("inv").expect("tenant loaded"));
}

#[tokio::test]
async fn grouped_writes_equal_sequential_writes_after_random_history() {
    for seed in [3, 11, 42] {
        let t = Tenant::new("inv").expect("tenant");
        let one_by_one = EmbeddedStore::in_memory();
        let expected = random_ops(&one_by_one, &t, seed).await;
        let grouped = EmbeddedStore::in_memory();
        let got = random_grouped_ops(&grouped, &t, seed).await;
        assert_eq!(got.len(), expected.len());
        if let Some(i) = (0..got.len()).find(|&i| got[i] != expected[i]) {
            panic!(
                "write {i} reports {:?}, one by one {:?} (seed {seed})",
                got[i], expected[i]
            );
        }
        assert_eq!(
            sorted_export(&grouped, &t).await,
            sorted_export(&one_by_one, &t).await,
            "graphs differ (seed {seed})"
        );
        assert_eq!(
            grouped.stats(&t).await.expect("stats"),
            one_by_one.stats(&t).await.expect("stats")
        );
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let durable = EmbeddedStore::open(dir.path()).expect("open");
            let durable_reports = random_grouped_ops(&durable, &t, seed).await;
            assert!(
                durable_reports == expected,
                "durable reports differ (seed {seed})"
            );
        }
        let reopened = EmbeddedStore::open(dir.path()).expect("reopen");
        assert_eq!(
            sorted_export(&reopened, &t).await,
            sorted_export(&one_by_one, &t).await,
            "reopened grouped store differs (seed {seed})"
        );
        check_tenant(&reopened, &t);
    }
}
