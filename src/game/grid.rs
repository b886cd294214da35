//! Square grids shared by the board games.

/// The eight compass steps (file, rank) in the order N, NE, E, SE, S, SW, W, NW.
pub const COMPASS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
