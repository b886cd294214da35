//! One conformance suite, run against every game of the registry and against the tests' toy
//! dice race (registered the same way): the contract of [`Game`] that any rules must keep.
//!
//! For every player count and named board a game takes, random walks check at every step:
//! the legal list is empty exactly when the game is over and holds no duplicate token, and its
//! noisy decisions, in its order, are those among `noisy_candidates`; every
//! token passes the syntax check and parses back to its move; chance weights are positive;
//! `random_move` draws exactly what its documented procedure draws; the game's drawing for
//! boards is consistent with its position and legal decisions; make keeps the
//! incremental hash equal to the recomputed one; unmake restores text and hash (after a
//! turn handed over for the search, too); and the
//! position text round-trips, keeping the turn, the result and the hash. Random playouts end
//! in a result and leave the position as it was. Alpha-beta at depths 1 and 2 agrees with
//! the plain reference search (negamax/expectimax, or paranoid for more players).

mod common;

use std::collections::HashSet;

use common::dice_race::DiceRace;
use common::rng;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use tabula::game::{Game, GameConfig, GameVisitor, Player, Turn, random_below, weighted_index};
use tabula::search::mcts::playout::{WIN, playout};
use tabula::search::reference::{negamax, paranoid};
use tabula::search::{Style, TranspositionTable, fixed_depth_value};

/// Random walks per setting of a game.
const WALKS: u32 = 48;
/// The longest walk.
const WALK_PLIES: usize = 160;

/// Walks that once found bugs (kept from the per-game property tests this suite replaced),
/// replayed from the default settings of the game they name.
const REGRESSIONS: &[(&str, &[u16])] = &[
    (
        "dwnsiwn",
        &[
            54606, 418, 6325, 54109, 28, 57830, 2562, 406, 45668, 33685, 0, 0, 0, 0, 50194, 22975,
            0, 28910, 14859, 0, 772,
        ],
    ),
    (
        "dimraw",
        &[
            4784, 4189, 10354, 8767, 0, 68, 14020, 7709, 196, 451, 45112, 12699, 6558, 2002, 5, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
    ),
    (
        "tumbling-down",
        &[
            43473, 255, 23718, 60527, 26014, 16363, 3153, 60292, 37958, 36075, 62032, 61194, 59227,
            31602, 1799, 9368, 1308, 10572, 38054, 15848, 61743, 31539, 59587, 6329, 62197, 20681,
            959, 43203, 16264,
        ],
    ),
];

/// Every setting a game takes: each player count with each named board.
fn settings<G: Game>() -> Vec<GameConfig> {
    let boards: Vec<&str> = if G::BOARDS.is_empty() {
        vec![""]
    } else {
        G::BOARDS.to_vec()
    };
    let (fewest, most) = G::PLAYERS;
    (fewest..=most)
        .flat_map(|players| {
            boards.iter().map(move |board| GameConfig {
                players,
                board: board.to_string(),
            })
        })
        .collect()
}

/// Checks the legal list of `pos` and returns it.
fn checked_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let text = pos.to_text();
    assert_eq!(moves.is_empty(), pos.turn() == Turn::Over, "{text}");
    assert_eq!(pos.outcome().is_some(), pos.turn() == Turn::Over, "{text}");
    let tokens: HashSet<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    assert_eq!(tokens.len(), moves.len(), "duplicate tokens in {text}");
    for &mv in &moves {
        let token = pos.format_move(mv);
        assert_eq!(G::check_token_syntax(&token), Ok(()), "{token} in {text}");
        assert_eq!(pos.parse_move(&token), Ok(mv), "{token} in {text}");
        if pos.turn() == Turn::Chance {
            assert!(pos.chance_weight(mv) > 0, "{token} in {text}");
        }
    }
    let mut candidates = Vec::new();
    pos.noisy_candidates(&mut candidates);
    let noisy = |list: &[G::Move]| -> Vec<G::Move> {
        list.iter()
            .copied()
            .filter(|&mv| pos.is_noisy(mv))
            .collect()
    };
    assert_eq!(
        noisy(&candidates),
        noisy(&moves),
        "the noisy decisions in {text}"
    );
    assert!(
        candidates.iter().all(|mv| moves.contains(mv)),
        "candidates outside the legal list in {text}"
    );
    moves
}

/// The drawing of `pos` is consistent: cells named once, pieces, links and every legal
/// decision's cells on the board, a piece on every cell a decision starts from, and distinct
/// words for distinct decisions.
fn check_view<G: Game>(pos: &G, moves: &[G::Move]) {
    let (view, text) = (pos.view(), pos.to_text());
    let names: HashSet<&str> = view.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), view.cells.len(), "cell names repeat: {text}");
    let on_board = |cell: usize| cell < view.cells.len();
    assert!(view.pieces.iter().all(|p| on_board(p.cell)), "{text}");
    assert!(
        view.links.iter().all(|&(a, b)| on_board(a) && on_board(b)),
        "{text}"
    );
    let mut words = HashSet::new();
    for &mv in moves {
        let (token, drawn) = (pos.format_move(mv), pos.move_view(mv));
        assert!(drawn.to.is_none_or(on_board), "{token} in {text}");
        if let Some(from) = drawn.from {
            let occupied = view.pieces.iter().any(|p| p.cell == from);
            assert!(occupied, "{token} starts from an empty cell in {text}");
        }
        assert!(
            words.insert(drawn.words.clone()),
            "'{}' twice in {text}",
            drawn.words
        );
    }
}

