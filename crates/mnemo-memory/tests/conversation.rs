//! `search` over a conversation: every turn is a candidate, the turn that answers a question found
//! by its words comes with it, snippets are dated with their speaker, and a question that names
//! nobody is still a hit when the words of a turn answer it.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant,
    Timestamp, WriteBatch,
};
use mnemo_memory::{search, SearchConfig, SearchResult};
use mnemo_store::EmbeddedStore;

mod common;
use common::{chat_turn, stored};

fn start() -> Timestamp {
    Utc.with_ymd_and_hms(2025, 3, 14, 18, 0, 0)
        .single()
        .expect("valid date")
}

/// Turn `i` of session "s1", said by `speaker`, who is an entity of it, as the other participant
/// is when the turn says "you" (as the extractor resolves them).
fn turn(i: i64, speaker: &str, text: &str) -> EpisodeWrite {
    let other = if speaker == "Odile" { "Bruno" } else { "Odile" };
    let mut entities = vec![EntityInput::named(speaker, EntityType::Person).expect("entity")];
    if text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "you")
    {
        entities.push(EntityInput::named(other, EntityType::Person).expect("entity"));
    }
    chat_turn(i, start() + Duration::seconds(i), speaker, text, entities)
}

async fn conversation() -> (EmbeddedStore, Tenant) {
    let turns = [
        ("Odile", "Morning! The weather finally turned warm."),
        ("Bruno", "It did. I spent the weekend fixing the fence."),
        ("Odile", "What did you bake for the neighbourhood party?"),
        (
            "Bruno",
            "A lemon tart with candied peel, my grandmother's recipe.",
        ),
        ("Odile", "Sounds delicious. I brought sparkling water."),
        ("Bruno", "The fence still needs paint though."),
        ("Odile", "Tomorrow I start the watercolour course downtown."),
        ("Bruno", "Good luck with it!"),
    ];
    stored(
        turns
            .iter()
            .enumerate()
            .map(|(i, (who, text))| turn(i as i64, who, text))
            .collect(),
    )
    .await
}

/// `search` with the default settings, as of `now`.
async fn ask(store: &EmbeddedStore, tenant: &Tenant, query: &str, now: Timestamp) -> SearchResult {
    search(store, tenant, query, &SearchConfig::default(), &[], now)
        .await
        .expect("search works")
}

#[tokio::test]
async fn the_reply_to_a_matching_question_ranks_with_it() {
    let (store, tenant) = conversation().await;
    let cfg = SearchConfig::default();
    let now = start() + Duration::days(2);
    let res = search(
        &store,
        &tenant,
        "What did Bruno bake for the party?",
        &cfg,
        &[],
        now,
    )
    .await
    .expect("search works");
    assert!(res.hit);
    let cited: Vec<&str> = res
        .provenance
        .iter()
        .map(|p| p.episode_id.as_str())
        .collect();
    // t2 asks with the query's words; t3, which shares none of them, answers. The question is
    // still cited, after the answer (a turn that only asks keeps half its word evidence).
    assert_eq!(cited[0], "t3", "{cited:?}");
    assert!(cited.contains(&"t2"), "{cited:?}");
    let answer = &res.snippets[0];
    assert_eq!(answer.speaker.as_deref(), Some("Bruno"));
    assert!(
        res.context_text.contains(
            "- [2025-03-14 Bruno] A lemon tart with candied peel, my grandmother's recipe."
        ),
        "{}",
        res.context_text
    );
    // Evidence leads the context.
    assert!(
        res.context_text.starts_with("## Sources"),
        "{}",
        res.context_text
    );
}

