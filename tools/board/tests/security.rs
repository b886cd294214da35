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
        handshake: ugi::engine::HANDSHAKE_TIME,
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

/// The status line and header lines of the answer to a GET of `path` with `headers` (the
/// body left unread: an event stream never ends).
fn head(address: SocketAddr, path: &str, headers: &[&str]) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let headers: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\n{headers}\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line.trim_end().is_empty() {
            return lines;
        }
        lines.push(line.trim_end().to_ascii_lowercase());
    }
}

#[test]
fn no_answer_of_the_board_may_be_framed_by_another_site() {
    let (address, _) = started(Bounds::default());
    let evil = format!("Host: evil.example:{}", address.port());
    for (path, headers) in [
        ("/game/1", vec![]),
        ("/api/game/1/state", vec![]),
        ("/page/app.js", vec![]),
        ("/game/99", vec![]),
        ("/api/game/99/state", vec![]),
        ("/api/game/1/state", vec!["Origin: http://evil.example"]),
    ] {
        let answer = head(address, path, &headers);
        for wanted in [
            "content-security-policy: frame-ancestors 'self'",
            "x-frame-options: sameorigin",
        ] {
            assert!(answer.iter().any(|l| l == wanted), "{path}: {answer:?}");
        }
    }
    let (status, _) = raw_request(address, "GET", "/game/1", &[&evil], "");
    assert_eq!(status, 403);
    let icon = head(address, "/favicon.ico", &[]);
    assert!(icon[0].contains(" 200 "), "a favicon: {icon:?}");
    assert!(
        icon.iter().any(|l| l == "content-type: image/svg+xml"),
        "{icon:?}"
    );
}

#[test]
fn a_get_from_another_sites_page_starts_and_keeps_nothing() {
    let (address, _) = started(Bounds::default());
    let foreign = ["Origin: http://evil.example", "Sec-Fetch-Site: cross-site"];
    for path in ["/api/game/1/events", "/api/game/1/state", "/api/games"] {
        for header in foreign {
            let answer = head(address, path, &[header]);
            assert!(answer[0].contains(" 403 "), "{path} {header}: {answer:?}");
        }
    }
    // A page of another port on the same machine is another site's page too.
    let other_port = format!("Origin: http://127.0.0.1:{}", address.port() + 1);
    assert!(head(address, "/api/game/1/events", &[&other_port])[0].contains(" 403 "));
    // The board's own page, and a person following a link to it from elsewhere, get in.
    let own = format!("Origin: http://{address}");
    assert!(head(address, "/api/game/1/state", &[&own])[0].contains(" 200 "));
    let link = [
        "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Mode: navigate",
        "Sec-Fetch-Dest: document",
    ];
    assert!(head(address, "/game/1", &link)[0].contains(" 200 "));
    let frame = [
        "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Mode: navigate",
        "Sec-Fetch-Dest: iframe",
    ];
    assert!(head(address, "/game/1", &frame)[0].contains(" 403 "));

    // With every game closed, `/` creates none: it shows the page that offers one.
    ok(address, "/api/game/1/close", json!({}));
    let (status, _) = request(address, "GET", "/", None);
    assert_eq!(status, 303);
    assert_eq!(get(address, "/api/games")["games"], json!([]));
    assert_eq!(request(address, "GET", "/game/new", None).0, 200);
    assert_eq!(request(address, "GET", "/game/1", None).0, 404);
}

#[test]
fn slow_and_many_clients_are_bounded() {
    use std::io::{Read, Write};
    let (address, _) = started(Bounds::default());
    // Half a request header: the server closes the connection instead of waiting for ever.
    let mut half = std::net::TcpStream::connect(address).unwrap();
    half.set_read_timeout(Some(Duration::from_secs(40)))
        .unwrap();
    write!(half, "GET /game/1 HTTP/1.1\r\nHost: {address}\r\n").unwrap();
    let mut rest = Vec::new();
    let read = half.read_to_end(&mut rest);
    assert!(read.is_ok(), "closed, not timed out: {read:?}");

    // Event streams: a bound per game, and the server's own.
    let streams: Vec<_> = (0..board::server::MAX_STREAMS_PER_GAME)
        .map(|_| watch(address))
        .collect();
    let refused = head(address, "/api/game/1/events", &[]);
    assert!(refused[0].contains(" 429 "), "{refused:?}");
    drop(streams);
    // The server sees the streams close at its next write: a change, or a keep-alive.
    ok(address, "/api/game/1/move", json!({"token": "@1"}));
    let freed = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        head(address, "/api/game/1/events", &[])[0].contains(" 200 ")
    });
    assert!(freed, "a closed stream frees its place");
}

#[test]
fn a_seat_and_an_analysis_take_as_many_lines_as_the_page_offers() {
    let (address, _) = started(Bounds::default());
    let catalog = get(address, "/api/catalog");
    let most = catalog["max_multipv"].as_u64().unwrap();
    assert_eq!(most, 16);
    assert_eq!(
        catalog["max_threads"],
        Bounds::default().max_threads,
        "the form's bound on threads is the server's"
    );
    let seat = |multipv: u64| {
        let engine = json!({"engine": 0, "limit": {"kind": "depth", "depth": 1},
            "options": [["MultiPV", multipv.to_string()]]});
        json!({"game": "dimraw", "seats": [person(), engine]})
    };
    let (status, reply) = post(address, "/api/game/1/new", seat(most + 1));
    assert_eq!(status, 400);
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("MultiPV is at most 16")
    );
    assert_eq!(post(address, "/api/game/1/new", seat(most)).0, 200);
    let (status, _) = post(
        address,
        "/api/game/1/analyse",
        json!({"engine": 0, "multipv": most + 1}),
    );
    assert_eq!(status, 400);
}
