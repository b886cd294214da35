//! Networks in the engine: files read and refused, golden evaluations of a fixed net, the
//! `Eval` and `EvalFile` options through the protocol.

mod common;

use common::engine::{EngineProcess, Talk, bestmove, is_error, start_engine};
use common::nets::{fixed_net, write_net};
use tabula::game::inputs::{ActiveInputs, FeatureChange};
use tabula::game::{Evaluation, Game, GameConfig, GameVisitor, Inputs, Notation, Rules, Turn};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::tumbling_down::TumblingDown;
use tabula::net::file::{NetShape, encode, layout_hash};
use tabula::net::line_sums::LineSums;
use tabula::net::sibling_sums::SiblingSums;
use tabula::net::{Evaluator, load};

/// The score of a search's last `info` line that has one: its kind and value (`cp 31`).
fn last_score(lines: &[String]) -> String {
    let info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    let after = info.split(" score ").nth(1).unwrap();
    after.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_fixed_net_gives_its_golden_evaluations_from_each_seat() {
    let (shape, weights) = fixed_net::<TumblingDown>(32);
    let net = load::<TumblingDown>(&encode(&shape, &weights).unwrap()).unwrap();
    let start = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let after =
        tabula::game::start_then::<TumblingDown>(&GameConfig::default(), "b1a1t h8h7t").unwrap();
    let values = [
        net.evaluate(&start, 0),
        net.evaluate(&start, 1),
        net.evaluate(&after, 0),
        net.evaluate(&after, 1),
    ];
    assert_eq!(values, [341, 359, 490, 275], "{values:?}");
    assert_eq!(Evaluator::Net(net).evaluate(&after, 1), values[3]);
}

#[test]
fn a_net_is_refused_for_another_game_other_inputs_or_broken_bytes() {
    let (shape, weights) = fixed_net::<Dimraw>(16);
    let bytes = encode(&shape, &weights).unwrap();
    assert!(load::<Dimraw>(&bytes).is_ok());
    let error = load::<TumblingDown>(&bytes).unwrap_err();
    assert!(error.contains("for dimraw, not tumbling-down"), "{error}");
    let other_layout = NetShape {
        layout: layout_hash("dimraw v0: another meaning", Dimraw::INPUTS),
        ..shape.clone()
    };
    let error = load::<Dimraw>(&encode(&other_layout, &weights).unwrap()).unwrap_err();
    assert!(error.contains("inputs"), "{error}");
    let mut torn = bytes.clone();
    torn.truncate(bytes.len() - 1);
    assert!(load::<Dimraw>(&torn).is_err());
}

#[test]
fn eval_file_loads_a_net_that_changes_the_search_and_refuses_bad_files_keeping_the_last_good_one() {
    let (shape, weights) = fixed_net::<TumblingDown>(32);
    let good = write_net(&encode(&shape, &weights).unwrap(), "td");
    let (dimraw_shape, dimraw_weights) = fixed_net::<Dimraw>(16);
    let dimraw = write_net(&encode(&dimraw_shape, &dimraw_weights).unwrap(), "dimraw");
    let junk = write_net(b"not a network at all", "junk");
    let mut engine = start_engine(&[]);
    let score = |engine: &mut EngineProcess| {
        engine.send("position startpos");
        engine.send("go depth 3");
        let lines = engine.until("bestmove");
        assert!(!bestmove(&lines).is_empty());
        last_score(&lines)
    };
    engine.send("setoption name Eval value classic");
    let classic = score(&mut engine);
    engine.send("setoption name Eval value net");
    let embedded = score(&mut engine);
    assert_ne!(embedded, classic, "the built-in net");
    engine.send(&format!("setoption name EvalFile value {good}"));
    let with_net = score(&mut engine);
    assert!(with_net != classic && with_net != embedded);
    for bad in [&dimraw, &junk, &"/no/such/file.tnet".to_string()] {
        engine.send(&format!("setoption name EvalFile value {bad}"));
        engine.send("isready");
        let lines = engine.until("readyok");
        assert!(lines.iter().any(|l| is_error(l)), "{bad}: {lines:?}");
    }
    assert_eq!(score(&mut engine), with_net, "the last good net stays");
    engine.send("setoption name Eval value classic");
    assert_eq!(score(&mut engine), classic);
    engine.send("setoption name Eval value net");
    engine.send("setoption name EvalFile value <empty>");
    assert_eq!(score(&mut engine), embedded, "back to the built-in net");
    engine.quit();
    for path in [good, dimraw, junk] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn eval_file_opens_only_regular_files_reads_the_header_first_and_keeps_the_path_as_sent() {
    let dir = std::env::temp_dir().join(format!("eval-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("a fifo.tnet");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success(), "mkfifo");
    // Sparse files: a gigabyte and a half of nothing, and a good header before as much.
    let huge_junk = dir.join("huge junk.tnet");
    std::fs::File::create(&huge_junk)
        .unwrap()
        .set_len(1_500_000_000)
        .unwrap();
    let (shape, weights) = fixed_net::<TumblingDown>(32);
    let good = encode(&shape, &weights).unwrap();
    let huge_net = dir.join("huge net.tnet");
    std::fs::write(&huge_net, &good).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&huge_net)
        .unwrap()
        .set_len(1_500_000_000)
        .unwrap();
    let mut engine = start_engine(&[]);
    let refusals = [
        (fifo.to_str().unwrap(), "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (dir.to_str().unwrap(), "not a regular file"),
        (huge_junk.to_str().unwrap(), "no TABNET header"),
        (huge_net.to_str().unwrap(), "has 1500000000 bytes"),
    ];
    for (path, why) in refusals {
        let lines = engine.exchange(&format!("setoption name EvalFile value {path}"));
        assert!(
            lines.len() == 1 && is_error(&lines[0]) && lines[0].contains(why),
            "{path}: {lines:?}"
        );
    }
    // A path with a run of spaces, a tab and a no-break space is read as it was sent.
    for name in ["two  spaces.tnet", "a\ttab.tnet", "no\u{a0}break.tnet"] {
        let path = dir.join(name);
        std::fs::write(&path, &good).unwrap();
        let sent = format!("setoption name EvalFile value {}  ", path.display());
        assert_eq!(engine.exchange(&sent), Vec::<String>::new(), "{name}");
    }
    engine.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Along random games of every game with inputs: each input is on at most once and within
/// the declared count, and the thread's kept sums give the value sums made afresh give.
struct KeptSumsAgree;

impl GameVisitor for KeptSumsAgree {
    fn visit<G: Game>(&mut self) {
        if G::INPUTS == 0 {
            return;
        }
        let (shape, weights) = fixed_net::<G>(32);
        let net = load::<G>(&encode(&shape, &weights).unwrap()).unwrap();
        each_seat_along_random_games(G::INPUTS as u64, 20, 300, |pos: &G, seat, active| {
            let mut seen = active.to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), active.len(), "{}", G::NAME);
            assert!(seen.iter().all(|&i| (i as usize) < G::INPUTS));
            let fresh = net.centipawns(net.output(active));
            assert_eq!(net.evaluate(pos, seat), fresh, "{}", pos.to_text());
        });
    }
}

/// Plays `games` random games of `G` of at most `plies` plies (random from `seed`) and hands
/// each seat's inputs at every decision to `each`, with the position.
fn each_seat_along_random_games<G: Game>(
    seed: u64,
    games: usize,
    plies: usize,
    mut each: impl FnMut(&G, u8, &[u16]),
) {
    let mut rng = common::rng(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = G::startpos(&GameConfig::default()).unwrap();
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            if let Turn::Player(_) = pos.turn() {
                for seat in 0..pos.players() as u8 {
                    let mut active = ActiveInputs::default();
                    pos.active_inputs(seat, &mut active);
                    each(&pos, seat, active.as_slice());
                }
            }
            let mv = pos.random_move(&mut rng, &mut moves);
            pos.make(mv);
        }
    }
}

#[test]
fn inputs_are_unique_and_kept_sums_equal_fresh_ones_along_random_games() {
    tabula::games::visit_all(&mut KeptSumsAgree);
}

/// Runs `tabula datagen` for Dimraw with `extra` arguments; returns the data set's bytes, or
/// the error it printed.
fn datagen_dimraw(extra: &[&str], name: &str) -> Result<Vec<u8>, String> {
    let out = std::env::temp_dir().join(format!("net-{}-{name}.data", std::process::id()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "datagen", "--game", "dimraw", "--games", "3", "--nodes", "300",
        ])
        .args(["--out", out.to_str().unwrap()])
        .args(extra)
        .output()
        .unwrap();
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).to_string());
    }
    let bytes = std::fs::read(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    Ok(bytes)
}

