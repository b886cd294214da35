//! Property tests of the Tumbling Down position: hashing, text, make/unmake, legal lists.

mod common;

use std::collections::HashSet;

use proptest::prelude::*;
use tabula::game::{Game, GameConfig};
use tabula::games::tumbling_down::TumblingDown;

fn start() -> TumblingDown {
    TumblingDown::startpos(&GameConfig::default()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn walk_keeps_every_invariant(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = start();
        let mut moves = Vec::new();
        let mut played = Vec::new();
        for choice in choices {
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            let tokens: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
            let unique: HashSet<&String> = tokens.iter().collect();
            prop_assert_eq!(unique.len(), tokens.len(), "duplicate tokens");
            let before_text = pos.to_text();
            let before_hash = pos.hash();
            let mv = moves[choice as usize % moves.len()];
            pos.make(mv);
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            pos.unmake();
            prop_assert_eq!(pos.to_text(), before_text.clone());
            prop_assert_eq!(pos.hash(), before_hash);
            pos.make(mv);
            played.push(before_text);
            let text = pos.to_text();
            let reparsed = TumblingDown::from_text(&text, &GameConfig::default());
            if pos.outcome().is_none() {
                let reparsed = reparsed.expect("a running game's text parses");
                prop_assert_eq!(reparsed.to_text(), text);
                prop_assert_eq!(reparsed.hash(), pos.hash());
            }
        }
        while let Some(text) = played.pop() {
            pos.unmake();
            prop_assert_eq!(pos.to_text(), text);
        }
        prop_assert_eq!(pos.hash(), start().hash());
    }
}
