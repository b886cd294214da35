//! The registry: every game by name, with its facts and the run-time handles that the
//! protocol and the tools play it through. It is generated from the one list in
//! `src/games/mod.rs`, so nothing outside a game's folder names the game.

pub mod session;

use std::time::Duration;

use rand::SeedableRng;

use crate::game::any_game::{AnyGame, TypedGame};
use crate::game::profile::Profile;
use crate::game::{BenchSpec, Game, GameConfig, GameVisitor};
use crate::net::Network;
use crate::search::mcts::playout::{PlayoutRun, random_playouts};
use session::{GameSession, Session};

/// One registered game: its facts, and how to make its run-time handles.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The variant name (`UCI_Variant`, `--game`).
    pub name: &'static str,
    /// The fewest and the most players.
    pub players: (usize, usize),
    /// Named start boards, the default first (empty for a game with one board).
    pub boards: &'static [&'static str],
    /// The search's choices and numbers for the game.
    pub profile: Profile,
    /// Where the benchmarks look.
    pub bench: BenchSpec,
    new_session: fn(GameConfig) -> Result<Box<dyn Session>, String>,
    new_rules: fn(GameConfig) -> Result<Box<dyn AnyGame>, String>,
    playouts: fn(&GameConfig, Duration, u64) -> Result<PlayoutRun, String>,
    /// The game's embedded network, if it has one.
    pub embedded_net: fn() -> Option<&'static Network>,
    /// Reads a network file for the game, refusing one made for another game or other inputs.
    pub load_net: fn(&str) -> Result<&'static Network, String>,
    /// The network in a net file's bytes, checked for the game as `load_net` checks a file.
    pub net_from_bytes: fn(&[u8]) -> Result<&'static Network, String>,
}

impl Entry {
    /// The entry of game `G`.
    pub fn of<G: Game>() -> Entry {
        Entry {
            name: G::NAME,
            players: G::PLAYERS,
            boards: G::BOARDS,
            profile: G::PROFILE,
            bench: G::BENCH,
            new_session: |config| Ok(Box::new(GameSession::<G>::new(config)?)),
            new_rules: |config| Ok(Box::new(TypedGame::<G>::new(config)?)),
            playouts: |config, budget, seed| {
                let start = G::startpos(config)?;
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                Ok(random_playouts(&start, budget, &mut rng))
            },
            embedded_net: crate::net::embedded::<G>,
            load_net: crate::net::load_file::<G>,
            net_from_bytes: crate::net::load::<G>,
        }
    }

    /// Checks that the game is played by `config.players`.
    pub fn check_players(&self, config: &GameConfig) -> Result<(), String> {
        let (fewest, most) = self.players;
        match (fewest..=most).contains(&config.players) {
            true => Ok(()),
            false if fewest == most => Err(format!("{} is a game for {fewest} players", self.name)),
            false => Err(format!("{} is for {fewest} to {most} players", self.name)),
        }
    }

    /// A session (a position with its search) at the start position for `config`.
    pub fn session(&self, config: GameConfig) -> Result<Box<dyn Session>, String> {
        self.check_players(&config)?;
        (self.new_session)(config)
    }

    /// Uniform random playouts from the start position for `config` until `budget` is spent
    /// (the `bench-playouts` figure), drawn from `seed`.
    pub fn random_playouts(
        &self,
        config: &GameConfig,
        budget: Duration,
        seed: u64,
    ) -> Result<PlayoutRun, String> {
        self.check_players(config)?;
        (self.playouts)(config, budget, seed)
    }

    /// The rules alone (no search) at the start position for `config`: a referee's handle.
    pub fn rules(&self, config: GameConfig) -> Result<Box<dyn AnyGame>, String> {
        self.check_players(&config)?;
        (self.new_rules)(config)
    }
}

/// Collects the entry of every game it visits.
struct Collect(Vec<Entry>);

impl GameVisitor for Collect {
    fn visit<G: Game>(&mut self) {
        self.0.push(Entry::of::<G>());
    }
}

/// The games an engine offers, found by name, in `UCI_Variant` order.
#[derive(Clone)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// Every game of `src/games/`, in the order of its list.
    pub fn standard() -> Self {
        let mut collect = Collect(Vec::new());
        crate::games::visit_all(&mut collect);
        Registry { entries: collect.0 }
    }

    /// This registry with one more game (tools and tests register their own games so).
    pub fn with(mut self, entry: Entry) -> Self {
        self.entries.push(entry);
        self
    }

    /// Every entry, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every variant name, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// Every named board of every game, each once, in order.
    pub fn boards(&self) -> Vec<&'static str> {
        let mut boards: Vec<&'static str> = Vec::new();
        for &board in self.entries.iter().flat_map(|e| e.boards) {
            if !boards.contains(&board) {
                boards.push(board);
            }
        }
        boards
    }

    /// The entry named `name`, or an error listing the names.
    pub fn find(&self, name: &str) -> Result<&Entry, String> {
        self.entries.iter().find(|e| e.name == name).ok_or_else(|| {
            format!(
                "unknown variant '{name}' (expected one of: {})",
                self.names().join(", ")
            )
        })
    }
}
