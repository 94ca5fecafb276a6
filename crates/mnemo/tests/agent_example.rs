//! The routing agent example (`examples/agent.rs`, which the README points agent builders to) runs
//! its offline demo to the end: memory answers the first question, misses the second (the agent
//! asks outside and the answer is written back), and answers the repeated question from memory.

#[allow(dead_code)]
#[path = "../examples/agent.rs"]
mod agent;

#[tokio::test]
async fn the_routing_agent_demo_hits_misses_writes_back_then_hits() {
    let session = agent::run(true).await.expect("the demo runs");
    // Every request of the agent carries a completion limit (a small model may never stop).
    assert!(!session.requests.is_empty());
    for r in &session.requests {
        assert!(r["max_tokens"].as_u64().is_some_and(|n| n <= 512), "{r}");
    }
    let turns = session.turns;
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
    let remembered: Vec<_> = turns.iter().map(|t| t.remembered).collect();
    use agent::Grounding::{External, Memory};
    assert_eq!(
        remembered,
        [Some(Memory), Some(External), Some(Memory)],
        "{turns:#?}"
    );
}

#[test]
fn only_answers_grounded_in_a_tool_result_are_remembered() {
    use agent::{grounding, Grounding};
    let memory = (
        Grounding::Memory,
        "Ada Lovelace -[WORKED_WITH]-> Charles Babbage (London)".to_string(),
    );
    let external = (
        Grounding::External,
        "Charles Babbage designed the Analytical Engine in 1837.".to_string(),
    );
    let both = [memory.clone(), external.clone()];
    assert_eq!(
        grounding("Ada Lovelace worked with Charles Babbage.", &both),
        Some(Grounding::Memory)
    );
    assert_eq!(
        grounding(
            "The Analytical Engine was designed by Charles Babbage in 1837.",
            &both
        ),
        Some(Grounding::External)
    );
    // The model's own knowledge: names no tool returned.
    assert_eq!(
        grounding("Ada Lovelace was the daughter of Lord Byron.", &both),
        None
    );
    // After a miss alone there is nothing to ground on.
    assert_eq!(grounding("Charles Babbage.", &[]), None);
    assert_eq!(grounding("yes, probably.", &both), None);
}
