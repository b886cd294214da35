//! Reverse futility pruning (a "static null move"): at a zero-window node a few plies from the
//! horizon, a side whose static value beats beta by a margin for every ply left is taken to
//! stay above beta, and the node is cut with that value without searching a move.

use crate::game::{Game, Player};

use super::Worker;

/// The most plies left at which a node may be cut.
const MAX_DEPTH: u32 = 3;

/// The margin, per ply left, by which the static value must beat beta.
const MARGIN_PER_PLY: i32 = 100;

impl<G: Game> Worker<'_, G> {
    /// The static value of a zero-window node with `depth` left (1 to 3) when it beats beta by
    /// the margin for `side` (the side to move); never in a game of more than two players,
    /// never near mate scores.
    pub(super) fn futility_cut(
        &self,
        side: Player,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !(self.futility && depth <= MAX_DEPTH && self.may_cut_by_a_guess(alpha, beta)) {
            return None;
        }
        let value = self.evaluate(side);
        (value - MARGIN_PER_PLY * depth as i32 >= beta).then_some(value)
    }
}
