//! The referee: the engine library's own rules, through the registry's typed rules handle.

use tabula::game::rules::Rules;
use tabula::game::{GameConfig, Player, Turn};
use tabula::registry::Registry;

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

/// An opening: where games start, as a `position` command gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// A position text, or `None` for the start position.
    pub text: Option<String>,
    /// Tokens played from there.
    pub moves: Vec<String>,
}

impl Opening {
    /// Parses `startpos [moves ...]` or `fen <text> [moves ...]` (or a bare position text).
    pub fn parse(line: &str) -> Result<Opening, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let split = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let moves = words[(split + 1).min(words.len())..]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let text = match words[..split] {
            [] => return Err("an empty opening".to_string()),
            ["startpos"] => None,
            ["fen", ref rest @ ..] if !rest.is_empty() => Some(rest.join(" ")),
            ref rest => Some(rest.join(" ")),
        };
        Ok(Opening { text, moves })
    }

    /// The opening as a line of an openings file (and the start of a `position` command).
    pub fn line(&self) -> String {
        let base = match &self.text {
            Some(text) => format!("fen {text}"),
            None => "startpos".to_string(),
        };
        if self.moves.is_empty() {
            base
        } else {
            format!("{base} moves {}", self.moves.join(" "))
        }
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
                let players = self.rules.players();
                let scores = (0..players)
                    .map(|p| outcome.half_points(p as Player, players) as f64 / 2.0)
                    .collect();
                Next::Over(outcome.name(), scores)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_parse_and_print() {
        let start = Opening::parse("startpos moves a b").unwrap();
        assert_eq!((start.text.clone(), start.moves.len()), (None, 2));
        assert_eq!(start.line(), "startpos moves a b");
        let fen = Opening::parse("fen x y p1 moves c").unwrap();
        assert_eq!(fen.text.as_deref(), Some("x y p1"));
        assert_eq!(Opening::parse("x y p1").unwrap().line(), "fen x y p1");
        assert!(Opening::parse("  ").is_err());
    }

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
