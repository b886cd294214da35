//! The tools of the `tabula` command line beside the protocol: benchmarks, perft, selfplay,
//! training data, the search profile's listing, the solver and a network file's description.
//! They reach the games through the registry and write their lines through a callback; each
//! declares its own command-line arguments (`clap::Args`) and runs from them.

pub mod bench;
pub mod cli;
pub mod datagen;
pub mod net;
pub mod perft;
pub mod profile;
pub mod selfplay;
pub mod solve;
