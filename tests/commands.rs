//! The command-line tools other than the engine: what `--game` selects, what `datagen`
//! refuses, and `net`'s description of a network file.

mod common;

use std::process::Command;

use common::nets::{fixed_net, with_policy, write_net};
use tabula::game::Inputs;
use tabula::games::dimraw::Dimraw;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::net::file::encode;

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
fn datagen_refuses_drawing_by_visits_without_mcts_and_writes_nothing() {
    let out = std::env::temp_dir().join(format!("datagen-refused-{}", std::process::id()));
    let out = out.to_string_lossy().to_string();
    for (args, reason) in [
        (&["--sample-plies", "3"][..], "needs --search mcts"),
        (&["--search", "random"], "random"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["--game", "dimraw", "datagen", "--games", "1", "--out", &out])
            .args(args)
            .output()
            .expect("run tabula");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} is refused");
        assert!(error.contains(reason), "{args:?}: {error}");
        assert!(
            !std::path::Path::new(&out).exists(),
            "{args:?} wrote a file"
        );
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

/// The value of `net`'s line that starts with `name`.
fn field<'a>(lines: &'a [String], name: &str) -> &'a str {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no '{name}' line in {lines:?}"))
}

#[test]
fn net_describes_every_built_in_net_and_says_this_build_reads_it() {
    let mut seen = 0;
    for game in std::fs::read_dir("src/games").unwrap() {
        let folder = game.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(folder).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_none_or(|e| e != "tnet") {
                continue;
            }
            let lines = lines_of(&["net", path.to_str().unwrap()]);
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(field(&lines, "name"), name);
            let game = field(&lines, "game");
            assert!(name.starts_with(&format!("{game}-")), "{lines:?}");
            assert!(field(&lines, "layers").contains("(clipped ReLU) -> 1"));
            let content = field(&lines, "hashes").split(' ').nth(1).unwrap();
            assert!(name.contains(content.trim_end_matches(',')), "{lines:?}");
            assert_eq!(
                field(&lines, "loads"),
                format!("yes: {game} reads it; it is the built-in net")
            );
            seen += 1;
        }
    }
    assert!(seen >= 4, "{seen} built-in nets");
}

#[test]
fn net_shows_the_shape_and_heads_of_a_net_it_was_given() {
    let (shape, weights) = fixed_net::<Splinter>(32);
    let weights = with_policy(weights, 32, Splinter::POLICY_SPACE);
    let path = write_net(&encode(&shape, &weights).unwrap(), "described");
    let lines = lines_of(&["net", &path]);
    assert_eq!(field(&lines, "game"), "splinter");
    let inputs = shape.inputs;
    assert_eq!(
        field(&lines, "layers"),
        format!("{inputs} -> 32 (clipped ReLU) -> 1")
    );
    assert!(
        field(&lines, "inputs")
            .starts_with(&format!("{inputs} (layout hash {:016x}", shape.layout))
    );
    assert_eq!(
        field(&lines, "scales"),
        "QA 255, QB 64; 400 centipawns per tenfold in the odds of winning"
    );
    let moves = Splinter::POLICY_SPACE;
    assert!(field(&lines, "heads").contains(&format!("policy ({moves} outputs")));
    assert_eq!(field(&lines, "loads"), "yes: splinter reads it");
    let (shape, weights) = fixed_net::<Dimraw>(16);
    let path = write_net(&encode(&shape, &weights).unwrap(), "no-policy");
    let lines = lines_of(&["net", &path]);
    assert_eq!(field(&lines, "heads"), "value (1 output); no policy head");
}

#[test]
fn net_says_why_this_build_would_not_load_a_net_of_another_game_or_inputs() {
    let (mut shape, weights) = fixed_net::<TumblingDown>(16);
    shape.game = "dimraw".to_string();
    let path = write_net(&encode(&shape, &weights).unwrap(), "other-inputs");
    let loads = lines_of(&["net", &path]);
    let loads = field(&loads, "loads");
    assert!(loads.starts_with("no: the network's inputs"), "{loads}");
    shape.game = "chess".to_string();
    let path = write_net(&encode(&shape, &weights).unwrap(), "unknown-game");
    let lines = lines_of(&["net", &path]);
    assert_eq!(field(&lines, "loads"), "no: this build has no game 'chess'");
}

#[test]
fn net_refuses_what_is_not_a_whole_network_file() {
    let (shape, weights) = fixed_net::<Dimraw>(16);
    let mut bytes = encode(&shape, &weights).unwrap();
    bytes.pop();
    let cut = write_net(&bytes, "cut");
    for (file, why) in [
        ("README.md", "not a tabula network"),
        ("src", "not a regular file"),
        ("/dev/null", "not a regular file"),
        ("no-such-file.tnet", "cannot read it"),
        (cut.as_str(), "bytes; its header says"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["net", file])
            .output()
            .expect("run tabula");
        assert!(!output.status.success(), "{file} is refused");
        assert!(output.stdout.is_empty(), "{file}: nothing described");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains(&format!("error: '{file}': ")) && error.contains(why),
            "{file}: {error}"
        );
    }
}
