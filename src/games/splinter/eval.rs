//! Static evaluation: the scarcity of each piece type (knockout threats), loose pieces a push or
//! a splinter can cut off, pieces near the edge, and the piece count. The weights are data
//! (`weights.txt`, fitted by `tools/tune`).

use super::board::{CellSet, RIM};
use super::moves::SpMove;
use super::position::{Splinter, colour_of, kind_of};
use crate::game::{Evaluation, Player, two_player, weights};

/// The evaluation's terms, in the order of [`WEIGHTS`]: piece types knocked out, down to one
/// piece and down to two; pieces; loose pieces (one neighbour or none) of a type with more
/// than one piece, and of a type down to its last (losing it is a knockout); pieces on the
/// edge.
pub(super) const TERMS: [&str; 8] = [
    "tempo",
    "knocked_out",
    "one_left",
    "two_left",
    "piece",
    "loose",
    "loose_last",
    "edge",
];
/// The weights of [`TERMS`].
pub(super) const WEIGHTS: [i32; 8] = weights::parse(include_str!("weights.txt"), TERMS);

impl Splinter {
    /// The terms of [`TERMS`] for `player`: his side's minus the opponent's (the evaluation
    /// is their dot product with [`WEIGHTS`]).
    pub(super) fn terms(&self, player: Player) -> [i32; 8] {
        let crowded = self.state.occupied.with_two_neighbours();
        two_player::zero_sum_terms(player, self.state.side, |p| self.side_terms(p, &crowded))
    }

    /// `player`'s side of the terms; `crowded` holds the cells with two or more occupied
    /// neighbours (a piece elsewhere is loose).
    fn side_terms(&self, player: Player, crowded: &CellSet) -> [i32; 8] {
        let s = &self.state;
        let counts = &s.counts[player as usize];
        let mut terms = [0; 8];
        for &n in counts {
            match n {
                0 => terms[1] += 1,
                1 => terms[2] += 1,
                2 => terms[3] += 1,
                _ => {}
            }
        }
        let pieces = &s.by_colour[player as usize];
        terms[4] = pieces.len() as i32;
        terms[7] = pieces.intersection(&RIM).len() as i32;
        for cell in pieces.minus(crowded).iter() {
            let code = s.board[cell];
            debug_assert_eq!(colour_of(code), player);
            terms[if counts[kind_of(code)] <= 1 { 6 } else { 5 }] += 1;
        }
        terms
    }
}

impl Evaluation for Splinter {
    crate::weighted_evaluation!();

    fn is_noisy(&self, mv: SpMove) -> bool {
        mv.takes_pieces_off()
    }
}
