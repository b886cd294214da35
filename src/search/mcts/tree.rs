//! The MCTS node store: one node per position, found by its hash, in memory bounded by `Hash`.
//!
//! Nodes live in an open-addressing table keyed by the position hash, so every path
//! that reaches a position shares its node: its children and their statistics. A
//! node's children are edges in one contiguous array, each with the statistics of
//! the decision (visits, the mover's reward sum, a proven result), so choosing a
//! child reads one array. An edge remembers the slot of its child once found.
//!
//! When the store fills (its slots or its edge memory), the tree stops growing: the
//! search goes on playing out from the leaves it has. Everything is atomic, and a
//! node's edges are written once (`OnceLock`), so threads share the tree without
//! locks or data races.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Slots probed for a position before the store counts as full there.
const PROBES: usize = 16;
/// Slots a thread takes from the store's count at a time (see [`Allowance`]).
const NODE_CLAIM: usize = 64;
/// Edge memory a thread adds up before it adds it to the store's count, in bytes.
const EDGE_BYTES_BATCH: usize = 64 << 10;
/// The share of the memory given to slots; the rest holds edges.
const SLOT_SHARE: usize = 4;

/// A decision out of a node, with its statistics (32 bytes for a move of up to 4).
pub struct Edge<M> {
    /// The sum of the mover's rewards (fixed point, see `playout::WIN`).
    pub reward: AtomicU64,
    /// Visits through this edge, counting searches still under way (virtual loss).
    pub visits: AtomicU32,
    /// The child's slot plus one, or 0 while unknown.
    pub child: AtomicU32,
    /// The child's proven result (`solver::Proof` code), or 0.
    pub proof: AtomicU32,
    /// What the evaluation's minimax makes of the decision, as `expand::Value` keeps it
    /// (`f32` bits; NaN when the node was made without the evaluation).
    pub value: AtomicU32,
    /// The decision's share of the exploration (a chance outcome's: its weight's share).
    pub prior: f32,
    /// The decision.
    pub mv: M,
}

impl<M> Edge<M> {
    /// A fresh edge with its prior and, if evaluated, its value.
    pub fn new(mv: M, prior: f32, value: Option<f32>) -> Self {
        Edge {
            reward: AtomicU64::new(0),
            visits: AtomicU32::new(0),
            child: AtomicU32::new(0),
            proof: AtomicU32::new(0),
            value: AtomicU32::new(value.unwrap_or(f32::NAN).to_bits()),
            prior,
            mv,
        }
    }

    /// Stores the evaluation's value of the decision (only if it changed: the edges near the
    /// root are read by every thread, and an unchanged value need not take their lines away).
    pub fn store_value(&self, value: f32) {
        if self.value.load(Relaxed) != value.to_bits() {
            self.value.store(value.to_bits(), Relaxed);
        }
    }

    /// The evaluation's value of the decision, if the node was made with it.
    pub fn value(&self) -> Option<f32> {
        let value = f32::from_bits(self.value.load(Relaxed));
        (!value.is_nan()).then_some(value)
    }

    /// The mover's mean reward, 0.0 to 1.0, or `None` before the first visit.
    pub fn mean(&self) -> Option<f64> {
        let visits = self.visits.load(Relaxed);
        (visits > 0).then(|| {
            self.reward.load(Relaxed) as f64 / (visits as f64 * super::playout::WIN as f64)
        })
    }
}

/// One position in the tree.
pub struct Node<M> {
    /// The position hash (0 marks a free slot).
    key: AtomicU64,
    /// Whether guided search has scored the node as a new leaf (its first visit). Visits
    /// through the node are its edges' visits, summed where needed, so that no step of a
    /// descent writes the node's line, which every thread reads.
    pub scored: AtomicBool,
    /// The node's proven result (`solver::Proof` code), or 0.
    pub proof: AtomicU32,
    edges: OnceLock<Box<[Edge<M>]>>,
}

