//! The arena's game-record line: one finished game per line.
//!
//! A line is tab-separated `key=value` fields: `game`, `sample`, `rotation`, `seats`
//! (engine names by seat, comma-separated), `opening`, `result`, `scores` (by seat),
//! `reason`, `plies`, `moves` and `times` (milliseconds per decision; 0 for dice),
//! space-separated, and `notes` (what the referee noticed, `; `-separated). Records of a
//! scheduled match add `match` (the match's fingerprint), `variant`, `engines` (names in the
//! match's order, comma-separated), `of` (games in the whole match) and `shard` (`k/n`, the slice
//! that played it); a line without them is read as a game of no known match.

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number in the schedule (0-based).
    pub game: usize,
    /// The sample (opening pair or rotation) it belongs to.
    pub sample: usize,
    /// Its rotation of the seats within the sample.
    pub rotation: usize,
    /// Engine names by seat.
    pub seats: Vec<String>,
    /// The opening, as a `position` command gives it.
    pub opening: String,
    /// `p<k>win` or `draw` (the rules), `p<k>loses` (seat k forfeited), or `adjudicated`.
    pub result: String,
    /// Every seat's score.
    pub scores: Vec<f64>,
    /// How the game ended.
    pub reason: String,
    /// Tokens played after the opening.
    pub moves: Vec<String>,
    /// Milliseconds each token took (0 for dice).
    pub times: Vec<u64>,
    /// Disagreements and other remarks.
    pub notes: Vec<String>,
    /// The match it was played in, if the line says.
    pub schedule: Option<Schedule>,
}

/// Where a game belongs: its match, and the slice of the match that played it.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// A hash of everything that decides the match's games (game, players, engines, limits,
    /// openings, games, seed, adjudication): equal for every shard of one match.
    pub fingerprint: String,
    /// The game's name.
    pub variant: String,
    /// The engines' names, in the match's order.
    pub engines: Vec<String>,
    /// Games in the whole match.
    pub games: usize,
    /// The shard that played it (1-based) and how many shards the match has.
    pub shard: (usize, usize),
}

impl Schedule {
    /// The shard as `k/n`.
    pub fn shard_text(&self) -> String {
        format!("{}/{}", self.shard.0, self.shard.1)
    }

    /// Reads a shard's `k/n` (two numbers, unchecked).
    pub fn parse_shard(text: &str) -> Option<(usize, usize)> {
        let (k, n) = text.split_once('/')?;
        Some((k.trim().parse().ok()?, n.trim().parse().ok()?))
    }
}

/// Parses a record file's text: one record per non-blank line; an error names the line.
pub fn parse_lines(text: &str) -> Result<Vec<GameRecord>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| GameRecord::parse(line).map_err(|e| format!("line {}: {e}", n + 1)))
        .collect()
}

/// The scores when the player in seat `loser` (0-based) forfeits: 0 for him, the point
/// shared by the others.
pub fn forfeit_scores(players: usize, loser: usize) -> Vec<f64> {
    let share = 1.0 / players.saturating_sub(1).max(1) as f64;
    (0..players)
        .map(|s| if s == loser { 0.0 } else { share })
        .collect()
}

