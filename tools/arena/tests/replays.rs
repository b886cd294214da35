//! Recorded games searched again: replays, decision times and the positions of lost games.

mod common;

use common::*;

#[test]
fn a_replay_searches_every_decision_of_each_distinct_game_the_same_way_twice() {
    let records = dimraw_records("replay.records");
    let distinct: std::collections::HashSet<(String, String)> = lines(&records)
        .iter()
        .map(|l| {
            let r = ugi::record::GameRecord::parse(l).unwrap();
            (r.opening, r.moves.join(" "))
        })
        .collect();
    let decisions: usize = distinct.iter().map(|(_, m)| m.split(' ').count()).sum();
    let searcher = format!("cmd={FAKE} search");
    let out = arena(&[
        "replay", &records, "--engine", &searcher, "name=x", "--engine", &searcher, "name=y",
        "--each", "depth=3",
    ]);
    let said: Vec<&str> = out.lines().collect();
    assert_eq!(said.len(), 2, "{out}");
    let first = format!("x: {decisions} searches, ");
    assert!(said[0].starts_with(&first), "{out}");
    assert!(said[0].contains(" nodes (1.0000 of the first)"), "{out}");
    let nodes = |line: &str| line.split(", ").nth(1).unwrap().to_string();
    assert_eq!(nodes(said[0]), nodes(said[1]), "{out}");
    assert!(!nodes(said[0]).starts_with("0 "), "{out}");
    let refused = Command::new(ARENA)
        .args([
            "replay",
            &records,
            "--engine",
            &searcher,
            "--each",
            "tc=1+0.01",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not tc"));
    let mixed = temp_file("replay-mixed.records");
    let mut text = lines(&records);
    text[0] = text[0].replace("variant=dimraw", "variant=splinter");
    std::fs::write(&mixed, text.join("\n")).unwrap();
    let refused = Command::new(ARENA)
        .args(["replay", &mixed, "--engine", &searcher, "--each", "depth=1"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("mix games"));
}

#[test]
fn times_give_every_recorded_decision_to_an_engine() {
    let records = dimraw_records("times.records");
    let moves: usize = lines(&records)
        .iter()
        .map(|l| ugi::record::GameRecord::parse(l).unwrap().moves.len())
        .sum();
    let out = arena(&["times", &records]);
    let said: Vec<&str> = out.lines().collect();
    assert_eq!(said.len(), 3, "{out}");
    assert!(
        said[0].starts_with("ms a decision (mean) by plies"),
        "{out}"
    );
    let decisions = |line: &str| -> usize {
        let after = line.split(" over ").nth(1).unwrap();
        after.split(' ').next().unwrap().parse().unwrap()
    };
    assert!(
        said[1].starts_with("a: ") && said[2].starts_with("b: "),
        "{out}"
    );
    assert_eq!(decisions(said[1]) + decisions(said[2]), moves, "{out}");
}

#[test]
fn lost_games_give_the_positions_where_the_loser_decided() {
    let records = temp_file("lost.records");
    // `exit 1000` plays random moves (it would misbehave only after 1,000 of them). Each pair
    // of games has its own opening, and in a pair the loser decides first in different
    // positions, so every lost game gives its own line.
    let engines = [engine("search", "s"), engine("exit 1000", "r")];
    let args = [
        "--each",
        "nodes=300",
        "--games",
        "4",
        "--openings",
        "random=4",
        "--records",
        &records,
    ];
    run("dimraw", &engines, &args);
    let lost = lines(&records)
        .iter()
        .map(|l| ugi::record::GameRecord::parse(l).unwrap())
        .filter(|r| {
            r.seats
                .iter()
                .zip(&r.scores)
                .any(|(s, &x)| s == "r" && x == 0.0)
        })
        .count();
    assert!(lost > 0, "the random player lost no game");
    let book = temp_file("lost.book");
    let out = arena(&[
        "lost", &records, "--name", "r", "--plies", "0", "--out", &book,
    ]);
    assert_eq!(out.trim(), format!("wrote {lost} openings to {book}"));
    let openings = lines(&book);
    assert_eq!(openings.len(), lost);
    assert!(
        openings.iter().all(|l| l.starts_with("startpos moves ")),
        "{openings:?}"
    );
    let none = temp_file("lost-none.book");
    arena(&[
        "lost", &records, "--name", "nobody", "--plies", "0", "--out", &none,
    ]);
    assert!(lines(&none).is_empty());
    // The book is an openings file a match plays.
    let replayed = run(
        "dimraw",
        &engines,
        &["--each", "nodes=300", "--openings", &format!("file={book}")],
    );
    assert!(replayed.contains("Finished game 2"), "{replayed}");
}
