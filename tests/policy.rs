//! The policy head in the engine: its golden logits, MCTS's priors raised by them, nets whose
//! head does not fit the game refused, and alpha-beta untouched by it.

mod common;

use common::engine::{EngineProcess, Talk, start_engine};
use common::nets::{fixed_net, with_policy, write_net};
use tabula::game::inputs::ActiveInputs;
use tabula::game::{Game, GameConfig, GameVisitor, Inputs, Profiled, Rules, Turn};
use tabula::games::tumbling_down::TumblingDown;
use tabula::net::file::encode;
use tabula::net::{Evaluator, load, policy};
use tabula::search::mcts::expand::{guided_edges, move_values};

const HIDDEN: usize = 32;

/// The fixed Tumbling Down net with a fixed policy head, as a net file.
fn net_with_policy(moves: usize) -> Vec<u8> {
    let (shape, weights) = fixed_net::<TumblingDown>(HIDDEN);
    encode(&shape, &with_policy(weights, HIDDEN, moves)).unwrap()
}

/// The head's logits by the file format's definition, one unit at a time in plain integers.
fn logits_by_hand(
    bytes: &[u8],
    pos: &TumblingDown,
    moves: &[<TumblingDown as Rules>::Move],
) -> Vec<f32> {
    let (shape, weights, _) = tabula::net::file::decode(bytes).unwrap();
    let head = weights.policy.unwrap();
    let mut active = ActiveInputs::default();
    pos.active_inputs(0, &mut active);
    let hidden: Vec<i32> = (0..shape.hidden)
        .map(|u| {
            let sum: i32 = i32::from(weights.feature_bias[u])
                + active
                    .as_slice()
                    .iter()
                    .map(|&i| i32::from(weights.feature[i as usize * shape.hidden + u]))
                    .sum::<i32>();
            sum.clamp(0, shape.qa as i32)
        })
        .collect();
    moves
        .iter()
        .map(|&mv| {
            let m = TumblingDown::move_index(mv);
            let dot: i32 = (0..shape.hidden)
                .map(|u| hidden[u] * i32::from(head.weights[m * shape.hidden + u]))
                .sum();
            (dot + head.biases[m]) as f32 / (shape.qa * head.qp) as f32
        })
        .collect()
}

#[test]
fn a_policy_head_gives_its_golden_logits_and_mcts_its_priors() {
    let bytes = net_with_policy(TumblingDown::MOVE_INDEX_SPACE);
    let net = load::<TumblingDown>(&bytes).unwrap();
    assert!(net.has_policy());
    let mut pos = TumblingDown::startpos(&GameConfig::default()).unwrap();
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut logits = Vec::new();
    policy::logits(net, &pos, 0, &moves, &mut logits);
    let by_hand = logits_by_hand(&bytes, &pos, &moves);
    assert_eq!(logits.len(), by_hand.len());
    for (logit, expected) in logits.iter().zip(&by_hand) {
        assert!(
            (logit - expected).abs() < 1e-5,
            "{logit} against {expected}"
        );
    }
    let spread = logits.iter().copied().fold(f32::MIN, f32::max)
        - logits.iter().copied().fold(f32::MAX, f32::min);
    assert!(
        spread > 1.0,
        "the fixed head tells the moves apart ({spread})"
    );
    let profile = TumblingDown::PROFILE;
    let scores: Vec<f32> = move_values(&mut pos, &moves, &profile, Evaluator::Net(net))
        .iter()
        .map(|v| v.score)
        .collect();
    let edges = guided_edges(&mut pos, &mut moves, &profile, Evaluator::Net(net));
    let even = 0.1 / edges.len() as f32;
    let raised = |k: usize| scores[k] + logits[k];
    for (k, edge) in edges.iter().enumerate() {
        let ratio = ((edge.prior - even) / (edges[0].prior - even)).ln();
        let expected = raised(k) - raised(0);
        assert!(
            (ratio - expected).abs() < 1e-3,
            "{ratio} against {expected}"
        );
    }
    let (shape, weights) = fixed_net::<TumblingDown>(HIDDEN);
    let plain = load::<TumblingDown>(&encode(&shape, &weights).unwrap()).unwrap();
    policy::logits(plain, &pos, 0, &moves, &mut logits);
    assert!(logits.is_empty(), "a net without a head gives no logits");
}

#[test]
fn a_head_that_does_not_fit_the_game_s_moves_is_refused() {
    let error =
        load::<TumblingDown>(&net_with_policy(TumblingDown::MOVE_INDEX_SPACE + 1)).unwrap_err();
    assert!(error.contains("policy head has 1025 outputs"), "{error}");
}