#[tokio::test]
async fn words_alone_make_a_hit_and_unrelated_words_a_miss() {
    let (store, tenant) = conversation().await;
    let cfg = SearchConfig::default();
    let now = start() + Duration::days(2);
    let res = search(
        &store,
        &tenant,
        "Who is taking a watercolour course?",
        &cfg,
        &[],
        now,
    )
    .await
    .expect("search works");
    assert!(res.hit, "no name links, but a turn holds the words");
    assert!(res.linked.is_empty());
    assert_eq!(res.provenance[0].episode_id, "t6");
    assert!(
        res.context_text.contains("Tomorrow (2025-03-15) I start"),
        "{}",
        res.context_text
    );
    let miss = search(
        &store,
        &tenant,
        "Which telescope photographs nebulae?",
        &cfg,
        &[],
        now,
    )
    .await
    .expect("search works");
    assert!(!miss.hit);
    let weak = search(
        &store,
        &tenant,
        "Who won the football derby last weekend?",
        &cfg,
        &[],
        now,
    )
    .await
    .expect("search works");
    assert!(
        !weak.hit,
        "one shared word ('weekend') is not enough: {:?}",
        weak.provenance
    );
    // Without snippets the turn cannot be shown: an explicit miss, not an empty hit.
    let no_snippets = SearchConfig {
        snippets: false,
        ..SearchConfig::default()
    };
    let bare = search(
        &store,
        &tenant,
        "Who is taking a watercolour course?",
        &no_snippets,
        &[],
        now,
    )
    .await
    .expect("search works");
    assert!(!bare.hit, "{}", bare.context_text);
}

#[tokio::test]
async fn a_question_naming_a_person_prefers_what_they_said() {
    let turns = [
        ("Odile", "I started pottery on Tuesdays."),
        (
            "Bruno",
            "Odile, when I started pottery I did pottery every day. Start pottery!",
        ),
        ("Odile", "The kiln at the studio is enormous."),
    ];
    let (store, tenant) = stored(
        turns
            .iter()
            .enumerate()
            .map(|(i, (who, text))| turn(i as i64, who, text))
            .collect(),
    )
    .await;
    let now = start() + Duration::days(2);
    let res = ask(&store, &tenant, "When did Odile start pottery?", now).await;
    assert_eq!(res.linked[0].name, "Odile");
    assert_eq!(res.provenance[0].episode_id, "t0", "{:?}", res.provenance);
}

/// A turn by the person the question names is about them even when nothing it mentions is near
/// them in the graph ("Researching kiln glazes" names neither its speaker nor anything linked to
/// her): it is not cut down as a text that only shares words with the question.
#[tokio::test]
async fn what_the_named_person_said_counts_even_off_the_graph() {
    let mut episodes: Vec<EpisodeWrite> = [
        ("Odile", "Morning Bruno, the fence looks great."),
        ("Bruno", "Thanks. Did you sleep well, Odile?"),
        ("Odile", "Yes, and then I read for an hour."),
        (
            "Bruno",
            "My sister does research on bees, Odile, for the museum.",
        ),
        ("Odile", "Bees are fascinating, Bruno."),
        ("Bruno", "She says you would like the museum, Odile."),
    ]
    .iter()
    .enumerate()
    .map(|(i, (who, text))| turn(i as i64, who, text))
    .collect();
    // Odile's answer mentions only the glazes, not herself or anything around her in the graph.
    let mut glazes = turn(
        6,
        "Odile",
        "Researching kiln glazes all week, it is a rabbit hole.",
    );
    glazes.entities = vec![EntityInput::named("kiln glazes", EntityType::Concept).expect("entity")];
    episodes.push(glazes);
    for (i, text) in ["Nice.", "Coffee later?", "Sure thing."].iter().enumerate() {
        episodes.push(turn(
            7 + i as i64,
            if i % 2 == 0 { "Bruno" } else { "Odile" },
            text,
        ));
    }
    let (store, tenant) = stored(episodes).await;
    let res = ask(
        &store,
        &tenant,
        "What did Odile research?",
        start() + Duration::days(1),
    )
    .await;
    assert_eq!(res.linked[0].name, "Odile");
    assert_eq!(res.provenance[0].episode_id, "t6", "{:?}", res.provenance);
}

