//! `bench`: every game's bench positions searched to a fixed depth (on one thread unless told);
//! `bench-mcts`: MCTS playouts per second from every game's bench start; and
//! `bench-playouts`: uniform random games from the start per second, with no tree.
//!
//! The `bench` node count on one thread is a signature of the search: it changes only when
//! search or move generation behaves differently. On more threads the count varies
//! from run to run, and the time each position takes to reach the depth is the measure.

use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::time::Instant;

use clap::builder::PossibleValuesParser;

use super::cli::{Context, seconds, threads};
use crate::display::score_text;
use crate::game::GameConfig;
use crate::options::EngineOptions;
use crate::options::choices::{Choice, PlayoutKind, SearchKind};
use crate::registry::session::Session;
use crate::registry::{Entry, Registry};
use crate::search::{SearchLimits, Style, TranspositionTable};

/// The default depth of `bench`.
pub const DEFAULT_DEPTH: u32 = 5;
/// The deepest `bench` accepted: deeper ones would run for days.
pub const MAX_DEPTH: u32 = 20;
const BENCH_HASH_MIB: usize = 16;
/// The MCTS bench's tree size: large enough that no bench tree fills.
const MCTS_BENCH_HASH_MIB: usize = 512;

/// `tabula bench`'s arguments.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    depth: u32,
    /// Search threads (more than one: the node count is no signature; each position's time to the depth is the measure).
    #[arg(long, default_value_t = 1, value_parser = threads)]
    threads: usize,
}

impl BenchArgs {
    /// Runs the bench (see [`run`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        let flags = (&AtomicBool::new(false), &AtomicBool::new(false));
        let (registry, game) = (context.registry, context.game);
        run(
            registry,
            game,
            Some(self.depth),
            self.threads,
            flags,
            context.emit,
        )
    }
}

/// `tabula bench-mcts`'s arguments.
#[derive(clap::Args)]
pub struct MctsBenchArgs {
    /// How leaves are scored: auto (each game's choice), random, cutoff or eval.
    #[arg(long, default_value = "auto", value_parser = PossibleValuesParser::new(PlayoutKind::words()))]
    playout: String,
    /// Random plies before the evaluation with `--playout cutoff`.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    plies: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = threads)]
    threads: usize,
}

impl MctsBenchArgs {
    /// Runs the MCTS bench (see [`run_mcts`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        let options = EngineOptions {
            search: SearchKind::Mcts,
            playout: PlayoutKind::from_word(&self.playout).expect("clap checked the word"),
            playout_plies: self.plies,
            ..EngineOptions::defaults(context.registry)
        };
        let style_for = |entry: &Entry| options.style(entry);
        let (registry, game) = (context.registry, context.game);
        run_mcts(registry, game, self.threads, &style_for, context.emit)
    }
}

/// `tabula bench-playouts`'s arguments.
#[derive(clap::Args)]
pub struct PlayoutBenchArgs {
    /// Seconds per game.
    #[arg(long, default_value_t = 2.0, value_parser = seconds)]
    seconds: f64,
}

impl PlayoutBenchArgs {
    /// Runs the playout bench (see [`run_playouts`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        let time = std::time::Duration::from_secs_f64(self.seconds);
        run_playouts(context.registry, context.game, time, context.emit)
    }
}

/// A session of `entry`'s game at the position `tokens` reach from its default start.
fn bench_session(entry: &Entry, tokens: &str) -> Box<dyn Session> {
    let mut session = entry
        .session(GameConfig::default())
        .expect("bench games take the default settings");
    let moves: Vec<&str> = tokens.split_whitespace().collect();
    session
        .rules_mut()
        .set_position(None, &moves)
        .expect("bench positions are legal");
    session
}

/// The games a bench runs: `game` alone, or every game of `registry`.
fn selected<'r>(registry: &'r Registry, game: Option<&str>) -> Result<Vec<&'r Entry>, String> {
    match game {
        Some(name) => Ok(vec![registry.find(name)?]),
        None => Ok(registry.entries().iter().collect()),
    }
}

