//! A fixed-size set of small indices (cells, squares), for boards wider than 64 cells.

/// A set of indices below `64 * WORDS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitSet<const WORDS: usize>(pub [u64; WORDS]);

impl<const WORDS: usize> Default for BitSet<WORDS> {
    fn default() -> Self {
        BitSet([0; WORDS])
    }
}

impl<const WORDS: usize> BitSet<WORDS> {
    /// Whether the set holds `index`.
    #[inline]
    pub fn has(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    /// Adds an index.
    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// Removes an index.
    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of indices.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest index, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|&(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The indices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// The indices of this set that are not in `other`.
    #[inline]
    pub fn minus(&self, other: &Self) -> Self {
        BitSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The union of two sets.
    #[inline]
    pub fn union(&self, other: &Self) -> Self {
        BitSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The common indices of two sets.
    #[inline]
    pub fn intersection(&self, other: &Self) -> Self {
        BitSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_across_words() {
        let mut a = BitSet::<3>::default();
        for i in [0, 63, 64, 130] {
            a.insert(i);
        }
        assert_eq!(a.len(), 4);
        assert_eq!(a.iter().collect::<Vec<_>>(), [0, 63, 64, 130]);
        let mut b = BitSet::<3>::default();
        b.insert(64);
        assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), [0, 63, 130]);
        assert_eq!(a.intersection(&b), b);
        a.remove(0);
        assert_eq!(a.first(), Some(63));
        assert!(BitSet::<3>::default().is_empty());
    }
}
