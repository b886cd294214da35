//! Playouts and rewards: how a leaf of the tree is scored.
//!
//! A reward is a player's share of one game in fixed point: [`WIN`] for a win, half of it
//! for a two-player draw, 0 for a loss (and for everybody in a draw of more players).

use rand::Rng;

use crate::game::{Game, Outcome, Player};
use crate::net::Evaluator;

/// The reward of a win.
pub const WIN: u64 = 1 << 16;
/// Every player's reward for one playout (indexed by player; unused entries are 0).
pub type Rewards = [u64; 6];

/// The rewards of a finished game.
pub fn outcome_rewards(outcome: Outcome, players: usize) -> Rewards {
    let mut rewards = [0; 6];
    for (p, reward) in rewards.iter_mut().enumerate().take(players) {
        *reward = outcome.half_points(p as Player, players) as u64 * WIN / 2;
    }
    rewards
}

/// The rewards the evaluation expects: each player's share grows tenfold per
/// `decade` of his evaluation (the profile's `evaluation_decade`; with two players and a
/// decade of `D`: `1 / (1 + 10^(-eval/D))`).
pub fn evaluation_rewards<G: Game>(pos: &G, evaluator: Evaluator, decade: f64) -> Rewards {
    let players = pos.players();
    let mut weights = [0.0f64; 6];
    for (p, weight) in weights.iter_mut().enumerate().take(players) {
        let eval = evaluator.evaluate(pos, p as Player).clamp(-4000, 4000) as f64;
        *weight = 10f64.powf(eval / (2.0 * decade));
    }
    let total: f64 = weights.iter().sum();
    let mut rewards = [0; 6];
    for (reward, weight) in rewards.iter_mut().zip(weights) {
        *reward = (weight / total * WIN as f64).round() as u64;
    }
    rewards
}

/// A mean reward (0.0 to 1.0) as centipawns on an evaluation's scale (`decade`: see
/// the profile's `evaluation_decade`).
pub fn centipawns(mean: f64, decade: f64) -> i32 {
    let q = mean.clamp(1e-4, 1.0 - 1e-4);
    (decade * (q / (1.0 - q)).log10()).round() as i32
}

/// Plays uniformly random moves (chance outcomes by weight) from `pos` until the game ends,
/// or for `cutoff` plies when it is not 0 and then asks `evaluator` (read on the scale
/// `decade`); takes every move back. `moves` is scratch space.
pub fn playout<G: Game, R: Rng>(
    pos: &mut G,
    cutoff: u32,
    evaluator: Evaluator,
    decade: f64,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> Rewards {
    let mut played = 0;
    let rewards = loop {
        if let Some(outcome) = pos.outcome() {
            break outcome_rewards(outcome, pos.players());
        }
        if cutoff != 0 && played == cutoff {
            break evaluation_rewards(pos, evaluator, decade);
        }
        let mv = pos.random_move(rng, moves);
        pos.make(mv);
        played += 1;
    };
    for _ in 0..played {
        pos.unmake();
    }
    rewards
}

/// What [`random_playouts`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutRun {
    /// Games played to their end.
    pub playouts: u64,
    /// Decisions made in them (chance outcomes included).
    pub decisions: u64,
    /// Seconds they took.
    pub seconds: f64,
}

/// Plays uniformly random games (chance by weight) from `start` to their end, taking every
/// move back after each, until `budget` is spent: no tree, just the rules.
pub fn random_playouts<G: Game, R: Rng>(
    start: &G,
    budget: std::time::Duration,
    rng: &mut R,
) -> PlayoutRun {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut run = PlayoutRun::default();
    let clock = std::time::Instant::now();
    while clock.elapsed() < budget {
        let mut played = 0;
        while pos.outcome().is_none() {
            let mv = pos.random_move(rng, &mut moves);
            pos.make(mv);
            played += 1;
        }
        for _ in 0..played {
            pos.unmake();
        }
        run.playouts += 1;
        run.decisions += played;
    }
    run.seconds = clock.elapsed().as_secs_f64();
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_give_whole_and_half_rewards() {
        assert_eq!(outcome_rewards(Outcome::Win(1), 2)[..2], [0, WIN]);
        assert_eq!(outcome_rewards(Outcome::Draw, 2)[..2], [WIN / 2, WIN / 2]);
        assert_eq!(outcome_rewards(Outcome::Draw, 3)[..3], [0, 0, 0]);
    }

    #[test]
    fn centipawns_invert_the_logistic_scale() {
        assert_eq!(centipawns(0.5, 400.0), 0);
        assert_eq!(centipawns(10.0 / 11.0, 400.0), 400);
        assert_eq!(centipawns(1.0 / 11.0, 892.0), -892);
    }
}
