//! Small hand-written word lists (titles, first names, places, organisation words, months, pronouns)
//! used as tagger features and by the rules. Lower-case, one token each.

// Static word tables: Fx hashing, as their keys are fixed and lookups are per word.
use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

pub const TITLE: u32 = 1;
pub const FIRST_NAME: u32 = 1 << 1;
pub const PLACE: u32 = 1 << 2;
pub const NATIONALITY: u32 = 1 << 3;
pub const ORG_WORD: u32 = 1 << 4;
pub const LOC_WORD: u32 = 1 << 5;
pub const MONTH: u32 = 1 << 6;
pub const WEEKDAY: u32 = 1 << 7;
pub const PRONOUN: u32 = 1 << 8;
pub const KIN: u32 = 1 << 9;
pub const STOPWORD: u32 = 1 << 10;
pub const ROLE: u32 = 1 << 11;
pub const NUMBER_WORD: u32 = 1 << 12;
pub const EVENT_WORD: u32 = 1 << 13;
pub const ORG_NAME: u32 = 1 << 14;

const TITLES: &str =
    "mr mr. mrs mrs. ms ms. dr dr. sen sen. rep rep. gov gov. gen gen. lt lt. col col. \
capt capt. sgt sgt. prof prof. rev rev. sir lady lord president senator governor judge justice \
king queen prince princess pope bishop cardinal father sister brother mayor chancellor premier \
minister secretary ambassador general colonel captain lieutenant sergeant admiral commander \
chairman professor doctor mister madam dame saint st st. pres. pres sheik ayatollah rabbi \
actress actor singer soprano tenor baritone writer author poet novelist painter composer \
conductor pianist violinist guitarist drummer producer director coach playwright comedian \
marine lt corporal private officer detective inspector sheriff deputy chief attorney \
spokesman spokeswoman correspondent anchor economist historian scientist dean archduke \
archbishop emperor empress czar tsar sultan emir shah";

const FIRST_NAMES: &str = "james john robert michael william david richard joseph thomas charles \
christopher daniel matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george \
edward ronald timothy jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott \
brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry tyler aaron jose \
henry adam douglas nathan peter zachary kyle walter harold jeremy ethan carl keith roger gerald \
christian terry sean arthur austin noah lawrence jesse joe bryan billy jordan albert dylan bruce \
willie gabriel alan juan logan wayne ralph roy eugene randy vincent russell louis philip bobby johnny \
bradley mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa margaret \
betty sandra ashley dorothy kimberly emily donna michelle carol amanda melissa deborah stephanie \
rebecca laura sharon cynthia kathleen amy shirley angela helen anna brenda pamela nicole samantha \
katherine emma ruth christine catherine debra rachel carolyn janet virginia maria heather diane julie \
joyce victoria kelly christina joan evelyn lauren judith olivia frances martha cheryl megan andrea \
hannah jacqueline ann jean alice kathryn gloria teresa doris sara janice julia marie madison grace \
judy theresa beverly denise marilyn amber danielle rose brittany diana abigail natalie jane lori \
alexis tiffany kayla hans willi wilhelm friedrich karl heinz klaus jurgen pierre jean jacques francois \
michel giovanni giuseppe marco luca carlos luis miguel pedro antonio manuel francisco javier ivan \
sergei vladimir mikhail boris dmitri yuri nikolai olga natasha tatiana ali mohammed muhammad ahmed \
hassan hussein omar abdul yasser moshe yitzhak shimon mikhail deng li wang zhang chen liu hiroshi \
takeshi yuki kenji akira raj rahul amit priya anil sunil nelson fidel ronald jimmy lyndon dwight \
harry franklin woodrow abraham ulysses dan ted ed al bob bill jim tom mike dave steve chris matt \
tony ben sam max alex nick rob tim jon ken ron greg jeff fred ray lou walt pat kate liz sue meg \
nelly tucker corinne marilyn margaret indira benazir muammar saddam manuel oliver leonid mikhail \
erich helmut gerhard angela francois jacques gianni silvio";

