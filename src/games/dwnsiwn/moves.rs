//! Decisions and their tokens (rules 10-13), and the side choices a placement has; their
//! generation is `movegen.rs` and, for the legal list and the random decision,
//! `Rules::generate` and `Rules::random_move` in `position.rs`.

use super::pyramid::{CELL_COUNT, SIDE_NAMES, cell_name, parse_cell, sides};

/// No side letter in a placement token.
pub const NO_SIDE: u8 = 3;

/// Values a die shows.
const DIE_VALUES: usize = 6;
/// A placement's choices of a side letter: the three sides and none.
const SIDE_CHOICES: usize = NO_SIDE as usize + 1;
/// Indices of placements: colour x value x cell x side letter x second side letter.
const PLACEMENTS: usize = 2 * DIE_VALUES * CELL_COUNT * SIDE_CHOICES * SIDE_CHOICES;
/// The most dice of each value 1..=5 a capture can use (its dice add up to a target of at most 6).
const CAPTURE_COUNTS: [usize; 5] = [6, 3, 2, 1, 1];
/// Indices of captures: every count of each value within [`CAPTURE_COUNTS`].
const CAPTURES: usize = {
    let (mut product, mut v) = (1, 0);
    while v < CAPTURE_COUNTS.len() {
        product *= CAPTURE_COUNTS[v] + 1;
        v += 1;
    }
    product
};
/// Indices of every decision ([`DnMove::index`]): placements, captures, the pass and the
/// six rolls.
pub const INDEX_SPACE: usize = PLACEMENTS + CAPTURES + 1 + DIE_VALUES;

/// One Dwnsiwn decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DnMove {
    /// The front die of the queue shows this value.
    Roll(u8),
    /// Put a die (colour 0 = p1's, 1 = p2's) of this value in this cell, `s` (and at the apex `t`)
    /// the sides that show `value` (and the second value); [`NO_SIDE`] where the token has none.
    Place {
        colour: u8,
        value: u8,
        cell: u8,
        s: u8,
        t: u8,
    },
    /// Own dice (counts per value 1..5, three bits each) capture an opponent die of value `target`.
    Capture { target: u8, dice: u16 },
    /// Nothing to place.
    #[default]
    Pass,
}

impl DnMove {
    /// How many dice of `value` a capture uses.
    #[inline]
    pub fn dice_count(dice: u16, value: usize) -> u8 {
        ((dice >> (3 * (value - 1))) & 7) as u8
    }

    /// A compact code, unique among the moves of a position.
    pub fn code(self) -> u32 {
        match self {
            DnMove::Pass => 0,
            DnMove::Roll(v) => 1 << 24 | v as u32,
            DnMove::Place {
                colour,
                value,
                cell,
                s,
                t,
            } => {
                2 << 24
                    | (colour as u32) << 16
                    | (value as u32) << 12
                    | (cell as u32) << 4
                    | (s as u32) << 2
                    | t as u32
            }
            DnMove::Capture { target, dice } => 3 << 24 | (target as u32) << 16 | dice as u32,
        }
    }

    /// The decision's own index in `0..INDEX_SPACE`, for the history tables and a policy head:
    /// a placement by colour, value, cell and side letters; a capture by its dice (their values
    /// add up to the target's, so the dice name it); a pass; a roll by its value. No two
    /// decisions share one.
    pub fn index(self) -> usize {
        match self {
            DnMove::Place {
                colour,
                value,
                cell,
                s,
                t,
            } => {
                let sides = SIDE_CHOICES * SIDE_CHOICES;
                let by_die = (colour as usize * DIE_VALUES + value as usize - 1) * CELL_COUNT;
                (by_die + cell as usize) * sides + s as usize * SIDE_CHOICES + t as usize
            }
            DnMove::Capture { dice, .. } => {
                // Mixed radix over the counts a capture of at most 6 pips can use.
                let index = CAPTURE_COUNTS
                    .iter()
                    .enumerate()
                    .fold(0, |index, (v, &most)| {
                        index * (most + 1) + Self::dice_count(dice, v + 1) as usize
                    });
                PLACEMENTS + index
            }
            DnMove::Pass => PLACEMENTS + CAPTURES,
            DnMove::Roll(value) => PLACEMENTS + CAPTURES + value as usize,
        }
    }

    /// The token.
    pub fn token(self) -> String {
        match self {
            DnMove::Pass => "pass".to_string(),
            DnMove::Roll(v) => format!("roll:{v}"),
            DnMove::Place {
                colour,
                value,
                cell,
                s,
                t,
            } => {
                let letter = |side: u8| {
                    if side == NO_SIDE {
                        String::new()
                    } else {
                        SIDE_NAMES[side as usize].to_string()
                    }
                };
                format!(
                    "{}{value}@{}{}{}",
                    colour + 1,
                    cell_name(cell as usize),
                    letter(s),
                    letter(t)
                )
            }
            DnMove::Capture { target, dice } => {
                let digits: String = (1..=5)
                    .flat_map(|v| {
                        std::iter::repeat_n(
                            char::from(b'0' + v as u8),
                            Self::dice_count(dice, v) as usize,
                        )
                    })
                    .collect();
                format!("c{target}={digits}")
            }
        }
    }
}

