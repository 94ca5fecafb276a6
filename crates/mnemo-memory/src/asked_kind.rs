//! The kind of thing a question asks for, and the memory's things of that kind: "What European
//! countries has Maria been to?" asks for European countries; the tenant's entities named Spain
//! and England are of that kind (WordNet's noun hierarchy, `mnemo_extract::kinds`), and their
//! mentions are the texts that answer, though no word of the question is in them ("Last year I
//! took a solo trip and took this pic in Spain").

use mnemo_core::{Entity, EntityType, GraphStore, MentionEvent, Tenant};

/// Most lemmas a kind may have below it: broader kinds ("activities", "events") take in almost
/// anything and say nothing about which texts answer.
const MAX_MEMBERS: usize = 2000;
/// Most names looked up for the senses of a kind phrase together: on Neo4j a lookup of 1,400-1,700
/// names ("cities", "instruments") takes 8-9 ms warm (14-56 ms on a statement's first runs).
const MAX_KEYS: usize = 2500;
/// Entities of the asked kind whose mentions are read, the most mentioned first, and mentions
/// read per entity.
const KIND_ENTITIES: usize = 16;
const KIND_MENTIONS: usize = 8;
/// Most words between the question word and the verb for a kind phrase ("European countries"),
/// not counting an opening "types of".
const MAX_PHRASE_WORDS: usize = 3;
/// Most entities read whose names contain the kind's head noun (`find_by_tokens`, most mentioned
/// first), to find the ones named as a kind of it ("aerial yoga", "dog shelter").
const HEAD_CANDIDATES: usize = 200;
/// Nouns that, followed by "of", say the question asks for kinds of what comes next: "What types
/// of yoga has she practiced?" asks for kinds of yoga though "yoga" is singular.
const KIND_OF: &[&str] = &["kinds", "sorts", "types"];

/// Words that end the kind phrase: the auxiliary after it ("What cities *has* Jon visited?").
const AUXILIARIES: &[&str] = &[
    "am", "are", "can", "could", "did", "do", "does", "had", "has", "have", "is", "may", "might",
    "shall", "should", "was", "were", "will", "would",
];
/// Plural nouns that name no kind worth a lookup ("What things has she done?").
const GENERIC: &[&str] = &[
    "kinds", "others", "ones", "sorts", "stuff", "things", "times", "types", "ways",
];

/// The plural noun phrase a question asks a kind of, when it opens with "What" or "Which" and
/// the phrase runs up to the auxiliary: "Which cities has Jon visited?" -> "cities", "What
/// European countries has Maria been to?" -> "European countries", "What types of yoga has she
/// practiced?" -> "types of yoga" (after "types of" a singular noun names a kind too). A singular
/// phrase ("What book did ...") asks for one thing, which the text's words find: None.
pub fn asked_phrase(query: &str) -> Option<String> {
    // The question word, the phrase and its auxiliary are the first words: a long query is not
    // read past them.
    let words: Vec<&str> = query
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\''))
        .filter(|w| !w.is_empty())
        .take(MAX_PHRASE_WORDS + 4)
        .collect();
    let (first, rest) = words.split_first()?;
    if !matches!(first.to_lowercase().as_str(), "what" | "which") {
        return None;
    }
    let end = rest
        .iter()
        .position(|w| AUXILIARIES.contains(&w.to_lowercase().as_str()))?;
    let phrase = &rest[..end];
    let kinds_of = phrase.len() > 2
        && KIND_OF.contains(&phrase[0].to_lowercase().as_str())
        && phrase[1].eq_ignore_ascii_case("of");
    let head = phrase.last()?.to_lowercase();
    let plural = head.len() > 3 && head.ends_with('s') && !head.ends_with("ss")
        || matches!(head.as_str(), "children" | "people" | "men" | "women");
    if phrase.len() > MAX_PHRASE_WORDS + if kinds_of { 2 } else { 0 }
        || !(plural || kinds_of)
        || head.contains('\'')
        || GENERIC.contains(&head.as_str())
        || phrase.iter().any(|w| w.contains('\''))
    {
        return None;
    }
    Some(phrase.join(" "))
}

