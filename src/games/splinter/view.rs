//! The position as a board draws it: the 15x18 board, the pieces by type, the record's squares
//! marked for the no-return rule.

use super::board::{
    Cell, DIRECTION_NAMES, FILES, RANKS, STRIDE, cell_name, cell_of, reverse, step,
};
use super::moves::SpMove;
use super::position::{NO_DIRECTION, Splinter, colour_of, kind_of};
use crate::game::Picture;
use crate::game::view::{CellView, MoveView, Panel, PieceView, Shape, View};

/// The figure of each piece type, in [`super::position::TYPES`] order.
const KINDS: [&str; 4] = ["king", "rook", "bishop", "pawn"];

/// The index in [`View::cells`] of a padded board cell.
fn view_index(cell: Cell) -> usize {
    (cell / STRIDE - 1) * FILES + cell % STRIDE - 1
}

impl Picture for Splinter {
    /// Every square as a cell (`no-return` on the record's squares), every piece by type, and
    /// the record in words.
    fn view(&self) -> View {
        let s = &self.state;
        let barred = s.record.direction != NO_DIRECTION;
        let mut cells: Vec<CellView> = (0..RANKS * FILES)
            .map(|i| {
                let cell = cell_of(i % FILES, i / FILES);
                let (x, y) = ((i % FILES) as f32, (i / FILES) as f32);
                CellView::new(cell_name(cell), x, y, Shape::Square)
            })
            .collect();
        for cell in s.record.cells.iter() {
            cells[view_index(cell)].marks.push("no-return");
        }
        let pieces = s
            .occupied
            .iter()
            .map(|cell| {
                let code = s.board[cell];
                PieceView {
                    cell: view_index(cell),
                    stack: vec![colour_of(code)],
                    kind: KINDS[kind_of(code)],
                    label: String::new(),
                }
            })
            .collect();
        let record = if barred {
            let back = DIRECTION_NAMES[reverse(s.record.direction as usize)];
            format!("no push {back} whose chain holds a marked piece")
        } else {
            "none".to_string()
        };
        View {
            cells,
            links: Vec::new(),
            pieces,
            panels: vec![Panel {
                title: "No-return".to_string(),
                lines: vec![record, format!("ply {}", s.ply)],
            }],
        }
    }

    /// A push from its square one step on, with the group kept after a tied splinter.
    fn move_view(&self, mv: SpMove) -> MoveView {
        let (from, to) = (mv.from(), step(mv.from(), mv.direction()));
        let direction = DIRECTION_NAMES[mv.direction()];
        let kept = mv.choice().map_or(String::new(), |c| {
            format!(", keeping the group of {}", cell_name(c))
        });
        MoveView {
            from: Some(view_index(from)),
            to: Some(view_index(to)),
            words: format!("push {} {direction}{kept}", cell_name(from)),
        }
    }
}
