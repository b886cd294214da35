//! The Tumbling Down position: the start, stacks, kings, hashing, make and unmake.

use super::board::{LINES, Square, neighbour};
use super::moves::TdMove;
use crate::game::hashing::{key_table, mix64};
use crate::game::repetition::RepetitionHistory;
use crate::game::{GameConfig, Outcome, Player, Rules, Turn, two_player};

/// The most checkers one colour may have on the board.
pub const CHECKERS_PER_PLAYER: u32 = 29;
/// The game is drawn once this many plies have been played (E3).
pub const PLY_LIMIT: u16 = 400;

/// A key per square, level (0 at the bottom) and colour of a checker: a stack's hash is
/// the XOR of its checkers' keys, so a move hashes only the checkers it moves.
static CHECKER_KEYS: [u64; 64 * 64 * 2] = key_table(0x7475_6d62_6c65);
const PLY_KEYS: [u64; PLY_LIMIT as usize + 1] = key_table(0x0070_6c79_2063_6e74);
const SIDE_KEY: u64 = mix64(0x5349_4445);
/// The [`pure_owner`] of a mixed or empty stack.
pub const NOBODY: usize = 2;

/// The hash of `count` checkers on `sq` from `level` up, checker i's colour bit i of `colors`.
#[inline(always)]
fn checkers_key(sq: Square, level: u8, colors: u64, count: u8) -> u64 {
    let mut key = 0;
    for i in 0..count {
        let colour = (colors >> i) & 1;
        key ^= CHECKER_KEYS[(sq * 64 + (level + i) as usize) * 2 + colour as usize];
    }
    key
}

/// The hash contribution of one stack (0 for an empty square).
#[inline]
fn stack_key(sq: Square, height: u8, colors: u64) -> u64 {
    checkers_key(sq, 0, colors, height)
}

/// The hash of the side to move (0 for p1).
#[inline]
pub fn side_key(side: Player) -> u64 {
    if side == 0 { 0 } else { SIDE_KEY }
}

/// The hash of the ply counter.
#[inline]
pub fn ply_key(ply: u16) -> u64 {
    PLY_KEYS[ply as usize]
}

/// `height` low bits set (stacks never exceed 58 checkers).
#[inline]
fn low_bits(height: u8) -> u64 {
    debug_assert!(height < 64);
    (1u64 << height) - 1
}

/// The player a stack is pure for (rulebook R7), or [`NOBODY`].
#[inline]
pub fn pure_owner(height: u8, colors: u64) -> usize {
    if height == 0 {
        NOBODY
    } else if colors == 0 {
        0
    } else if colors == low_bits(height) {
        1
    } else {
        NOBODY
    }
}

/// Whether a stack is pure for `player`.
#[inline]
pub fn is_pure(player: Player, height: u8, colors: u64) -> bool {
    pure_owner(height, colors) == player as usize
}

/// The owner of a non-empty stack's top checker.
#[inline]
pub fn top_owner(height: u8, colors: u64) -> Player {
    ((colors >> (height - 1)) & 1) as Player
}

/// What `unmake` needs to put a move back. The changed squares follow from the move;
/// a landing square only gained checkers on top, so its old height alone restores it.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// The move, or `None` for a turn handed over without one.
    mv: Option<TdMove>,
    /// Old heights: the origin first, then the landing squares in line order.
    heights: [u8; 8],
    count: u8,
    origin_colors: u64,
    board_hash: u64,
    king_height: [u8; 2],
    controlled: [u64; 2],
    pub(super) pure: [u64; 2],
}

/// What a move changed: the squares with their stacks before it, and the king heights.
pub(super) struct MoveChange {
    /// Each player's king height before the move.
    pub kings_before: [u8; 2],
    /// The squares the move changed, each with its height and colours before it; the first
    /// `count` are meaningful.
    pub squares: [(Square, u8, u64); 8],
    /// How many squares changed.
    pub count: usize,
}

/// What a move did to kings, gathered square by square.
struct KingWatch {
    /// A king of this player was covered by a foreign checker (R9).
    captured: [bool; 2],
    /// A king square of this player changed, so the king height must be found anew.
    king_changed: [bool; 2],
    /// The tallest pure stack the move created, at least the old king height.
    tallest_new: [u8; 2],
}

