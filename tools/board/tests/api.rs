//! The board's HTTP API: games of every game against tabula, faults, bad input, and the
//! guarantee that the page can choose engines but never name a command.

mod common;

use common::*;
use serde_json::{Value, json};
use tabula::game::GameConfig;
use tabula::registry::Registry;

/// Replays the saved moves through the rules: the result's name and the rules' reason.
fn referee_result(state: &Value) -> (String, Option<String>) {
    let entry = Registry::standard()
        .find(state["game"].as_str().unwrap())
        .copied()
        .unwrap();
    let config = GameConfig {
        players: state["players"].as_u64().unwrap() as usize,
        board: state["board"].as_str().unwrap().to_string(),
    };
    let mut rules = entry.rules(config).unwrap();
    let line = state["save"]["moves"].as_str().unwrap();
    let tokens: Vec<&str> = line.split_whitespace().skip(2).collect();
    rules.set_position(None, &tokens).unwrap();
    let result = rules.outcome().map_or("running".into(), |o| o.name());
    (result, rules.end_reason())
}

/// Plays a person's first legal decision whenever it is his turn, until the game ends or
/// he made `decisions`.
fn play_through(address: std::net::SocketAddr, decisions: usize) -> Value {
    for made in 0.. {
        let state = wait_until(address, 30, |s| !s["end"].is_null() || persons_turn(s));
        if !state["end"].is_null() || made == decisions {
            return state;
        }
        let token = state["legal"][0]["token"].as_str().unwrap().to_string();
        let before = state["plies"].as_u64().unwrap();
        let after = ok(address, "/api/game/1/move", json!({ "token": token }));
        // An engine to move next may have answered already, before the state was taken.
        assert!(after["plies"].as_u64().unwrap() > before);
        assert_eq!(after["moves"][before as usize]["token"], token.as_str());
    }
    unreachable!()
}

#[test]
fn the_page_and_the_catalog_are_served() {
    let address = serve(vec![tabula("ab", "alphabeta")], 500);
    let (status, page) = request(address, "GET", "/game/1", None);
    assert_eq!(status, 200);
    assert!(page.contains("<svg id=\"board\""));
    for file in ["app.js", "form.js", "draw.js", "style.css"] {
        assert_eq!(
            request(address, "GET", &format!("/page/{file}"), None).0,
            200
        );
    }
    assert_eq!(request(address, "GET", "/page/../Cargo.toml", None).0, 404);
    let catalog = get(address, "/api/catalog");
    let names: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, Registry::standard().names());
    assert_eq!(catalog["engines"], json!(["ab"]));
}

#[test]
fn a_person_plays_tabula_in_every_game() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    for entry in Registry::standard().entries() {
        let seats = json!([
            person(),
            engine_seat(0, json!({"kind": "depth", "depth": 2}))
        ]);
        let state = ok(
            address,
            "/api/game/1/new",
            json!({"game": entry.name, "seats": seats, "seed": 7}),
        );
        assert_eq!(state["game"], entry.name);
        assert!(!state["view"]["cells"].as_array().unwrap().is_empty());
        let state = play_through(address, 6);
        let moves = state["moves"].as_array().unwrap();
        let engine_moves = moves.iter().filter(|m| m["mover"] == 1).count();
        // The person's turns: runs of his decisions (a mill gives him a second one).
        let turns = (0..moves.len())
            .filter(|&i| moves[i]["mover"] == 0 && moves.get(i + 1).is_none_or(|m| m["mover"] != 0))
            .count();
        // The engine answers every turn of the person, unless that turn ended the game (a
        // quick engine win ends it after fewer than the 6 decisions asked for).
        let unanswered = usize::from(!state["end"].is_null() && engine_moves < turns);
        assert!(
            engine_moves >= 1 && engine_moves + unanswered >= turns,
            "{}: the engine answered: {}",
            entry.name,
            state["moves"]
        );
        assert!(
            state["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["eval"].is_i64()),
            "{}: the engine's scores are kept",
            entry.name
        );
    }
}

