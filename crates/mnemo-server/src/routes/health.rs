//! Unauthenticated endpoints: liveness, readiness (the store takes writes and answers a cheap
//! lookup) and the OpenAPI document.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use mnemo_core::Tenant;

use crate::views::HealthView;
use crate::AppState;

/// How long readiness waits for the store.
const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Liveness: the process is up and serving.
#[utoipa::path(
    get, path = "/healthz", tag = "ops",
    responses((status = 200, description = "Alive", body = HealthView))
)]
pub async fn healthz() -> Json<HealthView> {
    Json(HealthView {
        status: "ok".into(),
    })
}

/// Readiness: the store can take writes and answers a cheap indexed lookup within 2 s.
#[utoipa::path(
    get, path = "/readyz", tag = "ops",
    responses(
        (status = 200, description = "Ready", body = HealthView),
        (status = 503, description = "The store does not answer, or cannot take writes (disk full)", body = HealthView),
    )
)]
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<HealthView>) {
    let store = state.mnemo.store();
    let tenant = Tenant::default_tenant();
    // `ready` first: a store that stopped taking writes (a full disk) is not ready, and it
    // reopens itself here once space is back, with no write having to fail first.
    let probe = async {
        store.ready().await?;
        store.get_document(&tenant, "readyz-probe").await
    };
    let status = match tokio::time::timeout(READY_TIMEOUT, probe).await {
        Ok(Ok(_)) => "ok",
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readiness probe failed");
            if e.is_disk_full() {
                "disk_full"
            } else {
                "unavailable"
            }
        }
        Err(_) => {
            tracing::warn!("readiness probe timed out");
            "unavailable"
        }
    };
    let code = if status == "ok" {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        code,
        Json(HealthView {
            status: status.into(),
        }),
    )
}

/// This document: the OpenAPI 3.1 description of the HTTP API.
#[utoipa::path(
    get, path = "/openapi.json", tag = "ops",
    responses((status = 200, description = "The OpenAPI document", body = Object))
)]
pub async fn openapi_json() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(super::openapi())
}
