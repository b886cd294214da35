//! The root of an iteration: every root move searched in turn (split among threads once the
//! first is done), the window raised as they come, and the moves sorted best first.

use crate::game::Game;

use super::{RootMove, RootSearch, Window, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::score::INFINITY;

/// What a root search has found so far: its alpha, the best value, and the last move to
/// raise alpha.
pub(super) struct RootProgress {
    pub alpha: i32,
    pub best: i32,
    pub raised: Option<usize>,
}

impl<G: Game> Worker<'_, G> {
    /// Searches every root move in `lines[first..]` to `depth` within (alpha, beta) and
    /// sorts them best first.
    ///
    /// A stopped search leaves the rest unsorted, but a move that raised alpha before the
    /// stop (it beat every move searched before it, the previous best among them) is moved
    /// to `lines[first]`, and [`RootSearch::found`] says so.
    pub fn search_root(
        &mut self,
        lines: &mut [RootMove<G::Move>],
        first: usize,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> RootSearch {
        if self.is_max_n() {
            let best = self.search_root_max_n(lines, first, depth);
            return RootSearch { best, found: false };
        }
        let root = Node {
            side: self.side_of(self.mover()),
            depth,
            ply: 0,
            alpha,
            beta,
        };
        self.seldepth = 0;
        let mut progress = RootProgress {
            alpha,
            best: -INFINITY,
            raised: None,
        };
        for i in first..lines.len() {
            if i > first && self.may_split(depth) && self.split_root(lines, i, root, &mut progress)
            {
                break;
            }
            let mv = lines[i].mv;
            let window = Window::unreduced(i == first);
            let value = self.visit(mv, root.child(progress.alpha, beta), window);
            if self.stopped() {
                break;
            }
            progress.best = progress.best.max(value);
            let line = &mut lines[i];
            if value > progress.alpha {
                progress.alpha = value;
                progress.raised = Some(i);
                line.score = value;
                line.pv.clear();
                line.pv.push(mv);
                line.pv.extend_from_slice(&self.frames[1].pv);
                if progress.alpha >= beta {
                    break;
                }
            } else {
                line.score = -INFINITY;
            }
        }
        let RootProgress { best, raised, .. } = progress;
        let found = raised.is_some();
        if self.stopped() {
            if let Some(j) = raised {
                lines[first..=j].rotate_right(1);
            }
        } else {
            lines[first..].sort_by_key(|line| std::cmp::Reverse(line.score));
        }
        RootSearch { best, found }
    }
}
