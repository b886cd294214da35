//! What the tools (the arena, the board) share about UGI engines: time control, an engine process spoken to
//! line by line with deadlines, the watcher that ends engines when a tool dies, the options it declares, the `position` openings, the arena's game-record line, and
//! games as PGN-like export text.

pub mod clock;
pub mod declared;
pub mod engine;
pub mod export;
pub mod opening;
pub mod record;
pub mod watcher;
