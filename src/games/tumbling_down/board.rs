//! Board geometry: squares, the eight directions, neighbours and lines.

/// A square index: `rank * 8 + file`, so `a1` is 0 and `h8` is 63.
pub type Square = usize;

/// Direction steps (file, rank) in the rulebook's order N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i32, i32); 8] = crate::game::grid::COMPASS;

/// The squares from a square in one direction up to the edge, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// How many squares the line has (0 to 7).
    pub len: u8,
    /// The squares; only the first `len` are meaningful.
    pub squares: [u8; 7],
}

impl Line {
    /// Where a tumble of `height` checkers along this line drops them (R4): as (i, square, how
    /// many) for its i-th square, checker i from the bottom first; one checker on each square,
    /// the rest piled on the line's last square.
    #[inline]
    pub fn drops(&self, height: u8) -> impl Iterator<Item = (usize, Square, u8)> + '_ {
        let len = self.len as usize;
        (0..len.min(height as usize)).map(move |i| {
            let dropped = if i + 1 == len { height - i as u8 } else { 1 };
            (i, self.squares[i] as Square, dropped)
        })
    }
}

const fn build_lines() -> [[Line; 8]; 64] {
    let mut lines = [[Line {
        len: 0,
        squares: [0; 7],
    }; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            let mut len = 0;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                lines[sq][d].squares[len] = (r * 8 + f) as u8;
                len += 1;
                f += df;
                r += dr;
            }
            lines[sq][d].len = len as u8;
            d += 1;
        }
        sq += 1;
    }
    lines
}

/// `LINES[sq][dir]`: the line from `sq` in direction `dir` (rulebook B3).
pub static LINES: [[Line; 8]; 64] = build_lines();

const fn build_rays() -> [[u64; 8]; 64] {
    let lines = build_lines();
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let mut i = 0;
            while i < lines[sq][d].len as usize {
                rays[sq][d] |= 1 << lines[sq][d].squares[i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `RAYS[sq][dir]`: the squares of `LINES[sq][dir]` as a bitboard.
pub static RAYS: [[u64; 8]; 64] = build_rays();

/// How many king steps apart two squares are: the larger of their file and rank distances (the
/// place of one on a line from the other, counting from 1).
#[inline]
pub fn distance(a: Square, b: Square) -> usize {
    (a % 8).abs_diff(b % 8).max((a / 8).abs_diff(b / 8))
}

const fn build_direction_masks() -> [u8; 64] {
    let lines = build_lines();
    let mut masks = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            if lines[sq][d].len > 0 {
                masks[sq] |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    masks
}

/// Bit `d` is set when direction `d` has an on-board first square.
pub static DIRECTION_MASKS: [u8; 64] = build_direction_masks();

/// The neighbour of `sq` in direction `dir` (must exist).
#[inline]
pub fn neighbour(sq: Square, dir: usize) -> Square {
    LINES[sq][dir].squares[0] as Square
}

/// The number of on-board neighbours of a square (3, 5 or 8).
#[inline]
pub fn neighbour_count(sq: Square) -> u32 {
    DIRECTION_MASKS[sq].count_ones()
}

/// The square's name, `a1` .. `h8`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// Parses a square name of exactly two characters.
pub fn parse_square(text: &[u8]) -> Option<Square> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(((r - b'1') * 8 + (f - b'a')) as Square),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_counts_match_the_rulebook() {
        assert_eq!(neighbour_count(0), 3);
        assert_eq!(neighbour_count(4), 5);
        assert_eq!(neighbour_count(9), 8);
        let total: u32 = (0..64).map(neighbour_count).sum();
        assert_eq!(total, 4 * 3 + 24 * 5 + 36 * 8);
    }

    #[test]
    fn lines_run_to_the_edge() {
        let a1 = parse_square(b"a1").unwrap();
        let ne = LINES[a1][1];
        assert_eq!(ne.len, 7);
        assert_eq!(square_name(ne.squares[6] as Square), "h8");
        assert_eq!(LINES[a1][4].len, 0);
    }

    /// A line's squares are its ray's, and the j-th of them is j steps away.
    #[test]
    fn rays_hold_the_lines_at_their_distances() {
        for sq in 0..64 {
            for dir in 0..8 {
                let line = &LINES[sq][dir];
                let mut ray = 0u64;
                for (j, &on) in line.squares[..line.len as usize].iter().enumerate() {
                    ray |= 1 << on;
                    assert_eq!(distance(sq, on as Square), j + 1, "{sq} {dir}");
                    assert_eq!(distance(on as Square, sq), j + 1);
                }
                assert_eq!(RAYS[sq][dir], ray, "{sq} {dir}");
            }
        }
    }
}
