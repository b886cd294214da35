//! The alpha-beta search must return the plain negamax value at fixed depth, with and without its table.

mod common;

use common::dice_race::DiceRace;
use common::{random_walk, rng};
use rand::RngExt;
use tabula::game::{Game, GameConfig, Notation, Rules, Turn};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::reference::{
    best_reply, max_n, negamax, negamax_quiescent, negamax_quiescent_extended, paranoid,
};
use tabula::search::{ManyPlayers, Style, TranspositionTable, fixed_depth_value, quiescence_value};

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
fn tumbling_down_quiescence_matches_the_textbook_quiescent_search_depths_1_to_3() {
    let changed = values_changed((0..60).map(sparse_position), 3, check_quiescent);
    assert!(changed >= 10, "quiescence changed only {changed} values");
}

#[test]
fn tumbling_down_extensions_match_the_textbook_search_that_extends_threats_depths_1_to_2() {
    let changed = values_changed((0..60).map(sparse_position), 2, check_extended);
    assert!(changed >= 10, "extensions changed only {changed} values");
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
    check_style(pos, depth, Style::plain::<G>(), expected);
    if depth <= 3 {
        // Root moves are never reduced, and nodes with fewer than 3 plies left reduce
        // nothing: reduced searches to 3 plies still take every probe's path and stay exact.
        let reduced = Style::plain::<G>().with(|p| p.late_move_reductions = true);
        check_style(pos, depth, reduced, expected);
    }
}