/// What a search prints for a net file: its last score and its best move.
fn search(engine: &mut EngineProcess, net: &str, go: &str) -> (String, String) {
    engine.send(&format!("setoption name EvalFile value {net}"));
    engine.send("uginewgame");
    engine.send("position startpos moves b1a1t");
    engine.send(go);
    let lines = engine.until("bestmove");
    let info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    (
        info.split(" pv ")
            .next()
            .unwrap()
            .split(" nps ")
            .next()
            .unwrap()
            .to_string(),
        lines.last().unwrap().clone(),
    )
}

#[test]
fn the_head_guides_mcts_and_leaves_alpha_beta_alone() {
    let (shape, weights) = fixed_net::<TumblingDown>(HIDDEN);
    let plain = write_net(&encode(&shape, &weights).unwrap(), "plain");
    let headed = write_net(&net_with_policy(TumblingDown::MOVE_INDEX_SPACE), "headed");
    let mut engine = start_engine(&[]);
    engine.send("setoption name Threads value 1");
    assert_eq!(
        search(&mut engine, &plain, "go depth 4"),
        search(&mut engine, &headed, "go depth 4"),
        "alpha-beta reads no policy"
    );
    engine.send("setoption name Search value mcts");
    let without = search(&mut engine, &plain, "go nodes 2000");
    let with = search(&mut engine, &headed, "go nodes 2000");
    assert_ne!(without, with, "the head's priors steer the tree");
    assert_eq!(
        search(&mut engine, &headed, "go nodes 2000"),
        with,
        "the same search again"
    );
    engine.quit();
}

/// Along random games of every game, with two players and with the most it takes: whether
/// the legal moves of a player's decision own distinct policy outputs (`policy_indices`), each
/// inside `POLICY_SPACE`, so that no two of them share what the head says; the names of the
/// games where two did, and for each game the decisions where two moves share a move index
/// (`move_index`, which may be shared: Splinter's tie choices).
#[derive(Default)]
struct PolicyIndicesAreDistinct {
    sharing: Vec<&'static str>,
    shared_move_indices: Vec<(&'static str, usize)>,
}

impl GameVisitor for PolicyIndicesAreDistinct {
    fn visit<G: Game>(&mut self) {
        let mut rng = common::rng(17);
        let (mut moves, mut indices) = (Vec::new(), Vec::new());
        let (mut decisions, mut shared_move_indices) = (0, 0);
        for game in 0..80 {
            let (mut pos, _) = common::start_of_game::<G>(game);
            while pos.outcome().is_none() {
                if let Turn::Player(_) = pos.turn() {
                    pos.generate(&mut moves);
                    let mut owners = std::collections::HashMap::new();
                    G::policy_indices(&moves, &mut indices);
                    for (&mv, &index) in moves.iter().zip(&indices) {
                        assert!(index < G::POLICY_SPACE, "{}: {index}", G::NAME);
                        if let Some(other) = owners.insert(index, mv) {
                            let (one, two) = (pos.format_move(other), pos.format_move(mv));
                            eprintln!("{}: {one} and {two} share {index}", G::NAME);
                            self.sharing.push(G::NAME);
                            return;
                        }
                    }
                    let move_indices: std::collections::HashSet<usize> =
                        moves.iter().map(|&mv| G::move_index(mv)).collect();
                    shared_move_indices += usize::from(move_indices.len() < moves.len());
                    decisions += 1;
                }
                let mv = pos.random_move(&mut rng, &mut moves);
                pos.make(mv);
            }
        }
        assert!(decisions > 1000, "{}: {decisions} decisions", G::NAME);
        self.shared_move_indices
            .push((G::NAME, shared_move_indices));
    }
}

/// Every game's legal moves own their policy outputs, Splinter's tie choices (`k9j8=h6` and
/// `k9j8=k10`, which share a move index) included: the walk meets such ties.
#[test]
fn no_two_legal_moves_of_a_decision_share_a_policy_output() {
    let mut visitor = PolicyIndicesAreDistinct::default();
    tabula::games::visit_all(&mut visitor);
    assert!(visitor.sharing.is_empty(), "{:?}", visitor.sharing);
    let ties = visitor
        .shared_move_indices
        .iter()
        .find(|(game, _)| *game == "splinter")
        .map(|&(_, ties)| ties);
    assert!(ties.is_some_and(|ties| ties > 0), "{ties:?}");
}
