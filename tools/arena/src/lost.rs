//! The turning points of lost games: for each recorded game an engine lost, the positions
//! where it was to decide at chosen plies, written as an openings file. Matches from those
//! openings screen a change on the positions where games are lost, which a whole match
//! reaches only a few times in hundreds of games.

use std::collections::HashSet;

use crate::records::GameRecord;
use crate::referee::{GameSettings, Next, Opening, follow};

/// Whether `name` lost the game of `record`: it sat in a seat whose score is under an even
/// share (so a two-player draw is not lost; a draw of more players, which scores 0, is).
pub fn lost_by(record: &GameRecord, name: &str) -> bool {
    let even = 1.0 / record.seats.len() as f64;
    record
        .seats
        .iter()
        .zip(&record.scores)
        .any(|(seat, &score)| seat == name && score < even)
}

/// For every game of `games` that `name` lost, in order, the position as an opening (the
/// game's opening and the tokens after it) where its seat was first to decide at or after
/// each of `plies` (counted after the game's opening); a position met twice is given once.
pub fn turning_points(
    games: &[(GameRecord, GameSettings)],
    name: &str,
    plies: &[usize],
) -> Result<Vec<Opening>, String> {
    let mut seen = HashSet::new();
    let mut points = Vec::new();
    let mut sorted = plies.to_vec();
    sorted.sort_unstable();
    for (record, settings) in games.iter().filter(|(r, _)| lost_by(r, name)) {
        let Some(seat) = record.seats.iter().position(|s| s == name) else {
            continue;
        };
        let mut wanted = sorted.clone();
        follow(settings, record, |referee, index, _| {
            while wanted.first().is_some_and(|&ply| ply <= index) {
                if referee.next() != Next::Player(seat) {
                    return Ok(());
                }
                wanted.remove(0);
                let point = referee.so_far();
                if seen.insert(point.line()) {
                    points.push(point);
                }
            }
            Ok(())
        })?;
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GameSettings {
        GameSettings {
            variant: "dimraw".to_string(),
            players: 2,
        }
    }

    /// `record` with the result `p1win` (scores 1 and 0).
    fn p1_won(mut record: GameRecord) -> GameRecord {
        record.result = "p1win".to_string();
        record.scores = vec![1.0, 0.0];
        record
    }

    #[test]
    fn a_loss_is_a_score_under_an_even_share() {
        let drawn = crate::records::drawn(0, "a,b", "startpos", "@0 @1", "1 1");
        assert!(!lost_by(&drawn, "a") && !lost_by(&drawn, "b"));
        let won = p1_won(drawn);
        assert!(lost_by(&won, "b"), "p2 lost");
        assert!(!lost_by(&won, "a") && !lost_by(&won, "c"));
    }

    #[test]
    fn the_loser_is_met_where_it_decides_at_or_after_each_ply() {
        // Dimraw: p1 places on 0, 1, 2 (a mill, then a removal x5): the decisions after the
        // opening `@0` alternate p2, p1, p2, p1 (mill), p1 (removal), p2.
        let moves = "@5 @1 @6 @2 x5 @7";
        let record = p1_won(crate::records::drawn(
            0,
            "a,b",
            "startpos moves @0",
            moves,
            "1 1 1 1 1 1",
        ));
        let games = [(record.clone(), settings())];
        // Ply 0 is b's; at ply 1 (a's) the next of b's is ply 2; plies 3 and 4 are a's, so
        // ply 3 goes on to ply 5; ply 2 asked twice gives one line.
        let points = turning_points(&games, "b", &[3, 0, 1, 2]).unwrap();
        let lines: Vec<String> = points.iter().map(Opening::line).collect();
        assert_eq!(
            lines,
            [
                "startpos moves @0",
                "startpos moves @0 @5 @1",
                "startpos moves @0 @5 @1 @6 @2 x5",
            ]
        );
        assert!(
            turning_points(&games, "a", &[0]).unwrap().is_empty(),
            "a won"
        );
        // A ply past the game's end gives nothing.
        assert!(turning_points(&games, "b", &[9]).unwrap().is_empty());
    }
}
