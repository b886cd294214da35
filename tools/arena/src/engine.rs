//! One engine process: started from a command line, spoken to line by line, read by a
//! thread of its own so that every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// How long the handshake and `isready` may take.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// What an engine is: its name, command line and options.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name in reports and records.
    pub name: String,
    /// The command line, run by `sh -c`.
    pub cmd: String,
    /// `setoption` pairs, sent after the handshake, in order.
    pub options: Vec<(String, String)>,
}

/// Why an engine could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process ended (crash or exit).
    Exited,
    /// No expected answer within the time allowed.
    NoAnswer,
}

impl Fault {
    /// A short description for records.
    pub fn describe(&self) -> &'static str {
        match self {
            Fault::Exited => "the engine exited",
            Fault::NoAnswer => "no answer in time",
        }
    }
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    exited: bool,
}

impl EngineProcess {
    /// Starts `spec` for `variant` (with `setup` options such as `Players` first) and
    /// waits for the handshake and `readyok`.
    pub fn start(spec: &EngineSpec, setup: &[(String, String)]) -> Result<Self, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&spec.cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.cmd))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            child,
            stdin,
            lines,
            exited: false,
        };
        engine.send("ugi");
        engine
            .wait_for("ugiok", HANDSHAKE_TIME)
            .map_err(|f| format!("{}: no ugiok ({})", spec.name, f.describe()))?;
        for (name, value) in setup.iter().chain(&spec.options) {
            engine.send(&format!("setoption name {name} value {value}"));
        }
        engine
            .ready()
            .map_err(|f| format!("{}: no readyok ({})", spec.name, f.describe()))?;
        Ok(engine)
    }

    /// Sends one line (a dead engine swallows it).
    pub fn send(&mut self, line: &str) {
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            self.exited = true;
        }
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self) -> Result<(), Fault> {
        self.send("isready");
        self.wait_for("readyok", HANDSHAKE_TIME).map(|_| ())
    }

    /// Reads lines until one starts with `prefix` (returned), within `limit`.
    pub fn wait_for(&mut self, prefix: &str, limit: Duration) -> Result<String, Fault> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Fault::NoAnswer),
                Err(RecvTimeoutError::Disconnected) => {
                    self.exited = true;
                    return Err(Fault::Exited);
                }
            }
        }
    }

    /// Whether the process is still there to talk to.
    pub fn alive(&mut self) -> bool {
        !self.exited && matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the process, politely and then for sure.
    pub fn stop(&mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop();
    }
}
