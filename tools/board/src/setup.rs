//! What the page may ask for when it starts a game: the game, the seats and their limits.
//! An engine is named by its place in the server's list, never by a command, and option
//! names and values are checked so that no text can smuggle a second command to an engine.

use serde::{Deserialize, Serialize};
use ugi::clock::Limits;
use ugi::declared::DeclaredOption;

use crate::bounds::Bounds;

/// How the page writes a seat's limit (`{"kind": "movetime", "ms": 1000}`): one of time
/// control's [`Limits`], which is what the board keeps ([`page_limit`] converts).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Limit {
    /// Milliseconds per move.
    Movetime {
        /// The time.
        ms: u64,
    },
    /// Nodes per move.
    Nodes {
        /// The count.
        nodes: u64,
    },
    /// Plies per move.
    Depth {
        /// The depth.
        depth: u32,
    },
    /// A clock: a base time and an increment per move, in milliseconds.
    Clock {
        /// The time at the start.
        base_ms: u64,
        /// Added after each move.
        inc_ms: u64,
    },
}

impl Limit {
    /// The limit as time control keeps it.
    fn limits(self) -> Limits {
        match self {
            Limit::Movetime { ms } => Limits {
                movetime: Some(ms),
                ..Limits::default()
            },
            Limit::Nodes { nodes } => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            Limit::Depth { depth } => Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            Limit::Clock { base_ms, inc_ms } => Limits {
                clock: Some((base_ms, inc_ms)),
                ..Limits::default()
            },
        }
    }

    /// The page's form of `limits`, which hold one limit at most (as [`Limit::limits`] makes
    /// them).
    fn of(limits: &Limits) -> Option<Limit> {
        match *limits {
            Limits {
                clock: Some((base_ms, inc_ms)),
                ..
            } => Some(Limit::Clock { base_ms, inc_ms }),
            Limits {
                movetime: Some(ms), ..
            } => Some(Limit::Movetime { ms }),
            Limits {
                nodes: Some(nodes), ..
            } => Some(Limit::Nodes { nodes }),
            Limits {
                depth: Some(depth), ..
            } => Some(Limit::Depth { depth }),
            _ => None,
        }
    }
}

/// A seat's limit as the page writes it ([`Limit`]), read into and written from [`Limits`].
mod page_limit {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use ugi::clock::Limits;

    use super::Limit;

    pub fn serialize<S: Serializer>(limits: &Option<Limits>, to: S) -> Result<S::Ok, S::Error> {
        limits.as_ref().and_then(Limit::of).serialize(to)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<Limits>, D::Error> {
        Ok(Option::<Limit>::deserialize(from)?.map(Limit::limits))
    }
}

/// One seat: a person, or an engine from the server's list with its options and limit.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeatSetup {
    /// The engine's index in the server's list; none for a person.
    #[serde(default)]
    pub engine: Option<usize>,
    /// `setoption` pairs for the engine.
    #[serde(default)]
    pub options: Vec<(String, String)>,
    /// The engine's limit per move, or a clock for anyone.
    #[serde(default, with = "page_limit")]
    pub limit: Option<Limits>,
}

/// How chance plies are decided.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DiceMode {
    /// The server rolls from the seed.
    #[default]
    Server,
    /// A person enters each roll (dice thrown on a real table).
    Manual,
}

/// A new game as the page asks for it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game's variant name.
    pub game: String,
    /// The number of players (2 unless the game takes more).
    #[serde(default = "two")]
    pub players: usize,
    /// The start board, for games with several (empty for the default).
    #[serde(default)]
    pub board: String,
    /// One entry per player, in player order.
    pub seats: Vec<SeatSetup>,
    /// Who rolls the dice.
    #[serde(default)]
    pub dice: DiceMode,
    /// The dice seed (a fresh one when absent).
    #[serde(default)]
    pub seed: Option<u64>,
}

fn two() -> usize {
    2
}

/// The most options one seat may set.
const MAX_OPTIONS: usize = 16;

