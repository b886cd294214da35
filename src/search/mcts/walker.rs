//! One thread's work in the tree: select down to a leaf, expand, score it, back up.

use std::sync::atomic::Ordering::Relaxed;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use super::edges::{Edge, visits_through};
use super::expand::{Perspective, guided_edges, leaf_rewards, plain_edges};
use super::pending::{HOT_VISITS, Held, Run, Stats};
use super::playout::{Rewards, evaluation_rewards, outcome_rewards, playout};
use super::solver::{Proof, settle};
use super::tree::{Allowance, Tree};
use super::{LeafScoring, MctsSettings, hundredths};
use crate::game::profile::Profile;
use crate::game::{Game, Player, Turn};
use crate::net::Evaluator;
use crate::search::score::MAX_PLY;
use crate::search::settings::Style;

/// A node's edges as `settings` make them: evaluated by `evaluator` (on `profile`'s scale and
/// prior temperature) for guided search, else bare.
pub fn edges_of<G: Game>(
    pos: &mut G,
    settings: &MctsSettings,
    profile: &Profile,
    evaluator: Evaluator,
    moves: &mut Vec<G::Move>,
) -> Vec<Edge<G::Move>> {
    match settings.leaves {
        LeafScoring::Evaluation => guided_edges(pos, moves, profile, evaluator),
        LeafScoring::Playout { .. } => plain_edges(pos, moves),
    }
}

/// One step of the path from the root: the node, the edge taken, who chose it, and where
/// the thread holds the node's statistics back (if it does).
struct Step {
    node: u32,
    edge: u32,
    turn: Turn,
    run: Option<Run>,
}

/// A searching thread: its own copy of the root position, random stream and statistics.
pub struct Walker<'a, G: Game> {
    tree: &'a Tree<G::Move>,
    root: u32,
    pos: G,
    settings: MctsSettings,
    /// The search's numbers (exploration, the minimax weight, the scale, the prior
    /// temperature), read where they are used.
    profile: Profile,
    /// What scores leaves and edges: the game's evaluation or its network (the search's).
    evaluator: Evaluator,
    convention: Perspective,
    rng: Pcg64Mcg,
    moves: Vec<G::Move>,
    path: Vec<Step>,
    /// Whether statistics are held back (several threads; see `pending`).
    holds: bool,
    held: Held,
    allowance: Allowance,
    /// Iterations run.
    pub iterations: u64,
    /// Plies of tree descended, over all iterations.
    pub depth_sum: u64,
    /// The deepest descent.
    pub seldepth: usize,
}

impl<'a, G: Game> Walker<'a, G> {
    /// A walker from the node in slot `root` (which holds `pos`); `shared`: other threads
    /// search the same tree.
    pub fn new(
        tree: &'a Tree<G::Move>,
        root: u32,
        pos: &G,
        style: &Style,
        seed: u64,
        shared: bool,
    ) -> Self {
        Walker {
            tree,
            root,
            pos: pos.clone(),
            settings: style.mcts_settings(),
            profile: style.profile,
            evaluator: style.evaluator,
            convention: Perspective::new(pos.players()),
            rng: Pcg64Mcg::seed_from_u64(seed),
            moves: Vec::new(),
            path: Vec::new(),
            holds: shared,
            held: Held::default(),
            allowance: Allowance::default(),
            iterations: 0,
            depth_sum: 0,
            seldepth: 0,
        }
    }

    /// Publishes the statistics this thread holds back (see `pending`); a search calls it
    /// when the thread stops.
    pub fn finish(&mut self) {
        self.held.publish(self.tree);
    }

    /// The average descent in plies.
    pub fn average_depth(&self) -> u32 {
        (self.depth_sum as f64 / self.iterations.max(1) as f64).round() as u32
    }

