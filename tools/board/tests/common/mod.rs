//! What the board's tests share: a board served in-process on a free port, a small HTTP
//! client for its API, and engines that misbehave.

#![allow(dead_code)]

pub mod layout;
pub mod webdriver;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use board::board::Config;
use board::bounds::Bounds;
use board::lobby::Lobby;
use serde_json::{Value, json};
use ugi::engine::EngineSpec;

/// This build's board binary, which is tabula's engine with `--ugi`.
pub const BOARD: &str = env!("CARGO_BIN_EXE_board");

/// One of tabula's searches, from this build.
pub fn tabula(name: &str, search: &str) -> EngineSpec {
    EngineSpec {
        name: name.to_string(),
        cmd: format!("'{BOARD}' --ugi"),
        options: vec![("Search".to_string(), search.to_string())],
        handshake: ugi::engine::HANDSHAKE_TIME,
    }
}

/// An engine that shakes hands and then, at `go`, does what `on_go` (shell) says.
pub fn faulty(name: &str, on_go: &str) -> EngineSpec {
    EngineSpec {
        name: name.to_string(),
        cmd: format!(
            "while read -r line; do case \"$line\" in ugi) echo ugiok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"
        ),
        options: Vec::new(),
        handshake: ugi::engine::HANDSHAKE_TIME,
    }
}

/// A board serving `engines`, with `margin_ms` of grace, on a free port.
pub fn serve(engines: Vec<EngineSpec>, margin_ms: u64) -> SocketAddr {
    serve_with(engines, margin_ms, Bounds::default())
}

/// [`serve`] within `bounds`.
pub fn serve_with(engines: Vec<EngineSpec>, margin_ms: u64, bounds: Bounds) -> SocketAddr {
    serve_config(engines, |config| {
        config.margin_ms = margin_ms;
        config.bounds = bounds;
    })
}

/// A board serving `engines` with the tests' settings as `configure` changes them (at most 4
/// games and 8 engines at once), on a free port.
pub fn serve_config(engines: Vec<EngineSpec>, configure: impl FnOnce(&mut Config)) -> SocketAddr {
    let mut config = Config {
        engines,
        margin_ms: 2000,
        idle_timeout: Duration::from_secs(20),
        max_games: 4,
        max_engines: 8,
        bounds: Bounds::default(),
        hosts: Vec::new(),
    };
    configure(&mut config);
    let lobby = Lobby::new(config).expect("a board");
    board::server::spawn(lobby, "127.0.0.1:0".parse().unwrap()).expect("a server")
}

/// Sends one HTTP/1.1 request and returns the status and the body.
pub fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, String) {
    try_request(address, method, path, body)
        .unwrap_or_else(|e| panic!("{method} {path} at {address}: {e}"))
}

/// [`request`], or the I/O error that cut it short (a server that reset the connection).
pub fn try_request(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, String)> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let host = format!("Host: {address}");
    let headers = [host.as_str(), "Content-Type: application/json"];
    try_raw_request(address, method, path, &headers, &body)
}

/// A request with exactly these header lines (besides its length) and body: the status and
/// the body of the answer.
pub fn raw_request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> (u16, String) {
    try_raw_request(address, method, path, headers, body)
        .unwrap_or_else(|e| panic!("{method} {path} at {address}: {e}"))
}

fn try_raw_request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> std::io::Result<(u16, String)> {
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let mut stream = TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let headers: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line)?;
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| bad(&format!("no status in '{status_line}'")))?;
    let (mut length, mut chunked) = (None, false);
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix("content-length:") {
            length = n.trim().parse::<usize>().ok();
        }
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
    }
    let mut text = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size)?;
            let size = usize::from_str_radix(size.trim(), 16)
                .map_err(|_| bad(&format!("bad chunk size '{}'", size.trim())))?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            text.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(n) = length {
        text.resize(n, 0);
        reader.read_exact(&mut text)?;
    } else {
        reader.read_to_end(&mut text)?;
    }
    Ok((status, String::from_utf8_lossy(&text).into_owned()))
}

/// GETs `path` as JSON.
pub fn get(address: SocketAddr, path: &str) -> Value {
    let (status, body) = request(address, "GET", path, None);
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

/// POSTs `body` to `path` as the board's own page does (its `Origin`): the status and the
/// JSON answer.
pub fn post(address: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let host = format!("Host: {address}");
    let origin = format!("Origin: http://{address}");
    let headers = [host.as_str(), &origin, "Content-Type: application/json"];
    let (status, text) = raw_request(address, "POST", path, &headers, &body.to_string());
    (
        status,
        serde_json::from_str(&text).unwrap_or(json!({ "text": text })),
    )
}

/// POSTs and expects success.
pub fn ok(address: SocketAddr, path: &str, body: Value) -> Value {
    let (status, reply) = post(address, path, body);
    assert_eq!(status, 200, "POST {path}: {reply}");
    reply
}

/// Opens game 1's event stream as a page does: the stream (a page watching while it is
/// open) and the first state it carries, which must come as a `state` event.
pub fn watch(address: SocketAddr) -> (BufReader<TcpStream>, Value) {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET /api/game/1/events HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let (mut line, mut saw_event) = (String::new(), false);
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        saw_event |= line.starts_with("event: state");
        if let Some(data) = line.strip_prefix("data: ") {
            assert!(saw_event, "a state event");
            let state = serde_json::from_str(data).unwrap();
            return (reader, state);
        }
    }
}

/// Polls the state until `done` holds (panics after `seconds`).
pub fn wait_until(address: SocketAddr, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let state = get(address, "/api/game/1/state");
        if done(&state) {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "timed out; the state: {}",
            &state.to_string()[..state.to_string().len().min(2000)]
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A seat for a person.
pub fn person() -> Value {
    json!({ "engine": null })
}

/// A seat for engine `index` at `limit`.
pub fn engine_seat(index: usize, limit: Value) -> Value {
    json!({ "engine": index, "limit": limit })
}

/// Whether a person is to move in the game in play.
pub fn persons_turn(state: &Value) -> bool {
    state["end"].is_null() && !state["legal"].as_array().unwrap().is_empty()
}
