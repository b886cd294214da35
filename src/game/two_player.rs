//! Helpers shared by the two-player games.

use super::{Outcome, Player, Turn};

/// Who decides in a two-player game without chance: nobody once it is over, else `side`.
pub fn turn(outcome: Option<Outcome>, side: Player) -> Turn {
    match outcome {
        Some(_) => Turn::Over,
        None => Turn::Player(side),
    }
}

/// A zero-sum evaluation's terms for `player`: his side's terms minus the opponent's. Term 0
/// is the tempo (the games call it `tempo`): 1 when `player` is to move (`side`), else -1.
pub fn zero_sum_terms<const N: usize>(
    player: Player,
    side: Player,
    side_terms: impl Fn(Player) -> [i32; N],
) -> [i32; N] {
    let (own, theirs) = (side_terms(player), side_terms(1 - player));
    let mut terms: [i32; N] = std::array::from_fn(|i| own[i] - theirs[i]);
    terms[0] = if side == player { 1 } else { -1 };
    terms
}
