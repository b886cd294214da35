//! The solver must prove the result that plain minimax to the end of every line finds, name a
//! move that achieves it, and refuse what it cannot prove.

mod common;

use std::sync::atomic::AtomicBool;

use common::rng;
use rand::RngExt;
use tabula::game::{GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::search::reference::perfect_play;
use tabula::search::solve::solve;

fn dwindle(board: &str, players: usize) -> Dwindle {
    Dwindle::startpos(&GameConfig {
        players,
        board: board.to_string(),
    })
    .unwrap()
}

/// Whether the whole game tree below `pos` has at most `*budget` positions (spending it).
fn tree_within(pos: &mut Dwindle, budget: &mut u64) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves.into_iter().all(|mv| {
        pos.make(mv);
        let small = tree_within(pos, budget);
        pos.unmake();
        small
    })
}

/// The result for the player to move as 1, 0 or -1.
fn value_for_mover(pos: &Dwindle, result: Outcome) -> i8 {
    match (result, pos.turn()) {
        (Outcome::Win(winner), Turn::Player(side)) if winner == side => 1,
        (Outcome::Win(_), _) => -1,
        (Outcome::Draw, _) => 0,
    }
}

/// The first position along a random game from `board`'s start (drawing among the moves that
/// do not end it, while there are some) whose whole tree has at most `budget` positions.
fn small_position(board: &str, seed: u64, budget: u64) -> Option<Dwindle> {
    let mut pos = dwindle(board, 2);
    let mut rng = rng(seed);
    let mut moves = Vec::new();
    while pos.turn() != Turn::Over {
        if tree_within(&mut pos, &mut budget.clone()) {
            return Some(pos);
        }
        pos.generate(&mut moves);
        let going_on: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let mut after = pos.clone();
                after.make(mv);
                after.turn() != Turn::Over
            })
            .collect();
        let choices = if going_on.is_empty() {
            &moves
        } else {
            &going_on
        };
        pos.make(choices[rng.random_range(0..choices.len())]);
    }
    None
}

#[test]
fn dwindle_results_equal_plain_minimax_on_positions_along_random_games() {
    let stop = AtomicBool::new(false);
    let (mut checked, mut wins_for_mover, mut losses_for_mover) = (0, 0, 0);
    for seed in 0..120 {
        let board = if seed % 2 == 0 { "dw7" } else { "dw9" };
        let Some(pos) = small_position(board, seed, 100_000) else {
            continue;
        };
        let expected = perfect_play(&mut pos.clone());
        let solution = solve(&mut pos.clone(), u64::MAX, &stop).unwrap();
        let result = solution.result.expect("an unlimited solve proves");
        assert_eq!(value_for_mover(&pos, result), expected, "{}", pos.to_text());
        let best = solution.best.expect("a proven result has its move");
        let mut after = pos.clone();
        after.make(best);
        let achieved = match after.outcome() {
            Some(over) => value_for_mover(&pos, over),
            None => -perfect_play(&mut after),
        };
        assert_eq!(achieved, expected, "best move of {}", pos.to_text());
        checked += 1;
        wins_for_mover += (expected == 1) as u32;
        losses_for_mover += (expected == -1) as u32;
    }
    assert!(checked >= 100, "only {checked} positions were small enough");
    assert!(
        wins_for_mover >= 20 && losses_for_mover >= 8,
        "{wins_for_mover} wins, {losses_for_mover} losses"
    );
}

/// A random small board (3 or 4 cells each way, some empty) with the chit on one of its
/// tiles: few tiles, so that the last tile is often reached and draws are common.
fn small_board(seed: u64) -> Option<Dwindle> {
    let mut rng = rng(seed);
    let (width, height) = (rng.random_range(3..=4), rng.random_range(3..=4));
    let cells: Vec<Option<u8>> = (0..width * height)
        .map(|_| rng.random_bool(0.85).then(|| rng.random::<u8>()))
        .collect();
    let tiles: Vec<usize> = (0..cells.len()).filter(|&i| cells[i].is_some()).collect();
    let chit = *tiles.get(rng.random_range(0..tiles.len().max(1)))?;
    let ranks: Vec<String> = (0..height)
        .rev()
        .map(|rank| {
            (0..width)
                .map(|file| match cells[rank * width + file] {
                    Some(pips) => format!("{pips:02X}"),
                    None => "..".to_string(),
                })
                .collect()
        })
        .collect();
    let name = format!(
        "{}{}",
        (b'a' + (chit % width) as u8) as char,
        chit / width + 1
    );
    let text = format!("{} {name} 2 11 p{}", ranks.join("/"), 1 + seed % 2);
    let pos = Dwindle::from_text(&text, &GameConfig::default()).unwrap();
    (pos.turn() != Turn::Over).then_some(pos)
}

#[test]
fn small_boards_with_draws_equal_plain_minimax() {
    let stop = AtomicBool::new(false);
    let mut counts = [0; 3];
    for seed in 0..1500 {
        let Some(pos) = small_board(seed) else {
            continue;
        };
        let expected = perfect_play(&mut pos.clone());
        let solution = solve(&mut pos.clone(), u64::MAX, &stop).unwrap();
        let result = solution.result.expect("an unlimited solve proves");
        assert_eq!(value_for_mover(&pos, result), expected, "{}", pos.to_text());
        counts[(expected + 1) as usize] += 1;
    }
    assert!(
        counts.iter().all(|&n| n >= 150),
        "losses, draws, wins: {counts:?}"
    );
}

#[test]
fn dw7_start_is_won_at_once_by_the_dead_corner() {
    let solution = solve(&mut dwindle("dw7", 2), 1000, &AtomicBool::new(false)).unwrap();
    assert_eq!(solution.result, Some(Outcome::Win(0)));
    let pos = dwindle("dw7", 2);
    assert_eq!(
        solution.best.map(|mv| pos.format_move(mv)),
        Some("a7".to_string())
    );
}

#[test]
fn a_spent_budget_proves_nothing() {
    let solution = solve(&mut dwindle("dw9", 2), 1000, &AtomicBool::new(false)).unwrap();
    assert_eq!(
        (solution.result, solution.best, solution.nodes),
        (None, None, 1001)
    );
}

#[test]
fn more_players_chance_and_finished_games_are_refused() {
    let stop = AtomicBool::new(false);
    let three = solve(&mut dwindle("dw9", 3), 1000, &stop).unwrap_err();
    assert!(three.contains("two-player"), "{three}");
    let mut dice = Dwnsiwn::startpos(&GameConfig::default()).unwrap();
    let chance = solve(&mut dice, 1000, &stop).unwrap_err();
    assert!(chance.contains("chance"), "{chance}");
    let mut over = dwindle("dw7", 2);
    over.make(over.parse_move("a7").unwrap());
    let finished = solve(&mut over, 1000, &stop).unwrap_err();
    assert!(finished.contains("over"), "{finished}");
}
