//! The MCTS node store: one node per position, found by its hash, in memory bounded by `Hash`.
//!
//! Nodes live in an open-addressing table keyed by the position hash, so every path
//! that reaches a position shares its node: its children and their statistics. A
//! node's children are edges in one contiguous run of the store's edge memory, each with
//! the statistics of the decision (visits, the mover's reward sum, a proven result), so
//! choosing a child reads one array. An edge remembers the slot of its child once found.
//!
//! Both the slots and the edge memory are lazily zeroed ([`ZeroedSlice`]): a store of
//! gigabytes is had, and emptied, at once, and nothing in it needs freeing one by one. A
//! thread takes edge memory in chunks of its own and writes a node's edges before it
//! publishes them (release and acquire on the node's edge state), so threads share the tree
//! without locks or data races. When the store fills (its slots or its edge memory), the
//! tree stops growing: the search goes on playing out from the leaves it has.

use std::sync::atomic::{
    AtomicBool, AtomicU32, AtomicU64, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};

use super::edges::{Edge, EdgeClaim, EdgeMemory, visits_through};
use crate::search::padded::Padded;
use crate::search::zeroed::{Zeroable, ZeroedSlice};

/// Slots probed for a position before the store counts as full there.
const PROBES: usize = 16;
/// Slots a thread takes from the store's count at a time (see [`Allowance`]).
const NODE_CLAIM: usize = 64;
/// The share of the memory given to slots; the rest holds edges.
const SLOT_SHARE: usize = 4;

/// A node's edge state: not yet written.
const UNWRITTEN: u32 = 0;
/// A node's edge state: a thread is writing them.
const WRITING: u32 = 1;
/// A node's edge state: written, readable by every thread.
const WRITTEN: u32 = 2;
/// A node's edge state: the edge memory had no room for them.
const NO_ROOM: u32 = 3;

/// One position in the tree; all zero bytes make a free slot.
pub struct TreeNode {
    /// The position hash (0 marks a free slot).
    key: AtomicU64,
    /// Whether guided search has scored the node as a new leaf (its first visit). Visits
    /// through the node are its edges' visits, summed where needed, so that no step of a
    /// descent writes the node's line, which every thread reads.
    pub scored: AtomicBool,
    /// The node's proven result (`solver::Proof` code), or 0.
    pub proof: AtomicU32,
    /// [`UNWRITTEN`], [`WRITING`], [`WRITTEN`] or [`NO_ROOM`].
    edge_state: AtomicU32,
    /// Where the node's edges lie in the edge memory, once written (see [`EdgePlace`]); 0
    /// before. One word, so that reading a node's edges loads it once.
    edge_place: AtomicU64,
}

/// Where a node's edges lie, packed in a word that is never 0: the first edge's index in the
/// high half, the count in the low 31 bits, and bit 31 set.
struct EdgePlace;

impl EdgePlace {
    const SET: u64 = 1 << 31;

    fn pack(start: usize, count: usize) -> u64 {
        ((start as u64) << 32) | count as u64 | Self::SET
    }

    fn unpack(word: u64) -> (usize, usize) {
        ((word >> 32) as usize, (word & (Self::SET - 1)) as usize)
    }
}

// SAFETY: atomics only.
unsafe impl Zeroable for TreeNode {}

/// A node with the store that holds its edges.
pub struct NodeRef<'a, M> {
    node: &'a TreeNode,
    edges: &'a EdgeMemory<M>,
}

impl<M> Clone for NodeRef<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M> Copy for NodeRef<'_, M> {}

impl<M> std::ops::Deref for NodeRef<'_, M> {
    type Target = TreeNode;

    fn deref(&self) -> &TreeNode {
        self.node
    }
}

impl<'a, M: Copy> NodeRef<'a, M> {
    /// Visits through this node: its edges' visits (searches under way included).
    pub fn visits(&self) -> u32 {
        visits_through(self.edges())
    }

    /// The node's edges (empty until they are written).
    pub fn edges(&self) -> &'a [Edge<M>] {
        let place = self.node.edge_place.load(Acquire);
        if place == 0 {
            return &[];
        }
        let (start, count) = EdgePlace::unpack(place);
        // SAFETY: the place, acquired, was stored with release after the edges were written
        // there by `EdgeMemory::write` (and the store is emptied only through `&mut`).
        unsafe { self.edges.read(start, count) }
    }
}

/// What one thread has taken from the store's memory in advance, so that adding a node does
/// not write the counters every thread shares: slots in claims of [`NODE_CLAIM`], and edge
/// memory in chunks (see `edges`). The store can so hold a claim's worth more slots than its
/// limit, and counts a few claims more than it holds.
#[derive(Default)]
pub struct Allowance {
    nodes: usize,
    edges: EdgeClaim,
}

