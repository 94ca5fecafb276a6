//! A small ReAct-style agent over mnemo, with async-openai tool calling: the model calls
//! `search_memory` (mnemo's search: a context, or a miss), on a miss `ask_external` (the LLM
//! answers with "Be precise and concise." and the answer is written back into memory with lower
//! confidence), then answers. Every request carries `max_tokens` (a small local model may
//! otherwise never stop), and the final answer is remembered only when it is grounded in what
//! a tool returned (its names and numbers appear there), marked `agent:memory` or
//! `agent:external` (the latter at external confidence); an ungrounded answer is not stored.
//!
//! Against a real endpoint (config from the environment, as for the `mnemo` CLI):
//!   MNEMO__LLM__BASE_URL=http://127.0.0.1:11434/v1 MNEMO__LLM__MODEL=llama3.1 \
//!     cargo run -p mnemo --example agent
//!   MNEMO__LLM__API_KEY=sk-... cargo run -p mnemo --example agent        # OpenAI, gpt-4o-mini
//! Offline, replaying a recorded session:
//!   cargo run -p mnemo --example agent -- --demo

use std::io::{BufRead, Write};
use std::sync::Arc;

use mnemo::llm::async_openai::types::chat::{
    ChatCompletionMessageToolCalls, ChatCompletionRequestAssistantMessageArgs,
    ChatCompletionRequestMessage, ChatCompletionRequestSystemMessageArgs,
    ChatCompletionRequestToolMessageArgs, ChatCompletionRequestUserMessageArgs, ChatCompletionTool,
    ChatCompletionTools, CreateChatCompletionRequestArgs, FunctionObject,
};
use mnemo::llm::replay::{ReplayServer, Script};
use mnemo::{
    EpisodeKind, LlmClient, LlmConfig, Mnemo, MnemoOptions, RememberOptions, RuleExtractor, Tenant,
};
use mnemo_store::EmbeddedStore;
use serde_json::json;

type AnyResult<T> = Result<T, Box<dyn std::error::Error>>;

const SYSTEM: &str = "You are an assistant with a long-term memory. For every question, first \
call search_memory. If it answers MISS, call ask_external. Then answer in one or two sentences \
using only what the tools returned.";
const MAX_STEPS: usize = 6;
/// Completion limit of each agent step: a tool call or a one- or two-sentence answer.
const STEP_MAX_TOKENS: u32 = 256;
const DEMO: &str = include_str!("../../mnemo-llm/tests/fixtures/agent_demo.json");
const DEMO_QUESTIONS: [&str; 3] = [
    "Who did Ada Lovelace work with?",
    "Who designed the Analytical Engine?",
    "Who designed the Analytical Engine?",
];

/// What one question did: each tool call (`search_memory hit`, `search_memory miss`,
/// `ask_external`) and the final answer. `tests/agent_example.rs` checks the demo's.
#[derive(Debug, Clone)]
pub struct Turn {
    pub question: String,
    pub acts: Vec<String>,
    pub answer: String,
    /// Where the answer was written back from, or `None` when it was not grounded.
    pub remembered: Option<Grounding>,
}

/// What a final answer is grounded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grounding {
    /// A `search_memory` hit.
    Memory,
    /// The external fallback's answer.
    External,
}

impl Grounding {
    fn source(self) -> &'static str {
        match self {
            Grounding::Memory => "agent:memory",
            Grounding::External => "agent:external",
        }
    }
}

/// Words that start sentences or questions: not evidence either way.
const PLAIN: &[&str] = &[
    "the",
    "a",
    "an",
    "it",
    "he",
    "she",
    "they",
    "i",
    "in",
    "on",
    "yes",
    "no",
    "this",
    "that",
    "there",
    "according",
    "memory",
    "based",
];

