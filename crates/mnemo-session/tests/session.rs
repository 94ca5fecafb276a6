//! Sessions on the embedded store: the FIFO flush into the graph (searchable, idempotent on retry),
//! memory blocks and their placement, durability across reopening, bad input.

mod common;

use std::sync::Arc;

use common::{mnemo, sessions, small_config, t0};
use mnemo::GraphStore;
use mnemo_session::{BlockPlacement, NewMessage, Role, SessionError, Sessions};
use mnemo_store::EmbeddedStore;

fn memory_store() -> Arc<dyn GraphStore> {
    Arc::new(EmbeddedStore::in_memory())
}

#[tokio::test]
async fn flushed_turns_move_into_the_graph_and_stay_searchable() {
    let s = sessions(memory_store(), "t1");
    common::flushed_turns_are_searchable(&s, "chat-1").await;
}

#[tokio::test]
async fn a_flush_interrupted_after_the_graph_write_is_finished_without_duplicates() {
    let store = memory_store();
    let s = sessions(store.clone(), "t1");
    let turns = common::turns();
    // Fill the FIFO up to just below the limit with a generous ratio, then tighten it: the next
    // flush sees messages whose graph write "already happened" (done by hand below).
    let loose = Sessions::new(
        mnemo(store.clone(), "t1"),
        mnemo_session::SessionConfig {
            chat_history_token_ratio: 1.0,
            ..small_config()
        },
    )
    .unwrap();
    for m in turns.iter().cloned() {
        let r = loose.put("s", m).await.unwrap();
        assert!(r.flushed.seqs.is_empty());
    }
    let first = loose.messages("s").await.unwrap()[0].clone();
    // The crash: the first message reached the graph, the FIFO delete never ran.
    s.mnemo()
        .remember(
            &first.content,
            &mnemo::RememberOptions {
                kind: mnemo::EpisodeKind::Interaction,
                source: "session:s".into(),
                speaker: Some("Ada Lovelace".into()),
                at: Some(first.at),
                id: Some(mnemo_session::episode_id("s", first.seq)),
                session: None,
                listener: None,
            },
        )
        .await
        .unwrap();
    let before = s.mnemo().stats().await.unwrap();
    let report = s.flush("s").await.unwrap();
    assert_eq!(report.seqs[0], 1);
    let after = s.mnemo().stats().await.unwrap();
    // Message 1 was not stored twice: one new episode per other flushed message.
    assert_eq!(
        after.episodes - before.episodes,
        report.seqs.len() as u64 - 1
    );
    assert_eq!(
        s.flush("s").await.unwrap().seqs.len(),
        0,
        "a second flush has nothing to do"
    );
}

#[tokio::test]
async fn context_has_blocks_around_the_history_in_the_chosen_place() {
    let store = memory_store();
    // Room for every block: 2000 tokens, of which the history may use 200.
    let roomy = || mnemo_session::SessionConfig {
        token_limit: 2000,
        chat_history_token_ratio: 0.1,
        ..small_config()
    };
    let s = Sessions::new(mnemo(store.clone(), "t1"), roomy()).unwrap();
    for m in common::turns() {
        s.put("c", m).await.unwrap();
    }
    s.put(
        "c",
        NewMessage::user("Tell me about Orion and Grace Hopper.").at(t0()),
    )
    .await
    .unwrap();
    let ctx = s.context("c", None).await.unwrap();
    assert_eq!(ctx.placement, BlockPlacement::System);
    assert_eq!(ctx.messages[0].role, "system");
    assert!(
        ctx.messages[0].content.starts_with("<memory>"),
        "{}",
        ctx.memory
    );
    assert!(
        ctx.memory.contains("<graph_context>") && ctx.memory.contains("Grace Hopper"),
        "{}",
        ctx.memory
    );
    assert!(ctx.memory.contains("<top_entities>"), "{}", ctx.memory);
    assert!(
        ctx.memory.contains("<user_facts>\n- Ada Lovelace"),
        "{}",
        ctx.memory
    );
    assert!(ctx.total_tokens <= ctx.token_limit, "{ctx:?}");
    assert_eq!(ctx.total_tokens, ctx.history_tokens + ctx.block_tokens);
    let last = ctx.messages.last().unwrap();
    assert_eq!(last.content, "Tell me about Orion and Grace Hopper.");

    // In the latest user message instead: no system message, the memory before the question.
    let mut cfg = roomy();
    cfg.blocks.placement = BlockPlacement::LatestUser;
    cfg.blocks.persona = "You are a helpful assistant.".into();
    let s2 = Sessions::new(mnemo(store, "t1"), cfg).unwrap();
    let ctx = s2.context("c", Some("Orion")).await.unwrap();
    assert_eq!(ctx.placement, BlockPlacement::LatestUser);
    assert!(ctx.messages.iter().all(|m| m.role != "system"));
    let last = ctx.messages.last().unwrap();
    assert!(
        last.content
            .starts_with("<memory>\n<persona>\nYou are a helpful assistant."),
        "{}",
        last.content
    );
    assert!(last
        .content
        .ends_with("\n\nTell me about Orion and Grace Hopper."));
}

