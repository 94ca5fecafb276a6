//! The routing agent example (`examples/agent.rs`, which the README points agent builders to) runs
//! its offline demo to the end: memory answers the first question, misses the second (the agent
//! asks outside and the answer is written back), and answers the repeated question from memory.

#[allow(dead_code)]
#[path = "../examples/agent.rs"]
mod agent;

#[tokio::test]
async fn the_routing_agent_demo_hits_misses_writes_back_then_hits() {
    let turns = agent::run(true).await.expect("the demo runs");
    let acts: Vec<Vec<String>> = turns.iter().map(|t| t.acts.clone()).collect();
    assert_eq!(
        acts,
        [
            vec!["search_memory hit".to_string()],
            vec!["search_memory miss".to_string(), "ask_external".to_string()],
            vec!["search_memory hit".to_string()],
        ],
        "{turns:#?}"
    );
    assert!(turns[0].answer.contains("Charles Babbage"), "{turns:#?}");
    assert!(turns.iter().all(|t| !t.answer.trim().is_empty()));
}
