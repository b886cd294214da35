//! Static evaluation: the scarcity of each piece type (knockout threats), loose pieces a push or
//! a splinter can cut off, pieces near the edge, and the piece count.

use super::board::{STEPS, on_board, step};
use super::position::{Splinter, colour_of, kind_of};
use crate::game::{Player, two_player};

/// What losing the last pieces of a type costs, by pieces left (0 = knocked out).
const SCARCITY: [i32; 4] = [-500, -140, -40, 0];
const PIECE: i32 = 12;
const LOOSE: i32 = 20;
/// A loose piece of a type down to its last piece: losing it is a knockout.
const LOOSE_LAST: i32 = 90;
const EDGE: i32 = 25;

impl Splinter {
    /// The position's value for `player`, in centipawns.
    pub(super) fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.state.side, |p| self.side_score(p))
    }

    fn side_score(&self, player: Player) -> i32 {
        let s = &self.state;
        let counts = &s.counts[player as usize];
        let mut score: i32 = counts.iter().map(|&n| SCARCITY[(n as usize).min(3)]).sum();
        for cell in s.by_colour[player as usize].iter() {
            score += PIECE;
            let code = s.board[cell];
            debug_assert_eq!(colour_of(code), player);
            let neighbours = (0..STEPS.len())
                .filter(|&d| s.occupied.has(step(cell, d)))
                .count();
            if neighbours <= 1 {
                score -= if counts[kind_of(code)] <= 1 {
                    LOOSE_LAST
                } else {
                    LOOSE
                };
            }
            if (0..STEPS.len()).any(|d| !on_board(step(cell, d))) {
                score -= EDGE;
            }
        }
        score
    }
}
