//! Dwindle: 2 to 6 players send one chit along tile pips; tiles vanish; the last player in wins.
//!
//! Rules as implemented: `seeds/dwindle.md`.

pub mod board;
mod eval;
mod inputs;
pub mod position;
mod text;
mod view;

use crate::game::profile::Profile;
use crate::game::{BenchSpec, Profiled};
pub use position::{DwMove, Dwindle};

impl Profiled for Dwindle {
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[("", 8), ("f6 d4", 8)],
        start: "",
        perft_depth: 5,
        search_depth: 7,
        mcts_iterations: 500_000,
    };
}