#[tokio::test]
async fn blocks_are_cut_lowest_priority_first_when_the_history_leaves_little_room() {
    let store = memory_store();
    let mut cfg = small_config();
    cfg.token_limit = 280; // history limit 140; the blocks get what the history leaves
    cfg.token_flush_size = 40;
    cfg.blocks.persona = "You are a careful assistant.".into();
    let s = Sessions::new(mnemo(store, "t1"), cfg).unwrap();
    for m in common::turns() {
        s.put("p", m).await.unwrap();
    }
    let ctx = s
        .context("p", Some("Grace Hopper and Orion"))
        .await
        .unwrap();
    let report = |name: &str| ctx.blocks.iter().find(|b| b.name == name).cloned().unwrap();
    assert!(ctx.total_tokens <= 280, "{ctx:?}");
    // The persona (priority 0) is whole; top entities (3) lose lines before the graph context (2).
    assert_eq!(report("persona").lines_dropped, 0);
    let top = report("top_entities");
    let graph = report("graph_context");
    assert!(top.lines_dropped > 0, "{:?}", ctx.blocks);
    if graph.lines_dropped > 0 {
        assert_eq!(
            top.lines_kept, 0,
            "graph context cut while top entities kept lines: {:?}",
            ctx.blocks
        );
    }
}

#[tokio::test]
async fn sessions_survive_reopening_a_durable_store() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store: Arc<dyn GraphStore> = Arc::new(EmbeddedStore::open(dir.path()).unwrap());
        let s = sessions(store, "t1");
        for m in common::turns() {
            s.put("durable", m).await.unwrap();
        }
        s.set_importance("durable", "work", mnemo_session::Importance::Core)
            .await
            .unwrap();
    }
    let store: Arc<dyn GraphStore> = Arc::new(EmbeddedStore::open(dir.path()).unwrap());
    let s = sessions(store, "t1");
    let msgs = s.messages("durable").await.unwrap();
    assert_eq!(msgs.last().map(|m| m.seq), Some(18));
    assert!(msgs[0].seq > 4, "flushed messages stay flushed");
    let tags = s.tags("durable").await.unwrap();
    assert_eq!(tags["work"].importance, mnemo_session::Importance::Core);
    let r = s
        .put("durable", NewMessage::user("Still here?"))
        .await
        .unwrap();
    assert_eq!(r.seq, 19, "sequence ids continue after reopening");
    let hit = s.mnemo().search("Who manages Orion?", None).await.unwrap();
    assert!(hit.context_text.contains("Grace Hopper"));
    // Another tenant sees nothing of it.
    let other = sessions(s.mnemo().store().clone(), "t2");
    assert!(other.messages("durable").await.unwrap().is_empty());
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let s = sessions(memory_store(), "t1");
    let err = |r: Result<_, SessionError>| match r {
        Err(SessionError::InvalidInput(m)) => m,
        other => panic!("expected InvalidInput, got {other:?}"),
    };
    let m = err(s.put("../x", NewMessage::user("hi")).await.map(|_| ()));
    assert!(m.contains("invalid session id"), "{m}");
    let m = err(s.put("s", NewMessage::user("   ")).await.map(|_| ()));
    assert!(m.contains("empty"), "{m}");
    let m = err(s
        .put("s", NewMessage::user("hi").tag("a b"))
        .await
        .map(|_| ()));
    assert!(m.contains("invalid tag"), "{m}");
    let huge = "x".repeat(mnemo_session::MAX_MESSAGE_BYTES + 1);
    err(s
        .put("s", NewMessage::new(Role::User, huge))
        .await
        .map(|_| ()));
    assert!(s.messages("s").await.unwrap().is_empty());
    err(s.context("a/b", None).await.map(|_| ()));
    let bad = mnemo_session::SessionConfig {
        token_limit: 10,
        ..small_config()
    };
    assert!(Sessions::new(s.mnemo().clone(), bad).is_err());
}
