//! What Dimraw's network sees: every piece by its point and owner, both hands, whose
//! decision it is and what kind (a removal), a pass just made, and which colour the
//! evaluating player has (the two start with different hands).
//!
//! Its features are the inputs as `p1` sees them, with one more for "p2 is to decide"; a
//! turn's change is what differs between the state before it and after it.

use crate::game::inputs::{ActiveInputs, FeatureChange, two_seat_input};
use crate::game::{Inputs, Player};

use super::Dimraw;
use super::position::State;

/// Points on the board.
const POINTS: usize = 20;
/// The most pieces in a hand, and so hand inputs per player (0 to it, one-hot).
const HAND: usize = 20;
/// The first hand input: owner (mine, theirs) x count.
const HANDS: usize = 2 * POINTS;
/// The input "the evaluating player is to decide".
const TO_MOVE: usize = HANDS + 2 * (HAND + 1);
/// The input "the decision is a removal".
const REMOVAL: usize = TO_MOVE + 1;
/// The input "the last turn was a pass".
const PASSED: usize = REMOVAL + 1;
/// The input "the evaluating player is p1".
const FIRST_PLAYER: usize = PASSED + 1;

/// The feature "p2 is to decide" (as `p1` sees it, [`TO_MOVE`] is "p1 is to decide").
const SECOND_TO_MOVE: usize = FIRST_PLAYER + 1;

/// The features of a state (`p1`'s inputs, and "p2 is to decide").
fn state_features(state: &State, mut each: impl FnMut(usize)) {
    for colour in 0..2 {
        let mut points = state.pieces[colour];
        while points != 0 {
            each(points.trailing_zeros() as usize * 2 + colour);
            points &= points - 1;
        }
        each(hand_feature(colour, state.hand[colour]));
    }
    each(to_move(state));
    if state.removal_pending {
        each(REMOVAL);
    }
    if state.passes > 0 {
        each(PASSED);
    }
    each(FIRST_PLAYER);
}

/// The feature "this state's side is to decide".
fn to_move(state: &State) -> usize {
    if state.side == 0 {
        TO_MOVE
    } else {
        SECOND_TO_MOVE
    }
}

/// The feature "`colour` holds `hand` pieces in hand".
fn hand_feature(colour: usize, hand: u8) -> usize {
    HANDS + colour * (HAND + 1) + (hand as usize).min(HAND)
}

impl Inputs for Dimraw {
    const INPUTS: usize = FIRST_PLAYER + 1;
    const INPUT_LAYOUT: &'static str = "dimraw v1: point x owner (mine, theirs); owner x hand \
        0..20 (one-hot); evaluating player to decide; removal pending; last turn a pass; \
        evaluating player is p1";
    /// The game's network (its training: `seeds/dimraw.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("dimraw-676bfae676be851a.tnet");

    fn features(&self, out: &mut ActiveInputs) {
        state_features(&self.state, |feature| out.push(feature));
    }

    fn input_of(&self, feature: u16, player: Player) -> Option<u16> {
        two_seat_input(
            feature,
            player,
            TO_MOVE,
            SECOND_TO_MOVE,
            |feature| match feature {
                _ if feature < HANDS => Some(feature ^ 1),
                _ if feature < TO_MOVE => {
                    Some(HANDS + (feature - HANDS + HAND + 1) % (2 * (HAND + 1)))
                }
                REMOVAL | PASSED => Some(feature),
                _ => None,
            },
        )
    }

    fn last_change(&self, change: &mut FeatureChange) -> bool {
        change.clear();
        let Some(before) = self.state_before_last_turn() else {
            return false;
        };
        let now = &self.state;
        for colour in 0..2 {
            let (then, held) = (before.pieces[colour], now.pieces[colour]);
            let mut gone = then & !held;
            while gone != 0 {
                change.off(gone.trailing_zeros() as usize * 2 + colour);
                gone &= gone - 1;
            }
            let mut came = held & !then;
            while came != 0 {
                change.on(came.trailing_zeros() as usize * 2 + colour);
                came &= came - 1;
            }
            change.replace(
                Some(hand_feature(colour, before.hand[colour])),
                Some(hand_feature(colour, now.hand[colour])),
            );
        }
        change.replace(Some(to_move(before)), Some(to_move(now)));
        let flag = |on: bool, feature: usize| on.then_some(feature);
        change.replace(
            flag(before.removal_pending, REMOVAL),
            flag(now.removal_pending, REMOVAL),
        );
        change.replace(
            flag(before.passes > 0, PASSED),
            flag(now.passes > 0, PASSED),
        );
        true
    }
}
