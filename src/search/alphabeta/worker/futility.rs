//! Reverse futility pruning (a "static null move"): at a zero-window node a few plies from the
//! horizon, a side whose static value beats beta by a margin for every ply left is taken to
//! stay above beta, and the node is cut with that value without searching a move.

use crate::game::Game;

use super::Worker;
use crate::search::alphabeta::node::Node;

impl<G: Game> Worker<'_, G> {
    /// The static value of a zero-window node with its `depth` left (1 to the profile's
    /// `futility_max_depth`) when it beats beta by the profile's `futility_margin` per ply for
    /// its side (the side to move); never in a game of more than two players, never near mate
    /// scores.
    pub(super) fn futility_cut(&mut self, node: Node) -> Option<i32> {
        let profile = &self.profile;
        let near = node.depth <= profile.futility_max_depth as u32;
        if !(profile.futility && near && self.may_cut_by_a_guess(node)) {
            return None;
        }
        let margin = profile.futility_margin * node.depth as i32;
        let value = self.evaluate(node.side);
        (value - margin >= node.beta).then_some(value)
    }
}
