//! Monte Carlo tree search over a store of positions shared by transpositions: plain UCT
//! with playouts, or PUCT guided by the evaluation (priors, evaluated leaves and implicit
//! minimax backups); with MCTS-Solver, max^n rewards for any number of players, chance
//! outcomes visited in proportion to their weights, tree reuse between moves, and tree
//! parallelism with virtual loss.

mod budget;
pub mod edges;
pub mod expand;
mod pending;
pub mod playout;
pub mod solver;
pub mod tree;
mod walker;

use std::sync::atomic::Ordering::Relaxed;

use super::helpers::with_helpers;
use super::limits::TimePlan;
use super::report::{Event, Line, Progress};
use super::score::terminal_value;
pub use super::settings::{LeafScoring, MctsSettings};
use super::settings::{SearchParams, SearchReport};
use crate::game::{Game, Player, Turn};
use budget::IterationBudget;
use edges::Edge;
use expand::Perspective;
use pending::Stats;
use playout::centipawns;
use solver::Proof;
use tree::{Allowance, Tree};
use walker::{Walker, edges_of, guided_value};

/// A profile knob in hundredths as the number it stands for (`mcts_exploration 50` is 0.5).
pub fn hundredths(knob: i32) -> f32 {
    knob as f32 / 100.0
}

/// The most iterations between looks at the clock.
const CHECK_INTERVAL: u64 = 256;
/// How much search time the looks at the clock are spaced by (from the measured rate), so that
/// a search stops within about this long of its target however slow its iterations are.
const CHECK_SPACING: std::time::Duration = std::time::Duration::from_micros(500);
/// Iterations before the first `info` line; the next come at every doubling.
const FIRST_REPORT: u64 = 1024;
/// The longest principal variation reported.
const PV_LIMIT: usize = 64;

/// Searches `root` (which must have a player to move) with MCTS in `tree`, keeping what the
/// tree knows of earlier searches unless it is over half full (see [`Tree::prepare`]).
/// `nodes` counts iterations; the style's evaluator scores leaves and edges, its MCTS
/// settings (`Playout auto` where it has none) and its profile shape the search.
pub fn search<G: Game>(
    root: &G,
    params: &SearchParams<G>,
    tree: &mut Tree<G::Move>,
) -> SearchReport<G::Move> {
    let Turn::Player(player) = root.turn() else {
        panic!("search needs a player to move");
    };
    let profile = &params.style.profile;
    let settings = &params.style.mcts_settings();
    tree.prepare(settings.leaves == LeafScoring::Evaluation);
    let evaluator = params.style.evaluator;
    let (mut pos, mut moves) = (root.clone(), Vec::new());
    let mut add_root = |tree: &Tree<G::Move>| {
        tree.find_or_add(root.hash(), &mut Allowance::default(), || {
            edges_of(&mut pos, settings, profile, evaluator, &mut moves)
        })
    };
    let slot = match add_root(tree) {
        Some(slot) => slot,
        None => {
            tree.clear();
            add_root(tree).expect("an empty tree has room for the root")
        }
    };
    let tree = &*tree;
    let plan = TimePlan::new(
        params.limits,
        player as usize,
        params.move_overhead,
        &params.style.profile,
    );
    let budget = IterationBudget::new(params.limits.nodes, params.threads);
    let walker = |thread: u64| {
        let seed = settings.seed ^ root.hash() ^ thread.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Walker::new(tree, slot, root, &params.style, seed, params.threads > 1)
    };
    let search = Search {
        root,
        tree,
        slot,
        player,
        params,
        settings,
        plan: &plan,
    };
    let helper = |helper: usize| {
        let mut walker = walker(helper as u64);
        let mut granted = 0;
        while !params.stop.load(Relaxed) {
            if granted == 0 {
                granted = budget.claim();
                if granted == 0 {
                    break;
                }
            }
            walker.iterate();
            granted -= 1;
            budget.record(helper, walker.iterations);
        }
        walker.finish();
    };
    let main = with_helpers(params.threads.max(1) - 1, &helper, || {
        let mut main = walker(0);
        // Spent budget stops the helpers as their claims run dry, after the iterations they
        // hold, so that `nodes` is exact; any other end stops them at once.
        if !search.run(&mut main, &budget) {
            params.stop.store(true, Relaxed);
        }
        main.finish();
        main
    });
    let report = search.report(&main, &budget);
    search.progress(&main, &report);
    report
}

/// Iterations until the next look at the clock: what the main thread does in
/// [`CHECK_SPACING`] at its rate so far (at least 1, at most [`CHECK_INTERVAL`]).
fn check_interval(iterations: u64, elapsed: std::time::Duration) -> u64 {
    let per_second = iterations as f64 / elapsed.as_secs_f64().max(1e-6);
    (per_second * CHECK_SPACING.as_secs_f64()).clamp(1.0, CHECK_INTERVAL as f64) as u64
}

/// The main thread's view of one search.
struct Search<'a, G: Game> {
    root: &'a G,
    tree: &'a Tree<G::Move>,
    slot: u32,
    player: Player,
    params: &'a SearchParams<'a, G>,
    settings: &'a MctsSettings,
    plan: &'a TimePlan,
}

