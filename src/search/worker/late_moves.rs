//! Late-move pruning: at a zero-window node one or two plies from the horizon, the quiet
//! moves late in the ordered list are left out (a well-ordered list rarely has its best
//! move there, and the hash move, killers and tactical moves always come first). Noisy moves
//! are never left out: in games whose ordering knows no tactical moves they stand among the
//! quiet ones, and the quiescence search below would not see them either.

use crate::game::Game;

use super::super::ordering::is_quiet;
use super::super::score::MATE_BOUND;
use super::Worker;

/// The most plies left at which late moves are left out.
const MAX_DEPTH: u32 = 2;

/// How many moves of a node with `depth` plies left are searched before quiet ones are left
/// out: 3 more than the square of the depth.
fn moves_kept(depth: u32) -> usize {
    (3 + depth * depth) as usize
}

/// Whether the move at `index` of the ordered list (ordering score `score`) of a node with
/// `depth` left, whose best value so far is `best`, may be left out: a late quiet move,
/// never at a PV node, nor while every move searched loses.
fn prunes(depth: u32, index: usize, score: i32, pv_node: bool, best: i32) -> bool {
    !pv_node
        && depth <= MAX_DEPTH
        && index >= moves_kept(depth)
        && is_quiet(score)
        && best > -MATE_BOUND
}

impl<G: Game> Worker<'_, G> {
    /// Whether, from the move at `index` of the ordered list (ordering score `score`) of a node
    /// with `depth` left whose best value so far is `best`, only noisy moves are searched:
    /// where the style asks for late-move pruning and [`prunes`] says so. Once it holds at an
    /// index it holds at every later one, since the list is picked in falling order and the
    /// best value only rises.
    pub(super) fn prunes_late(
        &self,
        depth: u32,
        index: usize,
        score: i32,
        pv_node: bool,
        best: i32,
    ) -> bool {
        self.late_move_pruning && prunes(depth, index, score, pv_node, best)
    }

    /// Moves the noisy moves of `moves[from..]` (with their scores, in their order) to its
    /// front and returns where they end: the late moves left to search once
    /// [`Worker::prunes_late`] holds.
    pub(super) fn gather_noisy(
        &self,
        moves: &mut [G::Move],
        scores: &mut [i32],
        from: usize,
    ) -> usize {
        let mut end = from;
        for i in from..moves.len() {
            if self.pos.is_noisy(moves[i]) {
                moves.swap(end, i);
                scores.swap(end, i);
                end += 1;
            }
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use super::*;
    use crate::games::dimraw::{Dimraw, DmMove};
    use crate::search::Style;
    use crate::search::ordering::TACTICAL;
    use crate::search::score::MATE;

    #[test]
    fn only_late_quiet_moves_of_shallow_zero_window_nodes_are_left_out() {
        let quiet = 0;
        assert!(prunes(1, 4, quiet, false, 0));
        assert!(prunes(2, 7, quiet, false, -500));
        assert!(!prunes(1, 3, quiet, false, 0), "early");
        assert!(!prunes(2, 6, quiet, false, 0), "early for 2 plies left");
        assert!(!prunes(3, 40, quiet, false, 0), "deep");
        assert!(!prunes(1, 10, quiet, true, 0), "PV node");
        assert!(
            !prunes(1, 10, quiet, false, 10 - MATE),
            "every move so far loses"
        );
        assert!(!prunes(1, 10, TACTICAL, false, 0), "tactical");
    }

    #[test]
    fn the_late_moves_searched_are_the_noisy_ones_in_order_and_only_with_the_style() {
        // p1 completes a mill at 2 ({0, 1, 2}) and at 6 ({0, 3, 6}), and nowhere else.
        let pos = Dimraw::parse_text("xx.x...........o.oo. 9 17 p1 0 0 7").unwrap();
        let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let style = Style {
            late_move_pruning: true,
            ..Style::default()
        };
        let worker = Worker::new(pos.clone(), None, &stop, &nodes, None, style);
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        // A quiet placement first, searched before the late moves begin.
        let quiet = moves.iter().position(|&mv| mv == DmMove::Place(5)).unwrap();
        moves.swap(0, quiet);
        let mut scores: Vec<i32> = (0..moves.len() as i32).collect();
        let first = moves[0];
        let noisy: Vec<_> = moves[1..]
            .iter()
            .copied()
            .filter(|&mv| pos.is_noisy(mv))
            .collect();
        assert_eq!(noisy, [DmMove::Place(2), DmMove::Place(6)]);
        let original = moves.clone();
        let end = worker.gather_noisy(&mut moves, &mut scores, 1);
        assert_eq!((moves[0], &moves[1..end]), (first, &noisy[..]));
        for (&mv, &score) in moves.iter().zip(&scores) {
            assert_eq!(
                original[score as usize], mv,
                "each score stays with its move"
            );
        }
        let quiet = 0;
        assert!(worker.prunes_late(1, 10, quiet, false, 0));
        let plain = Worker::new(pos, None, &stop, &nodes, None, Style::default());
        assert!(!plain.prunes_late(1, 10, quiet, false, 0));
    }
}
