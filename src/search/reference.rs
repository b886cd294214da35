//! Plain textbook searches, the yardstick for the real ones: no pruning, no table, no ordering.

use crate::game::{Game, Player, Turn};

use super::score::terminal_value;

/// The negamax (expectimax at chance plies) value of `pos` for its player to move, searched to `depth`.
///
/// It uses the core's conventions: finished games score by [`terminal_value`], a
/// position that repeats an earlier one scores 0, and the sign changes only when
/// the player to move changes.
pub fn negamax<G: Game>(pos: &mut G, depth: u32) -> i32 {
    let Turn::Player(side) = pos.turn() else {
        panic!("the reference search needs a player to move at the root");
    };
    best_for(pos, side, depth, 0)
}

fn best_for<G: Game>(pos: &mut G, side: Player, depth: u32, ply: usize) -> i32 {
    if depth == 0 {
        return pos.evaluate(side);
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let value = value_for(pos, side, depth - 1, ply + 1);
            pos.unmake();
            value
        })
        .max()
        .expect("a running game has a legal move")
}

fn value_for<G: Game>(pos: &mut G, side: Player, depth: u32, ply: usize) -> i32 {
    match pos.turn() {
        Turn::Over => terminal_value(pos.outcome().expect("result"), side, ply),
        _ if pos.repeats_earlier() => 0,
        Turn::Player(next) if next == side => best_for(pos, side, depth, ply),
        Turn::Player(next) => -best_for(pos, next, depth, ply),
        Turn::Chance if depth == 0 => pos.evaluate(side),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            pos.generate(&mut outcomes);
            let (mut sum, mut total) = (0i64, 0i64);
            for outcome in outcomes {
                let weight = pos.chance_weight(outcome) as i64;
                pos.make(outcome);
                sum += weight * value_for(pos, side, depth - 1, ply + 1) as i64;
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
    let Turn::Player(root) = pos.turn() else {
        panic!("the reference search needs a player to move at the root");
    };
    paranoid_value(pos, root, depth, 0)
}

fn paranoid_value<G: Game>(pos: &mut G, root: Player, depth: u32, ply: usize) -> i32 {
    let turn = pos.turn();
    if turn == Turn::Over {
        return terminal_value(pos.outcome().expect("result"), root, ply);
    }
    if ply > 0 && pos.repeats_earlier() {
        return 0;
    }
    if depth == 0 {
        return pos.evaluate(root);
    }
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let children = moves.into_iter().map(|mv| {
        let weight = pos.chance_weight(mv) as i64;
        pos.make(mv);
        let value = paranoid_value(pos, root, depth - 1, ply + 1);
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
