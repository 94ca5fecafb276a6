//! `POST /v1/ingest` (small batches synchronously, large ones as a background job) and
//! `GET /v1/jobs/{id}` to poll a job.

use axum::extract::{Extension, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use mnemo_core::Tenant;
use tokio_util::sync::CancellationToken;

use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, Scoped};
use crate::ingest::{self, IngestRequest, IngestResponse};
use crate::jobs::{JobStatus, JobView};
use crate::views::JobAccepted;
use crate::{ApiError, AppState};

/// Ingest documents. Each is chunked, extracted and written atomically; a bad document is reported
/// and the others go on. Re-sending unchanged documents writes nothing. Batches over the server's
/// synchronous limits (documents or bytes) return 202 with a job id to poll at /v1/jobs/{id}.
#[utoipa::path(
    post, path = "/v1/ingest", tag = "documents",
    request_body = IngestRequest,
    responses(
        (status = 200, description = "Every document processed", body = IngestResponse),
        (status = 202, description = "Large batch accepted as a background job", body = JobAccepted),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 413, description = "Body over the ingest size limit", body = ErrorBody),
        (status = 422, description = "No documents, or a document without text field", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn ingest(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<IngestRequest>,
) -> Result<Response, ApiError> {
    ingest::validate(&req)?;
    let cfg = state.config();
    let total = req.documents.len();
    let background =
        total > cfg.ingest_sync_max_docs || ingest::batch_bytes(&req) > cfg.ingest_sync_max_bytes;
    if !background {
        // A small batch is answered whole, so shutdown lets it finish rather than cut it short.
        let never = CancellationToken::new();
        let resp = state
            .writes
            .spawn(async move {
                let mut resp = IngestResponse::default();
                ingest::ingest_all(&mnemo, req.documents, &never, |r| resp.add(r)).await;
                resp
            })
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "ingest task failed");
                ApiError::internal()
            })?;
        return Ok(Json(resp).into_response());
    }
    let cancel = state.shutdown.clone();
    let jobs = state.jobs.clone();
    let job_id = jobs.start(mnemo.tenant(), total as u64);
    tracing::info!(job = %job_id, documents = total, "background ingest started");
    let id = job_id.clone();
    state.writes.spawn(async move {
        let complete =
            ingest::ingest_all(&mnemo, req.documents, &cancel, |r| jobs.record(&id, r)).await;
        let status = if complete {
            JobStatus::Done
        } else {
            tracing::warn!(job = %id, "background ingest stopped by shutdown");
            JobStatus::Cancelled
        };
        jobs.finish(&id, status);
    });
    let accepted = JobAccepted {
        status_url: format!("/v1/jobs/{job_id}"),
        job_id,
        total: total as u64,
    };
    Ok((StatusCode::ACCEPTED, Json(accepted)).into_response())
}

/// Progress of a background ingest job of the caller's tenant.
#[utoipa::path(
    get, path = "/v1/jobs/{id}", tag = "documents",
    params(("id" = String, Path, description = "The job id returned by POST /v1/ingest")),
    responses(
        (status = 200, description = "The job's progress", body = JobView),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 404, description = "No such job for this tenant (jobs are kept in memory \
            only, and the oldest finished ones are dropped)", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn job(
    State(state): State<AppState>,
    Extension(tenant): Extension<Tenant>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<JobView>, ApiError> {
    state
        .jobs
        .get(&tenant, &id)
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no job {id:?}")))
}