#[test]
fn engines_play_every_game_to_its_end_as_the_rules_say() {
    let address = serve(vec![tabula("random", "random")], 2000);
    for entry in Registry::standard().entries() {
        let seat = engine_seat(0, json!({"kind": "nodes", "nodes": 1}));
        ok(
            address,
            "/api/game/1/new",
            json!({"game": entry.name, "seats": [seat, seat], "seed": 3}),
        );
        let state = wait_until(address, 60, |s| !s["end"].is_null());
        let (result, reason) = referee_result(&state);
        assert_eq!(state["end"]["result"], result.as_str());
        let reason = reason.unwrap_or_else(|| panic!("{}: the rules say why", entry.name));
        assert_eq!(state["end"]["reason"], reason.as_str(), "{}", entry.name);
        let record = ugi::record::GameRecord::parse(state["save"]["record"].as_str().unwrap());
        let record = record.unwrap();
        assert_eq!(record.result, state["end"]["result"].as_str().unwrap());
        assert_eq!(record.scores.iter().sum::<f64>(), 1.0, "{}", entry.name);
    }
}

#[test]
fn four_players_of_dwindle_and_a_person_among_them() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let engine = engine_seat(0, json!({"kind": "depth", "depth": 1}));
    let setup = json!({"game": "dwindle", "players": 4, "board": "dw7",
        "seats": [person(), engine, engine, engine]});
    let state = ok(address, "/api/game/1/new", setup);
    assert_eq!(
        (state["players"].as_u64(), state["board"].as_str()),
        (Some(4), Some("dw7"))
    );
    let state = play_through(address, 400);
    assert!(!state["end"].is_null());
    assert_eq!(state["end"]["result"], referee_result(&state).0.as_str());
    let movers: std::collections::HashSet<u64> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["mover"].as_u64())
        .collect();
    assert!(movers.len() >= 3, "several players moved: {movers:?}");
}

#[test]
fn dwnsiwn_dice_come_from_the_seed_or_from_the_person() {
    let address = serve(vec![tabula("random", "random")], 2000);
    let seat = engine_seat(0, json!({"kind": "nodes", "nodes": 1}));
    let play = |seed: u64| {
        ok(
            address,
            "/api/game/1/new",
            json!({"game": "dwnsiwn", "seats": [seat, seat], "seed": seed}),
        );
        let state = wait_until(address, 60, |s| !s["end"].is_null());
        assert_eq!(state["seed"], seed);
        let rolls: Vec<String> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["mover"].is_null())
            .map(|m| m["token"].as_str().unwrap().to_string())
            .collect();
        assert!(!rolls.is_empty());
        rolls
    };
    assert_eq!(play(11), play(11), "one seed, one stream of rolls");
    let manual = json!({"game": "dwnsiwn", "seats": [person(), person()], "dice": "manual"});
    let state = ok(address, "/api/game/1/new", manual);
    assert_eq!(state["turn"]["kind"], "chance");
    let rolls: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap())
        .collect();
    assert!(rolls.iter().all(|t| t.starts_with("roll:")), "{rolls:?}");
    let mut after = ok(address, "/api/game/1/move", json!({"token": rolls[2]}));
    assert_eq!(after["moves"][0]["token"], rolls[2]);
    while after["turn"]["kind"] == "chance" {
        after = ok(address, "/api/game/1/move", json!({"token": "roll:1"}));
    }
    assert_eq!(after["turn"]["kind"], "player");
    let (status, reply) = post(address, "/api/game/1/move", json!({"token": "roll:1"}));
    assert_eq!(status, 400, "no roll while a player is to move: {reply}");
}

