//! Static evaluation: pieces left before the loss, mills, open two-in-a-rows, mobility,
//! pieces in hand and the removal pending. The weights are data (`weights.txt`, fitted by
//! `tools/tune`).

use super::board::{ALL_POINTS, MILLS, NEIGHBOURS};
use super::position::{Dimraw, for_each_point};
use crate::game::{Player, two_player, weights};

/// The evaluation's terms, in the order of [`WEIGHTS`]: the spare pieces (those above the
/// losing two) of each colour, as the colours start with unequal hands (a pending removal
/// counts as one spare piece of the opponent's taken); complete mills; two in a mill with
/// its third point empty; and, once a player's hand is empty, his steps to empty points, or
/// whether he has none.
pub(super) const TERMS: [&str; 7] = [
    "tempo",
    "p1_spare",
    "p2_spare",
    "complete_mill",
    "open_two",
    "mobility",
    "stuck",
];
/// The weights of [`TERMS`].
pub(super) const WEIGHTS: [i32; 7] = weights::parse(include_str!("weights.txt"), TERMS);

impl Dimraw {
    /// The terms of [`TERMS`] for `player`: his side's minus the opponent's (the evaluation
    /// is their dot product with [`WEIGHTS`]).
    pub(super) fn terms(&self, player: Player) -> [i32; 7] {
        two_player::zero_sum_terms(player, self.state.side, |p| self.side_terms(p as usize))
    }

    fn side_terms(&self, player: usize) -> [i32; 7] {
        let s = &self.state;
        let (own, theirs) = (s.pieces[player], s.pieces[1 - player]);
        let empty = ALL_POINTS & !(own | theirs);
        let mut terms = [0; 7];
        terms[1 + player] = s.total(player as Player) as i32 - 2;
        if s.removal_pending && s.side as usize == player {
            terms[2 - player] += 1;
        }
        for mill in MILLS {
            let mine = (own & mill).count_ones();
            if mine == 3 {
                terms[3] += 1;
            } else if mine == 2 && empty & mill != 0 {
                terms[4] += 1;
            }
        }
        if s.hand[player] == 0 {
            let mut steps = 0;
            for_each_point(own, |v| {
                steps += (NEIGHBOURS[v] & empty).count_ones() as i32
            });
            terms[5] = steps;
            terms[6] = (steps == 0) as i32;
        }
        terms
    }
}
