//! Late-move pruning: at a zero-window node one or two plies from the horizon, the quiet
//! moves late in the ordered list are left out (a well-ordered list rarely has its best
//! move there, and the hash move, killers and tactical moves always come first). Noisy moves
//! are never left out: in games whose ordering knows no tactical moves they stand among the
//! quiet ones, and the quiescence search below would not see them either.

use crate::game::Game;
use crate::game::profile::Profile;

use super::{MoveList, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::alphabeta::ordering::{is_quiet, pick_next};
use crate::search::score::MATE_BOUND;

/// How many moves of a node with `depth` plies left are searched before quiet ones are left
/// out: the profile's `lmp_base` more than `lmp_per_depth_squared` hundredths of the square
/// of the depth.
fn moves_kept(profile: &Profile, depth: u32) -> usize {
    let squared = (depth * depth) as usize;
    profile.lmp_base as usize + squared * profile.lmp_per_depth_squared as usize / 100
}

/// Whether, from the move at `index` of the ordered list (ordering score `score`) of a node
/// with `depth` left (at most the profile's `lmp_max_depth`) whose best value so far is
/// `best`, only noisy moves are searched: where the profile asks for late-move pruning, a
/// late quiet move, never at a PV node, nor while every move searched loses. Once it holds at
/// an index it holds at every later one, since the list is picked in falling order and the
/// best value only rises.
fn prunes(
    profile: &Profile,
    depth: u32,
    index: usize,
    score: i32,
    pv_node: bool,
    best: i32,
) -> bool {
    profile.late_move_pruning
        && !pv_node
        && depth <= profile.lmp_max_depth as u32
        && index >= moves_kept(profile, depth)
        && is_quiet(score)
        && best > -MATE_BOUND
}

/// How much of a node's ordered move list is still to be searched: all of it until
/// late-move pruning's rule holds, then the moves picked so far and the noisy ones.
pub(super) struct MovesLeft {
    /// The end of the list still to be searched.
    pub end: usize,
    /// Whether the list has been cut to its noisy moves.
    cut: bool,
}

impl MovesLeft {
    /// The whole of a list of `len` moves.
    pub fn new(len: usize) -> Self {
        MovesLeft {
            end: len,
            cut: false,
        }
    }
}

impl<G: Game> Worker<'_, G> {
    /// Brings the move to search at `index` of `list`'s moves still to search there: the
    /// best-scored one left, or, once [`prunes`] holds for it (at `node`, whose
    /// best value so far is `best`), the best-scored noisy one, the list being cut to those.
    /// Returns false when no move is left to search.
    pub(super) fn pick_searched(
        &self,
        list: &mut MoveList<G::Move>,
        index: usize,
        node: Node,
        best: i32,
    ) -> bool {
        let MoveList {
            moves,
            scores,
            left,
        } = list;
        pick_next(&mut moves[..left.end], &mut scores[..left.end], index);
        let pv_node = node.is_pv();
        if !left.cut
            && prunes(
                &self.profile,
                node.depth,
                index,
                scores[index],
                pv_node,
                best,
            )
        {
            left.cut = true;
            left.end = self.gather_noisy(&mut moves[..left.end], &mut scores[..left.end], index);
            if index == left.end {
                return false;
            }
            pick_next(&mut moves[..left.end], &mut scores[..left.end], index);
        }
        true
    }

    /// Moves the noisy moves of `moves[from..]` (with their scores, in their order) to its
    /// front and returns where they end: the late moves left to search once
    /// [`prunes`] holds.
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
    use crate::game::{Evaluation, GameConfig, Notation, Rules};
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use super::*;
    use crate::games::dimraw::{Dimraw, DmMove};
    use crate::search::Style;
    use crate::search::alphabeta::ordering::TACTICAL;
    use crate::search::score::MATE;

    #[test]
    fn only_late_quiet_moves_of_shallow_zero_window_nodes_are_left_out() {
        let quiet = 0;
        let lmp = Profile {
            late_move_pruning: true,
            ..Profile::STANDARD
        };
        assert!(prunes(&lmp, 1, 4, quiet, false, 0));
        assert!(prunes(&lmp, 2, 7, quiet, false, -500));
        assert!(!prunes(&lmp, 1, 3, quiet, false, 0), "early");
        assert!(
            !prunes(&lmp, 2, 6, quiet, false, 0),
            "early for 2 plies left"
        );
        assert!(!prunes(&lmp, 3, 40, quiet, false, 0), "deep");
        assert!(!prunes(&lmp, 1, 10, quiet, true, 0), "PV node");
        assert!(
            !prunes(&lmp, 1, 10, quiet, false, 10 - MATE),
            "every move so far loses"
        );
        assert!(!prunes(&lmp, 1, 10, TACTICAL, false, 0), "tactical");
    }

    /// Runs `check` on a position where p1 completes a mill at 2 ({0, 1, 2}) and at 6
    /// ({0, 3, 6}) and nowhere else, with a worker there whose style asks for late-move
    /// pruning and one whose style does not.
    fn with_workers(check: impl FnOnce(&Dimraw, &Worker<Dimraw>, &Worker<Dimraw>)) {
        let pos = Dimraw::from_text("xx.x...........o.oo. 9 17 p1 0 0 7", &GameConfig::default())
            .unwrap();
        let (stop, nodes) = (AtomicBool::new(false), AtomicU64::new(0));
        let style = Style::default().with(|profile| profile.late_move_pruning = true);
        let pruning = Worker::new(pos.clone(), None, &stop, &nodes, None, style);
        let plain = Worker::new(pos.clone(), None, &stop, &nodes, None, Style::default());
        check(&pos, &pruning, &plain);
    }

    #[test]
    fn the_late_moves_searched_are_the_noisy_ones_in_order_and_only_with_the_style() {
        with_workers(|pos, worker, plain| {
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
            assert!(prunes(&worker.profile, 1, 10, quiet, false, 0));
            assert!(!prunes(&plain.profile, 1, 10, quiet, false, 0));
        });
    }

    #[test]
    fn a_node_one_ply_from_the_horizon_searches_four_moves_then_only_the_noisy_ones() {
        with_workers(|pos, worker, _| {
            let searched = |depth: u32| {
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                // The noisy moves ordered last among quiet ones, as a bad history would.
                let scores: Vec<i32> = moves
                    .iter()
                    .map(|&mv| -i32::from(pos.is_noisy(mv)))
                    .collect();
                let left = MovesLeft::new(moves.len());
                let mut list = MoveList {
                    moves,
                    scores,
                    left,
                };
                // A zero-window node: late-move pruning leaves out only such nodes' moves.
                let node = Node {
                    side: 0,
                    depth,
                    ply: 1,
                    alpha: 0,
                    beta: 1,
                };
                let mut i = 0;
                while i < list.left.end && worker.pick_searched(&mut list, i, node, 0) {
                    i += 1;
                }
                (list.moves[..i].to_vec(), list.moves.len())
            };
            let (late, all) = searched(1);
            assert_eq!(late.len(), 4 + 2);
            assert!(late[..4].iter().all(|&mv| !pos.is_noisy(mv)));
            assert!(
                [DmMove::Place(2), DmMove::Place(6)]
                    .iter()
                    .all(|mv| late[4..].contains(mv))
            );
            let (deep, _) = searched(3);
            assert_eq!(deep.len(), all, "no pruning with 3 plies left");
        });
    }
}
