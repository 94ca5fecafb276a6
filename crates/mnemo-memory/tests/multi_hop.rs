//! The second hop of a multi-hop question found by text: the bridge entity named in the first
//! hop's passage is searched with the question's other words, so the passage that answers is found
//! among the bridge's many mentions.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, Document, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite,
    GraphStore, Tenant, Timestamp, WriteBatch,
};
use mnemo_memory::{search, SearchConfig};
use mnemo_store::EmbeddedStore;

fn t0() -> Timestamp {
    Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0)
        .single()
        .expect("valid date")
}

/// A one-chunk document `id` written `minutes` after t0, mentioning `names`.
fn passage(id: &str, minutes: i64, text: &str, names: &[(&str, EntityType)]) -> WriteBatch {
    let at = t0() + Duration::minutes(minutes);
    WriteBatch {
        document: Some(Document {
            id: id.into(),
            source: format!("{id}.txt"),
            content_hash: content_hash(text),
            created_at: at,
        }),
        episodes: vec![EpisodeWrite {
            episode: Episode {
                id: format!("{id}:0"),
                kind: EpisodeKind::DocumentChunk,
                content: text.into(),
                created_at: at,
                source: format!("{id}.txt"),
                content_hash: content_hash(text),
                document_id: Some(id.into()),
                span: Some((0, text.len() as u64)),
                speaker: None,
                session: None,
            },
            entities: names
                .iter()
                .map(|(n, t)| EntityInput::named(n, *t).expect("entity"))
                .collect(),
            facts: Vec::new(),
        }],
    }
}

/// `n` texts naming no one, written from 20 minutes after t0 on, so that the names of a test's
/// passages are not common words of its memory.
fn weather_notes(n: i64) -> Vec<WriteBatch> {
    (0..n)
        .map(|i| {
            let text = format!("Weather note {i}: mild and dry.");
            passage(&format!("note-{i}"), 20 + i, &text, &[])
        })
        .collect()
}

/// The episodes a context cites, best first.
fn cited(res: &mnemo_memory::SearchResult) -> Vec<String> {
    res.provenance
        .iter()
        .map(|p| p.episode_id.clone())
        .collect()
}

/// Writes `batches` into a new in-memory store and asks `query` a day after t0.
async fn ask(batches: &[WriteBatch], query: &str) -> mnemo_memory::SearchResult {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    for b in batches {
        store.write(&tenant, b).await.expect("writes");
    }
    search(
        &store,
        &tenant,
        query,
        &SearchConfig::default(),
        &[],
        t0() + Duration::days(1),
    )
    .await
    .expect("search works")
}

#[tokio::test]
async fn the_bridge_named_by_the_first_passage_leads_to_the_second() {
    use EntityType::*;
    let ibsen = ("Henrik Ibsen", Person);
    let mut batches = vec![
        passage(
            "brand",
            0,
            "Brand is a verse play whose author is Henrik Ibsen.",
            &[("Brand", Other), ibsen],
        ),
        passage(
            "ibsen-norway",
            1,
            "Henrik Ibsen was a citizen of Norway all his life.",
            &[ibsen, ("Norway", Location)],
        ),
        passage(
            "visa",
            2,
            "Visa rules: a citizen of any country may apply online.",
            &[("Visa", Other)],
        ),
    ];
    // Newer mentions of the bridge, which a graph-only search reads first.
    for (i, text) in [
        "Henrik Ibsen lived in Rome for years.",
        "Henrik Ibsen drank coffee at the Grand Cafe.",
        "Henrik Ibsen wrote letters to his publisher.",
        "Henrik Ibsen kept a scorpion on his desk.",
        "Henrik Ibsen admired Kierkegaard.",
    ]
    .iter()
    .enumerate()
    {
        batches.push(passage(
            &format!("ibsen-{i}"),
            10 + i as i64,
            text,
            &[ibsen],
        ));
    }
    let res = ask(
        &batches,
        "What country was the author of Brand a citizen of?",
    )
    .await;
    assert_eq!(res.linked[0].name, "Brand");
    let cited = cited(&res);
    let at = |id: &str| cited.iter().position(|c| c == id);
    assert!(at("brand:0").is_some_and(|p| p < 2), "{:?}", res.provenance);
    assert!(
        at("ibsen-norway:0").is_some_and(|p| p < 2),
        "{:?}",
        res.provenance
    );
}

