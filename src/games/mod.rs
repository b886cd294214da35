//! The games, one folder each.

pub mod tumbling_down;
