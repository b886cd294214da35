//! The Dimraw position: pieces, hands, the pending removal, the draw counters, make and unmake.

use super::board::{MILLS_AT, MILLS_BESIDE, NEIGHBOURS, Point, Points, completes};
use super::moves::DmMove;
use crate::game::bitset::nth_set_bit;
use crate::game::hashing::{key_table, mix64};
use crate::game::repetition::RepetitionHistory;
use crate::game::{GameConfig, Outcome, Player, Rules, Turn, random_below, two_player};

/// Pieces each player starts with, all in hand.
pub const START_HAND: [u8; 2] = [12, 20];
/// A decision in this turn that does not end the game otherwise ends it in a draw (rule 11).
pub const LAST_TURN: u16 = 2500;
/// The turn number written once the turn limit has ended the game.
pub const AFTER_LAST_TURN: u16 = LAST_TURN + 1;

const PIECE_KEYS: [u64; 40] = key_table(0x6469_6d72_6177);
const HAND_KEYS: [u64; 42] = key_table(0x6861_6e64);
static TURN_KEYS: [u64; AFTER_LAST_TURN as usize + 1] = key_table(0x7475_726e);
const PASS_KEYS: [u64; 3] = key_table(0x7061_7373);
const SIDE_KEY: u64 = mix64(0x7369_6465);
const PENDING_KEY: u64 = mix64(0x7065_6e64);

/// The state fields a move changes; the undo record is a copy of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Points holding each player's pieces.
    pub pieces: [Points; 2],
    /// Pieces in each player's hand.
    pub hand: [u8; 2],
    /// The player to move.
    pub side: Player,
    /// The side to move must remove an enemy piece (rule 4).
    pub removal_pending: bool,
    /// Consecutive turns that were a single `pass`, ending with the last completed turn (2 = drawn).
    pub passes: u8,
    /// The turn number (rule 11); [`AFTER_LAST_TURN`] once the limit ended the game.
    pub turn: u16,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Zobrist hash of all of the above.
    pub hash: u64,
}

/// A Dimraw position, its undo stack and the positions of its game so far.
#[derive(Clone, Debug)]
pub struct Dimraw {
    pub(super) state: State,
    undo: Vec<State>,
    /// Keys of the positions since set-up without their turn numbers: the rules have no
    /// repetition draw, but a position that comes back has gained nothing but turns, and
    /// cycling ends only in the turn limit's draw (the search scores it so).
    cycle: RepetitionHistory,
}

impl Dimraw {
    /// The state before the last turn, if one was played.
    pub(super) fn state_before_last_turn(&self) -> Option<&State> {
        self.undo.last()
    }
}

impl State {
    /// The hash computed from the fields.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = TURN_KEYS[self.turn as usize] ^ PASS_KEYS[self.passes as usize];
        for player in 0..2 {
            let mut points = self.pieces[player];
            while points != 0 {
                hash ^= PIECE_KEYS[player * 20 + points.trailing_zeros() as usize];
                points &= points - 1;
            }
            hash ^= HAND_KEYS[player * 21 + self.hand[player] as usize];
        }
        if self.side == 1 {
            hash ^= SIDE_KEY;
        }
        if self.removal_pending {
            hash ^= PENDING_KEY;
        }
        hash
    }

    /// The hash without the turn number: what a cycle compares.
    fn cycle_key(&self) -> u64 {
        self.hash ^ TURN_KEYS[self.turn as usize]
    }

    /// Pieces a player owns, on the board and in hand.
    pub fn total(&self, player: Player) -> u32 {
        self.pieces[player as usize].count_ones() + self.hand[player as usize] as u32
    }

    /// Decides whether a set-up position is already over (rules 9-11).
    pub fn settle(&mut self) {
        self.outcome = if self.total(self.side) <= 2 {
            Some(Outcome::Win(1 - self.side))
        } else if self.passes >= 2 || self.turn >= AFTER_LAST_TURN {
            Some(Outcome::Draw)
        } else {
            None
        };
        self.hash = self.compute_hash();
    }
}

impl Dimraw {
    /// A position from its state fields.
    pub(super) fn from_state(mut state: State) -> Self {
        state.settle();
        Dimraw {
            state,
            undo: Vec::with_capacity(256),
            cycle: RepetitionHistory::new(state.cycle_key()),
        }
    }

    /// The empty board with full hands, `p1` to move in turn 1.
    pub fn start() -> Self {
        Self::from_state(State {
            pieces: [0, 0],
            hand: START_HAND,
            side: 0,
            removal_pending: false,
            passes: 0,
            turn: 1,
            outcome: None,
            hash: 0,
        })
    }

    /// Whether a move earns a removal (rule 7), judged on the position after it.
    pub(super) fn earns_removal(own: Points, mv: DmMove) -> bool {
        match mv {
            DmMove::Place(to) => completes(&MILLS_AT[to as Point], own),
            DmMove::Step(from, to) => {
                completes(&MILLS_AT[to as Point], own)
                    || completes(&MILLS_BESIDE[from as Point], own)
            }
            DmMove::Remove(_) | DmMove::Pass => false,
        }
    }

