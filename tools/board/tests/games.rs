//! Several games at once: each at its own address, independent, within the server's caps on
//! games and engines; and engines that end with their game and with the server.

mod common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

fn persons(game: &str) -> Value {
    json!({"game": game, "seats": [person(), person()]})
}

fn engines_vs(limit: Value) -> Value {
    let seat = json!({"engine": 0, "limit": limit, "options": [["Threads", "1"]]});
    json!({"game": "tumbling-down", "seats": [seat, seat]})
}

#[test]
fn two_games_at_two_addresses_stay_independent() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let (status, _) = request(address, "GET", "/", None);
    assert_eq!(status, 303, "/ goes to the newest game");
    ok(address, "/api/game/1/new", persons("dimraw"));
    let second = ok(address, "/api/games", persons("splinter"));
    assert_eq!(second["id"], 2);
    assert_eq!(request(address, "GET", "/game/2", None).0, 200);
    ok(address, "/api/game/2/move", json!({"token": "h7h8"}));
    ok(address, "/api/game/1/move", json!({"token": "@0"}));
    let (one, two) = (
        get(address, "/api/game/1/state"),
        get(address, "/api/game/2/state"),
    );
    assert_eq!(
        (one["game"].as_str(), one["plies"].as_u64()),
        (Some("dimraw"), Some(1))
    );
    assert_eq!(
        (two["game"].as_str(), two["plies"].as_u64()),
        (Some("splinter"), Some(1))
    );
    let listed = get(address, "/api/games");
    assert_eq!(listed["games"].as_array().unwrap().len(), 2, "{listed}");

    // What a reload reads back: the game's own setup, the seed filled in.
    let seat = json!({"engine": 0, "limit": {"kind": "nodes", "nodes": 500},
        "options": [["Threads", "1"], ["Search", "mcts"]]});
    let setup = json!({"game": "dwnsiwn", "seats": [person(), seat], "seed": 11});
    ok(address, "/api/game/2/new", setup);
    let state = get(address, "/api/game/2/state");
    assert_eq!(
        state["setup"]["seats"][1]["limit"],
        json!({"kind": "nodes", "nodes": 500})
    );
    assert_eq!(
        state["setup"]["seats"][1]["options"][1],
        json!(["Search", "mcts"])
    );
    assert_eq!(
        (state["setup"]["seed"].as_u64(), state["id"].as_u64()),
        (Some(11), Some(2))
    );

    ok(address, "/api/game/2/close", json!({}));
    let (status, body) = request(address, "GET", "/api/game/2/state", None);
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("there is no game 2"), "{body}");
    assert_eq!(request(address, "GET", "/game/9", None).0, 404);
    assert_eq!(get(address, "/api/game/1/state")["plies"], 1);
}

#[test]
fn the_server_caps_games_and_engines() {
    let address = serve_config(vec![tabula("ab", "alphabeta")], |config| {
        config.max_games = 3;
        config.max_engines = 3;
    });
    let depth = json!({"kind": "depth", "depth": 1});
    // Game 1 (a person against the engine) runs one engine; two more fit, three do not.
    let (status, reply) = post(address, "/api/games", engines_vs(depth.clone()));
    assert_eq!(status, 200, "{reply}");
    let (status, reply) = post(address, "/api/games", engines_vs(depth.clone()));
    assert_eq!(status, 400);
    assert!(
        reply["error"].as_str().unwrap().contains("--max-engines"),
        "{reply}"
    );
    let (status, reply) = post(address, "/api/game/1/analyse", json!({"engine": 0}));
    assert_eq!(
        status, 400,
        "the game's engine and an analysis would make four"
    );
    assert!(
        reply["error"].as_str().unwrap().contains("--max-engines"),
        "{reply}"
    );
    ok(address, "/api/games", persons("dimraw"));
    let (status, reply) = post(address, "/api/games", persons("dimraw"));
    assert_eq!(status, 400);
    assert!(
        reply["error"].as_str().unwrap().contains("--max-games"),
        "{reply}"
    );
    ok(address, "/api/game/3/close", json!({}));
    ok(address, "/api/games", persons("dimraw"));
}

/// The processes under `root` (its children, theirs, and so on), but for the board's watcher,
/// which lives as long as the board.
fn descendants(root: u32) -> Vec<u32> {
    let watcher = |pid: u32| {
        std::fs::read(format!("/proc/{pid}/cmdline"))
            .is_ok_and(|line| line.ends_with(b"--watcher\0"))
    };
    let mut parents: Vec<(u32, u32)> = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The fields after the command's closing parenthesis: state, then the parent.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        if let Some(ppid) = after.split(' ').nth(1).and_then(|p| p.parse().ok()) {
            parents.push((pid, ppid));
        }
    }
    let mut found = vec![root];
    let mut k = 0;
    while k < found.len() {
        let parent = found[k];
        found.extend(
            parents
                .iter()
                .filter(|p| p.1 == parent && !watcher(p.0))
                .map(|p| p.0),
        );
        k += 1;
    }
    found.split_off(1)
}