/// Checks one `setoption` pair: a name of letters, digits, `_` and inner spaces that does not
/// contain the word `value`, and a value on one line without control characters.
pub fn check_option(name: &str, value: &str) -> Result<(), String> {
    let name_ok = !name.is_empty()
        && name.len() <= 40
        && name.trim() == name
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
        && !name.split(' ').any(|w| w.eq_ignore_ascii_case("value"));
    if !name_ok {
        return Err(format!("bad option name '{}'", name.escape_debug()));
    }
    if value.is_empty() || value.len() > 100 || value.chars().any(char::is_control) {
        return Err(format!(
            "bad value '{}' for option {name}",
            value.escape_debug()
        ));
    }
    Ok(())
}

impl NewGame {
    /// How many seats an engine plays (each one engine process).
    pub fn engine_seats(&self) -> usize {
        self.seats.iter().filter(|s| s.engine.is_some()).count()
    }

    /// Checks the seats against the game's player count, the server's engines (`declared`
    /// holds each one's declared options) and its `bounds`; each option is put as the engine
    /// declared it.
    pub fn check_seats(
        &mut self,
        declared: &[Vec<DeclaredOption>],
        bounds: &Bounds,
    ) -> Result<(), String> {
        if self.seats.len() != self.players {
            return Err(format!(
                "{} seats for {} players",
                self.seats.len(),
                self.players
            ));
        }
        for (k, seat) in self.seats.iter_mut().enumerate() {
            let who = format!("seat p{}", k + 1);
            let engine_options = match seat.engine {
                Some(engine) => declared
                    .get(engine)
                    .ok_or_else(|| format!("{who}: there is no engine number {engine}"))?,
                None if seat.options.is_empty() => &Vec::new(),
                None => return Err(format!("{who}: a person has no options")),
            };
            match (seat.engine, seat.limit) {
                (Some(_), None) => return Err(format!("{who}: an engine needs a limit")),
                (None, Some(limit)) if limit.clock.is_none() || !limit.go_words().is_empty() => {
                    return Err(format!("{who}: a person's limit can only be a clock"));
                }
                (_, Some(limit)) => bounds
                    .check_limit(&limit)
                    .map_err(|e| format!("{who}: {e}"))?,
                (None, None) => {}
            }
            if seat.options.len() > MAX_OPTIONS {
                return Err(format!("{who}: too many options"));
            }
            for (name, value) in seat.options.iter_mut() {
                check_option(name, value).map_err(|e| format!("{who}: {e}"))?;
                (*name, *value) = bounds
                    .check_option(engine_options, name, value)
                    .map_err(|e| format!("{who}: {e}"))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_words_cannot_carry_a_second_command() {
        assert!(check_option("Threads", "2").is_ok());
        assert!(check_option("Move Overhead", "30").is_ok());
        assert!(check_option("Hash", "1\nquit").is_err());
        assert!(check_option("Hash value 1\ngo", "1").is_err());
        assert!(check_option("X value", "1").is_err());
        assert!(check_option("", "1").is_err());
        assert!(check_option("Hash", "").is_err());
    }

    #[test]
    fn seats_must_match_the_players_and_the_engine_list() {
        let engine = SeatSetup {
            engine: Some(1),
            options: Vec::new(),
            limit: Some(Limits {
                movetime: Some(100),
                ..Limits::default()
            }),
        };
        let mut game = NewGame {
            game: "dimraw".into(),
            players: 2,
            board: String::new(),
            seats: vec![SeatSetup::default(), engine.clone()],
            dice: DiceMode::Server,
            seed: None,
        };
        let bounds = Bounds::default();
        let two = vec![Vec::new(); 2];
        assert!(game.check_seats(&two, &bounds).is_ok());
        assert!(
            game.check_seats(&two[..1], &bounds).is_err(),
            "engine 1 of a list of 1"
        );
        game.seats[1].limit = Some(Limits {
            movetime: Some(u64::MAX),
            ..Limits::default()
        });
        assert!(
            game.check_seats(&two, &bounds).is_err(),
            "past the server's bound"
        );
        game.seats[1].limit = None;
        assert!(
            game.check_seats(&two, &bounds).is_err(),
            "an engine without a limit"
        );
        game.seats = vec![engine];
        assert!(
            game.check_seats(&two, &bounds).is_err(),
            "one seat for two players"
        );
    }
}
