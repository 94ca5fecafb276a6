//! Noun phrases and objects of a clause: "an amazing pottery class" is a pottery class, "a lot
//! of books" are books, "an LGBTQ conference" is a conference (the name only modifies it), "the
//! Louvre" is a name, and "that you ..." is a clause, not an object.

use mnemo_core::EntityType;

use crate::clause_fact::End;
use crate::clause_words::*;
use crate::features::WordInfo;
use crate::gazetteer as gz;
use crate::lexicon;
use crate::mentions::{Mention, MentionKind};
use crate::verbs::{is_gerund, is_verbish};

/// What a clause's object turned out to be.
pub(crate) enum Object {
    Mention(usize),
    Thing(usize, usize),
}

pub(crate) struct Sentence<'a> {
    pub texts: &'a [&'a str],
    pub info: &'a [WordInfo],
    /// Mention index covering each word, if any.
    pub at: Vec<Option<usize>>,
    pub mentions: &'a [Mention],
    pub offset: usize,
}

impl Sentence<'_> {
    pub(crate) fn lower(&self, k: usize) -> &str {
        self.info.get(k).map_or("", |w| w.lower.as_str())
    }

    /// The mention starting at word `k`, if one does.
    pub(crate) fn mention_at(&self, k: usize) -> Option<usize> {
        let m = self.at.get(k).copied().flatten()?;
        (self.mentions[m].words.0 - self.offset == k).then_some(m)
    }

    /// A common-noun phrase starting at `k` (after its determiner): its word range, if its head is
    /// a noun worth remembering.
    pub(crate) fn noun_phrase(&self, k: usize) -> Option<(usize, usize)> {
        let n = self.info.len();
        // A count is a determiner too: "bought 2 tickets".
        let det = k > 0
            && (is_determiner(self.lower(k - 1))
                || self.lower(k - 1).bytes().all(|c| c.is_ascii_digit()));
        // "my first marathon", "her second album": an ordinal after a determiner opens the
        // phrase (alone, "I first met him", it is an adverb).
        let ordinal = |e: usize| {
            e == k && det && is_ordinal(self.lower(e)) && self.info.get(e + 1).is_some_and(np_word)
        };
        // "hurt my back": after a possessive and an injury, "back" is the body's ("got your
        // back" is an idiom).
        let back = |e: usize| {
            e == k
                && k > 1
                && matches!(
                    self.lower(k - 1),
                    "my" | "your" | "his" | "her" | "our" | "their"
                )
                && self.lower(e) == "back"
                && matches!(
                    self.lower(k - 2),
                    "hurt"
                        | "hurts"
                        | "injured"
                        | "pulled"
                        | "strained"
                        | "tweaked"
                        | "sprained"
                        | "broke"
                        | "wrenched"
                )
        };
        // "hurt my back lifting boxes", "hurt my back yesterday": the back alone.
        if back(k) {
            return Some((k, k + 1));
        }
        // "type 2 diabetes", "stage 4 cancer": a number that says which kind, inside the phrase.
        let which = |e: usize| {
            e > k
                && matches!(
                    self.lower(e - 1),
                    "type" | "stage" | "level" | "grade" | "phase" | "tier"
                )
                && self.lower(e).len() <= 2
                && self.lower(e).bytes().all(|c| c.is_ascii_digit())
                && self.info.get(e + 1).is_some_and(np_word)
        };
        let mut e = k;
        while e < n && e < k + 5 && (np_word(&self.info[e]) || ordinal(e) || back(e) || which(e)) {
            // A name starts here: the phrase ends before it ("the book Dune").
            if e > k && self.at[e].is_some() {
                break;
            }
            // A verb form after the head ends the phrase ("a dog named Biscuit"), unless a
            // gerund is the head of a compound noun ("weight training", "rock climbing"). After
            // adjectives alone there is no head yet: "a beautiful painting", "a creative writing
            // class", "a lovely handmade bowl".
            if e > k
                && (self.lower(e).ends_with("ed")
                    || (is_gerund(self.lower(e)) && !self.gerund_compound(e)))
                && !(det && self.before_head(k, e))
            {
                break;
            }
            if crate::verbs::is_irregular_past(self.lower(e)) {
                break;
            }
            // "a bakery downtown", "a cafe nearby": where the thing is; "painted the nursery
            // yellow": what the painting made it. Neither is part of the thing.
            if e > k && self.after_head(e) {
                break;
            }
            // "your store looks great", "your friendship means so much": a verb after the head.
            if e > k && self.verb_then_complement(e) {
                break;
            }
            // "my dog chases cats", "and my cat watches": what an animal or a person opening a
            // clause does ("I bought dog treats" keeps its compound).
            if e > k && self.living_subject_verb(k, e) {
                break;
            }
            e += 1;
            // "books- classics": a dash written onto the word ends the phrase there.
            if self.lower(e - 1).ends_with('-') {
                break;
            }
            // "a veteran's hospital", "kids' books": a common noun's possessive stays inside the
            // phrase.
            let possessive = match self.lower(e) {
                "'s" | "\u{2019}s" => true,
                "'" | "\u{2019}" => self.lower(e - 1).ends_with('s'),
                _ => false,
            };
            if e + 1 < n
                && e < k + 4
                && possessive
                && !self.info[e - 1].is_capitalised()
                && self.at[e - 1].is_none()
                && np_word(&self.info[e + 1])
            {
                e += 1;
            }
        }
        let mut a = k;
        // Leading adjectives are the speaker's opinion, not the thing: "an amazing pottery class".
        // A gerund stays: "a driving test", "the swimming pool".
        while a + 1 < e && (self.leading_modifier(a) || ordinal(a)) {
            a += 1;
            // "a nice looking car": the gerund of a compound adjective goes with it.
            if a + 1 < e
                && is_gerund(self.lower(a))
                && lexicon::categories_of(self.lower(a))
                    .first()
                    .is_none_or(|c| *c == "act")
                // "a new washing machine": a compound WordNet knows keeps its gerund.
                && !crate::kinds::is_noun_lemma(&format!(
                    "{}_{}",
                    self.lower(a),
                    self.lower(a + 1)
                ))
            {
                a += 1;
            }
        }
        if a >= e {
            return None;
        }
        let head = self.lower(e - 1);
        let capitalised = self.info[e - 1].is_capitalised();
        let next = self.lower(e);
        let single = e == a + 1 && !det;
        if is_empty_noun(head)
            // "help make", "students succeed motivates": a bare verb, not a thing.
            || (single
                && !capitalised
                && lexicon::parts_of_speech(head).is_some_and(|p| p.starts_with('v')))
            || (single
                && !capitalised
                && head.ends_with('s')
                && is_verbish(head)
                && lexicon::category_of(head).is_none()
                && !self.plural_at_end(e - 1)
                // "great phones": after an adjective the word is a noun.
                && !(a > k && lexicon::parts_of_speech(self.lower(a - 1)).is_some_and(|p| p.starts_with('a'))))
            || matches!(next, "'s" | "\u{2019}s" | "'" | "\u{2019}")
            || (head.ends_with("ed") && is_verbish(head) && lexicon::category_of(head).is_none())
            || (is_gerund(head)
                && (is_determiner(next)
                    || (self.at.get(e).is_some_and(Option::is_some)
                        && !(e - a >= 2 && self.picture_compound(e - 1) && opens_relative(next)))))
            || head.chars().count() < 3
            || (!capitalised && lexicon::is_modifier_only(head))
            // "a wild week", "a lovely Sunday": an adjective cut from its noun by a time or a
            // name names nothing.
            || (!capitalised
                && lexicon::is_mostly_modifier(head)
                && e == a + 1
                && (!det
                    || is_time_word(next)
                    || self.at.get(e).is_some_and(Option::is_some)
                    || self.info.get(e).is_some_and(|w| w.flags & (gz::WEEKDAY | gz::MONTH) != 0)))
            || crate::interjections::always(head)
            || (!capitalised && lexicon::is_verb_only(head))
            || (self.at[a..e].iter().any(Option::is_some))
        {
            return None;
        }
        Some((a, e))
    }

    /// Whether the word at `e` is a plural noun that ends its clause ("loves treats.", "trains
    /// and planes"): a verb's third person there would have no object nor complement, and the
    /// word before it is no noun that could be its subject ("students succeed motivates").
    fn plural_at_end(&self, e: usize) -> bool {
        let w = self.lower(e);
        let ends = self.info.get(e + 1).is_none_or(|x| {
            crate::interjections::is_punct(x) || matches!(x.lower.as_str(), "and" | "&" | "or")
        });
        // The verb has its subject before it: "Love wins" opens with a noun, not a verb whose
        // subject is left out.
        let after_verb = e.checked_sub(1).is_some_and(|j| {
            let before = self.lower(j);
            is_verbish(before)
                && !is_determiner(before)
                && j.checked_sub(1)
                    .is_some_and(|i| self.lower(i).chars().any(char::is_alphanumeric))
        });
        ends && after_verb && lexicon::is_plural_of_noun(w)
    }

    /// Whether the verb form at `e`, after a determiner and the words `k..e`, comes before the
    /// phrase's head: every word before it is an adjective that names no living thing ("a
    /// beautiful painting", "a creative writing class"; not "a local fishing", "a stray hiding"),
    /// and it is no verb naming what follows ("a senior named Buddy").
    fn before_head(&self, k: usize, e: usize) -> bool {
        // The phrase goes on to its head, or ends there ("a beautiful painting."); a particle or
        // a preposition after it makes it a verb ("a local fishing off the pier").
        let next = self.info.get(e + 1);
        let ends_or_goes_on = next.is_none_or(|w| {
            crate::interjections::is_punct(w)
                || is_time_word(&w.lower)
                || (np_word(w) && !is_particle(&w.lower))
        });
        (k..e).all(|j| self.leading_modifier(j) && !names_living(self.lower(j), true))
            && !matches!(self.lower(e), "named" | "called")
            && self.at.get(e + 1).is_none_or(Option::is_none)
            && ends_or_goes_on
    }

    /// Whether the word at `e`, after a noun, says where the thing is ("downtown", "nearby",
    /// "upstairs") or, ending the phrase, a colour it was given ("the fence white"; "a sky blue
    /// dress" keeps its compound).
    fn after_head(&self, e: usize) -> bool {
        let w = self.lower(e);
        // A word WordNet's table leaves out is a rarer noun ("bakery").
        let noun_before =
            lexicon::parts_of_speech(self.lower(e - 1)).is_none_or(|p| p.starts_with('n'));
        let place = matches!(
            w,
            "downtown"
                | "uptown"
                | "midtown"
                | "nearby"
                | "upstairs"
                | "downstairs"
                | "outside"
                | "overseas"
                | "abroad"
        ) || (matches!(w, "online" | "offline" | "together" | "alone")
            // "play chess online", "cook pasta together": how, not what ("an online group" is
            // one).
            && self.info.get(e + 1).is_none_or(|n| !np_word(n)));
        let colour = matches!(
            w,
            "red"
                | "blue"
                | "green"
                | "yellow"
                | "white"
                | "black"
                | "pink"
                | "purple"
                | "orange"
                | "brown"
                | "grey"
                | "gray"
                | "beige"
                | "teal"
        ) && self.info.get(e + 1).is_none_or(|n| !np_word(n));
        noun_before && (place || colour)
    }

    /// Whether the gerund at `e` names a picture ("painting", "carving"): after an animal's
    /// noun it makes a thing ("my horse painting").
    fn picture_compound(&self, e: usize) -> bool {
        lexicon::category_of(self.lower(e)) == Some("art")
    }

    /// Whether the word at `a` is an adjective before a noun phrase's head, an opinion rather than
    /// the thing ("amazing", "favourite", "new"); a gerund is not ("a driving test").
    fn leading_modifier(&self, a: usize) -> bool {
        let w = self.lower(a);
        (!is_gerund(w) || lexicon::is_modifier_only(w))
            && (lexicon::is_mostly_modifier(w)
                || lexicon::parts_of_speech(w)
                    .is_some_and(|p| p.contains('a') && !p.starts_with('n'))
                || matches!(w, "favorite" | "favourite" | "own" | "new" | "old"))
    }

    /// Whether the gerund at `e` ends a compound noun with the word before it: "rock climbing"
    /// and "ballroom dancing" (WordNet lemmas), or a lower-case singular noun, not a person or
    /// an animal, before a gerund WordNet knows as a noun, with no object after it ("I've done
    /// weight training so far", not "the dog running" nor "a kid painting a fence").
    fn gerund_compound(&self, e: usize) -> bool {
        let (before, gerund, next) = (self.lower(e - 1), self.lower(e), self.lower(e + 1));
        // "Anna running the show": a name's doing. A capitalised word that names nothing
        // ("an LGBTQ+ counseling workshop") is a noun like any.
        if (self.info[e - 1].is_capitalised() && self.at[e - 1].is_some())
            || self.info[e].is_capitalised()
        {
            return false;
        }
        if crate::kinds::is_noun_lemma(&format!("{before}_{gerund}")) {
            return true;
        }
        let noun = |w: &str| lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('n'));
        let singular = !is_plural_noun(before);
        // A picture of an animal is a thing ("my horse painting"); an animal doing something is
        // not ("the dog running").
        let picture = self.picture_compound(e);
        let living = names_living(before, !picture);
        let object_follows = is_determiner(next)
            || matches!(
                next,
                "it" | "them" | "him" | "me" | "us" | "you" | "this" | "that" | "these" | "those"
            )
            || self.at.get(e + 1).is_some_and(Option::is_some)
            // "broke his arm playing soccer", "learned Spanish watching movies": a sport, a
            // game, food, a film or a book after the gerund is what is played, eaten, watched or
            // read.
            || matches!(
                lexicon::category_of(next),
                Some("sport" | "game" | "food" | "drink" | "instrument" | "movie" | "book" | "show")
            )
            // "art counseling workshop": a noun after the gerund that ends the phrase makes a
            // longer compound, not the gerund's object.
            || (noun(next)
                && !lexicon::parts_of_speech(next).is_some_and(|p| p.contains('r'))
                && np_word(&self.info[(e + 2).min(self.info.len() - 1)])
                && e + 2 < self.info.len());
        // ... unless it is a picture's relative clause: "my horse painting I did".
        let object_follows = object_follows && !(picture && opens_relative(next));
        (noun(before) || self.info[e - 1].is_capitalised())
            && singular
            && !living
            && lexicon::parts_of_speech(gerund).is_some_and(|p| p.contains('n'))
            && !object_follows
    }

    /// The object at `k`: a mention (a name, "you", a relative) or a common-noun phrase.
    pub(crate) fn object(&self, mut k: usize) -> Option<Object> {
        // A title in quotes: the name inside them.
        if matches!(self.lower(k), "\"" | "\u{201c}") && self.mention_at(k + 1).is_some() {
            k += 1;
        }
        // "a lot of", "a couple of", "some of": the phrase after "of".
        for _ in 0..2 {
            let (w0, w1, w2) = (self.lower(k), self.lower(k + 1), self.lower(k + 2));
            if w1 == "of"
                && matches!(
                    w0,
                    "lots" | "some" | "all" | "one" | "most" | "kind" | "plenty" | "tons" | "loads"
                )
            {
                k += 2;
            } else if w0 == "a" && w2 == "of" && matches!(w1, "lot" | "couple" | "bunch" | "few") {
                k += 3;
            } else if w0 == "a" && matches!(w1, "few" | "couple") {
                // "a few dance classes", "a couple new bikes".
                k += 2;
            } else if matches!(w0, "all" | "both") && is_determiner(w1) {
                // "all the flowers", "both my sisters".
                k += 1;
            } else if !w0.is_empty()
                && w0.len() <= 4
                && w0.chars().all(|c| c.is_ascii_digit())
                && self.info.get(k + 1).is_some_and(np_word)
            {
                // "sent me 3 photos", "bought 2 tickets": the things counted.
                k += 1;
            }
        }
        let possessive = matches!(
            self.lower(k),
            "my" | "our" | "your" | "his" | "her" | "their"
        );
        // "my husband" is a relative mention; "my" alone is the speaker, a determiner here.
        let relative = |m: &usize| matches!(self.mentions[*m].kind, MentionKind::Relative { .. });
        if let Some(m) = self.mention_at(k).filter(|m| !possessive || relative(m)) {
            return self.name_or_thing(m);
        }
        if is_determiner(self.lower(k)) {
            k += 1;
            if let Some(m) = self.mention_at(k) {
                // "the Louvre", not "that you ..." (a clause, no object).
                if matches!(
                    self.mentions[m].kind,
                    MentionKind::Speaker | MentionKind::Listener | MentionKind::Pronoun(_)
                ) {
                    return None;
                }
                // "heard that Netflix is moving": a clause whose subject is the name ("that
                // Netflix show" is the show).
                let after = self.mentions[m].words.1 - self.offset;
                if self.lower(k - 1) == "that" && finite_verb(self.lower(after)) {
                    return None;
                }
                return self.name_or_thing(m);
            }
            // "bought a new Kindle Paperwhite", "my old Toyota": a name after an adjective or
            // two.
            let mut j = k;
            while j < k + 2
                && self.at.get(j).is_some_and(Option::is_none)
                && lexicon::is_mostly_modifier(self.lower(j))
            {
                j += 1;
            }
            if let Some(m) = self
                .mention_at(j)
                .filter(|&m| j > k && matches!(self.mentions[m].kind, MentionKind::Name(_)))
            {
                return self.name_or_thing(m);
            }
            if self.lower(k) == "own" {
                k += 1;
            }
        }
        // "stuff like canned food", "things such as hiking": the examples are the object.
        if is_empty_noun(self.lower(k)) {
            // "a guy named Tom", "a person called Bob": the one named.
            if matches!(self.lower(k + 1), "named" | "called") {
                if let Some(m) = self
                    .mention_at(k + 2)
                    .filter(|&m| matches!(self.mentions[m].kind, MentionKind::Name(_)))
                {
                    return self.name_or_thing(m);
                }
            }
            // Things only: "people like you" names no one.
            let examples = match (self.lower(k + 1), self.lower(k + 2)) {
                ("like", _) => Some(k + 2),
                ("such", "as") => Some(k + 3),
                _ => None,
            };
            if let Some(j) = examples {
                return self.object(j).filter(|o| matches!(o, Object::Thing(..)));
            }
        }
        let (a, e) = self.noun_phrase(k)?;
        Some(Object::Thing(a, e))
    }

    /// Whether word `e` is a verb's third person after a singular noun for a living thing at
    /// `e - 1`, in a phrase from `k` that opens a clause (after the sentence's start, a joiner
    /// or punctuation, and maybe a determiner).
    fn living_subject_verb(&self, k: usize, e: usize) -> bool {
        let w = self.lower(e);
        let noun = self.lower(e - 1);
        let mut start = k;
        if start > 0 && is_determiner(self.lower(start - 1)) {
            start -= 1;
        }
        let opens = start == 0
            || matches!(self.lower(start - 1), "and" | "but" | "so" | "then")
            || crate::interjections::is_punct(&self.info[start - 1]);
        // "my cat toys are everywhere": a verb after it makes the word the phrase's head.
        let verb_after = self.info.get(e + 1).is_some_and(|x| is_aux(&x.lower));
        // "my dogs love walks": a plural's verb has no "s".
        let agrees = if is_plural_noun(noun) {
            !w.ends_with('s') && lexicon::parts_of_speech(w).is_some_and(|p| p.contains('v'))
        } else {
            w.ends_with('s') && !w.ends_with("ss")
        };
        opens && agrees && is_verbish(w) && !verb_after && names_living(noun, true)
    }

    /// Whether word `e` is a present-tense verb ("looks", "means") with its complement after it
    /// (a determiner, pronoun, adverb or adjective), not a plural noun of the phrase.
    fn verb_then_complement(&self, e: usize) -> bool {
        let w = self.lower(e);
        let after = self.info.get(e + 1);
        // "a poetry class lately": a word ending in a double s is no verb's third person after
        // a singular noun ("the students pass the test" still has its verb).
        let plural_before = e
            .checked_sub(1)
            .is_none_or(|j| is_plural_noun(self.lower(j)));
        w.ends_with('s')
            && (!w.ends_with("ss") || plural_before)
            && is_verbish(w)
            && after.is_some_and(|x| {
                is_determiner(&x.lower)
                    || x.flags & gz::PRONOUN != 0
                    || is_skipped_adverb(&x.lower)
                    || lexicon::is_mostly_modifier(&x.lower)
            })
    }

    /// A name used as a modifier heads no object: "an LGBTQ conference" is a conference.
    pub(crate) fn name_or_thing(&self, m: usize) -> Option<Object> {
        let mention = &self.mentions[m];
        let (a, b) = (mention.words.0 - self.offset, mention.words.1 - self.offset);
        if mention.adjective && matches!(mention.kind, MentionKind::Name(_)) {
            // "French and Spanish teachers", "Mexican food": peoples' adjectives before their
            // noun are part of the thing; a name addressed ("You got this, Jon!") is no object.
            let mut j = b;
            if matches!(self.lower(j), "and" | "&" | "or") {
                if let Some(n) = self
                    .mention_at(j + 1)
                    .filter(|&n| self.mentions[n].adjective)
                {
                    j = self.mentions[n].words.1 - self.offset;
                }
            }
            // "learned Spanish watching movies": a gerund after the name opens what was being
            // done, no noun the name modifies.
            if is_gerund(self.lower(j)) && is_verbish(self.lower(j)) && j == b {
                return Some(Object::Thing(a, b));
            }
            let noun = self.info.get(j).is_some_and(|w| !w.is_capitalised());
            return self
                .noun_phrase(j)
                .filter(|_| noun)
                .map(|(_, e)| Object::Thing(a, e));
        }
        // "my daughter's birthday", "my cousin's wedding": the object is the birthday, not the
        // daughter.
        if matches!(self.lower(b), "'s" | "\u{2019}s" | "'" | "\u{2019}") {
            // "I met Anna's brother": the relative of hers.
            if let Some(r) = self
                .mention_at(b + 1)
                .filter(|&r| matches!(self.mentions[r].kind, MentionKind::Relative { .. }))
            {
                return Some(Object::Mention(r));
            }
            return self
                .noun_phrase(b + 1)
                .filter(|&(a2, _)| a2 == b + 1 || !self.at[b + 1..a2].iter().any(Option::is_some))
                .map(|(a2, e2)| Object::Thing(a2, e2));
        }
        let plain = matches!(mention.kind, MentionKind::Name(t) if t != EntityType::Person);
        let mut e = b;
        while plain && e < self.info.len() && e < b + 3 && np_word(&self.info[e]) {
            if self.info[e].is_capitalised()
                || self.lower(e).ends_with("ed")
                || (e == b && is_gerund(self.lower(e)) && is_verbish(self.lower(e)))
            {
                break;
            }
            e += 1;
        }
        Some(match self.noun_phrase(b).filter(|_| e > b) {
            Some((_, e)) => Object::Thing(a, e),
            None => Object::Mention(m),
        })
    }

    pub(crate) fn thing(&self, a: usize, e: usize) -> End {
        let mut text = String::new();
        for (w, info) in self.texts[a..e].iter().zip(&self.info[a..e]) {
            if !text.is_empty() && !w.starts_with(['\'', '\u{2019}']) {
                text.push(' ');
            }
            // A shouted sentence was read in lower case: its things are written so too ("A
            // PUPPY" is a puppy).
            if shouted_word(w, info) {
                text.push_str(&info.lower);
            } else {
                text.push_str(w);
            }
        }
        // A dash written onto the last word is punctuation ("books- classics").
        let text = text.trim_end_matches('-').to_string();
        let head = self.lower(e - 1).trim_end_matches('-');
        let event = lexicon::category_of(&text) == Some("event")
            || crate::definitions::noun_type(head) == Some(EntityType::Event)
            // "spent Christmas", "love Thanksgiving": a holiday.
            || (self.info[a..e].iter().all(|w| w.is_title) && crate::gazetteer::is_holiday(&text));
        // "My favourite band is Queen": capitalised words inside a sentence with no article are
        // a name, of no WordNet category (not the queen, an animal); "a Golden Retriever" is a
        // dog, "the Charity Run" an event.
        // "a great Mom": an adjective between the article and the word.
        let mut d = a;
        while d > 0 && a - d < 2 && lexicon::is_mostly_modifier(self.lower(d - 1)) {
            d -= 1;
        }
        let named = a > 0
            && self.info[a..e].iter().all(|w| w.is_title)
            && !is_determiner(self.lower(a - 1))
            && !(d > 0 && is_determiner(self.lower(d - 1)));
        let entity_type = if event {
            EntityType::Event
        } else if named {
            // "in Galway": a name WordNet lists as a place's is one.
            crate::kinds::instance_type(&text)
                .filter(|t| *t == EntityType::Location)
                .unwrap_or(EntityType::Other)
        } else {
            EntityType::Concept
        };
        End::Thing {
            start: a,
            end: e,
            text,
            entity_type,
        }
    }
}

