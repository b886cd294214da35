//! The alpha-beta search must return the plain negamax value at fixed depth, with and without its table.

mod common;

use common::{random_walk, rng};
use rand::RngExt;
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::reference::{negamax, paranoid};
use tabula::search::{TranspositionTable, fixed_depth_value};

/// A sparse random position: each player has a few stacks, so depth 4 stays small.
fn sparse_position(seed: u64) -> TumblingDown {
    let mut rng = rng(seed);
    loop {
        let mut cells = vec![".".to_string(); 64];
        for _ in 0..rng.random_range(3..7) {
            let sq = rng.random_range(0..64);
            let height = rng.random_range(1..5);
            cells[sq] = (0..height)
                .map(|_| if rng.random_bool(0.5) { 'x' } else { 'o' })
                .collect();
        }
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|r| cells[r * 8..r * 8 + 8].join(","))
            .collect();
        let side = if rng.random_bool(0.5) { "p1" } else { "p2" };
        let text = format!("{} {side} {}", ranks.join("/"), rng.random_range(0..400));
        if let Ok(pos) = TumblingDown::from_text(&text, &GameConfig::default()) {
            return pos;
        }
    }
}

#[test]
fn sparse_positions_depths_1_to_4() {
    for seed in 0..60 {
        let pos = sparse_position(seed);
        for depth in 1..=4 {
            check_game(&pos, depth);
        }
    }
}

#[test]
fn played_positions_depths_1_to_2() {
    for seed in 0..20 {
        let mut pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
        random_walk(&mut pos, 10 + seed as usize * 3, &mut rng(seed));
        if pos.outcome().is_some() {
            continue;
        }
        for depth in 1..=2 {
            check_game(&pos, depth);
        }
    }
}

fn check_game<G: Game>(pos: &G, depth: u32) {
    let expected = negamax(&mut pos.clone(), depth);
    assert_eq!(
        fixed_depth_value(pos, depth, None),
        expected,
        "no TT, depth {depth}: {}",
        pos.to_text()
    );
    let tt = TranspositionTable::new(4);
    assert_eq!(
        fixed_depth_value(pos, depth, Some(&tt)),
        expected,
        "TT, depth {depth}: {}",
        pos.to_text()
    );
}

/// Dimraw positions from random play, half of them stopped where a removal is pending
/// (the same player decides twice in a row).
#[test]
fn dimraw_positions_with_removals_depths_1_to_4() {
    let mut with_removal = 0;
    for seed in 0..40 {
        let mut pos = Dimraw::startpos(&GameConfig::default()).unwrap();
        let mut rng = rng(seed);
        random_walk(&mut pos, 6 + seed as usize % 30, &mut rng);
        if seed % 2 == 0 {
            for _ in 0..60 {
                if pos.outcome().is_some() || pos.to_text().split(' ').nth(4) == Some("1") {
                    break;
                }
                random_walk(&mut pos, 1, &mut rng);
            }
        }
        if pos.outcome().is_some() {
            continue;
        }
        with_removal += (pos.to_text().split(' ').nth(4) == Some("1")) as u32;
        for depth in 1..=4 {
            check_game(&pos, depth);
        }
    }
    assert!(
        with_removal >= 10,
        "only {with_removal} positions with a removal pending"
    );
}

#[test]
fn splinter_positions_depths_1_to_3() {
    for seed in 0..12 {
        let mut pos = Splinter::startpos(&GameConfig::default()).unwrap();
        random_walk(&mut pos, 2 + seed as usize * 3, &mut rng(seed));
        if pos.outcome().is_some() {
            continue;
        }
        for depth in 1..=3 {
            check_game(&pos, depth);
        }
    }
}

#[test]
fn two_player_dwindle_positions_depths_1_to_4() {
    for seed in 0..20 {
        let config = GameConfig {
            players: 2,
            board: if seed % 2 == 0 { "dw9" } else { "dw7" }.to_string(),
        };
        let mut pos = Dwindle::startpos(&config).unwrap();
        random_walk(&mut pos, 2 + seed as usize % 9, &mut rng(seed));
        if pos.outcome().is_some() {
            continue;
        }
        for depth in 1..=4 {
            check_game(&pos, depth);
        }
    }
}

/// Games of 3 to 6 players are searched paranoidly: equal to the textbook paranoid search.
#[test]
fn many_player_dwindle_positions_match_paranoid_depths_1_to_4() {
    for seed in 0..24 {
        let config = GameConfig {
            players: 3 + seed as usize % 4,
            board: if seed % 2 == 0 { "dw9" } else { "dw7" }.to_string(),
        };
        let mut pos = Dwindle::startpos(&config).unwrap();
        random_walk(&mut pos, seed as usize % 7, &mut rng(seed));
        if pos.outcome().is_some() {
            continue;
        }
        for depth in 1..=4 {
            let expected = paranoid(&mut pos.clone(), depth);
            assert_eq!(
                fixed_depth_value(&pos, depth, None),
                expected,
                "no TT, depth {depth}: {}",
                pos.to_text()
            );
            let tt = TranspositionTable::new(4);
            assert_eq!(
                fixed_depth_value(&pos, depth, Some(&tt)),
                expected,
                "TT, depth {depth}: {}",
                pos.to_text()
            );
        }
    }
}

/// Chance plies: the alpha-beta core averages rolls like a plain expectimax.
#[test]
fn dwnsiwn_positions_with_rolls_match_expectimax() {
    let mut with_rolls_in_tree = 0;
    for seed in 0..16 {
        let mut pos = Dwnsiwn::startpos(&GameConfig::default()).unwrap();
        let mut rng = rng(seed);
        random_walk(&mut pos, 20 + seed as usize % 12, &mut rng);
        while pos.turn() == tabula::game::Turn::Chance {
            random_walk(&mut pos, 1, &mut rng);
        }
        if pos.outcome().is_some() {
            continue;
        }
        with_rolls_in_tree += pos.legal_tokens().iter().any(|t| t.starts_with('c')) as u32;
        for depth in 1..=3 {
            check_game(&pos, depth);
        }
    }
    assert!(
        with_rolls_in_tree >= 4,
        "only {with_rolls_in_tree} positions with a capture (and so rolls) in reach"
    );
}
