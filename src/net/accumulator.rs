//! The first layer's sums kept from one evaluation to the next: each search thread keeps,
//! per seat, the sums and the active inputs of the last position it evaluated, and for the
//! next one adds the rows of the inputs that came on and takes away those that went off,
//! which in a search (siblings, a parent and its children) is a few rows instead of all of
//! them. The sums so kept equal sums made afresh (`forward`'s wrapping arithmetic).

use std::cell::RefCell;

use super::Network;
use super::forward::{self, Accumulator};
use crate::game::bitset::BitSet;
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
    inputs: Box<Inputs>,
    /// Its active inputs, as a list.
    listed: Vec<u16>,
    /// Its first layer's sums.
    sums: Accumulator,
}

/// A thread's kept sums, and a set that is empty between evaluations.
#[derive(Default)]
struct Kept {
    slots: Vec<Slot>,
    marks: Option<Box<Inputs>>,
}

/// A set of inputs.
type Inputs = BitSet<WORDS>;

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::default();
}

/// The net's output for `active`, seen from `seat`, from this thread's last sums for the seat.
/// Everything it does is in proportion to the inputs on, not to the inputs there are.
pub fn output(net: &Network, seat: u8, active: &[u16]) -> i32 {
    KEPT.with(|kept| {
        let kept = &mut *kept.borrow_mut();
        if kept.slots.is_empty() {
            kept.slots.extend((0..SEATS).map(|_| Slot {
                net: 0,
                inputs: Box::default(),
                listed: Vec::new(),
                sums: Accumulator::default(),
            }));
        }
        let marks = kept.marks.get_or_insert_with(Box::default);
        let slot = &mut kept.slots[seat as usize % SEATS];
        let address = std::ptr::from_ref(net) as usize;
        let (mut added, mut removed) = (ActiveInputs::default(), ActiveInputs::default());
        if slot.net == address {
            for &input in active {
                marks.insert(input as usize);
                if !slot.inputs.has(input as usize) {
                    added.push(input as usize);
                }
            }
            for &input in &slot.listed {
                if !marks.has(input as usize) {
                    removed.push(input as usize);
                }
            }
            active
                .iter()
                .for_each(|&input| marks.remove(input as usize));
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
            .for_each(|&input| slot.inputs.remove(input as usize));
        active
            .iter()
            .for_each(|&input| slot.inputs.insert(input as usize));
        slot.listed.clear();
        slot.listed.extend_from_slice(active);
        forward::output_of(shape, weights, &slot.sums)
    })
}
