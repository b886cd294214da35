//! Quiescence search: at the horizon the side to move may take the static value or play on
//! with the game's noisy decisions (those that win material at once), so that the horizon
//! does not fall in the middle of an exchange.

use crate::game::{Game, Turn};

use super::Worker;
use crate::search::QUIESCENCE_PLIES;
use crate::search::alphabeta::node::Node;
use crate::search::score::MAX_PLY;

impl<G: Game> Worker<'_, G> {
    /// The value for `node.side` (the side to move) of a position at the horizon: the better
    /// of its static value and its noisy decisions' values (fail-soft).
    pub(in crate::search) fn horizon_value(&mut self, node: Node) -> i32 {
        match self.profile.quiescence && !self.paranoid {
            true => self.quiesce(node, QUIESCENCE_PLIES),
            false => self.evaluate(node.side),
        }
    }

    /// Fail-soft alpha-beta over the noisy decisions at `node` (its depth unused), `left`
    /// more of them allowed in a row; no table, no ordering (few decisions are noisy).
    fn quiesce(&mut self, node: Node, left: u32) -> i32 {
        let Node {
            side,
            ply,
            mut alpha,
            beta,
            ..
        } = node;
        // The node a noisy decision leads to: a ply deeper, at the horizon still.
        let deeper = |alpha, beta| Node {
            ply: ply + 1,
            alpha,
            beta,
            ..node
        };
        let stand = self.evaluate(side);
        if stand >= beta || left == 0 || ply >= MAX_PLY {
            return stand;
        }
        self.seldepth = self.seldepth.max(ply);
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = std::mem::take(&mut self.frames[ply].list.moves);
        self.pos.noisy_candidates(&mut moves);
        for &mv in &moves {
            if !self.pos.is_noisy(mv) {
                continue;
            }
            self.play(mv);
            self.count_node();
            let value = match self.pos.turn() {
                Turn::Over => self.terminal(side, ply + 1),
                _ if self.pos.repeats_earlier() => 0,
                Turn::Player(next) if next == side => self.quiesce(deeper(alpha, beta), left - 1),
                Turn::Player(next) => -self.quiesce(deeper(alpha, beta).for_other(next), left - 1),
                Turn::Chance => self.evaluate(side),
            };
            self.take_back();
            if self.stopped() {
                break;
            }
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if value >= beta {
                    break;
                }
            }
        }
        self.frames[ply].list.moves = moves;
        best
    }
}
