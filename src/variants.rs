//! The registry of games: their names, and dispatch from a name to the generic code.

/// Every variant the protocol names, in `UCI_Variant` order.
pub const VARIANTS: [&str; 5] = ["tumbling-down", "splinter", "dimraw", "dwindle", "dwnsiwn"];

/// The MCTS playout each game plays best with (`Playout auto`): random plies before the
/// evaluation scores the leaf, or 0 to play every playout to the end of the game.
pub fn playout_cutoff(variant: &str) -> u32 {
    match variant {
        "splinter" | "tumbling-down" => 8,
        _ => 0,
    }
}

/// Runs `$body` with the type alias `$G` bound to the game named `$name`,
/// or evaluates to `Err(message)` for a name that is no variant.
#[macro_export]
macro_rules! for_variant {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            "tumbling-down" => {
                type $G = $crate::games::tumbling_down::TumblingDown;
                Ok($body)
            }
            "splinter" => {
                type $G = $crate::games::splinter::Splinter;
                Ok($body)
            }
            "dwindle" => {
                type $G = $crate::games::dwindle::Dwindle;
                Ok($body)
            }
            "dwnsiwn" => {
                type $G = $crate::games::dwnsiwn::Dwnsiwn;
                Ok($body)
            }
            "dimraw" => {
                type $G = $crate::games::dimraw::Dimraw;
                Ok($body)
            }
            other => Err(format!(
                "unknown variant '{other}' (expected one of: {})",
                $crate::variants::VARIANTS.join(", ")
            )),
        }
    };
}
