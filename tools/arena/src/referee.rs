//! The referee: the engine library's own rules, through the same session the protocol uses.

use tabula::protocol::new_session;
use tabula::protocol::options::EngineOptions;
use tabula::protocol::session::{PositionBase, Session};

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
    session: Box<dyn Session>,
    opening: Opening,
    played: Vec<String>,
}

impl Referee {
    /// A game from `opening` under `settings`.
    pub fn new(settings: &GameSettings, opening: &Opening) -> Result<Self, String> {
        let options = EngineOptions {
            variant: settings.variant.clone(),
            players: settings.players,
            ..EngineOptions::default()
        };
        let mut referee = Referee {
            session: new_session(&options)?,
            opening: opening.clone(),
            played: Vec::new(),
        };
        referee.replay()?;
        Ok(referee)
    }

    fn replay(&mut self) -> Result<(), String> {
        let tokens: Vec<&str> = self
            .opening
            .moves
            .iter()
            .chain(&self.played)
            .map(String::as_str)
            .collect();
        let base = match &self.opening.text {
            Some(text) => PositionBase::Text(text),
            None => PositionBase::Start,
        };
        self.session.set_position(base, &tokens)
    }

    /// Plays `token` if it is legal here.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        if self.session.query("islegal", &[token])? != "true" {
            return Err(format!("illegal move '{token}'"));
        }
        self.played.push(token.to_string());
        self.replay()
    }

    /// Every legal token for the player to move (or chance).
    pub fn legal_tokens(&self) -> Vec<String> {
        let answer = self
            .session
            .query("legalmoves", &[])
            .expect("a known query");
        answer.split_whitespace().map(str::to_string).collect()
    }

    /// The position text now.
    pub fn text(&self) -> String {
        self.session.query("fen", &[]).expect("a known query")
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
        let ask = |what: &str| self.session.query(what, &[]).expect("a known query");
        let tomove = ask("tomove");
        if tomove == "chance" {
            let answer = ask("chance");
            let words: Vec<&str> = answer.split(' ').collect();
            let outcomes = words
                .chunks(2)
                .map(|pair| (pair[0].to_string(), pair[1].parse().expect("a weight")))
                .collect();
            return Next::Chance(outcomes);
        }
        if let Some(k) = tomove.strip_prefix('p') {
            return Next::Player(k.parse::<usize>().expect("a player number") - 1);
        }
        let scores = ask("scores")
            .split(' ')
            .map(|s| s.parse().expect("a score"))
            .collect();
        Next::Over(ask("result"), scores)
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