/// The source an answer is grounded in: every name-like word (capitalised) and number of the
/// answer appears in one tool result (memory hits first), and there is at least one such word.
/// A model's own knowledge, or an answer after a miss alone, is `None`.
pub fn grounding(answer: &str, results: &[(Grounding, String)]) -> Option<Grounding> {
    let words: Vec<String> = answer
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                && !PLAIN.contains(&w.to_lowercase().as_str())
        })
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        return None;
    }
    let mut order: Vec<&(Grounding, String)> = results.iter().collect();
    order.sort_by_key(|(g, _)| *g != Grounding::Memory);
    order.into_iter().find_map(|(g, text)| {
        let text = text.to_lowercase();
        words
            .iter()
            .all(|w| text.contains(w.as_str()))
            .then_some(*g)
    })
}

#[tokio::main]
async fn main() -> AnyResult<()> {
    run(std::env::args().any(|a| a == "--demo")).await?;
    Ok(())
}

/// What a run did: its turns, and (in the demo) the requests the recorded server received.
#[derive(Debug)]
pub struct Session {
    pub turns: Vec<Turn>,
    pub requests: Vec<serde_json::Value>,
}

/// Runs the agent: the demo's questions against the recorded session, or questions from stdin.
#[allow(clippy::default_constructed_unit_structs)] // the rule extractor may grow settings
pub async fn run(demo: bool) -> AnyResult<Session> {
    let mut turns = Vec::new();
    let mut _server = None;
    let config = if demo {
        let server = ReplayServer::start(Script::from_json(DEMO)?).await?;
        let cfg = LlmConfig::new(server.base_url(), "gpt-4o-mini");
        _server = Some(server);
        cfg
    } else {
        config_from_env()
    };
    println!("LLM endpoint {} model {}", config.endpoint(), config.model);
    let llm = LlmClient::new(config)?;
    let memory = Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        Arc::new(RuleExtractor::default()),
        Tenant::new("agent-demo")?,
        MnemoOptions::default(),
    );
    for note in [
        "Ada Lovelace worked with Charles Babbage in London.",
        "Grace Hopper worked at Harvard University on the Mark I.",
    ] {
        memory.remember(note, &RememberOptions::default()).await?;
        println!("remembered: {note}");
    }
    if demo {
        for q in DEMO_QUESTIONS {
            println!("\nyou> {q}");
            turns.push(turn(&memory, &llm, q).await?);
        }
    } else {
        let stdin = std::io::stdin();
        loop {
            print!("\nyou> ");
            std::io::stdout().flush()?;
            let mut line = String::new();
            if stdin.lock().read_line(&mut line)? == 0 {
                break;
            }
            if !line.trim().is_empty() {
                match turn(&memory, &llm, line.trim()).await {
                    Ok(t) => turns.push(t),
                    Err(e) => println!("error: {e}"),
                }
            }
        }
    }
    let s = llm.stats();
    println!(
        "\nsession: {} LLM calls, {} prompt + {} completion tokens, {} retries",
        s.calls, s.prompt_tokens, s.completion_tokens, s.retries
    );
    let requests = _server
        .as_ref()
        .map(ReplayServer::requests)
        .unwrap_or_default();
    Ok(Session { turns, requests })
}

/// `[llm]` settings from `MNEMO__LLM__*` (the same variables the CLI reads).
fn config_from_env() -> LlmConfig {
    let var = |k: &str| std::env::var(format!("MNEMO__LLM__{k}")).ok();
    let mut cfg = LlmConfig::default();
    if let Some(v) = var("BASE_URL") {
        cfg.base_url = v;
    }
    if let Some(v) = var("MODEL") {
        cfg.model = v;
    }
    if let Some(v) = var("API_KEY") {
        cfg.api_key = mnemo::llm::ApiKey::new(v);
    }
    if let Some(v) = var("TIMEOUT_S").and_then(|v| v.parse().ok()) {
        cfg.timeout_s = v;
    }
    cfg
}

fn tool(name: &str, description: &str) -> ChatCompletionTools {
    ChatCompletionTools::Function(ChatCompletionTool {
        function: FunctionObject {
            name: name.into(),
            description: Some(description.into()),
            parameters: Some(json!({
                "type": "object",
                "properties": {"query": {"type": "string", "description": "the question"}},
                "required": ["query"]
            })),
            strict: None,
        },
    })
}

