//! What Dwnsiwn's network sees at a decision: every placed die by its cell, whose colour it
//! is and the value it shows on each side; each stock's dice by owner, colour, value and
//! count; each side's score difference; who placed the dungeon die; and whether the
//! evaluating player decides. "Mine" is the evaluating player's colour or stock. Positions
//! where chance decides are the search's to average over, not the net's.

use crate::game::Inputs;
use crate::game::inputs::ActiveInputs;

use super::Dwnsiwn;
use super::position::NOBODY;
use super::pyramid::CELL_COUNT;

/// Inputs per cell for its die's shown values: colour (mine, theirs) x side x value 1..6.
const PER_CELL: usize = 2 * 3 * 6;
/// The first "a die of this colour fills this cell" input: cell x colour.
const FILLED: usize = CELL_COUNT * PER_CELL;
/// The first stock input: owner x colour x value x count (1, 2, 3, 4 or more).
const STOCKS: usize = FILLED + CELL_COUNT * 2;
/// Score differences per side: mine less theirs, -15..=15 (clamped), one-hot.
const SCORE_SPAN: i32 = 15;
/// The first score input: side x difference.
const SCORES: usize = STOCKS + 2 * 2 * 6 * 4;
/// The first dungeon input: placed by me, by them.
const DUNGEON: usize = SCORES + 3 * (2 * SCORE_SPAN as usize + 1);
/// The input "the evaluating player decides".
const TO_MOVE: usize = DUNGEON + 2;

impl Inputs for Dwnsiwn {
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "dwnsiwn v1: cell x colour (mine, theirs) x side x \
        shown value; cell x colour filled; stock owner x colour x value x count (1..3, 4+); \
        side x score difference (-15..15); dungeon placer (me, them); evaluating player decides";
    /// The game's network (its training: `seeds/dwnsiwn.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("dwnsiwn-ad121042389918e6.tnet");

    fn active_inputs(&self, player: u8, out: &mut ActiveInputs) {
        let state = &self.state;
        let mine = |colour: u8| usize::from(colour != player);
        for cell in (0..CELL_COUNT).filter(|&c| state.filled >> c & 1 == 1) {
            let colour = mine(state.colour[cell]);
            out.push(FILLED + cell * 2 + colour);
            for (side, &value) in state.shown[cell].iter().enumerate() {
                if value != 0 {
                    let index = (colour * 3 + side) * 6 + value as usize - 1;
                    out.push(cell * PER_CELL + index);
                }
            }
        }
        for owner in 0..2u8 {
            for colour in 0..2u8 {
                for value in 1..=6 {
                    let count = state.stock[owner as usize][colour as usize][value] as usize;
                    if count > 0 {
                        let which = (mine(owner) * 2 + mine(colour)) * 6 + value - 1;
                        out.push(STOCKS + which * 4 + count.min(4) - 1);
                    }
                }
            }
        }
        let (own, other) = (player as usize, 1 - player as usize);
        for side in 0..3 {
            let difference =
                i32::from(state.scores[own][side]) - i32::from(state.scores[other][side]);
            let difference = difference.clamp(-SCORE_SPAN, SCORE_SPAN) + SCORE_SPAN;
            out.push(SCORES + side * (2 * SCORE_SPAN as usize + 1) + difference as usize);
        }
        if state.dungeon_placer != NOBODY {
            out.push(DUNGEON + mine(state.dungeon_placer));
        }
        if state.decider == player {
            out.push(TO_MOVE);
        }
    }
}
