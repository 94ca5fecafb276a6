//! Words that name a country by its people or language ("German", "Canadians", "South Korean"),
//! religions and party adherents ("Catholic", "Republican"), and languages: general knowledge,
//! written by hand. A demonym mention refers to its country: "a German racer" mentions Germany.

// Static word tables: Fx hashing, as their keys are fixed and lookups are per word.
use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

/// `demonym=Country`, lower-case demonym (one or two words joined by '_'), country as written.
const DEMONYMS: &str = "afghan=Afghanistan albanian=Albania algerian=Algeria american=United_States \
andorran=Andorra angolan=Angola argentine=Argentina argentinian=Argentina armenian=Armenia \
australian=Australia austrian=Austria azerbaijani=Azerbaijan bahamian=Bahamas bahraini=Bahrain \
bangladeshi=Bangladesh barbadian=Barbados belarusian=Belarus belgian=Belgium belizean=Belize \
beninese=Benin bhutanese=Bhutan bolivian=Bolivia bosnian=Bosnia_and_Herzegovina \
botswanan=Botswana brazilian=Brazil british=United_Kingdom bruneian=Brunei bulgarian=Bulgaria \
burkinabe=Burkina_Faso burmese=Myanmar burundian=Burundi cambodian=Cambodia \
cameroonian=Cameroon canadian=Canada chadian=Chad chilean=Chile chinese=China \
colombian=Colombia congolese=Congo croatian=Croatia cuban=Cuba cypriot=Cyprus czech=Czech_Republic \
danish=Denmark djiboutian=Djibouti dominican=Dominican_Republic dutch=Netherlands \
ecuadorian=Ecuador egyptian=Egypt emirati=United_Arab_Emirates english=England eritrean=Eritrea \
estonian=Estonia ethiopian=Ethiopia fijian=Fiji filipino=Philippines finnish=Finland \
french=France gabonese=Gabon gambian=Gambia georgian=Georgia german=Germany ghanaian=Ghana \
greek=Greece grenadian=Grenada guatemalan=Guatemala guinean=Guinea guyanese=Guyana \
haitian=Haiti honduran=Honduras hungarian=Hungary icelandic=Iceland indian=India \
indonesian=Indonesia iranian=Iran iraqi=Iraq irish=Ireland israeli=Israel italian=Italy \
ivorian=Ivory_Coast jamaican=Jamaica japanese=Japan jordanian=Jordan kazakh=Kazakhstan \
kazakhstani=Kazakhstan kenyan=Kenya kosovar=Kosovo kuwaiti=Kuwait kyrgyz=Kyrgyzstan lao=Laos \
laotian=Laos latvian=Latvia lebanese=Lebanon liberian=Liberia libyan=Libya \
liechtensteiner=Liechtenstein lithuanian=Lithuania luxembourgish=Luxembourg \
macedonian=North_Macedonia malagasy=Madagascar malawian=Malawi malaysian=Malaysia \
maldivian=Maldives malian=Mali maltese=Malta mauritanian=Mauritania mauritian=Mauritius \
mexican=Mexico moldovan=Moldova monegasque=Monaco mongolian=Mongolia montenegrin=Montenegro \
moroccan=Morocco mozambican=Mozambique namibian=Namibia nepalese=Nepal nepali=Nepal \
nicaraguan=Nicaragua nigerien=Niger nigerian=Nigeria norwegian=Norway omani=Oman \
pakistani=Pakistan palestinian=Palestine panamanian=Panama paraguayan=Paraguay persian=Persia \
peruvian=Peru polish=Poland portuguese=Portugal qatari=Qatar romanian=Romania russian=Russia \
rwandan=Rwanda salvadoran=El_Salvador samoan=Samoa saudi=Saudi_Arabia scottish=Scotland \
senegalese=Senegal serbian=Serbia sierra_leonean=Sierra_Leone singaporean=Singapore \
slovak=Slovakia slovakian=Slovakia slovenian=Slovenia slovene=Slovenia somali=Somalia \
spanish=Spain sudanese=Sudan surinamese=Suriname swazi=Eswatini swedish=Sweden swiss=Switzerland \
syrian=Syria taiwanese=Taiwan tajik=Tajikistan tanzanian=Tanzania thai=Thailand togolese=Togo \
tongan=Tonga trinidadian=Trinidad_and_Tobago tunisian=Tunisia turkish=Turkey \
turkmen=Turkmenistan ugandan=Uganda ukrainian=Ukraine uruguayan=Uruguay uzbek=Uzbekistan \
venezuelan=Venezuela vietnamese=Vietnam welsh=Wales yemeni=Yemen zambian=Zambia \
zimbabwean=Zimbabwe soviet=Soviet_Union yugoslav=Yugoslavia yugoslavian=Yugoslavia \
prussian=Prussia ottoman=Ottoman_Empire byzantine=Byzantine_Empire bavarian=Bavaria \
catalan=Catalonia basque=Basque_Country flemish=Flanders sicilian=Sicily corsican=Corsica \
tibetan=Tibet kurdish=Kurdistan chechen=Chechnya bengali=Bengal punjabi=Punjab \
hawaiian=Hawaii texan=Texas californian=California floridian=Florida new_zealand=New_Zealand \
south_korean=South_Korea north_korean=North_Korea south_african=South_Africa \
sri_lankan=Sri_Lanka saudi_arabian=Saudi_Arabia costa_rican=Costa_Rica puerto_rican=Puerto_Rico \
equatorial_guinean=Equatorial_Guinea east_german=East_Germany west_german=West_Germany \
korean=Korea european=Europe african=Africa asian=Asia arab=Arab_world latin_american=Latin_America \
scandinavian=Scandinavia caribbean=Caribbean";

