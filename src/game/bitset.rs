//! A fixed-size set of small indices (cells, squares), for boards wider than 64 cells.

/// A set of indices below `64 * WORDS`.
#[derive(Clone, Copy, Debug, Eq)]
pub struct BitSet<const WORDS: usize>(pub [u64; WORDS]);

/// Hashes the words, as equality compares them.
impl<const WORDS: usize> std::hash::Hash for BitSet<WORDS> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Equal when every word is: the words' differences folded together, with no early exit and no
/// call to `memcmp` (which the derived comparison of a `[u64; WORDS]` makes, and which cost
/// Splinter's move generation a fifth of its time in its flood fills).
impl<const WORDS: usize> PartialEq for BitSet<WORDS> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |differ, (a, b)| differ | (a ^ b))
            == 0
    }
}

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
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, &w| any | w) == 0
    }

    /// The number of indices.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The `n` (below 64) indices from `start` on, as the low bits of a word (bit `i` for
    /// `start + i`); indices past the set's end read as absent.
    #[inline]
    pub fn bits_at(&self, start: usize, n: u32) -> u64 {
        let (word, shift) = (start / 64, (start % 64) as u32);
        let next = self.0.get(word + 1).copied().unwrap_or(0);
        let high = next.checked_shl(64 - shift).unwrap_or(0);
        (self.0[word] >> shift | high) & ((1 << n) - 1)
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

/// The position of the `n`th lowest set bit of `bits` (`n` counts from 0 and must be below
/// `bits.count_ones()`), without branches: the byte holding it from the bytes' running
/// counts, then the bit from a table.
#[inline]
pub fn nth_set_bit(bits: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    debug_assert!(n < bits.count_ones(), "nth_set_bit past the last bit");
    let pairs = bits - (bits >> 1 & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i holds the count of set bits in bytes 0..=i (at most 64, so below 0x80).
    let running = bytes.wrapping_mul(ONES);
    // The high bit of byte i is set where that count is at most n: those bytes lie below.
    let below = ((((n as u64 * ONES) | HIGHS) - running) & HIGHS).count_ones();
    let shift = 8 * below;
    let before = ((running << 8) >> shift) as u8 as u32;
    let byte = (bits >> shift & 0xff) as usize;
    shift + SELECT_IN_BYTE[byte][(n - before) as usize] as u32
}

/// `SELECT_IN_BYTE[b][n]`: the position of the `n`th lowest set bit of the byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut found) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_at_reads_across_words_and_past_the_end() {
        let mut set = BitSet::<2>::default();
        for index in [0, 3, 62, 63, 64, 66, 127] {
            set.insert(index);
        }
        for start in 0..128 {
            for n in [1, 3, 9] {
                let expected = (0..n as usize)
                    .filter(|&i| start + i < 128 && set.has(start + i))
                    .fold(0, |bits, i| bits | 1 << i);
                assert_eq!(set.bits_at(start, n), expected, "{start} {n}");
            }
        }
    }

    #[test]
    fn nth_set_bit_agrees_with_clearing_the_lowest_bits() {
        let mut bits: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200 {
            let mut rest = bits;
            for n in 0..bits.count_ones() {
                assert_eq!(nth_set_bit(bits, n), rest.trailing_zeros(), "{bits:#x} {n}");
                rest &= rest - 1;
            }
            bits = bits.rotate_left(7) ^ bits.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 3;
        }
        assert_eq!(nth_set_bit(1 << 63, 0), 63);
    }

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
