//! Memory records over HTTP: read, list, pin, link, prune, restore and the audit log, each scoped
//! to the API key's tenant. Writing a record is `POST /v1/remember` (see `memory.rs`).

use axum::extract::State;
use axum::Json;
use mnemo_records::{
    parse_age, validate_record_id, LinkKind, PruneMode, PrunePolicy, Record, RecordFilter,
    RecordType, Records,
};

use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery, Scoped};
use crate::record_views::{
    AuditPage, AuditParams, LinkRequest, LinkResponse, PruneRequest, PruneView, RecordDetail,
    RecordListParams, RecordPageView, RestoreRequest, RestoreView,
};
use crate::{ApiError, AppState};

mod input;

pub(crate) use input::{record_input, remember_record};

/// Default and largest page of listings.
const DEFAULT_LIMIT: usize = 100;
const MAX_LIMIT: usize = 1_000;
/// Links shown with one record.
const LINKS_SHOWN: usize = 200;

fn records(state: &AppState, mnemo: &mnemo::Mnemo) -> Records {
    state.services.records.get(mnemo.tenant(), "api")
}

fn valid_id(id: &str) -> Result<(), ApiError> {
    validate_record_id(id).map_err(ApiError::from)
}

fn limit(l: Option<usize>) -> Result<usize, ApiError> {
    match l.unwrap_or(DEFAULT_LIMIT) {
        n @ 1..=MAX_LIMIT => Ok(n),
        n => Err(ApiError::invalid(format!(
            "`limit` must be 1..={MAX_LIMIT}, got {n}"
        ))),
    }
}

/// Read one record, with its links and access counts not yet written.
#[utoipa::path(
    get, path = "/v1/records/{id}", tag = "records",
    params(("id" = String, Path, description = "Record id ([A-Za-z0-9_.:-], at most 128)")),
    responses(
        (status = 200, description = "The record and its links", body = RecordDetail),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such record in this tenant", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn get_record(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RecordDetail>, ApiError> {
    valid_id(&id)?;
    let r = records(&state, &mnemo);
    let mut record = r
        .get(&id)
        .await
        .map_err(ApiError::from)?
        .ok_or_else(|| ApiError::not_found(format!("no record {id:?}")))?;
    if let Some((n, last)) = state.services.access.pending(mnemo.tenant(), &id) {
        record.access_count = record.access_count.saturating_add(n);
        record.last_access = Some(record.last_access.map_or(last, |l| l.max(last)));
    }
    let links = r.links(&id, LINKS_SHOWN).await.map_err(ApiError::from)?;
    Ok(Json(RecordDetail { record, links }))
}

/// List records: all in id order, one session's oldest first, or one tag's newest first; paged.
#[utoipa::path(
    get, path = "/v1/records", tag = "records",
    params(RecordListParams),
    responses(
        (status = 200, description = "A page of records", body = RecordPageView),
        (status = 400, description = "Malformed query string", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Bad session, tag, limit or cursor", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn list_records(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiQuery(q): ApiQuery<RecordListParams>,
) -> Result<Json<RecordPageView>, ApiError> {
    let filter = match (q.session, q.tag) {
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid("give at most one of `session` and `tag`"))
        }
        (Some(s), None) => RecordFilter::Session(s),
        (None, Some(t)) => RecordFilter::Tag(t),
        (None, None) => RecordFilter::All,
    };
    let page = records(&state, &mnemo)
        .page(&filter, q.after.as_deref(), limit(q.limit)?)
        .await
        .map_err(ApiError::from)?;
    Ok(Json(RecordPageView {
        records: page.records,
        next: page.next,
    }))
}

/// Pin a record: pinned records are never pruned.
#[utoipa::path(
    put, path = "/v1/records/{id}/pin", tag = "records",
    params(("id" = String, Path, description = "Record id")),
    responses(
        (status = 200, description = "The record, pinned", body = Record),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such record", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn pin(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Record>, ApiError> {
    set_pin(&state, &mnemo, id, true).await
}