/// Checks a token's grammar (rules 11-12), whatever the position.
pub fn check_syntax(token: &str) -> Result<(), String> {
    let bad =
        || format!("malformed token '{token}': expected roll:V, KV@xyz[S[T]], cT=abc... or pass");
    if token == "pass" {
        return Ok(());
    }
    if let Some(v) = token.strip_prefix("roll:") {
        return matches!(v, "1" | "2" | "3" | "4" | "5" | "6")
            .then_some(())
            .ok_or_else(bad);
    }
    if let Some(rest) = token.strip_prefix('c') {
        let (target, digits) = rest.split_once('=').ok_or_else(bad)?;
        let values: Vec<u8> = digits.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let ok = matches!(target, "2" | "3" | "4" | "5" | "6")
            && values.len() >= 2
            && values.iter().all(|&v| (1..=5).contains(&v))
            && values.windows(2).all(|w| w[0] <= w[1]);
        return ok.then_some(()).ok_or_else(bad);
    }
    let bytes = token.as_bytes();
    let ok = bytes.len() >= 6
        && matches!(bytes[0], b'1' | b'2')
        && (b'1'..=b'6').contains(&bytes[1])
        && bytes[2] == b'@'
        && parse_cell(&token[3..6]).is_some_and(|cell| {
            let letters = &bytes[6..];
            let mask = sides(cell);
            let side = |b: u8| match b {
                b'A' => Some(0),
                b'B' => Some(1),
                b'C' => Some(2),
                _ => None,
            };
            match (mask.count_ones(), letters) {
                (0 | 1, []) => true,
                (2, [s]) => side(*s).is_some_and(|s| mask >> s & 1 == 1),
                (3, [s, t]) => side(*s).is_some() && side(*t).is_some() && s != t,
                _ => false,
            }
        });
    ok.then_some(()).ok_or_else(bad)
}

/// How many placements a cell offers one die: one, or one per side (two sides), or one per
/// ordered pair of sides (the apex: three).
pub(super) fn side_choices(cell: usize) -> usize {
    match sides(cell).count_ones() {
        0 | 1 => 1,
        2 => 2,
        _ => 6,
    }
}

/// The `index`th of the side choices `generate` lists for `cell`, in its order.
pub(super) fn side_choice(cell: usize, index: usize) -> (u8, u8) {
    let mask = sides(cell);
    match mask.count_ones() {
        0 | 1 => (NO_SIDE, NO_SIDE),
        2 => (
            (0..3).filter(|&d| mask >> d & 1 == 1).nth(index).unwrap(),
            NO_SIDE,
        ),
        _ => {
            let first = (index / 2) as u8;
            let second = (0..3).filter(|&b| b != first).nth(index % 2).unwrap();
            (first, second)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_decision_owns_its_index() {
        let mut decisions = vec![DnMove::Pass];
        decisions.extend((1..=6).map(DnMove::Roll));
        for (colour, value, cell, s, t) in placements() {
            decisions.push(DnMove::Place {
                colour,
                value,
                cell,
                s,
                t,
            });
        }
        // Every multiset of two or more dice of 1..=5 adding up to 2..=6.
        for dice in 0u16..1 << 15 {
            let counts = (1..=5).map(|v| DnMove::dice_count(dice, v) as usize);
            let (pips, count) = counts
                .enumerate()
                .fold((0, 0), |(p, n), (v, c)| (p + (v + 1) * c, n + c));
            if count >= 2 && pips <= 6 {
                decisions.push(DnMove::Capture {
                    target: pips as u8,
                    dice,
                });
            }
        }
        let mut owner = vec![None; INDEX_SPACE];
        for mv in decisions {
            let index = mv.index();
            assert!(index < INDEX_SPACE, "{mv:?}: {index}");
            assert_eq!(owner[index].replace(mv), None, "{mv:?} shares {index}");
        }
    }

    /// Every placement's fields: colour, value, cell, side letters.
    fn placements() -> impl Iterator<Item = (u8, u8, u8, u8, u8)> {
        (0..2).flat_map(|colour| {
            (1..=6).flat_map(move |value| {
                (0..CELL_COUNT as u8).flat_map(move |cell| {
                    (0..=NO_SIDE)
                        .flat_map(move |s| (0..=NO_SIDE).map(move |t| (colour, value, cell, s, t)))
                })
            })
        })
    }

    #[test]
    fn grammar() {
        for good in [
            "roll:4", "14@012", "25@111", "16@300B", "23@000CA", "c6=123", "c4=112", "pass",
        ] {
            assert!(check_syntax(good).is_ok(), "{good}");
        }
        for bad in [
            "roll:7", "14@012A", "16@300A", "23@000AA", "23@000A", "c6=42", "c6=1", "c7=16",
            "34@012", "14@112", "c1=11",
        ] {
            assert!(check_syntax(bad).is_err(), "{bad}");
        }
    }
}
