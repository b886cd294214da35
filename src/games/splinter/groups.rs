//! Groups: the 8-connected parts of the pieces (R5), and which one stays (R6).

use super::board::{Cell, CellSet, MAX_CLUSTERS, RING_CLUSTER_COUNT, RING_CLUSTERS, step};
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

/// Cells that floods grow in: the whole board's ([`CellSet`]) or a square's around the origin
/// ([`Square`]).
pub trait Area: Copy + PartialEq {
    /// These cells and their neighbours in all 8 directions, of `cells`.
    fn grown_within(&self, cells: &Self) -> Self;
    /// Whether the two share a cell.
    fn meets(&self, other: &Self) -> bool;
    /// The cells of both.
    fn with(&self, other: &Self) -> Self;
    /// Whether these cells touch the rim of the area, beyond which a group may go on (never on
    /// the whole board).
    fn at_rim(&self) -> bool;
}

impl Area for CellSet {
    fn grown_within(&self, cells: &Self) -> Self {
        self.dilate().intersection(cells)
    }

    fn meets(&self, other: &Self) -> bool {
        !self.intersection(other).is_empty()
    }

    fn with(&self, other: &Self) -> Self {
        self.union(other)
    }

    fn at_rim(&self) -> bool {
        false
    }
}

/// How floods grown side by side ended.
pub enum Flooded<A> {
    /// They all met: the pieces stay one group.
    Joined,
    /// Two or more groups: `whole[..count]` are whole groups, and when `rest`, the pieces
    /// outside them form one more.
    Split {
        whole: [A; MAX_CLUSTERS],
        count: usize,
        rest: bool,
    },
    /// Two or more floods stopped at the rim and may meet beyond it.
    Unsure,
}

/// Grows the first `seeded` of `floods` inside `cells` side by side, one step each per round.
/// Floods that meet merge. One that stops growing is a whole group, unless it touches the rim
/// (it is stuck: it may go on outside). The rounds end once at most one flood is neither whole
/// nor merged (that one holds the rest of the pieces), so the work follows the smaller groups,
/// not the largest; or when none can grow.
pub fn flood<A: Area>(mut floods: [A; MAX_CLUSTERS], seeded: usize, cells: &A) -> Flooded<A> {
    // Floods not merged into another, floods that may still grow, and stuck floods.
    let (mut live, mut stuck) = ((1u8 << seeded) - 1, 0u8);
    let mut growing = live;
    while growing != 0 && (growing | stuck).count_ones() > 1 {
        let mut turn = growing;
        while turn != 0 {
            let i = turn.trailing_zeros() as usize;
            turn &= turn - 1;
            if growing >> i & 1 == 0 {
                continue;
            }
            let mut grown = floods[i].grown_within(cells);
            let mut others = (growing | stuck) & !(1 << i);
            while others != 0 {
                let j = others.trailing_zeros() as usize;
                others &= others - 1;
                if grown.meets(&floods[j]) {
                    grown = grown.with(&floods[j]);
                    let gone = !(1 << j);
                    (live, growing, stuck) = (live & gone, growing & gone, stuck & gone);
                }
            }
            if grown == floods[i] {
                growing &= !(1 << i);
                if grown.at_rim() {
                    stuck |= 1 << i;
                }
            }
            floods[i] = grown;
        }
    }
    let open = growing | stuck;
    if live.count_ones() < 2 {
        return Flooded::Joined;
    }
    if open.count_ones() > 1 {
        return Flooded::Unsure;
    }
    let mut whole = floods;
    let mut count = 0;
    let mut done = live & !open;
    while done != 0 {
        whole[count] = floods[done.trailing_zeros() as usize];
        done &= done - 1;
        count += 1;
    }
    Flooded::Split {
        whole,
        count,
        rest: open != 0,
    }
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