/// Countries and states: what "City, Region" names after the comma ("Bethany, Conn.", "Niles,
/// Ohio"). Flagged [`PLACE`] like the cities.
const REGIONS: &str = "afghanistan albania algeria argentina armenia australia austria azerbaijan \
bahrain bangladesh belarus belgium bolivia bosnia brazil britain bulgaria burma cambodia cameroon \
canada chad chile china colombia congo croatia cuba cyprus czechoslovakia denmark ecuador egypt \
england estonia ethiopia finland france georgia germany ghana greece guatemala haiti honduras \
hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya \
korea kuwait laos latvia lebanon liberia libya lithuania luxembourg malaysia mexico moldova mongolia \
morocco mozambique namibia nepal netherlands nicaragua niger nigeria norway oman pakistan panama \
paraguay peru philippines poland portugal qatar romania russia rwanda scotland senegal serbia \
singapore slovakia slovenia somalia spain sudan sweden switzerland syria taiwan tanzania thailand \
tunisia turkey uganda ukraine uruguay uzbekistan venezuela vietnam wales yemen yugoslavia zaire \
zambia zimbabwe america u.s. usa u.s.a. u.k. uk ussr europe asia africa antarctica \
alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho \
illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota \
mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah \
vermont virginia washington wisconsin wyoming";

const PLACES: &str = "london paris berlin moscow tokyo beijing rome madrid \
chicago boston houston dallas atlanta miami seattle denver detroit philadelphia baltimore phoenix \
cleveland pittsburgh toronto montreal vancouver sydney melbourne dublin vienna prague warsaw \
budapest athens cairo istanbul jerusalem baghdad tehran beirut damascus delhi mumbai bombay \
calcutta shanghai seoul manila jakarta bangkok havana lima bogota caracas brussels amsterdam \
geneva zurich stockholm oslo copenhagen helsinki lisbon barcelona milan munich frankfurt hamburg \
bonn kiev kyiv leningrad hollywood manhattan brooklyn bronx queens oakland sacramento nashville \
memphis orlando tampa honolulu anchorage kabul islamabad karachi riyadh managua salvador \
johannesburg nairobi lagos pretoria turin vienna naples venice florence genoa palermo \
marseille lyon nice bordeaux toulouse strasbourg cologne dresden leipzig stuttgart dusseldorf \
rotterdam antwerp krakow gdansk bucharest belgrade sofia zagreb sarajevo tirana minsk riga \
tallinn vilnius odessa kharkov novosibirsk vladivostok st. petersburg tbilisi yerevan baku tashkent \
almaty ankara izmir smyrna tel aviv haifa gaza amman mecca medina dubai doha muscat aden sanaa \
khartoum addis ababa mogadishu kampala kinshasa luanda harare lusaka maputo dakar accra abidjan \
tripoli tunis algiers casablanca rabat lahore kathmandu colombo dhaka rangoon yangon hanoi saigon \
phnom penh vientiane kuala lumpur hong kong macau taipei osaka kyoto hiroshima nagasaki pyongyang \
canton nanjing tianjin wellington auckland brisbane perth adelaide quebec ottawa winnipeg calgary \
edmonton halifax guadalajara monterrey tijuana acapulco veracruz puebla juarez managua tegucigalpa \
panama quito guayaquil asuncion montevideo santiago valparaiso recife brasilia sao rio cordoba \
rosario medellin cali kingston nassau san juan austin albany annapolis atlantic augusta bismarck \
boise buffalo charleston charlotte cheyenne cincinnati columbus concord dayton des moines dover \
el paso fresno frankfort harrisburg hartford helena indianapolis jackson jacksonville juneau \
lansing lincoln little rock louisville madison milwaukee minneapolis montgomery newark norfolk \
omaha olympia pasadena portland providence raleigh reno richmond rochester salem savannah \
spokane springfield st. louis syracuse tallahassee toledo topeka trenton tucson tulsa wichita \
anaheim berkeley burbank fort worth galveston huntsville knoxville lexington mobile montpelier \
pensacola princeton santa fe scranton stamford tacoma yonkers long beach san diego san francisco \
san jose san antonio los angeles las vegas new orleans new york new jersey new mexico new hampshire \
north carolina south carolina north dakota south dakota west virginia rhode island \
soviet union united states united kingdom middle east far east latin america siberia \
palestine kosovo macedonia montenegro chechnya tibet kashmir punjab bavaria prussia saxony \
normandy brittany provence catalonia andalusia sicily sardinia corsica crete cyprus malta \
greenland alsace flanders wallonia ulster transylvania moravia bohemia galicia anatolia \
caribbean pacific atlantic mediterranean baltic balkans scandinavia sahara amazon nile danube \
rhine thames mississippi missouri potomac hudson ontario manitoba alberta saskatchewan \
columbia yukon tasmania queensland victoria bengal gujarat kerala";

