//! One game on the board: the rules as referee, the seats with their engines and clocks, the
//! moves played, the place the person is looking at, and how the game ended.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabula::game::any_game::AnyGame;
use tabula::game::any_game::roll;
use tabula::game::{GameConfig, Turn};
use tabula::registry::Entry;
use ugi::engine::EngineProcess;
use ugi::opening::Opening;
use ugi::record::forfeit_scores;

use crate::info::InfoLine;
use crate::setup::{DiceMode, NewGame, SeatSetup};
use ugi::clock::{Clock, Limits, go_command};

pub mod history;

/// How long an analysis goes on with no page watching (a reload takes less).
const UNWATCHED_GRACE: Duration = Duration::from_secs(3);

/// One player's seat.
pub struct Seat {
    /// The engine's index in the server's list; none for a person.
    pub engine: Option<usize>,
    /// `setoption` pairs for the engine.
    pub options: Vec<(String, String)>,
    /// The per-move limit or clock.
    pub limits: Limits,
    /// The clock, when the limit is one.
    pub clock: Option<Clock>,
    /// The engine process between moves (started on its first move).
    pub process: Option<EngineProcess>,
    /// Whether the process is out with a search thread.
    pub busy: bool,
    /// The engine's latest reports, one per MultiPV line.
    pub info: Vec<InfoLine>,
    /// The engine's latest `info string`.
    pub note: Option<String>,
    /// Why the engine failed, if it did.
    pub fault: Option<String>,
    /// The ply the engine's latest search started from.
    pub searched_ply: usize,
}

/// One decision of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Its token.
    pub token: String,
    /// The player who made it; none for a roll.
    pub mover: Option<usize>,
    /// Milliseconds it took.
    pub ms: u64,
    /// The engine's score for it in centipawns (player 1's view with two players, the mover's
    /// with more), when an engine made it.
    pub eval: Option<i32>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    /// The protocol's result name (`p1win`, `draw`) or `p<k>loses` for a forfeit.
    pub result: String,
    /// Why, in words.
    pub reason: String,
    /// Every player's score.
    pub scores: Vec<f64>,
}

/// The search under way for a seat.
pub struct Search {
    /// Its number, to tell its reports from a cancelled one's.
    pub id: u64,
    /// The seat that thinks.
    pub seat: usize,
    /// Set to ask it to stop.
    pub stop: Arc<AtomicBool>,
}

/// An engine thinking on a position for the person (MultiPV, until stopped).
pub struct Analysis {
    /// Its number, to tell its reports from an earlier one's.
    pub id: u64,
    /// The engine's index in the server's list.
    pub engine: usize,
    /// The ply it analyses.
    pub ply: usize,
    /// Its latest reports, one per line.
    pub lines: Vec<InfoLine>,
    /// Whether it still thinks.
    pub running: bool,
    /// Its latest `info string` or failure.
    pub note: Option<String>,
    /// Set to ask it to stop.
    pub stop: Arc<AtomicBool>,
    /// When it started.
    pub started: Instant,
    /// Since when no page has watched it, if none does.
    pub unwatched_since: Option<Instant>,
}

/// One game and everything around it.
pub struct Table {
    /// The game.
    pub entry: Entry,
    /// Players and board.
    pub config: GameConfig,
    /// Where the game started (its moves are all in `moves`).
    pub start: Opening,
    /// The rules at the last move.
    pub rules: Box<dyn AnyGame>,
    /// Every decision so far.
    pub moves: Vec<Played>,
    /// The ply on show (`moves.len()` for the position in play).
    pub cursor: usize,
    /// The players' seats.
    pub seats: Vec<Seat>,
    /// How the game ended.
    pub end: Option<GameEnd>,
    /// Whether play is held (no engine moves, no clock runs).
    pub paused: bool,
    /// Who rolls.
    pub dice: DiceMode,
    /// The seed the server rolls from.
    pub seed: u64,
    rng: Pcg64Mcg,
    /// When the decision now due became due.
    pub turn_started: Instant,
    /// The seat search under way.
    pub search: Option<Search>,
    /// The analysis, running or finished.
    pub analysis: Option<Analysis>,
    /// Counts tables and jobs, so late answers from an earlier game are dropped.
    pub generation: u64,
    next_id: u64,
}

