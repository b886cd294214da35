//! Dwindle: 2 to 6 players send one chit along tile pips; tiles vanish; the last player in wins.
//!
//! Rules as implemented: `seeds/dwindle.md`.

pub mod board;
mod eval;
pub mod position;
mod text;
mod view;

use crate::game::view::{MoveView, View};
use crate::game::{BenchSpec, Game, GameConfig, Outcome, Player, Turn};
use crate::profile::Profile;
pub use position::{DwMove, Dwindle};

impl Game for Dwindle {
    type Move = DwMove;
    const NAME: &'static str = "dwindle";
    const PLAYERS: (usize, usize) = (2, 6);
    const BOARDS: &'static [&'static str] = &["dw9", "dw7"];
    const PROFILE: Profile = Profile::parse(include_str!("profile.txt"));
    const BENCH: BenchSpec = BenchSpec {
        positions: &[("", 8), ("f6 d4", 8)],
        start: "",
        perft_depth: 5,
        search_depth: 7,
        mcts_iterations: 500_000,
    };
    const MOVE_INDEX_SPACE: usize = board::MAX_CELLS;

    fn startpos(config: &GameConfig) -> Result<Self, String> {
        let (fewest, most) = Self::PLAYERS;
        if !(fewest..=most).contains(&config.players) {
            return Err(format!(
                "dwindle is for {fewest} to {most} players, not {}",
                config.players
            ));
        }
        let (board, start) = board::named_board(&config.board)?;
        let chit = board.parse_cell(start);
        let all = ((1u16 << config.players) - 1) as u8;
        Ok(Dwindle::set_up(board, config.players, chit, all, 0))
    }

    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        Dwindle::parse_text(text)
    }

    fn to_text(&self) -> String {
        self.write_text()
    }

    fn draw(&self) -> String {
        self.draw_board()
    }

    fn players(&self) -> usize {
        self.players
    }

    fn turn(&self) -> Turn {
        self.state.to_move.map_or(Turn::Over, Turn::Player)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    fn end_reason(&self) -> Option<String> {
        Dwindle::end_reason(self)
    }

    fn hash(&self) -> u64 {
        Dwindle::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        Dwindle::hash_from_scratch(self)
    }

    fn generate(&self, moves: &mut Vec<DwMove>) {
        Dwindle::generate(self, moves)
    }

    fn make(&mut self, mv: DwMove) {
        Dwindle::make(self, mv.0 as usize)
    }

    fn unmake(&mut self) {
        Dwindle::unmake(self)
    }

    fn hand_turn_to(&mut self, player: Player) -> bool {
        Dwindle::hand_turn_to(self, player)
    }

    fn format_move(&self, mv: DwMove) -> String {
        self.board.cell_name(mv.0 as usize)
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        let bytes = token.as_bytes();
        let ok = matches!(
            bytes,
            [b'a'..=b'z', b'1'..=b'9'] | [b'a'..=b'z', b'1'..=b'9', b'0'..=b'9']
        );
        ok.then_some(())
            .ok_or_else(|| format!("malformed token '{token}': expected a cell name like d6"))
    }

    fn move_code(mv: DwMove) -> u32 {
        mv.0 as u32
    }

    fn move_index(mv: DwMove) -> usize {
        mv.0 as usize
    }

    fn view(&self) -> View {
        self.board_view()
    }

    fn move_view(&self, mv: DwMove) -> MoveView {
        self.describe_move(mv)
    }

    fn evaluate(&self, player: Player) -> i32 {
        Dwindle::evaluate(self, player)
    }

    const EVAL_TERMS: &'static [&'static str] = &eval::TERMS;
    const EVAL_WEIGHTS: &'static [i32] = &eval::WEIGHTS;

    fn eval_terms(&self, player: Player) -> Vec<f64> {
        self.terms(player)
    }
}
