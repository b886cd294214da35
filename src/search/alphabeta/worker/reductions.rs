//! Late-move reductions: a move that comes late in a well-ordered list is first probed
//! some plies shallower, and searched to the full depth only if the probe beats alpha.
//! Internal iterative reductions: a node that the table knows no move for is searched a ply
//! shallower (its moves' order is a guess, and the next iteration finds the table's move).

use crate::game::Game;
use crate::game::profile::Profile;

use super::Worker;
use crate::search::alphabeta::ordering::from_slot;
use crate::search::tt::NO_MOVE;

/// The table covers depths and move indices below this; larger ones use its last row or column.
const TABLE_SIZE: usize = 64;

/// Reductions by depth and move index.
pub type Table = [[u8; TABLE_SIZE]; TABLE_SIZE];

/// The reductions of `profile`: `ln(depth) * ln(index) * 100 / lmr_divisor`, rounded down;
/// made once per worker whose profile reduces late moves.
pub fn table(profile: &Profile) -> Box<Table> {
    let divisor = f64::from(profile.lmr_divisor) / 100.0;
    Box::new(std::array::from_fn(|depth| {
        std::array::from_fn(|index| {
            let plies = (depth.max(1) as f64).ln() * (index.max(1) as f64).ln() / divisor;
            plies.max(0.0) as u8
        })
    }))
}

/// How many plies to take off the probe of the move at `index` of the ordered list, with
/// `depth` plies left here, by `table` from `profile`'s `lmr_min_depth` and from its
/// `lmr_first_reduced`-th move. `ordered` says the move owes its place to the hash or killer
/// slots (those are not reduced); `pv_node` nodes reduce a ply less. The child always keeps
/// at least one ply.
pub fn plies(
    table: &Table,
    profile: &Profile,
    depth: u32,
    index: usize,
    ordered: bool,
    pv_node: bool,
) -> u32 {
    let shallow = depth < profile.lmr_min_depth as u32;
    if shallow || index < profile.lmr_first_reduced as usize || ordered {
        return 0;
    }
    let row = &table[(depth as usize).min(TABLE_SIZE - 1)];
    let base = row[index.min(TABLE_SIZE - 1)].max(1) as u32;
    (base - u32::from(pv_node)).min(depth.saturating_sub(2))
}

/// How many plies to take off a node with `depth` plies left whose table entry gave
/// `hash_move` ([`NO_MOVE`] for none): one from `min_depth` (the profile's `iir_min_depth`) on
/// without a move.
pub fn internal(depth: u32, hash_move: u32, min_depth: u32) -> u32 {
    u32::from(depth >= min_depth && hash_move == NO_MOVE)
}

impl<G: Game> Worker<'_, G> {
    /// [`plies`] for the move at `index` of the ordered list (ordering score `score`), where
    /// the profile asks for late-move reductions; else none.
    pub(super) fn late_reduction(
        &self,
        depth: u32,
        index: usize,
        score: i32,
        pv_node: bool,
    ) -> u32 {
        match &self.reduction_table {
            Some(table) => plies(
                table,
                &self.profile,
                depth,
                index,
                from_slot(score),
                pv_node,
            ),
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard profile's table and profile.
    fn standard() -> (&'static Table, &'static Profile) {
        static TABLE: std::sync::LazyLock<Box<Table>> =
            std::sync::LazyLock::new(|| table(&Profile::STANDARD));
        (&TABLE, &Profile::STANDARD)
    }

    #[test]
    fn only_deep_nodes_without_a_hash_move_are_searched_shallower() {
        assert_eq!(internal(4, NO_MOVE, 4), 1);
        assert_eq!(internal(3, NO_MOVE, 4), 0);
        assert_eq!(internal(20, 7, 4), 0);
    }

    #[test]
    fn early_shallow_and_ordered_moves_are_not_reduced() {
        let (table, profile) = standard();
        assert_eq!(plies(table, profile, 2, 40, false, false), 0);
        assert_eq!(plies(table, profile, 8, 2, false, false), 0);
        assert_eq!(plies(table, profile, 8, 40, true, false), 0);
        assert_eq!(plies(table, profile, 3, 3, false, false), 1);
        assert_eq!(plies(table, profile, 3, 3, false, true), 0);
    }

    #[test]
    fn reductions_grow_with_depth_and_index_and_keep_a_ply() {
        let (table, profile) = standard();
        for depth in 3..40 {
            for index in 4..200 {
                let reduced = plies(table, profile, depth, index, false, false);
                assert!(reduced >= 1 && reduced <= depth - 2, "{depth} {index}");
                assert!(reduced >= plies(table, profile, depth, index - 1, false, false));
                assert!(plies(table, profile, depth, index, false, true) <= reduced);
            }
            assert!(
                plies(table, profile, depth + 1, 30, false, false)
                    >= plies(table, profile, depth, 30, false, false)
            );
        }
    }
}
