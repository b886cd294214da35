//! Static evaluation: king heights, threats to kings, tall stacks, mobility.

use super::board::{LINES, Square, neighbour_count};
use super::position::TumblingDown;
use crate::game::{Player, two_player};

const KING_HEIGHT: i32 = 40;
/// A threat on a king by the side to move: it can usually win at once.
const THREAT_BY_MOVER: i32 = 400;
/// A threat on a king by the side not to move: the mover must answer it.
const THREAT_BY_WAITER: i32 = 120;
const TALL_STACK: i32 = 6;
const MOBILITY: i32 = 2;

impl TumblingDown {
    /// The position's value for `player`, in centipawns.
    pub(super) fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.side(), |p| self.side_score(p))
    }

    fn side_score(&self, player: Player) -> i32 {
        let mut stacks = self.controlled[player as usize];
        let (mut tall, mut mobility) = (0, 0);
        while stacks != 0 {
            let sq = stacks.trailing_zeros() as Square;
            stacks &= stacks - 1;
            let h = self.heights[sq] as i32;
            tall += h.min(7);
            mobility += neighbour_count(sq) as i32 * if h >= 2 { 2 } else { 1 };
        }
        let threat_weight = if self.side() == player {
            THREAT_BY_MOVER
        } else {
            THREAT_BY_WAITER
        };
        KING_HEIGHT * self.king_height[player as usize] as i32
            + threat_weight * self.king_threats(player).min(3)
            + TALL_STACK * tall
            + MOBILITY * mobility
    }

    /// How many (stack, king) pairs let `attacker` cover one of the other player's kings
    /// with a checker of his own, by a step or a tumble.
    pub fn king_threats(&self, attacker: Player) -> i32 {
        let defender = 1 - attacker;
        let own = self.controlled[attacker as usize];
        let mut kings = self.controlled[defender as usize];
        let mut threats = 0;
        while kings != 0 {
            let king = kings.trailing_zeros() as Square;
            kings &= kings - 1;
            if !self.is_king(king) {
                continue;
            }
            for dir in 0..8 {
                let line = &LINES[king][dir];
                let at_edge = LINES[king][(dir + 4) % 8].len == 0;
                for j in 1..=line.len as usize {
                    let sq = line.squares[j - 1] as Square;
                    if own >> sq & 1 == 0 {
                        continue;
                    }
                    let (h, colors) = self.stack(sq);
                    let lands_own = if at_edge {
                        h as usize >= j
                    } else {
                        h as usize >= j
                            && (h >= 2 || j == 1)
                            && ((colors >> (j - 1)) & 1) as Player == attacker
                    };
                    if j == 1 || lands_own {
                        threats += 1;
                    }
                }
            }
        }
        threats
    }
}
