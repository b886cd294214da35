//! The first layer's sums kept from one evaluation to the next: each search thread keeps,
//! per seat, the sums and the active inputs of the last position it evaluated, and for the
//! next one adds the rows of the inputs that came on and takes away those that went off,
//! which in a search (siblings, a parent and its children) is a few rows instead of all of
//! them. The sums so kept equal sums made afresh (`forward`'s wrapping arithmetic).

use std::cell::RefCell;

use super::Network;
use super::forward::{self, Accumulator};
use crate::game::inputs::ActiveInputs;

/// The most inputs a net may have.
pub const MAX_INPUTS: usize = 8192;
/// Words of a set of inputs.
const WORDS: usize = MAX_INPUTS / 64;
/// Seats with sums of their own.
const SEATS: usize = 6;

/// One seat's last evaluation.
struct Slot {
    /// The net it was made with (its address: nets are never freed), 0 for none.
    net: usize,
    /// Its active inputs, as a set.
    inputs: Box<[u64; WORDS]>,
    /// Its active inputs, as a list.
    listed: Vec<u16>,
    /// Its first layer's sums.
    sums: Accumulator,
}

/// A thread's kept sums, and a set that is empty between evaluations.
#[derive(Default)]
struct Kept {
    slots: Vec<Slot>,
    marks: Option<Box<[u64; WORDS]>>,
}

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::default();
}

/// Whether `input` is in the set `bits`.
fn has(bits: &[u64; WORDS], input: u16) -> bool {
    bits[input as usize / 64] >> (input % 64) & 1 == 1
}

/// Puts `input` in the set `bits` or takes it out.
fn flip(bits: &mut [u64; WORDS], input: u16) {
    bits[input as usize / 64] ^= 1 << (input % 64);
}

/// The net's output for `active`, seen from `seat`, from this thread's last sums for the seat.
/// Everything it does is in proportion to the inputs on, not to the inputs there are.
pub fn output(net: &Network, seat: u8, active: &[u16]) -> i32 {
    KEPT.with(|kept| {
        let kept = &mut *kept.borrow_mut();
        if kept.slots.is_empty() {
            kept.slots.extend((0..SEATS).map(|_| Slot {
                net: 0,
                inputs: Box::new([0; WORDS]),
                listed: Vec::new(),
                sums: Accumulator::default(),
            }));
        }
        let marks = kept.marks.get_or_insert_with(|| Box::new([0; WORDS]));
        let slot = &mut kept.slots[seat as usize % SEATS];
        let address = std::ptr::from_ref(net) as usize;
        let (mut added, mut removed) = (ActiveInputs::default(), ActiveInputs::default());
        if slot.net == address {
            for &input in active {
                flip(marks, input);
                if !has(&slot.inputs, input) {
                    added.push(input as usize);
                }
            }
            for &input in &slot.listed {
                if !has(marks, input) {
                    removed.push(input as usize);
                }
            }
            active.iter().for_each(|&input| flip(marks, input));
        }
        let (added, removed) = (added.as_slice(), removed.as_slice());
        let (shape, weights) = (&net.shape, &net.weights);
        if slot.net == address && added.len() + removed.len() < active.len() {
            forward::update(shape, weights, added, removed, &mut slot.sums);
        } else {
            forward::refresh(shape, weights, active, &mut slot.sums);
            slot.net = address;
        }
        slot.listed
            .iter()
            .for_each(|&input| flip(&mut slot.inputs, input));
        active
            .iter()
            .for_each(|&input| flip(&mut slot.inputs, input));
        slot.listed.clear();
        slot.listed.extend_from_slice(active);
        forward::output_of(shape, weights, &slot.sums)
    })
}
