//! One game's state behind an object-safe interface, so the protocol can pick the game at run time
//! while everything below stays monomorphized.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::game::perft::divide;
use crate::game::{Game, GameConfig, Turn};
use crate::output::Output;
use crate::search::mcts::tree::Tree;
use crate::search::{
    SearchLimits, SearchParams, SearchReport, Style, TranspositionTable, line_tokens, mcts, search,
};

/// Where a `position` command starts.
pub enum PositionBase<'a> {
    /// The rulebook's start position.
    Start,
    /// A position text.
    Text(&'a str),
}

/// Everything a search thread needs from the engine.
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
    /// Raised just before `bestmove` is written: the search is over.
    pub done: Arc<AtomicBool>,
    /// The engine's writer.
    pub output: Output,
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
    pub pv: String,
}

/// A game in progress, whatever the game.
pub trait Session: Send {
    /// The variant name.
    fn variant(&self) -> &'static str;
    /// Sets the position; on any error the previous position stays.
    fn set_position(&mut self, base: PositionBase, moves: &[&str]) -> Result<(), String>;
    /// Answers `query <what> [args]` (the text after `response`).
    fn query(&self, what: &str, args: &[&str]) -> Result<String, String>;
    /// The `d` output: board, position text, side to move, hash.
    fn display(&self) -> String;
    /// Perft split by root token.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Searches silently on the calling thread; returns the best token and the report's score and nodes.
    fn think(
        &self,
        limits: &SearchLimits,
        tt: &TranspositionTable,
        threads: usize,
        style: Style,
    ) -> Result<Thought, String>;
    /// Starts a search thread that ends with exactly one `bestmove` line,
    /// or refuses when nobody is to decide.
    fn start_search(&self, job: SearchJob) -> Result<JoinHandle<()>, String>;
    /// A uniformly random legal token drawn with `seed` (the `random` search), or why there is none.
    fn random_move(&self, seed: u64) -> Result<String, String>;
    /// Makes the MCTS tree (kept between the searches of one game) `mib` MiB large, or frees it
    /// for 0; on failure there is no tree (an MCTS search then makes one of 1 MiB).
    fn set_tree_memory(&mut self, mib: usize) -> Result<(), String>;
}

/// The session of game `G`.
pub struct GameSession<G: Game> {
    config: GameConfig,
    pos: G,
    tree: Arc<Mutex<Option<Tree<G::Move>>>>,
}

impl<G: Game> GameSession<G> {
    /// A session at the start position for `config`.
    pub fn new(config: GameConfig) -> Result<Self, String> {
        let pos = G::startpos(&config)?;
        Ok(GameSession {
            config,
            pos,
            tree: Arc::new(Mutex::new(None)),
        })
    }

    fn check_searchable(&self) -> Result<(), String> {
        match self.pos.turn() {
            Turn::Player(_) => Ok(()),
            Turn::Over => Err("the game is over: no move to search".to_string()),
            Turn::Chance => Err("chance is to move: play a roll token instead".to_string()),
        }
    }

    /// Runs the search `params.style` asks for: MCTS in the session's tree, or alpha-beta.
    fn run_search(
        root: &G,
        params: &SearchParams,
        tree: &Mutex<Option<Tree<G::Move>>>,
    ) -> SearchReport<G::Move> {
        let Some(settings) = params.style.mcts else {
            return search(root, params);
        };
        let mut tree = tree.lock().unwrap_or_else(|e| e.into_inner());
        let tree = tree.get_or_insert_with(|| Tree::try_new(1).expect("1 MiB"));
        mcts::search(root, params, &settings, tree)
    }

    fn tomove_name(&self) -> String {
        match self.pos.turn() {
            Turn::Player(p) => format!("p{}", p + 1),
            Turn::Chance => "chance".to_string(),
            Turn::Over => "none".to_string(),
        }
    }
}