#[test]
fn a_faulty_engine_loses_and_the_server_goes_on() {
    let engines = vec![
        faulty("crash", "exit 3"),
        faulty("liar", "echo bestmove zz9"),
        faulty("sleeper", "sleep 5"),
        tabula("ab", "alphabeta"),
    ];
    let address = serve(engines, 100);
    let cases = [
        (0, "the engine exited"),
        (1, "illegal move 'zz9'"),
        (2, "no answer in time"),
    ];
    for (engine, reason) in cases {
        let seats = json!([
            engine_seat(engine, json!({"kind": "movetime", "ms": 100})),
            person()
        ]);
        ok(
            address,
            "/api/game/1/new",
            json!({"game": "splinter", "seats": seats}),
        );
        let state = wait_until(address, 20, |s| !s["end"].is_null());
        assert_eq!(state["end"]["result"], "p1loses");
        let text = state["end"]["reason"].as_str().unwrap();
        assert!(text.contains(reason), "{text}");
        assert!(state["seats"][0]["fault"].is_string());
        assert!(
            state["save"]["record"]
                .as_str()
                .unwrap()
                .contains("\tscores=0,1\t")
        );
        ok(address, "/api/game/1/restart", json!({"seat": 0}));
    }
    // After all that, a sound engine still plays.
    let seats = json!([
        engine_seat(3, json!({"kind": "depth", "depth": 1})),
        person()
    ]);
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "splinter", "seats": seats}),
    );
    wait_until(address, 20, |s| s["plies"] == 1);
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let seats = json!([
        person(),
        engine_seat(0, json!({"kind": "depth", "depth": 1}))
    ]);
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "tumbling-down", "seats": seats}),
    );
    let before = get(address, "/api/game/1/state");
    for token in ["zz", "", "a1a1\nquit", "b1a1t b1a1t"] {
        let (status, reply) = post(address, "/api/game/1/move", json!({ "token": token }));
        assert_eq!(status, 400, "{token:?}");
        assert!(reply["error"].is_string(), "{reply}");
    }
    let bad_setups = [
        json!({"game": "chess", "seats": [person(), person()]}),
        json!({"game": "dwindle", "players": 7, "seats": vec![person(); 7]}),
        json!({"game": "dwindle", "board": "dw5", "seats": [person(), person()]}),
        json!({"game": "dimraw", "seats": [person()]}),
        json!({"game": "dimraw", "seats": [person(), engine_seat(9, json!({"kind": "depth", "depth": 1}))]}),
        json!({"game": "dimraw", "seats": [person(), {"engine": 0}]}),
        json!({"game": "dimraw", "seats": [person(), {"engine": 0, "limit": {"kind": "depth", "depth": 1},
            "options": [["Hash", "1\nquit"]]}]}),
    ];
    for setup in bad_setups {
        let (status, reply) = post(address, "/api/game/1/new", setup.clone());
        assert_eq!(status, 400, "{setup}");
        assert!(reply["error"].is_string(), "{reply}");
    }
    let (status, _) = post(
        address,
        "/api/game/1/load",
        json!({"text": "startpos moves zz"}),
    );
    assert_eq!(status, 400);
    let (status, _) = post(address, "/api/game/1/show", json!({"ply": 99}));
    assert_eq!(status, 400);
    let (status, _) = post(
        address,
        "/api/game/1/preview",
        json!({"ply": 0, "tokens": ["zz"]}),
    );
    assert_eq!(status, 400);
    for (path, body) in [
        ("/api/game/1/new", json!("not an object")),
        ("/api/game/1/move", json!({"tok": "a1"})),
    ] {
        let (status, reply) = post(address, path, body);
        assert_eq!(status, 400);
        assert!(reply["error"].is_string(), "{reply}");
    }
    let after = get(address, "/api/game/1/state");
    assert_eq!(after["save"], before["save"]);
    assert_eq!(after["game"], "tumbling-down");
}

#[test]
fn the_page_cannot_make_the_server_run_a_command() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let marker = std::env::temp_dir().join(format!("board-marker-{}", std::process::id()));
    let command = format!("touch {}", marker.display());
    let attempts = [
        json!({"game": "dimraw", "seats": [person(), {"engine": command, "limit": {"kind": "depth", "depth": 1}}]}),
        json!({"game": "dimraw", "seats": [person(), {"cmd": command, "engine": 0, "limit": {"kind": "depth", "depth": 1}}]}),
        json!({"game": "dimraw", "cmd": command, "seats": [person(), person()]}),
        json!({"game": "dimraw", "seats": [person(), {"engine": 0, "limit": {"kind": "depth", "depth": 1},
            "options": [[format!("Hash value 1\n{command}"), "1"]]}]}),
    ];
    for attempt in attempts {
        assert!(
            post(address, "/api/game/1/new", attempt.clone()).0 >= 400,
            "{attempt}"
        );
    }
    // A fence instead of a wait: the board starts an engine of its own list, which answers a
    // move; a process started for any attempt above would have been started before it.
    let engine = json!({"engine": 0, "limit": {"kind": "depth", "depth": 1}});
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": [engine, person()]}),
    );
    wait_until(address, 20, |s| s["plies"].as_u64() >= Some(1));
    assert!(!marker.exists(), "a command ran");
}

