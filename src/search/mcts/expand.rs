//! How a node's edges are made, and what the evaluation says of them.
//!
//! A plain node's edges know nothing but their moves (uniform priors). A guided node
//! evaluates the position after each of its moves once, when it is added: the result is the
//! edge's value (a share of the game, as [`Perspective`] keeps it), the moves' priors come from how
//! those values compare for the mover (corrected by the net's policy head where it has one),
//! and a move that ends the game is proven at once.

use super::edges::Edge;
use super::playout::{WIN, evaluation_rewards};
use super::solver::Proof;
use crate::game::profile::Profile;
use crate::game::{Game, Player, Turn};
use crate::net::sibling_sums::SiblingSums;
use crate::net::{Evaluator, policy};
use crate::search::score::share_of_score;

/// The share of the priors spread evenly over every move, so that the exploration reaches
/// every move in time however badly the evaluation thinks of it (which proofs need).
const PRIOR_FLOOR: f32 = 0.1;
/// The shares the priors tell apart: a share nearer 0 or 1 than this counts as this.
const SHARE_BOUND: f32 = 1e-4;
/// The odds at [`SHARE_BOUND`].
const SHARE_ODDS_BOUND: f32 = (1.0 - SHARE_BOUND) / SHARE_BOUND;

/// Whose share an edge's value is: player 0's with two players (so that a value means the same
/// wherever it is read, whoever moves), else the mover's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perspective {
    players: usize,
}

impl Perspective {
    /// The convention of a game of `players` players.
    pub fn new(players: usize) -> Self {
        Perspective { players }
    }

    /// Whether values back up as minimax (two players; with more, a value is the mover's alone).
    pub fn backs_up(self) -> bool {
        self.players == 2
    }

    /// A stored value as `player` sees it (with more than two players, `player` must be the
    /// edge's mover). The mapping is its own inverse: it also turns `player`'s share into the
    /// value to store.
    pub fn seen_by(self, stored: f32, player: Player) -> f32 {
        if self.players == 2 && player == 1 {
            1.0 - stored
        } else {
            stored
        }
    }

    /// The value of a node from its edges' values: the best for the mover, or the mean by
    /// weight (the priors) at a chance node. `None` while an edge has no value.
    pub fn of_node<M>(self, turn: Turn, edges: &[Edge<M>]) -> Option<f32> {
        self.of_values(turn, edges.iter().map(|e| (e.value(), e.prior)))
    }

    /// [`Perspective::of_node`] from each edge's value and prior.
    pub fn of_values(
        self,
        turn: Turn,
        mut edges: impl Iterator<Item = (Option<f32>, f32)>,
    ) -> Option<f32> {
        match turn {
            Turn::Player(player) => edges
                .try_fold(None, |best: Option<f32>, (v, _)| {
                    let v = v?;
                    Some(Some(match best {
                        Some(b) if self.seen_by(b, player) >= self.seen_by(v, player) => b,
                        _ => v,
                    }))
                })
                .flatten(),
            Turn::Chance => edges
                .map(|(v, prior)| Some(v? * prior))
                .sum::<Option<f32>>(),
            Turn::Over => None,
        }
    }
}

/// A node's edges: bare moves with uniform priors (chance outcomes: by weight).
pub fn plain_edges<G: Game>(pos: &G, moves: &mut Vec<G::Move>) -> Vec<Edge<G::Move>> {
    pos.generate(moves);
    let priors = chance_priors(pos, moves);
    moves
        .iter()
        .zip(priors)
        .map(|(&mv, prior)| Edge::new(mv, prior, None))
        .collect()
}

/// What the evaluation says of one move: the mover's share after it, its score for the
/// priors (their logit without a policy head: the share's log odds over the priors'
/// temperature) and, for a move that ends the game, its proof.
#[derive(Clone, Copy, Debug)]
pub struct MoveValue {
    /// The mover's share of the game after the move.
    pub share: f32,
    /// The move's prior score.
    pub score: f32,
    /// The result the move ends the game with, if it does (and does not repeat).
    pub proof: Option<Proof>,
}

