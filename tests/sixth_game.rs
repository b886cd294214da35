//! A sixth game is its own module and one registry entry: the tests' toy dice race, registered
//! with [`Entry::of`] exactly as `src/games/mod.rs` registers the games, is offered and
//! played through the protocol with no other change anywhere.

mod common;

use std::time::{Duration, Instant};

use common::SharedBuffer;
use common::dice_race::DiceRace;
use tabula::protocol::Engine;
use tabula::protocol::output::Output;
use tabula::registry::{Entry, Registry};

/// An engine offering the registered games and the dice race, and the buffer it writes to.
fn engine() -> (Engine, SharedBuffer) {
    let registry = Registry::standard().with(Entry::of::<DiceRace>());
    let buffer = SharedBuffer::default();
    let output = Output::to(Box::new(buffer.clone()));
    let engine = Engine::with_registry(registry, "dicerace", output).expect("a registered game");
    (engine, buffer)
}

/// Sends `command` and returns the lines it wrote (waiting for `bestmove` after `go`).
fn exchange(engine: &mut Engine, buffer: &SharedBuffer, command: &str) -> Vec<String> {
    let before = buffer.text().lines().count();
    engine.handle(command);
    let deadline = Instant::now() + Duration::from_secs(30);
    while command.starts_with("go") && !buffer.text().contains("bestmove") {
        assert!(Instant::now() < deadline, "no bestmove after '{command}'");
        std::thread::sleep(Duration::from_millis(5));
    }
    buffer
        .text()
        .lines()
        .skip(before)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_dice_race_is_offered_beside_the_five_games() {
    let (mut engine, buffer) = engine();
    let lines = exchange(&mut engine, &buffer, "ugi");
    let names = Registry::standard().names();
    let expected = format!(
        "option name UCI_Variant type combo default {} var {} var dicerace",
        names[0],
        names.join(" var ")
    );
    assert!(lines.contains(&expected), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("ugiok"));
}

#[test]
fn the_dice_race_plays_through_the_protocol() {
    let (mut engine, buffer) = engine();
    let ask = |engine: &mut Engine, command: &str| exchange(engine, &buffer, command).join("\n");
    assert_eq!(ask(&mut engine, "query legalmoves"), "response s1 s2 s3");
    ask(&mut engine, "position startpos moves s2");
    assert_eq!(ask(&mut engine, "query tomove"), "response chance");
    assert_eq!(
        ask(&mut engine, "query chance"),
        "response r1 1 r2 2 r3 3 r4 4"
    );
    ask(&mut engine, "position startpos moves s2 r2");
    assert_eq!(ask(&mut engine, "query fen"), "response 4 0 1 step");
    let search = ask(&mut engine, "go depth 3");
    assert!(search.contains("info depth 3 "), "{search}");
    let best = search
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    assert!(["s1", "s2", "s3"].contains(&best), "{search}");
    ask(&mut engine, "position fen 58 10 0 step moves s2");
    assert_eq!(ask(&mut engine, "query result"), "response p1win");
    assert_eq!(
        ask(&mut engine, "go depth 2").lines().last(),
        Some("bestmove (none)")
    );
    let refused = ask(&mut engine, "position startpos moves s4");
    assert!(refused.starts_with("info string error "), "{refused}");
    assert_eq!(ask(&mut engine, "query fen"), "response 60 10 0 roll");
    ask(&mut engine, "setoption name UCI_Variant value dimraw");
    assert_eq!(ask(&mut engine, "query players"), "response 2");
    assert!(ask(&mut engine, "query legalmoves").starts_with("response @0 "));
}
