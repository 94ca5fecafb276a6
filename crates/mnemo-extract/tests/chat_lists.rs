//! Lists in conversation turns: every member of a list of activities or things after a verb gets
//! the verb's fact, and what is no member (a second verb, a gerund with its own object) gets none.
//! All texts are written for these tests.

mod chat;
mod common;

use chat::{has_fact, turn};

/// Asserts that `text`, said by Odile to Bram, states `subject -[rel]-> object` for each object.
fn assert_each(text: &str, subject: &str, rel: &str, objects: &[&str]) {
    let ex = turn(text, "Odile", "Bram");
    for object in objects {
        assert!(
            has_fact(&ex, subject, rel, object),
            "{text}: no {subject} -[{rel}]-> {object} in {:?}",
            ex.facts
        );
    }
}

/// Asserts that no fact of `text` has an object whose key is `object`.
fn assert_no_object(text: &str, object: &str) {
    let ex = turn(text, "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str() == object),
        "{text}: {object} is an object in {:?}",
        ex.facts
    );
}

/// Asserts that no fact of `text` has the relationship type `rel`.
fn assert_no_relation(text: &str, rel: &str) {
    let ex = turn(text, "Odile", "Bram");
    assert!(
        ex.facts.iter().all(|f| f.rel_type.as_str() != rel),
        "{text}: a {rel} fact in {:?}",
        ex.facts
    );
}