impl Table {
    /// A new game as `setup` asks, numbered after `generation`.
    pub fn new(entry: Entry, setup: &NewGame, generation: u64) -> Result<Table, String> {
        let config = GameConfig {
            players: setup.players,
            board: setup.board.clone(),
        };
        let rules = entry.rules(config.clone())?;
        let seats = setup
            .seats
            .iter()
            .map(|s| Seat {
                engine: s.engine,
                options: s.options.clone(),
                limits: s.limit.unwrap_or_default(),
                clock: s.limit.and_then(|l| l.start_clock()),
                process: None,
                busy: false,
                info: Vec::new(),
                note: None,
                fault: None,
                searched_ply: 0,
            })
            .collect();
        let seed = setup
            .seed
            .unwrap_or_else(|| u64::from(rand::random::<u32>()));
        Ok(Table {
            entry,
            config,
            start: Opening {
                text: None,
                moves: Vec::new(),
            },
            rules,
            moves: Vec::new(),
            cursor: 0,
            seats,
            end: None,
            paused: false,
            dice: setup.dice,
            seed,
            rng: Pcg64Mcg::seed_from_u64(seed),
            turn_started: Instant::now(),
            search: None,
            analysis: None,
            generation: generation + 1,
            next_id: 0,
        })
    }

    /// The setup the game was started with, the seed filled in (for a page to show).
    pub fn setup(&self) -> NewGame {
        let seats = self.seats.iter().map(|s| SeatSetup {
            engine: s.engine,
            options: s.options.clone(),
            limit: Some(s.limits).filter(|l| *l != Limits::default()),
        });
        NewGame {
            game: self.entry.name.to_string(),
            players: self.config.players,
            board: self.config.board.clone(),
            seats: seats.collect(),
            dice: self.dice,
            seed: Some(self.seed),
        }
    }

    /// Asks the seat search and the analysis, if any, to stop; their answers will be dropped.
    pub fn stop_thinking(&mut self) {
        self.cancel_search();
        if let Some(analysis) = &self.analysis {
            analysis.stop.store(true, Ordering::Relaxed);
        }
    }

    /// A fresh job number.
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// The rules after the first `ply` decisions.
    pub fn rules_at(&self, ply: usize) -> Result<Box<dyn AnyGame>, String> {
        let mut rules = self.entry.rules(self.config.clone())?;
        let tokens: Vec<&str> = self.moves[..ply].iter().map(|m| m.token.as_str()).collect();
        rules.set_position(self.start.text.as_deref(), &tokens)?;
        Ok(rules)
    }

    /// The game so far as a `position` command's argument (`startpos moves ...`).
    pub fn position_line(&self, ply: usize) -> String {
        Opening {
            text: self.start.text.clone(),
            moves: self.moves[..ply].iter().map(|m| m.token.clone()).collect(),
        }
        .line()
    }

    /// The options every engine gets first: the variant, players and board.
    pub fn engine_setup(&self) -> Vec<(String, String)> {
        let mut setup = vec![("UCI_Variant".to_string(), self.entry.name.to_string())];
        if self.config.players != 2 {
            setup.push(("Players".to_string(), self.config.players.to_string()));
        }
        if !self.config.board.is_empty() {
            setup.push(("Board".to_string(), self.config.board.clone()));
        }
        setup
    }

    /// The `go` command for `mover`: every clock, then the mover's own limit.
    pub fn go_command(&self, mover: usize) -> String {
        let clocks: Vec<Option<Clock>> = self.seats.iter().map(|s| s.clock).collect();
        go_command(&clocks, &self.seats[mover].limits)
    }

    /// Plays `token` at the end of the game and records it.
    pub fn record(&mut self, token: &str, mover: Option<usize>, ms: u64, eval: Option<i32>) {
        let follow = self.cursor == self.moves.len();
        self.moves.push(Played {
            token: token.to_string(),
            mover,
            ms,
            eval,
        });
        if follow {
            self.cursor = self.moves.len();
        }
        self.turn_started = Instant::now();
    }

    /// Rolls the dice from the seed.
    pub fn roll(&mut self) -> String {
        roll(&self.rules.chance_outcomes(), &mut self.rng)
    }

    /// Ends the game as a loss for `seat`, for `reason`.
    pub fn forfeit(&mut self, seat: usize, name: &str, reason: &str) {
        self.seats[seat].fault = Some(reason.to_string());
        self.end = Some(GameEnd {
            result: format!("p{}loses", seat + 1),
            reason: match name {
                "person" => reason.to_string(),
                _ => format!("{reason}, by p{}'s engine {name}", seat + 1),
            },
            scores: forfeit_scores(self.config.players, seat),
        });
    }

