//! The text forms that the protocol and the command-line tools share: scores, and the board
//! display of `d` and `selfplay`.

use crate::game::Turn;
use crate::game::any_game::AnyGame;
use crate::search::score::{MATE, MATE_BOUND};

/// A score as the protocol writes it: `cp <x>`, or `mate <plies>` (negative when losing).
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("mate -{}", MATE + score)
    } else {
        format!("cp {score}")
    }
}

/// Who decides next: `p1`..`p6`, `chance` or `none`.
pub fn turn_text(turn: Turn) -> String {
    match turn {
        Turn::Player(p) => format!("p{}", p + 1),
        Turn::Chance => "chance".to_string(),
        Turn::Over => "none".to_string(),
    }
}

/// The board, the position text, who is to move and the hash.
pub fn describe(rules: &dyn AnyGame) -> String {
    format!(
        "{}\nFen: {}\nTo move: {}\nHash: {:016x}",
        rules.draw().trim_end(),
        rules.text(),
        turn_text(rules.turn()),
        rules.hash()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_centipawns_or_mates() {
        assert_eq!(score_text(MATE - 3), "mate 3");
        assert_eq!(score_text(-(MATE - 2)), "mate -2");
        assert_eq!(score_text(-17), "cp -17");
    }
}