/// `evaluator`'s [`MoveValue`] of each of `moves` (the legal moves of `pos`, where a player
/// decides), each position after a move evaluated once (a net's sums made from `pos`'s, see
/// [`SiblingSums`]).
pub fn move_values<G: Game>(
    pos: &mut G,
    moves: &[G::Move],
    profile: &Profile,
    evaluator: Evaluator,
) -> Vec<MoveValue> {
    let mut siblings = sibling_sums(pos, evaluator);
    values_from(pos, moves, profile, evaluator, siblings.as_mut())
}

/// The sums a net makes the values of `pos`'s children from: where a player decides between
/// two.
fn sibling_sums<G: Game>(pos: &G, evaluator: Evaluator) -> Option<SiblingSums> {
    match (evaluator, pos.turn()) {
        (Evaluator::Net(net), Turn::Player(player)) if pos.players() == 2 => {
            Some(SiblingSums::new(net, pos, player))
        }
        _ => None,
    }
}

/// [`move_values`], the children's values made from `siblings` where given.
fn values_from<G: Game>(
    pos: &mut G,
    moves: &[G::Move],
    profile: &Profile,
    evaluator: Evaluator,
    mut siblings: Option<&mut SiblingSums>,
) -> Vec<MoveValue> {
    let mover = match pos.turn() {
        Turn::Player(p) => p,
        _ => 0,
    };
    let decade = profile.evaluation_decade as f32;
    let temperature = profile.mcts_prior_temperature as f32;
    moves
        .iter()
        .map(|&mv| {
            pos.make(mv);
            let value = match pos.outcome() {
                Some(outcome) => {
                    let share = outcome.half_points(mover, pos.players()) as f32 / 2.0;
                    let proof = (!pos.repeats_earlier()).then_some(Proof { outcome, plies: 0 });
                    MoveValue {
                        share,
                        score: logit(share, decade, temperature),
                        proof,
                    }
                }
                None if pos.players() == 2 => {
                    let cp = match siblings.as_deref_mut() {
                        Some(siblings) => siblings.evaluate_child(pos),
                        None => evaluator.evaluate(pos, mover),
                    };
                    let cp = cp.clamp(-4000, 4000) as f32;
                    MoveValue {
                        share: share_of_score(cp, decade),
                        score: prior_score(cp, decade, temperature),
                        proof: None,
                    }
                }
                None => {
                    let rewards = evaluation_rewards(pos, evaluator, f64::from(decade));
                    let share = rewards[mover as usize] as f32 / WIN as f32;
                    MoveValue {
                        share,
                        score: logit(share, decade, temperature),
                        proof: None,
                    }
                }
            };
            pos.unmake();
            value
        })
        .collect()
}

/// A node's edges with `evaluator`'s value of each move and priors from them, each move's
/// score raised by its logit from the net's policy head where it has one (chance outcomes:
/// by weight); moves that end the game get their result as value and proof.
pub fn guided_edges<G: Game>(
    pos: &mut G,
    moves: &mut Vec<G::Move>,
    profile: &Profile,
    evaluator: Evaluator,
) -> Vec<Edge<G::Move>> {
    pos.generate(moves);
    let convention = Perspective::new(pos.players());
    let turn = pos.turn();
    let mover = match turn {
        Turn::Player(p) => p,
        _ => 0,
    };
    let mut siblings = sibling_sums(pos, evaluator);
    let values = values_from(pos, moves, profile, evaluator, siblings.as_mut());
    let mut edges: Vec<Edge<G::Move>> = Vec::with_capacity(moves.len());
    for (&mv, value) in moves.iter().zip(&values) {
        let edge = Edge::new(mv, 0.0, Some(convention.seen_by(value.share, mover)));
        if let Some(proof) = value.proof {
            proof.store(&edge.proof);
        }
        edges.push(edge);
    }
    let mut scores: Vec<f32> = values.iter().map(|v| v.score).collect();
    let priors = match (turn, evaluator) {
        (Turn::Chance, _) => chance_priors(pos, moves),
        (Turn::Player(player), Evaluator::Net(net)) if net.has_policy() => {
            let mut logits = Vec::with_capacity(moves.len());
            match &siblings {
                Some(siblings) => {
                    policy::logits_of_sums::<G>(net, siblings.parent(), moves, &mut logits)
                }
                None => policy::logits(net, pos, player, moves, &mut logits),
            }
            scores.iter_mut().zip(&logits).for_each(|(s, l)| *s += l);
            softmax(&scores)
        }
        _ => softmax(&scores),
    };
    for (edge, prior) in edges.iter_mut().zip(priors) {
        edge.prior = prior;
    }
    edges
}

