//! `bench`: fixed positions of every game searched to a fixed depth on one thread.
//!
//! The node count is a signature of the search: it changes only when search or
//! move generation behaves differently.

use std::time::Instant;

use crate::output::Output;
use crate::protocol::new_session;
use crate::protocol::options::EngineOptions;
use crate::protocol::session::{PositionBase, Session};
use crate::search::{SearchLimits, Style, TranspositionTable};

/// The default depth of `bench`.
pub const DEFAULT_DEPTH: u32 = 5;
const BENCH_HASH_MIB: usize = 16;

/// Bench positions: a variant, its depth beyond the bench depth (games differ in branching),
/// and the tokens played from its start position.
const POSITIONS: &[(&str, i32, &str)] = &[
    ("tumbling-down", 0, ""),
    ("tumbling-down", 0, "b1a1t h8h7t a1b2t g6h5t"),
    (
        "tumbling-down",
        0,
        "b1a1t h8h7t a1b2t g6h5t b2a2t g8g7t c2d1t h5g6t",
    ),
    (
        "tumbling-down",
        0,
        "b1a1 f6g6 c1d2 h4g4 a2b3t g6f6 c2d1t e7f7 b4c4 g5h5 d5e6 g8f7t b2b1t",
    ),
    (
        "tumbling-down",
        0,
        "b3b4 h7g8t c2d2 g7h7t e1f1 f8g8t c1b1 g8f7t b2b3 f6f5",
    ),
    ("splinter", 0, ""),
    ("splinter", 0, "h7h8 f10e10 h8h9"),
    (
        "splinter",
        0,
        "h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10",
    ),
    (
        "splinter",
        0,
        "j7i7 j8i8 i7h7 i8h8 h7g7 h8g8 g7f7 g8f8 f7e7 f8e8",
    ),
    ("dwindle", 8, ""),
    ("dwindle", 8, "f6 d4"),
    (
        "dwnsiwn",
        -1,
        "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6",
    ),
    ("dimraw", 4, ""),
    ("dimraw", 4, "@0 @5 @1 @7 @2"),
    (
        "dimraw",
        4,
        "@12 @8 @1 @16 @14 @7 @0 @18 @17 x8 @13 @15 @4 @8 x4",
    ),
    (
        "dimraw",
        4,
        "@10 @0 @15 @14 @18 @6 @12 x6 @17 @13 x0 @16 @11 x16 @16 @7 x17 @2 @9 @17 @8 x16 @3 @1 @16 @6 x16 @0 @4 x3 @3 15-16 @19 4-5 x14 @14 16-15 x19",
    ),
];

/// MCTS bench positions: a variant, its iterations, and the tokens played from its start.
const MCTS_POSITIONS: &[(&str, u64, &str)] = &[
    ("tumbling-down", 100_000, ""),
    ("splinter", 20_000, ""),
    ("dimraw", 500_000, ""),
    ("dwindle", 500_000, ""),
    ("dwnsiwn", 100_000, POSITIONS[11].2),
];
/// The MCTS bench's tree size: large enough that no bench tree fills.
const MCTS_BENCH_HASH_MIB: usize = 512;

/// Runs the MCTS bench with `options` (their `Playout`, `Threads`, `Seed`, ...): one line per
/// game with its iterations (playouts) per second, and the total line last.
pub fn run_mcts(options: &EngineOptions, output: &Output) {
    let tt = TranspositionTable::new(1);
    let (mut total, mut seconds) = (0, 0.0);
    for &(variant, iterations, tokens) in MCTS_POSITIONS {
        let options = EngineOptions {
            variant: variant.to_string(),
            search: "mcts".to_string(),
            hash_mib: MCTS_BENCH_HASH_MIB,
            ..options.clone()
        };
        let session = bench_session(&options, tokens);
        let limits = SearchLimits {
            nodes: Some(iterations),
            ..Default::default()
        };
        let start = Instant::now();
        let thought = session
            .think(&limits, &tt, options.threads, options.style())
            .expect("bench positions are running games");
        let elapsed = start.elapsed().as_secs_f64().max(1e-9);
        (total, seconds) = (total + thought.nodes, seconds + elapsed);
        output.line(&format!(
            "info string mcts bench {variant} playouts {} playouts/s {} bestmove {} score {}",
            thought.nodes,
            (thought.nodes as f64 / elapsed) as u64,
            thought.token,
            crate::search::score::format_score(thought.score)
        ));
    }
    output.line(&format!(
        "{total} playouts {} playouts/s",
        (total as f64 / seconds) as u64
    ));
}

/// A session of `options`' game at the position `tokens` reach from its start.
fn bench_session(options: &EngineOptions, tokens: &str) -> Box<dyn Session> {
    let mut session = new_session(options).expect("bench variants exist");
    let moves: Vec<&str> = tokens.split_whitespace().collect();
    session
        .set_position(PositionBase::Start, &moves)
        .expect("bench positions are legal");
    session
}

/// Totals of a bench run.
pub struct BenchTotals {
    /// Positions visited over all bench positions.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
}

/// Runs the bench, writing one line per position and the total line last.
pub fn run(depth: Option<u32>, output: &Output) -> BenchTotals {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let tt = TranspositionTable::new(BENCH_HASH_MIB);
    let start = Instant::now();
    let mut nodes = 0;
    for (i, &(variant, extra_depth, tokens)) in POSITIONS.iter().enumerate() {
        let limits = SearchLimits {
            depth: Some(depth.saturating_add_signed(extra_depth).max(1)),
            ..Default::default()
        };
        let options = EngineOptions {
            variant: variant.to_string(),
            ..EngineOptions::default()
        };
        let session = bench_session(&options, tokens);
        tt.clear();
        let position_start = Instant::now();
        let thought = session
            .think(&limits, &tt, 1, Style::default())
            .expect("bench positions are running games");
        nodes += thought.nodes;
        output.line(&format!(
            "info string bench {} {variant} depth {} nodes {} nps {} bestmove {}",
            i + 1,
            depth.saturating_add_signed(extra_depth).max(1),
            thought.nodes,
            (thought.nodes as f64 / position_start.elapsed().as_secs_f64().max(1e-9)) as u64,
            thought.token
        ));
    }
    let nps = (nodes as f64 / start.elapsed().as_secs_f64().max(1e-9)) as u64;
    output.line(&format!("{nodes} nodes {nps} nps"));
    BenchTotals { nodes, nps }
}
