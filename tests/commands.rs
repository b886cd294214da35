//! The command-line tools other than the engine: what `--game` selects.

use std::process::Command;

/// Runs `tabula` with `args` and returns its standard output's lines.
fn lines_of(args: &[&str]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("run tabula");
    assert!(output.status.success(), "tabula {args:?} failed");
    String::from_utf8(output.stdout)
        .expect("text output")
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn bench_with_a_game_searches_that_game_alone() {
    let lines = lines_of(&["bench", "1", "--game", "dimraw"]);
    let (total, positions) = lines.split_last().expect("a total line");
    assert_eq!(
        positions.len(),
        4,
        "Dimraw's four bench positions: {lines:?}"
    );
    let mut nodes = 0;
    for line in positions {
        assert!(line.contains(" dimraw "), "{line}");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").expect("nodes");
        nodes += words[at + 1].parse::<u64>().expect("a count");
    }
    assert!(
        total.starts_with(&format!("{nodes} nodes ")),
        "the total is Dimraw's: {total}"
    );
}

#[test]
fn bench_on_two_threads_gives_each_position_s_time_to_the_depth() {
    let lines = lines_of(&["bench", "3", "--game", "dimraw", "--threads", "2"]);
    let (total, positions) = lines.split_last().expect("a total line");
    assert_eq!(positions.len(), 4, "{lines:?}");
    for line in positions {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "time").expect("a time");
        words[at + 1].parse::<u64>().expect("milliseconds");
    }
    assert!(total.ends_with(" nps"), "{total}");
}

#[test]
fn bench_playouts_with_a_game_plays_that_game_alone() {
    let lines = lines_of(&["bench-playouts", "--game", "dwindle", "--seconds", "0.05"]);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("dwindle playouts "), "{}", lines[0]);
}

#[test]
fn zero_threads_plies_and_absurd_depths_are_refused() {
    for args in [
        &["bench-mcts", "--threads", "0"][..],
        &["bench-mcts", "--plies", "0"],
        &["selfplay", "--threads", "0"],
        &["perft", "--depth", "21"],
        &["bench", "21"],
        &["bench", "--threads", "0"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .output()
            .expect("run tabula");
        assert!(!output.status.success(), "{args:?} is refused");
        assert!(output.stdout.is_empty(), "{args:?} runs nothing");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("error"), "{args:?}: {error}");
    }
}

#[test]
fn selfplay_plays_every_game_with_rolls_from_a_seed() {
    let dice = |seed: &str| {
        let args = [
            "selfplay", "--game", "dwnsiwn", "--depth", "1", "--seed", seed,
        ];
        let lines = lines_of(&args);
        assert!(lines.last().unwrap().starts_with("result p"), "{lines:?}");
        let rolls: Vec<String> = lines
            .iter()
            .filter(|l| l.contains(": chance plays roll:"))
            .cloned()
            .collect();
        assert!(rolls.len() >= 20, "{rolls:?}");
        rolls
    };
    assert_eq!(dice("5"), dice("5"), "the same seed rolls the same dice");
    assert_ne!(dice("5"), dice("6"));
    let lines = lines_of(&[
        "selfplay",
        "--game",
        "dwindle",
        "--players",
        "3",
        "--board",
        "dw7",
        "--search",
        "random",
    ]);
    assert!(
        lines.iter().any(|l| l.starts_with("ply 1: p1 plays")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("ply 3: p3 plays")),
        "three players"
    );
    assert!(lines.last().unwrap().starts_with("result "), "{lines:?}");
    let lines = lines_of(&[
        "selfplay",
        "--game",
        "splinter",
        "--search",
        "mcts",
        "--movetime",
        "5",
    ]);
    assert!(lines.last().unwrap().starts_with("result "), "{lines:?}");
    for args in [
        &["selfplay", "--game", "dwindle", "--board", "dw5"][..],
        &["selfplay", "--game", "dwindle", "--players", "7"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
    }
}
