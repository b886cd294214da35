//! Dwnsiwn against its rulebook: the four cases and invariants (its perft tables: tests/perft/dwnsiwn.txt).

mod common;

use common::perfts;

use common::{after, then};
use tabula::game::{GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::dwnsiwn::Dwnsiwn;

fn rolls(values: &str) -> String {
    values
        .split_whitespace()
        .map(|v| format!("roll:{v} "))
        .collect()
}

fn tv() -> String {
    rolls("1 1 2 2 3 4 5 6 6 6 1 2 3 3 4 4 5 5 6 6")
}

fn dn(tokens: &str) -> Dwnsiwn {
    after::<Dwnsiwn>(tokens)
}

fn field(pos: &Dwnsiwn, index: usize) -> String {
    pos.to_text().split(' ').nth(index).unwrap().to_string()
}

#[test]
fn the_start_is_twenty_chance_plies() {
    let pos = dn("");
    assert_eq!(pos.turn(), Turn::Chance);
    assert_eq!(
        pos.legal_tokens(),
        ["roll:1", "roll:2", "roll:3", "roll:4", "roll:5", "roll:6"]
    );
    assert_eq!(pos.chance_weight(pos.parse_move("roll:3").unwrap()), 1);
    assert_eq!(dn(&tv()).turn(), Turn::Player(0));
}

#[test]
fn case_1_captures_and_placements() {
    let pos = dn(&tv());
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 92);
    let mut captures: Vec<&String> = tokens.iter().filter(|t| t.starts_with('c')).collect();
    captures.sort();
    assert_eq!(
        captures,
        [
            "c2=11", "c3=12", "c4=112", "c4=13", "c4=22", "c5=113", "c5=122", "c5=14", "c5=23",
            "c6=1122", "c6=114", "c6=123", "c6=15", "c6=24"
        ]
    );
    for value in 1..=6 {
        for place in [
            "@003A", "@003B", "@012", "@021", "@030A", "@030C", "@102", "@111", "@120", "@201",
            "@210", "@300B", "@300C",
        ] {
            assert!(
                tokens.contains(&format!("1{value}{place}")),
                "1{value}{place}"
            );
        }
    }
    let ones = dn(&rolls("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"));
    assert_eq!(ones.legal_tokens().len(), 13);
    assert!(!ones.legal_tokens().iter().any(|t| t.starts_with('c')));
}

#[test]
fn case_2_capture_roll_order_and_colour_limits() {
    let captured = dn(&format!("{} c6=15", tv()));
    assert_eq!(captured.turn(), Turn::Chance);
    assert_eq!(
        field(&captured, 3),
        "2>1,1>2,1>2",
        "the captured die first, then the capturing dice"
    );
    let pos = dn(&format!("{} c6=15 roll:5 roll:1 roll:1", tv()));
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(field(&pos, 1), "11,12,12,13,14,16,16,16,25");
    assert_eq!(field(&pos, 2), "11,11,21,22,23,23,24,24,25,25,26");
    let tokens = pos.legal_tokens();
    assert_eq!(tokens.len(), 97);
    let mut captures: Vec<&String> = tokens.iter().filter(|t| t.starts_with('c')).collect();
    captures.sort();
    assert_eq!(
        captures,
        ["c3=12", "c4=13", "c6=123", "c6=15", "c6=24", "c6=33"]
    );
    perfts(&pos, &[97, 7038, 452346]);
}

#[test]
fn case_3_second_value_at_an_edge() {
    let pos = dn(&format!("{} c6=15 roll:5 roll:1 roll:1", tv()));
    let cell_300 = |token: &str| {
        field(&then(&pos, token), 0)
            .split(',')
            .nth(19)
            .unwrap()
            .to_string()
    };
    assert_eq!(
        cell_300("11@300B"),
        "1:015",
        "p1's die placed by p2: B=1, C=5"
    );
    assert_eq!(cell_300("21@300B"), "2:012", "own die: B=1, C=2");
    assert_eq!(cell_300("25@300C"), "2:015", "C=5, B=1");
}

const CASE_4: &str = "c2=11 roll:3 roll:3 roll:3 13@003A 13@012 23@021 13@030A 13@102 23@111 23@120 13@201 23@210 13@300B 23@002A 13@011 23@020A 13@101 23@110 13@200B 23@001A 13@010A 23@100B pass";

#[test]
fn case_4_a_full_game_with_pass_apex_and_dungeon() {
    let start = rolls("1 1 3 3 3 3 3 3 3 3 2 3 3 3 3 3 3 3 3 3");
    let early = dn(&format!("{start} c2=11 roll:3 roll:3 roll:3"));
    assert_eq!(early.turn(), Turn::Player(1));
    assert_eq!(early.legal_tokens().len(), 26);
    let before_pass = dn(&format!(
        "{start} {}",
        CASE_4.strip_suffix(" pass").unwrap()
    ));
    assert_eq!(before_pass.legal_tokens(), ["pass"]);
    let last = dn(&format!("{start} {CASE_4}"));
    let mut apex = last.legal_tokens();
    apex.sort();
    assert_eq!(
        apex,
        [
            "23@000AB", "23@000AC", "23@000BA", "23@000BC", "23@000CA", "23@000CB"
        ]
    );
    let won = then(&last, "23@000AB");
    assert_eq!(field(&won, 0).split(',').next().unwrap(), "2:315");
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win(0)),
        "one side each, A tied: the dungeon's placer p1 wins"
    );
    assert_eq!(won.legal_tokens().len(), 0);
    let lost = then(&last, "23@000BC");
    assert_eq!(field(&lost, 0).split(',').next().unwrap(), "2:531");
    assert_eq!(lost.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn texts_round_trip_and_reject_nonsense() {
    let cfg = GameConfig::default();
    let mid = dn(&format!("{} c6=15 roll:5", tv()));
    assert_eq!(
        Dwnsiwn::from_text(&mid.to_text(), &cfg).unwrap().to_text(),
        mid.to_text()
    );
    let start = dn("").to_text();
    for bad in [
        "",
        &start.replacen(".", "1:100", 1),
        &start.replace(" p1", " p3"),
        &start.replacen("1>1,", "", 1),
        &start.replacen("1>1", "3>1", 1),
        &start.replace(" - - ", " 17 - "),
    ] {
        assert!(Dwnsiwn::from_text(bad, &cfg).is_err(), "accepted: {bad}");
    }
}
