//! The board in a real browser: headless Chromium loads the page, starts a game of each of
//! the games against tabula from the form, plays by clicking cells, sees the engine
//! answer and the game end, and saves a screenshot of each board under
//! `target/board-screenshots/`. Without Chromium these tests say so and pass, unless
//! `TABULA_BROWSER_TESTS=1` (as in CI) demands them.

mod common;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::PathBuf;

use common::webdriver::{Browser, decode_base64};
use common::*;
use rand::{RngExt as _, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};

fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("board-screenshots")
}

/// The cell indices the page draws with `class`.
fn cells_with(browser: &Browser, class: &str) -> BTreeSet<u64> {
    let found = browser.script(
        "return [...document.querySelectorAll('#board .cell.' + arguments[0])].map(c => Number(c.dataset.index));",
        json!([class]),
    );
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Sets seat `seat` of the form: `who` (`person` or an engine's index) and its limit.
fn set_seat(browser: &Browser, seat: usize, who: &str, kind: &str, value: &str) {
    browser.script(
        "const row = document.querySelector(`#seat-setup .seat[data-seat=\"${arguments[0]}\"]`);
         row.querySelector('.who').value = arguments[1];
         row.querySelector('.limit-kind').value = arguments[2];
         row.querySelector('.limit-value').value = arguments[3];",
        json!([seat, who, kind, value]),
    );
}

/// Opens the new-game form and picks `game` in it.
fn set_game(browser: &Browser, game: &str) {
    browser.script(
        "document.getElementById('setup').open = true; const g = document.getElementById('game'); g.value = arguments[0]; g.dispatchEvent(new Event('change'));",
        json!([game]),
    );
}

/// Starts a game from the form: a person against tabula's alpha-beta at depth 1.
fn start_from_form(browser: &Browser, game: &str) {
    set_game(browser, game);
    set_seat(browser, 0, "person", "none", "");
    set_seat(browser, 1, "0", "depth", "1");
    browser.click("#start");
}

/// A board serving `engines`, open in a headless browser, once the page is ready; none
/// when the browser tests are skipped.
fn open_board(test: &str, engines: Vec<ugi::engine::EngineSpec>) -> Option<(Browser, SocketAddr)> {
    let browser = Browser::start_or_skip(test)?;
    let address = serve(engines, 2000);
    browser.goto(&format!("http://{address}/"));
    browser.wait_for("return document.body.dataset.ready === '1';", json!([]), 20);
    Some((browser, address))
}

/// The page draws exactly the position's cells and pieces.
fn check_drawing(browser: &Browser, state: &Value, game: &str) {
    let counts = browser.script(
        "return [document.querySelectorAll('#board .cell').length, document.querySelectorAll('#board .piece').length];",
        json!([]),
    );
    let view = &state["view"];
    assert_eq!(
        counts,
        json!([
            view["cells"].as_array().unwrap().len(),
            view["pieces"].as_array().unwrap().len()
        ]),
        "{game}: cells and pieces drawn"
    );
}

/// Makes one legal decision by clicking, as a person would; returns its token.
fn click_a_move(browser: &Browser, state: &Value, rng: &mut Pcg64Mcg, game: &str) -> String {
    let legal = state["legal"].as_array().unwrap();
    let chosen = &legal[rng.random_range(0..legal.len())];
    let token = chosen["token"].as_str().unwrap().to_string();
    let cell = |i: &Value| format!("#board .cell[data-index=\"{i}\"]");
    if chosen["from"].is_u64() {
        if !cells_with(browser, "selected").contains(&chosen["from"].as_u64().unwrap()) {
            browser.click(&cell(&chosen["from"]));
        }
        let expected: BTreeSet<u64> = legal
            .iter()
            .filter(|m| m["from"] == chosen["from"])
            .filter_map(|m| m["to"].as_u64())
            .collect();
        assert_eq!(
            cells_with(browser, "target"),
            expected,
            "{game}: the lit destinations"
        );
        browser.click(&cell(&chosen["to"]));
    } else if chosen["to"].is_u64() {
        browser.click(&cell(&chosen["to"]));
    } else {
        browser.click(&format!("#extra button[data-token=\"{token}\"]"));
    }
    let chooser_open = browser.script(
        "return !document.getElementById('chooser').hidden;",
        json!([]),
    );
    if chooser_open == json!(true) {
        browser.click(&format!("#chooser button[data-token=\"{token}\"]"));
    }
    token
}

#[test]
fn a_person_plays_every_game_against_tabula_in_the_browser() {
    let Some((browser, address)) = open_board(
        "a_person_plays_every_game_against_tabula_in_the_browser",
        vec![tabula("tabula alpha-beta", "alphabeta")],
    ) else {
        return;
    };
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for entry in tabula::registry::Registry::standard().entries() {
        let game = entry.name;
        start_from_form(&browser, game);
        browser.wait_for(
            "return window.tabulaState.game === arguments[0] && window.tabulaState.seats[1].engine !== null;",
            json!([game]),
            20,
        );
        let mut engine_replies = 0;
        loop {
            let state = wait_until(address, 30, |s| !s["end"].is_null() || persons_turn(s));
            if !state["end"].is_null() {
                break;
            }
            browser.wait_for(
                "return window.tabulaState.version >= arguments[0];",
                json!([state["version"]]),
                10,
            );
            check_drawing(&browser, &state, game);
            let before = state["plies"].as_u64().unwrap() as usize;
            let token = click_a_move(&browser, &state, &mut rng, game);
            let after = wait_until(address, 30, |s| {
                s["plies"].as_u64().unwrap() as usize > before
            });
            assert_eq!(
                after["moves"][before]["token"],
                token.as_str(),
                "{game}: the clicked move"
            );
            let replied = wait_until(address, 30, |s| !s["end"].is_null() || persons_turn(s));
            engine_replies += replied["moves"].as_array().unwrap()[before + 1..]
                .iter()
                .filter(|m| m["mover"] == 1)
                .count();
            assert!(before < 2000, "{game}: the game should have ended");
        }
        assert!(engine_replies > 0, "{game}: the engine answered");
        browser.wait_for(
            "return document.getElementById('status').textContent.includes('Game over');",
            json!([]),
            10,
        );
        let state = get(address, "/api/game/1/state");
        check_drawing(&browser, &state, game);
        browser.screenshot(&screenshots().join(format!("{game}.png")));
    }
}

#[test]
fn watching_analysing_loading_and_typing_in_the_browser() {
    let Some((browser, address)) = open_board(
        "watching_analysing_loading_and_typing_in_the_browser",
        vec![tabula("ab", "alphabeta")],
    ) else {
        return;
    };
    // Watch an engine on a clock against an engine at a fixed time, then hold play.
    set_game(&browser, "dimraw");
    set_seat(&browser, 0, "0", "clock", "30+0.1");
    set_seat(&browser, 1, "0", "movetime", "50");
    browser.click("#start");
    browser.wait_for(
        "return window.tabulaState.game === 'dimraw' && window.tabulaState.plies >= 4;",
        json!([]),
        30,
    );
    assert_eq!(
        browser.script("return document.getElementById('setup').open;", json!([])),
        json!(false),
        "the form folds away once its game starts"
    );
    browser.wait_for(
        "return document.querySelectorAll('.clock').length === 1;",
        json!([]),
        10,
    );
    browser.click("#pause");
    let paused = wait_until(address, 10, |s| {
        s["paused"] == true
            && !s["seats"][0]["thinking"].as_bool().unwrap()
            && !s["seats"][1]["thinking"].as_bool().unwrap()
    });
    // The board decides what comes next after every change: showing the last ply again runs
    // that decision, and its answer says that no engine was set thinking.
    let shown = ok(address, "/api/game/1/show", json!({"ply": paused["plies"]}));
    assert_eq!(shown["plies"], paused["plies"], "no move while paused");
    let thinking = shown["seats"].as_array().unwrap().iter();
    assert!(
        thinking.map(|s| &s["thinking"]).all(|t| t == false),
        "{shown}"
    );
    browser.wait_for(
        "return document.querySelector('#graph polyline') !== null;",
        json!([]),
        10,
    );
    // Step back, and see it said.
    browser.click("#back");
    browser.wait_for("return window.tabulaState.ply === window.tabulaState.plies - 1 && document.getElementById('status').textContent.includes('showing ply');", json!([]), 10);
    // Analyse with two lines; a PV token previews on the board.
    browser.click("#analysis-box summary");
    browser.type_into("#analysis-multipv", "2");
    browser.click("#analyse");
    browser.wait_for(
        "return document.querySelectorAll('#analysis .info').length === 2;",
        json!([]),
        20,
    );
    // The analysis's best move is an arrow on the board (a ring for a placement).
    browser.wait_for(
        "return document.querySelector('#board .arrow.best, #board .arrow-dot.best') !== null;",
        json!([]),
        10,
    );
    browser.script(
        "document.querySelector('#analysis .pv span').dispatchEvent(new MouseEvent('mouseenter'));",
        json!([]),
    );
    browser.wait_for(
        "return document.getElementById('board').classList.contains('preview') && document.querySelector('#board .arrow.pv, #board .arrow-dot.pv') !== null;",
        json!([]),
        10,
    );
    browser.script(
        "document.querySelector('#analysis .pv span').dispatchEvent(new MouseEvent('mouseleave'));",
        json!([]),
    );
    browser.wait_for(
        "return !document.getElementById('board').classList.contains('preview');",
        json!([]),
        10,
    );
    // The analysis follows the ply on show.
    press(&browser, "ArrowLeft");
    browser.wait_for(
        "const s = window.tabulaState; return s.ply === s.plies - 2 && s.analysis.ply === s.ply && s.analysis.running;",
        json!([]),
        10,
    );
    browser.click("#analyse-stop");
    wait_until(address, 10, |s| s["analysis"]["running"] == false);
    // Two people: a typed token, an illegal one, and a loaded game.
    browser.script("document.getElementById('setup').open = true;", json!([]));
    set_seat(&browser, 0, "person", "none", "");
    set_seat(&browser, 1, "person", "none", "");
    browser.click("#start");
    browser.wait_for(
        "return window.tabulaState.plies === 0 && window.tabulaState.seats[1].engine === null;",
        json!([]),
        10,
    );
    browser.type_into("#token", "zz");
    browser.click("#play-token");
    browser.wait_for(
        "return document.getElementById('message').textContent.includes(\"illegal move 'zz'\");",
        json!([]),
        10,
    );
    browser.type_into("#token", "@3");
    browser.click("#play-token");
    browser.wait_for("return window.tabulaState.plies === 1 && document.getElementById('message').textContent === '';", json!([]), 10);
    browser.click("#files summary");
    browser.type_into("#load-text", "startpos moves @0 @5");
    browser.click("#load");
    browser.wait_for(
        "return document.getElementById('save-moves').value === 'startpos moves @0 @5';",
        json!([]),
        10,
    );
    assert_eq!(get(address, "/api/game/1/state")["plies"], 2);
    // A game as `arena export` writes it, pasted whole.
    let record = "game=4\tsample=2\trotation=0\tseats=a,b\topening=startpos moves @0\tresult=none\tscores=\treason=x\tplies=2\tmoves=@5 @1\ttimes=7 9\tnotes=";
    let exported = ugi::export::write(&ugi::record::GameRecord::parse(record).unwrap(), "dimraw");
    browser.type_into("#load-text", &exported);
    browser.click("#load");
    browser.wait_for(
        "return document.getElementById('save-moves').value === 'startpos moves @0 @5 @1';",
        json!([]),
        10,
    );
    assert_eq!(get(address, "/api/game/1/state")["plies"], 3);
}

#[test]
fn screenshots_decode_from_base64() {
    assert_eq!(decode_base64("aGVsbG8="), b"hello");
    assert_eq!(decode_base64("aGk="), b"hi");
    assert_eq!(decode_base64("YWJj"), b"abc");
}

#[test]
fn two_games_in_two_tabs_stay_independent_and_a_reload_shows_the_game() {
    let Some((first, address)) = open_board("two games", vec![tabula("ab", "alphabeta")]) else {
        return;
    };
    let Some(second) = Browser::start_or_skip("two games") else {
        return;
    };
    // The second tab starts another game from its form, at a new address.
    second.goto(&format!("http://{address}/game/1"));
    second.wait_for("return document.body.dataset.ready === '1';", json!([]), 20);
    set_game(&second, "splinter");
    set_seat(&second, 0, "person", "none", "");
    set_seat(&second, 1, "person", "none", "");
    second.click("#start-elsewhere");
    second.wait_for(
        "return location.pathname === '/game/2' && document.body.dataset.ready === '1';",
        json!([]),
        20,
    );
    second.type_into("#token", "h7h8");
    second.click("#play-token");
    let plies = "return window.tabulaState && window.tabulaState.plies";
    second.wait_for(&format!("{plies} === 1;"), json!([]), 20);
    assert_eq!(get(address, "/api/game/2/state")["plies"], 1);
    assert_eq!(
        first.script(plies, json!([])),
        json!(0),
        "the first tab's game is its own"
    );
    assert_eq!(get(address, "/api/game/1/state")["plies"], 0);

    // A reload shows the running game, its moves and the setup it was started with.
    second.goto(&format!("http://{address}/game/2"));
    second.wait_for(&format!("{plies} === 1;"), json!([]), 20);
    let form = second.script(
        "return [document.getElementById('game').value, document.querySelector('#seat-setup .seat[data-seat=\"1\"] .who').value];",
        json!([]),
    );
    assert_eq!(form, json!(["splinter", "person"]));
}

/// Whether the page has no horizontal scroll, has not scrolled, and shows the whole board.
const FITS: &str = "const b = document.getElementById('board').getBoundingClientRect();
    return document.documentElement.scrollWidth <= window.innerWidth && window.scrollY === 0
        && b.left >= 0 && b.top >= 0 && b.right <= window.innerWidth && b.bottom <= window.innerHeight;";

/// Whether the last move is marked: its words beside the status, and each cell it acted on
/// outlined on the board.
const LAST_MARKED: &str = "const s = window.tabulaState, last = s.moves[s.ply - 1];
    if (!last || document.getElementById('last-move').dataset.token !== last.token) return false;
    const cells = [s.last_move && s.last_move.from, s.last_move && s.last_move.to].filter((c) => c !== null && c !== undefined);
    return cells.every((c) => document.querySelector(`#board .last-move[data-cell=\"${c}\"]`) !== null);";

/// Presses `key` on the page.
fn press(browser: &Browser, key: &str) {
    browser.script(
        "document.body.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], bubbles: true}));",
        json!([key]),
    );
}

#[test]
fn every_game_fits_the_window_with_coordinates_last_move_keys_and_flip() {
    let Some((browser, address)) = open_board(
        "every_game_fits_the_window_with_coordinates_last_move_keys_and_flip",
        vec![tabula("ab", "alphabeta")],
    ) else {
        return;
    };
    for (width, height) in [(1280, 800), (1024, 768), (1920, 1080)] {
        browser.viewport(width, height);
        for entry in tabula::registry::Registry::standard().entries() {
            let game = entry.name;
            let at = format!("{game} at {width}x{height}");
            set_game(&browser, game);
            set_seat(&browser, 0, "0", "depth", "1");
            set_seat(&browser, 1, "0", "depth", "1");
            browser.click("#start");
            // The form closes once the game runs, as a player would close it.
            browser.script("document.getElementById('setup').open = false;", json!([]));
            browser.wait_for(
                "const s = window.tabulaState; return s.game === arguments[0] && s.seats[0].engine !== null;",
                json!([game]),
                20,
            );
            assert_eq!(
                browser.script(FITS, json!([])),
                json!(true),
                "{at}: after load"
            );
            let coordinates = browser.script(
                "return document.querySelectorAll('#board .coord, #board .cell-name').length;",
                json!([]),
            );
            assert!(coordinates.as_u64().unwrap() > 0, "{at}: coordinates");
            if game == "dwnsiwn" {
                let dice = "return document.querySelectorAll('#board .roll-die').length > 0;";
                browser.wait_for(dice, json!([]), 20);
            }
            browser.wait_for(
                "const s = window.tabulaState; return s.end !== null || s.moves.filter(m => m.mover !== null).length >= 10;",
                json!([]),
                60,
            );
            browser.script(
                "if (!window.tabulaState.end) document.getElementById('pause').click();",
                json!([]),
            );
            let state = wait_until(address, 20, |s| {
                !s["end"].is_null()
                    || (s["paused"] == true
                        && s["seats"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .all(|x| x["thinking"] == false))
            });
            browser.wait_for(
                "return window.tabulaState.version >= arguments[0];",
                json!([state["version"]]),
                10,
            );
            assert_eq!(
                browser.script(FITS, json!([])),
                json!(true),
                "{at}: after ten moves"
            );
            assert_eq!(
                browser.script(LAST_MARKED, json!([])),
                json!(true),
                "{at}: last move"
            );
            let plies = state["plies"].as_u64().unwrap();
            press(&browser, "Home");
            browser.wait_for("return window.tabulaState.ply === 0;", json!([]), 10);
            // Keys pressed quickly step on from the ply asked for (a game may be short).
            let target = plies.min(3);
            for _ in 0..target {
                press(&browser, "ArrowRight");
            }
            let at_ply = "return window.tabulaState.ply === arguments[0];";
            browser.wait_for(at_ply, json!([target]), 10);
            let marked = browser.script(LAST_MARKED, json!([]));
            assert_eq!(marked, json!(true), "{at}: ply {target}");
            press(&browser, "ArrowLeft");
            browser.wait_for(at_ply, json!([target - 1]), 10);
            press(&browser, "End");
            browser.wait_for(at_ply, json!([plies]), 10);
            let first_cell = "const r = document.querySelector('#board .cell').getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)];";
            let before = browser.script(first_cell, json!([]));
            press(&browser, "f");
            browser.wait_for(
                "return document.body.dataset.flipped === '1';",
                json!([]),
                10,
            );
            assert_ne!(
                browser.script(first_cell, json!([])),
                before,
                "{at}: flipped"
            );
            assert_eq!(
                browser.script(FITS, json!([])),
                json!(true),
                "{at}: flipped"
            );
            press(&browser, "f");
            browser.wait_for(
                "return document.body.dataset.flipped === '';",
                json!([]),
                10,
            );
            let problems = browser.script(common::layout::LAYOUT_PROBLEMS, json!([]));
            assert_eq!(problems, json!([]), "{at}");
            browser.screenshot(&screenshots().join(format!("{game}-{width}x{height}.png")));
        }
    }
}