const NATIONALITIES: &str = "american british english french german italian spanish russian \
soviet chinese japanese korean indian pakistani iranian iraqi israeli palestinian arab egyptian \
syrian lebanese turkish greek polish czech hungarian romanian bulgarian serbian croatian dutch \
belgian swiss austrian swedish norwegian danish finnish irish scottish welsh canadian mexican \
cuban brazilian argentine argentinian chilean colombian peruvian venezuelan african nigerian \
kenyan australian european asian latin persian jewish muslim christian catholic protestant \
democratic republican democrat socialist communist nicaraguan salvadoran filipino vietnamese thai \
afghan libyan saudi kuwaiti jordanian ukrainian basque";

const ORG_WORDS: &str = "inc inc. corp corp. co co. ltd ltd. llc plc company corporation \
association university college institute school academy bank party ministry agency commission \
council committee department group airlines airline times post news press club church army navy \
force forces union league organization organisation federation foundation society hospital court \
senate congress parliament board bureau office service administration authority network \
systems technologies industries motors holdings partners fund trust laboratories labs team \
police guard scouts front movement alliance coalition assembly center centre museum library studios \
records publishing magazine journal gazette herald tribune telegraph broadcasting television radio \
exchange reserve railway railroad enterprises international consortium cooperative house";

const LOC_WORDS: &str = "city county river mountain mountains mount mt. lake island islands \
street st. avenue ave. road boulevard province state valley bay sea ocean gulf peninsula desert \
coast beach park bridge square district region territory village town canyon falls creek harbor \
harbour airport station heights hills hill strait straits canal forest stadium arena \
theatre theater cathedral chapel abbey palace castle tower hall temple mosque monastery";

const EVENT_WORDS: &str = "olympics olympiad games championship championships cup war election \
elections festival awards prize tour marathon summit expo exhibition tournament grand prix \
revolution uprising massacre battle crisis treaty accords world series bowl open invitational";

const ORG_NAMES: &str = "google alphabet apple microsoft amazon facebook meta twitter netflix ibm \
intel nvidia oracle cisco samsung sony toyota honda nissan siemens bosch volkswagen bmw daimler \
mercedes ford chrysler gm boeing airbus lockheed exxon mobil chevron shell bp texaco nasa cia fbi \
nsa kgb un nato unesco unicef who wto imf opec eu fifa uefa ioc reuters ap upi afp bbc cnn nbc \
abc cbs pbs fox youtube tesla spacex openai anthropic uber airbnb spotify paypal ebay yahoo \
adobe salesforce dell hp xerox kodak motorola nokia ericsson philips unilever nestle pepsico \
pepsi coca-cola mcdonald's walmart kmart sears citibank citicorp jpmorgan goldman hsbc barclays \
ubs acme pentagon kremlin congress senate parliament interpol greenpeace amnesty hamas hezbollah \
plo ira anc sandinistas contras tass xinhua pravda itar-tass tanjug ctk mit harvard stanford \
yale princeton oxford cambridge";

const MONTHS: &str = "january february march april may june july august september october \
november december jan jan. feb feb. mar mar. apr apr. jun jun. jul jul. aug aug. sep sep. sept \
sept. oct oct. nov nov. dec dec.";

const WEEKDAYS: &str = "monday tuesday wednesday thursday friday saturday sunday";

const PRONOUNS: &str = "i me my mine myself we us our ours ourselves you your yours yourself he \
him his himself she her hers herself it its itself they them their theirs themselves";

const KIN_WORDS: &str =
    "sister brother mother father mom dad mum wife husband son daughter friend \
boss manager colleague partner girlfriend boyfriend cousin aunt uncle grandmother grandfather \
grandma grandpa niece nephew roommate neighbor neighbour coworker teacher doctor dentist lawyer \
fiance fiancee stepdad stepmom stepmum stepfather stepmother stepson stepdaughter stepbrother \
stepsister grandson granddaughter godmother godfather";

