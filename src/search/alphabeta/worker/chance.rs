//! Chance plies: expectimax with *-minimax pruning (Star1, with Star2 probing).
//!
//! A chance node's value is the weighted average of its outcomes, truncated
//! toward zero: `trunc(S / W)` with `S = Σ wᵢ·vᵢ` and `W = Σ wᵢ`. Every value
//! lies in `[-MATE, MATE]`, so once some outcomes are known the average is
//! bounded, and an outcome can be searched with a window that fails exactly
//! when the whole node would fail (Star1). Before that, Star2 searches one
//! reply after each outcome: a reply of the side to move bounds the outcome
//! from below, a reply of the other side from above, and the bounds alone may
//! already decide the node.
//!
//! Everything is done on the weighted sums in `i64`, and the rounding is
//! conservative, so a node that is not cut returns exactly the expectimax value.

use crate::game::{Game, Turn};

use super::{Window, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::score::{INFINITY, MATE, MAX_PLY};

/// One chance outcome with what is known of its value so far.
#[derive(Clone, Copy)]
pub(super) struct Outcome<M> {
    mv: M,
    weight: i64,
    low: i64,
    high: i64,
}

/// `trunc(sum / total)`, the average's rounding; monotone in `sum`.
fn average(sum: i64, total: i64) -> i32 {
    (sum / total) as i32
}

fn floor_div(n: i64, d: i64) -> i64 {
    n.div_euclid(d)
}

fn ceil_div(n: i64, d: i64) -> i64 {
    -(-n).div_euclid(d)
}

/// A child window (low, high) within the score range, never empty.
fn window(low: i64, high: i64) -> (i32, i32) {
    let infinity = INFINITY as i64;
    (
        low.clamp(-infinity, infinity - 1) as i32,
        high.clamp(-infinity + 1, infinity) as i32,
    )
}

/// A chance node's window as weighted sums: its alpha and beta times the outcomes' total
/// weight, and that total.
#[derive(Clone, Copy, Debug)]
struct Sums {
    alpha: i64,
    beta: i64,
    total: i64,
}

/// What the outcomes' bounds add up to, weighted: the least and the most the node can be
/// worth, times the total weight.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    low: i64,
    high: i64,
}

