//! The games, one folder each, and the list that registers them. A game is its folder, its
//! `pub mod` line and one line in [`register!`]'s call below, from which the variant names,
//! the run-time dispatch and every "for each game" loop of the tools, benches and tests are
//! made. (The `pub mod` lines stay outside the macro: rustfmt does not see modules declared
//! inside one.)

pub mod dimraw;
pub mod dwindle;
pub mod dwnsiwn;
pub mod splinter;
pub mod tumbling_down;

/// Generates [`visit_all`] from the list of games.
macro_rules! register {
    ($($game:path),* $(,)?) => {
        /// Runs `visitor` on every game, in `UCI_Variant` order: the registry collects its
        /// entries so, and benches and tests run generic code on every game.
        pub fn visit_all(visitor: &mut impl crate::game::GameVisitor) {
            $(visitor.visit::<$game>();)*
        }
    };
}

register! {
    tumbling_down::TumblingDown,
    splinter::Splinter,
    dimraw::Dimraw,
    dwindle::Dwindle,
    dwnsiwn::Dwnsiwn,
}
