//! Floods: cell sets grown side by side, one neighbour ring a round, inside an area (the
//! whole board, or the square around a push's origin), until they meet or stop: how a split
//! of the pieces into groups is found.

use super::board::{CellSet, MAX_CLUSTERS};

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
