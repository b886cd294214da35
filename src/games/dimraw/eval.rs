//! Static evaluation: pieces left before the loss, mills, open two-in-a-rows, mobility,
//! pieces in hand and the removal pending.

use super::board::{ALL_POINTS, MILLS, NEIGHBOURS};
use super::position::{Dimraw, START_HAND, for_each_point};
use crate::game::{Player, two_player};

/// What all of a player's spare pieces (those above the losing two) are worth.
const ALL_LIVES: i32 = 1000;
const COMPLETE_MILL: i32 = 15;
const OPEN_TWO: i32 = 25;
const MOBILITY: i32 = 4;
const STUCK: i32 = 60;

impl Dimraw {
    /// The position's value for `player`, in centipawns.
    pub(super) fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.state.side, |p| self.side_score(p as usize))
    }

    /// What one piece of `player` is worth: his spare pieces share [`ALL_LIVES`].
    fn piece_value(player: usize) -> i32 {
        ALL_LIVES / (START_HAND[player] as i32 - 2)
    }

    fn side_score(&self, player: usize) -> i32 {
        let s = &self.state;
        let (own, theirs) = (s.pieces[player], s.pieces[1 - player]);
        let empty = ALL_POINTS & !(own | theirs);
        let mut score = Self::piece_value(player) * (s.total(player as Player) as i32 - 2);
        for mill in MILLS {
            let mine = (own & mill).count_ones();
            if mine == 3 {
                score += COMPLETE_MILL;
            } else if mine == 2 && empty & mill != 0 {
                score += OPEN_TWO;
            }
        }
        if s.hand[player] == 0 {
            let mut steps = 0;
            for_each_point(own, |v| {
                steps += (NEIGHBOURS[v] & empty).count_ones() as i32
            });
            score += if steps == 0 { -STUCK } else { MOBILITY * steps };
        }
        if s.removal_pending && s.side as usize == player {
            score += Self::piece_value(1 - player);
        }
        score
    }
}
