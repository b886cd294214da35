//! Splinter against its rulebook: the six cases (its perft table: tests/perft/splinter.txt) and one test per special rule.

mod common;

use common::{after, legal_count, then};
use tabula::game::{Evaluation, GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::splinter::Splinter;

fn sp(tokens: &str) -> Splinter {
    after::<Splinter>(tokens)
}

fn pieces(pos: &Splinter, colour_upper: bool) -> usize {
    let text = pos.to_text();
    let board = text.split(' ').next().unwrap();
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == colour_upper)
        .count()
}

fn rank(pos: &Splinter, rank: usize) -> String {
    let text = pos.to_text();
    text.split(' ')
        .next()
        .unwrap()
        .split('/')
        .nth(18 - rank)
        .unwrap()
        .to_string()
}

#[test]
fn start_moves_remove_exactly_the_two_corner_rooks() {
    let pos = sp("");
    let mut removing = Vec::new();
    for token in pos.legal_tokens() {
        if pieces(&then(&pos, &token), true) + pieces(&then(&pos, &token), false) < 30 {
            removing.push(token);
        }
    }
    removing.sort();
    assert_eq!(removing, ["f7e6", "j7k6"]);
}

#[test]
fn case_1_unique_largest_group_stays() {
    let pos = sp("f7e6");
    assert_eq!(pieces(&pos, true), 14);
    assert!(
        pos.to_text().contains(" p2 - 1"),
        "record none: {}",
        pos.to_text()
    );
    assert_eq!(legal_count(&pos), 120);
}

#[test]
fn case_2_no_return_rule() {
    let pos = sp("h7h8");
    assert!(
        pos.to_text().contains(" N:h8,h9,h10,h11,h12,h13 "),
        "{}",
        pos.to_text()
    );
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 117);
    for barred in ["h9h8", "h11h10", "h13h12"] {
        assert!(!tokens.contains(&barred.to_string()), "{barred}");
    }
    assert!(tokens.contains(&"f10f9".to_string()));
}

#[test]
fn case_3_fall_off_own_edge_and_no_return() {
    let pos = sp("j7i7 j8i8 i7h7 i8h8 h7g7 h8g8 g7f7 g8f8 f7e7 f8e8");
    assert_eq!(rank(&pos, 7), "RpPpR10");
    assert_eq!(rank(&pos, 8), "pBbBp10");
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 115);
    for barred in ["b8c8", "d8e8"] {
        assert!(!tokens.contains(&barred.to_string()), "{barred}");
    }
    let next = then(&pos, "d8c8");
    assert_eq!(pieces(&next, false), 14);
    assert_eq!(rank(&next, 8), "BbB1p10");
    let black = next.legal_tokens();
    assert_eq!(black.len(), 111);
    assert!(!black.contains(&"b8c8".to_string()));
}

const CASE_4: &str =
    "h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10";

#[test]
fn case_4_tie_splinter_choices() {
    let pos = sp(CASE_4);
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 122);
    assert!(!tokens.contains(&"g10f10".to_string()));
    let mut tied: Vec<&String> = tokens.iter().filter(|t| t.contains('=')).collect();
    tied.sort();
    assert_eq!(
        tied,
        [
            "h13g14=f7",
            "h13g14=i7",
            "h13h14=f7",
            "h13h14=i7",
            "h13i14=f7",
            "h13i14=i7"
        ]
    );
    assert!(
        !tokens.contains(&"h13g14".to_string()),
        "a tie has no plain token"
    );
    let next = then(&pos, "h13g14=f7");
    assert_eq!(next.outcome(), None, "one knockout each");
    assert_eq!(pieces(&next, true) + pieces(&next, false), 12);
    assert_eq!(legal_count(&next), 48);
}

#[test]
fn case_5_double_knockout_by_piece_count() {
    let pos = sp(
        "f7e6 f12e13 j7k6 j12k13 f11e12 j8k7 h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10",
    );
    assert_eq!(then(&pos, "h13g14=g7").outcome(), Some(Outcome::Win(1)));
    assert_eq!(then(&pos, "h13g14=i7").outcome(), Some(Outcome::Win(0)));
    let even = sp(
        "f7e6 f12e13 j7k6 j12k13 h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10",
    );
    let ties: Vec<String> = even
        .legal_tokens()
        .into_iter()
        .filter(|t| t.contains('='))
        .collect();
    assert!(!ties.is_empty());
    for token in ties {
        assert_eq!(
            then(&even, &token).outcome(),
            Some(Outcome::Draw),
            "{token}"
        );
    }
}

