//! Board geometry: a 15 x 18 board in a padded mailbox, directions, square names, and the
//! grid operations on cell sets with the 3 x 3 ring test.

use crate::game::bitset::BitSet;

/// Files a..o.
pub const FILES: usize = 15;
/// Ranks 1..18.
pub const RANKS: usize = 18;
/// Squares on the board.
pub const SQUARES: usize = FILES * RANKS;
/// Width of the padded mailbox (one guard file each side).
pub const STRIDE: usize = FILES + 2;
/// Cells of the padded mailbox (one guard rank below and above).
pub const CELLS: usize = STRIDE * (RANKS + 2);

/// A padded cell index: `(rank + 1) * STRIDE + file + 1`. Increasing cell order is the
/// rulebook's square order (B3) on the board.
pub type Cell = usize;

/// Direction steps in cells: N, NE, E, SE, S, SW, W, NW.
pub const STEPS: [isize; 8] = [
    STRIDE as isize,
    STRIDE as isize + 1,
    1,
    1 - STRIDE as isize,
    -(STRIDE as isize),
    -(STRIDE as isize) - 1,
    -1,
    STRIDE as isize - 1,
];

/// The names of the directions, in [`STEPS`] order.
pub const DIRECTION_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The direction opposite to `dir`.
#[inline]
pub fn reverse(dir: usize) -> usize {
    (dir + 4) % 8
}

/// The cell one step from `cell` in direction `dir` (may be a guard cell).
#[inline]
pub fn step(cell: Cell, dir: usize) -> Cell {
    (cell as isize + STEPS[dir]) as Cell
}

/// Whether a cell is on the board (not a guard cell).
#[inline]
pub fn on_board(cell: Cell) -> bool {
    ON_BOARD.get(cell).copied().unwrap_or(false)
}

const fn build_on_board() -> [bool; CELLS] {
    let mut out = [false; CELLS];
    let mut r = 0;
    while r < RANKS {
        let mut f = 0;
        while f < FILES {
            out[(r + 1) * STRIDE + f + 1] = true;
            f += 1;
        }
        r += 1;
    }
    out
}

static ON_BOARD: [bool; CELLS] = build_on_board();

/// The cell of a square given by file and rank indices (0-based).
pub const fn cell_of(file: usize, rank: usize) -> Cell {
    (rank + 1) * STRIDE + file + 1
}

/// The square of a cell, `0..SQUARES` (rank by rank from `a1`).
pub const fn square_of(cell: Cell) -> usize {
    (cell / STRIDE - 1) * FILES + cell % STRIDE - 1
}

/// The square's name, `a1` .. `o18`.
pub fn cell_name(cell: Cell) -> String {
    let (rank, file) = (cell / STRIDE - 1, cell % STRIDE - 1);
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Parses a square name (`a`..`o`, then `1`..`18` without a leading zero).
pub fn parse_cell(text: &str) -> Option<Cell> {
    let bytes = text.as_bytes();
    let file = match bytes.first()? {
        f @ b'a'..=b'o' => (f - b'a') as usize,
        _ => return None,
    };
    let digits = &text[1..];
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    (1..=RANKS).contains(&rank).then(|| cell_of(file, rank - 1))
}

/// A set of cells.
pub type CellSet = BitSet<WORDS>;

const WORDS: usize = CELLS.div_ceil(64);

/// Grid operations on cell sets: shifts along the padded mailbox, dilation, ring patterns.
impl CellSet {
    /// The cells `k` (1..64) cells further on.
    #[inline]
    fn shifted_up(&self, k: u32) -> CellSet {
        BitSet(std::array::from_fn(|i| {
            let carry = if i > 0 { self.0[i - 1] >> (64 - k) } else { 0 };
            self.0[i] << k | carry
        }))
    }

    /// The cells `k` (1..64) cells back.
    #[inline]
    fn shifted_down(&self, k: u32) -> CellSet {
        BitSet(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS {
                self.0[i + 1] << (64 - k)
            } else {
                0
            };
            self.0[i] >> k | carry
        }))
    }

    /// The cells one step in direction `dir` from a cell of the set (guard cells included).
    #[inline]
    fn stepped(&self, dir: usize) -> CellSet {
        match STEPS[dir] {
            k if k > 0 => self.shifted_up(k as u32),
            k => self.shifted_down(k.unsigned_abs() as u32),
        }
    }

    /// The cells with at least two of their 8 neighbours in the set (counting by bit planes:
    /// a cell is in `ones` once some neighbour is, and in `twos` once a second one is).
    #[inline]
    pub fn with_two_neighbours(&self) -> CellSet {
        let (mut ones, mut twos) = (CellSet::default(), CellSet::default());
        for dir in 0..STEPS.len() {
            let next = self.stepped(dir);
            twos = twos.union(&ones.intersection(&next));
            ones = ones.union(&next);
        }
        twos
    }

    /// The set grown by one step in all 8 directions: a spread along the rank, then along the file.
    #[inline]
    pub fn dilate(&self) -> CellSet {
        let row = self.union(&self.shifted_up(1)).union(&self.shifted_down(1));
        row.union(&row.shifted_up(STRIDE as u32))
            .union(&row.shifted_down(STRIDE as u32))
    }

    /// The 8 neighbours of `cell` in this set as a ring pattern: bit `d` for direction `d`.
    /// The 3 x 3 square around it is read as three runs of three cells, south to north, from
    /// one word of the set.
    #[inline]
    pub fn ring(&self, cell: Cell) -> u8 {
        let runs = self.bits_at(cell - STRIDE - 1, 2 * STRIDE as u32 + 3);
        let square = runs & 7 | (runs >> STRIDE & 7) << 3 | (runs >> (2 * STRIDE) & 7) << 6;
        RING_OF_SQUARE[square as usize]
    }
}

