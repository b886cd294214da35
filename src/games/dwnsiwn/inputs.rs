//! What Dwnsiwn's network sees at a decision: every placed die by its cell, whose colour it
//! is and the value it shows on each side; each stock's dice by owner, colour, value and
//! count; each side's score difference; who placed the dungeon die; and whether the
//! evaluating player decides. "Mine" is the evaluating player's colour or stock. Positions
//! where chance decides are the search's to average over, not the net's.
//!
//! Its features are the inputs as `p1` sees them, with one more for "p2 decides"; a decision
//! or a roll changes the stock counts it moved dice between, the cell it filled and the
//! scores and dungeon placer that came with it, and who decides.

use crate::game::inputs::{ActiveInputs, FeatureChange, two_seat_input};
use crate::game::{Inputs, Player};

use super::Dwnsiwn;
use super::moves::DnMove;
use super::position::{NOBODY, State};
use super::pyramid::{CELL_COUNT, DUNGEON as PYRAMID_DUNGEON};

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
/// Score inputs per side.
const SCORE_SIDE: usize = 2 * SCORE_SPAN as usize + 1;
/// The first dungeon input: placed by me, by them.
const DUNGEON: usize = SCORES + 3 * SCORE_SIDE;
/// The input "the evaluating player decides".
const TO_MOVE: usize = DUNGEON + 2;

/// The feature "p2 decides" (as `p1` sees it, [`TO_MOVE`] is "p1 decides").
const SECOND_TO_MOVE: usize = TO_MOVE + 1;

/// The features of a filled cell: its die's colour there and each value it shows.
fn cell_features(state: &State, cell: usize, mut each: impl FnMut(usize)) {
    let colour = state.colour[cell] as usize;
    each(FILLED + cell * 2 + colour);
    for (side, &value) in state.shown[cell].iter().enumerate() {
        if value != 0 {
            each(cell * PER_CELL + (colour * 3 + side) * 6 + value as usize - 1);
        }
    }
}

/// The feature of `count` dice of `value` and `colour` in `owner`'s stock, none for none.
fn stock_feature(owner: usize, colour: usize, value: usize, count: u8) -> Option<usize> {
    let which = (owner * 2 + colour) * 6 + value - 1;
    (count > 0).then(|| STOCKS + which * 4 + (count as usize).min(4) - 1)
}

/// The feature of side `side`'s score difference, p1's less p2's.
fn score_feature(scores: &[[u16; 3]; 2], side: usize) -> usize {
    let difference = i32::from(scores[0][side]) - i32::from(scores[1][side]);
    let difference = difference.clamp(-SCORE_SPAN, SCORE_SPAN) + SCORE_SPAN;
    SCORES + side * SCORE_SIDE + difference as usize
}

/// The feature "this player decides".
fn to_move(decider: Player) -> usize {
    TO_MOVE + decider as usize
}

impl Inputs for Dwnsiwn {
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "dwnsiwn v1: cell x colour (mine, theirs) x side x \
        shown value; cell x colour filled; stock owner x colour x value x count (1..3, 4+); \
        side x score difference (-15..15); dungeon placer (me, them); evaluating player decides";
    /// The game's network (its training: `seeds/dwnsiwn.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("dwnsiwn-c467d0a1d60a6d94.tnet");

    fn features(&self, out: &mut ActiveInputs) {
        let state = &self.state;
        let mut filled = state.filled;
        while filled != 0 {
            cell_features(state, filled.trailing_zeros() as usize, |f| out.push(f));
            filled &= filled - 1;
        }
        for owner in 0..2 {
            for colour in 0..2 {
                for value in 1..=6 {
                    let count = state.stock[owner][colour][value];
                    out.extend(stock_feature(owner, colour, value, count));
                }
            }
        }
        for side in 0..3 {
            out.push(score_feature(&state.scores, side));
        }
        if state.dungeon_placer != NOBODY {
            out.push(DUNGEON + state.dungeon_placer as usize);
        }
        out.push(to_move(state.decider));
    }

    fn input_of(&self, feature: u16, player: Player) -> Option<u16> {
        two_seat_input(feature, player, TO_MOVE, SECOND_TO_MOVE, |feature| {
            Some(match feature {
                _ if feature < FILLED => {
                    let (cell, within) = (feature / PER_CELL, feature % PER_CELL);
                    cell * PER_CELL + (within + PER_CELL / 2) % PER_CELL
                }
                _ if feature < STOCKS => FILLED + ((feature - FILLED) ^ 1),
                _ if feature < SCORES => {
                    let (which, count) = ((feature - STOCKS) / 4, (feature - STOCKS) % 4);
                    let (owner, colour, value) = (which / 12, which / 6 % 2, which % 6);
                    STOCKS + (((1 - owner) * 2 + 1 - colour) * 6 + value) * 4 + count
                }
                _ if feature < DUNGEON => {
                    let (side, difference) = (
                        (feature - SCORES) / SCORE_SIDE,
                        (feature - SCORES) % SCORE_SIDE,
                    );
                    SCORES + side * SCORE_SIDE + SCORE_SIDE - 1 - difference
                }
                _ => DUNGEON + 1 - (feature - DUNGEON),
            })
        })
    }

    fn last_change(&self, change: &mut FeatureChange) -> bool {
        change.clear();
        let Some(last) = self.last_move() else {
            return false;
        };
        let state = &self.state;
        // The stock counts a move changed: owner, colour, value and how many fewer there are.
        let mut stock = |owner: usize, colour: usize, value: usize, fewer: i32| {
            let now = state.stock[owner][colour][value];
            let before = (i32::from(now) + fewer) as u8;
            change.replace(
                stock_feature(owner, colour, value, before),
                stock_feature(owner, colour, value, now),
            );
        };
        let mover = 1 - state.decider as usize;
        match last.mv {
            DnMove::Roll(value) => {
                let (colour, owner) = (
                    (last.rolled_entry & 1) as usize,
                    (last.rolled_entry >> 1) as usize,
                );
                stock(owner, colour, value as usize, -1);
                return true;
            }
            DnMove::Place {
                colour,
                value,
                cell,
                ..
            } => {
                stock(mover, colour as usize, value as usize, 1);
                let cell = cell as usize;
                cell_features(state, cell, |f| change.on(f));
                let mut scores = state.scores;
                if cell != PYRAMID_DUNGEON {
                    for (side, &face) in state.shown[cell].iter().enumerate() {
                        scores[colour as usize][side] -= u16::from(face);
                    }
                }
                for side in 0..3 {
                    change.replace(
                        Some(score_feature(&scores, side)),
                        Some(score_feature(&state.scores, side)),
                    );
                }
                let placer = |placer: u8| (placer != NOBODY).then(|| DUNGEON + placer as usize);
                change.replace(
                    placer(last.dungeon_placer_before),
                    placer(state.dungeon_placer),
                );
            }
            DnMove::Capture { target, dice } => {
                let theirs = 1 - mover;
                stock(theirs, theirs, target as usize, 1);
                for value in 1..=5 {
                    let used = DnMove::dice_count(dice, value);
                    if used > 0 {
                        stock(mover, mover, value, i32::from(used));
                    }
                }
            }
            DnMove::Pass => {}
        }
        change.replace(Some(to_move(mover as Player)), Some(to_move(state.decider)));
        true
    }
}
