//! Statistics a thread holds back before publishing them to the shared tree.
//!
//! Threads that share a tree share its best lines: with statistics written straight into
//! the tree, every iteration of every thread writes the edges along the line it shares with
//! the others, and each thread keeps fetching those cache lines back from the other cores
//! (measured: the summing of a node's visits, the first read of its edges, took a third of a
//! two-thread search in Dwindle). Instead, when several threads search, each adds its visits
//! and rewards to its own copy of the edges it passes, and publishes what it added every
//! [`PUBLISH_SPACING`] (looking at the clock every [`PUBLISH_EVERY`] iterations) and when it
//! stops. The same for the minimax values of guided search, which change along most of the
//! line at every iteration (11 writes an iteration in Dwindle). The others see its work that
//! much later. It reads its own copy only, taken when it first passes the node after a
//! publication: merging the tree's figures with its own at every step cost more than the
//! sharing it saved. One thread alone writes the tree directly: it would read exactly the same
//! numbers either way.
//!
//! The spacing is a time, not a count of iterations, because what a publication costs is
//! fixed (every hot edge the thread passed is written, and each write costs the other threads
//! a cache miss when they next read it) while an iteration takes 2-3 us in Dimraw and Dwindle
//! but about 90 us in Splinter: publishing every 16 iterations cost the fast games a tenth of
//! their speed at two threads, and the 256 iterations the fast games want would leave
//! Splinter's threads blind to each other for a fiftieth of a second.

use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use fxhash::FxHashMap;

use super::edges::Edge;
use super::tree::Tree;

/// Iterations between looks at the clock for a publication.
const PUBLISH_EVERY: u64 = 16;
/// The least time between publications.
const PUBLISH_SPACING: Duration = Duration::from_millis(1);
/// The visits from which a node's statistics are held back: below it, threads must see each
/// other's searches under way at once, or they meet at the same new leaves.
pub const HOT_VISITS: u32 = 128;

/// What a search learns of an edge: its visits (searches under way included), reward sum
/// and, when guided, the evaluation's minimax value (see `Edge`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// Visits through the edge.
    pub visits: u32,
    /// The sum of the mover's rewards (fixed point, see `playout::WIN`).
    pub reward: u64,
    /// The minimax value, as `expand::Perspective` keeps it.
    pub value: Option<f32>,
}

impl Stats {
    /// What the tree holds for `edge`.
    pub fn of<M>(edge: &Edge<M>) -> Self {
        Stats {
            visits: edge.visits.load(Relaxed),
            reward: edge.reward.load(Relaxed),
            value: edge.value(),
        }
    }

    /// The mover's mean reward, 0.0 to 1.0 (searches under way count as losses); 0 with no
    /// visits.
    pub fn mean(self) -> f32 {
        if self.visits == 0 {
            return 0.0;
        }
        self.reward as f32 / (self.visits as f32 * super::playout::WIN as f32)
    }
}

/// One thread's view of the hot nodes it passed since its last publication. For each, a run
/// of [`Stats`], one per edge, in one array: the tree's statistics as the thread first read
/// them after the publication, plus its own since. The thread reads only its view there, so
/// that neither merging nor the other threads' writes cost it anything until it publishes;
/// what it adds is kept apart too, to be added to the tree.
pub struct Held {
    runs: FxHashMap<u32, Run>,
    seen: Vec<Stats>,
    own: Vec<Stats>,
    iterations: u64,
    published: Instant,
}

impl Default for Held {
    fn default() -> Self {
        Held {
            runs: FxHashMap::default(),
            seen: Vec::new(),
            own: Vec::new(),
            iterations: 0,
            published: Instant::now(),
        }
    }
}

/// Where a node's statistics start in [`Held`]'s arrays.
pub type Run = usize;

impl Held {
    /// The run of the node in `slot`, if the thread holds it.
    pub fn find(&self, slot: u32) -> Option<Run> {
        self.runs.get(&slot).copied()
    }

    /// Starts holding the node in `slot`, whose edges are `edges`: its run, with the tree's
    /// statistics as they are now.
    pub fn start<M>(&mut self, slot: u32, edges: &[Edge<M>]) -> Run {
        let run = self.seen.len();
        self.seen.extend(edges.iter().map(Stats::of));
        self.own.resize(run + edges.len(), Stats::default());
        self.runs.insert(slot, run);
        run
    }

    /// The statistics of the `width` edges of a run: the tree's plus the thread's own.
    pub fn view(&self, run: Run, width: usize) -> &[Stats] {
        &self.seen[run..run + width]
    }

    /// Counts a visit through edge `edge` of a run; returns the visits it had before.
    pub fn visit(&mut self, run: Run, edge: usize) -> u32 {
        self.own[run + edge].visits += 1;
        let seen = &mut self.seen[run + edge].visits;
        *seen += 1;
        *seen - 1
    }

    /// Adds a reward to edge `edge` of a run.
    pub fn reward(&mut self, run: Run, edge: usize, reward: u64) {
        self.own[run + edge].reward += reward;
        self.seen[run + edge].reward += reward;
    }

