//! Lists of names in a sentence ("Smith and Jones", "Paris, London and Berlin", "Larry Page and
//! Sergey Brin"): a stated relation of one member holds for each member, and members of one list
//! are not related to each other by being listed. The pair scorer sees pairs one at a time, so it
//! relates only the member next to the verb ("Apple hired Smith and Jones": Smith) and pairs the
//! members with each other ("Ella related to Finn").

use crate::predicate::{is_prep, Arg};
use crate::relations::PairRelation;

/// Lists of consecutive args (index ranges, two members or more) of one type: names joined by
/// "and" or "&", or by commas with "and" before the last ("Paris, London and Berlin"; "Paris,
/// France" is no list). Dates are never members.
fn lists(lower: &[String], args: &[Arg]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        // Commas go on with the list; "and" takes its last member and ends it.
        let mut j = i;
        let mut closed = false;
        while j + 1 < args.len() {
            // "sister Jess and brother Tom" in chat: the relative before a name is no member.
            let next = if relative_arg(lower, args, j + 1) {
                j + 2
            } else {
                j + 1
            };
            let (a, b) = (args[j], args[next]);
            // Members are alike: "Anna lives in Paris and Ben in Rome" lists no Paris and Ben.
            if a.code == b'D' || b.code != a.code || b.start < a.end {
                break;
            }
            let gap: Vec<&str> = lower[a.end..args[j + 1].start]
                .iter()
                .map(String::as_str)
                .collect();
            // "my sister Georgia and brother Austin": people listed with what they are to someone.
            let kin =
                |w: &str| a.code == b'P' && crate::gazetteer::flags(w) & crate::gazetteer::KIN != 0;
            match gap.as_slice() {
                // "Anna or Ben" is one of them, no list to spread over.
                ["and" | "&"] | [",", "and" | "&"] => {
                    j = next;
                    closed = true;
                    break;
                }
                ["and" | "&", w] | [",", "and" | "&", w] if kin(w) => {
                    j = next;
                    closed = true;
                    break;
                }
                // "Springfield, Illinois": a place and its region, no two members.
                [","]
                    if !(a.code == b'L'
                        && b.code == b'L'
                        && lower[b.start..b.end]
                            .iter()
                            .all(|w| crate::gazetteer::is_region(w))
                        // Two regions side by side are members ("Algeria, Libya").
                        && !lower[a.start..a.end]
                            .iter()
                            .all(|w| crate::gazetteer::is_region(w))) =>
                {
                    j = next
                }
                [",", w] if kin(w) => j = next,
                _ => break,
            }
        }
        if closed {
            out.push((i, j));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the arg at `k` is a relative ("brother") right before the name of that relative, as
/// chat's mentions give "my brother Tom".
fn relative_arg(lower: &[String], args: &[Arg], k: usize) -> bool {
    args.get(k).is_some_and(|r| {
        r.code == b'P'
            && args
                .get(k + 1)
                .is_some_and(|n| n.code == b'P' && n.start == r.end)
            && lower[r.start..r.end]
                .last()
                .is_some_and(|w| crate::gazetteer::flags(w) & crate::gazetteer::KIN != 0)
    })
}

/// Whether the word at `k` opens a clause of its own after a list ("I met Ben and Carla met
/// Dan"): an auxiliary or a verb's past or third-person form.
fn verb_follows(lower: &[String], k: usize) -> bool {
    lower
        .get(k)
        .is_some_and(|w| crate::clause_words::finite_verb(w))
}

/// Spreads each stated relation of a list member to the other members, and drops relations
/// between members of one list. A list after the relation's other end must end its clause (no verb
/// of its own after it); a list before it must open its clause.
pub(crate) fn spread_over_lists(lower: &[String], args: &[Arg], out: &mut Vec<PairRelation>) {
    let found = lists(lower, args);
    if found.is_empty() {
        return;
    }
    let list_of = |k: usize| found.iter().find(|(a, b)| *a <= k && k <= *b).copied();
    out.retain(|r| !matches!((list_of(r.head), list_of(r.tail)), (Some(x), Some(y)) if x == y));
    // The scorer's unworded defaults are no statement to spread.
    // Nor is a bare preposition ("Anna works with Ben and Carla at Google": no Carla AT Google).
    let stated = |p: &str| !matches!(p, "related to" | "located in" | "based in") && !is_prep(p);
    let mut added: Vec<PairRelation> = Vec::new();
    for r in out.iter().filter(|r| stated(&r.predicate)) {
        for (member, other, member_is_head) in [(r.head, r.tail, true), (r.tail, r.head, false)] {
            let Some((a, b)) = list_of(member) else {
                continue;
            };
            if (a..=b).contains(&other) {
                continue;
            }
            let spreads = if other < a {
                // "Anna lives in Paris and Ben in Rome": a preposition and another name of the
                // list's type after it is a second clause with its verb left out.
                let gapped = args.get(b + 1).is_some_and(|n| {
                    n.code == args[b].code
                        && n.start == args[b].end + 1
                        && is_prep(&lower[args[b].end])
                });
                !verb_follows(lower, args[b].end) && !gapped
            } else {
                // "My sister Jess and brother Tom live in Paris": what the first is to the
                // speaker opens the clause before the list.
                let start = match args[a].start.checked_sub(2).map(|k| lower[k].as_str()) {
                    Some("my" | "our" | "your" | "his" | "her" | "their")
                        if crate::gazetteer::flags(&lower[args[a].start - 1])
                            & crate::gazetteer::KIN
                            != 0 =>
                    {
                        args[a].start - 2
                    }
                    _ => args[a].start,
                };
                let before = start.checked_sub(1).map(|k| lower[k].as_str());
                before.is_none_or(|w| {
                    matches!(
                        w,
                        "," | "and" | "but" | "when" | "while" | "after" | "before" | "because"
                    ) || !w.chars().any(char::is_alphanumeric)
                })
            };
            if !spreads {
                continue;
            }
            for m in (a..=b).filter(|&m| m != member && !relative_arg(lower, args, m)) {
                let (head, tail) = if member_is_head {
                    (m, other)
                } else {
                    (other, m)
                };
                added.push(PairRelation {
                    head,
                    tail,
                    predicate: r.predicate.clone(),
                    confidence: r.confidence,
                });
            }
        }
    }
    for r in added {
        let same = |x: &PairRelation| {
            (x.head == r.head && x.tail == r.tail) || (x.head == r.tail && x.tail == r.head)
        };
        match out.iter().position(same) {
            Some(k) if !stated(&out[k].predicate) => out[k] = r,
            Some(_) => {}
            None => out.push(r),
        }
    }
}
