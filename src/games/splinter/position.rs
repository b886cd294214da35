//! The Splinter position: the start, pieces in a padded mailbox, the no-return record, knockouts, make and unmake.

use super::board::{CELLS, Cell, CellSet, on_board, reverse, step};
use super::groups::{may_split, split, split_tied};
use super::moves::SpMove;
use crate::game::hashing::{key_table, mix64};
use crate::game::repetition::RepetitionHistory;
use crate::game::{GameConfig, Notation, Outcome, Player, Rules, Turn, two_player};

/// A guard cell outside the board.
pub const OFF: u8 = 0xFF;
/// Piece types, in code order.
pub const TYPES: [char; 4] = ['K', 'R', 'B', 'P'];
/// The game is drawn once this many plies have been played (E5).
pub const PLY_LIMIT: u16 = 400;
/// The record's direction when the record is none.
pub const NO_DIRECTION: u8 = 8;

/// A piece code: 1 + colour * 4 + type (0 is an empty cell).
#[inline]
pub fn piece(colour: Player, kind: usize) -> u8 {
    1 + colour * 4 + kind as u8
}

/// The colour of a piece code.
#[inline]
pub fn colour_of(code: u8) -> Player {
    (code - 1) / 4
}

/// The type index of a piece code.
#[inline]
pub fn kind_of(code: u8) -> usize {
    ((code - 1) % 4) as usize
}

static PIECE_KEYS: [u64; 9 * CELLS] = key_table(0x7370_6c69_6e74);
static RECORD_CELL_KEYS: [u64; CELLS] = key_table(0x7265_636f_7264);
const RECORD_DIRECTION_KEYS: [u64; 9] = key_table(0x6469_7263);
const PLY_KEYS: [u64; PLY_LIMIT as usize + 1] = key_table(0x0070_6c69_6573);
const SIDE_KEY: u64 = mix64(0x0073_6964_6532);

/// The hash of one piece on one cell.
#[inline]
pub fn piece_key(code: u8, cell: Cell) -> u64 {
    PIECE_KEYS[code as usize * CELLS + cell]
}

/// The no-return record (R7): the last move's direction and the cells its displaced pieces hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    /// The direction, or [`NO_DIRECTION`] for the record none.
    pub direction: u8,
    /// The cells X.
    pub cells: CellSet,
}

impl Record {
    /// The record none.
    pub fn none() -> Self {
        Record {
            direction: NO_DIRECTION,
            cells: CellSet::default(),
        }
    }

    /// The record's part of the hash.
    pub fn key(&self) -> u64 {
        self.cells
            .iter()
            .fold(RECORD_DIRECTION_KEYS[self.direction as usize], |h, c| {
                h ^ RECORD_CELL_KEYS[c]
            })
    }
}

/// Everything a move changes; the undo record is a copy of it.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// Piece codes by cell; guard cells hold [`OFF`].
    pub board: [u8; CELLS],
    /// Cells holding a piece.
    pub occupied: CellSet,
    /// Cells holding each colour's pieces.
    pub by_colour: [CellSet; 2],
    /// Pieces left per colour and type.
    pub counts: [[u8; 4]; 2],
    pub side: Player,
    pub ply: u16,
    pub record: Record,
    /// The record's part of `board_hash` ([`Record::key`]), kept so that a move need not
    /// compute the old record's key again.
    pub record_key: u64,
    /// Hash of pieces, side to move and record: what repetition compares.
    pub board_hash: u64,
    pub outcome: Option<Outcome>,
}

/// A Splinter position with its history.
#[derive(Clone, Debug)]
pub struct Splinter {
    pub(super) state: State,
    history: RepetitionHistory,
    undo: Vec<State>,
}

impl Splinter {
    /// The state before the last turn (this one where no turn was played).
    pub(super) fn state_before_last_turn(&self) -> &State {
        self.undo.last().unwrap_or(&self.state)
    }
}

impl State {
    /// The hash of pieces, side and record computed from scratch.
    pub fn compute_board_hash(&self) -> u64 {
        let pieces = self
            .occupied
            .iter()
            .fold(0, |h, c| h ^ piece_key(self.board[c], c));
        pieces ^ self.record.key() ^ if self.side == 1 { SIDE_KEY } else { 0 }
    }

    /// Knockouts scored by `player`: types of which the opponent has no piece left (E1).
    pub fn knockouts(&self, player: Player) -> u32 {
        self.counts[1 - player as usize]
            .iter()
            .filter(|&&n| n == 0)
            .count() as u32
    }

    /// The result by knockouts alone (E2, E3), if any.
    pub fn knockout_result(&self) -> Option<Outcome> {
        let (k1, k2) = (self.knockouts(0), self.knockouts(1));
        let (n1, n2) = (self.by_colour[0].len(), self.by_colour[1].len());
        match (k1 >= 2, k2 >= 2) {
            (false, false) => None,
            (true, false) => Some(Outcome::Win(0)),
            (false, true) => Some(Outcome::Win(1)),
            _ if k1 != k2 => Some(Outcome::Win(if k1 > k2 { 0 } else { 1 })),
            _ if n1 != n2 => Some(Outcome::Win(if n1 > n2 { 0 } else { 1 })),
            _ => Some(Outcome::Draw),
        }
    }

