//! Position text and the board drawing.

use std::sync::Arc;

use super::board::{Board, Kind};
use super::position::{DwMove, Dwindle};
use crate::game::{GameConfig, Notation, Player};

impl Notation for Dwindle {
    /// Parses `<board> <chit|-> <players> <active> <p<k>|->` (see `seeds/dwindle.md`).
    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, chit, players, active, to_move] = fields[..] else {
            return Err(
                "position text needs 5 fields: <board> <chit|-> <players> <active> <p<k>|->".into(),
            );
        };
        let board: Arc<Board> = Board::parse(board)?;
        let chit = match chit {
            "-" => None,
            name => {
                let cell = board
                    .parse_cell(name)
                    .ok_or_else(|| format!("bad chit cell '{name}'"))?;
                if !matches!(board.kinds[cell], Kind::Tile(_)) {
                    return Err(format!("the chit must be on a tile, and {name} has none"));
                }
                Some(cell)
            }
        };
        let players: usize = players
            .parse()
            .ok()
            .filter(|n| (2..=6).contains(n))
            .ok_or_else(|| format!("bad player count '{players}': expected 2..6"))?;
        if active.len() != players || !active.bytes().all(|b| b == b'0' || b == b'1') {
            return Err(format!(
                "'{active}' must give 0 (out) or 1 (in) for each of the {players} players"
            ));
        }
        let active_bits = active
            .bytes()
            .enumerate()
            .fold(0u8, |bits, (p, b)| bits | ((b == b'1') as u8) << p);
        let pos = match to_move {
            "-" => {
                let pos = Dwindle::set_up(
                    board,
                    players,
                    chit,
                    active_bits,
                    active_bits.trailing_zeros() as Player,
                );
                if pos.state.outcome.is_none() {
                    return Err("'-' says nobody is to move, but the game is not over".to_string());
                }
                pos
            }
            name => {
                let mover = name
                    .strip_prefix('p')
                    .and_then(|k| k.parse::<usize>().ok())
                    .filter(|k| (1..=players).contains(k))
                    .ok_or_else(|| format!("bad player to move '{name}'"))?
                    - 1;
                if active_bits >> mover & 1 == 0 {
                    return Err(format!("{name} is out and cannot be to move"));
                }
                Dwindle::set_up(board, players, chit, active_bits, mover as Player)
            }
        };
        Ok(pos)
    }

    /// Writes the position text (removed tiles are written as empty cells).
    fn to_text(&self) -> String {
        let s = &self.state;
        let chit = s
            .chit
            .map_or("-".to_string(), |c| self.board.cell_name(c as usize));
        let active: String = (0..self.players)
            .map(|p| if self.is_in(p as Player) { '1' } else { '0' })
            .collect();
        let to_move = s.to_move.map_or("-".to_string(), |p| format!("p{}", p + 1));
        format!(
            "{} {chit} {} {active} {to_move}",
            self.board.write(|c| s.tiles.has(c)),
            self.players
        )
    }

    /// The board table with the chit marked `*`.
    fn draw(&self) -> String {
        let b = &self.board;
        let mut out = String::new();
        for rank in (0..b.height).rev() {
            out.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..b.width {
                let cell = rank * b.width + file;
                let text = match b.kinds[cell] {
                    Kind::Void => "--".to_string(),
                    Kind::Tile(p) if self.state.tiles.has(cell) => format!("{p:02X}"),
                    _ => "..".to_string(),
                };
                let mark = if self.state.chit == Some(cell as u16) {
                    '*'
                } else {
                    ' '
                };
                out.push_str(&format!("{text}{mark} "));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..b.width {
            out.push_str(&format!("{}   ", (b'a' + file as u8) as char));
        }
        out.push('\n');
        out
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
}
