//! Splinter (Ed Nadel, four-type version): push lines of pieces, keep the largest group, knock out types.
//!
//! Rules as implemented: `seeds/splinter.md`.

pub mod board;
mod eval;
mod groups;
pub mod moves;
pub mod position;
mod square;
mod text;
mod view;

use crate::game::view::{MoveView, View};
use crate::game::{BenchSpec, Game, GameConfig, Outcome, Player, Turn, two_player};
use crate::profile::Profile;
pub use moves::SpMove;
pub use position::Splinter;
pub use text::START;

impl Game for Splinter {
    type Move = SpMove;
    const NAME: &'static str = "splinter";
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 0),
            ("h7h8 f10e10 h8h9", 0),
            (
                "h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10",
                0,
            ),
            ("j7i7 j8i8 i7h7 i8h8 h7g7 h8g8 g7f7 g8f8 f7e7 f8e8", 0),
        ],
        start: "",
        perft_depth: 2,
        search_depth: 3,
        mcts_iterations: 20_000,
    };
    const MOVE_INDEX_SPACE: usize = 4096;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Splinter::parse_text(START)
    }

    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        Splinter::parse_text(text)
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
        two_player::turn(self.state.outcome, self.state.side)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    fn end_reason(&self) -> Option<String> {
        Splinter::end_reason(self)
    }

    fn hash(&self) -> u64 {
        Splinter::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        Splinter::hash_from_scratch(self)
    }

    fn repeats_earlier(&self) -> bool {
        Splinter::repeats_earlier(self)
    }

    fn generate(&self, moves: &mut Vec<SpMove>) {
        Splinter::generate(self, moves)
    }

    fn make(&mut self, mv: SpMove) {
        Splinter::make(self, mv)
    }

    fn unmake(&mut self) {
        Splinter::unmake(self)
    }

    fn hand_turn_to(&mut self, player: Player) -> bool {
        Splinter::hand_turn_to(self, player)
    }

    fn is_noisy(&self, mv: SpMove) -> bool {
        mv.takes_pieces_off()
    }

    fn format_move(&self, mv: SpMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        moves::check_syntax(token)
    }

    fn move_code(mv: SpMove) -> u32 {
        mv.bits()
    }

    fn move_index(mv: SpMove) -> usize {
        (mv.bits() & 4095) as usize
    }

    fn view(&self) -> View {
        self.board_view()
    }

    fn move_view(&self, mv: SpMove) -> MoveView {
        Splinter::describe_move(mv)
    }

    crate::weighted_evaluation!(eval);
}
