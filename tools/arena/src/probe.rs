//! One search of one position by an engine that is not playing a game: the lines it writes
//! up to its `bestmove`, for the tools that judge openings and replay games.

use std::time::{Duration, Instant};

use ugi::clock::Limits;
use ugi::engine::EngineProcess;

/// How long an engine may take over one position beyond its own time limit.
const SLACK: Duration = Duration::from_secs(30);

/// What one search wrote.
pub struct Probe {
    /// Every line before the `bestmove` line.
    pub lines: Vec<String>,
    /// The `bestmove` line.
    pub bestmove: String,
    /// From sending `go` to reading `bestmove`.
    pub elapsed: Duration,
}

impl Probe {
    /// The last value an `info` line gave for `key` (as `nodes 1234`), if any.
    pub fn last_number(&self, key: &str) -> Option<u64> {
        self.lines.iter().rev().find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == key)?;
            words.get(at + 1)?.parse().ok()
        })
    }
}

/// Sends `position` and `go` with `limits` to `process` and collects what it writes until
/// its `bestmove`; `name` names the engine in errors.
pub fn search(
    process: &mut EngineProcess,
    name: &str,
    position: &str,
    limits: &Limits,
) -> Result<Probe, String> {
    process.send(position);
    process.send(&format!("go{}", limits.go_words()));
    let start = Instant::now();
    let wait = SLACK + Duration::from_millis(limits.movetime.unwrap_or(0));
    let mut lines = Vec::new();
    loop {
        let line = process
            .next_line(wait)
            .map_err(|f| format!("{name}: {}", f.describe()))?;
        if line.starts_with("bestmove") {
            return Ok(Probe {
                lines,
                bestmove: line,
                elapsed: start.elapsed(),
            });
        }
        lines.push(line);
    }
}