/// `RING_OF_SQUARE[s]`: the ring pattern of a 3 x 3 square read as nine bits, west to east
/// within a run and the runs south to north (the centre, bit 4, is not in the ring).
static RING_OF_SQUARE: [u8; 512] = {
    // The square's bit for each direction N, NE, E, SE, S, SW, W, NW.
    const BIT_OF_DIRECTION: [usize; 8] = [7, 8, 5, 2, 1, 0, 3, 6];
    let mut table = [0; 512];
    let mut square = 0;
    while square < 512 {
        let mut dir = 0;
        while dir < 8 {
            table[square] |= ((square >> BIT_OF_DIRECTION[dir] & 1) as u8) << dir;
            dir += 1;
        }
        square += 1;
    }
    table
};

/// The most clusters a ring can hold: the four diagonal cells touch none of each other.
pub const MAX_CLUSTERS: usize = 4;

const fn ring_clusters(pattern: u8) -> [u8; MAX_CLUSTERS] {
    // Ring cells d and e touch (8-connectivity) when they are next to each other around the
    // ring, or both orthogonal and two apart (N and E touch at a corner).
    let mut seen = 0u8;
    let mut clusters = [0u8; MAX_CLUSTERS];
    let mut count = 0;
    let mut start = 0;
    while start < 8 {
        if pattern >> start & 1 == 1 && seen >> start & 1 == 0 {
            let mut stack = 1u8 << start;
            seen |= 1 << start;
            while stack != 0 {
                let d = stack.trailing_zeros() as usize;
                stack &= !(1 << d);
                clusters[count] |= 1 << d;
                let mut e = 0;
                while e < 8 {
                    let gap = (d + 8 - e) % 8;
                    let touch = gap == 1 || gap == 7 || ((gap == 2 || gap == 6) && d & 1 == 0);
                    if touch && pattern >> e & 1 == 1 && seen >> e & 1 == 0 {
                        seen |= 1 << e;
                        stack |= 1 << e;
                    }
                    e += 1;
                }
            }
            count += 1;
        }
        start += 1;
    }
    clusters
}

const fn build_ring_table() -> [[u8; MAX_CLUSTERS]; 256] {
    let mut out = [[0; MAX_CLUSTERS]; 256];
    let mut p = 0;
    while p < 256 {
        out[p] = ring_clusters(p as u8);
        p += 1;
    }
    out
}

/// The board's cells on its edge: those with a guard cell among their neighbours.
pub static RIM: CellSet = build_rim();

const fn build_rim() -> CellSet {
    let mut words = [0u64; WORDS];
    let mut r = 0;
    while r < RANKS {
        let mut f = 0;
        while f < FILES {
            if r == 0 || f == 0 || r == RANKS - 1 || f == FILES - 1 {
                let cell = cell_of(f, r);
                words[cell / 64] |= 1 << (cell % 64);
            }
            f += 1;
        }
        r += 1;
    }
    BitSet(words)
}

/// The 8-connected clusters that the occupied cells of a ring pattern form among themselves,
/// each as a ring pattern, in the order of their lowest directions; unused entries are 0.
pub static RING_CLUSTERS: [[u8; MAX_CLUSTERS]; 256] = build_ring_table();