const ROLES: &str = "president chairman chief executive director spokesman spokeswoman founder \
head leader member manager editor secretary minister officer employee professor correspondent \
analyst owner vice chancellor governor commissioner treasurer dean coach captain player reporter \
ceo cto cfo coo chairwoman co-founder cofounder director-general secretary-general";

const NUMBER_WORDS: &str = "one two three four five six seven eight nine ten eleven twelve \
thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty \
seventy eighty ninety hundred thousand million billion dozen";

const STOPWORDS: &str = "the a an and or but if then of in on at to for from by with about as \
into over after before under between through during without within is are was were be been being \
have has had do does did will would shall should can could may might must not no this that these \
those there here what which who whom whose when where why how all any both each few more most other \
some such only own same so than too very just also now new said says say yesterday today tomorrow \
last next first second third week month year years ago its";

/// Adverbs, conjunctions and prepositions that open sentences capitalised ("Since", "Thus") and
/// alone are never a name. Kept apart from `STOPWORDS`, which are tagger features.
const FUNCTION_WORDS: &str = "since thus like recently currently soon see although though \
however moreover furthermore meanwhile nevertheless therefore hence later earlier eventually \
finally initially originally subsequently afterwards instead despite unlike while whereas \
because unless until upon around along among against beyond toward towards across behind \
beside besides near onto per via throughout following according including except today \
tonight often sometimes always never perhaps maybe also still yet already again once twice \
then there here where when why how what whatever whenever wherever whoever everyone everything \
someone something anyone anything nobody nothing none many much several each every another \
both either neither such well even only just rather quite almost nearly";

/// More given names: the 1990 US Census's frequent ones that are no English word and not in the
/// lists here ("ava", "mia", "caleb"; `scripts/given_names.py`, data/CENSUS-NAMES-LICENSE). Kept
/// out of the word flags: the tagger was trained without them, and several are also places
/// ("Darwin", "Preston") or brands ("Chanel") that the flags' rules would make people.
static CENSUS_GIVEN_NAMES: &str = include_str!("../data/census-given-names.txt");

/// Whether a word with list bits `flags` is a given name of the gazetteer's lists or the census's
/// ("anna", "caleb"); not one that is also an English word ("lily", see `is_census_given_word`).
pub fn is_listed_given_name(flags: u32, lower: &str) -> bool {
    flags & FIRST_NAME != 0 || is_census_given_name(lower)
}

/// Whether a lower-case word is one of the census's given names (`CENSUS_GIVEN_NAMES`).
pub fn is_census_given_name(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(CENSUS_GIVEN_NAMES, &SET).contains_key(lower)
}

static CENSUS_GIVEN_WORDS: &str = include_str!("../data/census-given-words.txt");

/// Whether a lower-case word is a census given name that is also an English word ("lily",
/// "ruby", "hope"): a name only where what follows says so (`CENSUS_GIVEN_WORDS`).
pub fn is_census_given_word(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(CENSUS_GIVEN_WORDS, &SET).contains_key(lower)
}

/// Given names that are also places: "Sofia Marin" is a person, "Sofia" alone a city.
const GIVEN_NAME_PLACES: &str = "sofia paris florence georgia charlotte adelaide sydney chelsea \
savannah dallas regina victoria madison austin jackson lincoln india asia israel jordan houston \
brooklyn camden denver phoenix aurora eugene orlando tyler troy vienna siena valencia alexandria \
lorraine helena augusta marion beverly chester kingston sharon carmen dakota montana virginia \
carolina nevada york winston hamilton washington clinton franklin warren milan lourdes santiago \
salvador lima florencia roma";

/// Last words that make a capitalised name an organisation ("Acme Robotics", "Nimbus Sensors").
const ORG_SUFFIXES: &str = "robotics sensors systems technologies technology solutions software \
networks dynamics energy pharmaceuticals pharma therapeutics biosciences bio biotech electronics \
semiconductors analytics logistics capital ventures media entertainment studios foods motors \
airways airlines petroleum mining steel chemicals communications telecom insurance bancorp \
holdings group partners associates consulting services labs laboratories industries \
enterprises interactive digital games records pictures films productions publishing press \
computing computers devices instruments materials aerospace automotive trading worldwide freight data health healthcare brands investments solar retail aero apparel bakery brewery brewing united rovers wanderers athletic hotspur elementary";

