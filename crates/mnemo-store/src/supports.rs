//! A fact's supporting episodes (slot and the confidence each stated), sorted by the caller. Most
//! facts have exactly one, kept inline; more spill to a boxed `Vec`. 16 bytes with a niche, so a
//! petgraph edge slot (`Option<FactRec>`) stays 48 bytes; a `SmallVec<[_; 1]>` made it 64.

use std::ops::{Deref, DerefMut};

use crate::handles::Slot;

/// One support: the episode's slot and the confidence it stated.
pub(crate) type Support = (Slot, f32);

#[derive(Debug)]
pub(crate) enum Supports {
    Empty,
    One(Support),
    // Boxed on purpose: a bare Vec would make every fact 8 bytes bigger for the rare spilled case.
    #[allow(clippy::box_collection)]
    Many(Box<Vec<Support>>),
}

impl Supports {
    pub fn one(s: Support) -> Supports {
        Supports::One(s)
    }

    pub fn insert(&mut self, pos: usize, s: Support) {
        match self {
            Supports::Empty => *self = Supports::One(s),
            Supports::One(first) => {
                let mut v = Vec::with_capacity(2);
                v.push(*first);
                v.insert(pos.min(1), s);
                *self = Supports::Many(Box::new(v));
            }
            Supports::Many(v) => v.insert(pos, s),
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
            Supports::Many(v) => {
                v.retain(keep);
                match v.len() {
                    0 => *self = Supports::Empty,
                    1 => *self = Supports::One(v[0]),
                    _ => {}
                }
            }
        }
    }

    /// Heap bytes held beyond the inline case (for the footprint report).
    pub fn heap_capacity(&self) -> usize {
        match self {
            Supports::Many(v) => v.capacity(),
            _ => 0,
        }
    }
}

impl Deref for Supports {
    type Target = [Support];

    fn deref(&self) -> &[Support] {
        match self {
            Supports::Empty => &[],
            Supports::One(s) => std::slice::from_ref(s),
            Supports::Many(v) => v,
        }
    }
}

impl DerefMut for Supports {
    fn deref_mut(&mut self) -> &mut [Support] {
        match self {
            Supports::Empty => &mut [],
            Supports::One(s) => std::slice::from_mut(s),
            Supports::Many(v) => v,
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
        s.iter_mut().for_each(|x| x.1 = 1.0);
        s.retain(|x| x.0 != 5);
        assert_eq!(&*s, &[(3, 1.0), (9, 1.0)]);
        s.retain(|x| x.0 == 9);
        assert!(matches!(s, Supports::One((9, _))));
        s.retain(|_| false);
        assert!(s.is_empty());
        s.insert(0, (1, 0.1));
        assert_eq!(&*s, &[(1, 0.1)]);
        assert_eq!(std::mem::size_of::<Option<crate::records::FactRec>>(), 32);
    }
}