#[test]
fn datagen_plays_with_the_net_it_is_given_and_refuses_a_net_of_another_game() {
    let (shape, weights) = fixed_net::<Dimraw>(16);
    let net = write_net(&encode(&shape, &weights).unwrap(), "datagen-dimraw");
    let classic = datagen_dimraw(&["--eval", "classic"], "classic").unwrap();
    let with_net = datagen_dimraw(&["--eval-file", &net], "net").unwrap();
    let again = datagen_dimraw(&["--eval-file", &net], "again").unwrap();
    assert_ne!(classic, with_net);
    assert_eq!(with_net, again);
    let (td_shape, td_weights) = fixed_net::<TumblingDown>(16);
    let td = write_net(&encode(&td_shape, &td_weights).unwrap(), "datagen-td");
    let error = datagen_dimraw(&["--eval-file", &td], "refused").unwrap_err();
    assert!(error.contains("not dimraw"), "{error}");
    for path in [net, td] {
        std::fs::remove_file(path).unwrap();
    }
}

/// Dwnsiwn promises a bound on its evaluation (its chance plies are pruned by it); a net's
/// values, which know no such bound, are held within it, so Star1 stays exact with a net.
#[test]
fn a_net_is_held_within_the_bound_a_game_promises_for_its_evaluation() {
    let (shape, mut weights) = fixed_net::<Dwnsiwn>(32);
    weights.output_bias = 1_000_000;
    let net = load::<Dwnsiwn>(&encode(&shape, &weights).unwrap()).unwrap();
    let mut rng = common::rng(69);
    let (mut beyond, mut moves) = (0, Vec::new());
    let mut pos = Dwnsiwn::startpos(&GameConfig::default()).unwrap();
    while pos.outcome().is_none() {
        if let Some(bound) = pos.value_bound_within(0) {
            for seat in 0..2 {
                let value = Evaluator::Net(net).evaluate(&pos, seat);
                assert!(
                    value.abs() <= bound,
                    "{value} beyond {bound}: {}",
                    pos.to_text()
                );
                beyond += usize::from(net.evaluate(&pos, seat).abs() > bound);
            }
        }
        let mv = pos.random_move(&mut rng, &mut moves);
        pos.make(mv);
    }
    assert!(
        beyond > 20,
        "the raw net stayed within the bound ({beyond} times beyond)"
    );
}

