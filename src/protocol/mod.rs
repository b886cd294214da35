//! The UGI front end: reads commands, keeps the game, runs searches on their own thread.
//!
//! Specified in `engine-protocol.md`. Bad input never ends the engine: it gets an
//! `info string error ...` line and the last good state stays.

pub mod go;
pub mod info;
pub mod output;
pub mod position;
pub mod query;

use std::io::{BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed, Ordering::SeqCst};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::commands::{bench, perft};
use crate::display::describe;
use crate::game::any_game::roll;
use crate::game::{Outcome, Turn};
use crate::options::choices::SearchKind;
use crate::options::{Effect, EngineOptions, OptionTable};
use crate::registry::session::{SearchJob, Session};
use crate::registry::{Entry, Registry};
use crate::search::memory::free_apart;
use crate::search::{SearchLimits, TranspositionTable};
use go::{GoCommand, parse_go};
use info::InfoWriter;
use output::Output;

/// The longest input line taken, in bytes (its newline included).
pub const MAX_LINE: usize = 1 << 20;
/// The most characters of an error message written; the rest is cut.
const MAX_ERROR_CHARS: usize = 300;
/// The largest hash table (MiB) that `uginewgame` empties by writing it, once its memory is
/// mapped, rather than by making a new one. Writing mapped memory takes milliseconds (2.6 ms
/// for 64 MiB, 40 ms for 1 GiB on the 2-core VM), before the game's clock starts; a new table
/// is mapped a page at a time (each first touch of 4 KiB a page fault) by a thread of its own,
/// and a small one also by the next `isready` (see [`MAP_BEFORE_READY_MIB`]).
const CLEAR_IN_PLACE_MIB: usize = 4096;
/// The largest hash table or MCTS tree (MiB) whose memory `isready` maps before answering,
/// for at most [`MAP_BEFORE_READY_TIME`]: 64 MiB takes 10-120 ms on the 2-core VM (the
/// first search after `readyok` took those page faults, reaching depth 2 where it reached
/// depth 5 in a mapped table); a larger table is left to its warm-up thread.
const MAP_BEFORE_READY_MIB: usize = 256;
/// How long `isready` may map a new table before it answers (it must answer within 100 ms).
const MAP_BEFORE_READY_TIME: Duration = Duration::from_millis(50);

/// Reads and drops input up to and including the next newline; returns the bytes dropped.
fn skip_line(input: &mut impl BufRead) -> usize {
    let mut skipped = 0;
    loop {
        let (used, found) = match input.fill_buf() {
            Ok([]) | Err(_) => return skipped,
            Ok(buffer) => match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            },
        };
        input.consume(used);
        skipped += used;
        if found {
            return skipped;
        }
    }
}

/// `text` with control characters escaped (`\u{1b}`, `\t`) and cut after
/// [`MAX_ERROR_CHARS`] characters, so that echoed input can neither drive a terminal nor
/// flood the output.
fn printable(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == MAX_ERROR_CHARS {
            out.push_str(&format!("... ({} bytes in all)", text.len()));
            break;
        }
        match c.is_control() {
            true => out.extend(c.escape_debug()),
            false => out.push(c),
        }
    }
    out
}

/// Creates the session of `options`' variant and settings, with its MCTS tree if it needs one.
fn new_session(entry: &Entry, options: &EngineOptions) -> Result<Box<dyn Session>, String> {
    let mut session = entry.session(options.config())?;
    session.set_tree_memory(options.tree_mib())?;
    Ok(session)
}

/// The engine: options, the current game, the shared table and the running search.
pub struct Engine {
    output: Output,
    registry: Registry,
    table: OptionTable,
    options: EngineOptions,
    session: Box<dyn Session>,
    tt: Arc<TranspositionTable>,
    stop: Arc<AtomicBool>,
    /// Raised (before `stop`) only when the engine ends a search or job: a job that runs
    /// several searches, each raising `stop` when it ends, tells the two apart by it.
    cancel: Arc<AtomicBool>,
    search_done: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// Searches started, mixed into the `random` search's seed so games differ.
    searches: u64,
    /// The result of a game ended by a bad token under `IllegalMove lose` (the game's position
    /// stays where the token came); cleared by the next good `position` or a new game.
    forfeit: Option<Outcome>,
    /// How long `isready` may spend mapping a new table ([`MAP_BEFORE_READY_TIME`]).
    ready_budget: Duration,
    /// The engine's dice: the rolls `go` answers at chance plies, in turn, from `DiceSeed`
    /// (drawn from the system's entropy until it is set; setting it starts the stream again).
    dice: Pcg64Mcg,
    /// Rolls drawn from `dice` since it was seeded.
    rolls: u64,
}