/// A Tumbling Down position with the game history its draw rules need.
#[derive(Clone)]
pub struct TumblingDown {
    /// Stack height per square.
    pub(super) heights: [u8; 64],
    /// Stack colours per square, bit i for checker i from the bottom: 1 is p2's `o`.
    pub(super) colors: [u64; 64],
    /// Squares whose top checker belongs to each player.
    pub(super) controlled: [u64; 2],
    /// Squares holding pure stacks of each player.
    pub(super) pure: [u64; 2],
    /// Each player's king height H(P).
    pub(super) king_height: [u8; 2],
    pub(super) side: Player,
    pub(super) ply: u16,
    /// Hash of the squares and the side to move: what repetition compares.
    board_hash: u64,
    outcome: Option<Outcome>,
    /// Board hashes since set-up, for the repetition draw.
    history: RepetitionHistory,
    undo: Vec<Undo>,
}

impl TumblingDown {
    /// A position from stacks (`(height, colours)` per square), side to move and ply count.
    pub(super) fn from_parts(stacks: &[(u8, u64); 64], side: Player, ply: u16) -> Self {
        let board_hash = stacks
            .iter()
            .enumerate()
            .fold(side_key(side), |h, (sq, &(height, colors))| {
                h ^ stack_key(sq, height, colors)
            });
        let mut pos = TumblingDown {
            heights: [0; 64],
            colors: [0; 64],
            controlled: [0; 2],
            pure: [0; 2],
            king_height: [0; 2],
            side,
            ply,
            board_hash,
            outcome: None,
            history: RepetitionHistory::new(board_hash),
            undo: Vec::with_capacity(512),
        };
        for (sq, &(height, colors)) in stacks.iter().enumerate() {
            pos.put(sq, height, colors);
        }
        for player in 0..2 {
            pos.king_height[player] = pos.tallest_pure(player);
        }
        if ply >= PLY_LIMIT {
            pos.outcome = Some(Outcome::Draw);
        }
        pos
    }

    /// The stack on a square as (height, colours).
    #[inline]
    pub fn stack(&self, sq: Square) -> (u8, u64) {
        (self.heights[sq], self.colors[sq])
    }

    /// The player to move (meaningful while the game runs).
    pub fn side(&self) -> Player {
        self.side
    }

    /// Plies played since the start of the game.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// Marks a set-up position as finished (its text gave the result).
    pub(super) fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    /// Sets a square's stack, keeping the control and pure-stack bitboards in step (not the hash).
    #[inline(always)]
    fn put(&mut self, sq: Square, height: u8, colors: u64) {
        let bit = 1u64 << sq;
        self.controlled[0] &= !bit;
        self.controlled[1] &= !bit;
        self.pure[0] &= !bit;
        self.pure[1] &= !bit;
        if height > 0 {
            self.controlled[top_owner(height, colors) as usize] |= bit;
            let owner = pure_owner(height, colors);
            if owner != NOBODY {
                self.pure[owner] |= bit;
            }
        }
        self.heights[sq] = height;
        self.colors[sq] = colors;
    }

    /// The squares of `player`'s kings: his pure stacks as tall as his king height.
    pub(super) fn kings(&self, player: Player) -> u64 {
        let height = self.king_height[player as usize];
        let mut squares = self.pure[player as usize];
        let mut kings = 0;
        while squares != 0 {
            let sq = squares.trailing_zeros() as Square;
            squares &= squares - 1;
            if self.heights[sq] == height {
                kings |= 1 << sq;
            }
        }
        kings
    }

    /// The height of `player`'s tallest pure stack, or 0.
    fn tallest_pure(&self, player: usize) -> u8 {
        let mut squares = self.pure[player];
        let mut tallest = 0;
        while squares != 0 {
            tallest = tallest.max(self.heights[squares.trailing_zeros() as usize]);
            squares &= squares - 1;
        }
        tallest
    }

    /// What the last move changed (for a network's sums); `None` where the turn was handed
    /// over without a move.
    pub(super) fn last_move_change(&self) -> Option<MoveChange> {
        let undo = self.undo.last()?;
        let mv = undo.mv?;
        let from = mv.from();
        let mut change = MoveChange {
            kings_before: undo.king_height,
            squares: [(0, 0, 0); 8],
            count: undo.count as usize,
        };
        change.squares[0] = (from, undo.heights[0], undo.origin_colors);
        let line = &LINES[from][mv.direction()];
        for (i, &old_height) in undo.heights[1..change.count].iter().enumerate() {
            let sq = line.squares[i] as Square;
            change.squares[i + 1] = (sq, old_height, self.colors[sq] & low_bits(old_height));
        }
        Some(change)
    }

