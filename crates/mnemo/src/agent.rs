//! Agent loop support: `answer_with_fallback` does what a routing agent's search tool does: search
//! memory; on a miss ask the LLM (the "external query") and write its answer back into memory as
//! an `external` episode whose facts carry lower confidence.

use std::sync::Arc;

use mnemo_core::EpisodeKind;
use mnemo_llm::{expand_query, LlmClient, LlmError, LlmStats, ScaledConfidence};
use serde::Serialize;

use crate::{Error, Mnemo, RememberOptions, RememberReport, Result, SearchResult};

/// Fact confidences from an external answer are multiplied by this: they are kept, but rank below
/// what the user's own data states.
pub const EXTERNAL_CONFIDENCE: f32 = 0.5;
/// The `source` of written-back external answers.
pub const EXTERNAL_SOURCE: &str = "external";

/// Where an answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerSource {
    /// A search hit: `text` is the memory context.
    Memory,
    /// A search miss: `text` is the LLM's answer, written back into memory.
    External,
}

/// The result of one agent turn.
#[derive(Debug, Clone, Serialize)]
pub struct AgentAnswer {
    pub source: AnswerSource,
    /// The memory context on a hit; the LLM's answer on a miss.
    pub text: String,
    /// The search that decided (with the expanded query, when expansion produced the hit).
    pub search: SearchResult,
    /// The query searched after LLM expansion, when `llm.query_expansion` is on and was tried.
    pub expanded_query: Option<String>,
    /// The external answer's episode, when it was written back.
    pub written_back: Option<RememberReport>,
    /// Why the write-back failed, if it did (the answer is still returned).
    pub write_back_error: Option<String>,
    /// LLM calls and tokens this turn cost (including write-back extraction when the configured
    /// extractor uses the same client).
    pub llm: LlmStats,
}

impl From<LlmError> for Error {
    fn from(e: LlmError) -> Self {
        match e {
            LlmError::InvalidConfig(m) => Error::InvalidInput(m),
            other => Error::Llm(other.to_string()),
        }
    }
}

impl Mnemo {
    /// Searches memory; on a hit returns the context, on a miss asks `llm` (system prompt
    /// "Be precise and concise.") and writes the answer back as an `External` episode from
    /// source `external` whose facts get [`EXTERNAL_CONFIDENCE`] times their confidence.
    /// With `llm.query_expansion` on, a miss is first retried with LLM keywords and synonyms.
    pub async fn answer_with_fallback(&self, llm: &LlmClient, query: &str) -> Result<AgentAnswer> {
        let query = query.trim();
        if query.is_empty() {
            return Err(Error::InvalidInput("the query is empty".into()));
        }
        let before = llm.stats();
        let mut search = self.search(query, None).await?;
        let mut expanded_query = None;
        if !search.hit && llm.config().query_expansion {
            let keywords = expand_query(llm, query).await?;
            if !keywords.is_empty() {
                let q = format!("{query} {}", keywords.join(" "));
                let again = self.search(&q, None).await?;
                tracing::debug!(query = %q, hit = again.hit, "searched with LLM keywords");
                expanded_query = Some(q);
                if again.hit {
                    search = again;
                }
            }
        }
        if search.hit {
            return Ok(AgentAnswer {
                source: AnswerSource::Memory,
                text: search.context_text.clone(),
                search,
                expanded_query,
                written_back: None,
                write_back_error: None,
                llm: llm.stats().since(&before),
            });
        }
        let answer = llm
            .complete_limited(
                mnemo_llm::prompt::EXTERNAL_SYSTEM,
                query,
                mnemo_llm::prompt::ANSWER_MAX_TOKENS,
            )
            .await?
            .trim()
            .to_string();
        let (written_back, write_back_error) = if answer.is_empty() {
            (None, Some("the LLM answered nothing".to_string()))
        } else {
            // The agent has its answer either way; a failed write-back is reported, not fatal.
            match self.remember_external(&answer).await {
                Ok(r) => (Some(r), None),
                Err(e) => {
                    tracing::warn!(error = %e, "could not write the external answer back");
                    (None, Some(e.to_string()))
                }
            }
        };
        Ok(AgentAnswer {
            source: AnswerSource::External,
            text: answer,
            search,
            expanded_query,
            written_back,
            write_back_error,
            llm: llm.stats().since(&before),
        })
    }

    /// Remembers an answer from an external source: an `External` episode from `external`, its
    /// facts at [`EXTERNAL_CONFIDENCE`] times the extractor's confidence.
    pub async fn remember_external(&self, answer: &str) -> Result<RememberReport> {
        self.remember_external_as(answer, EXTERNAL_SOURCE).await
    }

    /// `remember_external` with another `source`, e.g. an agent's answer grounded in an external
    /// answer ("agent:external"): kind `External`, facts at [`EXTERNAL_CONFIDENCE`].
    pub async fn remember_external_as(&self, answer: &str, source: &str) -> Result<RememberReport> {
        let scaled = Mnemo {
            extractor: Arc::new(ScaledConfidence::new(
                self.extractor.clone(),
                EXTERNAL_CONFIDENCE,
            )),
            ..self.clone()
        };
        let opts = RememberOptions {
            kind: EpisodeKind::External,
            source: source.to_string(),
            ..RememberOptions::default()
        };
        scaled.remember(answer, &opts).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MnemoOptions, RuleExtractor, Tenant};
    use mnemo_llm::replay::{ReplayServer, Script};
    use mnemo_llm::LlmConfig;
    use mnemo_store::EmbeddedStore;