/// The search in `style` to `depth` gives `expected`, with and without a table.
fn check_style<G: Game>(pos: &G, depth: u32, style: Style, expected: i32) {
    assert_eq!(
        fixed_depth_value(pos, depth, None, style),
        expected,
        "no TT, {style:?}, depth {depth}: {}",
        pos.to_text()
    );
    let tt = TranspositionTable::new(4);
    assert_eq!(
        fixed_depth_value(pos, depth, Some(&tt), style),
        expected,
        "TT, {style:?}, depth {depth}: {}",
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

/// With quiescence search, alpha-beta (with and without late-move reductions, which leave
/// searches to 3 plies exact) equals the textbook negamax whose horizon plays on with the
/// noisy decisions, with and without its table; returns whether that horizon changed the value.
fn check_quiescent<G: Game>(pos: &G, depth: u32) -> bool {
    let expected = negamax_quiescent(&mut pos.clone(), depth);
    for reductions in [false, true] {
        let style = Style::plain::<G>().with(|p| {
            p.quiescence = true;
            p.late_move_reductions = reductions;
        });
        check_style(pos, depth, style, expected);
    }
    expected != negamax(&mut pos.clone(), depth)
}

/// With quiescence search, no ply counted for a removal and a ply added for a threat to
/// answer, alpha-beta equals the textbook quiescent negamax that counts depth the same way;
/// returns whether the extensions changed the value. With late-move reductions too to 2
/// plies: an extended move at the root keeps the root's depth, so from 3 plies on a node
/// below the root may reduce.
fn check_extended<G: Game>(pos: &G, depth: u32) -> bool {
    let expected = negamax_quiescent_extended(&mut pos.clone(), depth);
    for reductions in [false, true].into_iter().filter(|&r| !r || depth <= 2) {
        let style = Style::plain::<G>().with(|p| {
            p.quiescence = true;
            p.extensions = true;
            p.late_move_reductions = reductions;
        });
        check_style(pos, depth, style, expected);
    }
    expected != negamax_quiescent(&mut pos.clone(), depth)
}

/// How many of `check`'s values, over `positions` at depths 1 to `deepest`, it reports
/// changed.
fn values_changed<G: Game>(
    positions: impl Iterator<Item = G>,
    deepest: u32,
    check: fn(&G, u32) -> bool,
) -> u32 {
    positions
        .map(|pos| (1..=deepest).filter(|&depth| check(&pos, depth)).count() as u32)
        .sum()
}

/// Running Dimraw positions 8 to 32 random plies in, one walk per seed.
fn dimraw_positions(seeds: std::ops::Range<u64>) -> impl Iterator<Item = Dimraw> {
    seeds.filter_map(|seed| {
        let mut pos = Dimraw::startpos(&GameConfig::default()).unwrap();
        random_walk(&mut pos, 8 + seed as usize % 25, &mut rng(seed));
        pos.outcome().is_none().then_some(pos)
    })
}

#[test]
fn dimraw_extensions_match_the_textbook_search_that_counts_no_ply_for_a_removal() {
    let changed = values_changed(dimraw_positions(200..230), 3, check_extended);
    assert!(changed >= 10, "the free ply changed only {changed} values");
}

#[test]
fn dimraw_quiescence_matches_the_textbook_quiescent_search_depths_1_to_3() {
    let changed = values_changed(dimraw_positions(100..130), 3, check_quiescent);
    assert!(changed >= 10, "quiescence changed only {changed} values");
}

/// The engine's quiescence search alone (`quiescence_value`) equals the textbook quiescent
/// negamax at depth 0; returns whether it moved off the static value.
fn check_quiescence_alone<G: Game>(pos: &G) -> bool {
    let Turn::Player(mover) = pos.turn() else {
        return false;
    };
    let expected = negamax_quiescent(&mut pos.clone(), 0);
    assert_eq!(quiescence_value(pos), expected, "{}", pos.to_text());
    expected != pos.evaluate(mover)
}

#[test]
fn the_quiescence_search_alone_matches_the_textbook_one_at_depth_0() {
    let tumbling = (0..60).map(sparse_position);
    let changed = tumbling.filter(check_quiescence_alone).count();
    assert!(changed >= 5, "Tumbling Down: only {changed} values moved");
    let changed = dimraw_positions(100..160)
        .filter(check_quiescence_alone)
        .count();
    assert!(changed >= 5, "Dimraw: only {changed} values moved");
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

/// Random Dwindle positions of 3 to 6 players on both boards.
fn many_player_positions() -> Vec<Dwindle> {
    (0..24)
        .filter_map(|seed| {
            let config = GameConfig {
                players: 3 + seed as usize % 4,
                board: if seed % 2 == 0 { "dw9" } else { "dw7" }.to_string(),
            };
            let mut pos = Dwindle::startpos(&config).unwrap();
            random_walk(&mut pos, seed as usize % 7, &mut rng(seed));
            pos.outcome().is_none().then_some(pos)
        })
        .collect()
}

/// Games of 3 to 6 players are searched paranoidly: equal to the textbook paranoid search.
#[test]
fn many_player_dwindle_positions_match_paranoid_depths_1_to_4() {
    for pos in many_player_positions() {
        for depth in 1..=4 {
            let expected = paranoid(&mut pos.clone(), depth);
            check_style(&pos, depth, Style::default(), expected);
        }
    }
}

/// Best-reply search equals the textbook best-reply search.
#[test]
fn many_player_dwindle_positions_match_best_reply_depths_1_to_4() {
    let style = Style {
        many_players: ManyPlayers::BestReply,
        ..Style::default()
    };
    for pos in many_player_positions() {
        for depth in 1..=4 {
            let expected = best_reply(&mut pos.clone(), depth);
            check_style(&pos, depth, style, expected);
        }
    }
}

/// Max^n gives the root player the value the textbook max^n gives him.
#[test]
fn many_player_dwindle_positions_match_max_n_depths_1_to_3() {
    let style = Style {
        many_players: ManyPlayers::MaxN,
        ..Style::default()
    };
    for pos in many_player_positions() {
        let Turn::Player(root) = pos.turn() else {
            unreachable!("running games have a mover")
        };
        for depth in 1..=3 {
            let expected = max_n(&mut pos.clone(), depth)[root as usize];
            check_style(&pos, depth, style, expected);
        }
    }
}

/// A Dwnsiwn position after `plies` random tokens and the rolls they leave pending, if the
/// game still runs there.
fn dwnsiwn_after(seed: u64, plies: usize) -> Option<Dwnsiwn> {
    let mut pos = Dwnsiwn::startpos(&GameConfig::default()).unwrap();
    let mut rng = rng(seed);
    random_walk(&mut pos, plies, &mut rng);
    while pos.turn() == Turn::Chance {
        random_walk(&mut pos, 1, &mut rng);
    }
    pos.outcome().is_none().then_some(pos)
}

fn has_capture(pos: &Dwnsiwn) -> bool {
    pos.legal_tokens().iter().any(|t| t.starts_with('c'))
}

/// Star1 alone, and with Star2 probing, give the plain expectimax value at `depth`.
fn check_chance<G: Game>(pos: &G, depth: u32) {
    let expected = negamax(&mut pos.clone(), depth);
    for chance_probe in [false, true] {
        let style = Style {
            chance_probe,
            ..Style::default()
        };
        check_style(pos, depth, style, expected);
    }
}

/// Chance plies: the alpha-beta core (Star1, and Star1 with Star2 probing) gives the
/// plain expectimax value.
#[test]
fn dwnsiwn_positions_with_rolls_match_expectimax() {
    let positions: Vec<Dwnsiwn> = (0..24)
        .filter_map(|seed| dwnsiwn_after(seed, 20 + seed as usize % 20))
        .collect();
    let with_rolls_in_tree = positions.iter().filter(|p| has_capture(p)).count();
    assert!(
        with_rolls_in_tree >= 6,
        "only {with_rolls_in_tree} positions with a capture (and so rolls) in reach"
    );
    for pos in &positions {
        for depth in 1..=4 {
            check_chance(pos, depth);
        }
    }
}

/// Star2 probes only where a roll is followed by a player's move with two plies left, so
/// late positions (few dice left) with a capture in reach are searched to depth 5.
#[test]
fn late_dwnsiwn_positions_match_expectimax_at_depth_5() {
    let positions: Vec<Dwnsiwn> = (0..40)
        .filter_map(|seed| dwnsiwn_after(seed, 34 + seed as usize % 8))
        .filter(has_capture)
        .collect();
    assert!(
        positions.len() >= 6,
        "only {} positions with a capture in reach",
        positions.len()
    );
    for pos in &positions {
        check_chance(pos, 5);
    }
}

/// A toy race where every step is followed by a weighted roll, and the roller sometimes
/// moves again: Star1 and Star2 meet outcomes of both sides, deep enough to probe.
#[test]
fn dice_race_positions_match_expectimax_depths_1_to_7() {
    for seed in 0..300u64 {
        let mut r = rng(seed);
        let squares = [
            r.random_range(20..common::dice_race::GOAL),
            r.random_range(20..common::dice_race::GOAL),
        ];
        let pos = DiceRace::at(squares, r.random_range(0..2));
        for depth in 1..=7 {
            check_chance(&pos, depth);
        }
    }
}