#[test]
fn gerunds_listed_after_a_verb_are_each_an_activity() {
    assert_each(
        "I love hiking and camping.",
        "odile",
        "LOVES",
        &["hiking", "camping"],
    );
    assert_each(
        "I enjoy cooking, baking and gardening!",
        "odile",
        "ENJOYS",
        &["cooking", "baking", "gardening"],
    );
    assert_each(
        "I love hiking, camping, and fishing with my kids.",
        "odile",
        "LOVES",
        &["hiking", "camping", "fishing"],
    );
    // The last member may say where; one with an object of its own is no bare activity, and the
    // members before it stay.
    assert_each(
        "I love hiking and swimming in the lake.",
        "odile",
        "LOVES",
        &["hiking", "swimming"],
    );
    assert_each(
        "We love climbing, sliding, and playing games.",
        "odile",
        "LOVES",
        &["climbing", "sliding"],
    );
    assert_no_object("We love climbing, sliding, and playing games.", "playing");
    // A second verb, or a clause of its own, is no member.
    assert_no_object("I started running and lost weight.", "lost");
    let ex = turn("I started running and lost weight.", "Odile", "Bram");
    assert!(
        !has_fact(&ex, "odile", "STARTED", "weight"),
        "{:?}",
        ex.facts
    );
    // The second verb states its own fact (`coordinated.rs`).
    assert!(has_fact(&ex, "odile", "LOST", "weight"), "{:?}", ex.facts);
    let ex = turn("I love hiking, and I hate crowds.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "LOVES", "crowds"), "{:?}", ex.facts);
}

#[test]
fn plural_nouns_that_could_be_verbs_are_things_at_a_clause_end() {
    // "dogs", "trains", "treats" are verbs' third persons too; with nothing after them they
    // are the things loved.
    assert_each("I love cats and dogs.", "odile", "LOVES", &["cats", "dogs"]);
    assert_each(
        "My son loves trains, planes and dinosaurs.",
        "odiles son",
        "LOVES",
        &["trains", "planes", "dinosaurs"],
    );
    assert_each("Jess eats treats.", "jess", "EATS", &["treats"]);
    assert_each(
        "I love dinosaurs and trains.",
        "odile",
        "LOVES",
        &["dinosaurs", "trains"],
    );
    assert_each(
        "I like trains, planes and buses.",
        "odile",
        "LIKES",
        &["trains", "planes", "buses"],
    );
    assert_each(
        "I bought red apples and green pears.",
        "odile",
        "BOUGHT",
        &["red apples", "green pears"],
    );
    // A word that is a verb first ends a list with commas as a thing ("glue", "squash").
    assert_each(
        "I bought pens, paper and glue.",
        "odile",
        "BOUGHT",
        &["pens", "paper", "glue"],
    );
    assert_each(
        "We grow corn, beans and squash.",
        "odile",
        "GROWS",
        &["corn", "beans", "squash"],
    );
    assert_no_object("I cook dinner and clean.", "clean");
    assert_each(
        "I love planes, trains and automobiles.",
        "odile",
        "LOVES",
        &["planes", "trains", "automobiles"],
    );
    // The dog's name is its subject, not an object of what it loves.
    assert_each("My dog Max loves treats.", "max", "LOVES", &["treats"]);
    let ex = turn("My dog Max loves treats.", "Odile", "Bram");
    assert!(!has_fact(&ex, "max", "LOVES", "dog"), "{:?}", ex.facts);
    // With no object after its verb, the owner's noun before a name is still no object of it
    // ("luna SLEEPS cat"); what it does somewhere keeps the place.
    for (text, rel) in [
        ("Our cat Luna sleeps.", "SLEEPS"),
        ("My cat Luna purrs a lot.", "PURRS"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(!has_fact(&ex, "luna", rel, "cat"), "{text}: {:?}", ex.facts);
        assert!(
            has_fact(&ex, "odile", "CAT", "luna"),
            "{text}: {:?}",
            ex.facts
        );
    }
    assert_each(
        "My cat Luna sleeps on the sofa.",
        "luna",
        "SLEEPS_ON",
        &["sofa"],
    );
    // A fronted object after an article is kept ("The book I read last week").
    assert_each(
        "The book I read last week was great.",
        "odile",
        "READ",
        &["book"],
    );
    // After an adjective the word is a noun, and an adjective may open a member.
    assert_each("Apple makes great phones.", "apple", "MAKES", &["phones"]);
    assert_each(
        "I love fresh flowers and big trees.",
        "odile",
        "LOVES",
        &["flowers", "trees"],
    );
    let ex = turn(
        "We roast marshmallows, tell stories and sing songs.",
        "Odile",
        "Bram",
    );
    assert!(
        !has_fact(&ex, "odile", "ROASTS", "stories"),
        "{:?}",
        ex.facts
    );
    assert!(has_fact(&ex, "odile", "TELLS", "stories"), "{:?}", ex.facts);
    let ex = turn(
        "We roasted marshmallows and shared stories.",
        "Odile",
        "Bram",
    );
    assert!(
        !has_fact(&ex, "odile", "ROASTED", "stories"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odile", "SHARED", "stories"),
        "{:?}",
        ex.facts
    );
    let text = "I talked about my journey and encouraged students to join.";
    let ex = turn(text, "Odile", "Bram");
    assert!(
        !has_fact(&ex, "odile", "TALKED_ABOUT", "students"),
        "{:?}",
        ex.facts
    );
    assert!(
        has_fact(&ex, "odile", "ENCOURAGED", "students"),
        "{:?}",
        ex.facts
    );
    // A verb with an object after it stays a verb: "and walks the dog" is no thing.
    assert_no_object("I feed the cat and walks the dog.", "walks");
    assert_no_object("The students succeed motivates me.", "motivates");
    // A sentence opening with a noun and its verb leaves out no subject: "Love wins".
    assert_no_object("Love wins", "wins");
    assert_no_object("love hurts!", "hurts");
}

#[test]
fn an_animal_opening_a_clause_is_no_part_of_a_compound_with_its_verb() {
    // "my dog chases cats" was one thing, "dog chases cats", that the speaker had.
    for (text, glued) in [
        ("My dog chases cats.", "dog chases cats"),
        ("My dog loves walks and treats.", "dog loves walks"),
        ("I water plants and my cat watches.", "cat watches"),
        ("My dogs love walks.", "dogs love walks"),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            !ex.entities.iter().any(|e| e.key.as_str() == glued),
            "{text}: {:?}",
            ex.entities
        );
    }
    // A compound after a verb stays one.
    assert_each("I bought dog treats.", "odile", "BOUGHT", &["dog treats"]);
    // So does one whose verb comes after it.
    let ex = turn("My cat toys are everywhere.", "Odile", "Bram");
    assert!(has_fact(&ex, "odile", "HAS", "cat toys"), "{:?}", ex.facts);
}

#[test]
fn languages_joined_by_and_are_two() {
    // "French & German" was one name of both.
    for text in [
        "I speak French & German.",
        "I speak French and German.",
        "I speak French, German and Italian.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        for lang in ["french", "german"] {
            assert!(
                has_fact(&ex, "odile", "SPEAKS", lang),
                "{text}: {:?}",
                ex.facts
            );
        }
        assert!(
            !ex.entities.iter().any(|e| e.key.as_str().contains(' ')),
            "{text}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn peoples_adjectives_before_a_noun_are_part_of_the_thing() {
    for (text, rel, thing) in [
        (
            "We hired French and Spanish teachers.",
            "HIRED",
            "french and spanish teachers",
        ),
        ("We hired French teachers.", "HIRED", "french teachers"),
        (
            "I love French and Italian food.",
            "LOVES",
            "french and italian food",
        ),
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(has_fact(&ex, "odile", rel, thing), "{text}: {:?}", ex.facts);
    }
    // A name addressed is still no object.
    let ex = turn("You got this, Jon!", "Odile", "Bram");
    assert!(
        !ex.facts.iter().any(|f| f.object.as_str() == "jon"),
        "{:?}",
        ex.facts
    );
}

#[test]
fn peoples_joined_by_and_after_the_article_are_two_countries() {
    use mnemo_extract::{ExtractContext, RuleExtractor};
    let ex = RuleExtractor.extract_sync(
        "The Swiss and Austrian governments signed the agreement.",
        &ExtractContext::default(),
    );
    for key in ["switzerland", "austria"] {
        assert!(
            ex.entities.iter().any(|e| e.key.as_str() == key),
            "{key}: {:?}",
            ex.entities
        );
    }
}

#[test]
fn past_verbs_joined_to_a_clause_share_its_subject() {
    assert_each(
        "I went hiking and then visited my parents.",
        "odile",
        "VISITED",
        &["odiles parents"],
    );
    assert_each(
        "I went to the store and bought milk.",
        "odile",
        "BOUGHT",
        &["milk"],
    );
    // A list of verbs, with commas, and a named subject's.
    let ex = turn(
        "We drove to the coast, swam in the sea and cooked dinner.",
        "Odile",
        "Bram",
    );
    for (rel, object) in [
        ("DROVE_TO", "coast"),
        ("SWAM_IN", "sea"),
        ("COOKED", "dinner"),
    ] {
        assert!(has_fact(&ex, "odile", rel, object), "{rel}: {:?}", ex.facts);
    }
    assert_each(
        "Jess moved to Oslo and opened a bakery.",
        "jess",
        "OPENED",
        &["bakery"],
    );
    // Subjects joined by "and" share the joined verb too.
    for who in ["jake", "emma"] {
        assert_each(
            "Jake and Emma got married and moved to Portland.",
            who,
            "MOVED_TO",
            &["portland"],
        );
    }
    assert_each(
        "Caleb and I went hiking and visited a waterfall.",
        "odile",
        "VISITED",
        &["waterfall"],
    );
    // After a first verb with no object, or a state, when the joined verb has an object.
    assert_each(
        "I stayed home and watched Netflix.",
        "odile",
        "WATCHED",
        &["netflix"],
    );
    assert_each(
        "My best friend got engaged and moved to London.",
        "odiles friend",
        "MOVED_TO",
        &["london"],
    );
    assert_each(
        "I graduated from college and got a job at Google.",
        "odile",
        "GOT_JOB_AT",
        &["google"],
    );
    assert_each(
        "We're planning to get married and buy a house.",
        "odile",
        "PLANNING_TO_BUY",
        &["house"],
    );
    assert!(
        turn("I felt liberated and empowered doing it.", "Odile", "Bram")
            .facts
            .is_empty()
    );
    // A participle opening a thing listed beside the noun before "and" is no verb.
    assert_no_relation("I ordered fried chicken and mashed potatoes.", "MASHED");
    assert_each(
        "I baked bread and made cookies.",
        "odile",
        "MADE",
        &["cookies"],
    );
    // A plan's words go with the verbs joined to it.
    assert_each(
        "I hope to finish my degree and find a job.",
        "odile",
        "HOPES_TO_FIND",
        &["job"],
    );
    assert_each(
        "I'm going to cook dinner and watch a movie.",
        "odile",
        "GOING_TO_WATCH",
        &["movie"],
    );
    // A plan's verbs, after "gonna", "going to", "will" and a perfect's past.
    assert_each(
        "Gonna explore more and volunteer at shelters next month.",
        "odile",
        "VOLUNTEER_AT",
        &["shelters"],
    );
    assert_each(
        "I'm gonna try out for the team and join the choir.",
        "odile",
        "JOIN",
        &["choir"],
    );
    assert_each(
        "I'm going to relax and read a book.",
        "odile",
        "GOING_TO_READ",
        &["book"],
    );
    assert_each(
        "I've visited Rome and met the Pope.",
        "odile",
        "MET",
        &["pope"],
    );
    // The time had is how the act went: the act is the clause's.
    assert_each(
        "We had a great time throwing a small party.",
        "odile",
        "THROWING",
        &["party"],
    );
    assert_each(
        "We had a blast camping at the lake.",
        "odile",
        "CAMPING_AT",
        &["lake"],
    );
    assert_each(
        "I'm having a blast learning Italian.",
        "odile",
        "LEARNING",
        &["italian"],
    );
    let ex = turn("I had fun baking cookies.", "Odile", "Bram");
    assert!(
        has_fact(&ex, "odile", "BAKING", "cookies"),
        "{:?}",
        ex.facts
    );
    assert!(
        ex.facts
            .iter()
            .all(|f| !f.object.as_str().starts_with("fun")),
        "{:?}",
        ex.facts
    );
    // Not after a copula, nor across a clause with its own subject, nor after a present verb.
    assert!(turn("I was tired and excited.", "Odile", "Bram")
        .facts
        .is_empty());
    assert_no_relation("I met Anna and we talked for hours.", "TALKED_FOR");
    let ex = turn("I love hiking and visited Rome once.", "Odile", "Bram");
    assert!(!has_fact(&ex, "odile", "VISITED", "rome"), "{:?}", ex.facts);
}

#[test]
fn an_ordinal_opens_a_thing_and_taking_someone_somewhere_is_going_there() {
    // "my first marathon": the ordinal is no part of the thing, and no longer hides it.
    assert_each(
        "I just finished my first marathon!",
        "odile",
        "FINISHED",
        &["marathon"],
    );
    assert_each("I bought my second car.", "odile", "BOUGHT", &["car"]);
    // Alone it is an adverb.
    assert_no_object("I first met him in 2010.", "first");
    // Taking or bringing someone to a place is going there.
    assert_each(
        "Took the kids to the zoo yesterday!",
        "odile",
        "WENT_TO",
        &["zoo"],
    );
    assert_each(
        "I brought Max to the beach.",
        "odile",
        "WENT_TO",
        &["beach"],
    );
    assert_each("I took my mom to Paris.", "odile", "WENT_TO", &["paris"]);
    assert_each(
        "Took the puppy to the vet for shots.",
        "odile",
        "WENT_TO",
        &["vet"],
    );
    // "my third attempt" is which one, nothing owned.
    assert_no_relation("This is my third attempt at sourdough.", "HAS");
    // Not to court (suing), nor to what is no place.
    assert_no_relation("My neighbor took him to court over the fence.", "WENT_TO");
    assert_no_relation("I took the bus to work.", "WENT_TO");
}

#[test]
fn thinking_about_doing_something_is_what_one_means_to_do() {
    assert_each(
        "I'm thinking about adopting a cat.",
        "odile",
        "THINKING_ABOUT_ADOPTING",
        &["cat"],
    );
    assert_each(
        "I've been thinking about getting a dog.",
        "odile",
        "THINKING_ABOUT_GETTING",
        &["dog"],
    );
    assert_each(
        "Been thinking about getting a dog.",
        "odile",
        "THINKING_ABOUT_GETTING",
        &["dog"],
    );
    assert_each(
        "I dream of visiting Japan.",
        "odile",
        "DREAMS_OF_VISITING",
        &["japan"],
    );
    // Going somewhere names no thing thought of.
    assert_no_object("I was thinking about going to Paris.", "going");
}

#[test]
fn review_cases_of_joined_verbs() {
    // A particle, an activity or an adverb and a place after the joined verb.
    assert_each(
        "We rented bikes and rode along the river.",
        "odile",
        "RODE_ALONG",
        &["river"],
    );
    assert_each(
        "we drove to the mountains and went skiing",
        "odile",
        "WENT",
        &["skiing"],
    );
    assert_each(
        "I want to quit smoking and start running.",
        "odile",
        "WANTS_TO_START",
        &["running"],
    );
    // A count stays with its noun.
    assert_each(
        "I joined a gym and lost twenty pounds.",
        "odile",
        "LOST",
        &["twenty pounds"],
    );
    // A verb inside a relative or reported clause is not the speaker's.
    for text in [
        "I met a woman who lived in Paris and worked at Google.",
        "I heard that Mike got fired and moved to Utah.",
    ] {
        let ex = turn(text, "Odile", "Bram");
        assert!(
            ex.facts
                .iter()
                .all(|f| f.subject.as_str() != "odile" || f.rel_type.as_str() == "MET"),
            "{text}: {:?}",
            ex.facts
        );
    }
    // An issue brought to a manager goes nowhere; "my first dog" is owned.
    assert_no_relation("We brought the issue to the manager.", "WENT_TO");
    assert_each("My first dog was named Max.", "odile", "HAS", &["dog"]);
}

#[test]
fn present_verbs_joined_to_a_clause_share_its_subject() {
    assert_each(
        "I work at a bank and live in Chicago.",
        "odile",
        "LIVES_IN",
        &["chicago"],
    );
    assert_each(
        "Jess plays tennis and runs a book club.",
        "jess",
        "RUNS",
        &["book club"],
    );
    // A noun listed beside the object is no verb, nor is a plural thing.
    assert_no_relation("I want a house and land in Spain.", "LAND_IN");
    assert_no_relation("I want a house and land in Spain.", "LANDS_IN");
    assert_each(
        "Jess loves cats and dogs.",
        "jess",
        "LOVES",
        &["cats", "dogs"],
    );
    // A third person read by its base ("works" is a noun too).
    assert_each(
        "My sister lives in Boston and works at a bakery.",
        "odiles sister",
        "WORKS_AT",
        &["bakery"],
    );
    // After a particle, what follows it: an object, not a gerund the verb does not take.
    assert_each(
        "I cooked dinner and cleaned up the kitchen.",
        "odile",
        "CLEANED_UP",
        &["kitchen"],
    );
    assert_no_object("I had a dream and woke up crying.", "crying");
}

#[test]
fn main_verb_had_and_pasts_like_their_base_open_joined_clauses() {
    assert_each(
        "I had dinner and watched a movie.",
        "odile",
        "WATCHED",
        &["movie"],
    );
    assert_each(
        "I read a book and watched a movie.",
        "odile",
        "WATCHED",
        &["movie"],
    );
    // Taken somewhere, the speaker went there too.
    assert_each(
        "My mom took me to the doctor.",
        "odile",
        "WENT_TO",
        &["doctor"],
    );
}

#[test]
fn names_after_things_each_name_one_of_them() {
    // "two dogs, Max and Bella" stated only that the speaker has dogs.
    assert_each(
        "We have two dogs, Max and Bella.",
        "odile",
        "HAS",
        &["max", "bella"],
    );
    let ex = turn("We have two dogs, Max and Bella.", "Odile", "Bram");
    for dog in ["max", "bella"] {
        assert!(has_fact(&ex, dog, "IS_A", "dog"), "{dog}: {:?}", ex.facts);
    }
    // A second thing named after the first.
    assert_each(
        "I have a cat named Luna and a dog named Rex.",
        "odile",
        "HAS",
        &["luna", "rex"],
    );
    let ex = turn(
        "I have a cat named Luna and a dog named Rex.",
        "Odile",
        "Bram",
    );
    assert!(has_fact(&ex, "rex", "IS_A", "dog"), "{:?}", ex.facts);
    // Relatives are relatives, and people whatever their names look like.
    let ex = turn("I have two sisters, Ana and Bea.", "Odile", "Bram");
    for sister in ["ana", "bea"] {
        assert!(
            has_fact(&ex, "odile", "SISTER", sister),
            "{sister}: {:?}",
            ex.facts
        );
        let e = ex.entities.iter().find(|e| e.key.as_str() == sister);
        assert_eq!(
            e.map(|e| e.entity_type),
            Some(mnemo_core::EntityType::Person),
            "{:?}",
            ex.entities
        );
    }
    // Places after offices are where they are, not the offices' names.
    let ex = turn(
        "We have three offices, London, Paris and Rome.",
        "Odile",
        "Bram",
    );
    assert!(
        !ex.facts.iter().any(|f| f.subject.as_str() == "london"),
        "{:?}",
        ex.facts
    );
    assert_no_object("We have three offices, London, Paris and Rome.", "london");
}

#[test]
fn a_person_and_her_relative_share_the_clause() {
    // "Sara and her husband live in Rome" stated only "sara RELATED_TO rome".
    let ex = turn("Sara and her husband live in Rome.", "Odile", "Bram");
    for (s, rel, o) in [
        ("sara", "HUSBAND", "saras husband"),
        ("sara", "LIVES_IN", "rome"),
        ("saras husband", "LIVES_IN", "rome"),
    ] {
        assert!(has_fact(&ex, s, rel, o), "{s} {rel} {o}: {:?}", ex.facts);
    }
    assert_each(
        "My sister and her husband adopted a puppy.",
        "odiles sister",
        "ADOPTED",
        &["puppy"],
    );
}

#[test]
fn verbs_joined_or_listed_are_told_from_things() {
    // "hurt" is its own past: the verb joined after it shares its subject.
    assert_each(
        "I hurt my back and went to the doctor.",
        "odile",
        "WENT_TO",
        &["doctor"],
    );
    assert_each(
        "I hurt my back and went to the doctor.",
        "odile",
        "HURT",
        &["back"],
    );
    assert_no_object("I've got your back.", "back");
    // A word with an object pronoun after it is a second verb, not a thing of the list; a noun
    // that is no verb opens a relative clause.
    assert_no_object("I wash my car and polish it every Sunday.", "polish");
    assert_each(
        "I love the freedom and connection it brings.",
        "odile",
        "LOVES",
        &["freedom", "connection"],
    );
}

#[test]
fn conditions_imaginings_and_letting_know_state_nothing() {
    // An opening "if" with no comma makes the whole sentence its condition.
    assert_no_relation("If my kids behave they get ice cream.", "GET");
    assert_no_relation("If my kids behave they get ice cream.", "GETS");
    assert_no_relation("I can picture you all laughing at the party.", "PICTURE");
    assert_no_relation("I can picture you all laughing at the party.", "PICTURES");
    assert_no_relation("Just wanted to let you know I moved.", "WANTED_TO_LET");
}

#[test]
fn gerund_phrases_joined_to_a_liked_one_are_liked_too() {
    assert_each(
        "We love going for hikes and having picnics.",
        "odile",
        "LOVES_HAVING",
        &["picnics"],
    );
    let text = "I enjoy reading novels, baking bread and playing the piano.";
    assert_each(text, "odile", "ENJOYS_READING", &["novels"]);
    assert_each(text, "odile", "ENJOYS_BAKING", &["bread"]);
    assert_each(text, "odile", "ENJOYS_PLAYING", &["piano"]);
    // A dash or "plus" goes on with the list.
    let text = "We love being outdoors - going for hikes, hanging out at the park, having \
                picnics - plus playing board games.";
    assert_each(text, "odile", "LOVES_GOING_FOR", &["hikes"]);
    assert_each(text, "odile", "LOVES_PLAYING", &["board games"]);
    // A past verb joined after the gerund phrase keeps its own form, not the liking.
    assert_each(
        "I started taking guitar lessons and joined a choir.",
        "odile",
        "JOINED",
        &["choir"],
    );
    // A gerund describing how, with no object of its own, is no liked act.
    assert_no_object("I love cooking and feeling relaxed.", "relaxed");
}

#[test]
fn names_listed_after_animals_or_people_are_theirs_dictionary_words_too() {
    let text = "We have two cats, Luna and Pepper.";
    assert_each(text, "odile", "HAS", &["luna", "pepper"]);
    assert_each(text, "pepper", "IS_A", &["cat"]);
    let ex = turn(
        "My sons, Leo, Max and Cookie, love soccer.",
        "Odile",
        "Bram",
    );
    for son in ["leo", "max", "cookie"] {
        assert!(
            ex.facts
                .iter()
                .any(|f| f.subject.as_str() == "odile" && f.object.as_str() == son),
            "{son}: {:?}",
            ex.facts
        );
    }
    // Places listed after a plural are not renamed.
    let ex = turn("We visited three cities, Paris and Rome.", "Odile", "Bram");
    assert!(
        ex.entities
            .iter()
            .filter(|e| matches!(e.name.as_str(), "Paris" | "Rome"))
            .all(|e| e.entity_type == mnemo_core::EntityType::Location),
        "{:?}",
        ex.entities
    );
}
