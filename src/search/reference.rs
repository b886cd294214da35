//! Plain textbook searches, the yardstick for the real ones: no pruning, no table, no ordering.

use crate::game::{Game, Outcome, Player, Rules, Turn};
use crate::net::Evaluator;

use super::QUIESCENCE_PLIES;
use super::score::{static_value, terminal_value};

/// The negamax (expectimax at chance plies) value of `pos` for its player to move, searched to `depth`.
///
/// It uses the core's conventions: finished games score by [`terminal_value`], a
/// position that repeats an earlier one scores 0, the horizon by [`static_value`] (with the
/// game's profile's draw preference, as [`super::Style::plain`] searches) for the
/// player to move at the root, and the sign changes only when the player to move changes.
pub fn negamax<G: Game>(pos: &mut G, depth: u32) -> i32 {
    let root = root_player(pos);
    best_for(pos, root, depth, 0, Horizon::new(root))
}

/// [`negamax`] whose horizon plays on with noisy decisions (`Evaluation::is_noisy`): a position
/// there is worth the best of its static value and its noisy decisions' values, up to
/// [`QUIESCENCE_PLIES`] of them in a row (a chance ply after one scores statically).
pub fn negamax_quiescent<G: Game>(pos: &mut G, depth: u32) -> i32 {
    let root = root_player(pos);
    let horizon = Horizon {
        noisy: QUIESCENCE_PLIES,
        ..Horizon::new(root)
    };
    best_for(pos, root, depth, 0, horizon)
}

/// [`negamax_quiescent`] that counts no ply for a decision that finishes a turn
/// (`Evaluation::finishes_turn`): such a decision is searched to the depth of the one before it,
/// and none for a move after which the player to decide must answer a threat
/// (`Evaluation::must_answer_threat`).
pub fn negamax_quiescent_extended<G: Game>(pos: &mut G, depth: u32) -> i32 {
    let root = root_player(pos);
    let horizon = Horizon {
        noisy: QUIESCENCE_PLIES,
        extend: true,
        root,
    };
    best_for(pos, root, depth, 0, horizon)
}

/// The result with perfect play of a two-player game without chance, for the player to move
/// at `pos`: 1 a win, 0 a draw, -1 a loss; every line played to its end, no table, no
/// pruning (the yardstick for [`super::solve`]). The game must be running.
pub fn perfect_play<G: Rules>(pos: &mut G) -> i8 {
    let Turn::Player(side) = pos.turn() else {
        panic!("perfect_play needs a player to move");
    };
    best_child(pos, |pos| match (pos.turn(), pos.outcome()) {
        (Turn::Over, Some(Outcome::Win(winner))) if winner == side => 1,
        (Turn::Over, Some(Outcome::Win(_))) => -1,
        (Turn::Over, _) => 0,
        (Turn::Player(next), _) if next == side => perfect_play(pos),
        _ => -perfect_play(pos),
    })
}

/// The largest `value` of the positions after each of `pos`'s moves (each made, valued and
/// taken back). The game must be running.
fn best_child<G: Rules, T: Ord>(pos: &mut G, mut value: impl FnMut(&mut G) -> T) -> T {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let child = value(pos);
            pos.unmake();
            child
        })
        .max()
        .expect("a running game has a legal move")
}

/// How far the textbook search looks and how it values its horizon: the noisy plies its
/// horizon may play on with, whether a decision that finishes a turn or leaves a threat to
/// answer costs no ply, and the player the search is for (whose seat's draw preference the
/// static values take).
#[derive(Clone, Copy)]
struct Horizon {
    noisy: u32,
    extend: bool,
    root: Player,
}

impl Horizon {
    /// No noisy plies and no extension, for `root`.
    fn new(root: Player) -> Self {
        Horizon {
            noisy: 0,
            extend: false,
            root,
        }
    }
}