/// The store. The counter every new node writes sits on lines of its own, away from the
/// node array's address that every step of every thread reads.
pub struct Tree<M> {
    nodes: ZeroedSlice<TreeNode>,
    edges: EdgeMemory<M>,
    mib: usize,
    used: Padded<AtomicUsize>,
    evaluated: bool,
    /// How much of the memory (slots, then edges) [`Tree::warm_up`] has mapped, in bytes.
    warmed: usize,
}

impl<M: Copy> Tree<M> {
    /// A store of `mib` MiB, or why it cannot be had.
    pub fn try_new(mib: usize) -> Result<Self, String> {
        crate::search::memory::check_fits(mib, "the tree")?;
        let bytes = mib.max(1) << 20;
        let slots = (bytes / SLOT_SHARE / size_of::<TreeNode>()).max(PROBES);
        let edges = (bytes - bytes / SLOT_SHARE) / size_of::<Edge<M>>();
        let refused = || format!("cannot allocate {mib} MiB for the tree");
        Ok(Tree {
            nodes: ZeroedSlice::new(slots).ok_or_else(refused)?,
            edges: EdgeMemory::new(edges).ok_or_else(refused)?,
            used: Padded(AtomicUsize::new(0)),
            mib,
            evaluated: false,
            warmed: 0,
        })
    }