#[test]
fn case_6_repetition() {
    let pos = sp("g12g13 f10e10 g13g12 e10f10 g12g13 f10e10 g13g12 e10f10");
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.turn(), Turn::Player(0));
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 118);
    assert!(!tokens.contains(&"g10f10".to_string()) && !tokens.contains(&"i10h10".to_string()));
    assert_eq!(then(&pos, "g12g13").outcome(), Some(Outcome::Draw));
}

#[test]
fn a_draw_by_repetition_is_written_and_reloads_as_finished() {
    let cfg = GameConfig::default();
    let drawn = sp("g12g13 f10e10 g13g12 e10f10 g12g13 f10e10 g13g12 e10f10 g12g13");
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    let text = drawn.to_text();
    assert!(text.ends_with(" 9 draw"), "{text}");
    let reloaded = Splinter::from_text(&text, &cfg).unwrap();
    assert_eq!(reloaded.outcome(), Some(Outcome::Draw));
    assert_eq!(legal_count(&reloaded), 0);
    assert_eq!(reloaded.to_text(), text);
    let running = text.trim_end_matches(" draw");
    assert_eq!(Splinter::from_text(running, &cfg).unwrap().outcome(), None);
    let decided = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/pk13/RBbp11 p1 - 0";
    for bad in [format!("{running} p1win"), format!("{decided} draw")] {
        assert!(Splinter::from_text(&bad, &cfg).is_err(), "accepted: {bad}");
    }
}

#[test]
fn four_hundred_plies_draw() {
    let text = sp("").to_text().replace(" p1 - 0", " p1 - 399");
    let pos = Splinter::from_text(&text, &GameConfig::default()).unwrap();
    assert_eq!(then(&pos, "h7h8").outcome(), Some(Outcome::Draw));
}

#[test]
fn pushing_off_your_own_last_rook_loses() {
    // White (no king: Black has one knockout) pushes west from b1 and his only rook falls off a1.
    let pos = Splinter::from_text(
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/1B13/RPpkbr9 p1 - 0",
        &GameConfig::default(),
    )
    .unwrap();
    assert_eq!(pos.outcome(), None, "one knockout is not enough");
    let next = then(&pos, "b1a1");
    assert_eq!(
        next.outcome(),
        Some(Outcome::Win(1)),
        "the mover's own second knockout loses (E2)"
    );
}

#[test]
fn a_position_text_with_two_knockouts_is_finished() {
    let pos = Splinter::from_text(
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/pk13/RBbp11 p1 - 0",
        &GameConfig::default(),
    )
    .unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(1)));
    assert_eq!(legal_count(&pos), 0);
}

#[test]
fn texts_round_trip_and_reject_nonsense() {
    let cfg = GameConfig::default();
    let start = sp("");
    assert_eq!(
        Splinter::from_text(&start.to_text(), &cfg)
            .unwrap()
            .to_text(),
        start.to_text()
    );
    let moved = sp("h7h8");
    assert_eq!(
        Splinter::from_text(&moved.to_text(), &cfg).unwrap().hash(),
        moved.hash()
    );
    for bad in [
        "",
        "15/15 p1 - 0",
        &start.to_text().replace(" p1 ", " p3 "),
        &start.to_text().replace(" - 0", " - 401"),
        &start.to_text().replace("5RpPpR5", "5RpPpR4"),
        &start.to_text().replace("5RpPpR5", "5RpPpX5"),
        &start.to_text().replace("15/15 p1", "14P/15 p1"),
        &start.to_text().replace(" - 0", " Q:h7 0"),
        &start.to_text().replace(" - 0", " N:a1 0"),
        &start.to_text().replace("5RpPpR5", "5KpPpR5"),
    ] {
        assert!(Splinter::from_text(bad, &cfg).is_err(), "accepted: {bad}");
    }
}

#[test]
fn pushes_that_knock_an_opponent_s_piece_off_or_splinter_are_noisy() {
    let board = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/1B13/RPpkbr9";
    let cfg = GameConfig::default();
    let black = Splinter::from_text(&format!("{board} p2 - 0"), &cfg).unwrap();
    let noisy = |pos: &Splinter, token| pos.is_noisy(pos.parse_move(token).unwrap());
    assert!(noisy(&black, "f1e1"), "White's rook falls off a1");
    assert!(noisy(&black, "f1g1"), "Black's rook splinters off alone");
    assert!(!noisy(&black, "d1d2"), "nothing leaves the board");
    let white = Splinter::from_text(&format!("{board} p1 - 0"), &cfg).unwrap();
    assert!(!noisy(&white, "b1a1"), "the mover's own rook falls");
}
