//! The Dwnsiwn position: the pyramid, both stocks, the queue of pending rolls, make and unmake.

use super::keys::{DECIDER_KEY, cell_key, queue_key, stock_key};
use super::moves::{DnMove, NO_SIDE, side_choice, side_choices};
use super::pyramid::{
    APEX, APEX_TABLE, CELL_COUNT, CellIndex, DUNGEON, SUPPORT, layer, second_value, sides,
};
use crate::game::{GameConfig, Outcome, Player, Rules, Turn, random_below, weighted_index};

/// Every cell filled.
pub const FULL: u32 = (1 << CELL_COUNT) - 1;
/// Dice of each colour.
pub const DICE_PER_COLOUR: u32 = 10;
/// No dungeon die yet.
pub const NOBODY: u8 = 2;

/// A pending roll: the die's colour (0 or 1) and the stock it goes to.
#[inline]
pub fn queue_entry(colour: u8, destination: Player) -> u8 {
    colour | destination << 1
}

/// Everything a decision changes; the undo record is a copy of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Filled cells.
    pub filled: u32,
    /// The colour (0 = p1's, 1 = p2's) of each filled cell's die.
    pub colour: [u8; CELL_COUNT],
    /// The values each filled cell shows on sides A, B, C (0 where it shows nothing).
    pub shown: [[u8; 3]; CELL_COUNT],
    /// `stock[owner][colour][value]`: dice waiting in each player's stock.
    pub stock: [[[u8; 7]; 2]; 2],
    /// Pending rolls, from `queue_head` to `queue_len`.
    pub queue: [u8; 20],
    pub queue_head: u8,
    pub queue_len: u8,
    /// Who decides once no roll is pending.
    pub decider: Player,
    /// The player who placed the dungeon die, or [`NOBODY`].
    pub dungeon_placer: u8,
    /// `scores[colour][side]`: the values shown on each side by each colour (rule 28).
    pub scores: [[u16; 3]; 2],
    pub outcome: Option<Outcome>,
    pub hash: u64,
}

/// What `unmake` needs beyond the move itself: the few fields a move changes in ways
/// that cannot be undone from the move alone.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: DnMove,
    hash: u64,
    queue_head: u8,
    queue_len: u8,
    /// The entry at the queue's head (a roll's die; later captures may overwrite its slot).
    head_entry: u8,
    dungeon_placer: u8,
}

/// A Dwnsiwn position with its undo stack.
#[derive(Clone, Debug)]
pub struct Dwnsiwn {
    pub(super) state: State,
    undo: Vec<Undo>,
}

