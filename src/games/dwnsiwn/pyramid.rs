//! The 20-cell pyramid: cells, support, sides and kinds; and the faces a die shows.

/// A cell index into [`CELLS`].
pub type CellIndex = usize;
/// Number of cells.
pub const CELL_COUNT: usize = 20;
/// Side letters, in index order.
pub const SIDE_NAMES: [char; 3] = ['A', 'B', 'C'];

/// The cells as (x, y, z), apex first, then layer by layer (x, then y ascending).
pub const CELLS: [(u8, u8, u8); CELL_COUNT] = build_cells();

const fn build_cells() -> [(u8, u8, u8); CELL_COUNT] {
    let mut out = [(0, 0, 0); CELL_COUNT];
    let mut n = 0;
    let mut layer = 0;
    while layer <= 3 {
        let mut x = 0;
        while x <= layer {
            let mut y = 0;
            while x + y <= layer {
                out[n] = (x as u8, y as u8, (layer - x - y) as u8);
                n += 1;
                y += 1;
            }
            x += 1;
        }
        layer += 1;
    }
    out
}

/// The index of a cell.
pub const fn index_of(x: u8, y: u8, z: u8) -> CellIndex {
    let mut i = 0;
    while i < CELL_COUNT {
        if CELLS[i].0 == x && CELLS[i].1 == y && CELLS[i].2 == z {
            return i;
        }
        i += 1;
    }
    panic!("not a cell")
}

/// The apex `000`.
pub const APEX: CellIndex = index_of(0, 0, 0);
/// The dungeon `111`.
pub const DUNGEON: CellIndex = index_of(1, 1, 1);

/// The sides a cell belongs to, as a mask (bit 0 = A, x = 0; bit 1 = B, y = 0; bit 2 = C, z = 0).
pub const fn sides(cell: CellIndex) -> u8 {
    let (x, y, z) = CELLS[cell];
    (x == 0) as u8 | ((y == 0) as u8) << 1 | ((z == 0) as u8) << 2
}

/// The layer of a cell (0 = apex, 3 = bottom).
pub const fn layer(cell: CellIndex) -> u8 {
    let (x, y, z) = CELLS[cell];
    x + y + z
}

const fn build_support() -> [u32; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let (x, y, z) = CELLS[i];
        if x + y + z < 3 {
            out[i] = 1 << index_of(x + 1, y, z)
                | 1 << index_of(x, y + 1, z)
                | 1 << index_of(x, y, z + 1);
        }
        i += 1;
    }
    out
}

/// The cells each cell rests on (empty for the bottom layer).
pub const SUPPORT: [u32; CELL_COUNT] = build_support();

/// The cell's name, three digits `xyz`.
pub fn cell_name(cell: CellIndex) -> String {
    let (x, y, z) = CELLS[cell];
    format!("{x}{y}{z}")
}

/// Parses a three-digit cell name.
pub fn parse_cell(text: &str) -> Option<CellIndex> {
    let d: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    match d[..] {
        [x, y, z] if x <= 3 && y <= 3 && z <= 3 && x + y + z <= 3 => Some(index_of(x, y, z)),
        _ => None,
    }
}

/// The second value W beside a placed value V: the smallest adjacent face for a die of the
/// placer's colour, the largest for the opponent's (rule 17).
pub const fn second_value(value: u8, own_colour: bool) -> u8 {
    let (mut smallest, mut largest) = (7, 0);
    let mut face = 1;
    while face <= 6 {
        if face != value && face != 7 - value {
            if face < smallest {
                smallest = face;
            }
            if face > largest {
                largest = face;
            }
        }
        face += 1;
    }
    if own_colour { smallest } else { largest }
}

