//! The first layer's sums of one position's children, for a search that evaluates the position
//! after each move of a node (MCTS's new nodes): the parent's sums are made once, and each
//! child's from them by the rows of the features its move changed (the game tells them,
//! [`Inputs::last_change`]), instead of listing and comparing every input of every child.
//! A child whose change the game does not tell is evaluated as [`Network::evaluate`] does. The
//! values are the same either way (the sums' arithmetic wraps, so their order does not
//! matter).

use super::forward::{self, Accumulator};
use super::{Network, kept_sums, within_bound};
use crate::game::inputs::{ActiveInputs, FeatureChange, MAX_CHANGE, inputs_of};
use crate::game::{Evaluation, Inputs, Player};

/// One position's sums seen by one player, and room for a child's.
pub struct SiblingSums {
    net: &'static Network,
    player: Player,
    parent: Accumulator,
    child: Accumulator,
    change: FeatureChange,
}

impl SiblingSums {
    /// The sums of `pos` (where a player is to move) seen by `player`, from which its
    /// children's values for `player` are made.
    pub fn new<G: Inputs>(net: &'static Network, pos: &G, player: Player) -> Self {
        let mut active = ActiveInputs::default();
        pos.active_inputs(player, &mut active);
        let mut parent = Accumulator::default();
        kept_sums::sums(
            net,
            player,
            active.as_slice(),
            &mut parent.0[..net.shape.hidden],
        );
        SiblingSums {
            net,
            player,
            parent,
            child: Accumulator::default(),
            change: FeatureChange::default(),
        }
    }

    /// The parent's sums (the first `hidden`), as `policy` reads them.
    pub fn parent(&self) -> &[i16] {
        &self.parent.0[..self.net.shape.hidden]
    }

    /// The net's value for the player of [`SiblingSums::new`] of `child`, the parent with one
    /// move just made, in centipawns held within the game's bound: what
    /// [`super::Evaluator::evaluate`] gives.
    pub fn evaluate_child<G: Evaluation + Inputs>(&mut self, child: &G) -> i32 {
        let (net, player) = (self.net, self.player);
        let told = child.last_change(&mut self.change);
        let Some((off, on)) = self.change.told().filter(|_| told) else {
            return within_bound(child, net.evaluate(child, player));
        };
        let (mut added, mut removed) = ([0u16; MAX_CHANGE], [0u16; MAX_CHANGE]);
        let adds = inputs_of(child, player, on, &mut added);
        let removes = inputs_of(child, player, off, &mut removed);
        let (shape, weights) = (&net.shape, &net.weights);
        forward::update_into(
            shape,
            weights,
            &added[..adds],
            &removed[..removes],
            &self.parent.0,
            &mut self.child.0,
        );
        let output = forward::output_of(shape, weights, &self.child.0);
        within_bound(child, net.centipawns(output))
    }
}
