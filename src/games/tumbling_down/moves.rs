//! Moves and their tokens; their generation is `movegen.rs`.

use super::board::{DIRECTIONS, Square, neighbour, parse_square, square_name};

/// A step or tumble: origin square, direction and kind, packed in 10 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TdMove(u16);

impl TdMove {
    /// A step (one checker) or tumble (the whole stack) from `from` in direction `dir`.
    pub fn new(from: Square, dir: usize, tumble: bool) -> Self {
        TdMove(from as u16 | (dir as u16) << 6 | (tumble as u16) << 9)
    }

    /// The origin square.
    #[inline]
    pub fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The direction index (see [`DIRECTIONS`]).
    #[inline]
    pub fn direction(self) -> usize {
        ((self.0 >> 6) & 7) as usize
    }

    /// Whether the whole stack tumbles.
    #[inline]
    pub fn is_tumble(self) -> bool {
        self.0 & (1 << 9) != 0
    }

    /// The packed form (below 1024).
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The token: `<from><to>` for a step, with `t` appended for a tumble.
    pub fn token(self) -> String {
        let to = neighbour(self.from(), self.direction());
        let suffix = if self.is_tumble() { "t" } else { "" };
        format!("{}{}{}", square_name(self.from()), square_name(to), suffix)
    }
}

/// Checks the token grammar `[a-h][1-8][a-h][1-8]t?` with adjacent, different squares.
pub fn check_syntax(token: &str) -> Result<(), String> {
    let bytes = token.as_bytes();
    let squares = match bytes {
        [a, b, c, d] | [a, b, c, d, b't'] => [*a, *b, *c, *d],
        _ => {
            return Err(format!(
                "malformed token '{token}': expected <from><to>[t], e.g. e1f2"
            ));
        }
    };
    let (Some(from), Some(to)) = (parse_square(&squares[..2]), parse_square(&squares[2..])) else {
        return Err(format!("malformed token '{token}': squares run a1..h8"));
    };
    let (df, dr) = (
        (to % 8) as i32 - (from % 8) as i32,
        (to / 8) as i32 - (from / 8) as i32,
    );
    if !DIRECTIONS.contains(&(df, dr)) {
        return Err(format!(
            "malformed token '{token}': the squares must be neighbours"
        ));
    }
    Ok(())
}
