//! Position text (parse and write) and the board drawing.

use super::board::Square;
use super::moves::TdMove;
use super::position::{CHECKERS_PER_PLAYER, PLY_LIMIT, TumblingDown, is_pure, top_owner};
use crate::game::{GameConfig, Notation, Outcome, Player, Rules};

fn parse_result(text: &str) -> Result<Outcome, String> {
    match text {
        "p1win" => Ok(Outcome::Win(0)),
        "p2win" => Ok(Outcome::Win(1)),
        "draw" => Ok(Outcome::Draw),
        _ => Err(format!(
            "bad result '{text}': expected p1win, p2win or draw"
        )),
    }
}

/// Writes a stack bottom to top (`xxo`), or `.` for an empty square.
pub fn stack_text(height: u8, colors: u64) -> String {
    if height == 0 {
        return ".".to_string();
    }
    (0..height)
        .map(|i| if colors >> i & 1 == 1 { 'o' } else { 'x' })
        .collect()
}

fn parse_stack(cell: &str) -> Result<(u8, u64), String> {
    if cell == "." {
        return Ok((0, 0));
    }
    if cell.is_empty() || cell.len() > 58 {
        return Err(format!(
            "bad stack '{cell}': write x/o checkers bottom to top, or '.'"
        ));
    }
    let mut colors = 0u64;
    for (i, c) in cell.bytes().enumerate() {
        match c {
            b'x' => {}
            b'o' => colors |= 1 << i,
            _ => return Err(format!("bad stack '{cell}': only 'x' and 'o' may stack")),
        }
    }
    Ok((cell.len() as u8, colors))
}

impl TumblingDown {
    /// Whether a square holds one of its owner's kings.
    pub fn is_king(&self, sq: Square) -> bool {
        let (h, c) = self.stack(sq);
        // The height first: most stacks are not as tall as their owner's kings.
        h > 0 && {
            let owner = top_owner(h, c);
            h == self.king_height[owner as usize] && is_pure(owner, h, c)
        }
    }
}

impl Notation for TumblingDown {
    /// Parses `<rank 8>/.../<rank 1> <p1|p2> <plies> [<result>]`; each rank is eight comma-separated
    /// cells, and a finished game ends with its result (`p1win`, `p2win` or `draw`).
    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, ply, result) = match fields[..] {
            [board, side, ply] => (board, side, ply, None),
            [board, side, ply, result] => (board, side, ply, Some(parse_result(result)?)),
            _ => return Err(
                "position text needs 3 fields, <board> <p1|p2> <plies>, and the result once over"
                    .to_string(),
            ),
        };
        let side: Player = match side {
            "p1" => 0,
            "p2" => 1,
            _ => return Err(format!("bad side to move '{side}': expected p1 or p2")),
        };
        let ply: u16 = ply
            .parse()
            .ok()
            .filter(|&p| p <= PLY_LIMIT)
            .ok_or_else(|| format!("bad ply count '{ply}': expected 0..={PLY_LIMIT}"))?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!(
                "the board needs 8 ranks separated by '/', found {}",
                ranks.len()
            ));
        }
        let mut stacks = [(0u8, 0u64); 64];
        for (row, rank) in ranks.iter().enumerate() {
            let cells: Vec<&str> = rank.split(',').collect();
            if cells.len() != 8 {
                return Err(format!(
                    "rank {} needs 8 cells separated by ',', found {}",
                    8 - row,
                    cells.len()
                ));
            }
            for (file, cell) in cells.iter().enumerate() {
                stacks[(7 - row) * 8 + file] = parse_stack(cell)?;
            }
        }
        let o_count: u32 = stacks.iter().map(|&(_, c)| c.count_ones()).sum();
        let x_count: u32 = stacks.iter().map(|&(h, _)| h as u32).sum::<u32>() - o_count;
        if x_count > CHECKERS_PER_PLAYER || o_count > CHECKERS_PER_PLAYER {
            return Err(format!(
                "too many checkers: {x_count} x and {o_count} o (at most 29 each)"
            ));
        }
        let mut pos = Self::from_parts(&stacks, side, ply);
        if let Some(outcome) = result {
            pos.set_outcome(outcome);
        } else if pos.king_height.contains(&0) {
            return Err(
                "each player needs a pure stack (a king), or the game would be over".to_string(),
            );
        } else if ply == PLY_LIMIT {
            return Err(format!("ply {PLY_LIMIT} ends the game: give the result"));
        }
        Ok(pos)
    }

    /// Writes the position text.
    fn to_text(&self) -> String {
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|r| {
                (0..8)
                    .map(|f| {
                        let (h, c) = self.stack(r * 8 + f);
                        stack_text(h, c)
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let result = self
            .outcome()
            .map_or(String::new(), |o| format!(" {}", o.name()));
        format!(
            "{} p{} {}{result}",
            ranks.join("/"),
            self.side() + 1,
            self.ply()
        )
    }

    /// The board as in the rulebook's diagrams, with kings marked `*`.
    fn draw(&self) -> String {
        let width = (0..64).map(|sq| self.heights[sq]).max().unwrap_or(0).max(4) as usize + 2;
        let mut out = String::new();
        for r in (0..8).rev() {
            out.push_str(&format!("{}  ", r + 1));
            for f in 0..8 {
                let sq: Square = r * 8 + f;
                let (h, c) = self.stack(sq);
                let mut cell = stack_text(h, c);
                if self.is_king(sq) {
                    cell.push('*');
                }
                out.push_str(&format!("{cell:<width$}"));
            }
            out.push('\n');
        }
        out.push_str("   ");
        for f in 0..8 {
            out.push_str(&format!("{:<width$}", (b'a' + f) as char));
        }
        out.push('\n');
        out
    }

    fn format_move(&self, mv: TdMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        super::moves::check_syntax(token)
    }
}
