//! `LlmClient`: chat completions against any OpenAI-compatible endpoint through async-openai, with
//! a concurrency limit, the one retry policy of the LLM path (a per-attempt timeout, retries with
//! backoff on 429/5xx/timeouts, a bound on each call's total time), token and time accounting,
//! and a JSON-mode fallback for servers without structured output.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;

use async_openai::config::OpenAIConfig;
use async_openai::middleware::ReqwestService;
use async_openai::types::chat::{CreateChatCompletionRequest, CreateChatCompletionResponse};
use serde_json::{json, Value};
use tokio::sync::Semaphore;
use tracing::Instrument;

use crate::config::{JsonMode, LlmConfig};
use crate::retry::{backoff, classify, Attempt};
use crate::stats::{LlmStats, StatsCell};
use crate::LlmError;

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: &'static str,
    pub content: String,
}

impl ChatMessage {
    pub fn system(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "system",
            content: content.into(),
        }
    }
    pub fn user(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "user",
            content: content.into(),
        }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "assistant",
            content: content.into(),
        }
    }
}

/// A JSON schema the reply should follow (used as structured output where the server has it).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonSchema {
    pub name: &'static str,
    pub schema: Value,
}

/// The text of a reply and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatReply {
    pub content: String,
    pub finish_reason: Option<String>,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

impl ChatReply {
    /// True when the model stopped at the token limit: the content is cut off.
    pub fn truncated(&self) -> bool {
        self.finish_reason.as_deref() == Some("length")
    }
}

/// A client for one endpoint and model. Cheap to clone; clones share the concurrency limit, the
/// learned JSON mode and the statistics.
#[derive(Clone)]
pub struct LlmClient {
    inner: Arc<Inner>,
}

struct Inner {
    config: LlmConfig,
    openai: async_openai::Client<OpenAIConfig>,
    permits: Semaphore,
    stats: StatsCell,
    /// The most capable JSON mode the server has not rejected yet (a `JsonMode` as u8).
    json_mode: AtomicU8,
}

impl std::fmt::Debug for LlmClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmClient")
            .field("config", &self.inner.config)
            .field("stats", &self.inner.stats.snapshot())
            .finish_non_exhaustive()
    }
}

impl LlmClient {
    /// A client for the configured endpoint. Validates the configuration; makes no request.
    pub fn new(config: LlmConfig) -> Result<Self, LlmError> {
        config.validate()?;
        let key = config.effective_key();
        if key.chars().any(|c| c.is_control() || !c.is_ascii()) {
            return Err(LlmError::InvalidConfig(
                "llm.api_key contains control or non-ASCII characters".into(),
            ));
        }
        // The plain reqwest service replaces async-openai's built-in retry layer (3 retries,
        // not configurable), so that `max_retries`, the backoff and the statistics are ours.
        let openai = async_openai::Client::with_config(
            OpenAIConfig::new()
                .with_api_base(config.endpoint())
                .with_api_key(key),
        )
        .with_http_service(ReqwestService::default());
        Ok(LlmClient {
            inner: Arc::new(Inner {
                permits: Semaphore::new(config.max_concurrency),
                json_mode: AtomicU8::new(config.json_mode as u8),
                config,
                openai,
                stats: StatsCell::default(),
            }),
        })
    }

    pub fn config(&self) -> &LlmConfig {
        &self.inner.config
    }

    pub fn endpoint(&self) -> &str {
        self.inner.config.endpoint()
    }

    /// What this client (and its clones) spent so far.
    pub fn stats(&self) -> LlmStats {
        self.inner.stats.snapshot()
    }

    /// Asks one question: a system prompt and a user message, returning the reply text.
    pub async fn complete(&self, system: &str, user: &str) -> Result<String, LlmError> {
        self.complete_limited(system, user, self.inner.config.max_tokens)
            .await
    }

    /// `complete` with a completion of at most `max_tokens` (and never more than the config's).
    pub async fn complete_limited(
        &self,
        system: &str,
        user: &str,
        max_tokens: u32,
    ) -> Result<String, LlmError> {
        let reply = self
            .chat_limited(
                &[ChatMessage::system(system), ChatMessage::user(user)],
                None,
                max_tokens,
            )
            .await?;
        Ok(reply.content)
    }

    /// A chat completion. With `schema`, the reply is requested as JSON: structured output where
    /// the server supports it, stepping down to `json_object` and then to the prompt alone when
    /// the server rejects a mode (remembered for later calls).
    pub async fn chat(
        &self,
        messages: &[ChatMessage],
        schema: Option<&JsonSchema>,
    ) -> Result<ChatReply, LlmError> {
        self.chat_limited(messages, schema, self.inner.config.max_tokens)
            .await
    }

