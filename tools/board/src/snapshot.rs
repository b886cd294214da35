//! The state the page draws, as JSON: the position on show through the game's own view
//! (cells, links, pieces, panels), the decisions a person can click, the seats with their
//! clocks and engine reports, the moves with their evaluations, and the texts to save.

use serde_json::{Value, json};
use tabula::game::Turn;
use tabula::game::any_game::AnyGame;
use tabula::game::view::{MoveView, Shape, View};

use crate::board::{Board, Common};
use crate::setup::DiceMode;
use crate::table::Table;

/// A view as JSON.
pub fn view_json(view: &View) -> Value {
    let cells: Vec<Value> = view
        .cells
        .iter()
        .map(|c| {
            let shape = match c.shape {
                Shape::Square => "square",
                Shape::Point => "point",
                Shape::Triangle => "triangle",
            };
            json!({"name": c.name, "x": c.x, "y": c.y, "shape": shape, "marks": c.marks, "pips": c.pips})
        })
        .collect();
    let pieces: Vec<Value> = view
        .pieces
        .iter()
        .map(|p| json!({"cell": p.cell, "stack": p.stack, "kind": p.kind, "label": p.label}))
        .collect();
    let panels: Vec<Value> = view
        .panels
        .iter()
        .map(|p| json!({"title": p.title, "lines": p.lines}))
        .collect();
    json!({"cells": cells, "links": view.links, "pieces": pieces, "panels": panels})
}

fn move_json(token: &str, mv: &MoveView) -> Value {
    json!({"token": token, "from": mv.from, "to": mv.to, "words": mv.words})
}

fn turn_json(turn: Turn) -> Value {
    match turn {
        Turn::Player(p) => json!({"kind": "player", "player": p}),
        Turn::Chance => json!({"kind": "chance"}),
        Turn::Over => json!({"kind": "over"}),
    }
}

/// Where the move into ply `ply` acted, for highlighting.
fn last_move(table: &Table, ply: usize) -> Value {
    if ply == 0 {
        return Value::Null;
    }
    let Ok(before) = table.rules_at(ply - 1) else {
        return Value::Null;
    };
    move_at(before.as_ref(), &table.moves[ply - 1].token)
}

/// Each played move in words, as the game writes it.
fn played_words(table: &Table) -> Vec<String> {
    let Ok(mut rules) = table.rules_at(0) else {
        return table.moves.iter().map(|m| m.token.clone()).collect();
    };
    table
        .moves
        .iter()
        .map(|m| {
            let words = rules
                .move_views()
                .into_iter()
                .find(|(token, _)| *token == m.token)
                .map_or_else(|| m.token.clone(), |(_, view)| view.words);
            let _ = rules.play(&m.token);
            words
        })
        .collect()
}

/// Where `token` acts in the position of `rules`, as JSON (null if it is not legal there).
pub fn move_at(rules: &dyn AnyGame, token: &str) -> Value {
    rules
        .move_views()
        .iter()
        .find(|(t, _)| t == token)
        .map_or(Value::Null, |(t, mv)| move_json(t, mv))
}

/// The seats: who sits there, the clock, and the engine's state and reports.
fn seats_json(board: &Board, table: &Table) -> Vec<Value> {
    let mover = match table.rules.turn() {
        Turn::Player(p) if table.end.is_none() && !table.paused => Some(p as usize),
        _ => None,
    };
    table
        .seats
        .iter()
        .enumerate()
        .map(|(k, seat)| {
            let engine = seat
                .engine
                .map(|e| board.common.config.engines[e].name.clone());
            let thinking = table.search.as_ref().is_some_and(|s| s.seat == k);
            let running = mover == Some(k) && (seat.engine.is_none() || thinking);
            let clock = seat.clock.map(|c| {
                let left = if running {
                    c.left_ms - table.elapsed_ms()
                } else {
                    c.left_ms
                };
                json!({"left_ms": left, "inc_ms": c.inc_ms, "running": running})
            });
            json!({
                "engine": engine,
                "limit": seat.limits.describe(),
                "options": seat.options,
                "clock": clock,
                "thinking": thinking,
                "info": seat.info,
                "note": seat.note,
                "fault": seat.fault,
                "ply": seat.searched_ply,
            })
        })
        .collect()
}

