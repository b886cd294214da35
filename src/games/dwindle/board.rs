//! Boards as data: size, tiles and their pips, void cells, and the rays each pip casts.

use std::sync::Arc;

use crate::game::hashing::mix64;

/// The largest board side (files `a`..`z`).
pub const MAX_SIDE: usize = 26;
/// The most cells a board can have.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// Direction steps (file, rank) for pip bits 0..7: N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i32, i32); 8] = crate::game::grid::COMPASS;

/// A cell index: `rank * width + file`.
pub type Cell = usize;

/// What a cell starts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A tile with this pip mask.
    Tile(u8),
    /// No tile, but connected.
    Empty,
    /// No tile and no connections.
    Void,
}

/// An immutable board: its cells and, for every tile and pip, the cells of the ray.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// Each cell's kind at the start.
    pub kinds: Vec<Kind>,
    /// For each cell, the cells of its pips' rays, in pip order (tiles only).
    pub rays: Vec<Vec<Cell>>,
    /// A key for hashing that tells boards apart.
    pub key: u64,
}

impl Board {
    /// A board from its rows, top rank first.
    pub fn new(rows: Vec<Vec<Kind>>) -> Result<Arc<Board>, String> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(format!(
                "a board is 1..=26 cells each way, not {width} x {height}"
            ));
        }
        if rows.iter().any(|r| r.len() != width) {
            return Err("every rank of the board needs the same number of cells".to_string());
        }
        let mut kinds = vec![Kind::Void; width * height];
        for (row, cells) in rows.iter().enumerate() {
            let rank = height - 1 - row;
            kinds[rank * width..(rank + 1) * width].copy_from_slice(cells);
        }
        let mut board = Board {
            width,
            height,
            kinds,
            rays: vec![Vec::new(); width * height],
            key: 0,
        };
        for cell in 0..width * height {
            if let Kind::Tile(pips) = board.kinds[cell] {
                board.rays[cell] = (0..8)
                    .filter(|d| pips >> d & 1 == 1)
                    .flat_map(|d| board.ray(cell, d))
                    .collect();
            }
        }
        board.key = board
            .kinds
            .iter()
            .fold(mix64((width * 31 + height) as u64), |h, k| {
                mix64(
                    h ^ match k {
                        Kind::Tile(p) => *p as u64,
                        Kind::Empty => 256,
                        Kind::Void => 257,
                    },
                )
            });
        Ok(Arc::new(board))
    }

    /// The cells a ray from `cell` in direction `dir` steps onto before the edge or a void cell (R2).
    fn ray(&self, cell: Cell, dir: usize) -> Vec<Cell> {
        let (df, dr) = DIRECTIONS[dir];
        let (mut f, mut r) = ((cell % self.width) as i32, (cell / self.width) as i32);
        let mut out = Vec::new();
        loop {
            f += df;
            r += dr;
            if f < 0 || r < 0 || f >= self.width as i32 || r >= self.height as i32 {
                return out;
            }
            let next = r as usize * self.width + f as usize;
            if self.kinds[next] == Kind::Void {
                return out;
            }
            out.push(next);
        }
    }

    /// The cell's name, `a1` .. `z26`.
    pub fn cell_name(&self, cell: Cell) -> String {
        format!(
            "{}{}",
            (b'a' + (cell % self.width) as u8) as char,
            cell / self.width + 1
        )
    }

    /// Parses a cell name on this board (no leading zeros).
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let file = match text.as_bytes().first()? {
            f @ b'a'..=b'z' => (f - b'a') as usize,
            _ => return None,
        };
        let digits = &text[1..];
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        (file < self.width && (1..=self.height).contains(&rank))
            .then(|| (rank - 1) * self.width + file)
    }

    /// Parses a board table: ranks top first separated by `/`, each cell two characters
    /// (`00`..`FF` a tile and its pips, `..` empty, `--` void).
    pub fn parse(text: &str) -> Result<Arc<Board>, String> {
        let rows = text
            .split('/')
            .map(|rank| {
                if rank.len() % 2 != 0 || !rank.is_ascii() {
                    return Err(format!("bad rank '{rank}': two characters per cell"));
                }
                (0..rank.len() / 2)
                    .map(|i| match &rank[2 * i..2 * i + 2] {
                        ".." => Ok(Kind::Empty),
                        "--" => Ok(Kind::Void),
                        hex if hex
                            .bytes()
                            .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b)) =>
                        {
                            Ok(Kind::Tile(
                                u8::from_str_radix(hex, 16).expect("checked hex"),
                            ))
                        }
                        other => Err(format!("bad cell '{other}': 00..FF, .. or --")),
                    })
                    .collect()
            })
            .collect::<Result<Vec<Vec<Kind>>, String>>()?;
        Board::new(rows)
    }

    /// Writes the board table in the form [`Board::parse`] reads.
    pub fn write(&self, tiles: impl Fn(Cell) -> bool) -> String {
        (0..self.height)
            .rev()
            .map(|rank| {
                (0..self.width)
                    .map(|file| {
                        let cell = rank * self.width + file;
                        match self.kinds[cell] {
                            Kind::Void => "--".to_string(),
                            Kind::Tile(p) if tiles(cell) => format!("{p:02X}"),
                            _ => "..".to_string(),
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The project's boards by name, with their start cells.
pub fn named_board(name: &str) -> Result<(Arc<Board>, &'static str), String> {
    match name {
        "dw7" => Ok((Board::parse(DW7)?, "d4")),
        "dw9" | "" => Ok((Board::parse(DW9)?, "e5")),
        other => Err(format!("unknown board '{other}' (expected dw9 or dw7)")),
    }
}

/// The test board dw7 (rulebook 3.5).
pub const DW7: &str = "03153824080838/C2810104100302/60602022081418/50010AFF060440/48800321048061/449128C10E130D/0C04251A448809";
/// The playing board dw9 (rulebook 3.6).
pub const DW9: &str = "0C1454504C50184010/10200008--04588070/011301C820--880020/1A0A60C029A2--02C0/0E..3085FF94102910/1526409080D0410890/0209--180E05..6000/03000644200881--20/03C0C20402C184C241";
