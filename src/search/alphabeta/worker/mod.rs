//! One search thread: negamax with principal-variation search over any [`Game`].
//!
//! The core never assumes alternating turns: a child's value is negated (and
//! the window mirrored) only when the side to move changes. With two players a
//! side is a player; with more, the search is paranoid: the root player is one
//! side and all the others together are the other. Chance plies are averaged by
//! weight (expectimax with
//! *-minimax pruning, in [`chance`]).

mod best_reply;
mod chance;
mod futility;
mod late_moves;
mod max_n;
mod null_move;
mod quiescence;
mod reductions;
mod root;
mod split;
mod table;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use crate::game::{Game, Player, Turn};

use super::node::Node;
use super::ordering::MoveOrdering;
use super::split::SplitBoard;
use crate::game::profile::Profile;
use crate::net::Evaluator;
use crate::net::line_sums::LineSums;
use crate::search::limits::TimePlan;
use crate::search::score::{INFINITY, MAX_PLY, terminal_value, with_draw_preference};
use crate::search::settings::{ManyPlayers, Style};
use crate::search::tt::TranspositionTable;
use late_moves::MovesLeft;

const NODES_PER_FLUSH: u64 = 1024;
/// The side of the other players when a game of more than two is searched paranoidly.
const COALITION: Player = Player::MAX;

/// What the search keeps for one ply of the line it is on (as an engine's search stack):
/// the node's move list, a chance node's outcomes, the line found from here, and whether a
/// null move reached this ply.
struct Frame<G: Game> {
    list: MoveList<G::Move>,
    outcomes: Vec<chance::Outcome<G::Move>>,
    /// The line found from this ply, its first move first.
    pv: Vec<G::Move>,
    /// Whether the position here was reached by a null move (no second one in a row).
    after_null: bool,
}

impl<G: Game> Default for Frame<G> {
    fn default() -> Self {
        Frame {
            list: MoveList::default(),
            outcomes: Vec::new(),
            pv: Vec::new(),
            after_null: false,
        }
    }
}

/// A node's ordered move list: the moves, their ordering scores, and how much of it is
/// still to be searched.
struct MoveList<M> {
    moves: Vec<M>,
    scores: Vec<i32>,
    left: MovesLeft,
}

impl<M> Default for MoveList<M> {
    fn default() -> Self {
        MoveList {
            moves: Vec::new(),
            scores: Vec::new(),
            left: MovesLeft::new(0),
        }
    }
}

/// What a node's move loop has found so far.
struct NodeResult<M> {
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<M>,
}

impl<M> NodeResult<M> {
    fn new(alpha: i32, beta: i32) -> Self {
        NodeResult {
            alpha,
            beta,
            best: -INFINITY,
            best_move: None,
        }
    }
}

/// How [`Worker::visit`] searches a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Window {
    /// The whole (alpha, beta) window: the first move of a node.
    Full,
    /// A zero-window probe at alpha, `reduced` plies shallower; searched again to the
    /// full depth, then with the whole window, only while it beats alpha.
    Probe { reduced: u32 },
}

impl Window {
    /// The first move searched gets the whole window, the others an unreduced probe.
    fn unreduced(first: bool) -> Self {
        if first {
            Window::Full
        } else {
            Window::Probe { reduced: 0 }
        }
    }
}

/// A root move with the score and line of its latest search.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its score in the latest iteration (-INFINITY when it failed low).
    pub score: i32,
    /// The line it leads, the move first.
    pub pv: Vec<M>,
}

/// What one root search found.
#[derive(Clone, Copy, Debug)]
pub struct RootSearch {
    /// The best score (of the moves searched before a stop).
    pub best: i32,
    /// Whether a move raised alpha: it is then first in the lines, stopped or not.
    pub found: bool,
}

/// The limits only the main thread enforces.
pub struct MainThreadLimits {
    /// The time plan.
    pub plan: TimePlan,
    /// The node budget over all threads.
    pub nodes: Option<u64>,
}

