//! Hashed feature templates of the name tagger: word forms, shapes, affixes, capitalisation, list
//! hits and the neighbouring words and tags.

use crate::gazetteer;

/// FNV-1a over a template id and parts, folded to 32 bits.
pub fn hash(template: u8, parts: &[&[u8]]) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    mix(template);
    for p in parts {
        for &b in *p {
            mix(b);
        }
        mix(0xff);
    }
    ((h >> 32) ^ h) as u32
}

/// Per-word facts computed once per sentence.
#[derive(Debug, Clone)]
pub struct WordInfo {
    pub lower: String,
    pub shape: String,
    pub flags: u32,
    pub is_title: bool,
    pub is_upper: bool,
    /// The run of capitalised words (joined by "of", "and", ...) this word is in: word indices.
    pub run: (usize, usize),
}

/// Longest word that gets affix and form features; longer ones only get a shape (bounds work on
/// hostile input).
const MAX_FORM: usize = 40;

impl WordInfo {
    pub fn new(word: &str) -> Self {
        let w = if word.len() > MAX_FORM {
            let mut cut = MAX_FORM;
            while !word.is_char_boundary(cut) {
                cut -= 1;
            }
            &word[..cut]
        } else {
            word
        };
        let lower = w.to_lowercase();
        let mut shape = String::new();
        let mut last = ' ';
        let mut run = 0;
        for c in w.chars() {
            let k = if c.is_uppercase() {
                'X'
            } else if c.is_lowercase() {
                'x'
            } else if c.is_ascii_digit() {
                'd'
            } else if c.is_alphabetic() {
                'a'
            } else {
                c
            };
            if k == last {
                run += 1;
                if run > 2 {
                    continue;
                }
            } else {
                run = 1;
            }
            last = k;
            shape.push(k);
        }
        let mut chars = w.chars();
        let first_upper = chars.next().is_some_and(char::is_uppercase);
        let is_upper = w.chars().any(char::is_alphabetic)
            && w.chars().all(|c| !c.is_alphabetic() || c.is_uppercase());
        let flags = gazetteer::flags(&lower);
        WordInfo {
            run: (0, 0),
            is_title: first_upper && !is_upper,
            is_upper,
            lower,
            shape,
            flags,
        }
    }

    pub fn is_capitalised(&self) -> bool {
        self.is_title || (self.is_upper && self.lower.chars().count() > 1)
    }
}

/// Per-word infos of a sentence, with capitalised runs marked.
pub fn sentence_info<'a>(words: impl Iterator<Item = &'a str>) -> Vec<WordInfo> {
    let mut info: Vec<WordInfo> = words.map(WordInfo::new).collect();
    let n = info.len();
    let mut i = 0;
    while i < n {
        if !info[i].is_capitalised() {
            info[i].run = (i, i + 1);
            i += 1;
            continue;
        }
        let mut e = i + 1;
        loop {
            if e < n && info[e].is_capitalised() {
                e += 1;
            } else if e + 1 < n
                && matches!(
                    info[e].lower.as_str(),
                    "of" | "and" | "de" | "for" | "the" | "&" | "on"
                )
                && info[e + 1].is_capitalised()
                // "French and German": two peoples or languages, no name of both.
                && !(matches!(info[e].lower.as_str(), "and" | "&")
                    && info[e - 1].flags & gazetteer::NATIONALITY != 0
                    && info[e + 1].flags & gazetteer::NATIONALITY != 0
                    // "the Swiss and Austrian Alps": a name goes on after them.
                    && !info.get(e + 2).is_some_and(WordInfo::is_capitalised))
            {
                e += 2;
            } else {
                break;
            }
        }
        for w in &mut info[i..e] {
            w.run = (i, e);
        }
        i = e;
    }
    info
}

fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

