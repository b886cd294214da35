//! Every registered game's perft suite (`tests/perft/<game>.txt`, its format in the README
//! there), counted through the game's session as `go perft` counts: a game without a suite
//! fails, so a new game brings its own.

use std::sync::atomic::AtomicBool;

use tabula::game::GameConfig;
use tabula::game::perft::LastPly;
use tabula::registry::{Entry, Registry};

/// One line of a suite: the game's settings, the position and its counts by depth.
struct Case {
    deep: bool,
    config: GameConfig,
    position: String,
    counts: Vec<u64>,
}

/// The cases of `entry`'s suite.
fn suite(entry: &Entry) -> Vec<Case> {
    let path = format!(
        "{}/tests/perft/{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        entry.name
    );
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: no perft suite at {path}: {e}", entry.name));
    let cases: Vec<Case> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [settings, position, counts] = fields[..] else {
                panic!("{path}: '{line}' is not 'settings | position | counts'");
            };
            let mut case = Case {
                deep: false,
                config: GameConfig::default(),
                position: position.to_string(),
                counts: counts
                    .split_whitespace()
                    .map(|n| n.parse().expect("counts are numbers"))
                    .collect(),
            };
            for word in settings.split_whitespace() {
                match word.split_once('=') {
                    None if word == "deep" => case.deep = true,
                    Some(("players", n)) => case.config.players = n.parse().unwrap(),
                    Some(("board", name)) => case.config.board = name.to_string(),
                    _ => panic!("{path}: unknown setting '{word}'"),
                }
            }
            case
        })
        .collect();
    assert!(!cases.is_empty(), "{path} holds no case");
    cases
}

/// Counts every case of every game's suite that is (`deep`) or is not deep.
fn run_suites(deep: bool) {
    for entry in Registry::standard().entries() {
        for case in suite(entry).into_iter().filter(|c| c.deep == deep) {
            let mut session = entry.session(case.config.clone()).unwrap();
            let (base, moves) = match case.position.split_once(" moves ") {
                Some((base, moves)) => (base, moves.split_whitespace().collect()),
                None => (case.position.as_str(), Vec::new()),
            };
            let text = base.strip_prefix("fen ");
            assert!(text.is_some() || base == "startpos", "{}", case.position);
            session.rules_mut().set_position(text, &moves).unwrap();
            for (depth, &expected) in (1..).zip(&case.counts) {
                // Made leaves and bulk-counted last plies give the same counts.
                for last in [LastPly::Made, LastPly::Counted] {
                    let mut total = 0;
                    let stop = AtomicBool::new(false);
                    session.divide(depth, last, &stop, &mut |_, n| total += n);
                    let at = format!("{} {:?} '{}'", entry.name, case.config, case.position);
                    assert_eq!(total, expected, "{at}: perft {depth} ({last:?})");
                }
            }
        }
    }
}

#[test]
fn every_game_counts_its_perft_suite() {
    run_suites(false);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn every_game_counts_its_deep_perft_suite() {
    run_suites(true);
}
