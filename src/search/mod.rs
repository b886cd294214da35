//! The game-agnostic search core: what both searches stand on ([`settings`], the clock in
//! [`limits`], the table in [`tt`], scores in [`score`]), iterative deepening alpha-beta
//! ([`alphabeta`]) and MCTS ([`mcts`]).

pub mod alphabeta;
mod helpers;
pub mod limits;
pub mod mcts;
pub mod memory;
pub mod padded;
pub mod reference;
pub mod report;
pub mod score;
pub mod settings;
pub mod solve;
pub mod tt;
mod zeroed;

pub use alphabeta::{fixed_depth_value, quiescence_value, search};
pub use limits::{SearchLimits, TimePlan};
pub use settings::{ManyPlayers, SearchParams, SearchReport, Style};
pub use tt::TranspositionTable;

/// The most noisy decisions in a row that quiescence search plays past the horizon.
pub const QUIESCENCE_PLIES: u32 = 8;
