//! Dwnsiwn's dice through the protocol, for each kind of runner: one that sends the rolls, one
//! that knows no dice (it asks whose turn it is, sends `go` to that player's engine and appends
//! whatever it answers, rolls included), and one that never sends a roll (`Dice engine`).

mod common;

use common::engine::{EngineProcess, Talk, bestmove, is_error, start_engine};
use tabula::game::{GameConfig, Turn};
use tabula::registry::Registry;

/// Twenty rolls: the start's pending dice, after which p1 decides.
const START_ROLLS: &str = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";

/// A Dwnsiwn engine with these seeds for its search and its dice.
fn dwnsiwn(seed: u32, dice_seed: u32) -> EngineProcess {
    let mut engine = start_engine(&["--game", "dwnsiwn"]);
    for (name, value) in [("Seed", seed), ("DiceSeed", dice_seed)] {
        let lines = engine.exchange(&format!("setoption name {name} value {value}"));
        assert!(lines.is_empty(), "{lines:?}");
    }
    engine
}

/// `position startpos` with `moves` after it, if any.
fn position(moves: &[String]) -> String {
    match moves {
        [] => "position startpos".to_string(),
        _ => format!("position startpos moves {}", moves.join(" ")),
    }
}

/// The roll an engine answers to `go` at a chance ply, checked against its `info string`.
fn go_roll(engine: &mut EngineProcess, go: &str) -> String {
    engine.send(go);
    let lines = engine.until("bestmove");
    let roll = bestmove(&lines);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!("info string chance is to move: rolled {roll} ")),
        "{lines:?}"
    );
    roll
}

/// What a cutegames-like runner records: every token in order, and for each the seat of the
/// engine it asked.
struct Record {
    tokens: Vec<String>,
    asked: Vec<usize>,
    result: String,
}

/// Plays a game as a runner that knows no dice: it asks the first engine whether the game is
/// over and whether it is p1's turn, sends the moves so far and `go` with both clocks to that
/// player's engine, and appends its `bestmove`; both engines get every `position`.
fn play_as_a_runner_without_dice(engines: &mut [EngineProcess; 2]) -> Record {
    let mut record = Record {
        tokens: Vec::new(),
        asked: Vec::new(),
        result: String::new(),
    };
    loop {
        let position = position(&record.tokens);
        for engine in engines.iter_mut() {
            assert!(engine.exchange(&position).is_empty(), "{position}");
        }
        if engines[0].query("gameover") == "true" {
            record.result = engines[0].query("result");
            assert_eq!(engines[1].query("result"), record.result);
            return record;
        }
        let seat = if engines[0].query("p1turn") == "true" {
            0
        } else {
            1
        };
        engines[seat].send("go wtime 60000 btime 60000 depth 1");
        let best = bestmove(&engines[seat].until("bestmove"));
        assert_ne!(best, "(none)", "after {position}");
        record.tokens.push(best);
        record.asked.push(seat);
        assert!(record.tokens.len() < 1000, "a game ends");
    }
}

#[test]
fn a_runner_that_knows_no_dice_plays_dwnsiwn_to_its_end_between_differently_seeded_engines() {
    let mut engines = [dwnsiwn(1, 11), dwnsiwn(2, 22)];
    let record = play_as_a_runner_without_dice(&mut engines);
    assert!(["p1win", "p2win"].contains(&record.result.as_str()));

    // An independent replay of the record by the rules: every token legal, the same result, and
    // each roll made by the engine of the player who decides after the rolls.
    let entry = Registry::standard();
    let entry = entry.find("dwnsiwn").unwrap();
    let mut rules = entry.rules(GameConfig::default()).unwrap();
    let mut rolls = 0;
    for (ply, token) in record.tokens.iter().enumerate() {
        let seat = record.asked[ply];
        match rules.turn() {
            Turn::Chance => {
                rolls += 1;
                let decider = (ply..record.tokens.len())
                    .find(|&later| !record.tokens[later].starts_with("roll:"))
                    .map(|later| record.asked[later]);
                assert_eq!(Some(seat), decider, "ply {ply}: the roller decides next");
            }
            turn => assert_eq!(turn, Turn::Player(seat as u8), "ply {ply}"),
        }
        rules
            .play(token)
            .unwrap_or_else(|e| panic!("ply {ply} '{token}': {e}"));
    }
    assert_eq!(rules.outcome().map(|o| o.name()), Some(record.result));
    assert!(rolls >= 20, "the start's twenty rolls and any re-rolls");
    for engine in engines {
        engine.quit();
    }
}

