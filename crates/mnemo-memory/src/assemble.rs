//! Context assembly under a token budget: prioritised sections of whole lines; when the budget is
//! short the lowest-priority lines go first, and a section never keeps a line while a
//! higher-priority line was cut.

use std::collections::HashMap;

use serde::Serialize;

use crate::count_tokens;
use crate::tokens::count_line_tokens;

/// The sections of a context, in priority (and display) order: earlier sections are kept longer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    Snippets,
    Paths,
    Facts,
    KeyEntities,
    TopEntities,
    History,
}

impl SectionKind {
    pub fn title(self) -> &'static str {
        match self {
            SectionKind::KeyEntities => "Key entities",
            SectionKind::Paths => "Connecting paths",
            SectionKind::Facts => "Facts",
            SectionKind::TopEntities => "Related entities",
            SectionKind::Snippets => "Sources",
            SectionKind::History => "Conversation",
        }
    }
}

/// One line of a section. `rank` orders cutting within the section (higher rank is cut first);
/// `item` points back to the structured item it renders.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub text: String,
    pub rank: usize,
    pub item: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub kind: SectionKind,
    /// In display order.
    pub lines: Vec<Line>,
}

impl Section {
    /// A section whose lines are ranked in display order.
    pub fn ranked_in_order(kind: SectionKind, texts: Vec<String>) -> Self {
        Section {
            kind,
            lines: texts
                .into_iter()
                .enumerate()
                .map(|(i, text)| Line {
                    text,
                    rank: i,
                    item: i,
                })
                .collect(),
        }
    }
}

/// What the budget left of a section.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SectionReport {
    pub kind: SectionKind,
    /// Tokens of the section's header and kept lines, each counted on its own.
    pub tokens: usize,
    pub lines_kept: usize,
    pub lines_offered: usize,
    /// Items (indices into the section's structured list) that made it into the text.
    #[serde(skip)]
    pub kept_items: Vec<usize>,
}

/// The assembled context.
#[derive(Debug, Clone, PartialEq)]
pub struct Assembled {
    pub text: String,
    pub tokens: usize,
    pub sections: Vec<SectionReport>,
}

impl Assembled {
    pub fn kept(&self, kind: SectionKind) -> &[usize] {
        self.sections
            .iter()
            .find(|s| s.kind == kind)
            .map(|s| s.kept_items.as_slice())
            .unwrap_or(&[])
    }
}

fn header(kind: SectionKind, first: bool) -> String {
    if first {
        format!("## {}\n", kind.title())
    } else {
        format!("\n## {}\n", kind.title())
    }
}

/// What a line costs: its own tokens (what the budget is planned with, plus one for its newline),
/// and its tokens followed by one and by two newlines (what it adds to the rendered text).
#[derive(Debug, Clone, Copy)]
struct Cost {
    own: usize,
    nl: usize,
    nl2: usize,
}

impl Cost {
    fn of(text: &str) -> Cost {
        let [own, nl, nl2] = count_line_tokens(text);
        Cost { own, nl, nl2 }
    }
}

/// Fits the sections into `budget` tokens. Lines are newline-free (callers pass one-line text).
pub fn assemble(mut sections: Vec<Section>, budget: usize) -> Assembled {
    sections.sort_by_key(|s| s.kind);
    let mut used = 0usize;
    let mut stopped = false;
    let mut kept: Vec<Vec<usize>> = Vec::with_capacity(sections.len());
    // Line costs are counted once, and only for lines that are considered.
    let mut costs: Vec<HashMap<usize, Cost>> = vec![HashMap::new(); sections.len()];
    for (si, section) in sections.iter().enumerate() {
        let mut keep = Vec::new();
        if !stopped && !section.lines.is_empty() {
            let head = count_tokens(&header(section.kind, used == 0));
            let mut order: Vec<usize> = (0..section.lines.len()).collect();
            order.sort_by_key(|&i| (section.lines[i].rank, i));
            for i in order {
                let c = Cost::of(&section.lines[i].text);
                costs[si].insert(i, c);
                let cost = c.own + 1;
                let extra = if keep.is_empty() { head } else { 0 };
                if used + extra + cost > budget {
                    stopped = true;
                    break;
                }
                used += extra + cost;
                keep.push(i);
            }
            keep.sort_unstable();
        }
        kept.push(keep);
    }

    // Tokens of concatenated text can differ slightly from the sum of its parts: drop trailing
    // lines until the rendered text itself fits.
    loop {
        let (tokens, rendered) = match text_tokens(&sections, &kept, &costs) {
            Some(tokens) => (tokens, None),
            None => {
                let r = render(&sections, &kept, &costs);
                (count_tokens(&r.0), Some(r))
            }
        };
        if tokens <= budget || kept.iter().all(Vec::is_empty) {
            let (text, reports) = rendered.unwrap_or_else(|| render(&sections, &kept, &costs));
            return Assembled {
                text,
                tokens,
                sections: reports,
            };
        }
        if let Some(k) = kept.iter_mut().rev().find(|k| !k.is_empty()) {
            k.pop();
        }
    }
}

