//! Static evaluation: side totals, sides led, dice left in the stocks, capture threats and the dungeon.

use super::position::Dwnsiwn;
use super::pyramid::CELL_COUNT;
use crate::game::{Player, two_player};

const SIDE_POINT: i32 = 4;
const SIDE_LEAD: i32 = 30;
const DIE_TO_PLACE: i32 = 3;
const DUNGEON: i32 = 40;
/// Per value of the opponent's own dice in his stock that this player could capture now.
const CAPTURE_THREAT: i32 = 8;
/// The most faces one die can show: three at the apex (6, 5 and 4 meet at a corner), two elsewhere.
const APEX_FACES: i32 = 6 + 5 + 4;
const EDGE_FACES: i32 = 6 + 5;
/// No evaluation exceeds this: one colour's ten dice show at most one apex and nine edges
/// (a die still in a stock counts less than a placed one), and it leads all three sides,
/// holds the dungeon, threatens captures of all five values a capture can reach (2 to 6)
/// and has the move.
pub const EVAL_BOUND: i32 = SIDE_POINT * (APEX_FACES + 9 * EDGE_FACES)
    + 3 * SIDE_LEAD
    + DUNGEON
    + 5 * CAPTURE_THREAT
    + two_player::TEMPO;

impl Dwnsiwn {
    /// The position's value for `player`, in centipawns.
    pub(super) fn evaluate(&self, player: Player) -> i32 {
        two_player::zero_sum(player, self.state.decider, |p| self.side_score(p as usize))
    }

    /// [`EVAL_BOUND`] while the game cannot end within `plies` (each placement fills one cell).
    pub(super) fn value_bound_within(&self, plies: u32) -> Option<i32> {
        let empty = CELL_COUNT as u32 - self.state.filled.count_ones();
        (empty > plies).then_some(EVAL_BOUND)
    }

    fn side_score(&self, colour: usize) -> i32 {
        let s = &self.state;
        let mut score = 0;
        for side in 0..3 {
            let (mine, theirs) = (
                s.scores[colour][side] as i32,
                s.scores[1 - colour][side] as i32,
            );
            score += SIDE_POINT * mine;
            if mine > theirs {
                score += SIDE_LEAD;
            }
        }
        // Dice of this colour still to come will show on some side.
        for owner in 0..2 {
            for value in 1..=6 {
                score += DIE_TO_PLACE * value as i32 * s.stock[owner][colour][value] as i32;
            }
        }
        if s.dungeon_placer as usize == colour {
            score += DUNGEON;
        }
        let (targets, sums) = (&s.stock[1 - colour][1 - colour], self.capture_sums(colour));
        let threatened = (2..=6)
            .filter(|&t| targets[t] > 0 && sums >> t & 1 == 1)
            .count();
        score + CAPTURE_THREAT * threatened as i32
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameConfig};

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
            CAPTURE_THREAT + DIE_TO_PLACE
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