/// One thread's search state.
pub struct Worker<'a, G: Game> {
    /// The position, moved along the searched line and restored afterwards.
    pub pos: G,
    tt: Option<&'a TranspositionTable>,
    stop: &'a AtomicBool,
    shared_nodes: &'a AtomicU64,
    budget: Option<MainThreadLimits>,
    /// Positions this thread visited.
    pub nodes: u64,
    unflushed: u64,
    /// The deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// What the search keeps per ply, from the root (0) down.
    frames: Vec<Frame<G>>,
    ordering: MoveOrdering<G>,
    /// The search's choices and numbers.
    pub profile: Profile,
    /// Late-move reductions by depth and move index, from the profile; made only where the
    /// profile reduces late moves.
    reduction_table: Option<Box<reductions::Table>>,
    /// The player to move at the root.
    root: Player,
    /// More than two players: the search is paranoid (root against the coalition).
    paranoid: bool,
    /// Mixed into table keys with more than two players, since values then depend on the
    /// root player and on the search.
    key_salt: u64,
    /// The search for more than two players.
    many_players: ManyPlayers,
    /// Star2 probing at chance plies.
    chance_probe: bool,
    /// What gives the static values.
    evaluator: Evaluator,
    /// A net's sums along the line searched (none with the game's own evaluation).
    line_sums: Option<LineSums>,
    /// The last static value asked for: the position's hash, the player, the value.
    last_evaluation: Option<((u64, Player), i32)>,
    /// The split points this search's threads share, when it has more than one.
    board: Option<&'a SplitBoard<G>>,
    /// The stack level of the split point this thread works in, if any.
    split_level: Option<usize>,
}

impl<'a, G: Game> Worker<'a, G> {
    /// A worker on `pos`; only the main thread gets a `budget`.
    pub fn new(
        pos: G,
        tt: Option<&'a TranspositionTable>,
        stop: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        budget: Option<MainThreadLimits>,
        style: Style,
    ) -> Self {
        let root = match pos.turn() {
            Turn::Player(p) => p,
            _ => 0,
        };
        let paranoid = pos.players() > 2;
        Worker {
            root,
            paranoid,
            key_salt: if paranoid {
                crate::game::hashing::mix64(root as u64 + 1 + ((style.many_players as u64) << 8))
            } else {
                0
            },
            many_players: style.many_players,
            chance_probe: style.chance_probe,
            evaluator: style.evaluator,
            line_sums: match style.evaluator {
                Evaluator::Net(net) => Some(LineSums::new(net, MAX_PLY + 2, &pos)),
                Evaluator::Classic => None,
            },
            last_evaluation: None,
            profile: style.profile,
            reduction_table: style
                .profile
                .late_move_reductions
                .then(|| reductions::table(&style.profile)),
            pos,
            tt,
            stop,
            shared_nodes,
            budget,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            frames: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            ordering: MoveOrdering::new(),
            board: None,
            split_level: None,
        }
    }

    /// Whether `node` may be cut on a guess (a null move, a futile margin): a zero-window
    /// node of a two-player search, away from mate scores.
    fn may_cut_by_a_guess(&self, node: Node) -> bool {
        let zero_window = node.beta - node.alpha == 1;
        !self.paranoid && zero_window && node.beta.abs() < crate::search::score::MATE_BOUND
    }

    /// Whether this worker searches max^n (a game of more than two players).
    pub fn is_max_n(&self) -> bool {
        self.paranoid && self.many_players == ManyPlayers::MaxN
    }

    /// Whether a root score means the root player loses against all opponents together,
    /// whatever he plays, in a game of more than two players searched by alpha-beta.
    pub fn sees_only_losses(&self, score: i32) -> bool {
        self.paranoid && !self.is_max_n() && score < -crate::search::score::MATE_BOUND
    }

    /// Switches to max^n for the rest of this search.
    pub fn switch_to_max_n(&mut self) {
        self.many_players = ManyPlayers::MaxN;
    }

    /// Nodes searched by all threads so far, as far as this thread knows.
    pub fn total_nodes(&self) -> u64 {
        self.shared_nodes.load(Relaxed) + self.unflushed
    }

