//! The position as a board draws it: 64 squares, stacks from the bottom up, kings marked.

use super::board::{Square, neighbour, square_name};
use super::moves::TdMove;
use super::position::{TumblingDown, is_pure};
use crate::game::view::{CellView, MoveView, Panel, PieceView, Shape, View};
use crate::game::{Picture, Player};

impl Picture for TumblingDown {
    /// The squares `a1`..`h8` as cells, every stack as a piece (`king` for a player's
    /// tallest pure stacks, else `stack`), and the king heights beside the board.
    fn view(&self) -> View {
        let cells = (0..64)
            .map(|sq| {
                CellView::new(
                    square_name(sq),
                    (sq % 8) as f32,
                    (sq / 8) as f32,
                    Shape::Square,
                )
            })
            .collect();
        let pieces = (0..64)
            .filter(|&sq| self.heights[sq] > 0)
            .map(|sq| {
                let (height, colors) = (self.heights[sq], self.colors[sq]);
                let stack: Vec<Player> = (0..height).map(|i| (colors >> i & 1) as Player).collect();
                let king = (0..2)
                    .any(|p| is_pure(p as Player, height, colors) && height == self.king_height[p]);
                PieceView {
                    cell: sq,
                    stack,
                    kind: if king { "king" } else { "stack" },
                    label: height.to_string(),
                }
            })
            .collect();
        let kings = (0..2)
            .map(|p| format!("p{}: height {}", p + 1, self.king_height[p]))
            .collect();
        View {
            cells,
            links: Vec::new(),
            pieces,
            panels: vec![Panel {
                title: "King heights".to_string(),
                lines: kings,
            }],
        }
    }

    /// A step or tumble from its square towards the neighbour it names.
    fn move_view(&self, mv: TdMove) -> MoveView {
        let (from, to): (Square, Square) = (mv.from(), neighbour(mv.from(), mv.direction()));
        let verb = if mv.is_tumble() { "tumble" } else { "move" };
        MoveView {
            from: Some(from),
            to: Some(to),
            words: format!("{verb} {} towards {}", square_name(from), square_name(to)),
        }
    }
}
