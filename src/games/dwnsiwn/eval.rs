//! Static evaluation: side totals, sides led, dice left in the stocks, and the dungeon.

use super::position::Dwnsiwn;
use crate::game::{Player, two_player};

const SIDE_POINT: i32 = 4;
const SIDE_LEAD: i32 = 30;
const DIE_TO_PLACE: i32 = 3;
const DUNGEON: i32 = 40;

impl Dwnsiwn {
    /// The position's value for `player`, in centipawns.
    pub fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.state.decider, |p| self.side_score(p as usize))
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
