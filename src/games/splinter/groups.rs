//! Groups: the 8-connected parts of the pieces (R5), and which one stays (R6).

use super::board::{Cell, CellSet};

/// The most groups a position can split into (one per piece).
const MAX_GROUPS: usize = 30;

/// The groups of an occupancy, in the order of their first cells.
pub struct Groups {
    /// How many groups there are.
    pub count: usize,
    /// Each group's cells.
    pub sets: [CellSet; MAX_GROUPS],
    /// Each group's size.
    pub sizes: [u32; MAX_GROUPS],
}

impl Groups {
    /// The size of the largest groups.
    pub fn largest(&self) -> u32 {
        self.sizes[..self.count].iter().copied().max().unwrap_or(0)
    }

    /// The first cells (B3 order) of the groups tied for the largest size, when two or more tie.
    pub fn tied_firsts(&self) -> impl Iterator<Item = Cell> + '_ {
        let largest = self.largest();
        let tied = self.sizes[..self.count]
            .iter()
            .filter(|&&n| n == largest)
            .count();
        (0..self.count)
            .filter(move |&i| tied > 1 && self.sizes[i] == largest)
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

/// Grows `reached` inside `cells` until it stops growing or, when `targets` is given, until it
/// holds all of them. Returns what was reached.
fn grow(cells: &CellSet, mut reached: CellSet, targets: Option<&CellSet>) -> CellSet {
    loop {
        if targets.is_some_and(|t| t.minus(&reached).is_empty()) {
            return reached;
        }
        let grown = reached.dilate().intersection(cells);
        if grown == reached {
            return reached;
        }
        reached = grown;
    }
}

/// The cells 8-connected to `seed` within `cells` (the seed included).
fn flood(cells: &CellSet, seed: Cell) -> CellSet {
    let mut start = CellSet::default();
    start.insert(seed);
    grow(cells, start, None)
}

/// Whether all `targets` (cells of `cells`) lie in one group of `cells`.
pub fn joined(cells: &CellSet, targets: &CellSet) -> bool {
    let Some(seed) = targets.first() else {
        return true;
    };
    let mut start = CellSet::default();
    start.insert(seed);
    targets.minus(&grow(cells, start, Some(targets))).is_empty()
}

/// Splits the occupied cells into 8-connected groups.
pub fn components(occupied: &CellSet) -> Groups {
    let mut groups = Groups {
        count: 0,
        sets: [CellSet::default(); MAX_GROUPS],
        sizes: [0; MAX_GROUPS],
    };
    let mut left = *occupied;
    while let Some(seed) = left.first() {
        let group = flood(&left, seed);
        left = left.minus(&group);
        groups.sets[groups.count] = group;
        groups.sizes[groups.count] = group.len();
        groups.count += 1;
    }
    groups
}
