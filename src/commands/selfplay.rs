//! `selfplay`: the engine plays a game against itself, drawing the board after every move.

use std::sync::atomic::AtomicBool;

use crate::display::{describe, score_text, turn_text};
use crate::game::GameConfig;
use crate::registry::Entry;
use crate::search::{SearchLimits, Style, TranspositionTable};

/// How selfplay searches.
pub struct SelfplaySettings {
    /// Limits of every move's search.
    pub limits: SearchLimits,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
}

/// Plays one game of `entry`'s game with `config` and returns the result's name.
pub fn play(
    entry: &Entry,
    config: GameConfig,
    settings: &SelfplaySettings,
    emit: &dyn Fn(&str),
) -> Result<String, String> {
    let mut session = entry.session(config)?;
    let tt = TranspositionTable::new(settings.hash_mib);
    emit(&describe(session.rules()));
    let mut plies = 0;
    loop {
        if let Some(outcome) = session.rules().outcome() {
            let result = outcome.name();
            emit(&format!("result {result} after {plies} plies"));
            return Ok(result);
        }
        let mover = turn_text(session.rules().turn());
        let thought = session.think(
            &settings.limits,
            &tt,
            settings.threads,
            Style::default(),
            &AtomicBool::new(false),
        )?;
        session.rules_mut().play(&thought.token)?;
        plies += 1;
        emit(&format!(
            "\nply {plies}: {mover} plays {} (score {}, {} nodes, pv {})",
            thought.token,
            score_text(thought.score),
            thought.nodes,
            thought.pv.join(" ")
        ));
        emit(&describe(session.rules()));
    }
}