/// MCTS reads the search's evaluator: its guided tree's values (and so its score) move with
/// `Eval`, and come back when the evaluation does.
#[test]
fn the_net_scores_the_leaves_of_mcts() {
    let mut engine = start_engine(&[]);
    engine.send("setoption name Search value mcts");
    engine.send("setoption name Playout value eval");
    let mut score = |eval: &str| {
        engine.send(&format!("setoption name Eval value {eval}"));
        engine.send("uginewgame");
        engine.send("position startpos");
        engine.send("go nodes 3000");
        last_score(&engine.until("bestmove"))
    };
    let (classic, net) = (score("classic"), score("net"));
    assert_ne!(classic, net);
    assert_eq!(score("classic"), classic, "the same search again");
    engine.quit();
}

/// A fingerprint of the inputs every seat sees along fixed random games of `G` (0 for a game
/// without inputs): what a net was trained on, which no rewrite of a game's inputs may change.
struct InputsFingerprint(Vec<(&'static str, u64)>);

impl GameVisitor for InputsFingerprint {
    fn visit<G: Game>(&mut self) {
        let mut fingerprint = 0u64;
        each_seat_along_random_games(77, 10, 200, |_: &G, seat, active| {
            let mut seen = active.to_vec();
            seen.sort_unstable();
            for input in seen {
                fingerprint = tabula::game::hashing::mix64(
                    fingerprint ^ (u64::from(seat) << 32 | u64::from(input)),
                );
            }
        });
        self.0.push((G::NAME, fingerprint));
    }
}

#[test]
fn every_game_shows_its_nets_the_inputs_they_were_trained_on() {
    let mut seen = InputsFingerprint(Vec::new());
    tabula::games::visit_all(&mut seen);
    let expected = [
        ("tumbling-down", 0x918a_6b01_cc4d_6e3e),
        ("splinter", 0x9cb0_4c47_97de_ebb1),
        ("dimraw", 0x27f2_386c_34c7_fc4e),
        ("dwindle", 0xcf39_6fb4_ba32_a2fe),
        ("dwnsiwn", 0x5e54_c542_0417_0a90),
    ];
    assert_eq!(seen.0, expected);
}

/// The features of `pos`, sorted.
fn sorted_features<G: Game>(pos: &G) -> Vec<u16> {
    let mut features = ActiveInputs::default();
    pos.features(&mut features);
    let mut sorted = features.as_slice().to_vec();
    sorted.sort_unstable();
    sorted
}

/// Along random games of every game, with two players and with the most it takes (with turns
/// handed over where the game allows it): where a game tells what a turn changed, the
/// features before it, less those it turned off, with those it turned on, are the features
/// after it; and enough turns are told to matter.
struct ToldChangesAgree;

impl GameVisitor for ToldChangesAgree {
    fn visit<G: Game>(&mut self) {
        let mut rng = common::rng(5);
        let (mut moves, mut change) = (Vec::new(), FeatureChange::default());
        let (mut turns, mut told) = (0, 0);
        for game in 0..40 {
            let (mut pos, players) = common::start_of_game::<G>(game);
            for ply in 0..300 {
                if pos.outcome().is_some() {
                    break;
                }
                let before = sorted_features(&pos);
                let handed = match pos.turn() {
                    Turn::Player(p) if ply % 7 == 3 => pos.hand_turn_to((p + 1) % players as u8),
                    _ => false,
                };
                if !handed {
                    let mv = pos.random_move(&mut rng, &mut moves);
                    pos.make(mv);
                }
                turns += 1;
                if let Some((off, on)) = pos
                    .last_change(&mut change)
                    .then(|| change.told())
                    .flatten()
                {
                    told += 1;
                    let mut expected = before.clone();
                    for feature in off {
                        let at = expected
                            .iter()
                            .position(|f| f == feature)
                            .unwrap_or_else(|| {
                                panic!("{} game {game} ply {ply}: {feature} was not on", G::NAME)
                            });
                        expected.remove(at);
                    }
                    expected.extend_from_slice(on);
                    expected.sort_unstable();
                    let after = sorted_features(&pos);
                    assert_eq!(expected, after, "{} game {game} ply {ply}", G::NAME);
                }
                if handed {
                    pos.unmake();
                }
            }
        }
        assert!(told * 10 > turns * 9, "{}: {told} of {turns} told", G::NAME);
    }
}

#[test]
fn a_told_change_turns_the_features_before_a_turn_into_those_after_it() {
    tabula::games::visit_all(&mut ToldChangesAgree);
}

/// A fixed net of `G` with 32 hidden units, and the game with two players and with the most it
/// takes; none for a game without inputs.
fn fixed_net_and_configs<G: Game>() -> Option<(&'static tabula::net::Network, [GameConfig; 2])> {
    if G::INPUTS == 0 {
        return None;
    }
    let (shape, weights) = fixed_net::<G>(32);
    let net = load::<G>(&encode(&shape, &weights).unwrap()).unwrap();
    let config = |players| GameConfig {
        players,
        ..GameConfig::default()
    };
    Some((net, [config(2), config(G::PLAYERS.1)]))
}

/// Along random walks down and up the lines of every game with a net, with two players and
/// with the most it takes (moves played and taken back, positions put in place, evaluations asked at random plies from random seats), the
/// sums kept along the line give the value that sums made afresh give.
struct LineSumsAgree;

impl GameVisitor for LineSumsAgree {
    fn visit<G: Game>(&mut self) {
        use rand::RngExt as _;
        let Some((net, configs)) = fixed_net_and_configs::<G>() else {
            return;
        };
        let mut rng = common::rng(11);
        let mut moves = Vec::new();
        for config in configs {
            let players = config.players;
            let (mut checked, mut depth) = (0, 0);
            let mut pos = G::startpos(&config).unwrap();
            let mut line = LineSums::new(net, 16, &pos);
            for _ in 0..20_000 {
                let down = depth == 0 || (depth < 60 && rng.random_bool(0.55));
                match pos.turn() {
                    Turn::Player(_) | Turn::Chance if down && pos.outcome().is_none() => {
                        let mv = pos.random_move(&mut rng, &mut moves);
                        pos.make(mv);
                        line.played(&pos);
                        depth += 1;
                    }
                    _ if depth > 0 => {
                        pos.unmake();
                        line.took_back();
                        depth -= 1;
                    }
                    _ => {}
                }
                if rng.random_bool(0.02) {
                    line.put_in_place(&pos);
                }
                if let Turn::Player(_) = pos.turn()
                    && rng.random_bool(0.6)
                {
                    let seat = rng.random_range(0..pos.players()) as u8;
                    let mut active = ActiveInputs::default();
                    pos.active_inputs(seat, &mut active);
                    let fresh = net.output(active.as_slice());
                    assert_eq!(
                        line.output(&pos, seat),
                        fresh,
                        "{}: {}",
                        G::NAME,
                        pos.to_text()
                    );
                    checked += 1;
                }
            }
            assert!(
                checked > 1000,
                "{}, {players} players: {checked} checked",
                G::NAME
            );
        }
    }
}

#[test]
fn sums_kept_along_a_searched_line_equal_sums_made_afresh() {
    tabula::games::visit_all(&mut LineSumsAgree);
}

/// Along random games of every game with a net, with two players and with the most it takes:
/// at each player's decision, a child's value made from its parent's sums by the features its
/// move changed is the value the evaluator gives the child, for the parent's mover and for
/// every other seat.
struct SiblingSumsAgree;

impl GameVisitor for SiblingSumsAgree {
    fn visit<G: Game>(&mut self) {
        use rand::RngExt as _;
        let Some((net, configs)) = fixed_net_and_configs::<G>() else {
            return;
        };
        let mut rng = common::rng(12);
        let (mut moves, mut children) = (Vec::new(), Vec::new());
        for config in configs {
            let players = config.players;
            let mut checked = 0;
            for _ in 0..200 {
                if checked > 2000 {
                    break;
                }
                let mut pos = G::startpos(&config).unwrap();
                while pos.outcome().is_none() {
                    if let Turn::Player(_) = pos.turn() {
                        let seat = rng.random_range(0..pos.players()) as u8;
                        let mut siblings = SiblingSums::new(net, &pos, seat);
                        pos.generate(&mut children);
                        for &child in &children {
                            pos.make(child);
                            let made = siblings.evaluate_child(&pos);
                            let fresh = Evaluator::Net(net).evaluate(&pos, seat);
                            assert_eq!(made, fresh, "{}: {}", G::NAME, pos.to_text());
                            pos.unmake();
                            checked += 1;
                        }
                    }
                    let mv = pos.random_move(&mut rng, &mut moves);
                    pos.make(mv);
                }
            }
            assert!(
                checked > 2000,
                "{}, {players} players: {checked} checked",
                G::NAME
            );
        }
    }
}

#[test]
fn a_child_s_sums_made_from_its_parent_s_equal_sums_made_afresh() {
    tabula::games::visit_all(&mut SiblingSumsAgree);
}