/// The best value for `side` (to move) of its moves to `depth`, the horizon playing on with
/// up to `horizon.noisy` noisy plies; under `horizon.extend` a move that leaves a decision
/// finishing the turn, or a threat to answer, keeps this depth for it.
fn best_for<G: Game>(pos: &mut G, side: Player, depth: u32, ply: usize, horizon: Horizon) -> i32 {
    if depth == 0 {
        return quiescent(pos, side, ply, horizon);
    }
    best_child(pos, |pos| {
        let extended = pos.finishes_turn() || pos.must_answer_threat();
        let left = depth - 1 + (horizon.extend && extended) as u32;
        value_for(pos, side, left, ply + 1, horizon)
    })
}

/// The horizon's value for `side` (to move): its static value, or better, a noisy
/// decision's value while `horizon.noisy` allows another.
fn quiescent<G: Game>(pos: &mut G, side: Player, ply: usize, horizon: Horizon) -> i32 {
    let stand = static_value(
        pos,
        Evaluator::Classic,
        side,
        horizon.root,
        G::PROFILE.draw_preference(),
    );
    let left = horizon.noisy;
    if left == 0 {
        return stand;
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves.retain(|&mv| pos.is_noisy(mv));
    moves.into_iter().fold(stand, |best, mv| {
        pos.make(mv);
        let value = match pos.turn() {
            Turn::Chance => static_value(
                pos,
                Evaluator::Classic,
                side,
                horizon.root,
                G::PROFILE.draw_preference(),
            ),
            _ => {
                let noisy = Horizon {
                    noisy: left - 1,
                    ..Horizon::new(horizon.root)
                };
                value_for(pos, side, 0, ply + 1, noisy)
            }
        };
        pos.unmake();
        best.max(value)
    })
}

fn value_for<G: Game>(pos: &mut G, side: Player, depth: u32, ply: usize, horizon: Horizon) -> i32 {
    match pos.turn() {
        Turn::Over => terminal_value(pos.outcome().expect("result"), side, pos.players(), ply),
        _ if pos.repeats_earlier() => 0,
        Turn::Player(next) if next == side => best_for(pos, side, depth, ply, horizon),
        Turn::Player(next) => -best_for(pos, next, depth, ply, horizon),
        Turn::Chance if depth == 0 => static_value(
            pos,
            Evaluator::Classic,
            side,
            horizon.root,
            G::PROFILE.draw_preference(),
        ),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            pos.generate(&mut outcomes);
            let (mut sum, mut total) = (0i64, 0i64);
            for outcome in outcomes {
                let weight = pos.chance_weight(outcome) as i64;
                pos.make(outcome);
                sum += weight * value_for(pos, side, depth - 1, ply + 1, horizon) as i64;
                pos.unmake();
                total += weight;
            }
            (sum / total.max(1)) as i32
        }
    }
}

/// The paranoid value of `pos` for its player to move: he maximizes, every other player
/// minimizes his value, chance averages; leaves are his static evaluation.
pub fn paranoid<G: Game>(pos: &mut G, depth: u32) -> i32 {
    paranoid_value(pos, root_player(pos), depth, 0)
}

fn root_player<G: Game>(pos: &G) -> Player {
    match pos.turn() {
        Turn::Player(root) => root,
        _ => panic!("the reference search needs a player to move at the root"),
    }
}

/// The root player's value where the search stops: a finished game, a repetition, or the horizon.
fn leaf_value<G: Game>(pos: &G, root: Player, depth: u32, ply: usize) -> Option<i32> {
    if pos.turn() == Turn::Over {
        Some(terminal_value(
            pos.outcome().expect("result"),
            root,
            pos.players(),
            ply,
        ))
    } else if ply > 0 && pos.repeats_earlier() {
        Some(0)
    } else if depth == 0 {
        Some(static_value(
            pos,
            Evaluator::Classic,
            root,
            root,
            G::PROFILE.draw_preference(),
        ))
    } else {
        None
    }
}

fn paranoid_value<G: Game>(pos: &mut G, root: Player, depth: u32, ply: usize) -> i32 {
    leaf_value(pos, root, depth, ply)
        .unwrap_or_else(|| paranoid_children(pos, root, depth, ply, paranoid_value))
}

