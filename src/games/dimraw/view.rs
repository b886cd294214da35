//! The position as a board draws it: the 20 points of three nested squares, the edges
//! between them, the pieces, the hands and a pending removal.

use super::board::{EDGES, POINTS, Point};
use super::moves::DmMove;
use super::position::Dimraw;
use crate::game::Picture;
use crate::game::view::{CellView, MoveView, Panel, PieceView, Shape, View};

/// Where each point lies: the outer square spans 0..6, the middle 1..5, the inner 2..4 (the
/// rulebook's compass table, checked by a test below).
const PLACES: [(u8, u8); POINTS] = [
    (0, 0),
    (3, 0),
    (6, 0),
    (1, 1),
    (3, 1),
    (5, 1),
    (2, 2),
    (4, 2),
    (0, 3),
    (1, 3),
    (5, 3),
    (6, 3),
    (2, 4),
    (4, 4),
    (1, 5),
    (3, 5),
    (5, 5),
    (0, 6),
    (3, 6),
    (6, 6),
];

impl Picture for Dimraw {
    /// The points and edges, a `man` on every occupied point, and the hands, the turn and
    /// a pending removal beside the board.
    fn view(&self) -> View {
        let s = &self.state;
        let cells = (0..POINTS)
            .map(|p| {
                let (x, y) = PLACES[p];
                CellView::new(p.to_string(), x as f32, y as f32, Shape::Point)
            })
            .collect();
        let pieces = (0..POINTS)
            .flat_map(|p| (0..2).map(move |player| (p, player)))
            .filter(|&(p, player)| s.pieces[player] >> p & 1 == 1)
            .map(|(p, player)| PieceView {
                cell: p,
                stack: vec![player as u8],
                kind: "man",
                label: String::new(),
            })
            .collect();
        let mut lines: Vec<String> = (0..2)
            .map(|p| format!("p{} hand: {}", p + 1, s.hand[p]))
            .collect();
        lines.push(format!("turn {}", s.turn));
        if s.removal_pending {
            lines.push(format!("p{} removes a piece", s.side + 1));
        }
        View {
            cells,
            links: EDGES.to_vec(),
            pieces,
            panels: vec![Panel {
                title: "Hands".to_string(),
                lines,
            }],
        }
    }

    /// A placement or removal acts on its point, a step goes from point to point, a pass
    /// touches none.
    fn move_view(&self, mv: DmMove) -> MoveView {
        let (from, to, words): (Option<Point>, Option<Point>, String) = match mv {
            DmMove::Place(p) => (None, Some(p as Point), format!("place a piece on {p}")),
            DmMove::Step(a, b) => (
                Some(a as Point),
                Some(b as Point),
                format!("move {a} to {b}"),
            ),
            DmMove::Remove(p) => (None, Some(p as Point), format!("remove the piece on {p}")),
            DmMove::Pass => (None, None, "pass".to_string()),
        };
        MoveView { from, to, words }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::COMPASS;
    use super::*;

    #[test]
    fn every_compass_neighbour_lies_in_its_direction() {
        for (p, neighbours) in COMPASS.iter().enumerate() {
            for (d, &n) in neighbours.iter().enumerate() {
                if n == u8::MAX {
                    continue;
                }
                let (dx, dy) = (
                    PLACES[n as usize].0 as i32 - PLACES[p].0 as i32,
                    PLACES[n as usize].1 as i32 - PLACES[p].1 as i32,
                );
                let (sx, sy) = [(0, 1), (1, 0), (0, -1), (-1, 0)][d];
                assert_eq!((dx.signum(), dy.signum()), (sx, sy), "{p} -> {n}");
            }
        }
    }
}
