//! A game in play with its search, behind an object-safe interface: the protocol and the tools
//! pick the game at run time while everything below stays monomorphized.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use crate::game::any_game::{AnyGame, TypedGame};
use crate::game::perft::{LastPly, divide};
use crate::game::{Game, GameConfig, Outcome, Turn};
use crate::search::mcts::tree::Tree;
use crate::search::memory::{WARM_UP_STEP, free_apart};
use crate::search::report::{Event, Reporter};
use crate::search::solve::solve;
use crate::search::{
    SearchLimits, SearchParams, SearchReport, Style, TranspositionTable, mcts, search,
};
use crate::sync::lock;

/// Receives a running search's events, with every principal variation as tokens.
pub trait SearchListener: Send + Sync {
    /// Progress of the search.
    fn event(&self, event: Event<String>);
    /// The search is over: the token to play (exactly once per search).
    fn best_move(&self, token: &str);
}

/// Everything a search thread needs.
pub struct SearchJob {
    /// Limits from `go`.
    pub limits: SearchLimits,
    /// Search threads.
    pub threads: usize,
    /// Reported lines.
    pub multipv: usize,
    /// Reserved milliseconds.
    pub move_overhead: u64,
    /// The shared table.
    pub tt: Arc<TranspositionTable>,
    /// The stop flag.
    pub stop: Arc<AtomicBool>,
    /// Which search variants to use.
    pub style: Style,
    /// Raised just before the best move is handed over: the search is over.
    pub done: Arc<AtomicBool>,
    /// Where the events and the best move go.
    pub listener: Arc<dyn SearchListener>,
}

/// The result of [`Session::think`].
#[derive(Clone, Debug)]
pub struct Thought {
    /// The chosen token.
    pub token: String,
    /// Its score for the side to move.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation as tokens.
    pub pv: Vec<String>,
    /// MCTS's root moves as tokens with their visits (none for alpha-beta).
    pub visits: Vec<(String, u32)>,
}

/// What [`Session::solve`] proved: the result with perfect play and a move that achieves it
/// (none when the budget ran out first), and the positions visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The result with perfect play, if proven.
    pub result: Option<Outcome>,
    /// A move that achieves it, as a token.
    pub best: Option<String>,
    /// Positions visited.
    pub nodes: u64,
}

/// A game in play, whatever the game, with its search.
pub trait Session: Send {
    /// The game's rules and position.
    fn rules(&self) -> &dyn AnyGame;
    /// The same, to change the position.
    fn rules_mut(&mut self) -> &mut dyn AnyGame;
    /// Perft split by root token, each handed to `each` as soon as it is counted; false if
    /// `stop` ended it early.
    fn divide(
        &self,
        depth: u32,
        last: LastPly,
        stop: &AtomicBool,
        each: &mut dyn FnMut(String, u64),
    ) -> bool;
    /// The result with perfect play of a two-player game without chance from this position,
    /// within `node_limit` positions (see [`crate::search::solve`]): the result and a move
    /// that achieves it as tokens, none when the budget ran out, and the positions visited.
    fn solve(&self, node_limit: u64, stop: &AtomicBool) -> Result<Solved, String>;
    /// The same game and position in a session of its own, with no tree: for work on
    /// another thread.
    fn detached(&self) -> Box<dyn Session>;
    /// Searches silently on the calling thread, until the limits or `stop` end it.
    fn think(
        &self,
        limits: &SearchLimits,
        tt: &TranspositionTable,
        threads: usize,
        style: Style,
        stop: &AtomicBool,
    ) -> Result<Thought, String>;
    /// Starts a search thread that ends with exactly one [`SearchListener::best_move`],
    /// or refuses when nobody is to decide.
    fn start_search(&self, job: SearchJob) -> Result<JoinHandle<()>, String>;
    /// A uniformly random legal token drawn with `seed` (the `random` search), or why there is none.
    fn random_move(&self, seed: u64) -> Result<String, String>;
    /// Makes the MCTS tree (kept between the searches of one game) `mib` MiB large, or frees it
    /// for 0; on failure a tree of the old size, emptied, stays (if it can be had again; else
    /// none, and an MCTS search makes one of 1 MiB). A new tree is had at once; a thread of
    /// its own then maps its memory while no search runs (see [`Tree::warm_up`]).
    fn set_tree_memory(&mut self, mib: usize) -> Result<(), String>;
    /// Maps the tree's memory now, a step at a time until all of it is mapped or `deadline`
    /// (if any) has passed, so that the next search does not pay for it (the benches, whose
    /// timed searches start at once, and `isready`).
    fn warm_up_tree(&self, deadline: Option<Instant>);
}

/// The session of game `G`.
pub struct GameSession<G: Game> {
    rules: TypedGame<G>,
    tree: Arc<Mutex<Option<Tree<G::Move>>>>,
}

/// Hands a search's events on to a [`SearchListener`] with the lines as tokens.
struct Tokens<'a>(&'a dyn SearchListener);

impl<G: Game> Reporter<G> for Tokens<'_> {
    fn report(&self, root: &G, event: Event<G::Move>) {
        self.0.event(event.map_lines(|line| root.line_tokens(line)));
    }
}

