//! The server's games: each at its own address (`/game/<id>`), any number of pages watching
//! each, and the server's caps on how many games and engine processes run at once.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::{Value, json};

use crate::board::{Board, Common, Config};
use crate::setup::NewGame;

/// Every game of a server.
pub struct Lobby {
    /// What the games share.
    pub common: Arc<Common>,
    games: Mutex<BTreeMap<u64, Arc<Board>>>,
    /// The event streams open, by game.
    streams: Arc<Mutex<BTreeMap<u64, usize>>>,
    /// The next new game's number.
    next_id: AtomicU64,
}

/// An open event stream, counted until it is dropped.
pub struct StreamTicket {
    streams: Arc<Mutex<BTreeMap<u64, usize>>>,
    game: u64,
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        let mut streams = tabula::sync::lock(&self.streams);
        if let Some(count) = streams.get_mut(&self.game) {
            *count -= 1;
            if *count == 0 {
                streams.remove(&self.game);
            }
        }
    }
}

impl Lobby {
    /// A server for `config`, with its first game (game 1).
    pub fn new(config: Config) -> Result<Arc<Lobby>, String> {
        let common = Common::new(config);
        let first = Self::first_game(&common)?;
        Ok(Arc::new(Lobby {
            common,
            games: Mutex::new(BTreeMap::from([(1, first)])),
            streams: Arc::default(),
            next_id: AtomicU64::new(2),
        }))
    }

    /// Counts a new event stream on game `id`, within `per_game` streams a game and `most` on
    /// the server; why not, if it may not open.
    pub fn open_stream(
        &self,
        id: u64,
        per_game: usize,
        most: usize,
    ) -> Result<StreamTicket, String> {
        let mut streams = tabula::sync::lock(&self.streams);
        let total: usize = streams.values().sum();
        let here = streams.get(&id).copied().unwrap_or(0);
        if here >= per_game {
            return Err(format!(
                "game {id} already has {here} pages watching it, the most it may have: close one"
            ));
        }
        if total >= most {
            return Err(format!(
                "{total} pages are watching this server's games, the most it serves: close one"
            ));
        }
        *streams.entry(id).or_default() += 1;
        Ok(StreamTicket {
            streams: Arc::clone(&self.streams),
            game: id,
        })
    }

    fn games(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Board>>> {
        tabula::sync::lock(&self.games)
    }

    /// Game `id`.
    pub fn game(&self, id: u64) -> Result<Arc<Board>, String> {
        self.games()
            .get(&id)
            .cloned()
            .ok_or_else(|| format!("there is no game {id} (it was closed, or never started)"))
    }

    /// The newest game, if any is open.
    pub fn newest(&self) -> Option<Arc<Board>> {
        self.games()
            .last_key_value()
            .map(|(_, board)| Arc::clone(board))
    }

    /// Game 1 as a server starts it.
    fn first_game(common: &Arc<Common>) -> Result<Arc<Board>, String> {
        Board::new(Arc::clone(common), 1, &common.first_setup())
    }

    /// Starts a new game at a new address, within the server's caps.
    pub fn create(&self, setup: &NewGame) -> Result<Arc<Board>, String> {
        let config = &self.common.config;
        let wanted = setup.engine_seats();
        let mut games = self.games();
        if games.len() >= config.max_games {
            return Err(format!(
                "{} games are open, this server's most (--max-games): close one first",
                games.len()
            ));
        }
        Self::check_engines(&games, None, wanted, config.max_engines)?;
        // Numbers are never used twice: a page left open on a closed game must not show another.
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let board = Board::new(Arc::clone(&self.common), id, setup)?;
        games.insert(id, Arc::clone(&board));
        drop(games);
        board.start();
        Ok(board)
    }

    /// Checks that game `id` may run `wanted` engine processes beside the other games'.
    pub fn make_room(&self, id: u64, wanted: usize) -> Result<(), String> {
        let most = self.common.config.max_engines;
        Self::check_engines(&self.games(), Some(id), wanted, most)
    }

    fn check_engines(
        games: &BTreeMap<u64, Arc<Board>>,
        except: Option<u64>,
        wanted: usize,
        most: usize,
    ) -> Result<(), String> {
        let others: usize = games
            .iter()
            .filter(|(id, _)| Some(**id) != except)
            .map(|(_, board)| board.engines())
            .sum();
        match others + wanted <= most {
            true => Ok(()),
            false => Err(format!(
                "the other games run {others} engines and this server runs at most {most} at once (--max-engines)"
            )),
        }
    }

    /// Closes game `id`: its searches stop and its engines end.
    pub fn close(&self, id: u64) -> Result<(), String> {
        let board = self
            .games()
            .remove(&id)
            .ok_or_else(|| format!("there is no game {id}"))?;
        board.close();
        Ok(())
    }

    /// Every game in a line: its number, game, players, plies and whether it is over.
    pub fn list(&self) -> Value {
        let games: Vec<Value> = self
            .games()
            .values()
            .map(|board| {
                let table = board.lock();
                json!({
                    "id": board.id,
                    "game": table.entry.name,
                    "players": table.config.players,
                    "plies": table.moves.len(),
                    "over": table.end.is_some(),
                    "watched": board.watched(),
                })
            })
            .collect();
        json!({ "games": games })
    }

    /// Runs every game's clock and analysis bounds; called a few times a second.
    pub fn tick(&self) {
        let games: Vec<Arc<Board>> = self.games().values().cloned().collect();
        for board in games {
            board.tick();
        }
    }
}
