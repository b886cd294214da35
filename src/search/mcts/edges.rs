//! The tree's edges: the statistics of one decision, and the memory that holds them.
//!
//! A node's edges are one contiguous run of the store's edge memory. Threads take that
//! memory in claims of their own (a range is given to one thread only), write a node's
//! edges into their claim and only then publish the node (see `tree`), so an edge is
//! written once, by one thread, before any other reads it. The memory is lazily zeroed and
//! edges need no dropping, so a store of gigabytes is had and emptied at once.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::search::padded::Padded;
use crate::search::zeroed::{Zeroable, ZeroedSlice};

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
    /// What the evaluation's minimax makes of the decision, as `expand::Perspective` keeps it
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

/// Visits through a node whose edges are `edges`: their visits summed (searches under way
/// included).
pub fn visits_through<M>(edges: &[Edge<M>]) -> u32 {
    edges.iter().map(|e| e.visits.load(Relaxed)).sum()
}

/// Room for one edge, written at most once between emptyings of the store.
#[repr(transparent)]
struct EdgeSlot<M>(UnsafeCell<MaybeUninit<Edge<M>>>);

// SAFETY: zero bytes are a valid `MaybeUninit`.
unsafe impl<M> Zeroable for EdgeSlot<M> {}
// SAFETY: a slot is written only by the thread whose claim holds it, before the node that owns
// it is published; other threads read it only after they acquire that publication, and it is
// not written again until the memory is emptied, which takes `&mut`.
unsafe impl<M: Send + Sync> Sync for EdgeSlot<M> {}

/// A thread's unused part of its last claim on one edge memory.
#[derive(Default)]
pub struct EdgeClaim {
    /// The edge memory the claim is on (see [`EdgeMemory::id`]); 0 for none.
    memory: u64,
    next: usize,
    end: usize,
}

/// Edges a thread claims at a time (64 KiB of 32-byte edges); a node with more claims its own.
const CHUNK: usize = 2048;

/// The store's edge memory: a bump allocator over lazily zeroed slots.
pub struct EdgeMemory<M> {
    slots: ZeroedSlice<EdgeSlot<M>>,
    /// Slots handed out (it may pass the length: a claim that did not fit).
    claimed: Padded<AtomicUsize>,
    /// Tells this memory, and each emptying of it, from every other, so that a claim made
    /// before is never used after.
    id: u64,
}

impl<M: Copy> EdgeMemory<M> {
    /// Memory for `len` edges (at most `u32::MAX`), or `None` when it cannot be had.
    pub fn new(len: usize) -> Option<Self> {
        Some(EdgeMemory {
            slots: ZeroedSlice::new(len.min(u32::MAX as usize))?,
            claimed: Padded(AtomicUsize::new(0)),
            id: fresh_id(),
        })
    }

    /// Slots for edges in all.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Slots handed out, at most all of them.
    pub fn used(&self) -> usize {
        self.claimed.load(Relaxed).min(self.capacity())
    }

    /// The memory's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.bytes()
    }

    /// Has the system map the memory's bytes `range` now (see [`ZeroedSlice::touch`]).
    pub fn touch(&mut self, range: std::ops::Range<usize>) {
        self.slots.touch(range);
    }

    /// Hands out everything again (earlier claims are void).
    pub fn empty(&mut self) {
        *self.claimed.0.get_mut() = 0;
        self.id = fresh_id();
    }

    /// Writes `edges` into room taken from `claim` (claiming more when it runs short) and
    /// returns where they start, or `None` when the memory has no room left.
    ///
    /// The edges may be read with [`EdgeMemory::read`] by threads to which their place is
    /// published (a release store of it that the reader acquires).
    pub fn write(&self, claim: &mut EdgeClaim, edges: Vec<Edge<M>>) -> Option<usize> {
        let count = edges.len();
        if claim.memory != self.id {
            *claim = EdgeClaim::default();
        }
        let start = if count == 0 {
            0
        } else if claim.end - claim.next >= count {
            claim.next += count;
            claim.next - count
        } else if count >= CHUNK {
            self.claim(count)?
        } else {
            let start = self.claim(CHUNK)?;
            *claim = EdgeClaim {
                memory: self.id,
                next: start + count,
                end: start + CHUNK,
            };
            start
        };
        for (slot, edge) in self.slots[start..start + count].iter().zip(edges) {
            // SAFETY: the slot lies in a range handed to this thread alone (by `claim`, on
            // this memory since it was last emptied), past every slot it has written.
            unsafe { (*slot.0.get()).write(edge) };
        }
        Some(start)
    }

    /// The `count` edges at `start`.
    ///
    /// # Safety
    /// They must have been written by [`EdgeMemory::write`], since the memory was last emptied,
    /// and their place published to this thread.
    pub unsafe fn read(&self, start: usize, count: usize) -> &[Edge<M>] {
        // SAFETY: written edges lie inside the memory; an `EdgeSlot` has the layout of an
        // `Edge`, and these are written (the caller promises) and not written again while
        // `&self` lives.
        unsafe {
            let first = self.slots.as_ptr().add(start).cast::<Edge<M>>();
            std::slice::from_raw_parts(first, count)
        }
    }

    fn claim(&self, count: usize) -> Option<usize> {
        let start = self.claimed.fetch_add(count, Relaxed);
        (start + count <= self.capacity()).then_some(start)
    }
}

/// A number no edge memory has had before.
fn fresh_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Relaxed)
}