/// Runs the MCTS bench on every game of `registry` (or on `game` alone), each with the
/// style `style_for` gives it, on `threads` threads: one line per game with its iterations
/// (playouts) per second, and the total line last.
pub fn run_mcts(
    registry: &Registry,
    game: Option<&str>,
    threads: usize,
    style_for: &dyn Fn(&Entry) -> Style,
    emit: &dyn Fn(&str),
) -> Result<(), String> {
    let tt = TranspositionTable::new(1);
    let (mut total, mut seconds) = (0, 0.0);
    for entry in selected(registry, game)? {
        let mut session = bench_session(entry, entry.bench.start);
        session
            .set_tree_memory(MCTS_BENCH_HASH_MIB)
            .expect("memory for the bench tree");
        session.warm_up_tree(None);
        let limits = SearchLimits {
            nodes: Some(entry.bench.mcts_iterations),
            ..Default::default()
        };
        let start = Instant::now();
        let thought = session
            .think(
                &limits,
                &tt,
                threads,
                style_for(entry),
                &AtomicBool::new(false),
            )
            .expect("bench positions are running games");
        let elapsed = start.elapsed().as_secs_f64().max(1e-9);
        (total, seconds) = (total + thought.nodes, seconds + elapsed);
        emit(&format!(
            "info string mcts bench {} playouts {} playouts/s {} bestmove {} score {}",
            entry.name,
            thought.nodes,
            (thought.nodes as f64 / elapsed) as u64,
            thought.token,
            score_text(thought.score)
        ));
    }
    emit(&format!(
        "{total} playouts {} playouts/s",
        (total as f64 / seconds) as u64
    ));
    Ok(())
}

/// Plays uniform random games from the start position of every game of `registry` (or of
/// `game` alone) for `budget` each on one thread: one line per game with its playouts and
/// decisions per second.
pub fn run_playouts(
    registry: &Registry,
    game: Option<&str>,
    budget: std::time::Duration,
    emit: &dyn Fn(&str),
) -> Result<(), String> {
    for entry in selected(registry, game)? {
        let run = entry.random_playouts(&GameConfig::default(), budget, 1)?;
        let seconds = run.seconds.max(1e-9);
        emit(&format!(
            "{} playouts {} decisions {} seconds {:.2} playouts/s {} decisions/s {}",
            entry.name,
            run.playouts,
            run.decisions,
            run.seconds,
            (run.playouts as f64 / seconds) as u64,
            (run.decisions as f64 / seconds) as u64
        ));
    }
    Ok(())
}

/// Runs the bench on every game of `registry` (or on `game` alone) on `threads` threads, writing
/// one line per position (with its time to the depth) and the total line last. The signature is
/// the total over every game on one thread.
///
/// The searches run under `stop`, which each search also raises when it ends. `cancel` ends the
/// bench with a line that says so instead of the total; whoever raises it must raise `stop` after
/// it, so that a search under way ends too.
pub fn run(
    registry: &Registry,
    game: Option<&str>,
    depth: Option<u32>,
    threads: usize,
    (stop, cancel): (&AtomicBool, &AtomicBool),
    emit: &dyn Fn(&str),
) -> Result<(), String> {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let tt = TranspositionTable::new(BENCH_HASH_MIB);
    // The engine's default options: each game's own choices (`Reductions auto`).
    let options = EngineOptions::defaults(registry);
    let start = Instant::now();
    let mut nodes = 0;
    let positions = selected(registry, game)?
        .into_iter()
        .flat_map(|entry| entry.bench.positions.iter().map(move |p| (entry, p)));
    for (i, (entry, &(tokens, extra_depth))) in positions.enumerate() {
        let depth = depth.saturating_add_signed(extra_depth).max(1);
        let limits = SearchLimits {
            depth: Some(depth),
            ..Default::default()
        };
        let session = bench_session(entry, tokens);
        tt.clear();
        let position_start = Instant::now();
        let stopped = || emit(&format!("info string bench stopped after {i} positions"));
        stop.store(false, SeqCst);
        if cancel.load(SeqCst) {
            stopped();
            return Ok(());
        }
        let thought = session
            .think(&limits, &tt, threads, options.style(entry), stop)
            .expect("bench positions are running games");
        if cancel.load(SeqCst) {
            stopped();
            return Ok(());
        }
        nodes += thought.nodes;
        let seconds = position_start.elapsed().as_secs_f64();
        emit(&format!(
            "info string bench {} {} depth {depth} nodes {} nps {} time {} bestmove {}",
            i + 1,
            entry.name,
            thought.nodes,
            (thought.nodes as f64 / seconds.max(1e-9)) as u64,
            (seconds * 1000.0).round() as u64,
            thought.token
        ));
    }
    let nps = (nodes as f64 / start.elapsed().as_secs_f64().max(1e-9)) as u64;
    emit(&format!("{nodes} nodes {nps} nps"));
    Ok(())
}