/// `random_move` draws what its documentation promises: the generated list's entry at
/// `random_below(len)`, or a chance outcome by `weighted_index` over the weights, using the
/// generator exactly as that procedure does.
fn check_random_move<G: Game>(pos: &G, moves: &[G::Move], seed: u64) {
    let (mut theirs, mut ours) = (Pcg64Mcg::seed_from_u64(seed), Pcg64Mcg::seed_from_u64(seed));
    let drawn = pos.random_move(&mut theirs, &mut Vec::new());
    let expected = if pos.turn() == Turn::Chance {
        moves[weighted_index(moves.iter().map(|&m| pos.chance_weight(m)), &mut ours)]
    } else {
        moves[random_below(moves.len(), &mut ours)]
    };
    assert_eq!(drawn, expected, "random_move in {}", pos.to_text());
    assert_eq!(
        rand::Rng::next_u64(&mut theirs),
        rand::Rng::next_u64(&mut ours),
        "random_move uses the generator as documented in {}",
        pos.to_text()
    );
}

/// The text of `pos` loads back as the same position.
fn check_text<G: Game>(pos: &G, config: &GameConfig) {
    let text = pos.to_text();
    let reparsed = G::from_text(&text, config)
        .unwrap_or_else(|e| panic!("the engine's own text '{text}' fails to parse: {e}"));
    assert_eq!(reparsed.to_text(), text, "text round-trips");
    assert_eq!(
        reparsed.turn(),
        pos.turn(),
        "the text keeps the turn: {text}"
    );
    assert_eq!(
        reparsed.outcome(),
        pos.outcome(),
        "the text keeps the result: {text}"
    );
    assert_eq!(
        reparsed.hash(),
        pos.hash(),
        "the text keeps the hash: {text}"
    );
}

/// Walks from the start of `config` along the moves `choices` pick, checking every step.
fn check_walk<G: Game>(config: &GameConfig, choices: &[u16]) {
    let start = G::startpos(config).expect("every declared setting starts");
    assert_eq!(start.players(), config.players);
    let mut pos = start.clone();
    let mut texts = Vec::new();
    check_text(&pos, config);
    for (step, &choice) in choices.iter().enumerate() {
        let moves = checked_moves(&pos);
        if moves.is_empty() {
            break;
        }
        check_random_move(&pos, &moves, choice as u64 ^ step as u64);
        check_view(&pos, &moves);
        check_eval_terms(&pos);
        check_hand_over(&mut pos);
        let (text, hash) = (pos.to_text(), pos.hash());
        let mv = moves[choice as usize % moves.len()];
        pos.make(mv);
        assert_eq!(
            pos.hash(),
            pos.hash_from_scratch(),
            "hash after {}",
            pos.to_text()
        );
        pos.unmake();
        assert_eq!(
            (pos.to_text(), pos.hash()),
            (text.clone(), hash),
            "unmake restores"
        );
        pos.make(mv);
        texts.push(text);
        check_text(&pos, config);
    }
    while let Some(text) = texts.pop() {
        pos.unmake();
        assert_eq!(pos.to_text(), text, "unmake walks back");
    }
    assert_eq!(pos.hash(), start.hash());
}

/// Where the game can hand the turn to another player (for the search), the hash stays
/// exact, that player decides, and `unmake` restores the position.
fn check_hand_over<G: Game>(pos: &mut G) {
    let Turn::Player(mover) = pos.turn() else {
        return;
    };
    let (text, hash) = (pos.to_text(), pos.hash());
    for player in (0..pos.players() as Player).filter(|&p| p != mover) {
        if pos.hand_turn_to(player) {
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "handed over: {text}");
            assert_ne!(pos.hash(), hash, "handed over: {text}");
            if pos.outcome().is_none() {
                assert_eq!(pos.turn(), Turn::Player(player), "{text}");
            }
            pos.unmake();
            assert_eq!(
                (pos.to_text(), pos.hash()),
                (text.clone(), hash),
                "taken back"
            );
        }
    }
}

