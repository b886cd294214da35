//! The referee: the engine library's own rules, through the registry's typed rules handle.

use tabula::game::rules::Rules;
use tabula::game::{GameConfig, Turn};
use tabula::registry::Registry;
pub use ugi::opening::Opening;

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
    rules: Box<dyn Rules>,
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

    /// The `position` command for the game so far.
    pub fn position_command(&self) -> String {
        let mut opening = self.opening.clone();
        opening.moves.extend(self.played.iter().cloned());
        format!("position {}", opening.line())
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
}