impl<G: Game> Session for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::NAME
    }

    fn set_position(&mut self, base: PositionBase, moves: &[&str]) -> Result<(), String> {
        let mut pos = match base {
            PositionBase::Start => G::startpos(&self.config)?,
            PositionBase::Text(text) => G::from_text(text, &self.config)?,
        };
        for (i, token) in moves.iter().enumerate() {
            let mv = pos
                .parse_move(token)
                .map_err(|e| format!("move {} ('{token}'): {e}", i + 1))?;
            pos.make(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn query(&self, what: &str, args: &[&str]) -> Result<String, String> {
        let pos = &self.pos;
        let players = pos.players();
        let answer = match (what, args) {
            ("p1turn", []) => (pos.turn() == Turn::Player(0)).to_string(),
            ("gameover", []) => pos.outcome().is_some().to_string(),
            ("result", []) => pos.outcome().map_or("none".to_string(), |o| o.name()),
            ("tomove", []) => self.tomove_name(),
            ("players", []) => players.to_string(),
            ("scores", []) => pos
                .outcome()
                .map_or("none".to_string(), |o| o.scores_text(players)),
            ("legalmoves", []) => pos.legal_tokens().join(" "),
            ("islegal", [token]) => pos.parse_move(token).is_ok().to_string(),
            ("fen", []) => pos.to_text(),
            ("chance", []) if pos.turn() != Turn::Chance => "none".to_string(),
            ("chance", []) => {
                let mut moves = Vec::new();
                pos.generate(&mut moves);
                let pairs: Vec<String> = moves
                    .iter()
                    .map(|&m| format!("{} {}", pos.format_move(m), pos.chance_weight(m)))
                    .collect();
                pairs.join(" ")
            }
            ("islegal", _) => return Err("expected: query islegal <token>".to_string()),
            (
                "p1turn" | "gameover" | "result" | "tomove" | "players" | "scores" | "legalmoves"
                | "fen" | "chance",
                _,
            ) => return Err(format!("query {what} takes no arguments")),
            _ => return Err(format!("unknown query '{what}'")),
        };
        Ok(answer)
    }

    fn display(&self) -> String {
        format!(
            "{}\nFen: {}\nTo move: {}\nHash: {:016x}",
            self.pos.draw().trim_end(),
            self.pos.to_text(),
            self.tomove_name(),
            self.pos.hash()
        )
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(&mut self.pos.clone(), depth)
    }

    fn think(
        &self,
        limits: &SearchLimits,
        tt: &TranspositionTable,
        threads: usize,
        style: Style,
    ) -> Result<Thought, String> {
        self.check_searchable()?;
        let stop = AtomicBool::new(false);
        let params = SearchParams {
            limits,
            threads,
            multipv: 1,
            move_overhead: 0,
            tt,
            stop: &stop,
            output: None,
            style,
        };
        let report = Self::run_search(&self.pos, &params, &self.tree);
        Ok(Thought {
            token: self.pos.format_move(report.best),
            score: report.score,
            nodes: report.nodes,
            pv: line_tokens(&self.pos, &report.pv),
        })
    }

    fn random_move(&self, seed: u64) -> Result<String, String> {
        use rand::{RngExt as _, SeedableRng as _};
        self.check_searchable()?;
        let tokens = self.pos.legal_tokens();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ self.pos.hash());
        Ok(tokens[rng.random_range(0..tokens.len())].clone())
    }

    fn set_tree_memory(&mut self, mib: usize) -> Result<(), String> {
        let mut tree = self.tree.lock().unwrap_or_else(|e| e.into_inner());
        if mib == 0 {
            *tree = None;
        } else if tree.as_ref().is_none_or(|t| t.mib() != mib) {
            *tree = None;
            *tree = Some(Tree::try_new(mib)?);
        }
        Ok(())
    }

    fn start_search(&self, job: SearchJob) -> Result<JoinHandle<()>, String> {
        self.check_searchable()?;
        let root = self.pos.clone();
        let tree = Arc::clone(&self.tree);
        Ok(std::thread::spawn(move || {
            let params = SearchParams {
                limits: &job.limits,
                threads: job.threads,
                multipv: job.multipv,
                move_overhead: job.move_overhead,
                tt: &job.tt,
                stop: &job.stop,
                output: Some(&job.output),
                style: job.style,
            };
            let report = Self::run_search(&root, &params, &tree);
            job.done.store(true, Relaxed);
            job.output
                .line(&format!("bestmove {}", root.format_move(report.best)));
            if let Some(tree) = tree.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                tree.make_room();
            }
        }))
    }
}
