//! MCTS-Solver: game results proven in the tree, and how they settle a node.
//!
//! A proof is the result of perfect play from a position (as its players see it: each
//! maximizes his own score, like max^n) and the plies until the game ends that way.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::game::{Outcome, Player, Turn};

/// A proven result: the outcome and the plies to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// How the game ends under perfect play.
    pub outcome: Outcome,
    /// Plies until it ends.
    pub plies: u32,
}

const DRAW_CODE: u32 = 7;

impl Proof {
    /// Packs the proof into a nonzero word (0 means "not proven").
    pub fn encode(self) -> u32 {
        let code = match self.outcome {
            Outcome::Win(p) => p as u32 + 1,
            Outcome::Draw => DRAW_CODE,
        };
        code << 16 | self.plies.min(0xffff)
    }

    /// Unpacks a word written by [`Proof::encode`]; `None` for 0.
    pub fn decode(word: u32) -> Option<Proof> {
        let outcome = match word >> 16 {
            0 => return None,
            DRAW_CODE => Outcome::Draw,
            code => Outcome::Win(code as Player - 1),
        };
        Some(Proof {
            outcome,
            plies: word & 0xffff,
        })
    }

    /// Reads a proof slot.
    pub fn load(slot: &AtomicU32) -> Option<Proof> {
        Proof::decode(slot.load(Relaxed))
    }

    /// Writes a proof slot.
    pub fn store(self, slot: &AtomicU32) {
        slot.store(self.encode(), Relaxed);
    }

    /// The same result one ply earlier.
    fn one_ply_earlier(self) -> Proof {
        Proof {
            outcome: self.outcome,
            plies: self.plies + 1,
        }
    }
}

/// Whether the proven results of a node's children (`None` where unproven) prove the node, and how.
///
/// A player's node is proven as soon as one child wins for him (the quickest such win),
/// or once every child is proven (the best for him; the longest of equal losses, the
/// quickest of other equal results). A chance node is proven once every outcome is proven
/// with the same result (the latest end).
pub fn settle(
    turn: Turn,
    players: usize,
    children: impl Iterator<Item = Option<Proof>>,
) -> Option<Proof> {
    let mut best: Option<Proof> = None;
    let mut all_proven = true;
    match turn {
        Turn::Player(player) => {
            for child in children {
                let Some(child) = child else {
                    all_proven = false;
                    continue;
                };
                if best.is_none_or(|b| better_for(player, players, child, b)) {
                    best = Some(child);
                }
            }
            let wins = best.is_some_and(|b| b.outcome == Outcome::Win(player));
            (wins || all_proven).then(|| best.map(Proof::one_ply_earlier))?
        }
        Turn::Chance => {
            for child in children {
                match (child, best) {
                    (None, _) => return None,
                    (Some(c), Some(b)) if c.outcome != b.outcome => return None,
                    (Some(c), Some(b)) if c.plies <= b.plies => {}
                    (Some(c), _) => best = Some(c),
                }
            }
            best.map(Proof::one_ply_earlier)
        }
        Turn::Over => None,
    }
}

/// Whether `player` prefers result `a` to result `b`.
fn better_for(player: Player, players: usize, a: Proof, b: Proof) -> bool {
    let (va, vb) = (
        a.outcome.half_points(player, players),
        b.outcome.half_points(player, players),
    );
    if va != vb {
        return va > vb;
    }
    if va == 0 {
        a.plies > b.plies
    } else {
        a.plies < b.plies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(p: Player, plies: u32) -> Option<Proof> {
        Some(Proof {
            outcome: Outcome::Win(p),
            plies,
        })
    }

    #[test]
    fn proofs_round_trip_through_their_code() {
        for proof in [
            win(0, 0),
            win(5, 300),
            Some(Proof {
                outcome: Outcome::Draw,
                plies: 7,
            }),
        ] {
            assert_eq!(Proof::decode(proof.unwrap().encode()), proof);
        }
        assert_eq!(Proof::decode(0), None);
    }

    #[test]
    fn one_winning_child_proves_a_player_node() {
        let children = [None, win(1, 4), win(1, 2), win(0, 1)];
        assert_eq!(settle(Turn::Player(1), 2, children.into_iter()), win(1, 3));
        assert_eq!(settle(Turn::Player(0), 2, children.into_iter()), win(0, 2));
        assert_eq!(
            settle(Turn::Player(0), 2, children[..3].iter().copied()),
            None
        );
    }

    #[test]
    fn a_lost_node_resists_longest_and_prefers_a_draw() {
        let draw = Some(Proof {
            outcome: Outcome::Draw,
            plies: 1,
        });
        assert_eq!(
            settle(Turn::Player(0), 2, [win(1, 2), win(1, 6)].into_iter()),
            win(1, 7)
        );
        assert_eq!(
            settle(Turn::Player(0), 2, [win(1, 2), draw].into_iter()),
            Some(Proof {
                outcome: Outcome::Draw,
                plies: 2
            })
        );
    }

    #[test]
    fn a_chance_node_needs_every_outcome_alike() {
        assert_eq!(
            settle(Turn::Chance, 2, [win(0, 1), win(0, 3)].into_iter()),
            win(0, 4)
        );
        assert_eq!(
            settle(Turn::Chance, 2, [win(0, 1), win(1, 3)].into_iter()),
            None
        );
        assert_eq!(settle(Turn::Chance, 2, [win(0, 1), None].into_iter()), None);
    }
}
