//! Iterative deepening alpha-beta over any game: aspiration windows, MultiPV, the max^n
//! fallback, and threads that split the work (`split`); each thread's search is a
//! [`worker`]'s.

pub mod node;
mod ordering;
pub mod split;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use crate::game::{Game, Turn};
use crate::search::helpers;
use crate::search::limits::{SearchLimits, TimePlan};
use crate::search::report::{Event, Line, Progress, Reporter};
use crate::search::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::search::settings::{SearchParams, SearchReport, Style};
use crate::search::tt::TranspositionTable;
use split::SplitBoard;
use worker::{MainThreadLimits, RootMove, Worker};

/// Searches `root` (which must have a player to move) and returns the best move.
pub fn search<G: Game>(root: &G, params: &SearchParams<G>) -> SearchReport<G::Move> {
    let Turn::Player(player) = root.turn() else {
        panic!("search needs a player to move");
    };
    params.tt.new_search();
    let shared_nodes = AtomicU64::new(0);
    let budget = MainThreadLimits {
        plan: TimePlan::new(
            params.limits,
            player as usize,
            params.move_overhead,
            &params.style.profile,
        ),
        nodes: params.limits.nodes,
    };
    let board = SplitBoard::default();
    let helper = |_| {
        let mut worker = Worker::new(
            root.clone(),
            Some(params.tt),
            params.stop,
            &shared_nodes,
            None,
            params.style,
        )
        .with_board(&board);
        worker.help();
        worker.flush_nodes();
    };
    helpers::with_helpers(params.threads.max(1) - 1, &helper, || {
        let mut main = Worker::new(
            root.clone(),
            Some(params.tt),
            params.stop,
            &shared_nodes,
            Some(budget),
            params.style,
        );
        if params.threads > 1 {
            main = main.with_board(&board);
        }
        let report = iterate(&mut main, &Deepening::of(params));
        if params.limits.infinite {
            while !params.stop.load(Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        params.stop.store(true, Relaxed);
        board.wake_all();
        main.flush_nodes();
        report
    })
    .with_total_nodes(&shared_nodes)
}

impl<M> SearchReport<M> {
    fn with_total_nodes(mut self, nodes: &AtomicU64) -> Self {
        self.nodes = nodes.load(Relaxed);
        self
    }
}

/// The root value of a single-threaded search to exactly `depth` in the given style, without
/// the max^n fallback (for tests and tools).
pub fn fixed_depth_value<G: Game>(
    root: &G,
    depth: u32,
    tt: Option<&TranspositionTable>,
    style: Style,
) -> i32 {
    let stop = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    let budget = MainThreadLimits {
        plan: TimePlan::new(&limits, 0, 0, &style.profile),
        nodes: None,
    };
    let mut worker = Worker::new(root.clone(), tt, &stop, &nodes, Some(budget), style);
    let deepening = Deepening {
        limits: &limits,
        multipv: 1,
        reporter: None,
        fallback: false,
    };
    iterate(&mut worker, &deepening).score
}

/// The quiescence search's value of `root` for its player to decide, over a full window: the
/// engine's alpha-beta over the noisy decisions, whose value is the textbook
/// [`reference::negamax_quiescent`]'s at depth 0 with far fewer nodes (for tools). A position
/// with no player to decide gets the static value for player 0.
pub fn quiescence_value<G: Game>(root: &G) -> i32 {
    let stop = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let style = Style::plain::<G>().with(|profile| profile.quiescence = true);
    let side = match root.turn() {
        Turn::Player(p) => p,
        _ => return root.evaluate(0),
    };
    let mut worker = Worker::new(root.clone(), None, &stop, &nodes, None, style);
    worker.horizon_value(node::Node {
        side,
        depth: 0,
        ply: 0,
        alpha: -INFINITY,
        beta: INFINITY,
    })
}

/// What iterative deepening needs beyond the worker.
struct Deepening<'a, G: Game> {
    limits: &'a SearchLimits,
    multipv: usize,
    reporter: Option<&'a dyn Reporter<G>>,
    /// Whether a paranoid search that sees only losses may switch to max^n.
    fallback: bool,
}

impl<'a, G: Game> Deepening<'a, G> {
    fn of(params: &SearchParams<'a, G>) -> Self {
        Deepening {
            limits: params.limits,
            multipv: params.multipv,
            reporter: params.reporter,
            fallback: true,
        }
    }
}

/// Iterative deepening on the main thread (the one with a budget), which reports and decides
/// when to stop; helpers work in its split points.
fn iterate<G: Game>(worker: &mut Worker<G>, params: &Deepening<G>) -> SearchReport<G::Move> {
    let mut moves = Vec::new();
    worker.pos.generate(&mut moves);
    let mut lines: Vec<RootMove<G::Move>> = moves
        .iter()
        .map(|&mv| RootMove {
            mv,
            score: -INFINITY,
            pv: vec![mv],
        })
        .collect();
    let multipv = params.multipv.clamp(1, lines.len().max(1));
    let mut completed = lines[..multipv].to_vec();
    let mut completed_depth = 0;
    let max_depth = params
        .limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32);
    let mut depth = 1;
    while depth <= max_depth {
        let mut found = false;
        for k in 0..multipv {
            let previous = completed.get(k).map_or(0, |line| line.score);
            let narrow = multipv == 1 && !worker.is_max_n();
            found = aspiration_search(worker, &mut lines, k, depth, previous, narrow);
            if worker.stopped() {
                break;
            }
        }
        if worker.stopped() {
            // An unfinished iteration that found a move better than the previous best
            // (searched first) plays it: that is deeper knowledge, not a guess.
            if found && multipv == 1 {
                completed = lines[..1].to_vec();
                report_iteration(worker, params, &completed, depth);
            }
            break;
        }
        completed = lines[..multipv].to_vec();
        completed_depth = depth;
        if params.fallback && worker.sees_only_losses(completed[0].score) {
            worker.switch_to_max_n();
            if let Some(reporter) = params.reporter {
                reporter.report(&worker.pos, Event::MaxNFallback { depth });
            }
            depth = 1;
            continue;
        }
        depth += 1;
        report_iteration(worker, params, &completed, completed_depth);
        let budget = worker.budget().expect("main thread");
        let best = completed[0].score;
        let proven = best.abs() > MATE_BOUND && (MATE - best.abs()) as u32 <= completed_depth;
        let single_reply = lines.len() == 1 && budget.plan.is_timed();
        if !budget.plan.may_start_iteration() || (proven && !params.limits.infinite) || single_reply
        {
            break;
        }
    }
    SearchReport {
        best: completed[0].mv,
        score: completed[0].score,
        depth: completed_depth,
        nodes: worker.nodes,
        pv: completed[0].pv.clone(),
        root_visits: Vec::new(),
    }
}