    /// Whether the search has been told to stop, or the split point this thread works in
    /// was cut.
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed) || self.split_cut()
    }

    /// Permille of the table written in this search (0 without a table).
    pub fn hashfull(&self) -> u32 {
        self.tt.map_or(0, TranspositionTable::hashfull)
    }

    /// The main thread's time plan, if this is the main thread.
    pub fn budget(&self) -> Option<&MainThreadLimits> {
        self.budget.as_ref()
    }

    /// Hands this thread's uncounted nodes to the shared counter.
    pub fn flush_nodes(&mut self) {
        self.shared_nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        self.check_budget(self.unflushed >= NODES_PER_FLUSH);
        if self.unflushed >= NODES_PER_FLUSH {
            self.flush_nodes();
        }
    }

    /// The main thread stops the search once it has spent its nodes, or (where
    /// `check_clock`) its time.
    fn check_budget(&self, check_clock: bool) {
        if let Some(budget) = &self.budget {
            let over_nodes = budget.nodes.is_some_and(|n| self.total_nodes() >= n);
            if over_nodes || (check_clock && budget.plan.out_of_time()) {
                self.stop.store(true, Relaxed);
            }
        }
    }

    fn mover(&self) -> Player {
        match self.pos.turn() {
            Turn::Player(p) => p,
            other => panic!("search reached a node with no player to move: {other:?}"),
        }
    }

    /// The side a player belongs to: himself with two players; paranoid, the root or the coalition.
    fn side_of(&self, player: Player) -> Player {
        if self.paranoid && player != self.root {
            COALITION
        } else {
            player
        }
    }

    /// Plays `mv` on the position searched.
    fn play(&mut self, mv: G::Move) {
        self.pos.make(mv);
        if let Some(line) = &mut self.line_sums {
            line.played(&self.pos);
        }
    }

    /// Takes back the turn played last ([`Worker::play`], [`Worker::hand_turn`]).
    fn take_back(&mut self) {
        self.pos.unmake();
        if let Some(line) = &mut self.line_sums {
            line.took_back();
        }
    }

    /// Hands the turn to `player` without a move, where the game allows it.
    fn hand_turn(&mut self, player: Player) -> bool {
        let handed = self.pos.hand_turn_to(player);
        if let Some(line) = self.line_sums.as_mut().filter(|_| handed) {
            line.played(&self.pos);
        }
        handed
    }

    /// Puts `pos` in the place of the position searched (a split point's); returns the one
    /// it replaces.
    fn put_position(&mut self, pos: G) -> G {
        let replaced = std::mem::replace(&mut self.pos, pos);
        if let Some(line) = &mut self.line_sums {
            line.put_in_place(&self.pos);
        }
        replaced
    }

    /// The static value for a side.
    fn evaluate(&mut self, side: Player) -> i32 {
        if side == COALITION {
            -self.evaluation_for(self.root)
        } else {
            let (players, preference) = (self.pos.players(), self.profile.draw_preference());
            with_draw_preference(
                self.evaluation_for(side),
                players,
                side,
                self.root,
                preference,
            )
        }
    }

    /// The evaluator's value of the position for `player`; a network's is remembered for the
    /// next call: a node often asks twice (reverse futility, then the null move), and a
    /// network's value costs more than a hash comparison (a game's own evaluation, less).
    fn evaluation_for(&mut self, player: Player) -> i32 {
        let Some(line) = &mut self.line_sums else {
            return self.evaluator.evaluate(&self.pos, player);
        };
        let key = (self.pos.hash(), player);
        match self.last_evaluation {
            Some((seen, value)) if seen == key => value,
            _ => {
                let value = line.evaluate(&self.pos, player);
                self.last_evaluation = Some((key, value));
                value
            }
        }
    }

    /// The value of a finished game for a side, `ply` plies from the root.
    fn terminal(&self, side: Player, ply: usize) -> i32 {
        let outcome = self.pos.outcome().expect("a finished game has a result");
        if side == COALITION {
            -terminal_value(outcome, self.root, self.pos.players(), ply)
        } else {
            terminal_value(outcome, side, self.pos.players(), ply)
        }
    }

    /// Plays `mv`, searches the child `child` (its depth before any extension), and takes
    /// the move back. `window` says whether the whole window is searched or a (reduced)
    /// probe first.
    fn visit(&mut self, mv: G::Move, child: Node, window: Window) -> i32 {
        let hand_back = self.best_reply_node() && self.mover() != self.root;
        self.play(mv);
        // A decision that finishes the turn (a removal after a mill) is searched to the
        // depth of the decision that started it, and so is a threat's answer.
        let extended =
            self.profile.extensions && (self.pos.finishes_turn() || self.pos.must_answer_threat());
        let child = Node {
            depth: child.depth + extended as u32,
            ..child
        };
        if let Some(tt) = self.tt.filter(|_| child.depth > 0) {
            // The child looks itself up first unless it is a leaf: start fetching its bucket.
            tt.prefetch(self.pos.hash() ^ self.key_salt);
        }
        self.count_node();
        let handed = hand_back && self.hand_turn_back();
        let value = match window {
            Window::Full => self.value_for(child),
            Window::Probe { reduced } => {
                let (alpha, beta) = (child.alpha, child.beta);
                let probe_node = child.within(alpha, alpha + 1);
                let mut probe = self.value_for(Node {
                    depth: child.depth - reduced,
                    ..probe_node
                });
                if reduced > 0 && probe > alpha {
                    probe = self.value_for(probe_node);
                }
                if probe > alpha && probe < beta {
                    self.value_for(child)
                } else {
                    probe
                }
            }
        };
        if handed {
            // The line goes on out of turn: it is no game line to show.
            self.frames[child.ply].pv.clear();
            self.take_back();
        }
        self.take_back();
        value
    }

    /// The value, for `node.side`, of the position just reached as `node`.
    fn value_for(&mut self, node: Node) -> i32 {
        self.frames[node.ply].pv.clear();
        self.seldepth = self.seldepth.max(node.ply);
        match self.pos.turn() {
            Turn::Over => self.terminal(node.side, node.ply),
            _ if self.pos.repeats_earlier() => 0,
            Turn::Player(next) if self.side_of(next) == node.side => self.negamax(node),
            Turn::Player(next) if self.best_reply_node() && next != self.root => {
                -self.best_reply(node.for_other(COALITION))
            }
            Turn::Player(next) => -self.negamax(node.for_other(self.side_of(next))),
            Turn::Chance => self.expectation(node),
        }
    }

    /// A node whose mover is on `node.side`.
    fn negamax(&mut self, node: Node) -> i32 {
        let (key, hash_move) = match self.enter_node(node) {
            Ok(entry) => entry,
            Err(value) => return value,
        };
        let node = match self.profile.internal_reductions {
            true => Node {
                depth: node.depth
                    - reductions::internal(
                        node.depth,
                        hash_move,
                        self.profile.iir_min_depth as u32,
                    ),
                ..node
            },
            false => node,
        };
        if let Some(value) = self.futility_cut(node) {
            return value;
        }
        if let Some(value) = self.null_move_cut(node) {
            return value;
        }
        let mut result = NodeResult::new(node.alpha, node.beta);
        self.search_moves(node, hash_move, &mut result);
        self.store_table(key, node, &result);
        result.best
    }

    /// Searches the mover's moves at `node`, best-ordered, into `result`. Returns (whether
    /// the search cut off or stopped, whether one of these moves became the best).
    fn search_moves(
        &mut self,
        node: Node,
        hash_move: u32,
        result: &mut NodeResult<G::Move>,
    ) -> (bool, bool) {
        let (ply, mover) = (node.ply, self.mover());
        let mut list = std::mem::take(&mut self.frames[ply].list);
        self.pos.generate(&mut list.moves);
        self.ordering.score(
            &self.pos,
            &list.moves,
            &mut list.scores,
            hash_move,
            ply,
            mover,
        );
        list.left = MovesLeft::new(list.moves.len());
        let (mut cut, mut improved) = (false, false);
        let mut i = 0;
        while i < list.left.end {
            if let Some(done) = self.split_moves(node, &mut list, i, result) {
                (cut, improved) = (cut || done.0, improved || done.1);
                break;
            }
            if !self.pick_searched(&mut list, i, node, result.best) {
                break;
            }
            let mv = list.moves[i];
            let window = if result.best == -INFINITY {
                Window::Full
            } else {
                let reduced = self.late_reduction(node.depth, i, list.scores[i], node.is_pv());
                Window::Probe { reduced }
            };
            let value = self.visit(mv, node.child(result.alpha, result.beta), window);
            if self.stopped() {
                (result.best, result.best_move, cut) = (0, None, true);
                break;
            }
            if value > result.best {
                result.best = value;
                if value > result.alpha {
                    result.alpha = value;
                    result.best_move = Some(mv);
                    improved = true;
                    self.extend_line(ply, mv);
                    if value >= result.beta {
                        self.ordering
                            .reward(mv, &list.moves[..i], node.depth, ply, mover);
                        cut = true;
                        break;
                    }
                }
            }
            i += 1;
        }
        self.frames[ply].list = list;
        (cut, improved)
    }

    /// The line at `ply`: `mv`, then the line found below it.
    fn extend_line(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }
}

#[cfg(test)]
mod tests;
