//! Random playouts (for MCTS): every game's playout ends in a result and leaves the position as it was.

mod common;

use common::rng;
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::mcts::playout::{Rewards, WIN, playout};

fn playouts<G: Game>(config: &GameConfig, games: u64) -> Vec<Rewards> {
    let mut pos = G::startpos(config).unwrap();
    let (text, hash) = (pos.to_text(), pos.hash());
    (0..games)
        .map(|seed| {
            let rewards = playout(&mut pos, 0, &mut rng(seed), &mut Vec::new());
            assert_eq!(
                (pos.to_text(), pos.hash()),
                (text.clone(), hash),
                "{} playout restores",
                G::NAME
            );
            rewards
        })
        .collect()
}

#[test]
fn every_game_plays_out_to_a_result() {
    let two = GameConfig::default();
    let results = [
        playouts::<TumblingDown>(&two, 20),
        playouts::<Splinter>(&two, 10),
        playouts::<Dimraw>(&two, 20),
        playouts::<Dwnsiwn>(&two, 20),
    ];
    for rewards in results.iter().flatten() {
        assert_eq!(rewards[0] + rewards[1], WIN, "a win, a loss or a draw");
    }
    let four = GameConfig {
        players: 4,
        board: "dw9".to_string(),
    };
    let results = playouts::<Dwindle>(&four, 40);
    assert!(
        results.iter().any(|r| r[2] == WIN || r[3] == WIN),
        "p3 and p4 win sometimes"
    );
}

#[test]
fn playouts_with_the_same_seed_agree() {
    let two = GameConfig::default();
    assert_eq!(playouts::<Dwnsiwn>(&two, 5), playouts::<Dwnsiwn>(&two, 5));
}
