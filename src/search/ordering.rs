//! Move ordering: the hash move first, then killers, then the history heuristic.

use crate::game::{Game, Player};

use super::score::MAX_PLY;
use super::tt::NO_MOVE;

const HASH_MOVE: i32 = 1 << 30;
const FIRST_KILLER: i32 = 1 << 29;
const SECOND_KILLER: i32 = FIRST_KILLER - 1;
const HISTORY_LIMIT: i32 = 1 << 14;

/// Killer moves' codes per ply ([`NO_MOVE`] where none) and a history table per player.
pub struct MoveOrdering<G: Game> {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> MoveOrdering<G> {
    /// Empty tables for up to six players.
    pub fn new() -> Self {
        MoveOrdering {
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            history: vec![0; 6 * G::MOVE_INDEX_SPACE],
            game: std::marker::PhantomData,
        }
    }

    fn history_slot(player: Player, mv: G::Move) -> usize {
        player as usize * G::MOVE_INDEX_SPACE + G::move_index(mv)
    }

    /// Gives each move its ordering score.
    pub fn score(
        &self,
        moves: &[G::Move],
        scores: &mut Vec<i32>,
        hash_move: u32,
        ply: usize,
        player: Player,
    ) {
        scores.clear();
        // Killers are kept and matched by code, as the hash move is: a move's code names it
        // wherever it is legal, while the move itself may carry what generation learnt of
        // its own position.
        let [k1, k2] = self.killers[ply];
        scores.extend(moves.iter().map(|&mv| {
            let code = G::move_code(mv);
            if hash_move != NO_MOVE && code == hash_move {
                HASH_MOVE
            } else if code == k1 {
                FIRST_KILLER
            } else if code == k2 {
                SECOND_KILLER
            } else {
                self.history[Self::history_slot(player, mv)]
            }
        }));
    }

    /// Rewards the move that caused a cutoff and penalizes those tried before it.
    pub fn reward(
        &mut self,
        best: G::Move,
        tried: &[G::Move],
        depth: u32,
        ply: usize,
        player: Player,
    ) {
        let (killers, code) = (&mut self.killers[ply], G::move_code(best));
        if killers[0] != code {
            killers[1] = killers[0];
            killers[0] = code;
        }
        let bonus = (depth * depth).min(400) as i32;
        self.nudge(Self::history_slot(player, best), bonus);
        for &mv in tried {
            self.nudge(Self::history_slot(player, mv), -bonus);
        }
    }

    fn nudge(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_LIMIT;
    }
}

/// Whether an ordering score puts its move in the hash or a killer slot (not by history).
pub fn from_slot(score: i32) -> bool {
    score >= SECOND_KILLER
}

/// Moves the best-scored move among `moves[from..]` to `from`.
pub fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32], from: usize) {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
}
