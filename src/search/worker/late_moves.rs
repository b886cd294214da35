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
    /// Whether `mv`, at `index` of the ordered list (ordering score `score`) of a node with
    /// `depth` left whose best value so far is `best`, is left out: where the style asks for
    /// late-move pruning, [`prunes`] says it may be and the move is not noisy.
    pub(super) fn prunes_late(
        &self,
        depth: u32,
        index: usize,
        score: i32,
        pv_node: bool,
        best: i32,
        mv: G::Move,
    ) -> bool {
        self.late_move_pruning
            && prunes(depth, index, score, pv_node, best)
            && !self.pos.is_noisy(mv)
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
    fn a_noisy_move_is_never_left_out_and_nothing_is_without_the_style() {
        // p1 completes the mill {0, 1, 2} at 2; 5 is a quiet placement.
        let pos = Dimraw::parse_text("xx...............oo. 10 18 p1 0 0 5").unwrap();
        let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let style = Style {
            late_move_pruning: true,
            ..Style::default()
        };
        let quiet = 0;
        let worker = Worker::new(pos.clone(), None, &stop, &nodes, None, style);
        assert!(worker.prunes_late(1, 10, quiet, false, 0, DmMove::Place(5)));
        assert!(!worker.prunes_late(1, 10, quiet, false, 0, DmMove::Place(2)));
        let plain = Worker::new(pos, None, &stop, &nodes, None, Style::default());
        assert!(!plain.prunes_late(1, 10, quiet, false, 0, DmMove::Place(5)));
    }
}
