//! Types stated by definitions: "Mauritius is an island nation", "Joy Division were an English rock
//! band", "X ( born 1963 ) is a German skeleton racer". Encyclopaedic and expository text opens
//! with such a sentence; the head noun of the predicate says what the subject is, more reliably
//! than the tagger's guess from the name's spelling, and the type then holds for the whole entity.

// Static word tables: Fx hashing, as their keys are fixed and lookups are per word.
use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use mnemo_core::EntityType;

use crate::features::WordInfo;

const PERSON_NOUNS: &str = "person man woman boy girl actor actress singer songwriter musician \
player footballer cricketer politician writer author poet novelist painter artist composer \
director businessman businesswoman racer driver cyclist athlete boxer wrestler coach journalist \
scientist physicist chemist mathematician philosopher historian economist lawyer judge soldier \
officer admiral priest bishop monk nun king queen prince princess emperor empress ruler saint \
rapper comedian dancer architect engineer inventor explorer entrepreneur executive diplomat \
activist academic professor teacher sculptor photographer cartoonist illustrator guitarist \
drummer bassist pianist violinist cellist vocalist conductor screenwriter playwright filmmaker \
presenter commentator goalkeeper defender midfielder striker pitcher quarterback skier swimmer \
sprinter runner skater golfer jockey physician surgeon psychologist sociologist linguist \
biologist botanist zoologist astronomer geologist theologian missionary nobleman noblewoman \
aristocrat statesman stateswoman pharaoh sultan caliph chieftain warlord poetess heiress \
socialite entertainer performer bodybuilder mountaineer sailor pilot astronaut aviator \
economist banker merchant industrialist philanthropist archbishop cardinal pope rabbi imam \
lyricist arranger organist percussionist saxophonist trumpeter tenor soprano baritone \
mezzo-soprano contralto ballerina choreographer novelist essayist critic editor publisher \
translator chef fighter kickboxer fencer rower canoeist archer shooter sportsman sportswoman \
character jurist magistrate senator congressman congresswoman governor mayor councillor";

const ORG_NOUNS: &str = "company corporation firm business manufacturer automaker carmaker \
retailer conglomerate subsidiary label band group duo trio quartet quintet ensemble orchestra \
choir team club franchise league party organization organisation agency association federation \
union council committee institute institution university college school academy foundation \
charity society newspaper magazine airline bank army navy regiment battalion squadron brigade \
militia movement government ministry parliament legislature studio studios developer publisher \
broadcaster network cooperative gang order brotherhood congregation denomination dynasty \
consortium partnership startup multinational chain distributor operator carrier brewery \
winery distillery restaurant hotel hospital seminary faculty department court tribunal cafe \
café bistro bakery pub boutique shop store";

const LOC_NOUNS: &str = "city town village hamlet municipality commune suburb neighbourhood \
neighborhood borough county district province state region country nation island islands \
archipelago peninsula river tributary lake mountain mountains range hill hills valley bay sea \
ocean gulf strait canal creek stream waterfall glacier volcano desert forest park reserve \
territory capital settlement community parish township locality street road highway motorway \
freeway bridge tunnel airport port harbour harbor building skyscraper tower castle palace \
cathedral temple mosque monastery abbey stadium arena venue square plaza monument cemetery \
prefecture governorate oblast voivodeship canton kingdom empire republic principality duchy \
county emirate sultanate colony protectorate metropolis megacity conurbation seaport \
estuary lagoon reservoir dam plateau plain basin cape headland beach coast coastline \
subdivision constituency riding ward enclave exclave continent subcontinent landmark \
mansion manor estate church chapel basilica shrine lighthouse fortress fort";

const WORK_NOUNS: &str = "film movie album song single ep novel novella book series show sitcom \
drama programme program opera operetta musical play poem painting sculpture comic manga anime \
strip soundtrack compilation mixtape documentary episode videogame game language dialect award \
prize medal trophy software application app browser device phone smartphone tablet car vehicle \
automobile aircraft airplane helicopter ship submarine locomotive train missile rifle gun tank \
processor microprocessor microarchitecture chip engine console species genus family subfamily \
dish cuisine beverage drink anthology saga trilogy franchise sequel prequel \
miniseries telenovela serial cartoon symphony concerto sonata hymn anthem ballad opera \
treaty agreement act law constitution doctrine religion ideology theory style genre format \
protocol standard algorithm operating model brand product satellite spacecraft rocket";

