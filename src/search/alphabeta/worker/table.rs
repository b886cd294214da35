//! The transposition table as a node sees it: the lookup on entering (a hit that settles the
//! node, or the stored move to try first) and the store on leaving.

use crate::game::Game;

use super::{NodeResult, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::score::{MAX_PLY, from_tt, to_tt};
use crate::search::tt::{Bound, NO_MOVE, TtEntry};

impl<G: Game> Worker<'_, G> {
    /// What every inner node does first: the static value at the horizon, 0 once stopped,
    /// or a table hit that settles it (all as `Err`); else the table key and hash move.
    pub(super) fn enter_node(&mut self, node: Node) -> Result<(u64, u32), i32> {
        if node.depth == 0 || node.ply >= MAX_PLY {
            return Err(self.horizon_value(node));
        }
        if self.stopped() {
            return Err(0);
        }
        let key = self.pos.hash() ^ self.key_salt;
        match self.probe_table(key, node) {
            (Some(score), _) => Err(score),
            (None, hash_move) => Ok((key, hash_move)),
        }
    }

    /// Looks `key` up: a score that settles the node (only outside PV nodes, deep enough,
    /// with a usable bound) and the stored move for ordering.
    fn probe_table(&self, key: u64, node: Node) -> (Option<i32>, u32) {
        let Some(entry) = self.tt.and_then(|tt| tt.probe(key)) else {
            return (None, NO_MOVE);
        };
        let score = from_tt(entry.score, node.ply);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= node.beta,
            Bound::Upper => score <= node.alpha,
        };
        let settles = !node.is_pv() && entry.depth as u32 >= node.depth && usable;
        (settles.then_some(score), entry.move_code)
    }

    /// Stores `node`'s result (searched within the node's window, its alpha and beta as they
    /// were when it was entered).
    pub(super) fn store_table(&self, key: u64, node: Node, result: &NodeResult<G::Move>) {
        let Some(tt) = self.tt.filter(|_| !self.stopped()) else {
            return;
        };
        let best = result.best;
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > node.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        tt.store(
            key,
            TtEntry {
                move_code: result.best_move.map_or(NO_MOVE, G::move_code),
                score: to_tt(best, node.ply),
                depth: node.depth.min(255) as u8,
                bound,
            },
        );
    }
}
