//! Dwindle against its rulebook: the eleven cases and invariants (its perft tables: tests/perft/dwindle.txt).

mod common;

use common::perfts;

use common::then;
use tabula::game::{GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::dwindle::Dwindle;

fn start(board: &str, players: usize) -> Dwindle {
    Dwindle::startpos(&GameConfig {
        players,
        board: board.to_string(),
    })
    .unwrap()
}

fn play(mut pos: Dwindle, tokens: &str) -> Dwindle {
    for token in tokens.split_whitespace() {
        pos = then(&pos, token);
    }
    pos
}

fn sorted(pos: &Dwindle) -> String {
    let mut tokens = pos.legal_tokens();
    tokens.sort();
    tokens.join(" ")
}

fn text(t: &str) -> Dwindle {
    Dwindle::from_text(t, &GameConfig::default()).unwrap()
}

#[test]
fn case_1_and_2_rays_run_to_the_edge_and_cross_gaps() {
    let pos = start("dw7", 2);
    assert_eq!(
        sorted(&pos),
        "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7"
    );
    let next = play(pos, "g4");
    assert_eq!(next.turn(), Turn::Player(1));
    assert_eq!(sorted(&next), "a4 b4 c4 e4 f4");
}

#[test]
fn case_3_knocked_out_with_no_move() {
    let pos = play(start("dw7", 2), "g4 f4");
    assert_eq!(pos.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn case_4_knockout_on_a_dead_tile_and_the_free_chit() {
    assert_eq!(play(start("dw7", 2), "a7").outcome(), Some(Outcome::Win(0)));
    let three = play(start("dw7", 3), "a7");
    assert_eq!(three.turn(), Turn::Player(2));
    assert_eq!(three.legal_tokens().len(), 47);
    assert!(!three.legal_tokens().iter().any(|t| t == "a7" || t == "d4"));
}

#[test]
fn case_5_placement_then_out_players_are_skipped() {
    let pos = play(start("dw7", 3), "a7 c3");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(sorted(&pos), "c4 c5 c6 c7 e5 f6 g7");
    let next = play(pos, "c4");
    assert_eq!(next.turn(), Turn::Player(2));
    assert_eq!(sorted(&next), "d3 d5 e2 e6 f1 f7");
}

#[test]
fn case_6_placing_on_a_dead_tile_knocks_out_the_next_player() {
    let pos = play(start("dw7", 3), "a7 g6");
    assert_eq!(pos.outcome(), Some(Outcome::Win(2)));
}

#[test]
fn case_7_two_knockouts_in_four_players() {
    let pos = play(start("dw7", 4), "a7 a5");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(pos.legal_tokens().len(), 46);
    assert_eq!(play(pos, "g6").outcome(), Some(Outcome::Win(0)));
}

#[test]
fn case_8_the_turn_wraps_round() {
    let pos = play(start("dw7", 3), "b6 a7");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(pos.legal_tokens().len(), 46);
    assert!(
        !pos.legal_tokens()
            .iter()
            .any(|t| ["a7", "b6", "d4"].contains(&t.as_str()))
    );
}

#[test]
fn case_9_the_default_board_with_voids_and_gaps() {
    let pos = start("dw9", 2);
    assert_eq!(
        sorted(&pos),
        "a5 a9 b8 c5 c7 d4 d5 d6 e1 e2 e3 e4 e6 e7 f4 f5 f6 g5 g7 h5 h8 i5 i9"
    );
    assert_eq!(sorted(&play(pos.clone(), "f6")), "c9 d4 d8 e7 g7 h8 i9");
    assert_eq!(play(pos, "e3 i3").outcome(), Some(Outcome::Win(1)));
}

#[test]
fn case_10_a_one_by_four_board() {
    let pos = text("04440040 a1 2 11 p1");
    assert_eq!(sorted(&pos), "b1 c1 d1");
    assert_eq!(play(pos.clone(), "c1").outcome(), Some(Outcome::Win(0)));
    assert_eq!(sorted(&play(pos.clone(), "b1")), "c1 d1");
    let d1 = play(pos.clone(), "d1");
    assert_eq!(sorted(&d1), "b1 c1");
    assert_eq!(play(d1, "c1").outcome(), Some(Outcome::Win(1)));
    perfts(&pos, &[3, 4, 2, 0]);
    let three = text("04440040 a1 3 111 p1");
    let placed = play(three, "c1");
    assert_eq!(placed.turn(), Turn::Player(2));
    assert_eq!(sorted(&placed), "b1 d1");
    for token in ["b1", "d1"] {
        let mut pos = play(placed.clone(), token);
        while pos.outcome().is_none() {
            let moves = pos.legal_tokens();
            assert_eq!(moves.len(), 1);
            pos = then(&pos, &moves[0]);
        }
        assert_eq!(pos.outcome(), Some(Outcome::Draw));
    }
}

#[test]
fn case_11_the_last_tile() {
    let two = play(text("0440 a1 2 11 p1"), "b1");
    assert_eq!(two.outcome(), Some(Outcome::Draw));
    assert_eq!(Outcome::Draw.scores_text(2), "0.5 0.5");
    let three = play(text("0440 a1 3 111 p1"), "b1");
    assert_eq!(three.outcome(), Some(Outcome::Draw));
    assert_eq!(Outcome::Draw.scores_text(3), "0 0 0");
}

#[test]
fn texts_round_trip_and_reject_nonsense() {
    let pos = play(start("dw7", 4), "a7 a5");
    assert_eq!(text(&pos.to_text()).to_text(), pos.to_text());
    let cfg = GameConfig::default();
    for bad in [
        "",
        "04440040 a1 2 11",
        "04440040 e1 2 11 p1",
        "04440040 a1 7 1111111 p1",
        "04440040 a1 2 1 p1",
        "04440040 a1 2 10 p2",
        "04440040 a1 2 11 -",
        "0444004 a1 2 11 p1",
        "04440G40 a1 2 11 p1",
        "0444/00 a1 2 11 p1",
        "..440040 a1 2 11 p1",
    ] {
        assert!(Dwindle::from_text(bad, &cfg).is_err(), "accepted: {bad}");
    }
}
