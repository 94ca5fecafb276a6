//! Shared helpers of the recorded-response tests: fixtures, a replay server and a fast client.

#![allow(dead_code)] // each test binary uses a different subset

use mnemo_llm::replay::{ReplayServer, Script};
use mnemo_llm::{LlmClient, LlmConfig};

pub fn fixture(name: &str) -> Script {
    let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Script::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub async fn server(name: &str) -> ReplayServer {
    ReplayServer::start(fixture(name))
        .await
        .expect("replay server starts")
}

/// A config for `base_url` with short timeouts and backoffs so failure tests run in well under a
/// second.
pub fn config(base_url: &str) -> LlmConfig {
    LlmConfig {
        api_key: mnemo_llm::ApiKey::new("sk-test"),
        timeout_s: 0.5,
        max_retries: 2,
        retry_base_ms: 10,
        ..LlmConfig::new(base_url, "gpt-4o-mini")
    }
}

pub fn client(base_url: &str) -> LlmClient {
    LlmClient::new(config(base_url)).expect("valid config")
}

/// A base URL on which nothing listens: a port that was free a moment ago.
pub fn dead_endpoint() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = l.local_addr().expect("addr").port();
    drop(l);
    format!("http://127.0.0.1:{port}/v1")
}
