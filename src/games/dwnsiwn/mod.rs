//! Dwnsiwn: two players build a 20-die pyramid; captures re-roll dice (chance plies).
//!
//! Rules as implemented: `seeds/dwnsiwn.md`.

mod eval;
mod inputs;
mod keys;
mod movegen;
pub mod moves;
pub mod position;
pub mod pyramid;
mod text;
mod view;

use crate::game::profile::Profile;
use crate::game::{BenchSpec, Profiled};
pub use moves::DnMove;
pub use position::Dwnsiwn;

/// The twenty opening rolls that reach the rulebook's position TV (where the benchmarks start).
const OPENING_ROLLS: &str = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";

impl Profiled for Dwnsiwn {
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[(OPENING_ROLLS, -1)],
        start: OPENING_ROLLS,
        perft_depth: 3,
        search_depth: 3,
        mcts_iterations: 100_000,
    };
}
