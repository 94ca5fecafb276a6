//! Multi-hop join: the paths (length <= 4) that connect pairs of seeds through their joined
//! neighbourhoods, and every fact's hop distance from the nearest seed. Pure: runs on a `Subgraph`,
//! so joining is identical whichever store fetched it.

use std::collections::{BTreeMap, HashMap};

use mnemo_core::{EntityKey, Fact, FactId, Subgraph};
use petgraph::graph::{NodeIndex, UnGraph};
use serde::{Deserialize, Serialize};

/// Limits of the join.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JoinConfig {
    /// Longest connecting path, in facts (two depth-2 neighbourhoods meet within 4).
    pub max_path_len: usize,
    /// Paths kept per pair of seeds.
    pub paths_per_pair: usize,
    /// Paths kept in all.
    pub max_paths: usize,
}

impl Default for JoinConfig {
    fn default() -> Self {
        JoinConfig {
            max_path_len: 4,
            paths_per_pair: 3,
            max_paths: 12,
        }
    }
}

/// One fact along a path, with the direction in which the path walks it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PathStep {
    pub fact: FactId,
    pub predicate: String,
    /// True when the path goes from the fact's subject to its object.
    pub forward: bool,
}

/// A chain of facts connecting two seeds; edges are walked in either direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Path {
    /// The entities along the path, from one seed to the other.
    pub entities: Vec<EntityKey>,
    /// `entities.len() - 1` steps.
    pub steps: Vec<PathStep>,
}

impl Path {
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

/// What the join found.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Joined {
    /// Connecting paths, shortest and strongest first.
    pub paths: Vec<Path>,
    /// Per fact of the subgraph (same order): 1 when it touches a seed, 2 one entity further, ...;
    /// `None` when it is not connected to any seed.
    pub fact_hops: Vec<Option<u8>>,
}

/// Fact strength for choosing among parallel edges and ordering paths.
fn strength(f: &Fact) -> f64 {
    (1.0 + f.mentions as f64).ln() + f64::from(f.confidence)
}

/// Joins a subgraph around the seeds.
pub fn join(subgraph: &Subgraph, seeds: &[EntityKey], cfg: &JoinConfig) -> Joined {
    let mut keys: Vec<&EntityKey> = subgraph.entities.iter().map(|e| &e.key).collect();
    keys.extend(subgraph.facts.iter().flat_map(|f| [&f.subject, &f.object]));
    keys.extend(seeds);
    keys.sort();
    keys.dedup();
    let mut graph: UnGraph<&EntityKey, usize> = UnGraph::with_capacity(keys.len(), 0);
    let index: HashMap<&EntityKey, NodeIndex> =
        keys.iter().map(|k| (*k, graph.add_node(*k))).collect();

    // Path finding walks one edge per entity pair: the strongest of any parallel facts.
    let mut best: BTreeMap<(NodeIndex, NodeIndex), usize> = BTreeMap::new();
    for (i, f) in subgraph.facts.iter().enumerate() {
        let (a, b) = (index[&f.subject], index[&f.object]);
        let pair = (a.min(b), a.max(b));
        let better = match best.get(&pair) {
            None => true,
            Some(&j) => {
                let g = &subgraph.facts[j];
                strength(f)
                    .total_cmp(&strength(g))
                    .then(g.id().cmp(&f.id()))
                    .is_gt()
            }
        };
        if better {
            best.insert(pair, i);
        }
    }
    for (&(a, b), &i) in &best {
        graph.add_edge(a, b, i);
    }
    // Neighbours in key order, so every enumeration below is deterministic.
    let adjacency: Vec<Vec<(NodeIndex, usize)>> = graph
        .node_indices()
        .map(|n| {
            let mut v: Vec<(NodeIndex, usize)> = graph
                .edges(n)
                .map(|e| {
                    use petgraph::visit::EdgeRef;
                    let other = if e.source() == n {
                        e.target()
                    } else {
                        e.source()
                    };
                    (other, *e.weight())
                })
                .collect();
            v.sort_by_key(|(o, _)| graph[*o]);
            v
        })
        .collect();

    let mut seed_nodes: Vec<NodeIndex> = Vec::new();
    for s in seeds {
        if !seed_nodes.contains(&index[s]) {
            seed_nodes.push(index[s]);
        }
    }
    let dist: Vec<HashMap<NodeIndex, usize>> =
        seed_nodes.iter().map(|&s| bfs(&adjacency, s)).collect();

    let fact_hops = subgraph
        .facts
        .iter()
        .map(|f| {
            let (a, b) = (index[&f.subject], index[&f.object]);
            dist.iter()
                .filter_map(|d| match (d.get(&a), d.get(&b)) {
                    (Some(x), Some(y)) => Some(*x.min(y)),
                    (Some(x), None) | (None, Some(x)) => Some(*x),
                    (None, None) => None,
                })
                .min()
                .map(|d| u8::try_from(d + 1).unwrap_or(u8::MAX))
        })
        .collect();

    let mut paths = Vec::new();
    for i in 0..seed_nodes.len() {
        for j in i + 1..seed_nodes.len() {
            let mut found = pair_paths(&adjacency, seed_nodes[i], seed_nodes[j], &dist[j], cfg);
            let mut scored: Vec<(f64, Vec<(NodeIndex, usize)>)> = found
                .drain(..)
                .map(|p| {
                    (
                        p.iter().map(|(_, f)| strength(&subgraph.facts[*f])).sum(),
                        p,
                    )
                })
                .collect();
            scored.sort_by(|a, b| a.1.len().cmp(&b.1.len()).then(b.0.total_cmp(&a.0)));
            scored.truncate(cfg.paths_per_pair);
            for (_, p) in scored {
                paths.push(render_path(&graph, subgraph, seed_nodes[i], &p));
            }
        }
    }
    paths.sort_by_key(Path::len);
    paths.truncate(cfg.max_paths);
    Joined { paths, fact_hops }
}

