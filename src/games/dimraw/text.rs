//! Position text and the board drawing.

use super::board::POINTS;
use super::moves::DmMove;
use super::position::{AFTER_LAST_TURN, Dimraw, START_HAND, State};
use crate::game::{GameConfig, Notation};

const PLAYER_MARKS: [char; 2] = ['x', 'o'];

impl Dimraw {
    fn board_string(&self) -> String {
        (0..POINTS)
            .map(|v| {
                (0..2)
                    .find(|&p| self.state.pieces[p] >> v & 1 == 1)
                    .map_or('.', |p| PLAYER_MARKS[p])
            })
            .collect()
    }
}

impl Notation for Dimraw {
    /// Parses `<20 points> <p1 hand> <p2 hand> <p1|p2> <removal 0|1> <passes 0..2> <turn>`.
    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, hand1, hand2, side, pending, passes, turn] = fields[..] else {
            return Err("position text needs 7 fields: <board> <hand p1> <hand p2> <p1|p2> <removal> <passes> <turn>".into());
        };
        if board.len() != POINTS {
            return Err(format!(
                "the board needs {POINTS} characters (x, o or .), found {}",
                board.len()
            ));
        }
        let mut pieces = [0u32; 2];
        for (v, c) in board.bytes().enumerate() {
            match c {
                b'x' => pieces[0] |= 1 << v,
                b'o' => pieces[1] |= 1 << v,
                b'.' => {}
                _ => {
                    return Err(format!(
                        "bad point '{}' in the board: use x, o or .",
                        c as char
                    ));
                }
            }
        }
        let number = |text: &str, max: u32, what: &str| {
            text.parse::<u32>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("bad {what} '{text}': expected 0..={max}"))
        };
        let hand = [
            number(hand1, 12, "p1 hand")? as u8,
            number(hand2, 20, "p2 hand")? as u8,
        ];
        for p in 0..2 {
            if pieces[p].count_ones() + hand[p] as u32 > START_HAND[p] as u32 {
                return Err(format!("p{} has more than {} pieces", p + 1, START_HAND[p]));
            }
        }
        let side = match side {
            "p1" => 0,
            "p2" => 1,
            _ => return Err(format!("bad side to move '{side}': expected p1 or p2")),
        };
        let removal_pending = number(pending, 1, "removal flag")? == 1;
        let passes = number(passes, 2, "pass count")? as u8;
        let turn = number(turn, AFTER_LAST_TURN as u32, "turn")? as u16;
        if turn == 0 {
            return Err("turns are numbered from 1".to_string());
        }
        let pos = Self::from_state(State {
            pieces,
            hand,
            side,
            removal_pending,
            passes,
            turn,
            outcome: None,
            hash: 0,
        });
        if pos.state.outcome.is_none() && (turn % 2 == 1) != (side == 0) {
            return Err(format!(
                "p1 plays the odd turns and p2 the even ones; turn {turn} is not p{}'s",
                side + 1
            ));
        }
        Ok(pos)
    }

    /// Writes the position text.
    fn to_text(&self) -> String {
        let s = &self.state;
        format!(
            "{} {} {} p{} {} {} {}",
            self.board_string(),
            s.hand[0],
            s.hand[1],
            s.side + 1,
            s.removal_pending as u8,
            s.passes,
            s.turn
        )
    }

    /// The board as a picture, with the point numbers beside it.
    fn draw(&self) -> String {
        const TEMPLATE: [&str; 7] = [
            "#-----------#-----------#      17----------18----------19",
            "|  #--------#--------#  |      |  14-------15-------16  |",
            "|  |  #-----------#  |  |      |  |  12---------13  |  |",
            "#--#  |           |  #--#      8--9  |           |  10--11",
            "|  |  #-----------#  |  |      |  |  6-----------7  |  |",
            "|  #--------#--------#  |      |  3--------4--------5  |",
            "#-----------#-----------#      0-----------1-----------2",
        ];
        /// The points in the order their `#` appear in the template.
        const READING_ORDER: [usize; POINTS] = [
            17, 18, 19, 14, 15, 16, 12, 13, 8, 9, 10, 11, 6, 7, 3, 4, 5, 0, 1, 2,
        ];
        let board: Vec<char> = self.board_string().chars().collect();
        let mut points = READING_ORDER.iter();
        let mut out = String::new();
        for line in TEMPLATE {
            let (picture, numbers) = line.split_at(25);
            for c in picture.chars() {
                out.push(if c == '#' {
                    board[*points.next().expect("20 marks")]
                } else {
                    c
                });
            }
            out.push_str(numbers);
            out.push('\n');
        }
        let s = &self.state;
        out.push_str(&format!(
            "hands: p1 {} p2 {}; turn {}; {}\n",
            s.hand[0],
            s.hand[1],
            s.turn,
            if s.removal_pending {
                "removal pending"
            } else {
                "no removal pending"
            }
        ));
        out
    }

    fn format_move(&self, mv: DmMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        super::moves::check_syntax(token)
    }
}
