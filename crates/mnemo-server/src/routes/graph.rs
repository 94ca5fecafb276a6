//! Graph endpoints: entity lookup and neighbourhood, the tenant's stats, and forgetting episodes
//! and documents.

use axum::extract::State;
use axum::Json;
use mnemo::Mnemo;
use mnemo_core::{canonical_key, DeleteReport, EntityKey, NeighbourhoodQuery, MAX_DEPTH};

use crate::error::ErrorBody;
use crate::extract::{ApiPath, ApiQuery, Scoped};
use crate::views::{EntityLookup, NeighbourhoodParams, NeighbourhoodView, StatsView};
use crate::{ApiError, AppState};

const MAX_FANOUT: usize = 256;
const MAX_FACTS: usize = 2000;

/// Finds an entity by key, name or alias: the exact key first, else the most mentioned entity
/// that has the name as an alias.
pub(crate) async fn lookup(mnemo: &Mnemo, name: &str) -> Result<EntityLookup, ApiError> {
    let key = canonical_key(name);
    if key.is_empty() {
        return Err(ApiError::invalid(format!(
            "{name:?} has no letters or digits, so it names no entity"
        )));
    }
    let (store, tenant) = (mnemo.store(), mnemo.tenant());
    let exact = match EntityKey::from_canonical(key.clone()) {
        Ok(k) => store.get_entities(tenant, &[k]).await?.into_iter().next(),
        Err(_) => None,
    };
    let mut by_alias: Vec<_> = store
        .lookup_names(tenant, std::slice::from_ref(&key))
        .await?
        .into_iter()
        .map(|(_, e)| e)
        .filter(|e| exact.as_ref().is_none_or(|x| x.key != e.key))
        .collect();
    by_alias.sort_by(|a, b| b.mentions.cmp(&a.mentions).then_with(|| a.key.cmp(&b.key)));
    by_alias.dedup_by(|a, b| a.key == b.key);
    let entity = match exact {
        Some(e) => e,
        None if !by_alias.is_empty() => by_alias.remove(0),
        None => return Err(ApiError::not_found(format!("no entity named {name:?}"))),
    };
    Ok(EntityLookup {
        entity,
        also_matched: by_alias.into_iter().map(|e| e.key.to_string()).collect(),
    })
}

