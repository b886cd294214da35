//! Late-move reductions: a move that comes late in a well-ordered list is first probed
//! some plies shallower, and searched to the full depth only if the probe beats alpha.
//! Internal iterative reductions: a node that the table knows no move for is searched a ply
//! shallower (its moves' order is a guess, and the next iteration finds the table's move).

use std::sync::LazyLock;

use crate::game::Game;

use super::super::ordering::from_slot;
use super::super::tt::NO_MOVE;
use super::Worker;

/// The shallowest depth at which moves are reduced.
const MIN_DEPTH: u32 = 3;
/// Moves before this index in the ordered list are never reduced.
const FIRST_REDUCED: usize = 3;
/// The table covers depths and move indices below this; larger ones use its last row or column.
const TABLE_SIZE: usize = 64;
/// The divisor of the reduction formula: larger reduces less.
const DIVISOR: f64 = 2.25;

/// The shallowest depth at which a node without a hash move is searched a ply shallower.
const INTERNAL_MIN_DEPTH: u32 = 4;

/// Reductions by depth and move index: `ln(depth) * ln(index) / DIVISOR`, rounded down;
/// made once for all searches.
static TABLE: LazyLock<[[u8; TABLE_SIZE]; TABLE_SIZE]> = LazyLock::new(|| {
    std::array::from_fn(|depth| {
        std::array::from_fn(|index| {
            let plies = (depth.max(1) as f64).ln() * (index.max(1) as f64).ln() / DIVISOR;
            plies.max(0.0) as u8
        })
    })
});

/// How many plies to take off the probe of the move at `index` of the ordered list, with
/// `depth` plies left here. `ordered` says the move owes its place to the hash or killer
/// slots (those are not reduced); `pv_node` nodes reduce a ply less. The child always keeps
/// at least one ply.
pub fn plies(depth: u32, index: usize, ordered: bool, pv_node: bool) -> u32 {
    if depth < MIN_DEPTH || index < FIRST_REDUCED || ordered {
        return 0;
    }
    let row = &TABLE[(depth as usize).min(TABLE_SIZE - 1)];
    let base = row[index.min(TABLE_SIZE - 1)].max(1) as u32;
    (base - u32::from(pv_node)).min(depth - 2)
}

/// How many plies to take off a node with `depth` plies left whose table entry gave
/// `hash_move` ([`NO_MOVE`] for none): one from [`INTERNAL_MIN_DEPTH`] on without a move.
pub fn internal(depth: u32, hash_move: u32) -> u32 {
    u32::from(depth >= INTERNAL_MIN_DEPTH && hash_move == NO_MOVE)
}

impl<G: Game> Worker<'_, G> {
    /// [`plies`] for the move at `index` of the ordered list (ordering score `score`), where
    /// the style asks for late-move reductions; else none.
    pub(super) fn late_reduction(
        &self,
        depth: u32,
        index: usize,
        score: i32,
        pv_node: bool,
    ) -> u32 {
        match self.reductions {
            true => plies(depth, index, from_slot(score), pv_node),
            false => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_deep_nodes_without_a_hash_move_are_searched_shallower() {
        assert_eq!(internal(INTERNAL_MIN_DEPTH, NO_MOVE), 1);
        assert_eq!(internal(INTERNAL_MIN_DEPTH - 1, NO_MOVE), 0);
        assert_eq!(internal(20, 7), 0);
    }

    #[test]
    fn early_shallow_and_ordered_moves_are_not_reduced() {
        assert_eq!(plies(2, 40, false, false), 0);
        assert_eq!(plies(8, 2, false, false), 0);
        assert_eq!(plies(8, 40, true, false), 0);
        assert_eq!(plies(3, 3, false, false), 1);
        assert_eq!(plies(3, 3, false, true), 0);
    }

    #[test]
    fn reductions_grow_with_depth_and_index_and_keep_a_ply() {
        for depth in 3..40 {
            for index in 4..200 {
                let reduced = plies(depth, index, false, false);
                assert!(reduced >= 1 && reduced <= depth - 2, "{depth} {index}");
                assert!(reduced >= plies(depth, index - 1, false, false));
                assert!(plies(depth, index, false, true) <= reduced);
            }
            assert!(plies(depth + 1, 30, false, false) >= plies(depth, 30, false, false));
        }
    }
}
