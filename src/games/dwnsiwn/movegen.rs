//! Dwnsiwn's move generation over the position: methods that the position's `Rules::generate`
//! calls (the position imports nothing from here, so the two files make no loop).

use super::moves::*;
use super::position::Dwnsiwn;

impl Dwnsiwn {
    /// Adds the mover's captures to `moves` (rule 21), by target, then by dice.
    pub(super) fn push_captures(&self, moves: &mut Vec<DnMove>) {
        let s = &self.state;
        let (mover, opponent) = (s.decider as usize, 1 - s.decider as usize);
        let own = &s.stock[mover][mover];
        for target in 2..=6u8 {
            if s.stock[opponent][opponent][target as usize] > 0 {
                capture_sets(own, target, 1, 0, 0, &mut |dice| {
                    moves.push(DnMove::Capture { target, dice })
                });
            }
        }
    }
}

/// Calls `found` with every multiset (packed counts) of at least two own dice of value `from`..=5
/// (within `own`) that adds up to `left`; `used` dice are already chosen.
fn capture_sets(
    own: &[u8; 7],
    left: u8,
    from: usize,
    dice: u16,
    used: u8,
    found: &mut impl FnMut(u16),
) {
    if left == 0 {
        if used >= 2 {
            found(dice);
        }
        return;
    }
    for value in from..=5.min(left as usize) {
        let mut dice = dice;
        for count in 1..=own[value].min(left / value as u8) {
            dice += 1 << (3 * (value - 1));
            capture_sets(
                own,
                left - count * value as u8,
                value + 1,
                dice,
                used + count,
                found,
            );
        }
    }
}
