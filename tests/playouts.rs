//! Random playouts (for MCTS): every game's playout ends in a result and leaves the position as it was.

mod common;

use common::rng;
use tabula::game::{Game, GameConfig, Outcome};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;

fn playouts<G: Game>(config: &GameConfig, games: u64) -> Vec<Outcome> {
    let mut pos = G::startpos(config).unwrap();
    let (text, hash) = (pos.to_text(), pos.hash());
    (0..games)
        .map(|seed| {
            let outcome = pos.playout(&mut rng(seed));
            assert_eq!(
                (pos.to_text(), pos.hash()),
                (text.clone(), hash),
                "{} playout restores",
                G::NAME
            );
            outcome
        })
        .collect()
}

#[test]
fn every_game_plays_out_to_a_result() {
    let two = GameConfig::default();
    assert_eq!(playouts::<TumblingDown>(&two, 20).len(), 20);
    assert_eq!(playouts::<Splinter>(&two, 10).len(), 10);
    assert_eq!(playouts::<Dimraw>(&two, 20).len(), 20);
    assert_eq!(playouts::<Dwnsiwn>(&two, 20).len(), 20);
    let four = GameConfig {
        players: 4,
        board: "dw9".to_string(),
    };
    let results = playouts::<Dwindle>(&four, 40);
    assert!(
        results
            .iter()
            .any(|o| matches!(o, Outcome::Win(p) if *p > 1)),
        "p3 and p4 win sometimes"
    );
}

#[test]
fn playouts_with_the_same_seed_agree() {
    let two = GameConfig::default();
    assert_eq!(playouts::<Dwnsiwn>(&two, 5), playouts::<Dwnsiwn>(&two, 5));
}