    /// The size it was made with, in MiB.
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// The node in slot `index`.
    pub fn node(&self, index: u32) -> NodeRef<'_, M> {
        NodeRef {
            node: &self.nodes[index as usize],
            edges: &self.edges,
        }
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
                return self
                    .write_edges(node, &mut allowance.edges, children)
                    .then_some(i as u32);
            }
        }
        None
    }

    /// Sees that `node`'s edges are written: writes them if no thread has begun to, else waits
    /// for the thread that has (it takes microseconds). False when they found no room.
    fn write_edges(
        &self,
        node: &TreeNode,
        claim: &mut EdgeClaim,
        children: impl FnOnce() -> Vec<Edge<M>>,
    ) -> bool {
        let mut state = node.edge_state.load(Acquire);
        if state == UNWRITTEN {
            state = match node
                .edge_state
                .compare_exchange(UNWRITTEN, WRITING, Acquire, Acquire)
            {
                Ok(_) => {
                    let edges = children();
                    let count = edges.len();
                    let fits = count < EdgePlace::SET as usize;
                    let written = match fits.then(|| self.edges.write(claim, edges)).flatten() {
                        Some(start) => {
                            let place = EdgePlace::pack(start, count);
                            node.edge_place.store(place, Release);
                            WRITTEN
                        }
                        None => NO_ROOM,
                    };
                    node.edge_state.store(written, Release);
                    written
                }
                Err(now) => now,
            };
        }
        let mut spins = 0;
        while state == WRITING {
            if spins < 64 {
                std::hint::spin_loop();
                spins += 1;
            } else {
                std::thread::yield_now();
            }
            state = node.edge_state.load(Acquire);
        }
        state == WRITTEN
    }

    /// Whether new nodes are refused.
    pub fn is_full(&self) -> bool {
        self.used.load(Relaxed) * 8 >= self.nodes.len() * 7
            || self.edges.used() >= self.edges.capacity()
    }

    /// How full the store is, in permille (the larger of slots and edge memory).
    pub fn permille(&self) -> u64 {
        let slots = self.used.load(Relaxed) * 1000 / self.nodes.len();
        let edges = self.edges.used() * 1000 / self.edges.capacity().max(1);
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

    /// Empties the store: its slots zeroed in place (none if none was taken, as in a new
    /// store), and the edge memory handed out again.
    pub fn clear(&mut self) {
        if *self.used.0.get_mut() > 0 {
            self.nodes.fill_zero();
        }
        self.edges.empty();
        *self.used.0.get_mut() = 0;
    }

    /// Has the system map up to `bytes` more of the store's memory, slots first, so that
    /// searches do not pay for first touches (slow: several microseconds per 4 KiB on a
    /// virtual machine, and slower when threads touch at once). Nothing in it changes.
    /// False once all of it is mapped.
    pub fn warm_up(&mut self, bytes: usize) -> bool {
        let (slots, all) = (self.nodes.bytes(), self.nodes.bytes() + self.edges.bytes());
        let (from, to) = (self.warmed, (self.warmed + bytes).min(all));
        if from < slots {
            self.nodes.touch(from..to.min(slots));
        }
        if to > slots {
            self.edges.touch(from.max(slots) - slots..to - slots);
        }
        self.warmed = to;
        to < all
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

    fn four_edges(first: u8) -> impl FnOnce() -> Vec<Edge<u8>> {
        move || {
            (0..4)
                .map(|k| Edge::new(first.wrapping_add(k), 0.25, None))
                .collect()
        }
    }

    fn moves(tree: &Tree<u8>, slot: u32) -> Vec<u8> {
        tree.node(slot).edges().iter().map(|e| e.mv).collect()
    }

    #[test]
    fn a_node_s_edges_are_written_once_and_read_back() {
        let tree: Tree<u8> = Tree::try_new(1).unwrap();
        let mut allowance = Allowance::default();
        let slot = tree.find_or_add(7, &mut allowance, four_edges(10)).unwrap();
        assert_eq!(moves(&tree, slot), [10, 11, 12, 13]);
        let again = tree.find_or_add(7, &mut allowance, || unreachable!("written already"));
        assert_eq!(again, Some(slot));
        assert_eq!(tree.find(7), Some(slot));
        let leaf = tree.find_or_add(8, &mut allowance, Vec::new).unwrap();
        assert!(tree.node(leaf).edges().is_empty(), "a node without moves");
        tree.node(slot).edges()[2].visits.store(3, Relaxed);
        assert_eq!(tree.node(slot).visits(), 3);
    }

    #[test]
    fn a_full_edge_memory_refuses_the_node_and_fills_the_store() {
        let tree: Tree<u8> = Tree::try_new(1).unwrap();
        let mut allowance = Allowance::default();
        let all = tree.edges.capacity();
        let huge = move || (0..all + 1).map(|_| Edge::new(0, 0.0, None)).collect();
        assert_eq!(tree.find_or_add(5, &mut allowance, huge), None);
        assert_eq!(
            tree.find_or_add(5, &mut allowance, four_edges(0)),
            None,
            "still no room"
        );
        assert!(tree.is_full());
        assert_eq!(tree.permille(), 1000);
    }

    #[test]
    fn clearing_empties_the_store_and_voids_earlier_claims() {
        let mut tree: Tree<u8> = Tree::try_new(1).unwrap();
        let mut allowance = Allowance::default();
        for key in 1..=10 {
            tree.find_or_add(key, &mut allowance, four_edges(key as u8))
                .unwrap();
        }
        tree.clear();
        assert_eq!(tree.find(1), None);
        assert_eq!((tree.permille(), tree.edges.used()), (0, 0));
        let mut fresh = Allowance::default();
        let first = tree.find_or_add(1, &mut fresh, four_edges(1)).unwrap();
        let second = tree.find_or_add(2, &mut allowance, four_edges(2)).unwrap();
        assert_eq!(moves(&tree, first), [1, 2, 3, 4], "not overwritten");
        assert_eq!(moves(&tree, second), [2, 3, 4, 5]);
    }

    #[test]
    fn warming_up_maps_everything_in_steps_and_changes_nothing() {
        let mut tree: Tree<u8> = Tree::try_new(1).unwrap();
        let slot = tree
            .find_or_add(7, &mut Allowance::default(), four_edges(3))
            .unwrap();
        let steps = std::iter::repeat_with(|| tree.warm_up(100_000)).take_while(|&more| more);
        assert_eq!(steps.count(), (1 << 20) / 100_000, "about 1 MiB in all");
        assert!(!tree.warm_up(100_000), "all mapped");
        assert_eq!(moves(&tree, slot), [3, 4, 5, 6]);
        assert_eq!(tree.find(7), Some(slot));
    }

    #[test]
    fn threads_adding_the_same_nodes_see_each_node_s_edges_whole() {
        let tree: Tree<u8> = Tree::try_new(1).unwrap();
        let keys: Vec<u64> = (1..=2000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        std::thread::scope(|scope| {
            for thread in 0..4 {
                let (tree, keys) = (&tree, &keys);
                scope.spawn(move || {
                    let mut allowance = Allowance::default();
                    let mut order: Vec<usize> = (0..keys.len()).collect();
                    if thread % 2 == 1 {
                        order.reverse();
                    }
                    for i in order {
                        let slot = tree.find_or_add(keys[i], &mut allowance, four_edges(i as u8));
                        let expected: Vec<u8> =
                            four_edges(i as u8)().iter().map(|e| e.mv).collect();
                        assert_eq!(moves(tree, slot.unwrap()), expected);
                    }
                });
            }
        });
    }
}
