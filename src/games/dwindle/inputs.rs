//! What Dwindle's network sees, on a grid of the largest board (26 x 26) whatever the board:
//! every tile left with its pips, the chit, the number of players, which seats (counted on
//! from the evaluating one) are still in, and whose turn it is, counted the same way. The
//! value is the evaluating seat's; with more than two players each seat gets its own.
//!
//! Its features name seats as they are (seat 2 is still in), which each seat reads counted on
//! from itself. It tells no changes: with no net of its own, a net loaded for it makes its
//! sums afresh (from the thread's last ones) at every evaluation.

use crate::game::inputs::ActiveInputs;
use crate::game::{Inputs, Player};

use super::Dwindle;
use super::board::{Kind, MAX_SIDE};

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
        let board = &self.board;
        let grid = |cell: usize| (cell / board.width) * MAX_SIDE + cell % board.width;
        for cell in self.state.tiles.iter() {
            let first = grid(cell) * PER_CELL;
            out.push(first);
            if let Kind::Tile(pips) = board.kinds[cell] {
                for pip in (0..8).filter(|&p| pips >> p & 1 == 1) {
                    out.push(first + 1 + pip);
                }
            }
        }
        if let Some(chit) = self.state.chit {
            out.push(grid(chit as usize) * PER_CELL + PER_CELL - 1);
        }
        out.push(PLAYERS + self.players - 2);
        for seat in (0..self.players as u8).filter(|&s| self.is_in(s)) {
            out.push(STILL_IN + seat as usize);
        }
        if let Some(mover) = self.state.to_move {
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
}