/// A tunable evaluation is the dot product of its weights with its terms, for every player
/// (within a centipawn: terms may be averages over players).
fn check_eval_terms<G: Game>(pos: &G) {
    assert_eq!(
        G::EVAL_TERMS.len(),
        G::EVAL_WEIGHTS.len(),
        "a weight per term"
    );
    if G::EVAL_TERMS.is_empty() {
        return;
    }
    for player in 0..pos.players() as Player {
        let terms = pos.eval_terms(player);
        assert_eq!(terms.len(), G::EVAL_TERMS.len(), "a value per term");
        let dot: f64 = terms
            .iter()
            .zip(G::EVAL_WEIGHTS)
            .map(|(t, &w)| t * f64::from(w))
            .sum();
        let value = f64::from(pos.evaluate(player));
        assert!((dot - value).abs() < 1.0, "{dot} {value} {}", pos.to_text());
    }
}

/// Random playouts from the start of `config` end in a result and restore the position.
fn check_playouts<G: Game>(config: &GameConfig) {
    let mut pos = G::startpos(config).unwrap();
    let (text, hash) = (pos.to_text(), pos.hash());
    for seed in 0..4 {
        let rewards = playout(
            &mut pos,
            0,
            tabula::net::Evaluator::Classic,
            f64::from(G::PROFILE.evaluation_decade),
            &mut rng(seed),
            &mut Vec::new(),
        );
        assert_eq!(
            (pos.to_text(), pos.hash()),
            (text.clone(), hash),
            "playout restores"
        );
        let total: u64 = rewards.iter().sum();
        let draw_of_many = config.players > 2 && total == 0;
        assert!(total == WIN || draw_of_many, "a result: {rewards:?}");
    }
}

/// Alpha-beta agrees with the reference search at depths 1 and 2 on positions of random play.
fn check_search<G: Game>(config: &GameConfig) {
    for seed in 0..6 {
        let mut pos = G::startpos(config).unwrap();
        common::random_walk(&mut pos, 2 + 5 * seed as usize, &mut rng(seed));
        if !matches!(pos.turn(), Turn::Player(_)) {
            continue;
        }
        for depth in 1..=2 {
            let expected = if pos.players() == 2 {
                negamax(&mut pos.clone(), depth)
            } else {
                paranoid(&mut pos.clone(), depth)
            };
            let tt = TranspositionTable::new(4);
            for table in [None, Some(&tt)] {
                let value = fixed_depth_value(&pos, depth, table, Style::plain::<G>());
                assert_eq!(value, expected, "depth {depth}: {}", pos.to_text());
            }
        }
    }
}

/// Runs the whole suite on one game.
struct Conformance;

impl GameVisitor for Conformance {
    fn visit<G: Game>(&mut self) {
        for (_, walk) in REGRESSIONS.iter().filter(|(name, _)| *name == G::NAME) {
            check_walk::<G>(&GameConfig::default(), walk);
        }
        for config in settings::<G>() {
            let mut runner = TestRunner::new(Config {
                cases: WALKS,
                failure_persistence: None,
                ..Config::default()
            });
            let walks = prop::collection::vec(any::<u16>(), 0..WALK_PLIES);
            let result = runner.run(&walks, |choices| {
                check_walk::<G>(&config, &choices);
                Ok(())
            });
            if let Err(e) = result {
                panic!("{} with {config:?}: {e}", G::NAME);
            }
            check_playouts::<G>(&config);
            check_search::<G>(&config);
        }
    }
}

#[test]
fn every_registered_game_conforms() {
    tabula::games::visit_all(&mut Conformance);
}

/// Collects the games whose evaluations have tunable weights.
struct Tunable(Vec<&'static str>);

impl GameVisitor for Tunable {
    fn visit<G: Game>(&mut self) {
        if !G::EVAL_TERMS.is_empty() {
            self.0.push(G::NAME);
        }
    }
}

#[test]
fn every_game_has_a_tunable_evaluation() {
    let mut tunable = Tunable(Vec::new());
    tabula::games::visit_all(&mut tunable);
    let mut registered = tabula::registry::Registry::standard().names();
    registered.sort();
    tunable.0.sort();
    assert_eq!(tunable.0, registered, "every registered game");
}

#[test]
fn the_toy_dice_race_conforms() {
    Conformance.visit::<DiceRace>();
}

/// Plays random games of every setting to their end: the game gives no reason while it
/// runs, and a reason in words once it is over.
struct EndReasons;

impl GameVisitor for EndReasons {
    fn visit<G: Game>(&mut self) {
        for config in settings::<G>() {
            for seed in 0..8 {
                let mut pos = G::startpos(&config).unwrap();
                let mut dice = rng(seed);
                let mut moves = Vec::new();
                while pos.outcome().is_none() {
                    assert_eq!(pos.end_reason(), None, "{} runs", G::NAME);
                    pos.generate(&mut moves);
                    pos.make(moves[random_below(moves.len(), &mut dice)]);
                }
                let reason = pos.end_reason();
                assert!(
                    reason.as_ref().is_some_and(|r| !r.is_empty()),
                    "{} {config:?} seed {seed}: over without a reason at {}",
                    G::NAME,
                    pos.to_text()
                );
            }
        }
    }
}

#[test]
fn every_game_says_why_it_ended() {
    tabula::games::visit_all(&mut EndReasons);
}
