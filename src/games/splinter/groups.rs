//! Groups: the 8-connected parts of the pieces (R5), and which one stays (R6).

use super::board::{Cell, CellSet, MAX_CLUSTERS, RING_CLUSTERS, step};
use super::square::{self, Look};

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

/// The groups of `after`, the occupancy after a push from `from` out of a position whose pieces
/// formed one group, when there are two or more; `None` when the pieces stay one group.
///
/// Only `from` emptied, so every group after the push holds one of its occupied neighbours, and
/// neighbours in one cluster around it (touching each other) lie in one group. The clusters are
/// flooded in the 7 x 7 square around `from` first ([`square::look`]), and on the whole board
/// only when two or more floods leave the square.
pub fn split(after: &CellSet, from: Cell) -> Option<Groups> {
    let clusters = &RING_CLUSTERS[after.ring(from) as usize];
    if clusters[1] == 0 {
        return None;
    }
    let mut sets = [CellSet::default(); MAX_CLUSTERS];
    let count = match square::look(square::square(after, from), clusters) {
        Look::Joined => return None,
        Look::Unsure => flood_board(after, from, clusters, &mut sets),
        Look::Split {
            inside,
            count,
            rest,
        } => {
            let mut left = *after;
            for (set, &bits) in sets.iter_mut().zip(&inside[..count]) {
                *set = square::cells(bits, from);
                left = left.minus(set);
            }
            if rest {
                sets[count] = left;
            }
            count + rest as usize
        }
    };
    (count > 1).then(|| {
        let mut groups = Groups {
            count,
            sets,
            sizes: [0; MAX_CLUSTERS],
        };
        groups.sets[..count].sort_unstable_by_key(|set| set.first());
        for i in 0..count {
            groups.sizes[i] = groups.sets[i].len();
        }
        groups
    })
}

/// Floods the `clusters` around `from` on the whole board side by side, one dilation each per
/// round; two that meet merge, one that stops growing is a whole group, and once a single flood
/// still grows, its group is what the others left (so the work follows the smaller groups, not
/// the largest). Writes the groups into `sets` and returns how many there are.
fn flood_board(
    after: &CellSet,
    from: Cell,
    clusters: &[u8; MAX_CLUSTERS],
    sets: &mut [CellSet; MAX_CLUSTERS],
) -> usize {
    let mut floods = [CellSet::default(); MAX_CLUSTERS];
    let mut live = 0u8;
    for (i, &cluster) in clusters.iter().enumerate().filter(|(_, c)| **c != 0) {
        for dir in (0..8).filter(|d| cluster >> d & 1 == 1) {
            floods[i].insert(step(from, dir));
        }
        live |= 1 << i;
    }
    // Floods still growing; the others in `live` are whole groups.
    let mut growing = live;
    while growing.count_ones() > 1 {
        for i in 0..MAX_CLUSTERS {
            if growing >> i & 1 == 0 {
                continue;
            }
            let mut grown = floods[i].dilate().intersection(after);
            let others = growing & !(1 << i);
            for j in (0..MAX_CLUSTERS).filter(|&j| others >> j & 1 == 1) {
                if !grown.intersection(&floods[j]).is_empty() {
                    grown = grown.union(&floods[j]);
                    growing &= !(1 << j);
                    live &= !(1 << j);
                }
            }
            if grown == floods[i] {
                growing &= !(1 << i);
            }
            floods[i] = grown;
        }
    }
    if growing != 0 && live.count_ones() > 1 {
        let last = growing.trailing_zeros() as usize;
        floods[last] = (0..MAX_CLUSTERS)
            .filter(|&j| j != last && live >> j & 1 == 1)
            .fold(*after, |rest, j| rest.minus(&floods[j]));
    }
    let mut count = 0;
    for i in (0..MAX_CLUSTERS).filter(|&i| live >> i & 1 == 1) {
        sets[count] = floods[i];
        count += 1;
    }
    count
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
