//! What the tools (the arena, the board) share about UGI engines: an engine process spoken to
//! line by line with deadlines, the `position` openings, and the arena's game-record line.

pub mod engine;
pub mod opening;
pub mod record;
