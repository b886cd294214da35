//! Drives the real `tabula` binary over its standard input and output, as the tools do: the
//! process is `ugi::engine::EngineProcess` (one engine process type for tools and tests), and
//! [`Talk`] adds what tests ask of it.

use std::process::Command;
use std::time::Duration;

pub use ugi::engine::EngineProcess;

/// How long a test waits for an expected line before it fails (a guard against hangs, not a speed test).
const PATIENCE: Duration = Duration::from_secs(60);

/// Starts the engine with extra command-line arguments; nothing is sent to it yet.
pub fn start_engine(args: &[&str]) -> EngineProcess {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.args(args);
    EngineProcess::spawn(command).expect("start tabula")
}

/// What tests ask of an engine process.
pub trait Talk {
    /// Reads lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String>;
    /// Reads lines up to and including the first that passes `last` (`what` says which).
    fn until_line(&mut self, what: &str, last: impl Fn(&str) -> bool) -> Vec<String>;
    /// Sends a command and returns every line it produced, using `isready` as a fence.
    fn exchange(&mut self, line: &str) -> Vec<String>;
    /// The single `response` of a query.
    fn query(&mut self, what: &str) -> String;
    /// The engine's resident memory in MiB (`VmRSS`), where the system says (Linux).
    fn resident_mib(&self) -> Option<u64>;
    /// Sends `quit` and checks that the process ends cleanly.
    fn quit(self);
}

impl Talk for EngineProcess {
    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_line(&format!("starting with '{prefix}'"), |l| {
            l.starts_with(prefix)
        })
    }

    fn until_line(&mut self, what: &str, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = match self.next_line(PATIENCE) {
                Ok(line) => line,
                Err(fault) => panic!("no line {what} ({}); saw {seen:?}", fault.describe()),
            };
            let done = last(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn exchange(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    fn query(&mut self, what: &str) -> String {
        let lines = self.exchange(&format!("query {what}"));
        assert_eq!(lines.len(), 1, "one response to 'query {what}': {lines:?}");
        lines[0]
            .strip_prefix("response")
            .unwrap_or_else(|| panic!("{lines:?}"))
            .trim()
            .to_string()
    }

    fn resident_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.wait_exit(PATIENCE);
        assert!(
            status.is_some_and(|s| s.success()),
            "exit status {status:?}"
        );
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
