//! Property tests of the Dimraw position: hashing, text, make/unmake, legal lists.

mod common;

use proptest::prelude::*;
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn walks_keep_every_invariant(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        common::check_walk(&Dimraw::startpos(&GameConfig::default()).unwrap(), &choices);
    }
}