    /// Sets the no-return record, and its part of the hash.
    fn set_record(&mut self, record: Record) {
        let key = record.key();
        self.board_hash ^= self.record_key ^ key;
        self.record = record;
        self.record_key = key;
    }

    /// Removes the piece on a cell from the board, the sets, the counts and the hash.
    fn lift(&mut self, cell: Cell) -> u8 {
        let code = self.board[cell];
        self.board[cell] = 0;
        self.occupied.remove(cell);
        self.by_colour[colour_of(code) as usize].remove(cell);
        self.board_hash ^= piece_key(code, cell);
        code
    }

    /// Puts a piece on an empty cell.
    fn drop(&mut self, cell: Cell, code: u8) {
        self.board[cell] = code;
        self.occupied.insert(cell);
        self.by_colour[colour_of(code) as usize].insert(cell);
        self.board_hash ^= piece_key(code, cell);
    }
}

impl Splinter {
    /// A position from pieces by cell, side to move, record and ply count.
    pub(super) fn from_parts(
        pieces: &[(Cell, u8)],
        side: Player,
        record: Record,
        ply: u16,
    ) -> Self {
        let mut board = [OFF; CELLS];
        for (cell, slot) in board.iter_mut().enumerate() {
            if on_board(cell) {
                *slot = 0;
            }
        }
        let mut state = State {
            board,
            occupied: CellSet::default(),
            by_colour: [CellSet::default(); 2],
            counts: [[0; 4]; 2],
            side,
            ply,
            record,
            record_key: record.key(),
            board_hash: 0,
            outcome: None,
        };
        for &(cell, code) in pieces {
            state.drop(cell, code);
            state.counts[colour_of(code) as usize][kind_of(code)] += 1;
        }
        state.board_hash = state.compute_board_hash();
        state.outcome = state
            .knockout_result()
            .or((ply >= PLY_LIMIT).then_some(Outcome::Draw));
        Splinter {
            history: RepetitionHistory::new(state.board_hash),
            state,
            undo: Vec::with_capacity(512),
        }
    }

    /// The cells of the push chain from `from` in `dir` (R3), and the cell after it.
    #[inline]
    pub(super) fn chain_end(&self, from: Cell, dir: usize) -> Cell {
        let mut cell = from;
        while self.state.occupied.has(cell) {
            cell = step(cell, dir);
        }
        cell
    }

    /// Occupancy after pushing from `from` with the chain ending before `end` (R4), before any splinter.
    #[inline]
    pub(super) fn occupancy_after_push(&self, from: Cell, end: Cell) -> CellSet {
        let mut after = self.state.occupied;
        after.remove(from);
        if on_board(end) {
            after.insert(end);
        }
        after
    }
}

/// The start position (P3, P4), kept as data because the piece-type layout is a convention.
pub const START: &str =
    "15/15/15/15/15/15/5rPpPr5/5PbBbP5/5pPkPp5/5PpKpP5/5pBbBp5/5RpPpR5/15/15/15/15/15/15 p1 - 0";

impl Rules for Splinter {
    type Move = SpMove;
    const NAME: &'static str = "splinter";
    const MOVE_INDEX_SPACE: usize = 4096;

    fn startpos(config: &GameConfig) -> Result<Self, String> {
        Splinter::from_text(START, config)
    }

