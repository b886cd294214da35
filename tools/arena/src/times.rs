//! `arena times`: how each engine spent its time over the stages of recorded games.
//!
//! A record keeps each decision's milliseconds but not who made it (a Dimraw turn may take two
//! decisions, dice are nobody's), so each game is played through the rules again: a decision's
//! time goes to the engine in the seat that made it, in the band of plies it was played in.

use crate::records::GameRecord;
use crate::referee::{GameSettings, Next, follow};

/// Plies per band: decisions 1-20 after the opening, 21-40, and so on.
pub const BAND: usize = 20;
/// Bands reported; the last one holds every later decision too.
pub const BANDS: usize = 6;

/// One engine's time: milliseconds and decisions per band, and the games it played a seat in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spent {
    /// Milliseconds spent, per band.
    pub ms: [u64; BANDS],
    /// Decisions made, per band.
    pub decisions: [u64; BANDS],
    /// Seats played (a game counts once per seat the engine held).
    pub seats: u64,
}

/// Each engine's time over `games` (a record and the game it was played in), engines in the
/// order they first appear.
pub fn tally(games: &[(GameRecord, GameSettings)]) -> Result<Vec<(String, Spent)>, String> {
    let mut engines: Vec<(String, Spent)> = Vec::new();
    for (record, settings) in games {
        let mut slots = Vec::new();
        for name in &record.seats {
            let slot = match engines.iter().position(|(n, _)| n == name) {
                Some(slot) => slot,
                None => {
                    engines.push((name.clone(), Spent::default()));
                    engines.len() - 1
                }
            };
            engines[slot].1.seats += 1;
            slots.push(slot);
        }
        if record.times.len() != record.moves.len() {
            return Err(format!(
                "{}: {} times for {} moves",
                record.label(),
                record.times.len(),
                record.moves.len()
            ));
        }
        follow(settings, record, |referee, ply, _| {
            if let Next::Player(seat) = referee.next() {
                let slot = *slots
                    .get(seat)
                    .ok_or_else(|| format!("seat {} has no engine", seat + 1))?;
                engines[slot].1.ms[band(ply)] += record.times[ply];
                engines[slot].1.decisions[band(ply)] += 1;
            }
            Ok(())
        })?;
    }
    Ok(engines)
}

/// The band of the decision made `ply` plies after the opening (0-based).
fn band(ply: usize) -> usize {
    (ply / BAND).min(BANDS - 1)
}

/// The report's header line, naming the bands.
pub fn header() -> String {
    let bands: Vec<String> = (0..BANDS)
        .map(|b| match b + 1 < BANDS {
            true => format!("{}-{}", b * BAND + 1, (b + 1) * BAND),
            false => format!("{}+", b * BAND + 1),
        })
        .collect();
    format!(
        "ms a decision (mean) by plies after the opening: {} | all",
        bands.join(" ")
    )
}

