//! The `[llm]` configuration section: endpoint, model, key (masked), timeouts, concurrency, retries.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize, Serializer};

use crate::LlmError;

/// An API key. Never shown by `Debug` or when the configuration is serialized (e.g. printed by
/// `mnemo config`); only [`ApiKey::expose`] reveals it, to the HTTP client.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct ApiKey(String);

impl ApiKey {
    pub fn new(key: impl Into<String>) -> Self {
        ApiKey(key.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }

    fn masked(&self) -> &'static str {
        if self.is_empty() {
            ""
        } else {
            "****"
        }
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.masked())
    }
}

impl Serialize for ApiKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.masked())
    }
}

/// How the extractor asks for JSON. Servers differ: OpenAI, vLLM, recent Ollama and llama.cpp
/// accept a JSON schema; older servers only `json_object`; some nothing at all. The client steps
/// down by itself when a server rejects a mode with HTTP 400, so `schema` is a safe default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JsonMode {
    /// `response_format: {type: "json_schema", ...}` (structured output).
    Schema,
    /// `response_format: {type: "json_object"}`.
    Object,
    /// No `response_format`; the prompt alone asks for JSON and the reply is parsed leniently.
    Prompt,
}

/// Settings of the LLM client (config section `[llm]`, env `MNEMO__LLM__*`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LlmConfig {
    /// OpenAI-compatible base URL, including the version path (`https://api.openai.com/v1`,
    /// `http://127.0.0.1:11434/v1` for Ollama, `http://127.0.0.1:8000/v1` for vLLM).
    pub base_url: String,
    pub model: String,
    /// Empty: taken from the `OPENAI_API_KEY` environment variable, if set. Local servers accept
    /// any key.
    pub api_key: ApiKey,
    /// Per-attempt timeout, in seconds.
    pub timeout_s: f64,
    /// Longest time one call may take, every attempt and backoff included, in seconds; 0 =
    /// `timeout_s` × attempts. A call that cannot finish in it gives up: the one retry policy,
    /// callers (ingest) never retry an LLM call again.
    pub max_call_s: f64,
    /// Most requests in flight at once, across every user of one client.
    pub max_concurrency: usize,
    /// Extra attempts after a 429, a 5xx or a timeout (never after another 4xx).
    pub max_retries: u32,
    /// First backoff delay in milliseconds; doubles on each retry (with jitter), capped at 30 s.
    pub retry_base_ms: u64,
    /// Sampling temperature; 0 makes extraction as repeatable as the server allows.
    pub temperature: f32,
    /// Largest completion of any call, in tokens. Each task asks for no more than it needs
    /// (`prompt::*_MAX_TOKENS`): a small model that never stops costs that, not this.
    pub max_tokens: u32,
    /// Facts of extraction replies with a confidence below this are dropped (0 ones always are).
    pub min_confidence: f32,
    pub json_mode: JsonMode,
    /// Ask the LLM for keywords and synonyms of a query before searching (off by default: search
    /// needs no LLM).
    pub query_expansion: bool,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            base_url: "https://api.openai.com/v1".to_string(),
            model: "gpt-4o-mini".to_string(),
            api_key: ApiKey::default(),
            timeout_s: 60.0,
            max_call_s: 0.0,
            max_concurrency: 4,
            max_retries: 2,
            retry_base_ms: 500,
            temperature: 0.0,
            max_tokens: 2048,
            min_confidence: 0.1,
            json_mode: JsonMode::Schema,
            query_expansion: false,
        }
    }
}

impl LlmConfig {
    /// A configuration for `base_url` and `model` with every other setting at its default.
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        LlmConfig {
            base_url: base_url.into(),
            model: model.into(),
            ..LlmConfig::default()
        }
    }

    /// Checks the settings once, at start.
    pub fn validate(&self) -> Result<(), LlmError> {
        let bad = |m: String| Err(LlmError::InvalidConfig(m));
        let url = self.base_url.trim();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return bad(format!(
                "llm.base_url {url:?} must start with http:// or https://"
            ));
        }
        if self.model.trim().is_empty() {
            return bad("llm.model must not be empty".into());
        }
        if !(self.timeout_s.is_finite() && self.timeout_s > 0.0) {
            return bad(format!("llm.timeout_s = {} must be > 0", self.timeout_s));
        }
        if !(self.max_call_s.is_finite() && self.max_call_s >= 0.0) {
            return bad(format!("llm.max_call_s = {} must be >= 0", self.max_call_s));
        }
        if !(0.0..=1.0).contains(&self.min_confidence) {
            return bad(format!(
                "llm.min_confidence = {} outside 0..=1",
                self.min_confidence
            ));
        }
        if self.max_concurrency == 0 {
            return bad("llm.max_concurrency must be at least 1".into());
        }
        if self.max_retries > 10 {
            return bad(format!("llm.max_retries = {} is over 10", self.max_retries));
        }
        if !(0.0..=2.0).contains(&self.temperature) {
            return bad(format!(
                "llm.temperature = {} outside 0..=2",
                self.temperature
            ));
        }
        if self.max_tokens == 0 {
            return bad("llm.max_tokens must be > 0".into());
        }
        Ok(())
    }

    /// The base URL without a trailing slash, as shown in errors.
    pub fn endpoint(&self) -> &str {
        self.base_url.trim().trim_end_matches('/')
    }

    pub fn timeout(&self) -> Duration {
        Duration::from_secs_f64(self.timeout_s)
    }

    /// The longest one call may take, retries and backoffs included.
    pub fn call_budget(&self) -> Duration {
        if self.max_call_s > 0.0 {
            Duration::from_secs_f64(self.max_call_s)
        } else {
            self.timeout() * (self.max_retries + 1)
        }
    }

    /// The key to send: the configured one, else `OPENAI_API_KEY`, else empty (local servers).
    pub(crate) fn effective_key(&self) -> String {
        if !self.api_key.is_empty() {
            return self.api_key.expose().trim().to_string();
        }
        std::env::var("OPENAI_API_KEY").unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_masked_in_debug_and_serialization() {
        let cfg = LlmConfig {
            api_key: ApiKey::new("sk-secret-123"),
            ..LlmConfig::default()
        };
        let dbg = format!("{cfg:?}");
        assert!(!dbg.contains("sk-secret"), "{dbg}");
        assert!(dbg.contains("****"));
        let json = serde_json::to_string(&cfg).expect("serializes");
        assert!(!json.contains("sk-secret"), "{json}");
        assert_eq!(cfg.api_key.expose(), "sk-secret-123");
    }

    #[test]
    fn partial_sections_take_defaults_and_bad_values_are_rejected() {
        let cfg: LlmConfig =
            serde_json::from_str(r#"{"base_url":"http://127.0.0.1:11434/v1/","model":"llama3.2"}"#)
                .expect("parses");
        assert_eq!(cfg.max_concurrency, 4);
        assert_eq!(cfg.endpoint(), "http://127.0.0.1:11434/v1");
        assert!(cfg.validate().is_ok());
        for bad in [
            LlmConfig::new("127.0.0.1:11434", "m"),
            LlmConfig::new("http://x/v1", " "),
            LlmConfig {
                max_concurrency: 0,
                ..LlmConfig::default()
            },
            LlmConfig {
                timeout_s: 0.0,
                ..LlmConfig::default()
            },
        ] {
            assert!(
                matches!(bad.validate(), Err(LlmError::InvalidConfig(_))),
                "{bad:?}"
            );
        }
    }
}