const EVENT_NOUNS: &str = "war battle siege festival tournament competition championship \
championships election referendum revolution rebellion uprising massacre earthquake hurricane \
storm disaster conference summit ceremony expedition campaign offensive invasion crisis \
pandemic epidemic scandal coup riot";

fn nouns() -> &'static HashMap<&'static str, EntityType> {
    static T: OnceLock<HashMap<&'static str, EntityType>> = OnceLock::new();
    T.get_or_init(|| {
        let mut m = HashMap::default();
        // Later lists win a word listed twice ("franchise" is a work, "publisher" a company).
        for (list, t) in [
            (LOC_NOUNS, EntityType::Location),
            (ORG_NOUNS, EntityType::Organization),
            (PERSON_NOUNS, EntityType::Person),
            (WORK_NOUNS, EntityType::Other),
            (EVENT_NOUNS, EntityType::Event),
        ] {
            for w in list.split_ascii_whitespace() {
                m.insert(w, t);
            }
        }
        m
    })
}

/// The type a head noun names ("band" -> Organization), plurals included.
pub fn noun_type(lower: &str) -> Option<EntityType> {
    let n = nouns();
    n.get(lower).copied().or_else(|| {
        let singular = lower
            .strip_suffix("ies")
            .map(|s| format!("{s}y"))
            .or_else(|| lower.strip_suffix('s').map(str::to_string))?;
        n.get(singular.as_str()).copied()
    })
}

/// Words that end the noun phrase of a definition: its head is the word before them.
fn ends_phrase(w: &str) -> bool {
    matches!(
        w,
        "of" | "in"
            | "from"
            | "by"
            | "for"
            | "that"
            | "which"
            | "who"
            | "whose"
            | "where"
            | "with"
            | "and"
            | "or"
            | "on"
            | "at"
            | "to"
            | "as"
            | "based"
            | "located"
            | "founded"
            | "formed"
            | "established"
            | "known"
            | "created"
            | "born"
            | "situated"
            | "near"
            | "between"
            | "since"
            | "during"
            | "about"
            | "written"
            | "directed"
            | "released"
            | "produced"
            | "owned"
            | "built"
    ) || !w.chars().any(char::is_alphanumeric)
}

/// Whether word `k` of a description opened at `start` is a participle after its head noun:
/// "a Japanese automaker headquartered in Toyota City" (not "a talented singer", whose participle
/// opens it).
fn participle_after(info: &[WordInfo], start: usize, k: usize) -> bool {
    let w = info[k].lower.as_str();
    k > start
        && w.len() > 4
        && w.ends_with("ed")
        && crate::verbs::is_verbish(w)
        && !info[k - 1].lower.ends_with("ed")
        && (noun_type(&info[k - 1].lower).is_some()
            || crate::lexicon::parts_of_speech(&info[k - 1].lower)
                .is_some_and(|p| p.starts_with('n')))
}

