//! Dimraw, the "Dimraw (Ludii 4)" ruleset: three nested squares, 12 pieces against 20, mills remove.
//!
//! Rules as implemented: `seeds/dimraw.md`.

pub mod board;
mod eval;
pub mod moves;
pub mod position;
mod text;
mod view;

use crate::game::view::{MoveView, View};
use crate::game::{BenchSpec, Game, GameConfig, Outcome, Turn, two_player};
use crate::profile::Profile;
pub use moves::DmMove;
pub use position::Dimraw;

impl Game for Dimraw {
    type Move = DmMove;
    const NAME: &'static str = "dimraw";
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[
            ("", 4),
            ("@0 @5 @1 @7 @2", 4),
            ("@12 @8 @1 @16 @14 @7 @0 @18 @17 x8 @13 @15 @4 @8 x4", 4),
            (
                "@10 @0 @15 @14 @18 @6 @12 x6 @17 @13 x0 @16 @11 x16 @16 @7 x17 @2 @9 @17 @8 x16 @3 @1 @16 @6 x16 @0 @4 x3 @3 15-16 @19 4-5 x14 @14 16-15 x19",
                4,
            ),
        ],
        start: "",
        perft_depth: 4,
        search_depth: 7,
        mcts_iterations: 500_000,
    };
    const MOVE_INDEX_SPACE: usize = 4096;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(Dimraw::start())
    }

    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        Dimraw::parse_text(text)
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
        Dimraw::end_reason(self)
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Dimraw::hash_from_scratch(self)
    }

    fn repeats_earlier(&self) -> bool {
        Dimraw::repeats_earlier(self)
    }

    fn generate(&self, moves: &mut Vec<DmMove>) {
        Dimraw::generate(self, moves)
    }

    fn random_move<R: rand::Rng>(&self, rng: &mut R, _moves: &mut Vec<DmMove>) -> DmMove {
        Dimraw::random_move(self, rng)
    }

    fn make(&mut self, mv: DmMove) {
        Dimraw::make(self, mv)
    }

    fn unmake(&mut self) {
        Dimraw::unmake(self)
    }

    fn is_tactical(&self, mv: DmMove) -> bool {
        Dimraw::is_tactical(self, mv)
    }

    fn is_noisy(&self, mv: DmMove) -> bool {
        Dimraw::is_noisy(self, mv)
    }

    fn finishes_turn(&self) -> bool {
        self.state.removal_pending
    }

    fn format_move(&self, mv: DmMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        moves::check_syntax(token)
    }

    fn move_code(mv: DmMove) -> u32 {
        mv.code() as u32
    }

    fn move_index(mv: DmMove) -> usize {
        mv.code() as usize
    }

    fn view(&self) -> View {
        self.board_view()
    }

    fn move_view(&self, mv: DmMove) -> MoveView {
        Dimraw::describe_move(mv)
    }

    crate::weighted_evaluation!(eval);
}
