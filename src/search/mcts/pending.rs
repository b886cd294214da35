//! Statistics a thread holds back before publishing them to the shared tree.
//!
//! Threads that share a tree share its best lines: with statistics written straight into
//! the tree, every iteration of every thread writes the edges along the line it shares with
//! the others, and each thread keeps fetching those cache lines back from the other cores
//! (measured: the summing of a node's visits, the first read of its edges, took a third of a
//! two-thread search in Dwindle). Instead, when several threads search, each adds its visits
//! and rewards to its own copy of the edges it passes, reads the tree's statistics plus its
//! own, and publishes its copy every [`PUBLISH_EVERY`] iterations and when it stops. The
//! same for the minimax values of guided search, which change along most of the line at
//! every iteration (11 writes an iteration in Dwindle). The others see its work that much
//! later. One thread alone writes the tree directly: it would read exactly the same numbers
//! either way.

use std::sync::atomic::Ordering::Relaxed;

use fxhash::FxHashMap;

use super::tree::{Edge, Tree};

/// Iterations between publications.
const PUBLISH_EVERY: u64 = 16;
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
    /// The minimax value, as `expand::Value` keeps it.
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

    /// These statistics with what a thread holds back (`more`) added: the visits and rewards
    /// summed, its value in place of this one.
    pub fn plus(self, more: Stats) -> Self {
        Stats {
            visits: self.visits + more.visits,
            reward: self.reward + more.reward,
            value: more.value.or(self.value),
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

/// One thread's unpublished statistics: for each node it passed since the last publication,
/// a run of [`Stats`], one per edge, in one array.
#[derive(Default)]
pub struct Held {
    runs: FxHashMap<u32, usize>,
    stats: Vec<Stats>,
    iterations: u64,
}

/// Where a node's held statistics start in [`Held`]'s array.
pub type Run = usize;

impl Held {
    /// The run of the node in `slot`, which has `width` edges, made (all zero) if new.
    pub fn run(&mut self, slot: u32, width: usize) -> Run {
        let stats = &mut self.stats;
        *self.runs.entry(slot).or_insert_with(|| {
            stats.resize(stats.len() + width, Stats::default());
            stats.len() - width
        })
    }

    /// The held statistics of the `width` edges of a run.
    pub fn of(&self, run: Run, width: usize) -> &[Stats] {
        &self.stats[run..run + width]
    }

    /// The held statistics of edge `edge` of a run.
    pub fn edge(&mut self, run: Run, edge: usize) -> &mut Stats {
        &mut self.stats[run + edge]
    }

    /// Counts an iteration, and publishes everything every [`PUBLISH_EVERY`] of them.
    pub fn iteration_done<M: Copy>(&mut self, tree: &Tree<M>) {
        self.iterations += 1;
        if self.iterations.is_multiple_of(PUBLISH_EVERY) {
            self.publish(tree);
        }
    }

    /// Adds everything held to the shared tree and forgets it.
    pub fn publish<M: Copy>(&mut self, tree: &Tree<M>) {
        for (&slot, &run) in &self.runs {
            let edges = tree.node(slot).edges();
            for (edge, stats) in edges.iter().zip(&self.stats[run..run + edges.len()]) {
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
        self.stats.clear();
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
    fn held_statistics_add_to_the_trees_and_replace_its_values() {
        let shared = Stats {
            visits: 3,
            reward: 5,
            value: Some(0.25),
        };
        let held = Stats {
            visits: 2,
            reward: 1,
            value: None,
        };
        assert_eq!(
            shared.plus(held),
            Stats {
                visits: 5,
                reward: 6,
                value: Some(0.25)
            }
        );
        let newer = Stats {
            value: Some(0.5),
            ..held
        };
        assert_eq!(shared.plus(newer).value, Some(0.5));
    }

    #[test]
    fn publishing_moves_what_is_held_into_the_tree() {
        let (tree, slot) = one_node();
        let mut held = Held::default();
        let run = held.run(slot, 3);
        assert_eq!(held.run(slot, 3), run, "one run per node");
        held.edge(run, 1).visits += 2;
        held.edge(run, 1).reward += 9;
        held.edge(run, 2).value = Some(0.5);
        assert_eq!(
            Stats::of(&tree.node(slot).edges()[1]).visits,
            0,
            "held back"
        );
        held.publish(&tree);
        let edges = tree.node(slot).edges();
        assert_eq!(
            Stats::of(&edges[1]),
            Stats {
                visits: 2,
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
        held.publish(&tree);
        assert_eq!(
            Stats::of(&tree.node(slot).edges()[1]).visits,
            2,
            "published once"
        );
    }

    #[test]
    fn every_sixteenth_iteration_publishes() {
        let (tree, slot) = one_node();
        let mut held = Held::default();
        for i in 1..=PUBLISH_EVERY {
            let run = held.run(slot, 3);
            held.edge(run, 0).visits += 1;
            held.iteration_done(&tree);
            let published = tree.node(slot).edges()[0].visits.load(Relaxed) as u64;
            assert_eq!(published, if i == PUBLISH_EVERY { i } else { 0 }, "{i}");
        }
    }
}
