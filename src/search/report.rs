//! What a search tells the outside while it runs, as typed data: the protocol turns it into
//! `info` lines, and tools may read it as they like.

use std::time::Duration;

use crate::game::Game;

/// One reported line: a root move's score and its principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<M> {
    /// The score for the side to move (centipawns, or a win or loss at a known distance).
    pub score: i32,
    /// The principal variation, starting with the root move.
    pub pv: Vec<M>,
}

/// Where a search stands after an iteration (alpha-beta) or a reporting point (MCTS).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<M> {
    /// The depth: the completed iteration, or MCTS's average descent.
    pub depth: u32,
    /// The deepest ply reached, at least `depth`.
    pub seldepth: usize,
    /// Nodes (MCTS: iterations) of all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// How full the table or tree is, in permille.
    pub hashfull: u32,
    /// The reported lines, best first (several under MultiPV).
    pub lines: Vec<Line<M>>,
    /// In games of more than two players, every player's evaluation at the end of the first line.
    pub player_scores: Option<Vec<i32>>,
}

/// Something a search reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event<M> {
    /// Progress, with the best lines so far.
    Progress(Progress<M>),
    /// Every move loses to all opponents together at `depth`: the paranoid search switches to max^n.
    MaxNFallback {
        /// The depth of the iteration that saw only losses.
        depth: u32,
    },
}

impl<M> Event<M> {
    /// The same event with every principal variation turned into `line`'s output.
    pub fn map_lines<N>(&self, mut line: impl FnMut(&[M]) -> Vec<N>) -> Event<N> {
        match self {
            Event::Progress(p) => Event::Progress(Progress {
                depth: p.depth,
                seldepth: p.seldepth,
                nodes: p.nodes,
                elapsed: p.elapsed,
                hashfull: p.hashfull,
                lines: p
                    .lines
                    .iter()
                    .map(|l| Line {
                        score: l.score,
                        pv: line(&l.pv),
                    })
                    .collect(),
                player_scores: p.player_scores.clone(),
            }),
            &Event::MaxNFallback { depth } => Event::MaxNFallback { depth },
        }
    }
}

/// Receives a search's events; `root` is the searched position, from which the lines are played.
pub trait Reporter<G: Game>: Sync {
    /// Takes one event.
    fn report(&self, root: &G, event: Event<G::Move>);
}