/// Languages that are not also a people's adjective ("English" and "French" are both).
const LANGUAGES: &str = "english french german spanish italian portuguese russian chinese \
japanese korean arabic hebrew latin greek dutch swedish norwegian danish finnish polish czech \
hungarian romanian turkish persian hindi urdu bengali punjabi tamil telugu swahili yiddish \
esperanto sanskrit mandarin cantonese catalan basque welsh gaelic irish icelandic ukrainian \
serbian croatian bulgarian slovak slovene albanian armenian georgian thai vietnamese \
indonesian malay tagalog filipino kurdish pashto amharic somali zulu xhosa afrikaans";

/// Adherents of religions and parties: the organisation they belong to.
const ADHERENTS: &str = "catholic=Catholic_Church catholics=Catholic_Church \
protestant=Protestantism protestants=Protestantism orthodox=Orthodox_Church \
anglican=Anglican_Church lutheran=Lutheran_Church methodist=Methodist_Church \
baptist=Baptist_Church christian=Christianity christians=Christianity jewish=Judaism \
jews=Judaism muslim=Islam muslims=Islam islamic=Islam buddhist=Buddhism buddhists=Buddhism \
hindu=Hinduism hindus=Hinduism sikh=Sikhism sikhs=Sikhism republican=Republican_Party \
republicans=Republican_Party democrat=Democratic_Party democrats=Democratic_Party";

/// What a word (or two words) names when it is a people's, language's or faith's adjective.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Demonym {
    /// The country or region, as written ("United States").
    Country(String),
    /// The faith or party ("Catholic Church").
    Adherent(String),
}

struct Tables {
    words: HashMap<String, Demonym>,
    languages: HashMap<&'static str, ()>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut words = HashMap::default();
        let pairs = |list: &'static str| {
            list.split_ascii_whitespace()
                .filter_map(|p| p.split_once('='))
                .map(|(d, c)| (d.replace('_', " "), c.replace('_', " ")))
        };
        for (d, c) in pairs(DEMONYMS) {
            // The people too: "Americans", "Germans" (not "Swiss", "Chinese", "English").
            if d.ends_with("an") || d.ends_with('i') {
                words.insert(format!("{d}s"), Demonym::Country(c.clone()));
            }
            words.insert(d, Demonym::Country(c));
        }
        for (d, c) in pairs(ADHERENTS) {
            words.insert(d, Demonym::Adherent(c));
        }
        let languages = LANGUAGES
            .split_ascii_whitespace()
            .map(|w| (w, ()))
            .collect();
        Tables { words, languages }
    })
}

/// What a lower-case word or two-word phrase ("south korean") names, if it is a demonym.
pub fn lookup(lower: &str) -> Option<&'static Demonym> {
    tables().words.get(lower)
}

/// Whether a lower-case word is a language name.
pub fn is_language(lower: &str) -> bool {
    tables().languages.contains_key(lower)
}
