//! The board's shared state: the table behind a lock, the engines it may start, and a
//! signal that tells the pages something changed. Everything that moves the game on goes
//! through here, so that after every change the next decision is started: a roll, an
//! engine's search, or nothing while a person is to move.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use tabula::game::Turn;
use tabula::registry::{Entry, Registry};
use tokio::sync::watch;
use ugi::clock::bestmove_token;
use ugi::declared::DeclaredOption;
use ugi::engine::{EngineProcess, EngineSpec, Fault};

use crate::bounds::Bounds;
use crate::driver::{self, Answer, Listener, ThinkJob};
use crate::info::{self, Info};
use crate::setup::{DiceMode, NewGame};
use crate::table::{Search, Table};

mod analysis;

/// What the server was started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engines the page may choose among.
    pub engines: Vec<EngineSpec>,
    /// Milliseconds an engine may overstep its movetime or clock before it loses.
    pub margin_ms: u64,
    /// How long an engine without a time limit may think before it loses.
    pub idle_timeout: Duration,
    /// The most games open at once.
    pub max_games: usize,
    /// The most engine processes running at once, over every game.
    pub max_engines: usize,
    /// What the page may ask for.
    pub bounds: Bounds,
    /// Host names the server answers to besides its listen address and `localhost`.
    pub hosts: Vec<String>,
}

/// What every game of a server shares: its settings, the games' rules, and the options each
/// engine declared.
pub struct Common {
    /// The server's settings.
    pub config: Config,
    /// The games.
    pub registry: Registry,
    /// The options each engine declared when the server started (none for one that did not
    /// start then).
    pub declared: Vec<Vec<DeclaredOption>>,
}

impl Common {
    /// The settings, the games, and each engine's declared options (each engine is started
    /// once to read them).
    pub fn new(config: Config) -> Arc<Common> {
        let declared = config
            .engines
            .iter()
            .map(|spec| {
                EngineProcess::start(spec, &[]).map_or(Vec::new(), |e| e.declared().to_vec())
            })
            .collect();
        Arc::new(Common {
            config,
            registry: Registry::standard(),
            declared,
        })
    }

    /// The first game of a server: the first variant, a person against the first engine.
    pub fn first_setup(&self) -> NewGame {
        let mut setup = NewGame {
            game: self.registry.entries()[0].name.to_string(),
            players: 2,
            board: String::new(),
            seats: vec![Default::default(); 2],
            dice: DiceMode::Server,
            seed: None,
        };
        if !self.config.engines.is_empty() {
            setup.seats[1].engine = Some(0);
            setup.seats[1].limit = Some(ugi::clock::Limits {
                movetime: Some(1000),
                ..Default::default()
            });
        }
        setup
    }

    /// Checks `setup` against the server (its game, board, seats and bounds); the setup as
    /// it will be played.
    pub fn check(&self, setup: &NewGame) -> Result<(Entry, NewGame), String> {
        let entry = *self.registry.find(&setup.game)?;
        let mut setup = setup.clone();
        setup.check_seats(&self.declared, &self.config.bounds)?;
        if !setup.board.is_empty() && !entry.boards.contains(&setup.board.as_str()) {
            return Err(format!("{} has no board '{}'", entry.name, setup.board));
        }
        Ok((entry, setup))
    }
}

/// One game with its own address: the table behind a lock, and a signal that tells the pages
/// watching it that something changed.
pub struct Board {
    /// What the server's games share.
    pub common: Arc<Common>,
    /// The game's number, in its address (`/game/<id>`).
    pub id: u64,
    table: Mutex<Table>,
    changed: watch::Sender<u64>,
}

impl Board {
    /// Game `id` of `common`'s server, set up as `setup` asks.
    pub fn new(common: Arc<Common>, id: u64, setup: &NewGame) -> Result<Arc<Board>, String> {
        let (entry, setup) = common.check(setup)?;
        let table = Table::new(entry, &setup, 0)?;
        let (changed, _) = watch::channel(0);
        Ok(Arc::new(Board {
            common,
            id,
            table: Mutex::new(table),
            changed,
        }))
    }

    /// Starts whatever the game waits for first: a roll, or an engine's search.
    pub fn start(self: &Arc<Self>) {
        let _ = self.act(|_| Ok::<(), String>(()));
    }

