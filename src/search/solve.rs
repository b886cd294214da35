//! An exact solver for two-player games without chance: the result with perfect play from a
//! position (a win for one player or a draw), proven by an alpha-beta search over the three
//! values loss, draw and win to the end of every line, with a table of proven bounds.
//!
//! Nothing is estimated: no evaluation, no depth, no pruning beyond alpha-beta's. Children are
//! tried in the order that proves fastest: the table's best move, a move that wins at once,
//! then the move that leaves the opponent the fewest replies. The solver refuses a position
//! that repeats an earlier one (a value there would depend on the path), a chance ply and a
//! game of more than two players; a node budget ends a search that would take too long.

use std::sync::atomic::{AtomicBool, Ordering};

use fxhash::FxHashMap;

use crate::game::{Outcome, Player, Rules, Turn};

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The result with perfect play; none when the node budget ran out (or `stop` was set)
    /// first.
    pub result: Option<Outcome>,
    /// A move that achieves the result, when it is proven.
    pub best: Option<M>,
    /// Positions visited.
    pub nodes: u64,
}

/// Proves the result of `pos` with perfect play within `node_limit` visited positions; `stop`
/// ends the search early (as an unproven result). Errors for a game that is over, a chance
/// ply (at the root or in the tree), more than two players, or a repeated position.
pub fn solve<G: Rules>(
    pos: &mut G,
    node_limit: u64,
    stop: &AtomicBool,
) -> Result<Solution<G::Move>, String> {
    if pos.players() != 2 {
        return Err(format!(
            "the solver plays two-player games; this one has {} players",
            pos.players()
        ));
    }
    let side = match pos.turn() {
        Turn::Player(side) => side,
        Turn::Over => return Err("the game is over: nothing to solve".to_string()),
        Turn::Chance => return Err(CHANCE.to_string()),
    };
    let mut solver = Solver {
        table: FxHashMap::default(),
        nodes: 0,
        node_limit,
        stop,
        lists: Vec::new(),
    };
    let (result, best) = match solver.value(pos, side, LOSS, WIN, 0) {
        Ok(value) => {
            let best = solver.table[&pos.hash()].best;
            let result = match value {
                WIN => Outcome::Win(side),
                LOSS => Outcome::Win(1 - side),
                _ => Outcome::Draw,
            };
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let best = moves.into_iter().find(|&mv| G::move_code(mv) == best);
            (Some(result), best)
        }
        Err(Abort::Budget) => (None, None),
        Err(Abort::Refused(why)) => return Err(why.to_string()),
    };
    Ok(Solution {
        result,
        best,
        nodes: solver.nodes,
    })
}

const CHANCE: &str = "the solver plays games without chance; this position has a chance ply";
const LOSS: i8 = -1;
const DRAW: i8 = 0;
const WIN: i8 = 1;

/// Why a search ended without a value.
enum Abort {
    /// The node budget ran out, or `stop` was set.
    Budget,
    /// The tree holds something the solver cannot prove (a chance ply, a repetition).
    Refused(&'static str),
}

/// What the table knows of a position: its value lies in `low..=high` (for the player to
/// move), and the move that last raised or refuted it (its code; `u32::MAX` for none).
#[derive(Clone, Copy)]
struct Bounds {
    low: i8,
    high: i8,
    best: u32,
}

/// A child of a node in the order it is tried: its value where the move ends the game, else
/// how many replies it leaves.
struct Child<M> {
    mv: M,
    ended: Option<i8>,
    replies: usize,
}

struct Solver<'a, M> {
    table: FxHashMap<u64, Bounds>,
    nodes: u64,
    node_limit: u64,
    stop: &'a AtomicBool,
    /// One move list per ply, reused.
    lists: Vec<Vec<M>>,
}

