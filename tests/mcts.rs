//! MCTS: exact values on small endgames, forced wins, reproducibility, reuse and a full store.

mod common;

use std::sync::atomic::AtomicBool;

use common::dice_race::DiceRace;
use common::{InfoRecorder, after, rng, without_clock};
use rand::RngExt as _;
use tabula::game::{Game, GameConfig, Notation, Outcome, Player, Rules, Turn};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::mcts::solver::Proof;
use tabula::search::mcts::tree::Tree;
use tabula::search::mcts::{LeafScoring, MctsSettings, search};
use tabula::search::score::{MATE, MATE_BOUND};
use tabula::search::{
    SearchLimits, SearchParams, SearchReport, Style, TranspositionTable, fixed_depth_value,
};

/// A tree policy: MCTS's settings and the profile numbers it runs with (in hundredths).
#[derive(Clone, Copy, Debug)]
struct Policy {
    settings: MctsSettings,
    exploration: i32,
    minimax: i32,
}

/// Plain UCT with random playouts to the end.
const UCT: Policy = Policy {
    settings: MctsSettings {
        leaves: LeafScoring::Playout { cutoff: 0 },
        seed: 7,
    },
    exploration: 100,
    minimax: 0,
};

/// PUCT guided by the evaluation, with minimax backups.
const GUIDED: Policy = Policy {
    settings: MctsSettings {
        leaves: LeafScoring::Evaluation,
        seed: 7,
    },
    exploration: 100,
    minimax: 40,
};

/// Both tree policies.
const POLICIES: [Policy; 2] = [UCT, GUIDED];

/// A plain UCT search of `iterations` in `tree`, with its output.
fn run<G: Game>(
    pos: &G,
    iterations: u64,
    threads: usize,
    tree: &mut Tree<G::Move>,
) -> (SearchReport<G::Move>, String) {
    run_with(pos, iterations, threads, tree, &UCT)
}

/// An MCTS search of `iterations` in `tree` with `policy` (on the scale and prior
/// temperature of the game's profile), with its output.
fn run_with<G: Game>(
    pos: &G,
    iterations: u64,
    threads: usize,
    tree: &mut Tree<G::Move>,
    policy: &Policy,
) -> (SearchReport<G::Move>, String) {
    let limits = SearchLimits {
        nodes: Some(iterations),
        ..Default::default()
    };
    let (tt, stop, recorder) = (
        TranspositionTable::new(1),
        AtomicBool::new(false),
        InfoRecorder::default(),
    );
    let params = SearchParams {
        limits: &limits,
        threads,
        multipv: 1,
        move_overhead: 0,
        tt: &tt,
        stop: &stop,
        reporter: Some(&recorder),
        style: Style {
            mcts: Some(policy.settings),
            profile: G::PROFILE,
            ..Style::default()
        }
        .with(|profile| {
            profile.mcts_exploration = policy.exploration;
            profile.mcts_minimax = policy.minimax;
        }),
    };
    let report = search(pos, &params, tree);
    (report, recorder.text())
}

/// The root's proven result after a search, if any.
fn root_proof<G: Game>(pos: &G, tree: &Tree<G::Move>) -> Option<Proof> {
    Proof::load(&tree.node(tree.find(pos.hash())?).proof)
}

