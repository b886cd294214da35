//! The referee: the engine library's own rules, through the registry's typed rules handle.

use tabula::game::any_game::AnyGame;
use tabula::game::{GameConfig, Turn};
use tabula::registry::Registry;
pub use ugi::opening::Opening;
use ugi::record::GameRecord;

/// The game settings of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    /// The variant name.
    pub variant: String,
    /// The number of players.
    pub players: usize,
}

impl GameSettings {
    /// The options an engine gets before a match: the variant and, for more than two, the players.
    pub fn engine_setup(&self) -> Vec<(String, String)> {
        let mut setup = vec![("UCI_Variant".to_string(), self.variant.clone())];
        if self.players != 2 {
            setup.push(("Players".to_string(), self.players.to_string()));
        }
        setup
    }
}

/// Who decides next in a running game.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// Player `k` (0-based).
    Player(usize),
    /// Chance: these tokens with these weights.
    Chance(Vec<(String, u32)>),
    /// The game is over: the result's name and every player's score.
    Over(String, Vec<f64>),
}

/// A game in progress, checked by the rules.
pub struct Referee {
    rules: Box<dyn AnyGame>,
    opening: Opening,
    played: Vec<String>,
}

impl Referee {
    /// A game from `opening` under `settings`.
    pub fn new(settings: &GameSettings, opening: &Opening) -> Result<Self, String> {
        let config = GameConfig {
            players: settings.players,
            ..GameConfig::default()
        };
        let mut rules = Registry::standard()
            .find(&settings.variant)?
            .rules(config)?;
        let moves: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
        rules.set_position(opening.text.as_deref(), &moves)?;
        Ok(Referee {
            rules,
            opening: opening.clone(),
            played: Vec::new(),
        })
    }

    /// Plays `token` if it is legal here.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        self.rules
            .play(token)
            .map_err(|_| format!("illegal move '{token}'"))?;
        self.played.push(token.to_string());
        Ok(())
    }

    /// Every legal token for the player to move (or chance).
    pub fn legal_tokens(&self) -> Vec<String> {
        self.rules.legal_tokens()
    }

    /// The position text now.
    pub fn text(&self) -> String {
        self.rules.text()
    }

    /// The tokens played since the opening.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    /// The game so far as an opening: the opening and the tokens played since.
    pub fn so_far(&self) -> Opening {
        let mut opening = self.opening.clone();
        opening.moves.extend(self.played.iter().cloned());
        opening
    }

    /// The `position` command for the game so far.
    pub fn position_command(&self) -> String {
        format!("position {}", self.so_far().line())
    }

    /// Who decides next.
    pub fn next(&self) -> Next {
        match self.rules.turn() {
            Turn::Player(player) => Next::Player(player as usize),
            Turn::Chance => Next::Chance(self.rules.chance_outcomes()),
            Turn::Over => {
                let outcome = self.rules.outcome().expect("a finished game has a result");
                Next::Over(outcome.name(), outcome.scores(self.rules.players()))
            }
        }
    }
}

/// Plays `record`'s moves again from its opening under `settings`, calling `before` with the
/// game as it stands before each move (so `next()` tells who made it) and the move's index and
/// token. An error, `before`'s included, is given back with the game's label.
pub fn follow(
    settings: &GameSettings,
    record: &GameRecord,
    mut before: impl FnMut(&Referee, usize, &str) -> Result<(), String>,
) -> Result<(), String> {
    let wrong = |e: String| format!("{}: {e}", record.label());
    let opening = Opening::parse(&record.opening).map_err(wrong)?;
    let mut referee = Referee::new(settings, &opening).map_err(wrong)?;
    for (index, token) in record.moves.iter().enumerate() {
        before(&referee, index, token).map_err(wrong)?;
        referee.play(token).map_err(wrong)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referee_follows_a_dimraw_game() {
        let settings = GameSettings {
            variant: "dimraw".to_string(),
            players: 2,
        };
        let mut referee = Referee::new(&settings, &Opening::parse("startpos").unwrap()).unwrap();
        assert_eq!(referee.next(), Next::Player(0));
        assert!(referee.play("zz").is_err());
        assert_eq!(referee.played().len(), 0);
    }

    fn dimraw_record(moves: &str) -> GameRecord {
        crate::records::drawn(4, "a,b", "startpos", moves, "")
    }

    #[test]
    fn following_a_record_shows_each_move_s_position_and_names_the_game_in_errors() {
        let settings = GameSettings {
            variant: "dimraw".to_string(),
            players: 2,
        };
        let mut seen = Vec::new();
        let record = dimraw_record("@0 @5 @1");
        follow(&settings, &record, |referee, index, token| {
            seen.push((
                index,
                token.to_string(),
                referee.next(),
                referee.played().len(),
            ));
            Ok(())
        })
        .unwrap();
        let movers: Vec<(usize, String, Next, usize)> = [(0, "@0", 0), (1, "@5", 1), (2, "@1", 0)]
            .map(|(i, t, p)| (i, t.to_string(), Next::Player(p), i))
            .into();
        assert_eq!(seen, movers);

        let illegal = dimraw_record("@0 @0");
        let error = follow(&settings, &illegal, |_, _, _| Ok(())).unwrap_err();
        assert_eq!(error, "game 5: illegal move '@0'");
        let refused = follow(&settings, &record, |_, index, _| match index {
            1 => Err("no engine".to_string()),
            _ => Ok(()),
        });
        assert_eq!(refused.unwrap_err(), "game 5: no engine");
    }
}
