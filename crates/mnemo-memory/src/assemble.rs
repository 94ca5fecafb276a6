//! Context assembly under a token budget: prioritised sections of whole lines; when the budget is
//! short the lowest-priority lines go first, and a section never keeps a line while a
//! higher-priority line was cut.

use std::collections::HashMap;

use serde::Serialize;

use crate::tokens::count_tokens;

/// The sections of a context, in priority (and display) order: earlier sections are kept longer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    KeyEntities,
    Paths,
    Facts,
    TopEntities,
    Snippets,
    History,
}

impl SectionKind {
    pub fn title(self) -> &'static str {
        match self {
            SectionKind::KeyEntities => "Key entities",
            SectionKind::Paths => "Connecting paths",
            SectionKind::Facts => "Facts",
            SectionKind::TopEntities => "Frequently mentioned",
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

/// Fits the sections into `budget` tokens. Lines are newline-free (callers pass one-line text).
pub fn assemble(mut sections: Vec<Section>, budget: usize) -> Assembled {
    sections.sort_by_key(|s| s.kind);
    let mut used = 0usize;
    let mut stopped = false;
    let mut kept: Vec<Vec<usize>> = Vec::with_capacity(sections.len());
    // Line costs are counted once, and only for lines that are considered.
    let mut costs: Vec<HashMap<usize, usize>> = vec![HashMap::new(); sections.len()];
    for (si, section) in sections.iter().enumerate() {
        let mut keep = Vec::new();
        if !stopped && !section.lines.is_empty() {
            let head = count_tokens(&header(section.kind, used == 0));
            let mut order: Vec<usize> = (0..section.lines.len()).collect();
            order.sort_by_key(|&i| (section.lines[i].rank, i));
            for i in order {
                let cost = count_tokens(&section.lines[i].text) + 1;
                costs[si].insert(i, cost);
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

    // Tokens of concatenated text can differ slightly from the sum of its parts: re-count and drop
    // trailing lines until the rendered text itself fits.
    loop {
        let (text, reports) = render(&sections, &kept, &costs);
        let tokens = count_tokens(&text);
        if tokens <= budget {
            return Assembled {
                text,
                tokens,
                sections: reports,
            };
        }
        match kept.iter_mut().rev().find(|k| !k.is_empty()) {
            Some(k) => {
                k.pop();
            }
            None => {
                return Assembled {
                    text,
                    tokens,
                    sections: reports,
                }
            }
        }
    }
}

/// Renders the kept lines. Section token counts are the header's plus the lines' own counts (the
/// BPE may merge across a line break, so they can differ from the whole text's count by a little).
fn render(
    sections: &[Section],
    kept: &[Vec<usize>],
    costs: &[HashMap<usize, usize>],
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
                tokens += cost.get(&i).copied().unwrap_or(0);
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