/// Abbreviations that keep their final period (written without it, lower-case).
const ABBREVIATIONS: &str = "mr mrs ms dr sen rep gov gen lt col capt sgt prof rev st jr sr inc \
corp co ltd jan feb mar apr jun jul aug sep sept oct nov dec no vs etc mt ave pres dept univ \
u.s u.k e.g i.e a.m p.m messrs adm cmdr sgt maj brig supt det insp";

/// US states as news writes them after a town ("Bethany, Conn."; written without the period).
const STATE_ABBREVIATIONS: &str = "ala ariz ark calif colo conn del fla ga ill ind kan kans ky la \
md mass mich minn miss mo mont neb nev okla ore pa tenn tex va vt wash wis wyo n.j n.y n.c n.d \
n.h n.m s.c s.d w.va d.c";

fn table() -> &'static HashMap<&'static str, u32> {
    static TABLE: OnceLock<HashMap<&'static str, u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut m: HashMap<&'static str, u32> = HashMap::default();
        for (list, bit) in [
            (TITLES, TITLE),
            (FIRST_NAMES, FIRST_NAME),
            (REGIONS, PLACE),
            (PLACES, PLACE),
            (NATIONALITIES, NATIONALITY),
            (ORG_WORDS, ORG_WORD),
            (LOC_WORDS, LOC_WORD),
            (MONTHS, MONTH),
            (WEEKDAYS, WEEKDAY),
            (PRONOUNS, PRONOUN),
            (KIN_WORDS, KIN),
            (STOPWORDS, STOPWORD),
            (ROLES, ROLE),
            (NUMBER_WORDS, NUMBER_WORD),
            (EVENT_WORDS, EVENT_WORD),
            (ORG_NAMES, ORG_NAME),
        ] {
            for w in list.split_ascii_whitespace() {
                *m.entry(w).or_insert(0) |= bit;
            }
        }
        m
    })
}

fn abbreviations() -> &'static HashMap<&'static str, ()> {
    static TABLE: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    TABLE.get_or_init(|| {
        ABBREVIATIONS
            .split_ascii_whitespace()
            .chain(STATE_ABBREVIATIONS.split_ascii_whitespace())
            .map(|w| (w, ()))
            .collect()
    })
}

/// The list bits of a lower-case word.
/// Whether `lower` is a given name on its own ("max", "sam"): a short name that is one is not taken
/// for a short form of a longer one ("Max" is not Maxine).
pub fn is_given_name(lower: &str) -> bool {
    flags(lower) & FIRST_NAME != 0
}

/// Whether a word is the possessive "'s" (straight or curly apostrophe).
pub fn is_possessive(lower: &str) -> bool {
    matches!(lower, "'s" | "\u{2019}s")
}

/// Whether a lower-case word is a weekday, singular or plural ("sunday", "saturdays").
pub fn is_weekday(lower: &str) -> bool {
    flags(lower) & WEEKDAY != 0
        || lower
            .strip_suffix('s')
            .is_some_and(|d| flags(d) & WEEKDAY != 0)
}

pub fn flags(lower: &str) -> u32 {
    table().get(lower).copied().unwrap_or(0)
}

/// Whether a lower-case word is a function word that alone never names anything.
pub fn is_function_word(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(FUNCTION_WORDS, &SET).contains_key(lower)
}

fn word_set(
    list: &'static str,
    cell: &'static OnceLock<HashMap<&'static str, ()>>,
) -> &'static HashMap<&'static str, ()> {
    cell.get_or_init(|| list.split_ascii_whitespace().map(|w| (w, ())).collect())
}

/// Whether a lower-case word names a country or a state, in full ("ohio") or abbreviated as news
/// does ("conn.", "n.j.", the period sometimes a token of its own): the second half of "Bethany, Conn.".
pub fn is_region(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(REGIONS, &SET).contains_key(lower) || is_state_abbreviation(lower)
}

/// Whether a lower-case word is a state's news abbreviation ("conn.", "n.j.", "calif").
fn is_state_abbreviation(lower: &str) -> bool {
    static ABBR: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(STATE_ABBREVIATIONS, &ABBR).contains_key(lower.strip_suffix('.').unwrap_or(lower))
}