/// Player 0's expected share of a two-player game under perfect play (1 win, 1/2 draw,
/// 0 loss; chance by weight), or `None` when the tree to the end has over `budget` nodes.
fn exact<G: Game>(pos: &mut G, budget: &mut u64) -> Option<f64> {
    *budget = budget.checked_sub(1)?;
    if let Some(outcome) = pos.outcome() {
        return Some(outcome.half_points(0, 2) as f64 / 2.0);
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let turn = pos.turn();
    let (mut best, mut total_weight, mut sum) = (None::<f64>, 0.0, 0.0);
    for mv in moves {
        let weight = pos.chance_weight(mv) as f64;
        pos.make(mv);
        let value = exact(pos, budget);
        pos.unmake();
        let value = value?;
        (total_weight, sum) = (total_weight + weight, sum + weight * value);
        best = Some(match (turn, best) {
            (Turn::Player(0), Some(b)) => b.max(value),
            (Turn::Player(_), Some(b)) => b.min(value),
            _ => value,
        });
    }
    Some(if turn == Turn::Chance {
        sum / total_weight
    } else {
        best?
    })
}

/// Positions a few plies before the end of random games, with a player to move and a tree
/// to the end of at most `budget` nodes, each with its exact value for player 0.
fn endgames<G: Game>(
    config: &GameConfig,
    count: usize,
    budget: u64,
    back: std::ops::Range<usize>,
) -> Vec<(G, f64)> {
    let mut found = Vec::new();
    for seed in 0..200 {
        let mut pos = G::startpos(config).unwrap();
        let mut rng = rng(seed);
        let mut moves = Vec::new();
        let mut played = 0;
        while pos.outcome().is_none() {
            pos.generate(&mut moves);
            pos.make(moves[rng.random_range(0..moves.len())]);
            played += 1;
        }
        for _ in 0..(back.start + seed as usize % back.len()).min(played) {
            pos.unmake();
        }
        if !matches!(pos.turn(), Turn::Player(_)) {
            continue;
        }
        if let Some(value) = exact(&mut pos.clone(), &mut budget.clone()) {
            found.push((pos, value));
        }
        if found.len() == count {
            break;
        }
    }
    assert_eq!(found.len(), count, "{} endgames found", G::NAME);
    found
}

/// The solver proves the exact result of small two-player endgames, and reports it as a
/// mate score (or 0 for a draw).
fn proves_exact_results<G: Game>(config: &GameConfig, count: usize, back: std::ops::Range<usize>) {
    let endgames = endgames::<G>(config, count, 50_000, back);
    for ((pos, value), settings) in endgames.iter().flat_map(|e| POLICIES.map(|s| (e, s))) {
        let mut tree = Tree::try_new(16).unwrap();
        let (report, _) = run_with(pos, 200_000, 1, &mut tree, &settings);
        let Turn::Player(player) = pos.turn() else {
            unreachable!()
        };
        let proof = root_proof(pos, &tree)
            .unwrap_or_else(|| panic!("{} unproven: {} {settings:?}", G::NAME, pos.to_text()));
        let proven = proof.outcome.half_points(0, 2) as f64 / 2.0;
        assert_eq!(proven, *value, "{} {} {settings:?}", G::NAME, pos.to_text());
        let mine = proof.outcome.half_points(player, 2);
        match mine {
            2 => assert!(report.score > MATE_BOUND, "{}", report.score),
            1 => assert_eq!(report.score, 0),
            _ => assert!(report.score < -MATE_BOUND, "{}", report.score),
        }
    }
}

#[test]
fn dimraw_endgames_are_solved_exactly() {
    proves_exact_results::<Dimraw>(&GameConfig::default(), 8, 3..11);
}

#[test]
fn dwindle_endgames_are_solved_exactly() {
    let config = GameConfig {
        players: 2,
        board: "dw7".to_string(),
    };
    proves_exact_results::<Dwindle>(&config, 5, 3..11);
}

/// Positions near the end of random games where alpha-beta sees a forced win for the
/// player to move are proven wins for him.
fn proves_forced_wins<G: Game>(count: usize) {
    let mut proven = 0;
    for (seed, back) in (0..100).flat_map(|seed| [(seed, 1), (seed, 3)]) {
        let mut pos = G::startpos(&GameConfig::default()).unwrap();
        let mut rng = rng(seed);
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            pos.generate(&mut moves);
            pos.make(moves[rng.random_range(0..moves.len())]);
        }
        for _ in 0..back {
            pos.unmake();
        }
        let Turn::Player(player) = pos.turn() else {
            continue;
        };
        if fixed_depth_value(&pos, back as u32, None, Style::default()) < MATE_BOUND {
            continue;
        }
        for settings in POLICIES {
            let mut tree = Tree::try_new(64).unwrap();
            let (report, _) = run_with(&pos, 500_000, 1, &mut tree, &settings);
            let proof = root_proof(&pos, &tree)
                .unwrap_or_else(|| panic!("{} unproven: {} {settings:?}", G::NAME, pos.to_text()));
            assert_eq!(proof.outcome, Outcome::Win(player), "{}", pos.to_text());
            assert!(report.score > MATE_BOUND);
        }
        proven += 1;
        if proven == count {
            return;
        }
    }
    panic!("{} forced wins found", proven);
}