fn clean(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

impl GameRecord {
    /// How messages name the game: "game N", numbered from 1 as the match's progress lines
    /// and exports number games (the record's `game` field counts from 0).
    pub fn label(&self) -> String {
        format!("game {}", self.game + 1)
    }

    /// The record's line (without the newline).
    pub fn line(&self) -> String {
        let join = |items: Vec<String>, sep: &str| items.join(sep);
        let fields = [
            format!("game={}", self.game),
            format!("sample={}", self.sample),
            format!("rotation={}", self.rotation),
            format!("seats={}", join(self.seats.clone(), ",")),
            format!("opening={}", clean(&self.opening)),
            format!("result={}", self.result),
            format!(
                "scores={}",
                join(self.scores.iter().map(f64::to_string).collect(), ",")
            ),
            format!("reason={}", clean(&self.reason)),
            format!("plies={}", self.moves.len()),
            format!("moves={}", join(self.moves.clone(), " ")),
            format!(
                "times={}",
                join(self.times.iter().map(u64::to_string).collect(), " ")
            ),
            format!("notes={}", clean(&self.notes.join("; "))),
        ];
        let mut fields = fields.to_vec();
        if let Some(s) = &self.schedule {
            fields.extend([
                format!("match={}", s.fingerprint),
                format!("variant={}", s.variant),
                format!("engines={}", s.engines.join(",")),
                format!("of={}", s.games),
                format!("shard={}", s.shard_text()),
            ]);
        }
        fields.join("\t")
    }

    /// Parses a record line.
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let field = |key: &str| {
            line.split('\t')
                .find_map(|f| f.strip_prefix(key)?.strip_prefix('='))
                .ok_or_else(|| format!("record without '{key}': {line}"))
        };
        let number = |key: &str| {
            field(key)?
                .parse::<usize>()
                .map_err(|_| format!("bad '{key}' in: {line}"))
        };
        let words = |text: &str, sep: char| -> Vec<String> {
            text.split(sep)
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        Ok(GameRecord {
            game: number("game")?,
            sample: number("sample")?,
            rotation: number("rotation")?,
            seats: words(field("seats")?, ','),
            opening: field("opening")?.to_string(),
            result: field("result")?.to_string(),
            scores: words(field("scores")?, ',')
                .iter()
                .map(|s| s.parse().map_err(|_| format!("bad score in: {line}")))
                .collect::<Result<_, _>>()?,
            reason: field("reason")?.to_string(),
            moves: words(field("moves")?, ' '),
            times: words(field("times")?, ' ')
                .iter()
                .map(|t| t.parse().map_err(|_| format!("bad time in: {line}")))
                .collect::<Result<_, _>>()?,
            notes: words(field("notes")?, ';')
                .iter()
                .map(|n| n.trim().to_string())
                .collect(),
            schedule: match field("match") {
                Err(_) => None,
                Ok(fingerprint) => {
                    let shard = Schedule::parse_shard(field("shard")?)
                        .ok_or_else(|| format!("bad 'shard' in: {line}"))?;
                    Some(Schedule {
                        fingerprint: fingerprint.to_string(),
                        variant: field("variant")?.to_string(),
                        engines: words(field("engines")?, ','),
                        games: number("of")?,
                        shard,
                    })
                }
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_its_line() {
        let record = GameRecord {
            game: 7,
            sample: 3,
            rotation: 1,
            seats: vec!["new".into(), "old".into()],
            opening: "startpos moves roll:1 11@111".into(),
            result: "p2win".into(),
            scores: vec![0.0, 1.0],
            reason: "p1 illegal move 'zz'".into(),
            moves: vec!["c6=15".into(), "roll:3".into()],
            times: vec![12, 0],
            notes: vec!["old says draw".into()],
            schedule: None,
        };
        assert_eq!(GameRecord::parse(&record.line()).unwrap(), record);
        let scheduled = GameRecord {
            schedule: Some(Schedule {
                fingerprint: "0123456789abcdef".into(),
                variant: "dwnsiwn".into(),
                engines: vec!["new".into(), "old".into()],
                games: 12,
                shard: (2, 3),
            }),
            ..record
        };
        assert_eq!(GameRecord::parse(&scheduled.line()).unwrap(), scheduled);
    }

    /// A drawn game of no moves, numbered `game` (from 0).
    fn empty_game(game: usize) -> GameRecord {
        let mut record = GameRecord::parse(
            "game=0\tsample=0\trotation=0\tseats=a,b\topening=startpos\tresult=draw\t\
             scores=0.5,0.5\treason=rules\tplies=0\tmoves=\ttimes=\tnotes=",
        )
        .unwrap();
        record.game = game;
        record
    }

    #[test]
    fn a_record_file_skips_blank_lines_and_names_a_bad_one() {
        let line = |game| empty_game(game).line();
        let text = format!("{}\n\n  \n{}\n", line(1), line(2));
        let games: Vec<usize> = parse_lines(&text).unwrap().iter().map(|r| r.game).collect();
        assert_eq!(games, [1, 2]);
        let broken = format!("{}\n\ngame=3\n", line(1));
        assert!(parse_lines(&broken).unwrap_err().starts_with("line 3: "));
    }

    #[test]
    fn a_record_is_named_by_its_game_counted_from_one() {
        assert_eq!(empty_game(0).label(), "game 1");
        assert_eq!(empty_game(41).label(), "game 42");
    }

    #[test]
    fn a_forfeit_shares_the_point_among_the_others() {
        assert_eq!(forfeit_scores(2, 0), [0.0, 1.0]);
        assert_eq!(forfeit_scores(3, 1), [0.5, 0.0, 0.5]);
    }
}
