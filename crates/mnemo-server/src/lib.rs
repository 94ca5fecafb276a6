//! mnemo-server: mnemo's HTTP API (axum, OpenAPI at `/openapi.json`) and MCP server (rmcp, over
//! stdio and streamable HTTP at `/mcp`), with API keys bound to tenants.
//!
//! - [`serve`] runs the HTTP server from a [`ServerConfig`]; [`router`] builds the axum router
//!   (for tests or embedding).
//! - [`serve_mcp_stdio`] runs the MCP server for `mnemo mcp`.

mod access;
mod auth;
mod config;
mod error;
mod extract;
mod ingest;
mod jobs;
mod keys;
mod layers;
mod mcp;
mod pools;
mod record_views;
mod routes;
mod serve;
mod services;
mod state;
mod views;

pub use access::{AccessFlush, AccessRecorder};
pub use auth::KeyRing;
pub use config::{hash_api_key, parse_api_keys, ApiKey, Secret, ServerConfig, KEY_HASH_PREFIX};
pub use error::{ApiError, ErrorBody, ErrorDetail, ServerError};
pub use ingest::{DocResult, DocumentBody, IngestRequest, IngestResponse};
pub use jobs::{JobStatus, JobView};
pub use mcp::{serve_mcp, serve_mcp_stdio, serve_mcp_stdio_with, serve_mcp_with, MnemoMcp};
pub use record_views::{
    AuditPage, ContextRequest, LinkRequest, LinkResponse, MessageRequest, PruneRequest, PruneView,
    RecordDetail, RecordPageView, RestoreRequest, RestoreView,
};
pub use routes::{openapi, router};
pub use serve::{serve, serve_on};
pub use services::Services;
pub use state::AppState;
pub use views::{
    AnswerRequest, EntityLookup, HealthView, JobAccepted, NeighbourhoodView, RememberRequest,
    RememberResponse, SearchRequest, StatsView,
};

/// Environment variable holding extra API keys: `key1=tenantA,key2=tenantB`.
pub const API_KEYS_ENV: &str = "MNEMO_API_KEYS";
