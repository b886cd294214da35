//! Playing one game: clocks, dice, the referee's checks, and how the game ended.

use std::time::{Duration, Instant};

use rand_pcg::Pcg64Mcg;

use crate::records::GameRecord;
use crate::referee::{GameSettings, Next, Opening, Referee};
use tabula::game::any_game::roll;
use ugi::clock::{Clock, Limits, bestmove_token, go_command};
use ugi::engine::{EngineProcess, EngineSpec, Fault};
use ugi::record::forfeit_scores;

/// Match-wide rules for games.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The game.
    pub settings: GameSettings,
    /// Milliseconds an engine may overstep its time before it loses.
    pub margin: u64,
    /// How long to wait for a move without a clock or movetime.
    pub idle_timeout: Duration,
    /// Plies after the opening before the game is adjudicated (equal shares).
    pub max_plies: Option<usize>,
}

/// One engine's place in a worker: its spec and limits, and the process once started.
pub struct Contestant {
    /// What to run.
    pub spec: EngineSpec,
    /// Its limits per move.
    pub limits: Limits,
    /// The running process.
    pub process: Option<EngineProcess>,
}

impl Contestant {
    /// Makes sure the process runs and is ready for a new game.
    fn prepare(&mut self, settings: &GameSettings) -> Result<(), String> {
        if let Some(process) = &mut self.process {
            process.send("uginewgame");
            if process.alive() && process.ready().is_ok() {
                return Ok(());
            }
        }
        self.process = None;
        let mut process = EngineProcess::start(&self.spec, &settings.engine_setup())?;
        process.send("uginewgame");
        process.ready().map_err(|f| {
            let limit = self.spec.handshake;
            format!("{}: {}", self.spec.name, f.describe_handshake(limit))
        })?;
        self.process = Some(process);
        Ok(())
    }
}

/// Which game to play.
pub struct GameJob {
    /// The game's number.
    pub game: usize,
    /// Its sample.
    pub sample: usize,
    /// Its rotation of the seats.
    pub rotation: usize,
    /// The contestant index of each seat.
    pub seats: Vec<usize>,
    /// Where it starts.
    pub opening: Opening,
    /// The dice, shared by the games of one sample.
    pub dice: Pcg64Mcg,
}

/// How a game ended before its rules ended it.
struct Forfeit {
    seat: usize,
    reason: String,
}

/// Plays one game between `contestants` (seated by `job.seats`) and records it.
pub fn play(job: GameJob, contestants: &mut [Contestant], rules: &GameRules) -> GameRecord {
    let players = rules.settings.players;
    let mut record = GameRecord {
        game: job.game,
        sample: job.sample,
        rotation: job.rotation,
        seats: job
            .seats
            .iter()
            .map(|&c| contestants[c].spec.name.clone())
            .collect(),
        opening: job.opening.line(),
        result: String::new(),
        scores: vec![0.0; players],
        reason: String::new(),
        moves: Vec::new(),
        times: Vec::new(),
        notes: Vec::new(),
        schedule: None,
    };
    let mut referee =
        Referee::new(&rules.settings, &job.opening).expect("openings are checked when loaded");
    let seats = job.seats.clone();
    match run(job, contestants, rules, &mut referee, &mut record) {
        Ok(()) if record.reason == "rules" => {
            record.notes = disagreements(&referee, &record.result, &seats, contestants);
        }
        Ok(()) => {}
        Err(Forfeit { seat, reason }) => {
            record.result = format!("p{}loses", seat + 1);
            record.reason = format!("p{} {reason}", seat + 1);
            record.scores = forfeit_scores(players, seat);
        }
    }
    record
}

/// Plays moves until the rules end the game, the ply limit is reached, or a seat forfeits.
fn run(
    mut job: GameJob,
    contestants: &mut [Contestant],
    rules: &GameRules,
    referee: &mut Referee,
    record: &mut GameRecord,
) -> Result<(), Forfeit> {
    let players = rules.settings.players;
    for (seat, &c) in job.seats.iter().enumerate() {
        if job.seats[..seat].contains(&c) {
            continue;
        }
        if let Err(reason) = contestants[c].prepare(&rules.settings) {
            return Err(Forfeit {
                seat,
                reason: format!("could not start: {reason}"),
            });
        }
    }
    let mut clocks: Vec<Option<Clock>> = job
        .seats
        .iter()
        .map(|&c| contestants[c].limits.start_clock())
        .collect();
    loop {
        let seat = match referee.next() {
            Next::Over(result, scores) => {
                (record.result, record.scores) = (result, scores);
                record.reason = "rules".to_string();
                return Ok(());
            }
            _ if rules.max_plies.is_some_and(|m| record.moves.len() >= m) => {
                record.result = "adjudicated".to_string();
                record.scores = vec![1.0 / players as f64; players];
                record.reason = "max plies".to_string();
                return Ok(());
            }
            Next::Chance(outcomes) => {
                let token = roll(&outcomes, &mut job.dice);
                referee.play(&token).expect("a chance outcome is legal");
                record.moves.push(token);
                record.times.push(0);
                continue;
            }
            Next::Player(seat) => seat,
        };
        let (token, spent) = ask(&job.seats, contestants, &mut clocks, seat, rules, referee)
            .map_err(|reason| Forfeit { seat, reason })?;
        if let Err(e) = referee.play(&token) {
            return Err(Forfeit { seat, reason: e });
        }
        record.moves.push(token);
        record.times.push(spent);
    }
}

/// Asks the engine of `seat` for its decision in the referee's position and charges its
/// clock: the token and the milliseconds spent, or why the seat forfeits.
fn ask(
    seats: &[usize],
    contestants: &mut [Contestant],
    clocks: &mut [Option<Clock>],
    seat: usize,
    rules: &GameRules,
    referee: &Referee,
) -> Result<(String, u64), String> {
    let limits = contestants[seats[seat]].limits;
    let go = go_command(clocks, &limits);
    let wait = limits.wait(clocks[seat], rules.margin, rules.idle_timeout);
    let process = contestants[seats[seat]].process.as_mut().expect("prepared");
    process.send(&referee.position_command());
    process.send(&go);
    let started = Instant::now();
    let answer = process.wait_for("bestmove", wait);
    let spent = started.elapsed().as_millis() as u64;
    let line = match answer {
        Ok(line) => line,
        Err(fault) => {
            if fault == Fault::NoAnswer {
                // It may still answer later: a fresh process for the next game.
                contestants[seats[seat]].process = None;
            }
            return Err(fault.describe().to_string());
        }
    };
    limits.charge(clocks[seat].as_mut(), spent, rules.margin)?;
    Ok((bestmove_token(&line)?, spent))
}

/// Asks every engine that played for the result of the finished game; returns a note for
/// each that disagrees with the referee (or does not answer).
fn disagreements(
    referee: &Referee,
    result: &str,
    seats: &[usize],
    contestants: &mut [Contestant],
) -> Vec<String> {
    let mut asked: Vec<usize> = seats.to_vec();
    asked.sort_unstable();
    asked.dedup();
    let mut notes = Vec::new();
    for c in asked {
        let name = contestants[c].spec.name.clone();
        let Some(process) = contestants[c].process.as_mut() else {
            continue;
        };
        process.send(&referee.position_command());
        process.send("query result");
        match process.wait_for("response", Duration::from_secs(2)) {
            Ok(line) if line.split_whitespace().nth(1) == Some(result) => {}
            Ok(line) => notes.push(format!("{name} disagrees: '{line}', referee {result}")),
            Err(fault) => notes.push(format!("{name} gave no result: {}", fault.describe())),
        }
    }
    notes
}
