//! Snapshot tests pinning the rule extractor's output on hand-written sentences, one construct each.
//! Refresh with `UPDATE_EXPECT=1 cargo test -p mnemo-extract --test snapshots` and review the diff.

mod common;

use common::assert_valid;
use expect_test::{expect, Expect};
use mnemo_extract::{ExtractContext, RuleExtractor};

/// Extracts and renders entities and facts one per line.
pub fn render(text: &str, speaker: Option<&str>) -> String {
    let ctx = ExtractContext {
        speaker: speaker.map(str::to_string),
        ..ExtractContext::default()
    };
    let ex = RuleExtractor.extract_sync(text, &ctx);
    assert_valid(&ex);
    let mut out = String::new();
    for e in &ex.entities {
        out.push_str(&format!(
            "{} {:?} key={:?}",
            e.entity_type,
            e.name,
            e.key.as_str()
        ));
        if !e.aliases.is_empty() {
            out.push_str(&format!(" aliases={:?}", e.aliases));
        }
        out.push('\n');
    }
    for f in &ex.facts {
        out.push_str(&format!(
            "{} -[{} {:?} {:.2}]-> {}\n",
            f.subject, f.rel_type, f.predicate, f.confidence, f.object
        ));
    }
    out
}

fn check(text: &str, speaker: Option<&str>, expected: Expect) {
    expected.assert_eq(&render(text, speaker));
}

