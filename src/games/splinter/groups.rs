//! Groups: the 8-connected parts of the pieces (R5), and which one stays (R6).

use super::board::{Cell, CellSet, MAX_CLUSTERS, RING_CLUSTER_COUNT, RING_CLUSTERS, step};
use super::flood::{Flooded, flood};
use super::square::{Square, square};

/// The groups a push splits the pieces into, in the order of their first cells.
pub struct Groups {
    /// How many groups there are.
    pub count: usize,
    /// Each group's cells.
    pub sets: [CellSet; MAX_CLUSTERS],
    /// Each group's size.
    pub sizes: [u32; MAX_CLUSTERS],
}

impl Groups {
    /// The size of the largest groups.
    pub fn largest(&self) -> u32 {
        self.sizes[..self.count].iter().copied().max().unwrap_or(0)
    }

    /// The first cells (B3 order) of the groups tied for the largest size, when two or more tie.
    pub fn tied_firsts(&self) -> impl Iterator<Item = Cell> + '_ {
        let largest = self.largest();
        let tied = tied_for_largest(&self.sizes[..self.count]);
        (0..self.count)
            .filter(move |&i| tied && self.sizes[i] == largest)
            .map(|i| self.sets[i].first().expect("groups are not empty"))
    }

    /// The group that stays: the one whose first cell is `choice`, or the unique largest.
    pub fn kept(&self, choice: Option<Cell>) -> CellSet {
        let largest = self.largest();
        let index = (0..self.count)
            .find(|&i| match choice {
                Some(first) => self.sets[i].first() == Some(first),
                None => self.sizes[i] == largest,
            })
            .expect("a legal move names an existing group");
        self.sets[index]
    }
}

/// Whether all `targets` (cells of `cells`) lie in one group of `cells`: a flood from one of
/// them, grown until it holds them all or stops growing.
pub fn joined(cells: &CellSet, targets: &CellSet) -> bool {
    let Some(seed) = targets.first() else {
        return true;
    };
    let mut reached = CellSet::default();
    reached.insert(seed);
    loop {
        if targets.minus(&reached).is_empty() {
            return true;
        }
        let grown = reached.dilate().intersection(cells);
        if grown == reached {
            return false;
        }
        reached = grown;
    }
}

/// The whole groups that the floods found after a push, in the area that decided, and whether
/// the pieces outside them form one more group.
enum Found {
    /// Found in the 7 x 7 square around the origin.
    Square {
        whole: [Square; MAX_CLUSTERS],
        count: usize,
        rest: bool,
    },
    /// Found on the whole board.
    Board {
        whole: [CellSet; MAX_CLUSTERS],
        count: usize,
        rest: bool,
    },
}

/// Floods the clusters around `from` in `after` (see [`split`]); `None` when the pieces stay
/// one group.
fn find(after: &CellSet, from: Cell) -> Option<Found> {
    let ring = after.ring(from);
    if !may_split(ring) {
        return None;
    }
    let seeded = RING_CLUSTER_COUNT[ring as usize] as usize;
    match flood(Square::seeds(ring), seeded, &square(after, from)) {
        Flooded::Joined => None,
        Flooded::Split { whole, count, rest } => Some(Found::Square { whole, count, rest }),
        Flooded::Unsure => match flood(board_seeds(ring, from), seeded, after) {
            Flooded::Joined => None,
            Flooded::Split { whole, count, rest } => Some(Found::Board { whole, count, rest }),
            Flooded::Unsure => unreachable!("the whole board has no rim"),
        },
    }
}

/// The groups of `after`, the occupancy after a push from `from` out of a position whose pieces
/// formed one group, when there are two or more; `None` when the pieces stay one group.
///
/// Only `from` emptied, so every group after the push holds one of its occupied neighbours, and
/// neighbours in one cluster around it (touching each other) lie in one group. The clusters are
/// flooded in the 7 x 7 square around `from` first, and on the whole board only when two or more
/// floods stop at the square's rim.
pub fn split(after: &CellSet, from: Cell) -> Option<Groups> {
    // The whole groups' cells; the slots after them empty.
    let (mut sets, count, rest) = match find(after, from)? {
        Found::Square { whole, count, rest } => {
            let sets = std::array::from_fn(|i| match i < count {
                true => whole[i].cells(from),
                false => CellSet::default(),
            });
            (sets, count, rest)
        }
        Found::Board { whole, count, rest } => (whole, count, rest),
    };
    if rest {
        sets[count] = sets[..count]
            .iter()
            .fold(*after, |left, set| left.minus(set));
    }
    let count = count + rest as usize;
    sets[..count].sort_unstable_by_key(|set| set.first());
    let mut sizes = [0; MAX_CLUSTERS];
    for (size, set) in sizes.iter_mut().zip(&sets[..count]) {
        *size = set.len();
    }
    Some(Groups { count, sets, sizes })
}

/// Whether a push leaves the groups of `after` tied for the largest (the mover then chooses one,
/// [`split`] tells which), when the push splits the pieces (see [`split`]); `None` when it does
/// not. Only the groups' sizes are counted, not their cells.
pub fn split_tied(after: &CellSet, from: Cell) -> Option<bool> {
    let (mut sizes, count, rest) = match find(after, from)? {
        Found::Square { whole, count, rest } => (whole.map(|g| g.0.count_ones()), count, rest),
        Found::Board { whole, count, rest } => (whole.map(|g| g.len()), count, rest),
    };
    if rest {
        sizes[count] = after.len() - sizes[..count].iter().sum::<u32>();
    }
    Some(tied_for_largest(&sizes[..count + rest as usize]))
}

/// Whether two or more of the groups of these sizes are tied for the largest.
fn tied_for_largest(sizes: &[u32]) -> bool {
    let largest = sizes.iter().copied().max().unwrap_or(0);
    sizes.iter().filter(|&&n| n == largest).count() > 1
}

/// Whether emptying a cell whose occupied neighbours form `ring` (bit `d` for direction `d`)
/// may split the pieces: only when they form two or more clusters around it.
pub fn may_split(ring: u8) -> bool {
    RING_CLUSTER_COUNT[ring as usize] >= 2
}

/// The cells of each cluster of `ring` (the occupied neighbours of `from`), as the board
/// floods' seeds.
fn board_seeds(ring: u8, from: Cell) -> [CellSet; MAX_CLUSTERS] {
    RING_CLUSTERS[ring as usize].map(|cluster| {
        let mut seed = CellSet::default();
        for dir in (0..8).filter(|d| cluster >> d & 1 == 1) {
            seed.insert(step(from, dir));
        }
        seed
    })
}

/// The groups of `cells`, each found by a search from neighbour to neighbour, in the order of
/// their first cells: what the tests check the floods against.
#[cfg(test)]
pub(super) fn groups_by_stepping(cells: &CellSet) -> Vec<CellSet> {
    let (mut left, mut groups) = (*cells, Vec::new());
    while let Some(seed) = left.first() {
        let (mut group, mut stack) = (CellSet::default(), vec![seed]);
        left.remove(seed);
        while let Some(cell) = stack.pop() {
            group.insert(cell);
            for next in (0..8).map(|dir| step(cell, dir)) {
                if left.has(next) {
                    left.remove(next);
                    stack.push(next);
                }
            }
        }
        groups.push(group);
    }
    groups
}