/// The root player maximizes over the children's values, chance averages them, and any
/// other player minimizes them; `child` values each child.
fn paranoid_children<G: Game>(
    pos: &mut G,
    root: Player,
    depth: u32,
    ply: usize,
    child: fn(&mut G, Player, u32, usize) -> i32,
) -> i32 {
    let turn = pos.turn();
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let children = moves.into_iter().map(|mv| {
        let weight = pos.chance_weight(mv) as i64;
        pos.make(mv);
        let value = child(pos, root, depth - 1, ply + 1);
        pos.unmake();
        (weight, value)
    });
    match turn {
        Turn::Chance => {
            let (sum, total) =
                children.fold((0i64, 0i64), |(s, t), (w, v)| (s + w * v as i64, t + w));
            (sum / total.max(1)) as i32
        }
        Turn::Player(p) if p == root => children.map(|(_, v)| v).max().expect("a legal move"),
        _ => children.map(|(_, v)| v).min().expect("a legal move"),
    }
}

/// The best-reply value of `pos` for its player to move (the root player): he maximizes;
/// between two of his moves exactly one opponent moves, any opponent still in, with the
/// reply worst for him (the turn is handed around with `Rules::hand_turn_to`); chance averages.
pub fn best_reply<G: Game>(pos: &mut G, depth: u32) -> i32 {
    best_reply_value(pos, root_player(pos), depth, 0)
}

fn best_reply_value<G: Game>(pos: &mut G, root: Player, depth: u32, ply: usize) -> i32 {
    if let Some(value) = leaf_value(pos, root, depth, ply) {
        return value;
    }
    let mover = match pos.turn() {
        Turn::Player(p) if p != root => p,
        _ => return paranoid_children(pos, root, depth, ply, best_reply_value),
    };
    let mut replies = Vec::new();
    for k in 0..pos.players() as Player {
        let replier = (mover + k) % pos.players() as Player;
        let handed = replier != mover;
        if replier == root || (handed && !pos.hand_turn_to(replier)) {
            continue;
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        for mv in moves {
            pos.make(mv);
            let back = matches!(pos.turn(), Turn::Player(p) if p != root) && pos.hand_turn_to(root);
            replies.push(best_reply_value(pos, root, depth - 1, ply + 1));
            if back {
                pos.unmake();
            }
            pos.unmake();
        }
        if handed {
            pos.unmake();
        }
    }
    replies.into_iter().min().expect("the mover has a reply")
}

/// The values of every player for `pos` by max^n to `depth`: each player picks the first
/// of his moves best for himself, chance averages, leaves are static evaluations.
pub fn max_n<G: Game>(pos: &mut G, depth: u32) -> Vec<i32> {
    max_n_values(pos, depth, 0)
}

fn max_n_values<G: Game>(pos: &mut G, depth: u32, ply: usize) -> Vec<i32> {
    let players = pos.players();
    if let Some(outcome) = pos.outcome() {
        return (0..players as Player)
            .map(|p| terminal_value(outcome, p, players, ply))
            .collect();
    }
    if ply > 0 && pos.repeats_earlier() {
        return vec![0; players];
    }
    if depth == 0 {
        return (0..players as Player).map(|p| pos.evaluate(p)).collect();
    }
    let turn = pos.turn();
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let mut best: Option<Vec<i32>> = None;
    let (mut sums, mut total) = (vec![0i64; players], 0i64);
    for mv in moves {
        let weight = pos.chance_weight(mv) as i64;
        pos.make(mv);
        let values = max_n_values(pos, depth - 1, ply + 1);
        pos.unmake();
        match turn {
            Turn::Player(p) => {
                if best
                    .as_ref()
                    .is_none_or(|b| values[p as usize] > b[p as usize])
                {
                    best = Some(values);
                }
            }
            _ => {
                for (sum, v) in sums.iter_mut().zip(&values) {
                    *sum += weight * *v as i64;
                }
                total += weight;
            }
        }
    }
    best.unwrap_or_else(|| sums.iter().map(|s| (s / total.max(1)) as i32).collect())
}
