//! Tumbling Down's move generation over the position: methods that the position's `Rules::generate`
//! calls (the position imports nothing from here, so the two files make no loop).

use super::board::{DIRECTION_MASKS, LINES, RAYS, Square, neighbour};
use super::moves::*;
use super::position::TumblingDown;
use crate::game::{Player, Rules};

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
