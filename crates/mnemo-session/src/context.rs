//! `Sessions::context`: the assembled context of a session: memory blocks (static text, graph
//! context for the latest user message, top entities, facts about the user) fitted into the token
//! limit left by the (compacted) chat history, placed in a system message or the latest user message.

use std::collections::HashMap;

use mnemo::{EntityKey, Timestamp};
use mnemo_core::{EntityOrder, NeighbourhoodQuery};
use serde::{Deserialize, Serialize};

use crate::blocks::{fit, Block, BlockReport};
use crate::{
    compact, count_tokens, state, validate_session_id, BlockPlacement, ContextMessage, Result,
    Role, Sessions,
};

/// A session's context, ready to send to a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SessionContext {
    pub session: String,
    /// The messages to send, memory blocks included (see `placement`).
    pub messages: Vec<ContextMessage>,
    /// The rendered `<memory>` text ("" when no block has content).
    pub memory: String,
    pub placement: BlockPlacement,
    pub blocks: Vec<BlockReport>,
    /// Tokens of the chat history as shown (summaries instead of compacted messages).
    pub history_tokens: usize,
    /// Tokens of the FIFO messages, uncompacted.
    pub fifo_tokens: usize,
    /// Tokens left for the blocks: `token_limit` minus the history.
    pub block_budget: usize,
    pub block_tokens: usize,
    /// Every message's tokens together.
    pub total_tokens: usize,
    pub token_limit: usize,
    /// True when the never-truncated blocks alone did not fit.
    pub over_budget: bool,
    /// The query the graph context was searched for, if any.
    pub query: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub generated_at: Timestamp,
}

impl Sessions {
    /// The session's context. The graph-context block searches `query`, or by default the latest
    /// user message of the FIFO.
    pub async fn context(&self, session: &str, query: Option<&str>) -> Result<SessionContext> {
        validate_session_id(session)?;
        let cfg = &self.config;
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let messages = state::load_messages(store, tenant, session).await?;
        let stored = state::load_stored_tags(store, tenant, session).await?;
        let tags = state::resolve_tags(&stored, cfg);
        let compacted = compact(&messages, &tags, cfg.compaction.summary_role);
        let history_tokens: usize = compacted.messages.iter().map(|m| m.tokens).sum();
        let block_budget = cfg.token_limit.saturating_sub(history_tokens);
        let query = query
            .map(str::to_string)
            .or_else(|| {
                messages
                    .iter()
                    .rev()
                    .find(|m| m.role == Role::User)
                    .map(|m| m.content.clone())
            })
            .filter(|q| !q.trim().is_empty());
        let blocks = self.blocks(query.as_deref(), block_budget).await?;
        let fitted = fit(blocks, block_budget);

        let mut out = compacted.messages;
        let mut placement = cfg.blocks.placement;
        if !fitted.text.is_empty() {
            let latest_user = out
                .iter()
                .rposition(|m| m.role == "user" && m.seq.is_some());
            match (placement, latest_user) {
                (BlockPlacement::LatestUser, Some(i)) => {
                    let m = &mut out[i];
                    m.content = format!("{}\n\n{}", fitted.text, m.content);
                    m.tokens = count_tokens(&m.content);
                }
                _ => {
                    placement = BlockPlacement::System;
                    out.insert(
                        0,
                        ContextMessage {
                            role: "system".into(),
                            content: fitted.text.clone(),
                            seq: None,
                            summary_of: None,
                            tokens: fitted.tokens,
                        },
                    );
                }
            }
        }
        let total_tokens = out.iter().map(|m| m.tokens).sum();
        Ok(SessionContext {
            session: session.to_string(),
            messages: out,
            memory: fitted.text,
            placement,
            blocks: fitted.reports,
            history_tokens,
            fifo_tokens: messages.iter().map(|m| m.tokens).sum(),
            block_budget,
            block_tokens: fitted.tokens,
            total_tokens,
            token_limit: cfg.token_limit,
            over_budget: fitted.over_budget,
            query,
            generated_at: self.now(),
        })
    }

    /// The blocks' content before fitting, in a fixed order: persona, user profile, your own
    /// blocks, user facts, graph context, top entities.
    async fn blocks(&self, query: Option<&str>, budget: usize) -> Result<Vec<Block>> {
        let b = &self.config.blocks;
        let p = b.priorities;
        let mut out = vec![
            Block::new("persona", p.persona, &b.persona),
            Block::new("user_profile", p.user_profile, &b.user_profile),
        ];
        out.extend(self.extra_blocks.iter().cloned());
        if b.user_facts > 0 {
            out.push(Block {
                name: "user_facts".into(),
                priority: p.user_facts,
                lines: self.user_facts(b.user_facts).await?,
            });
        }
        if let (true, Some(q), true) = (b.graph_context, query, budget > 0) {
            let r = self
                .mnemo
                .search(q, Some(b.graph_context_tokens.min(budget).max(1)))
                .await?;
            if r.hit {
                out.push(Block::new(
                    "graph_context",
                    p.graph_context,
                    &r.context_text,
                ));
            }
        }
        if b.top_entities > 0 {
            let ents = self
                .mnemo
                .store()
                .top_entities(
                    self.mnemo.tenant(),
                    EntityOrder::MostMentioned,
                    b.top_entities,
                )
                .await?;
            let lines = ents
                .iter()
                .map(|e| {
                    format!(
                        "- {} ({}, {})",
                        e.name,
                        e.entity_type.as_str(),
                        mnemo::mentions_phrase(e.mentions)
                    )
                })
                .collect();
            out.push(Block {
                name: "top_entities".into(),
                priority: p.top_entities,
                lines,
            });
        }
        Ok(out)
    }

    /// Facts whose subject is the user entity, most supported first, as `- User predicate Object`.
    async fn user_facts(&self, limit: usize) -> Result<Vec<String>> {
        let Ok(key) = EntityKey::from_name(self.config.user_name()) else {
            return Ok(Vec::new());
        };
        let query = NeighbourhoodQuery {
            seeds: vec![key.clone()],
            depth: 1,
            fanout: vec![limit.saturating_mul(4).max(16)],
            max_facts: limit.saturating_mul(4).max(16),
        };
        let sub = self
            .mnemo
            .store()
            .neighbourhood(self.mnemo.tenant(), &query)
            .await?;
        let names: HashMap<&EntityKey, &str> = sub
            .entities
            .iter()
            .map(|e| (&e.key, e.name.as_str()))
            .collect();
        let mut facts: Vec<_> = sub.facts.iter().filter(|f| f.subject == key).collect();
        facts.sort_by(|a, b| {
            b.mentions
                .cmp(&a.mentions)
                .then(b.last_seen.cmp(&a.last_seen))
                .then(a.id().cmp(&b.id()))
        });
        let name = |k: &EntityKey| names.get(k).copied().unwrap_or(k.as_str()).to_string();
        Ok(facts
            .into_iter()
            .take(limit)
            .map(|f| format!("- {} {} {}", name(&f.subject), f.predicate, name(&f.object)))
            .collect())
    }
}
