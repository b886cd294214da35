//! The 20-point board with Ludii's numbering: edges, compass neighbours and mills.

/// A point, 0..=19.
pub type Point = usize;
/// A set of points, bit `v` for point `v`.
pub type Points = u32;
/// Number of points.
pub const POINTS: usize = 20;
/// Every point.
pub const ALL_POINTS: Points = (1 << POINTS) - 1;

/// The 32 edges (rulebook 2.1).
pub const EDGES: [(Point, Point); 32] = [
    (0, 1),
    (1, 2),
    (2, 11),
    (11, 19),
    (19, 18),
    (18, 17),
    (17, 8),
    (8, 0),
    (3, 4),
    (4, 5),
    (5, 10),
    (10, 16),
    (16, 15),
    (15, 14),
    (14, 9),
    (9, 3),
    (6, 7),
    (7, 13),
    (13, 12),
    (12, 6),
    (1, 4),
    (8, 9),
    (10, 11),
    (15, 18),
    (0, 3),
    (3, 6),
    (2, 5),
    (5, 7),
    (17, 14),
    (14, 12),
    (19, 16),
    (16, 13),
];

/// No neighbour in that compass direction.
const NONE: u8 = u8::MAX;

/// Neighbours along axis-parallel edges, `[N, E, S, W]` (rulebook table 2.2).
pub const COMPASS: [[u8; 4]; POINTS] = [
    [8, 1, NONE, NONE],
    [4, 2, NONE, 0],
    [11, NONE, NONE, 1],
    [9, 4, NONE, NONE],
    [NONE, 5, 1, 3],
    [10, NONE, NONE, 4],
    [12, 7, NONE, NONE],
    [13, NONE, NONE, 6],
    [17, 9, 0, NONE],
    [14, NONE, 3, 8],
    [16, 11, 5, NONE],
    [19, NONE, 2, 10],
    [NONE, 13, 6, NONE],
    [NONE, NONE, 7, 12],
    [NONE, 15, 9, NONE],
    [18, 16, NONE, 14],
    [NONE, NONE, 10, 15],
    [NONE, 18, 8, NONE],
    [NONE, 19, 15, 17],
    [NONE, NONE, 11, 18],
];

const fn mask(points: [Point; 3]) -> Points {
    1 << points[0] | 1 << points[1] | 1 << points[2]
}

/// The 12 straight mills.
pub const STRAIGHT_MILLS: [Points; 12] = [
    mask([0, 1, 2]),
    mask([17, 18, 19]),
    mask([0, 8, 17]),
    mask([2, 11, 19]),
    mask([3, 4, 5]),
    mask([14, 15, 16]),
    mask([3, 9, 14]),
    mask([5, 10, 16]),
    mask([0, 3, 6]),
    mask([2, 5, 7]),
    mask([17, 14, 12]),
    mask([19, 16, 13]),
];

/// The 8 special mills (not lines on the board).
pub const SPECIAL_MILLS: [Points; 8] = [
    mask([1, 4, 6]),
    mask([1, 4, 7]),
    mask([7, 10, 11]),
    mask([13, 10, 11]),
    mask([18, 15, 13]),
    mask([12, 15, 18]),
    mask([8, 9, 12]),
    mask([8, 9, 6]),
];

const fn build_neighbours() -> [Points; POINTS] {
    let mut out = [0; POINTS];
    let mut i = 0;
    while i < EDGES.len() {
        let (a, b) = EDGES[i];
        out[a] |= 1 << b;
        out[b] |= 1 << a;
        i += 1;
    }
    out
}

/// Every point's neighbours along any edge.
pub const NEIGHBOURS: [Points; POINTS] = build_neighbours();

/// Up to 8 mills through one point, as masks; `count` says how many are used.
#[derive(Clone, Copy)]
pub struct MillList {
    /// How many entries of `mills` are used.
    pub count: usize,
    /// The mills.
    pub mills: [Points; 8],
}

impl MillList {
    const EMPTY: MillList = MillList {
        count: 0,
        mills: [0; 8],
    };

    /// Adds `mill` unless the list holds it already.
    const fn add(&mut self, mill: Points) {
        let mut i = 0;
        while i < self.count {
            if self.mills[i] == mill {
                return;
            }
            i += 1;
        }
        self.mills[self.count] = mill;
        self.count += 1;
    }
}

