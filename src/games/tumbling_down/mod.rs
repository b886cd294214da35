//! Tumbling Down (Michael Shuck, 2000): stacks that step and tumble; cover a king to win.
//!
//! Rules as implemented: `seeds/tumbling-down.md`.

pub mod board;
mod eval;
pub mod moves;
pub mod position;
mod text;

use crate::game::{Game, GameConfig, Outcome, Player, Turn, two_player};
pub use moves::TdMove;
pub use position::TumblingDown;

impl Game for TumblingDown {
    type Move = TdMove;
    const NAME: &'static str = "tumbling-down";
    const MOVE_INDEX_SPACE: usize = 1024;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(TumblingDown::from_parts(&text::start_stacks(), 0, 0))
    }

    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        TumblingDown::parse_text(text)
    }

    fn to_text(&self) -> String {
        self.write_text()
    }

    fn draw(&self) -> String {
        self.draw_board()
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        two_player::turn(self.outcome(), self.side())
    }

    fn outcome(&self) -> Option<Outcome> {
        TumblingDown::outcome(self)
    }

    fn hash(&self) -> u64 {
        TumblingDown::hash(self)
    }

    fn repeats_earlier(&self) -> bool {
        TumblingDown::repeats_earlier(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        TumblingDown::hash_from_scratch(self)
    }

    fn generate(&self, moves: &mut Vec<TdMove>) {
        TumblingDown::generate(self, moves)
    }

    fn make(&mut self, mv: TdMove) {
        TumblingDown::make(self, mv)
    }

    fn unmake(&mut self) {
        TumblingDown::unmake(self)
    }

    fn format_move(&self, mv: TdMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        moves::check_syntax(token)
    }

    fn move_code(mv: TdMove) -> u32 {
        mv.bits() as u32
    }

    fn move_index(mv: TdMove) -> usize {
        mv.bits() as usize
    }

    fn evaluate(&self, player: Player) -> i32 {
        TumblingDown::evaluate(self, player)
    }
}
