//! Perft: counting token sequences, the yardstick of move generation.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::Game;

/// The longest sequences the engine's commands count: every game's perft at this depth would
/// run for years.
pub const MAX_DEPTH: u32 = 20;

/// How perft counts the sequences' last ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LastPly {
    /// Every leaf is made and taken back: the yardstick of make and unmake as well as of
    /// generation (the per-leaf cost).
    #[default]
    Made,
    /// The last ply's legal list is counted by its length, no move made (bulk counting, as
    /// general game systems count): the rate to set beside theirs.
    Counted,
}

/// The number of legal token sequences of length `depth` (every move is played).
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    count(
        pos,
        depth,
        &mut buffers,
        &AtomicBool::new(false),
        LastPly::Made,
    )
}

/// Counts as [`perft`] does (the last ply as `last` says), but counts nothing more once
/// `stop` is raised (the count is then too low: callers check `stop` before they trust it).
fn count<G: Game>(
    pos: &mut G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    stop: &AtomicBool,
    last: LastPly,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth >= 2 && stop.load(Relaxed) {
        return 0;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.generate(moves);
    if depth == 1 {
        // Each move is a leaf: made and taken back here, with no call below it to count 1.
        if last == LastPly::Made {
            for &mv in moves.iter() {
                pos.make(mv);
                pos.unmake();
            }
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        pos.make(mv);
        nodes += count(pos, depth - 1, rest, stop, last);
        pos.unmake();
    }
    nodes
}

/// Perft split by root move (the last ply as `last` says): hands each root token with the
/// count below it to `each` as soon as it is known. Returns false if `stop` was raised before
/// every root token was counted (what `each` got is exact all the same).
pub fn divide<G: Game>(
    pos: &mut G,
    depth: u32,
    last: LastPly,
    stop: &AtomicBool,
    each: &mut dyn FnMut(String, u64),
) -> bool {
    if depth == 0 {
        return true;
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut buffers = vec![Vec::new(); depth as usize];
    for mv in moves {
        let token = pos.format_move(mv);
        pos.make(mv);
        let nodes = count(pos, depth - 1, &mut buffers, stop, last);
        pos.unmake();
        if stop.load(Relaxed) {
            return false;
        }
        each(token, nodes);
    }
    true
}