/// Whether a lower-case name is the United States'.
pub fn is_united_states(lower: &str) -> bool {
    matches!(
        lower,
        "u.s." | "u s" | "us" | "usa" | "u.s.a." | "america" | "united states"
    )
}

/// How large a place a lower-case name is, as a range (a name may be two places): 0 a city or
/// any other listed place, 1 a U.S. state (or a country within a kingdom), 2 a country, 3 a
/// continent; `None` for a name no list
/// knows. A place lies in no place of its own size or smaller ("France" in no city, "Mexico" in
/// no other country), but for cities ("Brooklyn, New York").
pub fn place_rank(lower: &str) -> Option<(u8, u8)> {
    const CONTINENTS: &[&str] = &["europe", "asia", "africa", "antarctica"];
    const COUNTRIES: &[&str] = &[
        "united states",
        "united kingdom",
        "soviet union",
        "west germany",
        "east germany",
        "south africa",
        "south korea",
        "north korea",
        "new zealand",
        "saudi arabia",
    ];
    static STATES: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    let states = STATES.get_or_init(|| {
        let from = REGIONS.find("alabama").unwrap_or(REGIONS.len());
        REGIONS[from..]
            .split_ascii_whitespace()
            .map(|w| (w, ()))
            .collect()
    });
    if CONTINENTS.contains(&lower) {
        return Some((3, 3));
    }
    if COUNTRIES.contains(&lower) {
        return Some((2, 2));
    }
    if lower.ends_with(" city") {
        return Some((0, 0));
    }
    if lower.contains(' ') {
        return None;
    }
    // Words of the lists' many-word names ("South Dakota", "New York", "Salt Lake"), no place
    // of their own here.
    const PARTS: &[&str] = &[
        "north", "south", "east", "west", "new", "san", "santa", "los", "las", "el", "st.", "fort",
        "long", "little", "rock", "united", "states", "kingdom", "union", "soviet", "middle",
        "far", "latin", "rhode", "island", "des", "moines", "city", "lake", "salt", "tel", "aviv",
        "hong", "kong", "kuala", "lumpur", "phnom", "penh", "addis", "ababa", "beach", "paso",
        "fe",
    ];
    if PARTS.contains(&lower) {
        return None;
    }
    let state = states.contains_key(lower);
    let region = is_region(lower) && !is_state_abbreviation(lower);
    let city = flags(lower) & PLACE != 0 && !region;
    match (lower, state, region, city) {
        // Georgia the state and the country; Washington the state and the city; Scotland,
        // England and Wales countries within the United Kingdom.
        ("georgia" | "scotland" | "england" | "wales", ..) => Some((1, 2)),
        ("washington", ..) => Some((0, 1)),
        (_, true, ..) => Some((1, 1)),
        (_, false, true, _) => Some((2, 2)),
        (_, _, _, true) => Some((0, 0)),
        _ => None,
    }
}

/// Whether a lower-case word is a company's legal form ("corp.", "inc.", "ltd."): a name it ends
/// is a company's whatever else it looks like ("Larami Corp.").
pub fn is_corporate_designator(lower: &str) -> bool {
    matches!(
        lower,
        "inc" | "inc." | "corp" | "corp." | "co." | "ltd" | "ltd." | "llc" | "plc" | "gmbh"
    )
}

/// Whether a lower-case word is a given name that is also a place's name.
pub fn is_given_name_place(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(GIVEN_NAME_PLACES, &SET).contains_key(lower)
}

/// Whether a lower-case word, ending a capitalised name, makes it an organisation's.
/// The word a firm's multi-word name is also called by, from its lower-case words: its first,
/// when no word of the language or when a firm's word follows it ("acme" of "Acme Robotics",
/// "summit" of "Summit Labs"), and no given name nor other listed word ("Delta Air Lines" is no
/// "delta" for a river's delta; "General Mills" no "general").
pub fn firm_short_form<'a>(words: &[&'a str]) -> Option<&'a str> {
    let (&head, rest) = words.split_first()?;
    let firm_word = rest.len() == 1 && (is_org_suffix(rest[0]) || flags(rest[0]) & ORG_WORD != 0);
    (!rest.is_empty()
        && head.len() > 2
        && head.chars().all(char::is_alphabetic)
        && (firm_word || crate::lexicon::parts_of_speech(head).is_none())
        && !is_given_name(head)
        && flags(head) & !ORG_NAME == 0)
        .then_some(head)
}