#[test]
fn multi_word_names_titles_and_coreference() {
    check(
        "Willi Schneider was born in Berlin. Mr. Schneider later moved to Paris. Schneider works for Siemens.",
        None,
        expect![[r#"
            Person "Willi Schneider" key="willi schneider" aliases=["Schneider", "Mr. Schneider"]
            Location "Berlin" key="berlin"
            Location "Paris" key="paris"
            Organization "Siemens" key="siemens"
            willi schneider -[BORN_IN "born in" 0.99]-> berlin
            willi schneider -[MOVED_TO "moved to" 0.52]-> paris
            willi schneider -[WORKS_FOR "works for" 0.99]-> siemens
        "#]],
    );
}

#[test]
fn possessive_role() {
    check(
        "Acme's chief executive John Smith met Mary Jones in London.",
        None,
        expect![[r#"
            Person "John Smith" key="john smith"
            Person "Mary Jones" key="mary jones"
            Organization "Acme" key="acme"
            Location "London" key="london"
            john smith -[CEO_OF "ceo of" 0.86]-> acme
            john smith -[MET "met" 0.52]-> mary jones
            mary jones -[IN "in" 0.91]-> london
            mary jones -[RELATED_TO "related to" 0.38]-> acme
        "#]],
    );
}

#[test]
fn hyphenated_names_and_state_abbreviations() {
    check(
        "Sen. Dennis DeConcini, D-Ariz., met Jean-Claude Juncker in Luxembourg.",
        None,
        expect![[r#"
            Person "Jean-Claude Juncker" key="jean claude juncker"
            Person "Dennis DeConcini" key="dennis deconcini"
            Location "Luxembourg" key="luxembourg"
            dennis deconcini -[RELATED_TO "related to" 0.55]-> luxembourg
            jean claude juncker -[IN "in" 0.80]-> luxembourg
        "#]],
    );
}

#[test]
fn dates() {
    check(
        "Apple was founded on April 1, 1976 in Cupertino. It moved in the 1990s.",
        None,
        expect![[r#"
            Date "April 1, 1976" key="april 1 1976"
            Organization "Apple" key="apple"
            Location "Cupertino" key="cupertino"
            Date "1990s" key="1990s"
            apple -[FOUNDED_IN "founded in" 0.52]-> cupertino
            apple -[FOUNDED_ON "founded on" 0.60]-> april 1 1976
            apple -[MOVED_IN "moved in" 0.60]-> 1990s
        "#]],
    );
}

#[test]
fn subject_verb_object() {
    check(
        "Google acquired YouTube in 2006.",
        None,
        expect![[r#"
            Organization "Google" key="google"
            Organization "YouTube" key="youtube"
            Date "2006" key="2006"
            google -[ACQUIRED "acquired" 0.52]-> youtube
        "#]],
    );
}

#[test]
fn apposition() {
    check(
        "Tim Cook, the chief executive of Apple, visited Beijing on Monday.",
        None,
        expect![[r#"
            Person "Tim Cook" key="tim cook"
            Organization "Apple" key="apple"
            Location "Beijing" key="beijing"
            tim cook -[CEO_OF "ceo of" 0.99]-> apple
            tim cook -[VISITED "visited" 0.60]-> beijing
        "#]],
    );
}

#[test]
fn passive_voice() {
    check(
        "Robert Kennedy was killed by Sirhan Sirhan in Los Angeles.",
        None,
        expect![[r#"
            Person "Robert Kennedy" key="robert kennedy"
            Person "Sirhan Sirhan" key="sirhan sirhan"
            Location "Los Angeles" key="los angeles"
            robert kennedy -[KILLED_IN "killed in" 0.60]-> los angeles
            sirhan sirhan -[KILLED "killed" 0.99]-> robert kennedy
        "#]],
    );
}

#[test]
fn x_of_y() {
    check(
        "Mayor Ed Koch of New York spoke with the president of Columbia University.",
        None,
        expect![[r#"
            Person "Ed Koch" key="ed koch"
            Location "New York" key="new york"
            Organization "Columbia University" key="columbia university"
            ed koch -[OF "of" 0.92]-> new york
            ed koch -[RELATED_TO "related to" 0.54]-> columbia university
        "#]],
    );
}

#[test]
fn chat_turn_with_speaker() {
    check(
        "I work at Acme and my sister lives in Paris.",
        Some("user"),
        expect![[r#"
            Organization "Acme" key="acme"
            Location "Paris" key="paris"
            Person "user" key="user"
            Person "user's sister" key="users sister"
            user -[SISTER "sister" 0.90]-> users sister
            user -[WORKS_AT "works at" 0.99]-> acme
            users sister -[LIVES_IN "lives in" 0.60]-> paris
        "#]],
    );
}

#[test]
fn chat_turn_without_speaker_drops_first_person() {
    check(
        "I work at Acme and my sister lives in Paris.",
        None,
        expect![[r#"
            Organization "Acme" key="acme"
            Location "Paris" key="paris"
        "#]],
    );
}

#[test]
fn pronoun_resolves_to_the_one_recent_person() {
    check(
        "Marie Curie was born in Warsaw. She moved to Paris in 1891.",
        None,
        expect![[r#"
            Person "Marie Curie" key="marie curie"
            Location "Warsaw" key="warsaw"
            Location "Paris" key="paris"
            Date "1891" key="1891"
            marie curie -[BORN_IN "born in" 0.99]-> warsaw
            marie curie -[MOVED_TO "moved to" 0.52]-> paris
        "#]],
    );
}

#[test]
fn acronym_joins_its_organisation() {
    check(
        "The International Business Machines Corporation opened an office in Zurich. IBM hired 40 people.",
        None,
        expect![[r#"
            Organization "International Business Machines Corporation" key="international business machines corporation" aliases=["IBM"]
            Location "Zurich" key="zurich"
            international business machines corporation -[OPENED_OFFICE_IN "opened office in" 0.52]-> zurich
        "#]],
    );
}

#[test]
fn relative_named_by_apposition_and_speaker_name() {
    check(
        "My name is Alice and I live in Berlin. My boss, Tom Baker, runs the Berlin office of Siemens.",
        Some("Alice"),
        expect![[r#"
            Person "Tom Baker" key="tom baker"
            Person "Alice" key="alice"
            Location "Berlin" key="berlin"
            Organization "Siemens" key="siemens"
            alice -[BOSS "boss" 0.90]-> tom baker
            alice -[LIVES_IN "lives in" 0.91]-> berlin
            tom baker -[RELATED_TO "related to" 0.69]-> siemens
        "#]],
    );
}

#[test]
fn capitalised_run_missed_by_the_tagger() {
    check(
        "The Eiffel Tower is located in Paris.",
        None,
        expect![[r#"
            Location "Eiffel Tower" key="eiffel tower"
            Location "Paris" key="paris"
            eiffel tower -[LOCATED_IN "located in" 0.95]-> paris
        "#]],
    );
}

#[test]
fn lower_case_chat_names_after_telling_verbs() {
    check(
        "i work at google. my wife lives in berlin.",
        Some("user"),
        expect![[r#"
            Organization "Google" key="google"
            Location "Berlin" key="berlin"
            Person "user" key="user"
            Person "user's wife" key="users wife"
            user -[WIFE "wife" 0.90]-> users wife
            user -[WORKS_AT "works at" 0.99]-> google
            users wife -[LIVES_IN "lives in" 0.60]-> berlin
        "#]],
    );
}
