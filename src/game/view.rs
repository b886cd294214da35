//! A picture of a position for boards that know no game (`tools/board`): cells
//! placed on a plane with the links between them, pieces on cells, panels of text beside the
//! board, and the cells each legal decision touches. Each game describes itself in its own
//! folder; a board draws any game from this alone.

use super::{Player, Rules};

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A square of one unit (grid boards).
    Square,
    /// A point where lines meet (graph boards).
    Point,
    /// A triangle of one unit pointing up (triangular grids).
    Triangle,
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// Its name as tokens and texts write it (`e4`, `7`, `012`).
    pub name: String,
    /// Its centre, in units of one cell, x to the right and y up.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// How it is drawn.
    pub shape: Shape,
    /// Words for how it looks now, for the board to style: `void`, `gone`, `barred`, ...
    pub marks: Vec<&'static str>,
    /// Rays drawn from the centre: bit `d` for compass direction `d` (N, NE, E, ... NW).
    pub pips: u8,
}

impl CellView {
    /// A cell with no marks and no pips.
    pub fn new(name: String, x: f32, y: f32, shape: Shape) -> Self {
        CellView {
            name,
            x,
            y,
            shape,
            marks: Vec::new(),
            pips: 0,
        }
    }
}

/// A piece, or a stack of pieces, on one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceView {
    /// The index of its cell in [`View::cells`].
    pub cell: usize,
    /// The owner of each piece from the bottom up (one entry for a lone piece, none for a
    /// piece nobody owns).
    pub stack: Vec<Player>,
    /// What it is, in a word the board may draw as a figure: `king`, `rook`, `die`, `chit`, ...
    pub kind: &'static str,
    /// Text written on it (a die's values), or empty.
    pub label: String,
}

/// Text shown beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    /// Its heading.
    pub title: String,
    /// Its lines.
    pub lines: Vec<String>,
}

/// A whole position as a board draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    /// Every cell, in the game's own order.
    pub cells: Vec<CellView>,
    /// Lines between cells (indices into `cells`).
    pub links: Vec<(usize, usize)>,
    /// Every piece on the board.
    pub pieces: Vec<PieceView>,
    /// Hands, stocks, queues, players still in: whatever the board alone does not show.
    pub panels: Vec<Panel>,
}

/// Where a decision acts, for clicking: the cell it starts from and the cell it goes to (a
/// placement has no start; a pass or a roll touches no cell), and the decision in words for a
/// chooser when one click pair names several decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The cell clicked first, if the decision moves something from a cell.
    pub from: Option<usize>,
    /// The cell clicked to play it, if any.
    pub to: Option<usize>,
    /// The decision in words (`tumble a2 onto a1`).
    pub words: String,
}

/// How a board that knows no game draws this one.
pub trait Picture: Rules {
    /// The position drawn for a board that knows no game.
    fn view(&self) -> View;
    /// Where a legal decision acts on that drawing, and the decision in words.
    fn move_view(&self, mv: Self::Move) -> MoveView;
}
