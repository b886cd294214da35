//! Answers to `query <what>`: the game's state in the protocol's words.

use crate::display::turn_text;
use crate::game::Turn;
use crate::game::rules::Rules;

/// The answer to `query <what> [args]` (the text after `response`).
pub fn answer(rules: &dyn Rules, what: &str, args: &[&str]) -> Result<String, String> {
    let players = rules.players();
    let answer = match (what, args) {
        ("p1turn", []) => (rules.turn() == Turn::Player(0)).to_string(),
        ("gameover", []) => rules.outcome().is_some().to_string(),
        ("result", []) => rules.outcome().map_or("none".to_string(), |o| o.name()),
        ("tomove", []) => turn_text(rules.turn()),
        ("players", []) => players.to_string(),
        ("scores", []) => rules
            .outcome()
            .map_or("none".to_string(), |o| o.scores_text(players)),
        ("legalmoves", []) => rules.legal_tokens().join(" "),
        ("islegal", [token]) => rules.is_legal(token).to_string(),
        ("fen", []) => rules.text(),
        ("chance", []) if rules.turn() != Turn::Chance => "none".to_string(),
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
