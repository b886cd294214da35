//! Static evaluation: the mover's choices, the dead tiles he can send the chit to (which knock out
//! the next player), and who is next to move from where.

use super::board::Cell;
use super::position::Dwindle;
use crate::game::Player;

const OUT: i32 = -1000;
const CHOICE: i32 = 6;
/// The mover can send the chit to a dead tile: the next player would be knocked out.
const KNOCKOUT_THREAT: i32 = 200;
/// Tiles around the chit with moves of their own: room to keep playing.
const LIVE_DESTINATION: i32 = 4;

impl Dwindle {
    /// The position's value for `player`: his prospects minus the average of the others still in.
    pub(super) fn evaluate(&self, player: Player) -> i32 {
        let (mut others, mut count) = (0, 0);
        for p in
            (0..self.players as Player).filter(|&p| p != player && self.state.active >> p & 1 == 1)
        {
            others += self.prospects(p);
            count += 1;
        }
        self.prospects(player) - if count == 0 { 0 } else { others / count }
    }

    fn prospects(&self, player: Player) -> i32 {
        let s = &self.state;
        if s.active >> player & 1 == 0 {
            return OUT;
        }
        let (Some(mover), Some(chit)) = (s.to_move, s.chit) else {
            return 0;
        };
        let (mut live, mut dead) = (0, 0);
        for destination in self.destinations(chit as Cell) {
            if self.is_dead(destination) {
                dead += 1;
            } else {
                live += 1;
            }
        }
        let threat = if dead > 0 { KNOCKOUT_THREAT } else { 0 };
        if player == mover {
            CHOICE * (live + dead) + LIVE_DESTINATION * live + threat
        } else if player == self.next_active(mover) {
            -threat
        } else {
            0
        }
    }
}
