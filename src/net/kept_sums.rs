//! The first layer's sums kept from one evaluation to the next: each search thread keeps,
//! per seat, the sums and the active inputs of the last position it evaluated, and for the
//! next one adds the rows of the inputs that came on and takes away those that went off,
//! which in a search (siblings, a parent and its children) is a few rows instead of all of
//! them. The sums so kept equal sums made afresh (`forward`'s wrapping arithmetic).

use std::cell::RefCell;

use super::Network;
use super::file::MAX_INPUTS;
use super::forward::{self, Accumulator};
use crate::game::bitset::BitSet;
use crate::game::inputs::ActiveInputs;

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

/// A thread's kept sums, one slot per seat.
#[derive(Default)]
struct Kept {
    slots: Vec<Slot>,
}

/// A set of inputs.
type Inputs = BitSet<WORDS>;

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::default();
}

/// The net's output for `active`, seen from `seat`, from this thread's last sums for the seat.
pub fn output(net: &Network, seat: u8, active: &[u16]) -> i32 {
    with_sums(net, seat, active, |sums| {
        forward::output_of(&net.shape, &net.weights, sums)
    })
}

/// Writes to `out` (`hidden` long) the first layer's sums for `active`, seen from `seat`, made
/// from this thread's last sums for the seat.
pub fn sums(net: &Network, seat: u8, active: &[u16], out: &mut [i16]) {
    with_sums(net, seat, active, |sums| out.copy_from_slice(sums));
}

/// Brings this thread's sums for `seat` to `active` and hands them to `then`.
/// Everything it does is in proportion to the inputs on, not to the inputs there are: one
/// pass over `active` takes the inputs kept on out of the last set (the rest came on), one
/// over the last list finds what is left in the set (they went off), and one marks `active`.
fn with_sums<R>(net: &Network, seat: u8, active: &[u16], then: impl FnOnce(&[i16]) -> R) -> R {
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
        let slot = &mut kept.slots[seat as usize % SEATS];
        let last = &mut *slot.inputs;
        let address = std::ptr::from_ref(net) as usize;
        let (mut added, mut removed) = (ActiveInputs::default(), ActiveInputs::default());
        for &input in active {
            let input = input as usize;
            if last.has(input) {
                last.remove(input);
            } else {
                added.push(input);
            }
        }
        for &input in &slot.listed {
            let input = input as usize;
            if last.has(input) {
                last.remove(input);
                removed.push(input);
            }
        }
        for &input in active {
            last.insert(input as usize);
        }
        let (added, removed) = (added.as_slice(), removed.as_slice());
        let (shape, weights) = (&net.shape, &net.weights);
        if slot.net == address && added.len() + removed.len() < active.len() {
            forward::update(shape, weights, added, removed, &mut slot.sums.0);
        } else {
            forward::refresh(shape, weights, active, &mut slot.sums.0);
            slot.net = address;
        }
        slot.listed.clear();
        slot.listed.extend_from_slice(active);
        then(&slot.sums.0[..shape.hidden])
    })
}