/// Look up an entity by key, name or alias.
#[utoipa::path(
    get, path = "/v1/entities/{key}", tag = "graph",
    params(("key" = String, Path, description = "The entity's key, name or alias (any case and \
        punctuation; it is folded to the canonical key), URL-encoded")),
    responses(
        (status = 200, description = "The entity", body = EntityLookup),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such entity", body = ErrorBody),
        (status = 422, description = "The name has no letters or digits", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn entity(
    Scoped(mnemo): Scoped,
    ApiPath(key): ApiPath<String>,
) -> Result<Json<EntityLookup>, ApiError> {
    Ok(Json(lookup(&mnemo, &key).await?))
}

/// The facts and entities within `depth` hops of an entity, highest-ranked edges first.
#[utoipa::path(
    get, path = "/v1/entities/{key}/neighbourhood", tag = "graph",
    params(
        ("key" = String, Path, description = "The entity's key, name or alias, URL-encoded"),
        NeighbourhoodParams,
    ),
    responses(
        (status = 200, description = "The neighbourhood", body = NeighbourhoodView),
        (status = 400, description = "Bad query parameters", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such entity", body = ErrorBody),
        (status = 422, description = "depth, fanout or max_facts out of range", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn neighbourhood(
    Scoped(mnemo): Scoped,
    ApiPath(key): ApiPath<String>,
    ApiQuery(params): ApiQuery<NeighbourhoodParams>,
) -> Result<Json<NeighbourhoodView>, ApiError> {
    let found = lookup(&mnemo, &key).await?;
    let query = neighbourhood_query(found.entity.key.clone(), &params)?;
    let graph = mnemo.store().neighbourhood(mnemo.tenant(), &query).await?;
    Ok(Json(NeighbourhoodView::new(
        found.entity.key.to_string(),
        graph,
    )))
}

pub(crate) fn neighbourhood_query(
    seed: EntityKey,
    p: &NeighbourhoodParams,
) -> Result<NeighbourhoodQuery, ApiError> {
    let mut q = NeighbourhoodQuery::new(vec![seed]);
    q.depth = p.depth.unwrap_or(1);
    if !(1..=MAX_DEPTH).contains(&q.depth) {
        return Err(ApiError::invalid(format!("depth must be 1..={MAX_DEPTH}")));
    }
    if let Some(f) = &p.fanout {
        let caps: Result<Vec<usize>, _> = f.split(',').map(|s| s.trim().parse()).collect();
        match caps {
            Ok(c) if !c.is_empty() && c.iter().all(|n| (1..=MAX_FANOUT).contains(n)) => {
                q.fanout = c
            }
            _ => {
                return Err(ApiError::invalid(format!(
                    "fanout must be comma-separated numbers in 1..={MAX_FANOUT}, e.g. 32,8"
                )))
            }
        }
    }
    q.max_facts = p.max_facts.unwrap_or(200);
    if !(1..=MAX_FACTS).contains(&q.max_facts) {
        return Err(ApiError::invalid(format!(
            "max_facts must be 1..={MAX_FACTS}"
        )));
    }
    Ok(q)
}

/// Counts of the caller's tenant: entities, facts, episodes, documents, mentions.
#[utoipa::path(
    get, path = "/v1/stats", tag = "graph",
    responses(
        (status = 200, description = "Counts", body = StatsView),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn stats(Scoped(mnemo): Scoped) -> Result<Json<StatsView>, ApiError> {
    let s = mnemo.stats().await?;
    Ok(Json(StatsView::new(
        mnemo.tenant().to_string(),
        mnemo.store().backend().to_string(),
        s,
    )))
}

/// Forget an episode (e.g. a remembered text) and everything only it supported.
#[utoipa::path(
    delete, path = "/v1/episodes/{id}", tag = "graph",
    params(("id" = String, Path, description = "The episode id (returned by remember)")),
    responses(
        (status = 200, description = "What was removed", body = DeleteReport),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such episode", body = ErrorBody),
        (status = 422, description = "Malformed id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn delete_episode(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<DeleteReport>, ApiError> {
    mnemo_core::Episode::validate_id(&id)?;
    let ids = vec![id.clone()];
    let report = state
        .run_write(async move { mnemo.forget_episodes(&ids).await })
        .await?;
    if report.episodes == 0 {
        return Err(ApiError::not_found(format!("no episode {id:?}")));
    }
    Ok(Json(report))
}

/// Forget a document, its chunks and everything only they supported.
#[utoipa::path(
    delete, path = "/v1/documents/{id}", tag = "documents",
    params(("id" = String, Path, description = "The `document_id` returned by ingest, or the \
        `id` you gave the document")),
    responses(
        (status = 200, description = "What was removed", body = DeleteReport),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such document", body = ErrorBody),
        (status = 422, description = "Malformed id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn delete_document(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<DeleteReport>, ApiError> {
    let report = state
        .run_write({
            let id = id.clone();
            async move { forget_document(&mnemo, &id).await }
        })
        .await?;
    report
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no document {id:?}")))
}

/// Forgets a document by its store id or by the id its caller gave it; `None` when neither exists.
pub(crate) async fn forget_document(
    mnemo: &Mnemo,
    id: &str,
) -> Result<Option<mnemo_core::DeleteReport>, mnemo::Error> {
    for c in document_ids(id) {
        match mnemo.forget_document(&c).await {
            Err(mnemo::Error::NotFound(_)) => continue,
            other => return other.map(Some),
        }
    }
    Ok(None)
}

/// The store ids a document may be deleted by: the id as given when it is a valid store id (the
/// `document_id` that ingest returned), then the store id of a caller-chosen document id.
fn document_ids(id: &str) -> Vec<String> {
    let mut ids = Vec::with_capacity(2);
    if mnemo_core::Episode::validate_id(id).is_ok() {
        ids.push(id.to_string());
    }
    let hashed = mnemo::DocumentInput {
        source: String::new(),
        id: Some(id.to_string()),
        title: None,
        text: String::new(),
    }
    .document_id();
    if !ids.contains(&hashed) {
        ids.push(hashed);
    }
    ids
}
