//! Dwnsiwn: two players build a 20-die pyramid; captures re-roll dice (chance plies).
//!
//! Rules as implemented: `seeds/dwnsiwn.md`.

mod eval;
pub mod moves;
pub mod position;
pub mod pyramid;
mod text;
mod view;

use crate::game::view::{MoveView, View};
use crate::game::{BenchSpec, Game, GameConfig, Outcome, Turn};
use crate::profile::Profile;
pub use moves::DnMove;
pub use position::Dwnsiwn;

/// The twenty opening rolls that reach the rulebook's position TV (where the benchmarks start).
const OPENING_ROLLS: &str = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";

impl Game for Dwnsiwn {
    type Move = DnMove;
    const NAME: &'static str = "dwnsiwn";
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[(OPENING_ROLLS, -1)],
        start: OPENING_ROLLS,
        perft_depth: 3,
        search_depth: 3,
        mcts_iterations: 100_000,
    };
    const MOVE_INDEX_SPACE: usize = 4096;

    fn startpos(_config: &GameConfig) -> Result<Self, String> {
        Ok(Dwnsiwn::start())
    }

    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        Dwnsiwn::parse_text(text)
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
        let s = &self.state;
        if s.outcome.is_some() {
            Turn::Over
        } else if s.queue_head < s.queue_len {
            Turn::Chance
        } else {
            Turn::Player(s.decider)
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    fn end_reason(&self) -> Option<String> {
        self.state.end_reason()
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Dwnsiwn::hash_from_scratch(self)
    }

    fn generate(&self, moves: &mut Vec<DnMove>) {
        Dwnsiwn::generate(self, moves)
    }

    fn random_move<R: rand::Rng>(&self, rng: &mut R, moves: &mut Vec<DnMove>) -> DnMove {
        Dwnsiwn::random_move(self, rng, moves)
    }

    fn make(&mut self, mv: DnMove) {
        Dwnsiwn::make(self, mv)
    }

    fn unmake(&mut self) {
        Dwnsiwn::unmake(self)
    }

    fn format_move(&self, mv: DnMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        moves::check_syntax(token)
    }

    fn move_code(mv: DnMove) -> u32 {
        mv.code()
    }

    fn move_index(mv: DnMove) -> usize {
        (mv.code() as usize ^ (mv.code() >> 12) as usize) % Self::MOVE_INDEX_SPACE
    }

    fn view(&self) -> View {
        self.board_view()
    }

    fn move_view(&self, mv: DnMove) -> MoveView {
        Dwnsiwn::describe_move(mv)
    }

    crate::weighted_evaluation!(eval);

    fn value_bound_within(&self, plies: u32) -> Option<i32> {
        Dwnsiwn::value_bound_within(self, plies)
    }
}