/// Starts a thread that maps the memory of the tree in `tree` in steps ([`WARM_UP_STEP`]), each
/// under the lock, so that a search that wants the tree takes it between two steps and the
/// thread goes on after.
fn warm_up_apart<M: Copy + Send + 'static>(tree: Arc<Mutex<Option<Tree<M>>>>) {
    let _ = std::thread::Builder::new()
        .name("tree warm-up".to_string())
        .spawn(move || {
            loop {
                let more = lock(&tree)
                    .as_mut()
                    .is_some_and(|tree| tree.warm_up(WARM_UP_STEP));
                if !more {
                    break;
                }
                // The lock is released: a waiting search takes it now.
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
}

impl<G: Game> GameSession<G> {
    /// A session at the start position for `config`.
    pub fn new(config: GameConfig) -> Result<Self, String> {
        Ok(GameSession {
            rules: TypedGame::new(config)?,
            tree: Arc::new(Mutex::new(None)),
        })
    }

    fn pos(&self) -> &G {
        self.rules.position()
    }

    fn check_searchable(&self) -> Result<(), String> {
        match self.pos().turn() {
            Turn::Player(_) => Ok(()),
            Turn::Over => Err("the game is over: no move to search".to_string()),
            Turn::Chance => Err("chance is to move: play a roll token instead".to_string()),
        }
    }

    /// Runs the search `params.style` asks for: MCTS in the session's tree, or alpha-beta.
    fn run_search(
        root: &G,
        params: &SearchParams<G>,
        tree: &Mutex<Option<Tree<G::Move>>>,
    ) -> SearchReport<G::Move> {
        if params.style.mcts.is_none() {
            return search(root, params);
        }
        let mut tree = lock(tree);
        let tree = tree.get_or_insert_with(|| Tree::try_new(1).expect("1 MiB"));
        mcts::search(root, params, tree)
    }
}

impl<G: Game> Session for GameSession<G> {
    fn rules(&self) -> &dyn AnyGame {
        &self.rules
    }

    fn rules_mut(&mut self) -> &mut dyn AnyGame {
        &mut self.rules
    }

    fn divide(
        &self,
        depth: u32,
        last: LastPly,
        stop: &AtomicBool,
        each: &mut dyn FnMut(String, u64),
    ) -> bool {
        divide(&mut self.pos().clone(), depth, last, stop, each)
    }

    fn solve(&self, node_limit: u64, stop: &AtomicBool) -> Result<Solved, String> {
        let mut pos = self.pos().clone();
        let solution = solve(&mut pos, node_limit, stop)?;
        Ok(Solved {
            result: solution.result,
            best: solution.best.map(|mv| pos.format_move(mv)),
            nodes: solution.nodes,
        })
    }

    fn detached(&self) -> Box<dyn Session> {
        Box::new(GameSession {
            rules: self.rules.clone(),
            tree: Arc::new(Mutex::new(None)),
        })
    }

    fn think(
        &self,
        limits: &SearchLimits,
        tt: &TranspositionTable,
        threads: usize,
        style: Style,
        stop: &AtomicBool,
    ) -> Result<Thought, String> {
        self.check_searchable()?;
        let params = SearchParams {
            limits,
            threads,
            multipv: 1,
            move_overhead: 0,
            tt,
            stop,
            reporter: None,
            style,
        };
        let report = Self::run_search(self.pos(), &params, &self.tree);
        Ok(Thought {
            token: self.pos().format_move(report.best),
            score: report.score,
            nodes: report.nodes,
            pv: self.pos().line_tokens(&report.pv),
            visits: (report.root_visits.iter())
                .map(|&(mv, visits)| (self.pos().format_move(mv), visits))
                .collect(),
        })
    }

    fn random_move(&self, seed: u64) -> Result<String, String> {
        use rand::{RngExt as _, SeedableRng as _};
        self.check_searchable()?;
        let tokens = self.pos().legal_tokens();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ self.pos().hash());
        Ok(tokens[rng.random_range(0..tokens.len())].clone())
    }

    fn set_tree_memory(&mut self, mib: usize) -> Result<(), String> {
        let mut tree = lock(&self.tree);
        if tree.as_ref().is_some_and(|t| t.mib() == mib) {
            return Ok(());
        }
        let old = tree.take().map(|old| {
            let mib = old.mib();
            free_apart(old);
            mib
        });
        if mib == 0 {
            return Ok(());
        }
        let result = match Tree::try_new(mib) {
            Ok(new) => {
                *tree = Some(new);
                Ok(())
            }
            Err(e) => {
                *tree = old.and_then(|old| Tree::try_new(old).ok());
                Err(e)
            }
        };
        drop(tree);
        warm_up_apart(Arc::clone(&self.tree));
        result
    }

    fn warm_up_tree(&self, deadline: Option<Instant>) {
        let mut tree = lock(&self.tree);
        if let Some(tree) = tree.as_mut() {
            while deadline.is_none_or(|d| Instant::now() < d) && tree.warm_up(WARM_UP_STEP) {}
        }
    }

    fn start_search(&self, job: SearchJob) -> Result<JoinHandle<()>, String> {
        self.check_searchable()?;
        let root = self.pos().clone();
        let tree = Arc::clone(&self.tree);
        Ok(std::thread::spawn(move || {
            let reporter = Tokens(job.listener.as_ref());
            let params = SearchParams {
                limits: &job.limits,
                threads: job.threads,
                multipv: job.multipv,
                move_overhead: job.move_overhead,
                tt: &job.tt,
                stop: &job.stop,
                reporter: Some(&reporter),
                style: job.style,
            };
            let report = Self::run_search(&root, &params, &tree);
            job.done.store(true, Relaxed);
            job.listener.best_move(&root.format_move(report.best));
            if let Some(tree) = lock(&tree).as_mut() {
                tree.make_room();
            }
        }))
    }
}