#[test]
fn tumbling_down_forced_wins_are_proven() {
    proves_forced_wins::<TumblingDown>(6);
}

#[test]
fn splinter_forced_wins_are_proven() {
    proves_forced_wins::<Splinter>(4);
}

#[test]
fn dwnsiwn_endgames_are_solved_exactly() {
    proves_exact_results::<Dwnsiwn>(&GameConfig::default(), 8, 3..11);
}

/// Player 0's expected share under perfect play in a game with few positions (cycles
/// allowed), by value iteration over every position reachable from `root`.
fn expectimax_by_iteration<G: Game>(root: &G) -> f64 {
    let mut index = std::collections::HashMap::from([(root.hash(), 0)]);
    let mut states = vec![root.clone()];
    let mut successors: Vec<Vec<(f64, Result<usize, f64>)>> = Vec::new();
    let mut moves = Vec::new();
    while successors.len() < states.len() {
        let mut pos = states[successors.len()].clone();
        pos.generate(&mut moves);
        let mut next = Vec::new();
        for &mv in &moves {
            let weight = pos.chance_weight(mv) as f64;
            pos.make(mv);
            let target = match pos.outcome() {
                Some(outcome) => Err(outcome.half_points(0, 2) as f64 / 2.0),
                None => Ok(*index.entry(pos.hash()).or_insert_with(|| {
                    states.push(pos.clone());
                    states.len() - 1
                })),
            };
            next.push((weight, target));
            pos.unmake();
        }
        successors.push(next);
    }
    let mut values = vec![0.5; states.len()];
    for _ in 0..1000 {
        for (i, next) in successors.iter().enumerate() {
            let value = |&(_, target): &(f64, Result<usize, f64>)| match target {
                Ok(j) => values[j],
                Err(v) => v,
            };
            values[i] = match states[i].turn() {
                Turn::Player(0) => next.iter().map(value).fold(0.0, f64::max),
                Turn::Player(_) => next.iter().map(value).fold(1.0, f64::min),
                _ => {
                    let total: f64 = next.iter().map(|n| n.0).sum();
                    next.iter().map(|n| n.0 * value(n)).sum::<f64>() / total
                }
            };
        }
    }
    values[0]
}

/// With dice the value is an expectation the tree cannot prove: the best move's mean
/// reward converges to the expectimax value (a toy dice race, whose values are fractions).
#[test]
fn dice_race_values_converge_to_expectimax() {
    let mut checked = 0;
    let mut rng = rng(3);
    while checked < 6 {
        let squares = [rng.random_range(0..50), rng.random_range(0..50)];
        let mover = rng.random_range(0..2);
        let pos = DiceRace::at(squares, mover);
        let exact = expectimax_by_iteration(&pos);
        if !(0.1..0.9).contains(&exact) {
            continue;
        }
        for settings in POLICIES {
            let mut tree = Tree::try_new(64).unwrap();
            run_with(&pos, 300_000, 1, &mut tree, &settings);
            let root = tree.node(tree.find(pos.hash()).unwrap());
            let best = root
                .edges()
                .iter()
                .max_by_key(|e| e.visits.load(std::sync::atomic::Ordering::Relaxed))
                .unwrap();
            let mine = if mover == 0 { exact } else { 1.0 - exact };
            let mean = best.mean().unwrap();
            assert!(
                (mean - mine).abs() < 0.03,
                "{squares:?} p{}: mean {mean:.3}, exact {mine:.3} {settings:?}",
                mover + 1
            );
            if settings.settings.leaves == LeafScoring::Evaluation {
                let value = best.value().unwrap() as f64;
                let value = if mover == 0 { value } else { 1.0 - value };
                assert!(
                    (value - mine).abs() < 0.03,
                    "minimax value {value:.3}, exact {mine:.3}"
                );
            }
        }
        checked += 1;
    }
}

