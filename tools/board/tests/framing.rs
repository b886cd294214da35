//! Clickjacking, in a real browser: a page of another origin that frames the board gets an
//! empty frame (the board forbids framing by any other origin), while a frame of its own
//! origin's kind is shown as usual, so that the check can fail. Skipped without Chromium,
//! unless `TABULA_BROWSER_TESTS=1`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;

use common::webdriver::Browser;
use common::*;
use serde_json::json;

/// Serves `html` to every request on a port of its own: another origin than the board's.
fn foreign_site(html: String) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream);
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let mut stream = reader.into_inner();
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{html}",
                html.len()
            );
        }
    });
    address
}

#[test]
fn a_page_of_another_origin_that_frames_the_board_shows_nothing_of_it() {
    let Some(browser) = Browser::start_or_skip(
        "a_page_of_another_origin_that_frames_the_board_shows_nothing_of_it",
    ) else {
        return;
    };
    let board = serve(vec![tabula("ab", "alphabeta")], 2000);
    ok(
        board,
        "/api/game/1/new",
        json!({"game": "dimraw", "seats": [person(), person()]}),
    );
    ok(board, "/api/game/1/move", json!({"token": "@0"}));
    // The attack: the board's game in a frame (made visible here, to be seen in the
    // screenshot), under a button of the foreign page's own.
    let html = format!(
        "<!doctype html><title>a foreign page</title><button>Win a prize</button>\
         <iframe id=\"board\" src=\"http://{board}/game/1\" width=\"900\" height=\"600\"></iframe>\
         <iframe id=\"control\" srcdoc=\"<p id=shown>a frame of the page's own</p>\"></iframe>"
    );
    let site = foreign_site(html);
    browser.viewport(1280, 800);
    browser.goto(&format!("http://{site}/"));
    browser.wait_for("return document.readyState === 'complete';", json!([]), 20);
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/board-screenshots");
    browser.screenshot(&shot.join("framed-by-another-origin.png"));

    browser.frame(Some(1));
    let control = browser.script(
        "return document.getElementById('shown') !== null;",
        json!([]),
    );
    browser.frame(None);
    assert_eq!(control, json!(true), "a frame the page may show is shown");

    browser.frame(Some(0));
    let inside = browser.script(
        "return [location.href, document.getElementById('board') !== null, document.body ? document.body.innerText : ''];",
        json!([]),
    );
    browser.frame(None);
    assert_eq!(
        inside[1],
        json!(false),
        "the board's page must not load in the frame: {inside}"
    );
    assert!(
        !inside[0]
            .as_str()
            .unwrap()
            .starts_with(&format!("http://{board}")),
        "{inside}"
    );
    assert_eq!(
        get(board, "/api/game/1/state")["plies"],
        1,
        "nothing changed on the board"
    );
}
