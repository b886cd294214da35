//! Dimraw against its rulebook: the six cases (its perft table: tests/perft/dimraw.txt) and one test per special rule.

mod common;

use common::perfts;

use common::{after, legal_count, then};
use tabula::game::{GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::dimraw::Dimraw;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn dm(tokens: &str) -> Dimraw {
    after::<Dimraw>(tokens)
}

fn legal_set(pos: &Dimraw) -> Vec<String> {
    let mut tokens = pos.legal_tokens();
    tokens.sort();
    tokens
}

fn set(tokens: &str) -> Vec<String> {
    let mut v: Vec<String> = tokens.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// The forced pass is what a playout draws too, and drawing it takes one number, as drawing
/// from a one-entry list does.
fn random_draw_is_the_pass(pos: &Dimraw) {
    let (mut ours, mut list) = (Pcg64Mcg::seed_from_u64(5), Pcg64Mcg::seed_from_u64(5));
    let drawn = pos.random_move(&mut ours, &mut Vec::new());
    assert_eq!(pos.format_move(drawn), "pass", "{}", pos.to_text());
    list.next_u32();
    assert_eq!(ours.next_u64(), list.next_u64(), "{}", pos.to_text());
}

#[test]
fn case_1_mill_while_placing_then_removal() {
    let pos = dm("@0 @5 @1 @7 @2");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(legal_set(&pos), set("x5 x7"));
    perfts(&pos, &[2, 32, 480, 6720]);
}

const CASE_2: &str = "@12 @8 @1 @16 @14 @7 @0 @18 @17 x8 @13 @15 @4 @8 x4 @5 @19 @10 x0 @11 @0 @9 x0 @0 @2 x7 @6 @7 @4";

#[test]
fn case_2_rule_7c_standing_mill() {
    let pos = dm(CASE_2);
    assert_eq!(legal_set(&pos), set("9-3"));
    perfts(&pos, &[1, 8, 16, 66]);
    let next = then(&pos, "9-3");
    assert_eq!(next.turn(), Turn::Player(0), "the same player removes");
    assert_eq!(legal_set(&next), set("x0 x4 x5 x6 x10 x13 x16 x18"));
}

#[test]
fn case_3_two_mills_give_one_removal() {
    let pos = dm("@0 @17 @2 @19 @4 @13 @6 @12 @1");
    assert_eq!(legal_set(&pos), set("x12 x13 x17 x19"));
    perfts(&pos, &[4, 48, 492, 4524]);
    let next = then(&pos, "x12");
    assert_eq!(next.turn(), Turn::Player(1));
    assert_eq!(
        legal_set(&next),
        set("@3 @5 @7 @8 @9 @10 @11 @12 @14 @15 @16 @18")
    );
}

#[test]
fn case_4_full_board_pass_pass_draw() {
    let pos = dm("@0 @2 @1 @4 @3 @6 @5 @9 @7 @11 @8 @13 @10 @14 @12 @16 @15 @17 @19 @18");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(legal_set(&pos), set("pass"));
    let one = then(&pos, "pass");
    assert_eq!(one.turn(), Turn::Player(1));
    assert_eq!(legal_set(&one), set("pass"));
    random_draw_is_the_pass(&pos);
    random_draw_is_the_pass(&one);
    let two = then(&one, "pass");
    assert_eq!(two.outcome(), Some(Outcome::Draw));
    perfts(&pos, &[1, 1, 0]);
}

#[test]
fn case_5_loss_by_reduction() {
    let pos = dm(
        "@6 @3 @17 @2 @18 @10 @9 @7 @4 @5 x17 @0 @11 x6 @17 @16 x9 @9 @19 x4 @12 @13 x12 @12 @4 x9 @9 @1 x17 @6 @14 9-8 @15 x18 8-9 @18 x9 0-8 @9",
    );
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(legal_set(&pos), set("x6 x8 x12"));
    for token in ["x6", "x8", "x12"] {
        assert_eq!(
            then(&pos, token).outcome(),
            Some(Outcome::Win(1)),
            "{token}"
        );
    }
    perfts(&pos, &[3, 0]);
}

#[test]
fn case_6_turn_limit() {
    let p = "@10 @0 @15 @14 @18 @6 @12 x6 @17 @13 x0 @16 @11 x16 @16 @7 x17 @2 @9 @17 @8 x16 @3 @1 @16 @6 x16 @0 @4 x3 @3 15-16 @19 4-5 x14 @14 16-15 x19 @16 5-4 x3 @19 6-3 @5 7-6 x19 @7 x8 18-19 @8 x12 19-18 x0 @0 x13";
    let pos = dm(p);
    assert_eq!(legal_set(&pos), set("11-19 18-19 6-12"));
    assert!(pos.to_text().ends_with(" 41"), "turn 41: {}", pos.to_text());
    let cycle = "11-19 14-12 19-11 12-14 ".repeat(615);
    let cycle = cycle.trim_end().strip_suffix(" 12-14").unwrap();
    let late = dm(&format!("{p} {cycle}"));
    assert_eq!(late.turn(), Turn::Player(1));
    assert!(late.to_text().ends_with(" 2500"), "{}", late.to_text());
    assert_eq!(legal_set(&late), set("7-13 12-13 12-14 16-13 16-19 17-14"));
    let end = then(&late, "12-14");
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    assert_eq!(legal_count(&end), 0);
}

#[test]
fn removal_with_no_enemy_piece_on_the_board_is_a_pass() {
    // p2 has only hand pieces; p1 completes {0,1,2} by placing on 2.
    let pos =
        Dimraw::from_text("xx.................. 9 20 p1 0 0 7", &GameConfig::default()).unwrap();
    let next = then(&pos, "@2");
    assert_eq!(next.turn(), Turn::Player(0));
    assert_eq!(legal_set(&next), set("pass"));
    random_draw_is_the_pass(&next);
    let after_pass = then(&next, "pass");
    assert_eq!(after_pass.turn(), Turn::Player(1));
    assert!(
        after_pass.to_text().ends_with(" 0 0 8"),
        "a removal's pass is no single-pass turn: {}",
        after_pass.to_text()
    );
}

#[test]
fn a_blocked_mover_passes_and_a_real_move_resets_the_count() {
    // p1 (hand empty) on 0, 1 and 2 is blocked by p2 on 3, 4, 5, 8 and 11; p2 still places.
    let pos = Dimraw::from_text(
        "xxxooo..o..o........ 0 10 p1 0 0 11",
        &GameConfig::default(),
    )
    .unwrap();
    assert_eq!(legal_set(&pos), set("pass"));
    let passed = then(&pos, "pass");
    assert!(
        passed.to_text().contains(" p2 0 1 12"),
        "{}",
        passed.to_text()
    );
    let answered = then(&passed, "@19");
    assert!(
        answered.to_text().contains(" p1 0 0 13"),
        "{}",
        answered.to_text()
    );
}

#[test]
fn hand_pieces_count_against_the_reduction_loss() {
    // p2 has 1 piece on the board and 2 in hand: 3 in total, so removing it leaves 2: p1 wins.
    let pos =
        Dimraw::from_text("xx......o........... 3 2 p1 0 0 9", &GameConfig::default()).unwrap();
    let removal = then(&pos, "@2");
    assert_eq!(legal_set(&removal), set("x8"));
    assert_eq!(then(&removal, "x8").outcome(), Some(Outcome::Win(0)));
    // With 3 in hand the game goes on.
    let pos =
        Dimraw::from_text("xx......o........... 3 3 p1 0 0 9", &GameConfig::default()).unwrap();
    assert_eq!(then(&then(&pos, "@2"), "x8").outcome(), None);
}

#[test]
fn special_mills_count_while_placing_but_not_for_7c() {
    // {1,4,6} is a special mill: placing on 6 completes it.
    let pos = Dimraw::from_text(
        ".x..x.......o....... 10 19 p1 0 0 5",
        &GameConfig::default(),
    )
    .unwrap();
    assert_eq!(then(&pos, "@6").turn(), Turn::Player(0));
}

#[test]
fn position_text_round_trips_and_rejects_nonsense() {
    let cfg = GameConfig::default();
    let start = dm("");
    assert_eq!(start.to_text(), ".................... 12 20 p1 0 0 1");
    for bad in [
        "",
        ".................... 12 20 p1 0 0",
        "................... 12 20 p1 0 0 1",
        ".................x.. 12 20 p1 0 0 1",
        "..................q. 11 20 p1 0 0 1",
        ".................... 13 20 p1 0 0 1",
        ".................... 12 20 p2 0 0 1",
        ".................... 12 20 p1 2 0 1",
        ".................... 12 20 p1 0 3 1",
        ".................... 12 20 p1 0 0 0",
        ".................... 12 20 p1 0 0 2502",
    ] {
        assert!(Dimraw::from_text(bad, &cfg).is_err(), "accepted: {bad}");
    }
}

#[test]
fn a_position_back_after_a_shuffle_repeats_for_the_search_though_its_turn_differs() {
    // Hands empty; p1 steps 0-1 and back, p2 13-12 and back, earning no removal.
    let start = Dimraw::from_text(
        "x.x.......o..o..ox.. 0 0 p1 0 0 101",
        &GameConfig::default(),
    )
    .unwrap();
    assert!(!start.repeats_earlier());
    let mut pos = start.clone();
    for token in ["0-1", "13-12", "1-0"] {
        pos = then(&pos, token);
        assert!(!pos.repeats_earlier(), "after {token}");
    }
    let back = then(&pos, "12-13");
    assert!(back.repeats_earlier());
    assert_eq!(back.outcome(), None, "the rules have no repetition draw");
    assert!(
        back.to_text().ends_with(" p1 0 0 105"),
        "{}",
        back.to_text()
    );
    assert_ne!(
        back.hash(),
        start.hash(),
        "the turn number stays in the hash"
    );
    let mut undone = back.clone();
    undone.unmake();
    assert!(!undone.repeats_earlier());
}
