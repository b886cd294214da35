use super::*;
use crate::game::{GameConfig, Profiled, Rules};
use crate::games::tumbling_down::TumblingDown;

type Line = RootMove<<TumblingDown as Rules>::Move>;

/// Searches `lines` to depth 2 with a fresh worker (no table), stopping after `nodes`;
/// returns the worker's node count and whether it left a found move first.
fn search_lines(pos: &TumblingDown, lines: &mut [Line], nodes: Option<u64>) -> (u64, bool) {
    let (stop, shared) = (AtomicBool::new(false), AtomicU64::new(0));
    let budget = nodes.map(|n| MainThreadLimits {
        plan: TimePlan::new(&Default::default(), 0, 0, &TumblingDown::PROFILE),
        nodes: Some(n),
    });
    let mut worker = Worker::new(pos.clone(), None, &stop, &shared, budget, Style::default());
    let found = worker.search_root(lines, 0, 2, -INFINITY, INFINITY).found;
    (worker.nodes, found)
}

fn line(mv: <TumblingDown as Rules>::Move) -> Line {
    RootMove {
        mv,
        score: -INFINITY,
        pv: vec![mv],
    }
}

#[test]
fn a_stopped_root_search_puts_first_the_move_that_beat_the_first_searched() {
    let pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let value = |mv| {
        let mut one = [line(mv)];
        search_lines(&pos, &mut one, None);
        one[0].score
    };
    let worst = *moves.iter().min_by_key(|&&mv| value(mv)).unwrap();
    let best = *moves.iter().max_by_key(|&&mv| value(mv)).unwrap();
    assert!(
        value(best) > value(worst),
        "the start needs moves of unequal value"
    );
    let mut order = vec![line(worst), line(best)];
    let (two_moves, _) = search_lines(&pos, &mut order.clone(), None);
    order.extend(
        moves
            .iter()
            .filter(|&&mv| mv != worst && mv != best)
            .map(|&mv| line(mv)),
    );

    let mut stopped_in_third = order.clone();
    let (_, found) = search_lines(&pos, &mut stopped_in_third, Some(two_moves + 2));
    assert!(found);
    assert_eq!(stopped_in_third[0].mv, best);
    assert_eq!(stopped_in_third[0].score, value(best));
    assert_eq!(stopped_in_third[1].mv, worst);

    let mut stopped_in_first = order.clone();
    let (_, found) = search_lines(&pos, &mut stopped_in_first, Some(2));
    assert!(!found, "nothing was searched to the end");
    assert_eq!(stopped_in_first[0].mv, worst);
}