    /// How many engine processes the game may run at once: one per engine seat, and one for
    /// a running analysis.
    pub fn engines(&self) -> usize {
        let table = self.lock();
        let running = table.analysis.as_ref().is_some_and(|a| a.running);
        table.setup().engine_seats() + usize::from(running)
    }

    /// How many seats an engine plays.
    pub fn seat_engines(&self) -> usize {
        self.lock().setup().engine_seats()
    }

    /// Ends the game for good: its search and analysis stop, its engines end (off the lock),
    /// and answers still on their way are dropped with their processes.
    pub fn close(&self) {
        let mut table = self.lock();
        table.stop_thinking();
        table.generation += 1;
        table.paused = true;
        let processes: Vec<EngineProcess> = table
            .seats
            .iter_mut()
            .filter_map(|seat| seat.process.take())
            .collect();
        drop(table);
        thread::spawn(move || drop(processes));
        self.notify();
    }

    /// Whether a page is watching (an event stream is open).
    pub fn watched(&self) -> bool {
        self.changed.receiver_count() > 0
    }

    /// Waits for changes.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// The table, locked (a thread that panicked holding it leaves it usable).
    pub fn lock(&self) -> MutexGuard<'_, Table> {
        tabula::sync::lock(&self.table)
    }

    fn notify(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    /// Runs `change` on the table; on success starts whatever comes next; tells the pages.
    pub fn act<R>(
        self: &Arc<Self>,
        change: impl FnOnce(&mut Table) -> Result<R, String>,
    ) -> Result<R, String> {
        let mut table = self.lock();
        let result = change(&mut table);
        self.advance(&mut table);
        drop(table);
        self.notify();
        result
    }

    /// Starts a new game; the old one's engines are stopped.
    pub fn new_game(self: &Arc<Self>, setup: &NewGame) -> Result<(), String> {
        let (entry, setup) = self.common.check(setup)?;
        self.act(|table| {
            let mut fresh = Table::new(entry, &setup, table.generation)?;
            table.stop_thinking();
            std::mem::swap(table, &mut fresh);
            // The old seats' engines quit off the lock.
            thread::spawn(move || drop(fresh));
            Ok(())
        })
    }

    /// Moves the game on as far as it goes without a person: rolls the server's dice and
    /// starts the engine whose turn it is.
    fn advance(self: &Arc<Self>, table: &mut Table) {
        loop {
            table.note_rules_end();
            if table.end.is_some() || table.paused || table.search.is_some() {
                return;
            }
            match table.rules.turn() {
                Turn::Over => return,
                Turn::Chance if table.dice == DiceMode::Server => {
                    let token = table.roll();
                    if table.rules.play(&token).is_err() {
                        return;
                    }
                    table.record(&token, None, 0, None);
                }
                Turn::Chance => return,
                Turn::Player(p) => return self.start_search(table, p as usize),
            }
        }
    }

    fn start_search(self: &Arc<Self>, table: &mut Table, seat: usize) {
        let Some(engine) = table.seats[seat].engine else {
            return;
        };
        if table.seats[seat].busy {
            return;
        }
        let id = table.next_id();
        let stop = Arc::new(AtomicBool::new(false));
        table.search = Some(Search {
            id,
            seat,
            stop: stop.clone(),
        });
        let config = &self.common.config;
        let wait = table.seats[seat].limits.wait(
            table.seats[seat].clock,
            config.margin_ms,
            config.idle_timeout,
        );
        let mut spec = self.common.config.engines[engine].clone();
        let (go, position) = (
            table.go_command(seat),
            format!("position {}", table.position_line(table.moves.len())),
        );
        let setup = table.engine_setup();
        let job_ply = table.moves.len();
        let state = &mut table.seats[seat];
        spec.options.extend(state.options.iter().cloned());
        state.busy = true;
        state.searched_ply = job_ply;
        state.info.clear();
        state.note = None;
        state.fault = None;
        let job = ThinkJob {
            generation: table.generation,
            id,
            seat,
            spec,
            setup,
            process: state.process.take(),
            position,
            go,
            wait,
            stop,
        };
        table.turn_started = std::time::Instant::now();
        let board = Arc::clone(self);
        thread::spawn(move || driver::think(board, job));
    }

    /// An engine's line during a search or an analysis.
    fn line_of_engine(&self, generation: u64, id: u64, line: &str) {
        let Some(parsed) = info::parse(line) else {
            return;
        };
        let mut table = self.lock();
        if table.generation != generation {
            return;
        }
        if let Some(seat) = table.search.as_ref().filter(|s| s.id == id).map(|s| s.seat) {
            let seat = &mut table.seats[seat];
            match parsed {
                Info::Report(report) => info::keep(&mut seat.info, report),
                Info::Text(text) => seat.note = Some(text),
            }
        } else if let Some(analysis) = table.analysis.as_mut().filter(|a| a.id == id) {
            match parsed {
                Info::Report(report) => info::keep(&mut analysis.lines, report),
                Info::Text(text) => analysis.note = Some(text),
            }
        } else {
            return;
        }
        drop(table);
        self.notify();
    }

    /// A search's answer: the move is checked and played, or the engine loses.
    fn take_answer(self: &Arc<Self>, answer: Answer) {
        let mut table = self.lock();
        if table.generation != answer.generation {
            drop(table);
            drop(answer.process);
            return;
        }
        let seat = answer.seat;
        table.seats[seat].busy = false;
        let current = table.search.as_ref().is_some_and(|s| s.id == answer.id);
        if !current {
            // Cancelled: keep a healthy engine for later, forget its move.
            if answer.line.is_ok() {
                table.seats[seat].process = answer.process;
            }
            self.advance(&mut table);
            drop(table);
            self.notify();
            return;
        }
        table.search = None;
        let engine = table.seats[seat].engine.unwrap_or(0);
        let name = self.common.config.engines[engine].name.clone();
        match self.check_answer(&mut table, &answer) {
            Ok((token, eval)) => {
                table.seats[seat].process = answer.process;
                table.record(&token, Some(seat), answer.spent_ms, eval);
            }
            Err(reason) => table.forfeit(seat, &name, &reason),
        }
        self.advance(&mut table);
        drop(table);
        self.notify();
    }

    /// Charges the clock and plays the answer's token; the reason the engine loses if not.
    fn check_answer(
        &self,
        table: &mut Table,
        answer: &Answer,
    ) -> Result<(String, Option<i32>), String> {
        let line = answer.line.as_ref()?;
        let (seat, spent) = (answer.seat, answer.spent_ms);
        let state = &mut table.seats[seat];
        let margin = self.common.config.margin_ms;
        state.limits.charge(state.clock.as_mut(), spent, margin)?;
        let token = bestmove_token(line)?;
        let score = state.info.first().and_then(|i| i.score);
        table
            .rules
            .play(&token)
            .map_err(|_| format!("illegal move '{token}'"))?;
        let flip = table.config.players == 2 && seat == 1;
        let eval = score.map(|s| if flip { -s.graph_cp() } else { s.graph_cp() });
        Ok((token, eval))
    }

    /// Starts a seat's engine afresh (after a fault, or on request).
    pub fn restart(self: &Arc<Self>, seat: usize) -> Result<(), String> {
        self.act(|table| {
            let state = table
                .seats
                .get_mut(seat)
                .ok_or_else(|| format!("there is no seat p{}", seat + 1))?;
            if state.engine.is_none() {
                return Err(format!("seat p{} is a person", seat + 1));
            }
            if state.busy {
                return Err(format!("p{} is thinking", seat + 1));
            }
            state.fault = None;
            if let Some(old) = state.process.take() {
                thread::spawn(move || drop(old));
            }
            Ok(())
        })
    }

    /// Ends a person's game on time when the clock runs out; called a few times a second.
    /// Also stops an analysis past its bound or with no page watching.
    pub fn tick(&self) {
        let watched = self.watched();
        let changed = {
            let mut table = self.lock();
            let flagged = table.check_flag();
            flagged | table.bound_analysis(watched, self.common.config.bounds.max_analysis)
        };
        if changed {
            self.notify();
        }
    }
}

impl Listener for Board {
    fn engine_line(&self, generation: u64, id: u64, line: &str) {
        self.line_of_engine(generation, id, line);
    }

    fn answer(self: &Arc<Self>, answer: Answer) {
        self.take_answer(answer);
    }

    fn analysis_ended(&self, generation: u64, id: u64, failure: Option<Fault>) {
        self.end_analysis(generation, id, failure);
    }
}