impl Engine {
    /// An engine for `variant` of the standard games, writing to `output`.
    pub fn new(variant: &str, output: Output) -> Result<Self, String> {
        Self::with_registry(Registry::standard(), variant, output)
    }

    /// An engine offering the games of `registry`, starting with `variant`.
    pub fn with_registry(
        registry: Registry,
        variant: &str,
        output: Output,
    ) -> Result<Self, String> {
        let entry = registry.find(variant)?;
        let options = EngineOptions {
            variant: entry.name,
            // Unset, the dice differ from engine to engine (two engines of one match must not
            // roll the same stream); each roll names the seed, so that a game can be replayed.
            dice_seed: u64::from(rand::random::<u32>()),
            ..EngineOptions::defaults(&registry)
        };
        let session = new_session(entry, &options)?;
        let tt = Arc::new(TranspositionTable::new(options.table_mib()));
        TranspositionTable::warm_up_apart(&tt);
        Ok(Engine {
            output,
            table: OptionTable::new(&registry),
            registry,
            tt,
            session,
            stop: Arc::new(AtomicBool::new(false)),
            cancel: Arc::new(AtomicBool::new(false)),
            search_done: Arc::new(AtomicBool::new(false)),
            search: None,
            searches: 0,
            forfeit: None,
            ready_budget: MAP_BEFORE_READY_TIME,
            dice: Pcg64Mcg::seed_from_u64(options.dice_seed),
            rolls: 0,
            options,
        })
    }

