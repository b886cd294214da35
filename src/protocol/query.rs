//! Answers to `query <what>`: the game's state in the protocol's words.

use crate::display::turn_text;
use crate::game::any_game::AnyGame;
use crate::game::{Outcome, Turn};

/// The answer to `query <what> [args]` (the text after `response`), for the game of `rules`,
/// or, if `forfeit` says so, for that game ended by a forfeit at its position.
pub fn answer(
    rules: &dyn AnyGame,
    forfeit: Option<Outcome>,
    what: &str,
    args: &[&str],
) -> Result<String, String> {
    let players = rules.players();
    let outcome = forfeit.or_else(|| rules.outcome());
    let turn = if forfeit.is_some() {
        Turn::Over
    } else {
        rules.turn()
    };
    let answer = match (what, args) {
        // A forfeit ends the game whatever the rules say; at a chance ply the player is the one
        // the rolls lead to, whose engine is asked to roll them.
        ("p1turn", []) if turn == Turn::Over => false.to_string(),
        ("p1turn", []) => (rules.next_decider() == Some(0)).to_string(),
        ("gameover", []) => outcome.is_some().to_string(),
        ("result", []) => outcome.map_or("none".to_string(), |o| o.name()),
        ("tomove", []) => turn_text(turn),
        ("players", []) => players.to_string(),
        ("scores", []) => outcome.map_or("none".to_string(), |o| o.scores_text(players)),
        ("legalmoves", []) if forfeit.is_some() => String::new(),
        ("legalmoves", []) => rules.legal_tokens().join(" "),
        ("islegal", [_]) if forfeit.is_some() => false.to_string(),
        ("islegal", [token]) => rules.is_legal(token).to_string(),
        ("fen", []) => rules.text(),
        ("chance", []) if turn != Turn::Chance => "none".to_string(),
        ("chance", []) => {
            let pairs: Vec<String> = rules
                .chance_outcomes()
                .iter()
                .map(|(token, weight)| format!("{token} {weight}"))
                .collect();
            pairs.join(" ")
        }
        ("islegal", _) => return Err("expected: query islegal <token>".to_string()),
        (
            "p1turn" | "gameover" | "result" | "tomove" | "players" | "scores" | "legalmoves"
            | "fen" | "chance",
            _,
        ) => return Err(format!("query {what} takes no arguments")),
        _ => return Err(format!("unknown query '{what}'")),
    };
    Ok(answer)
}
