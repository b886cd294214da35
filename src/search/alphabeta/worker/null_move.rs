//! Null-move pruning: where the side to move stands at or above beta even if it hands the
//! turn to the opponent without moving, searched a few plies shallower, a real move will
//! almost always do as well, and the node is cut without searching one.

use crate::game::profile::Profile;
use crate::game::{Game, Turn};

use super::Worker;
use crate::search::alphabeta::node::Node;
use crate::search::score::MATE_BOUND;

/// How many plies shallower than a real move's the null move's reply is searched: the
/// profile's `null_move_reduction`, a ply more per `null_move_depth_divisor` plies of depth.
fn reduction(profile: &Profile, depth: u32) -> u32 {
    profile.null_move_reduction as u32 + depth / profile.null_move_depth_divisor as u32
}

impl<G: Game> Worker<'_, G> {
    /// Tries a null move at a zero-window node with `depth` left whose static value for `side`
    /// (the side to move) is at or above beta; returns the value that cuts the node, if the
    /// reduced search after it stays at or above beta. Never in a game of more than two
    /// players, never twice in a row, never near mate scores.
    pub(super) fn null_move_cut(&mut self, node: Node) -> Option<i32> {
        let (depth, ply, beta) = (node.depth, node.ply, node.beta);
        let worth_trying = self.profile.null_move
            && self.may_cut_by_a_guess(node)
            && depth >= self.profile.null_move_min_depth as u32
            && !self.frames[ply].after_null;
        if !worth_trying || self.evaluate(node.side) < beta {
            return None;
        }
        let Turn::Player(mover) = self.pos.turn() else {
            return None;
        };
        if !self.hand_turn(1 - mover) {
            return None;
        }
        self.count_node();
        self.frames[ply + 1].after_null = true;
        let reduced = reduction(&self.profile, depth).min(depth - 1);
        let after = node.child(beta - 1, beta);
        let value = self.value_for(Node {
            depth: after.depth - reduced,
            ..after
        });
        self.frames[ply + 1].after_null = false;
        self.take_back();
        // A mate found after passing is no proof: the node only stands at or above beta.
        (!self.stopped() && value >= beta).then(|| value.min(MATE_BOUND))
    }
}
