//! The first look at a split: the 7 x 7 square around the emptied origin, as one word.
//!
//! Most pushes that leave the origin's neighbours in two or more clusters either join them again
//! by a short way round or cut off a piece or two near the origin. Both show inside the square,
//! where a flood step is a few operations on one word instead of a pass over the whole board.

use super::board::{Cell, CellSet, MAX_CLUSTERS, RING_CLUSTERS, STRIDE};
use super::flood::Area;

/// Cells a side of the square.
const SIDE: usize = 7;
/// Bits a row of the square takes: seven cells and a bit that stays empty, so that a step east
/// or west off a row lands on it and never on the next row.
const ROW: usize = 8;
/// The bit of the square's centre, row 3 and column 3.
const CENTRE: usize = 3 * ROW + 3;
/// The square's bit steps for the directions N, NE, E, SE, S, SW, W, NW (as `board::STEPS`
/// are the board's): a row is `ROW` bits.
const SQUARE_STEPS: [isize; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

/// The occupied cells of a square, or a flood's in it, as bits.
#[derive(Clone, Copy, PartialEq)]
pub struct Square(pub u64);

/// The square's rim: a flood that reaches it may go on outside.
const RIM: u64 = {
    let mut rim = 0;
    let mut i = 0;
    while i < SIDE {
        rim |= 1 << i | 1 << ((SIDE - 1) * ROW + i) | 1 << (i * ROW) | 1 << (i * ROW + SIDE - 1);
        i += 1;
    }
    rim
};

impl Area for Square {
    fn grown_within(&self, cells: &Self) -> Self {
        let row = self.0 | self.0 << 1 | self.0 >> 1;
        Square((row | row << ROW | row >> ROW) & cells.0)
    }

    fn meets(&self, other: &Self) -> bool {
        self.0 & other.0 != 0
    }

    fn with(&self, other: &Self) -> Self {
        Square(self.0 | other.0)
    }

    fn at_rim(&self) -> bool {
        self.0 & RIM != 0
    }
}

/// `SEEDS[ring]`: the cells of each cluster of the ring pattern, around the square's centre.
static SEEDS: [[u64; MAX_CLUSTERS]; 256] = {
    let mut table = [[0; MAX_CLUSTERS]; 256];
    let mut ring = 0;
    while ring < 256 {
        let mut k = 0;
        while k < MAX_CLUSTERS {
            let mut d = 0;
            while d < 8 {
                if RING_CLUSTERS[ring][k] >> d & 1 == 1 {
                    table[ring][k] |= 1 << (CENTRE as isize + SQUARE_STEPS[d]);
                }
                d += 1;
            }
            k += 1;
        }
        ring += 1;
    }
    table
};

impl Square {
    /// The floods' seeds: the cells of each cluster of `ring`, the occupied neighbours of the
    /// square's centre (bit `d` for direction `d`).
    pub fn seeds(ring: u8) -> [Square; MAX_CLUSTERS] {
        SEEDS[ring as usize].map(Square)
    }

    /// The board cells of the square centred on `cell`.
    pub fn cells(self, cell: Cell) -> CellSet {
        let (mut bits, mut set) = (self.0, CellSet::default());
        while bits != 0 {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            set.insert(cell + (bit / ROW) * STRIDE + bit % ROW - (3 * STRIDE + 3));
        }
        set
    }
}

/// The occupied cells of the square centred on `cell`; cells off the padded board read empty.
pub fn square(cells: &CellSet, cell: Cell) -> Square {
    let column = cell % STRIDE;
    // Columns of the square that fall outside the padded board's 17 would wrap onto the next
    // or previous rank.
    let columns = (0..SIDE)
        .filter(|&c| (3..STRIDE + 3).contains(&(column + c)))
        .fold(0u64, |mask, c| mask | 1 << c);
    // Rows 0 to 3 from one word, 4 to 6 from another; below the first cell reads empty.
    let first = cell as isize - (3 * STRIDE + 3) as isize;
    let low = match first {
        0.. => cells.bits_at(first as usize, 3 * STRIDE as u32 + 7),
        _ => cells.bits_at(0, (3 * STRIDE as isize + 7 + first) as u32) << -first,
    };
    let high = cells.bits_at(
        (first + 4 * STRIDE as isize) as usize,
        2 * STRIDE as u32 + 7,
    );
    Square((0..SIDE).fold(0, |square, row| {
        let (runs, shift) = if row < 4 { (low, row) } else { (high, row - 4) };
        square | (runs >> (shift * STRIDE) & columns) << (row * ROW)
    }))
}

#[cfg(test)]
mod tests {
    use super::super::board::{
        FILES, RANKS, RING_CLUSTER_COUNT, cell_name, cell_of, on_board, scattered, step,
    };
    use super::super::flood::{Flooded, flood};
    use super::super::groups::{groups_by_stepping, split, split_tied};
    use super::*;
    use rand::{RngExt as _, SeedableRng as _};

    /// The square read from the set agrees with looking up each cell, the board's edges and
    /// corners included (off the board reads empty).
    #[test]
    fn the_square_agrees_with_looking_up_each_cell() {
        let set = scattered(5, 2);
        for (file, rank) in (0..FILES).flat_map(|f| (0..RANKS).map(move |r| (f, r))) {
            let cell = cell_of(file, rank);
            let mut expected = 0u64;
            for (row, column) in (0..SIDE).flat_map(|r| (0..SIDE).map(move |c| (r, c))) {
                let (f, r) = (
                    (file + column).wrapping_sub(3),
                    (rank + row).wrapping_sub(3),
                );
                if f < FILES && r < RANKS && set.has(cell_of(f, r)) {
                    expected |= 1 << (row * ROW + column);
                }
            }
            assert_eq!(square(&set, cell).0, expected, "{}", cell_name(cell));
        }
    }

    /// On blobs of 10 to 40 pieces grown at random from the board's corners, its edges and its
    /// middle, emptying any one piece's cell splits the rest as a search from neighbour to
    /// neighbour does, whether the square decides or the whole board; and the sizes alone
    /// (`split_tied`) tell the ties that search finds.
    #[test]
    fn splits_agree_with_stepping_at_the_edges() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(6);
        let starts = [
            (0, 0),
            (14, 0),
            (0, 17),
            (14, 17),
            (7, 0),
            (0, 9),
            (14, 9),
            (7, 17),
            (7, 9),
        ];
        let (mut splits, mut checked, mut unsure, mut ties) = (0, 0, 0, 0);
        for round in 0..200 {
            let (file, rank) = starts[round % starts.len()];
            let mut blob = CellSet::default();
            let (mut last, mut dir) = (cell_of(file, rank), 0);
            blob.insert(last);
            let size = rng.random_range(10..=40);
            // Mostly a walk on from the last piece, often straight on (thin lines, which split
            // into long parts), sometimes from any piece (branches).
            while blob.len() < size {
                let from = match rng.random_range(0..4) {
                    0 => blob
                        .iter()
                        .nth(rng.random_range(0..blob.len() as usize))
                        .unwrap(),
                    _ => last,
                };
                if rng.random_range(0..3) == 0 {
                    dir = rng.random_range(0..8);
                }
                let next = step(from, dir);
                if on_board(next) {
                    blob.insert(next);
                    last = next;
                } else {
                    dir = (dir + 3) % 8;
                }
            }
            for from in blob.iter() {
                let mut after = blob;
                after.remove(from);
                let expected = groups_by_stepping(&after);
                checked += 1;
                let ring = after.ring(from);
                let seeded = RING_CLUSTER_COUNT[ring as usize] as usize;
                let look = flood(Square::seeds(ring), seeded, &square(&after, from));
                unsure += matches!(look, Flooded::Unsure) as u32;
                let sizes: Vec<u32> = expected.iter().map(|g| g.len()).collect();
                let largest = sizes.iter().copied().max().unwrap_or(0);
                let tied = sizes.iter().filter(|&&n| n == largest).count() > 1;
                let parts = expected.len() > 1;
                assert_eq!(split_tied(&after, from), parts.then_some(tied));
                ties += (parts && tied) as u32;
                match split(&after, from) {
                    Some(groups) => {
                        splits += 1;
                        assert_eq!(
                            groups.sets[..groups.count],
                            expected[..],
                            "{}",
                            cell_name(from)
                        );
                        assert_eq!(groups.sizes[..groups.count], sizes[..]);
                    }
                    None => assert_eq!(expected.len(), 1, "{}", cell_name(from)),
                }
            }
        }
        assert!(splits > 1000, "{splits} splits of {checked}");
        assert!(unsure > 400, "{unsure} looks left to the whole board");
        assert!(ties >= 10, "{ties} splits into groups tied for the largest");
    }
}
