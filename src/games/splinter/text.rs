//! Position text (parse and write) and the board drawing.

use super::board::{
    Cell, CellSet, DIRECTION_NAMES, FILES, RANKS, STRIDE, cell_name, cell_of, parse_cell,
};
use super::groups::joined;
use super::moves::SpMove;
use super::position::{
    NO_DIRECTION, PLY_LIMIT, Record, Splinter, TYPES, colour_of, kind_of, piece,
};
use crate::game::{GameConfig, Notation, Outcome, Player};

/// The letter of a piece code: upper case for White (`p1`), lower case for Black.
fn letter(code: u8) -> char {
    let c = TYPES[kind_of(code)];
    if colour_of(code) == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

fn parse_rank(text: &str, rank: usize, pieces: &mut Vec<(Cell, u8)>) -> Result<(), String> {
    let mut file = 0;
    let mut digits = String::new();
    let bad = || format!("rank {} must describe {FILES} files: '{text}'", rank + 1);
    for c in text.chars().chain(std::iter::once('|')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let run: usize = digits.parse().map_err(|_| bad())?;
            if run == 0 || digits.starts_with('0') {
                return Err(bad());
            }
            file += run;
            digits.clear();
        }
        if c == '|' {
            break;
        }
        let kind = TYPES
            .iter()
            .position(|&t| t == c.to_ascii_uppercase())
            .ok_or_else(|| format!("bad piece '{c}': use K R B P (White) or k r b p (Black)"))?;
        if file >= FILES {
            return Err(bad());
        }
        pieces.push((
            cell_of(file, rank),
            piece(c.is_ascii_lowercase() as Player, kind),
        ));
        file += 1;
    }
    if file == FILES { Ok(()) } else { Err(bad()) }
}

fn parse_record(text: &str) -> Result<Record, String> {
    if text == "-" {
        return Ok(Record::none());
    }
    let bad = || format!("bad record '{text}': '-' or <direction>:<square>,<square>,...");
    let (name, squares) = text.split_once(':').ok_or_else(bad)?;
    let direction = DIRECTION_NAMES
        .iter()
        .position(|&d| d == name)
        .ok_or_else(bad)?;
    let mut cells = CellSet::default();
    for square in squares.split(',') {
        cells.insert(parse_cell(square).ok_or_else(bad)?);
    }
    Ok(Record {
        direction: direction as u8,
        cells,
    })
}

impl Notation for Splinter {
    /// Parses `<rank 18>/.../<rank 1> <p1|p2> <record> <plies> [draw]`; `draw` marks a game
    /// drawn by repetition, which the board alone cannot show.
    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, record, ply, drawn) = match fields[..] {
            [board, side, record, ply] => (board, side, record, ply, false),
            [board, side, record, ply, "draw"] => (board, side, record, ply, true),
            [.., result] if fields.len() == 5 => {
                return Err(format!(
                    "bad result '{result}': only a draw by repetition is written, as 'draw'"
                ));
            }
            _ => {
                return Err(
                    "position text needs 4 fields, <board> <p1|p2> <record> <plies>, and 'draw' after a repetition"
                        .to_string(),
                );
            }
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != RANKS {
            return Err(format!(
                "the board needs {RANKS} ranks separated by '/', found {}",
                ranks.len()
            ));
        }
        let mut pieces = Vec::new();
        for (row, rank) in ranks.iter().enumerate() {
            parse_rank(rank, RANKS - 1 - row, &mut pieces)?;
        }
        let side: Player = match side {
            "p1" => 0,
            "p2" => 1,
            _ => return Err(format!("bad side to move '{side}': expected p1 or p2")),
        };
        let record = parse_record(record)?;
        let ply: u16 = ply
            .parse()
            .ok()
            .filter(|&p| p <= PLY_LIMIT)
            .ok_or_else(|| format!("bad ply count '{ply}': expected 0..={PLY_LIMIT}"))?;
        let occupied: CellSet = pieces.iter().fold(CellSet::default(), |mut set, &(c, _)| {
            set.insert(c);
            set
        });
        if !joined(&occupied, &occupied) {
            return Err("all pieces must form one group (R9)".to_string());
        }
        if record.cells.iter().any(|c| !occupied.has(c)) {
            return Err("the record names a square without a piece".to_string());
        }
        let mut pos = Self::from_parts(&pieces, side, record, ply);
        if drawn {
            if pos.state.outcome.is_some() {
                return Err("the board already ends the game: drop 'draw'".to_string());
            }
            pos.state.outcome = Some(Outcome::Draw);
        }
        for (colour, counts) in pos.state.counts.iter().enumerate() {
            if counts.iter().zip([1, 2, 3, 9]).any(|(&n, max)| n > max) {
                return Err(format!(
                    "p{} has more pieces of a type than the game has",
                    colour + 1
                ));
            }
        }
        Ok(pos)
    }

    /// Writes the position text.
    fn to_text(&self) -> String {
        let s = &self.state;
        let ranks: Vec<String> = (0..RANKS)
            .rev()
            .map(|rank| {
                let mut out = String::new();
                let mut run = 0;
                for file in 0..FILES {
                    let code = s.board[cell_of(file, rank)];
                    if code == 0 {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(letter(code));
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                }
                out
            })
            .collect();
        let record = if s.record.direction == NO_DIRECTION {
            "-".to_string()
        } else {
            let cells: Vec<String> = s.record.cells.iter().map(cell_name).collect();
            format!(
                "{}:{}",
                DIRECTION_NAMES[s.record.direction as usize],
                cells.join(",")
            )
        };
        let by_board = s
            .knockout_result()
            .or((s.ply >= PLY_LIMIT).then_some(Outcome::Draw));
        let repeated = if s.outcome != by_board { " draw" } else { "" };
        format!(
            "{} p{} {record} {}{repeated}",
            ranks.join("/"),
            s.side + 1,
            s.ply
        )
    }

    /// The occupied part of the board, with rank numbers and file letters.
    fn draw(&self) -> String {
        let s = &self.state;
        let cells: Vec<Cell> = s.occupied.iter().collect();
        let (Some(&lowest), Some(&highest)) = (cells.first(), cells.last()) else {
            return String::new();
        };
        let (low_rank, high_rank) = (lowest / STRIDE - 1, highest / STRIDE - 1);
        let mut out = String::new();
        for rank in (low_rank.saturating_sub(1)..=(high_rank + 1).min(RANKS - 1)).rev() {
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..FILES {
                let code = s.board[cell_of(file, rank)];
                out.push(if code == 0 { '.' } else { letter(code) });
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..FILES {
            out.push((b'a' + file as u8) as char);
            out.push(' ');
        }
        out.push('\n');
        out
    }

    fn format_move(&self, mv: SpMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        super::moves::check_syntax(token)
    }
}