impl State {
    /// The hash computed from the fields.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = if self.decider == 1 { DECIDER_KEY } else { 0 };
        for cell in (0..CELL_COUNT).filter(|&c| self.filled >> c & 1 == 1) {
            hash ^= cell_key(cell, self.colour[cell], self.shown[cell]);
        }
        for owner in 0..2 {
            for colour in 0..2 {
                for value in 1..=6 {
                    hash ^= stock_key(owner, colour, value, self.stock[owner][colour][value]);
                }
            }
        }
        let head = self.queue_head as usize;
        for slot in head..self.queue_len as usize {
            hash ^= queue_key(slot - head, self.queue[slot]);
        }
        hash
    }

    /// Dice in a player's stock.
    pub fn stock_size(&self, owner: Player) -> u32 {
        self.stock[owner as usize]
            .iter()
            .flatten()
            .map(|&n| n as u32)
            .sum()
    }

    /// Whether a cell can take a die now (rule 3).
    pub fn available(&self, cell: CellIndex) -> bool {
        self.filled >> cell & 1 == 0
            && (layer(cell) == 3 || self.filled & SUPPORT[cell] == SUPPORT[cell])
    }

    /// The result once the pyramid is full (rules 28-31).
    pub fn result(&self) -> Option<Outcome> {
        if self.filled != FULL {
            return None;
        }
        let wins = |c: usize| {
            (0..3)
                .filter(|&s| self.scores[c][s] > self.scores[1 - c][s])
                .count()
        };
        Some(match (wins(0), wins(1)) {
            (w, _) if w >= 2 => Outcome::Win(0),
            (_, w) if w >= 2 => Outcome::Win(1),
            _ => Outcome::Win(self.dungeon_placer),
        })
    }

    /// Why the game is over, once it is: who leads on two sides, or, with the sides split, who
    /// placed the dungeon's die.
    pub fn end_reason(&self) -> Option<String> {
        self.outcome?;
        let leads = |c: usize| {
            (0..3)
                .filter(|&s| self.scores[c][s] > self.scores[1 - c][s])
                .count()
        };
        let (p1, p2) = (leads(0), leads(1));
        Some(match (p1 >= 2, p2 >= 2) {
            (true, _) => format!("p1's colour leads on {p1} of the three sides"),
            (_, true) => format!("p2's colour leads on {p2} of the three sides"),
            _ => format!(
                "the sides are split (p1's colour leads on {p1}, p2's on {p2}); p{} placed the dungeon's die",
                self.dungeon_placer + 1
            ),
        })
    }

    fn set_stock(&mut self, owner: usize, colour: usize, value: usize, count: u8) {
        self.hash ^= stock_key(owner, colour, value, self.stock[owner][colour][value])
            ^ stock_key(owner, colour, value, count);
        self.stock[owner][colour][value] = count;
    }

    fn push_roll(&mut self, entry: u8) {
        let slot = self.queue_len as usize;
        self.queue[slot] = entry;
        self.queue_len += 1;
        self.hash ^= queue_key(slot - self.queue_head as usize, entry);
    }

    /// Takes the front pending roll off the queue. Rolls are keyed by their place in line, not
    /// by their slot, so every roll still pending moves up one place in the hash too: the
    /// hash then depends on the pending rolls alone, as the position text does.
    fn pop_roll(&mut self) -> u8 {
        let (head, len) = (self.queue_head as usize, self.queue_len as usize);
        for slot in head..len {
            let entry = self.queue[slot];
            self.hash ^= queue_key(slot - head, entry);
            if slot > head {
                self.hash ^= queue_key(slot - head - 1, entry);
            }
        }
        self.queue_head += 1;
        if self.queue_head == self.queue_len {
            (self.queue_head, self.queue_len) = (0, 0);
        }
        self.queue[head]
    }

    fn pass_turn(&mut self) {
        self.decider = 1 - self.decider;
        self.hash ^= DECIDER_KEY;
    }
}

/// The last decision or roll, for a network's sums: the move, and what it changed that the
/// position after it no longer shows.
pub(super) struct LastMove {
    pub mv: DnMove,
    /// The queue entry a roll took (its die's colour and owner).
    pub rolled_entry: u8,
    /// Who had placed the dungeon die before it.
    pub dungeon_placer_before: u8,
}

impl Dwnsiwn {
    /// The last move played, if any.
    pub(super) fn last_move(&self) -> Option<LastMove> {
        self.undo.last().map(|undo| LastMove {
            mv: undo.mv,
            rolled_entry: undo.head_entry,
            dungeon_placer_before: undo.dungeon_placer,
        })
    }

    /// A position from its fields; the hash and result are derived.
    pub(super) fn from_state(mut state: State) -> Self {
        state.hash = state.compute_hash();
        state.outcome = state.result();
        Dwnsiwn {
            state,
            undo: Vec::with_capacity(128),
        }
    }

    /// The empty pyramid with twenty rolls pending: p1's ten dice, then p2's (rule 8).
    pub fn start() -> Self {
        let mut queue = [0; 20];
        for (i, slot) in queue.iter_mut().enumerate() {
            let player = (i >= 10) as u8;
            *slot = queue_entry(player, player);
        }
        Self::from_state(State {
            filled: 0,
            colour: [0; CELL_COUNT],
            shown: [[0; 3]; CELL_COUNT],
            stock: [[[0; 7]; 2]; 2],
            queue,
            queue_head: 0,
            queue_len: 20,
            decider: 0,
            dungeon_placer: NOBODY,
            scores: [[0; 3]; 2],
            outcome: None,
            hash: 0,
        })
    }

    /// What a die shows when placed: `value` of `colour` by `placer` on `cell`, sides `s` and `t` as
    /// the token names them (rules 17-19).
    pub fn faces(
        cell: CellIndex,
        colour: u8,
        value: u8,
        placer: Player,
        s: usize,
        t: usize,
    ) -> [u8; 3] {
        let mut shown = [0; 3];
        let mask = sides(cell);
        let w = second_value(value, colour == placer);
        match mask.count_ones() {
            0 => {}
            1 => shown[mask.trailing_zeros() as usize] = value,
            2 => {
                shown[s] = value;
                shown[(mask & !(1 << s)).trailing_zeros() as usize] = w;
            }
            _ => {
                debug_assert_eq!(cell, APEX);
                shown = APEX_TABLE[(colour == placer) as usize][value as usize][s][t];
            }
        }
        shown
    }
}

