//! Static evaluation: side totals, sides led, dice left in the stocks, and the dungeon.

use super::position::Dwnsiwn;
use super::pyramid::CELL_COUNT;
use crate::game::{Player, two_player};

const SIDE_POINT: i32 = 4;
const SIDE_LEAD: i32 = 30;
const DIE_TO_PLACE: i32 = 3;
const DUNGEON: i32 = 40;
/// The most faces one die can show: three at the apex (6, 5 and 4 meet at a corner), two elsewhere.
const APEX_FACES: i32 = 6 + 5 + 4;
const EDGE_FACES: i32 = 6 + 5;
/// No evaluation exceeds this: one colour's ten dice show at most one apex and nine edges
/// (a die still in a stock counts less than a placed one), and it leads all three sides,
/// holds the dungeon and has the move.
pub const EVAL_BOUND: i32 =
    SIDE_POINT * (APEX_FACES + 9 * EDGE_FACES) + 3 * SIDE_LEAD + DUNGEON + two_player::TEMPO;

impl Dwnsiwn {
    /// The position's value for `player`, in centipawns.
    pub fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.state.decider, |p| self.side_score(p as usize))
    }

    /// [`EVAL_BOUND`] while the game cannot end within `plies` (each placement fills one cell).
    pub fn value_bound_within(&self, plies: u32) -> Option<i32> {
        let empty = CELL_COUNT as u32 - self.state.filled.count_ones();
        (empty > plies).then_some(EVAL_BOUND)
    }

    fn side_score(&self, colour: usize) -> i32 {
        let s = &self.state;
        let mut score = 0;
        for side in 0..3 {
            let (mine, theirs) = (
                s.scores[colour][side] as i32,
                s.scores[1 - colour][side] as i32,
            );
            score += SIDE_POINT * mine;
            if mine > theirs {
                score += SIDE_LEAD;
            }
        }
        // Dice of this colour still to come will show on some side.
        for owner in 0..2 {
            for value in 1..=6 {
                score += DIE_TO_PLACE * value as i32 * s.stock[owner][colour][value] as i32;
            }
        }
        if s.dungeon_placer as usize == colour {
            score += DUNGEON;
        }
        score
    }
}
