//! What Dimraw's network sees: every piece by its point and owner, both hands, whose
//! decision it is and what kind (a removal), a pass just made, and which colour the
//! evaluating player has (the two start with different hands).

use crate::game::Inputs;
use crate::game::inputs::ActiveInputs;

use super::Dimraw;

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

impl Inputs for Dimraw {
    const INPUTS: usize = FIRST_PLAYER + 1;
    const INPUT_LAYOUT: &'static str = "dimraw v1: point x owner (mine, theirs); owner x hand \
        0..20 (one-hot); evaluating player to decide; removal pending; last turn a pass; \
        evaluating player is p1";
    /// The game's network (its training: `seeds/dimraw.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("dimraw-676bfae676be851a.tnet");

    fn active_inputs(&self, player: u8, out: &mut ActiveInputs) {
        let state = &self.state;
        for colour in 0..2u8 {
            let owner = usize::from(colour != player);
            let points = state.pieces[colour as usize];
            for point in (0..POINTS).filter(|&p| points >> p & 1 == 1) {
                out.push(point * 2 + owner);
            }
            let hand = (state.hand[colour as usize] as usize).min(HAND);
            out.push(HANDS + owner * (HAND + 1) + hand);
        }
        if state.side == player {
            out.push(TO_MOVE);
        }
        if state.removal_pending {
            out.push(REMOVAL);
        }
        if state.passes > 0 {
            out.push(PASSED);
        }
        if player == 0 {
            out.push(FIRST_PLAYER);
        }
    }
}
