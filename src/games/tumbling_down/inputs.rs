//! What Tumbling Down's network sees: every stack by its square, its top checker's owner, how
//! mixed it is and its height; the kings; and whether the evaluating player is to move. Seen
//! from `p2` the board is turned half a turn, so that both players' home corners read alike.
//!
//! Its features are the inputs as `p1` sees them, with one more for "p2 is to move"; a move
//! changes the features of the squares it changed, whose turn it is, and where a king height
//! changed, the kings of that player.

use crate::game::inputs::{ActiveInputs, FeatureChange, two_seat_input};
use crate::game::{Inputs, Player};

use super::TumblingDown;
use super::board::Square;
use super::position::{NOBODY, pure_owner};

/// Height classes of a stack: 1 to 7, and 8 or more.
const HEIGHTS: usize = 8;
/// How mixed a stack is: pure, the top two alike but not pure, the top two different.
const MIXES: usize = 3;
/// Inputs per square for its stack: owner of the top (mine, theirs) x mix x height.
const PER_SQUARE: usize = 2 * MIXES * HEIGHTS;
/// The first king input: square x owner (mine, theirs).
const KINGS: usize = 64 * PER_SQUARE;
/// The input "the evaluating player is to move"; as a feature, "p1 is to move", and the next
/// feature is "p2 is to move".
const TO_MOVE: usize = KINGS + 64 * 2;

/// The feature of a stack (`p1`'s input for it), none for an empty square.
fn stack_feature(sq: Square, height: u8, colors: u64) -> Option<usize> {
    if height == 0 {
        return None;
    }
    let top = colors >> (height - 1) & 1;
    let mix = if pure_owner(height, colors) != NOBODY {
        0
    } else if colors >> (height - 2) & 1 == top {
        1
    } else {
        2
    };
    let class = (height as usize).min(HEIGHTS) - 1;
    Some(sq * PER_SQUARE + (top as usize * MIXES + mix) * HEIGHTS + class)
}

/// The feature of a king, none where the stack is no king with these king heights.
fn king_feature(sq: Square, height: u8, colors: u64, king_height: [u8; 2]) -> Option<usize> {
    let owner = pure_owner(height, colors);
    (owner != NOBODY && height == king_height[owner]).then(|| KINGS + sq * 2 + owner)
}

impl Inputs for TumblingDown {
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "tumbling-down v1: square(turned for p2) x top owner \
        (mine, theirs) x mix (pure, top two alike, top two differ) x height (1..7, 8+); \
        square x king owner; evaluating player to move";
    /// The game's network (its training: `seeds/tumbling-down.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("tumbling-down-a125cda1650acc4b.tnet");

    fn features(&self, out: &mut ActiveInputs) {
        let mut occupied = self.controlled[0] | self.controlled[1];
        while occupied != 0 {
            let sq = occupied.trailing_zeros() as Square;
            occupied &= occupied - 1;
            let (height, colors) = self.stack(sq);
            out.extend(stack_feature(sq, height, colors));
            out.extend(king_feature(sq, height, colors, self.king_height));
        }
        out.push(TO_MOVE + self.side as usize);
    }

    fn input_of(&self, feature: u16, player: Player) -> Option<u16> {
        two_seat_input(feature, player, TO_MOVE, TO_MOVE + 1, |feature| {
            Some(if feature < KINGS {
                let (sq, within) = (feature / PER_SQUARE, feature % PER_SQUARE);
                let other_owner = (within + MIXES * HEIGHTS) % PER_SQUARE;
                (63 - sq) * PER_SQUARE + other_owner
            } else {
                KINGS + (TO_MOVE - 1 - feature)
            })
        })
    }

    fn last_change(&self, change: &mut FeatureChange) -> bool {
        change.clear();
        change.off(TO_MOVE + 1 - self.side as usize);
        change.on(TO_MOVE + self.side as usize);
        let Some(moved) = self.last_move_change() else {
            return true;
        };
        let (before, now) = (moved.kings_before, self.king_height);
        let mut changed = 0u64;
        for &(sq, height, colors) in &moved.squares[..moved.count] {
            changed |= 1 << sq;
            let (height_now, colors_now) = self.stack(sq);
            change.replace(
                stack_feature(sq, height, colors),
                stack_feature(sq, height_now, colors_now),
            );
            change.replace(
                king_feature(sq, height, colors, before),
                king_feature(sq, height_now, colors_now, now),
            );
        }
        // A king height that changed changes the kings on the squares the move left alone.
        for player in (0..2).filter(|&p| before[p] != now[p]) {
            let mut pure = self.pure[player] & !changed;
            while pure != 0 {
                let sq = pure.trailing_zeros() as Square;
                pure &= pure - 1;
                let king = |kings: [u8; 2]| {
                    (self.heights[sq] == kings[player]).then(|| KINGS + sq * 2 + player)
                };
                change.replace(king(before), king(now));
            }
        }
        true
    }
}
