//! A toy dice game for search tests, small enough for deep reference searches, where
//! every decision is followed by a weighted roll, and the same player may decide again
//! after it.
//!
//! Two runners race to [`GOAL`]. The player to move steps 1 to 3 (`s1`..`s3`); then a
//! die shows 1 to 4 with weight equal to its value (`r1`..`r4`): an even roll moves the
//! roller on by that much, an odd one moves the opponent back by that much (not below
//! 0). The roller moves again if his square before the roll was a multiple of 5.

use tabula::game::hashing::mix64;
use tabula::game::view::{CellView, MoveView, PieceView, Shape, View};
use tabula::game::{
    BenchSpec, Evaluation, GameConfig, Inputs, Notation, Outcome, Picture, Player, Profiled, Rules,
    Turn,
};

/// The square that wins.
pub const GOAL: u8 = 60;

/// A decision: a step (1..=3) or a roll (11..=14).
pub type RaceMove = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    squares: [u8; 2],
    mover: Player,
    rolling: bool,
}

/// A race position with its undo stack.
#[derive(Clone, Debug)]
pub struct DiceRace {
    state: State,
    undo: Vec<State>,
}

impl DiceRace {
    /// A race with the runners on these squares, `mover` to step.
    pub fn at(squares: [u8; 2], mover: Player) -> Self {
        DiceRace {
            state: State {
                squares,
                mover,
                rolling: false,
            },
            undo: Vec::new(),
        }
    }
}

impl Rules for DiceRace {
    type Move = RaceMove;
    const NAME: &'static str = "dicerace";
    const MOVE_INDEX_SPACE: usize = 16;

    fn startpos(_: &GameConfig) -> Result<Self, String> {
        Ok(DiceRace::at([0, 0], 0))
    }

    fn turn(&self) -> Turn {
        match (self.outcome(), self.state.rolling) {
            (Some(_), _) => Turn::Over,
            (None, true) => Turn::Chance,
            (None, false) => Turn::Player(self.state.mover),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (0..2)
            .find(|&p| self.state.squares[p] >= GOAL)
            .map(|p| Outcome::Win(p as Player))
    }

    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn hash_from_scratch(&self) -> u64 {
        let s = &self.state;
        mix64(
            s.squares[0] as u64
                | (s.squares[1] as u64) << 8
                | (s.mover as u64) << 16
                | (s.rolling as u64) << 17,
        )
    }

    fn generate(&self, moves: &mut Vec<RaceMove>) {
        moves.clear();
        match self.turn() {
            Turn::Over => {}
            Turn::Chance => moves.extend(11..=14),
            Turn::Player(_) => moves.extend(1..=3),
        }
    }

    fn make(&mut self, mv: RaceMove) {
        self.undo.push(self.state);
        let s = &mut self.state;
        let (me, them) = (s.mover as usize, 1 - s.mover as usize);
        if s.rolling {
            let roll = mv - 10;
            if s.squares[me] % 5 != 0 {
                s.mover = them as Player;
            }
            if roll % 2 == 0 {
                s.squares[me] += roll;
            } else {
                s.squares[them] = s.squares[them].saturating_sub(roll);
            }
        } else {
            s.squares[me] += mv;
        }
        s.rolling = !s.rolling;
    }

    fn unmake(&mut self) {
        self.state = self.undo.pop().expect("unmake without make");
    }

    fn chance_weight(&self, mv: RaceMove) -> u32 {
        (mv - 10) as u32
    }

    fn move_code(mv: RaceMove) -> u32 {
        mv as u32
    }

    fn move_index(mv: RaceMove) -> usize {
        mv as usize
    }
}

impl Notation for DiceRace {
    /// `<square> <square> <mover> <step|roll>`.
    fn from_text(text: &str, _: &GameConfig) -> Result<Self, String> {
        let syntax = || "expected: <square> <square> <mover> <step|roll>".to_string();
        let fields: Vec<&str> = text.split(' ').collect();
        let [a, b, mover, phase] = fields[..] else {
            return Err(syntax());
        };
        let number = |f: &str| f.parse::<u8>().map_err(|_| format!("bad field '{f}'"));
        let (a, b, mover) = (number(a)?, number(b)?, number(mover)?);
        if a.max(b) > GOAL + 3 || mover > 1 {
            return Err(syntax());
        }
        let mut pos = DiceRace::at([a, b], mover);
        pos.state.rolling = match phase {
            "step" => false,
            "roll" => true,
            _ => return Err(syntax()),
        };
        Ok(pos)
    }

    fn to_text(&self) -> String {
        let s = &self.state;
        let phase = if s.rolling { "roll" } else { "step" };
        format!("{} {} {} {phase}", s.squares[0], s.squares[1], s.mover)
    }

    fn draw(&self) -> String {
        self.to_text()
    }

    fn format_move(&self, mv: RaceMove) -> String {
        if mv > 10 {
            format!("r{}", mv - 10)
        } else {
            format!("s{mv}")
        }
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        match token {
            "s1" | "s2" | "s3" | "r1" | "r2" | "r3" | "r4" => Ok(()),
            _ => Err(format!("bad token '{token}'")),
        }
    }
}

impl Picture for DiceRace {
    /// The squares in a row, one runner on each runner's square.
    fn view(&self) -> View {
        let cells = (0..=GOAL + 3)
            .map(|sq| CellView::new(sq.to_string(), sq as f32, 0.0, Shape::Square))
            .collect();
        let pieces = (0..2)
            .map(|p| PieceView {
                cell: self.state.squares[p] as usize,
                stack: vec![p as Player],
                kind: "runner",
                label: String::new(),
            })
            .collect();
        View {
            cells,
            pieces,
            ..View::default()
        }
    }

    fn move_view(&self, mv: RaceMove) -> MoveView {
        let square = self.state.squares[self.state.mover as usize] as usize;
        match mv {
            1..=3 => MoveView {
                from: Some(square),
                to: Some(square + mv as usize),
                words: format!("step {mv}"),
            },
            _ => MoveView {
                from: None,
                to: None,
                words: format!("roll {}", mv - 10),
            },
        }
    }
}

impl Evaluation for DiceRace {
    fn value_bound_within(&self, plies: u32) -> Option<i32> {
        let lead = self.state.squares.iter().max().copied().unwrap_or(0) as u32;
        (lead + 4 * plies < GOAL as u32).then_some(7 * GOAL as i32 + 4)
    }

    fn evaluate(&self, player: Player) -> i32 {
        let (mine, theirs) = (
            self.state.squares[player as usize] as i32,
            self.state.squares[1 - player as usize] as i32,
        );
        7 * (mine - theirs) + mine * mine % 5
    }
}

impl Inputs for DiceRace {}

impl Profiled for DiceRace {
    const BENCH: BenchSpec = BenchSpec {
        positions: &[("", 0), ("s2 r2", 0)],
        start: "",
        perft_depth: 4,
        search_depth: 4,
        mcts_iterations: 1_000,
    };
}