    /// Sets one square a move changes: records it for `unmake` and notes what happened to
    /// kings (R9); the caller hashes the checkers it moves.
    #[inline(always)]
    fn change(
        &mut self,
        sq: Square,
        height: u8,
        colors: u64,
        undo: &mut Undo,
        kings: &mut KingWatch,
    ) {
        let (old_height, old_colors) = self.stack(sq);
        undo.heights[undo.count as usize] = old_height;
        undo.count += 1;
        let old_owner = pure_owner(old_height, old_colors);
        if old_owner != NOBODY && old_height == undo.king_height[old_owner] {
            kings.king_changed[old_owner] = true;
            kings.captured[old_owner] |=
                height > 0 && top_owner(height, colors) as usize != old_owner;
        }
        let owner = pure_owner(height, colors);
        if owner != NOBODY && height > kings.tallest_new[owner] {
            kings.tallest_new[owner] = height;
        }
        self.put(sq, height, colors);
    }
}

/// The rulebook's start position (P3): stacks of 4, 3, 2, 2, 1 by distance from each home corner.
pub fn start_stacks() -> [(u8, u64); 64] {
    const HEIGHT_BY_DISTANCE: [u8; 5] = [4, 3, 2, 2, 1];
    let mut stacks = [(0u8, 0u64); 64];
    for (sq, stack) in stacks.iter_mut().enumerate() {
        let (f, r) = (sq % 8, sq / 8);
        let (near_p1, near_p2) = (f + r, (7 - f) + (7 - r));
        if near_p1 <= 4 {
            *stack = (HEIGHT_BY_DISTANCE[near_p1], 0);
        } else if near_p2 <= 4 {
            let height = HEIGHT_BY_DISTANCE[near_p2];
            *stack = (height, (1u64 << height) - 1);
        }
    }
    stacks
}