impl<M> Default for Node<M> {
    fn default() -> Self {
        Node {
            key: AtomicU64::new(0),
            scored: AtomicBool::new(false),
            proof: AtomicU32::new(0),
            edges: OnceLock::new(),
        }
    }
}

impl<M> Node<M> {
    /// Visits through this node: its edges' visits (searches under way included).
    pub fn visits(&self) -> u32 {
        self.edges().iter().map(|e| e.visits.load(Relaxed)).sum()
    }

    /// The node's edges (empty until they are written).
    pub fn edges(&self) -> &[Edge<M>] {
        self.edges.get().map_or(&[], |edges| edges)
    }
}

/// What one thread has taken from the store's counters in advance, so that adding a node does
/// not write the counters every thread shares: slots in claims of [`NODE_CLAIM`], and edge
/// memory counted in batches of [`EDGE_BYTES_BATCH`]. The store can so hold a few claims' worth
/// more than its limits, and counts a few claims more than it holds.
#[derive(Default)]
pub struct Allowance {
    nodes: usize,
    edge_bytes: usize,
}

/// A value alone on its cache lines (128 bytes: adjacent-line prefetch pairs 64-byte lines), so
/// that threads writing it do not slow threads reading its neighbours.
#[repr(align(128))]
#[derive(Default)]
pub struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// The store. The counters every new node writes sit on lines of their own, away from the
/// node array's address that every step of every thread reads.
pub struct Tree<M> {
    nodes: Box<[Node<M>]>,
    edge_budget: usize,
    mib: usize,
    used: Padded<AtomicUsize>,
    edge_bytes: Padded<AtomicUsize>,
    evaluated: bool,
}

impl<M: Copy> Tree<M> {
    /// A store of `mib` MiB, or why it cannot be had.
    pub fn try_new(mib: usize) -> Result<Self, String> {
        crate::search::memory::check_fits(mib, "the tree")?;
        let bytes = mib.max(1) << 20;
        let slots = (bytes / SLOT_SHARE / std::mem::size_of::<Node<M>>()).max(PROBES);
        let mut nodes = Vec::new();
        nodes
            .try_reserve_exact(slots)
            .map_err(|_| format!("cannot allocate {mib} MiB for the tree"))?;
        nodes.resize_with(slots, Node::default);
        Ok(Tree {
            nodes: nodes.into_boxed_slice(),
            used: Padded(AtomicUsize::new(0)),
            edge_bytes: Padded(AtomicUsize::new(0)),
            edge_budget: bytes - bytes / SLOT_SHARE,
            mib,
            evaluated: false,
        })
    }

    /// The size it was made with, in MiB.
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// The node in slot `index`.
    pub fn node(&self, index: u32) -> &Node<M> {
        &self.nodes[index as usize]
    }

    /// The slot of the node of `key`, if the store has it.
    pub fn find(&self, key: u64) -> Option<u32> {
        let key = key.max(1);
        self.probe_slots(key)
            .take_while(|&i| self.nodes[i].key.load(Relaxed) != 0)
            .find(|&i| self.nodes[i].key.load(Relaxed) == key)
            .map(|i| i as u32)
    }

    /// The slot of the node of `key` with its edges written, adding it with the edges
    /// `children` gives if it is new (counted against `allowance`); `None` when the store is
    /// full.
    pub fn find_or_add(
        &self,
        key: u64,
        allowance: &mut Allowance,
        children: impl FnOnce() -> Vec<Edge<M>>,
    ) -> Option<u32> {
        let key = key.max(1);
        for i in self.probe_slots(key) {
            let node = &self.nodes[i];
            let mut held = node.key.load(Relaxed);
            if held == 0 {
                if allowance.nodes == 0 {
                    if self.is_full() {
                        return None;
                    }
                    self.used.fetch_add(NODE_CLAIM, Relaxed);
                    allowance.nodes = NODE_CLAIM;
                }
                held = match node.key.compare_exchange(0, key, Relaxed, Relaxed) {
                    Ok(_) => {
                        allowance.nodes -= 1;
                        key
                    }
                    Err(other) => other,
                };
            }
            if held == key {
                node.edges.get_or_init(|| {
                    let edges = children().into_boxed_slice();
                    allowance.edge_bytes += std::mem::size_of_val(&*edges);
                    if allowance.edge_bytes >= EDGE_BYTES_BATCH {
                        self.settle(allowance);
                    }
                    edges
                });
                return Some(i as u32);
            }
        }
        None
    }