#[test]
fn engines_whose_dice_seed_is_unset_roll_their_own_dice_and_name_the_seed_to_replay_them() {
    // Twenty rolls and the seed each roll line names.
    let rolls = |engine: &mut EngineProcess| {
        let mut seeds = Vec::new();
        let rolls: Vec<String> = (0..20)
            .map(|k| {
                engine.send("go depth 1");
                let lines = engine.until("bestmove");
                let named = lines[0].split("(DiceSeed ").nth(1).unwrap();
                let (seed, place) = named.trim_end_matches(')').split_once(", roll ").unwrap();
                assert_eq!(place, (k + 1).to_string(), "{lines:?}");
                seeds.push(seed.to_string());
                bestmove(&lines)
            })
            .collect();
        seeds.dedup();
        assert_eq!(seeds.len(), 1, "one stream, one seed");
        (rolls, seeds[0].clone())
    };
    let mut first = start_engine(&["--game", "dwnsiwn"]);
    let mut second = start_engine(&["--game", "dwnsiwn"]);
    let (first_rolls, first_seed) = rolls(&mut first);
    let (second_rolls, second_seed) = rolls(&mut second);
    assert_ne!(first_seed, second_seed, "each engine draws its own seed");
    assert_ne!(first_rolls, second_rolls, "and so its own dice");
    let lines = second.exchange(&format!("setoption name DiceSeed value {first_seed}"));
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(rolls(&mut second), (first_rolls, first_seed), "replayed");
    first.quit();
    second.quit();
}

#[test]
fn go_at_a_chance_ply_rolls_from_the_dice_seed_alone() {
    let mut engine = dwnsiwn(0, 5);
    assert_eq!(engine.query("tomove"), "chance");
    assert_eq!(engine.query("p1turn"), "true", "p1 decides after the rolls");
    let rolls: Vec<String> = (0..12)
        .map(|_| go_roll(&mut engine, "go depth 2"))
        .collect();
    assert!(
        rolls
            .iter()
            .all(|r| engine.query(&format!("islegal {r}")) == "true")
    );
    assert!(
        rolls.iter().any(|r| r != &rolls[0]),
        "a stream, not one value: {rolls:?}"
    );
    engine.exchange("setoption name Seed value 9");
    engine.exchange("setoption name DiceSeed value 5");
    let again: Vec<String> = (0..12)
        .map(|_| go_roll(&mut engine, "go movetime 50"))
        .collect();
    assert_eq!(
        rolls, again,
        "DiceSeed starts the stream again; Seed plays no part"
    );
    engine.exchange("setoption name DiceSeed value 6");
    let other: Vec<String> = (0..12)
        .map(|_| go_roll(&mut engine, "go infinite"))
        .collect();
    assert_ne!(rolls, other, "another DiceSeed, other dice");
    engine.quit();
}

#[test]
fn dwnsiwn_with_rolls_through_the_protocol() {
    let mut engine = start_engine(&["--game", "dwnsiwn"]);
    assert_eq!(
        engine.query("chance"),
        "roll:1 1 roll:2 1 roll:3 1 roll:4 1 roll:5 1 roll:6 1"
    );
    engine.exchange(&format!("position startpos moves {START_ROLLS}"));
    assert_eq!(engine.query("tomove"), "p1");
    assert_eq!(engine.query("p1turn"), "true");
    assert_eq!(engine.query("chance"), "none");
    assert_eq!(engine.query("legalmoves").split(' ').count(), 92);
    engine.send("go depth 2");
    let best = bestmove(&engine.until("bestmove"));
    assert_eq!(engine.query(&format!("islegal {best}")), "true");
    engine.exchange(&format!("position startpos moves {START_ROLLS} c6=15"));
    assert_eq!(
        engine.query("tomove"),
        "chance",
        "the capture's dice are re-rolled"
    );
    assert_eq!(
        engine.query("p1turn"),
        "false",
        "p2 decides after the re-rolls, so his engine rolls them"
    );
    assert_eq!(engine.query("islegal roll:5"), "true");
    engine.exchange(&format!(
        "position startpos moves {START_ROLLS} c6=15 roll:5 roll:1 roll:1"
    ));
    assert_eq!(engine.query("tomove"), "p2");
    assert_eq!(engine.query("p1turn"), "false");
    assert_eq!(engine.query("scores"), "none");
    engine.quit();
}