    /// Sets `end` from the rules once the game is over.
    pub fn note_rules_end(&mut self) {
        if self.end.is_none()
            && let Some(outcome) = self.rules.outcome()
        {
            self.end = Some(GameEnd {
                result: outcome.name(),
                reason: self
                    .rules
                    .end_reason()
                    .unwrap_or_else(|| "the rules".to_string()),
                scores: outcome.scores(self.config.players),
            });
        }
    }

    /// Asks the seat search under way, if any, to stop; its answer will be dropped.
    pub fn cancel_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Milliseconds since the decision now due became due.
    pub fn elapsed_ms(&self) -> i64 {
        self.turn_started.elapsed().as_millis() as i64
    }

    /// The person to move, if a person is to move in the position in play.
    pub fn human_to_move(&self) -> Option<usize> {
        match self.rules.turn() {
            Turn::Player(p) if self.seats[p as usize].engine.is_none() => Some(p as usize),
            _ => None,
        }
    }

    /// Holds or resumes play; a held clock does not run.
    pub fn set_paused(&mut self, paused: bool) {
        if paused == self.paused {
            return;
        }
        if paused {
            self.cancel_search();
            if let Some(p) = self.human_to_move()
                && let Some(clock) = self.seats[p].clock.as_mut()
            {
                clock.left_ms -= self.turn_started.elapsed().as_millis() as i64;
            }
        }
        self.turn_started = Instant::now();
        self.paused = paused;
    }

    /// Plays a person's token (or a typed roll) in the position in play.
    pub fn play_human(&mut self, token: &str) -> Result<(), String> {
        if let Some(end) = &self.end {
            return Err(format!("the game is over ({})", end.result));
        }
        if self.cursor != self.moves.len() {
            return Err("step forward to the last move to play".to_string());
        }
        let mover = match self.rules.turn() {
            Turn::Chance if self.dice == DiceMode::Manual => None,
            Turn::Chance => return Err("the server rolls the dice in this game".to_string()),
            _ => Some(
                self.human_to_move()
                    .ok_or("it is an engine's turn, not yours")?,
            ),
        };
        let token = token.trim();
        if token.is_empty() || token.len() > 64 || token.chars().any(char::is_control) {
            return Err("a token is one short word".to_string());
        }
        self.rules
            .play(token)
            .map_err(|e| format!("illegal move '{token}': {e}"))?;
        let spent = if self.paused { 0 } else { self.elapsed_ms() };
        if let Some(p) = mover
            && let Some(clock) = self.seats[p].clock.as_mut()
        {
            clock.left_ms += clock.inc_ms as i64 - spent;
        }
        self.record(token, mover, spent.max(0) as u64, None);
        self.note_rules_end();
        Ok(())
    }

    /// Ends the game if the person to move has run out of time.
    pub fn check_flag(&mut self) -> bool {
        if self.end.is_some() || self.paused {
            return false;
        }
        let Some(p) = self.human_to_move() else {
            return false;
        };
        match self.seats[p].clock {
            Some(clock) if clock.left_ms - self.elapsed_ms() < 0 => {
                self.forfeit(p, "person", "lost on time");
                true
            }
            _ => false,
        }
    }

    /// Stops a running analysis that has run for `most`, or that no page has watched (`watched`
    /// says whether one does now) for [`UNWATCHED_GRACE`]; returns whether it stopped one.
    pub fn bound_analysis(&mut self, watched: bool, most: Duration) -> bool {
        let Some(analysis) = self.analysis.as_mut().filter(|a| a.running) else {
            return false;
        };
        analysis.unwatched_since = match watched {
            true => None,
            false => analysis.unwatched_since.or(Some(Instant::now())),
        };
        let note = if analysis.started.elapsed() >= most {
            format!(
                "stopped after {} s, this server's bound (--max-analysis)",
                most.as_secs()
            )
        } else if analysis
            .unwatched_since
            .is_some_and(|since| since.elapsed() >= UNWATCHED_GRACE)
        {
            "stopped: no page was watching".to_string()
        } else {
            return false;
        };
        analysis.stop.store(true, Ordering::Relaxed);
        analysis.running = false;
        analysis.note = Some(note);
        true
    }
}
