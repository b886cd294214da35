//! The position as a board draws it: the pyramid seen from above (each upper die over the
//! three it rests on, the dungeon hidden under the apex), the dice with the values they show
//! on sides A, B and C, and the stocks, the dice queue and the side totals beside it.

use super::moves::DnMove;
use super::position::Dwnsiwn;
use super::pyramid::{CELL_COUNT, CELLS, CellIndex, DUNGEON, SIDE_NAMES, cell_name};
use super::text::{write_queue, write_stock};
use crate::game::Picture;
use crate::game::view::{CellView, MoveView, Panel, PieceView, Shape, View};

/// Where a cell appears from above: the bottom layer is a triangle of ten cells with corners
/// `(0,0)`, `(3,0)` and `(1.5,2.6)`, and every upper cell sits at the centre of the three it
/// rests on.
fn place(cell: CellIndex) -> (f32, f32) {
    let (x, y, z) = CELLS[cell];
    let lift = (3 - x - y - z) as f32 / 3.0;
    let (y, z) = (y as f32 + lift, z as f32 + lift);
    let height = 3f32.sqrt() / 2.0;
    (y + z / 2.0, z * height)
}

/// The values a die shows, by side letter (`A5 C2`).
fn shown_text(shown: [u8; 3]) -> String {
    let faces: Vec<String> = (0..3)
        .filter(|&side| shown[side] > 0)
        .map(|side| format!("{}{}", SIDE_NAMES[side], shown[side]))
        .collect();
    faces.join(" ")
}

impl Picture for Dwnsiwn {
    /// The 20 cells (`layer-0` the apex .. `layer-3` the bottom, `dungeon` on `111`), every
    /// placed die with its colour and the values it shows, and the stocks, pending rolls and
    /// side totals as panels.
    fn view(&self) -> View {
        let s = &self.state;
        let cells = (0..CELL_COUNT)
            .map(|cell| {
                let (x, y) = place(cell);
                let mut view = CellView::new(cell_name(cell), x, y, Shape::Triangle);
                let (a, b, c) = CELLS[cell];
                view.marks
                    .push(["layer-0", "layer-1", "layer-2", "layer-3"][(a + b + c) as usize]);
                if cell == DUNGEON {
                    view.marks.push("dungeon");
                }
                view
            })
            .collect();
        let pieces = (0..CELL_COUNT)
            .filter(|&cell| s.filled >> cell & 1 == 1)
            .map(|cell| PieceView {
                cell,
                stack: vec![s.colour[cell]],
                kind: "die",
                label: if cell == DUNGEON {
                    // The dungeon's die shows nothing; its label says whose it is, short
                    // enough for the smallest die.
                    format!("p{}'s", s.dungeon_placer + 1)
                } else {
                    shown_text(s.shown[cell])
                },
            })
            .collect();
        let stocks = (0..2)
            .map(|owner| format!("p{}: {}", owner + 1, write_stock(&s.stock[owner])))
            .collect();
        let totals = (0..2)
            .map(|colour| {
                let sides: Vec<String> = (0..3)
                    .map(|side| format!("{} {}", SIDE_NAMES[side], s.scores[colour][side]))
                    .collect();
                format!("colour {}: {}", colour + 1, sides.join(", "))
            })
            .collect();
        let panel = |title: &str, lines: Vec<String>| Panel {
            title: title.to_string(),
            lines,
        };
        View {
            cells,
            links: Vec::new(),
            pieces,
            panels: vec![
                panel("Stocks (colour and value)", stocks),
                panel("Pending rolls (colour > stock)", vec![write_queue(s)]),
                panel("Side totals", totals),
            ],
        }
    }

    /// A placement acts on its cell; rolls, captures (in the stocks) and passes on none.
    fn move_view(&self, mv: DnMove) -> MoveView {
        let (to, words) = match mv {
            DnMove::Roll(v) => (None, format!("the die rolls {v}")),
            DnMove::Place {
                colour,
                value,
                cell,
                ..
            } => (
                Some(cell as usize),
                format!(
                    "place a {value} of colour {} on {} ({})",
                    colour + 1,
                    cell_name(cell as usize),
                    mv.token()
                ),
            ),
            DnMove::Capture { target, .. } => (
                None,
                format!(
                    "capture a {target} from the opponent's stock ({})",
                    mv.token()
                ),
            ),
            DnMove::Pass => (None, "pass".to_string()),
        };
        MoveView {
            from: None,
            to,
            words,
        }
    }
}