/// The rewards a guided leaf at `pos` backs up: its `value` (`Perspective::of_node`) as shares, or
/// `evaluator`'s shares (on the scale `decade`) where values do not back up (more than two
/// players).
pub fn leaf_rewards<G: Game>(
    pos: &G,
    value: Option<f32>,
    evaluator: Evaluator,
    decade: f64,
) -> super::playout::Rewards {
    match value {
        Some(v) if Perspective::new(pos.players()).backs_up() => {
            let mut rewards = [0; 6];
            rewards[0] = (v * WIN as f32).round() as u64;
            rewards[1] = WIN - rewards[0];
            rewards
        }
        _ => evaluation_rewards(pos, evaluator, decade),
    }
}

/// [`logit`] of [`share_of_score`]`(cp, decade)` without the round trip: `cp` over the priors'
/// `temperature`, within the same bounds.
fn prior_score(cp: f32, decade: f32, temperature: f32) -> f32 {
    let bound = decade * SHARE_ODDS_BOUND.log10();
    cp.clamp(-bound, bound) / temperature
}

/// The chance outcomes' weights as shares, or uniform shares at a player's node.
fn chance_priors<G: Game>(pos: &G, moves: &[G::Move]) -> Vec<f32> {
    if pos.turn() != Turn::Chance {
        return vec![1.0 / moves.len().max(1) as f32; moves.len()];
    }
    let weights: Vec<f32> = moves.iter().map(|&m| pos.chance_weight(m) as f32).collect();
    let total: f32 = weights.iter().sum::<f32>().max(f32::MIN_POSITIVE);
    weights.iter().map(|w| w / total).collect()
}

/// A share of the game as centipawns (on an evaluation scale of `decade`) over the priors'
/// `temperature`: the priors compare the moves' evaluations whatever the scale.
fn logit(share: f32, decade: f32, temperature: f32) -> f32 {
    let q = share.clamp(SHARE_BOUND, 1.0 - SHARE_BOUND);
    decade * (q / (1.0 - q)).log10() / temperature
}

