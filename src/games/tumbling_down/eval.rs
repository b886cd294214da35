//! Static evaluation: king heights, threats to kings, tall stacks, mobility. The weights are
//! data (`weights.txt`, fitted by `tools/tune`).

use super::board::{LINES, RAYS, Square, distance, neighbour_count};
use super::moves::TdMove;
use super::position::TumblingDown;
use crate::game::{Evaluation, Player, two_player, weights};

/// The evaluation's terms, in the order of [`WEIGHTS`].
pub(super) const TERMS: [&str; 6] = [
    "tempo",
    "king_height",
    "threat_by_mover",
    "threat_by_waiter",
    "tall_stack",
    "mobility",
];
/// The weights of [`TERMS`]: a threat on a king by the side to move can usually win at once;
/// one by the side not to move must be answered.
pub(super) const WEIGHTS: [i32; 6] = weights::parse(include_str!("weights.txt"), TERMS);

impl TumblingDown {
    /// The terms of [`TERMS`] for `player`: his side's minus the opponent's (the evaluation
    /// is their dot product with [`WEIGHTS`]).
    pub(super) fn terms(&self, player: Player) -> [i32; 6] {
        two_player::zero_sum_terms(player, self.side(), |p| self.side_terms(p))
    }

    fn side_terms(&self, player: Player) -> [i32; 6] {
        let mut stacks = self.controlled[player as usize];
        let (mut tall, mut mobility) = (0, 0);
        while stacks != 0 {
            let sq = stacks.trailing_zeros() as Square;
            stacks &= stacks - 1;
            let h = self.heights[sq] as i32;
            tall += h.min(7);
            mobility += neighbour_count(sq) as i32 * if h >= 2 { 2 } else { 1 };
        }
        let threats = self.king_threats(player).min(3);
        let by_mover = self.side() == player;
        [
            0,
            self.king_height[player as usize] as i32,
            if by_mover { threats } else { 0 },
            if by_mover { 0 } else { threats },
            tall,
            mobility,
        ]
    }

    /// How many (stack, king) pairs let `attacker` cover one of the other player's kings
    /// with a checker of his own, by a step or a tumble.
    pub fn king_threats(&self, attacker: Player) -> i32 {
        let defender = 1 - attacker;
        let own = self.controlled[attacker as usize];
        let mut kings = self.kings(defender);
        let mut threats = 0;
        while kings != 0 {
            let king = kings.trailing_zeros() as Square;
            kings &= kings - 1;
            for dir in 0..8 {
                let at_edge = LINES[king][(dir + 4) % 8].len == 0;
                let mut stacks = own & RAYS[king][dir];
                while stacks != 0 {
                    let sq = stacks.trailing_zeros() as Square;
                    stacks &= stacks - 1;
                    let j = distance(king, sq);
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

impl Evaluation for TumblingDown {
    crate::weighted_evaluation!();

    fn is_noisy(&self, mv: TdMove) -> bool {
        self.lands_on_a_king(mv)
    }

    fn noisy_candidates(&self, moves: &mut Vec<TdMove>) {
        self.generate_king_landings(moves)
    }

    fn must_answer_threat(&self) -> bool {
        // Both scans find nothing once the game is over.
        self.could_land_on_a_king(1 - self.side) && !self.could_land_on_a_king(self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameConfig, Rules};
    use rand::SeedableRng as _;

    /// The threats counted square by square along each line from each king, as the rule reads:
    /// a stack next to the king steps onto it; one further away tumbles toward it and its
    /// checker that lands there is his, or the king is at the edge and the rest pile on it.
    fn king_threats_by_lines(pos: &TumblingDown, attacker: Player) -> i32 {
        let own = pos.controlled[attacker as usize];
        let mut threats = 0;
        for king in (0..64).filter(|&sq| pos.controlled[1 - attacker as usize] >> sq & 1 == 1) {
            if !pos.is_king(king) {
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
                    let (h, colors) = pos.stack(sq);
                    let lands_own = h as usize >= j
                        && (at_edge
                            || (h >= 2 || j == 1)
                                && ((colors >> (j - 1)) & 1) as Player == attacker);
                    threats += (j == 1 || lands_own) as i32;
                }
            }
        }
        threats
    }

    /// The threats found from the stacks on each king's rays agree with the count along the
    /// lines, for both players, on the positions of random games.
    #[test]
    fn king_threats_agree_with_walking_the_lines() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let (mut moves, mut positions, mut threatened) = (Vec::new(), 0, 0);
        for _ in 0..100 {
            let mut pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
            while pos.outcome().is_none() {
                for attacker in 0..2 {
                    let expected = king_threats_by_lines(&pos, attacker);
                    assert_eq!(pos.king_threats(attacker), expected);
                    threatened += (expected > 0) as u32;
                }
                positions += 1;
                let mv = pos.random_move(&mut rng, &mut moves);
                TumblingDown::make(&mut pos, mv);
            }
        }
        assert!(threatened > positions / 10, "{threatened} of {positions}");
    }
}
