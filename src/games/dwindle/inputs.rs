//! What Dwindle's network sees, on a grid of the largest board (26 x 26) whatever the board:
//! every tile left with its pips, the chit, the number of players, which seats (counted on
//! from the evaluating one) are still in, and whose turn it is, counted the same way. The
//! value is the evaluating seat's; with more than two players each seat gets its own.

use crate::game::Inputs;
use crate::game::inputs::ActiveInputs;

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

    fn active_inputs(&self, player: u8, out: &mut ActiveInputs) {
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
        let players = self.players;
        out.push(PLAYERS + players - 2);
        let offset = |seat: u8| (seat as usize + players - player as usize) % players;
        for seat in (0..players as u8).filter(|&s| self.is_in(s)) {
            out.push(STILL_IN + offset(seat));
        }
        if let Some(mover) = self.state.to_move {
            out.push(TO_MOVE + offset(mover));
        }
    }
}
