//! The board as a player sees it, in a real browser: the move list and the graph follow the
//! game and lead to a move, a search line of the live position is not shown beside another
//! one, errors come in words beside the control that caused them, a person's seat asks only
//! for a clock, four players' engines speak in words, and with every game closed the page
//! offers a new one. Screenshots go to `target/board-screenshots/`. Skipped without Chromium,
//! unless `TABULA_BROWSER_TESTS=1`.

mod common;

use std::net::SocketAddr;
use std::path::PathBuf;

use common::layout::LAYOUT_PROBLEMS;
use common::webdriver::Browser;
use common::*;
use serde_json::{Value, json};

fn screenshot(browser: &Browser, name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/board-screenshots");
    browser.screenshot(&dir.join(format!("{name}.png")));
}

/// A board with tabula, open in the browser at `path` once the page is ready.
fn open(test: &str, path: &str, setup: Option<Value>) -> Option<(Browser, SocketAddr)> {
    let browser = Browser::start_or_skip(test)?;
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    if let Some(setup) = setup {
        ok(address, "/api/game/1/new", setup);
    }
    browser.viewport(1280, 800);
    browser.goto(&format!("http://{address}{path}"));
    browser.wait_for("return document.body.dataset.ready === '1';", json!([]), 20);
    Some((browser, address))
}

/// Engines at depth 1 in every seat.
fn engines(game: &str, players: usize) -> Value {
    let seat =
        json!({"engine": 0, "limit": {"kind": "depth", "depth": 1}, "options": [["Threads", "1"]]});
    json!({"game": game, "players": players, "seats": vec![seat; players]})
}