/// A subject pronoun after a noun opens a relative clause; it is no object of a gerund before it:
/// "my horse painting I did recently".
pub(crate) fn opens_relative(w: &str) -> bool {
    matches!(w, "i" | "we" | "she" | "he" | "they")
}

/// Whether a lower-case noun is a plural: "kids", "classes", "children"; not "class", "glass".
pub(crate) fn is_plural_noun(w: &str) -> bool {
    (w.ends_with('s') && !w.ends_with("ss")) || matches!(w, "children" | "people" | "men" | "women")
}

/// Whether WordNet files a lower-case word under people (and, with `animals`, animals): such a
/// noun before a verb form is its subject ("a kid painting", "the dog running").
fn names_living(w: &str, animals: bool) -> bool {
    lexicon::categories_of(w)
        .iter()
        .any(|c| matches!(*c, "person" | "family") || (animals && matches!(*c, "animal" | "pet")))
}

/// Whether a word written in capitals was read in lower case (its sentence is shouted): its
/// reading is no longer upper case, while the text has two letters or more and no small one.
pub(crate) fn shouted_word(text: &str, info: &WordInfo) -> bool {
    !info.is_upper
        && text.chars().filter(|c| c.is_alphabetic()).count() > 1
        && !text.chars().any(char::is_lowercase)
}

/// "first", "second" ... "tenth".
pub(crate) fn is_ordinal(w: &str) -> bool {
    matches!(
        w,
        "first"
            | "second"
            | "third"
            | "fourth"
            | "fifth"
            | "sixth"
            | "seventh"
            | "eighth"
            | "ninth"
            | "tenth"
    )
}
