//! Memory blocks: named, prioritised lines of text placed around the chat history, truncated to a
//! token budget by priority (a pure function), and rendered as one `<memory>` text.

use serde::{Deserialize, Serialize};

use crate::count_tokens;

/// A block's content before it is fitted to the budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Block {
    /// `[a-z0-9_]` name, used as the block's tag in the rendered text.
    pub name: String,
    /// 0 = never truncated; otherwise larger numbers are truncated first.
    pub priority: u32,
    /// Lines, most valuable first (truncation drops lines from the end).
    pub lines: Vec<String>,
}

impl Block {
    pub fn new(name: impl Into<String>, priority: u32, text: &str) -> Self {
        Block {
            name: name.into(),
            priority,
            lines: text
                .lines()
                .map(str::trim_end)
                .filter(|l| !l.trim().is_empty())
                .map(String::from)
                .collect(),
        }
    }
}

/// What fitting did to one block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BlockReport {
    pub name: String,
    pub priority: u32,
    pub lines_kept: usize,
    pub lines_dropped: usize,
    /// Tokens of the block as rendered (its tags included); 0 when it was dropped whole.
    pub tokens: usize,
}

/// Blocks fitted to a budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FittedBlocks {
    /// The kept blocks (empty ones left out), in their original order.
    pub blocks: Vec<Block>,
    pub reports: Vec<BlockReport>,
    /// The rendered `<memory>` text ("" when no block has a line).
    pub text: String,
    pub tokens: usize,
    /// True when the never-truncated blocks alone exceed the budget.
    pub over_budget: bool,
}

/// Renders blocks as `<memory>\n<name>\nline...\n</name>\n...</memory>`; "" with no lines at all.
pub fn render(blocks: &[Block]) -> String {
    let mut out = String::new();
    for b in blocks.iter().filter(|b| !b.lines.is_empty()) {
        out.push_str(&block_text(b));
    }
    if out.is_empty() {
        out
    } else {
        format!("<memory>\n{out}</memory>")
    }
}

fn block_text(b: &Block) -> String {
    let mut out = format!("<{}>\n", b.name);
    for l in &b.lines {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(&format!("</{}>\n", b.name));
    out
}

/// Fits `blocks` into `budget` tokens: while the rendered text is over budget, the last line of the
/// block with the *lowest priority* is dropped, that is the block with the largest priority
/// number (as in LlamaIndex); among equal numbers the later block goes first. Priority-0 blocks are
/// never cut: if they alone exceed the budget, they are all kept and `over_budget` is set.
/// Whole lines only; a block left without lines disappears with its tags.
pub fn fit(blocks: Vec<Block>, budget: usize) -> FittedBlocks {
    let original: Vec<usize> = blocks.iter().map(|b| b.lines.len()).collect();
    let mut blocks = blocks;
    // Line costs counted once; the sum is checked against the exact count of the rendering below.
    let mut costs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|b| b.lines.iter().map(|l| count_tokens(l) + 1).collect())
        .collect();
    let frame = |b: &Block| count_tokens(&format!("<{0}>\n</{0}>\n", b.name));
    let estimate = |blocks: &[Block], costs: &[Vec<usize>]| -> usize {
        let body: usize = blocks
            .iter()
            .zip(costs)
            .filter(|(b, _)| !b.lines.is_empty())
            .map(|(b, c)| frame(b) + c.iter().sum::<usize>())
            .sum();
        if body == 0 {
            0
        } else {
            body + count_tokens("<memory>\n</memory>")
        }
    };
    let victim = |blocks: &[Block]| -> Option<usize> {
        blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.priority > 0 && !b.lines.is_empty())
            .max_by(|(i, a), (j, b)| a.priority.cmp(&b.priority).then(i.cmp(j)))
            .map(|(i, _)| i)
    };
    let mut over_budget = false;
    loop {
        let fits = estimate(&blocks, &costs) <= budget && count_tokens(&render(&blocks)) <= budget;
        if fits {
            break;
        }
        match victim(&blocks) {
            Some(i) => {
                blocks[i].lines.pop();
                costs[i].pop();
            }
            None => {
                over_budget = true;
                break;
            }
        }
    }
    let reports = blocks
        .iter()
        .zip(&original)
        .map(|(b, &n)| BlockReport {
            name: b.name.clone(),
            priority: b.priority,
            lines_kept: b.lines.len(),
            lines_dropped: n - b.lines.len(),
            tokens: if b.lines.is_empty() {
                0
            } else {
                count_tokens(&block_text(b))
            },
        })
        .collect();
    let text = render(&blocks);
    let tokens = count_tokens(&text);
    FittedBlocks {
        blocks: blocks.into_iter().filter(|b| !b.lines.is_empty()).collect(),
        reports,
        text,
        tokens,
        over_budget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(name: &str, priority: u32, n: usize) -> Block {
        Block {
            name: name.into(),
            priority,
            lines: (1..=n)
                .map(|i| format!("- {name} line number {i}"))
                .collect(),
        }
    }

    #[test]
    fn lowest_priority_goes_first_whole_lines_from_the_end() {
        let blocks = vec![
            block("persona", 0, 2),
            block("facts", 1, 4),
            block("graph", 2, 4),
            block("top", 3, 4),
        ];
        let all = fit(blocks.clone(), 10_000);
        assert_eq!(all.text, render(&blocks));
        assert!(all.reports.iter().all(|r| r.lines_dropped == 0) && !all.over_budget);
        // Just under the full size: one line of `top` (the largest number) goes, its last one.
        let fitted = fit(blocks.clone(), all.tokens - 1);
        let kept: Vec<usize> = fitted.reports.iter().map(|r| r.lines_kept).collect();
        assert_eq!(kept, [2, 4, 4, 3]);
        assert!(fitted.text.contains("- top line number 3\n</top>"));
        assert!(fitted.tokens < all.tokens);
        // Without `top` and half of `graph`: top is gone entirely (tags too) before graph is cut.
        let no_top = fit(blocks[..3].to_vec(), 10_000).tokens;
        let fitted = fit(blocks.clone(), no_top - 12);
        let kept: Vec<usize> = fitted.reports.iter().map(|r| r.lines_kept).collect();
        assert_eq!(kept[3], 0);
        assert!(kept[2] < 4 && kept[1] == 4 && kept[0] == 2, "{kept:?}");
        assert!(!fitted.text.contains("<top>"));
        assert!(fitted.tokens <= no_top - 12);
        // A budget below the priority-0 block keeps it whole and says so.
        let tiny = fit(blocks, 5);
        assert!(tiny.over_budget);
        assert_eq!(tiny.reports[0].lines_kept, 2);
        assert!(tiny.reports[1..].iter().all(|r| r.lines_kept == 0));
        // Equal priorities: the later block is cut first.
        let twins = vec![block("a", 1, 3), block("b", 1, 3)];
        let full = fit(twins.clone(), 10_000).tokens;
        let kept: Vec<usize> = fit(twins, full - 1)
            .reports
            .iter()
            .map(|r| r.lines_kept)
            .collect();
        assert_eq!(kept, [3, 2]);
        assert_eq!(render(&[]), "");
    }
}
