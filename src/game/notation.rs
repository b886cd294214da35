//! A game's text: position texts, move tokens and the board drawn in characters.

use super::{GameConfig, Rules};

/// How a game writes and reads its positions and decisions (see `seeds/<game>.md`).
pub trait Notation: Rules {
    /// Parses a position text; the history starts anew.
    fn from_text(text: &str, config: &GameConfig) -> Result<Self, String>;
    /// Writes the position text; `from_text(to_text())` gives the same position.
    fn to_text(&self) -> String;
    /// Draws the board for people (`d`, `selfplay`).
    fn draw(&self) -> String;

    /// The token of a decision in this position.
    fn format_move(&self, mv: Self::Move) -> String;
    /// Checks a token against the game's token grammar, whatever the position.
    fn check_token_syntax(token: &str) -> Result<(), String>;

    /// Parses a token and checks that it is legal here.
    fn parse_move(&self, token: &str) -> Result<Self::Move, String> {
        Self::check_token_syntax(token)?;
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.format_move(m) == token)
            .ok_or_else(|| format!("illegal move '{token}' in this position"))
    }

    /// The tokens of a line of decisions played from here.
    fn line_tokens(&self, line: &[Self::Move]) -> Vec<String> {
        let mut pos = self.clone();
        let mut tokens = Vec::with_capacity(line.len());
        for &mv in line {
            tokens.push(pos.format_move(mv));
            pos.make(mv);
        }
        tokens
    }

    /// Every legal token, in generation order.
    fn legal_tokens(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.into_iter().map(|m| self.format_move(m)).collect()
    }
}
