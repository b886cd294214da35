//! Static evaluation: side totals, sides led, dice left in the stocks, capture threats and the
//! dungeon. The weights are data (`weights.txt`, fitted by `tools/tune`).

use super::position::Dwnsiwn;
use super::pyramid::CELL_COUNT;
use crate::game::{Evaluation, Player, two_player, weights};

/// The evaluation's terms, in the order of [`WEIGHTS`]: the side totals; the sides led; the
/// value of this colour's dice still in the stocks (they will show on some side); holding the
/// dungeon; and the values of the opponent's own dice in his stock that could be captured now.
pub(super) const TERMS: [&str; 6] = [
    "tempo",
    "side_point",
    "side_lead",
    "die_to_place",
    "dungeon",
    "capture_threat",
];
/// The weights of [`TERMS`].
pub(super) const WEIGHTS: [i32; 6] = weights::parse(include_str!("weights.txt"), TERMS);
/// The most faces one die can show: three at the apex (6, 5 and 4 meet at a corner), two elsewhere.
const APEX_FACES: i32 = 6 + 5 + 4;
const EDGE_FACES: i32 = 6 + 5;
/// No evaluation exceeds this: one colour's ten dice show at most one apex and nine edges
/// (a die still in a stock, worth at most 6 faces, counts no more than a placed one), and it
/// leads all three sides, holds the dungeon, threatens captures of all five values a capture
/// can reach (2 to 6) and has the move; each term counted at its weight's size.
pub const EVAL_BOUND: i32 = max(WEIGHTS[1].abs(), WEIGHTS[3].abs()) * (APEX_FACES + 9 * EDGE_FACES)
    + 3 * WEIGHTS[2].abs()
    + WEIGHTS[4].abs()
    + 5 * WEIGHTS[5].abs()
    + WEIGHTS[0].abs();

const fn max(a: i32, b: i32) -> i32 {
    if a > b { a } else { b }
}

impl Dwnsiwn {
    /// The terms of [`TERMS`] for `player`: his side's minus the opponent's (the evaluation
    /// is their dot product with [`WEIGHTS`]).
    pub(super) fn terms(&self, player: Player) -> [i32; 6] {
        two_player::zero_sum_terms(player, self.state.decider, |p| self.side_terms(p as usize))
    }

    fn side_terms(&self, colour: usize) -> [i32; 6] {
        let s = &self.state;
        let mut terms = [0; 6];
        for side in 0..3 {
            let (mine, theirs) = (
                s.scores[colour][side] as i32,
                s.scores[1 - colour][side] as i32,
            );
            terms[1] += mine;
            terms[2] += (mine > theirs) as i32;
        }
        for owner in 0..2 {
            for value in 1..=6 {
                terms[3] += value as i32 * s.stock[owner][colour][value] as i32;
            }
        }
        terms[4] = (s.dungeon_placer as usize == colour) as i32;
        let (targets, sums) = (&s.stock[1 - colour][1 - colour], self.capture_sums(colour));
        terms[5] = (2..=6)
            .filter(|&t| targets[t] > 0 && sums >> t & 1 == 1)
            .count() as i32;
        terms
    }

    /// Bit `t` for each value 2..=6 that two or more of `player`'s own-colour dice in his
    /// stock add up to (rule 21).
    fn capture_sums(&self, player: usize) -> u32 {
        // reach[k]: sums of k chosen dice (k = 2 stands for two or more), within 0..=6.
        let mut reach = [1u32, 0, 0];
        for value in 1..=5 {
            for _ in 0..self.state.stock[player][player][value].min(6 / value as u8) {
                let [none, one, more] = reach;
                let add = |sums: u32| (sums << value) & 0x7f;
                reach = [none, one | add(none), more | add(one) | add(more)];
            }
        }
        reach[2]
    }
}

impl Evaluation for Dwnsiwn {
    crate::weighted_evaluation!();

    /// [`EVAL_BOUND`] while the game cannot end within `plies` (each placement fills one cell).
    fn value_bound_within(&self, plies: u32) -> Option<i32> {
        let empty = CELL_COUNT as u32 - self.state.filled.count_ones();
        (empty > plies).then_some(EVAL_BOUND)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameConfig, Notation, Rules};

    fn position(p1_stock: &str, p2_stock: &str) -> Dwnsiwn {
        let cells = vec!["."; CELL_COUNT].join(",");
        Dwnsiwn::from_text(
            &format!("{cells} {p1_stock} {p2_stock} - p1"),
            &GameConfig::default(),
        )
        .unwrap()
    }

    #[test]
    fn capture_sums_need_two_or_more_own_dice() {
        let pos = position(
            "11,11,12,16,16,16,16,16,16,16",
            "25,25,25,25,25,25,25,25,25,25",
        );
        assert_eq!(pos.capture_sums(0), 0b1_1100, "1+1, 1+2 and 1+1+2");
        assert_eq!(pos.capture_sums(1), 0, "5+5 is over 6");
    }

    #[test]
    fn a_target_in_reach_is_worth_a_capture_threat() {
        let own = "11,12,16,16,16,16,16,16,16,16";
        let threatened = position(own, "23,25,25,25,25,25,25,25,25,25");
        let safe = position(own, "24,25,25,25,25,25,25,25,25,25");
        // The 3 is also worth 3 less to p2 than the 4 while it waits in his stock.
        assert_eq!(
            Dwnsiwn::evaluate(&threatened, 0) - Dwnsiwn::evaluate(&safe, 0),
            WEIGHTS[5] + WEIGHTS[3]
        );
    }

    #[test]
    fn evaluations_stay_within_the_bound() {
        let mut rng = rand_pcg::Pcg64Mcg::new(7);
        for _ in 0..200 {
            let mut pos = Dwnsiwn::start();
            loop {
                for player in 0..2 {
                    let value = Dwnsiwn::evaluate(&pos, player);
                    assert!(value.abs() <= EVAL_BOUND, "{}", pos.to_text());
                }
                if pos.state.outcome.is_some() {
                    break;
                }
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                use rand::RngExt as _;
                let mv = moves[rng.random_range(0..moves.len())];
                pos.make(mv);
            }
        }
    }
}
