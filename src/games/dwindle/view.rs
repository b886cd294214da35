//! The position as a board draws it: every cell with its tile's pips (tiles taken away are
//! `gone`), voids, the chit, and who is still in.

use super::board::Kind;
use super::position::{DwMove, Dwindle};
use crate::game::Picture;
use crate::game::view::{CellView, MoveView, Panel, PieceView, Shape, View};

impl Picture for Dwindle {
    /// Every cell of the board: a tile's pips as rays (`gone` once the tile is taken), `empty`
    /// and `void` cells marked; the chit as a piece nobody owns; the players still in.
    fn view(&self) -> View {
        let (board, s) = (&self.board, &self.state);
        let cells = board
            .kinds
            .iter()
            .enumerate()
            .map(|(cell, kind)| {
                let (x, y) = ((cell % board.width) as f32, (cell / board.width) as f32);
                let mut view = CellView::new(board.cell_name(cell), x, y, Shape::Square);
                match *kind {
                    Kind::Tile(pips) => {
                        view.pips = pips;
                        if !s.tiles.has(cell) {
                            view.marks.push("gone");
                        }
                    }
                    Kind::Empty => view.marks.push("empty"),
                    Kind::Void => view.marks.push("void"),
                }
                view
            })
            .collect();
        let pieces = s
            .chit
            .map(|cell| PieceView {
                cell: cell as usize,
                stack: Vec::new(),
                kind: "chit",
                label: String::new(),
            })
            .into_iter()
            .collect();
        let lines = (0..self.players)
            .map(|p| {
                let state = if self.is_in(p as u8) {
                    "still playing"
                } else {
                    "knocked out"
                };
                let mover = if s.to_move == Some(p as u8) {
                    ", to move"
                } else {
                    ""
                };
                format!("p{}: {state}{mover}", p + 1)
            })
            .collect();
        View {
            cells,
            links: Vec::new(),
            pieces,
            panels: vec![Panel {
                title: "Players".to_string(),
                lines,
            }],
        }
    }

    /// The chit goes from its cell (none while it is free) to the destination.
    fn move_view(&self, mv: DwMove) -> MoveView {
        let name = self.board.cell_name(mv.0 as usize);
        MoveView {
            from: self.state.chit.map(|c| c as usize),
            to: Some(mv.0 as usize),
            words: format!("send the chit to {name}"),
        }
    }
}