/// The first passage names its composer and three people found nowhere else: those lead nowhere
/// and are passed over, so the composer is searched for (among the texts naming him, by the
/// question's words) and the passage that answers is found among his many mentions.
#[tokio::test]
async fn bridges_seen_only_once_are_passed_over() {
    use EntityType::*;
    let weiss = ("Karl Weiss", Person);
    let mut batches = vec![
        passage(
            "aschen",
            0,
            "Aschen is an opera by Karl Weiss, first sung by Mira Quell, Ola Brandt and Pia Lund.",
            &[
                ("Aschen", Other),
                weiss,
                ("Mira Quell", Person),
                ("Ola Brandt", Person),
                ("Pia Lund", Person),
            ],
        ),
        passage(
            "weiss",
            1,
            "Karl Weiss was a citizen of Austria.",
            &[weiss, ("Austria", Location)],
        ),
    ];
    // Texts that share more of the question's words, naming no one.
    for i in 0..4 {
        let text =
            format!("Rule {i}: a citizen of a country may vote; every country lists each citizen.");
        batches.push(passage(&format!("rule-{i}"), 2 + i, &text, &[]));
    }
    // Newer mentions of the composer, which a graph-only search reads first.
    for (i, text) in [
        "Karl Weiss wrote letters to his publisher.",
        "Karl Weiss kept a parrot.",
        "Karl Weiss walked every morning.",
        "Karl Weiss admired Schubert.",
        "Karl Weiss taught the violin.",
    ]
    .iter()
    .enumerate()
    {
        batches.push(passage(
            &format!("weiss-{i}"),
            10 + i as i64,
            text,
            &[weiss],
        ));
    }
    // Enough other texts that the composer's name is not a common word of this memory.
    batches.extend(weather_notes(40));
    let res = ask(
        &batches,
        "Which country was the composer of Aschen a citizen of?",
    )
    .await;
    assert_eq!(res.linked[0].name, "Aschen");
    let cited = cited(&res);
    let at = |id: &str| cited.iter().position(|c| c == id);
    for id in ["aschen:0", "weiss:0"] {
        assert!(at(id).is_some_and(|p| p < 2), "{id}: {cited:?}");
    }
}

/// A place named with the region it lies in ("Kando District, Zambara") is one entity, mentioned
/// only in the first passage; the region at the end of its name is the bridge the question goes
/// on from, so the passage about the region's waterfall is found among texts sharing more words.
#[tokio::test]
async fn the_region_ending_a_place_name_is_a_bridge() {
    use EntityType::*;
    let mut batches = vec![
        passage(
            "bubo",
            0,
            "The Bubo River is a tributary that flows through Kando District, Zambara.",
            &[
                ("Bubo River", Location),
                ("Kando District, Zambara", Location),
            ],
        ),
        passage(
            "mosi",
            1,
            "Mosi Falls is the largest waterfall in Zambara.",
            &[("Mosi Falls", Location), ("Zambara", Location)],
        ),
        passage(
            "zambara",
            2,
            "Zambara exports copper and tobacco.",
            &[("Zambara", Location)],
        ),
    ];
    // Texts that share more of the question's words, about other countries.
    for (i, land) in ["Norland", "Estmark", "Sudvia", "Westria"]
        .iter()
        .enumerate()
    {
        let text =
            format!("The name of the country's best known waterfall is Fern Falls, in {land}.");
        batches.push(passage(
            &format!("falls-{i}"),
            3 + i as i64,
            &text,
            &[("Fern Falls", Location), (land, Location)],
        ));
    }
    batches.extend(weather_notes(30));
    let res = ask(
        &batches,
        "What is the name of the waterfall in the country where the Bubo River is found?",
    )
    .await;
    assert_eq!(res.linked[0].name, "Bubo River");
    let cited = cited(&res);
    let at = |id: &str| cited.iter().position(|c| c == id);
    assert!(at("bubo:0").is_some_and(|p| p < 2), "{:?}", res.provenance);
    assert!(at("mosi:0").is_some_and(|p| p < 2), "{:?}", res.provenance);
}

