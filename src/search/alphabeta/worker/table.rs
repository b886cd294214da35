//! The transposition table as a node sees it: the lookup on entering (a hit that settles the
//! node, or the stored move to try first) and the store on leaving.

use crate::game::{Game, Player};

use super::Worker;
use crate::search::score::{MAX_PLY, from_tt, to_tt};
use crate::search::tt::{Bound, NO_MOVE, TtEntry};

impl<G: Game> Worker<'_, G> {
    /// What every inner node does first: the static value at the horizon, 0 once stopped,
    /// or a table hit that settles it (all as `Err`); else the table key and hash move.
    pub(super) fn enter_node(
        &mut self,
        side: Player,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<(u64, u32), i32> {
        if depth == 0 || ply >= MAX_PLY {
            return Err(self.horizon_value(side, ply, alpha, beta));
        }
        if self.stopped() {
            return Err(0);
        }
        let key = self.pos.hash() ^ self.key_salt;
        match self.probe_table(key, depth, ply, alpha, beta) {
            (Some(score), _) => Err(score),
            (None, hash_move) => Ok((key, hash_move)),
        }
    }

    /// Looks `key` up: a score that settles the node (only outside PV nodes, deep enough,
    /// with a usable bound) and the stored move for ordering.
    fn probe_table(
        &self,
        key: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (Option<i32>, u32) {
        let Some(entry) = self.tt.and_then(|tt| tt.probe(key)) else {
            return (None, NO_MOVE);
        };
        let score = from_tt(entry.score, ply);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        let pv_node = beta - alpha > 1;
        let settles = !pv_node && entry.depth as u32 >= depth && usable;
        (settles.then_some(score), entry.move_code)
    }

    /// Stores a node's result: `best` searched within `window` (the original alpha and beta).
    pub(super) fn store_table(
        &self,
        key: u64,
        depth: u32,
        ply: usize,
        (alpha, beta): (i32, i32),
        best: i32,
        best_move: Option<G::Move>,
    ) {
        let Some(tt) = self.tt.filter(|_| !self.stopped()) else {
            return;
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        tt.store(
            key,
            TtEntry {
                move_code: best_move.map_or(NO_MOVE, G::move_code),
                score: to_tt(best, ply),
                depth: depth.min(255) as u8,
                bound,
            },
        );
    }
}
