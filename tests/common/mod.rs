//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod engine;

use tabula::game::{Game, GameConfig};

/// The start position followed by the given tokens, each checked for legality.
pub fn after<G: Game>(tokens: &str) -> G {
    let mut pos = G::startpos(&GameConfig::default()).expect("startpos");
    for token in tokens.split_whitespace() {
        let mv = pos
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        pos.make(mv);
    }
    pos
}

/// The number of legal tokens.
pub fn legal_count<G: Game>(pos: &G) -> usize {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves.len()
}

/// The position after one more token.
pub fn then<G: Game>(pos: &G, token: &str) -> G {
    let mut next = pos.clone();
    let mv = next
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    next.make(mv);
    next
}

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// Plays `plies` random moves from `pos` (stopping early if the game ends).
pub fn random_walk<G: Game>(pos: &mut G, plies: usize, rng: &mut Pcg64) {
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.random_range(0..moves.len())]);
    }
}

/// A deterministic generator for test positions.
pub fn rng(seed: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed)
}