impl<M: Copy> Solver<'_, M> {
    /// The value of `pos` (`side` to move) within `alpha..beta` from `side`'s view (fail-soft:
    /// at most `alpha` proves at most that, at least `beta` at least that).
    fn value<G: Rules<Move = M>>(
        &mut self,
        pos: &mut G,
        side: Player,
        mut alpha: i8,
        mut beta: i8,
        ply: usize,
    ) -> Result<i8, Abort> {
        self.nodes += 1;
        if self.nodes > self.node_limit
            || (self.nodes % 4096 == 0 && self.stop.load(Ordering::Relaxed))
        {
            return Err(Abort::Budget);
        }
        if pos.repeats_earlier() {
            return Err(Abort::Refused(
                "a line repeats a position: the solver proves only games that cannot cycle",
            ));
        }
        let key = pos.hash();
        let mut best_code = u32::MAX;
        if let Some(known) = self.table.get(&key) {
            if known.low >= beta || known.low == known.high {
                return Ok(known.low);
            }
            if known.high <= alpha {
                return Ok(known.high);
            }
            alpha = alpha.max(known.low);
            beta = beta.min(known.high);
            best_code = known.best;
        }
        let children = self.ordered_children(pos, side, best_code, ply)?;
        let alpha_in = alpha;
        let mut best = (i8::MIN, u32::MAX);
        for child in children {
            let value = match child.ended {
                Some(value) => value,
                None => {
                    pos.make(child.mv);
                    let value = self.child_value(pos, side, alpha, beta, ply);
                    pos.unmake();
                    value?
                }
            };
            if value > best.0 {
                best = (value, G::move_code(child.mv));
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let (low, high) = match best.0 {
            value if value <= alpha_in => (LOSS, value),
            value if value >= beta => (value, WIN),
            value => (value, value),
        };
        let entry = self.table.entry(key).or_insert(Bounds {
            low: LOSS,
            high: WIN,
            best: u32::MAX,
        });
        entry.low = entry.low.max(low);
        entry.high = entry.high.min(high);
        entry.best = best.1;
        Ok(best.0)
    }

    /// The value for `side` of the position after its move, whoever is to move there.
    fn child_value<G: Rules<Move = M>>(
        &mut self,
        pos: &mut G,
        side: Player,
        alpha: i8,
        beta: i8,
        ply: usize,
    ) -> Result<i8, Abort> {
        match pos.turn() {
            Turn::Over => Ok(ended_value(pos, side)),
            Turn::Chance => Err(Abort::Refused(CHANCE)),
            Turn::Player(next) if next == side => self.value(pos, side, alpha, beta, ply + 1),
            Turn::Player(next) => Ok(-self.value(pos, next, -beta, -alpha, ply + 1)?),
        }
    }

    /// `pos`'s moves, the table's move first, then the moves that end the game best for
    /// `side` (a win first), then by the fewest replies they leave.
    fn ordered_children<G: Rules<Move = M>>(
        &mut self,
        pos: &mut G,
        side: Player,
        best_code: u32,
        ply: usize,
    ) -> Result<Vec<Child<M>>, Abort> {
        while self.lists.len() <= ply + 1 {
            self.lists.push(Vec::new());
        }
        let (lower, upper) = self.lists.split_at_mut(ply + 1);
        let (moves, replies) = (&mut lower[ply], &mut upper[0]);
        pos.generate(moves);
        let mut children = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            pos.make(mv);
            let child = match pos.turn() {
                Turn::Over => Child {
                    mv,
                    ended: Some(ended_value(pos, side)),
                    replies: 0,
                },
                Turn::Chance => {
                    pos.unmake();
                    return Err(Abort::Refused(CHANCE));
                }
                Turn::Player(_) => {
                    pos.generate(replies);
                    Child {
                        mv,
                        ended: None,
                        replies: replies.len(),
                    }
                }
            };
            pos.unmake();
            children.push(child);
        }
        children.sort_by_key(|child| {
            let first = G::move_code(child.mv) != best_code;
            (first, -child.ended.unwrap_or(DRAW), child.replies)
        });
        Ok(children)
    }
}

/// A finished game's value for `side`.
fn ended_value<G: Rules>(pos: &G, side: Player) -> i8 {
    match pos.outcome() {
        Some(Outcome::Win(winner)) if winner == side => WIN,
        Some(Outcome::Win(_)) => LOSS,
        _ => DRAW,
    }
}
