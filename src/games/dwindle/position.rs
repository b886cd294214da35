//! The Dwindle position: tiles left, the chit, who is still in, and the hand-over procedure (R6).

use std::sync::Arc;

use super::board::{Board, Cell, Kind, MAX_CELLS};
use crate::game::bitset::BitSet;
use crate::game::hashing::key_table;
use crate::game::{GameConfig, Outcome, Player, Rules, Turn};

const WORDS: usize = MAX_CELLS.div_ceil(64);
static TILE_KEYS: [u64; MAX_CELLS] = key_table(0x7469_6c65);
static CHIT_KEYS: [u64; MAX_CELLS + 1] = key_table(0x6368_6974);
const ACTIVE_KEYS: [u64; 64] = key_table(0x6163_7476);
const MOVER_KEYS: [u64; 7] = key_table(0x6d6f_7665);

/// A destination cell (rank * width + file); its token is the cell's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DwMove(pub u16);

/// The cells that still hold tiles.
pub type Tiles = BitSet<WORDS>;

/// Everything a decision changes; the undo record is a copy of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub tiles: Tiles,
    /// How many tiles are left.
    pub tile_count: u16,
    /// The chit's cell, or `None` when it is free.
    pub chit: Option<u16>,
    /// Bit `p` for each player still in.
    pub active: u8,
    /// Who decides next; `None` once the game is over.
    pub to_move: Option<Player>,
    pub outcome: Option<Outcome>,
    /// Zobrist hash of the tiles left (the rest is hashed on demand).
    pub tiles_hash: u64,
}

/// A Dwindle position on its board.
#[derive(Clone, Debug)]
pub struct Dwindle {
    pub(super) board: Arc<Board>,
    pub(super) players: usize,
    pub(super) state: State,
    undo: Vec<State>,
}

impl Dwindle {
    /// A position on `board` with the chit on `chit` (or free), the given players in, and
    /// `to_move` about to decide; the hand-over procedure R6 settles it (rulebook 3.7).
    pub(super) fn set_up(
        board: Arc<Board>,
        players: usize,
        chit: Option<Cell>,
        active: u8,
        to_move: Player,
    ) -> Self {
        let mut tiles = Tiles::default();
        for (cell, kind) in board.kinds.iter().enumerate() {
            if let Kind::Tile(_) = kind {
                tiles.insert(cell);
            }
        }
        let tiles_hash = tiles.iter().fold(0, |h, c| h ^ TILE_KEYS[c]);
        let mut pos = Dwindle {
            board,
            players,
            state: State {
                tiles,
                tile_count: tiles.len() as u16,
                chit: chit.map(|c| c as u16),
                active,
                to_move: None,
                outcome: None,
                tiles_hash,
            },
            // A game lasts at most twice as many plies as it has tiles (R8).
            undo: Vec::with_capacity(2 * tiles.len() as usize),
        };
        pos.hand_over(to_move);
        pos
    }

    /// The state before the last turn (or hand-over), if one was played.
    pub(super) fn state_before_last_turn(&self) -> Option<&State> {
        self.undo.last()
    }

    /// Removes the tile on a cell.
    fn remove_tile(&mut self, cell: Cell) {
        self.state.tiles.remove(cell);
        self.state.tile_count -= 1;
        self.state.tiles_hash ^= TILE_KEYS[cell];
    }

    /// The tiles the chit can move to from the tile on `cell` (R2).
    pub fn destinations(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.board.rays[cell]
            .iter()
            .copied()
            .filter(|&c| self.state.tiles.has(c))
    }

    /// Whether the tile on `cell` has no destination.
    pub fn is_dead(&self, cell: Cell) -> bool {
        self.destinations(cell).next().is_none()
    }

    /// Whether `player` is still in.
    pub fn is_in(&self, player: Player) -> bool {
        self.state.active >> player & 1 == 1
    }

    /// The next active player after `player` (R1).
    pub fn next_active(&self, player: Player) -> Player {
        let active = u32::from(self.state.active);
        assert!(active != 0, "hand-over stops before nobody is left");
        let later = active & !((2u32 << player) - 1);
        let next = if later != 0 { later } else { active };
        next.trailing_zeros() as Player
    }

