//! Odd and hostile input: each case must return without panicking and give a valid extraction.

mod common;

use common::assert_valid;
use mnemo_extract::{chunk_text, ChunkConfig, ExtractContext, RuleExtractor};

fn run(text: &str) -> mnemo_extract::Extraction {
    let ex = RuleExtractor.extract_sync(text, &ExtractContext::with_speaker("user"));
    assert_valid(&ex);
    let chunks = chunk_text(text, &ChunkConfig::default());
    for c in &chunks {
        assert_eq!(&text[c.start..c.end], c.text);
    }
    ex
}

#[test]
fn empty_text() {
    let ex = run("");
    assert!(ex.entities.is_empty() && ex.facts.is_empty());
}

#[test]
fn one_megabyte_single_line() {
    let line = "Alice Smith met Bob Jones in Paris and then ".repeat(1 << 20 >> 6);
    assert!(line.len() >= 700_000 && !line.contains('\n'));
    let ex = run(&line);
    // The same few names recur: entities must not grow with the input.
    assert!(ex.entities.len() < 10, "{} entities", ex.entities.len());
}

#[test]
fn only_punctuation() {
    let ex = run("!!! ... ??? ,,, ;;; --- ''' \"\"\" ((( ))) ... ");
    assert!(ex.entities.is_empty());
}

#[test]
fn mixed_scripts() {
    let ex =
        run("Владимир Путин встретился с 习近平 в Москве. Angela Merkel visited 東京 and Zürich.");
    assert!(ex.entities.iter().all(|e| !e.name.is_empty()));
}

#[test]
fn control_characters() {
    let ex =
        run("Alice\u{0}Smith\u{7} works\u{1b}[31m at \u{202e}Acme\u{feff} Corp.\r\n\u{8}\u{8}");
    assert!(ex.facts.iter().all(|f| f.subject != f.object));
}

#[test]
fn very_long_tokens() {
    let long = format!(
        "{} {} Paris {}",
        "A".repeat(100_000),
        "é".repeat(50_000),
        "x".repeat(10_000)
    );
    run(&long);
}

/// A conversation turn with speaker, listener and time, checked like any extraction.
fn chat(text: &str) -> mnemo_extract::Extraction {
    use chrono::TimeZone;
    let at = chrono::Utc.with_ymd_and_hms(2023, 5, 8, 13, 56, 0).unwrap();
    let ctx = ExtractContext::with_speaker("Lena")
        .listener("Tomas")
        .at(at);
    let a = RuleExtractor.analyse(text, &ctx, &mnemo_extract::Resolver::new());
    assert_valid(&a.extraction);
    assert_eq!(a.fact_times.len(), a.extraction.facts.len());
    for t in &a.times {
        assert_eq!(&text[t.start..t.end], t.text);
    }
    for e in &a.extraction.entities {
        // No entity is a greeting, an emoji or a run of a sentence.
        assert!(e.name.chars().any(char::is_alphanumeric), "{e:?}");
        assert!(e.name.split_whitespace().count() <= 6, "{e:?}");
        let first = e
            .name
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        assert!(
            !matches!(
                first.trim_matches(|c: char| !c.is_alphanumeric()),
                "hey" | "hi" | "hola" | "salut" | "omg" | "lol" | "wow" | "thanks"
            ),
            "{e:?}"
        );
    }
    a.extraction
}

fn names(ex: &mnemo_extract::Extraction) -> Vec<String> {
    ex.entities.iter().map(|e| e.name.to_lowercase()).collect()
}

#[test]
fn all_caps_chat_is_read_in_lower_case() {
    let ex = chat("HEY JOHN!!! I JUST ADOPTED A PUPPY AND WE WENT HIKING YESTERDAY");
    assert!(
        ex.entities
            .iter()
            .all(|e| e.entity_type != mnemo_core::EntityType::Organization),
        "{:?}",
        ex.entities
    );
    assert!(
        names(&ex).contains(&"puppy".to_string()),
        "{:?}",
        names(&ex)
    );
}

#[test]
fn emoji_and_no_punctuation() {
    let ex = chat("omg 😍😍 i just got a new guitar 🎸🎸 sooo happy lol");
    assert!(
        names(&ex).contains(&"guitar".to_string()),
        "{:?}",
        names(&ex)
    );
    chat("🎉🎉🎉 !!! ??? ... 🙂");
    chat("i went to the park yesterday and then i met my sister and we had coffee and then we went home and i made dinner and it was nice");
    chat("I I I I my my my you you we we our your");
}

#[test]
fn a_ten_kilobyte_run_on_turn() {
    let turn = "and then i went to the store and bought some apples and a new lamp for my room and i called my mom "
        .repeat(120);
    let turn = &turn[..10 * 1024];
    let ex = chat(turn);
    // The same few things recur: entities do not grow with the turn.
    assert!(ex.entities.len() < 12, "{:?}", names(&ex));
}

#[test]
fn non_english_turns() {
    for text in [
        "Hola Juan! Ayer fui al mercado con mi hermana y compramos flores. ¡Qué bonito día!",
        "Salut Marie ! Je suis allée au cinéma hier soir avec mon frère.",
        "Привет! Я вчера ходила в парк с собакой.",
        "今日は公園に行きました。楽しかった！",
        "Hallo Tomas, wir waren gestern im Zoo und haben Eis gegessen.",
    ] {
        let ex = chat(text);
        // Words of other languages are no English things.
        assert!(
            ex.entities
                .iter()
                .all(|e| e.entity_type != mnemo_core::EntityType::Concept),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn short_shouted_interjections() {
    // A turn of interjections in capitals, said to someone, left an empty name span that was
    // then read past its sentence's end.
    for text in [
        "OK",
        "WOW",
        "NO WAY",
        "LOL OK",
        "OK OK",
        "HAHA",
        "OMG OMG OMG",
    ] {
        let ctx = ExtractContext::with_speaker("Odile").listener("Bram");
        let ex = RuleExtractor.extract_sync(text, &ctx);
        assert_valid(&ex);
        assert!(
            ex.entities
                .iter()
                .all(|e| matches!(e.key.as_str(), "odile" | "bram")),
            "{text}: {:?}",
            ex.entities
        );
    }
}
