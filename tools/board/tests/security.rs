//! The board answers only its own page: every probe of a page elsewhere (another Host, another
//! Origin, a request any page may send without a preflight) is refused with a 4xx and a clear
//! message, and everything a page may ask of an engine is bounded by the server.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use board::bounds::Bounds;
use common::*;
use serde_json::{Value, json};
use ugi::engine::EngineSpec;

/// A board with a person against tabula at depth 1, and the state it starts in.
fn started(bounds: Bounds) -> (SocketAddr, Value) {
    let address = serve_with(vec![tabula("ab", "alphabeta")], 2000, bounds);
    let seats = json!([person(), person()]);
    let state = ok(
        address,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": seats}),
    );
    ok(address, "/api/game/1/move", json!({"token": "@0"}));
    (address, state)
}

/// The page's token, read from its HTML as the page reads it.
fn token(address: SocketAddr) -> String {
    let (status, page) = request(address, "GET", "/game/1", None);
    assert_eq!(status, 200);
    let from = page.find("name=\"board-token\" content=\"").unwrap() + 28;
    page[from..from + 32].to_string()
}

/// Asserts a 403 whose JSON error says `why`.
fn forbidden((status, body): (u16, String), why: &str) {
    assert_eq!(status, 403, "{body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains(why), "{body}");
}

fn plies(address: SocketAddr) -> u64 {
    get(address, "/api/game/1/state")["plies"].as_u64().unwrap()
}

#[test]
fn a_foreign_host_gets_nothing_and_changes_nothing() {
    let (address, _) = started(Bounds::default());
    let evil = ["Host: evil.example", "Content-Type: application/json"];
    for path in [
        "/",
        "/api/game/1/state",
        "/api/catalog",
        "/api/game/1/events",
        "/page/app.js",
    ] {
        forbidden(raw_request(address, "GET", path, &evil, ""), "evil.example");
    }
    let new = json!({"game": "splinter", "seats": [person(), person()]}).to_string();
    let answer = raw_request(address, "POST", "/api/game/1/new", &evil, &new);
    forbidden(answer, "is not one this board answers to");
    let other_port = format!("Host: 127.0.0.1:{}", address.port() + 1);
    forbidden(
        raw_request(address, "GET", "/", &[&other_port], ""),
        "127.0.0.1",
    );
    assert_eq!(get(address, "/api/game/1/state")["game"], "dimraw");
    let localhost = format!("Host: localhost:{}", address.port());
    assert_eq!(
        raw_request(address, "GET", "/game/1", &[&localhost], "").0,
        200
    );
}

#[test]
fn a_request_any_page_may_send_cannot_change_the_board() {
    let (address, _) = started(Bounds::default());
    let host = format!("Host: {address}");
    // Bodiless, text/plain and from another origin: a "simple" request needs no preflight.
    for path in [
        "/api/game/1/takeback",
        "/api/game/1/analyse/stop",
        "/api/game/1/pause",
    ] {
        let foreign = [
            host.as_str(),
            "Origin: http://evil.example",
            "Content-Type: text/plain",
        ];
        forbidden(
            raw_request(address, "POST", path, &foreign, ""),
            "evil.example",
        );
        let no_origin = [host.as_str(), "Content-Type: text/plain"];
        forbidden(
            raw_request(address, "POST", path, &no_origin, ""),
            "x-board-token",
        );
    }
    let guessed = [
        host.as_str(),
        "X-Board-Token: 0123",
        "Content-Type: application/json",
    ];
    forbidden(
        raw_request(address, "POST", "/api/game/1/takeback", &guessed, "{}"),
        "token",
    );
    assert_eq!(plies(address), 1, "nothing was taken back");

    // The page's own token works without an Origin, but only with a JSON body.
    let token = format!("X-Board-Token: {}", token(address));
    let (status, body) = raw_request(
        address,
        "POST",
        "/api/game/1/takeback",
        &[&host, &token],
        "",
    );
    assert!((400..500).contains(&status), "{status} {body}");
    assert!(body.contains("Content-Type"), "{body}");
    let json_body = [host.as_str(), &token, "Content-Type: application/json"];
    let (status, body) = raw_request(address, "POST", "/api/game/1/takeback", &json_body, "{}");
    assert_eq!(status, 200, "{body}");
    assert_eq!(plies(address), 0);
}

#[test]
fn every_limit_the_page_gives_is_bounded_by_the_server() {
    let bounds = Bounds {
        max_threads: 1,
        max_hash_mib: 256,
        ..Bounds::default()
    };
    let (address, _) = started(bounds);
    let engine = |limit: Value, options: Value| {
        let seat = json!({"engine": 0, "limit": limit, "options": options});
        json!({"game": "dimraw", "seats": [person(), seat]})
    };
    let depth = json!({"kind": "depth", "depth": 1});
    let probes = [
        (
            engine(json!({"kind": "movetime", "ms": u64::MAX}), json!([])),
            "movetime",
        ),
        (
            engine(json!({"kind": "nodes", "nodes": u64::MAX}), json!([])),
            "nodes",
        ),
        (
            engine(json!({"kind": "depth", "depth": 1000}), json!([])),
            "depth",
        ),
        (
            engine(
                json!({"kind": "clock", "base_ms": u64::MAX, "inc_ms": 0}),
                json!([]),
            ),
            "clock",
        ),
        (
            engine(depth.clone(), json!([["Threads", "256"]])),
            "Threads is at most 1",
        ),
        (
            engine(depth.clone(), json!([["Hash", "65536"]])),
            "Hash is at most 256",
        ),
        (
            engine(depth.clone(), json!([["Ponder", "true"]])),
            "declares no option",
        ),
        (
            engine(depth.clone(), json!([["UCI_Variant", "splinter"]])),
            "set by the board",
        ),
        (
            engine(depth.clone(), json!([["Search", "chess"]])),
            "takes one of",
        ),
    ];
    for (setup, why) in probes {
        let (status, reply) = post(address, "/api/game/1/new", setup.clone());
        assert_eq!(status, 400, "{setup}");
        let error = reply["error"].as_str().unwrap();
        assert!(error.contains(why), "{setup}: {error}");
    }
    let person_clock =
        json!({"engine": null, "limit": {"kind": "clock", "base_ms": u64::MAX, "inc_ms": 0}});
    let setup = json!({"game": "dimraw", "seats": [person_clock, person()]});
    assert_eq!(
        post(address, "/api/game/1/new", setup).0,
        400,
        "a person's clock too"
    );
    assert_eq!(plies(address), 1, "the game goes on");
    let fine = engine(
        depth,
        json!([["threads", "1"], ["Hash", "256"], ["search", "MCTS"]]),
    );
    let state = ok(address, "/api/game/1/new", fine);
    assert_eq!(
        state["seats"][1]["options"],
        json!([["Threads", "1"], ["Hash", "256"], ["Search", "mcts"]])
    );
}

/// An engine that declares a file option, as many engines do.
fn engine_with_a_log_file() -> EngineSpec {
    EngineSpec {
        name: "logger".to_string(),
        cmd: "while read -r line; do case \"$line\" in ugi) echo 'option name Debug Log File type string default'; echo ugiok;; isready) echo readyok;; go*) echo 'bestmove (none)';; quit) exit 0;; esac; done".to_string(),
        options: Vec::new(),
    }
}

#[test]
fn string_and_file_options_are_off_unless_the_server_names_them() {
    let log = json!({"engine": 0, "limit": {"kind": "depth", "depth": 1},
        "options": [["Debug Log File", "/tmp/x"]]});
    let setup = json!({"game": "dimraw", "seats": [person(), log]});
    let address = serve_with(vec![engine_with_a_log_file()], 2000, Bounds::default());
    let (status, reply) = post(address, "/api/game/1/new", setup.clone());
    assert_eq!(status, 400);
    assert!(
        reply["error"].as_str().unwrap().contains("--page-option"),
        "{reply}"
    );
    let named = Bounds {
        page_options: vec!["Debug Log File".to_string()],
        ..Bounds::default()
    };
    let address = serve_with(vec![engine_with_a_log_file()], 2000, named);
    assert_eq!(post(address, "/api/game/1/new", setup).0, 200);
}

#[test]
fn analysis_stops_when_no_page_watches_and_at_the_servers_bound() {
    let (address, _) = started(Bounds::default());
    ok(address, "/api/game/1/analyse", json!({"engine": 0}));
    let state = wait_until(address, 20, |s| s["analysis"]["running"] == false);
    assert_eq!(state["analysis"]["note"], "stopped: no page was watching");

    let bounds = Bounds {
        max_analysis: Duration::from_secs(1),
        ..Bounds::default()
    };
    let (address, _) = started(bounds);
    let (page, _) = watch(address);
    ok(address, "/api/game/1/analyse", json!({"engine": 0}));
    let state = wait_until(address, 20, |s| s["analysis"]["running"] == false);
    let note = state["analysis"]["note"].as_str().unwrap();
    assert!(note.contains("--max-analysis"), "{note}");
    drop(page);
}
