//! Property tests of the Tumbling Down position: hashing, text, make/unmake, legal lists.

mod common;

use proptest::prelude::*;
use tabula::game::{Game, GameConfig};
use tabula::games::tumbling_down::TumblingDown;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn walks_keep_every_invariant(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        common::check_walk(&TumblingDown::startpos(&GameConfig::default()).unwrap(), &choices);
    }
}