    /// The hand-over procedure R6, starting with `player` to move.
    fn hand_over(&mut self, mut player: Player) {
        loop {
            let s = &self.state;
            if s.active.count_ones() <= 1 || s.tile_count == 0 {
                let sole =
                    (s.active.count_ones() == 1).then(|| s.active.trailing_zeros() as Player);
                self.state.outcome = Some(match sole {
                    Some(winner) if s.tile_count > 0 => Outcome::Win(winner),
                    _ => Outcome::Draw,
                });
                self.state.to_move = None;
                return;
            }
            match s.chit {
                Some(cell) if self.is_dead(cell as Cell) => {
                    self.state.active &= !(1 << player);
                    self.remove_tile(cell as Cell);
                    self.state.chit = None;
                    player = self.next_active(player);
                }
                _ => {
                    self.state.to_move = Some(player);
                    return;
                }
            }
        }
    }
}

impl Rules for Dwindle {
    type Move = DwMove;
    const NAME: &'static str = "dwindle";
    const PLAYERS: (usize, usize) = (2, 6);
    const BOARDS: &'static [&'static str] = &["dw9", "dw7"];
    const MOVE_INDEX_SPACE: usize = MAX_CELLS;

    fn startpos(config: &GameConfig) -> Result<Self, String> {
        let (fewest, most) = Self::PLAYERS;
        if !(fewest..=most).contains(&config.players) {
            return Err(format!(
                "dwindle is for {fewest} to {most} players, not {}",
                config.players
            ));
        }
        let (board, start) = super::board::named_board(&config.board)?;
        let chit = board.parse_cell(start);
        let all = ((1u16 << config.players) - 1) as u8;
        Ok(Dwindle::set_up(board, config.players, chit, all, 0))
    }

    fn players(&self) -> usize {
        self.players
    }

    fn turn(&self) -> Turn {
        self.state.to_move.map_or(Turn::Over, Turn::Player)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Why the game is over, once it is: one player left in, or no tile left.
    fn end_reason(&self) -> Option<String> {
        let s = &self.state;
        Some(match s.outcome? {
            Outcome::Win(_) => "every other player is knocked out".to_string(),
            _ if s.tile_count == 0 => "no tile is left".to_string(),
            _ => "every player is knocked out".to_string(),
        })
    }

    /// The full hash: tiles, chit, players in, player to move.
    fn hash(&self) -> u64 {
        let s = &self.state;
        s.tiles_hash
            ^ CHIT_KEYS[s.chit.map_or(MAX_CELLS, |c| c as usize)]
            ^ ACTIVE_KEYS[s.active as usize]
            ^ MOVER_KEYS[s.to_move.map_or(6, |p| p as usize)]
    }

    /// The hash computed from scratch.
    fn hash_from_scratch(&self) -> u64 {
        let tiles = self.state.tiles.iter().fold(0, |h, c| h ^ TILE_KEYS[c]);
        self.hash() ^ self.state.tiles_hash ^ tiles
    }

    /// Every legal destination: the chit's destinations, or every tile when the chit is free.
    fn generate(&self, moves: &mut Vec<DwMove>) {
        moves.clear();
        if self.state.to_move.is_none() {
            return;
        }
        let to_move = |c: Cell| DwMove(c as u16);
        match self.state.chit {
            Some(cell) => moves.extend(self.destinations(cell as Cell).map(to_move)),
            None => moves.extend(self.state.tiles.iter().map(to_move)),
        }
    }

    /// Plays a legal decision: a move (the tile left is removed) or a placement (R3, R4), then R5-R6.
    fn make(&mut self, mv: DwMove) {
        self.undo.push(self.state);
        let mover = self
            .state
            .to_move
            .expect("a running game has a player to move");
        if let Some(cell) = self.state.chit {
            self.remove_tile(cell as Cell);
        }
        self.state.chit = Some(mv.0);
        let next = self.next_active(mover);
        self.hand_over(next);
    }

    /// Takes back the last decision.
    fn unmake(&mut self) {
        self.state = self.undo.pop().expect("unmake without a move");
    }

    /// Gives the turn to `player`, if he is still in and the game is running (best-reply
    /// search; see seeds/dwindle.md). The chit is on a live tile or free, so R6 just lets him move.
    fn hand_turn_to(&mut self, player: Player) -> bool {
        if self.state.to_move.is_none() || !self.is_in(player) {
            return false;
        }
        self.undo.push(self.state);
        self.hand_over(player);
        true
    }

    fn move_code(mv: DwMove) -> u32 {
        mv.0 as u32
    }

    fn move_index(mv: DwMove) -> usize {
        mv.0 as usize
    }
}
