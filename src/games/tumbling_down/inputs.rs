//! What Tumbling Down's network sees: every stack by its square, its top checker's owner, how
//! mixed it is and its height; the kings; and whether the evaluating player is to move. Seen
//! from `p2` the board is turned half a turn, so that both players' home corners read alike.

use crate::game::Inputs;
use crate::game::inputs::ActiveInputs;

use super::TumblingDown;

/// Height classes of a stack: 1 to 7, and 8 or more.
const HEIGHTS: usize = 8;
/// How mixed a stack is: pure, the top two alike but not pure, the top two different.
const MIXES: usize = 3;
/// Inputs per square for its stack: owner of the top (mine, theirs) x mix x height.
const PER_SQUARE: usize = 2 * MIXES * HEIGHTS;
/// The first king input: square x owner (mine, theirs).
const KINGS: usize = 64 * PER_SQUARE;
/// The input "the evaluating player is to move".
const TO_MOVE: usize = KINGS + 64 * 2;

impl Inputs for TumblingDown {
    const INPUTS: usize = TO_MOVE + 1;
    const INPUT_LAYOUT: &'static str = "tumbling-down v1: square(turned for p2) x top owner \
        (mine, theirs) x mix (pure, top two alike, top two differ) x height (1..7, 8+); \
        square x king owner; evaluating player to move";
    /// The game's network (its training: `seeds/tumbling-down.md`).
    const EMBEDDED_NET: &'static [u8] = include_bytes!("tumbling-down-472b71603dc06dfc.tnet");

    fn active_inputs(&self, player: u8, out: &mut ActiveInputs) {
        let turn = |sq: usize| if player == 0 { sq } else { 63 - sq };
        for sq in 0..64 {
            let height = self.heights[sq] as usize;
            if height == 0 {
                continue;
            }
            let colors = self.colors[sq];
            let top = (colors >> (height - 1) & 1) as u8;
            let mine_or_theirs = usize::from(top != player);
            let pure = self.pure[top as usize] >> sq & 1 == 1;
            let mix = match () {
                _ if pure => 0,
                _ if (colors >> (height - 2) & 1) as u8 == top => 1,
                _ => 2,
            };
            let class = height.min(HEIGHTS) - 1;
            out.push(turn(sq) * PER_SQUARE + (mine_or_theirs * MIXES + mix) * HEIGHTS + class);
        }
        for owner in 0..2u8 {
            let king_height = self.king_height[owner as usize];
            let mut kings = self.pure[owner as usize];
            while kings != 0 {
                let sq = kings.trailing_zeros() as usize;
                kings &= kings - 1;
                if self.heights[sq] == king_height {
                    out.push(KINGS + turn(sq) * 2 + usize::from(owner != player));
                }
            }
        }
        if self.side == player {
            out.push(TO_MOVE);
        }
    }
}