    /// Reads commands until `quit` or the end of input, then ends any search. A line longer
    /// than [`MAX_LINE`] bytes is refused unread.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match (&mut input)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut bytes)
            {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
                let rest = skip_line(&mut input);
                self.error(&format!(
                    "input line of {} bytes refused: lines may be at most {MAX_LINE} bytes",
                    bytes.len() + rest
                ));
                continue;
            }
            let keep_going = match std::str::from_utf8(&bytes) {
                Ok(line) => self.handle(line),
                Err(_) => {
                    self.error("the input line is not valid UTF-8");
                    true
                }
            };
            if !keep_going {
                break;
            }
        }
        self.stop_search();
    }

    /// Writes `message` as an error line, with what it quotes of the input made safe to print.
    fn error(&self, message: &str) {
        self.output
            .line(&format!("info string error {}", printable(message)));
    }

    fn searching(&mut self) -> bool {
        if self.search_done.load(Relaxed) {
            self.stop_search();
        }
        self.search.is_some()
    }

    fn stop_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.cancel.store(true, SeqCst);
            self.stop.store(true, SeqCst);
            if handle.join().is_err() {
                self.error("the search thread failed");
            }
        }
    }

    /// Handles one command line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        let busy = self.searching();
        match command {
            "quit" => return false,
            "isready" => self.ready(busy),
            "stop" => self.stop_search(),
            "ugi" | "uci" => self.handshake(command),
            "query" => self.query(args),
            "d" => self.output.line(&describe(self.session.rules())),
            _ if busy => self.error(&format!("'{command}' while searching: send stop first")),
            "setoption" => self.setoption(line, args),
            "uginewgame" | "ucinewgame" => self.new_game(),
            "position" => self.position(args),
            "go" => self.go(args),
            "bench" => self.bench(args),
            _ => self.error(&format!("unknown command '{command}'")),
        }
        true
    }

    /// Answers `isready`: at once while a search runs; else after mapping what the warm-up
    /// threads have not yet mapped of a small new table or tree (see [`MAP_BEFORE_READY_MIB`]).
    fn ready(&self, busy: bool) {
        if !busy && self.options.hash_mib <= MAP_BEFORE_READY_MIB {
            let deadline = Instant::now() + self.ready_budget;
            if self.tt.map_until(deadline) {
                self.session.warm_up_tree(Some(deadline));
            }
        }
        self.output.line("readyok");
    }

    fn handshake(&self, command: &str) {
        self.output
            .line(&format!("id name tabula {}", env!("CARGO_PKG_VERSION")));
        self.output.line("id author the tabula developers");
        for line in self
            .table
            .declarations(&EngineOptions::defaults(&self.registry))
        {
            self.output.line(&line);
        }
        self.output
            .line(if command == "ugi" { "ugiok" } else { "uciok" });
    }

    fn query(&self, args: &[&str]) {
        match args.split_first() {
            None => self.error("expected: query <what>"),
            // The engine's own state, not the game's: whether `uginewgame` would write the
            // table over (all of its memory mapped) rather than make a new one.
            Some((&"tablemapped", [])) => self
                .output
                .line(&format!("response {}", self.tt.is_mapped())),
            Some((what, rest)) => {
                match query::answer(self.session.rules(), self.forfeit, what, rest) {
                    Ok(answer) => self.output.line(format!("response {answer}").trim_end()),
                    Err(e) => self.error(&e),
                }
            }
        }
    }

    fn setoption(&mut self, line: &str, args: &[&str]) {
        // The value is the rest of the line as sent (a path keeps its spaces, tabs and other
        // white space), trimmed at its end only.
        let args: Vec<&str> = match args {
            ["name", name, "value", first, ..] => {
                let from = first.as_ptr() as usize - line.as_ptr() as usize;
                let value = line[from..].trim_end_matches(|c: char| c.is_ascii_whitespace());
                vec!["name", name, "value", value]
            }
            _ => args.to_vec(),
        };
        let mut change = match self.table.parse_setoption(&args, &self.options) {
            Ok(change) => change,
            Err(e) => return self.error(&e),
        };
        match change.effect {
            Effect::NewGame => {
                if let Err(e) = self.replace_session(&change.options) {
                    return self.error(&e);
                }
            }
            Effect::Memory => {
                match TranspositionTable::try_new(change.options.table_mib()) {
                    Ok(tt) => self.replace_table(tt),
                    Err(e) => return self.error(&e),
                }
                if let Err(e) = self.session.set_tree_memory(change.options.tree_mib()) {
                    return self.error(&e);
                }
            }
            Effect::Dice => {
                self.dice = Pcg64Mcg::seed_from_u64(change.options.dice_seed);
                self.rolls = 0;
            }
            Effect::Network => {
                let options = &mut change.options;
                let net = match options.eval_file.as_str() {
                    "" => Ok(None),
                    path => self
                        .registry
                        .find(options.variant)
                        .and_then(|entry| (entry.load_net)(path))
                        .map(Some),
                };
                match net {
                    Ok(net) => options.eval_net = net,
                    Err(e) => return self.error(&e),
                }
            }
            Effect::None => {}
        }
        self.options = change.options;
    }

    /// Puts `tt` in the old table's place. Threads of their own map the new table's memory
    /// (see [`TranspositionTable::warm_up_apart`]) and free the old one, which takes a while
    /// for gigabytes the search has touched.
    fn replace_table(&mut self, tt: TranspositionTable) {
        let old = std::mem::replace(&mut self.tt, Arc::new(tt));
        TranspositionTable::warm_up_apart(&self.tt);
        free_apart(old);
    }

    fn new_game(&mut self) {
        // A new table is empty at once but mapped apart (and by the next `isready`); one
        // whose memory is mapped is written over instead (see `CLEAR_IN_PLACE_MIB`).
        let mib = self.options.table_mib();
        if mib > CLEAR_IN_PLACE_MIB || !self.tt.is_mapped() {
            match TranspositionTable::try_new(mib) {
                Ok(tt) => self.replace_table(tt),
                Err(_) => self.tt.clear(),
            }
        } else {
            self.tt.clear();
        }
        if let Err(e) = self.replace_session(&self.options.clone()) {
            self.error(&e);
        }
    }

    /// A new session for `options`, made after the old one's tree is freed (so that two
    /// trees never hold memory at once); on failure the old session stays as it was.
    fn replace_session(&mut self, options: &EngineOptions) -> Result<(), String> {
        let _ = self.session.set_tree_memory(0);
        match new_session(self.entry(options.variant), options) {
            Ok(session) => {
                self.session = session;
                self.forfeit = None;
                Ok(())
            }
            Err(e) => {
                let _ = self.session.set_tree_memory(self.options.tree_mib());
                Err(e)
            }
        }
    }

    /// Runs `work` on the search thread, as a search runs, with the search's stop flag and
    /// the cancel flag: `stop` ends it, and commands wait for it as for a search. Its last
    /// line is written after the job counts as done, so that a command sent on that line is
    /// never refused as coming too early (as the `bestmove` of a search).
    fn start_job(
        &mut self,
        work: impl FnOnce((&AtomicBool, &AtomicBool), &dyn Fn(&str)) + Send + 'static,
    ) {
        self.stop.store(false, SeqCst);
        self.cancel.store(false, SeqCst);
        self.search_done.store(false, Relaxed);
        let (stop, cancel, done, output) = (
            Arc::clone(&self.stop),
            Arc::clone(&self.cancel),
            Arc::clone(&self.search_done),
            self.output.clone(),
        );
        self.search = Some(std::thread::spawn(move || {
            let held = std::cell::RefCell::new(None::<String>);
            let emit = |line: &str| {
                if let Some(earlier) = held.replace(Some(line.to_string())) {
                    output.line(&earlier);
                }
            };
            work((&stop, &cancel), &emit);
            done.store(true, Relaxed);
            if let Some(last) = held.take() {
                output.line(&last);
            }
        }));
    }

    fn go(&mut self, args: &[&str]) {
        // The clock runs from here: waiting for the tree or for threads counts against it.
        let received = Some(std::time::Instant::now());
        let limits = match parse_go(args) {
            // A forfeited game is over, as `query legalmoves` says: no moves to count.
            Ok(GoCommand::Perft(depth)) if self.forfeit.is_some() => {
                let nodes = u32::from(depth == 0);
                self.output.line(&format!(
                    "info string perft {nodes} nodes: the game is over (lost by an illegal token)"
                ));
                return self.output.line(&format!("Nodes searched: {nodes}"));
            }
            Ok(GoCommand::Perft(depth)) => {
                let session = self.session.detached();
                return self.start_job(move |(_, cancel), emit| {
                    let last = crate::game::perft::LastPly::Made;
                    perft::print_divide(session.as_ref(), depth, last, cancel, emit);
                });
            }
            Ok(GoCommand::Search(_)) if self.forfeit.is_some() => {
                self.error("the game is over: it was lost by an illegal token");
                return self.output.line("bestmove (none)");
            }
            Ok(GoCommand::Search(limits)) => SearchLimits {
                received,
                ..*limits
            },
            Err(e) => {
                self.error(&e);
                return self.output.line("bestmove (none)");
            }
        };
        if self.session.rules().turn() == Turn::Chance {
            return self.answer_roll();
        }
        self.searches += 1;
        if self.options.search == SearchKind::Random {
            let seed = self.options.seed ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            return match self.session.random_move(seed) {
                Ok(token) => self.output.line(&format!("bestmove {token}")),
                Err(e) => {
                    self.error(&e);
                    self.output.line("bestmove (none)");
                }
            };
        }
        self.stop.store(false, SeqCst);
        self.search_done.store(false, Relaxed);
        let job = SearchJob {
            limits,
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            tt: Arc::clone(&self.tt),
            stop: Arc::clone(&self.stop),
            done: Arc::clone(&self.search_done),
            listener: Arc::new(InfoWriter(self.output.clone())),
            style: self.options.style(self.entry(self.options.variant)),
        };
        match self.session.start_search(job) {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                self.error(&e);
                self.output.line("bestmove (none)");
            }
        }
    }

    /// Answers a `go` at a chance ply, whatever `Dice` says: a roll drawn by weight from the
    /// engine's dice, so that a runner that knows no dice records it and sends it on to both
    /// engines as a token.
    fn answer_roll(&mut self) {
        let token = roll(&self.session.rules().chance_outcomes(), &mut self.dice);
        self.rolls += 1;
        let (seed, count) = (self.options.dice_seed, self.rolls);
        self.output.line(&format!(
            "info string chance is to move: rolled {token} (DiceSeed {seed}, roll {count})"
        ));
        self.output.line(&format!("bestmove {token}"));
    }

    fn bench(&mut self, args: &[&str]) {
        let depth = match args {
            [] => None,
            [depth] => match depth.parse::<u32>() {
                Ok(d) if (1..=bench::MAX_DEPTH).contains(&d) => Some(d),
                _ => {
                    let most = bench::MAX_DEPTH;
                    return self.error(&format!("bench depth must be 1..={most}, got '{depth}'"));
                }
            },
            _ => return self.error("expected: bench [depth]"),
        };
        let registry = self.registry.clone();
        self.start_job(move |flags, emit| {
            if let Err(e) = bench::run(&registry, None, depth, 1, flags, emit) {
                emit(&format!("info string error {e}"));
            }
        });
    }

    /// The registry entry of a variant the options hold (always a registered one).
    fn entry(&self, variant: &str) -> &Entry {
        self.registry
            .find(variant)
            .expect("options hold registered variants")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readyok_comes_once_the_new_table_is_mapped() {
        let mut engine = Engine::new("splinter", Output::to(Box::new(std::io::sink()))).unwrap();
        // Time enough on any machine; the warm-up thread alone takes tens of milliseconds.
        engine.ready_budget = Duration::from_secs(3600);
        engine.handle("setoption name Hash value 64");
        engine.handle("isready");
        assert!(engine.tt.is_mapped());
    }
}
