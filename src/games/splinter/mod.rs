//! Splinter (Ed Nadel, four-type version): push lines of pieces, keep the largest group, knock out types.
//!
//! Rules as implemented: `seeds/splinter.md`.

pub mod board;
mod eval;
mod flood;
mod groups;
mod inputs;
mod movegen;
pub mod moves;
pub mod position;
mod square;
mod text;
mod view;

use crate::game::profile::Profile;
use crate::game::{BenchSpec, Profiled};
pub use moves::SpMove;
pub use position::START;
pub use position::Splinter;

impl Profiled for Splinter {
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 0),
            ("h7h8 f10e10 h8h9", 0),
            (
                "h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10",
                0,
            ),
            ("j7i7 j8i8 i7h7 i8h8 h7g7 h8g8 g7f7 g8f8 f7e7 f8e8", 0),
        ],
        start: "",
        perft_depth: 2,
        search_depth: 3,
        mcts_iterations: 20_000,
    };
}