/// Hop distances from `start` to every reachable node.
fn bfs(adjacency: &[Vec<(NodeIndex, usize)>], start: NodeIndex) -> HashMap<NodeIndex, usize> {
    let mut dist = HashMap::from([(start, 0)]);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(n) = queue.pop_front() {
        let d = dist[&n];
        for &(next, _) in &adjacency[n.index()] {
            dist.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    dist
}

/// Simple paths from `from` to `to` of at most `max_path_len` steps, found by depth-first search
/// pruned with the distances from `to`: a branch continues only if it can still meet `to` in time,
/// which is the meet-in-the-middle of the two neighbourhoods. Each path is (next node, fact) steps.
fn pair_paths(
    adjacency: &[Vec<(NodeIndex, usize)>],
    from: NodeIndex,
    to: NodeIndex,
    dist_to: &HashMap<NodeIndex, usize>,
    cfg: &JoinConfig,
) -> Vec<Vec<(NodeIndex, usize)>> {
    // Enough candidates to pick the strongest few from, without enumerating a hub's every path.
    let limit = cfg.paths_per_pair.saturating_mul(16).max(1);
    let mut out = Vec::new();
    let mut stack = Vec::new();
    let mut on_path = vec![from];
    dfs(
        adjacency,
        from,
        to,
        dist_to,
        cfg.max_path_len,
        &mut on_path,
        &mut stack,
        &mut out,
        limit,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn dfs(
    adjacency: &[Vec<(NodeIndex, usize)>],
    node: NodeIndex,
    to: NodeIndex,
    dist_to: &HashMap<NodeIndex, usize>,
    left: usize,
    on_path: &mut Vec<NodeIndex>,
    stack: &mut Vec<(NodeIndex, usize)>,
    out: &mut Vec<Vec<(NodeIndex, usize)>>,
    limit: usize,
) {
    if out.len() >= limit || left == 0 {
        return;
    }
    for &(next, fact) in &adjacency[node.index()] {
        if on_path.contains(&next) {
            continue;
        }
        if next == to {
            stack.push((next, fact));
            out.push(stack.clone());
            stack.pop();
            continue;
        }
        if dist_to.get(&next).is_some_and(|d| *d < left) {
            on_path.push(next);
            stack.push((next, fact));
            dfs(
                adjacency,
                next,
                to,
                dist_to,
                left - 1,
                on_path,
                stack,
                out,
                limit,
            );
            stack.pop();
            on_path.pop();
        }
    }
}

fn render_path(
    graph: &UnGraph<&EntityKey, usize>,
    subgraph: &Subgraph,
    from: NodeIndex,
    steps: &[(NodeIndex, usize)],
) -> Path {
    let mut entities = vec![graph[from].clone()];
    let mut out = Vec::with_capacity(steps.len());
    for (node, fi) in steps {
        let f = &subgraph.facts[*fi];
        let here = entities
            .last()
            .cloned()
            .unwrap_or_else(|| graph[from].clone());
        out.push(PathStep {
            fact: f.id(),
            predicate: f.predicate.clone(),
            forward: f.subject == here,
        });
        entities.push(graph[*node].clone());
    }
    Path {
        entities,
        steps: out,
    }
}
