//! Position text (parse and write) and the pyramid drawing.

use super::moves::DnMove;
use super::position::{DICE_PER_COLOUR, Dwnsiwn, NOBODY, State, queue_entry};
use super::pyramid::{CELL_COUNT, DUNGEON, SUPPORT, cell_name, layer, sides};
use crate::game::{GameConfig, Notation, Player};

fn parse_stock(text: &str) -> Result<[[u8; 7]; 2], String> {
    let mut stock = [[0u8; 7]; 2];
    if text == "-" {
        return Ok(stock);
    }
    for die in text.split(',') {
        match die.as_bytes() {
            [k @ b'1'..=b'2', v @ b'1'..=b'6'] => {
                stock[(k - b'1') as usize][(v - b'0') as usize] += 1
            }
            _ => return Err(format!("bad die '{die}' in a stock: write KV, e.g. 14")),
        }
    }
    Ok(stock)
}

/// The pending rolls as the position text writes them: `K>N` for each, comma-separated, or `-`.
pub(super) fn write_queue(s: &State) -> String {
    let queue: Vec<String> = s.queue[s.queue_head as usize..s.queue_len as usize]
        .iter()
        .map(|&e| format!("{}>{}", (e & 1) + 1, (e >> 1) + 1))
        .collect();
    if queue.is_empty() {
        "-".to_string()
    } else {
        queue.join(",")
    }
}

/// A stock as the position text writes it: `KV` for each die, comma-separated, or `-`.
pub(super) fn write_stock(stock: &[[u8; 7]; 2]) -> String {
    let dice: Vec<String> = (0..2)
        .flat_map(|k| {
            (1..=6).flat_map(move |v| {
                std::iter::repeat_n(format!("{}{v}", k + 1), stock[k][v] as usize)
            })
        })
        .collect();
    if dice.is_empty() {
        "-".to_string()
    } else {
        dice.join(",")
    }
}

fn parse_cell_entry(cell: usize, entry: &str) -> Result<Option<(u8, [u8; 3])>, String> {
    if entry == "." {
        return Ok(None);
    }
    let bad = || format!("bad entry '{entry}' for cell {}", cell_name(cell));
    let (colour, faces) = entry.split_once(':').ok_or_else(bad)?;
    let colour = match colour {
        "1" => 0,
        "2" => 1,
        _ => return Err(bad()),
    };
    let digits: Vec<u8> = faces.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if cell == DUNGEON {
        return match faces {
            "p1" => Ok(Some((colour, [1, 0, 0]))),
            "p2" => Ok(Some((colour, [2, 0, 0]))),
            _ => Err(format!(
                "the dungeon entry names its placer: '{}:p1' or '{}:p2'",
                colour + 1,
                colour + 1
            )),
        };
    }
    let shown: [u8; 3] = digits.try_into().map_err(|_| bad())?;
    let mask = sides(cell);
    let consistent = (0..3).all(|s| (shown[s] != 0) == (mask >> s & 1 == 1) && shown[s] <= 6);
    if consistent {
        Ok(Some((colour, shown)))
    } else {
        Err(bad())
    }
}

/// Reads the pending rolls (`-` for none, else `K>N` entries) into `state`'s queue.
fn parse_queue(queue: &str, state: &mut State) -> Result<(), String> {
    if queue == "-" {
        return Ok(());
    }
    for (slot, roll) in queue.split(',').enumerate() {
        let entry = match roll {
            "1>1" => queue_entry(0, 0),
            "1>2" => queue_entry(0, 1),
            "2>1" => queue_entry(1, 0),
            "2>2" => queue_entry(1, 1),
            _ => {
                return Err(format!(
                    "bad pending roll '{roll}': K>N, a die of colour K for pN's stock"
                ));
            }
        };
        if slot >= state.queue.len() {
            return Err("too many pending rolls".to_string());
        }
        state.queue[slot] = entry;
        state.queue_len += 1;
    }
    Ok(())
}

/// Checks that each colour has exactly [`DICE_PER_COLOUR`] dice: placed, in stocks or pending.
fn check_dice_counts(state: &State) -> Result<(), String> {
    for colour in 0..2u8 {
        let placed = (0..CELL_COUNT)
            .filter(|&c| state.filled >> c & 1 == 1 && state.colour[c] == colour)
            .count() as u32;
        let stocked: u32 = (0..2)
            .map(|o| {
                state.stock[o][colour as usize]
                    .iter()
                    .map(|&n| n as u32)
                    .sum::<u32>()
            })
            .sum();
        let pending = state.queue[..state.queue_len as usize]
            .iter()
            .filter(|&&e| e & 1 == colour)
            .count() as u32;
        if placed + stocked + pending != DICE_PER_COLOUR {
            return Err(format!(
                "colour {} needs exactly {DICE_PER_COLOUR} dice in all",
                colour + 1
            ));
        }
    }
    Ok(())
}