pub fn is_org_suffix(lower: &str) -> bool {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    word_set(ORG_SUFFIXES, &SET).contains_key(lower)
}

/// Words between a place's name and what a site or institution is ("West Chicago *High*
/// School", "Lyon *International* Airport").
const SITE_MODIFIERS: &str = "high elementary middle junior senior primary secondary grammar \
international regional national memorial municipal community central public";

/// The place a site or an institution is named after, when its name is a place's name followed
/// by what it is: "West Chicago High School" -> "West Chicago", "Lyon Airport" -> "Lyon". None
/// when no such word ends the name ("University of Chicago", "Black Hawk Township") or no
/// capitalised name comes before it.
pub fn named_after_place(name: &str) -> Option<String> {
    static SET: OnceLock<HashMap<&'static str, ()>> = OnceLock::new();
    let modifiers = word_set(SITE_MODIFIERS, &SET);
    let words: Vec<&str> = name.split_whitespace().collect();
    let mut end = words.len();
    let mut kind_words = 0;
    while end > 1 {
        let lower = words[end - 1].to_lowercase();
        if flags(&lower) & (ORG_WORD | LOC_WORD) != 0 || is_org_suffix(&lower) {
            kind_words += 1;
        } else if kind_words == 0 || !modifiers.contains_key(lower.as_str()) {
            break;
        }
        end -= 1;
    }
    let place = &words[..end];
    let named = kind_words > 0
        && place
            .last()
            .is_some_and(|w| !modifiers.contains_key(w.to_lowercase().as_str()))
        && place.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase)
                && !is_function_word(&w.to_lowercase())
                && flags(&w.to_lowercase()) & (ORG_WORD | LOC_WORD | STOPWORD) == 0
        });
    named.then(|| place.join(" "))
}

/// Whether `body` (a word without its final period) is a known abbreviation.
pub fn is_abbreviation(body: &str) -> bool {
    if body.len() > 6 {
        return false;
    }
    let lower = body.to_ascii_lowercase();
    abbreviations().contains_key(lower.as_str())
}

/// Holidays and feast days people name in conversation and prose ("Christmas", "New Year's Eve",
/// "Diwali"), as lower-case words joined by spaces, possessives written onto their word
/// ("valentine's day"). WordNet files them with the calendar's days, beside "birthday" and
/// "payday", which are no names: a list says which are.
const HOLIDAYS: &[&str] = &[
    "advent",
    "all saints' day",
    "anzac day",
    "april fools' day",
    "ash wednesday",
    "australia day",
    "bastille day",
    "black friday",
    "bonfire night",
    "boxing day",
    "canada day",
    "chanukah",
    "chinese new year",
    "christmas",
    "christmas day",
    "christmas eve",
    "cinco de mayo",
    "cyber monday",
    "day of the dead",
    "deepavali",
    "dia de los muertos",
    "diwali",
    "earth day",
    "easter",
    "easter monday",
    "easter sunday",
    "eid",
    "eid al-adha",
    "eid al-fitr",
    "epiphany",
    "father's day",
    "fathers day",
    "good friday",
    "groundhog day",
    "guy fawkes night",
    "halloween",
    "hanukkah",
    "hogmanay",
    "holi",
    "independence day",
    "juneteenth",
    "kwanzaa",
    "labor day",
    "labour day",
    "lent",
    "lunar new year",
    "mardi gras",
    "martin luther king day",
    "memorial day",
    "mlk day",
    "mother's day",
    "mothers day",
    "navratri",
    "new year's day",
    "new year's eve",
    "new years eve",
    "nowruz",
    "oktoberfest",
    "palm sunday",
    "passover",
    "pentecost",
    "presidents' day",
    "purim",
    "ramadan",
    "remembrance day",
    "rosh hashanah",
    "saint patrick's day",
    "songkran",
    "st patrick's day",
    "st. patrick's day",
    "thanksgiving",
    "valentine's day",
    "valentines day",
    "vesak",
    "veterans day",
    "yom kippur",
];

