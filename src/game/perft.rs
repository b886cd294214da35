//! Perft: counting token sequences, the yardstick of move generation.

use super::Game;

/// The number of legal token sequences of length `depth` (every move is played).
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    count(pos, depth, &mut buffers)
}

fn count<G: Game>(pos: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.generate(moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        pos.make(mv);
        nodes += count(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}

/// Perft split by root move: each root token with the count below it.
pub fn divide<G: Game>(pos: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    if depth == 0 {
        return Vec::new();
    }
    moves
        .into_iter()
        .map(|mv| {
            let token = pos.format_move(mv);
            pos.make(mv);
            let nodes = perft(pos, depth - 1);
            pos.unmake();
            (token, nodes)
        })
        .collect()
}
