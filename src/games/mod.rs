//! The games, one folder each.

pub mod dimraw;
pub mod dwindle;
pub mod dwnsiwn;
pub mod splinter;
pub mod tumbling_down;
