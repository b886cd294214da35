//! What the search must find and how its limits behave.

mod common;

use common::{after, random_walk, rng, search_recorded};
use tabula::game::{Game, GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::tumbling_down::TumblingDown;
use tabula::net::Evaluator;
use tabula::options::EngineOptions;
use tabula::registry::{Entry, Registry};
use tabula::search::reference::{max_n, paranoid};
use tabula::search::score::MATE;
use tabula::search::score::MATE_BOUND;
use tabula::search::{SearchLimits, SearchReport, Style};

fn run(
    pos: &TumblingDown,
    limits: SearchLimits,
    threads: usize,
    multipv: usize,
) -> SearchReport<<TumblingDown as Rules>::Move> {
    run_styled(pos, limits, threads, multipv, Style::default())
}

fn run_styled(
    pos: &TumblingDown,
    limits: SearchLimits,
    threads: usize,
    multipv: usize,
    style: Style,
) -> SearchReport<<TumblingDown as Rules>::Move> {
    search_recorded(pos, &limits, threads, multipv, style).0
}

/// A one-thread search to `depth` with `multipv` lines; returns its report and its output.
fn search_with_output<G: Game>(
    pos: &G,
    depth_limit: u32,
    multipv: usize,
) -> (SearchReport<G::Move>, String) {
    search_recorded(pos, &depth(depth_limit), 1, multipv, Style::default())
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..Default::default()
    }
}

/// The plain search, each refinement a game may choose alone, and all together.
fn styles() -> Vec<Style> {
    let plain = Style::default();
    let reductions = plain.with(|p| p.late_move_reductions = true);
    let null_move = plain.with(|p| p.null_move = true);
    let futility = plain.with(|p| p.futility = true);
    let all = plain.with(|p| {
        p.late_move_reductions = true;
        p.null_move = true;
        p.futility = true;
    });
    vec![plain, reductions, null_move, futility, all]
}

/// The nodes of one-thread searches of `pos` to `d` plies in style `base` and in style
/// `refined`, each checked to have reached that depth.
fn nodes_to_depth<G: Game>(pos: &G, d: u32, base: Style, refined: Style) -> (u64, u64) {
    let nodes = |style| {
        let report = search_recorded(pos, &depth(d), 1, 1, style).0;
        assert_eq!(report.depth, d);
        report.nodes
    };
    (nodes(base), nodes(refined))
}

/// A refined search of the position after `e1f2 h4g4` to 5 plies visits fewer than half
/// the plain search's nodes.
fn assert_halves_the_nodes(refined: Style) {
    let pos = after::<TumblingDown>("e1f2 h4g4");
    let (plain, fewer) = nodes_to_depth(&pos, 5, Style::default(), refined);
    assert!(
        fewer * 2 < plain,
        "{fewer} nodes {refined:?}, {plain} plain"
    );
}

#[test]
fn late_move_reductions_search_fewer_nodes_to_the_same_depth() {
    assert_halves_the_nodes(Style::default().with(|p| p.late_move_reductions = true));
}

#[test]
fn null_moves_search_fewer_nodes_to_the_same_depth() {
    assert_halves_the_nodes(Style::default().with(|p| p.null_move = true));
}

#[test]
fn futility_pruning_searches_fewer_nodes_to_the_same_depth() {
    assert_halves_the_nodes(Style::default().with(|p| p.futility = true));
}

/// Searches a Dimraw position to depth 9 in the engine's Dimraw style (with the game's own
/// evaluation, which its profile was tuned with: a net prunes other positions) with one
/// refinement switched off and then on (`with` switches it), and asserts that it saves a tenth
/// of the nodes.
fn assert_saves_dimraw_nodes(what: &str, with: fn(Style, bool) -> Style) {
    let pos = after::<Dimraw>("@0 @5 @1 @7 @2");
    let engine = Style {
        evaluator: Evaluator::Classic,
        ..EngineOptions::defaults(&Registry::standard()).style(&Entry::of::<Dimraw>())
    };
    let (plain, fewer) = nodes_to_depth(&pos, 9, with(engine, false), with(engine, true));
    assert!(
        fewer * 10 < plain * 9,
        "{fewer} nodes with {what}, {plain} without"
    );
}