/// One engine's line: its mean time a decision in each band (`-` where it made none) and in
/// all, its decisions, and its time a game.
pub fn line(name: &str, spent: &Spent) -> String {
    let mean = |ms: u64, n: u64| match n {
        0 => "-".to_string(),
        n => format!("{:.1}", ms as f64 / n as f64),
    };
    let bands: Vec<String> = (0..BANDS)
        .map(|b| mean(spent.ms[b], spent.decisions[b]))
        .collect();
    let (ms, decisions) = (spent.ms.iter().sum(), spent.decisions.iter().sum());
    format!(
        "{name}: {} | {} over {decisions} decisions, {} a game",
        bands.join(" "),
        mean(ms, decisions),
        mean(ms, spent.seats)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{Opening, Referee};

    /// A game of `variant` from its start, each decision the first legal token (dice included),
    /// until it ends or `plies` are played; and who made each decision (`None` for dice).
    fn first_moves(variant: &str, plies: usize) -> (GameSettings, Vec<String>, Vec<Option<usize>>) {
        let settings = GameSettings {
            variant: variant.to_string(),
            players: 2,
        };
        let mut referee = Referee::new(&settings, &Opening::parse("startpos").unwrap()).unwrap();
        let (mut moves, mut movers) = (Vec::new(), Vec::new());
        while moves.len() < plies {
            let (token, mover) = match referee.next() {
                Next::Player(seat) => (referee.legal_tokens()[0].clone(), Some(seat)),
                Next::Chance(outcomes) => (outcomes[0].0.clone(), None),
                Next::Over(..) => break,
            };
            referee.play(&token).unwrap();
            moves.push(token);
            movers.push(mover);
        }
        (settings, moves, movers)
    }

    fn record(seats: &str, moves: &[String], times: &[u64]) -> GameRecord {
        let times: Vec<String> = times.iter().map(u64::to_string).collect();
        crate::records::drawn(0, seats, "startpos", &moves.join(" "), &times.join(" "))
    }

    #[test]
    fn each_seat_s_decisions_go_to_its_engine_by_band() {
        let (settings, moves, movers) = first_moves("splinter", 45);
        assert_eq!(moves.len(), 45, "the test needs a game of 45 plies");
        assert!(movers.iter().all(Option::is_some));
        // The first seat takes 10 ms a decision, the second 30.
        let times: Vec<u64> = (0..45).map(|i| [10, 30][i % 2]).collect();
        let one = record("a,b", &moves, &times);
        let swapped = record("b,a", &moves, &times);
        let games = [(one, settings.clone()), (swapped, settings)];
        let engines = tally(&games).unwrap();
        let names: Vec<&str> = engines.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let a = &engines[0].1;
        // Plies 1-20 and 21-40: ten decisions each per seat; 41-45: three for the first seat.
        assert_eq!(a.decisions, [20, 20, 5, 0, 0, 0]);
        assert_eq!(a.ms, [400, 400, 3 * 10 + 2 * 30, 0, 0, 0]);
        assert_eq!(a.seats, 2);
        assert_eq!(
            line("a", a),
            "a: 20.0 20.0 18.0 - - - | 19.8 over 45 decisions, 445.0 a game"
        );
    }

    #[test]
    fn dice_are_nobody_s() {
        let (settings, moves, movers) = first_moves("dwnsiwn", 400);
        assert!(movers.contains(&None), "the game has dice");
        // Dice take a recognizable 1000 ms, which no engine may be given.
        let times: Vec<u64> = movers.iter().map(|m| m.map_or(1000, |_| 1)).collect();
        let game = record("a,b", &moves, &times);
        let engines = tally(&[(game, settings)]).unwrap();
        let decided = |seat| movers.iter().filter(|&&m| m == Some(seat)).count() as u64;
        for (seat, (_, spent)) in engines.iter().enumerate() {
            assert_eq!(spent.ms, spent.decisions, "1 ms each, no dice");
            assert_eq!(spent.decisions.iter().sum::<u64>(), decided(seat));
        }
    }

    #[test]
    fn the_last_band_holds_every_later_decision() {
        let bands: Vec<usize> = [0, 19, 20, 99, 100, 119, 120, 1000].map(band).into();
        assert_eq!(bands, [0, 0, 1, 4, 5, 5, 5, 5]);
    }

    #[test]
    fn a_record_whose_times_do_not_match_its_moves_is_refused() {
        let (settings, moves, _) = first_moves("splinter", 4);
        let game = record("a,b", &moves, &[1, 2, 3]);
        let error = tally(&[(game, settings)]).unwrap_err();
        assert_eq!(error, "game 1: 3 times for 4 moves");
    }

    #[test]
    fn the_header_names_the_bands() {
        assert_eq!(
            header(),
            "ms a decision (mean) by plies after the opening: 1-20 21-40 41-60 61-80 81-100 101+ | all"
        );
    }
}
