//! tabula: a game-playing engine for abstract strategy games (those `src/games/mod.rs`
//! registers).
//!
//! `game` is the contract every game fulfils and `games` holds the games with the list that
//! registers them; `search` is the game-agnostic search core and `profile` the choices and
//! numbers each game gives it; `registry` finds a game by name and plays it with its search
//! behind object-safe handles; `net` holds the learned evaluations (network files, their
//! integer forward pass, and the choice between a net and a game's own evaluation);
//! `options` holds the engine's options, by which the protocol and the tools set a search up;
//! `protocol` is the UGI front end, `commands` the command-line tools beside it, `display` the
//! text both of them write, and `sync` the one way the crate locks shared state.

pub mod commands;
pub mod datagen;
pub mod display;
pub mod game;
pub mod games;
pub mod net;
pub mod options;
pub mod protocol;
pub mod registry;
pub mod search;
pub mod shard;
pub mod sync;
