//! Moves, their tokens and their generation.

use super::board::{
    DIRECTION_MASKS, DIRECTIONS, LINES, RAYS, Square, neighbour, parse_square, square_name,
};
use super::position::TumblingDown;
use crate::game::{Player, Rules};

/// A step or tumble: origin square, direction and kind, packed in 10 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TdMove(u16);

impl TdMove {
    /// A step (one checker) or tumble (the whole stack) from `from` in direction `dir`.
    pub fn new(from: Square, dir: usize, tumble: bool) -> Self {
        TdMove(from as u16 | (dir as u16) << 6 | (tumble as u16) << 9)
    }

    /// The origin square.
    #[inline]
    pub fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The direction index (see [`DIRECTIONS`]).
    #[inline]
    pub fn direction(self) -> usize {
        ((self.0 >> 6) & 7) as usize
    }

    /// Whether the whole stack tumbles.
    #[inline]
    pub fn is_tumble(self) -> bool {
        self.0 & (1 << 9) != 0
    }

    /// The packed form (below 1024).
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The token: `<from><to>` for a step, with `t` appended for a tumble.
    pub fn token(self) -> String {
        let to = neighbour(self.from(), self.direction());
        let suffix = if self.is_tumble() { "t" } else { "" };
        format!("{}{}{}", square_name(self.from()), square_name(to), suffix)
    }
}

/// Checks the token grammar `[a-h][1-8][a-h][1-8]t?` with adjacent, different squares.
pub fn check_syntax(token: &str) -> Result<(), String> {
    let bytes = token.as_bytes();
    let squares = match bytes {
        [a, b, c, d] | [a, b, c, d, b't'] => [*a, *b, *c, *d],
        _ => {
            return Err(format!(
                "malformed token '{token}': expected <from><to>[t], e.g. e1f2"
            ));
        }
    };
    let (Some(from), Some(to)) = (parse_square(&squares[..2]), parse_square(&squares[2..])) else {
        return Err(format!("malformed token '{token}': squares run a1..h8"));
    };
    let (df, dr) = (
        (to % 8) as i32 - (from % 8) as i32,
        (to / 8) as i32 - (from / 8) as i32,
    );
    if !DIRECTIONS.contains(&(df, dr)) {
        return Err(format!(
            "malformed token '{token}': the squares must be neighbours"
        ));
    }
    Ok(())
}

impl TumblingDown {
    /// Calls `visit(from, dir, tall)` for each stack `player` controls and each direction off
    /// it that stays on the board, in the order moves are listed; `tall` when the stack has two
    /// or more checkers, so that it may tumble (T6). Nothing once the game is over.
    #[inline(always)]
    pub(super) fn each_direction(
        &self,
        player: Player,
        mut visit: impl FnMut(Square, usize, bool),
    ) {
        if self.outcome().is_some() {
            return;
        }
        let mut stacks = self.controlled[player as usize];
        while stacks != 0 {
            let from = stacks.trailing_zeros() as Square;
            stacks &= stacks - 1;
            let tall = self.heights[from] >= 2;
            let mut dirs = DIRECTION_MASKS[from];
            while dirs != 0 {
                let dir = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                visit(from, dir, tall);
            }
        }
    }

    /// The moves that land on one of the opponent's kings, in [`TumblingDown::generate`]'s
    /// order, found without generating the others: only directions whose line holds one of
    /// his kings are looked at.
    pub(super) fn generate_king_landings(&self, moves: &mut Vec<TdMove>) {
        moves.clear();
        self.each_king_landing(self.side, |mv| moves.push(mv));
    }

    /// Whether `player` has a move that would land on one of the other player's kings, were
    /// it his turn: the threat the other must answer when it is his.
    pub(super) fn could_land_on_a_king(&self, player: Player) -> bool {
        let mut found = false;
        self.each_king_landing(player, |_| found = true);
        found
    }

    /// Calls `visit` with each move of `player`'s that lands on one of the other player's
    /// kings, in [`TumblingDown::generate`]'s order.
    #[inline(always)]
    fn each_king_landing(&self, player: Player, mut visit: impl FnMut(TdMove)) {
        let kings = self.kings(1 - player);
        self.each_direction(player, |from, dir, tall| {
            if RAYS[from][dir] & kings == 0 {
                return;
            }
            if kings >> neighbour(from, dir) & 1 != 0 {
                visit(TdMove::new(from, dir, false));
            }
            let tumble = TdMove::new(from, dir, true);
            if tall && self.lands_on_a_king_for(player, tumble) {
                visit(tumble);
            }
        });
    }

    /// Whether `mv` lands one of the mover's checkers on top of one of the opponent's kings
    /// (R9): the decisions quiescence searches.
    pub(super) fn lands_on_a_king(&self, mv: TdMove) -> bool {
        self.lands_on_a_king_for(self.side, mv)
    }

    /// Whether `mv`, played by `mover` (whose turn it need not be), lands one of his checkers
    /// on top of one of the other player's kings.
    fn lands_on_a_king_for(&self, mover: Player, mv: TdMove) -> bool {
        let theirs = self.controlled[1 - mover as usize];
        let is_their_king = |sq: Square| theirs >> sq & 1 != 0 && self.is_king(sq);
        let from = mv.from();
        if !mv.is_tumble() {
            return is_their_king(neighbour(from, mv.direction()));
        }
        let (height, colors) = self.stack(from);
        LINES[from][mv.direction()]
            .drops(height)
            .any(|(i, sq, dropped)| {
                let on_top = i + dropped as usize - 1;
                (colors >> on_top) & 1 == mover as u64 && is_their_king(sq)
            })
    }
}
