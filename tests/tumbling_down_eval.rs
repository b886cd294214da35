//! The Tumbling Down evaluation: symmetric, and it sees threats to kings.

mod common;

use common::{after, random_walk, rng};
use tabula::game::{Evaluation, GameConfig, Notation, Rules};
use tabula::games::tumbling_down::TumblingDown;

#[test]
fn the_two_views_are_opposite() {
    for seed in 0..50 {
        let mut pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
        random_walk(&mut pos, seed as usize * 2, &mut rng(seed));
        assert_eq!(pos.evaluate(0), -pos.evaluate(1), "{}", pos.to_text());
    }
}

#[test]
fn a_threat_on_a_king_is_seen_and_valued() {
    let threatened = after::<TumblingDown>("a2a1t d8e8");
    assert!(threatened.king_threats(0) >= 1, "a1b2t reaches h8");
    let quiet = after::<TumblingDown>("a2a1 d8e8");
    assert_eq!(quiet.king_threats(0), 0);
    assert!(threatened.evaluate(0) > quiet.evaluate(0) + 200);
}

#[test]
fn the_start_position_is_balanced_but_for_the_tempo() {
    let pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let tempo = TumblingDown::EVAL_WEIGHTS[TumblingDown::EVAL_TERMS
        .iter()
        .position(|&t| t == "tempo")
        .unwrap()];
    assert_ne!(tempo, 0);
    assert_eq!(
        pos.evaluate(0),
        tempo,
        "mirror-image sides: only the tempo of the side to move remains"
    );
}