/// Other wind farms share the words of "Intrepid Wind Farm" with the question, and name the
/// state the first passage leads to: they match the linked name's words only, not the farm, and
/// come after the passage that matches the question's other words, though BM25 ranks them first.
#[tokio::test]
async fn texts_sharing_only_a_linked_names_words_come_after_the_questions_other_words() {
    use EntityType::*;
    let iowa = ("Iowa", Location);
    let mut batches =
        vec![
        passage(
            "intrepid",
            0,
            "Intrepid Wind Farm is a wind farm in Sac County, Iowa.",
            &[("Intrepid Wind Farm", Other), ("Sac County", Location), iowa],
        ),
        passage(
            "iowa",
            1,
            "Iowa became a state in 1846; its plains, rivers and towns grew quickly as settlers \
             arrived from the east, growing corn, oats and hay across the prairie for decades.",
            &[iowa],
        ),
    ];
    // Mentioned three times, the farm is no precise first hop: no second hop by text.
    for (i, text) in [
        "Intrepid Wind Farm has 107 turbines.",
        "Intrepid Wind Farm is owned by MidAmerican Energy.",
    ]
    .iter()
    .enumerate()
    {
        batches.push(passage(
            &format!("intrepid-{i}"),
            10 + i as i64,
            text,
            &[("Intrepid Wind Farm", Other)],
        ));
    }
    for (i, farm) in [
        "Rolling Hills",
        "Story County",
        "Pomeroy",
        "Whispering Willow",
    ]
    .iter()
    .enumerate()
    {
        let name = format!("{farm} Wind Farm");
        let text = format!("{name} is a wind farm in Iowa; the wind farm has wind turbines.");
        batches.push(passage(
            &format!("farm-{i}"),
            2 + i as i64,
            &text,
            &[(name.as_str(), Other), iowa],
        ));
    }
    // Iowa is mentioned often: a weak bridge.
    for i in 0..8 {
        let text = format!("Iowa corn report {i}: yields are steady.");
        batches.push(passage(&format!("corn-{i}"), 300 + i, &text, &[iowa]));
    }
    // Enough other texts that a wind farm's words are rare ones.
    batches.extend(weather_notes(120));
    let res = ask(
        &batches,
        "Who was president when the area where Intrepid Wind Farm is located became a state?",
    )
    .await;
    assert_eq!(res.linked[0].name, "Intrepid Wind Farm");
    let cited = cited(&res);
    let at = |id: &str| cited.iter().position(|c| c == id);
    // The state's passage shares the question's other words ("became", "state"); the other
    // farms share only the linked name's words, however often.
    let iowa_at = at("iowa:0").expect("the state's passage is cited");
    for i in 0..4 {
        let farm = format!("farm-{i}:0");
        assert!(at(&farm).is_none_or(|p| p > iowa_at), "{cited:?}");
    }
}

/// The first passage names a school after the city it is in; the city, named nowhere else in
/// it, is the bridge to the passage that answers.
#[tokio::test]
async fn the_place_a_school_is_named_after_is_a_bridge() {
    use EntityType::*;
    let mut batches = vec![
        passage(
            "vey",
            0,
            "Tomas Vey is a graduate of Kelso Park High School and practised law for years.",
            &[
                ("Tomas Vey", Person),
                ("Kelso Park High School", Organization),
            ],
        ),
        passage(
            "kelso",
            1,
            "Kelso Park is a small city in Marlow County.",
            &[("Kelso Park", Location), ("Marlow County", Location)],
        ),
        passage(
            "kelso-2",
            2,
            "Kelso Park hosts a jazz week in July.",
            &[("Kelso Park", Location)],
        ),
    ];
    // Texts that share more of the question's words, about other cities.
    for (i, city) in ["Norby", "Estcombe", "Sudley", "Westow"].iter().enumerate() {
        let text = format!("{city} is the county seat, the city where the county was born.");
        batches.push(passage(
            &format!("city-{i}"),
            3 + i as i64,
            &text,
            &[(city, Location)],
        ));
    }
    batches.extend(weather_notes(30));
    let res = ask(
        &batches,
        "In what county is the city where Tomas Vey was born?",
    )
    .await;
    assert_eq!(res.linked[0].name, "Tomas Vey");
    let cited = cited(&res);
    let at = |id: &str| cited.iter().position(|c| c == id);
    assert!(at("vey:0").is_some_and(|p| p < 2), "{cited:?}");
    assert!(at("kelso:0").is_some_and(|p| p < 2), "{cited:?}");
}
