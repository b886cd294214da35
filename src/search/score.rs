//! Search scores: centipawns, and wins or losses at a known distance in plies.

use crate::game::{Game, Outcome, Player};
use crate::net::Evaluator;

/// The score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 250;

/// The share of the game that `cp` centipawns are worth on an evaluation scale of `decade`
/// centipawns per tenfold change in the odds (the logistic): MCTS's leaf values and the
/// trainer's score labels.
pub fn share_of_score(cp: f32, decade: f32) -> f32 {
    1.0 / (1.0 + (-cp * std::f32::consts::LN_10 / decade).exp())
}

/// The value of a finished game of `players` for `player`, reached `ply` plies from the root:
/// a win, a two-player draw (0), or a loss; with more players a draw scores nothing, so it is a loss.
pub fn terminal_value(outcome: Outcome, player: Player, players: usize, ply: usize) -> i32 {
    match outcome.half_points(player, players) {
        2 => MATE - ply as i32,
        1 => 0,
        _ => -(MATE - ply as i32),
    }
}

/// The static value of `pos` for `side` in a search for `root`: `evaluator`'s, less the
/// root's `draw_preference` (by seat: the profile's) when `side` is the root and plus it when
/// `side` is his opponent (two players only).
pub fn static_value<G: Game>(
    pos: &G,
    evaluator: Evaluator,
    side: Player,
    root: Player,
    draw_preference: [i32; 2],
) -> i32 {
    let value = evaluator.evaluate(pos, side);
    with_draw_preference(value, pos.players(), side, root, draw_preference)
}

/// A static `value` for `side` in a search for `root` of a game of `players`, with the root's
/// draw preference applied as [`static_value`] does.
pub fn with_draw_preference(
    value: i32,
    players: usize,
    side: Player,
    root: Player,
    draw_preference: [i32; 2],
) -> i32 {
    match draw_preference.get(root as usize) {
        Some(&preference) if players == 2 => match side == root {
            true => value - preference,
            false => value + preference,
        },
        _ => value,
    }
}

/// Converts a score relative to the root into one relative to a node `ply` deep (for the TT).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Evaluation, Profiled, Rules};

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 3, 17] {
            for score in [MATE - 5, -(MATE - 9), 123, -40] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
    }

    #[test]
    fn a_seat_that_prefers_draws_sees_every_evaluation_lowered_by_its_preference() {
        use crate::game::GameConfig;
        use crate::games::dimraw::Dimraw;
        let pos = Dimraw::startpos(&GameConfig::default()).unwrap();
        let [p1, p2] = [0, 1].map(|player| pos.evaluate(player));
        let seats = Dimraw::PROFILE.draw_preference();
        let preference = seats[1];
        assert!(preference > 0 && seats[0] == 0);
        assert_eq!(
            static_value(&pos, Evaluator::Classic, 1, 1, seats),
            p2 - preference,
            "p2 searching"
        );
        assert_eq!(
            static_value(&pos, Evaluator::Classic, 0, 1, seats),
            p1 + preference,
            "p1 in p2's search"
        );
        assert_eq!(
            static_value(&pos, Evaluator::Classic, 0, 0, seats),
            p1,
            "p1 searching: no preference"
        );
        assert_eq!(static_value(&pos, Evaluator::Classic, 1, 0, seats), p2);
    }
}
