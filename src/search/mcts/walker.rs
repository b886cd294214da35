//! One thread's work in the tree: select down to a leaf, expand, play out, back up.

use std::sync::atomic::Ordering::Relaxed;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use super::playout::{Rewards, outcome_rewards, playout};
use super::solver::{Proof, settle};
use super::tree::{Edge, Node, Tree};
use crate::game::{Game, Player, Turn, weighted_index};
use crate::search::score::MAX_PLY;

/// A node's children as fresh edges.
pub fn edges_of<G: Game>(pos: &G, moves: &mut Vec<G::Move>) -> Vec<Edge<G::Move>> {
    pos.generate(moves);
    moves.iter().map(|&mv| Edge::new(mv)).collect()
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
    exploration: f32,
    cutoff: u32,
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
        exploration: f32,
        cutoff: u32,
        seed: u64,
    ) -> Self {
        Walker {
            tree,
            root,
            pos: pos.clone(),
            exploration,
            cutoff,
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

    /// One iteration: descends by UCT (chance by weight), adds a node on an edge's second
    /// visit, plays out from the leaf (or takes a known result), then backs the rewards up
    /// and settles proven results on the way.
    pub fn iterate(&mut self) {
        let players = self.pos.players();
        let tree = self.tree;
        self.path.clear();
        let mut slot = self.root;
        let (rewards, proven) = loop {
            let node = tree.node(slot);
            let edges = node.edges();
            let turn = self.pos.turn();
            let index = match turn {
                Turn::Player(player) => self.select(node, edges, player, players),
                _ => weighted_index(
                    edges.iter().map(|e| self.pos.chance_weight(e.mv)),
                    &mut self.rng,
                ),
            };
            let edge = &edges[index];
            node.visits.fetch_add(1, Relaxed);
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
                break (self.play_out(), false);
            }
            let mut child = edge.child.load(Relaxed);
            if child == 0 {
                if earlier_visits == 0 {
                    break (self.play_out(), false);
                }
                let (pos, moves) = (&self.pos, &mut self.moves);
                match tree.find_or_add(pos.hash(), || edges_of(pos, moves)) {
                    Some(found) => {
                        child = found + 1;
                        edge.child.store(child, Relaxed);
                    }
                    None => break (self.play_out(), false),
                }
            }
            slot = child - 1;
        };
        for _ in 0..self.path.len() {
            self.pos.unmake();
        }
        self.iterations += 1;
        self.depth_sum += self.path.len() as u64;
        self.seldepth = self.seldepth.max(self.path.len());
        self.back_up(&rewards, proven, players);
    }

    fn play_out(&mut self) -> Rewards {
        playout(&mut self.pos, self.cutoff, &mut self.rng, &mut self.moves)
    }

    /// UCT: the edge with the best mean reward for `player` plus exploration; unvisited
    /// edges first, in generation order; proven wins at once, proven losses never (while
    /// anything else is left).
    fn select(
        &self,
        node: &Node<G::Move>,
        edges: &[Edge<G::Move>],
        player: Player,
        players: usize,
    ) -> usize {
        let parent_visits = node.visits.load(Relaxed).max(1) as f32;
        let explore = self.exploration * parent_visits.ln().sqrt();
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
                _ => {
                    let mean = edge.reward.load(Relaxed) as f32
                        / (visits as f32 * super::playout::WIN as f32);
                    mean + explore / (visits as f32).sqrt()
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
}
