//! A node of the alpha-beta search as it is searched, passed by value from a node to its
//! children: for which side, with how many plies left, how far from the root, and within
//! which window.

use crate::game::Player;

/// A node as it is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The side whose value is searched for (a player, or the coalition of a paranoid
    /// search of more than two players).
    pub side: Player,
    /// The plies left.
    pub depth: u32,
    /// The distance from the root.
    pub ply: usize,
    /// The window's lower end.
    pub alpha: i32,
    /// The window's upper end.
    pub beta: i32,
}

impl Node {
    /// The node a move leads to, for the same side, a ply deeper, within (alpha, beta).
    pub fn child(self, alpha: i32, beta: i32) -> Node {
        Node {
            depth: self.depth - 1,
            ply: self.ply + 1,
            alpha,
            beta,
            ..self
        }
    }

    /// The same node within (alpha, beta).
    pub fn within(self, alpha: i32, beta: i32) -> Node {
        Node {
            alpha,
            beta,
            ..self
        }
    }

    /// The same node searched for `side`, the other side of the board: the window mirrored.
    pub fn for_other(self, side: Player) -> Node {
        Node {
            side,
            alpha: -self.beta,
            beta: -self.alpha,
            ..self
        }
    }

    /// Whether the window is open (a principal-variation node), not a zero-window probe.
    pub fn is_pv(self) -> bool {
        self.beta - self.alpha > 1
    }
}