/// The type a definition right after word `end` of the sentence gives to the words before it:
/// `[( ... )] [, ... ,] is|was|are|were [one of] a|an|the ... HEAD`.
pub fn defined_type(info: &[WordInfo], end: usize) -> Option<EntityType> {
    let n = info.len();
    let copula = |k: usize| {
        matches!(
            info.get(k).map(|w| w.lower.as_str()),
            Some("is" | "was" | "are" | "were")
        )
    };
    // An apposition says it too: "Huawei, a Chinese telecommunications company, was founded",
    // "Tesla, the electric carmaker, is based in Austin".
    if info.get(end).is_some_and(|w| w.lower == ",")
        && matches!(
            info.get(end + 1).map(|w| w.lower.as_str()),
            Some("a" | "an" | "the")
        )
    {
        let start = end + 2;
        let mut k = start;
        while k < n && k < start + 8 && !ends_phrase(&info[k].lower) {
            k += 1;
        }
        let closed = info.get(k).is_some_and(|w| w.lower == ",")
            || (k < n && ends_phrase(&info[k].lower) && info[k].lower != "and");
        if k > start && closed && !info[k - 1].is_capitalised() {
            if let Some(t) = noun_type(&info[k - 1].lower) {
                return Some(t);
            }
        }
    }
    let mut k = end;
    // Asides between the name and the verb: "( born 13 March 1963 in Mediaș )", ", officially the
    // Republic of Mauritius ( French : ... ) ,". The verb must follow a closing "," or ")".
    if k < n && matches!(info[k].lower.as_str(), "(" | ",") {
        let mut depth = 0usize;
        let mut found = None;
        for j in k..n.min(k + 40) {
            match info[j].lower.as_str() {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                _ if depth == 0 && copula(j) && matches!(info[j - 1].lower.as_str(), "," | ")") => {
                    found = Some(j);
                    break;
                }
                _ => {}
            }
        }
        k = found?;
    }
    if !copula(k) {
        return None;
    }
    k += 1;
    if info.get(k).is_some_and(|w| w.lower == "one")
        && info.get(k + 1).is_some_and(|w| w.lower == "of")
    {
        k += 2;
    }
    if !matches!(
        info.get(k).map(|w| w.lower.as_str()),
        Some("a" | "an" | "the")
    ) {
        return None;
    }
    k += 1;
    let start = k;
    while k < n
        && k < start + 10
        && !ends_phrase(&info[k].lower)
        && !participle_after(info, start, k)
    {
        k += 1;
    }
    if k == start {
        return None;
    }
    let head = &info[k - 1];
    if head.is_capitalised() {
        return None;
    }
    noun_type(&head.lower)
}

/// The descriptions a copular sentence gives the words before word `end`: "X was a French
/// physicist born in Paris" -> "physicist"; "a physicist and chemist" -> both; "an English rock
/// band" -> "rock band". Word ranges of the described kinds (leading adjectives, demonyms and
/// numbers dropped), for IS_A facts.
pub fn descriptions(info: &[WordInfo], end: usize) -> Vec<(usize, usize)> {
    let n = info.len();
    let mut out = Vec::new();
    if !matches!(
        info.get(end).map(|w| w.lower.as_str()),
        Some("is" | "was" | "are" | "were")
    ) {
        return out;
    }
    let mut k = end + 1;
    if info.get(k).is_some_and(|w| w.lower == "one")
        && info.get(k + 1).is_some_and(|w| w.lower == "of")
    {
        k += 2;
    }
    if !matches!(info.get(k).map(|w| w.lower.as_str()), Some("a" | "an")) {
        return out;
    }
    k += 1;
    let mut start = k;
    while k <= n && k < end + 16 {
        let at_end = k == n
            || (ends_phrase(&info[k].lower) && info[k].lower != "and")
            || info[k].lower == ","
            || participle_after(info, start, k);
        if at_end || info[k].lower == "and" {
            let mut a = start;
            while a < k
                && (info[a].is_capitalised()
                    || crate::lexicon::is_mostly_modifier(&info[a].lower)
                    || info[a].lower.chars().any(|c| c.is_ascii_digit()))
            {
                a += 1;
            }
            let plain = (a..k).all(|j| {
                !info[j].is_capitalised()
                    && info[j].lower.chars().all(|c| c.is_alphabetic() || c == '-')
            });
            if a < k
                && k - a <= 3
                && plain
                && !crate::lexicon::is_mostly_modifier(&info[k - 1].lower)
            {
                out.push((a, k));
            }
            if at_end {
                break;
            }
            start = k + 1;
            // "and" then an article: "a singer and an actress".
            if matches!(info.get(start).map(|w| w.lower.as_str()), Some("a" | "an")) {
                start += 1;
            }
            k = start;
            continue;
        }
        k += 1;
    }
    out
}