#[test]
fn positions_load_save_step_and_take_back() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": [person(), person()]}),
    );
    let state = ok(
        address,
        "/api/game/1/load",
        json!({"text": "startpos moves @0 @5 @1"}),
    );
    assert_eq!(
        (state["plies"].as_u64(), state["paused"].as_bool()),
        (Some(3), Some(true))
    );
    assert_eq!(state["save"]["moves"], "startpos moves @0 @5 @1");
    assert_eq!(state["last_move"]["to"], 1, "the last move is highlighted");
    let fen = state["save"]["fen"].as_str().unwrap().to_string();
    let stepped = ok(address, "/api/game/1/show", json!({"ply": 1}));
    assert_eq!(stepped["view"]["pieces"].as_array().unwrap().len(), 1);
    assert!(
        stepped["legal"].as_array().unwrap().is_empty(),
        "no clicking in the past"
    );
    ok(address, "/api/game/1/show", json!({"ply": 3}));
    let loaded = ok(address, "/api/game/1/load", json!({ "text": fen.clone() }));
    assert_eq!(
        (loaded["plies"].as_u64(), loaded["save"]["fen"].as_str()),
        (Some(0), Some(fen.as_str()))
    );
    // An arena record line replays with its moves.
    let record = "game=0\tsample=0\trotation=0\tseats=a,b\topening=startpos moves @0\tresult=none\tscores=\treason=x\tplies=2\tmoves=@5 @1\ttimes=0 0\tnotes=";
    let replayed = ok(address, "/api/game/1/load", json!({ "text": record }));
    assert_eq!(replayed["save"]["moves"], "startpos moves @0 @5 @1");
    let again = ok(
        address,
        "/api/game/1/load",
        json!({ "text": replayed["save"]["record"] }),
    );
    assert_eq!(again["save"]["moves"], "startpos moves @0 @5 @1");
    // So does a game exported by the arena (the first, if there are several).
    let record = ugi::record::GameRecord::parse(record).unwrap();
    let exported = ugi::export::write(&record, "dimraw") + &ugi::export::write(&record, "dimraw");
    let from_export = ok(address, "/api/game/1/load", json!({ "text": exported }));
    assert_eq!(from_export["save"]["moves"], "startpos moves @0 @5 @1");
    let (status, _) = post(
        address,
        "/api/game/1/load",
        json!({ "text": ugi::export::write(&record, "dwindle") }),
    );
    assert_ne!(status, 200, "a game of another variant is refused");
    // Taking back with two people undoes the last move.
    let back = ok(address, "/api/game/1/takeback", json!({}));
    assert_eq!(back["plies"], 2);
    let preview = ok(
        address,
        "/api/game/1/preview",
        json!({"ply": 2, "tokens": ["@1", "@7"]}),
    );
    assert_eq!(preview["view"]["pieces"].as_array().unwrap().len(), 4);
}

#[test]
fn analysis_reports_several_lines_until_stopped() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "tumbling-down", "seats": [person(), person()]}),
    );
    ok(
        address,
        "/api/game/1/analyse",
        json!({"engine": 0, "multipv": 3}),
    );
    let state = wait_until(address, 20, |s| {
        s["analysis"]["lines"]
            .as_array()
            .is_some_and(|l| l.len() == 3)
    });
    assert_eq!(state["analysis"]["running"], true);
    ok(address, "/api/game/1/analyse/stop", json!({}));
    let state = wait_until(address, 10, |s| s["analysis"]["running"] == false);
    assert!(
        state["analysis"]["lines"][0]["pv"]
            .as_array()
            .is_some_and(|pv| !pv.is_empty())
    );
}

#[test]
fn a_persons_clock_runs_out() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let clock = json!({"engine": null, "limit": {"kind": "clock", "base_ms": 150, "inc_ms": 0}});
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": [clock, person()]}),
    );
    let state = wait_until(address, 10, |s| !s["end"].is_null());
    assert_eq!(state["end"]["result"], "p1loses");
    assert!(
        state["end"]["reason"]
            .as_str()
            .unwrap()
            .contains("lost on time")
    );
}

#[test]
fn engines_on_a_clock_get_every_clock_and_keep_theirs() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let clock = engine_seat(0, json!({"kind": "clock", "base_ms": 5000, "inc_ms": 100}));
    ok(
        address,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": [clock, person()]}),
    );
    let state = wait_until(address, 20, |s| s["plies"] == 1);
    let left = state["seats"][0]["clock"]["left_ms"].as_i64().unwrap();
    assert!(left < 5100 && left > 0, "{left}");
    assert_eq!(state["seats"][0]["clock"]["running"], false);
}

#[test]
fn the_event_stream_carries_the_state() {
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    let (_stream, state) = watch(address);
    assert!(state["view"]["cells"].is_array());
}
