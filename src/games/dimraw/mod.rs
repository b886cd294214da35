//! Dimraw, the "Dimraw (Ludii 4)" ruleset: three nested squares, 12 pieces against 20, mills remove.
//!
//! Rules as implemented: `seeds/dimraw.md`.

pub mod board;
mod eval;
mod inputs;
pub mod moves;
pub mod position;
mod text;
mod view;

use crate::game::profile::Profile;
use crate::game::{BenchSpec, Profiled};
pub use moves::DmMove;
pub use position::Dimraw;

impl Profiled for Dimraw {
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 4),
            ("@0 @5 @1 @7 @2", 4),
            ("@12 @8 @1 @16 @14 @7 @0 @18 @17 x8 @13 @15 @4 @8 x4", 4),
            (
                "@10 @0 @15 @14 @18 @6 @12 x6 @17 @13 x0 @16 @11 x16 @16 @7 x17 @2 @9 @17 @8 x16 @3 @1 @16 @6 x16 @0 @4 x3 @3 15-16 @19 4-5 x14 @14 16-15 x19",
                4,
            ),
        ],
        start: "",
        perft_depth: 4,
        search_depth: 7,
        mcts_iterations: 500_000,
    };
}