/// Searches line `k` with a narrow window around the previous score, widening on failure.
/// Returns whether some window found a move that raised alpha, which is then `lines[k]` with
/// the score the latest such window gave it (what a stopped search may still play).
fn aspiration_search<G: Game>(
    worker: &mut Worker<G>,
    lines: &mut [RootMove<G::Move>],
    k: usize,
    depth: u32,
    previous: i32,
    narrow: bool,
) -> bool {
    let profile = worker.profile;
    let mut delta = profile.aspiration_window;
    let windowed = narrow && depth >= profile.aspiration_min_depth as u32;
    let (mut alpha, mut beta) = if windowed && previous.abs() < MATE_BOUND {
        (previous - delta, previous + delta)
    } else {
        (-INFINITY, INFINITY)
    };
    let mut found = Found::default();
    loop {
        let root = worker.search_root(lines, k, depth, alpha, beta);
        let value = root.best;
        // Read once: a `stop` arriving between two reads would skip the score's repair.
        let stopped = worker.stopped();
        found.after_window(root.found, stopped, &mut lines[k]);
        if stopped || (value > alpha && value < beta) {
            return found.is_some();
        }
        if value <= alpha {
            alpha = (value - delta).max(-INFINITY);
        } else {
            beta = (value + delta).min(INFINITY);
        }
        delta *= 2;
        if delta > profile.aspiration_max_window {
            (alpha, beta) = (-INFINITY, INFINITY);
        }
    }
}

/// What the windows of one aspiration search have found: the score of the move (then
/// `lines[k]`) that raised alpha in the latest window that found one.
#[derive(Debug, Default)]
struct Found(Option<i32>);

impl Found {
    /// Takes in a window's outcome: whether it `raised` alpha, whether the search
    /// `stopped` in it, and `line`, the line the windows search. A later window may have
    /// searched the move an earlier one raised alpha with (first in the lines) and marked it
    /// as failing low (search instability); stopped before it raised alpha itself, that
    /// move is still the one to play, with the earlier window's score (not -INFINITY).
    fn after_window<M>(&mut self, raised: bool, stopped: bool, line: &mut RootMove<M>) {
        match (raised, self.0) {
            (true, _) => self.0 = Some(line.score),
            (false, Some(score)) if stopped => line.score = score,
            (false, _) => {}
        }
    }

    fn is_some(&self) -> bool {
        self.0.is_some()
    }
}

fn report_iteration<G: Game>(
    worker: &Worker<G>,
    params: &Deepening<G>,
    lines: &[RootMove<G::Move>],
    depth: u32,
) {
    let Some(reporter) = params.reporter else {
        return;
    };
    let progress = Progress {
        depth,
        seldepth: worker.seldepth.max(depth as usize),
        nodes: worker.total_nodes(),
        elapsed: worker.budget().expect("main thread").plan.elapsed(),
        hashfull: worker.hashfull(),
        lines: lines
            .iter()
            .map(|line| Line {
                score: line.score,
                pv: line.pv.clone(),
            })
            .collect(),
        player_scores: (worker.pos.players() > 2).then(|| worker.leaf_scores(&lines[0].pv)),
    };
    reporter.report(&worker.pos, Event::Progress(progress));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(score: i32) -> RootMove<u8> {
        RootMove {
            mv: 7,
            score,
            pv: vec![7],
        }
    }

    #[test]
    fn a_move_that_failed_high_keeps_its_score_when_the_wider_window_stops_before_a_raise() {
        let mut found = Found::default();
        let mut first = line(150);
        found.after_window(true, false, &mut first);
        // The wider window searched it first, saw it fail low (search instability), and
        // was stopped in a later move.
        first.score = -INFINITY;
        found.after_window(false, true, &mut first);
        assert!(found.is_some());
        assert_eq!(first.score, 150);
    }

    #[test]
    fn a_window_that_raises_alpha_before_the_stop_gives_its_own_score() {
        let mut found = Found::default();
        found.after_window(true, false, &mut line(150));
        let mut raised = line(90);
        found.after_window(true, true, &mut raised);
        assert!(found.is_some());
        assert_eq!(raised.score, 90);
    }

    #[test]
    fn nothing_raised_before_the_stop_leaves_nothing_found() {
        let mut found = Found::default();
        let mut first = line(-INFINITY);
        found.after_window(false, false, &mut first);
        found.after_window(false, true, &mut first);
        assert!(!found.is_some());
        assert_eq!(first.score, -INFINITY);
    }
}