#[test]
fn a_roll_that_is_not_legal_is_refused_and_the_position_stays() {
    let mut engine = start_engine(&["--game", "dwnsiwn"]);
    engine.exchange("position startpos moves roll:3");
    let before = engine.query("fen");
    let due = "(a roll is due: roll:1 roll:2 roll:3 roll:4 roll:5 roll:6)";
    for (moves, why) in [
        ("roll:7".to_string(), due),
        (format!("{START_ROLLS} roll:3"), "(p1 is to decide)"),
        (format!("{START_ROLLS} c6=15 c6=15"), due),
    ] {
        let lines = engine.exchange(&format!("position startpos moves {moves}"));
        assert!(lines.len() == 1 && is_error(&lines[0]), "{why}: {lines:?}");
        assert!(
            lines[0].ends_with(&format!("{why}; the previous position stays")),
            "{lines:?}"
        );
        assert_eq!(engine.query("fen"), before, "{why}");
    }
    // A bad roll is the roller's under `IllegalMove lose`: p1's at the start, p2's after p1's
    // capture.
    engine.exchange("setoption name IllegalMove value lose");
    let lines = engine.exchange("position startpos moves roll:3 roll:0");
    assert!(lines[0].contains("p1 loses the game by it"), "{lines:?}");
    assert_eq!(engine.query("result"), "p2win");
    let lines = engine.exchange(&format!(
        "position startpos moves {START_ROLLS} c6=15 roll:9"
    ));
    assert!(lines[0].contains("p2 loses the game by it"), "{lines:?}");
    assert_eq!(engine.query("result"), "p1win");
    let lines = engine.exchange("go depth 1");
    assert_eq!(lines.last().unwrap(), "bestmove (none)", "the game is over");
    engine.quit();
}

#[test]
fn with_engine_dice_two_engines_play_dwnsiwn_without_roll_tokens() {
    // The same dice from the same `DiceSeed`, whatever their search seeds.
    let start = |seed: u32, dice_seed: u32| {
        let mut engine = dwnsiwn(seed, dice_seed);
        engine.exchange("setoption name Dice value engine");
        engine
    };
    let mut engines = [start(1, 7), start(2, 7)];
    let mut moves: Vec<String> = Vec::new();
    for ply in 0.. {
        let position = position(&moves);
        let fens: Vec<String> = engines
            .iter_mut()
            .map(|e| {
                assert!(e.exchange(&position).is_empty(), "{position}");
                e.query("fen")
            })
            .collect();
        assert_eq!(fens[0], fens[1], "the same dice after {position}");
        let engine = &mut engines[ply % 2];
        if engine.query("gameover") == "true" {
            assert_ne!(engine.query("result"), "none");
            break;
        }
        assert_ne!(engine.query("tomove"), "chance", "the engine has rolled");
        engine.send("go depth 1");
        let best = bestmove(&engine.until("bestmove"));
        assert!(!best.starts_with("roll:"), "{best}");
        moves.push(best);
        assert!(ply < 200, "a game ends");
    }
    let mut other = start(7, 8);
    other.exchange("position startpos");
    let mut same = start(8, 7);
    same.exchange("position startpos");
    assert_ne!(
        other.query("fen"),
        same.query("fen"),
        "another DiceSeed, other dice"
    );
    let ones = ["roll:1"; 20].join(" ");
    same.exchange(&format!("position startpos moves {ones}"));
    assert!(
        same.query("fen").contains(" 11,11,11,"),
        "rolls sent by the runner still count"
    );
    for engine in engines.into_iter().chain([other, same]) {
        engine.quit();
    }
}
