//! Entity linking: the query's word n-grams matched against entity names and aliases, exact
//! canonical matches first, then token overlap; longer, rarer and capitalised matches win.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};

use rustc_hash::{FxHashMap, FxHashSet};

use mnemo_core::{canonical_key, Entity, GraphStore, Tenant};
use serde::{Deserialize, Serialize};

use crate::text::{is_stop_word, tokenize, Token};
use crate::RetrieveError;

/// Exact canonical matches count this much more than token-overlap matches of the same words.
const EXACT_BOOST: f64 = 1.5;
/// Weight of an unmarked (lower-case) word when the query capitalises other words.
const UNMARKED_WEIGHT: f64 = 0.5;
/// A token-overlap match may have at most this many other (non-stop) query words inside it.
const MAX_GAP: usize = 3;

/// How the linker matched an entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// An n-gram of the query is the entity's canonical name or alias.
    Exact,
    /// Enough of the entity's name words occur in the query.
    Tokens,
}

/// A query entity found in the store: a seed of retrieval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkedEntity {
    pub entity: Entity,
    /// The canonical query words that matched.
    pub matched: String,
    pub kind: MatchKind,
    pub score: f64,
    /// Query word positions `[start, end)` the match covers.
    pub span: (usize, usize),
}

/// Linking limits and thresholds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LinkConfig {
    /// Most seeds returned.
    pub max_seeds: usize,
    /// Longest n-gram tried, in words.
    pub max_ngram: usize,
    /// Words of the query considered; the rest is ignored (a 100 kB query costs the same as this).
    pub max_query_words: usize,
    /// Candidates asked from `find_by_tokens`.
    pub token_candidates: usize,
    /// Share of an entity's name words the query must contain for a token-overlap match.
    pub min_coverage: f64,
    /// Matches scoring below this are dropped.
    pub min_score: f64,
}

impl Default for LinkConfig {
    fn default() -> Self {
        LinkConfig {
            max_seeds: 4,
            max_ngram: 12,
            max_query_words: 256,
            token_candidates: 256,
            min_coverage: 0.5,
            min_score: 0.2,
        }
    }
}

/// Finds the query's key entities. An empty result is a miss: nothing in the store matches.
pub async fn link_entities(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
    cfg: &LinkConfig,
) -> Result<Vec<LinkedEntity>, RetrieveError> {
    let tokens = tokenize(query, cfg.max_query_words);
    let words = content_words(&tokens);
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = ngram_keys(&tokens, cfg.max_ngram).into_keys().collect();
    let exact = store.lookup_names(tenant, &keys).await?;
    // The token index is asked only about words no exact match explains, and in a query that
    // capitalises names only when a capitalised word is left: the index lists of common words are
    // long, and an exact name match is better evidence anyway.
    let covered: HashSet<usize> = resolve(&tokens, &exact, &[], cfg)
        .iter()
        .flat_map(|l| l.span.0..l.span.1)
        .collect();
    let open: Vec<&Token> = tokens
        .iter()
        .enumerate()
        .filter(|(i, t)| !t.stop && !covered.contains(i))
        .map(|(_, t)| t)
        .collect();
    let ask = !open.is_empty() && (!is_cased(&tokens) || open.iter().any(|t| t.marked));
    let fuzzy = if ask {
        let words = content_words(&open.into_iter().cloned().collect::<Vec<_>>());
        store
            .find_by_tokens(tenant, &words, cfg.token_candidates)
            .await?
    } else {
        Vec::new()
    };
    let linked = drop_weak_seeds(resolve(&tokens, &exact, &fuzzy, cfg));
    tracing::debug!(
        words = tokens.len(),
        ngrams = keys.len(),
        exact = exact.len(),
        fuzzy = fuzzy.len(),
        seeds = linked.len(),
        "linked query entities"
    );
    Ok(linked)
}

/// Distinct non-stop words of the query, in both possessive-stripped and written forms.
fn content_words(tokens: &[Token]) -> Vec<String> {
    let mut set = BTreeSet::new();
    for t in tokens.iter().filter(|t| !t.stop) {
        set.insert(t.key.clone());
        set.insert(t.raw.clone());
    }
    set.into_iter().collect()
}

