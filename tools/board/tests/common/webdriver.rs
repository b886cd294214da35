//! Just enough of the WebDriver protocol to drive headless Chromium through chromedriver:
//! open a page, run a script, find and click elements, take a screenshot.

use std::io::Write;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{request, try_request};

/// The key under which WebDriver returns an element's id.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// The value of a WebDriver reply, or the error it reports (any `error` that is not null).
fn value_of(text: &str) -> Result<Value, String> {
    let reply: Value = serde_json::from_str(text).map_err(|e| format!("{e}: {text}"))?;
    let value = reply["value"].clone();
    match &value["error"] {
        Value::Null => Ok(value),
        error => Err(format!("{error}: {}", value["message"])),
    }
}

/// A headless Chromium session.
pub struct Browser {
    driver: Child,
    address: SocketAddr,
    session: String,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium; `None` (after one visible line saying
    /// why) when they are not installed, unless `TABULA_BROWSER_TESTS=1` demands them.
    pub fn start_or_skip(test: &str) -> Option<Browser> {
        let required = std::env::var("TABULA_BROWSER_TESTS").is_ok_and(|v| v == "1");
        let driver = on_path(&["chromedriver"]);
        let chromium = on_path(&["chromium", "chromium-browser", "google-chrome"]);
        let (Some(driver), Some(chromium)) = (driver, chromium) else {
            assert!(
                !required,
                "TABULA_BROWSER_TESTS=1 but chromium and chromedriver are not both on PATH"
            );
            // Written past the test harness's capture, so that the skip is seen.
            let _ = writeln!(
                std::io::stderr(),
                "{test}: skipped: chromium and chromedriver are not installed \
                 (apt-get install chromium chromium-driver; .ci/run does)"
            );
            return None;
        };
        Some(Browser::start(&driver, &chromium))
    }

    fn start(driver: &Path, chromium: &Path) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let address: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(address).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile =
            std::env::temp_dir().join(format!("board-chromium-{}-{port}", std::process::id()));
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1400,1000",
        ];
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium.display().to_string(), "args": args},
        }}});
        let mut browser = Browser {
            driver: child,
            address,
            session: String::new(),
        };
        let reply = browser.new_session(&capabilities);
        browser.session = reply["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        browser
    }

    /// Asks chromedriver for a session. A chromedriver that has just started listening
    /// now and then resets the connection of the first request (seen once in CI), so a
    /// request cut short is tried again, a few times.
    fn new_session(&self, capabilities: &Value) -> Value {
        let mut tries = 0;
        loop {
            tries += 1;
            match try_request(self.address, "POST", "/session", Some(capabilities)) {
                Ok((_, text)) => {
                    return value_of(&text).unwrap_or_else(|e| panic!("no session: {e}"));
                }
                Err(e) if tries < 5 => {
                    let _ = writeln!(std::io::stderr(), "chromedriver: {e}; asking again");
                    std::thread::sleep(Duration::from_millis(500));
                }
                Err(e) => panic!("no session after {tries} tries: {e}"),
            }
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = (method == "POST").then(|| body.unwrap_or(json!({})));
        let (_, text) = request(self.address, method, path, body.as_ref());
        value_of(&text)
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Sizes the window so that the page's viewport is `width` x `height` CSS pixels.
    pub fn viewport(&self, width: i64, height: i64) {
        let (mut w, mut h) = (width, height);
        for _ in 0..6 {
            self.session_call(
                "POST",
                "/window/rect",
                Some(json!({"width": w, "height": h})),
            )
            .expect("the window is sized");
            // The page learns its new size a moment after the window takes it.
            std::thread::sleep(Duration::from_millis(150));
            let inner = self.script("return [window.innerWidth, window.innerHeight];", json!([]));
            let (iw, ih) = (inner[0].as_i64().unwrap(), inner[1].as_i64().unwrap());
            if (iw, ih) == (width, height) {
                return;
            }
            (w, h) = (w + width - iw, h + height - ih);
        }
        panic!("the viewport could not be made {width}x{height}");
    }

    /// Opens `url`.
    pub fn goto(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })))
            .expect("the page opens");
    }

    /// Makes the page's frame number `index` the one scripts run in; `None`: the page again.
    pub fn frame(&self, index: Option<u64>) {
        self.session_call("POST", "/frame", Some(json!({ "id": index })))
            .expect("the frame is chosen");
    }

    /// Runs `script` in the page (`arguments[i]` are `args`) and returns its value.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.try_script(script, args)
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// [`Browser::script`], or why it failed.
    fn try_script(&self, script: &str, args: Value) -> Result<Value, String> {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Clicks the first element that matches `css`, as a person would: scrolled to the middle
    /// of the window first, since WebDriver clicks the middle of an element's visible part,
    /// which for a triangle cut off by the window's edge can lie outside the triangle. Retries
    /// while the page redraws.
    pub fn click(&self, css: &str) {
        let mut last = String::new();
        for _ in 0..50 {
            let found = self.session_call(
                "POST",
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            );
            let clicked = found.and_then(|element| {
                let id = element[ELEMENT].as_str().unwrap_or_default().to_string();
                self.try_script(
                    "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
                    json!([{ ELEMENT: id }]),
                )?;
                self.session_call("POST", &format!("/element/{id}/click"), None)
            });
            match clicked {
                Ok(_) => return,
                Err(e) => last = e,
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("cannot click '{css}': {last}");
    }

    /// Types `text` into the first element that matches `css`.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self
            .session_call(
                "POST",
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .unwrap_or_else(|e| panic!("no '{css}': {e}"));
        let id = element[ELEMENT].as_str().unwrap_or_default().to_string();
        self.session_call("POST", &format!("/element/{id}/clear"), None)
            .and_then(|_| {
                self.session_call(
                    "POST",
                    &format!("/element/{id}/value"),
                    Some(json!({ "text": text })),
                )
            })
            .unwrap_or_else(|e| panic!("cannot type into '{css}': {e}"));
    }

    /// Waits until `script` returns true.
    pub fn wait_for(&self, script: &str, args: Value, seconds: u64) {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while self.script(script, args.clone()) != json!(true) {
            assert!(Instant::now() < deadline, "timed out waiting for: {script}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Saves a screenshot of the window as a PNG file.
    pub fn screenshot(&self, path: &Path) {
        let data = self
            .session_call("GET", "/screenshot", None)
            .expect("a screenshot");
        let png = decode_base64(data.as_str().expect("base64 text"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.session_call("DELETE", "", None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Decodes standard base64 (the screenshot's encoding).
pub fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .map(value)
        .collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
        let count = chunk.len() - 1;
        bytes.extend_from_slice(&n.to_be_bytes()[1..1 + count]);
    }
    bytes
}
