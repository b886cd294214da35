//! The tools of the `tabula` command line beside the protocol: benchmarks, perft, selfplay,
//! training data and the search profile's listing.
//! They reach the games through the registry and write their lines through a callback.

pub mod bench;
pub mod datagen;
pub mod perft;
pub mod profile;
pub mod selfplay;