/// How many clusters each ring pattern holds (the used entries of [`RING_CLUSTERS`]): emptying
/// a cell can split the pieces only where its ring holds two or more.
pub static RING_CLUSTER_COUNT: [u8; 256] = {
    let mut out = [0; 256];
    let mut p = 0;
    while p < 256 {
        let mut k = 0;
        while k < MAX_CLUSTERS {
            out[p] += (RING_CLUSTERS[p][k] != 0) as u8;
            k += 1;
        }
        p += 1;
    }
    out
};

/// A set holding each cell of the board with chance one in `one_in`, drawn from `seed`.
#[cfg(test)]
pub(super) fn scattered(seed: u64, one_in: u32) -> CellSet {
    use rand::{RngExt as _, SeedableRng as _};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut set = CellSet::default();
    for cell in (0..CELLS).filter(|&c| on_board(c)) {
        if rng.random_range(0..one_in) == 0 {
            set.insert(cell);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_matches_b3() {
        let mut previous = 0;
        for rank in 0..RANKS {
            for file in 0..FILES {
                let cell = cell_of(file, rank);
                assert!(cell > previous || cell == cell_of(0, 0));
                previous = cell;
                assert_eq!(parse_cell(&cell_name(cell)), Some(cell));
            }
        }
        assert_eq!(cell_name(cell_of(14, 17)), "o18");
        for bad in ["p1", "a0", "a19", "a01", "A1", "a", "a1x"] {
            assert_eq!(parse_cell(bad), None, "{bad}");
        }
    }

    #[test]
    fn dilation_reaches_the_eight_neighbours_only() {
        let centre = cell_of(7, 9);
        let mut set = CellSet::default();
        set.insert(centre);
        let grown = set.dilate();
        assert_eq!(grown.len(), 9);
        for dir in 0..8 {
            assert!(grown.has(step(centre, dir)));
        }
        let mut corner = CellSet::default();
        corner.insert(cell_of(0, 0));
        assert_eq!(corner.dilate().iter().filter(|&c| on_board(c)).count(), 4);
    }

    /// The set operations agree with counting each cell's neighbours step by step.
    #[test]
    fn rim_and_two_neighbours_agree_with_stepping() {
        let set = scattered(3, 3);
        let crowded = set.with_two_neighbours();
        for cell in (0..CELLS).filter(|&c| on_board(c)) {
            let neighbours = (0..8).filter(|&d| set.has(step(cell, d))).count();
            assert_eq!(crowded.has(cell), neighbours >= 2, "{}", cell_name(cell));
            let edge = (0..8).any(|d| !on_board(step(cell, d)));
            assert_eq!(RIM.has(cell), edge, "{}", cell_name(cell));
        }
        assert_eq!(RIM.len() as usize, 2 * (FILES + RANKS) - 4);
    }

    /// The ring read from the 3 x 3 square agrees with looking at each neighbour.
    #[test]
    fn ring_agrees_with_stepping() {
        let set = scattered(4, 2);
        for cell in (0..CELLS).filter(|&c| on_board(c)) {
            let stepped = (0..8).fold(0, |ring, d| ring | (set.has(step(cell, d)) as u8) << d);
            assert_eq!(set.ring(cell), stepped, "{}", cell_name(cell));
        }
    }

    #[test]
    fn ring_clusters_examples() {
        assert_eq!(RING_CLUSTERS[0], [0; 4]);
        assert_eq!(
            RING_CLUSTERS[0b0000_0101],
            [0b101, 0, 0, 0],
            "N and E touch at a corner"
        );
        assert_eq!(
            RING_CLUSTERS[0b0001_0001],
            [1, 0b1_0000, 0, 0],
            "N and S do not"
        );
        assert_eq!(
            RING_CLUSTERS[0b0000_1010],
            [0b10, 0b1000, 0, 0],
            "NE and SE do not"
        );
        assert_eq!(RING_CLUSTERS[0b0000_1110], [0b1110, 0, 0, 0], "NE, E, SE");
        assert_eq!(
            RING_CLUSTERS[0b1010_1010],
            [2, 8, 32, 128],
            "the four diagonals"
        );
        assert_eq!(RING_CLUSTERS[0xFF], [0xFF, 0, 0, 0]);
        for (pattern, clusters) in RING_CLUSTERS.iter().enumerate() {
            let union = clusters.iter().fold(0, |all, &c| all | c);
            assert_eq!(union as usize, pattern, "the clusters cover the ring");
            assert_eq!(
                clusters.iter().map(|c| c.count_ones()).sum::<u32>(),
                pattern.count_ones()
            );
            let used = clusters.iter().filter(|&&c| c != 0).count();
            assert_eq!(
                RING_CLUSTER_COUNT[pattern] as usize, used,
                "{pattern:#010b}"
            );
        }
        assert_eq!(RING_CLUSTER_COUNT[0b1010_1010], 4);
    }
}