#[test]
fn internal_reductions_search_fewer_nodes_to_the_same_depth() {
    assert_saves_dimraw_nodes("IIR", |style, on| {
        style.with(|p| p.internal_reductions = on)
    });
}

#[test]
fn late_move_pruning_searches_fewer_nodes_to_the_same_depth() {
    assert_saves_dimraw_nodes("late-move pruning", |style, on| {
        style.with(|p| p.late_move_pruning = on)
    });
}

#[test]
fn the_rulebook_three_ply_win_is_found() {
    let pos = after::<TumblingDown>("a2a1t d8e8");
    for style in styles() {
        for threads in [1, 2] {
            let report = run_styled(&pos, depth(4), threads, 1, style);
            let best = pos.format_move(report.best);
            assert_eq!(best, "a1b2t", "{threads} threads, {style:?}");
            assert_eq!(report.score, MATE - 1, "a win in one ply, {style:?}");
        }
    }
}

#[test]
fn the_defender_avoids_the_three_ply_loss() {
    let pos = after::<TumblingDown>("a2a1t");
    for style in styles() {
        let report = run_styled(&pos, depth(3), 1, 1, style);
        let mut next = pos.clone();
        next.make(report.best);
        let reply = run(&next, depth(1), 1, 1);
        assert!(
            reply.score < MATE - 10,
            "p2's move {} allows a win at once, {style:?}",
            pos.format_move(report.best)
        );
    }
}

#[test]
fn a_forced_win_is_played_through_to_the_end() {
    let mut pos = after::<TumblingDown>("a2a1t d8e8");
    let report = run(&pos, depth(2), 1, 1);
    pos.make(report.best);
    assert_eq!(pos.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn node_limited_search_is_deterministic_with_one_thread() {
    let pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let limits = SearchLimits {
        nodes: Some(20_000),
        ..Default::default()
    };
    let a = run(&pos, limits.clone(), 1, 1);
    let b = run(&pos, limits, 1, 1);
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert!(a.nodes >= 20_000 && a.nodes < 20_100, "{}", a.nodes);
}

#[test]
fn two_threads_play_legal_moves_on_many_positions() {
    for seed in 0..12 {
        let mut pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
        random_walk(&mut pos, 4 + seed as usize * 5, &mut rng(seed));
        if pos.outcome().is_some() {
            continue;
        }
        let report = run(&pos, depth(4), 2, 1);
        assert!(pos.parse_move(&pos.format_move(report.best)).is_ok());
        let single = run(&pos, depth(4), 1, 1);
        assert_eq!(
            report.score > MATE - 100,
            single.score > MATE - 100,
            "both see the same forced wins"
        );
    }
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let pos = after::<TumblingDown>("e1f2 h4g4");
    let (_, text) = search_with_output(&pos, 3, 3);
    let last: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(last.len(), 3, "{text}");
    let firsts: Vec<&str> = last
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    let scores: Vec<i32> = last
        .iter()
        .map(|l| {
            l.split(" score cp ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert!(
        scores[0] >= scores[1] && scores[1] >= scores[2],
        "{scores:?}"
    );
}

/// When every move loses against all opponents together, the search plays by max^n
/// instead, says so, and reports every player's value.
#[test]
fn paranoid_search_that_sees_only_losses_falls_back_to_max_n() {
    let config = GameConfig {
        players: 3,
        board: "dw7".to_string(),
    };
    let mut found = 0;
    for seed in 0..200 {
        let mut pos = Dwindle::startpos(&config).unwrap();
        random_walk(&mut pos, 4 + seed as usize % 20, &mut rng(seed));
        let Turn::Player(root) = pos.turn() else {
            continue;
        };
        if paranoid(&mut pos.clone(), 3) >= -MATE_BOUND {
            continue;
        }
        let best_max_n = max_n(&mut pos.clone(), 3)[root as usize];

        let (report, text) = search_with_output(&pos, 3, 1);
        assert!(text.contains("searching max^n"), "{text}");
        assert_eq!(report.score, best_max_n, "{}", pos.to_text());
        let scores = text
            .lines()
            .rfind(|l| l.starts_with("info string scores "))
            .expect("a scores line");
        assert_eq!(scores.split(' ').count(), 3 + 3, "{scores}");
        found += 1;
    }
    assert!(found >= 3, "only {found} lost positions");
}