/// Whether process `pid` still runs (a zombie has ended).
fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| !stat[stat.rfind(')').unwrap() + 2..].starts_with('Z'))
}

/// Waits until `done` holds, checking every few milliseconds (panics after 20 s).
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A process that is killed if the test fails before it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The board binary started with `args`, and the lines it prints.
fn start_board(args: &[&str]) -> (Killed, BufReader<ChildStdout>) {
    let mut board = Command::new(BOARD)
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = BufReader::new(board.stdout.take().unwrap());
    (Killed(board), out)
}

/// The address in the next line the board printed (`... http://<address>/`), if it names
/// one, and the line.
fn printed_address(out: &mut BufReader<ChildStdout>) -> (Option<SocketAddr>, String) {
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let address = line.find("http://").map(|from| {
        line[from + 7..]
            .trim()
            .trim_end_matches('/')
            .parse()
            .unwrap()
    });
    (address, line)
}

#[test]
fn engines_end_with_their_game_and_with_the_server() {
    // The board as a user starts it, with tabula's own engines.
    let (mut process, mut out) = start_board(&["--port", "0"]);
    let board = &mut process.0;
    let address = printed_address(&mut out).0.expect("an address");
    let probes = descendants(board.id());
    wait_for("the engines read at start end", || {
        probes.iter().all(|&p| !runs(p))
    });

    let movetime = json!({"kind": "movetime", "ms": 1000});
    ok(address, "/api/games", engines_vs(movetime.clone()));
    wait_for("two engines start", || descendants(board.id()).len() >= 2);
    let game_two = descendants(board.id());
    ok(address, "/api/game/2/close", json!({}));
    wait_for("the closed game's engines end", || {
        game_two.iter().all(|&p| !runs(p))
    });

    ok(address, "/api/games", engines_vs(movetime));
    wait_for("two engines start", || descendants(board.id()).len() >= 2);
    let game_three = descendants(board.id());
    Command::new("kill")
        .args(["-TERM", &board.id().to_string()])
        .status()
        .unwrap();
    assert!(board.wait().unwrap().success(), "the board ends cleanly");
    wait_for("the engines end with the server", || {
        game_three.iter().all(|&p| !runs(p))
    });
}

#[test]
fn engines_and_their_children_end_when_the_board_is_killed() {
    // An engine whose command needs a shell and leaves a child of its own behind it, as a
    // wrapper script does: only the board's watcher can end that child once the board dies.
    let engine = format!("cmd=sleep 300 & exec '{BOARD}' --ugi");
    let (mut process, mut out) = start_board(&["--port", "0", "--engine", &engine, "name=wrapped"]);
    let board = &mut process.0;
    let address = printed_address(&mut out).0.expect("an address");
    let movetime = json!({"kind": "movetime", "ms": 500});
    ok(address, "/api/games", engines_vs(movetime));
    // For each seat the engine and its sleeping child.
    wait_for("two engines and their children start", || {
        descendants(board.id()).len() >= 4
    });
    let started = descendants(board.id());
    board.kill().unwrap();
    board.wait().unwrap();
    wait_for("no process outlives the board", || {
        started.iter().all(|&p| !runs(p))
    });
}

#[test]
fn a_board_on_every_address_prints_one_that_works_and_answers_its_own() {
    let (_process, mut out) = start_board(&["--listen", "0.0.0.0", "--port", "0"]);
    let (address, first) = printed_address(&mut out);
    let address = address.expect("an address");
    assert!(address.ip().is_loopback(), "{first}");
    assert_eq!(get(address, "/api/games")["games"][0]["id"], 1);
    // The machine's own address, where it has one besides loopback.
    if let (Some(own), second) = printed_address(&mut out) {
        assert!(
            !own.ip().is_unspecified() && !own.ip().is_loopback(),
            "{second}"
        );
        assert_eq!(request(own, "GET", "/game/1", None).0, 200, "{second}");
    }
    let unspecified = format!("Host: 0.0.0.0:{}", address.port());
    let (status, _) = raw_request(address, "GET", "/game/1", &[&unspecified], "");
    assert_eq!(status, 403, "0.0.0.0 is no address to open");
}
