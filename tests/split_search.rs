//! Searches whose threads split the work return the values of one thread: at a fixed
//! depth without reductions both are exact, whoever searched which move.

mod common;

use common::{random_walk, rng, search_recorded};
use tabula::game::{Game, GameConfig, Notation, Turn};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::reference::negamax;
use tabula::search::{SearchLimits, SearchReport, Style};

/// A search of `pos` to `depth` on `threads` threads with `multipv` lines (a fresh table);
/// returns its report and its `info` lines.
fn run<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    multipv: usize,
) -> (SearchReport<G::Move>, String) {
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    search_recorded(pos, &limits, threads, multipv, Style::plain::<G>())
}

/// Positions of a game after random walks of a few lengths, where a player is to move.
fn played<G: Game>(seeds: std::ops::Range<u64>, plies: impl Fn(u64) -> usize) -> Vec<G> {
    seeds
        .filter_map(|seed| {
            let mut pos = G::startpos(&GameConfig::default()).unwrap();
            random_walk(&mut pos, plies(seed), &mut rng(seed));
            matches!(pos.turn(), Turn::Player(_)).then_some(pos)
        })
        .collect()
}

/// Two and three threads give the one-thread root value, and a best move whose line
/// starts legally.
fn check_threads<G: Game>(positions: &[G], depth: u32) {
    assert!(positions.len() >= 5, "too few positions");
    for pos in positions {
        let (single, _) = run(pos, depth, 1, 1);
        for threads in [2, 3] {
            let (split, _) = run(pos, depth, threads, 1);
            assert_eq!(
                split.score,
                single.score,
                "{threads} threads, depth {depth}: {}",
                pos.to_text()
            );
            assert_eq!(split.pv.first(), Some(&split.best));
        }
    }
}

#[test]
fn tumbling_down_two_and_three_threads_match_one_at_depth_5() {
    check_threads(&played::<TumblingDown>(0..12, |s| 6 + s as usize * 4), 5);
}

#[test]
fn splinter_two_and_three_threads_match_one_at_depth_4() {
    check_threads(&played::<Splinter>(0..10, |s| 2 + s as usize * 3), 4);
}

#[test]
fn dimraw_two_and_three_threads_match_one_at_depth_6() {
    check_threads(&played::<Dimraw>(0..10, |s| 4 + s as usize * 3), 6);
}

#[test]
fn dwnsiwn_two_and_three_threads_match_one_at_depth_4() {
    check_threads(&played::<Dwnsiwn>(0..10, |s| 2 + s as usize * 5), 4);
}

/// Two threads give the plain negamax value at depth 3.
fn check_negamax<G: Game>(positions: &[G]) {
    for pos in positions {
        let expected = negamax(&mut pos.clone(), 3);
        assert_eq!(run(pos, 3, 2, 1).0.score, expected, "{}", pos.to_text());
    }
}

#[test]
fn two_threads_give_the_plain_negamax_value_at_depth_3() {
    check_negamax(&played::<TumblingDown>(0..8, |s| 10 + s as usize * 6));
    check_negamax(&played::<Splinter>(0..8, |s| 4 + s as usize * 3));
}

#[test]
fn multipv_lines_on_two_threads_score_as_on_one() {
    for pos in played::<TumblingDown>(0..6, |s| 8 + s as usize * 5) {
        let scores = |threads| {
            let (_, text) = run(&pos, 4, threads, 3);
            let last: Vec<String> = text
                .lines()
                .filter(|l| l.starts_with("info depth 4 "))
                .map(|l| {
                    l.split(" score ")
                        .nth(1)
                        .unwrap()
                        .split(' ')
                        .take(2)
                        .collect()
                })
                .collect();
            last
        };
        let one = scores(1);
        assert_eq!(one.len(), 3, "{one:?}");
        assert_eq!(scores(2), one, "{}", pos.to_text());
    }
}