/// With three players, positions the root player wins against everyone (paranoid) are
/// proven wins for him.
#[test]
fn dwindle_three_player_forced_wins_are_proven() {
    let config = GameConfig {
        players: 3,
        board: "dw7".to_string(),
    };
    let mut proven = 0;
    for (pos, _) in endgames::<Dwindle>(&config, 12, 20_000, 3..11) {
        let Turn::Player(player) = pos.turn() else {
            unreachable!()
        };
        let paranoid = tabula::search::reference::paranoid(&mut pos.clone(), 12);
        if paranoid < MATE_BOUND {
            continue;
        }
        for settings in POLICIES {
            let mut tree = Tree::try_new(16).unwrap();
            let (report, _) = run_with(&pos, 200_000, 1, &mut tree, &settings);
            let proof = root_proof(&pos, &tree).expect("proven");
            assert_eq!(proof.outcome, Outcome::Win(player as Player));
            assert!(report.score > MATE_BOUND);
        }
        proven += 1;
    }
    assert!(proven >= 3, "{proven} forced wins checked");
}

/// The rulebook's three-ply win (issue 2's case) is found, proven and played at once, with
/// one thread and with two.
#[test]
fn the_rulebook_win_is_proven_and_played_at_once() {
    let pos = after::<TumblingDown>("a2a1t d8e8");
    for (threads, settings) in [1, 2].into_iter().flat_map(|t| POLICIES.map(|s| (t, s))) {
        let mut tree = Tree::try_new(16).unwrap();
        let (report, _) = run_with(&pos, 1_000_000, threads, &mut tree, &settings);
        assert_eq!(pos.format_move(report.best), "a1b2t");
        assert_eq!(report.score, MATE - 1);
        assert!(report.nodes < 1_000_000, "stopped once proven");
    }
}

/// The output's lines without what depends on the clock.
fn without_clocks(output: &str) -> Vec<String> {
    output.lines().map(without_clock).collect()
}

#[test]
fn one_thread_with_a_fixed_seed_repeats_itself() {
    let pos = Dimraw::startpos(&GameConfig::default()).unwrap();
    for settings in POLICIES {
        let search = || run_with(&pos, 50_000, 1, &mut Tree::try_new(16).unwrap(), &settings);
        let (first, second) = (search(), search());
        assert_eq!(without_clocks(&first.1), without_clocks(&second.1));
        assert!(first.1.lines().count() >= 5, "{}", first.1);
        assert_eq!((first.0.best, first.0.pv), (second.0.best, second.0.pv));
    }
}

/// The next search of the same game starts from the statistics the last one left.
#[test]
fn the_tree_is_reused_between_moves() {
    let mut pos = Dimraw::startpos(&GameConfig::default()).unwrap();
    let mut tree = Tree::try_new(64).unwrap();
    let (report, _) = run(&pos, 50_000, 1, &mut tree);
    pos.make(report.pv[0]);
    pos.make(report.pv[1]);
    let visits = |tree: &Tree<_>, pos: &Dimraw| {
        let slot = tree.find(pos.hash()).expect("the reply's node is kept");
        tree.node(slot).visits()
    };
    let before = visits(&tree, &pos);
    assert!(before > 10, "{before} visits");
    run(&pos, 1_000, 1, &mut tree);
    assert_eq!(visits(&tree, &pos), before + 1_000);
}

/// A store that fills stops growing, and the search still ends with a legal move.
#[test]
fn a_full_store_keeps_searching_from_its_leaves() {
    let pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let mut tree = Tree::try_new(1).unwrap();
    let (report, output) = run(&pos, 20_000, 2, &mut tree);
    assert!(tree.is_full());
    assert!(output.contains("hashfull 1000"), "{output}");
    assert!(pos.legal_tokens().contains(&pos.format_move(report.best)));
    assert_eq!(report.nodes, 20_000);
}

#[test]
fn random_playouts_reach_the_end_of_every_game() {
    let registry = tabula::registry::Registry::standard();
    let budget = std::time::Duration::from_millis(5);
    for entry in registry.entries() {
        let run = entry
            .random_playouts(&GameConfig::default(), budget, 9)
            .unwrap();
        assert!(run.playouts >= 1, "{}", entry.name);
        assert!(run.decisions >= run.playouts, "{}: {run:?}", entry.name);
    }
    let dwindle = registry.find("dwindle").unwrap();
    let seven = GameConfig {
        players: 7,
        ..GameConfig::default()
    };
    assert!(dwindle.random_playouts(&seven, budget, 9).is_err());
}
