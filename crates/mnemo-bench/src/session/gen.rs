//! A seeded generator of a long conversation: recurring people, places, organisations and projects,
//! so facts recur; every fact-bearing turn records the fact it states (ground truth for recall).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const FIRST: &[&str] = &[
    "Alice", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ingrid", "Jonas",
    "Keiko", "Lars", "Maya", "Nadia", "Oscar", "Priya", "Quentin", "Rosa", "Stefan", "Tamara",
];
const LAST: &[&str] = &[
    "Okafor",
    "Lindqvist",
    "Moreau",
    "Castillo",
    "Novak",
    "Haddad",
    "Brennan",
    "Tanaka",
    "Kowalski",
    "Ferreira",
];
const CITIES: &[&str] = &[
    "Lyon", "Porto", "Krakow", "Osaka", "Denver", "Nairobi", "Tallinn", "Valencia", "Montreal",
    "Bergen", "Seville", "Leipzig", "Cork", "Bologna", "Quito", "Perth",
];
const ORGS: &[&str] = &[
    "Acme Robotics",
    "Borealis Labs",
    "Cobalt Systems",
    "Delta Freight",
    "Everest Health",
    "Fjord Energy",
    "Granite Bank",
    "Helix Media",
    "Ion Motors",
    "Juniper Foods",
];
const PROJECTS: &[&str] = &[
    "Orion", "Kestrel", "Nimbus", "Atlas", "Meridian", "Halcyon", "Zephyr", "Sequoia", "Tundra",
    "Vesper", "Lumen", "Quasar",
];
const CHAT: &[&str] = &[
    "The coffee machine on the third floor broke again this morning.",
    "It rained all afternoon and the trains were late.",
    "I finally finished that long novel about the lighthouse keeper.",
    "The office plants need watering before the weekend.",
    "Lunch was a surprisingly good lentil soup today.",
    "My laptop fan keeps making a strange whirring noise.",
];

/// A fact stated by a turn: `subject` and `object` are names as written, `question` asks for the
/// object by the subject.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StatedFact {
    pub subject: String,
    pub object: String,
    pub question: String,
}

#[derive(Debug, Clone)]
pub struct Turn {
    pub user: bool,
    pub text: String,
    pub tag: &'static str,
    pub fact: Option<StatedFact>,
}

struct Person {
    name: String,
    city: &'static str,
    org: &'static str,
    project: &'static str,
}

/// `n` turns, alternating user and assistant; the same seed gives the same conversation.
pub fn conversation(n: usize, seed: u64) -> Vec<Turn> {
    let mut rng = StdRng::seed_from_u64(seed);
    let people: Vec<Person> = (0..40)
        .map(|i| Person {
            name: format!(
                "{} {}",
                FIRST[i % FIRST.len()],
                LAST[(i * 7 + i / 20) % LAST.len()]
            ),
            city: CITIES[rng.gen_range(0..CITIES.len())],
            org: ORGS[rng.gen_range(0..ORGS.len())],
            project: PROJECTS[rng.gen_range(0..PROJECTS.len())],
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        // Popular people come up more often (a few regulars, a long tail).
        let k = ((rng.gen::<f64>().powi(2)) * people.len() as f64) as usize;
        let p = &people[k.min(people.len() - 1)];
        let (user, reply) = match rng.gen_range(0..10) {
            0..=2 => fact(
                p.name.clone(),
                p.city,
                format!("{} lives in {}.", p.name, p.city),
                format!("Where does {} live?", p.name),
                "people",
            ),
            3..=4 => fact(
                p.name.clone(),
                p.org,
                format!("{} works for {}.", p.name, p.org),
                format!("Who does {} work for?", p.name),
                "people",
            ),
            5..=6 => fact(
                p.name.clone(),
                p.project,
                format!("{} leads the {} project.", p.name, p.project),
                format!("Which project does {} lead?", p.name),
                "projects",
            ),
            _ => {
                let line = *CHAT.choose(&mut rng).unwrap_or(&CHAT[0]);
                (
                    Turn {
                        user: true,
                        text: line.to_string(),
                        tag: "chat",
                        fact: None,
                    },
                    Turn {
                        user: false,
                        text: "Sounds like quite a day. Anything else on your mind?".into(),
                        tag: "chat",
                        fact: None,
                    },
                )
            }
        };
        out.push(user);
        out.push(reply);
    }
    out.truncate(n);
    out
}

fn fact(
    subject: String,
    object: &str,
    text: String,
    question: String,
    tag: &'static str,
) -> (Turn, Turn) {
    let ack = format!("Noted. I will remember that about {subject}.");
    (
        Turn {
            user: true,
            text,
            tag,
            fact: Some(StatedFact {
                subject,
                object: object.to_string(),
                question,
            }),
        },
        Turn {
            user: false,
            text: ack,
            tag,
            fact: None,
        },
    )
}
