//! Tumbling Down (Michael Shuck, 2000): stacks that step and tumble; cover a king to win.
//!
//! Rules as implemented: `seeds/tumbling-down.md`.

pub mod board;
mod eval;
mod inputs;
mod movegen;
pub mod moves;
pub mod position;
mod text;
mod view;

use crate::game::profile::Profile;
use crate::game::{BenchSpec, Profiled};
pub use moves::TdMove;
pub use position::TumblingDown;

impl Profiled for TumblingDown {
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 0),
            ("b1a1t h8h7t a1b2t g6h5t", 0),
            ("b1a1t h8h7t a1b2t g6h5t b2a2t g8g7t c2d1t h5g6t", 0),
            (
                "b1a1 f6g6 c1d2 h4g4 a2b3t g6f6 c2d1t e7f7 b4c4 g5h5 d5e6 g8f7t b2b1t",
                0,
            ),
            ("b3b4 h7g8t c2d2 g7h7t e1f1 f8g8t c1b1 g8f7t b2b3 f6f5", 0),
        ],
        start: "",
        perft_depth: 2,
        search_depth: 4,
        mcts_iterations: 100_000,
    };
}