    /// Sets the minimax value of edge `edge` of a run.
    pub fn value(&mut self, run: Run, edge: usize, value: f32) {
        self.own[run + edge].value = Some(value);
        self.seen[run + edge].value = Some(value);
    }

    /// Counts an iteration, and publishes everything once [`PUBLISH_SPACING`] has passed
    /// since the last publication (looking every [`PUBLISH_EVERY`] iterations).
    pub fn iteration_done<M: Copy>(&mut self, tree: &Tree<M>) {
        self.iterations += 1;
        if self.iterations % PUBLISH_EVERY == 0 && self.due(Instant::now()) {
            self.publish(tree);
        }
    }

    /// Whether a publication is due at `now`; if so, `now` becomes the last one's time.
    fn due(&mut self, now: Instant) -> bool {
        let due = now.saturating_duration_since(self.published) >= PUBLISH_SPACING;
        if due {
            self.published = now;
        }
        due
    }

    /// Adds what the thread added to the shared tree and forgets the runs.
    pub fn publish<M: Copy>(&mut self, tree: &Tree<M>) {
        for (&slot, &run) in &self.runs {
            let edges = tree.node(slot).edges();
            for (edge, stats) in edges.iter().zip(&self.own[run..run + edges.len()]) {
                if stats.visits != 0 {
                    edge.visits.fetch_add(stats.visits, Relaxed);
                }
                if stats.reward != 0 {
                    edge.reward.fetch_add(stats.reward, Relaxed);
                }
                if let Some(value) = stats.value {
                    edge.store_value(value);
                }
            }
        }
        self.runs.clear();
        self.seen.clear();
        self.own.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mcts::tree::Allowance;

    /// A store with one node of three edges (values 0.25, none, 0.75), and its slot.
    fn one_node() -> (Tree<u8>, u32) {
        let tree = Tree::try_new(1).unwrap();
        let edges = || {
            vec![
                Edge::new(0, 0.5, Some(0.25)),
                Edge::new(1, 0.25, None),
                Edge::new(2, 0.25, Some(0.75)),
            ]
        };
        let slot = tree.find_or_add(7, &mut Allowance::default(), edges);
        (tree, slot.unwrap())
    }

    #[test]
    fn a_thread_reads_the_tree_as_first_seen_plus_its_own_and_publishes_its_own() {
        let (tree, slot) = one_node();
        let edges = tree.node(slot).edges();
        edges[1].visits.store(3, Relaxed);
        let mut held = Held::default();
        assert_eq!(held.find(slot), None);
        let run = held.start(slot, edges);
        assert_eq!(held.find(slot), Some(run), "one run per node");
        assert_eq!(held.visit(run, 1), 3);
        assert_eq!(held.visit(run, 1), 4);
        held.reward(run, 1, 9);
        held.value(run, 2, 0.5);
        edges[1].visits.fetch_add(10, Relaxed);
        let view = held.view(run, 3);
        assert_eq!(view[1].visits, 5, "the tree as first seen, plus its own");
        assert_eq!(view[2].value, Some(0.5));
        assert_eq!(edges[1].visits.load(Relaxed), 13, "held back");
        held.publish(&tree);
        assert_eq!(
            Stats::of(&edges[1]),
            Stats {
                visits: 15,
                reward: 9,
                value: None
            }
        );
        assert_eq!(Stats::of(&edges[2]).value, Some(0.5));
        assert_eq!(
            Stats::of(&edges[0]),
            Stats {
                visits: 0,
                reward: 0,
                value: Some(0.25)
            }
        );
        assert_eq!(held.find(slot), None, "forgotten");
        held.publish(&tree);
        assert_eq!(edges[1].visits.load(Relaxed), 15, "published once");
    }

    #[test]
    fn a_publication_is_due_a_spacing_after_the_last() {
        let mut held = Held::default();
        let start = held.published;
        assert!(!held.due(start + PUBLISH_SPACING / 2));
        assert!(held.due(start + PUBLISH_SPACING));
        assert!(
            !held.due(start + PUBLISH_SPACING * 3 / 2),
            "counted from the last"
        );
        assert!(held.due(start + PUBLISH_SPACING * 2));
        assert!(!held.due(start), "a clock read before the last is not due");
    }

    #[test]
    fn only_every_sixteenth_iteration_looks_at_the_clock() {
        let (tree, slot) = one_node();
        let mut held = Held {
            published: Instant::now() - PUBLISH_SPACING * 2,
            ..Held::default()
        };
        for i in 1..=PUBLISH_EVERY {
            let run = held
                .find(slot)
                .unwrap_or_else(|| held.start(slot, tree.node(slot).edges()));
            held.visit(run, 0);
            held.iteration_done(&tree);
            let published = tree.node(slot).edges()[0].visits.load(Relaxed) as u64;
            assert_eq!(published, if i == PUBLISH_EVERY { i } else { 0 }, "{i}");
        }
    }
}