fn suffix(s: &str, n: usize) -> &str {
    let count = s.chars().count();
    if count <= n {
        return s;
    }
    match s.char_indices().nth(count - n) {
        Some((i, _)) => &s[i..],
        None => s,
    }
}

const TAG_NAMES: [&[u8]; 10] = [
    b"O", b"B-PER", b"I-PER", b"B-ORG", b"I-ORG", b"B-LOC", b"I-LOC", b"B-OTH", b"I-OTH", b"<S>",
];

/// Tag index used for "before the sentence start".
pub const START_TAG: usize = 9;

/// Appends the features of word `i` given the two previous predicted tags.
pub fn word_features(info: &[WordInfo], i: usize, prev: usize, prev2: usize, out: &mut Vec<u32>) {
    out.clear();
    let w = &info[i];
    let get = |j: isize| -> Option<&WordInfo> {
        if j < 0 {
            None
        } else {
            info.get(j as usize)
        }
    };
    let lower = w.lower.as_bytes();
    let p1 = TAG_NAMES[prev];
    let p2 = TAG_NAMES[prev2];
    out.push(hash(0, &[]));
    out.push(hash(1, &[lower]));
    out.push(hash(2, &[w.shape.as_bytes()]));
    for n in 1..=4 {
        out.push(hash(3 + n as u8, &[suffix(&w.lower, n).as_bytes()]));
    }
    for n in 1..=3 {
        out.push(hash(8 + n as u8, &[prefix(&w.lower, n).as_bytes()]));
    }
    out.push(hash(12, &[&w.flags.to_le_bytes()]));
    out.push(hash(13, &[p1]));
    out.push(hash(14, &[p1, p2]));
    out.push(hash(15, &[p1, lower]));
    out.push(hash(16, &[p1, w.shape.as_bytes()]));
    let start = [u8::from(i == 0), u8::from(w.is_title), u8::from(w.is_upper)];
    out.push(hash(17, &[&start]));
    let ii = i as isize;
    for (k, off) in [(20u8, -2isize), (22, -1), (24, 1), (26, 2)] {
        match get(ii + off) {
            Some(o) => {
                out.push(hash(k, &[o.lower.as_bytes()]));
                out.push(hash(k + 1, &[o.shape.as_bytes()]));
                if o.flags != 0 {
                    out.push(hash(40 + k, &[&o.flags.to_le_bytes()]));
                }
            }
            None => out.push(hash(k, &[b"<edge>"])),
        }
    }
    if let Some(n) = get(ii + 1) {
        out.push(hash(30, &[lower, n.lower.as_bytes()]));
        out.push(hash(31, &[w.shape.as_bytes(), n.shape.as_bytes()]));
    }
    if let Some(p) = get(ii - 1) {
        out.push(hash(32, &[p.lower.as_bytes(), lower]));
        out.push(hash(33, &[p1, p.lower.as_bytes()]));
    }
    let (rs, re) = w.run;
    if re > rs + 1 {
        let pos = [
            u8::from(i == rs),
            u8::from(i + 1 == re),
            (re - rs).min(5) as u8,
        ];
        out.push(hash(35, &[&pos]));
        out.push(hash(36, &[info[re - 1].lower.as_bytes()]));
        out.push(hash(37, &[info[rs].lower.as_bytes()]));
        out.push(hash(
            38,
            &[&info[re - 1].flags.to_le_bytes(), &[u8::from(i + 1 == re)]],
        ));
        out.push(hash(
            39,
            &[&info[rs].flags.to_le_bytes(), &[u8::from(i == rs)]],
        ));
        let before = if rs > 0 {
            info[rs - 1].lower.as_bytes()
        } else {
            b"<s>"
        };
        out.push(hash(41, &[before]));
    }
    if let (Some(p), Some(n)) = (get(ii - 1), get(ii + 1)) {
        out.push(hash(
            34,
            &[p.shape.as_bytes(), w.shape.as_bytes(), n.shape.as_bytes()],
        ));
    }
}
