//! Helpers shared by the two-player games.

use super::{Outcome, Player, Turn};

/// The bonus for having the move, in centipawns.
pub const TEMPO: i32 = 10;

/// Who decides in a two-player game without chance: nobody once it is over, else `side`.
pub fn turn(outcome: Option<Outcome>, side: Player) -> Turn {
    match outcome {
        Some(_) => Turn::Over,
        None => Turn::Player(side),
    }
}

/// A zero-sum evaluation for `player`: his side's score minus the opponent's, plus the tempo
/// bonus for whoever is to move (`side`).
pub fn zero_sum(player: Player, side: Player, side_score: impl Fn(Player) -> i32) -> i32 {
    let tempo = if side == player { TEMPO } else { -TEMPO };
    side_score(player) - side_score(1 - player) + tempo
}