impl Rules for TumblingDown {
    type Move = TdMove;
    const NAME: &'static str = "tumbling-down";
    const MOVE_INDEX_SPACE: usize = 1024;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(TumblingDown::from_parts(&start_stacks(), 0, 0))
    }

    fn turn(&self) -> Turn {
        two_player::turn(self.outcome, self.side)
    }

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Why the game is over, once it is: a king fell, the third repetition, or the ply limit.
    fn end_reason(&self) -> Option<String> {
        Some(match self.outcome? {
            Outcome::Win(winner) => format!("p{}'s king fell", 2 - winner),
            _ if self.history.occurred(3) => "the position came for the third time".to_string(),
            _ => format!("ply {PLY_LIMIT} was reached"),
        })
    }

    /// The full hash: board, side to move and ply counter.
    fn hash(&self) -> u64 {
        self.board_hash ^ ply_key(self.ply)
    }

    /// The hash computed from scratch (for checking the incremental one).
    fn hash_from_scratch(&self) -> u64 {
        let squares = (0..64).fold(0, |h, sq| {
            h ^ stack_key(sq, self.heights[sq], self.colors[sq])
        });
        squares ^ side_key(self.side) ^ ply_key(self.ply)
    }

    /// Whether the current position occurred earlier in the history.
    fn repeats_earlier(&self) -> bool {
        self.history.occurred(2)
    }

    /// Every legal move: for each controlled stack and on-board direction a step,
    /// and a tumble too when the stack has two or more checkers (T6).
    fn generate(&self, moves: &mut Vec<TdMove>) {
        moves.clear();
        self.each_direction(self.side, |from, dir, tall| {
            moves.push(TdMove::new(from, dir, false));
            if tall {
                moves.push(TdMove::new(from, dir, true));
            }
        });
    }

    /// Plays a legal move and decides the game if it ends (R9-R11, E1-E4).
    fn make(&mut self, mv: TdMove) {
        let from = mv.from();
        let (height, colors) = self.stack(from);
        let mut undo = Undo {
            mv: Some(mv),
            heights: [0; 8],
            count: 0,
            origin_colors: colors,
            board_hash: self.board_hash,
            king_height: self.king_height,
            controlled: self.controlled,
            pure: self.pure,
        };
        let mut kings = KingWatch {
            captured: [false; 2],
            king_changed: [false; 2],
            tallest_new: self.king_height,
        };
        if !mv.is_tumble() {
            // R3: the top checker steps onto the neighbour.
            let to = neighbour(from, mv.direction());
            let top = (colors >> (height - 1)) & 1;
            let (to_height, to_colors) = self.stack(to);
            self.board_hash ^=
                checkers_key(from, height - 1, top, 1) ^ checkers_key(to, to_height, top, 1);
            self.change(
                from,
                height - 1,
                colors & low_bits(height - 1),
                &mut undo,
                &mut kings,
            );
            self.change(
                to,
                to_height + 1,
                to_colors | (top << to_height),
                &mut undo,
                &mut kings,
            );
        } else {
            // R4: checker i lands on the i-th square of the line; the rest pile on its last square.
            self.board_hash ^= stack_key(from, height, colors);
            self.change(from, 0, 0, &mut undo, &mut kings);
            for (i, sq, dropped) in LINES[from][mv.direction()].drops(height) {
                let (h, c) = self.stack(sq);
                let bits = (colors >> i) & low_bits(dropped);
                self.board_hash ^= checkers_key(sq, h, bits, dropped);
                self.change(sq, h + dropped, c | (bits << h), &mut undo, &mut kings);
            }
        }
        let old_kings = undo.king_height;
        self.undo.push(undo);
        let mut falls = [false; 2];
        for p in 0..2 {
            self.king_height[p] = if kings.king_changed[p] {
                self.tallest_pure(p)
            } else {
                kings.tallest_new[p]
            };
            falls[p] = (kings.captured[p] && self.king_height[p] <= old_kings[p])
                || self.king_height[p] == 0;
        }
        let mover = self.side;
        let opponent = 1 - mover;
        self.side = opponent;
        self.ply += 1;
        self.board_hash ^= SIDE_KEY;
        self.history.push(self.board_hash);
        self.outcome = if falls[opponent as usize] {
            Some(Outcome::Win(mover))
        } else if falls[mover as usize] {
            Some(Outcome::Win(opponent))
        } else if self.ply >= PLY_LIMIT || self.history.occurred(3) {
            Some(Outcome::Draw)
        } else {
            None
        };
    }

    /// Takes back the last move.
    fn unmake(&mut self) {
        let undo = self.undo.pop().expect("unmake without a move");
        self.history.pop();
        if let Some(mv) = undo.mv {
            let from = mv.from();
            self.heights[from] = undo.heights[0];
            self.colors[from] = undo.origin_colors;
            let line = &LINES[from][mv.direction()];
            for (i, &old_height) in undo.heights[1..undo.count as usize].iter().enumerate() {
                let sq = line.squares[i] as Square;
                self.heights[sq] = old_height;
                self.colors[sq] &= low_bits(old_height);
            }
        }
        self.controlled = undo.controlled;
        self.pure = undo.pure;
        self.board_hash = undo.board_hash;
        self.king_height = undo.king_height;
        self.side = 1 - self.side;
        self.ply -= 1;
        self.outcome = None;
    }

    /// Hands the turn to the other player without a move (for the search's null move; no
    /// rule allows it), counting a ply; `unmake` takes it back. Refused in a finished game.
    fn hand_turn_to(&mut self, player: Player) -> bool {
        if self.outcome.is_some() || player == self.side || player > 1 {
            return false;
        }
        self.undo.push(Undo {
            mv: None,
            heights: [0; 8],
            count: 0,
            origin_colors: 0,
            board_hash: self.board_hash,
            king_height: self.king_height,
            controlled: self.controlled,
            pure: self.pure,
        });
        self.side = player;
        self.ply += 1;
        self.board_hash ^= SIDE_KEY;
        self.history.push(self.board_hash);
        if self.ply >= PLY_LIMIT || self.history.occurred(3) {
            self.outcome = Some(Outcome::Draw);
        }
        true
    }

    fn move_code(mv: TdMove) -> u32 {
        mv.bits() as u32
    }

    fn move_index(mv: TdMove) -> usize {
        mv.bits() as usize
    }
}