    /// Whether a placement or step by the player whose pieces stand on `own` (before it)
    /// earns a removal; removals and passes never do.
    pub(super) fn would_earn_removal(own: Points, mv: DmMove) -> bool {
        let after = match mv {
            DmMove::Place(to) => own | 1 << to,
            DmMove::Step(from, to) => own & !(1 << from) | 1 << to,
            DmMove::Remove(_) | DmMove::Pass => return false,
        };
        Self::earns_removal(after, mv)
    }
}

/// Calls `f` with every point of a set, lowest first.
#[inline]
pub fn for_each_point(mut points: Points, mut f: impl FnMut(Point)) {
    while points != 0 {
        f(points.trailing_zeros() as Point);
        points &= points - 1;
    }
}

impl Rules for Dimraw {
    type Move = DmMove;
    const NAME: &'static str = "dimraw";
    const MOVE_INDEX_SPACE: usize = 4096;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(Dimraw::start())
    }

    fn turn(&self) -> Turn {
        two_player::turn(self.state.outcome, self.state.side)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Why the game is over, once it is: a player down to two pieces, two passes in a row, or
    /// the last turn.
    fn end_reason(&self) -> Option<String> {
        let s = &self.state;
        Some(match s.outcome? {
            Outcome::Win(winner) => {
                let loser = 1 - winner;
                let left = s.total(loser);
                format!(
                    "p{} has {left} pieces left, on the board and in hand",
                    loser + 1
                )
            }
            _ if s.passes >= 2 => "both players passed in turn".to_string(),
            _ => format!("turn {LAST_TURN} was played"),
        })
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The hash computed from scratch (for checking the incremental one).
    fn hash_from_scratch(&self) -> u64 {
        self.state.compute_hash()
    }

    /// Whether this position, its turn number aside, occurred earlier in the game.
    fn repeats_earlier(&self) -> bool {
        self.cycle.occurred(2)
    }

    /// Every legal decision (rules 4-6): removals, placements or steps, else the forced `pass`.
    fn generate(&self, moves: &mut Vec<DmMove>) {
        moves.clear();
        let s = &self.state;
        if s.outcome.is_some() {
            return;
        }
        let (mover, opponent) = (s.side as usize, 1 - s.side as usize);
        let empty = super::board::ALL_POINTS & !(s.pieces[0] | s.pieces[1]);
        if s.removal_pending {
            for_each_point(s.pieces[opponent], |v| moves.push(DmMove::Remove(v as u8)));
        } else if s.hand[mover] > 0 {
            for_each_point(empty, |v| moves.push(DmMove::Place(v as u8)));
        } else {
            for_each_point(s.pieces[mover], |from| {
                for_each_point(NEIGHBOURS[from] & empty, |to| {
                    moves.push(DmMove::Step(from as u8, to as u8))
                });
            });
        }
        if moves.is_empty() {
            moves.push(DmMove::Pass);
        }
    }

    /// The decision `generate` lists at a random index, drawn without the list: removals and
    /// placements straight from their point sets, steps by counting each piece's free
    /// neighbours (the list's order: by origin, then by destination).
    fn random_move<R: rand::Rng>(&self, rng: &mut R, _moves: &mut Vec<DmMove>) -> DmMove {
        let s = &self.state;
        let (mover, opponent) = (s.side as usize, 1 - s.side as usize);
        let empty = super::board::ALL_POINTS & !(s.pieces[0] | s.pieces[1]);
        let nth = |points: Points, n: usize| nth_set_bit(points as u64, n as u32) as u8;
        let one_of = |points: Points, make: fn(u8) -> DmMove, rng: &mut R| match points {
            0 => {
                random_below(1, rng);
                DmMove::Pass
            }
            _ => make(nth(points, random_below(points.count_ones() as usize, rng))),
        };
        if s.removal_pending {
            return one_of(s.pieces[opponent], DmMove::Remove, rng);
        }
        if s.hand[mover] > 0 {
            return one_of(empty, DmMove::Place, rng);
        }
        let mut steps = 0;
        for_each_point(s.pieces[mover], |from| {
            steps += (NEIGHBOURS[from] & empty).count_ones() as usize
        });
        let mut pick = random_below(steps.max(1), rng);
        if steps == 0 {
            return DmMove::Pass;
        }
        let mut origins = s.pieces[mover];
        loop {
            let from = origins.trailing_zeros() as usize;
            let targets = NEIGHBOURS[from] & empty;
            let count = targets.count_ones() as usize;
            if pick < count {
                return DmMove::Step(from as u8, nth(targets, pick));
            }
            pick -= count;
            origins &= origins - 1;
        }
    }

    /// Plays a legal decision and applies rules 7-12.
    fn make(&mut self, mv: DmMove) {
        self.undo.push(self.state);
        let s = &mut self.state;
        let (mover, opponent) = (s.side as usize, 1 - s.side as usize);
        let mut hash = s.hash;
        match mv {
            DmMove::Place(to) => {
                s.pieces[mover] |= 1 << to;
                s.hand[mover] -= 1;
                hash ^= PIECE_KEYS[mover * 20 + to as usize]
                    ^ HAND_KEYS[mover * 21 + s.hand[mover] as usize + 1]
                    ^ HAND_KEYS[mover * 21 + s.hand[mover] as usize];
            }
            DmMove::Step(from, to) => {
                s.pieces[mover] ^= 1 << from | 1 << to;
                hash ^=
                    PIECE_KEYS[mover * 20 + from as usize] ^ PIECE_KEYS[mover * 20 + to as usize];
            }
            DmMove::Remove(at) => {
                s.pieces[opponent] &= !(1 << at);
                hash ^= PIECE_KEYS[opponent * 20 + at as usize];
            }
            DmMove::Pass => {}
        }
        let single_pass = mv == DmMove::Pass && !s.removal_pending;
        let pending = Self::earns_removal(s.pieces[mover], mv);
        if pending != s.removal_pending {
            s.removal_pending = pending;
            hash ^= PENDING_KEY;
        }
        let next = if pending { mover } else { opponent };
        if next != mover {
            hash ^= SIDE_KEY;
            let passes = if single_pass { s.passes + 1 } else { 0 };
            if passes != s.passes {
                hash ^= PASS_KEYS[s.passes as usize] ^ PASS_KEYS[passes as usize];
                s.passes = passes;
            }
        }
        s.side = next as Player;
        let turn = s.turn;
        s.outcome = if s.total(next as Player) <= 2 {
            Some(Outcome::Win(mover as Player))
        } else if single_pass && s.passes >= 2 {
            Some(Outcome::Draw)
        } else if s.turn == LAST_TURN {
            s.turn = AFTER_LAST_TURN;
            Some(Outcome::Draw)
        } else {
            None
        };
        if s.outcome.is_none() && next != mover {
            s.turn += 1;
        }
        if s.turn != turn {
            hash ^= TURN_KEYS[turn as usize] ^ TURN_KEYS[s.turn as usize];
        }
        s.hash = hash;
        self.cycle.push(self.state.cycle_key());
    }

    /// Takes back the last decision.
    fn unmake(&mut self) {
        self.state = self.undo.pop().expect("unmake without a move");
        self.cycle.pop();
    }

    fn move_code(mv: DmMove) -> u32 {
        mv.code() as u32
    }

    fn move_index(mv: DmMove) -> usize {
        mv.code() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Evaluation, Notation};

    fn tactical(text: &str, mv: DmMove) -> bool {
        Dimraw::from_text(text, &GameConfig::default())
            .expect("a valid text")
            .is_tactical(mv)
    }

    #[test]
    fn only_decisions_that_earn_a_removal_are_noisy() {
        let placing = Dimraw::from_text(
            "xx...............oo. 10 18 p1 0 0 5",
            &GameConfig::default(),
        )
        .unwrap();
        assert!(placing.is_noisy(DmMove::Place(2)), "completes a mill");
        assert!(!placing.is_noisy(DmMove::Place(19)), "a block is not");
        assert!(!placing.is_noisy(DmMove::Place(5)));
        let stepping = Dimraw::from_text(
            "xx....x..x.x...oo... 0 10 p1 0 0 25",
            &GameConfig::default(),
        )
        .unwrap();
        assert!(stepping.is_noisy(DmMove::Step(11, 2)), "completes a mill");
        assert!(!stepping.is_noisy(DmMove::Step(9, 14)), "a block is not");
        assert!(!stepping.is_noisy(DmMove::Remove(15)), "removals are not");
    }

    #[test]
    fn mills_and_blocks_are_tactical_and_other_decisions_are_not() {
        // p1 holds 0 and 1 of {0, 1, 2}; p2 holds 17 and 18 of {17, 18, 19}.
        let placing = "xx...............oo. 10 18 p1 0 0 5";
        assert!(tactical(placing, DmMove::Place(2)), "completes a mill");
        assert!(
            tactical(placing, DmMove::Place(19)),
            "blocks the opponent's mill"
        );
        assert!(!tactical(placing, DmMove::Place(5)));
        // p1 steps (hand empty): 11-2 completes {0, 1, 2}; 9-14 takes the empty point of
        // {14, 15, 16}, two of p2's; 6-7 does neither.
        let stepping = "xx....x..x.x...oo... 0 10 p1 0 0 25";
        assert!(tactical(stepping, DmMove::Step(11, 2)), "completes a mill");
        assert!(
            tactical(stepping, DmMove::Step(9, 14)),
            "blocks the opponent's mill"
        );
        assert!(!tactical(stepping, DmMove::Step(6, 7)));
        assert!(!tactical(stepping, DmMove::Remove(15)), "removals are not");
    }
}
