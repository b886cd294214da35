//! One thread's work in the tree: select down to a leaf, expand, score it, back up.

use std::sync::atomic::Ordering::Relaxed;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use super::expand::{Value, guided_edges, leaf_rewards, plain_edges};
use super::playout::{Rewards, evaluation_rewards, outcome_rewards, playout};
use super::solver::{Proof, settle};
use super::tree::{Edge, Node, Tree};
use super::{LeafScoring, MctsSettings};
use crate::game::{Game, Player, Turn, weighted_index};
use crate::search::score::MAX_PLY;

/// A node's edges as `leaves` makes them: evaluated for guided search, else bare.
pub fn edges_of<G: Game>(
    pos: &mut G,
    leaves: LeafScoring,
    moves: &mut Vec<G::Move>,
) -> Vec<Edge<G::Move>> {
    match leaves {
        LeafScoring::Evaluation => guided_edges(pos, moves),
        LeafScoring::Playout { .. } => plain_edges(pos, moves),
    }
}

/// One step of the path from the root: the node, the edge taken, and who chose it.
struct Step {
    node: u32,
    edge: u32,
    turn: Turn,
}

/// A searching thread: its own copy of the root position, random stream and statistics.
pub struct Walker<'a, G: Game> {
    tree: &'a Tree<G::Move>,
    root: u32,
    pos: G,
    settings: MctsSettings,
    convention: Value,
    rng: Pcg64Mcg,
    moves: Vec<G::Move>,
    path: Vec<Step>,
    /// Iterations run.
    pub iterations: u64,
    /// Plies of tree descended, over all iterations.
    pub depth_sum: u64,
    /// The deepest descent.
    pub seldepth: usize,
}

impl<'a, G: Game> Walker<'a, G> {
    /// A walker from the node in slot `root` (which holds `pos`).
    pub fn new(
        tree: &'a Tree<G::Move>,
        root: u32,
        pos: &G,
        settings: &MctsSettings,
        seed: u64,
    ) -> Self {
        Walker {
            tree,
            root,
            pos: pos.clone(),
            settings: *settings,
            convention: Value::new(pos.players()),
            rng: Pcg64Mcg::seed_from_u64(seed),
            moves: Vec::new(),
            path: Vec::new(),
            iterations: 0,
            depth_sum: 0,
            seldepth: 0,
        }
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
            let node = tree.node(slot);
            let edges = node.edges();
            let turn = self.pos.turn();
            let index = match turn {
                Turn::Player(player) if guided => self.select_puct(node, edges, player),
                Turn::Player(player) => self.select_uct(node, edges, player, players),
                _ => weighted_index(
                    edges.iter().map(|e| self.pos.chance_weight(e.mv)),
                    &mut self.rng,
                ),
            };
            let edge = &edges[index];
            let earlier_visits = edge.visits.fetch_add(1, Relaxed);
            self.path.push(Step {
                node: slot,
                edge: index as u32,
                turn,
            });
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
                let (hash, leaves) = (self.pos.hash(), self.settings.leaves);
                let (pos, moves) = (&mut self.pos, &mut self.moves);
                match tree.find_or_add(hash, || edges_of(pos, leaves, moves)) {
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
                break (leaf_rewards(&self.pos, leaf_value), false);
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
    }

    /// Scores a leaf the tree has no node for: a playout, or the evaluation when guided.
    fn score_unexpanded(&mut self) -> Rewards {
        match self.settings.leaves {
            LeafScoring::Evaluation => evaluation_rewards(&self.pos),
            LeafScoring::Playout { .. } => self.play_out(),
        }
    }

    fn play_out(&mut self) -> Rewards {
        let cutoff = match self.settings.leaves {
            LeafScoring::Playout { cutoff } => cutoff,
            LeafScoring::Evaluation => 0,
        };
        playout(&mut self.pos, cutoff, &mut self.rng, &mut self.moves)
    }

    /// UCT: the edge with the best mean reward for `player` plus exploration; unvisited
    /// edges first, in generation order; proven wins at once, proven losses never (while
    /// anything else is left).
    fn select_uct(
        &self,
        node: &Node<G::Move>,
        edges: &[Edge<G::Move>],
        player: Player,
        players: usize,
    ) -> usize {
        let parent_visits = node.visits().max(1) as f32;
        let explore = self.settings.exploration * parent_visits.ln().sqrt();
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, edge) in edges.iter().enumerate() {
            let visits = edge.visits.load(Relaxed);
            let proof = Proof::load(&edge.proof);
            if visits == 0 && proof.is_none() {
                return i;
            }
            let value = match proof.map(|p| p.outcome.half_points(player, players)) {
                Some(2) => return i,
                Some(0) => -1.0,
                _ => mean_reward(edge, visits) + explore / (visits as f32).sqrt(),
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
    fn select_puct(&self, node: &Node<G::Move>, edges: &[Edge<G::Move>], player: Player) -> usize {
        let players = self.pos.players();
        let explore = self.settings.exploration * (node.visits().max(1) as f32).sqrt();
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, edge) in edges.iter().enumerate() {
            let visits = edge.visits.load(Relaxed);
            let proof = Proof::load(&edge.proof);
            let value = match proof.map(|p| p.outcome.half_points(player, players)) {
                Some(2) => return i,
                Some(0) => -1.0,
                _ => {
                    let q =
                        guided_value(edge, visits, player, self.settings.minimax, self.convention);
                    q + explore * edge.prior / (1 + visits) as f32
                }
            };
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// Adds each mover's reward along the path; while results keep proving nodes, settles them.
    fn back_up(&self, rewards: &Rewards, mut proven: bool, players: usize) {
        let mut pending: Option<Proof> = None;
        for step in self.path.iter().rev() {
            let node = self.tree.node(step.node);
            let edges = node.edges();
            let edge = &edges[step.edge as usize];
            if let Some(proof) = pending.take() {
                proof.store(&edge.proof);
            }
            if let Turn::Player(player) = step.turn {
                edge.reward.fetch_add(rewards[player as usize], Relaxed);
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
    /// as at a game's end) up to the root. All the way: a node shared by transpositions may have changed through
    /// another parent, whose edges here are then stale.
    fn back_up_values(&self, leaf: Option<f32>) {
        let mut below = leaf;
        for step in self.path.iter().rev() {
            let node = self.tree.node(step.node);
            if let Some(value) = below {
                node.edges()[step.edge as usize].store_value(value);
            }
            below = self.convention.of_node(step.turn, node.edges());
        }
    }
}

/// What guided search thinks an edge is worth to `player`: the evaluation's minimax value
/// blended with the mean reward by `minimax` (the value alone before the first visit).
pub fn guided_value<M>(
    edge: &Edge<M>,
    visits: u32,
    player: Player,
    minimax: f32,
    convention: Value,
) -> f32 {
    let known = edge.value().map_or(0.5, |v| convention.seen_by(v, player));
    if visits == 0 {
        known
    } else {
        (1.0 - minimax) * mean_reward(edge, visits) + minimax * known
    }
}

/// An edge's mean reward for its mover, 0.0 to 1.0 (`visits` counts searches under way).
fn mean_reward<M>(edge: &Edge<M>, visits: u32) -> f32 {
    edge.reward.load(Relaxed) as f32 / (visits as f32 * super::playout::WIN as f32)
}