impl<G: Game> Search<'_, G> {
    /// Whether the tree is guided by the evaluation.
    fn guided(&self) -> bool {
        self.settings.leaves == LeafScoring::Evaluation
    }

    /// Iterates until a limit, `stop`, or a proven root; reports at every doubling. Returns
    /// whether it stopped because the node limit was spent.
    fn run(&self, main: &mut Walker<G>, budget: &IterationBudget) -> bool {
        let limits = self.params.limits;
        let root = self.tree.node(self.slot);
        let single_reply = root.edges().len() == 1 && self.plan.is_timed();
        let mut next_report = FIRST_REPORT;
        let mut next_check = 1;
        let mut granted = 0;
        loop {
            if self.params.stop.load(Relaxed) {
                return false;
            }
            if granted == 0 {
                granted = budget.claim();
                if granted == 0 {
                    break;
                }
            }
            main.iterate();
            granted -= 1;
            budget.record(0, main.iterations);
            let proven = Proof::load(&root.proof).is_some();
            if (proven || single_reply) && !limits.infinite {
                return false;
            }
            if limits.depth.is_some_and(|d| main.average_depth() >= d) {
                return false;
            }
            if main.iterations >= next_check {
                if self.plan.target_reached() {
                    return false;
                }
                next_check = main.iterations + check_interval(main.iterations, self.plan.elapsed());
            }
            if main.iterations >= next_report {
                next_report *= 2;
                if self.params.reporter.is_some() {
                    self.progress(main, &self.report(main, budget));
                }
            }
        }
        if limits.infinite {
            while !self.params.stop.load(Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        true
    }

    /// The best move, its score and line so far.
    fn report(&self, main: &Walker<G>, budget: &IterationBudget) -> SearchReport<G::Move> {
        let pv = self.principal_variation();
        let root = self.tree.node(self.slot);
        let best = &root.edges()[best_edge(root.edges(), self.player, self.root.players())];
        let score = match Proof::load(&best.proof) {
            Some(proof) => terminal_value(
                proof.outcome,
                self.player,
                self.root.players(),
                proof.plies as usize + 1,
            ),
            None if self.guided() => centipawns(
                guided_value(
                    Stats::of(best),
                    self.player,
                    hundredths(self.params.style.profile.mcts_minimax),
                    Perspective::new(self.root.players()),
                ) as f64,
                f64::from(self.params.style.profile.evaluation_decade),
            ),
            None => centipawns(
                best.mean().unwrap_or(0.5),
                f64::from(self.params.style.profile.evaluation_decade),
            ),
        };
        SearchReport {
            best: best.mv,
            score,
            depth: main.average_depth(),
            nodes: budget.done(),
            pv,
            root_visits: root
                .edges()
                .iter()
                .map(|edge| (edge.mv, edge.visits.load(Relaxed)))
                .collect(),
        }
    }

    /// The line of best edges from the root while the tree has nodes for it.
    fn principal_variation(&self) -> Vec<G::Move> {
        let mut pos = self.root.clone();
        let mut line = Vec::new();
        let mut slot = Some(self.slot);
        while let Some(node) = slot.map(|s| self.tree.node(s)) {
            let edges = node.edges();
            let index = match pos.turn() {
                Turn::Player(player) => best_edge(edges, player, pos.players()),
                _ => most_visited(edges),
            };
            let Some(edge) = edges.get(index) else { break };
            if edge.visits.load(Relaxed) == 0 || line.len() == PV_LIMIT {
                break;
            }
            line.push(edge.mv);
            pos.make(edge.mv);
            slot = edge.child.load(Relaxed).checked_sub(1);
        }
        line
    }

    /// Hands the reporter where the search stands.
    fn progress(&self, main: &Walker<G>, report: &SearchReport<G::Move>) {
        let Some(reporter) = self.params.reporter else {
            return;
        };
        let progress = Progress {
            depth: report.depth,
            seldepth: main.seldepth.max(report.depth as usize),
            nodes: report.nodes,
            elapsed: self.plan.elapsed(),
            hashfull: self.tree.permille() as u32,
            lines: vec![Line {
                score: report.score,
                pv: report.pv.clone(),
            }],
            player_scores: None,
        };
        reporter.report(self.root, Event::Progress(progress));
    }
}

/// The edge `player` should take: the quickest proven win, else the most visited edge not
/// proven lost, else the longest loss.
fn best_edge<M>(edges: &[Edge<M>], player: Player, players: usize) -> usize {
    let rank = |edge: &Edge<M>| -> (u32, i64) {
        let visits = edge.visits.load(Relaxed) as i64;
        match Proof::load(&edge.proof) {
            None => (1, visits),
            Some(p) => match p.outcome.half_points(player, players) {
                2 => (2, -(p.plies as i64)),
                1 => (1, visits),
                _ => (0, p.plies as i64),
            },
        }
    };
    (0..edges.len())
        .max_by_key(|&i| (rank(&edges[i]), std::cmp::Reverse(i)))
        .unwrap_or(0)
}

/// The most visited edge (chance outcomes in the principal variation).
fn most_visited<M>(edges: &[Edge<M>]) -> usize {
    (0..edges.len())
        .max_by_key(|&i| (edges[i].visits.load(Relaxed), std::cmp::Reverse(i)))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_clock_is_read_about_every_half_millisecond_of_search() {
        let second = Duration::from_secs(1);
        assert_eq!(
            check_interval(2_000, second),
            1,
            "slow iterations: every one"
        );
        assert_eq!(check_interval(100_000, second), 50);
        assert_eq!(check_interval(10_000_000, second), CHECK_INTERVAL);
        assert_eq!(check_interval(0, Duration::ZERO), 1);
    }
}
