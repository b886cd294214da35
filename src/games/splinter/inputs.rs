//! What Splinter's network sees: every piece by its square, owner and type; how many pieces
//! of each type each player has left; and whether the evaluating player is to move. Seen
//! from `p2` the board is turned half a turn (the start position is symmetric so).

use crate::game::Inputs;
use crate::game::inputs::ActiveInputs;

use super::Splinter;
use super::board::{FILES, SQUARES, STRIDE};
use super::position::{colour_of, kind_of};

/// The most pieces of each type a player has: K, R, B, P.
const MOST: [usize; 4] = [1, 2, 3, 9];
/// Inputs per square: owner (mine, theirs) x type.
const PER_SQUARE: usize = 2 * 4;
/// The first count input: owner x type x count (0 to the most), one-hot.
const COUNTS: usize = SQUARES * PER_SQUARE;
/// Count inputs per owner.
const COUNTS_PER_OWNER: usize = 1 + 1 + 2 + 1 + 3 + 1 + 9 + 1;
/// The input "the evaluating player is to move".
const TO_MOVE: usize = COUNTS + 2 * COUNTS_PER_OWNER;

impl Inputs for Splinter {
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "splinter v1: square(turned for p2) x owner (mine, \
        theirs) x type (K, R, B, P); owner x type x pieces left (one-hot); evaluating player \
        to move";
    /// The game's network, with a policy head (its training: `seeds/splinter.md`); it plays
    /// without quiescence search (the profile's `quiescence` is off).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("splinter-7648e84ceae6e84a.tnet");

    fn active_inputs(&self, player: u8, out: &mut ActiveInputs) {
        let state = &self.state;
        for cell in state.occupied.iter() {
            let code = state.board[cell];
            let square = (cell / STRIDE - 1) * FILES + cell % STRIDE - 1;
            let square = if player == 0 {
                square
            } else {
                SQUARES - 1 - square
            };
            let owner = usize::from(colour_of(code) != player);
            out.push(square * PER_SQUARE + owner * 4 + kind_of(code));
        }
        for colour in 0..2u8 {
            let owner = usize::from(colour != player);
            let mut first = COUNTS + owner * COUNTS_PER_OWNER;
            for (kind, most) in MOST.iter().enumerate() {
                let left = (state.counts[colour as usize][kind] as usize).min(*most);
                out.push(first + left);
                first += most + 1;
            }
        }
        if state.side == player {
            out.push(TO_MOVE);
        }
    }
}