impl Notation for Dwnsiwn {
    /// Parses `<cells> <p1 stock> <p2 stock> <queue> <decider>` (see `seeds/dwnsiwn.md`).
    fn from_text(text: &str, _config: &GameConfig) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [cells, stock1, stock2, queue, decider] = fields[..] else {
            return Err(
                "position text needs 5 fields: <cells> <p1 stock> <p2 stock> <queue> <p1|p2>"
                    .to_string(),
            );
        };
        let entries: Vec<&str> = cells.split(',').collect();
        if entries.len() != CELL_COUNT {
            return Err(format!(
                "the pyramid needs {CELL_COUNT} cells separated by ',', found {}",
                entries.len()
            ));
        }
        let mut state = Dwnsiwn::start().state;
        state.queue_len = 0;
        for (cell, entry) in entries.iter().enumerate() {
            if let Some((colour, shown)) = parse_cell_entry(cell, entry)? {
                state.filled |= 1 << cell;
                state.colour[cell] = colour;
                state.shown[cell] = shown;
                if cell == DUNGEON {
                    state.dungeon_placer = shown[0] - 1;
                } else {
                    for (score, &face) in state.scores[colour as usize].iter_mut().zip(shown.iter())
                    {
                        *score += face as u16;
                    }
                }
            }
        }
        if (0..CELL_COUNT).any(|c| {
            state.filled >> c & 1 == 1 && layer(c) < 3 && state.filled & SUPPORT[c] != SUPPORT[c]
        }) {
            return Err("a die must rest on three dice below it".to_string());
        }
        state.stock = [parse_stock(stock1)?, parse_stock(stock2)?];
        parse_queue(queue, &mut state)?;
        state.decider = match decider {
            "p1" => 0,
            "p2" => 1,
            _ => return Err(format!("bad decider '{decider}': expected p1 or p2")),
        };
        check_dice_counts(&state)?;
        if state.dungeon_placer != NOBODY && state.filled >> DUNGEON & 1 == 0 {
            return Err("no dungeon die, so no dungeon placer".to_string());
        }
        Ok(Dwnsiwn::from_state(state))
    }

    /// Writes the position text.
    fn to_text(&self) -> String {
        let s: &State = &self.state;
        let cells: Vec<String> = (0..CELL_COUNT)
            .map(|c| {
                if s.filled >> c & 1 == 0 {
                    ".".to_string()
                } else if c == DUNGEON {
                    format!("{}:p{}", s.colour[c] + 1, s.dungeon_placer + 1)
                } else {
                    format!(
                        "{}:{}{}{}",
                        s.colour[c] + 1,
                        s.shown[c][0],
                        s.shown[c][1],
                        s.shown[c][2]
                    )
                }
            })
            .collect();
        let queue = write_queue(s);
        format!(
            "{} {} {} {queue} p{}",
            cells.join(","),
            write_stock(&s.stock[0]),
            write_stock(&s.stock[1]),
            s.decider + 1
        )
    }

    /// The pyramid layer by layer, the stocks, the scores per side and the pending rolls.
    fn draw(&self) -> String {
        let s = &self.state;
        let mut out = String::new();
        for layer_index in 0..4 {
            out.push_str(&format!("layer {layer_index}:"));
            for cell in (0..CELL_COUNT).filter(|&c| layer(c) == layer_index) {
                let text = if s.filled >> cell & 1 == 0 {
                    ".".to_string()
                } else if cell == DUNGEON {
                    format!("{}(dungeon, p{})", s.colour[cell] + 1, s.dungeon_placer + 1)
                } else {
                    format!(
                        "{}:{}{}{}",
                        s.colour[cell] + 1,
                        s.shown[cell][0],
                        s.shown[cell][1],
                        s.shown[cell][2]
                    )
                };
                out.push_str(&format!(" {}={text}", cell_name(cell)));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "stocks: p1 {} | p2 {}\nsides A B C: p1 {:?} p2 {:?}\n",
            write_stock(&s.stock[0]),
            write_stock(&s.stock[1]),
            s.scores[0],
            s.scores[1]
        ));
        let pending = (s.queue_len - s.queue_head) as Player;
        if pending > 0 {
            out.push_str(&format!("{pending} rolls pending\n"));
        }
        out
    }

    fn format_move(&self, mv: DnMove) -> String {
        mv.token()
    }

    fn check_token_syntax(token: &str) -> Result<(), String> {
        super::moves::check_syntax(token)
    }
}