    /// One iteration: descends by UCT or PUCT (chance by weight) to a leaf, scores it (a
    /// known result, a playout, or a new evaluated node), then backs the rewards up, settles
    /// proven results and, when guided, backs the evaluation's minimax values up.
    ///
    /// Playouts add a node on an edge's second visit; guided search adds one on the first and
    /// scores it by its edges' values (a one-ply search of the evaluation).
    pub fn iterate(&mut self) {
        let players = self.pos.players();
        let tree = self.tree;
        let guided = self.settings.leaves == LeafScoring::Evaluation;
        self.path.clear();
        let mut slot = self.root;
        let mut leaf_value = None;
        let (rewards, proven) = loop {
            let (index, earlier_visits) = self.step_from(slot, guided);
            let edge = &tree.node(slot).edges()[index];
            self.pos.make(edge.mv);
            if let Some(proof) = Proof::load(&edge.proof) {
                // Settling again on the way up passes the proof to other paths' edges.
                break (outcome_rewards(proof.outcome, players), true);
            }
            if let Some(outcome) = self.pos.outcome() {
                // A repetition draw depends on the path, so it proves nothing about the edge.
                let proven = !self.pos.repeats_earlier();
                if proven {
                    Proof { outcome, plies: 0 }.store(&edge.proof);
                }
                break (outcome_rewards(outcome, players), proven);
            }
            // The cap also ends descents round a cycle of positions (a game whose hash
            // leaves out the move count).
            if self.path.len() >= MAX_PLY {
                break (self.score_unexpanded(), false);
            }
            let mut child = edge.child.load(Relaxed);
            if child == 0 {
                if !guided && earlier_visits == 0 {
                    break (self.play_out(), false);
                }
                let (hash, settings, evaluator) = (self.pos.hash(), &self.settings, self.evaluator);
                let profile = &self.profile;
                let (pos, moves) = (&mut self.pos, &mut self.moves);
                let edges = || edges_of(pos, settings, profile, evaluator, moves);
                match tree.find_or_add(hash, &mut self.allowance, edges) {
                    Some(found) => {
                        child = found + 1;
                        edge.child.store(child, Relaxed);
                    }
                    None => break (self.score_unexpanded(), false),
                }
            }
            slot = child - 1;
            let node = tree.node(slot);
            if guided && !node.scored.load(Relaxed) {
                node.scored.store(true, Relaxed);
                leaf_value = self.convention.of_node(self.pos.turn(), node.edges());
                break (
                    leaf_rewards(&self.pos, leaf_value, self.evaluator, self.decade()),
                    false,
                );
            }
        };
        for _ in 0..self.path.len() {
            self.pos.unmake();
        }
        self.iterations += 1;
        self.depth_sum += self.path.len() as u64;
        self.seldepth = self.seldepth.max(self.path.len());
        self.back_up(&rewards, proven, players);
        if guided && self.convention.backs_up() {
            self.back_up_values(leaf_value);
        }
        self.held.iteration_done(tree);
    }

    /// Chooses the edge to follow from the node in `slot` (by PUCT when `guided`, else UCT;
    /// at chance, by weight), counts the visit and records the step; returns the edge's index
    /// and its visits before this one.
    fn step_from(&mut self, slot: u32, guided: bool) -> (usize, u32) {
        let edges = self.tree.node(slot).edges();
        let turn = self.pos.turn();
        let (run, visits) = self.hold(slot, edges);
        let held = run.map(|run| self.held.view(run, edges.len()));
        let players = self.pos.players();
        let index = match turn {
            Turn::Player(player) if guided => self.select_puct(visits, edges, held, player),
            Turn::Player(player) => self.select_uct(visits, edges, held, player, players),
            _ => select_chance(visits, edges, held),
        };
        let earlier_visits = match run {
            Some(run) => self.held.visit(run, index),
            None => edges[index].visits.fetch_add(1, Relaxed),
        };
        self.path.push(Step {
            node: slot,
            edge: index as u32,
            turn,
            run,
        });
        (index, earlier_visits)
    }

