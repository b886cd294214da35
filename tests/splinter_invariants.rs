//! Property tests of the Splinter position: hashing, text, make/unmake, legal lists.

mod common;

use proptest::prelude::*;
use tabula::game::{Game, GameConfig};
use tabula::games::splinter::Splinter;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn walks_keep_every_invariant(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        common::check_walk(&Splinter::startpos(&GameConfig::default()).unwrap(), &choices);
    }
}
