//! The threads that talk to engines: one per search and one per analysis. They own the
//! process while it thinks, pass every `info` line to the board, and hand the answer back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ugi::engine::{EngineProcess, EngineSpec, Fault};

/// Where a driver's thread reports: each line the engine writes while it thinks, the answer
/// of a search, the end of an analysis (the board; this module knows no board).
pub trait Listener {
    /// A line the engine wrote during search or analysis `id` of table `generation`.
    fn engine_line(&self, generation: u64, id: u64, line: &str);
    /// A search's answer.
    fn answer(self: &Arc<Self>, answer: Answer);
    /// An analysis ended (stopped, or the engine failed).
    fn analysis_ended(&self, generation: u64, id: u64, failure: Option<Fault>);
}

/// A search's answer as its thread brings it back.
pub struct Answer {
    /// The job's table and number.
    pub generation: u64,
    /// See `generation`.
    pub id: u64,
    /// The seat that thought.
    pub seat: usize,
    /// The process, to keep for the next move (none if it could not start).
    pub process: Option<EngineProcess>,
    /// The `bestmove` line, or what went wrong.
    pub line: Result<String, String>,
    /// Milliseconds from `go` to the answer.
    pub spent_ms: u64,
}

/// How often a waiting thread looks at its stop flag.
const POLL: Duration = Duration::from_millis(20);

/// How long an engine may take to answer `stop`.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// One seat's search.
pub struct ThinkJob {
    /// The table it belongs to.
    pub generation: u64,
    /// The search's number.
    pub id: u64,
    /// The seat that thinks.
    pub seat: usize,
    /// The engine, with the seat's options.
    pub spec: EngineSpec,
    /// The game's options, sent before the engine's own.
    pub setup: Vec<(String, String)>,
    /// The seat's process, if it has one yet.
    pub process: Option<EngineProcess>,
    /// The `position` command.
    pub position: String,
    /// The `go` command.
    pub go: String,
    /// How long to wait for `bestmove`.
    pub wait: Duration,
    /// Set when the board no longer wants the answer.
    pub stop: Arc<AtomicBool>,
}

/// An analysis: `go infinite` until stopped.
pub struct AnalyseJob {
    /// The table it belongs to.
    pub generation: u64,
    /// The analysis's number.
    pub id: u64,
    /// The engine, with MultiPV.
    pub spec: EngineSpec,
    /// The game's options.
    pub setup: Vec<(String, String)>,
    /// The `position` command.
    pub position: String,
    /// Set to stop it.
    pub stop: Arc<AtomicBool>,
}

/// Reads lines until `bestmove` (returned), passing the others to the board. After `stop`
/// is set it sends `stop` once and waits a little longer; past `wait` it gives up.
fn until_bestmove(
    board: &impl Listener,
    (generation, id): (u64, u64),
    process: &mut EngineProcess,
    wait: Option<Duration>,
    stop: &AtomicBool,
) -> Result<String, Fault> {
    let mut deadline = wait.map(|w| Instant::now() + w);
    let mut stop_sent = false;
    loop {
        if stop.load(Ordering::Relaxed) && !stop_sent {
            process.send("stop");
            stop_sent = true;
            deadline = Some(Instant::now() + STOP_GRACE);
        }
        let left = deadline.map_or(POLL, |d| d.saturating_duration_since(Instant::now()));
        if left.is_zero() {
            return Err(Fault::NoAnswer);
        }
        match process.next_line(left.min(POLL)) {
            Ok(line) if line.starts_with("bestmove") => return Ok(line),
            Ok(line) => board.engine_line(generation, id, &line),
            Err(Fault::NoAnswer) => {}
            Err(fault) => return Err(fault),
        }
    }
}

/// Runs one seat's search and hands its answer to the board.
pub fn think(board: Arc<impl Listener>, job: ThinkJob) {
    let started_process = match job.process {
        Some(process) => Ok(process),
        None => EngineProcess::start(&job.spec, &job.setup),
    };
    let mut process = match started_process {
        Ok(process) => process,
        Err(e) => {
            return board.answer(Answer {
                generation: job.generation,
                id: job.id,
                seat: job.seat,
                process: None,
                line: Err(e),
                spent_ms: 0,
            });
        }
    };
    process.send(&job.position);
    process.send(&job.go);
    let started = Instant::now();
    let line = until_bestmove(
        board.as_ref(),
        (job.generation, job.id),
        &mut process,
        Some(job.wait),
        &job.stop,
    );
    let spent_ms = started.elapsed().as_millis() as u64;
    let healthy = line.is_ok() && process.alive();
    board.answer(Answer {
        generation: job.generation,
        id: job.id,
        seat: job.seat,
        process: healthy.then_some(process),
        line: line.map_err(|f| f.describe().to_string()),
        spent_ms,
    });
}

/// Runs an analysis until it is stopped or the engine fails.
pub fn analyse(board: Arc<impl Listener>, job: AnalyseJob) {
    let mut process = match EngineProcess::start(&job.spec, &job.setup) {
        Ok(process) => process,
        Err(_) => return board.analysis_ended(job.generation, job.id, Some(Fault::Exited)),
    };
    process.send(&job.position);
    process.send("go infinite");
    let result = until_bestmove(
        board.as_ref(),
        (job.generation, job.id),
        &mut process,
        None,
        &job.stop,
    );
    let failure = match result {
        Ok(_) => None,
        Err(_) if job.stop.load(Ordering::Relaxed) => None,
        Err(fault) => Some(fault),
    };
    board.analysis_ended(job.generation, job.id, failure);
}