/// The whole state for the page.
pub fn state_json(board: &Board, table: &Table, version: u64) -> Value {
    let ply = table.cursor;
    let live = ply == table.moves.len();
    let shown: Box<dyn AnyGame> = match table.rules_at(ply) {
        Ok(rules) => rules,
        Err(e) => return json!({"error": e}),
    };
    let turn = table.rules.turn();
    let legal = clickable_moves(table, live);
    let chance: Vec<Value> = shown
        .chance_outcomes()
        .iter()
        .map(|(t, w)| json!({"token": t, "weight": w}))
        .collect();
    let names = seat_names(board, table);
    let moves = played_json(table);
    // Every decision at the ply on show, for the page to draw engines' moves as arrows.
    let here: Vec<Value> = match shown.turn() {
        Turn::Player(_) => shown
            .move_views()
            .iter()
            .map(|(t, mv)| move_json(t, mv))
            .collect(),
        _ => Vec::new(),
    };
    let analysis = table.analysis.as_ref().map(|a| {
        json!({
            "engine": board.common.config.engines[a.engine].name,
            "ply": a.ply,
            "running": a.running,
            "lines": a.lines,
            "note": a.note,
        })
    });
    json!({
        "id": board.id,
        "version": version,
        "setup": table.setup(),
        "game": table.entry.name,
        "players": table.config.players,
        "board": table.config.board,
        "seed": table.seed,
        "dice": match table.dice { DiceMode::Server => "server", DiceMode::Manual => "manual" },
        "seats": seats_json(board, table),
        "names": names,
        "turn": turn_json(turn),
        "shown_turn": turn_json(shown.turn()),
        "ply": ply,
        "plies": table.moves.len(),
        "moves": moves,
        "view": view_json(&shown.view()),
        "legal": legal,
        "here": here,
        "chance": chance,
        "last_move": last_move(table, ply),
        "end": table.end.as_ref().map(|e| json!({"result": e.result, "reason": e.reason})),
        "paused": table.paused,
        "analysis": analysis,
        "save": {
            "fen": shown.text(),
            "moves": table.position_line(table.moves.len()),
            "record": table.record_line(&names),
        },
    })
}

/// The decisions a person may click now: every legal one while the game on show is live and
/// a person (or, with manual dice, the roll) is to decide; none otherwise.
fn clickable_moves(table: &Table, live: bool) -> Vec<Value> {
    let clickable = live
        && table.end.is_none()
        && match table.rules.turn() {
            Turn::Player(_) => table.human_to_move().is_some(),
            Turn::Chance => table.dice == DiceMode::Manual,
            Turn::Over => false,
        };
    if !clickable {
        return Vec::new();
    }
    table
        .rules
        .move_views()
        .iter()
        .map(|(t, mv)| move_json(t, mv))
        .collect()
}

/// Each seat's name: its engine's, or `person<k>`.
fn seat_names(board: &Board, table: &Table) -> Vec<String> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(k, s)| match s.engine {
            Some(e) => board.common.config.engines[e].name.clone(),
            None => format!("person{}", k + 1),
        })
        .collect()
}

/// The decisions played, each with its words, mover, time and evaluation.
fn played_json(table: &Table) -> Vec<Value> {
    let words = played_words(table);
    table
        .moves
        .iter()
        .zip(words)
        .map(|(m, words)| {
            json!({"token": m.token, "words": words, "mover": m.mover, "ms": m.ms, "eval": m.eval})
        })
        .collect()
}

/// What the page may choose from: games with their players and boards, and engines.
pub fn catalog_json(common: &Common) -> Value {
    let games: Vec<Value> = common
        .registry
        .entries()
        .iter()
        .map(|e| json!({"name": e.name, "players": [e.players.0, e.players.1], "boards": e.boards}))
        .collect();
    let engines: Vec<&str> = common
        .config
        .engines
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    json!({
        "games": games,
        "engines": engines,
        "max_multipv": crate::bounds::MAX_MULTIPV,
        "max_threads": common.config.bounds.max_threads,
    })
}
