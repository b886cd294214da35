//! Replaying recorded games through engines: each engine searches every position its seat
//! met in each game, in order and with its state carried as in a game (`uginewgame` only
//! between games), under fixed limits. The node counts and times tell what a search change
//! does on the positions games reach, deterministically at a fixed depth and one thread,
//! before any match is played.

use std::collections::HashSet;
use std::time::Duration;

use crate::probe;
use crate::records::GameRecord;
use crate::referee::{GameSettings, Next, follow};
use ugi::clock::Limits;
use ugi::engine::{EngineProcess, EngineSpec};

/// One engine's totals over the replayed positions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Searches made.
    pub searches: usize,
    /// Nodes reported, summed over searches (each search's last `nodes`).
    pub nodes: u64,
    /// Searches whose move was the one played in the record.
    pub same_move: usize,
    /// Time from `go` to `bestmove`, summed.
    pub elapsed: Duration,
}

/// The distinct games of `records` (a game met in several rotations once), in file order.
pub fn distinct(records: &[GameRecord]) -> Vec<&GameRecord> {
    let mut seen = HashSet::new();
    records
        .iter()
        .filter(|r| seen.insert((r.opening.clone(), r.moves.clone())))
        .collect()
}

/// Replays `games` through the engine of `spec` with `limits`: for every game and every seat,
/// a new game, then a search of each position where that seat decides.
pub fn replay(
    spec: &EngineSpec,
    limits: &Limits,
    settings: &GameSettings,
    games: &[&GameRecord],
) -> Result<Totals, String> {
    let mut process = EngineProcess::start(spec, &settings.engine_setup())?;
    let mut totals = Totals::default();
    for record in games {
        for seat in 0..settings.players {
            process.send("uginewgame");
            follow(settings, record, |referee, _, token| {
                if referee.next() == Next::Player(seat) {
                    let probe = probe::search(
                        &mut process,
                        &spec.name,
                        &referee.position_command(),
                        limits,
                    )?;
                    totals.searches += 1;
                    totals.nodes += probe.last_number("nodes").unwrap_or(0);
                    totals.elapsed += probe.elapsed;
                    if probe.bestmove.split_whitespace().nth(1) == Some(token) {
                        totals.same_move += 1;
                    }
                }
                Ok(())
            })?;
        }
    }
    process.stop();
    Ok(totals)
}

/// One engine's line of the report, its nodes against the `first` engine's.
pub fn line(name: &str, totals: &Totals, first: &Totals) -> String {
    let ratio = match first.nodes {
        0 => 0.0,
        nodes => totals.nodes as f64 / nodes as f64,
    };
    format!(
        "{name}: {} searches, {} nodes ({ratio:.4} of the first), {} ms, {} moves as played",
        totals.searches,
        totals.nodes,
        totals.elapsed.as_millis(),
        totals.same_move
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(opening: &str, moves: &str) -> GameRecord {
        crate::records::drawn(0, "a,b", opening, moves, "")
    }

    #[test]
    fn a_game_met_in_two_rotations_is_replayed_once() {
        let one = record("startpos", "@0 @1");
        let other = record("startpos", "@0 @2");
        let records = [one.clone(), one.clone(), other.clone()];
        assert_eq!(distinct(&records), vec![&one, &other]);
    }

    #[test]
    fn a_line_gives_the_engine_against_the_first() {
        let first = Totals {
            searches: 4,
            nodes: 1000,
            same_move: 3,
            elapsed: Duration::from_millis(20),
        };
        let other = Totals {
            nodes: 900,
            same_move: 4,
            elapsed: Duration::from_millis(18),
            ..first
        };
        assert_eq!(
            line("new", &other, &first),
            "new: 4 searches, 900 nodes (0.9000 of the first), 18 ms, 4 moves as played"
        );
    }
}
