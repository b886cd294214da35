//! The server's games: each at its own address (`/game/<id>`), any number of pages watching
//! each, and the server's caps on how many games and engine processes run at once.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::{Value, json};

use crate::board::{Board, Common, Config};
use crate::setup::NewGame;

/// Every game of a server.
pub struct Lobby {
    /// What the games share.
    pub common: Arc<Common>,
    games: Mutex<BTreeMap<u64, Arc<Board>>>,
}

impl Lobby {
    /// A server for `config`, with its first game (game 1).
    pub fn new(config: Config) -> Result<Arc<Lobby>, String> {
        let common = Common::new(config);
        let first = Self::first_game(&common)?;
        Ok(Arc::new(Lobby {
            common,
            games: Mutex::new(BTreeMap::from([(1, first)])),
        }))
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

    /// The newest game, made afresh (as the first) when every game was closed.
    pub fn newest(&self) -> Result<Arc<Board>, String> {
        let mut games = self.games();
        if let Some((_, board)) = games.last_key_value() {
            return Ok(Arc::clone(board));
        }
        let board = Self::first_game(&self.common)?;
        games.insert(1, Arc::clone(&board));
        Ok(board)
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
        let id = games.last_key_value().map_or(1, |(id, _)| id + 1);
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
