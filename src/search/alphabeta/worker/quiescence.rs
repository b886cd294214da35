//! Quiescence search: at the horizon the side to move may take the static value or play on
//! with the game's noisy decisions (those that win material at once), so that the horizon
//! does not fall in the middle of an exchange.

use crate::game::{Game, Player, Turn};

use super::Worker;
use crate::search::QUIESCENCE_PLIES;
use crate::search::score::MAX_PLY;

impl<G: Game> Worker<'_, G> {
    /// The value for `side` (the side to move) of a position at the horizon: the better of
    /// its static value and its noisy decisions' values (fail-soft).
    pub(in crate::search) fn horizon_value(
        &mut self,
        side: Player,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match self.profile.quiescence && !self.paranoid {
            true => self.quiesce(side, ply, alpha, beta, QUIESCENCE_PLIES),
            false => self.evaluate(side),
        }
    }

    /// Fail-soft alpha-beta over the noisy decisions, `left` more of them allowed in a row;
    /// no table, no ordering (few decisions are noisy).
    fn quiesce(&mut self, side: Player, ply: usize, mut alpha: i32, beta: i32, left: u32) -> i32 {
        let stand = self.evaluate(side);
        if stand >= beta || left == 0 || ply >= MAX_PLY {
            return stand;
        }
        self.seldepth = self.seldepth.max(ply);
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        self.pos.noisy_candidates(&mut moves);
        for &mv in &moves {
            if !self.pos.is_noisy(mv) {
                continue;
            }
            self.pos.make(mv);
            self.count_node();
            let value = match self.pos.turn() {
                Turn::Over => self.terminal(side, ply + 1),
                _ if self.pos.repeats_earlier() => 0,
                Turn::Player(next) if next == side => {
                    self.quiesce(side, ply + 1, alpha, beta, left - 1)
                }
                Turn::Player(next) => -self.quiesce(next, ply + 1, -beta, -alpha, left - 1),
                Turn::Chance => self.evaluate(side),
            };
            self.pos.unmake();
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
        self.move_buffers[ply] = moves;
        best
    }
}