/// The 24 (A, B, C) triples a die at the apex can show (rule 19).
const APEX_TRIPLES: [[u8; 3]; 24] = [
    [1, 3, 2],
    [3, 2, 1],
    [2, 1, 3],
    [1, 2, 4],
    [2, 4, 1],
    [4, 1, 2],
    [1, 5, 3],
    [5, 3, 1],
    [3, 1, 5],
    [1, 4, 5],
    [4, 5, 1],
    [5, 1, 4],
    [6, 2, 3],
    [2, 3, 6],
    [3, 6, 2],
    [6, 4, 2],
    [4, 2, 6],
    [2, 6, 4],
    [6, 3, 5],
    [3, 5, 6],
    [5, 6, 3],
    [6, 5, 4],
    [5, 4, 6],
    [4, 6, 5],
];

/// The values an apex die shows on (A, B, C) with `v` on side `s` and `w` on side `t`.
pub const fn apex_faces(v: u8, s: usize, w: u8, t: usize) -> [u8; 3] {
    let mut i = 0;
    while i < APEX_TRIPLES.len() {
        if APEX_TRIPLES[i][s] == v && APEX_TRIPLES[i][t] == w {
            return APEX_TRIPLES[i];
        }
        i += 1;
    }
    [0; 3]
}

const fn build_apex_table() -> [[[[[u8; 3]; 3]; 3]; 7]; 2] {
    let mut out = [[[[[0; 3]; 3]; 3]; 7]; 2];
    let mut own = 0;
    while own < 2 {
        let mut v = 1;
        while v <= 6 {
            let w = second_value(v as u8, own == 1);
            let mut s = 0;
            while s < 3 {
                let mut t = 0;
                while t < 3 {
                    if s != t {
                        out[own][v][s][t] = apex_faces(v as u8, s, w, t);
                    }
                    t += 1;
                }
                s += 1;
            }
            v += 1;
        }
        own += 1;
    }
    out
}

/// `APEX_TABLE[own colour][v][s][t]`: what an apex die placed with `v` on `s` shows (rules 17, 19).
pub const APEX_TABLE: [[[[[u8; 3]; 3]; 3]; 7]; 2] = build_apex_table();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_kinds_and_support() {
        assert_eq!(CELLS.len(), 20);
        assert_eq!((0..CELL_COUNT).filter(|&c| layer(c) == 3).count(), 10);
        assert_eq!(sides(APEX), 0b111);
        assert_eq!(sides(DUNGEON), 0);
        let edges = (0..CELL_COUNT)
            .filter(|&c| sides(c).count_ones() == 2)
            .count();
        let faces = (0..CELL_COUNT)
            .filter(|&c| sides(c).count_ones() == 1)
            .count();
        assert_eq!((edges, faces), (9, 9));
        assert_eq!(SUPPORT[APEX].count_ones(), 3);
        assert_eq!(parse_cell("111"), Some(DUNGEON));
        assert_eq!(parse_cell("112"), None);
    }

    #[test]
    fn rule_17_and_19_examples() {
        assert_eq!(
            [1, 2, 3, 4, 5, 6].map(|v| second_value(v, true)),
            [2, 1, 1, 1, 1, 2]
        );
        assert_eq!(
            [1, 2, 3, 4, 5, 6].map(|v| second_value(v, false)),
            [5, 6, 6, 6, 6, 5]
        );
        // Own-colour 1 (W = 2): 000AB -> 124, 000AC -> 132, 000BA -> 213, 000BC -> 412, 000CA -> 241, 000CB -> 321.
        assert_eq!(apex_faces(1, 0, 2, 1), [1, 2, 4]);
        assert_eq!(apex_faces(1, 0, 2, 2), [1, 3, 2]);
        assert_eq!(apex_faces(1, 1, 2, 0), [2, 1, 3]);
        assert_eq!(apex_faces(1, 1, 2, 2), [4, 1, 2]);
        assert_eq!(apex_faces(1, 2, 2, 0), [2, 4, 1]);
        assert_eq!(apex_faces(1, 2, 2, 1), [3, 2, 1]);
    }
}
