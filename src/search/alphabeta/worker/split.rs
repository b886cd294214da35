//! A worker's side of work splitting ([`crate::search::alphabeta::split`]): threads open split points
//! where others stand idle, work in them, and wait for work when they have none.

use std::sync::atomic::Ordering::Relaxed;

use crate::game::Game;

use super::late_moves::MovesLeft;
use super::root::RootProgress;
use super::{MoveList, NodeResult, RootMove, Window, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::alphabeta::split::{Job, SplitBoard, SplitPoint};
use crate::search::score::INFINITY;

/// The fewest plies left at a node worth splitting: with quiescence below the last ply, a
/// 2-ply node's moves are worth handing out, and splitting there keeps a helper busy in the
/// 3-ply iterations of short searches.
const MIN_SPLIT_DEPTH: u32 = 2;
/// Spins of an idle thread between two offers of its core to other threads.
const SPINS_PER_YIELD: u32 = 4096;
/// Spins of an idle helper before it sleeps until a split point opens (some 100 us).
const SPINS_BEFORE_PARK: u32 = 2048;

/// One turn of a thread waiting for work: a spin, and now and then its core offered to
/// other threads (where there are more threads than cores). Returns the spins so far.
fn pause(spins: u32) -> u32 {
    if spins % SPINS_PER_YIELD == SPINS_PER_YIELD - 1 {
        std::thread::yield_now();
    }
    std::hint::spin_loop();
    spins.wrapping_add(1)
}

impl<'a, G: Game> Worker<'a, G> {
    /// This worker, sharing work through `board` (all threads of a search share one).
    pub fn with_board(mut self, board: &'a SplitBoard<G>) -> Self {
        self.board = Some(board);
        self
    }

    /// Whether the split point this thread works in, or one around it, was cut.
    pub(super) fn split_cut(&self) -> bool {
        match (self.split_level, self.board) {
            (Some(level), Some(board)) => board.cut_at_or_above(level),
            _ => false,
        }
    }

    /// Whether this thread should split a node with `depth` left whose first move is
    /// searched: only where another thread waits for work and this one may open a split
    /// point.
    pub(super) fn may_split(&self, depth: u32) -> bool {
        depth >= MIN_SPLIT_DEPTH
            && self
                .board
                .is_some_and(|board| board.someone_idle() && board.innermost(self.split_level))
    }

    /// A helper thread's life: waits for split points (spinning a while, then asleep) and
    /// searches their moves, until the search stops.
    pub fn help(&mut self) {
        let board = self.board.expect("a helper shares a board");
        let mut known_id = 0;
        let mut spins = 0;
        board.set_idle(true);
        while !self.stop.load(Relaxed) {
            let joined = match board.is_open() {
                true => board.join(None, known_id),
                false => None,
            };
            let Some(joined) = joined else {
                spins = pause(spins);
                if spins >= SPINS_BEFORE_PARK {
                    board.park(self.stop);
                    spins = 0;
                }
                continue;
            };
            spins = 0;
            if let Some(pos) = joined.pos {
                self.put_position(pos);
            }
            known_id = joined.id;
            self.work_joined(board, joined.level, joined.node);
        }
        board.set_idle(false);
    }

    /// Takes and searches moves of the split point at `level` until none is left, it is
    /// cut, or the search stops; hands each finished move's value back.
    fn work_in(&mut self, board: &SplitBoard<G>, level: usize, node: Node) {
        while let Some((job, alpha)) = board.take(level) {
            let window = Window::Probe {
                reduced: job.reduced,
            };
            let value = self.visit(job.mv, node.child(alpha, node.beta), window);
            if self.stopped() {
                break;
            }
            board.record(level, job, value, &self.frames[node.ply + 1].pv);
        }
    }

    /// Opens a split point here, searches its moves with the other threads and closes it
    /// once they are done; `None` where another thread opened one first.
    fn share_out(
        &mut self,
        node: Node,
        jobs: Vec<Job<G::Move>>,
        alpha: i32,
        best: i32,
    ) -> Option<SplitPoint<G>> {
        let board = self.board.expect("only a worker with a board splits");
        let split = SplitPoint::new(self.pos.clone(), node, jobs, alpha, best);
        let level = board.open(split, self.split_level)?;
        let outer = self.split_level.replace(level);
        self.work_in(board, level, node);
        let split = self.close(board, level);
        self.split_level = outer;
        Some(split)
    }

    /// Waits until the others are done with the split point at `level` (helping in the split
    /// points nested in it meanwhile), then takes it off the stack.
    fn close(&mut self, board: &SplitBoard<G>, level: usize) -> SplitPoint<G> {
        board.set_idle(true);
        let mut spins = 0;
        loop {
            if let Some(split) = board.try_close(level) {
                board.set_idle(false);
                return split;
            }
            let joined = match board.is_open() {
                true => board.join(Some(level), 0),
                false => None,
            };
            let Some(joined) = joined else {
                self.check_budget(true);
                spins = pause(spins);
                continue;
            };
            let pos = joined.pos.expect("a position, no id being known");
            let own = self.put_position(pos);
            self.work_joined(board, joined.level, joined.node);
            self.put_position(own);
        }
    }

    /// Works in the split point at `level` that this idle thread joined (its position
    /// already in `self.pos`), then leaves it and is idle again.
    fn work_joined(&mut self, board: &SplitBoard<G>, level: usize, node: Node) {
        board.set_idle(false);
        let outer = self.split_level.replace(level);
        self.work_in(board, level, node);
        self.split_level = outer;
        board.set_idle(true);
        board.leave(level);
    }

    /// Searches `moves[from..]` (ordering them as the sequential loop would) in a split
    /// point if one is worth opening here; returns `None` where it is not, else (whether
    /// the node cut off or stopped, whether one of these moves became the best).
    pub(super) fn split_moves(
        &mut self,
        node: Node,
        list: &mut MoveList<G::Move>,
        from: usize,
        result: &mut NodeResult<G::Move>,
    ) -> Option<(bool, bool)> {
        let end = list.left.end;
        if from == 0 || from >= end || !self.may_split(node.depth) {
            return None;
        }
        let mover = self.mover();
        // The moves still to search, as a list of their own (so that the sequential loop's
        // cut to the noisy moves is made afresh within them).
        let mut rest = MoveList {
            moves: std::mem::take(&mut list.moves),
            scores: std::mem::take(&mut list.scores),
            left: MovesLeft::new(end),
        };
        let mut jobs = Vec::with_capacity(end - from);
        let mut i = from;
        while i < rest.left.end {
            if !self.pick_searched(&mut rest, i, node, result.best) {
                break;
            }
            jobs.push(Job {
                index: i,
                mv: rest.moves[i],
                reduced: self.late_reduction(node.depth, i, rest.scores[i], node.is_pv()),
            });
            i += 1;
        }
        (list.moves, list.scores) = (rest.moves, rest.scores);
        if jobs.is_empty() {
            return Some((false, false));
        }
        let split = self.share_out(node, jobs, result.alpha, result.best)?;
        if self.stopped() {
            (result.best, result.best_move) = (0, None);
            return Some((true, false));
        }
        result.best = result.best.max(split.best);
        let mut improved = false;
        for raise in split.raises {
            if raise.value > result.alpha {
                result.alpha = raise.value;
                result.best_move = Some(raise.line[0]);
                self.frames[node.ply].pv = raise.line;
                improved = true;
                if split.cut && result.alpha >= result.beta {
                    let moves = &list.moves;
                    let (mv, before) = (moves[raise.index], &moves[..raise.index]);
                    self.ordering
                        .reward(mv, before, node.depth, node.ply, mover);
                }
            }
        }
        Some((split.cut, improved))
    }

    /// Searches the root moves `lines[from..]` in a split point, as the sequential root loop
    /// would (`root`: the root node, its window's upper end the search's): each gets the
    /// score it raised alpha to, or -INFINITY, and `progress` takes in what they found.
    /// Returns whether it could open one.
    pub(super) fn split_root(
        &mut self,
        lines: &mut [RootMove<G::Move>],
        from: usize,
        root: Node,
        progress: &mut RootProgress,
    ) -> bool {
        let jobs = (from..lines.len())
            .map(|i| Job {
                index: i,
                mv: lines[i].mv,
                reduced: 0,
            })
            .collect();
        let here = root.within(progress.alpha, root.beta);
        let Some(split) = self.share_out(here, jobs, progress.alpha, progress.best) else {
            return false;
        };
        for line in &mut lines[from..] {
            line.score = -INFINITY;
        }
        progress.best = progress.best.max(split.best);
        for raise in split.raises {
            progress.alpha = raise.value;
            progress.raised = Some(raise.index);
            let line = &mut lines[raise.index];
            line.score = raise.value;
            line.pv = raise.line;
        }
        true
    }
}
