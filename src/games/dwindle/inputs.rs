//! What Dwindle's network sees, on a grid of the largest board (26 x 26) whatever the board:
//! every tile left with its pips, the chit, the number of players, which seats (counted on
//! from the evaluating one) are still in, and whose turn it is, counted the same way. The
//! value is the evaluating seat's; with more than two players each seat gets its own.
//!
//! Its features name seats as they are (seat 2 is still in), which each seat reads counted on
//! from itself. A turn's change is what differs between the state before it and after it:
//! the tiles taken away with their pips, the chit's cell, the seats knocked out, the mover.

use crate::game::inputs::{ActiveInputs, FeatureChange};
use crate::game::{Inputs, Player};

use super::Dwindle;
use super::board::{Cell, Kind, MAX_SIDE};
use super::position::State;

/// Inputs per grid cell: a tile, each of its eight pips, the chit.
const PER_CELL: usize = 1 + 8 + 1;
/// The first "players" input: 2..=6 players, one-hot.
const PLAYERS: usize = MAX_SIDE * MAX_SIDE * PER_CELL;
/// The first "still in" input: seat offset 0..=5 from the evaluating one.
const STILL_IN: usize = PLAYERS + 5;
/// The first "to move" input: seat offset 0..=5 from the evaluating one.
const TO_MOVE: usize = STILL_IN + 6;

impl Inputs for Dwindle {
    const INPUTS: usize = TO_MOVE + 6;
    const INPUT_LAYOUT: &'static str = "dwindle v1: grid cell (26 x 26, rank * 26 + file) x \
        (tile, pip N..NW, chit); players 2..6; seat offset still in; seat offset to move";

    fn features(&self, out: &mut ActiveInputs) {
        let state = &self.state;
        for cell in state.tiles.iter() {
            self.tile_features(cell, |feature| out.push(feature));
        }
        if let Some(chit) = self.chit_feature(state) {
            out.push(chit);
        }
        out.push(PLAYERS + self.players - 2);
        for seat in (0..self.players).filter(|&s| state.active >> s & 1 == 1) {
            out.push(STILL_IN + seat);
        }
        if let Some(mover) = state.to_move {
            out.push(TO_MOVE + mover as usize);
        }
    }

    fn input_of(&self, feature: u16, player: Player) -> Option<u16> {
        let players = self.players;
        let offset = |seat: usize| (seat + players - player as usize) % players;
        let feature = feature as usize;
        let input = match feature {
            _ if feature < STILL_IN => feature,
            _ if feature < TO_MOVE => STILL_IN + offset(feature - STILL_IN),
            _ => TO_MOVE + offset(feature - TO_MOVE),
        };
        Some(input as u16)
    }

    fn last_change(&self, change: &mut FeatureChange) -> bool {
        change.clear();
        let Some(before) = self.state_before_last_turn() else {
            return false;
        };
        let now = &self.state;
        for cell in before.tiles.minus(&now.tiles).iter() {
            self.tile_features(cell, |feature| change.off(feature));
        }
        change.replace(self.chit_feature(before), self.chit_feature(now));
        let knocked_out = before.active & !now.active;
        for seat in (0..self.players).filter(|&s| knocked_out >> s & 1 == 1) {
            change.off(STILL_IN + seat);
        }
        let mover = |state: &State| state.to_move.map(|p| TO_MOVE + p as usize);
        change.replace(mover(before), mover(now));
        change.told().is_some()
    }
}

impl Dwindle {
    /// The grid cell of the largest board that `cell` of this board stands on.
    fn grid_cell(&self, cell: Cell) -> usize {
        let width = self.board.width;
        (cell / width) * MAX_SIDE + cell % width
    }

    /// The features of the tile on `cell`: the tile and each of its pips.
    fn tile_features(&self, cell: Cell, mut each: impl FnMut(usize)) {
        let first = self.grid_cell(cell) * PER_CELL;
        each(first);
        if let Kind::Tile(pips) = self.board.kinds[cell] {
            for pip in (0..8).filter(|&p| pips >> p & 1 == 1) {
                each(first + 1 + pip);
            }
        }
    }

    /// The feature of the chit's cell in `state`, if the chit is on a tile.
    fn chit_feature(&self, state: &State) -> Option<usize> {
        let chit = state.chit? as usize;
        Some(self.grid_cell(chit) * PER_CELL + PER_CELL - 1)
    }
}