    const FIXTURE: &str = include_str!("../../mnemo-llm/tests/fixtures/agent_answer.json");

    #[allow(clippy::default_constructed_unit_structs)] // the rule extractor may grow settings
    fn memory() -> Mnemo {
        Mnemo::new(
            Arc::new(EmbeddedStore::in_memory()),
            Arc::new(RuleExtractor::default()),
            Tenant::new("t").expect("tenant"),
            MnemoOptions::default(),
        )
    }

    fn llm(url: &str, expansion: bool) -> LlmClient {
        LlmClient::new(LlmConfig {
            max_retries: 0,
            timeout_s: 5.0,
            query_expansion: expansion,
            ..LlmConfig::new(url, "gpt-4o-mini")
        })
        .expect("valid config")
    }

    async fn server() -> ReplayServer {
        let script = Script::from_json(FIXTURE).expect("fixture parses");
        ReplayServer::start(script).await.expect("server starts")
    }

    #[tokio::test]
    async fn miss_asks_the_llm_writes_back_and_the_next_turn_hits_memory() {
        let srv = server().await;
        let llm = llm(srv.base_url(), false);
        let m = memory();
        let q = "Who designed the Analytical Engine?";
        let first = m.answer_with_fallback(&llm, q).await.expect("answers");
        assert_eq!(first.source, AnswerSource::External);
        assert!(!first.search.hit);
        assert_eq!(
            first.text,
            "Charles Babbage designed the Analytical Engine in London."
        );
        assert_eq!(first.llm.calls, 1);
        let req = &srv.requests()[0];
        assert_eq!(req["messages"][0]["role"], "system");
        assert_eq!(req["messages"][0]["content"], "Be precise and concise.");
        assert_eq!(req["messages"][1]["content"], q);

        let report = first.written_back.expect("written back");
        let eps = m
            .store()
            .get_episodes(m.tenant(), std::slice::from_ref(&report.episode_id))
            .await
            .expect("episodes");
        assert_eq!(eps.len(), 1);
        assert_eq!(
            (eps[0].kind, eps[0].source.as_str()),
            (EpisodeKind::External, "external")
        );
        let graph = m.export().await.expect("export");
        assert!(!graph.facts.is_empty(), "the answer's facts are stored");
        for f in &graph.facts {
            assert!(f.confidence <= EXTERNAL_CONFIDENCE, "{f:?}");
        }

        let second = m.answer_with_fallback(&llm, q).await.expect("answers");
        assert_eq!(second.source, AnswerSource::Memory);
        assert!(second.text.contains("Analytical Engine"), "{}", second.text);
        assert_eq!(second.llm.calls, 0, "a hit costs no LLM call");
        assert_eq!(srv.requests().len(), 1);
    }

    #[tokio::test]
    async fn unreachable_llm_on_a_miss_is_unavailable_and_writes_nothing() {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}/v1", l.local_addr().expect("addr"));
        drop(l);
        let m = memory();
        let err = m
            .answer_with_fallback(&llm(&url, false), "Who designed the Analytical Engine?")
            .await
            .expect_err("no endpoint");
        assert!(matches!(err, Error::Llm(_)), "{err:?}");
        assert!(err.to_string().contains(&url), "{err}");
        assert_eq!(m.stats().await.expect("stats").episodes, 0);
    }

    #[tokio::test]
    async fn llm_extractor_with_unreachable_endpoint_stores_nothing_on_remember_or_ingest() {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}/v1", l.local_addr().expect("addr"));
        drop(l);
        let m = Mnemo::new(
            Arc::new(EmbeddedStore::in_memory()),
            Arc::new(mnemo_llm::LlmExtractor::new(llm(&url, false))),
            Tenant::new("t").expect("tenant"),
            MnemoOptions::default(),
        );
        let err = m
            .remember(
                "Ada Lovelace worked with Charles Babbage.",
                &RememberOptions::default(),
            )
            .await
            .expect_err("no endpoint");
        assert!(matches!(err, Error::Llm(_)), "{err:?}");
        let one_line = err.to_string();
        assert!(
            one_line.contains(&format!("LLM endpoint {url} unreachable")),
            "{one_line}"
        );
        assert!(!one_line.contains('\n'));
        let doc = crate::DocumentInput {
            source: "doc.txt".into(),
            id: None,
            title: None,
            text: "Ada Lovelace worked with Charles Babbage in London. ".repeat(200),
        };
        let err = m.ingest_document(&doc).await.expect_err("no endpoint");
        assert!(matches!(err, Error::Llm(_)), "{err:?}");
        let s = m.stats().await.expect("stats");
        assert_eq!((s.entities, s.facts, s.episodes, s.documents), (0, 0, 0, 0));
    }

    #[tokio::test]
    async fn query_expansion_is_tried_on_a_miss_when_switched_on() {
        let srv = server().await;
        let llm = llm(srv.base_url(), true);
        let m = memory();
        let a = m
            .answer_with_fallback(&llm, "Who built the first mechanical computer?")
            .await
            .expect("answers");
        let expanded = a.expanded_query.expect("expanded");
        assert!(expanded.contains("Charles Babbage"), "{expanded}");
        assert_eq!(a.source, AnswerSource::External, "memory is empty");
        assert_eq!(a.llm.calls, 2, "one expansion + one external answer");
    }
}
