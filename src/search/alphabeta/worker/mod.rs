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

use super::ordering::MoveOrdering;
use super::split::SplitBoard;
use crate::game::profile::Profile;
use crate::net::Evaluator;
use crate::search::limits::TimePlan;
use crate::search::score::{INFINITY, MAX_PLY, terminal_value, with_draw_preference};
use crate::search::settings::{ManyPlayers, Style};
use crate::search::tt::TranspositionTable;
use late_moves::MovesLeft;

const NODES_PER_FLUSH: u64 = 1024;
/// The side of the other players when a game of more than two is searched paranoidly.
const COALITION: Player = Player::MAX;

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
    move_buffers: Vec<Vec<G::Move>>,
    score_buffers: Vec<Vec<i32>>,
    chance_buffers: Vec<Vec<chance::Outcome<G::Move>>>,
    pv: Vec<Vec<G::Move>>,
    ordering: MoveOrdering<G>,
    /// The search's choices and numbers.
    pub profile: Profile,
    /// Late-move reductions by depth and move index, from the profile; made only where the
    /// profile reduces late moves.
    reduction_table: Option<Box<reductions::Table>>,
    /// Plies whose position was reached by a null move (no second one in a row).
    after_null: Vec<bool>,
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
    /// The last static value asked for: the position's hash, the player, the value.
    last_evaluation: std::cell::Cell<Option<((u64, Player), i32)>>,
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
            last_evaluation: std::cell::Cell::new(None),
            profile: style.profile,
            reduction_table: style
                .profile
                .late_move_reductions
                .then(|| reductions::table(&style.profile)),
            after_null: vec![false; MAX_PLY + 2],
            pos,
            tt,
            stop,
            shared_nodes,
            budget,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            move_buffers: vec![Vec::new(); MAX_PLY + 2],
            score_buffers: vec![Vec::new(); MAX_PLY + 2],
            chance_buffers: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            ordering: MoveOrdering::new(),
            board: None,
            split_level: None,
        }
    }

    /// Whether a node searched within (alpha, beta) may be cut on a guess (a null move, a
    /// futile margin): a zero-window node of a two-player search, away from mate scores.
    fn may_cut_by_a_guess(&self, alpha: i32, beta: i32) -> bool {
        !self.paranoid && beta - alpha == 1 && beta.abs() < crate::search::score::MATE_BOUND
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

    /// The static value for a side.
    fn evaluate(&self, side: Player) -> i32 {
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
    fn evaluation_for(&self, player: Player) -> i32 {
        if let Evaluator::Classic = self.evaluator {
            return self.pos.evaluate(player);
        }
        let key = (self.pos.hash(), player);
        match self.last_evaluation.get() {
            Some((seen, value)) if seen == key => value,
            _ => {
                let value = self.evaluator.evaluate(&self.pos, player);
                self.last_evaluation.set(Some((key, value)));
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

    /// Plays `mv`, searches the child (`depth` left, at `ply`) for `side`, and takes the move back.
    /// `window` says whether the whole window is searched or a (reduced) probe first.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        mv: G::Move,
        side: Player,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        window: Window,
    ) -> i32 {
        let hand_back = self.best_reply_node() && self.mover() != self.root;
        self.pos.make(mv);
        // A decision that finishes the turn (a removal after a mill) is searched to the
        // depth of the decision that started it, and so is a threat's answer.
        let depth = depth
            + (self.profile.extensions
                && (self.pos.finishes_turn() || self.pos.must_answer_threat()))
                as u32;
        if let Some(tt) = self.tt.filter(|_| depth > 0) {
            // The child looks itself up first unless it is a leaf: start fetching its bucket.
            tt.prefetch(self.pos.hash() ^ self.key_salt);
        }
        self.count_node();
        let handed = hand_back && self.hand_turn_back();
        let value = match window {
            Window::Full => self.value_for(side, depth, ply, alpha, beta),
            Window::Probe { reduced } => {
                let mut probe = self.value_for(side, depth - reduced, ply, alpha, alpha + 1);
                if reduced > 0 && probe > alpha {
                    probe = self.value_for(side, depth, ply, alpha, alpha + 1);
                }
                if probe > alpha && probe < beta {
                    self.value_for(side, depth, ply, alpha, beta)
                } else {
                    probe
                }
            }
        };
        if handed {
            // The line goes on out of turn: it is no game line to show.
            self.pv[ply].clear();
            self.pos.unmake();
        }
        self.pos.unmake();
        value
    }

    /// The value, for `side`, of the position just reached at `ply` with `depth` left.
    fn value_for(&mut self, side: Player, depth: u32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        match self.pos.turn() {
            Turn::Over => self.terminal(side, ply),
            _ if self.pos.repeats_earlier() => 0,
            Turn::Player(next) if self.side_of(next) == side => {
                self.negamax(depth, ply, alpha, beta)
            }
            Turn::Player(next) if self.best_reply_node() && next != self.root => {
                -self.best_reply(depth, ply, -beta, -alpha)
            }
            Turn::Player(_) => -self.negamax(depth, ply, -beta, -alpha),
            Turn::Chance => self.expectation(side, depth, ply, alpha, beta),
        }
    }

    fn negamax(&mut self, depth: u32, ply: usize, alpha: i32, beta: i32) -> i32 {
        let side = self.side_of(self.mover());
        let (key, hash_move) = match self.enter_node(side, depth, ply, alpha, beta) {
            Ok(entry) => entry,
            Err(value) => return value,
        };
        let depth = match self.profile.internal_reductions {
            true => {
                depth - reductions::internal(depth, hash_move, self.profile.iir_min_depth as u32)
            }
            false => depth,
        };
        if let Some(value) = self.futility_cut(side, depth, alpha, beta) {
            return value;
        }
        if let Some(value) = self.null_move_cut(side, depth, ply, alpha, beta) {
            return value;
        }
        let mut node = NodeResult::new(alpha, beta);
        self.search_moves(side, depth, ply, hash_move, &mut node);
        self.store_table(key, depth, ply, (alpha, beta), node.best, node.best_move);
        node.best
    }

    /// Searches the mover's moves here, best-ordered, for `side` into `node`. Returns
    /// (whether the search cut off or stopped, whether one of these moves became the best).
    fn search_moves(
        &mut self,
        side: Player,
        depth: u32,
        ply: usize,
        hash_move: u32,
        node: &mut NodeResult<G::Move>,
    ) -> (bool, bool) {
        let mover = self.mover();
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        self.pos.generate(&mut moves);
        self.ordering
            .score(&self.pos, &moves, &mut scores, hash_move, ply, mover);
        let (mut cut, mut improved) = (false, false);
        let pv_node = node.beta - node.alpha > 1;
        let (mut i, mut left) = (0, MovesLeft::new(moves.len()));
        while i < left.end {
            let sides = (side, mover);
            let lists = (&mut moves[..left.end], &mut scores[..left.end]);
            if let Some(done) = self.split_moves(sides, depth, ply, lists, i, pv_node, node) {
                (cut, improved) = (cut || done.0, improved || done.1);
                break;
            }
            let lists = (&mut moves[..], &mut scores[..]);
            if !self.pick_searched(lists, i, &mut left, (depth, pv_node, node.best)) {
                break;
            }
            let mv = moves[i];
            let window = if node.best == -INFINITY {
                Window::Full
            } else {
                let reduced = self.late_reduction(depth, i, scores[i], pv_node);
                Window::Probe { reduced }
            };
            let value = self.visit(mv, side, depth - 1, ply + 1, node.alpha, node.beta, window);
            if self.stopped() {
                (node.best, node.best_move, cut) = (0, None, true);
                break;
            }
            if value > node.best {
                node.best = value;
                if value > node.alpha {
                    node.alpha = value;
                    node.best_move = Some(mv);
                    improved = true;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if value >= node.beta {
                        self.ordering.reward(mv, &moves[..i], depth, ply, mover);
                        cut = true;
                        break;
                    }
                }
            }
            i += 1;
        }
        self.move_buffers[ply] = moves;
        self.score_buffers[ply] = scores;
        (cut, improved)
    }
}

#[cfg(test)]
mod tests;