/// Waits for `plies` plies (or the end), then holds play and waits for the page to show it.
fn play_until(browser: &Browser, address: SocketAddr, plies: u64) -> Value {
    let _ = wait_until(address, 60, |s| {
        !s["end"].is_null() || s["plies"].as_u64().unwrap() >= plies
    });
    let _ = post(address, "/api/game/1/pause", json!({"paused": true}));
    let state = wait_until(address, 20, |s| {
        s["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["thinking"] == false)
    });
    browser.wait_for(
        "return window.tabulaState.version >= arguments[0];",
        json!([state["version"]]),
        10,
    );
    state
}

#[test]
fn the_graph_and_the_move_list_follow_the_game_and_lead_to_a_move() {
    let test = "the_graph_and_the_move_list_follow_the_game_and_lead_to_a_move";
    let Some((browser, address)) = open(test, "/game/1", Some(engines("splinter", 2))) else {
        return;
    };
    let state = play_until(&browser, address, 40);
    let plies = state["plies"].as_u64().unwrap();
    assert_eq!(
        browser.script(LAYOUT_PROBLEMS, json!([])),
        json!([]),
        "live"
    );
    // The last move is in sight at the end of a long list.
    let in_sight = "const box = document.getElementById('moves-box').getBoundingClientRect();
        const last = [...document.querySelectorAll('#moves .decision')].pop().getBoundingClientRect();
        return last.bottom <= box.bottom + 1 && last.top >= box.top - 1;";
    assert_eq!(browser.script(in_sight, json!([])), json!(true));
    let graph_labels = browser.script(
        "return [document.querySelectorAll('#graph-ticks .tick').length, document.querySelectorAll('#graph-moves span').length];",
        json!([]),
    );
    assert!(
        graph_labels[0].as_u64().unwrap() >= 5,
        "a readable scale: {graph_labels}"
    );
    assert!(
        graph_labels[1].as_u64().unwrap() >= 3,
        "move numbers: {graph_labels}"
    );
    // A click a quarter of the way along the graph goes to a quarter of the game.
    let quarter = plies / 4;
    browser.script(
        "const g = document.getElementById('graph'), r = g.getBoundingClientRect();
         const x = r.left + (r.width * arguments[0]) / arguments[1];
         g.dispatchEvent(new MouseEvent('click', {clientX: x, clientY: r.top + r.height / 2, bubbles: true}));",
        json!([quarter, plies]),
    );
    browser.wait_for(
        "return window.tabulaState.ply === arguments[0];",
        json!([quarter]),
        10,
    );
    // Stepped back: the move on show is in sight, and no search line of the live position
    // is shown beside it.
    assert_eq!(
        browser.script(LAYOUT_PROBLEMS, json!([])),
        json!([]),
        "stepped back"
    );
    let lines = browser.script(
        "return [document.querySelectorAll('.seat-box .info:not(.stale)').length, document.querySelectorAll('.seat-box .stale').length];",
        json!([]),
    );
    assert_eq!(lines[0], 0, "{lines}");
    screenshot(&browser, "tumbling-down-stepped-back-1280x800");
}

#[test]
fn four_players_engines_speak_in_words() {
    let test = "four_players_engines_speak_in_words";
    let Some((browser, address)) = open(test, "/game/1", Some(engines("dwindle", 4))) else {
        return;
    };
    play_until(&browser, address, 12);
    let seats = browser.script(
        "return [...document.querySelectorAll('.seat-box')].map((s) => s.textContent).join(' | ');",
        json!([]),
    );
    let seats = seats.as_str().unwrap();
    assert!(!seats.contains("scores "), "raw engine output: {seats}");
    assert_eq!(browser.script(LAYOUT_PROBLEMS, json!([])), json!([]));
    screenshot(&browser, "dwindle-4-players-1280x800");
}

#[test]
fn errors_come_in_words_beside_the_control_and_a_persons_seat_asks_only_for_a_clock() {
    let test = "errors_come_in_words_beside_the_control_and_a_persons_seat_asks_only_for_a_clock";
    let Some((browser, _)) = open(test, "/", None) else {
        return;
    };
    browser.script("document.getElementById('setup').open = true;", json!([]));
    let fields =
        "const row = document.querySelector(`#seat-setup .seat[data-seat=\"${arguments[0]}\"]`);
        return row.querySelector('.engine-fields').hidden;";
    assert_eq!(
        browser.script(fields, json!([0])),
        json!(true),
        "a person's seat"
    );
    assert_eq!(
        browser.script(fields, json!([1])),
        json!(false),
        "an engine's seat"
    );
    browser.script(
        "const row = document.querySelector('#seat-setup .seat[data-seat=\"1\"]');
         row.querySelector('.limit-kind').value = 'movetime'; row.querySelector('.limit-value').value = 'abc';",
        json!([]),
    );
    browser.click("#start");
    browser.wait_for(
        "return document.getElementById('setup-error').textContent.includes(\"p2's limit must be a whole number of milliseconds (at least 1), not 'abc'\");",
        json!([]),
        10,
    );
    screenshot(&browser, "error-in-the-form-1280x800");
    browser.script("document.getElementById('setup').open = false;", json!([]));
    browser.click("#files summary");
    browser.type_into("#load-text", "this is not a position");
    browser.click("#load");
    browser.wait_for(
        "return document.getElementById('files-error').textContent.includes('is not something the board can load') && document.getElementById('message').textContent === '';",
        json!([]),
        10,
    );
}

#[test]
fn with_every_game_closed_the_page_offers_a_new_one() {
    let test = "with_every_game_closed_the_page_offers_a_new_one";
    let Some(browser) = Browser::start_or_skip(test) else {
        return;
    };
    let address = serve(vec![tabula("ab", "alphabeta")], 2000);
    ok(address, "/api/game/1/close", json!({}));
    browser.viewport(1280, 800);
    browser.goto(&format!("http://{address}/"));
    browser.wait_for("return document.body.dataset.ready === '1';", json!([]), 20);
    assert_eq!(
        get(address, "/api/games")["games"],
        json!([]),
        "a GET made no game"
    );
    let offered = browser.script(
        "return [location.pathname, document.getElementById('setup').open, document.getElementById('status').textContent];",
        json!([]),
    );
    assert_eq!(
        offered,
        json!(["/game/new", true, "no game is open: start one"])
    );
    screenshot(&browser, "no-game-1280x800");
    browser.click("#start");
    browser.wait_for(
        "return location.pathname === '/game/2' && document.body.dataset.ready === '1';",
        json!([]),
        20,
    );
}