/// Unpin a record.
#[utoipa::path(
    delete, path = "/v1/records/{id}/pin", tag = "records",
    params(("id" = String, Path, description = "Record id")),
    responses(
        (status = 200, description = "The record, unpinned", body = Record),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such record", body = ErrorBody),
        (status = 422, description = "Invalid id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn unpin(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Record>, ApiError> {
    set_pin(&state, &mnemo, id, false).await
}

async fn set_pin(
    state: &AppState,
    mnemo: &mnemo::Mnemo,
    id: String,
    pinned: bool,
) -> Result<Json<Record>, ApiError> {
    valid_id(&id)?;
    let r = records(state, mnemo);
    let record = state
        .run_task(async move { r.set_pinned(&id, pinned).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(record))
}

/// Link the record in the path to another: `supports` or `contradicts`.
#[utoipa::path(
    post, path = "/v1/records/{id}/links", tag = "records",
    params(("id" = String, Path, description = "Record id (the link's source)")),
    request_body = LinkRequest,
    responses(
        (status = 200, description = "Linked (or already linked)", body = LinkResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "One of the records does not exist", body = ErrorBody),
        (status = 422, description = "Invalid id or kind, or a self-link", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn link(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<LinkRequest>,
) -> Result<Json<LinkResponse>, ApiError> {
    valid_id(&id)?;
    let kind = parse_link_kind(&req.kind)?;
    let r = records(&state, &mnemo);
    let (from, target) = (id.clone(), req.target.clone());
    let created = state
        .run_task(async move { r.link(&from, kind, &target).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(LinkResponse {
        from: id,
        kind: kind.as_str().to_string(),
        target: req.target,
        created,
    }))
}

/// Only the explicit kinds: the others are made automatically when records are written.
pub(crate) fn parse_link_kind(k: &str) -> Result<LinkKind, ApiError> {
    match k.parse::<LinkKind>() {
        Ok(kind @ (LinkKind::Supports | LinkKind::Contradicts)) => Ok(kind),
        _ => Err(ApiError::invalid(format!(
            "link kind {k:?}: use supports or contradicts"
        ))),
    }
}

/// Prune records by age, access count, type and model (AND). Dry run unless `mode` says otherwise.
#[utoipa::path(
    post, path = "/v1/prune", tag = "records",
    request_body = PruneRequest,
    responses(
        (status = 200, description = "What was (or would be) pruned", body = PruneView),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "No criterion, a bad age, type or mode", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn prune(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<PruneRequest>,
) -> Result<Json<PruneView>, ApiError> {
    let (policy, mode) = prune_policy(&req)?;
    let r = records(&state, &mnemo);
    let report = state
        .run_task(async move { r.prune(&policy, mode).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(PruneView::from(report)))
}

pub(crate) fn prune_policy(req: &PruneRequest) -> Result<(PrunePolicy, PruneMode), ApiError> {
    let older_than = req
        .older_than
        .as_deref()
        .map(parse_age)
        .transpose()
        .map_err(ApiError::from)?;
    let types = req
        .types
        .iter()
        .map(|t| t.parse::<RecordType>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::from)?;
    let mode = match req.mode.as_deref().map(str::trim) {
        None | Some("dry_run") | Some("dry-run") => PruneMode::DryRun,
        Some("archive") => PruneMode::Archive,
        Some("permanent") => PruneMode::Permanent,
        Some(m) => {
            return Err(ApiError::invalid(format!(
                "mode {m:?}: use dry_run, archive or permanent"
            )))
        }
    };
    let policy = PrunePolicy {
        older_than,
        max_access: req.max_access,
        types,
        models: req.models.clone(),
    };
    if policy.is_empty() {
        return Err(ApiError::invalid(
            "give at least one criterion: older_than, max_access, types or models",
        ));
    }
    Ok((policy, mode))
}

/// Restore archived records (their text is remembered again under the same id and time).
#[utoipa::path(
    post, path = "/v1/records/restore", tag = "records",
    request_body = RestoreRequest,
    responses(
        (status = 200, description = "Restored ids, and those that could not be", body = RestoreView),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "No ids, too many, or an invalid id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn restore(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<RestoreRequest>,
) -> Result<Json<RestoreView>, ApiError> {
    if req.ids.is_empty() || req.ids.len() > MAX_LIMIT {
        return Err(ApiError::invalid(format!("give 1 to {MAX_LIMIT} ids")));
    }
    req.ids.iter().try_for_each(|id| valid_id(id))?;
    let r = records(&state, &mnemo);
    let ids = req.ids;
    let report = state
        .run_task(async move { r.restore(&ids).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(RestoreView::from(report)))
}

/// Read the audit log of record writes, pins, links, deletes and restores, oldest first.
#[utoipa::path(
    get, path = "/v1/audit", tag = "records",
    params(AuditParams),
    responses(
        (status = 200, description = "A page of the audit log", body = AuditPage),
        (status = 400, description = "Malformed query string", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Bad limit or cursor", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn audit(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiQuery(q): ApiQuery<AuditParams>,
) -> Result<Json<AuditPage>, ApiError> {
    let n = limit(q.limit)?;
    if let Some(a) = &q.after {
        if !a.starts_with("a/") || a.len() > mnemo_core::MAX_KV_KEY_BYTES {
            return Err(ApiError::invalid(
                "`after` must be the `next` of the previous page",
            ));
        }
    }
    let entries = records(&state, &mnemo)
        .audit(q.after.as_deref(), n)
        .await
        .map_err(ApiError::from)?;
    let next = (entries.len() == n)
        .then(|| entries.last().map(|e| e.key.clone()))
        .flatten();
    Ok(Json(AuditPage { entries, next }))
}

/// The record routes, with their OpenAPI operations.
pub(crate) fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    use utoipa_axum::routes;
    utoipa_axum::router::OpenApiRouter::new()
        .routes(routes!(list_records))
        .routes(routes!(get_record))
        .routes(routes!(pin, unpin))
        .routes(routes!(link))
        .routes(routes!(restore))
        .routes(routes!(prune))
        .routes(routes!(audit))
}
