//! Moves and their tokens (with the tie choices of R6 as separate tokens); the pieces of their
//! generation are `movegen.rs`, the legal list itself is `Rules::generate` in `position.rs`.

use super::board::{Cell, cell_name, parse_cell, step};

/// A piece, a direction and, for a tied splinter, the first cell of the group that stays; and
/// whether the move splinters at all, which generation finds out and `make` then need not, and
/// whether it pushes an opponent's piece off the board (both marks make a move noisy).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpMove(u32);

/// The bit that marks a splintering move.
const SPLINTERS: u32 = 1 << 21;
/// The bit that marks a push whose last piece, an opponent's, falls off the board.
const KNOCKS_OFF: u32 = 1 << 22;
/// The marks generation sets, which are no part of the move's name.
const MARKS: u32 = SPLINTERS | KNOCKS_OFF;

impl SpMove {
    /// A move of the piece on `from` in direction `dir`, keeping the group that starts at
    /// `choice`; `splinters`: the push leaves the pieces in more than one group; `knocks_off`:
    /// its last piece, an opponent's, falls off the board.
    pub fn new(
        from: Cell,
        dir: usize,
        choice: Option<Cell>,
        (splinters, knocks_off): (bool, bool),
    ) -> Self {
        let marks = if splinters { SPLINTERS } else { 0 } | if knocks_off { KNOCKS_OFF } else { 0 };
        SpMove(from as u32 | (dir as u32) << 9 | (choice.unwrap_or(0) as u32) << 12 | marks)
    }

    /// Whether the push splits the pieces into groups (R5), so that some are removed.
    #[inline]
    pub fn splinters(self) -> bool {
        self.0 & SPLINTERS != 0
    }

    /// Whether the move takes pieces off the board: it splinters (R5), or its last piece, an
    /// opponent's, falls (R4).
    #[inline]
    pub fn takes_pieces_off(self) -> bool {
        self.0 & MARKS != 0
    }

    /// The moving piece's cell.
    #[inline]
    pub fn from(self) -> Cell {
        (self.0 & 511) as Cell
    }

    /// The direction index.
    #[inline]
    pub fn direction(self) -> usize {
        ((self.0 >> 9) & 7) as usize
    }

    /// The kept group's first cell, for a tied splinter.
    #[inline]
    pub fn choice(self) -> Option<Cell> {
        match (self.0 & !MARKS) >> 12 {
            0 => None,
            cell => Some(cell as Cell),
        }
    }

    /// The packed form without the marks: piece, direction and choice, which name the move in
    /// any position where it is legal.
    pub fn bits(self) -> u32 {
        self.0 & !MARKS
    }

    /// The token: `<from><to>`, with `=<square>` for a tied splinter.
    pub fn token(self) -> String {
        let to = step(self.from(), self.direction());
        let choice = self
            .choice()
            .map_or(String::new(), |c| format!("={}", cell_name(c)));
        format!("{}{}{choice}", cell_name(self.from()), cell_name(to))
    }
}

/// Checks `square square [= square]` with adjacent, different squares.
pub fn check_syntax(token: &str) -> Result<(), String> {
    let (squares, choice) = match token.split_once('=') {
        Some((squares, choice)) => (squares, Some(choice)),
        None => (token, None),
    };
    let malformed =
        || format!("malformed token '{token}': expected <from><to>[=<square>], e.g. h7h8");
    if choice.is_some_and(|c| parse_cell(c).is_none()) {
        return Err(malformed());
    }
    // The first square's rank ends where the second square's file letter starts.
    let split = squares[1..]
        .find(|c: char| c.is_ascii_lowercase())
        .ok_or_else(malformed)?
        + 1;
    let (from, to) = squares.split_at(split);
    let (Some(from), Some(to)) = (parse_cell(from), parse_cell(to)) else {
        return Err(malformed());
    };
    if (0..8).all(|dir| step(from, dir) != to) {
        return Err(format!(
            "malformed token '{token}': the squares must be neighbours"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::board::{on_board, reverse};
    use super::super::groups::groups_by_stepping;
    use super::super::position::{Splinter, colour_of};

    use super::*;

    #[test]
    fn grammar() {
        for good in ["h7h8", "f7e6", "i12j13", "h13g14=f7", "a18b17", "o1n2=a1"] {
            assert!(check_syntax(good).is_ok(), "{good}");
        }
        for bad in [
            "h7h9",
            "h7h7",
            "H7H8",
            "h07h8",
            "h7h8=",
            "h7h8=p1",
            "h19h18",
            "p1o1",
            "h7",
            "h7h8=f7=f8",
        ] {
            assert!(check_syntax(bad).is_err(), "{bad}");
        }
    }

    /// Generation marks exactly the moves after whose push the pieces fall apart into groups
    /// (which `make` then splits without looking again), and `split` finds those groups, on
    /// positions of random games; generation takes none of their other moves for one that
    /// pushes pieces off (random games rarely reach the edge:
    /// `pushes_that_knock_an_opponent_s_piece_off_or_splinter_are_noisy` has the ones that do).
    #[test]
    fn the_splinter_mark_is_set_on_exactly_the_splitting_moves() {
        use super::super::groups::split;
        use crate::game::{GameConfig, Rules};
        use rand::SeedableRng as _;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        let (mut marked, mut moves, mut scratch) = (0, Vec::new(), Vec::new());
        for _ in 0..20 {
            let mut pos = Splinter::startpos(&GameConfig::default()).unwrap();
            while pos.state.outcome.is_none() {
                Splinter::generate(&pos, &mut moves);
                for &mv in &moves {
                    let end = pos.chain_end(mv.from(), mv.direction());
                    let after = pos.occupancy_after_push(mv.from(), end);
                    let groups = groups_by_stepping(&after);
                    assert_eq!(mv.splinters(), groups.len() > 1, "{}", mv.token());
                    match split(&after, mv.from()) {
                        Some(found) => {
                            assert_eq!(found.sets[..found.count], groups[..], "{}", mv.token());
                            let sizes: Vec<u32> = groups.iter().map(|g| g.len()).collect();
                            assert_eq!(found.sizes[..found.count], sizes[..]);
                        }
                        None => assert_eq!(groups.len(), 1, "{}", mv.token()),
                    }
                    marked += mv.splinters() as u32;
                    let last = step(end, reverse(mv.direction()));
                    let falls = !on_board(end) && pos.state.board[last] != 0;
                    let theirs = falls && colour_of(pos.state.board[last]) != pos.state.side;
                    assert_eq!(mv.takes_pieces_off(), mv.splinters() || theirs);
                }
                let mv = pos.random_move(&mut rng, &mut scratch);
                Splinter::make(&mut pos, mv);
            }
        }
        assert!(marked > 100, "random games splinter often: {marked}");
    }
}