    /// `chat` with a completion of at most `max_tokens`, sized to the task (and never more than
    /// the config's `max_tokens`).
    pub async fn chat_limited(
        &self,
        messages: &[ChatMessage],
        schema: Option<&JsonSchema>,
        max_tokens: u32,
    ) -> Result<ChatReply, LlmError> {
        let msgs: Vec<Value> = messages
            .iter()
            .map(|m| json!({"role": m.role, "content": m.content}))
            .collect();
        let cfg = &self.inner.config;
        let first = schema.map(|_| self.json_mode());
        let mut mode = first;
        loop {
            let mut body = json!({
                "model": cfg.model,
                "messages": msgs,
                "temperature": cfg.temperature,
                "max_tokens": max_tokens.clamp(1, cfg.max_tokens),
                "stream": false,
            });
            match (mode, schema) {
                (Some(JsonMode::Schema), Some(s)) => {
                    body["response_format"] = json!({
                        "type": "json_schema",
                        "json_schema": {"name": s.name, "schema": s.schema, "strict": false},
                    });
                }
                (Some(JsonMode::Object), _) => {
                    body["response_format"] = json!({"type": "json_object"});
                }
                _ => {}
            }
            match self.send(body).await {
                Ok(v) => {
                    if let (Some(from), Some(to)) = (first, mode) {
                        if from != to {
                            // A lower mode went through where a higher one was refused: the mode
                            // was the problem, so later calls start there.
                            tracing::warn!(
                                endpoint = self.endpoint(),
                                ?from,
                                ?to,
                                "the LLM endpoint rejected the JSON mode; stepping down"
                            );
                            // Modes only ever step down, also when concurrent calls race here.
                            self.inner.json_mode.fetch_max(to as u8, Ordering::Relaxed);
                        }
                    }
                    return parse_reply(&v, self.endpoint());
                }
                // A 400 may be the JSON mode's (an endpoint without it) or this text's (too long
                // for the model): the request is tried again in the next mode, and only a success
                // there makes the step down stick; a text refused in every mode is refused.
                Err(LlmError::Rejected { status: 400, .. })
                    if matches!(mode, Some(JsonMode::Schema | JsonMode::Object)) =>
                {
                    mode = Some(if mode == Some(JsonMode::Schema) {
                        JsonMode::Object
                    } else {
                        JsonMode::Prompt
                    });
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Records how an extraction reply fared in validation (see `LlmStats`).
    pub(crate) fn record_reply(
        &self,
        usable: bool,
        truncated: bool,
        dropped: &crate::drops::DropCounts,
    ) {
        self.inner.stats.reply(usable, truncated, dropped);
    }

    /// The JSON mode currently used for schema requests.
    pub fn json_mode(&self) -> JsonMode {
        match self.inner.json_mode.load(Ordering::Relaxed) {
            0 => JsonMode::Schema,
            1 => JsonMode::Object,
            _ => JsonMode::Prompt,
        }
    }

    /// A typed chat completion (async-openai's request and response types, e.g. for tool
    /// calling), with the same limits, retries and accounting as `chat`. A request without a
    /// completion limit gets the config's `max_tokens` (see `send`).
    pub async fn create_chat(
        &self,
        request: &CreateChatCompletionRequest,
    ) -> Result<CreateChatCompletionResponse, LlmError> {
        self.create_chat_limited(request, self.inner.config.max_tokens)
            .await
    }

    /// `create_chat` with a completion of at most `max_tokens` (capped by the config's), sent as
    /// `max_tokens`, the field local servers (llama.cpp, Ollama, vLLM) read: a small model that
    /// never stops would otherwise run until the timeout on every turn.
    pub async fn create_chat_limited(
        &self,
        request: &CreateChatCompletionRequest,
        max_tokens: u32,
    ) -> Result<CreateChatCompletionResponse, LlmError> {
        let mut body = serde_json::to_value(request)
            .map_err(|e| LlmError::InvalidConfig(format!("cannot encode the chat request: {e}")))?;
        if body.get("max_completion_tokens").is_none() {
            body["max_tokens"] = json!(max_tokens.clamp(1, self.inner.config.max_tokens));
        }
        let v = self.send(body).await?;
        serde_json::from_value(v).map_err(|e| LlmError::Malformed {
            endpoint: self.endpoint().to_string(),
            reason: format!("not a chat completion: {e}"),
        })
    }

    /// Sends a raw chat-completions request body (the model, and `max_tokens` when the body sets
    /// no completion limit, are filled in from the config) and returns the raw response, with
    /// the same limits, retries and accounting as `chat`. For requests `chat` does not cover,
    /// such as tool calling.
    pub async fn send(&self, mut body: Value) -> Result<Value, LlmError> {
        let cfg = &self.inner.config;
        if body.get("model").is_none() {
            body["model"] = json!(cfg.model);
        }
        if body.get("max_tokens").is_none() && body.get("max_completion_tokens").is_none() {
            body["max_tokens"] = json!(cfg.max_tokens);
        }
        let span = tracing::info_span!(
            "llm.chat",
            endpoint = cfg.endpoint(),
            model = %cfg.model,
            attempts = tracing::field::Empty,
            prompt_tokens = tracing::field::Empty,
            completion_tokens = tracing::field::Empty,
        );
        self.send_in_span(body).instrument(span).await
    }

    async fn send_in_span(&self, body: Value) -> Result<Value, LlmError> {
        let inner = &self.inner;
        let cfg = &inner.config;
        let endpoint = cfg.endpoint().to_string();
        // The permit is held through backoffs too, so a rate-limited server sees fewer requests.
        let _permit = inner
            .permits
            .acquire()
            .await
            .map_err(|_| LlmError::Unavailable {
                endpoint: endpoint.clone(),
                reason: "the client is shut down".into(),
            })?;
        // The budget starts once the call holds its permit: waiting behind other calls is not
        // this call's slowness.
        let started = Instant::now();
        let result = self.attempts(&body, &endpoint, started).await;
        // Counted once finished, so that a snapshot taken while calls are in flight (a run that
        // stops on an error reports at once) has every counted call's failure too.
        inner.stats.call();
        if result.is_err() {
            inner.stats.failure();
        }
        inner.stats.elapsed(started.elapsed());
        result
    }

    /// Attempts until success, a failure not worth retrying, `max_retries` retries or `deadline`.
    async fn attempts(
        &self,
        body: &Value,
        endpoint: &str,
        started: Instant,
    ) -> Result<Value, LlmError> {
        let inner = &self.inner;
        let cfg = &inner.config;
        let deadline = started + cfg.call_budget();
        let endpoint = endpoint.to_string();
        let mut attempt: u32 = 0;
        loop {
            attempt += 1;
            // No attempt outlives the call's budget, so a call ends by `call_budget()`.
            let limit = cfg
                .timeout()
                .min(deadline.saturating_duration_since(Instant::now()));
            let outcome = tokio::time::timeout(limit, inner.openai.chat().create_byot(body)).await;
            let failure = match outcome {
                Ok(Ok(v)) => {
                    let v: Value = v;
                    let prompt = v["usage"]["prompt_tokens"].as_u64().unwrap_or(0);
                    let completion = v["usage"]["completion_tokens"].as_u64().unwrap_or(0);
                    inner.stats.usage(prompt, completion);
                    let span = tracing::Span::current();
                    span.record("attempts", attempt);
                    span.record("prompt_tokens", prompt);
                    span.record("completion_tokens", completion);
                    tracing::debug!(prompt, completion, attempt, "LLM call done");
                    return Ok(v);
                }
                Ok(Err(e)) => classify(e),
                Err(_) => Attempt::Retry(format!("timed out after {:.1}s", limit.as_secs_f64())),
            };
            let delay = backoff(cfg.retry_base_ms, attempt);
            let in_time = Instant::now() + delay < deadline;
            let err = match failure {
                Attempt::Retry(reason) if attempt <= cfg.max_retries && in_time => {
                    inner.stats.retry();
                    tracing::warn!(%reason, attempt, delay_ms = delay.as_millis() as u64, "LLM call failed; retrying");
                    tokio::time::sleep(delay).await;
                    continue;
                }
                Attempt::Retry(reason) => LlmError::Unavailable {
                    endpoint,
                    reason: if attempt > 1 {
                        format!(
                            "{reason} (after {attempt} attempts in {:.1}s)",
                            started.elapsed().as_secs_f64()
                        )
                    } else {
                        reason
                    },
                },
                Attempt::Unreachable(reason) => LlmError::Unavailable { endpoint, reason },
                Attempt::Rejected { status, reason } => LlmError::Rejected {
                    endpoint,
                    status,
                    reason: format!("HTTP {status}: {reason}"),
                },
                Attempt::Malformed(reason) => LlmError::Malformed { endpoint, reason },
            };
            tracing::Span::current().record("attempts", attempt);
            return Err(err);
        }
    }
}

fn parse_reply(v: &Value, endpoint: &str) -> Result<ChatReply, LlmError> {
    let choice = v["choices"].get(0).ok_or_else(|| LlmError::Malformed {
        endpoint: endpoint.to_string(),
        reason: "the response has no choices".into(),
    })?;
    Ok(ChatReply {
        content: choice["message"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        finish_reason: choice["finish_reason"].as_str().map(str::to_string),
        prompt_tokens: v["usage"]["prompt_tokens"].as_u64().unwrap_or(0),
        completion_tokens: v["usage"]["completion_tokens"].as_u64().unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_without_choices_is_malformed() {
        let err = parse_reply(&json!({"id": "x"}), "http://e/v1").unwrap_err();
        assert!(err.to_string().contains("http://e/v1"), "{err}");
        let ok = parse_reply(
            &json!({"choices":[{"message":{"content":"hi"},"finish_reason":"length"}],
                    "usage":{"prompt_tokens":3,"completion_tokens":1}}),
            "e",
        )
        .expect("parses");
        assert!(ok.truncated());
        assert_eq!((ok.content.as_str(), ok.prompt_tokens), ("hi", 3));
    }
}
