//! A fact's supporting episodes (slot and the confidence each stated), sorted by the caller, and
//! the fact's confidence, the highest of theirs. Most facts have exactly one support, kept inline
//! (its confidence is the fact's); more spill to a box that also keeps their highest confidence.
//! 16 bytes with a niche, so a fact record is 24 and a petgraph edge slot (`Option<FactRec>` and
//! its links) 40 bytes; a separate confidence field made them 32 and 48, a `SmallVec<[_; 1]>` 64.

use std::ops::Deref;

use crate::handles::Slot;

/// One support: the episode's slot and the confidence it stated.
pub(crate) type Support = (Slot, f32);

#[derive(Debug)]
pub(crate) enum Supports {
    Empty,
    One(Support),
    Many(Box<Spilled>),
}

/// Two or more supports and the highest confidence among them.
#[derive(Debug)]
pub(crate) struct Spilled {
    max: f32,
    list: Vec<Support>,
}

/// The highest confidence of `list` (0 for none).
fn highest(list: &[Support]) -> f32 {
    list.iter().map(|s| s.1).fold(0.0, f32::max)
}

impl Supports {
    pub fn one(s: Support) -> Supports {
        Supports::One(s)
    }

    /// The fact's confidence: the highest its supports stated (0 with none).
    pub fn confidence(&self) -> f32 {
        match self {
            Supports::Empty => 0.0,
            Supports::One(s) => s.1,
            Supports::Many(m) => m.max,
        }
    }

    pub fn insert(&mut self, pos: usize, s: Support) {
        match self {
            Supports::Empty => *self = Supports::One(s),
            Supports::One(first) => {
                let mut list = Vec::with_capacity(2);
                list.push(*first);
                list.insert(pos.min(1), s);
                let max = highest(&list);
                *self = Supports::Many(Box::new(Spilled { max, list }));
            }
            Supports::Many(m) => {
                m.list.insert(pos, s);
                m.max = m.max.max(s.1);
            }
        }
    }

    /// Raises the confidence episode `slot` stated to `confidence` when that is higher (an
    /// episode stating the fact twice keeps the higher one).
    pub fn raise(&mut self, slot: Slot, confidence: f32) {
        match self {
            Supports::Empty => {}
            Supports::One(s) => {
                if s.0 == slot {
                    s.1 = s.1.max(confidence);
                }
            }
            Supports::Many(m) => {
                for s in m.list.iter_mut().filter(|s| s.0 == slot) {
                    s.1 = s.1.max(confidence);
                    m.max = m.max.max(s.1);
                }
            }
        }
    }

    /// Keeps the supports `keep` accepts; back inline once one is left.
    pub fn retain(&mut self, keep: impl FnMut(&Support) -> bool) {
        match self {
            Supports::Empty => {}
            Supports::One(s) => {
                let mut keep = keep;
                if !keep(s) {
                    *self = Supports::Empty;
                }
            }
            Supports::Many(m) => {
                m.list.retain(keep);
                match m.list.len() {
                    0 => *self = Supports::Empty,
                    1 => *self = Supports::One(m.list[0]),
                    _ => m.max = highest(&m.list),
                }
            }
        }
    }

    /// Heap bytes held beyond the inline case (for the footprint report): the box and the list.
    pub fn heap_allocations(&self) -> [usize; 2] {
        match self {
            Supports::Many(m) => [
                std::mem::size_of::<Spilled>(),
                m.list.capacity() * std::mem::size_of::<Support>(),
            ],
            _ => [0, 0],
        }
    }
}

impl Deref for Supports {
    type Target = [Support];

    fn deref(&self) -> &[Support] {
        match self {
            Supports::Empty => &[],
            Supports::One(s) => std::slice::from_ref(s),
            Supports::Many(m) => &m.list,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supports_spill_and_come_back_inline() {
        let mut s = Supports::one((5, 0.5));
        s.insert(0, (3, 0.3));
        s.insert(2, (9, 0.9));
        assert_eq!(&*s, &[(3, 0.3), (5, 0.5), (9, 0.9)]);
        s.raise(3, 1.0);
        s.raise(5, 0.1);
        assert_eq!(&*s, &[(3, 1.0), (5, 0.5), (9, 0.9)]);
        s.retain(|x| x.0 != 5);
        assert_eq!(&*s, &[(3, 1.0), (9, 0.9)]);
        s.retain(|x| x.0 == 9);
        assert!(matches!(s, Supports::One((9, _))));
        s.retain(|_| false);
        assert!(s.is_empty());
        s.insert(0, (1, 0.1));
        assert_eq!(&*s, &[(1, 0.1)]);
        assert_eq!(std::mem::size_of::<Option<crate::records::FactRec>>(), 24);
    }

    #[test]
    fn the_confidence_is_the_highest_support() {
        let mut s = Supports::Empty;
        assert_eq!(s.confidence(), 0.0);
        s.insert(0, (1, 0.4));
        assert_eq!(s.confidence(), 0.4);
        s.insert(1, (2, 0.9));
        s.insert(2, (3, 0.6));
        assert_eq!(s.confidence(), 0.9);
        // Removing the highest lowers it; raising another lifts it.
        s.retain(|x| x.0 != 2);
        assert_eq!(s.confidence(), 0.6);
        s.raise(1, 0.95);
        assert_eq!(s.confidence(), 0.95);
        s.retain(|x| x.0 == 3);
        assert_eq!(s.confidence(), 0.6);
        s.raise(3, 0.7);
        assert_eq!(s.confidence(), 0.7);
    }
}