/// A document is no dialogue: a chunk that ends in a question lends nothing to the next chunk as
/// its "answer", and keeps its own place.
#[tokio::test]
async fn a_question_in_a_document_has_no_reply() {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    let chunks = [
        "Which roses grow best in deep shade?",
        "The invoice for the fence is attached.",
        "Roses for shade: Alberic Barbier grows well there.",
    ];
    let at = start();
    let episodes = chunks
        .iter()
        .enumerate()
        .map(|(i, text)| EpisodeWrite {
            episode: Episode {
                id: format!("doc:{i}"),
                kind: EpisodeKind::DocumentChunk,
                content: text.to_string(),
                created_at: at,
                source: "garden.md".into(),
                content_hash: content_hash(text),
                document_id: Some("doc".into()),
                span: Some((i as u64 * 100, i as u64 * 100 + 99)),
                speaker: None,
                session: None,
            },
            entities: Vec::new(),
            facts: Vec::new(),
        })
        .collect();
    store
        .write(
            &tenant,
            &WriteBatch {
                document: Some(mnemo_core::Document {
                    id: "doc".into(),
                    source: "garden.md".into(),
                    content_hash: content_hash("garden"),
                    created_at: at,
                }),
                episodes,
            },
        )
        .await
        .expect("writes");
    let res = ask(
        &store,
        &tenant,
        "Which roses grow in deep shade?",
        at + Duration::days(1),
    )
    .await;
    let order: Vec<&str> = res
        .provenance
        .iter()
        .map(|p| p.episode_id.as_str())
        .collect();
    assert_eq!(
        order,
        vec!["doc:0", "doc:2", "doc:1"],
        "{:?}",
        res.provenance
    );
}

/// A question about a day prefers what was said that day among the texts that match it.
#[tokio::test]
async fn a_named_day_picks_that_days_turns() {
    let day = |d: i64, i: i64, who: &str, text: &str| {
        let mut ew = turn(d * 100 + i, who, text);
        ew.episode.created_at = start() + Duration::days(d) + Duration::seconds(i);
        ew.episode.session = Some(format!("s{d}"));
        ew
    };
    let mut episodes = vec![
        day(
            0,
            0,
            "Odile",
            "Here is my new painting of the harbour, all blue and grey.",
        ),
        day(0, 1, "Bruno", "Lovely colours."),
        day(3, 0, "Odile", "Here it is at last, the sunflowers in a blue jar, my latest painting, done in oils over a long week."),
        day(3, 1, "Bruno", "So bright!"),
        day(
            6,
            0,
            "Odile",
            "My painting of the harbour at night, finally done.",
        ),
        day(6, 1, "Bruno", "Moody, I like it."),
    ];
    for d in 7..27 {
        episodes.push(day(
            d,
            0,
            "Bruno",
            "The weather was mild and the garden needs water.",
        ));
    }
    let (store, tenant) = stored(episodes).await;
    // start() is 2025-03-14: day 3 is March 17.
    let res = ask(
        &store,
        &tenant,
        "What painting did Odile show on March 17, 2025?",
        start() + Duration::days(30),
    )
    .await;
    assert_eq!(res.provenance[0].episode_id, "t300", "{:?}", res.provenance);
}

#[tokio::test]
async fn a_turn_that_only_asks_ranks_below_one_that_tells() {
    let (store, tenant) = stored(vec![
        turn(0, "Bruno", "I practice aerial yoga on Sundays now."),
        turn(1, "Odile", "Lovely. The garden is finally green again."),
        turn(2, "Bruno", "I planted tomatoes and a row of beans."),
        turn(3, "Odile", "Beans grow fast in this weather."),
        turn(
            4,
            "Bruno",
            "Cool! Which yoga would you practice, Odile? Is yoga hard to practice?",
        ),
        turn(5, "Odile", "No idea, I have never tried."),
    ])
    .await;
    let res = ask(&store, &tenant, "Which yoga does Bruno practice?", start()).await;
    let cited: Vec<&str> = res
        .provenance
        .iter()
        .map(|p| p.episode_id.as_str())
        .collect();
    // t4 says "yoga" and "practice" more often, but only in questions; t0 tells.
    let rank = |id: &str| cited.iter().position(|c| *c == id).unwrap_or(usize::MAX);
    assert!(rank("t0") < rank("t4"), "{cited:?}");
}