/// Every n-gram key (up to `max_n` words, with at least one non-stop word) and its spans, in
/// query order. Possessive n-grams are tried both stripped and as written.
pub fn ngram_keys(tokens: &[Token], max_n: usize) -> HashMap<String, Vec<(usize, usize)>> {
    let mut out: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
    for start in 0..tokens.len() {
        let mut stripped = String::new();
        let mut written = String::new();
        let mut content = false;
        for (end, t) in tokens.iter().enumerate().skip(start).take(max_n) {
            if end > start {
                stripped.push(' ');
                written.push(' ');
            }
            stripped.push_str(&t.key);
            written.push_str(&t.raw);
            content |= !t.stop;
            if content {
                out.entry(stripped.clone())
                    .or_default()
                    .push((start, end + 1));
                if written != stripped {
                    out.entry(written.clone())
                        .or_default()
                        .push((start, end + 1));
                }
            }
        }
    }
    out
}

/// True when the text capitalises words beyond its first: capitalisation then marks names.
fn is_cased(tokens: &[Token]) -> bool {
    tokens.iter().skip(1).any(|t| t.marked && !t.stop)
}

/// Where the words of `key` occur in a row in `tokens` (each word as written or possessive-stripped).
fn find_spans(tokens: &[Token], key: &str) -> Vec<(usize, usize)> {
    let words: Vec<&str> = key.split(' ').collect();
    if words.is_empty() || words.len() > tokens.len() {
        return Vec::new();
    }
    (0..=tokens.len() - words.len())
        .filter(|&s| {
            words
                .iter()
                .zip(&tokens[s..])
                .all(|(w, t)| t.key == *w || t.raw == *w)
        })
        .map(|s| (s, s + words.len()))
        .collect()
}

/// Name words that identify an entity: its display name without a trailing "(disambiguation)",
/// canonicalised, stop-words removed. Falls back to the key's words.
fn core_words(entity: &Entity) -> Vec<String> {
    let name = match entity.name.find('(') {
        Some(i) if i > 0 => &entity.name[..i],
        _ => entity.name.as_str(),
    };
    let mut words: Vec<String> = canonical_key(name)
        .split(' ')
        .filter(|w| !w.is_empty() && !is_stop_word(w))
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        words = entity.key.as_str().split(' ').map(str::to_string).collect();
    }
    words.sort();
    words.dedup();
    words
}

