//! Max^n for more than two players: every player picks the move best for himself, and a
//! node's value is the vector of every player's value. No pruning and no table (a vector
//! does not fit an entry); ties go to the first move generated, so the result is exactly
//! the textbook one.

use crate::game::{Game, Player, Turn};

use super::{RootMove, Worker};
use crate::search::score::{MAX_PLY, terminal_value};

/// One value per player (unused slots stay 0).
pub type Values = [i32; 6];

impl<G: Game> Worker<'_, G> {
    /// Searches every root move in `lines[first..]` by max^n to `depth`, sorts them by the
    /// root player's value and returns the best.
    pub(super) fn search_root_max_n(
        &mut self,
        lines: &mut [RootMove<G::Move>],
        first: usize,
        depth: u32,
    ) -> i32 {
        self.seldepth = 0;
        let root = self.root as usize;
        for line in lines.iter_mut().skip(first) {
            self.play(line.mv);
            self.count_node();
            let values = self.max_n(depth - 1, 1);
            self.take_back();
            if self.stopped() {
                return line.score;
            }
            line.score = values[root];
            line.pv.truncate(1);
            line.pv.extend_from_slice(&self.frames[1].pv);
        }
        lines[first..].sort_by_key(|line| std::cmp::Reverse(line.score));
        lines[first].score
    }

    /// Every player's value of the position just reached at `ply`, `depth` plies left.
    fn max_n(&mut self, depth: u32, ply: usize) -> Values {
        self.frames[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        let players = self.pos.players();
        let each = |value: &mut dyn FnMut(Player) -> i32| {
            let mut values = [0; 6];
            for (p, v) in values.iter_mut().enumerate().take(players) {
                *v = value(p as Player);
            }
            values
        };
        let turn = self.pos.turn();
        if let Some(outcome) = self.pos.outcome() {
            return each(&mut |p| terminal_value(outcome, p, players, ply));
        }
        if self.pos.repeats_earlier() {
            return [0; 6];
        }
        if depth == 0 || ply >= MAX_PLY || self.stopped() {
            return each(&mut |p| self.evaluation_for(p));
        }
        let mut moves = std::mem::take(&mut self.frames[ply].list.moves);
        self.pos.generate(&mut moves);
        let mut best: Option<Values> = None;
        let (mut sums, mut total) = ([0i64; 6], 0i64);
        for &mv in &moves {
            let weight = self.pos.chance_weight(mv) as i64;
            self.play(mv);
            self.count_node();
            let values = self.max_n(depth - 1, ply + 1);
            self.take_back();
            match turn {
                Turn::Player(p) => {
                    if best.is_none_or(|b| values[p as usize] > b[p as usize]) {
                        best = Some(values);
                        self.extend_line(ply, mv);
                    }
                }
                _ => {
                    for (sum, v) in sums.iter_mut().zip(values) {
                        *sum += weight * v as i64;
                    }
                    total += weight;
                }
            }
        }
        self.frames[ply].list.moves = moves;
        best.unwrap_or_else(|| sums.map(|sum| (sum / total.max(1)) as i32))
    }

    /// Every player's value at the end of `line` played from the root: the result if the
    /// game is over there, else the static evaluations.
    pub fn leaf_scores(&self, line: &[G::Move]) -> Vec<i32> {
        let mut pos = self.pos.clone();
        for &mv in line {
            pos.make(mv);
        }
        let players = pos.players();
        (0..players as Player)
            .map(|p| match pos.outcome() {
                Some(outcome) => terminal_value(outcome, p, players, line.len()),
                None => self.evaluator.evaluate(&pos, p),
            })
            .collect()
    }
}