/// One user question: think, act with tools, observe, until the model answers.
async fn turn(memory: &Mnemo, llm: &LlmClient, question: &str) -> AnyResult<Turn> {
    let before = llm.stats();
    let mut acts = Vec::new();
    // What the tools returned this turn: the only ground an answer may be remembered on.
    let mut results: Vec<(Grounding, String)> = Vec::new();
    let tools = vec![
        tool(
            "search_memory",
            "Search long-term memory. Returns facts, or MISS.",
        ),
        tool(
            "ask_external",
            "Ask an external source when memory misses. The answer is remembered.",
        ),
    ];
    let mut messages: Vec<ChatCompletionRequestMessage> = vec![
        ChatCompletionRequestSystemMessageArgs::default()
            .content(SYSTEM)
            .build()?
            .into(),
        ChatCompletionRequestUserMessageArgs::default()
            .content(question)
            .build()?
            .into(),
    ];
    for _ in 0..MAX_STEPS {
        let request = CreateChatCompletionRequestArgs::default()
            .model(llm.config().model.clone())
            .messages(messages.clone())
            .tools(tools.clone())
            .build()?;
        let response = llm.create_chat_limited(&request, STEP_MAX_TOKENS).await?;
        let Some(choice) = response.choices.into_iter().next() else {
            return Err("the model returned no choices".into());
        };
        let calls = choice.message.tool_calls.unwrap_or_default();
        if calls.is_empty() {
            let answer = choice.message.content.unwrap_or_default();
            println!("assistant> {answer}");
            let remembered = grounding(&answer, &results);
            match remembered {
                Some(Grounding::Memory) => {
                    let opts = RememberOptions {
                        kind: EpisodeKind::AgentAnswer,
                        source: Grounding::Memory.source().into(),
                        ..RememberOptions::default()
                    };
                    memory.remember(&answer, &opts).await?;
                }
                Some(g @ Grounding::External) => {
                    memory.remember_external_as(&answer, g.source()).await?;
                }
                None => println!("  (not remembered: the answer is not grounded in a tool result)"),
            }
            let cost = llm.stats().since(&before);
            println!(
                "  [turn: {} LLM calls, {} tokens]",
                cost.calls,
                cost.total_tokens()
            );
            return Ok(Turn {
                question: question.to_string(),
                acts,
                answer,
                remembered,
            });
        }
        messages.push(
            ChatCompletionRequestAssistantMessageArgs::default()
                .tool_calls(calls.clone())
                .build()?
                .into(),
        );
        for call in calls {
            let ChatCompletionMessageToolCalls::Function(call) = call else {
                continue;
            };
            let query = serde_json::from_str::<serde_json::Value>(&call.function.arguments)
                .ok()
                .and_then(|v| v["query"].as_str().map(str::to_string))
                .unwrap_or_else(|| question.to_string());
            println!("  act: {}({query:?})", call.function.name);
            let observation = match call.function.name.as_str() {
                "search_memory" => {
                    let r = memory.search(&query, Some(400)).await?;
                    acts.push(format!(
                        "search_memory {}",
                        if r.hit { "hit" } else { "miss" }
                    ));
                    if r.hit {
                        results.push((Grounding::Memory, r.context_text.clone()));
                        r.context_text
                    } else {
                        "MISS: memory holds nothing about this.".to_string()
                    }
                }
                "ask_external" => {
                    acts.push("ask_external".to_string());
                    let a = memory.answer_with_fallback(llm, &query).await?;
                    if let Some(w) = &a.written_back {
                        println!(
                            "  write-back: episode {} ({} entities, {} facts, confidence x{})",
                            w.episode_id,
                            w.entities,
                            w.facts,
                            mnemo::EXTERNAL_CONFIDENCE
                        );
                    }
                    results.push((Grounding::External, a.text.clone()));
                    a.text
                }
                other => format!("unknown tool {other}"),
            };
            for line in observation.lines().take(8) {
                println!("  observe: {line}");
            }
            messages.push(
                ChatCompletionRequestToolMessageArgs::default()
                    .content(observation)
                    .tool_call_id(call.id)
                    .build()?
                    .into(),
            );
        }
    }
    Err(format!("no answer after {MAX_STEPS} steps").into())
}
