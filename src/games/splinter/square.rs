//! The first look at a split: the 7 x 7 square around the emptied origin, as one word.
//!
//! Most pushes that leave the origin's neighbours in two or more clusters either join them again
//! by a short way round or cut off a piece or two near the origin. Both show inside the square,
//! where a flood step is a few operations on one word instead of a pass over the whole board.

use super::board::{Cell, CellSet, MAX_CLUSTERS, STRIDE};

/// Cells a side of the square.
const SIDE: usize = 7;
/// Bits a row of the square takes: seven cells and a bit that stays empty, so that a step east
/// or west off a row lands on it and never on the next row.
const ROW: usize = 8;
/// The bit of the square's centre, row 3 and column 3.
const CENTRE: usize = 3 * ROW + 3;
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

/// The occupied cells of the square centred on `cell`; cells off the padded board read empty.
pub fn square(cells: &CellSet, cell: Cell) -> u64 {
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
    (0..SIDE).fold(0, |square, row| {
        let (runs, shift) = if row < 4 { (low, row) } else { (high, row - 4) };
        square | (runs >> (shift * STRIDE) & columns) << (row * ROW)
    })
}

/// The square's bit steps for the directions N, NE, E, SE, S, SW, W, NW (as `board::STEPS`
/// are the board's): a row is `ROW` bits.
const SQUARE_STEPS: [isize; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

/// The square's cells next to those of `bits` (a step in any of the 8 directions), and theirs.
fn dilate(bits: u64) -> u64 {
    let row = bits | bits << 1 | bits >> 1;
    row | row << ROW | row >> ROW
}

/// What the square shows of the groups after a push, flooding each cluster of the origin's
/// neighbours inside it.
pub enum Look {
    /// The clusters join inside the square: the pieces stay one group.
    Joined,
    /// Two or more groups: `inside[..count]` (square bits) are whole groups within the square,
    /// and when `rest`, the pieces outside them form one more group.
    Split {
        inside: [u64; MAX_CLUSTERS],
        count: usize,
        rest: bool,
    },
    /// Two or more floods reach the rim and may join outside: only the whole board tells.
    Unsure,
}

/// Floods the `clusters` (ring patterns around the square's centre) inside the occupied cells
/// of `square`, side by side, one step each per round. Floods that meet merge. One that stops
/// growing is a whole group unless it touches the rim (then it is stuck: it may go on outside).
/// The look ends once at most one flood is neither whole nor merged, or none can grow.
pub fn look(square: u64, clusters: &[u8; MAX_CLUSTERS]) -> Look {
    let mut floods = [0u64; MAX_CLUSTERS];
    // Floods not merged into another, floods that may still grow, and stuck floods.
    let (mut live, mut stuck) = (0u8, 0u8);
    for (i, &cluster) in clusters.iter().enumerate().filter(|(_, c)| **c != 0) {
        floods[i] = (0..8)
            .filter(|d| cluster >> d & 1 == 1)
            .fold(0, |flood, d| {
                flood | 1 << (CENTRE as isize + SQUARE_STEPS[d])
            });
        live |= 1 << i;
    }
    let mut growing = live;
    while growing != 0 && (growing | stuck).count_ones() > 1 {
        let mut turn = growing;
        while turn != 0 {
            let i = turn.trailing_zeros() as usize;
            turn &= turn - 1;
            if growing >> i & 1 == 0 {
                continue;
            }
            let mut grown = dilate(floods[i]) & square;
            let mut others = (growing | stuck) & !(1 << i);
            while others != 0 {
                let j = others.trailing_zeros() as usize;
                others &= others - 1;
                if grown & floods[j] != 0 {
                    grown |= floods[j];
                    let gone = !(1 << j);
                    (live, growing, stuck) = (live & gone, growing & gone, stuck & gone);
                }
            }
            if grown == floods[i] {
                growing &= !(1 << i);
                if grown & RIM != 0 {
                    stuck |= 1 << i;
                }
            }
            floods[i] = grown;
        }
    }
    let open = growing | stuck;
    if live.count_ones() < 2 {
        return Look::Joined;
    }
    if open.count_ones() > 1 {
        return Look::Unsure;
    }
    let mut inside = [0; MAX_CLUSTERS];
    let mut count = 0;
    let mut whole = live & !open;
    while whole != 0 {
        inside[count] = floods[whole.trailing_zeros() as usize];
        whole &= whole - 1;
        count += 1;
    }
    Look::Split {
        inside,
        count,
        rest: open != 0,
    }
}

/// The board cells of square bits, for the square centred on `cell`.
pub fn cells(mut bits: u64, cell: Cell) -> CellSet {
    let mut set = CellSet::default();
    while bits != 0 {
        let bit = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        set.insert(cell + (bit / ROW) * STRIDE + bit % ROW - (3 * STRIDE + 3));
    }
    set
}

#[cfg(test)]
mod tests {
    use super::super::board::{
        FILES, RANKS, RING_CLUSTERS, cell_name, cell_of, on_board, scattered, step,
    };
    use super::super::groups::{groups_by_stepping, split};
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
            assert_eq!(square(&set, cell), expected, "{}", cell_name(cell));
        }
    }

    /// On blobs of 10 to 40 pieces grown at random from the board's corners, its edges and its
    /// middle, emptying any one piece's cell splits the rest as a search from neighbour to
    /// neighbour does, whether the square decides or the whole board.
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
        let (mut splits, mut checked, mut unsure) = (0, 0, 0);
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
                let clusters = &RING_CLUSTERS[after.ring(from) as usize];
                unsure += matches!(look(square(&after, from), clusters), Look::Unsure) as u32;
                match split(&after, from) {
                    Some(groups) => {
                        splits += 1;
                        assert_eq!(
                            groups.sets[..groups.count],
                            expected[..],
                            "{}",
                            cell_name(from)
                        );
                        let sizes: Vec<u32> = expected.iter().map(|g| g.len()).collect();
                        assert_eq!(groups.sizes[..groups.count], sizes[..]);
                    }
                    None => assert_eq!(expected.len(), 1, "{}", cell_name(from)),
                }
            }
        }
        assert!(splits > 1000, "{splits} splits of {checked}");
        assert!(unsure > 400, "{unsure} looks left to the whole board");
    }
}
