//! The games, one folder each.

pub mod dimraw;
pub mod tumbling_down;
