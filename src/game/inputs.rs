//! What a game shows a network: the inputs it declares, each on (1) or off (0), and which of
//! them are on in a position, seen from one seat.

use std::mem::MaybeUninit;

use super::{Player, Rules};

/// The most inputs a position may turn on at once.
pub const MAX_ACTIVE: usize = 1024;

/// The indices of the inputs that are on, in a fixed-size buffer that is neither allocated
/// nor cleared per evaluation.
pub struct ActiveInputs {
    /// The first `len` are written.
    indices: [MaybeUninit<u16>; MAX_ACTIVE],
    len: usize,
}

impl Default for ActiveInputs {
    fn default() -> Self {
        ActiveInputs {
            // SAFETY: an array of `MaybeUninit` needs no initialisation.
            indices: unsafe { MaybeUninit::uninit().assume_init() },
            len: 0,
        }
    }
}

impl ActiveInputs {
    /// Turns input `index` on. Past [`MAX_ACTIVE`] inputs the rest are dropped, which a
    /// debug build reports.
    #[inline]
    pub fn push(&mut self, index: usize) {
        debug_assert!(self.len < MAX_ACTIVE, "more than {MAX_ACTIVE} inputs on");
        if self.len < MAX_ACTIVE {
            self.indices[self.len] = MaybeUninit::new(index as u16);
            self.len += 1;
        }
    }

    /// The inputs that are on, in the order they were turned on.
    pub fn as_slice(&self) -> &[u16] {
        let written = &self.indices[..self.len];
        // SAFETY: the first `len` values were written by `push`, and `MaybeUninit<u16>` has
        // the layout of `u16`.
        unsafe { std::slice::from_raw_parts(written.as_ptr().cast::<u16>(), written.len()) }
    }

    /// Forgets every input.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// The inputs a game declares for its networks. A game without a network declares none (the
/// defaults); one with a network also embeds it ([`Inputs::EMBEDDED_NET`]).
pub trait Inputs: Rules {
    /// How many inputs there are (indices `0..INPUTS`).
    const INPUTS: usize = 0;
    /// What the inputs mean, in words: a network records the hash of this text, so changing
    /// what the inputs mean (not only how many there are) means changing this text, and nets
    /// trained on the old inputs are then refused.
    const INPUT_LAYOUT: &'static str = "";
    /// The game's network file (`src/net/file.rs`), embedded in the build; empty when the game
    /// has none.
    const EMBEDDED_NET: &'static [u8] = &[];

    /// Turns on, in `out`, the inputs of this position seen from `player`, each at most once:
    /// the network's value is that player's. Positions where chance decides need not be supported.
    fn active_inputs(&self, _player: Player, _out: &mut ActiveInputs) {}
}
