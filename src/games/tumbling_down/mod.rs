//! Tumbling Down (Michael Shuck, 2000): stacks that step and tumble; cover a king to win.
//!
//! Rules as implemented: `seeds/tumbling-down.md`.

pub mod board;
mod eval;
pub mod moves;
pub mod position;
mod text;
mod view;

use crate::game::view::{MoveView, View};
use crate::game::{BenchSpec, Game, GameConfig, Outcome, Player, Turn, two_player};
use crate::profile::Profile;
pub use moves::TdMove;
pub use position::TumblingDown;

impl Game for TumblingDown {
    type Move = TdMove;
    const NAME: &'static str = "tumbling-down";
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 0),
            ("b1a1t h8h7t a1b2t g6h5t", 0),
            ("b1a1t h8h7t a1b2t g6h5t b2a2t g8g7t c2d1t h5g6t", 0),
            (
                "b1a1 f6g6 c1d2 h4g4 a2b3t g6f6 c2d1t e7f7 b4c4 g5h5 d5e6 g8f7t b2b1t",
                0,
            ),
            ("b3b4 h7g8t c2d2 g7h7t e1f1 f8g8t c1b1 g8f7t b2b3 f6f5", 0),
        ],
        start: "",
        perft_depth: 2,
        search_depth: 4,
        mcts_iterations: 100_000,
    };
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

    fn end_reason(&self) -> Option<String> {
        TumblingDown::end_reason(self)
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

    fn hand_turn_to(&mut self, player: Player) -> bool {
        TumblingDown::hand_turn_to(self, player)
    }

    fn is_noisy(&self, mv: TdMove) -> bool {
        self.lands_on_a_king(mv)
    }

    fn must_answer_threat(&self) -> bool {
        // Both scans find nothing once the game is over.
        self.could_land_on_a_king(1 - self.side) && !self.could_land_on_a_king(self.side)
    }

    fn noisy_candidates(&self, moves: &mut Vec<TdMove>) {
        self.generate_king_landings(moves)
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

    fn view(&self) -> View {
        self.board_view()
    }

    fn move_view(&self, mv: TdMove) -> MoveView {
        TumblingDown::describe_move(mv)
    }

    crate::weighted_evaluation!(eval);
}