/// Tokens of the text `render` makes, summed from the lines' counts: a cl100k piece never runs
/// past a newline into a line that has something other than whitespace on it, so the text counts as
/// the sum of its lines, each with the newlines that follow it (one, or two before the next
/// section's header). None when a kept line is blank (a whitespace run would span it) or has a
/// line break of its own: the sum would not hold, and the text is counted whole instead.
fn text_tokens(
    sections: &[Section],
    kept: &[Vec<usize>],
    costs: &[HashMap<usize, Cost>],
) -> Option<usize> {
    let mut total = 0;
    let shown: Vec<usize> = (0..sections.len())
        .filter(|&si| !kept[si].is_empty())
        .collect();
    for (n, &si) in shown.iter().enumerate() {
        let section = &sections[si];
        total += count_tokens(&header(section.kind, true));
        let last_section = n + 1 == shown.len();
        for (k, &i) in kept[si].iter().enumerate() {
            let text = &section.lines[i].text;
            if text.trim().is_empty() || text.contains(['\n', '\r']) {
                return None;
            }
            let c = costs[si].get(&i)?;
            let before_header = !last_section && k + 1 == kept[si].len();
            total += if before_header { c.nl2 } else { c.nl };
        }
    }
    Some(total)
}

/// Renders the kept lines. Section token counts are the header's plus the lines' own counts (the
/// BPE may merge across a line break, so they can differ from the whole text's count by a little).
fn render(
    sections: &[Section],
    kept: &[Vec<usize>],
    costs: &[HashMap<usize, Cost>],
) -> (String, Vec<SectionReport>) {
    let mut text = String::new();
    let mut reports = Vec::with_capacity(sections.len());
    for ((section, keep), cost) in sections.iter().zip(kept).zip(costs) {
        let mut tokens = 0;
        if !keep.is_empty() {
            let head = header(section.kind, text.is_empty());
            tokens += count_tokens(&head);
            text.push_str(&head);
            for &i in keep {
                text.push_str(&section.lines[i].text);
                text.push('\n');
                tokens += cost.get(&i).map_or(0, |c| c.own + 1);
            }
        }
        reports.push(SectionReport {
            kind: section.kind,
            tokens,
            lines_kept: keep.len(),
            lines_offered: section.lines.len(),
            kept_items: keep.iter().map(|&i| section.lines[i].item).collect(),
        });
    }
    (text, reports)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summed count is the rendered text's own count, whatever the lines end with.
    #[test]
    fn summed_tokens_are_the_rendered_texts() {
        let parts = [
            "- ",
            "Ada",
            " Lovelace",
            " (person, 3 mentions, last seen 2026-05-30)",
            ".",
            "!",
            "…",
            " -[works at]-> ",
            "Acme",
            "2024",
            "'s",
            ":",
            "\"",
            ")",
            "東京",
            " ",
            "##",
            "#",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let kinds = [
            SectionKind::KeyEntities,
            SectionKind::Paths,
            SectionKind::Facts,
            SectionKind::Snippets,
        ];
        for round in 0..400 {
            let sections: Vec<Section> = kinds
                .iter()
                .map(|&kind| {
                    let lines = (0..next() % 4)
                        .map(|_| {
                            let n = 1 + next() % 6;
                            (0..n)
                                .map(|_| parts[(next() % parts.len() as u64) as usize])
                                .collect::<String>()
                        })
                        .collect();
                    Section::ranked_in_order(kind, lines)
                })
                .collect();
            let out = assemble(sections, 10_000);
            let whole = tiktoken_rs::cl100k_base_singleton().count_ordinary(&out.text);
            assert_eq!(out.tokens, whole, "round {round}: {:?}", out.text);
        }
    }
}