    /// Where this thread holds the statistics of the node in `slot`, whose edges are `edges` (a
    /// run, if it does or the node has become hot), and the node's visits as the thread sees
    /// them.
    fn hold(&mut self, slot: u32, edges: &[Edge<G::Move>]) -> (Option<Run>, u32) {
        let run = if self.holds {
            self.held.find(slot)
        } else {
            None
        };
        if let Some(run) = run {
            let view = self.held.view(run, edges.len());
            return (Some(run), view.iter().map(|s| s.visits).sum());
        }
        let visits = visits_through(edges);
        let hot = self.holds && visits >= HOT_VISITS;
        (hot.then(|| self.held.start(slot, edges)), visits)
    }

    /// Scores a leaf the tree has no node for: a playout, or the evaluation when guided.
    fn score_unexpanded(&mut self) -> Rewards {
        match self.settings.leaves {
            LeafScoring::Evaluation => evaluation_rewards(&self.pos, self.evaluator, self.decade()),
            LeafScoring::Playout { .. } => self.play_out(),
        }
    }

    fn play_out(&mut self) -> Rewards {
        let cutoff = match self.settings.leaves {
            LeafScoring::Playout { cutoff } => cutoff,
            LeafScoring::Evaluation => 0,
        };
        let decade = self.decade();
        playout(
            &mut self.pos,
            cutoff,
            self.evaluator,
            decade,
            &mut self.rng,
            &mut self.moves,
        )
    }

    /// The evaluation's scale, as the rewards read it.
    fn decade(&self) -> f64 {
        f64::from(self.profile.evaluation_decade)
    }

