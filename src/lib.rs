//! tabula: a game-playing engine for five abstract strategy games.
//!
//! `game` is the contract every game fulfils, `games` holds the games,
//! `search` the game-agnostic search core and `protocol` the UGI front end.

pub mod bench;
pub mod game;
pub mod games;
pub mod output;
pub mod protocol;
pub mod search;
pub mod selfplay;
pub mod variants;
