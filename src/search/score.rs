//! Search scores: centipawns, and wins or losses at a known distance in plies.

use crate::game::{Outcome, Player};

/// The score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 250;

/// The value of a finished game for `player`, reached `ply` plies from the root.
pub fn terminal_value(outcome: Outcome, player: Player, ply: usize) -> i32 {
    match outcome {
        Outcome::Win(winner) if winner == player => MATE - ply as i32,
        Outcome::Win(_) => -(MATE - ply as i32),
        Outcome::Draw => 0,
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

/// The protocol's form: `cp <x>` or `mate <plies>` (negative when losing).
pub fn format_score(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("mate -{}", MATE + score)
    } else {
        format!("cp {score}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 3, 17] {
            for score in [MATE - 5, -(MATE - 9), 123, -40] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
        assert_eq!(format_score(MATE - 3), "mate 3");
        assert_eq!(format_score(-(MATE - 2)), "mate -2");
        assert_eq!(format_score(-17), "cp -17");
    }
}
