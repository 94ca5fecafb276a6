//! The HTTP router: every route is registered together with its OpenAPI operation (utoipa-axum),
//! so the served document is generated from the same code that routes requests.

mod graph;
mod health;
mod ingest;
pub(crate) mod memory;
pub(crate) mod records;
pub(crate) mod sessions;

use std::sync::OnceLock;

use axum::http::StatusCode;
use axum::{middleware, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::OpenApi;
use utoipa::{Modify, OpenApi as _};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{auth, layers, ApiError, AppState};

pub(crate) use graph::{forget_document, lookup, neighbourhood_query};

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "mnemo",
        description = "Long-term knowledge memory for LLM agents. Every /v1 endpoint needs \
            `Authorization: Bearer <key>` (unless the server runs without keys on loopback) and \
            sees only the data of its key's tenant. Errors are `{\"error\": {\"code\", \"message\"}}`."
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "memory", description = "Search and remember"),
        (name = "documents", description = "Batch document ingestion"),
        (name = "graph", description = "Entities, neighbourhoods, stats, forgetting"),
        (name = "records", description = "Memory records: metadata, pins, links, pruning, restore, audit log"),
        (name = "sessions", description = "Chat sessions: messages, assembled context, compaction"),
        (name = "ops", description = "Health, readiness, this document"),
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, doc: &mut OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Adds the answers every `/v1` operation can give without repeating them on each handler: 500
/// and 503 (bug, store down, timeout), and for each operation that reads a JSON body, 415 (no
/// `Content-Type: application/json`, from `ApiJson`) and 413 (body over the limit).
struct ServerErrors;

impl Modify for ServerErrors {
    fn modify(&self, doc: &mut OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |what: &str| {
            ResponseBuilder::new()
                .description(what)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in doc.paths.paths.iter_mut() {
            if !path.starts_with("/v1/") {
                continue;
            }
            let ops = [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
                &mut item.patch,
            ];
            for op in ops.into_iter().flatten() {
                let reads_json = op.request_body.is_some();
                let r = &mut op.responses.responses;
                if reads_json {
                    r.entry("415".into()).or_insert_with(|| {
                        error("The body is not declared as JSON: send `Content-Type: application/json` (`unsupported_media_type`)").into()
                    });
                    r.entry("413".into()).or_insert_with(|| {
                        error("Body over the size limit (`body_too_large`)").into()
                    });
                }
                r.entry("500".into()).or_insert_with(|| {
                    error("Internal error (details only in the server log)").into()
                });
                r.entry("503".into()).or_insert_with(|| {
                    error("Store unavailable or request timed out (`unavailable`, `timeout`); retry later").into()
                });
            }
        }
    }
}

/// Authenticated routes with the default body limit.
fn v1_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(memory::search))
        .routes(routes!(memory::remember))
        .routes(routes!(memory::answers))
        .routes(routes!(ingest::job))
        .routes(routes!(graph::entity))
        .routes(routes!(graph::neighbourhood))
        .routes(routes!(graph::stats))
        .routes(routes!(graph::delete_episode))
        .routes(routes!(graph::delete_document))
        .merge(records::routes())
        .merge(sessions::routes())
}

/// Authenticated routes with the (larger) ingest body limit.
fn ingest_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ingest::ingest))
}

/// Routes without authentication.
fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(health::openapi_json))
}

/// The OpenAPI document of every HTTP route (built once).
pub fn openapi() -> &'static OpenApi {
    static DOC: OnceLock<OpenApi> = OnceLock::new();
    DOC.get_or_init(|| {
        let mut doc = OpenApiRouter::with_openapi(ApiDoc::openapi())
            .merge(v1_routes())
            .merge(ingest_routes())
            .merge(public_routes())
            .into_openapi();
        // After the merge: `ApiDoc`'s own modifiers run before any path is added.
        ServerErrors.modify(&mut doc);
        doc
    })
}

/// The whole HTTP API: `/v1/*` behind API keys, health and the OpenAPI document public, MCP over
/// streamable HTTP at `/mcp` when enabled, request tracing and timeouts on everything.
pub fn router(state: AppState) -> Router {
    let cfg = state.config().clone();
    let (v1, _) = v1_routes().split_for_parts();
    let (ingest, _) = ingest_routes().split_for_parts();
    let authed = layers::body_limit(v1, cfg.body_limit_bytes)
        .merge(layers::body_limit(ingest, cfg.ingest_body_limit_bytes))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            auth::require_key,
        ));
    let (public, _) = public_routes().split_for_parts();
    let mut app = authed.merge(public);
    if cfg.mcp_http {
        let mcp = tower::ServiceBuilder::new()
            .layer(middleware::from_fn_with_state(
                state.clone(),
                auth::require_key_mcp,
            ))
            .service(crate::mcp::http_service(&state));
        app = app.nest_service("/mcp", mcp);
    }
    layers::apply(
        app.fallback(route_not_found)
            .method_not_allowed_fallback(method_not_allowed)
            .with_state(state),
        &cfg,
    )
}

async fn route_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "route_not_found",
        "no such route; see /openapi.json",
    )
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not take that method; see /openapi.json",
    )
}
