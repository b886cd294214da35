//! Move ordering: the hash move first, then killers, then the game's tactical moves, then the
//! history heuristic (which also orders the tactical moves among themselves).

use crate::game::{Game, Player};

use crate::search::score::MAX_PLY;
use crate::search::tt::NO_MOVE;

const HASH_MOVE: i32 = 1 << 30;
const FIRST_KILLER: i32 = 1 << 29;
const SECOND_KILLER: i32 = FIRST_KILLER - 1;
/// The base of a tactical move's score: its history is added, and stays within
/// `HISTORY_LIMIT` of zero, so tactical moves stay below the killers and above the rest.
pub(super) const TACTICAL: i32 = 1 << 28;
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

    /// Gives each move of `pos` its ordering score.
    pub fn score(
        &self,
        pos: &G,
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
            } else if pos.is_tactical(mv) {
                TACTICAL + self.history[Self::history_slot(player, mv)]
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

/// Whether an ordering score puts its move in the hash or a killer slot (not by history, nor
/// among the tactical moves).
pub fn from_slot(score: i32) -> bool {
    score >= SECOND_KILLER
}

/// Whether an ordering score is a quiet move's: ordered by its history alone (no hash move,
/// killer or tactical move).
pub fn is_quiet(score: i32) -> bool {
    score < TACTICAL - HISTORY_LIMIT
}

/// Moves the best-scored move among `moves[from..]` to `from` (the first of equals).
pub fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [i32], from: usize) {
    // The maximum first, in a loop without branches that the compiler vectorizes; then its
    // first place, which a scan from the front finds early.
    let rest = &scores[from..];
    let top = rest.iter().copied().fold(i32::MIN, i32::max);
    let best = from + rest.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(from, best);
    scores.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameConfig, Notation, Rules};
    use crate::games::dimraw::{Dimraw, DmMove};

    #[test]
    fn tactical_moves_come_after_the_killers_and_before_the_rest() {
        // p1 can complete {0, 1, 2} at 2 and block p2's {17, 18, 19} at 19.
        let pos = Dimraw::from_text(
            "xx...............oo. 10 18 p1 0 0 5",
            &GameConfig::default(),
        )
        .unwrap();
        let mut ordering = MoveOrdering::<Dimraw>::new();
        let (killer, tried) = (DmMove::Place(5), [DmMove::Place(2), DmMove::Place(19)]);
        // The tactical moves lose history here and still stay ahead of the quiet ones.
        ordering.reward(killer, &tried, 8, 0, 0);
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let mut scores = Vec::new();
        ordering.score(&pos, &moves, &mut scores, NO_MOVE, 0, 0);
        let score_of = |mv| scores[moves.iter().position(|&m| m == mv).unwrap()];
        let quiet = moves
            .iter()
            .filter(|&&m| m != killer && !tried.contains(&m));
        let best_quiet = quiet.map(|&m| score_of(m)).max().unwrap();
        for mv in tried {
            assert!(score_of(killer) > score_of(mv) && score_of(mv) > best_quiet);
            assert!(
                !from_slot(score_of(mv)),
                "tactical moves are reduced like the others"
            );
        }
        assert!(from_slot(score_of(killer)));
    }

    #[test]
    fn the_next_pick_is_the_first_of_the_best_scored_moves_left() {
        let mut moves = ['a', 'b', 'c', 'd', 'e'];
        let mut scores = [3, 7, -2, 7, 9];
        pick_next(&mut moves, &mut scores, 1);
        assert_eq!(
            (moves, scores),
            (['a', 'e', 'c', 'd', 'b'], [3, 9, -2, 7, 7])
        );
        pick_next(&mut moves, &mut scores, 2);
        assert_eq!(
            (moves, scores),
            (['a', 'e', 'd', 'c', 'b'], [3, 9, 7, -2, 7])
        );
        pick_next(&mut moves, &mut scores, 3);
        assert_eq!(
            (moves, scores),
            (['a', 'e', 'd', 'b', 'c'], [3, 9, 7, 7, -2])
        );
        pick_next(&mut moves, &mut scores, 4);
        assert_eq!(moves[4], 'c');
    }
}