impl<G: Game> Worker<'_, G> {
    /// The weighted average over the chance outcomes at `node`, for its side, within its
    /// window: exact inside it, an upper bound at or below alpha, a lower bound at or above
    /// beta.
    pub(super) fn expectation(&mut self, node: Node) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        if depth == 0 || ply >= MAX_PLY {
            return self.evaluate(node.side);
        }
        let mut moves = std::mem::take(&mut self.frames[ply].list.moves);
        self.pos.generate(&mut moves);
        let mut outcomes = std::mem::take(&mut self.frames[ply].outcomes);
        outcomes.clear();
        let bound = self.pos.value_bound_within(depth).unwrap_or(MATE) as i64;
        outcomes.extend(moves.iter().map(|&mv| Outcome {
            mv,
            weight: self.pos.chance_weight(mv) as i64,
            low: -bound,
            high: bound,
        }));
        self.frames[ply].list.moves = moves;
        let total: i64 = outcomes.iter().map(|o| o.weight).sum::<i64>().max(1);
        let sums = Sums {
            alpha: node.alpha as i64 * total,
            beta: node.beta as i64 * total,
            total,
        };
        let value = match self.probe_outcomes(&mut outcomes, node, sums) {
            Some(bound) => average(bound, total),
            None => self.search_outcomes(&outcomes, node, sums),
        };
        self.frames[ply].outcomes = outcomes;
        value
    }

    /// Star1: searches the outcomes in turn with windows derived from the node's.
    fn search_outcomes(&mut self, outcomes: &[Outcome<G::Move>], node: Node, sums: Sums) -> i32 {
        let mut known = 0i64;
        let mut rest_low: i64 = outcomes.iter().map(|o| o.weight * o.low).sum();
        let mut rest_high: i64 = outcomes.iter().map(|o| o.weight * o.high).sum();
        for o in outcomes {
            rest_low -= o.weight * o.low;
            rest_high -= o.weight * o.high;
            let fails_low_at = floor_div(sums.alpha - known - rest_high, o.weight);
            let fails_high_at = ceil_div(sums.beta - known - rest_low, o.weight);
            self.play(o.mv);
            self.count_node();
            let (low, high) = window(fails_low_at, fails_high_at);
            let value = self.value_for(node.child(low, high)) as i64;
            self.take_back();
            if self.stopped() {
                return 0;
            }
            if value <= fails_low_at {
                return average(known + o.weight * value + rest_high, sums.total);
            }
            if value >= fails_high_at {
                return average(known + o.weight * value + rest_low, sums.total);
            }
            known += o.weight * value;
        }
        average(known, sums.total)
    }

    /// Star2: one reply after each outcome narrows its bounds. Returns the bound on the
    /// weighted sum when the bounds alone already fail the node.
    fn probe_outcomes(
        &mut self,
        outcomes: &mut [Outcome<G::Move>],
        node: Node,
        sums: Sums,
    ) -> Option<i64> {
        if node.depth < 2 || !self.chance_probe {
            return None;
        }
        let mut bounds = Bounds {
            low: outcomes.iter().map(|o| o.weight * o.low).sum(),
            high: outcomes.iter().map(|o| o.weight * o.high).sum(),
        };
        for o in outcomes.iter_mut() {
            self.play(o.mv);
            self.count_node();
            let (low, high) = (o.low, o.high);
            let (outcome_low, outcome_high) = window(low, high);
            let after = node.child(outcome_low, outcome_high);
            let probed = self.probe_reply(o, after, bounds, sums);
            self.take_back();
            if self.stopped() {
                return None;
            }
            if probed {
                bounds.low += o.weight * (o.low - low);
                bounds.high += o.weight * (o.high - high);
                if bounds.low >= sums.beta {
                    return Some(bounds.low);
                }
                if bounds.high <= sums.alpha {
                    return Some(bounds.high);
                }
            }
        }
        None
    }

    /// Searches one reply in the position after outcome `o` (`after`: its side, depth and
    /// ply there), within the outcome's bounds and no further than where the chance node
    /// would fail (its `sums`, the outcomes' weighted `bounds`). A reply by the node's side
    /// is a lower bound on the outcome, one by the other side an upper bound; only exact
    /// values and fail-highs of the reply count. Returns whether a bound moved.
    fn probe_reply(
        &mut self,
        o: &mut Outcome<G::Move>,
        after: Node,
        bounds: Bounds,
        sums: Sums,
    ) -> bool {
        let Turn::Player(mover) = self.pos.turn() else {
            return false;
        };
        if after.depth == 0 || after.ply >= MAX_PLY || self.pos.repeats_earlier() {
            return false;
        }
        let Some(reply) = self.first_reply(after.ply) else {
            return false;
        };
        let mover_side = self.side_of(mover);
        if mover_side == after.side {
            // The outcome is worth at least this reply; above `target` the node fails high.
            let others = bounds.low - o.weight * o.low;
            let target = ceil_div(sums.beta - others, o.weight).min(o.high);
            let (low, high) = window(o.low, target);
            let value = self.visit(reply, after.child(low, high), Window::Full) as i64;
            if !self.stopped() && value > o.low {
                o.low = value;
                return true;
            }
        } else {
            // The outcome is worth at most this reply; below `target` the node fails low.
            let others = bounds.high - o.weight * o.high;
            let target = floor_div(sums.alpha - others, o.weight).max(o.low);
            let (low, high) = window(-o.high, -target);
            let reply_node = Node {
                side: mover_side,
                ..after.child(low, high)
            };
            let value = -self.visit(reply, reply_node, Window::Full) as i64;
            if !self.stopped() && value < o.high {
                o.high = value;
                return true;
            }
        }
        false
    }

    /// The reply the table suggests in the current position, or else the first generated.
    fn first_reply(&mut self, ply: usize) -> Option<G::Move> {
        let mut moves = std::mem::take(&mut self.frames[ply].list.moves);
        self.pos.generate(&mut moves);
        let code = self
            .tt
            .and_then(|tt| tt.probe(self.pos.hash() ^ self.key_salt))
            .map(|entry| entry.move_code);
        let reply = code
            .and_then(|c| moves.iter().copied().find(|&m| G::move_code(m) == c))
            .or_else(|| moves.first().copied());
        self.frames[ply].list.moves = moves;
        reply
    }
}
