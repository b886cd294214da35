//! Static evaluation: each player's prospects (the mover's choices, the dead tiles he can send
//! the chit to, which knock out the next player, and whether a player is out), and a player's
//! value is his prospects minus the average of the others still in. The weights are data
//! (`weights.txt`, fitted by `tools/tune`).

use super::board::Cell;
use super::position::Dwindle;
use crate::game::{Evaluation, Player, weights};

/// The terms of a player's prospects, in the order of [`WEIGHTS`]: whether he is out; as the
/// mover, his destinations and those of them with moves of their own; and the threat of a
/// dead destination (1 for the mover, who can knock out the next player, -1 for that next
/// player).
pub(super) const TERMS: [&str; 4] = ["out", "choice", "live_destination", "knockout_threat"];
/// The weights of [`TERMS`].
pub(super) const WEIGHTS: [i32; 4] = weights::parse(include_str!("weights.txt"), TERMS);

/// Who decides and what the chit's tile offers him (none while the chit is free).
struct Outlook {
    mover: Player,
    next: Player,
    live: i32,
    dead: i32,
}

impl Dwindle {
    /// The terms of [`TERMS`] for `player`: his own minus the average of the others still in.
    /// [`Dwindle::evaluate`] is their dot product with [`WEIGHTS`], rounded toward zero in the
    /// average.
    pub(super) fn terms(&self, player: Player) -> Vec<f64> {
        let outlook = self.outlook();
        let mut terms: Vec<f64> = self
            .prospect_terms(player, outlook.as_ref())
            .map(f64::from)
            .to_vec();
        let others: Vec<[i32; 4]> = self
            .others_in(player)
            .map(|p| self.prospect_terms(p, outlook.as_ref()))
            .collect();
        for (i, term) in terms.iter_mut().enumerate() {
            let sum: i32 = others.iter().map(|t| t[i]).sum();
            *term -= f64::from(sum) / others.len().max(1) as f64;
        }
        terms
    }

    /// The players still in other than `player`.
    fn others_in(&self, player: Player) -> impl Iterator<Item = Player> + '_ {
        (0..self.players as Player).filter(move |&p| p != player && self.is_in(p))
    }

    fn outlook(&self) -> Option<Outlook> {
        let (Some(mover), Some(chit)) = (self.state.to_move, self.state.chit) else {
            return None;
        };
        let (mut live, mut dead) = (0, 0);
        for destination in self.destinations(chit as Cell) {
            if self.is_dead(destination) {
                dead += 1;
            } else {
                live += 1;
            }
        }
        let next = self.next_active(mover);
        Some(Outlook {
            mover,
            next,
            live,
            dead,
        })
    }

    /// The terms of `player`'s prospects.
    fn prospect_terms(&self, player: Player, outlook: Option<&Outlook>) -> [i32; 4] {
        if !self.is_in(player) {
            return [1, 0, 0, 0];
        }
        let Some(o) = outlook else {
            return [0; 4];
        };
        let threat = (o.dead > 0) as i32;
        if player == o.mover {
            [0, o.live + o.dead, o.live, threat]
        } else if player == o.next {
            [0, 0, 0, -threat]
        } else {
            [0; 4]
        }
    }
}

impl Evaluation for Dwindle {
    /// The position's value for `player`: his prospects minus the average of the others still in.
    fn evaluate(&self, player: Player) -> i32 {
        let outlook = self.outlook();
        let prospects = |p| weights::dot(&WEIGHTS, &self.prospect_terms(p, outlook.as_ref()));
        let (mut others, mut count) = (0, 0);
        for p in self.others_in(player) {
            others += prospects(p);
            count += 1;
        }
        prospects(player) - if count == 0 { 0 } else { others / count }
    }

    const EVAL_TERMS: &'static [&'static str] = &TERMS;
    const EVAL_WEIGHTS: &'static [i32] = &WEIGHTS;

    fn eval_terms(&self, player: Player) -> Vec<f64> {
        self.terms(player)
    }
}
