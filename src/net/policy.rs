//! The policy head: for each legal move, a logit from the net's hidden layer (the same first
//! layer as the value, seen by the player to move), read at the move's output of `policy_indices`.
//! Where the net has a head, MCTS adds these logits to its moves' prior scores (one ply of
//! the value): the head is trained to correct those scores towards the searched moves.

use super::Network;
use super::file::{MAX_HIDDEN, PolicyWeights};
use super::forward::{self, Accumulator};
use crate::game::inputs::ActiveInputs;
use crate::game::{Inputs, Player};

/// Each of `moves`' logits (natural log odds, up to a constant) in `pos` for `player`, into
/// `out`; none (and `out` empty) when the net has no policy head.
pub fn logits<G: Inputs>(
    net: &Network,
    pos: &G,
    player: Player,
    moves: &[G::Move],
    out: &mut Vec<f32>,
) {
    out.clear();
    if net.weights.policy.is_none() {
        return;
    }
    let mut active = ActiveInputs::default();
    pos.active_inputs(player, &mut active);
    let mut sums = Accumulator::default();
    forward::refresh(&net.shape, &net.weights, active.as_slice(), &mut sums.0);
    logits_of_sums::<G>(net, &sums.0, moves, out);
}

/// [`logits`] from the first layer's sums of the position seen by the player (their first
/// `hidden`), made elsewhere (see `sibling_sums`); `moves` are the position's legal moves.
pub fn logits_of_sums<G: Inputs>(
    net: &Network,
    sums: &[i16],
    moves: &[G::Move],
    out: &mut Vec<f32>,
) {
    out.clear();
    let Some(policy) = &net.weights.policy else {
        return;
    };
    let qa = net.shape.qa as i32;
    let mut clipped = [0i32; MAX_HIDDEN];
    let hidden = &mut clipped[..net.shape.hidden];
    for (h, &s) in hidden.iter_mut().zip(sums) {
        *h = i32::from(s).clamp(0, qa);
    }
    let scale = 1.0 / (net.shape.qa as f32 * policy.qp as f32);
    let mut indices = Vec::with_capacity(moves.len());
    G::policy_indices(moves, &mut indices);
    out.extend(
        indices
            .iter()
            .map(|&index| output(policy, hidden, index % policy.moves) as f32 * scale),
    );
}

/// Output `index` of the head over the clipped hidden layer (0 to QA per unit), in QA x QP.
pub fn output(policy: &PolicyWeights, hidden: &[i32], index: usize) -> i32 {
    let row = &policy.weights[index * hidden.len()..(index + 1) * hidden.len()];
    let dot: i32 = row
        .iter()
        .zip(hidden)
        .map(|(&w, &h)| i32::from(w) * h)
        .sum();
    dot + policy.biases[index]
}
