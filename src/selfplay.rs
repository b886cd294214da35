//! `selfplay`: the engine plays a game against itself, drawing the board after every move.

use crate::output::Output;
use crate::protocol::new_session;
use crate::protocol::options::EngineOptions;
use crate::protocol::session::PositionBase;
use crate::search::score::format_score;
use crate::search::{SearchLimits, TranspositionTable};

/// Plays one game of `options.variant` under `limits` per move and returns the result name.
pub fn play(
    options: &EngineOptions,
    limits: &SearchLimits,
    output: &Output,
) -> Result<String, String> {
    let mut session = new_session(options)?;
    let tt = TranspositionTable::new(options.hash_mib);
    let mut moves: Vec<String> = Vec::new();
    output.line(&session.display());
    loop {
        let result = session.query("result", &[])?;
        if result != "none" {
            output.line(&format!("result {result} after {} plies", moves.len()));
            return Ok(result);
        }
        let mover = session.query("tomove", &[])?;
        let thought = session.think(limits, &tt, options.threads, options.style())?;
        moves.push(thought.token.clone());
        let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
        session.set_position(PositionBase::Start, &tokens)?;
        output.line(&format!(
            "\nply {}: {mover} plays {} (score {}, {} nodes, pv {})",
            moves.len(),
            thought.token,
            format_score(thought.score),
            thought.nodes,
            thought.pv
        ));
        output.line(&session.display());
    }
}
