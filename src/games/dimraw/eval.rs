//! Static evaluation: pieces left before the loss, mills, open two-in-a-rows, mobility,
//! removals threatened, pieces in hand and the removal pending. The weights are data
//! (`weights.txt`, fitted by `tools/tune`).

use super::board::{ALL_POINTS, MILLS, MILLS_AT, NEIGHBOURS, Point, Points, completes};
use super::moves::DmMove;
use super::position::{Dimraw, for_each_point};
use crate::game::{Evaluation, Player, two_player, weights};

/// The evaluation's terms, in the order of [`WEIGHTS`]: the spare pieces (those above the
/// losing two) of each colour, as the colours start with unequal hands (a pending removal
/// counts as one spare piece of the opponent's taken); complete mills; two in a mill with
/// its third point empty; once a player's hand is empty, his steps to empty points, or
/// whether he has none; whether the player to move can earn a removal with his next
/// decision, and with how many decisions (up to two) the other could, each by colour; pieces
/// in hand; pieces in hand while the opponent's hand is empty (placements against steps); and,
/// by colour, whether a moving player has a swing: a step that earns a removal and whose step
/// back earns another (a removal a turn while the opponent cannot fill the point left).
pub(super) const TERMS: [&str; 15] = [
    "tempo",
    "p1_spare",
    "p2_spare",
    "complete_mill",
    "open_two",
    "mobility",
    "stuck",
    "p1_threat_by_mover",
    "p2_threat_by_mover",
    "p1_threats_by_waiter",
    "p2_threats_by_waiter",
    "in_hand",
    "hand_vs_stepper",
    "p1_swing",
    "p2_swing",
];
/// The weights of [`TERMS`].
pub(super) const WEIGHTS: [i32; 15] = weights::parse(include_str!("weights.txt"), TERMS);

impl Dimraw {
    /// The terms of [`TERMS`] for `player`: his side's minus the opponent's (the evaluation
    /// is their dot product with [`WEIGHTS`]).
    pub(super) fn terms(&self, player: Player) -> [i32; 15] {
        two_player::zero_sum_terms(player, self.state.side, |p| self.side_terms(p as usize))
    }