impl Rules for Dwnsiwn {
    type Move = DnMove;
    const NAME: &'static str = "dwnsiwn";
    const MOVE_INDEX_SPACE: usize = super::moves::INDEX_SPACE;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(Dwnsiwn::start())
    }

    fn turn(&self) -> Turn {
        let s = &self.state;
        if s.outcome.is_some() {
            Turn::Over
        } else if s.queue_head < s.queue_len {
            Turn::Chance
        } else {
            Turn::Player(s.decider)
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    fn end_reason(&self) -> Option<String> {
        self.state.end_reason()
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The hash computed from scratch.
    fn hash_from_scratch(&self) -> u64 {
        self.state.compute_hash()
    }

    /// Every legal decision: rolls at a chance ply; else placements and captures, or `pass`
    /// with an empty stock (rules 14-16, 21).
    fn generate(&self, moves: &mut Vec<DnMove>) {
        moves.clear();
        let s = &self.state;
        if s.outcome.is_some() {
            return;
        }
        if s.queue_head < s.queue_len {
            moves.extend((1..=6).map(DnMove::Roll));
            return;
        }
        let mover = s.decider as usize;
        if s.stock_size(s.decider) == 0 {
            moves.push(DnMove::Pass);
            return;
        }
        let cells = (0..CELL_COUNT)
            .filter(|&c| s.available(c))
            .fold(0u32, |m, c| m | 1 << c);
        for colour in 0..2u8 {
            for value in 1..=6u8 {
                if s.stock[mover][colour as usize][value as usize] == 0 {
                    continue;
                }
                for cell in (0..CELL_COUNT).filter(|&c| cells >> c & 1 == 1) {
                    let mask = sides(cell);
                    let place = |s: u8, t: u8| DnMove::Place {
                        colour,
                        value,
                        cell: cell as u8,
                        s,
                        t,
                    };
                    match mask.count_ones() {
                        0 | 1 => moves.push(place(NO_SIDE, NO_SIDE)),
                        2 => moves.extend(
                            (0..3)
                                .filter(|&d| mask >> d & 1 == 1)
                                .map(|d| place(d, NO_SIDE)),
                        ),
                        _ => {
                            for a in 0..3 {
                                moves.extend((0..3).filter(|&b| b != a).map(|b| place(a, b)));
                            }
                        }
                    }
                }
            }
        }
        self.push_captures(moves);
    }

    /// The decision `generate` lists at a random index (a roll by weight), drawn without
    /// listing the placements: they are counted per die kind and cell, and only the captures
    /// are listed (in `moves`).
    fn random_move<R: rand::Rng>(&self, rng: &mut R, moves: &mut Vec<DnMove>) -> DnMove {
        let s = &self.state;
        if s.queue_head < s.queue_len {
            return DnMove::Roll(1 + weighted_index(std::iter::repeat_n(1, 6), rng) as u8);
        }
        let mover = s.decider as usize;
        if s.stock_size(s.decider) == 0 {
            random_below(1, rng);
            return DnMove::Pass;
        }
        let cells = (0..CELL_COUNT).filter(|&c| s.available(c));
        let per_kind: usize = cells.clone().map(side_choices).sum();
        let kinds = (0..2u8)
            .flat_map(|colour| (1..=6u8).map(move |value| (colour, value)))
            .filter(|&(colour, value)| s.stock[mover][colour as usize][value as usize] > 0);
        let placements = kinds.clone().count() * per_kind;
        moves.clear();
        self.push_captures(moves);
        let pick = random_below(placements + moves.len(), rng);
        if pick >= placements {
            return moves[pick - placements];
        }
        let (colour, value) = kinds.clone().nth(pick / per_kind).unwrap();
        let mut rest = pick % per_kind;
        for cell in cells {
            let choices = side_choices(cell);
            if rest < choices {
                let (s, t) = side_choice(cell, rest);
                return DnMove::Place {
                    colour,
                    value,
                    cell: cell as u8,
                    s,
                    t,
                };
            }
            rest -= choices;
        }
        unreachable!("the pick lies among the placements")
    }

    /// Plays a legal decision (rules 14-24, 27).
    fn make(&mut self, mv: DnMove) {
        let s = &mut self.state;
        self.undo.push(Undo {
            mv,
            hash: s.hash,
            queue_head: s.queue_head,
            queue_len: s.queue_len,
            head_entry: s.queue[s.queue_head as usize],
            dungeon_placer: s.dungeon_placer,
        });
        let (mover, opponent) = (s.decider as usize, 1 - s.decider as usize);
        match mv {
            DnMove::Roll(value) => {
                let entry = s.pop_roll();
                let (colour, owner) = ((entry & 1) as usize, (entry >> 1) as usize);
                s.set_stock(
                    owner,
                    colour,
                    value as usize,
                    s.stock[owner][colour][value as usize] + 1,
                );
            }
            DnMove::Place {
                colour,
                value,
                cell,
                s: side,
                t,
            } => {
                let (c, v, cell) = (colour as usize, value as usize, cell as usize);
                s.set_stock(mover, c, v, s.stock[mover][c][v] - 1);
                let shown = if cell == DUNGEON {
                    s.dungeon_placer = mover as u8;
                    [mover as u8 + 1, 0, 0]
                } else {
                    Self::faces(
                        cell,
                        colour,
                        value,
                        mover as Player,
                        side as usize,
                        t as usize,
                    )
                };
                for (side, &face) in shown.iter().enumerate().filter(|_| cell != DUNGEON) {
                    s.scores[c][side] += face as u16;
                }
                s.filled |= 1 << cell;
                s.colour[cell] = colour;
                s.shown[cell] = shown;
                s.hash ^= cell_key(cell, colour, shown);
                s.pass_turn();
            }
            DnMove::Capture { target, dice } => {
                let (own, theirs) = (mover, opponent);
                s.set_stock(
                    theirs,
                    theirs,
                    target as usize,
                    s.stock[theirs][theirs][target as usize] - 1,
                );
                s.push_roll(queue_entry(theirs as u8, mover as Player));
                for value in 1..=5 {
                    let used = DnMove::dice_count(dice, value);
                    if used > 0 {
                        s.set_stock(own, own, value, s.stock[own][own][value] - used);
                        for _ in 0..used {
                            s.push_roll(queue_entry(own as u8, opponent as Player));
                        }
                    }
                }
                s.pass_turn();
            }
            DnMove::Pass => s.pass_turn(),
        }
        s.outcome = s.result();
    }

    /// Takes back the last decision: the move's changes in reverse, the hash as it was.
    fn unmake(&mut self) {
        let undo = self.undo.pop().expect("unmake without a move");
        let s = &mut self.state;
        (s.hash, s.queue_head, s.queue_len) = (undo.hash, undo.queue_head, undo.queue_len);
        s.dungeon_placer = undo.dungeon_placer;
        s.outcome = None;
        match undo.mv {
            DnMove::Roll(value) => {
                let entry = undo.head_entry;
                s.queue[s.queue_head as usize] = entry;
                let (colour, owner) = ((entry & 1) as usize, (entry >> 1) as usize);
                s.stock[owner][colour][value as usize] -= 1;
            }
            DnMove::Place {
                colour,
                value,
                cell,
                ..
            } => {
                s.decider = 1 - s.decider;
                let (c, cell) = (colour as usize, cell as usize);
                s.stock[s.decider as usize][c][value as usize] += 1;
                if cell != DUNGEON {
                    for (score, &face) in s.scores[c].iter_mut().zip(&s.shown[cell]) {
                        *score -= face as u16;
                    }
                }
                s.filled &= !(1 << cell);
                (s.colour[cell], s.shown[cell]) = (0, [0; 3]);
            }
            DnMove::Capture { target, dice } => {
                s.decider = 1 - s.decider;
                let (own, theirs) = (s.decider as usize, 1 - s.decider as usize);
                s.stock[theirs][theirs][target as usize] += 1;
                for value in 1..=5 {
                    s.stock[own][own][value] += DnMove::dice_count(dice, value);
                }
            }
            DnMove::Pass => s.decider = 1 - s.decider,
        }
    }

    fn move_code(mv: DnMove) -> u32 {
        mv.code()
    }

    fn move_index(mv: DnMove) -> usize {
        mv.index()
    }
}
