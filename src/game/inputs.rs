//! What a game shows a network: the inputs it declares, each on (1) or off (0), and which of
//! them are on in a position, seen from one seat. A game lists them as *features*, facts of
//! the position that no seat colours (a checker of p1 on a1), each of which a seat sees as one
//! of its inputs or none ([`Inputs::input_of`]); a move then changes a few features whoever
//! looks, which is what a search keeps its sums up to date by ([`FeatureChange`]).

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

    /// Turns on every input of `indices` (an `Option` turns on one or none).
    #[inline]
    pub fn extend(&mut self, indices: impl IntoIterator<Item = usize>) {
        for index in indices {
            self.push(index);
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

/// The most features one move may turn off, and the most it may turn on, for its change to
/// be told ([`Inputs::last_change`]); a larger change is made afresh.
pub const MAX_CHANGE: usize = 40;

/// The features one move turned off and those it turned on.
#[derive(Clone, Copy)]
pub struct FeatureChange {
    off: [u16; MAX_CHANGE],
    on: [u16; MAX_CHANGE],
    offs: u8,
    ons: u8,
    /// More than [`MAX_CHANGE`] either way: the change is not told.
    overflowed: bool,
}

impl Default for FeatureChange {
    fn default() -> Self {
        FeatureChange {
            off: [0; MAX_CHANGE],
            on: [0; MAX_CHANGE],
            offs: 0,
            ons: 0,
            overflowed: false,
        }
    }
}

impl FeatureChange {
    /// Forgets the features written so far.
    pub fn clear(&mut self) {
        (self.offs, self.ons, self.overflowed) = (0, 0, false);
    }

    /// Feature `feature` went off.
    #[inline]
    pub fn off(&mut self, feature: usize) {
        push(&mut self.off, &mut self.offs, &mut self.overflowed, feature);
    }

    /// Feature `feature` came on.
    #[inline]
    pub fn on(&mut self, feature: usize) {
        push(&mut self.on, &mut self.ons, &mut self.overflowed, feature);
    }

    /// `before` went off and `after` came on, unless they are the same feature.
    #[inline]
    pub fn replace(&mut self, before: Option<usize>, after: Option<usize>) {
        if before != after {
            if let Some(before) = before {
                self.off(before);
            }
            if let Some(after) = after {
                self.on(after);
            }
        }
    }

    /// The features that went off and those that came on; `None` where there were too many
    /// to tell.
    pub fn told(&self) -> Option<(&[u16], &[u16])> {
        (!self.overflowed).then(|| {
            (
                &self.off[..self.offs as usize],
                &self.on[..self.ons as usize],
            )
        })
    }
}

/// Writes `feature` at `list[*len]`, or notes that the list is full.
#[inline]
fn push(list: &mut [u16; MAX_CHANGE], len: &mut u8, overflowed: &mut bool, feature: usize) {
    match list.get_mut(*len as usize) {
        Some(slot) => {
            *slot = feature as u16;
            *len += 1;
        }
        None => *overflowed = true,
    }
}

/// Writes to `inputs` the inputs `player` sees of `features` (by `pos`'s [`Inputs::input_of`],
/// none for a feature that is none of the player's) and returns how many.
#[inline]
pub fn inputs_of<G: Inputs>(
    pos: &G,
    player: Player,
    features: &[u16],
    inputs: &mut [u16; MAX_CHANGE],
) -> usize {
    let mut count = 0;
    for &feature in features {
        if let Some(input) = pos.input_of(feature, player) {
            inputs[count] = input;
            count += 1;
        }
    }
    count
}

/// The input `feature` is for `player` in a two-player game whose features are `p1`'s inputs
/// and one more, `p2_to_move` ("p2 is to move"; `p1`'s input `to_move` is "p1 is to move"):
/// `p1` reads every other feature as the input of its number, `p2` as `mirror` turns it (none
/// where it gives none), and each reads its own to-move feature as `to_move`.
#[inline]
pub fn two_seat_input(
    feature: u16,
    player: Player,
    to_move: usize,
    p2_to_move: usize,
    mirror: impl FnOnce(usize) -> Option<usize>,
) -> Option<u16> {
    let feature = feature as usize;
    let input = match feature {
        _ if feature == p2_to_move => (player == 1).then_some(to_move),
        _ if feature == to_move => (player == 0).then_some(to_move),
        _ if player == 0 => Some(feature),
        _ => mirror(feature),
    };
    input.map(|input| input as u16)
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
    /// How many outputs a policy head has: each legal move of a position owns one of
    /// `0..POLICY_SPACE` ([`Inputs::policy_indices`]). By default, the move indices'.
    const POLICY_SPACE: usize = <Self as Rules>::MOVE_INDEX_SPACE;

    /// Writes to `out` (cleared first) the policy output each of `moves`, one position's legal
    /// moves as generated, owns: no two of them share one (`tests/policy.rs`). By default each
    /// move's [`Rules::move_index`], for games whose moves own theirs.
    fn policy_indices(moves: &[Self::Move], out: &mut Vec<usize>) {
        out.clear();
        out.extend(moves.iter().map(|&mv| Self::move_index(mv)));
    }

    /// Turns on, in `out`, the features of this position, each at most once. Positions where
    /// chance decides need not be supported.
    fn features(&self, _out: &mut ActiveInputs) {}

    /// The input that `feature` is for `player`, if it is one of that player's inputs (none
    /// in a game without inputs, the default).
    fn input_of(&self, _feature: u16, _player: Player) -> Option<u16> {
        None
    }

    /// Called right after [`Rules::make`] or [`Rules::hand_turn_to`]: writes in `change` (cleared
    /// first) the features that turn took off and put on; false where the game does not tell
    /// (the default) or the change is too large, and a search then makes the sums afresh.
    fn last_change(&self, _change: &mut FeatureChange) -> bool {
        false
    }

    /// Turns on, in `out`, the inputs of this position seen from `player`, each at most once
    /// (its features as `player` sees them): the network's value is that player's.
    fn active_inputs(&self, player: Player, out: &mut ActiveInputs) {
        let mut features = ActiveInputs::default();
        self.features(&mut features);
        for &feature in features.as_slice() {
            if let Some(input) = self.input_of(feature, player) {
                out.push(input as usize);
            }
        }
    }
}