    fn side_terms(&self, player: usize) -> [i32; 15] {
        let s = &self.state;
        let (own, theirs) = (s.pieces[player], s.pieces[1 - player]);
        let empty = ALL_POINTS & !(own | theirs);
        let mut terms = [0; 15];
        terms[1 + player] = s.total(player as Player) as i32 - 2;
        if s.removal_pending && s.side as usize == player {
            terms[2 - player] += 1;
        }
        // The empty points that complete a mill holding two of his pieces.
        let mut open_points: Points = 0;
        for mill in MILLS {
            let mine = (own & mill).count_ones();
            if mine == 3 {
                terms[3] += 1;
            } else if mine == 2 && empty & mill != 0 {
                terms[4] += 1;
                open_points |= empty & mill;
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
        terms[11] = s.hand[player] as i32;
        if s.hand[1 - player] == 0 {
            terms[12] = s.hand[player] as i32;
        }
        if !s.removal_pending {
            let threats = self.removal_threats(player, empty, open_points);
            if s.side as usize == player {
                terms[7 + player] = threats.decisions.min(1);
            } else {
                terms[9 + player] = threats.decisions.min(2);
            }
            terms[13 + player] = threats.swing as i32;
        }
        terms
    }

    /// The decisions `player` could make next that earn a removal: placements on the
    /// `open_points` (each completes a mill holding two of his pieces) while he has pieces in
    /// hand, else the steps that earn one, and whether one of those steps is a swing.
    fn removal_threats(&self, player: usize, empty: Points, open_points: Points) -> Threats {
        let s = &self.state;
        if s.hand[player] > 0 {
            return Threats {
                decisions: open_points.count_ones() as i32,
                swing: false,
            };
        }
        let own = s.pieces[player];
        let mut threats = Threats::default();
        for_each_point(own, |from| {
            for_each_point(NEIGHBOURS[from] & empty, |to| {
                let (from, to) = (from as u8, to as u8);
                if Self::would_earn_removal(own, DmMove::Step(from, to)) {
                    threats.decisions += 1;
                    // The step back leaves the board as it stands now.
                    threats.swing |= Self::earns_removal(own, DmMove::Step(to, from));
                }
            });
        });
        threats
    }
}

/// What a player threatens to earn with his next decision.
#[derive(Default)]
struct Threats {
    /// How many decisions earn a removal.
    decisions: i32,
    /// Whether a step that earns one can be stepped back, earning another.
    swing: bool,
}

impl Evaluation for Dimraw {
    crate::weighted_evaluation!();

    /// Whether a placement or step earns a removal or takes the empty point of a mill that
    /// holds two of the opponent's pieces (a point where a piece of his would complete it).
    fn is_tactical(&self, mv: DmMove) -> bool {
        let theirs = self.state.pieces[1 - self.state.side as usize];
        let to = match mv {
            DmMove::Place(to) | DmMove::Step(_, to) => to as Point,
            DmMove::Remove(_) | DmMove::Pass => return false,
        };
        self.is_noisy(mv) || completes(&MILLS_AT[to], theirs | 1 << to)
    }

    /// Whether a placement or step by the player to move earns a removal.
    fn is_noisy(&self, mv: DmMove) -> bool {
        Self::would_earn_removal(self.state.pieces[self.state.side as usize], mv)
    }

    fn finishes_turn(&self) -> bool {
        self.state.removal_pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameConfig, Notation};

    fn terms_of_p1(text: &str) -> [i32; 15] {
        Dimraw::from_text(text, &GameConfig::default())
            .expect("a valid text")
            .terms(0)
    }

    #[test]
    fn a_placing_mover_threatens_the_empty_point_of_his_open_two() {
        // p1 holds 0 and 1 of the mill {0, 1, 2}; p2 has nothing on the board.
        let terms = terms_of_p1("xx.................. 10 20 p1 0 0 3");
        assert_eq!(terms[7..11], [1, 0, 0, 0], "threats by colour and seat");
        assert_eq!(terms[11], 10 - 20, "in_hand");
        assert_eq!(terms[12], 0, "hand_vs_stepper: both hands hold pieces");
    }

    #[test]
    fn a_stepping_waiter_threatens_the_steps_that_complete_a_mill() {
        // p1, hand empty, waits: the step 11-2 completes {0, 1, 2}; his other steps do not.
        // p2 places while p1 steps.
        let terms = terms_of_p1("xx.........x.......o 0 5 p2 0 0 4");
        // p2 moves but has no two in a mill: no threat by the mover.
        assert_eq!(terms[7..11], [0, 0, 1, 0], "threats by colour and seat");
        assert_eq!(terms[11], -5, "in_hand");
        assert_eq!(terms[12], -5, "hand_vs_stepper");
    }

    #[test]
    fn a_step_whose_step_back_earns_again_is_a_swing() {
        // p1 (hand empty) stands in {0, 1, 2} and {1, 4, 6}: 4-5 earns by rule 7c (1, south
        // of 4, stands in a complete straight mill) and 5-4 completes {1, 4, 6} again.
        let swing = terms_of_p1("xxx.x.x..........oo. 0 10 p2 0 0 30");
        assert_eq!(swing[13..15], [1, 0], "swing by colour");
        // Without 6, 4-3 and 4-5 still earn by rule 7c, but neither step back earns.
        let no_swing = terms_of_p1("xxx.x............oo. 0 10 p2 0 0 30");
        assert_eq!(no_swing[9], 2, "p1's threats as the waiter");
        assert_eq!(no_swing[13..15], [0, 0], "swing by colour");
        // A placing player has no swing, whatever his open twos.
        let placing = terms_of_p1("xxx.x.x..........oo. 2 10 p2 0 0 30");
        assert_eq!(placing[13..15], [0, 0], "swing by colour");
    }

    #[test]
    fn a_pending_removal_counts_no_threats() {
        let terms = terms_of_p1("xxx........x.......o 0 5 p1 1 0 3");
        assert_eq!(terms[7..11], [0, 0, 0, 0]);
        assert_eq!(terms[13..15], [0, 0], "no swing either");
    }
}