    /// UCT: the edge with the best mean reward for `player` plus exploration; unvisited
    /// edges first, in generation order; proven wins at once, proven losses never (while
    /// anything else is left).
    fn select_uct(
        &self,
        parent_visits: u32,
        edges: &[Edge<G::Move>],
        held: Option<&[Stats]>,
        player: Player,
        players: usize,
    ) -> usize {
        let parent_visits = parent_visits.max(1) as f32;
        let explore = hundredths(self.profile.mcts_exploration) * parent_visits.ln().sqrt();
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, edge) in edges.iter().enumerate() {
            let stats = stats_of(edge, held, i);
            let proof = Proof::load(&edge.proof);
            if stats.visits == 0 && proof.is_none() {
                return i;
            }
            let value = match proof.map(|p| p.outcome.half_points(player, players)) {
                Some(2) => return i,
                Some(0) => -1.0,
                _ => stats.mean() + explore / (stats.visits as f32).sqrt(),
            };
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// PUCT: the edge with the best value for `player` plus its prior's share of the
    /// exploration. An edge's value is its evaluation's minimax value blended with its mean
    /// reward (the value alone before its first visit); proven wins at once, proven losses
    /// never (while anything else is left).
    fn select_puct(
        &self,
        parent_visits: u32,
        edges: &[Edge<G::Move>],
        held: Option<&[Stats]>,
        player: Player,
    ) -> usize {
        let players = self.pos.players();
        let explore =
            hundredths(self.profile.mcts_exploration) * (parent_visits.max(1) as f32).sqrt();
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, edge) in edges.iter().enumerate() {
            let stats = stats_of(edge, held, i);
            let proof = Proof::load(&edge.proof);
            let value = match proof.map(|p| p.outcome.half_points(player, players)) {
                Some(2) => return i,
                Some(0) => -1.0,
                _ => {
                    let minimax = hundredths(self.profile.mcts_minimax);
                    let convention = self.convention;
                    let q = guided_value(stats, player, minimax, convention);
                    let offset = hundredths(self.profile.mcts_visit_offset);
                    q + explore * edge.prior / (offset + stats.visits as f32)
                }
            };
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// Adds each mover's reward along the path (to what this thread holds back, if it
    /// does); while results keep proving nodes, settles them.
    fn back_up(&mut self, rewards: &Rewards, mut proven: bool, players: usize) {
        let mut pending: Option<Proof> = None;
        for step in self.path.iter().rev() {
            let node = self.tree.node(step.node);
            let edges = node.edges();
            let edge = &edges[step.edge as usize];
            if let Some(proof) = pending.take() {
                proof.store(&edge.proof);
            }
            if let Turn::Player(player) = step.turn {
                let reward = rewards[player as usize];
                match step.run {
                    Some(run) => self.held.reward(run, step.edge as usize, reward),
                    None => _ = edge.reward.fetch_add(reward, Relaxed),
                }
            }
            if proven {
                match settle(
                    step.turn,
                    players,
                    edges.iter().map(|e| Proof::load(&e.proof)),
                ) {
                    Some(proof) => {
                        proof.store(&node.proof);
                        pending = Some(proof);
                    }
                    None => proven = false,
                }
            }
        }
    }

    /// Implicit minimax backups: the value of the node below each edge of the path becomes the
    /// edge's value, from `leaf` (a new leaf's value; `None` keeps the last edge's own value,
    /// as at a game's end) up to the root. All the way: a node shared by transpositions may
    /// have changed through another parent, whose edges here are then stale. Where this thread
    /// holds a node's statistics back, it holds its values back too.
    fn back_up_values(&mut self, leaf: Option<f32>) {
        let mut below = leaf;
        for step in self.path.iter().rev() {
            let edges = self.tree.node(step.node).edges();
            if let Some(value) = below {
                match step.run {
                    Some(run) => self.held.value(run, step.edge as usize, value),
                    None => edges[step.edge as usize].store_value(value),
                }
            }
            below = match step.run {
                Some(run) => {
                    let held = self.held.view(run, edges.len());
                    let values = held.iter().zip(edges).map(|(s, e)| (s.value, e.prior));
                    self.convention.of_values(step.turn, values)
                }
                None => self.convention.of_node(step.turn, edges),
            };
        }
    }
}

/// What guided search thinks an edge with statistics `stats` is worth to `player`: the
/// evaluation's minimax value blended by `minimax` with the mean reward (the value alone
/// before the first visit).
pub fn guided_value(stats: Stats, player: Player, minimax: f32, convention: Perspective) -> f32 {
    let known = stats.value.map_or(0.5, |v| convention.seen_by(v, player));
    if stats.visits == 0 {
        known
    } else {
        (1.0 - minimax) * stats.mean() + minimax * known
    }
}

/// The chance outcome furthest behind its share of the visits (the first, on ties): each
/// outcome's visits follow its weight (its prior) as closely as whole visits can, without the
/// noise of drawing outcomes at random.
fn select_chance<M>(parent_visits: u32, edges: &[Edge<M>], held: Option<&[Stats]>) -> usize {
    let visits = (parent_visits + 1) as f32;
    let mut best = (f32::NEG_INFINITY, 0);
    for (i, edge) in edges.iter().enumerate() {
        let lag = edge.prior * visits - stats_of(edge, held, i).visits as f32;
        if lag > best.0 {
            best = (lag, i);
        }
    }
    best.1
}

/// Edge `index`'s statistics: the tree's, or this thread's view of them where it holds them.
fn stats_of<M>(edge: &Edge<M>, held: Option<&[Stats]>, index: usize) -> Stats {
    held.map_or_else(|| Stats::of(edge), |held| held[index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_visits_follow_the_weights_within_one() {
        let priors = [0.5, 0.125, 0.25, 0.125];
        let edges: Vec<Edge<u8>> = (0..4)
            .map(|i| Edge::new(i, priors[i as usize], None))
            .collect();
        for visits in 0..200u32 {
            let index = select_chance(visits, &edges, None);
            edges[index].visits.fetch_add(1, Relaxed);
            for (edge, prior) in edges.iter().zip(priors) {
                let lag = prior * (visits + 1) as f32 - edge.visits.load(Relaxed) as f32;
                assert!(lag.abs() <= 1.0, "after {} visits: {lag}", visits + 1);
            }
        }
        let held = [Stats {
            visits: 3,
            ..Stats::default()
        }; 4];
        let held_more = [
            Stats {
                visits: 9,
                ..held[0]
            },
            held[1],
            held[2],
            held[3],
        ];
        assert_eq!(select_chance(12, &edges, Some(&held)), 0);
        assert_eq!(
            select_chance(18, &edges, Some(&held_more)),
            2,
            "reads the held view"
        );
    }
}