/// Whether a holiday's name can start with the lower-case word `w` ("new", "christmas"): asked
/// before anything is built for a longer name.
pub(crate) fn may_start_holiday(w: &str) -> bool {
    // A match, not a lookup: asked of every capitalised word. `HOLIDAYS`' first words (a test
    // keeps the two together).
    matches!(
        w,
        "advent"
            | "all"
            | "anzac"
            | "april"
            | "ash"
            | "australia"
            | "bastille"
            | "black"
            | "bonfire"
            | "boxing"
            | "canada"
            | "chanukah"
            | "chinese"
            | "christmas"
            | "cinco"
            | "cyber"
            | "day"
            | "deepavali"
            | "dia"
            | "diwali"
            | "earth"
            | "easter"
            | "eid"
            | "epiphany"
            | "father"
            | "fathers"
            | "good"
            | "groundhog"
            | "guy"
            | "halloween"
            | "hanukkah"
            | "hogmanay"
            | "holi"
            | "independence"
            | "juneteenth"
            | "kwanzaa"
            | "labor"
            | "labour"
            | "lent"
            | "lunar"
            | "mardi"
            | "martin"
            | "memorial"
            | "mlk"
            | "mother"
            | "mothers"
            | "navratri"
            | "new"
            | "nowruz"
            | "oktoberfest"
            | "palm"
            | "passover"
            | "pentecost"
            | "presidents"
            | "purim"
            | "ramadan"
            | "remembrance"
            | "rosh"
            | "saint"
            | "songkran"
            | "st"
            | "st."
            | "thanksgiving"
            | "valentine"
            | "valentines"
            | "vesak"
            | "veterans"
            | "yom"
    )
}

/// Whether `name` (words as a text splits them: "New Year 's Eve") is a holiday.
pub(crate) fn is_holiday(name: &str) -> bool {
    // Asked of every name: most are no holiday's, and their first word says so.
    let first = name
        .split([' ', '\'', '\u{2019}'])
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let first = if first.chars().any(char::is_uppercase) {
        std::borrow::Cow::Owned(first.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(first)
    };
    if !may_start_holiday(&first) {
        return false;
    }
    let mut key = String::with_capacity(name.len());
    for w in name.split_whitespace() {
        let w = w.replace('\u{2019}', "'");
        if !key.is_empty() && !w.starts_with('\'') {
            key.push(' ');
        }
        key.extend(w.chars().flat_map(char::to_lowercase));
    }
    HOLIDAYS.binary_search(&key.as_str()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::{is_holiday, named_after_place, HOLIDAYS};

    #[test]
    fn a_site_named_after_a_place_gives_the_place() {
        let named = |n: &str| named_after_place(n);
        assert_eq!(
            named("West Chicago High School").as_deref(),
            Some("West Chicago")
        );
        assert_eq!(named("Lyon International Airport").as_deref(), Some("Lyon"));
        assert_eq!(named("Dunmore Lake").as_deref(), Some("Dunmore"));
        // No kind word at the end, a function word inside, or nothing before the kind word.
        assert_eq!(named("University of Chicago"), None);
        assert_eq!(named("Bank of America"), None);
        assert_eq!(named("Henrik Ibsen"), None);
        assert_eq!(named("High School"), None);
        assert_eq!(named("School"), None);
        assert_eq!(named("the old school"), None);
        assert_eq!(named(""), None);
        assert_eq!(named("🙂 School"), None);
    }

    #[test]
    fn holidays_are_found_as_a_text_splits_them() {
        // Sorted, as the binary search needs.
        assert!(HOLIDAYS.windows(2).all(|w| w[0] < w[1]));
        // Every holiday's first word may start one.
        let firsts: std::collections::BTreeSet<&str> = HOLIDAYS
            .iter()
            .map(|h| h.split([' ', '\'']).next().unwrap_or(h))
            .collect();
        assert!(firsts.iter().all(|w| super::may_start_holiday(w)));
        assert!(!super::may_start_holiday("birthday"));
        assert!(is_holiday("Christmas"));
        assert!(is_holiday("New Year 's Eve"));
        assert!(is_holiday("Valentine\u{2019}s Day"));
        assert!(is_holiday("DIWALI"));
        assert!(!is_holiday("Birthday"));
        assert!(!is_holiday("Easter Island"));
        assert!(!is_holiday(""));
    }
}
