//! Splinter's move generation over the position: methods that the position's `Rules::generate`
//! calls (the position imports nothing from here, so the two files make no loop).

use super::board::{Cell, on_board, reverse, step};
use super::position::{Splinter, colour_of};

impl Splinter {
    /// Whether a push in `dir` whose chain ends before `end` pushes an opponent's piece off
    /// the board (R4).
    pub(super) fn knocks_off(&self, end: Cell, dir: usize) -> bool {
        !on_board(end) && colour_of(self.state.board[step(end, reverse(dir))]) != self.state.side
    }

    /// Whether the push chain from `from` in `dir` holds a cell of the record (R8).
    pub(super) fn chain_meets_record(&self, from: Cell, dir: usize) -> bool {
        let mut cell = from;
        while self.state.occupied.has(cell) {
            if self.state.record.cells.has(cell) {
                return true;
            }
            cell = step(cell, dir);
        }
        false
    }
}