/// Shares proportional to `exp(score)`, mixed with even shares by [`PRIOR_FLOOR`].
fn softmax(scores: &[f32]) -> Vec<f32> {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let weights: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f32 = weights.iter().sum();
    let even = PRIOR_FLOOR / scores.len() as f32;
    weights
        .iter()
        .map(|w| (1.0 - PRIOR_FLOOR) * w / total + even)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Profiled;

    #[test]
    fn priors_fall_by_e_per_temperature() {
        let priors = softmax(&[0.0, -1.0, -1.0]);
        let even = PRIOR_FLOOR / 3.0;
        let ratio = (priors[0] - even) / (priors[1] - even);
        assert!((ratio - std::f32::consts::E).abs() < 1e-4);
        assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!((logit(0.5, 400.0, 120.0)).abs() < 1e-6);
        assert!((logit(10.0 / 11.0, 400.0, 120.0) - 400.0 / 120.0).abs() < 1e-3);
        assert!((logit(1.0 / 11.0, 892.0, 60.0) + 892.0 / 60.0).abs() < 1e-2);
        for cp in [-4000.0, -2000.0, -150.0, 0.0, 37.0, 900.0, 4000.0] {
            for (decade, temperature) in [(400.0, 120.0), (892.0, 120.0), (400.0, 60.0)] {
                let round_trip = logit(share_of_score(cp, decade), decade, temperature);
                assert!(
                    (prior_score(cp, decade, temperature) - round_trip).abs() < 2e-3,
                    "{cp} {decade} {temperature}"
                );
            }
        }
    }

    #[test]
    fn two_player_values_are_player_zeros_share() {
        let convention = Perspective::new(2);
        assert_eq!(convention.seen_by(0.75, 0), 0.75);
        assert_eq!(convention.seen_by(0.75, 1), 0.25);
        let edges = [
            Edge::new(0u8, 0.5, Some(0.25)),
            Edge::new(1, 0.5, Some(0.75)),
        ];
        assert_eq!(convention.of_node(Turn::Player(0), &edges), Some(0.75));
        assert_eq!(convention.of_node(Turn::Player(1), &edges), Some(0.25));
        assert_eq!(convention.of_node(Turn::Chance, &edges), Some(0.5));
        let unvalued = [Edge::new(0u8, 1.0, None)];
        assert_eq!(convention.of_node(Turn::Player(0), &unvalued), None);
    }

    /// Each edge's value is the evaluation after its move read on the game's own scale, so a
    /// game with a wider decade (Tumbling Down's fitted 892) gets milder shares; and the
    /// priors fall by `e` per the game's own temperature below the best move's.
    fn values_and_priors_follow_the_game<G: Game>() {
        let mut pos = G::startpos(&crate::game::GameConfig::default()).unwrap();
        let mut moves = Vec::new();
        let profile = G::PROFILE;
        let edges = guided_edges(&mut pos, &mut moves, &profile, Evaluator::Classic);
        let cps: Vec<f32> = edges
            .iter()
            .map(|edge| {
                pos.make(edge.mv);
                let cp = pos.evaluate(0) as f32;
                pos.unmake();
                cp
            })
            .collect();
        let best = (0..edges.len())
            .max_by(|&a, &b| cps[a].total_cmp(&cps[b]))
            .unwrap();
        let even = PRIOR_FLOOR / edges.len() as f32;
        let mut spread = 0.0f32;
        for (edge, &cp) in edges.iter().zip(&cps) {
            let expected = 1.0 / (1.0 + 10f32.powf(-cp / profile.evaluation_decade as f32));
            assert!(
                (edge.value().unwrap() - expected).abs() < 1e-5,
                "{}",
                G::NAME
            );
            spread = spread.max((expected - 0.5).abs());
            let fall = ((edge.prior - even) / (edges[best].prior - even)).ln();
            let expected_fall = (cp - cps[best]) / profile.mcts_prior_temperature as f32;
            assert!(
                (fall - expected_fall).abs() < 1e-2,
                "{}: prior {} for {cp} cp against the best's {} for {} cp",
                G::NAME,
                edge.prior,
                edges[best].prior,
                cps[best]
            );
        }
        assert!(
            spread > 0.01,
            "{}: the start's moves need unequal values",
            G::NAME
        );
    }

    #[test]
    fn guided_values_and_priors_are_read_on_each_game_s_scales() {
        use crate::games::{splinter::Splinter, tumbling_down::TumblingDown};
        assert_eq!(TumblingDown::PROFILE.evaluation_decade, 892);
        assert_eq!(Splinter::PROFILE.mcts_prior_temperature, 30);
        values_and_priors_follow_the_game::<TumblingDown>();
        values_and_priors_follow_the_game::<Splinter>();
    }
}