/// The mentions of the tenant's things of the kind `query` asks for (nothing when it asks for
/// none): at most `KIND_ENTITIES` entities, `KIND_MENTIONS` mentions each, newest first. The kind
/// is the sense of the phrase under which the memory holds the most things (first sense on ties):
/// "instruments" in a memory of clarinets and violins is the musical sense, WordNet's sixth. A
/// name WordNet knows only as a named thing (Rome) counts when the entity is one (a place, an
/// organisation, a title), not a concept or a person; no person counts as a thing. Things the
/// memory names as a kind of the phrase's head noun count too (`head_things`: "kundalini yoga",
/// "dog shelter"), as WordNet lists few of them.
pub async fn kind_mentions(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
) -> Result<Vec<MentionEvent>, mnemo_core::Error> {
    let Some(phrase) = asked_phrase(query) else {
        return Ok(Vec::new());
    };
    let named_kinds = head_things(store, tenant, &phrase);
    let mut senses = mnemo_extract::kinds_named(&phrase, MAX_MEMBERS);
    // The senses' names are looked up together, as many senses as `MAX_KEYS` allows.
    let mut keys: Vec<String> = Vec::new();
    let mut kept = 0;
    for k in &senses {
        if kept > 0 && keys.len() + k.members.len() > MAX_KEYS {
            break;
        }
        keys.extend(k.members.iter().map(|(m, _)| m.to_string()));
        kept += 1;
    }
    senses.truncate(kept);
    keys.sort_unstable();
    keys.dedup();
    let (found, named_kinds) = futures::future::try_join(
        async {
            if keys.is_empty() {
                Ok(Vec::new())
            } else {
                store.lookup_names(tenant, &keys).await
            }
        },
        named_kinds,
    )
    .await?;
    let things_of = |kind: &mnemo_extract::Kind| -> Vec<Entity> {
        found
            .iter()
            .filter(|(key, e)| match kind.member(key) {
                None => false,
                Some(named_only) => match e.entity_type {
                    EntityType::Person | EntityType::Date => false,
                    EntityType::Concept | EntityType::Event => !named_only,
                    _ => true,
                },
            })
            .map(|(_, e)| e.clone())
            .collect()
    };
    let mut things = senses
        .iter()
        .map(things_of)
        .enumerate()
        .max_by(|(i, a), (j, b)| a.len().cmp(&b.len()).then(j.cmp(i)))
        .map(|(_, t)| t)
        .unwrap_or_default();
    things.extend(named_kinds);
    if things.is_empty() {
        return Ok(Vec::new());
    }
    things.sort_by(|a, b| b.mentions.cmp(&a.mentions).then(a.key.cmp(&b.key)));
    things.dedup_by(|a, b| a.key == b.key);
    things.truncate(KIND_ENTITIES);
    let keys = things.iter().map(|e| &e.key);
    let mentions = crate::sources::mentions_of_each(store, tenant, keys, KIND_MENTIONS).await?;
    Ok(mentions.into_iter().flatten().collect())
}

/// The tenant's things named as a kind of the phrase's head noun: a name of two or more words
/// ending with it ("aerial yoga" and "kundalini yoga" for "types of yoga", "dog shelter" for
/// "shelters"; "music event" for "music events": one thing of the kind), neither a person nor a
/// date.
async fn head_things(
    store: &dyn GraphStore,
    tenant: &Tenant,
    phrase: &str,
) -> Result<Vec<Entity>, mnemo_core::Error> {
    let phrase_key = mnemo_core::canonical_key(phrase);
    let Some(head) = phrase_key.rsplit(' ').next().filter(|h| !h.is_empty()) else {
        return Ok(Vec::new());
    };
    let mut forms = vec![head.to_string()];
    forms.extend(mnemo_extract::lexicon::singulars(head));
    let found = store
        .find_by_tokens(tenant, &forms, HEAD_CANDIDATES)
        .await?;
    Ok(found
        .into_iter()
        .filter(|e| !matches!(e.entity_type, EntityType::Person | EntityType::Date))
        .filter(|e| {
            let key = e.key.as_str();
            key.rsplit_once(' ')
                .is_some_and(|(_, last)| forms.iter().any(|f| f == last))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_phrase_runs_from_the_question_word_to_the_auxiliary() {
        let asked = |q: &str| asked_phrase(q);
        assert_eq!(
            asked("Which cities has Jon visited?").as_deref(),
            Some("cities")
        );
        assert_eq!(
            asked("What European countries has Maria been to?").as_deref(),
            Some("European countries")
        );
        assert_eq!(
            asked("what martial arts has John done").as_deref(),
            Some("martial arts")
        );
        assert_eq!(
            asked("What kinds of desserts did she make?").as_deref(),
            Some("kinds of desserts")
        );
        // After "types of" a singular (mass) noun names a kind too; "What kind of X" asks for one.
        assert_eq!(
            asked("What types of yoga has she practiced?").as_deref(),
            Some("types of yoga")
        );
        assert_eq!(
            asked("Which sorts of modern dance does Jon teach?").as_deref(),
            Some("sorts of modern dance")
        );
        assert_eq!(asked("What kind of art does she make?"), None);
        assert_eq!(asked("What types of does she make?"), None);
        // A singular head asks for one thing; possessives, generic nouns and other openings ask
        // for no kind.
        assert_eq!(asked("What book did Caroline recommend?"), None);
        assert_eq!(asked("What are Melanie's pets' names?"), None);
        assert_eq!(asked("What things has she done?"), None);
        assert_eq!(asked("Where has Maria made friends?"), None);
        assert_eq!(asked("What"), None);
        assert_eq!(asked(""), None);
        assert_eq!(asked("What 🙂 🙂 🙂 🙂 has he done?"), None);
        // Huge input: a long phrase asks for no kind; one huge word is a phrase WordNet lacks.
        let long = format!("What cities {} has he seen?", "x ".repeat(5000));
        assert_eq!(asked(&long), None);
        let huge = format!("What {}s has he seen?", "a".repeat(10_000));
        let phrase = asked(&huge).expect("one plural word");
        assert!(mnemo_extract::kinds_named(&phrase, MAX_MEMBERS).is_empty());
        assert_eq!(asked("ما هي المدن التي زارها؟"), None);
    }
}