    fn turn(&self) -> Turn {
        two_player::turn(self.state.outcome, self.state.side)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Why the game is over, once it is: the knockouts (and pieces, when they tie), the third
    /// repetition, or the ply limit.
    fn end_reason(&self) -> Option<String> {
        let s = &self.state;
        s.outcome?;
        if s.knockout_result().is_some() {
            let (k1, k2) = (s.knockouts(0), s.knockouts(1));
            let mut text = format!("knockouts: p1 {k1}, p2 {k2}");
            if k1 == k2 {
                let (n1, n2) = (s.by_colour[0].len(), s.by_colour[1].len());
                text += &format!("; pieces: p1 {n1}, p2 {n2}");
            }
            return Some(text);
        }
        Some(match self.history.occurred(3) {
            true => "the position came for the third time".to_string(),
            false => format!("ply {PLY_LIMIT} was reached"),
        })
    }

    /// The full hash: pieces, side, record and ply count.
    fn hash(&self) -> u64 {
        self.state.board_hash ^ PLY_KEYS[self.state.ply as usize]
    }

    /// The hash computed from scratch.
    fn hash_from_scratch(&self) -> u64 {
        self.state.compute_board_hash() ^ PLY_KEYS[self.state.ply as usize]
    }

    /// Whether the current position occurred earlier in the game.
    fn repeats_earlier(&self) -> bool {
        self.history.occurred(2)
    }

    /// Every legal move: each own piece in each direction whose first cell is on the board (R2),
    /// except those the no-return rule bars (R8); a tied splinter gives one move per tied group.
    fn generate(&self, moves: &mut Vec<SpMove>) {
        moves.clear();
        let s = &self.state;
        if s.outcome.is_some() {
            return;
        }
        let barred_direction = if s.record.direction == NO_DIRECTION {
            usize::MAX
        } else {
            reverse(s.record.direction as usize)
        };
        for from in s.by_colour[s.side as usize].iter() {
            // After a push from `from` in `dir` its neighbours are these and the first cell in
            // `dir`, which the pushed piece takes: most pushes cannot split the pieces.
            let ring = s.occupied.ring(from);
            for dir in 0..8 {
                if !on_board(step(from, dir)) {
                    continue;
                }
                if dir == barred_direction && self.chain_meets_record(from, dir) {
                    continue;
                }
                let end = self.chain_end(from, dir);
                let knocks_off = self.knocks_off(end, dir);
                let after =
                    may_split(ring | 1 << dir).then(|| self.occupancy_after_push(from, end));
                let tied = after.and_then(|after| split_tied(&after, from));
                match (tied, after) {
                    (Some(true), Some(after)) => {
                        let groups = split(&after, from).expect("a tied push splits");
                        moves.extend(
                            groups.tied_firsts().map(|first| {
                                SpMove::new(from, dir, Some(first), (true, knocks_off))
                            }),
                        );
                    }
                    _ => {
                        let marks = (tied.is_some(), knocks_off);
                        moves.push(SpMove::new(from, dir, None, marks));
                    }
                }
            }
        }
    }

    /// Plays a legal move: push, fall-off, splinter, record, and the end checks (E1-E6).
    fn make(&mut self, mv: SpMove) {
        self.undo.push(self.state);
        let (from, dir) = (mv.from(), mv.direction());
        let end = self.chain_end(from, dir);
        // Generation found out whether the push splits the pieces (R5); only then are the
        // groups needed.
        let groups = mv.splinters().then(|| {
            split(&self.occupancy_after_push(from, end), from).expect("a splintering move splits")
        });
        let s = &mut self.state;
        // R4: shift the chain one cell, last piece first; off the board it falls.
        let mut cell = end;
        while cell != from {
            let behind = step(cell, (dir + 4) % 8);
            let code = s.lift(behind);
            if on_board(cell) {
                s.drop(cell, code);
            } else {
                s.counts[colour_of(code) as usize][kind_of(code)] -= 1;
            }
            cell = behind;
        }
        // R6: keep the chosen (or unique largest) group.
        if let Some(groups) = groups {
            let kept = groups.kept(mv.choice());
            for removed in s.occupied.minus(&kept).iter() {
                let code = s.lift(removed);
                s.counts[colour_of(code) as usize][kind_of(code)] -= 1;
            }
        }
        // R7: the record holds the displaced pieces still on the board.
        let mut displaced = CellSet::default();
        let mut cell = step(from, dir);
        while on_board(cell) && cell != step(end, dir) {
            if s.occupied.has(cell) {
                displaced.insert(cell);
            }
            cell = step(cell, dir);
        }
        s.set_record(if displaced.is_empty() {
            Record::none()
        } else {
            Record {
                direction: dir as u8,
                cells: displaced,
            }
        });
        s.board_hash ^= SIDE_KEY;
        s.side = 1 - s.side;
        s.ply += 1;
        self.history.push(s.board_hash);
        s.outcome = s
            .knockout_result()
            .or_else(|| (self.history.occurred(3) || s.ply >= PLY_LIMIT).then_some(Outcome::Draw));
    }

    /// Takes back the last move.
    fn unmake(&mut self) {
        self.history.pop();
        self.state = self.undo.pop().expect("unmake without a move");
    }

    /// Hands the turn to the other player without a move (for the search's null move; no
    /// rule allows it), counting a ply and leaving no record; `unmake` takes it back.
    /// Refused in a finished game.
    fn hand_turn_to(&mut self, player: Player) -> bool {
        if self.state.outcome.is_some() || player == self.state.side || player > 1 {
            return false;
        }
        self.undo.push(self.state);
        let s = &mut self.state;
        s.set_record(Record::none());
        s.board_hash ^= SIDE_KEY;
        s.side = player;
        s.ply += 1;
        self.history.push(s.board_hash);
        s.outcome = (self.history.occurred(3) || s.ply >= PLY_LIMIT).then_some(Outcome::Draw);
        true
    }

    fn move_code(mv: SpMove) -> u32 {
        mv.bits()
    }

    fn move_index(mv: SpMove) -> usize {
        (mv.bits() & 4095) as usize
    }
}
