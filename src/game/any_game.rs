//! An object-safe handle on one game in play, for code that picks the game at run time (the
//! protocol, the arena's referee, selfplay): tokens in, typed answers out, one move at a time.

use super::view::{MoveView, View};
use super::{Game, GameConfig, Outcome, Player, Turn, play_tokens};

/// The most chance plies in a row that [`AnyGame::next_decider`] plays through to find the
/// decider (a guard against a game whose chance plies never end).
const MOST_CHANCE_PLIES: usize = 1000;

/// Picks one of `outcomes` (chance tokens with their weights, as
/// [`AnyGame::chance_outcomes`] gives them) by weight.
pub fn roll<R: rand::Rng>(outcomes: &[(String, u32)], rng: &mut R) -> String {
    outcomes[super::weighted_index(outcomes.iter().map(|(_, w)| *w), rng)]
        .0
        .clone()
}

/// One game's rules over a position that moves on token by token.
pub trait AnyGame: Send {
    /// The number of players.
    fn players(&self) -> usize;
    /// Who decides next.
    fn turn(&self) -> Turn;
    /// The player who decides next: the one to move, or at a chance ply the one who decides
    /// once the pending chance plies are played (each played as its first outcome); none once
    /// the game is over (or ends in those plies).
    fn next_decider(&self) -> Option<Player>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game is over, in words, once it is (see `Rules::end_reason`).
    fn end_reason(&self) -> Option<String>;
    /// Every legal token, in generation order.
    fn legal_tokens(&self) -> Vec<String>;
    /// Whether `token` is legal here.
    fn is_legal(&self, token: &str) -> bool;
    /// At a chance ply, every outcome's token with its weight; otherwise none.
    fn chance_outcomes(&self) -> Vec<(String, u32)>;
    /// Plays `token` if it is legal here; otherwise changes nothing.
    fn play(&mut self, token: &str) -> Result<(), String>;
    /// Sets the position: the start (`None`) or a position text, then `tokens` played from
    /// there. On any error the previous position stays.
    fn set_position(&mut self, text: Option<&str>, tokens: &[&str]) -> Result<(), String>;
    /// The position text.
    fn text(&self) -> String;
    /// The board drawn for people.
    fn draw(&self) -> String;
    /// The position's hash.
    fn hash(&self) -> u64;
    /// The position drawn for a board that knows no game.
    fn view(&self) -> View;
    /// Every legal token with where it acts on that drawing, in generation order.
    fn move_views(&self) -> Vec<(String, MoveView)>;
}

/// The [`AnyGame`] of game `G`: the settings and the position.
#[derive(Clone)]
pub struct TypedGame<G: Game> {
    config: GameConfig,
    pos: G,
}

impl<G: Game> TypedGame<G> {
    /// The start position for `config`.
    pub fn new(config: GameConfig) -> Result<Self, String> {
        let pos = G::startpos(&config)?;
        Ok(TypedGame { config, pos })
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.pos
    }

    fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        self.pos.generate(&mut moves);
        moves
    }
}

impl<G: Game> AnyGame for TypedGame<G> {
    fn players(&self) -> usize {
        self.pos.players()
    }

    fn turn(&self) -> Turn {
        self.pos.turn()
    }

    fn next_decider(&self) -> Option<Player> {
        let mut pos = self.pos.clone();
        let mut moves = Vec::new();
        for _ in 0..MOST_CHANCE_PLIES {
            match pos.turn() {
                Turn::Player(player) => return Some(player),
                Turn::Over => return None,
                Turn::Chance => {
                    moves.clear();
                    pos.generate(&mut moves);
                    pos.make(*moves.first()?);
                }
            }
        }
        None
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn end_reason(&self) -> Option<String> {
        self.pos.end_reason()
    }

    fn legal_tokens(&self) -> Vec<String> {
        self.pos.legal_tokens()
    }

    fn is_legal(&self, token: &str) -> bool {
        self.pos.parse_move(token).is_ok()
    }

    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        if self.pos.turn() != Turn::Chance {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .map(|m| (self.pos.format_move(m), self.pos.chance_weight(m)))
            .collect()
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let mv = self.pos.parse_move(token)?;
        self.pos.make(mv);
        Ok(())
    }

    fn set_position(&mut self, text: Option<&str>, tokens: &[&str]) -> Result<(), String> {
        let mut pos = match text {
            None => G::startpos(&self.config)?,
            Some(text) => G::from_text(text, &self.config)?,
        };
        play_tokens(&mut pos, tokens.iter().copied())?;
        self.pos = pos;
        Ok(())
    }

    fn text(&self) -> String {
        self.pos.to_text()
    }

    fn draw(&self) -> String {
        self.pos.draw()
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    fn view(&self) -> View {
        self.pos.view()
    }

    fn move_views(&self) -> Vec<(String, MoveView)> {
        self.legal_moves()
            .into_iter()
            .map(|m| (self.pos.format_move(m), self.pos.move_view(m)))
            .collect()
    }
}
