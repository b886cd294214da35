//! Drives the real `tabula` binary over its standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// How long a test waits for an expected line before it fails (a guard against hangs, not a speed test).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts the engine with extra command-line arguments.
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tabula");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine accepts input");
        self.stdin.flush().unwrap();
    }

    /// Reads lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_line(&format!("starting with '{prefix}'"), |l| {
            l.starts_with(prefix)
        })
    }

    /// Reads lines up to and including the first that passes `last` (`what` says which).
    pub fn until_line(&mut self, what: &str, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no line {what}; saw {seen:?}"));
            let done = last(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends a command and returns every line it produced, using `isready` as a fence.
    pub fn exchange(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The single `response` of a query.
    pub fn query(&mut self, what: &str) -> String {
        let lines = self.exchange(&format!("query {what}"));
        assert_eq!(lines.len(), 1, "one response to 'query {what}': {lines:?}");
        lines[0]
            .strip_prefix("response")
            .unwrap_or_else(|| panic!("{lines:?}"))
            .trim()
            .to_string()
    }

    /// The engine's resident memory in MiB (`VmRSS`), where the system says (Linux).
    pub fn resident_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
    }

    /// Sends `quit` and checks that the process ends cleanly.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("engine exits");
        assert!(status.success(), "exit status {status}");
    }
}

impl EngineProcess {
    /// Sends raw bytes (which need not be UTF-8) followed by a newline.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("engine accepts input");
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }
}

/// Whether `line` is the engine's error report.
pub fn is_error(line: &str) -> bool {
    line.starts_with("info string error ")
}

/// The token of the `bestmove` line that ends `lines` (as `until("bestmove")` returns them).
pub fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {last}"))
        .to_string()
}
