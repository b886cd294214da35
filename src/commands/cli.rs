//! What the `tabula` command line's subcommands share: the context each runs in, the checks
//! of their numbers, and the engine options a game is played with.

use crate::options::EngineOptions;
use crate::registry::{Entry, Registry};

/// What a subcommand runs with: the games, the game `--game` names (the first registered one
/// when it names none), whether it named one, and where the lines go.
pub struct Context<'a> {
    /// Every game.
    pub registry: &'a Registry,
    /// The game `--game` names, or the first.
    pub entry: Entry,
    /// `--game`, if given (a bench then runs that game alone).
    pub game: Option<&'a str>,
    /// Writes one line of output.
    pub emit: &'a dyn Fn(&str),
}

/// A number of threads from 1 to 256 (as the `Threads` option takes).
pub fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a number of threads from 1 to 256")),
    }
}

/// A number of seconds from 0.01 to 3600.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds from 0.01 to 3600"
        )),
    }
}

/// The default engine options for playing `entry`'s game on `board` where given (one of the
/// game's own boards).
pub fn game_options(
    registry: &Registry,
    entry: &Entry,
    board: Option<&str>,
) -> Result<EngineOptions, String> {
    let defaults = EngineOptions::defaults(registry);
    let board = match board {
        None => entry.boards.first().copied().unwrap_or(defaults.board),
        Some(name) => entry
            .boards
            .iter()
            .copied()
            .find(|&b| b == name)
            .ok_or_else(|| match entry.boards {
                [] => format!("{} has one board, with no name", entry.name),
                boards => format!(
                    "{} has no board '{name}' (its boards: {})",
                    entry.name,
                    boards.join(", ")
                ),
            })?,
    };
    Ok(EngineOptions {
        variant: entry.name,
        board,
        ..defaults
    })
}