const fn mills_through<const N: usize>(all: [Points; N]) -> [MillList; POINTS] {
    let mut out = [MillList::EMPTY; POINTS];
    let mut v = 0;
    while v < POINTS {
        let mut i = 0;
        while i < N {
            if all[i] & (1 << v) != 0 {
                out[v].add(all[i]);
            }
            i += 1;
        }
        v += 1;
    }
    out
}

const fn all_mills() -> [Points; 20] {
    let mut out = [0; 20];
    let mut i = 0;
    while i < 12 {
        out[i] = STRAIGHT_MILLS[i];
        i += 1;
    }
    while i < 20 {
        out[i] = SPECIAL_MILLS[i - 12];
        i += 1;
    }
    out
}

/// Every mill (straight and special).
pub const MILLS: [Points; 20] = all_mills();
/// The straight and special mills through each point.
pub const MILLS_AT: [MillList; POINTS] = mills_through(MILLS);
/// The straight mills through each point.
const STRAIGHT_MILLS_AT: [MillList; POINTS] = mills_through(STRAIGHT_MILLS);

/// The straight mills through an axis-parallel neighbour of each point that do not hold the
/// point itself: those a step away from the point can complete (rule 7c).
pub const MILLS_BESIDE: [MillList; POINTS] = {
    let mut out = [MillList::EMPTY; POINTS];
    let mut v = 0;
    while v < POINTS {
        let mut d = 0;
        while d < 4 {
            let n = COMPASS[v][d];
            let mut i = 0;
            while n != NONE && i < STRAIGHT_MILLS_AT[n as usize].count {
                let mill = STRAIGHT_MILLS_AT[n as usize].mills[i];
                if mill & 1 << v == 0 {
                    out[v].add(mill);
                }
                i += 1;
            }
            d += 1;
        }
        v += 1;
    }
    out
};

/// Whether some mill of `list` is complete in `own`.
#[inline]
pub fn completes(list: &MillList, own: Points) -> bool {
    list.mills[..list.count]
        .iter()
        .any(|&mill| mill & !own == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_lists_match_table_2_2() {
        let expected: [&[Point]; POINTS] = [
            &[1, 3, 8],
            &[0, 2, 4],
            &[1, 5, 11],
            &[0, 4, 6, 9],
            &[1, 3, 5],
            &[2, 4, 7, 10],
            &[3, 7, 12],
            &[5, 6, 13],
            &[0, 9, 17],
            &[3, 8, 14],
            &[5, 11, 16],
            &[2, 10, 19],
            &[6, 13, 14],
            &[7, 12, 16],
            &[9, 12, 15, 17],
            &[14, 16, 18],
            &[10, 13, 15, 19],
            &[8, 14, 18],
            &[15, 17, 19],
            &[11, 16, 18],
        ];
        for (v, list) in expected.iter().enumerate() {
            let m: Points = list.iter().map(|&n| 1 << n).sum();
            assert_eq!(NEIGHBOURS[v], m, "point {v}");
        }
    }

    #[test]
    fn compass_neighbours_are_edges_and_symmetric() {
        for v in 0..POINTS {
            for (d, &n) in COMPASS[v].iter().enumerate() {
                if n != NONE {
                    assert!(NEIGHBOURS[v] & 1 << n != 0);
                    assert_eq!(COMPASS[n as usize][(d + 2) % 4] as usize, v, "{v} {d}");
                }
            }
        }
    }

    #[test]
    fn mills_beside_a_point_run_through_its_compass_neighbours() {
        for v in 0..POINTS {
            let list = &MILLS_BESIDE[v];
            let expected: Vec<Points> = STRAIGHT_MILLS
                .into_iter()
                .filter(|&mill| mill & 1 << v == 0)
                .filter(|&mill| COMPASS[v].iter().any(|&n| n != NONE && mill & 1 << n != 0))
                .collect();
            let mut got = list.mills[..list.count].to_vec();
            got.sort_unstable();
            let mut want = expected;
            want.sort_unstable();
            assert_eq!(got, want, "point {v}");
        }
    }

    #[test]
    fn mills_are_twenty_distinct_triples() {
        let mut all = MILLS.to_vec();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 20);
        assert!(MILLS.iter().all(|m| m.count_ones() == 3));
    }
}
