//! What Splinter's network sees: every piece by its square, owner and type; how many pieces
//! of each type each player has left; and whether the evaluating player is to move. Seen
//! from `p2` the board is turned half a turn (the start position is symmetric so).
//!
//! Its features are the inputs as `p1` sees them, with one more for "p2 is to move"; a turn
//! changes the features of the cells whose pieces changed, of the counts that changed, and
//! whose turn it is.
//!
//! A move's policy output is its piece's square and direction, and for a tie's choice (R6) the
//! choice's rank among that push's choices: a push leaves at most [`MAX_CLUSTERS`] groups.

use crate::game::inputs::{ActiveInputs, FeatureChange, two_seat_input};
use crate::game::{Inputs, Player};

use super::SpMove;
use super::Splinter;
use super::board::{MAX_CLUSTERS, SQUARES, square_of};
use super::position::{colour_of, kind_of};

/// The most pieces of each type a player has: K, R, B, P.
const MOST: [usize; 4] = [1, 2, 3, 9];
/// Inputs per square: owner (mine, theirs) x type.
const PER_SQUARE: usize = 2 * 4;
/// The first count input: owner x type x count (0 to the most), one-hot.
const COUNTS: usize = SQUARES * PER_SQUARE;
/// Count inputs per owner.
const COUNTS_PER_OWNER: usize = 1 + 1 + 2 + 1 + 3 + 1 + 9 + 1;
/// The input "the evaluating player is to move".
const TO_MOVE: usize = COUNTS + 2 * COUNTS_PER_OWNER;

/// The feature of the piece `code` on `cell` (`p1`'s input for it), none for an empty cell.
fn piece_feature(cell: usize, code: u8) -> Option<usize> {
    let square = square_of(cell);
    (code != 0).then(|| square * PER_SQUARE + colour_of(code) as usize * 4 + kind_of(code))
}

/// The feature "`colour` has this many pieces of type `kind`", for `p1`.
fn count_feature(colour: usize, kind: usize, left: u8) -> usize {
    let first =
        COUNTS + colour * COUNTS_PER_OWNER + MOST[..kind].iter().map(|m| m + 1).sum::<usize>();
    first + (left as usize).min(MOST[kind])
}

/// Policy outputs of one rank of tie choices: a square and a direction each.
const PUSHES: usize = SQUARES * 8;

impl Inputs for Splinter {
    const POLICY_SPACE: usize = PUSHES * MAX_CLUSTERS;

    fn policy_indices(moves: &[SpMove], out: &mut Vec<usize>) {
        out.clear();
        out.extend(moves.iter().map(|&mv| {
            let push = square_of(mv.from()) * 8 + mv.direction();
            let Some(choice) = mv.choice() else {
                return push;
            };
            let same_push = |m: &&SpMove| m.from() == mv.from() && m.direction() == mv.direction();
            let rank = moves
                .iter()
                .filter(same_push)
                .filter(|m| m.choice().is_some_and(|c| c < choice))
                .count();
            rank.min(MAX_CLUSTERS - 1) * PUSHES + push
        }));
    }
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "splinter v1: square(turned for p2) x owner (mine, \
        theirs) x type (K, R, B, P); owner x type x pieces left (one-hot); evaluating player \
        to move";
    /// The game's network, with a policy head (its training: `seeds/splinter.md`); it plays
    /// without quiescence search (the profile's `quiescence` is off).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("splinter-683f27a3e79ad7fb.tnet");

    fn features(&self, out: &mut ActiveInputs) {
        let state = &self.state;
        for cell in state.occupied.iter() {
            out.extend(piece_feature(cell, state.board[cell]));
        }
        for colour in 0..2 {
            for kind in 0..4 {
                out.push(count_feature(colour, kind, state.counts[colour][kind]));
            }
        }
        out.push(TO_MOVE + state.side as usize);
    }

    fn input_of(&self, feature: u16, player: Player) -> Option<u16> {
        two_seat_input(feature, player, TO_MOVE, TO_MOVE + 1, |feature| {
            Some(if feature < COUNTS {
                let (square, within) = (feature / PER_SQUARE, feature % PER_SQUARE);
                (SQUARES - 1 - square) * PER_SQUARE + (within + 4) % PER_SQUARE
            } else {
                COUNTS + (feature - COUNTS + COUNTS_PER_OWNER) % (2 * COUNTS_PER_OWNER)
            })
        })
    }

    fn last_change(&self, change: &mut FeatureChange) -> bool {
        change.clear();
        let (before, now) = (self.state_before_last_turn(), &self.state);
        // A turn empties and fills cells, and shifts the pieces it displaced (the record).
        let emptied = before.occupied.minus(&now.occupied);
        let filled = now.occupied.minus(&before.occupied);
        for cell in emptied.union(&filled).union(&now.record.cells).iter() {
            change.replace(
                piece_feature(cell, before.board[cell]),
                piece_feature(cell, now.board[cell]),
            );
        }
        for colour in 0..2 {
            for kind in 0..4 {
                let (then, left) = (before.counts[colour][kind], now.counts[colour][kind]);
                if then != left {
                    change.replace(
                        Some(count_feature(colour, kind, then)),
                        Some(count_feature(colour, kind, left)),
                    );
                }
            }
        }
        change.off(TO_MOVE + before.side as usize);
        change.on(TO_MOVE + now.side as usize);
        true
    }
}
