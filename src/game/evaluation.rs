//! What a game knows of its positions' worth: the static evaluation with its tunable terms,
//! and the hints about decisions that the search's refinements ask for.

use super::{Player, Rules};

/// A game's judgement of a position, and which decisions change it at once.
pub trait Evaluation: Rules {
    /// Static evaluation in centipawns from `player`'s point of view.
    fn evaluate(&self, player: Player) -> i32;

    /// The names of the evaluation's weighted terms, in the order of
    /// [`Evaluation::EVAL_WEIGHTS`] and [`Evaluation::eval_terms`]; empty when the evaluation
    /// has no tunable weights.
    const EVAL_TERMS: &'static [&'static str] = &[];
    /// The evaluation's weights (the game's `weights.txt`), one per term.
    const EVAL_WEIGHTS: &'static [i32] = &[];
    /// The terms' values for `player` here: [`Evaluation::evaluate`] is their dot product with
    /// [`Evaluation::EVAL_WEIGHTS`] (what `tools/tune` fits), to within a centipawn of
    /// rounding (terms may be averages over players). Empty without tunable weights.
    fn eval_terms(&self, _player: Player) -> Vec<f64> {
        Vec::new()
    }

    /// A bound on `|evaluate|` over every position reachable within `plies` plies, if the
    /// game can promise that no game ends that soon (so no win or loss is in reach either).
    /// The search prunes chance plies with it; `None` (the default) promises nothing.
    fn value_bound_within(&self, _plies: u32) -> Option<i32> {
        None
    }

    /// Whether a legal decision here is tactical: it wins material or stops the opponent from
    /// winning some at once (a capture, a mill, a block). Alpha-beta tries such decisions
    /// right after the hash move and killers, before the quiet ones. None by default.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether a legal decision here is noisy: it wins material at once (a capture, a mill).
    /// Quiescence search plays such decisions past the horizon. None by default.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The decisions quiescence search looks at here: every noisy one
    /// ([`Evaluation::is_noisy`]), perhaps with others, which it skips, in the order
    /// [`Rules::generate`] lists them. By default the whole legal list (quiescence asks
    /// `is_noisy` of a move only when it reaches it); a game that can find its noisy decisions
    /// without the rest lists only those.
    fn noisy_candidates(&self, moves: &mut Vec<Self::Move>) {
        self.generate(moves);
    }

    /// Whether the decision to make here finishes the mover's previous one (a removal that a
    /// mill earned) instead of starting a turn: under the profile's `extensions` alpha-beta
    /// does not count it as a ply. False by default.
    fn finishes_turn(&self) -> bool {
        false
    }

    /// Whether the player to decide here must answer a threat: the opponent would win
    /// material with his next decision and the player cannot win any with this one. Under
    /// the profile's `extensions` alpha-beta searches such a position a ply deeper. False by
    /// default.
    fn must_answer_threat(&self) -> bool {
        false
    }
}