/// Scores exact and token-overlap candidates and keeps the best non-overlapping ones.
pub fn resolve(
    tokens: &[Token],
    exact: &[(String, Entity)],
    fuzzy: &[Entity],
    cfg: &LinkConfig,
) -> Vec<LinkedEntity> {
    // Rarity: a word shared by many candidate entities says little about which one is meant.
    let mut df: FxHashMap<&str, usize> = FxHashMap::default();
    for e in fuzzy {
        for w in e.key.as_str().split(' ').collect::<FxHashSet<_>>() {
            *df.entry(w).or_default() += 1;
        }
    }
    let cased_query = is_cased(tokens);
    let weight = |t: &Token| {
        let d = df
            .get(t.key.as_str())
            .or_else(|| df.get(t.raw.as_str()))
            .copied()
            .unwrap_or(0);
        let rarity = 1.0 / (1.0 + (1.0 + d as f64).ln());
        let case = if t.marked || !cased_query {
            1.0
        } else {
            UNMARKED_WEIGHT
        };
        rarity * case
    };

    let mut candidates: Vec<(Vec<usize>, Candidate<'_>)> = Vec::new();
    // Every occurrence is a candidate: if one is inside a longer match, a later one may still link.
    let mut spans: FxHashMap<&str, Vec<(usize, usize)>> = FxHashMap::default();
    for (key, _) in exact {
        spans
            .entry(key.as_str())
            .or_insert_with(|| find_spans(tokens, key));
    }
    for (key, entity) in exact {
        for &(s, e) in spans.get(key.as_str()).into_iter().flatten() {
            let positions: Vec<usize> = (s..e).filter(|&i| !tokens[i].stop).collect();
            let score = EXACT_BOOST * positions.iter().map(|&i| weight(&tokens[i])).sum::<f64>();
            candidates.push((
                positions,
                Candidate {
                    entity,
                    matched: Cow::Borrowed(key),
                    kind: MatchKind::Exact,
                    score,
                    span: (s, e),
                },
            ));
        }
    }
    for entity in fuzzy {
        if let Some(c) = token_candidate(tokens, entity, cfg, &weight) {
            candidates.push(c);
        }
    }

    candidates.sort_by(|a, b| {
        b.1.score
            .total_cmp(&a.1.score)
            .then(b.1.entity.mentions.cmp(&a.1.entity.mentions))
            .then(a.1.entity.key.cmp(&b.1.entity.key))
            .then(a.1.span.cmp(&b.1.span))
    });
    // In a query that capitalises names, a match of lower-case words only ("kind", "river") is a
    // common noun far more often than a name: such matches are used only when no name linked.
    let (named, plain): (Vec<_>, Vec<_>) = candidates
        .into_iter()
        .partition(|(positions, _)| !cased_query || positions.iter().any(|&i| tokens[i].marked));
    let mut taken: FxHashSet<usize> = FxHashSet::default();
    let mut keys = FxHashSet::default();
    let mut out = Vec::new();
    for group in [named, plain] {
        if !out.is_empty() {
            break;
        }
        for (positions, cand) in group {
            if out.len() >= cfg.max_seeds {
                break;
            }
            if cand.score < cfg.min_score
                || positions.iter().any(|p| taken.contains(p))
                || !keys.insert(&cand.entity.key)
            {
                continue;
            }
            taken.extend(positions);
            out.push(LinkedEntity {
                entity: cand.entity.clone(),
                matched: cand.matched.into_owned(),
                kind: cand.kind,
                score: cand.score,
                span: cand.span,
            });
        }
    }
    out
}

/// A seed matched only by a year or number ("1986"), a demonym ("French") or a date: a word many
/// texts share that says little about which one is meant. Such seeds are dropped when a better one
/// links (`drop_weak_seeds`).
fn is_weak(seed: &LinkedEntity) -> bool {
    let words: Vec<&str> = seed.matched.split(' ').filter(|w| !w.is_empty()).collect();
    seed.entity.entity_type == mnemo_core::EntityType::Date
        || words.iter().all(|w| w.chars().all(|c| c.is_ascii_digit()))
        || mnemo_extract::is_demonym(&seed.matched)
}

/// Keeps weak seeds only when nothing else linked.
pub(crate) fn drop_weak_seeds(seeds: Vec<LinkedEntity>) -> Vec<LinkedEntity> {
    if seeds.iter().all(is_weak) {
        return seeds;
    }
    seeds.into_iter().filter(|s| !is_weak(s)).collect()
}

/// A match under consideration; only the ones kept are turned into owned `LinkedEntity`s.
struct Candidate<'a> {
    entity: &'a Entity,
    matched: Cow<'a, str>,
    kind: MatchKind,
    score: f64,
    span: (usize, usize),
}

fn token_candidate<'a>(
    tokens: &[Token],
    entity: &'a Entity,
    cfg: &LinkConfig,
    weight: &dyn Fn(&Token) -> f64,
) -> Option<(Vec<usize>, Candidate<'a>)> {
    let core = core_words(entity);
    let mut positions = Vec::new();
    for w in &core {
        if let Some(i) = tokens
            .iter()
            .position(|t| !t.stop && (&t.key == w || &t.raw == w))
        {
            positions.push(i);
        }
    }
    if positions.is_empty() {
        return None;
    }
    positions.sort_unstable();
    positions.dedup();
    let coverage = positions.len() as f64 / core.len() as f64;
    let (s, e) = (positions[0], positions[positions.len() - 1] + 1);
    let gap = (s..e)
        .filter(|i| !tokens[*i].stop && !positions.contains(i))
        .count();
    if coverage < cfg.min_coverage || gap > MAX_GAP {
        return None;
    }
    let score = coverage * positions.iter().map(|&i| weight(&tokens[i])).sum::<f64>();
    let matched = positions
        .iter()
        .map(|&i| tokens[i].key.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some((
        positions,
        Candidate {
            entity,
            matched: Cow::Owned(matched),
            kind: MatchKind::Tokens,
            score,
            span: (s, e),
        },
    ))
}