    /// Adds the edge memory `allowance` has counted to the store's count (a thread calls it
    /// when it stops; its unused slots stay counted until the store is emptied).
    pub fn settle(&self, allowance: &mut Allowance) {
        self.edge_bytes
            .fetch_add(std::mem::take(&mut allowance.edge_bytes), Relaxed);
    }

    /// Whether new nodes are refused.
    pub fn is_full(&self) -> bool {
        self.used.load(Relaxed) * 8 >= self.nodes.len() * 7
            || self.edge_bytes.load(Relaxed) >= self.edge_budget
    }

    /// How full the store is, in permille (the larger of slots and edge memory).
    pub fn permille(&self) -> u64 {
        let slots = self.used.load(Relaxed) * 1000 / self.nodes.len();
        let edges = self.edge_bytes.load(Relaxed) * 1000 / self.edge_budget.max(1);
        slots.max(edges).min(1000) as u64
    }

    /// Empties the store if it is over half full, so that a search has room to grow
    /// (tree reuse keeps everything otherwise).
    pub fn make_room(&mut self) {
        if self.permille() > 500 {
            self.clear();
        }
    }

    /// Readies the store for a search whose nodes are made with (`evaluated`) or without the
    /// evaluation: empties it if its nodes are of the other kind, then makes room.
    pub fn prepare(&mut self, evaluated: bool) {
        if self.evaluated != evaluated {
            self.clear();
            self.evaluated = evaluated;
        }
        self.make_room();
    }

    /// Empties the store.
    pub fn clear(&mut self) {
        for node in self.nodes.iter_mut() {
            *node = Node::default();
        }
        *self.used.0.get_mut() = 0;
        *self.edge_bytes.0.get_mut() = 0;
    }

    fn probe_slots(&self, key: u64) -> impl Iterator<Item = usize> + use<'_, M> {
        let len = self.nodes.len();
        let start = ((key as u128 * len as u128) >> 64) as usize;
        (0..PROBES).map(move |k| (start + k) % len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claimed_slots_keep_the_store_within_a_claim_of_its_limit() {
        let tree: Tree<u8> = Tree::try_new(1).unwrap();
        let (mut allowance, mut added) = (Allowance::default(), 0);
        for key in 1..tree.nodes.len() as u64 {
            let spread = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            if tree.find_or_add(spread, &mut allowance, Vec::new).is_some() {
                added += 1;
            }
            if tree.is_full() && allowance.nodes == 0 {
                break;
            }
        }
        let limit = tree.nodes.len() * 7 / 8;
        assert!(tree.is_full());
        assert!(
            added >= limit && added <= limit + NODE_CLAIM,
            "{added} of {limit}"
        );
        assert_eq!(
            tree.permille(),
            tree.used.load(Relaxed) as u64 * 1000 / tree.nodes.len() as u64
        );
    }

    #[test]
    fn edge_memory_is_counted_in_batches_and_when_a_thread_settles() {
        let tree: Tree<u8> = Tree::try_new(1).unwrap();
        let mut allowance = Allowance::default();
        let edges = || (0..4).map(|mv| Edge::new(mv, 0.25, None)).collect();
        tree.find_or_add(1, &mut allowance, edges);
        assert_eq!(tree.edge_bytes.load(Relaxed), 0, "not yet counted");
        tree.settle(&mut allowance);
        assert_eq!(tree.edge_bytes.load(Relaxed), 4 * size_of::<Edge<u8>>());
        assert_eq!(allowance.edge_bytes, 0);
    }
}
